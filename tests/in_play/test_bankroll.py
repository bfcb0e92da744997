"""Bet sizing and the bankroll (issue 25, item 2): risk of ruin, N0, SCORE, ramps and Kelly bets.

The oracles: the gambler's ruin in closed form (tests/oracles/ruin.py) for the simulated risk of ruin;
hand-computed N0, SCORE, DI and risk of ruin on a toy input; a numerical delta method for their
standard errors; and invariances a ramp must keep (twice the bet: twice the win and SD, the same SCORE).
"""

import math
import random
from fractions import Fraction

import pytest

from exact_odds.bets.selection import builtin_catalog
from exact_odds.in_play.count import CountStrategy
from exact_odds.in_play.simulate import bankroll as money
from exact_odds.in_play.simulate.simulation import simulate
from exact_odds.in_play.simulate.statistics import ShoeTally, StrategyAccumulator
from tests.oracles.ruin import gamblers_ruin
from tests.oracles.delta import delta_method_se

DRAGON7 = builtin_catalog().bet("dragon7")
TAGS = (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)


def test_simulated_ruin_of_a_simple_random_walk_is_the_gamblers_ruin():
    """±1 steps up with chance 11/20 from 5 units: ruined before doubling to 10 with the closed form's
    chance (Feller XIV.2), within 3 standard errors over some 8,000 trials."""
    rng = random.Random(25)
    steps = [1.0 if rng.random() < 0.55 else -1.0 for _ in range(200_000)]
    trials = money.simulated_ruin(steps, [min(s, 0.0) for s in steps], 5)
    p, se = trials.estimate()
    exact = float(gamblers_ruin(Fraction(11, 20), 5, 10))
    assert trials.trials > 5000 and se is not None
    assert abs(p - exact) < 3 * se


def test_simulated_ruin_reads_a_shoes_lowest_point_not_only_its_total():
    # a shoe that dips to -5 and ends at +5 ruins a bankroll of 5; one that dips to -4 does not
    assert money.simulated_ruin([5.0], [-5.0], 5) == money.RuinTrials(1, 0, 0)
    assert money.simulated_ruin([5.0], [-4.0], 5) == money.RuinTrials(0, 1, 0)
    assert money.simulated_ruin([1.0, 1.0], [0.0, 0.0], 5) == money.RuinTrials(0, 0, 2)


def test_risk_of_ruin_formula_by_hand():
    """μ = 0.01, σ = 1, B = 100 units: exp(-2) = 13.53%, and before doubling e^-2 / (1 + e^-2)."""
    assert money.risk_of_ruin(0.01, 1.0, 100)[0] == pytest.approx(math.exp(-2))
    assert money.ruin_before_doubling(0.01, 1.0, 100)[0] == pytest.approx(0.119202922)
    assert money.risk_of_ruin(-0.01, 1.0, 100) is None and money.risk_of_ruin(0.01, 0.0, 100) is None


def toy() -> StrategyAccumulator:
    """Two shoes of 100 coups, each: 10 bets, Σ EV 1, Σ E[X²] 50: μ = 0.01, σ² = 0.5 − 0.0001 = 0.4999."""
    acc = StrategyAccumulator()
    for _ in range(2):
        acc.add(ShoeTally(100, 10, Fraction(1), Fraction(50), Fraction(3), Fraction(10), Fraction(-2)))
    return acc


def test_n0_score_and_hours_to_double_of_a_toy_input_by_hand():
    r = toy().result("toy", None, 100, 100)
    assert r.n0.value == pytest.approx(0.4999 / 0.0001)  # 4,999 coups
    assert r.score.value == pytest.approx(10_000 * 100 * 0.0001 / 0.4999)  # 200.04
    assert r.score.value == pytest.approx(r.desirability_index.value ** 2)  # at 100 coups an hour (BJA)
    assert r.win_per_hour.value == pytest.approx(1.0)
    assert r.sd_per_hour.value == pytest.approx(10 * math.sqrt(0.4999))
    assert r.sd_per_100_coups.value == pytest.approx(10 * math.sqrt(0.4999))
    assert r.hours_to_double.value == pytest.approx(100.0)
    assert r.risk_of_ruin.value == pytest.approx(math.exp(-2 * 0.01 * 100 / 0.4999))


