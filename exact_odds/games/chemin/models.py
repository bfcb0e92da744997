"""Who knows what in chemin de fer: the information models, and readable names of cells.

A banker *cell* is what he knows of his hand against what the punter
visibly did: ``(hand, seen)``, ``hand`` his total (an int) or his two card
values (an ordered pair), ``seen`` the punter's third-card value or
:data:`STOOD`. Its readable name is ``(hand_label(hand), seen_label(seen))``
such as ``('0+6', 'stood')`` or ``('3', '8')``. A punter *holding* at 5 is
the total 5 (``'5'``) or a pair of card values (``'0+5'``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional, Union

#: The punter's two-card holdings that total 5, as value pairs (model 3).
HOLDINGS_AT_5 = ((0, 5), (1, 4), (2, 3), (6, 9), (7, 8))
#: The punter's visible actions the banker sees: third card 0-9, or stood.
STOOD = None
SEEN = tuple(range(10)) + (STOOD,)

#: A hand as one party knows it: a two-card total, or two card values.
Hand = Union[int, tuple[int, int]]
#: What the banker sees the punter do: a third-card value, or None (stood).
Seen = Optional[int]
#: One banker decision cell, as the solver keys it.
Cell = tuple[Hand, Seen]


class ChemError(ValueError):
    """A chemin de fer question that cannot be answered as asked."""


@dataclass(frozen=True)
class Model:
    """Who knows what, and how the cards are dealt (Ethier's naming)."""

    name: str
    infinite: bool  #: cards dealt with replacement (models A)
    punter_sees_cards: bool  #: the punter knows his two cards, not only his total
    banker_sees_cards: bool  #: the banker knows his two cards, not only his total
    description: str


MODELS = {
    "A1": Model("A1", True, False, False,
                "infinite deck; each party knows only his own two-card total (Kemeny and Snell 1957)"),
    "B2": Model("B2", False, False, True,
                "d decks without replacement; the banker knows his two cards, the punter only his total "
                "(Downton and Lockwood 1975; Ethier and Gamez 2013)"),
    "B3": Model("B3", False, True, True,
                "d decks without replacement; each party knows his own two cards (Ethier and Gamez 2013)"),
}


def hand_label(hand: Hand) -> str:
    """'5' for a total, '0+5' for a pair of card values."""
    return str(hand) if isinstance(hand, int) else f"{hand[0]}+{hand[1]}"


def seen_label(seen: Seen) -> str:
    """'stood', or the punter's third-card value as text ('0' to '9')."""
    return "stood" if seen is None else str(seen)


def cell_label(cell: Cell) -> tuple[str, str]:
    """A banker cell's readable name: ('0+6', 'stood'), ('3', '8')."""
    return hand_label(cell[0]), seen_label(cell[1])
