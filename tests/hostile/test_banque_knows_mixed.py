"""Hostile input to the know-cards search with mixed holdings and to the middle bet priced at its equilibrium."""

from fractions import Fraction

import pytest

from exact_odds import Shoe
from exact_odds.games.banque.knows import knows_evs, knows_game, knows_gaps
from exact_odds.games.banque.knows_middle import knows_joint, knows_middle
from exact_odds.games.banque.knows_search import solve_knows
from exact_odds.games.banque.model import BanqueError
from exact_odds.games.banque.surd import Surd

ABOVE_ONE = Surd(Fraction(1), Fraction(1, 10), 2)  # 1.14...: not a probability
BELOW_ZERO = Surd(Fraction(0), Fraction(-1, 10), 2)


@pytest.fixture(scope="module")
def game():
    return knows_game(Shoe.from_counts([0, 0, 0, 0, 3, 0, 0, 0, 0, 6, 0, 0, 0]))  # tens and 5s: fast


@pytest.mark.parametrize("call, error", [
    (lambda g: solve_knows(g, Fraction(1, 2), mixed="yes"), TypeError),
    (lambda g: solve_knows(g, Fraction(1, 2), mixed=1), TypeError),
    (lambda g: solve_knows(g, Fraction(1, 2), progress=5), TypeError),
    (lambda g: knows_evs(g, (ABOVE_ONE, 1, 1, 1, 1), (1,) * 5, {}), BanqueError),
    (lambda g: knows_evs(g, (1,) * 5, (BELOW_ZERO, 1, 1, 1, 1), {}), BanqueError),
    (lambda g: knows_evs(g, (1,) * 5, (1,) * 5, {g.info_sets()[0]: ABOVE_ONE}), BanqueError),
    (lambda g: knows_gaps(g, Fraction(1, 2), (ABOVE_ONE,) + (1,) * 4, (1,) * 5, {}), BanqueError),
    (lambda g: knows_joint(None, (1,) * 5, (1,) * 5, {}), TypeError),
    (lambda g: knows_joint(g, (1,) * 4, (1,) * 5, {}), TypeError),
    (lambda g: knows_joint(g, (1,) * 5, (1,) * 5, [0.5]), TypeError),
    (lambda g: knows_joint(g, (Fraction(1, 2), Fraction(1, 3), 1, 1, 1), (1,) * 5, {}), BanqueError),
    (lambda g: knows_joint(g, (1,) * 5, (1,) * 5, {i: Surd(Fraction(1, 2), Fraction(1, 9), 2)
                                                   for i in g.info_sets()[:2]}), BanqueError),
    (lambda g: knows_middle(g, None), TypeError),
    (lambda g: knows_middle(g, "equilibrium"), TypeError),
])
def test_library_refuses_bad_input(game, call, error):
    with pytest.raises(error):
        call(game)
