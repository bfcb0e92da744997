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

import os
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import lcm
from typing import TYPE_CHECKING, Any, Callable, Iterable

from exact_odds.bets.paytable import PayTable
from exact_odds.bets.selection import paytables as check_bets, unique_keys  # (sweep's check_bets, without sweep)
from exact_odds import interrupts
from exact_odds.in_play.workers import parallel
from exact_odds.blas import one_blas_thread
from exact_odds.in_play._display import html_table, listed, short, to_frame
from exact_odds.in_play.dealing import (MAX_DECKS, MAX_SHOES, CARDS_BEHIND_CUT, check_int, whole_decks,  # noqa: F401
                                        check_run, shoe_seeds)
from exact_odds.in_play.simulate.edge_counts import EdgeCounts, check_percents, merge_edge_counts
from exact_odds.in_play.simulate.shoe_blocks import (  # noqa: F401
    EDGE_RESOLUTION, BetTally, _WORK, block_sizes, play_block, prepare, seed_blocks)
from exact_odds.in_play.simulate.bankroll import (
    COUPS_PER_HOUR, BetRamp, Kelly, SizingError, check_bankroll, check_coups_per_hour)
from exact_odds.in_play.simulate.checkpoint import Checkpoint, CheckpointError, SimulationState, run_identity
from exact_odds.in_play.simulate.statistics import (
    ASSUMPTION, Estimate, RatioMoments, StrategyAccumulator, StrategyResult)
from exact_odds.report.numbers import decimal_text, percent_text
from exact_odds.rules.cards import CARDS_PER_DECK
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe, ShoeError

if TYPE_CHECKING:
    from exact_odds.in_play.count import CountStrategy
    from exact_odds.in_play.simulate.triggers import TriggerCurve

