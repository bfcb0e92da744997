"""Banque at theta = 1 against the published chemin de fer model A1 (Kemeny and Snell 1957).

With all the money on the left tableau the banker plays chemin de fer against
it alone (with replacement the right tableau's cards tell him nothing), so the
banque equilibrium must contain Kemeny and Snell's solution of model A1.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from exact_odds import Shoe
from exact_odds.games.banque.equilibrium import equilibrium_gaps, solve_banque
from exact_odds.games.banque.game import cached_game


def rounds_to_percent(x: Fraction, published: str) -> bool:
    places = len(published.split(".")[1])
    return abs(x * 100 - Fraction(published)) <= Fraction(1, 2 * 10**places)


@pytest.mark.slow
def test_kemeny_snell_1957_banque_theta_one_punter_draws_at_5_with_9_11():
    """Kemeny and Snell (1957), "Game-theoretic solution of baccarat", Amer. Math.
    Monthly 64 (model A1; Ethier and Gamez 2013, Games 4:711, section 1): the
    punter draws at 5 with probability 9/11 and the banker's advantage is
    1.2799% (the chemin de fer tests print it as 1.279912%). In banque at theta
    = 1 (Ethier and Lee 2015's with-replacement model) the left punter mixes 9/11
    and his EV is minus that value, equal to the chemin de fer solver's exact value
    (an independent program: linear programs over its 88 cells)."""
    from exact_odds.games.chemin import game_for, solve

    s = solve(game_for("A1"))
    search = solve_banque(cached_game(Shoe.infinite()), Fraction(1))
    assert {e.x for e in search.equilibria} == {Fraction(9, 11)}
    for e in search.equilibria:
        assert e.left_ev == s.punter_value
        assert rounds_to_percent(-e.left_ev, "1.279912")
        assert equilibrium_gaps(search.game, Fraction(1), e.x, e.y, e.banker) == (0, 0, 0)
    assert not search.unique  # the right punter has no money at stake: two equilibria
