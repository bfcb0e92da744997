"""Counting a bet through simulated shoes: a count strategy beside perfect play, in the same shoes.

A *count strategy* gives each rank an integer tag (A..K). Before every coup
the bettor knows the cards seen so far (dealt, and the burn card turned
face up); the **running count** is the sum of their tags and the **true
count** is the running count, less what the seen cards bring on average,
per deck of cards not yet seen:
``52 × (running count − cards seen × mean tag) / cards unseen`` (exact, not
rounded), where the mean tag ``Σ tags / 13`` is that of a full shoe. For a
balanced count (tags adding up to 0, such as Jacobson's Dragon 7 count) this
is the usual running count per deck left; an unbalanced count is balanced so,
and never drifts towards betting as the shoe goes down. The strategy bets
one unit when the true count is at least its trigger. **Perfect play** bets one
unit when the bet's exact expected value for the unseen cards is positive.

Both are played on the *same* simulated shoes (:mod:`exact_odds.in_play.dealing`:
seeded shuffles, the cut card, the burn), so the difference between them is
the cost of counting rather than computing, measured on identical cards.

For each strategy, with X the result of one coup (the bet's payout when it
bets, 0 when it sits out) and the exact EV and second moment of every coup
bet (from the exact line counts of the unseen cards):

* bet frequency: coups bet / coups dealt;
* advantage when betting: mean exact EV of the coups bet (the bettor's edge);
* win per 100 coups and per shoe: the exact EVs of the coups bet, summed
  per coup dealt (×100) and per shoe;
* SD per coup: ``√(E[X²] − E[X]²)`` over every coup dealt;
* desirability index: ``1000 × E[X] / SD`` (Schlesinger, *Blackjack Attack*:
  win rate per round over SD per round, times 1,000).

Each is a Monte-Carlo mean over the shoes with its standard error and 95%
interval (:mod:`exact_odds.in_play.simulate.statistics`). The sums behind them are
kept exactly (Fractions) in :class:`StrategyTotals`.

:func:`countability` is the study a par sheet needs: the effect of removal
of one bet, the best linear count for it (:mod:`exact_odds.in_play.simulate.removal`),
its trigger from the linear estimate of the EV (:func:`linear_trigger`), and
the count and perfect play simulated side by side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Callable, Sequence

from exact_odds.in_play._display import html_table, short
from exact_odds.bets.paytable import PayTable
from exact_odds.in_play.workers import parallel
from exact_odds.in_play.count import MAX_TRIGGER, CountError, CountStrategy  # noqa: F401
from exact_odds.in_play.dealing import (CARDS_BEHIND_CUT, check_deal, check_int, check_run, deal_shoe, shoe_seeds,
                                        shuffled_cards)
from exact_odds.in_play.simulate.bankroll import COUPS_PER_HOUR, check_bankroll, check_coups_per_hour
from exact_odds.in_play.simulate.removal import EffectOfRemoval, LinearCount, effect_of_removal, linear_count
from exact_odds.in_play.simulate.statistics import (  # noqa: F401
    ASSUMPTION, ShoeTally, StrategyAccumulator, StrategyResult, StrategyTotals)
from exact_odds.in_play.sweep.sweep import check_bets
from exact_odds.punto_banco.pricer import Pricer, cached_pricer, payout
from exact_odds.rules.cards import CARDS_PER_DECK, RANKS
from exact_odds.rules.deal import six_card_total
from exact_odds.rules.shoe import Shoe, ShoeError
from exact_odds.rules.tableau import PUNTO_BANCO

#: Shoes :func:`countability` deals unless told otherwise: 3 to 8 s at 8 decks on one core of the
#: shared 2-core machine as its load varied (most of it pricing every coup, ~6-15 ms a shoe), with
#: standard errors about 7% of Dragon 7's win per shoe by counting.
DEFAULT_SHOES = 500
def linear_trigger(eor: EffectOfRemoval, tags: Sequence[int], bet: int = 0) -> Fraction:
    """The least whole true count at which the count's linear estimate of the bettor's EV is >= 0.

    Removing a set of cards from a full shoe of N cards changes the EV by about
    ``(N − 1)/n × Σ_seen (−EOR(r) − mean)`` with n cards left (the EV as a
    linear function of the proportions of the ranks, fitted to the EOR).
    Fitting ``−EOR`` to the tags by least squares over the cards of the shoe
    (slope β) gives ``EV ≈ EV₀ + β (N − 1)/52 × true count`` (the true count
    balanced as :class:`CountStrategy` does); the trigger is the least whole number where that reaches 0. A
    count whose tags do not move with the EV (β <= 0) has no trigger: CountError."""
    if not isinstance(eor, EffectOfRemoval):
        raise TypeError(f"linear_trigger needs an EffectOfRemoval (from effect_of_removal), not {type(eor).__name__}")
    check_int(bet, "bet")
    if not 0 <= bet < len(eor.bets):
        raise CountError(f"bet must be an index of the EffectOfRemoval's bets, 0 to {len(eor.bets) - 1}, not {bet}")
    tags = CountStrategy("check", tuple(tags), Fraction(0)).tags
    row, shoe = eor.eor[bet], eor.shoe
    w = [shoe.ranks[r] if row[r] is not None else 0 for r in range(13)]
    v = [-(row[r] or Fraction(0)) for r in range(13)]
    total = sum(w)
    mean_t = Fraction(sum(wi * t for wi, t in zip(w, tags)), total)
    mean_v = sum((wi * vi for wi, vi in zip(w, v)), Fraction(0)) / total
    var_t = sum((wi * (t - mean_t) ** 2 for wi, t in zip(w, tags)), Fraction(0))
    cov = sum((wi * (t - mean_t) * (vi - mean_v) for wi, t, vi in zip(w, tags, v)), Fraction(0))
    if var_t == 0 or cov <= 0:
        raise CountError("these tags do not rise with the bettor's EV (their fit to minus the EOR has no positive "
                         "slope), so no true count makes the bet worth making; give a trigger")
    slope = cov / var_t
    ev0 = -eor.edges[bet]
    needed = -ev0 * CARDS_PER_DECK / (slope * (shoe.size - 1))
    return Fraction(math.ceil(needed))


# --- one shoe ----------------------------------------------------------------

# State a forked worker inherits (see exact_odds.in_play.workers.parallel).
_WORK: dict[str, Any] = {}


def play_shoe(seed: int) -> tuple[ShoeTally, ...]:
    """Deal one shoe from ``seed``; one tally for perfect play, then one per count strategy."""
    pricer: Pricer = _WORK["pricer"]
    bet: PayTable = _WORK["bet"]
    counts: tuple[CountStrategy, ...] = _WORK["counts"]
    full = 4 * _WORK["decks"]
    dealt = deal_shoe(shuffled_cards(_WORK["decks"], seed), _WORK["burn"], cut_card=_WORK["cut_card"],
                      one_more_coup=_WORK["one_more_coup"])
    shoes = [Shoe(c.known) for c in dealt]
    rows = pricer.batch_counts(shoes)
    off, pays, scale = pricer.offsets[0], pricer.payouts[0], pricer.scales[0]
    # per strategy: coups bet, Σ EV, Σ E[X²], Σ paid, units bet, the lowest running Σ paid
    sums = [[0, Fraction(0), Fraction(0), Fraction(0), Fraction(0), Fraction(0)] for _ in range(1 + len(counts))]
    # Each count's 13 × balanced running count, kept up to date card by card: the cards seen
    # before the first coup (the burn card turned up), then each coup's cards after it.
    balanced = [s._balanced_13([full - k for k in dealt[0].known]) if dealt else 0 for s in counts]
    weights = [[13 * t - sum(s.tags) for t in s.tags] for s in counts]
    triggers = [(s.trigger.numerator, s.trigger.denominator) for s in counts]
    for coup, shoe, row in zip(dealt, shoes, rows):
        lines = row[off: off + len(pays)]
        num = sum(p * c for p, c in zip(pays, lines))  # EV × scale × total
        unseen = shoe.size
        # true count >= trigger, as CountStrategy.bets decides it
        decisions = [num > 0] + [CARDS_PER_DECK * b * den >= 13 * tn * unseen
                                 for b, (tn, den) in zip(balanced, triggers)]
        for i, w in enumerate(weights):
            balanced[i] += sum(w[r] for r in coup.cards)
        if not any(decisions):
            continue
        total = six_card_total(shoe)
        ev = Fraction(num, scale * total)
        m2 = Fraction(sum(p * p * c for p, c in zip(pays, lines)), scale * scale * total)
        paid = payout(bet, coup.deal)
        for acc, d in zip(sums, decisions):
            if d:
                _bet(acc, ev, m2, paid)
    return tuple(ShoeTally(len(dealt), *acc) for acc in sums)


def _bet(acc: list[Any], ev: Fraction, m2: Fraction, paid: Fraction) -> None:
    """One unit bet on a coup, added to a shoe's sums (see :func:`play_shoe`)."""
    acc[0] += 1
    acc[1] += ev
    acc[2] += m2
    acc[3] += paid
    acc[4] += 1
    if acc[3] < acc[5]:
        acc[5] = acc[3]


