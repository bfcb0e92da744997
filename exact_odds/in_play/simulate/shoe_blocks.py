"""One block of simulated shoes, dealt and priced together: what each worker of ``simulate`` does.

A block is a list of shoe seeds. Its shoes are shuffled as
:func:`~exact_odds.in_play.dealing.shuffled_cards` shuffles them and dealt
together (:func:`~exact_odds.in_play.simulate.deal_batch.deal_block`); every coup of
the block is priced by ONE :meth:`~exact_odds.punto_banco.pricer.Pricer.value_batch`
call; then each bet's tallies are taken from arrays. The result,
:class:`BlockPlay`, is the same as dealing and pricing the shoes one by one:

* the exact sums (EV numerators by cards left, wins, second moments) are Python
  integers and Fractions, whose order does not matter;
* the floats kept for standard errors are formed per shoe exactly as before:
  each coup's ``num / den`` is Python's correctly rounded division, the sum of a
  band of 52 cards left adds them in deal order (``numpy.cumsum`` along the shoe,
  with 0.0 where a coup is in another band: adding 0.0 changes no float here, the
  sums start at +0.0), and a shoe's total is the built-in ``sum`` of its bands;
* each coup's edge, rounded to 1/EDGE_RESOLUTION, is ``floor(1/2 - R num/den)``
  taken from the float where that float is more than 1e-6 from a whole number
  (its error is below (2|x| + 1) 2**-52 < 5e-7 for |x| < 2**30), else exactly.

No count here exceeds int64: cards are at most 52,000 a shoe, tags at most 1,000.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import chain
from operator import truediv
from typing import Any, Sequence

import numpy as np

from exact_odds.bets.paytable import PayTable
from exact_odds.in_play._display import short
from exact_odds.in_play.count import CountStrategy
from exact_odds.in_play.simulate.deal_batch import (DealtBlock, deal_block, shuffled_block, value_counts,  # noqa: F401
                                                    warm_tables)
from exact_odds.in_play.simulate.bankroll import Kelly
from exact_odds.in_play.simulate.edge_counts import EdgeCounts, count_edges, merge_edge_counts
from exact_odds.in_play.simulate.fraction_sums import fraction_sum
from exact_odds.in_play.dealing import CARDS_BEHIND_CUT
from exact_odds.in_play.simulate.statistics import StrategyAccumulator
from exact_odds.punto_banco.pricer import Pricer, cached_pricer, pay_scale, payout
from exact_odds.report.numbers import decimal_text
from exact_odds.rules.cards import CARDS_PER_DECK, RANK_VALUES
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO

#: Resolution of the recorded distribution of the house edge (for percentile bands):
#: each coup's exact edge is rounded to the nearest 1/EDGE_RESOLUTION (0.001%).
EDGE_RESOLUTION = 10**5

#: Cards dealt together in one block at most (a block's running counts are 13 int32 per card).
BLOCK_CARDS = 125_000

#: rank index -> value, as a (13, 10) 0/1 matrix: value counts = rank counts @ this
RANK_TO_VALUE = np.zeros((13, 10), dtype=np.int64)
RANK_TO_VALUE[np.arange(13), RANK_VALUES] = 1


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


@dataclass(frozen=True)
class BetBlock:
    """One bet over a block of S shoes: its tally, perfect play shoe by shoe, and per shoe and band
    of 52 cards left (``bands`` of them, from a full shoe down) the sum of the coups' EVs as floats
    (``band_ev``), the coups (``band_coups``) and those with EV > 0 (``band_positive``); ``shoe_ev``
    each shoe's sum of its bands; ``edges``: its coups by cards left and rounded edge."""

    tally: BetTally
    perfect: StrategyAccumulator
    band_ev: Any
    band_coups: Any
    band_positive: Any
    shoe_ev: list[float]
    edges: EdgeCounts


@dataclass(frozen=True)
class BlockPlay:
    """A block of shoes dealt: its coups, each bet's :class:`BetBlock`, and the count's play."""

    shoes: int
    coups: int
    bets: tuple[BetBlock, ...]
    count: StrategyAccumulator | None
    #: the trigger search's sums (a triggers.TriggerSums; None: no search)
    search: Any = None


