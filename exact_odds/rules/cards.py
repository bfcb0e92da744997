"""Cards: ranks, suits and their baccarat values (docs/rules.md §1).

Ranks A, 2-9, 10, J, Q, K in four suits. A card's value is its face value,
with A = 1 and 10, J, Q, K = 0; a hand's total is the sum of its values
modulo 10 (:func:`exact_odds.rules.deal.hand_total`).
"""

from __future__ import annotations


class CardError(ValueError):
    """Text that does not name a card; the message says what is expected."""


RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
SUITS = ("s", "h", "d", "c")
RANK_VALUES = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
CARDS_PER_DECK = 52

_RANK_ALIASES = {r: i for i, r in enumerate(RANKS)}
_RANK_ALIASES.update({"T": 9, "1": 0, "ACE": 0, "JACK": 10, "QUEEN": 11, "KING": 12})


def parse_rank(text: str) -> int:
    """Index (0-12) of a rank written as A, 2-9, 10 (or T), J, Q, K."""
    if not isinstance(text, str):
        raise TypeError(f"a rank is named by a string such as 'A', '10' or 'K', not {text!r}")
    key = text.strip().upper()
    if key not in _RANK_ALIASES:
        raise CardError(
            f"unknown card {text.strip()!r}: use a rank A, 2-9, 10 (or T), J, Q, K"
        )
    return _RANK_ALIASES[key]


def parse_card(text: str) -> tuple[int, int | None]:
    """A card as (rank index, suit index or None): '5', 'Kd', '10h', 'Ts'."""
    if not isinstance(text, str):
        raise TypeError(f"a card is named by a string such as '5' or 'Kd', not {text!r}")
    t = text.strip()
    if len(t) >= 2 and t[-1].lower() in SUITS and t[:-1].upper() in _RANK_ALIASES:
        return parse_rank(t[:-1]), SUITS.index(t[-1].lower())
    try:
        return parse_rank(t), None
    except CardError:
        raise CardError(
            f"unknown card {t!r}: use a rank A, 2-9, 10 (or T), J, Q, K, "
            "optionally followed by a suit s, h, d or c (for example Kd)"
        ) from None
