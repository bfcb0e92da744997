"""Hostile input to banque with punters who know their cards: ``--punters`` and the library entry points."""

from fractions import Fraction

import pytest
from conftest import assert_bad_input_is_one_line

from exact_odds import Shoe
from exact_odds.games.banque.knows import knows_evs, knows_game, knows_gaps
from exact_odds.games.banque.knows_search import solve_knows
from exact_odds.games.banque.model import BanqueError
from exact_odds.rules.shoe import ShoeError

EQ = ["banque", "--equilibrium", "--decks", "inf"]
CASES = (
    [(EQ + ["--punters", v], "--punters") for v in ["cards", "", "know", "x" * 500, "total,know-cards"]]
    + [(["banque", "--punters", "know-cards"], "--punters")]
    + [(["banque", "--punters", "total"], "--punters")]
    + [(EQ + ["--punters", "know-cards", "--punter-five", "9/11"], "--punter-five")]
    + [(EQ + ["--punters", "know-cards", "--theta", "3/2"], "--theta")]
    + [(["banque", "--equilibrium", "--punters", "know-cards", "--shoe", "1,1,1,1,1,1,1,1,0,0,0,0,0"], "9 cards")]
    # the finite know-cards theta table takes minutes: said up front, and run only with --allow-slow
    + [(["banque", "--equilibrium", "--punters", "know-cards", "--decks", "1"], "--allow-slow")]
    + [(["banque", "--allow-slow"], "--allow-slow")]
)


@pytest.mark.parametrize("args, names", CASES, ids=[" ".join(a)[:60] for a in (c[0] for c in CASES)])
def test_bad_input_is_one_line_exit_2_quickly(args, names):
    assert_bad_input_is_one_line(args, names)


@pytest.fixture(scope="module")
def game():
    return knows_game(Shoe.from_counts([0, 0, 0, 0, 3, 0, 0, 0, 0, 6, 0, 0, 0]))  # tens and 5s: fast


@pytest.mark.parametrize("call, error", [
    (lambda g: solve_knows(None), TypeError),
    (lambda g: solve_knows(Shoe.infinite()), TypeError),
    (lambda g: solve_knows(g, Fraction(3, 2)), BanqueError),
    (lambda g: solve_knows(g, 0.5), TypeError),
    (lambda g: knows_game("6 decks"), TypeError),
    (lambda g: knows_game(Shoe.from_counts([1] * 8 + [0] * 5)), ShoeError),
    (lambda g: knows_evs(g, (1,) * 4, (1,) * 5, {}), TypeError),
    (lambda g: knows_evs(g, "11111", (1,) * 5, {}), TypeError),
    (lambda g: knows_evs(g, (1, 1, 1, 1, 2), (1,) * 5, {}), BanqueError),
    (lambda g: knows_evs(g, (1,) * 5, (1, 1, 1, 1, 0.5), {}), TypeError),
    (lambda g: knows_evs(g, (1,) * 5, (1,) * 5, {g.info_sets()[0]: Fraction(-1)}), BanqueError),
    (lambda g: knows_evs(g, (1,) * 5, (1,) * 5, [0.5]), TypeError),
    (lambda g: knows_evs(None, (1,) * 5, (1,) * 5, {}), TypeError),
    (lambda g: knows_gaps(g, Fraction(2), (1,) * 5, (1,) * 5, {}), BanqueError),
    (lambda g: knows_gaps(None, Fraction(1, 2), (1,) * 5, (1,) * 5, {}), TypeError),
])
def test_library_refuses_bad_input(game, call, error):
    with pytest.raises(error):
        call(game)
