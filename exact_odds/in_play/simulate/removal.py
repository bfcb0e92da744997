"""Effect of removal and linear counts (card counting for baccarat bets).

The effect of removal (EOR) of a rank on a bet is the exact change in the
bet's house edge when one card of that rank is taken out of the shoe:
``EOR(r) = edge(shoe less one r) - edge(shoe)``. Positive means the removal
is worse for the bettor (Griffin, *The Theory of Blackjack*, ch. 4, uses the
same definition for blackjack).

A linear count gives each rank an integer tag proportional to minus its EOR
(a card whose removal helps the bettor counts +), rounded at a chosen level;
its betting correlation is the Pearson correlation between the tags and
minus the EORs over the cards of the shoe (each rank weighted by its count),
as Griffin defines it. The classic counts for EZ Baccarat's Dragon 7 and
Panda 8 side bets are of this kind.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Iterable, Sequence

from exact_odds.punto_banco.pricer import Pricer, cached_pricer
from exact_odds.bets.paytable import PayTable
from exact_odds.bets.selection import unique_keys
from exact_odds.in_play._display import html_table, listed, short, to_frame
from exact_odds.in_play.dealing import FiniteShoeNeeded, check_tableau
from exact_odds.in_play.sweep.sweep import check_bets
from exact_odds.report.numbers import percent_text, sqrt_text
from exact_odds.rules.cards import RANKS
from exact_odds.rules.deal import six_card_total
from exact_odds.rules.shoe import Shoe, ShoeError
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau


@dataclass(frozen=True)
class EffectOfRemoval:
    """House edges of ``bets`` for ``shoe`` and for the shoe less one card of each rank.

    ``eor[b][r]`` is the change in bet b's house edge when one card of rank r
    is removed, or ``None`` if the shoe has no card of that rank."""

    shoe: Shoe
    bets: tuple[PayTable, ...]
    edges: tuple[Fraction, ...]
    eor: tuple[tuple[Fraction | None, ...], ...]

    @property
    def keys(self) -> tuple[str, ...]:
        """Each bet's unique key, in the order of the bets."""
        return unique_keys(self.bets)

    def to_records(self) -> list[dict[str, Any]]:
        """One record per bet and rank: the exact EOR (a Fraction, None for a rank the
        shoe lacks) beside its float, and the bet's exact house edge beside its float."""
        records = []
        for key, bet, edge, row in zip(self.keys, self.bets, self.edges, self.eor):
            for r, e in enumerate(row):
                records.append({"bet": key, "name": bet.name, "rank": RANKS[r],
                                "eor": e, "eor_float": None if e is None else float(e),
                                "house_edge": edge, "house_edge_float": float(edge)})
        return records

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (needs pandas)."""
        return to_frame(self.to_records())

    def __repr__(self) -> str:
        edges = [f"{b.name} {percent_text(e, 4)}" for b, e in zip(self.bets, self.edges)]
        return short(f"EffectOfRemoval({self.shoe.describe()}: house edge {listed(edges, 3)}; "
                     "eor[bet][rank] in house edge per card removed)")

    def _repr_html_(self) -> str:
        headers = ["Rank"] + [f"{b.name} EOR (%)" for b in self.bets]
        rows = [[RANKS[r]] + ["" if e[r] is None else percent_text(e[r], 6).rstrip("%") for e in self.eor]
                for r in range(13)]
        return html_table(f"Effect of removal, {self.shoe.describe()} (positive is worse for the bettor)",
                          headers, rows)


def _batch_house_edges(pricer: Pricer, shoes: list[Shoe]) -> list[list[Fraction]]:
    """Each bet's exact house edge for each shoe (one batch)."""
    rows = pricer.batch_counts(shoes)
    return [[-ev for ev in pricer.expected_values(r, six_card_total(s))] for r, s in zip(rows, shoes)]


def effect_of_removal(shoe: Shoe, bets: Iterable[PayTable], tableau: Tableau = PUNTO_BANCO) -> EffectOfRemoval:
    """The exact EOR of every rank on every bet (value-level bets)."""
    if not isinstance(shoe, Shoe):
        raise TypeError(f"effect_of_removal needs a Shoe (such as Shoe.decks(8)), not {type(shoe).__name__}")
    bets = check_bets(bets)
    check_tableau(tableau)
    if shoe.is_infinite:
        raise FiniteShoeNeeded("the effect of removal needs a finite shoe")
    if shoe.size < 7:
        raise ShoeError(f"the effect of removal needs at least 7 cards (one to remove); this shoe has {shoe.size}")
    pricer = cached_pricer(bets, tableau)
    present = [r for r in range(13) if shoe.ranks[r] > 0]
    less = []
    for r in present:
        ranks = list(shoe.ranks)
        ranks[r] -= 1
        less.append(Shoe(tuple(ranks)))
    edges = _batch_house_edges(pricer, [shoe] + less)
    base, after = edges[0], dict(zip(present, edges[1:]))
    eor = tuple(
        tuple(after[r][b] - base[b] if r in after else None for r in range(13))
        for b in range(len(bets))
    )
    return EffectOfRemoval(shoe, bets, tuple(base), eor)