def play_block(seeds: Sequence[int]) -> list[tuple[ShoeTally, ...]]:
    """:func:`play_shoe` of each seed, for a block of shoes dealt and priced together
    (:mod:`exact_odds.in_play.simulate.shoe_blocks`): the same tallies, exactly."""
    from exact_odds.in_play.simulate.deal_batch import deal_block, shuffled_block, value_counts
    from exact_odds.in_play.simulate.shoe_blocks import count_decisions

    pricer: Pricer = _WORK["pricer"]
    bet: PayTable = _WORK["bet"]
    counts: tuple[CountStrategy, ...] = _WORK["counts"]
    decks = _WORK["decks"]
    ranks, _ = shuffled_block(decks, seeds)
    dealt = deal_block(ranks, _WORK["burn"], cut_card=_WORK["cut_card"], one_more_coup=_WORK["one_more_coup"])
    known = dealt.known
    off, pays, scale = pricer.offsets[0], pricer.payouts[0], pricer.scales[0]
    nums: list[int] = []
    totals: list[int] = []
    if len(dealt):
        numerators, totals = pricer.value_batch(value_counts(known))
        nums = [r[0] for r in numerators]
    decisions = [[n > 0 for n in nums]] + [count_decisions(c, known, decks).tolist() for c in counts]
    bet_on = [i for i in range(len(dealt)) if any(d[i] for d in decisions)]
    lines = dict(zip(bet_on, pricer.batch_counts([Shoe(tuple(known[i].tolist())) for i in bet_on]))) \
        if bet_on else {}
    per_shoe = dealt.coups_per_shoe()
    sums = [[[0, Fraction(0), Fraction(0), Fraction(0), Fraction(0), Fraction(0)] for _ in decisions]
            for _ in seeds]
    shoe = dealt.shoe.tolist()
    for i in bet_on:
        total = totals[i]
        ev = Fraction(nums[i], scale * total)
        row = lines[i][off: off + len(pays)]
        m2 = Fraction(sum(p * p * c for p, c in zip(pays, row)), scale * scale * total)
        paid = payout(bet, dealt.deal(i))
        for acc, d in zip(sums[shoe[i]], decisions):
            if d[i]:
                _bet(acc, ev, m2, paid)
    return [tuple(ShoeTally(c, *acc) for acc in shoe_sums) for c, shoe_sums in zip(per_shoe, sums)]


