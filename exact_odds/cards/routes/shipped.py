"""Shipped counts: the catalog's card-level bets on fresh decks, priced when the package was made.

The first price of a card-level bet builds its route's plan (seconds: the whole catalog at 8 decks
took 8-18 s cold). For the bets of the built-in catalog on 1 to 8 fresh 52-card decks, punto banco's
tableau, the counts are shipped in ``shipped.json`` beside this package, made by
``python -m exact_odds.bets.make_shipped`` with this route left out (so by the other routes), and
checked against them by ``--check`` (tests/cards/test_shipped.py). A pay table is found by what it
reads (its lines' conditions, the shoe's 52 counts and the tableau), so a table of the same lines
under another name is found too, and a changed one is not.
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache
from pathlib import Path

from exact_odds.cards.route import Declined, Estimate, Route, register
from exact_odds.cards.reading import Reading
from exact_odds.rules.deal import six_card_total
from exact_odds.rules.shoe import Shoe

#: The shipped counts (a JSON object: key -> each line's six-card count, the last for none).
PATH = Path(__file__).resolve().parents[1] / "shipped.json"


def key(conditions: tuple[str, ...], shoe: Shoe, tableau) -> str | None:
    """The key of a pay table's lines on a suited finite shoe and a tableau (None for any other shoe)."""
    if shoe.is_infinite or shoe.suited is None:
        return None
    text = json.dumps({"lines": list(conditions), "shoe": list(shoe.suited),
                       "tableau": [list(tableau.player_draw), [list(r) for r in tableau.banker_draw]]},
                      separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


@lru_cache(maxsize=1)
def table() -> dict:
    """The shipped counts (empty where the file is missing or unreadable: the other routes then price)."""
    try:
        data = json.loads(PATH.read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def _counts(reading: Reading, shoe: Shoe, tableau):
    if shoe.suited is None or len(set(shoe.suited)) != 1:  # not fresh decks: never shipped (no key to make)
        return None
    found = table().get(key(reading.conditions, shoe, tableau) or "")
    if not (isinstance(found, list) and len(found) == len(reading.conditions) + 1
            and all(type(n) is int and n >= 0 for n in found) and sum(found) == six_card_total(shoe)):
        return None
    return found


class Shipped(Route):
    name = "shipped"
    summary = "counts shipped with the package for this catalog bet on fresh decks (made by the other routes)"
    builds_plan = False  # a lookup: no plan to hold to the budget

    def accepts(self, reading: Reading, shoe: Shoe) -> str | None:
        from exact_odds.rules.tableau import PUNTO_BANCO

        if shoe.is_infinite or shoe.suited is None or len(set(shoe.suited)) != 1 or not 1 <= shoe.suited[0] <= 8:
            return "counts are shipped for 1 to 8 fresh decks only"
        if _counts(reading, shoe, PUNTO_BANCO) is None:
            return "counts are shipped for the catalog's card bets only"
        return None

    def place(self, reading: Reading, shoe: Shoe) -> int:
        return -1

    def estimate(self, reading: Reading, shoe: Shoe, tableau=None) -> Estimate:
        return Estimate(rows=len(reading.conditions) + 1, memory=0, seconds=0.0)

    def price(self, reading: Reading, dist) -> tuple[list, int, None]:
        found = _counts(reading, dist.shoe, dist.tableau)
        if found is None:
            raise Declined("no shipped counts for this tableau")
        return list(found), six_card_total(dist.shoe), None


register(Shipped())
