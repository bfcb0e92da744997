"""What ``track`` prints: a header, then one line per coup, in text, CSV or JSON lines.

``track`` streams (a line as soon as a coup is complete), so this module
gives a line formatter per format rather than one
:class:`~exact_odds.report.document.Report`.
"""

from __future__ import annotations

import json
from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from exact_odds.report.numbers import fraction_text, percent_text

if TYPE_CHECKING:
    from exact_odds.bets.paytable import PayTable
    from exact_odds.in_play.log import Card
    from exact_odds.rules.shoe import Shoe


class TrackLines:
    """The lines ``track`` prints: a header, then one line before each coup (text)."""

    def __init__(self, shoe: "Shoe", keys: Sequence[str], bets: Sequence["PayTable"]):
        self.shoe = shoe
        self.keys = tuple(keys)
        self.bets = tuple(bets)
        # whole names: cut to 12, both Dragon Bonus bets read the same
        self.widths = [max(12, len(b.name)) for b in self.bets]

    def positive(self, edges: Sequence[Fraction]) -> list[str]:
        """The keys of the bets with a positive expectation (a negative house edge)."""
        return [k for k, e in zip(self.keys, edges) if e < 0]

    def header(self) -> list[str]:
        return [f"Punto banco, {self.shoe.describe()}: exact house edge before each coup "
                "(+EV marks a positive expectation for the bettor).",
                f"{'coup':>5} {'left':>5} " + " ".join(f"{b.name:>{w}}" for b, w in zip(self.bets, self.widths))
                + "  +EV"]

    def coup(self, number: int, cards_left: int, edges: Sequence[Fraction]) -> str:
        plus = self.positive(edges)
        return (f"{number:>5} {cards_left:>5} "
                + " ".join(f"{percent_text(e, 4):>{w}}" for e, w in zip(edges, self.widths))
                + ("  +EV: " + ", ".join(plus) if plus else ""))


class TrackCsv(TrackLines):
    def header(self) -> list[str]:
        return [",".join(["coup", "cards_left"] + [f"{k}_house_edge_percent" for k in self.keys] + ["positive_ev"])]

    def coup(self, number: int, cards_left: int, edges: Sequence[Fraction]) -> str:
        return ",".join([str(number), str(cards_left)] + [percent_text(e, 10).rstrip("%") for e in edges]
                        + [" ".join(self.positive(edges))])


class TrackJsonl(TrackLines):
    def header(self) -> list[str]:
        return []

    def coup(self, number: int, cards_left: int, edges: Sequence[Fraction]) -> str:
        return json.dumps({"coup": number, "cards_left": cards_left,
                           "house_edge": {k: fraction_text(e) for k, e in zip(self.keys, edges)},
                           "positive_ev": self.positive(edges)})


#: The line formatter of ``track``, by ``--format``.
TRACK_FORMATS: dict[str, type[TrackLines]] = {"text": TrackLines, "csv": TrackCsv, "jsonl": TrackJsonl}


def track_lines(fmt: str, shoe: "Shoe", keys: Sequence[str], bets: Sequence["PayTable"]) -> TrackLines:
    """The formatter of ``track``'s lines in ``fmt`` ('text', 'csv' or 'jsonl') for a log from ``shoe``."""
    return TRACK_FORMATS[fmt](shoe, keys, bets)


def track_partial_note(number: int, cards: Sequence["Card"]) -> str:
    """The note for a log that ends in the middle of a coup."""
    return (f"note: the log ends in the middle of coup {number} "
            f"({len(cards)} of its cards seen, the last on line {cards[-1].line})")