def test_standard_errors_of_n0_score_and_risk_of_ruin_match_a_numerical_delta_method():
    shoes = [(80, 9, Fraction(3, 4), Fraction(41, 2)), (78, 2, Fraction(1, 10), Fraction(5)),
             (81, 12, Fraction(3, 2), Fraction(30)), (79, 0, Fraction(0), Fraction(0)),
             (80, 7, Fraction(1, 3), Fraction(17))]
    acc = StrategyAccumulator()
    for n, b, e, q in shoes:
        acc.add(ShoeTally(n, b, e, q, Fraction(0), Fraction(b), Fraction(0)))
    r = acc.result("test", None, 70, 50)
    n, e, q = ([float(row[k]) for row in shoes] for k in (0, 2, 3))

    def mu(e_, n_):
        return e_ / n_

    def var(e_, q_, n_):
        return q_ / n_ - (e_ / n_) ** 2

    checks = {
        "n0": lambda e_, q_, n_: var(e_, q_, n_) / mu(e_, n_) ** 2,
        "score": lambda e_, q_, n_: 10_000 * 70 * mu(e_, n_) ** 2 / var(e_, q_, n_),
        "risk_of_ruin": lambda e_, q_, n_: math.exp(-2 * mu(e_, n_) * 50 / var(e_, q_, n_)),
        "hours_to_double": lambda e_, q_, n_: 50 / (70 * mu(e_, n_)),
    }
    for name, f in checks.items():
        estimate = getattr(r, name)
        assert estimate.value == pytest.approx(f(sum(e) / 5, sum(q) / 5, sum(n) / 5), rel=1e-9), name
        assert estimate.standard_error == pytest.approx(delta_method_se(f, [e, q, n]), rel=1e-4), name


def test_kelly_bet_of_a_coup_by_hand():
    """EV 1/10 and E[X²] 41/10 (variance 4.09): half Kelly on 1,000 units is 500 × 0.1 / 4.09 = 12.22 units,
    rounded down to 1/100."""
    k = money.Kelly(Fraction(1, 2), 1000)
    assert k.units(Fraction(1, 10), Fraction(41, 10)) == Fraction(1222, 100)
    assert k.units(Fraction(-1, 10), Fraction(41, 10)) == 0


def test_a_ramp_bets_the_step_reached():
    ramp = money.parse_ramp("1@2,2@4,4@6")
    assert [ramp.units(Fraction(t)) for t in (1, 2, 3, 4, Fraction(59, 10), 6, 100)] == [0, 1, 1, 2, 2, 4, 4]
    assert money.parse_ramp("1@0,2@1%", "EV").units(Fraction(1, 100)) == 2


@pytest.fixture(scope="module")
def runs():
    one = CountStrategy("d7", TAGS, Fraction(4))
    flat = simulate(40, 8, 3, [DRAGON7], count=one)
    double = simulate(40, 8, 3, [DRAGON7], count=one, ramp=money.BetRamp(((Fraction(4), Fraction(2)),)),
                      sizing=money.BetRamp(((Fraction(0), Fraction(2)),), "EV"))
    return flat, double


@pytest.mark.parametrize("strategy", ["count_result", "perfect"])
def test_twice_the_bet_is_twice_the_win_and_sd_and_the_same_score_and_n0(runs, strategy):
    flat, double = runs
    a, b = ((r.count_result if strategy == "count_result" else r.perfect[0]) for r in (flat, double))
    assert b.totals.expected_win == 2 * a.totals.expected_win and b.totals.wagered == 2 * a.totals.wagered
    assert b.totals.bets == a.totals.bets
    assert b.win_per_100_coups.value == pytest.approx(2 * a.win_per_100_coups.value)
    assert b.sd_per_coup.value == pytest.approx(2 * a.sd_per_coup.value)
    assert b.score.value == pytest.approx(a.score.value) and b.n0.value == pytest.approx(a.n0.value)
    assert b.advantage_when_betting.value == pytest.approx(a.advantage_when_betting.value)


@pytest.mark.parametrize("spec, by", [("1@0,1.5@0.5%,4@4/3%", "EV"), ("1@-2.5,2@4,3@13/3", "true count"),
                                      ("1/3@1e-2,2@7", "true count")])
def test_a_ramp_reads_back_as_it_is_written(spec, by):
    ramp = money.parse_ramp(spec, by)
    assert money.parse_ramp(ramp.text(), by) == ramp


def test_ruin_trials_played_as_the_shoes_come_are_those_played_at_once():
    """A run plays its ruin trials block by block (it keeps no shoe): the trials carry over the blocks."""
    import random

    rng = random.Random(4)
    totals = [rng.choice([-3.0, -1.0, 0.0, 2.0, 4.0]) for _ in range(400)]
    lows = [min(t, 0.0) - rng.choice([0.0, 1.0]) for t in totals]
    whole = money.simulated_ruin(totals, lows, 6)
    assert whole.trials > 20 and whole.unfinished_shoes > 0
    pieces, at = money.RuinPlay(6), 0
    for size in (1, 7, 0, 150, 2, 240):
        pieces.play(totals[at: at + size], lows[at: at + size])
        at += size
    assert at == 400 and pieces.trials() == whole
