"""The value names a pay line may read, and their values for a coup or a deal (docs/bets.md).

:data:`COUP_NAMES` read the finished coup, :data:`DEAL_NAMES` the deal (two-card totals and third
cards); with the pair and card names (:mod:`exact_odds.conditions.card_names`) they make :data:`ALL_NAMES`,
the vocabulary a condition is checked against. :func:`coup_names` and :func:`deal_names` give their
values, the one definition every route and walk settles a line by.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from exact_odds.conditions.card_names import CARD_NAMES, CARD_NUMBER_NAMES, PAIR_NAMES
from exact_odds.rules.coup import Coup, Deal

if TYPE_CHECKING:
    from exact_odds.cards.routes.first_four import FirstFour

#: The names a pay-line condition can use, with their meaning.
COUP_NAMES: dict[str, str] = {
    "player": "Player's final total, 0-9",
    "banker": "Banker's final total, 0-9",
    "player_cards": "cards in the Player hand, 2 or 3",
    "banker_cards": "cards in the Banker hand, 2 or 3",
    "cards": "cards used by the coup, 4-6",
    "player_natural": "Player has a two-card 8 or 9",
    "banker_natural": "Banker has a two-card 8 or 9",
    "natural": "either hand has a natural",
    "player_wins": "Player's total is higher",
    "banker_wins": "Banker's total is higher",
    "tie": "the totals are equal",
    "winning_total": "the higher final total (the tied total on a tie)",
    "margin": "the difference between the two final totals, 0-9",
}

#: Names that need the deal itself, not only the finished coup.
DEAL_NAMES: dict[str, str] = {
    "player_initial": "Player's two-card total, 0-9",
    "banker_initial": "Banker's two-card total, 0-9",
    "player_third": "value of Player's third card, 0-9, or -1 if Player did not draw",
    "banker_third": "value of Banker's third card, 0-9, or -1 if Banker did not draw",
}

#: Names whose value is a number, not true/false: a condition must compare them.
NUMBER_NAMES = frozenset({
    "player", "banker", "player_cards", "banker_cards", "cards", "winning_total", "margin",
    "player_initial", "banker_initial", "player_third", "banker_third",
}) | CARD_NUMBER_NAMES

#: The names a condition may use outside aggregates: every name above, and ``true``/``false``.
ALL_NAMES: dict[str, str] = {
    **COUP_NAMES, **DEAL_NAMES, **PAIR_NAMES, **CARD_NAMES,
    "true": "a line that always holds", "false": "a line that never holds",
}


@lru_cache(maxsize=4096)
def coup_names(coup: Coup) -> dict[str, int | bool]:
    """The values of :data:`COUP_NAMES` for one coup (cached: every bet reads the same few hundred)."""
    p, b = coup.player, coup.banker
    return {
        "player": p,
        "banker": b,
        "player_cards": coup.player_cards,
        "banker_cards": coup.banker_cards,
        "cards": coup.player_cards + coup.banker_cards,
        "player_natural": coup.player_natural,
        "banker_natural": coup.banker_natural,
        "natural": coup.player_natural or coup.banker_natural,
        "player_wins": p > b,
        "banker_wins": b > p,
        "tie": p == b,
        "winning_total": max(p, b),
        "margin": abs(p - b),
    }


def deal_names(deal: Deal) -> dict[str, int | bool]:
    """The values of :data:`COUP_NAMES` and :data:`DEAL_NAMES` for one deal."""
    names = dict(coup_names(deal.coup))
    names["player_initial"] = deal.player_initial
    names["banker_initial"] = deal.banker_initial
    names["player_third"] = -1 if deal.player_third is None else deal.player_third
    names["banker_third"] = -1 if deal.banker_third is None else deal.banker_third
    return names


def pair_names(state: FirstFour) -> dict[str, bool]:
    """The values of :data:`PAIR_NAMES` for one :class:`~exact_odds.cards.routes.first_four.FirstFour`."""
    return state._asdict()
