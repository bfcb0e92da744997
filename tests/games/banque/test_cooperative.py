"""Banque's cooperative solutions, against an independent formulation and the paper's stated properties.

Ethier and Lee (2015, Games 6:57, abstract): the independent cooperative
equilibrium "exists only for certain theta"; the correlated cooperative
equilibrium "always exists". The oracle here is the banker's side of the same
zero-sum game written as a plain LP over his mixes (sympy's rational simplex,
not the solver's vertex search), and every payoff is priced by
``profile_counts`` (the game's counts), not by the solver's coefficients.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from exact_odds import Shoe
from exact_odds.games.banque.cooperative import CHOICES, correlated, independent
from exact_odds.games.banque.game import cached_game
from exact_odds.games.banque.profile import _ev, profile_counts


def _game():
    return cached_game(Shoe.infinite())


def _v(g, theta, a, b, banker):
    c = profile_counts(g, Fraction(a), Fraction(b), banker)
    return theta * _ev(c, True) + (1 - theta) * _ev(c, False)


@pytest.mark.parametrize("k", [1, 10, 17, 60, 100, 140, 199])
def test_correlated_solution_is_a_saddle_point_priced_from_the_counts(k):
    """The banker's mixes hold every pure choice of the coalition to at most the value, and the
    choices the coalition uses reach it: a saddle point, priced by the game's counts."""
    g, theta = _game(), Fraction(k, 200)
    sol = correlated(g, theta)
    assert sum(sol.p) == 1 and all(0 <= w <= 1 for w in sol.p)
    assert all(0 <= v <= 1 for v in sol.banker.values())
    for w, (a, b) in zip(sol.p, CHOICES):
        v = _v(g, theta, a, b, sol.banker)
        assert v <= sol.value
        if w:
            assert v == sol.value
    left, right = sol.evs()
    assert theta * left + (1 - theta) * right == sol.value


@pytest.mark.parametrize("k", [10, pytest.param(100, marks=pytest.mark.slow)])  # 10 s each
def test_correlated_value_equals_the_banker_plain_lp(k):
    """The banker's minimax LP (min v subject to V(ab, s) <= v for the four pure choices, s in
    [0, 1] per information set; sympy's simplex) has the solver's value."""
    from sympy import Matrix, Rational
    from sympy.solvers.simplex import linprog

    g, theta = _game(), Fraction(k, 200)
    sol = correlated(g, theta)
    sets = g.info_sets()
    stand = {I: Fraction(0) for I in sets}
    base0 = [_v(g, theta, a, b, stand) for a, b in CHOICES]
    base = list(base0)
    # the change in V when the banker draws in set I, from the counts: price "draw in I only"
    # (only where it changes some pure choice's V: the others stay out of the LP)
    cols, moves = [], []
    for I in sets:
        one = dict(stand)
        one[I] = Fraction(1)
        m = [_v(g, theta, a, b, one) - v0 for (a, b), v0 in zip(CHOICES, base0)]
        if any(m):
            if all(v >= 0 for v in m) or all(v <= 0 for v in m):
                if all(v <= 0 for v in m):  # drawing never helps the coalition: the banker draws
                    base = [v0 + dv for v0, dv in zip(base, m)]
                continue
            cols.append(I)
            moves.append(m)
    n = len(cols)
    q = lambda v: Rational(v.numerator, v.denominator)  # noqa: E731
    # variables: s_1..s_n, w (v = w - 1 keeps it nonnegative: |V| < 1)
    A = [[q(moves[j][r]) for j in range(n)] + [-1] for r in range(4)]
    b = [q(-base[r] - 1) for r in range(4)]
    for j in range(n):
        A.append([int(i == j) for i in range(n)] + [0])
        b.append(1)
    val, _ = linprog(Matrix([[0] * n + [1]]), Matrix(A), Matrix(b))
    assert Fraction(int(val.p), int(val.q)) - 1 == sol.value


def test_correlated_always_exists_and_independent_only_for_some_theta():
    """Ethier and Lee (2015, abstract): the correlated solution always exists; the independent one
    "exists only for certain theta" (here: not at 1/20 or 1/2, yes at 3/10)."""
    g = _game()
    for k in (10, 60, 100):
        assert correlated(g, Fraction(k, 200)).value < 0
    assert not independent(g, Fraction(1, 20)).exists
    assert not independent(g, Fraction(1, 2)).exists
    ind = independent(g, Fraction(3, 10))
    assert ind.exists and ind.x == ind.y == Fraction(9, 11)
    assert ind.value == correlated(g, Fraction(3, 10)).value


def test_independent_solution_is_a_saddle_point_in_independent_strategies():
    """Where it exists: the banker's mixes are a best reply to (x, y) (no set where drawing
    would gain him more, priced from the counts), and no pure choice of the coalition beats it."""
    g, theta = _game(), Fraction(3, 10)
    ind = independent(g, theta)
    x, y = ind.x, ind.y
    c = profile_counts(g, x, y, ind.banker)
    here = theta * _ev(c, True) + (1 - theta) * _ev(c, False)
    assert here == ind.value
    for a, b in CHOICES:
        assert _v(g, theta, a, b, ind.banker) <= here
    from exact_odds.games.banque.equilibrium import equilibrium_gaps

    assert equilibrium_gaps(g, theta, x, y, ind.banker)[2] == 0  # the banker's gain from deviating


def test_coalition_does_at_least_as_well_as_at_the_nash_equilibrium():
    """Cooperating can only help the punters against the banker: the correlated value is at least
    the stake-weighted EV at every Nash equilibrium."""
    from exact_odds.games.banque.equilibrium import solve_banque

    g = _game()
    for k in (17, 100):
        theta = Fraction(k, 200)
        v = correlated(g, theta).value
        for e in solve_banque(g, theta).equilibria:
            assert v >= theta * e.left_ev + (1 - theta) * e.right_ev


@pytest.mark.slow
def test_correlated_solution_on_six_decks_is_a_saddle_point():
    """A finite shoe (6 decks, without replacement): the same certificate, priced from the counts."""
    g, theta = cached_game(Shoe.decks(6)), Fraction(1, 2)
    sol = correlated(g, theta)
    for w, (a, b) in zip(sol.p, CHOICES):
        v = _v(g, theta, a, b, sol.banker)
        assert v <= sol.value and (v == sol.value or not w)


def test_product_points_on_a_segment_of_joint_choices():
    """The independent solution on an optimal segment: p00 p11 = p01 p10 solved exactly along it."""
    from exact_odds.games.banque.cooperative import _product_on_segment

    F = Fraction
    # both stand .. both draw: only the ends are products
    assert _product_on_segment((F(1), F(0), F(0), F(0)), (F(0), F(0), F(0), F(1))) == [
        (F(1), F(0), F(0), F(0)), (F(0), F(0), F(0), F(1))]
    # (0, 1, 0, 0) .. (1/3, 0, 1/3, 1/3): t = 0 and t = 3/4 (all four 1/4)
    got = _product_on_segment((F(0), F(1), F(0), F(0)), (F(1, 3), F(0), F(1, 3), F(1, 3)))
    assert (F(1, 4), F(1, 4), F(1, 4), F(1, 4)) in got and (F(0), F(1), F(0), F(0)) in got


def test_independent_at_theta_zero_comes_from_an_optimal_segment():
    """At theta = 0 the left tableau carries no money: the coalition's optimal set is a segment, and
    its product points are independent solutions (the right punter at Kemeny and Snell's 9/11)."""
    g = _game()
    ind = independent(g, Fraction(0))
    assert len(ind.optimal_vertices) == 2 and ind.exists and ind.y == Fraction(9, 11)
