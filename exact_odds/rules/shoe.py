"""The shoe: the multiset of cards a coup is dealt from.

A shoe is a count of cards per rank (A, 2-9, 10, J, Q, K), optionally per
rank and suit, or the infinite deck, where every card is drawn with
replacement and each rank has probability 1/13 (docs/rules.md §1).

The game itself only sees card *values* (A = 1, 2-9 face value, 10 and faces
0), so the engine works on :attr:`Shoe.value_counts`; bets that look at ranks
(pairs) or suits (perfect pairs) read the rank or suit counts.
"""

from __future__ import annotations

from dataclasses import field
from typing import Iterable

from exact_odds.records import frozen
from exact_odds.rules.cards import RANKS, SUITS, CardError, parse_card

#: The fewest cards that can always complete a coup (two hands of up to three).
MIN_CARDS = 6


class ShoeError(ValueError):
    """A shoe that cannot be built as asked; the message says how to fix it."""

@frozen
class Shoe:
    """A shoe composition.

    ``ranks`` holds the number of cards of each rank A..K; ``suited`` (if
    known) the number of each of the 52 rank-suit cards, rank-major
    (A♠ A♥ A♦ A♣ 2♠ ...). ``ranks`` is ``None`` for the infinite deck.
    """

    ranks: tuple[int, ...] | None
    suited: tuple[int, ...] | None = None
    label: str = field(default="", compare=False)
    #: For a suited shoe from which cards of unknown suit were removed: the 52 counts before those
    #: removals (``suited`` is then None; docs/methods/suits.md). None otherwise.
    suit_base: tuple[int, ...] | None = None

    def __init__(self, ranks: tuple[int, ...] | None, suited: tuple[int, ...] | None = None, label: str = "",
                 suit_base: tuple[int, ...] | None = None) -> None:
        object.__setattr__(self, 'ranks', ranks)
        object.__setattr__(self, 'suited', suited)
        object.__setattr__(self, 'label', label)
        object.__setattr__(self, 'suit_base', suit_base)
        self.__post_init__()

    def __post_init__(self) -> None:
        # Whoever builds a shoe, its counts are whole numbers >= 0 of the right length.
        if self.ranks is not None:
            if not isinstance(self.ranks, tuple) or len(self.ranks) != 13 or not all(
                    type(c) is int and c >= 0 for c in self.ranks):
                raise ShoeError(f"a shoe's ranks must be a tuple of 13 whole numbers >= 0 (A..K), "
                                f"not {_short(self.ranks)}")
        elif self.suited is not None:
            raise ShoeError("the infinite deck has no suit counts; give ranks=None and suited=None")
        if self.suited is not None:
            if not isinstance(self.suited, tuple) or len(self.suited) != 52 or not all(
                    type(c) is int and c >= 0 for c in self.suited):
                raise ShoeError(f"a shoe's suited counts must be a tuple of 52 whole numbers >= 0, "
                                f"not {_short(self.suited)}")
            if any(sum(self.suited[4 * r: 4 * r + 4]) != self.ranks[r] for r in range(13)):
                raise ShoeError("a shoe's suited counts must add up to its rank counts, rank by rank")
        if self.suit_base is not None:
            base = self.suit_base
            if self.suited is not None or self.ranks is None or not isinstance(base, tuple) or len(base) != 52 \
                    or not all(type(c) is int and c >= 0 for c in base) \
                    or any(sum(base[4 * r: 4 * r + 4]) < self.ranks[r] for r in range(13)):
                raise ShoeError("a shoe's suit_base must be 52 whole numbers >= 0 holding at least its rank "
                                "counts, rank by rank, and only on a shoe without suited counts")
        if not isinstance(self.label, str):
            raise ShoeError(f"a shoe's label must be a string, not {self.label!r}")

    # --- construction -------------------------------------------------
    @classmethod
    def decks(cls, d: int) -> "Shoe":
        """``d`` full 52-card decks (any integer d >= 1)."""
        if isinstance(d, bool) or not isinstance(d, int) or d < 1:
            raise ShoeError(f"deck count must be a whole number >= 1, not {d!r}")
        return cls((4 * d,) * 13, (d,) * 52, f"{d} deck" + ("s" if d != 1 else ""))

    @classmethod
    def infinite(cls) -> "Shoe":
        """The infinite deck: each card drawn with replacement, each rank 1/13."""
        return cls(None, None, "infinite deck")

    @classmethod
    def from_counts(cls, counts: Iterable[int], label: str = "") -> "Shoe":
        """A shoe from 13 rank counts (A..K) or 52 rank-suit counts (any integers: numpy's too)."""
        if isinstance(counts, (str, bytes)) or not hasattr(counts, "__iter__"):
            raise TypeError(f"counts must be a sequence of 13 or 52 whole numbers, not {counts!r}")
        counts = tuple(_whole(c) for c in counts)
        for c in counts:
            if c < 0:
                raise ShoeError(f"card counts cannot be negative (got {c})")
        if len(counts) == 13:
            shoe = cls(counts, None, label)
        elif len(counts) == 52:
            ranks = tuple(sum(counts[4 * r : 4 * r + 4]) for r in range(13))
            shoe = cls(ranks, counts, label)
        else:
            raise ShoeError(
                f"a shoe needs 13 rank counts (A,2,...,10,J,Q,K) or 52 rank-suit "
                f"counts; got {len(counts)}"
            )
        return shoe.checked()

    @classmethod
    def from_cards(cls, cards: Iterable[str], label: str = "") -> "Shoe":
        """A shoe holding exactly the listed cards ('Ah', 'Kd', ...).

        If every card names its suit the shoe knows its suits."""
        ranks = [0] * 13
        suited = [0] * 52
        all_suited = True
        for text in _card_list(cards):
            r, s = _card(text)
            ranks[r] += 1
            if s is None:
                all_suited = False
            else:
                suited[4 * r + s] += 1
        return cls(tuple(ranks), tuple(suited) if all_suited else None, label).checked()

    def checked(self) -> "Shoe":
        """This shoe, if it can always complete a coup (at least 6 cards)."""
        if not self.is_infinite and self.size < MIN_CARDS:
            raise ShoeError(
                f"a shoe needs at least {MIN_CARDS} cards to complete a coup; "
                f"this one has {self.size}"
            )
        return self

    def remove(self, cards: Iterable[str]) -> "Shoe":
        """The shoe left after taking out the listed cards ('5', 'K', 'Ah')."""
        if self.is_infinite:
            raise ShoeError("cards cannot be removed from the infinite deck (it never runs out); "
                            "remove them from a finite shoe")
        ranks = list(self.ranks)
        suited = list(self.suited) if self.suited is not None else None
        base = list(self.suit_base) if self.suit_base is not None else None
        removed = []
        for text in _card_list(cards):
            r, s = _card(text)
            if ranks[r] == 0:
                raise ShoeError(
                    f"cannot remove {text.strip()!r}: the shoe has no {RANKS[r]} left"
                )
            ranks[r] -= 1
            if base is not None and s is not None:
                # A suited removal after unsuited ones: taken from the base (docs/methods/suits.md).
                if base[4 * r + s] == 0:
                    raise ShoeError(
                        f"cannot remove {text.strip()!r}: the shoe has no {RANKS[r]}{SUITS[s]} left"
                    )
                base[4 * r + s] -= 1
            if suited is not None:
                if s is None:
                    # Unsuited removal from a suited shoe: the suits of what is left are known on
                    # average only; remember the shoe before it (the base of the suit model).
                    base = suited
                    suited = None
                elif suited[4 * r + s] == 0:
                    raise ShoeError(
                        f"cannot remove {text.strip()!r}: the shoe has no {RANKS[r]}{SUITS[s]} left"
                    )
                else:
                    suited[4 * r + s] -= 1
            removed.append(text.strip())
        label = self.label + (" less " + " ".join(removed) if removed else "")
        return Shoe(tuple(ranks), tuple(suited) if suited is not None else None, label,
                    tuple(base) if base is not None else None).checked()

    # --- views ------------------------------------------------------------
    @property
    def is_infinite(self) -> bool:
        return self.ranks is None

    @property
    def size(self) -> int:
        """Number of cards (the infinite deck has no size)."""
        if self.ranks is None:
            raise ShoeError("the infinite deck has no size")
        return sum(self.ranks)

    @property
    def value_counts(self) -> tuple[int, ...]:
        """Cards per baccarat value 0..9 (10, J, Q, K all count 0).

        For the infinite deck these are the relative weights (4, 1, ..., 1)
        out of 13 per draw."""
        r = self.ranks
        if r is None:
            return (4,) + (1,) * 9
        # Value 0 is 10, J, Q, K (RANK_VALUES); values 1-9 are ranks A-9. Spelled
        # out: the fast path reads this once per shoe and a loop costs 3 times more.
        return (r[9] + r[10] + r[11] + r[12], *r[:9])

    def describe(self) -> str:
        if self.label:
            return self.label
        if self.is_infinite:
            return "infinite deck"
        return "shoe " + ",".join(str(c) for c in self.ranks)

    def __repr__(self) -> str:
        return f"Shoe({self.describe()})"

    def _repr_html_(self) -> str:
        from html import escape

        if self.is_infinite:
            return "<b>Shoe</b>: infinite deck (each rank 1/13 per draw)"
        cells = "".join(f"<td>{n}</td>" for n in self.ranks)
        heads = "".join(f"<th>{r}</th>" for r in RANKS)
        return (f"<b>Shoe</b>: {escape(self.describe())}, {self.size} cards"
                f"<table><tr>{heads}</tr><tr>{cells}</tr></table>")



