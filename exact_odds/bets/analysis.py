"""A full analysis of one shoe: outcome counts and every chosen bet priced.

:func:`analyse` walks the game once and prices each pay table on the result.
:class:`Analysis` holds the exact results (integers and fractions); the rows
and the JSON document of ``exact-odds edge`` are made from it in
:mod:`exact_odds.report.punto_banco`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field
from functools import partial
from typing import Any, Callable

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import BetResult, PayTable
from exact_odds.punto_banco.coup import CoupDistribution
from exact_odds.punto_banco.notebook import frame, html_table, listing, percent, short
from exact_odds.punto_banco.walk import check_walk_arguments, walk
from exact_odds.records import frozen
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

CONVENTION = (
    "Counts are six-card sequences (Wizard of Odds convention): every coup is an ordered "
    "draw of six cards, unused cards included, out of N(N-1)(N-2)(N-3)(N-4)(N-5)."
)
INFINITE_CONVENTION = "Infinite deck: cards drawn with replacement, each rank 1/13; no integer counts."


@frozen
class Analysis:
    """Outcome counts of a shoe and its bets priced exactly.

    The second argument is the shoe's :class:`CoupDistribution`, or a function of no arguments
    that makes it when it is first asked for (:func:`analyse` with ``method="compiled"`` prices
    the bets without one, :mod:`exact_odds.punto_banco.pricer`)."""

    shoe: Shoe
    _distribution: CoupDistribution | Callable[[], CoupDistribution] = field(repr=False, compare=False)
    results: tuple[BetResult, ...]

    def __init__(self, shoe: Shoe, _distribution: CoupDistribution | Callable[[], CoupDistribution],
                 results: tuple[BetResult, ...]) -> None:
        object.__setattr__(self, 'shoe', shoe)
        object.__setattr__(self, '_distribution', _distribution)
        object.__setattr__(self, 'results', results)

    @property
    def distribution(self) -> CoupDistribution:
        """Every deal of the coup and its six-card count (:class:`CoupDistribution`)."""
        d = self._distribution
        if not isinstance(d, CoupDistribution):
            d = d()
            object.__setattr__(self, "_distribution", d)
        return d

    def __repr__(self) -> str:
        bets = [f"{short(r.bet.name, 30)} {percent(r.house_edge)}" for r in self.results]
        return f"Analysis({short(self.shoe.describe(), 40)}: {listing(bets, 8) or 'no bets'})"

    def _repr_html_(self) -> str:
        rows = [(r.bet.key, r.bet.name, r.bet.pays_text, percent(r.house_edge, 6), str(r.house_edge))
                for r in self.results]
        caption = f"Punto banco, {self.shoe.describe()}: house edge of each bet"
        return self.distribution._repr_html_() + html_table(
            ("Key", "Bet", "Pays", "House edge", "Exact"), rows, caption)

    def __getitem__(self, key: str) -> BetResult:
        """The result of the bet with catalog key ``key`` (``analysis["banker"]``)."""
        for r in self.results:
            if r.bet.key == key:
                return r
        raise KeyError(f"no bet with key {key!r} in this analysis; its keys are: {', '.join(self.keys()) or '(none)'}")

    def keys(self) -> list[str]:
        """The keys of the bets priced, in order."""
        return [r.bet.key for r in self.results]

    def to_records(self) -> list[dict[str, Any]]:
        """One record per bet (:meth:`BetResult.record`): exact fractions, each with its float beside it."""
        return [r.record() for r in self.results]

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (needs pandas, an optional dependency)."""
        return frame(self.to_records())

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


#: The ways :func:`analyse` can walk the coups: the recursive walk or the compiled one.
METHODS = ("walk", "compiled")


def analyse(shoe: Shoe, bets: Iterable[PayTable | str] | None = None, tableau: Tableau = PUNTO_BANCO, *,
            method: str = "walk") -> Analysis:
    """Walk ``shoe`` once and price ``bets`` (default: Banker, Player, Tie 8:1).

    ``bets``: PayTable objects or the keys of built-in bets (``["banker", "dragon7"]``).

    ``method`` chooses the walk; both give the identical distribution:

    * ``"walk"``: the recursive walk (:func:`exact_odds.punto_banco.walk.walk`),
      quickest for one shoe in a cold process;
    * ``"compiled"``: the compiled walk
      (:func:`exact_odds.punto_banco.features.walk_compiled`), which costs
      about a quarter of a second to compile once per process and tableau,
      then is far quicker per shoe (for analysing many shoes)."""
    if not isinstance(shoe, Shoe):
        raise TypeError(f"analyse needs a Shoe (such as Shoe.decks(8)), not {type(shoe).__name__}")
    if bets is not None:
        from exact_odds.bets.selection import paytables

        bets = paytables(bets)
    if method not in METHODS:
        raise ValueError(f"method must be one of {', '.join(repr(m) for m in METHODS)}, not {method!r}")
    if bets is None:
        bets = builtin_catalog().variant("standard")
    bets = tuple(bets)
    if method == "walk":
        dist = walk(shoe, tableau)
        return Analysis(shoe, dist, tuple(b.price(dist) for b in bets))
    from exact_odds.punto_banco.features import walk_compiled

    if all(b.is_value_level for b in bets):
        # The pricer's rows over the compiled walk give the same BetResults as pricing the
        # distribution (tests/punto_banco/test_compiled.py), without making it: it is
        # walked only if asked for.
        from exact_odds.punto_banco.pricer import pricer_of

        check_walk_arguments(shoe, tableau)
        shoe.checked()
        return Analysis(shoe, partial(walk_compiled, shoe, tableau), pricer_of(bets, tableau).results(shoe))
    dist = walk_compiled(shoe, tableau)
    return Analysis(shoe, dist, tuple(b.price(dist) for b in bets))
