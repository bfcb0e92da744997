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
estimates over the simulated shoes, computed exactly from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable

from exact_odds.bets.paytable import PayTable
from exact_odds.bets.selection import unique_keys
from exact_odds.in_play import parallel
from exact_odds.in_play._display import html_table, listed, short, to_frame
from exact_odds.in_play.dealing import BURN_RULES, check_int, deal_shoe, shoe_seeds, shuffled_cards
from exact_odds.in_play.sweep import check_bets
from exact_odds.punto_banco.features import rank_to_value_counts
from exact_odds.punto_banco.pricer import Pricer, cached_pricer, payout
from exact_odds.report.numbers import decimal_text, percent_text
from exact_odds.rules.cards import CARDS_PER_DECK
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import ShoeError
from exact_odds.rules.tableau import PUNTO_BANCO


@dataclass
class BetTally:
    """One bet's results over some shoes."""

    coups: int = 0
    positive: int = 0
    #: sum of the positive expected values (per unit) over the coups bet
    expected_gain: Fraction = Fraction(0)
    #: what one unit on each positive-EV coup actually paid
    realised_gain: Fraction = Fraction(0)
    #: per cards-remaining N: [coups, sum of EV numerators over scale*total(N), positive coups]
    by_remaining: dict[int, list[int]] = field(default_factory=dict)
    best: Fraction | None = None
    worst: Fraction | None = None

    def __repr__(self) -> str:
        return short(f"BetTally({self.coups} coups, {self.positive} with EV > 0, "
                     f"expected gain {decimal_text(self.expected_gain, 6)}, "
                     f"realised gain {decimal_text(self.realised_gain, 6)})")

    def merge(self, other: "BetTally") -> None:
        self.coups += other.coups
        self.positive += other.positive
        self.expected_gain += other.expected_gain
        self.realised_gain += other.realised_gain
        for n, (c, s, p) in other.by_remaining.items():
            row = self.by_remaining.setdefault(n, [0, 0, 0])
            row[0] += c
            row[1] += s
            row[2] += p
        for attr, pick in (("best", max), ("worst", min)):
            mine, theirs = getattr(self, attr), getattr(other, attr)
            if theirs is not None:
                setattr(self, attr, theirs if mine is None else pick(mine, theirs))


# State a forked worker inherits (see exact_odds.in_play.parallel).
_WORK: dict[str, Any] = {}


def _prepare(bets: tuple[PayTable, ...], decks: int, burn: str) -> None:
    _WORK.update(pricer=cached_pricer(tuple(bets), PUNTO_BANCO).prepare(), decks=decks, burn=burn, bets=tuple(bets))


def play_shoe(seed: int) -> tuple[int, list[BetTally]]:
    """Deal one shoe from ``seed``; returns (coups dealt, one tally per bet)."""
    pricer: Pricer = _WORK["pricer"]
    bets: tuple[PayTable, ...] = _WORK["bets"]
    dealt = deal_shoe(shuffled_cards(_WORK["decks"], seed), _WORK["burn"])
    # The batch path on value counts (Pricer.value_batch): no Shoe per coup (issue 14, speed).
    numerators, totals = pricer.value_batch([rank_to_value_counts(c.known) for c in dealt])
    scales = pricer.scales
    tallies = [BetTally() for _ in bets]
    best: list = [None] * len(bets)  # (numerator, denominator) of the best and worst EV so far
    worst: list = [None] * len(bets)
    for coup, total, nums in zip(dealt, totals, numerators):
        n = sum(coup.known)
        for b, (bet, num) in enumerate(zip(bets, nums)):
            den = scales[b] * total  # EV = num / den, exactly
            t = tallies[b]
            t.coups += 1
            row = t.by_remaining.setdefault(n, [0, 0, 0])
            row[0] += 1
            row[1] += num
            if num > 0:
                t.positive += 1
                row[2] += 1
                t.expected_gain += Fraction(num, den)
                t.realised_gain += payout(bet, coup.deal)
            if best[b] is None or num * best[b][1] > best[b][0] * den:
                best[b] = (num, den)
            if worst[b] is None or num * worst[b][1] < worst[b][0] * den:
                worst[b] = (num, den)
    for t, hi, lo in zip(tallies, best, worst):
        t.best, t.worst = Fraction(*hi), Fraction(*lo)
    return len(dealt), tallies