#: Most seconds a stopped run's last checkpoint save may take before the console script ends anyway
#: (the 1,000,000-shoe study's saves took up to 4 s on a loaded machine; the grace is 3 s).
FINAL_SAVE_SECONDS = 60.0

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
    #: perfect play's bet sizing (None: one unit) and the count's ramp (None: one unit)
    sizing: "BetRamp | Kelly | None" = None
    ramp: "BetRamp | None" = None
    coups_per_hour: Fraction = Fraction(COUPS_PER_HOUR)
    bankroll: Fraction | None = None
    #: every candidate trigger of the count on the same coups (None: no search)
    trigger_curve: "TriggerCurve | None" = None

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
        dens = [_six_card_total(n) for n, _, _, _ in rows]
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
             count: "CountStrategy | None" = None, count_bet: int = 0, sizing: "BetRamp | Kelly | None" = None,
             ramp: "BetRamp | None" = None, bankroll: Fraction | int | None = None,
             coups_per_hour: Fraction | int = COUPS_PER_HOUR, triggers: Iterable[Fraction] = (),
             checkpoint: "str | os.PathLike[str] | None" = None) -> SimulationResult:
    """Deal ``shoes`` seeded shoes of ``decks`` decks and tally every bet (see the module docstring).

    ``decks``: a number of decks, or the shoe itself as :func:`~exact_odds.analyse` takes it
    (``Shoe.decks(8)``: whole decks, each shoe shuffled from full). ``bets``: PayTable objects
    or the keys of built-in bets (``["banker", "dragon7"]``).

    ``cut_card`` cards sit behind the cut card. ``count``, if given, is played on
    bet number ``count_bet`` in the same shoes. ``jobs`` processes share the
    shoes (the result does not depend on it); ``progress(1)`` is called as
    each shoe is done.

    Bet sizing (:mod:`exact_odds.in_play.simulate.bankroll`): ``sizing`` sizes perfect play (a
    :class:`BetRamp` by EV, or :class:`Kelly`; None: one unit), ``ramp`` the count (a
    :class:`BetRamp` by true count, betting from its lowest step; None: one unit at the
    trigger). ``coups_per_hour`` gives the rates, N0 and SCORE; a ``bankroll`` (units) the risks of
    ruin and the hours to double. ``triggers``: candidate triggers of the count, each played with
    one unit on the same coups (:mod:`exact_odds.in_play.simulate.triggers`).

    ``checkpoint``: a file the run's state is written to (atomically) every
    :data:`~exact_odds.in_play.simulate.checkpoint.EVERY_SECONDS`, when it is stopped
    (KeyboardInterrupt) and at the end; a run given the file of the same run resumes where it
    stopped, with the same figures as a run never stopped
    (:mod:`exact_odds.in_play.simulate.checkpoint`)."""
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
    sizing, ramp, bankroll, coups_per_hour, triggers = check_sizing(sizing, ramp, bankroll, coups_per_hour,
                                                                    triggers, count)
    setup = (bets, decks, burn, cut_card, count, count_bet, sizing, ramp, triggers)
    identity = run_identity(shoes, seed, *setup, bankroll)
    prepare(*setup)
    state = fresh_state(bets, decks, bankroll, triggers)
    saver = None
    if checkpoint is not None:
        saver = Checkpoint(checkpoint, identity)
        state = saver.load(like=state) or state
        if state.done > shoes:
            raise CheckpointError(f"{saver.path!r} is damaged: it holds {state.done} shoes of a run of {shoes}; "
                                  "start the run again with another file")
        if progress is not None and state.done:
            progress(state.done)
    seeds = shoe_seeds(seed, shoes)[state.done:]
    blocks = seed_blocks(seeds, block_sizes(len(seeds), decks, jobs if isinstance(jobs, int) else 4,
                                            bool(_WORK["card"])))
    # Every float sum below adds shoe after shoe in the order of the seeds, whatever the blocks.
    # One BLAS thread per process (exact_odds.blas): the processes share the cores already.
    try:
        with one_blas_thread():
            plays = parallel.run(play_block, blocks, jobs, chunk=1, size=len, progress=progress,
                                 setup=(prepare, setup))
            for added, play in enumerate(plays, 1):
                # A stop (Ctrl-C, SIGTERM) waits for the block to be added whole: the state saved then
                # covers the same shoes in every part (one landing between two of its sums lost the
                # trigger search 900 of 1,000,000 shoes over four stops).
                with interrupts.deferred():
                    state.add(play)
                if saver is not None:
                    saver.save_now_and_then(state)
                elif added == len(blocks):  # the blocks' edge counts merged while the workers end
                    state.merge_edges()
    except KeyboardInterrupt:
        if saver is not None:  # the blocks added so far are a whole prefix of the shoes
            with interrupts.finishing(FINAL_SAVE_SECONDS):  # not cut off by the console's backstop
                saver.save(state)
        raise
    if saver is not None:
        saver.save(state)
    per_hour, big_b = coups_per_hour, bankroll
    return SimulationResult(
        shoes, decks, seed, burn, bets, state.coups, tuple(state.tallies), _WORK["scales"], cut_card,
        perfect=tuple(a.result("perfect play", None, per_hour, big_b) for a in state.perfect),
        count=count, count_bet=None if count is None else count_bet,
        count_result=None if count is None else state.counted.result(count.name, count, per_hour, big_b),
        edge_moments=tuple(state.edge_moments), depth_moments=tuple(tuple(d) for d in state.depth),
        edge_counts=tuple(state.merge_edges()), sizing=sizing, ramp=ramp, coups_per_hour=per_hour, bankroll=big_b,
        trigger_curve=None if state.search is None else state.search.curve(per_hour),
    )


def fresh_state(bets: tuple[PayTable, ...], decks: int, bankroll: Fraction | None,
                triggers: tuple[Fraction, ...]) -> SimulationState:
    """The state of a run before its first shoe (the shape a checkpoint of the same run must have)."""
    full_ev = [float(-e) for e in full_shoe_edges(bets, decks)]  # shifts for the moments
    bands = decks  # bands of 52 cards left, from a full shoe down
    return SimulationState(
        done=0, coups=0, tallies=[BetTally() for _ in bets],
        perfect=[StrategyAccumulator(bankroll, keep_shoes=False) for _ in bets],
        counted=StrategyAccumulator(bankroll, keep_shoes=False), edge_moments=[RatioMoments(f) for f in full_ev],
        depth=[[(RatioMoments(f), RatioMoments(0.0)) for _ in range(bands)] for f in full_ev],
        edge_counts=[merge_edge_counts([]) for _ in bets],
        search=_trigger_search(triggers))