def _card(text: str) -> tuple[int, int | None]:
    """:func:`~exact_odds.rules.cards.parse_card`, its error as a :class:`ShoeError`."""
    try:
        return parse_card(text)
    except CardError as exc:
        raise ShoeError(str(exc)) from None


def split_entries(text: str) -> list[str]:
    """The entries of a list typed by a user (``--shoe``, ``--remove``): separated by commas,
    spaces or both ('5,K', '5 K', '5, K'). An empty entry between commas ('5,,5', '5,')
    is refused: it is a card or count left out, not nothing."""
    if not isinstance(text, str):
        raise TypeError(f"expected the text of a list such as '5,5,K', not {text!r}")
    parts = text.split(",")
    if len(parts) > 1 and any(not p.strip() for p in parts):
        where = "at the end" if not parts[-1].strip() else "at the start" if not parts[0].strip() else \
            "between two commas"
        raise ShoeError(f"an empty entry {where} of {text.strip()[:40]!r}; give one card or count between "
                        "each pair of commas")
    return [e for p in parts for e in p.split()]


def _card_list(cards: Iterable[str]) -> list[str]:
    """``cards`` as a list of card names, refusing a bare string ('AK' is not two cards)."""
    if isinstance(cards, (str, bytes)):
        raise TypeError(f"cards must be a list of card names such as ['5', 'Kd'], not the string {cards!r}")
    if not hasattr(cards, "__iter__"):
        raise TypeError(f"cards must be a list of card names such as ['5', 'Kd'], not {cards!r}")
    out = list(cards)
    for c in out:
        if not isinstance(c, str):
            raise TypeError(f"a card is named by a string such as '5' or 'Kd', not {c!r}")
    return out


def _whole(count: object) -> int:
    """``count`` as an int if it is an integer of any kind (int, numpy.int64: what ``operator.index``
    takes), not a bool, float or text."""
    import operator

    if not isinstance(count, bool) and type(count).__name__ not in ("bool_", "bool"):
        try:
            return operator.index(count)
        except TypeError:
            pass
    raise ShoeError(f"card counts must be whole numbers (int), not {count!r}")


def _short(x: object) -> str:
    """A value for an error message, cut to 80 characters."""
    text = repr(x)
    return text if len(text) <= 80 else text[:77] + "..."