@dataclass(frozen=True)
class BetSummary:
    """One bet over a whole simulation, exactly (the figures are averages over the simulated coups)."""

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

    def __repr__(self) -> str:
        edges = ["-" if e is None else percent_text(e, 4) for e in self.mean_house_edge]
        return short(f"DepthRow({self.high}-{self.low} cards left: {sum(self.coups)} coups; "
                     f"mean house edge {listed(edges, 4)})")


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

    @property
    def keys(self) -> tuple[str, ...]:
        """Each bet's unique key, in the order of the bets."""
        return unique_keys(self.bets)

    def mean_ev(self, b: int, lo: int, hi: int) -> tuple[Fraction | None, int, int]:
        """Mean EV of bet b over coups with lo <= cards remaining <= hi, coups, positive."""
        coups = pos = 0
        acc = Fraction(0)
        for n, (c, s, p) in self.tallies[b].by_remaining.items():
            if lo <= n <= hi:
                coups += c
                pos += p
                acc += Fraction(s, self.scales[b] * falling(n, 6))
        return (acc / coups if coups else None), coups, pos

    def edge_by_cards_left(self, b: int) -> list[tuple[int, Fraction]]:
        """Bet b's mean house edge at each number of cards left, from the most cards down."""
        return [(n, -self.mean_ev(b, n, n)[0]) for n in sorted(self.tallies[b].by_remaining, reverse=True)]

    def buckets(self, per: int = CARDS_PER_DECK) -> list[tuple[int, int]]:
        """Ranges (low, high) of cards remaining, ``per`` wide, from a full shoe down."""
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
            out.append(BetSummary(
                key=key, name=bet.name, coups=t.coups, positive_ev_coups=t.positive,
                positive_ev_frequency=Fraction(t.positive, t.coups), mean_house_edge=-mean,
                best_ev=t.best, worst_ev=t.worst, bets_per_shoe=Fraction(t.positive, self.shoes),
                expected_gain_per_shoe=t.expected_gain / self.shoes,
                realised_gain_per_shoe=t.realised_gain / self.shoes,
            ))
        return tuple(out)

    def by_depth(self, per: int = CARDS_PER_DECK) -> tuple[DepthRow, ...]:
        """Each bet's mean house edge and share of positive-EV coups by cards left,
        one row per ``per`` cards from a full shoe down (ranges with no coup left out)."""
        out = []
        for lo, hi in self.buckets(per):
            stats = [self.mean_ev(b, lo, hi) for b in range(len(self.bets))]
            if not any(c for _, c, _ in stats):
                continue
            out.append(DepthRow(
                high=hi, low=lo, coups=tuple(c for _, c, _ in stats),
                mean_house_edge=tuple(None if m is None else -m for m, _, _ in stats),
                positive_ev_frequency=tuple(Fraction(p, c) if c else None for _, c, p in stats),
            ))
        return tuple(out)

    def to_records(self) -> list[dict[str, Any]]:
        """One record per bet: every :class:`BetSummary` field, each Fraction beside its float."""
        records = []
        for s in self.summary():
            record: dict[str, Any] = {}
            for name in BetSummary.__dataclass_fields__:
                value = getattr(s, name)
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
                f"deck{'s' if self.decks != 1 else ''}, seed {self.seed}, burn {self.burn}: {self.coups} coups")

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


#: Most decks a simulated shoe may have: the cards are shuffled as a list and every coup is
#: priced exactly, so a shoe of 1,000 decks already takes minutes (and 10**9 would exhaust memory).
MAX_DECKS = 1_000
#: Most shoes one simulation deals: their seeds are drawn up front.
MAX_SHOES = 1_000_000


def simulate(shoes: int, decks: int, seed: int, bets: Iterable[PayTable], burn: str = "none", jobs: int = 1,
             progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Deal ``shoes`` seeded shoes of ``decks`` decks and tally every bet (see the module docstring).

    ``jobs`` processes share the shoes (the result does not depend on it);
    ``progress(1)`` is called as each shoe is done."""
    check_int(shoes, "shoes")
    check_int(decks, "decks")
    check_int(seed, "seed")
    if not isinstance(burn, str):
        raise TypeError(f"burn must be a str, one of: {', '.join(BURN_RULES)}; not {type(burn).__name__}")
    bets = check_bets(bets)
    parallel.check_jobs(jobs)
    parallel.check_progress(progress)
    if shoes < 1:
        raise ShoeError(f"a simulation deals at least 1 shoe, not {shoes}")
    if decks < 1:
        raise ShoeError(f"a simulated shoe needs at least 1 deck, not {decks}")
    if decks > MAX_DECKS:
        raise ShoeError(f"a simulated shoe has at most {MAX_DECKS:,} decks, not {decks:,}")
    if shoes > MAX_SHOES:
        raise ShoeError(f"a simulation deals at most {MAX_SHOES:,} shoes, not {shoes:,}")
    if burn not in BURN_RULES:
        raise ShoeError(f"unknown burn rule {burn!r}; choose one of: {', '.join(BURN_RULES)}")
    _prepare(bets, decks, burn)
    tallies = [BetTally() for _ in bets]
    coups = 0
    for n, shoe_tallies in parallel.run(play_shoe, shoe_seeds(seed, shoes), jobs, chunk=4, progress=progress,
                                        setup=(_prepare, (bets, decks, burn))):
        coups += n
        for t, s in zip(tallies, shoe_tallies):
            t.merge(s)
    return SimulationResult(shoes, decks, seed, burn, bets, coups, tuple(tallies), _WORK["pricer"].scales)