# --- many shoes ---------------------------------------------------------------

@dataclass(frozen=True)
class CountStudy:
    """Perfect play and every count strategy, played on the same simulated shoes."""

    bet: PayTable
    decks: int
    cut_card: int
    burn: str
    seed: int
    shoes: int
    coups: int
    #: perfect play first, then each count strategy in the order given
    strategies: tuple[StrategyResult, ...]
    #: one more coup was dealt after the coup the cut card came out in
    one_more_coup: bool = False

    @property
    def perfect_play(self) -> StrategyResult:
        return self.strategies[0]

    @property
    def assumptions(self) -> tuple[str, ...]:
        return (ASSUMPTION,
                "Each coup's EV is exact for the cards the bettor has not seen (the shoe less the cards dealt and "
                "the burn card turned up); wins per coup and per shoe add those exact EVs, not the simulated "
                "payouts (which are given beside them as realised wins).",
                "The true count divides by the decks of unseen cards exactly (no rounding, no deck estimation).") + (
                ("When the cut card came out during a coup, one more coup was dealt.",) if self.one_more_coup else ())

    def __repr__(self) -> str:
        names = ", ".join(s.name for s in self.strategies)
        more = " and one more coup" if self.one_more_coup else ""
        return short(f"CountStudy({self.bet.name}, {self.shoes} shoes of {self.decks} decks, cut card "
                     f"{self.cut_card}{more}, seed {self.seed}: {names})")

    def _repr_html_(self) -> str:
        return strategies_html(f"{self.bet.name}: {self.shoes} shoes of {self.decks} decks, {self.cut_card} cards "
                               f"behind the cut card, seed {self.seed}", self.strategies)


