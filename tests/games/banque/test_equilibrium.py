"""Banque as a three-person game: the game walk, the exact surds, the equilibrium search.

The expensive finite-shoe equilibria are under ``slow``; the default tests
use the infinite deck (ten banker totals) and small checks."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

from exact_odds import Shoe
from exact_odds.games.banque import PunterFive, banque_walk
from exact_odds.games.banque.equilibrium import equilibrium_gaps, profile_counts, solve_banque
from exact_odds.games.banque.game import banque_game, cached_game, five_weights
from exact_odds.games.banque.model import BanqueError
from exact_odds.games.banque.surd import Surd, quadratic_roots, sign, surd_text

def _small_shoe() -> Shoe:
    return Shoe.decks(1)


@pytest.mark.parametrize("q", [pytest.param(Fraction(1), marks=pytest.mark.slow),
                               pytest.param(Fraction(0), marks=pytest.mark.slow),
                               pytest.param(Fraction(9, 11), marks=pytest.mark.slow)])
def test_game_weighted_by_a_common_rule_is_the_banque_walk(q):
    """Weighting the game's five flags by q on both sides gives the existing
    walk's counts (which the naive enumerator checks), cell by cell."""
    shoe = _small_shoe()
    g = cached_game(shoe)
    w = banque_walk(shoe, PunterFive(q))
    qd = q.denominator
    wl = np.array([[int(v * qd) for v in row] for row in five_weights(q)], dtype=object)
    x = (g.joint * wl[None, None, :, :, None, None, None, None]
         * wl[None, None, None, None, None, :, :, None]).sum(axis=(3, 6))
    assert (x == w.info).all()
    assert g.forced == tuple(f // (qd * qd) for f in w.forced)


@pytest.mark.slow
def test_profile_of_pure_rules_equals_the_fixed_policy_prices():
    """The game priced at a pure profile (both punters draw on 5, the banker the
    optimal policy of the walk) equals the walk's own pricing."""
    shoe = _small_shoe()
    g = cached_game(shoe)
    r = banque_walk(shoe).price("optimal", Fraction(1, 3))
    draws = r.walk.banker_draws("optimal", Fraction(1, 3))
    banker = {(h, la, ra): Fraction(int(draws[h, la, ra])) for h, la, ra in g.info_sets()}
    counts = profile_counts(g, Fraction(1), Fraction(1), banker)
    assert [list(row) for row in counts] == r.joint


def test_half_is_symmetric_and_checked():
    """theta = 1/2, with replacement: one (x, y), proven unique, x = y,
    equal tableau EVs, and no player gains by deviating (exact)."""
    search = solve_banque(cached_game(Shoe.infinite()), Fraction(1, 2))
    assert search.unique
    e = search.first
    assert e.x == e.y and e.left_ev == e.right_ev
    assert e.banker_edge == -e.left_ev
    assert sum(sum(row) for row in e.joint) == 1
    assert all(0 <= p <= 1 for row in e.joint for p in row)


@pytest.mark.slow
def test_a_strategy_that_is_not_an_equilibrium_has_a_positive_gap():
    """The check can fail: both punters always drawing on 5 against the
    banker's reply leaves a punter a profitable deviation."""
    g = cached_game(Shoe.infinite())
    search = solve_banque(g, Fraction(1, 2))
    banker = search.first.banker
    gaps = equilibrium_gaps(g, Fraction(1, 2), Fraction(1), Fraction(1), banker)
    assert max(gaps) > 0


def test_bad_arguments():
    with pytest.raises(TypeError):
        solve_banque("six decks", Fraction(1, 2))
    with pytest.raises(BanqueError):
        solve_banque(cached_game(Shoe.infinite()), Fraction(3, 2))
    with pytest.raises(TypeError):
        solve_banque(cached_game(Shoe.infinite()), 0.5)


# --- exact quadratic surds ------------------------------------------------------

@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(st.fractions(max_denominator=50), st.fractions(max_denominator=50), st.sampled_from([2, 3, 5, 7, 12]),
       st.fractions(max_denominator=50), st.fractions(max_denominator=50))
def test_surd_arithmetic_and_sign_agree_with_sympy(a, b, d, c, e):
    import sympy

    x, y = Surd.of(a, b, d), Surd.of(c, e, d)
    sx = sympy.Rational(a.numerator, a.denominator) + sympy.Rational(b.numerator, b.denominator) * sympy.sqrt(d)
    sy = sympy.Rational(c.numerator, c.denominator) + sympy.Rational(e.numerator, e.denominator) * sympy.sqrt(d)
    for mine, theirs in ((x + y, sx + sy), (x - y, sx - sy), (x * y, sx * sy)):
        assert sign(mine) == sympy.sign(sympy.nsimplify(theirs))
        assert sympy.simplify(sympy.sympify(surd_text(mine).replace("sqrt", "sqrt")) - theirs) == 0
    if sign(y) != 0:
        assert sympy.simplify(sympy.sympify(surd_text(x / y)) - sx / sy) == 0


def test_surd_sign_near_zero_is_exact():
    """Signs that floats cannot see: 1 - sqrt(1 + 10**-30) squared terms."""
    big = 10**15
    x = Surd.of(big, -1, big * big + 1)  # big - sqrt(big^2 + 1) < 0, about -1/(2 big)
    assert sign(x) == -1 and sign(-x) == 1
    assert float(x) == 0.0 or float(x) < 0
    assert sign(x * Surd.of(big, 1, big * big + 1)) == -1  # (big^2 - big^2 - 1) = -1
    assert x * Surd.of(big, 1, big * big + 1) == -1


def test_quadratic_roots_are_exact():
    roots = quadratic_roots(1, -2, -1)  # 1 -+ sqrt(2), the square factor of 8 taken out
    assert [surd_text(r) for r in roots] == ["(1 - 1*sqrt(2))/1", "(1 + 1*sqrt(2))/1"]
    for r in roots:
        assert sign(r * r - 2 * r - 1) == 0
    assert quadratic_roots(1, 0, -4) == [Fraction(-2), Fraction(2)]
    assert quadratic_roots(1, 0, 1) == []


# --- finite shoes (slow: minutes each) ------------------------------------------

@pytest.mark.slow
def test_six_decks_half_is_an_irrational_symmetric_equilibrium():
    """6 decks without replacement, theta = 1/2: both punters mix with the same
    irrational probability, the banker mixes in one set; checked exactly."""
    g = banque_game(Shoe.decks(6))
    search = solve_banque(g, Fraction(1, 2))
    assert search.unique
    e = search.first
    assert isinstance(e.x, Surd) and e.x == e.y
    assert len(e.mixed) == 1
    assert equilibrium_gaps(g, Fraction(1, 2), e.x, e.y, e.banker) == (0, 0, 0)
    from exact_odds.report.banque import equilibrium_report
    from exact_odds.report.emit import emit

    doc = equilibrium_report(search, [], exact=True).document
    assert "sqrt" in doc["equilibria"][0]["x"] and doc["equilibria"][0]["x"] == doc["equilibria"][0]["y"]
    assert "0.8037907224" in emit(equilibrium_report(search, [], exact=True), "text")
