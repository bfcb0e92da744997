"""The reference shoes of ``tables/``, shared by every family's generator."""

from __future__ import annotations

from exact_odds.rules.shoe import Shoe

#: Shoes of the reference tables: decks, or None for the infinite deck.
REFERENCE_DECKS = (1, 2, 4, 6, 8, None)


def deck_slug(d: int | None) -> str:
    """'8deck' or 'infinite': the part of a table's file name that names its shoe."""
    return "infinite" if d is None else f"{d}deck"


def reference_shoe(d: int | None) -> Shoe:
    """The shoe of ``d`` decks, or the infinite deck for None."""
    return Shoe.infinite() if d is None else Shoe.decks(d)