#: A shoe's sums before its first bet, and a flat bet (Fractions are immutable: one is shared).
_ZERO = Fraction(0)
_ONE = Fraction(1)

# State a forked worker inherits (see exact_odds.in_play.workers.parallel).
_WORK: dict[str, Any] = {}


def prepare(bets: tuple[PayTable, ...], decks: int, burn: str, cut_card: int = CARDS_BEHIND_CUT,
            count: CountStrategy | None = None, count_bet: int = 0, sizing: Any = None, ramp: Any = None,
            triggers: tuple[Fraction, ...] = ()) -> None:
    """The state :func:`play_block` reads, made in each worker (forked workers inherit it):
    the pricer of the value-level bets; card-level ones are priced coup by coup (card_play).
    ``sizing``: perfect play's bets (None: one unit; a BetRamp by EV, or Kelly); ``ramp``: the
    count's (None: one unit; a BetRamp by true count); ``triggers``: the count's candidate
    triggers, each played with one unit on the same coups (the trigger search)."""
    value = [i for i, b in enumerate(bets) if b.is_value_level]
    card = [i for i in range(len(bets)) if i not in value]  # priced coup by coup (card_play)
    pricer = cached_pricer(tuple(bets[i] for i in value), PUNTO_BANCO).prepare() if value else None
    warm_tables(decks)  # (before the workers fork: they inherit them)
    _WORK.update(pricer=pricer, value=value, card=card, decks=decks, burn=burn,
                 bets=tuple(bets), scales=tuple(pay_scale(b) for b in bets), cut_card=cut_card, count=count,
                 count_bet=count_bet, sizing=sizing, ramp=ramp, triggers=tuple(triggers))


def _units(sizing: Any, ev: Fraction, m2: Fraction) -> Fraction:
    """Perfect play's bet on a coup of positive exact ``ev`` and ``E[payout²]`` = ``m2``."""
    if sizing is None:
        return _ONE
    if isinstance(sizing, Kelly):
        return sizing.units(ev, m2)
    return sizing.units(ev)


#: Blocks per worker, about, and blocks at least: enough for an even share and the progress bar; fewer,
#: larger blocks spend less on numpy's calls (a block's shoes are shuffled, dealt and tallied together):
#: 1,000 8-deck shoes in blocks of 250 took 10% less CPU than in blocks of 125.
BLOCKS_PER_WORKER = 2
MIN_BLOCKS = 4


