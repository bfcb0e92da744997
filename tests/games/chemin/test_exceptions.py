"""Chemin de fer, model B2: the commissions in [0, 1/10] where the equilibrium changes (Ethier and Lee 2023)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from exact_odds.games.banque.surd import Surd
from exact_odds.games.chemin import game_for, solve
from exact_odds.games.chemin.census import census
from exact_odds.games.chemin.exceptions import exceptional_commissions
from exact_odds.games.chemin.models import ChemError


def test_ethier_lee_2023_b2_six_decks_exception_near_0_0620017_at_3_3_against_a_drawn_6():
    """Ethier and Lee (2023, Games 14:63) find the B2 equilibrium unique "with rare exceptions"; at 6
    decks one falls near alpha = 0.0620017, where the banker's 3+3 against a drawn 6 is tied with his
    0+6 against a standing punter (a quadratic irrational). It is the only one in [0, 1/10]."""
    g = game_for("B2", 6)
    found = exceptional_commissions(g)
    assert len(found) == 1
    e = found[0]
    assert isinstance(e.alpha, Surd)
    assert abs(float(e.alpha.decimal(20)) - 0.0620017) < 5e-8
    assert set(e.ranges) == {((0, 6), None), ((3, 3), 6)}
    assert e.ranges[((3, 3), 6)] == (0, 1) and not e.banker_unique
    # both cells tied at (x, alpha): the banker's payoff from drawing equals that from standing,
    # (1 - alpha) * banker wins - punter wins, straight from the walk's counts
    for cell in e.ranges:
        (pd, bd), (ps, bs) = g.wins[cell, "D"], g.wins[cell, "S"]
        gain = lambda w: w[0] + w[1] * e.x  # noqa: E731
        diff = (1 - e.alpha) * (gain(bd) - gain(bs)) - (gain(pd) - gain(ps))
        assert diff.sign() == 0 if isinstance(diff, Surd) else diff == 0


def test_the_banker_switches_at_3_3_against_6_across_the_exception():
    """Either side of the exceptional commission (rationals 1e-6 away) the solver's unique equilibrium
    plays 3+3 against a drawn 6 differently."""
    g = game_for("B2", 6)
    a = float(exceptional_commissions(g)[0].alpha.decimal(20))
    below, above = (Fraction(round((a + d) * 10**7), 10**7) for d in (-1e-6, 1e-6))
    ys = [solve(g, c).y[((3, 3), 6)] for c in (below, above)]
    assert sorted(ys) == [0, 1]
    assert census(g, below).unique and census(g, above).unique


@pytest.mark.parametrize("decks", [1, 8])
def test_every_exception_ties_two_cells_and_is_in_range(decks):
    for e in exceptional_commissions(game_for("B2", decks)):
        assert 0 <= e.alpha <= Fraction(1, 10)
        assert len(e.ranges) >= 2 and not e.banker_unique
        assert all(0 <= lo <= hi <= 1 for lo, hi in e.ranges.values())


def test_only_b2():
    with pytest.raises(ChemError):
        exceptional_commissions(game_for("A1"))
    with pytest.raises(ChemError):
        exceptional_commissions(game_for("B3", 1))
