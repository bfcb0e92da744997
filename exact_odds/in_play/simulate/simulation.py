"""Shoes dealt from seeded shuffles, with the exact EV of every bet before every coup.

Each shoe is shuffled by its own ``random.Random`` seeded from the run's
seed (:func:`exact_odds.in_play.dealing.shoe_seeds`), dealt by the punto
banco rules until the cut card comes out (docs/rules.md §7), and before
every coup each bet's exact expected value is computed for the composition
the bettor knows (the shoe less the cards seen). The simulation then
reports, per bet (:meth:`SimulationResult.summary`): how often the
expectation was positive, the average gain per shoe of betting one unit
only then (the exact expectation of that strategy, and what the dealt
coups actually paid), and how the edge moves through the shoe
(:meth:`SimulationResult.by_depth`).

The per-coup figures are exact; the summary statistics are Monte Carlo
estimates over the simulated shoes, computed exactly from them, each with a
standard error and a 95% interval over the shoes
(:mod:`exact_odds.in_play.simulate.statistics`). Betting one unit only when the EV is
positive ("perfect play") is reported per bet as a strategy (bet frequency,
advantage when betting, win per 100 coups and per shoe, SD, desirability
index); a count (:class:`~exact_odds.in_play.count.CountStrategy`) may be
played on one bet in the same shoes. The cut card may sit in front of any
number of cards from 6 up (7 by default, docs/rules.md §7).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any, Callable, Iterable

from exact_odds.bets.paytable import PayTable
from exact_odds.bets.selection import unique_keys
from exact_odds.in_play.workers import parallel
from exact_odds.blas import one_blas_thread
from exact_odds.in_play._display import html_table, listed, short, to_frame
from exact_odds.in_play.dealing import (MAX_DECKS, MAX_SHOES, CARDS_BEHIND_CUT, check_int, whole_decks,  # noqa: F401
                                        check_run, shoe_seeds)
from exact_odds.in_play.simulate.edge_counts import EdgeCounts, check_percents, merge_edge_counts
from exact_odds.in_play.simulate.shoe_blocks import (  # noqa: F401
    EDGE_RESOLUTION, BetTally, _WORK, block_sizes, play_block, prepare, seed_blocks)
from exact_odds.in_play.simulate.statistics import (
    ASSUMPTION, Estimate, RatioMoments, StrategyAccumulator, StrategyResult)
from exact_odds.in_play.sweep.sweep import check_bets
from exact_odds.punto_banco.analysis import analyse
from exact_odds.report.numbers import decimal_text, percent_text
from exact_odds.rules.cards import CARDS_PER_DECK
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe, ShoeError

if TYPE_CHECKING:
    from exact_odds.in_play.count import CountStrategy

@dataclass(frozen=True)
class BetSummary:
    """One bet over a whole simulation. The exact figures are averages over the simulated
    coups; ``mean_house_edge_estimate`` and ``perfect_play`` give their standard errors."""

    key: str
    name: str
    coups: int
    positive_ev_coups: int
    #: share of the coups before which the bet's expectation was positive
    positive_ev_frequency: Fraction
    #: mean over the coups of the house edge before each coup
    mean_house_edge: Fraction
    best_ev: Fraction
    worst_ev: Fraction
    #: positive-EV coups per shoe: units bet per shoe when betting only then
    bets_per_shoe: Fraction
    #: exact expectation per shoe of betting one unit on each positive-EV coup
    expected_gain_per_shoe: Fraction
    #: what that strategy was actually paid per shoe by the dealt coups
    realised_gain_per_shoe: Fraction
    #: the mean house edge as a Monte-Carlo estimate over the shoes (standard error, 95% interval)
    mean_house_edge_estimate: Estimate | None = None
    #: betting one unit only when the exact EV is positive, as a strategy with standard errors
    perfect_play: StrategyResult | None = None

    def __repr__(self) -> str:
        return short(f"BetSummary({self.name}: {self.coups} coups, EV > 0 on "
                     f"{percent_text(self.positive_ev_frequency, 4)}, mean house edge "
                     f"{percent_text(self.mean_house_edge, 4)}, expected gain per shoe "
                     f"{decimal_text(self.expected_gain_per_shoe, 6)})")


@dataclass(frozen=True)
class DepthRow:
    """The coups dealt with ``low`` to ``high`` cards left, per bet (in the order of the bets)."""

    high: int
    low: int
    coups: tuple[int, ...]
    #: mean house edge over these coups (None: no coup)
    mean_house_edge: tuple[Fraction | None, ...]
    #: share of these coups with a positive expectation (None: no coup)
    positive_ev_frequency: tuple[Fraction | None, ...]
    #: the same two as Monte-Carlo estimates over the shoes (standard errors only for 52-card bands)
    mean_house_edge_estimate: tuple[Estimate, ...] = ()
    positive_ev_frequency_estimate: tuple[Estimate, ...] = ()

    def __repr__(self) -> str:
        edges = ["-" if e is None else percent_text(e, 4) for e in self.mean_house_edge]
        return short(f"DepthRow({self.high}-{self.low} cards left: {sum(self.coups)} coups; "
                     f"mean house edge {listed(edges, 4)})")


@dataclass(frozen=True)
class EdgeBand:
    """The distribution of a bet's house edge over the coups dealt with ``low`` to ``high`` cards left:
    the edge (rounded to 1/EDGE_RESOLUTION) at each percent of ``percents`` (nearest rank)."""

    high: int
    low: int
    coups: int
    percents: tuple[int, ...]
    edges: tuple[float, ...]


@dataclass(frozen=True)
class SimulationResult:
    """Totals of a simulation run: the tallies of every bet, and exact statistics from them."""

    shoes: int
    decks: int
    seed: int
    burn: str
    bets: tuple[PayTable, ...]
    coups: int
    tallies: tuple[BetTally, ...]
    #: per bet, the denominator scale of its payouts (see exact_odds.punto_banco.pricer.pay_scale)
    scales: tuple[int, ...]
    cut_card: int = CARDS_BEHIND_CUT
    #: per bet, perfect play (one unit only when the exact EV is positive) with standard errors
    perfect: tuple[StrategyResult, ...] = ()
    #: the count played on bet ``count_bet`` (None: no count), and how it did
    count: "CountStrategy | None" = None
    count_bet: int | None = None
    count_result: StrategyResult | None = None
    #: per bet: running moments of the EV per shoe (all coups, then per band of 52 cards left:
    #: (EV, EV > 0)) for standard errors
    edge_moments: tuple[RatioMoments, ...] = ()
    depth_moments: tuple[tuple[tuple[RatioMoments, RatioMoments], ...], ...] = ()
    #: per bet: its coups by cards left and house edge rounded to 1/EDGE_RESOLUTION
    edge_counts: tuple[EdgeCounts, ...] = ()

    @property
    def keys(self) -> tuple[str, ...]:
        """Each bet's unique key, in the order of the bets."""
        return unique_keys(self.bets)

    @property
    def assumptions(self) -> tuple[str, ...]:
        return (ASSUMPTION,
                "Each coup's EV is exact for the cards the bettor has not seen; wins per coup and per shoe add "
                "those exact EVs (what the dealt coups paid is given beside them as the realised win).",
                f"Percentile bands of the edge round each coup's exact edge to 1/{EDGE_RESOLUTION:,}.") + (
            ("Every card is dealt with its suit and seen with it; bets that read ranks or suits are priced on the "
             "exact suited shoe left (no suit model).",) if any(not b.is_value_level for b in self.bets) else ())

    def _bet(self, b: int) -> int:
        """``b`` if it is the index of one of the simulated bets."""
        if not 0 <= check_int(b, "b (the index of a simulated bet)") < len(self.bets):
            raise ValueError(f"b is the index of a simulated bet, 0 to {len(self.bets) - 1}, not {b}")
        return b

    def mean_ev(self, b: int, lo: int, hi: int) -> tuple[Fraction | None, int, int]:
        """Mean EV of bet b over coups with lo <= cards remaining <= hi, coups, positive."""
        b = self._bet(b)
        check_int(lo, "lo (a number of cards left)")
        check_int(hi, "hi (a number of cards left)")
        rows = [(n, c, s, p) for n, (c, s, p) in self.tallies[b].by_remaining.items() if lo <= n <= hi]
        coups = sum(c for _, c, _, _ in rows)
        if not coups:
            return None, 0, 0
        # sum of s / (scale * falling(n, 6)) over one common denominator (one reduction, not one a term)
        dens = [falling(n, 6) for n, _, _, _ in rows]
        common = lcm(*dens)
        total = sum(s * (common // d) for (_, _, s, _), d in zip(rows, dens))
        return Fraction(total, self.scales[b] * common * coups), coups, sum(p for _, _, _, p in rows)

    def edge_by_cards_left(self, b: int) -> list[tuple[int, Fraction]]:
        """Bet b's mean house edge at each number of cards left, from the most cards down."""
        return [(n, -self.mean_ev(b, n, n)[0]) for n in sorted(self.tallies[self._bet(b)].by_remaining, reverse=True)]

    def buckets(self, per: int = CARDS_PER_DECK) -> list[tuple[int, int]]:
        """Ranges (low, high) of cards remaining, ``per`` wide, from a full shoe down."""
        if check_int(per, "per (a number of cards)") < 1:
            raise ValueError(f"per is the width of a band of cards left, at least 1, not {per}")
        full = self.decks * CARDS_PER_DECK
        out = []
        hi = full
        while hi >= 1:
            out.append((max(hi - per + 1, 1), hi))
            hi -= per
        return out

    def summary(self) -> tuple[BetSummary, ...]:
        """Every bet's statistics over the whole run."""
        out = []
        for b, (key, bet, t) in enumerate(zip(self.keys, self.bets, self.tallies)):
            mean = self.mean_ev(b, 0, self.decks * CARDS_PER_DECK)[0]
            # the moments are of the EV (shifted by the full shoe's): the edge is its negative
            estimate = self.edge_moments[b].estimate(mean, self.shoes, t.coups).scaled(-1) if self.edge_moments else None
            out.append(BetSummary(
                key=key, name=bet.name, coups=t.coups, positive_ev_coups=t.positive,
                positive_ev_frequency=Fraction(t.positive, t.coups), mean_house_edge=-mean,
                best_ev=t.best, worst_ev=t.worst, bets_per_shoe=Fraction(t.positive, self.shoes),
                expected_gain_per_shoe=t.expected_gain / self.shoes,
                realised_gain_per_shoe=t.realised_gain / self.shoes,
                mean_house_edge_estimate=estimate,
                perfect_play=self.perfect[b] if self.perfect else None,
            ))
        return tuple(out)

    def by_depth(self, per: int = CARDS_PER_DECK) -> tuple[DepthRow, ...]:
        """Each bet's mean house edge and share of positive-EV coups by cards left,
        one row per ``per`` cards from a full shoe down (ranges with no coup left out).
        With ``per`` = 52 the rows carry standard errors (the shoes' moments are kept per 52 cards)."""
        out = []
        for k, (lo, hi) in enumerate(self.buckets(per)):
            stats = [self.mean_ev(b, lo, hi) for b in range(len(self.bets))]
            if not any(c for _, c, _ in stats):
                continue
            edges, positive = [], []
            for b, (m, c, p) in enumerate(stats):
                if per == CARDS_PER_DECK and self.depth_moments:
                    em, pm = self.depth_moments[b][k]
                    edges.append(em.estimate(m, self.shoes, c).scaled(-1))
                    positive.append(pm.estimate(Fraction(p, c) if c else None, self.shoes, c).bounded(0.0, 1.0))
                else:
                    edges.append(Estimate(None if m is None else float(-m), None, self.shoes))
                    positive.append(Estimate(float(Fraction(p, c)) if c else None, None, self.shoes))
            out.append(DepthRow(
                high=hi, low=lo, coups=tuple(c for _, c, _ in stats),
                mean_house_edge=tuple(None if m is None else -m for m, _, _ in stats),
                positive_ev_frequency=tuple(Fraction(p, c) if c else None for _, c, p in stats),
                mean_house_edge_estimate=tuple(edges), positive_ev_frequency_estimate=tuple(positive),
            ))
        return tuple(out)

    def edge_bands(self, b: int, per: int = CARDS_PER_DECK // 4,
                   percents: tuple[int, ...] = (5, 25, 50, 75, 95)) -> tuple[EdgeBand, ...]:
        """Bet b's house edge at each percent of ``percents`` over the coups in each band of
        ``per`` cards left (nearest rank: the least edge with at least that percent of the coups
        at or below it), from a full shoe down; bands with no coup left out."""
        counts, percents = self.edge_counts[self._bet(b)], check_percents(percents)
        return tuple(EdgeBand(high, low, coups, percents, tuple(e / EDGE_RESOLUTION for e in edges))
                     for low, high, coups, edges in counts.percentiles(self.buckets(per), percents))

    def to_records(self) -> list[dict[str, Any]]:
        """One record per bet: every exact :class:`BetSummary` field, each Fraction beside its float,
        then each Monte-Carlo estimate with its standard error (perfect play's prefixed ``perfect_``)."""
        records = []
        for s in self.summary():
            record: dict[str, Any] = {}
            for name in BetSummary.__dataclass_fields__:
                value = getattr(s, name)
                if isinstance(value, Estimate):
                    record[name] = value.value
                    record[f"{name}_se"] = value.standard_error
                elif isinstance(value, StrategyResult):
                    for stat in StrategyResult.STATISTICS:
                        e = getattr(value, stat)
                        record[f"perfect_{stat}"] = e.value
                        record[f"perfect_{stat}_se"] = e.standard_error
                elif value is not None:
                    record[name] = value
                    if isinstance(value, Fraction):
                        record[f"{name}_float"] = float(value)
            records.append(record)
        return records

    def to_frame(self) -> Any:
        """:meth:`to_records` as a pandas DataFrame (needs pandas)."""
        return to_frame(self.to_records())

    def _title(self) -> str:
        return (f"{self.shoes} shoe{'s' if self.shoes != 1 else ''} of {self.decks} "
                f"deck{'s' if self.decks != 1 else ''}, seed {self.seed}, burn {self.burn}, "
                f"{self.cut_card} cards behind the cut card: {self.coups} coups")

    def __repr__(self) -> str:
        bets = [f"{s.name} EV>0 {percent_text(s.positive_ev_frequency, 2)}" for s in self.summary()]
        return short(f"SimulationResult({self._title()}; {listed(bets, 3)})")

    def _repr_html_(self) -> str:
        rows = [[s.name, s.coups, percent_text(s.positive_ev_frequency, 4), percent_text(s.mean_house_edge, 4),
                 decimal_text(s.expected_gain_per_shoe, 6), decimal_text(s.realised_gain_per_shoe, 6)]
                for s in self.summary()]
        return html_table(f"Simulation: {self._title()}",
                          ["Bet", "Coups", "P(EV > 0)", "Mean house edge", "Expected gain/shoe",
                           "Realised gain/shoe"], rows)


def simulate(shoes: int, decks: "int | Shoe", seed: int, bets: Iterable[PayTable | str], burn: str = "none",
             jobs: int = 1,
             progress: Callable[[int], None] | None = None, *, cut_card: int = CARDS_BEHIND_CUT,
             count: "CountStrategy | None" = None, count_bet: int = 0) -> SimulationResult:
    """Deal ``shoes`` seeded shoes of ``decks`` decks and tally every bet (see the module docstring).

    ``decks``: a number of decks, or the shoe itself as :func:`~exact_odds.analyse` takes it
    (``Shoe.decks(8)``: whole decks, each shoe shuffled from full). ``bets``: PayTable objects
    or the keys of built-in bets (``["banker", "dragon7"]``).

    ``cut_card`` cards sit behind the cut card. ``count``, if given, is played on
    bet number ``count_bet`` in the same shoes. ``jobs`` processes share the
    shoes (the result does not depend on it); ``progress(1)`` is called as
    each shoe is done."""
    decks = whole_decks(decks)
    check_run(shoes, decks, seed, burn, cut_card, jobs, progress)
    bets = check_bets(bets)
    if not bets:
        raise ShoeError("bets is empty: a simulation prices at least one bet; give a list such as "
                        "select_bets(bets='banker')")
    if count is not None:
        from exact_odds.in_play.count import CountStrategy  # (a run without a count need not import it)

        if not isinstance(count, CountStrategy):
            raise TypeError(f"count must be a CountStrategy or None, not {type(count).__name__}")
    check_int(count_bet, "count_bet")
    if not 0 <= count_bet < len(bets):
        raise ShoeError(f"count_bet is the index of the counted bet among the bets, 0 to {len(bets) - 1}, "
                        f"not {count_bet}")
    setup = (bets, decks, burn, cut_card, count, count_bet)
    prepare(*setup)
    full_ev = [float(-e) for e in full_shoe_edges(bets, decks)]  # shifts for the moments
    bands = decks  # bands of 52 cards left, from a full shoe down
    tallies = [BetTally() for _ in bets]
    perfect = [StrategyAccumulator() for _ in bets]
    counted = StrategyAccumulator()
    edge_moments = [RatioMoments(f) for f in full_ev]
    depth = [[(RatioMoments(f), RatioMoments(0.0)) for _ in range(bands)] for f in full_ev]
    edge_parts: list[list[EdgeCounts]] = [[] for _ in bets]
    coups = 0
    seeds = shoe_seeds(seed, shoes)
    blocks = seed_blocks(seeds, block_sizes(shoes, decks, jobs if isinstance(jobs, int) else 4, bool(_WORK["card"])))
    # Every float sum below adds shoe after shoe in the order of the seeds, whatever the blocks.
    # One BLAS thread per process (exact_odds.blas): the processes share the cores already.
    with one_blas_thread():
        plays = parallel.run(play_block, blocks, jobs, chunk=1, size=len, progress=progress,
                             setup=(prepare, setup))
        for play in plays:
            coups += play.coups
            for b, block in enumerate(play.bets):
                tallies[b].merge(block.tally)
                perfect[b].merge(block.perfect)
                edge_moments[b].add_many(block.shoe_ev, block.band_coups.sum(axis=1))
                # every band at once; a shoe with no coup in a band adds zeros there, which change nothing
                RatioMoments.add_columns([em for em, _ in depth[b]], block.band_ev, block.band_coups)
                RatioMoments.add_columns([pm for _, pm in depth[b]], block.band_positive, block.band_coups)
                edge_parts[b].append(block.edges)
            if play.count is not None:
                counted.merge(play.count)
    edge_counts = tuple(merge_edge_counts(parts) for parts in edge_parts)
    return SimulationResult(
        shoes, decks, seed, burn, bets, coups, tuple(tallies), _WORK["scales"], cut_card,
        perfect=tuple(a.result("perfect play", None) for a in perfect),
        count=count, count_bet=None if count is None else count_bet,
        count_result=None if count is None else counted.result(count.name, count),
        edge_moments=tuple(edge_moments), depth_moments=tuple(tuple(d) for d in depth),
        edge_counts=edge_counts,
    )


def full_shoe_edges(bets: tuple[PayTable, ...], decks: int) -> list[Fraction]:
    """Each bet's exact house edge on a full shoe of ``decks`` decks (value-level bets by the pricer,
    card-level ones by the card walk)."""
    shoe = Shoe.decks(decks)
    value = [b for b in bets if b.is_value_level]
    edges = dict(zip((i for i, b in enumerate(bets) if b.is_value_level), _WORK["pricer"].house_edges(shoe)
                     if value else []))
    card = [i for i, b in enumerate(bets) if not b.is_value_level]
    if card:
        edges.update(zip(card, (r.house_edge for r in analyse(shoe, [bets[i] for i in card]).results)))
    return [edges[i] for i in range(len(bets))]