def round_half_away(x: Fraction) -> int:
    """The nearest integer, halves away from zero (exact)."""
    n = abs(x)
    q = n.numerator // n.denominator
    if 2 * (n - q) >= 1:
        q += 1
    return q if x >= 0 else -q


@dataclass(frozen=True)
class LinearCount:
    """Integer tags per rank (A..K) and the count's betting correlation."""

    tags: tuple[int, ...]
    correlation_squared: Fraction  #: exact square of the betting correlation
    correlation_sign: int  #: sign of the betting correlation (-1, 0, 1)

    def correlation_text(self, places: int = 6) -> str:
        """The betting correlation in decimals (its square is exact; rounded only here)."""
        return ("-" if self.correlation_sign < 0 else "") + sqrt_text(self.correlation_squared, places)

    def __repr__(self) -> str:
        tags = " ".join(f"{rank}:{t:+d}" if t else f"{rank}:0" for rank, t in zip(RANKS, self.tags))
        return short(f"LinearCount({tags}; betting correlation {self.correlation_text(4)})")

    def _repr_html_(self) -> str:
        return html_table(f"Linear count, betting correlation {self.correlation_text(6)}",
                          list(RANKS), [[str(t) for t in self.tags]])


def linear_count(eor: Sequence[Fraction | None], weights: Sequence[int], level: int = 2) -> LinearCount:
    """Tags ``round(-EOR(r) * level / max|EOR|)`` and their betting correlation.

    ``weights`` are the cards of each rank in the shoe (the correlation is
    over cards, Griffin's definition); ranks with no EOR get tag 0 and weight
    0. A count has at most ``level`` points per card."""
    if isinstance(level, bool) or not isinstance(level, int):
        raise TypeError(f"level must be an int >= 1, not {type(level).__name__}")
    check_eor(eor, weights)
    if level < 1:
        raise ShoeError(f"the count level must be a whole number >= 1, not {level}")
    values = [(-e if e is not None else Fraction(0)) for e in eor]
    biggest = max(abs(v) for v in values)
    if biggest == 0:
        return LinearCount((0,) * 13, Fraction(0), 0)
    if sum(wt for wt, e in zip(weights, eor) if e is not None) == 0:
        raise ValueError("weights give no card to the ranks with an EOR; give the shoe's counts (shoe.ranks)")
    return betting_correlation(tuple(round_half_away(v * level / biggest) for v in values), eor, weights)


def betting_correlation(tags: Sequence[int], eor: Sequence[Fraction | None], weights: Sequence[int]) -> LinearCount:
    """The count of ``tags`` with its betting correlation: the Pearson correlation between the tags and
    minus the EORs over the cards of ``weights`` (cards per rank; Griffin's definition). A rank with
    no EOR (None) weighs nothing. Exact: the square of the correlation is a Fraction."""
    check_eor(eor, weights)
    if isinstance(tags, (str, bytes)) or not hasattr(tags, "__len__") or len(tags) != 13:
        raise ValueError("tags must be 13 whole numbers, one per rank A..K")
    if any(isinstance(t, bool) or not isinstance(t, int) for t in tags):
        raise TypeError("tags must be whole numbers (int), one per rank A..K")
    w = [wt if e is not None else 0 for wt, e in zip(weights, eor)]
    values = [(-e if e is not None else Fraction(0)) for e in eor]
    tags = tuple(tags)
    total = sum(w)
    if total == 0:
        return LinearCount(tags, Fraction(0), 0)
    mean_t = Fraction(sum(wi * t for wi, t in zip(w, tags)), total)
    mean_v = sum((wi * v for wi, v in zip(w, values)), Fraction(0)) / total
    cov = sum((wi * (t - mean_t) * (v - mean_v) for wi, t, v in zip(w, tags, values)), Fraction(0))
    var_t = sum((wi * (t - mean_t) ** 2 for wi, t in zip(w, tags)), Fraction(0))
    var_v = sum((wi * (v - mean_v) ** 2 for wi, v in zip(w, values)), Fraction(0))
    if var_t == 0 or var_v == 0:
        return LinearCount(tags, Fraction(0), 0)
    sign = (cov > 0) - (cov < 0)
    return LinearCount(tags, cov * cov / (var_t * var_v), sign)


def check_eor(eor: Sequence[Fraction | None], weights: Sequence[int]) -> None:
    """13 EORs (Fractions or None) and 13 card counts, or a TypeError/ValueError saying what to give."""
    for name, seq in (("eor", eor), ("weights", weights)):
        if isinstance(seq, (str, bytes)) or not hasattr(seq, "__len__"):
            raise TypeError(f"{name} must be a sequence of 13 values, one per rank A..K, not {type(seq).__name__}")
    if len(eor) != 13:
        raise ValueError("eor must hold 13 values, one per rank A..K (a row of EffectOfRemoval.eor)")
    if any(e is not None and not isinstance(e, (int, Fraction)) for e in eor):
        raise TypeError("eor values must be Fractions (or None for a rank the shoe lacks)")
    if isinstance(weights, (str, bytes)) or len(weights) != 13:
        raise ValueError("weights must hold 13 card counts, one per rank A..K (such as shoe.ranks)")
    if any(isinstance(w, bool) or not isinstance(w, int) or w < 0 for w in weights):
        raise TypeError("weights must be whole numbers >= 0 (card counts per rank)")