def _trigger_search(triggers: tuple[Fraction, ...]) -> Any:
    """The trigger search's running sums, or None without triggers."""
    if not triggers:
        return None
    from exact_odds.in_play.simulate.triggers import TriggerAccumulator

    return TriggerAccumulator(triggers)


@lru_cache(maxsize=None)
def _six_card_total(n: int) -> int:
    """n (n - 1) ... (n - 5): the six-card sequences of n cards (a report reads each n many times)."""
    return falling(n, 6)


def by_cut_card(cut_cards: Iterable[int], shoes: int, decks: int, seed: int, bets: Iterable[PayTable | str],
                burn: str = "none", jobs: int = 1, progress: Callable[[int], None] | None = None,
                **options: Any) -> tuple[SimulationResult, ...]:
    """:func:`simulate` once per cut card (cards behind it), the same seeds each time, in the order given."""
    if isinstance(cut_cards, (str, bytes, int)):
        raise TypeError("cut_cards is a list of numbers of cards behind the cut card, such as [7, 14, 26, 52]")
    bets = check_bets(bets)
    return tuple(simulate(shoes, decks, seed, bets, burn, jobs, progress, cut_card=c, **options) for c in cut_cards)


def check_sizing(sizing: Any, ramp: Any, bankroll: Any, coups_per_hour: Any, triggers: Iterable[Fraction],
                 count: "CountStrategy | None") -> tuple[Any, Any, Fraction | None, Fraction, tuple[Fraction, ...]]:
    """The bet sizing of a run checked (the library's words): see :func:`simulate`."""
    if sizing is not None and not isinstance(sizing, (BetRamp, Kelly)):
        raise TypeError(f"sizing is a BetRamp by EV, a Kelly or None, not {type(sizing).__name__}")
    if isinstance(sizing, BetRamp) and sizing.by != "EV":
        raise SizingError("perfect play's ramp is by EV: BetRamp(steps, by='EV')")
    if ramp is not None:
        if not isinstance(ramp, BetRamp):
            raise TypeError(f"ramp is a BetRamp by true count or None, not {type(ramp).__name__}")
        if ramp.by != "true count":
            raise SizingError("the count's ramp is by true count: BetRamp(steps, by='true count')")
        if count is None:
            raise SizingError("a ramp by true count needs a count to play")
        if count.trigger != ramp.lowest:
            raise SizingError(f"the count bets from its trigger ({count.trigger}), the ramp from its lowest step "
                              f"({ramp.lowest}): make them the same")
    if bankroll is not None:
        bankroll = check_bankroll(bankroll)
    if isinstance(sizing, Kelly) and sizing.bankroll != bankroll:
        raise SizingError("Kelly bets are sized on the run's bankroll: give the same bankroll to both")
    if isinstance(triggers, (str, bytes)):
        raise TypeError("triggers are true counts (Fractions), not text")
    triggers = tuple(triggers)
    if any(isinstance(t, bool) or not isinstance(t, (int, Fraction)) for t in triggers):
        raise TypeError("triggers are true counts (int or Fraction)")
    if triggers:
        if count is None:
            raise SizingError("a trigger search needs a count to play")
        from exact_odds.in_play.simulate.triggers import check_triggers  # (a run without a search need not import it)

        triggers = check_triggers(triggers)
    return sizing, ramp, bankroll, check_coups_per_hour(coups_per_hour), triggers


def full_shoe_edges(bets: tuple[PayTable, ...], decks: int) -> list[Fraction]:
    """Each bet's exact house edge on a full shoe of ``decks`` decks (value-level bets by the pricer,
    card-level ones by the card walk)."""
    shoe = Shoe.decks(decks)
    value = [b for b in bets if b.is_value_level]
    edges = dict(zip((i for i, b in enumerate(bets) if b.is_value_level), _WORK["pricer"].house_edges(shoe)
                     if value else []))
    card = [i for i, b in enumerate(bets) if not b.is_value_level]
    if card:
        from exact_odds.bets.analysis import analyse  # (the card walk: only for card-level bets)

        edges.update(zip(card, (r.house_edge for r in analyse(shoe, [bets[i] for i in card]).results)))
    return [edges[i] for i in range(len(bets))]

