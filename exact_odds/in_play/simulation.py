"""Shoes dealt from seeded shuffles, with the exact EV of every bet before every coup.

Each shoe is shuffled by its own ``random.Random`` seeded from the run's
seed (:func:`exact_odds.play.shoe_seeds`), dealt by the punto banco rules
until the cut card comes out (RULES §7), and before every coup each bet's
exact expected value is computed for the composition the bettor knows (the
shoe less the cards seen). The simulation then reports, per bet: how often
the expectation was positive, the average gain per shoe of betting one unit
only then (the exact expectation of that strategy, and what the dealt coups
actually paid), and how the edge moves through the shoe.

The per-coup figures are exact; the summary statistics are Monte Carlo
estimates over the simulated shoes, computed exactly from them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable

from exact_odds.punto_banco import fast
from exact_odds.rules.deal import falling, six_card_total
from exact_odds.bets.paytable import PayTable
from exact_odds.in_play.dealing import BURN_RULES, deal_shoe, shoe_seeds, shuffled_cards
from exact_odds.rules.cards import CARDS_PER_DECK
from exact_odds.rules.shoe import Shoe, ShoeError
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
    by_remaining: dict = field(default_factory=dict)
    best: Fraction | None = None
    worst: Fraction | None = None

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


# State a forked worker inherits (see exact_odds.jobs).
_WORK: dict = {}


def _prepare(bets, decks: int, burn: str) -> None:
    _WORK.update(pricer=fast.pricer(tuple(bets), PUNTO_BANCO).prepare(), decks=decks, burn=burn, bets=tuple(bets))


def play_shoe(seed: int) -> tuple[int, list[BetTally]]:
    """Deal one shoe from ``seed``; returns (coups dealt, one tally per bet)."""
    pricer: fast.Pricer = _WORK["pricer"]
    bets: tuple[PayTable, ...] = _WORK["bets"]
    dealt = deal_shoe(shuffled_cards(_WORK["decks"], seed), _WORK["burn"])
    shoes = [Shoe(c.known) for c in dealt]
    numerators = pricer.batch_ev_numerators(shoes)
    scales = pricer.scales
    tallies = [BetTally() for _ in bets]
    best: list = [None] * len(bets)  # (numerator, denominator) of the best and worst EV so far
    worst: list = [None] * len(bets)
    for coup, shoe, nums in zip(dealt, shoes, numerators):
        n = shoe.size
        total = six_card_total(shoe)
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
                t.realised_gain += fast.payout(bet, coup.deal)
            if best[b] is None or num * best[b][1] > best[b][0] * den:
                best[b] = (num, den)
            if worst[b] is None or num * worst[b][1] < worst[b][0] * den:
                worst[b] = (num, den)
    for t, hi, lo in zip(tallies, best, worst):
        t.best, t.worst = Fraction(*hi), Fraction(*lo)
    return len(dealt), tallies


@dataclass(frozen=True)
class SimulationResult:
    """Totals of a simulation run; rows for tables and a JSON document."""

    shoes: int
    decks: int
    seed: int
    burn: str
    bets: tuple[PayTable, ...]
    coups: int
    tallies: tuple[BetTally, ...]
    scales: tuple[int, ...]

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
        """Ranges of cards remaining, one deck wide, from a full shoe down."""
        full = self.decks * CARDS_PER_DECK
        out = []
        hi = full
        while hi >= 1:
            out.append((max(hi - per + 1, 1), hi))
            hi -= per
        return out


def simulate(shoes: int, decks: int, seed: int, bets, burn: str = "none", jobs: int = 1,
             progress: Callable[[int], None] | None = None) -> SimulationResult:
    """Deal ``shoes`` seeded shoes and tally every bet (see the module docstring)."""
    from exact_odds.in_play import parallel as jobs_mod

    if shoes < 1:
        raise ShoeError(f"--shoes must be at least 1, not {shoes}")
    if decks < 1:
        raise ShoeError(f"--decks must be at least 1 for a simulation, not {decks}")
    if burn not in BURN_RULES:
        raise ShoeError(f"unknown burn rule {burn!r}; choose one of: {', '.join(BURN_RULES)}")
    bets = tuple(bets)
    _prepare(bets, decks, burn)
    tallies = [BetTally() for _ in bets]
    coups = 0
    for n, shoe_tallies in jobs_mod.run(play_shoe, shoe_seeds(seed, shoes), jobs, chunk=4,
                                       progress=progress):
        coups += n
        for t, s in zip(tallies, shoe_tallies):
            t.merge(s)
    return SimulationResult(shoes, decks, seed, burn, bets, coups, tuple(tallies), _WORK["pricer"].scales)
