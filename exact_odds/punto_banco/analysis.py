"""A full analysis of one shoe: outcome counts and every chosen bet priced.

:func:`analyse` walks the game once and prices each pay table on the result.
:class:`Analysis` turns the exact results into rows (for tables) and a JSON
document (the contract in the README); nothing here rounds until a row asks
for decimals.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.punto_banco.coup import CoupDistribution
from exact_odds.punto_banco.walk import walk
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text, sqrt_text
from exact_odds.bets.paytable import BetResult, PayTable
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

CONVENTION = (
    "Counts are six-card sequences (Wizard of Odds convention): every coup is an ordered "
    "draw of six cards, unused cards included, out of N(N-1)(N-2)(N-3)(N-4)(N-5)."
)
INFINITE_CONVENTION = "Infinite deck: cards drawn with replacement, each rank 1/13; no integer counts."


@dataclass(frozen=True)
class Analysis:
    """Outcome counts of a shoe and its bets priced exactly."""

    shoe: Shoe
    distribution: CoupDistribution
    results: tuple[BetResult, ...]

    @property
    def convention(self) -> str:
        return INFINITE_CONVENTION if self.shoe.is_infinite else CONVENTION

    @property
    def assumptions(self) -> list[str]:
        """Assumptions any priced bet rests on beyond the shoe (e.g. suits spread evenly)."""
        out: list[str] = []
        for r in self.results:
            out += [a for a in r.assumptions if a not in out]
        return out

    def outcome_rows(self, exact: bool = False):
        """Rows: outcome, six-card count, probability (and the fraction)."""
        counts = self.distribution.outcome_counts()
        total = self.distribution.total
        rows = []
        for name in ("banker", "player", "tie"):
            p = Fraction(counts[name], total)
            row = [name.capitalize(), "" if self.shoe.is_infinite else str(counts[name]), decimal_text(p, 10)]
            if exact:
                row.append(fraction_text(p))
            rows.append(row)
        rows.append(["Total", "" if self.shoe.is_infinite else str(total), decimal_text(Fraction(1), 10)] + (["1/1"] if exact else []))
        headers = ["Outcome", "Count", "Probability"] + (["Exact"] if exact else [])
        return headers, rows

    def bet_rows(self, exact: bool = False):
        """Rows: bet, pays, P(win/push/loss), EV, house edge (with and without pushes), SD."""
        headers = ["Bet", "Pays", "P(win)", "P(push)", "P(loss)", "Expected value",
                   "House edge", "Edge excl. pushes", "Std. dev."]
        if exact:
            headers += ["House edge (exact)"]
        rows = []
        for r in self.results:
            row = [
                r.bet.name, r.bet.pays_text,
                decimal_text(r.win, 8), decimal_text(r.push, 8), decimal_text(r.loss, 8),
                decimal_text(r.expected_value, 8), percent_text(r.house_edge, 6),
                percent_text(r.house_edge_excluding_pushes, 6), sqrt_text(r.variance, 6),
            ]
            if exact:
                row.append(fraction_text(r.house_edge))
            rows.append(row)
        return headers, rows

    def to_json(self) -> dict:
        """The JSON contract: shoe, outcomes (counts and probabilities), bets."""
        counts = self.distribution.outcome_counts()
        total = self.distribution.total
        inf = self.shoe.is_infinite
        outcomes = {
            name: {"count": None if inf else counts[name], "probability": fraction_text(Fraction(counts[name], total))}
            for name in ("banker", "player", "tie")
        }
        outcomes["total"] = None if inf else total
        return {
            "shoe": self.shoe.to_json(),
            "convention": self.convention,
            "outcomes": outcomes,
            "assumptions": self.assumptions,
            "bets": [bet_json(r, inf) for r in self.results],
        }


def bet_json(r: BetResult, infinite: bool = False) -> dict:
    """One bet's exact figures, fractions as 'p/q' strings (no counts for the infinite deck)."""
    return {
        "bet": r.bet.name,
        "pays": r.bet.pays_text,
        "description": r.bet.description,
        "win": fraction_text(r.win),
        "push": fraction_text(r.push),
        "loss": fraction_text(r.loss),
        "expected_value": fraction_text(r.expected_value),
        "house_edge": fraction_text(r.house_edge),
        "house_edge_percent": percent_text(r.house_edge, 10).rstrip("%"),
        "house_edge_excluding_pushes": fraction_text(r.house_edge_excluding_pushes),
        "variance": fraction_text(r.variance),
        "standard_deviation": sqrt_text(r.variance, 10),
        "assumptions": list(r.assumptions),
        "lines": [
            {"label": l.label, "pays": fraction_text(l.pays), "count": None if infinite else count_json(l.count),
             "probability": fraction_text(l.probability)}
            for l in r.lines
        ],
    }


def count_json(count):
    """A six-card count for JSON: an integer, or 'p/q' when an assumption made it fractional."""
    count = Fraction(count)
    return count.numerator if count.denominator == 1 else fraction_text(count)


def count_text(count, infinite: bool = False) -> str:
    """A six-card count for a table ('' for the infinite deck, which has none)."""
    if infinite:
        return ""
    return str(Fraction(count))  # '12' for a whole count, 'p/q' otherwise


#: The ways :func:`analyse` can walk the coups: the recursive walk or the compiled one.
METHODS = ("walk", "compiled")


def analyse(shoe: Shoe, bets: list[PayTable] | None = None, tableau: Tableau = PUNTO_BANCO, *,
            method: str = "walk") -> Analysis:
    """Walk ``shoe`` once and price ``bets`` (default: Banker, Player, Tie 8:1).

    ``method`` chooses the walk; both give the identical distribution:

    * ``"walk"``: the recursive walk (:func:`exact_odds.punto_banco.walk.walk`),
      quickest for one shoe in a cold process;
    * ``"compiled"``: the compiled walk
      (:func:`exact_odds.punto_banco.features.walk_compiled`), which costs
      about a quarter of a second to compile once per process and tableau,
      then is far quicker per shoe (for analysing many shoes)."""
    if method == "walk":
        dist = walk(shoe, tableau)
    elif method == "compiled":
        from exact_odds.punto_banco.features import walk_compiled

        dist = walk_compiled(shoe, tableau)
    else:
        raise ValueError(f"method must be one of {', '.join(repr(m) for m in METHODS)}, not {method!r}")
    if bets is None:
        bets = builtin_catalog().variant("standard")
    return Analysis(shoe, dist, tuple(b.price(dist) for b in bets))
