"""Chemin de fer: how many equilibria, whether the banker's mix is unique, and model A1 under commission.

The uniqueness proof (exact_odds.games.chemin.census) is checked against an
independent formulation: a plain linear programme over *every* banker cell
(sympy's rational simplex), whose constraints are only "the banker's payoff is
his best-reply payoff" and "the punter's payoff slope is 0", with no knowledge
of which cells are tied.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from exact_odds.games.chemin import game_for, solve
from exact_odds.games.chemin.census import census


@pytest.mark.parametrize("alpha", [Fraction(0), Fraction(1, 100), Fraction(1, 40), Fraction(1, 20),
                                   Fraction(3, 40), Fraction(1, 10)])
def test_ethier_lee_2023_a1_punter_draws_at_5_with_probability_9_minus_alpha_over_11_minus_6_alpha(alpha):
    """Ethier and Lee (2023, Games 14:63): under model A1 with commission alpha on banker wins,
    the punter draws at 5 with probability (9 - alpha) / (11 - 6 alpha) (9/11 at alpha = 0,
    Kemeny and Snell 1957), and that equilibrium is unique."""
    g = game_for("A1")
    s = solve(g, alpha)
    assert s.x == ((9 - alpha) / (11 - 6 * alpha),)
    c = census(g, alpha)
    assert c.found == 1 and c.unique


def test_ethier_lee_2023_b2_equilibrium_is_unique_at_six_decks_and_five_percent():
    """Ethier and Lee (2023, abstract): "with rare exceptions, the Nash equilibrium is unique"
    (model B2); 6 decks at the casino's 5 percent is not one of the exceptions."""
    c = census(game_for("B2", 6), Fraction(1, 20))
    assert c.complete and c.found == 1 and c.unique


@pytest.mark.slow  # about 35 s each: sympy's simplex on 484 cells
@pytest.mark.parametrize("decks", [1, 2, 6, 8])
@pytest.mark.parametrize("alpha", [Fraction(0), Fraction(1, 20)])
def test_b2_uniqueness_agrees_with_a_plain_lp_over_every_cell(decks, alpha):
    _agrees_with_plain_lp(game_for("B2", decks), alpha)


def test_a1_uniqueness_agrees_with_a_plain_lp_over_every_cell():
    _agrees_with_plain_lp(game_for("A1"), Fraction(0))


def _agrees_with_plain_lp(game, alpha):
    """Least and greatest draw probability of each cell the census calls tied, and the sum of the
    others' departures from the equilibrium, over the banker's equilibrium mixes: an LP over all cells."""
    from sympy import Matrix, Rational
    from sympy.solvers.simplex import linprog

    s = solve(game, alpha)
    x = s.x[0]
    cells = list(game.cells)
    bl, _ = game.lines("banker", alpha)
    pl, _ = game.lines("punter", alpha)
    at = lambda line: line[0] + line[1] * x  # noqa: E731
    best = sum(max(at(bl[c, "S"]), at(bl[c, "D"])) for c in cells)
    # banker: sum_j S_j + y_j (D_j - S_j) >= best  (i.e. -(...) <= -best)
    row_b = [-(at(bl[c, "D"]) - at(bl[c, "S"])) for c in cells]
    rhs_b = -(best - sum(at(bl[c, "S"]) for c in cells))
    # punter: slope sum_j S'_j + y_j (D'_j - S'_j) = 0 (x strictly between 0 and 1 here)
    assert 0 < x < 1
    row_p = [pl[c, "D"][1] - pl[c, "S"][1] for c in cells]
    rhs_p = -sum(pl[c, "S"][1] for c in cells)
    n = len(cells)
    A = [row_b] + [[int(i == j) for i in range(n)] for j in range(n)]
    b = [rhs_b] + [1] * n
    q = lambda v: Rational(v.numerator, v.denominator) if isinstance(v, Fraction) else v  # noqa: E731
    A = Matrix([[q(v) for v in r] for r in A])
    b = Matrix([q(v) for v in b])
    Ae, be = Matrix([row_p]), Matrix([rhs_p])

    def extreme(obj):
        val, _ = linprog(Matrix([obj]), A, b, Ae, be)
        return Fraction(int(val.p), int(val.q))

    c = census(game, alpha, x)
    y = s.y
    for cell, (lo, hi) in c.banker_ranges.items():
        j = cells.index(cell)
        e = [0] * n
        e[j] = 1
        assert extreme(e) == lo
        assert -extreme([-v for v in e]) == hi
    # every other cell is pinned: the total departure from y over them can only be 0
    away = [0 if cell in c.banker_ranges else (1 if y[cell] == 0 else -1) for cell in cells]
    assert -extreme([-v for v in away]) == sum(v * y[cell] for v, cell in zip(away, cells))
    assert c.banker_unique == all(lo == hi for lo, hi in c.banker_ranges.values())


@pytest.mark.parametrize("decks", range(1, 9))
def test_downton_lockwood_1975_b2_solution_is_unique_for_one_to_eight_decks(decks):
    """Ethier and Gamez (2013, Games 4:711, introduction): Downton and Lockwood (1975) "found the
    unique solution" of model B2 for d = 1, ..., 8 decks. Proved here: one equilibrium, the banker's
    mix unique."""
    c = census(game_for("B2", decks))
    assert c.complete and c.found == 1 and c.unique


def test_kemeny_snell_1957_a1_solution_is_unique():
    """Ethier and Gamez (2013, introduction): Kemeny and Snell "found the unique solution" of model A1."""
    assert census(game_for("A1")).unique


def test_ethier_gamez_2013_b3_uniqueness_is_not_claimed():
    """Ethier and Gamez (2013) "suspect that these optimal strategies are uniquely optimal, but we do
    not have a proof" (model B3): neither do we, and the census says so rather than guess."""
    c = census(game_for("B3", 6))
    assert not c.complete and c.banker_unique is None and not c.unique
