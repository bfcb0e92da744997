"""Hostile input to banque's three-person game: ``banque --equilibrium`` and the library entry points."""

from fractions import Fraction

import pytest
from conftest import assert_bad_input_is_one_line

from exact_odds import Shoe
from exact_odds.games.banque.equilibrium import equilibrium_gaps, solve_banque
from exact_odds.games.banque.game import banque_game, cached_game
from exact_odds.games.banque.model import BanqueError
from exact_odds.rules.shoe import ShoeError

EQ = ["banque", "--equilibrium", "--decks", "inf"]
CASES = (
    [(EQ + ["--theta", v], "--theta") for v in ["2", "-1/4", "x", "1/0", "", "nan", "9" * 100]]
    + [(EQ + ["--banker", "optimal"], "--banker")]
    + [(EQ + ["--punter-five", "draw"], "--punter-five")]
    + [(["banque", "--no-theta-table"], "--no-theta-table")]
    + [(["banque", "--equilibrium", "--shoe", "1,1,1,1,1,1,1,1,0,0,0,0,0"], "9 cards")]
    + [(["banque", "--equilibrium", "--decks", "0"], "--decks")]
)


@pytest.mark.parametrize("args, names", CASES, ids=[" ".join(a)[:60] for a, _ in CASES])
def test_bad_input_is_one_line_exit_2_quickly(args, names):
    assert_bad_input_is_one_line(args, names)


@pytest.mark.parametrize("call, error", [
    (lambda: solve_banque(None), TypeError),
    (lambda: solve_banque(Shoe.infinite()), TypeError),
    (lambda: banque_game("6 decks"), TypeError),
    (lambda: banque_game(Shoe.from_counts([1] * 8 + [0] * 5)), ShoeError),
])
def test_api_rejects_bad_arguments_with_its_own_errors(call, error):
    with pytest.raises(error):
        call()


@pytest.mark.slow
@pytest.mark.parametrize("theta, error", [(Fraction(-1), BanqueError), (2, BanqueError), (0.5, TypeError),
                                          (True, TypeError), ("1/2", TypeError)])
def test_bad_theta_is_refused(theta, error):
    with pytest.raises(error):
        solve_banque(cached_game(Shoe.infinite()), theta)


@pytest.mark.slow
def test_gaps_refuse_probabilities_outside_0_1():
    g = cached_game(Shoe.infinite())
    with pytest.raises(BanqueError):
        equilibrium_gaps(g, Fraction(1, 2), Fraction(3, 2), Fraction(1), {})
