"""Monte-Carlo means and their standard errors (in_play/simulate/statistics.py) against hand computations."""

import math
from fractions import Fraction

import pytest

from exact_odds.in_play.simulate.statistics import Estimate, Z95, linearised_estimate, mean_estimate, ratio_estimate
from tests.oracles.delta import delta_method_se


def test_the_standard_error_of_a_mean_by_hand():
    # 1, 2, 3, 6: mean 3; deviations -2, -1, 0, 3; s² = 14/3; SE = √(14/3 / 4) = √(7/6)
    e = mean_estimate([1, 2, 3, 6])
    assert e.value == 3.0 and e.samples == 4
    assert e.standard_error == pytest.approx(math.sqrt(7 / 6), rel=1e-15)
    assert e.low == pytest.approx(3 - 1.959963984540054 * math.sqrt(7 / 6))
    assert e.high == pytest.approx(3 + 1.959963984540054 * math.sqrt(7 / 6))
    assert Z95 == pytest.approx(1.959963984540054)


def test_the_standard_error_of_a_ratio_by_hand():
    # per shoe (wins, coups): (1, 2), (0, 3), (5, 5). R = 6/10; residuals 1-1.2, 0-1.8, 5-3 = -0.2, -1.8, 2
    # Σ² = 0.04 + 3.24 + 4 = 7.28; SE = √(7.28 / (3·2)) / (10/3)
    e = ratio_estimate([1, 0, 5], [2, 3, 5])
    assert e.value == 0.6
    assert e.standard_error == pytest.approx(math.sqrt(7.28 / 6) / (10 / 3), rel=1e-12)


def test_exact_inputs_give_the_exact_mean_rounded_once():
    e = mean_estimate([Fraction(1, 3), Fraction(1, 3), Fraction(1, 3)])
    assert e.value == float(Fraction(1, 3)) and e.standard_error == 0.0
    assert ratio_estimate([Fraction(1, 3)] * 3, [1, 1, 1]).value == float(Fraction(1, 3))


def test_undefined_estimates_say_so():
    assert mean_estimate([5]) == Estimate(5.0, None, 1)  # one shoe: no spread to measure
    assert mean_estimate([5]).low is None
    assert ratio_estimate([0, 0], [0, 0]) == Estimate(None, None, 2)  # nothing bet: no average
    assert mean_estimate([]) == Estimate(None, None, 0)
    assert linearised_estimate(None, [1.0, 2.0], 1.0).value is None


def test_scaling_an_estimate_scales_its_interval():
    e = ratio_estimate([1, 0, 5], [2, 3, 5]).scaled(100)
    assert e.value == pytest.approx(60) and e.standard_error == pytest.approx(100 * math.sqrt(7.28 / 6) / (10 / 3))
    assert mean_estimate([1, 3]).scaled(-1).standard_error == mean_estimate([1, 3]).standard_error


@pytest.mark.parametrize("call, error", [
    (lambda: mean_estimate("123"), TypeError),
    (lambda: mean_estimate([1, None]), TypeError),
    (lambda: mean_estimate([True, 1]), TypeError),
    (lambda: mean_estimate([1, float("nan")]), ValueError),
    (lambda: ratio_estimate([1, 2], [1]), ValueError),
])
def test_bad_samples_are_refused(call, error):
    with pytest.raises(error):
        call()


def test_running_ratio_moments_give_the_same_standard_error():
    from exact_odds.in_play.simulate.statistics import RatioMoments

    for shift in (0.0, 0.5, -3.0):
        m = RatioMoments(shift)
        for y, n in ((1, 2), (0, 3), (5, 5), (0, 0)):
            m.add(y, n)
        e = m.estimate(Fraction(6, 10), 4, 10)
        # four shoes (one with no coup): residuals -0.2, -1.8, 2, 0; SE = √(7.28 / (4·3)) / (10/4)
        assert e.value == 0.6 and e.standard_error == pytest.approx(math.sqrt(7.28 / 12) / 2.5, rel=1e-12)
        other = ratio_estimate([1, 0, 5, 0], [2, 3, 5, 0])
        assert (e.value, e.samples) == (other.value, other.samples)
        assert e.standard_error == pytest.approx(other.standard_error, rel=1e-12)


def test_strategy_standard_errors_match_a_numerical_delta_method():
    from exact_odds.in_play.simulate.statistics import ShoeTally, StrategyAccumulator

    shoes = [(80, 9, Fraction(3, 4), Fraction(41, 2), Fraction(39)), (78, 2, Fraction(1, 10), Fraction(5), 0),
             (81, 12, Fraction(3, 2), Fraction(30), Fraction(-12)), (79, 0, Fraction(0), Fraction(0), Fraction(0)),
             (80, 7, Fraction(1, 3), Fraction(17), Fraction(33))]
    acc = StrategyAccumulator()
    for n, b, e, q, r in shoes:
        acc.add(ShoeTally(n, b, e, q, r, Fraction(b), min(Fraction(r), Fraction(0))))
    result = acc.result("test", None)
    n, b, e, q, r = ([float(row[k]) for row in shoes] for k in range(5))

    def sd(e_, q_, n_):
        return math.sqrt(q_ / n_ - (e_ / n_) ** 2)

    checks = {
        "bet_frequency": (lambda b_, n_: b_ / n_, [b, n]),
        "advantage_when_betting": (lambda e_, b_: e_ / b_, [e, b]),
        "win_per_100_coups": (lambda e_, n_: 100 * e_ / n_, [e, n]),
        "win_per_shoe": (lambda e_: e_, [e]),
        "realised_win_per_shoe": (lambda r_: r_, [r]),
        "sd_per_coup": (sd, [e, q, n]),
        "desirability_index": (lambda e_, q_, n_: 1000 * (e_ / n_) / sd(e_, q_, n_), [e, q, n]),
    }
    for name, (f, columns) in checks.items():
        estimate = getattr(result, name)
        assert estimate.value == pytest.approx(f(*[sum(c) / 5 for c in columns]), rel=1e-12), name
        assert estimate.standard_error == pytest.approx(delta_method_se(f, columns), rel=1e-5), name


def test_one_contributing_shoe_gives_no_standard_error():
    """Every coup bet fell in one shoe: the spread between shoes says nothing, so no SE is claimed."""
    from exact_odds.in_play.simulate.statistics import RatioMoments

    assert ratio_estimate([0, Fraction(3, 2), 0], [0, 4, 0]) == Estimate(0.375, None, 3)
    m = RatioMoments(0.1)
    for y, n in ((0, 0), (1.5, 4), (0, 0)):
        m.add(y, n)
    assert m.estimate(Fraction(3, 8), 3, 4) == Estimate(0.375, None, 3)


def test_bounded_intervals_stay_in_bounds():
    e = ratio_estimate([1, 0, 0, 0], [50, 50, 50, 50]).bounded(0.0, 1.0)  # a share: 1 in 200
    assert e.value == 0.005 and e.value - Z95 * e.standard_error < 0
    assert e.low == 0.0 and e.high == pytest.approx(0.005 + Z95 * e.standard_error)
    assert e.scaled(100).low == 0.0 and e.scaled(100).upper == 100.0
    flipped = e.scaled(-1)
    assert flipped.lower == -1.0 and flipped.upper == 0.0 and flipped.high == 0.0