def strategies_html(caption: str, strategies: Sequence[StrategyResult]) -> str:
    """A notebook table: one row per statistic, one column per strategy, 'estimate ± SE'."""
    def cell(e: Any) -> str:
        if e.value is None:
            return "-"
        return f"{e.value:.6g}" + ("" if e.standard_error is None else f" ± {e.standard_error:.2g}")

    rows = [[name.replace("_", " ")] + [cell(getattr(s, name)) for s in strategies]
            for name in StrategyResult.STATISTICS]
    return html_table(caption + " (± one standard error)", ["Statistic"] + [s.name for s in strategies], rows)


def check_study(bet: PayTable, decks: int, cut_card: int, shoes: int, seed: int, burn: str, jobs: int,
                progress: Callable[[int], None] | None) -> PayTable:
    """The checks every counting study makes (the library's own words)."""
    if not isinstance(bet, PayTable):
        raise TypeError(f"a counting study takes one bet, a PayTable (such as builtin_catalog().bets['dragon7']), "
                        f"not {type(bet).__name__}")
    (bet,) = check_bets([bet])
    check_run(shoes, decks, seed, burn, cut_card, jobs, progress)
    if not bet.is_value_level:
        raise ShoeError(f"bet {bet.name!r} looks at ranks or suits; a counting study needs a value-level bet")
    return bet


def _prepare(bet: PayTable, decks: int, burn: str, cut_card: int, counts: tuple[CountStrategy, ...],
             one_more_coup: bool = False) -> None:
    """The state :func:`play_shoe` reads, set in each worker (forked workers inherit it; others build it)."""
    _WORK.update(pricer=cached_pricer((bet,), PUNTO_BANCO).prepare(), bet=bet, decks=decks, burn=burn,
                 cut_card=cut_card, counts=counts, one_more_coup=one_more_coup)


def count_study(bet: PayTable, decks: int, counts: Sequence[CountStrategy], *, cut_card: int = CARDS_BEHIND_CUT,
                shoes: int = DEFAULT_SHOES, seed: int = 1, burn: str = "none", jobs: int = 1,
                progress: Callable[[int], None] | None = None, one_more_coup: bool = False,
                coups_per_hour: Fraction | int = COUPS_PER_HOUR, bankroll: Fraction | int | None = None) -> CountStudy:
    """Deal ``shoes`` seeded shoes; play perfect play and every count on ``bet`` in each (module docstring).

    ``one_more_coup``: when the cut card comes out during a coup, one more coup is dealt (the rule
    of published studies, :func:`~exact_odds.in_play.dealing.deal_shoe`; ``cut_card`` >= 11).
    The result does not depend on ``jobs``; ``progress(1)`` is called as each shoe is done. Each
    strategy's rates, N0 and SCORE are at ``coups_per_hour``; a ``bankroll`` (units) adds its risks
    of ruin and hours to double (:mod:`exact_odds.in_play.simulate.bankroll`)."""
    bet = check_study(bet, decks, cut_card, shoes, seed, burn, jobs, progress)
    check_deal(PUNTO_BANCO, burn, cut_card, one_more_coup)
    coups_per_hour = check_coups_per_hour(coups_per_hour)
    if bankroll is not None:
        bankroll = check_bankroll(bankroll)
    if isinstance(counts, CountStrategy) or isinstance(counts, (str, bytes)):
        raise TypeError("counts must be a list of CountStrategy (one per count to play)")
    counts = tuple(counts)
    if any(not isinstance(c, CountStrategy) for c in counts):
        raise TypeError("counts must be CountStrategy objects, such as CountStrategy('mine', tags, Fraction(4))")
    from exact_odds.blas import one_blas_thread
    from exact_odds.in_play.simulate.shoe_blocks import block_sizes, seed_blocks

    setup = (bet, decks, burn, cut_card, counts, one_more_coup)
    _prepare(*setup)
    acc = [StrategyAccumulator(bankroll, keep_shoes=False) for _ in range(1 + len(counts))]
    seeds = shoe_seeds(seed, shoes)
    blocks = seed_blocks(seeds, block_sizes(shoes, decks, jobs if isinstance(jobs, int) else 4))
    with one_blas_thread():  # the processes share the cores already (exact_odds.blas)
        for block in parallel.run(play_block, blocks, jobs, chunk=1, size=len, progress=progress,
                                  setup=(_prepare, setup)):
            for tallies in block:  # shoe by shoe, in the order of the seeds
                for a, t in zip(acc, tallies):
                    a.add(t)
    names = ["perfect play"] + [c.name for c in counts]
    strategies = tuple(a.result(name, c, coups_per_hour, bankroll) for a, name, c in zip(acc, names, (None,) + counts))
    return CountStudy(bet, decks, cut_card, burn, seed, shoes, acc[0].coups, strategies, one_more_coup)


