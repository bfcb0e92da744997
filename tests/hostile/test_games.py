"""Hostile input to the games (issue 11): chemin-de-fer and banque, on the command line and in the API."""

from fractions import Fraction

import pytest
from conftest import assert_bad_input_is_one_line

from exact_odds import Shoe
from exact_odds.banque import PunterFive, analyse_banque, banque_walk
from exact_odds.chemin import build_game, game_for, solve
from exact_odds.games.chemin import MODELS

HUGE = ["1e999999999", "1e-99999", "9" * 100, "1/" + "7" * 100]
NOT_NUMBERS = ["x", "²", "1/0", "", "--4", "nan", "inf"]

CASES = (
    [(["chemin-de-fer", "--commission", v], "--commission") for v in HUGE + NOT_NUMBERS + ["1", "-1/20", "2"]]
    + [(["chemin-de-fer", "--decks", v], "--decks") for v in ["0", "-6", "²", "x", "1" * 40, "inf", "1.5"]]
    + [(["chemin-de-fer", "--model", "A1", "--decks", "6"], "A1")]
    + [(["banque", "--theta", v], "--theta") for v in HUGE + NOT_NUMBERS + ["2", "-1/4"]]
    + [(["banque", "--punter-five", v], "--punter-five") for v in HUGE + NOT_NUMBERS + ["drew", "3/2"]]
    + [(["banque", "--banker", "sometimes"], "--banker")]
    + [(["banque", "--shoe", "1,1,1,1,1,1,1,1,0,0,0,0,0"], "9 cards")]
    + [(["banque", "--decks", "inf", "--remove", "5"], "infinite")]
)


@pytest.mark.parametrize("args, names", CASES, ids=[" ".join(a)[:60] for a, _ in CASES])
def test_bad_input_is_one_line_exit_2_quickly(args, names):
    assert_bad_input_is_one_line(args, names)


@pytest.mark.parametrize("call, error", [
    (lambda: solve(None), TypeError),
    (lambda: game_for(5), TypeError),
    (lambda: game_for("Z9"), ValueError),
    (lambda: build_game("8 decks", MODELS["B2"]), TypeError),
    (lambda: solve(game_for("A1"), 0.05), TypeError),
    (lambda: solve(game_for("A1"), Fraction(3, 2)), ValueError),
    (lambda: analyse_banque("x"), TypeError),
    (lambda: analyse_banque(Shoe.decks(1), "sometimes"), ValueError),
    (lambda: analyse_banque(Shoe.decks(1), "optimal", Fraction(2)), ValueError),
    (lambda: analyse_banque(Shoe.decks(1), "optimal", 0.5), TypeError),
    (lambda: PunterFive("draw"), TypeError),
    (lambda: PunterFive(Fraction(3, 2)), ValueError),
    (lambda: banque_walk(Shoe.from_counts([1] * 8 + [0] * 5)), ValueError),
])
def test_the_api_says_what_it_expected(call, error):
    with pytest.raises(error) as info:
        call()
    assert str(info.value)
