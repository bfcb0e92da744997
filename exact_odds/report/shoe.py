"""How every report shows a shoe in JSON (the "shoe" object of every document, docs/json.md)."""

from __future__ import annotations

from typing import Any

from exact_odds.rules.cards import RANKS
from exact_odds.rules.shoe import Shoe


def shoe_json(shoe: Shoe) -> dict[str, Any]:
    """{description, infinite, cards, ranks}: counts by rank, or nulls for the infinite deck."""
    if shoe.is_infinite:
        return {"description": shoe.describe(), "infinite": True, "cards": None, "ranks": None}
    return {
        "description": shoe.describe(),
        "infinite": False,
        "cards": shoe.size,
        "ranks": dict(zip(RANKS, shoe.ranks)),
    }
