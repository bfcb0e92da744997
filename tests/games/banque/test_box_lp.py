"""box_point: a point of [0, 1]^n meeting a few exact linear conditions, or None, checked against
sympy's rational simplex (an independent LP solver) wherever sympy's own answer checks out."""

import random
from fractions import Fraction

import pytest

from exact_odds.games.banque.box_lp import box_point
from exact_odds.games.banque.equilibrium import _lp


def _meets(conds, s):
    def holds(v, want):
        return v == 0 if want == "eq" else (v <= 0 if want == "le" else v >= 0)

    return all(0 <= v <= 1 for v in s) and all(holds(b + sum(c * v for c, v in zip(k, s)), w) for b, k, w in conds)


def test_box_point_agrees_with_sympys_simplex_on_small_random_programs():
    rng = random.Random(1)
    compared = 0
    for _ in range(150):
        n, m = rng.randint(1, 6), rng.randint(1, 4)
        conds = [(rng.randint(-6, 6), [rng.choice([0, 0, rng.randint(-5, 5)]) for _ in range(n)],
                  rng.choice(["le", "ge", "eq", "le"])) for _ in range(m)]
        mine, theirs = box_point(conds, n), _lp(conds, n)
        if mine is not None:
            assert _meets(conds, mine)
        if theirs is None or _meets(conds, theirs):  # sympy 1.14 returns a wrong point on some equalities
            assert (mine is None) == (theirs is None), conds
            compared += 1
    assert compared > 120


def test_a_point_on_the_boundary_and_an_empty_box():
    # s0 + s1 = 2 forces both to 1; s0 - s1 >= 1/2 with s0 + s1 = 2 has no point
    assert box_point([(-2, [1, 1], "eq")], 2) == [Fraction(1), Fraction(1)]
    assert box_point([(-2, [1, 1], "eq"), (-1, [2, -2], "ge")], 2) is None
    assert box_point([(3, [0, 0], "le")], 2) is None


def test_box_point_refuses_a_malformed_condition():
    with pytest.raises(ValueError, match="'eq', 'le' or 'ge'"):
        box_point([(0, [1], "lt")], 1)
    with pytest.raises(ValueError, match="coefficients"):
        box_point([(0, [1, 2], "le")], 1)