def block_sizes(shoes: int, decks: int, workers: int, card_level: bool = False) -> list[int]:
    """Shoes per block, block after block: about :data:`BLOCKS_PER_WORKER` blocks per worker and at least
    :data:`MIN_BLOCKS`, at most :data:`BLOCK_CARDS` cards; one shoe a block with a card-level bet
    (seconds a shoe). The result of a run never depends on it. (Blocks shrinking towards the end, so
    that the workers finish together, made ``simulate --shoes 1000 --jobs 2`` 4% slower: the larger
    first blocks cost more than the idle end saved.)"""
    if card_level:
        return [1] * shoes
    blocks = max(MIN_BLOCKS, BLOCKS_PER_WORKER * max(workers, 1))
    per = max(1, min(BLOCK_CARDS // (CARDS_PER_DECK * decks), -(-shoes // blocks)))
    return [min(per, shoes - i) for i in range(0, shoes, per)]


def seed_blocks(seeds: Sequence[int], sizes: Sequence[int]) -> list[tuple[int, ...]]:
    """``seeds`` cut into consecutive blocks of ``sizes``."""
    out, at = [], 0
    for size in sizes:
        out.append(tuple(seeds[at: at + size]))
        at += size
    return out


class _Priced:
    """One bet's prices before every coup of a block: EV numerators over ``dens`` (scale × total),
    and per coup on demand Σ (scaled payout)² × line count and what the coup paid; ``ev``, if
    made already, each coup's ``num / den`` as a float (:func:`_floats`). ``nums`` and ``dens`` are
    lists of Python integers or int64 arrays (read a coup's with ``int``)."""

    def __init__(self, nums: Sequence[int], dens: Sequence[int], second: Any, paid: Any, ev: Any = None):
        self.nums, self.dens, self.second, self.paid = nums, dens, second, paid
        self.ev = _floats(nums, dens) if ev is None else ev


def _floats(nums: Sequence[int], dens: Sequence[int]) -> Any:
    """Each ``num / den`` as Python's correctly rounded division gives it (float64 array)."""
    return np.array(list(map(truediv, nums, dens)), dtype=np.float64)


def _exact_floats(nums: Any, dens: Any) -> Any:
    """:func:`_floats` of two int64 arrays (``dens`` > 0): numpy's division where both operands are
    exact in float64 (IEEE division is then correctly rounded, as Python's ``int / int`` is; a
    denominator ``scale × total`` has the trailing zeros of ``total``, a multiple of 6!, so it is
    exact well past 2**53), Python's own for the others."""
    fn, fd = nums.astype(np.float64), dens.astype(np.float64)
    ev = fn / fd
    for i in np.flatnonzero(~(_exact_in_float(nums, fn) & _exact_in_float(dens, fd))).tolist():
        ev[i] = int(nums[i]) / int(dens[i])
    return ev


def _exact_in_float(ints: Any, floats: Any) -> Any:
    """Where ``floats`` (``ints`` converted) is the same whole number as ``ints``."""
    inside = np.abs(floats) < 2.0**62  # (where the cast back to int64 is defined)
    return inside & (np.where(inside, floats, 0.0).astype(np.int64) == ints)


def _int64_rows(rows: Sequence[Sequence[int]], width: int) -> Any:
    """``rows`` (lists of Python integers, ``width`` each) as a (len, width) int64 array, or None
    if one does not fit."""
    try:
        return np.fromiter(chain.from_iterable(rows), dtype=np.int64, count=len(rows) * width).reshape(-1, width)
    except (OverflowError, ValueError):
        return None


def _value_prices(dealt: DealtBlock, counted: Any) -> dict[int, _Priced]:
    """Every value-level bet priced by one :meth:`Pricer.value_batch` call over the block's coups;
    the line counts (for E[payout²]) of the coups some strategy bets (EV > 0, or ``counted``
    where the count is played on a value-level bet) by one more batch. The numerators and
    denominators are int64 arrays where they fit (the compiled kernel's always do), else lists of
    Python integers."""
    pricer: Pricer = _WORK["pricer"]
    value: list[int] = _WORK["value"]
    if not value or not len(dealt):
        return {b: _Priced([], [], None, None) for b in value}
    numerators, totals = pricer.value_batch(value_counts(dealt.known))
    table = _int64_rows(numerators, len(value))
    total = _int64_rows([totals], len(totals))
    if table is not None and total is not None and int(total.max()) <= (2**63 - 1) // max(pricer.scales):
        total = total[0]
        columns = [table[:, j] for j in range(len(value))]
        dens = [scale * total for scale in pricer.scales]
        evs = [_exact_floats(nums, d) for nums, d in zip(columns, dens)]
        # EV > 0 for some bet: num > 0 (den > 0), as the float's sign says
        wanted = np.logical_or.reduce([nums > 0 for nums in columns])
    else:  # a count past int64: Python integers
        columns = list(zip(*numerators))
        dens = [list(map(scale.__mul__, totals)) for scale in pricer.scales]
        evs = [_floats(nums, d) for nums, d in zip(columns, dens)]
        # EV > 0 for some bet: num / den (den > 0) is a float of num's sign, never 0.0 for num != 0
        wanted = np.logical_or.reduce([ev > 0 for ev in evs])
    if counted is not None and _WORK["count_bet"] in value:
        wanted |= counted
    bet_on = np.flatnonzero(wanted).tolist()
    shoes = [Shoe(tuple(dealt.known[i].tolist())) for i in bet_on]
    line_counts = dict(zip(bet_on, pricer.batch_counts(shoes))) if shoes else {}

    def second_of(j: int) -> Any:
        off, pays = pricer.offsets[j], pricer.payouts[j]
        return lambda i: sum(p * p * c for p, c in zip(pays, line_counts[i][off: off + len(pays)]))

    out = {}
    for j, b in enumerate(value):
        bet = _WORK["bets"][b]
        out[b] = _Priced(columns[j], dens[j], second_of(j), lambda i, bet=bet: payout(bet, dealt.deal(i)), evs[j])
    return out


def _card_prices(dealt: DealtBlock, ranks: Any, suits: Any) -> dict[int, _Priced]:
    """Every card-level bet priced coup by coup on the suited shoe left (card_play)."""
    card: list[int] = _WORK["card"]
    if not card:
        return {}
    from exact_odds.in_play.simulate.card_play import card_payout, price_cards, suited_known  # only for card-level bets
    bets = [_WORK["bets"][b] for b in card]
    scales = [_WORK["scales"][b] for b in card]
    decks, burn = _WORK["decks"], _WORK["burn"]
    rows: list[list] = []
    cards: list[list[tuple[int, int]]] = []
    shoe, start, size = dealt.shoe.tolist(), dealt.start.tolist(), dealt.size.tolist()
    for s in range(dealt.shoes):
        at = [i for i in range(len(shoe)) if shoe[i] == s]
        r, u = ranks[s].tolist(), suits[s].tolist()
        known = suited_known(r, u, decks, [start[i] for i in at], 0 if burn == "face-value" else None)
        for i, k in zip(at, known):
            rows.append(price_cards(k, bets, scales))
            cards.append([(r[q], u[q]) for q in range(start[i], start[i] + size[i])])
    out = {}
    for j, (b, bet, scale) in enumerate(zip(card, bets, scales)):
        pays = [int(p * scale) for p in [line.pays for line in bet.lines] + [bet.otherwise]]
        out[b] = _Priced([row[j][0] for row in rows], [scale * row[j][1] for row in rows],
                         lambda i, j=j, pays=pays: sum(p * p * c for p, c in zip(pays, rows[i][j][2])),
                         lambda i, bet=bet: card_payout(bet, dealt.deal(i), cards[i]))
    return out


def play_block(seeds: Sequence[int]) -> BlockPlay:
    """Deal the shoes of ``seeds`` and price every bet before every coup (module docstring)."""
    bets: tuple[PayTable, ...] = _WORK["bets"]
    decks = _WORK["decks"]
    count, count_bet = _WORK["count"], _WORK["count_bet"]
    ranks, suits = shuffled_block(decks, seeds)
    dealt = deal_block(ranks, _WORK["burn"], cut_card=_WORK["cut_card"])
    s_count, c_count = len(seeds), len(dealt)
    known = dealt.known
    counted = count_decisions(count, known, decks) if count is not None else None
    counted_alone = counted  # the count's own decisions (counted grows by the trigger search's coups)
    ramp, triggers = _WORK["ramp"], _WORK["triggers"]
    steps = bins = None
    if count is not None and (ramp is not None or triggers):
        balanced, unseen = balanced_counts(count, known, decks)
        if ramp is not None:  # the ramp's steps reached (0: none)
            steps = levels_reached(balanced, unseen, [t for t, _ in ramp.steps]).tolist()
        if triggers:  # every coup at the lowest candidate trigger or above is recorded, in its bin
            reached = levels_reached(balanced, unseen, triggers)
            counted = counted | (reached > 0)
            bins = (reached - 1).tolist()
    priced = {**_value_prices(dealt, counted), **_card_prices(dealt, ranks, suits)}
    left = known.sum(axis=1)
    left_list = left.tolist()
    shoe = dealt.shoe
    per_shoe = np.bincount(shoe, minlength=s_count)
    # A shoe's coups in one band of 52 cards left are consecutive (the coups are in deal order):
    # one row of ``grid`` per (shoe, band), its coups from the left, so that a cumulative sum along
    # the rows adds each band's EVs in deal order (then 0.0s, which change no sum here).
    bands = decks
    segment = shoe * bands + (CARDS_PER_DECK * decks - left) // CARDS_PER_DECK  # nondecreasing
    band_coups = np.bincount(segment, minlength=s_count * bands)
    at = np.arange(c_count) - (np.cumsum(band_coups) - band_coups)[segment]  # place in its band
    grid = np.zeros((s_count * bands, int(band_coups.max()) if c_count else 1), dtype=np.float64)
    band_coups = band_coups.reshape(s_count, bands)
    out = []
    count_acc = None
    search_sums = None
    for b, (bet, scale) in enumerate(zip(bets, _WORK["scales"])):
        p = priced[b]
        nums, dens = p.nums, p.dens
        ev = p.ev
        positive = ev > 0
        tally = _tally(nums, dens, ev, positive, left, left_list)
        bet_coups = np.flatnonzero(positive if counted is None or b != count_bet else positive | counted)
        # per shoe: coups bet, Σ w EV, Σ w² E[X²], Σ w × paid, Σ w, the lowest running Σ w × paid
        sums = [[0, _ZERO, _ZERO, _ZERO, _ZERO, _ZERO] for _ in range(s_count)]
        count_sums = None
        search = None
        if count is not None and b == count_bet:
            count_sums = [[0, _ZERO, _ZERO, _ZERO, _ZERO, _ZERO] for _ in range(s_count)]
            if _WORK["triggers"]:
                from exact_odds.in_play.simulate.triggers import TriggerSums

                search = TriggerSums(_WORK["triggers"], s_count)
        sizing = _WORK["sizing"]
        gains: list[Fraction] = []  # the coups bet's EVs and what they paid (added at once: fraction_sums)
        paids: list[Fraction] = []
        for i in bet_coups.tolist():
            num, den = int(nums[i]), int(dens[i])
            e = Fraction(num, den)
            m2 = Fraction(p.second(i), scale * den)
            paid = p.paid(i)
            s = int(shoe[i])
            targets = []
            if positive[i]:
                w = _units(sizing, e, m2)
                if w:
                    targets.append((sums[s], w))
                gains.append(e)
                paids.append(paid)
            if count_sums is not None and counted is not None and counted[i]:
                if bins is not None and bins[i] >= 0:
                    search.add(s, bins[i], e, m2)
                if counted_alone[i]:
                    w = _ONE if steps is None else (ramp.steps[steps[i] - 1][1] if steps[i] else _ZERO)
                    if w:
                        targets.append((count_sums[s], w))
            for acc, w in targets:
                acc[0] += 1
                if w is _ONE:  # a flat bet: the sums of one unit, without multiplying by 1
                    acc[1] += e
                    acc[2] += m2
                    acc[3] += paid
                else:
                    acc[1] += w * e
                    acc[2] += w * w * m2
                    acc[3] += w * paid
                acc[4] += w
                if acc[3] < acc[5]:
                    acc[5] = acc[3]
        tally.expected_gain = fraction_sum(gains, tally.expected_gain)
        tally.realised_gain = fraction_sum(paids, tally.realised_gain)
        perfect = StrategyAccumulator()
        perfect.add_shoes(per_shoe.tolist(), sums)
        if count_sums is not None and count is not None:
            count_acc = StrategyAccumulator()
            count_acc.add_shoes(per_shoe.tolist(), count_sums)
            search_sums = search
        grid[segment, at] = ev
        band_ev = np.cumsum(grid, axis=1)[:, -1].reshape(s_count, bands)
        band_positive = np.bincount(segment, weights=positive, minlength=s_count * bands).astype(np.int64)
        band_positive = band_positive.reshape(s_count, bands)  # (whole numbers below 2**53: exact)
        # each shoe's bands with coups added in order, from 0.0, as a plain loop of float additions would
        shoe_ev = np.cumsum(np.where(band_coups > 0, band_ev, 0.0), axis=1)[:, -1].tolist()
        out.append(BetBlock(tally, perfect, band_ev, band_coups, band_positive, shoe_ev,
                            _rounded_edges(nums, dens, ev, left)))
    return BlockPlay(s_count, c_count, tuple(out), count_acc, search_sums)


def _tally(nums: Sequence[int], dens: Sequence[int], ev: Any, positive: Any, left: Any,
           left_list: list[int]) -> BetTally:
    """A bet's tally over the block's coups, except the gains (added by the caller)."""
    t = BetTally(coups=len(nums), positive=int(positive.sum()))
    if not len(nums):
        return t
    sums = _sums_by_remaining(nums, left, left_list)
    coups = np.bincount(left)
    pos = np.bincount(left, weights=positive).astype(np.int64)  # whole numbers below 2**53: exact
    t.by_remaining = {n: [int(coups[n]), s, int(pos[n])] for n, s in sums.items()}
    # Division is rounded monotonically, so the best EV is among the coups whose float is the largest.
    for attr, pick, where in (("best", max, np.flatnonzero(ev == ev.max())),
                              ("worst", min, np.flatnonzero(ev == ev.min()))):
        setattr(t, attr, pick(Fraction(int(nums[i]), int(dens[i])) for i in where.tolist()))
    return t


def _sums_by_remaining(nums: Sequence[int], left: Any, left_list: list[int]) -> dict[int, int]:
    """cards left -> the sum of ``nums`` of the coups with that many cards left, from the most
    cards down: exact. Where every num is int64, by halves (hi·2**32 + lo with 0 <= lo < 2**32 and
    |hi| <= 2**31) added by cards left in float64, exactly: fewer than 2**21 coups keep every
    partial sum below 2**53; else in Python integers."""
    try:
        v = np.asarray(nums, dtype=np.int64)
    except OverflowError:
        v = None
    if v is None or len(v) >= 2**21:
        sums: dict[int, int] = dict.fromkeys(sorted(set(left_list), reverse=True), 0)
        for n, x in zip(left_list, nums):
            sums[n] += x
        return sums
    present = np.flatnonzero(np.bincount(left))[::-1]  # the numbers of cards left, most first
    low = np.bincount(left, weights=(v & 0xFFFFFFFF).astype(np.float64))[present].tolist()
    high = np.bincount(left, weights=(v >> 32).astype(np.float64))[present].tolist()
    return {n: (int(h) << 32) + int(lo) for n, h, lo in zip(present.tolist(), high, low)}


def balanced_counts(count: CountStrategy, known: Any, decks: int) -> tuple[Any, Any]:
    """Before each coup: 13 × the balanced running count, and the cards unseen (the true count is
    52 × the first over 13 × the second: exact_odds.in_play.count)."""
    seen = 4 * decks - known  # cards of each rank seen (or burned) before the coup
    tags = np.array(count.tags, dtype=np.int64)
    balanced = 13 * (seen @ tags) - seen.sum(axis=1) * int(tags.sum())  # |.| < 2**40: exact
    return balanced, known.sum(axis=1)


def levels_reached(balanced: Any, unseen: Any, thresholds: Sequence[Fraction]) -> Any:
    """Per coup, how many of the rising ``thresholds`` its true count ``52 balanced / (13 unseen)``
    reaches: ``52 × balanced × den >= 13 × num × unseen`` for each, in Python integers (exact)."""
    lhs = (CARDS_PER_DECK * balanced).astype(object)
    rhs = (13 * unseen).astype(object)
    reached = np.zeros(len(balanced), dtype=np.int64)
    for t in thresholds:
        reached += np.array(lhs * t.denominator >= rhs * t.numerator, dtype=bool)
    return reached


def count_decisions(count: CountStrategy, known: Any, decks: int) -> Any:
    """Whether the count bets before each coup: :meth:`CountStrategy.bets`, for every coup at once."""
    balanced, unseen = balanced_counts(count, known, decks)
    t = count.trigger
    # CARDS_PER_DECK × balanced × den >= 13 × num × unseen, in Python integers (any trigger)
    lhs = (CARDS_PER_DECK * balanced).astype(object) * t.denominator
    rhs = (13 * unseen).astype(object) * t.numerator
    return np.array(lhs >= rhs, dtype=bool)


def _rounded_edges(nums: Sequence[int], dens: Sequence[int], ev: Any, left: Any) -> EdgeCounts:
    """Each coup's (cards left, edge rounded to 1/EDGE_RESOLUTION), counted: int64 edges while every
    one is below 2**38 in size (a margin under :data:`~exact_odds.in_play.simulate.edge_counts.INT64_EDGE`
    for the float's error), else Python integers."""
    if not len(nums):
        return merge_edge_counts([])
    x = 0.5 - EDGE_RESOLUTION * ev
    key = np.floor(x)
    frac = x - key
    unsure = np.flatnonzero((frac < 1e-6) | (frac > 1 - 1e-6) | (np.abs(x) >= 2.0**30))
    small = np.abs(x).max() < 2.0**38
    key = key.astype(np.int64) if small else key.astype(object)
    for i in unsure.tolist():
        num, den = int(nums[i]), int(dens[i])
        key[i] = (-2 * num * EDGE_RESOLUTION + den) // (2 * den)
    return count_edges(left, key, np.ones(len(key), dtype=np.int64))