# --- the par sheet's countability study ------------------------------------------

@dataclass(frozen=True)
class Countability:
    """Can ``bet`` be beaten by counting? Exact EOR and best linear count; the count's trigger;
    the count and perfect play simulated on the same shoes."""

    bet: PayTable
    decks: int
    #: exact effect of removal on the full shoe of ``decks`` decks
    eor: EffectOfRemoval
    #: the best linear count (tags and exact squared betting correlation)
    count: LinearCount
    level: int
    #: the true count at which the count bets (:func:`linear_trigger`)
    trigger: Fraction
    study: CountStudy

    @property
    def house_edge(self) -> Fraction:
        """The bet's exact house edge off the top of the shoe."""
        return self.eor.edges[0]

    @property
    def count_play(self) -> StrategyResult:
        return self.study.strategies[1]

    @property
    def perfect_play(self) -> StrategyResult:
        return self.study.strategies[0]

    @property
    def trigger_rule(self) -> str:
        return ("the least whole true count at which the count's linear estimate of the bettor's EV "
                "(EV off the top + slope of minus the EOR on the tags × (cards − 1)/52 × true count) is at least 0")

    @property
    def assumptions(self) -> tuple[str, ...]:
        return self.study.assumptions + (f"Trigger: {self.trigger_rule}.",)

    def __repr__(self) -> str:
        return short(f"Countability({self.bet.name}, {self.decks} decks: count {self.count.tags}, trigger "
                     f"{self.trigger}; count wins {self.count_play.win_per_shoe!r} per shoe, perfect play "
                     f"{self.perfect_play.win_per_shoe!r})")

    def _repr_html_(self) -> str:
        tags = " ".join(f"{r}:{t:+d}" if t else f"{r}:0" for r, t in zip(RANKS, self.count.tags))
        return strategies_html(f"Countability of {self.bet.name}, {self.decks} decks: count {tags}, betting "
                               f"correlation {self.count.correlation_text(4)}, trigger {self.trigger}",
                               self.study.strategies)


def countability(bet: PayTable, decks: int, *, cut_card: int = CARDS_BEHIND_CUT, shoes: int = DEFAULT_SHOES,
                 seed: int = 1, jobs: int = 1, progress: Callable[[int], None] | None = None,
                 level: int = 2, burn: str = "none") -> Countability:
    """The effect of removal of ``bet`` on ``decks`` decks, its best linear count at ``level``
    (:func:`~exact_odds.in_play.simulate.removal.linear_count`), that count's trigger
    (:func:`linear_trigger`), and the count beside perfect play on ``shoes`` simulated shoes."""
    bet = check_study(bet, decks, cut_card, shoes, seed, burn, jobs, progress)
    eor = effect_of_removal(Shoe.decks(decks), [bet])
    count = linear_count(eor.eor[0], eor.shoe.ranks, level)
    trigger = linear_trigger(eor, count.tags)
    strategy = CountStrategy(f"linear count, true count >= {trigger}", count.tags, trigger)
    study = count_study(bet, decks, [strategy], cut_card=cut_card, shoes=shoes, seed=seed, burn=burn, jobs=jobs,
                        progress=progress)
    return Countability(bet, decks, eor, count, level, trigger, study)
