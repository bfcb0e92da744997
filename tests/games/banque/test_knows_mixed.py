"""Banque with punters who know their cards: the search with one mixed holding per punter, and the middle bet.

* A reduced game (every holding but one per punter fixed) has exactly the
  banker's deltas of the whole know-cards game at every profile of it: the
  fold of the five flags into two loses nothing.
* The joint results priced by :func:`knows_joint` give each tableau exactly
  :func:`knows_evs`'s EV (different code: joint counts from a second walk vs
  won-minus-lost counts), sum to 1, and with every holding on one pure q
  equal the total model's joint results at q (a third, independent pricing).
* Equilibria returned have every gain exactly 0; a perturbed profile has a
  positive gain (so the check can fail).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from exact_odds.games.banque.game import banque_game
from exact_odds.games.banque.knows import banker_deltas, knows_evs, knows_game, knows_gaps
from exact_odds.games.banque.knows_middle import knows_joint
from exact_odds.games.banque.knows_mixed import _Coefficients, _reduce
from exact_odds.games.banque.knows_screen import present_holdings
from exact_odds.games.banque.knows_search import solve_knows
from exact_odds.games.banque.lines import _Lines
from exact_odds.games.banque.profile import profile_counts
from exact_odds.games.banque.surd import Surd, sign
from exact_odds.rules.shoe import Shoe

# few values, so few banker pairs (fast): holdings T-5 and 1-4 occur
TINY = Shoe.from_counts([2, 0, 0, 2, 3, 1, 0, 0, 0, 3, 0, 0, 0])


@pytest.fixture(scope="module")
def tiny():
    return knows_game(TINY)


# 34 cards (A 3, 2 2, 3 3, 4 4, 5 2, 6 2, 7 4, 8 2, 9 3, 10 9): found by the search with
# one mixed holding per punter at theta 1/2 (tests/games/banque/test_knows_mixed.py)
MIXED_SHOE = Shoe.from_counts([3, 2, 3, 4, 2, 2, 4, 2, 3, 9, 0, 0, 0])


@pytest.mark.slow  # 3.4 s on a quiet machine (the 34-card walk and two exact gap checks): over the default budget
def test_an_equilibrium_with_a_mixed_holding_has_zero_gains_and_a_perturbation_gains():
    """Both punters draw on T-5, 6-9, 7-8, stand on 2-3 and mix 109/288 on 1-4;
    the banker replies best where he is not indifferent (his deltas, exact) and
    mixes 603679/1819584 in the two sets where he is. Every gain from
    deviating is exactly 0; with the left punter drawing on 1-4 instead, the
    banker (and the right punter) gain by deviating."""
    kg = knows_game(MIXED_SHOE)
    half = Fraction(1, 2)
    x = (Fraction(1), Fraction(109, 288), Fraction(0), Fraction(1), Fraction(1))
    deltas = banker_deltas(kg, half, x, x)
    banker = {i: Fraction(int(d > 0)) for i, d in deltas.items()}
    indifferent = [i for i, d in deltas.items() if d == 0]
    assert len(indifferent) == 2
    for i in indifferent:
        banker[i] = Fraction(603679, 1819584)
    assert knows_gaps(kg, half, x, x, banker) == (0, 0, 0)
    off = (Fraction(1), Fraction(1), Fraction(0), Fraction(1), Fraction(1))
    gaps = knows_gaps(kg, half, off, x, banker)
    assert gaps[2] > 0 and min(gaps) >= 0


def _banker(game, seed):
    rng = random.Random(seed)
    return {info: Fraction(rng.randint(0, 4), 4) for info in game.info_sets()}


def test_a_reduced_game_has_the_whole_games_deltas(tiny):
    theta = Fraction(1, 3)
    co = _Coefficients(tiny, theta)
    p, q = (1, 0, 1, 0, 0), (0, 1, 0, 1, 1)
    k, l = 1, 0
    gl = _reduce(_reduce(co.gl, co.la, k, p, 2), co.ra, l, q, 3)
    gr = _reduce(_reduce(co.gr, co.la, k, p, 2), co.ra, l, q, 3)
    lines = _Lines(None, theta, per_set=(co.sets, gl, gr))
    for t, u in ((Fraction(2, 7), Fraction(5, 9)), (Fraction(1, 3), Fraction(1)), (Fraction(0), Fraction(3, 4))):
        x = tuple(t if j == k else Fraction(v) for j, v in enumerate(p))
        y = tuple(u if j == l else Fraction(v) for j, v in enumerate(q))
        whole = banker_deltas(tiny, theta, x, y)
        reduced = lines.delta(t, u)
        assert [int(v) for v in reduced] == [whole[info] for info in co.sets]
        assert any(v != 0 for v in reduced)


def test_joint_results_price_the_tableaux_as_knows_evs(tiny):
    banker = _banker(tiny, 3)
    x = (Fraction(1), Fraction(2, 7), 0, 0, 0)
    y = (Fraction(0), Fraction(1), 0, 0, 0)
    joint = knows_joint(tiny, x, y, banker)
    left, right = knows_evs(tiny, x, y, banker)
    assert sum(map(sum, joint)) == 1
    assert sum(joint[0]) - sum(joint[2]) == left
    assert sum(r[0] for r in joint) - sum(r[2] for r in joint) == right


def test_joint_results_with_one_q_on_every_holding_are_the_total_models(tiny):
    banker, q = _banker(tiny, 5), Fraction(1)
    joint = knows_joint(tiny, (q,) * 5, (q,) * 5, banker)
    total = profile_counts(banque_game(TINY), q, q, banker)
    assert [list(r) for r in joint] == [list(r) for r in total]


def test_surd_profiles_price_as_the_affine_combination_of_rational_ones(tiny):
    """EVs and banker deltas are affine in one holding's probability: at a surd
    s they must equal v(0) + s (v(1) - v(0)) computed from rational profiles."""
    s = Surd(Fraction(1, 3), Fraction(1, 7), 2)  # 0.535..., irrational
    banker = _banker(tiny, 7)
    theta = Fraction(2, 5)

    def at(v):
        return (Fraction(1), v, 0, 0, 0), (Fraction(0), Fraction(1), 0, 0, 0)

    lo, hi, mid = (knows_evs(tiny, *at(v), banker) for v in (Fraction(0), Fraction(1), s))
    for side in (0, 1):
        assert mid[side] == lo[side] + s * (hi[side] - lo[side])
        assert isinstance(mid[side], Surd)
    d0, d1 = (banker_deltas(tiny, theta, *at(v)) for v in (Fraction(0), Fraction(1)))
    ds = banker_deltas(tiny, theta, *at(s))
    signs = [sign(d0[i] + s * (d1[i] - d0[i])) for i in d0]  # deltas are scaled: only their signs count
    assert [sign(ds[i]) for i in d0] == signs and len(set(signs)) == 3
    gaps = knows_gaps(tiny, theta, *at(s), banker)
    assert all(g >= 0 for g in gaps) and any(g > 0 for g in gaps)


def test_holdings_that_cannot_occur_are_known(tiny):
    assert present_holdings(tiny) == (True, True, False, False, False)


@pytest.mark.slow
def test_six_decks_equilibrium_mixes_one_holding_with_zero_gaps():
    """6 decks, theta 1/2 (about a minute on a shared machine): the search finds
    equilibria with a mixed holding, each with every gain exactly 0; the
    symmetric game gives x = y; a perturbed profile has a positive gain."""
    kg = knows_game(Shoe.decks(6))
    half = Fraction(1, 2)
    search = solve_knows(kg, half)
    assert search.equilibria and len(search.searched) == 2
    for e in search.equilibria:
        assert knows_gaps(kg, half, e.x, e.y, e.banker) == (0, 0, 0)
    e = search.equilibria[0]
    assert any(0 < v < 1 for v in e.x) and e.x == e.y and e.left_ev == e.right_ev
    k = next(j for j, v in enumerate(e.x) if 0 < v < 1)
    for v in (Fraction(0), Fraction(1)):
        off = tuple(v if j == k else e.x[j] for j in range(5))
        gaps = knows_gaps(kg, half, off, e.y, e.banker)
        assert gaps[2] > 0 or gaps[1] > 0  # the banker or the right punter now gains by deviating
    flipped = tuple(1 - v if j != k else v for j, v in enumerate(e.x))
    assert knows_gaps(kg, half, flipped, e.y, e.banker)[0] > 0


@pytest.mark.slow
def test_one_deck_pure_equilibrium_is_still_the_only_one():
    kg = knows_game(Shoe.decks(1))
    search = solve_knows(kg, Fraction(1, 2))
    assert len(search.equilibria) == 1
    e = search.equilibria[0]
    assert all(v in (0, 1) for v in e.x + e.y)
