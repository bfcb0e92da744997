"""Banque when punters know their two cards (issue 15): exact checks of the model.

* The know-cards counts, summed over the holdings of 5, are the total
  model's counts, cell by cell (two different groupings of the kernel).
* Every holding forced to the same q prices exactly as the total model's
  punter at q, against the same banker play (an independent consistency
  check: different counts, different pricing code).
* An equilibrium found has every gain from deviating exactly 0, and a
  profile that is not one has a positive gain (the check can fail).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from exact_odds.games.banque.game import banque_game
from exact_odds.games.banque.knows import knows_evs, knows_game, knows_gaps
from exact_odds.games.banque.knows_search import _holding_irrelevant, solve_knows
from exact_odds.games.banque.profile import _ev, profile_counts
from exact_odds.rules.shoe import Shoe

# A 2 3 4 5 6 7 8 9 10 J Q K: every holding of 5 but 7-8 (no 7s) can occur
SMALL = Shoe.from_counts([2, 1, 1, 2, 3, 2, 0, 1, 2, 3, 0, 0, 0])
# few values, so few banker pairs (fast): holdings T-5 and 1-4
TINY = Shoe.from_counts([2, 0, 0, 2, 3, 1, 0, 0, 0, 3, 0, 0, 0])


@pytest.fixture(scope="module")
def games():
    return knows_game(TINY), banque_game(TINY)


def test_holdings_sum_to_the_total_model(games):
    kg, tg = games
    for k_arr, t_arr in ((kg.gain_left, tg.gain_left), (kg.gain_right, tg.gain_right)):
        assert (k_arr[:, :, :, 0, :, 0] == t_arr[:, :, :, 0, :, 0]).all()
        assert (k_arr[:, :, :, 1:, :, 0].sum(axis=3) == t_arr[:, :, :, 1, :, 0]).all()
        assert (k_arr[:, :, :, 0, :, 1:].sum(axis=4) == t_arr[:, :, :, 0, :, 1]).all()
        assert (k_arr[:, :, :, 1:, :, 1:].sum(axis=(3, 5)) == t_arr[:, :, :, 1, :, 1]).all()
    assert kg.forced == tg.forced and kg.total == tg.total
    assert kg.info_sets() == tg.info_sets()


def test_same_q_on_every_holding_is_the_total_model(games):
    kg, tg = games
    rng = random.Random(15)
    banker = {info: Fraction(rng.randint(0, 3), 3) for info in kg.info_sets()}
    for q, r in ((Fraction(1), Fraction(0)), (Fraction(9, 11), Fraction(2, 7))):
        joint = profile_counts(tg, q, r, banker)
        assert knows_evs(kg, (q,) * 5, (r,) * 5, banker) == (_ev(joint, True), _ev(joint, False))


def test_knowing_the_cards_changes_the_ev_on_a_finite_shoe(games):
    """Drawing on T-5 but standing on 1-4 is not the same as any one q: the holdings are priced apart."""
    kg, _ = games
    banker = {info: Fraction(0) for info in kg.info_sets()}
    a = knows_evs(kg, (1, 0, 0, 0, 0), (1,) * 5, banker)[0]
    b = knows_evs(kg, (0, 1, 0, 0, 0), (1,) * 5, banker)[0]
    assert a != b


@pytest.mark.slow
def test_equilibria_have_zero_gaps_and_a_deviation_has_a_positive_one():
    kg = knows_game(SMALL)
    search = solve_knows(kg, Fraction(1, 2))
    assert search.equilibria and not search.whole_game
    e = search.equilibria[0]
    assert knows_gaps(kg, Fraction(1, 2), e.x, e.y, e.banker) == (0, 0, 0)
    flipped = tuple(1 - v for v in e.x)
    assert knows_gaps(kg, Fraction(1, 2), flipped, e.y, e.banker)[0] > 0


def test_finite_shoe_holding_matters(games):
    kg, _ = games
    assert not _holding_irrelevant(kg)


@pytest.mark.slow
def test_with_replacement_the_holding_is_irrelevant_and_values_are_the_total_models():
    """Ethier and Lee's with-replacement model: know-cards equilibria have the
    total model's values exactly (theta = 1/2: -0.868040% each tableau)."""
    from exact_odds.games.banque.equilibrium import solve_banque
    from exact_odds.games.banque.game import cached_game

    inf = Shoe.infinite()
    kg = knows_game(inf)
    assert _holding_irrelevant(kg)
    for theta in (Fraction(1, 2), Fraction(1)):
        k = solve_knows(kg, theta)
        t = solve_banque(cached_game(inf), theta)
        assert k.whole_game
        assert sorted((e.left_ev, e.right_ev) for e in k.equilibria) == \
            sorted((e.left_ev, e.right_ev) for e in t.equilibria)
        for e in k.equilibria:
            assert e.gaps == (0, 0, 0)
