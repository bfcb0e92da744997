"""fraction_sums: many Fractions added over one common denominator, the same value as one by one."""

import random
from fractions import Fraction

from exact_odds.in_play.simulate.fraction_sums import fraction_sum
from exact_odds.rules.deal import falling


def test_a_sum_over_one_common_denominator_is_the_sum_one_by_one():
    rng = random.Random(27)
    terms = [Fraction(rng.randint(-10**17, 10**17), 20 * falling(rng.randint(6, 416), 6)) for _ in range(500)]
    terms += [Fraction(19, 20), -1, 8, Fraction(0)]
    one_by_one = Fraction(3, 7)
    for t in terms:
        one_by_one += t
    assert fraction_sum(terms, Fraction(3, 7)) == one_by_one
    assert fraction_sum([]) == 0 and fraction_sum([], Fraction(-1, 3)) == Fraction(-1, 3)
    assert isinstance(fraction_sum([1, 2]), Fraction)
