"""Chemin de fer as a two-person game (exact_odds.games.chemin).

Published figures, each its own test named after its source; exact
equilibrium invariants (best replies both ways, floor = value = ceiling);
and a deliberately simple enumerator, written apart from the walk, that
plays every ordered six-card sequence of a tiny shoe with mixed strategies.
"""

import random
from fractions import Fraction
from itertools import permutations, product

import pytest

from exact_odds.games.chemin import (
    MODELS, Model, banker_best_reply, build_game, ceiling_of, deviations, equilibrium_gaps, floor_of,
    game_for, outcome_counts, payoff, punter_best_reply, solve, solve_one_choice, tableau_differences,
    tableau_strategies,
)
from exact_odds.games.chemin.solve import _solve_one_mixed_holding
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import Tableau

WOO_COUNTS = {  # docs/rules.md §3 (Wizard of Odds): banker wins, player wins, total
    1: (6_737_232_640, 6_548_674_432, 14_658_134_400),
    6: (403_095_751_234_560, 392_220_492_728_832, 878_869_206_895_680),
    8: (2_292_252_566_437_888, 2_230_518_282_592_256, 4_998_398_275_503_360),
}


def rounds_to_percent(x: Fraction, published: str) -> bool:
    places = len(published.split(".")[1])
    return abs(x * 100 - Fraction(published)) <= Fraction(1, 2 * 10**places)


# --- published figures -----------------------------------------------------

def test_kemeny_snell_1957_punter_draws_at_5_with_probability_9_11():
    """Kemeny and Snell (1957), model A1 (docs/rules.md §5; Ethier and Gamez 2013 §1):
    the punter draws at 5 with probability exactly 9/11."""
    s = solve(game_for("A1"))
    assert s.punter == {"5": Fraction(9, 11)}


def test_wizard_of_odds_infinite_deck_player_edge_is_the_a1_fixed_rules_game():
    """WoO infinite-deck column, Player 1.228141%: the A1 game played by the
    punto banco tableau on both sides is the Player bet."""
    g = game_for("A1")
    x, y = tableau_strategies(g)
    assert rounds_to_percent(-payoff(g, x, y, "punter"), "1.228141")


def test_wizard_of_odds_infinite_deck_banker_edge_is_the_a1_fixed_rules_game_with_5_percent():
    """WoO infinite-deck column, Banker 1.063999%: the banker's expectation
    under the punto banco tableau with a 1/20 commission on his wins."""
    g = game_for("A1")
    x, y = tableau_strategies(g)
    assert rounds_to_percent(-payoff(g, x, y, "banker", Fraction(1, 20)), "1.063999")


@pytest.mark.parametrize("decks", [1, 6, 8])
@pytest.mark.parametrize("model", ["B2", "B3"])
def test_wizard_of_odds_counts_are_the_punto_banco_strategy_pair(model, decks):
    """WoO 'Baccarat odds for 1 to 12 decks' (docs/rules.md §3): the six-card counts of
    banker and player wins, from the cell coefficients of the game when both
    sides follow the punto banco tableau."""
    g = game_for(model, decks)
    x, y = tableau_strategies(g)
    c = outcome_counts(g, x, y)
    banker, player, total = WOO_COUNTS[decks]
    assert (c["banker"], c["punter"], g.total) == (banker, player, total)


@pytest.mark.parametrize("model,decks,punter,banker", [("A1", None, 1, 88), ("B2", 6, 1, 484), ("B3", 6, 5, 484)])
def test_ethier_gamez_2013_matrix_sizes(model, decks, punter, banker):
    """Ethier and Gamez (2013), abstract: baccara is a 2 x 2**88 game under A1,
    2 x 2**484 under B2 and 2**5 x 2**484 under B3 (binary choices per cell)."""
    g = game_for(model, decks)
    assert (len(g.holdings), len(g.cells)) == (punter, banker)


@pytest.mark.parametrize("model,decks,seed", [("B2", 2, 1), ("B3", 2, 2), ("A1", None, 3), ("A1", None, 4)])
def test_cells_agree_with_the_engine_walk_on_random_tableaux(model, decks, seed):
    """Any fixed tableau (punter 0-4 draw, 6-7 stand, any choice at 5, any
    banker table) is a strategy pair of the game; its outcome counts from the
    cell coefficients equal the engine's walk with that tableau."""
    rng = random.Random(seed)
    tab = Tableau(
        "random",
        tuple(p <= 4 or (p == 5 and rng.random() < 0.5) for p in range(8)),
        tuple(tuple(rng.random() < 0.5 for _ in range(11)) for _ in range(8)),
    )
    g = game_for(model, decks)
    shoe = g.shoe
    x, y = tableau_strategies(g, tab)
    c = outcome_counts(g, x, y)
    w = walk(shoe, tab).outcome_counts()
    assert (c["punter"], c["banker"], c["tie"]) == (w["player"], w["banker"], w["tie"])


# --- equilibrium invariants ------------------------------------------------

CASES = [("A1", None), ("B2", 1), ("B2", 6), ("B2", 8), ("B3", 6)]


@pytest.mark.parametrize("model,decks", CASES)
def test_value_lies_between_floor_and_ceiling_and_they_meet(model, decks):
    """Zero-sum: the punter's strategy guarantees the floor, the banker's the
    ceiling; at a solution both equal the value."""
    g = game_for(model, decks)
    s = solve(g)
    fl, ce = floor_of(g, s.punter), ceiling_of(g, s.banker)
    assert fl == s.punter_value == ce
    assert s.banker_value == -s.punter_value
    assert s.punter_value < 0  # the banker has the edge


#: Each model on its smallest shoe by default; the same check on 6 and 8 decks runs with -m slow.
BEST_REPLY_CASES = [pytest.param(m, d, marks=pytest.mark.slow) if d in (6, 8) else (m, d) for m, d in CASES + [("B3", 1)]]


@pytest.mark.parametrize("model,decks", BEST_REPLY_CASES)
@pytest.mark.parametrize("commission", [Fraction(0), Fraction(1, 20)])
def test_each_strategy_is_a_best_reply_to_the_other(model, decks, commission):
    """Checked apart from the best-reply code that solve() verifies with: no
    pure punter strategy (all 2**holdings of them) beats the equilibrium
    against the banker's strategy, and since the banker's payoff is a sum
    over his cells, no change of his action in any one cell helps him."""
    g = game_for(model, decks)
    s = solve(g, commission)
    pure = [payoff(g, x, s.y, "punter", commission) for x in product((0, 1), repeat=len(g.holdings))]
    assert max(pure) == s.punter_value
    for cell in g.cells:
        for q in (Fraction(0), Fraction(1)):
            if s.y[cell] != q:
                y = dict(s.y)
                y[cell] = q
                assert payoff(g, s.x, y, "banker", commission) <= s.banker_value, cell


@pytest.mark.parametrize("model,decks", [("A1", None), ("B3", 1)])
def test_best_replies_and_gaps_against_random_strategies(model, decks):
    """Away from equilibrium: the best-reply functions agree with trying every
    pure punter strategy and both banker actions cell by cell, and the gaps
    are what each party gains by switching to them."""
    g = game_for(model, decks)
    rng = random.Random(7)
    c = Fraction(1, 20)
    x = tuple(Fraction(rng.randint(0, 4), 4) for _ in g.holdings)
    y = {cell: Fraction(rng.randint(0, 3), 3) for cell in g.cells}
    bx, best = punter_best_reply(g, y, c)
    pure = {xs: payoff(g, xs, y, "punter", c) for xs in product((0, 1), repeat=len(g.holdings))}
    assert best == max(pure.values()) == payoff(g, bx, y, "punter", c)
    yb = banker_best_reply(g, x, c)
    for cell in g.cells:
        other = dict(yb)
        other[cell] = 1 - yb[cell]
        assert payoff(g, x, other, "banker", c) <= payoff(g, x, yb, "banker", c), cell
    gaps = equilibrium_gaps(g, x, y, c)
    assert gaps == (best - payoff(g, x, y, "punter", c),
                    payoff(g, x, yb, "banker", c) - payoff(g, x, y, "banker", c))
    assert gaps[0] > 0 or gaps[1] > 0  # random strategies are not an equilibrium


def test_a1_no_single_cell_deviation_helps_the_banker():
    """Independent of the best-reply code: toggle each of the banker's 88
    cells in turn against the punter's 9/11 and recompute the payoff."""
    g = game_for("A1")
    s = solve(g)
    assert len(g.cells) == 88
    for cell in g.cells:
        for q in (Fraction(0), Fraction(1)):
            y = dict(s.y)
            y[cell] = q
            assert payoff(g, s.punter, y, "punter") >= s.punter_value
    for xv in (Fraction(0), Fraction(1), Fraction(1, 2), Fraction(10, 11)):
        assert payoff(g, (xv,), s.banker, "punter") == s.punter_value  # the punter is indifferent


def test_a1_floor_is_largest_at_9_11():
    """The punter's guaranteed floor, a concave function of his probability, peaks at 9/11."""
    g = game_for("A1")
    best = floor_of(g, (Fraction(9, 11),))
    for k in range(0, 111):
        assert floor_of(g, (Fraction(k, 110),)) <= best
    assert floor_of(g, (Fraction(9, 11) + Fraction(1, 10**9),)) < best
    assert floor_of(g, (Fraction(9, 11) - Fraction(1, 10**9),)) < best


def test_one_choice_zero_sum_equilibrium_is_unique_for_a1_and_b2():
    for model, decks in (("A1", None), ("B2", 6), ("B2", 8)):
        assert len(solve_one_choice(game_for(model, decks))) == 1


@pytest.mark.parametrize("decks", [1, 6])
def test_b3_linear_program_agrees_with_the_independent_search(decks):
    """Two different exact methods for zero-sum B3: the linear programs and
    the search over equilibria with one mixed holding."""
    g = game_for("B3", decks)
    lp = solve(g)
    search = _solve_one_mixed_holding(g, Fraction(0))
    assert lp.punter_value == search.punter_value


def test_information_is_worth_something_to_the_punter():
    """B3 gives the punter more than B2 (he may only gain from knowing his cards)."""
    for d in (1, 6):
        assert solve(game_for("B3", d)).punter_value >= solve(game_for("B2", d)).punter_value


def test_commission_changes_the_banker_not_the_punter_in_a1():
    """In A1 the banker's mixing makes the punter indifferent whatever the
    commission, so the punter's expectation stays the value; the banker's
    falls by c times his probability of winning."""
    g = game_for("A1")
    s0, s5 = solve(g), solve(g, Fraction(1, 20))
    assert s5.punter_value == s0.punter_value
    assert s5.banker == s0.banker
    c = outcome_counts(g, s5.punter, s5.banker)
    assert s5.banker_value == -s5.punter_value - Fraction(1, 20) * c["banker"] / g.total


# --- derived results -------------------------------------------------------

def test_a1_banker_departs_from_punto_banco_only_at_6_when_the_punter_stands():
    s = solve(game_for("A1"))
    diffs = tableau_differences(s)
    assert [(cell, tab) for cell, tab, _ in diffs] == [(("6", "stood"), "S")]
    assert 0 < diffs[0][2] < 1


def test_deviation_costs_are_never_negative_against_a_best_reply():
    for model, decks in (("A1", None), ("B2", 6)):
        s = solve(game_for(model, decks))
        replies = [d for d in deviations(s) if "replies best" in d.label]
        assert len(replies) == 3  # punter draws, punter stands, banker follows the tableau
        for d in replies:
            assert d.cost >= 0, d.label
        draws, stands = deviations(s)[0], deviations(s)[2]
        assert draws.cost > 0 and stands.cost > 0  # pure play at 5 is exploitable


# --- a simple enumerator, independent of the walk --------------------------

def brute_force(values, model, x, y):
    """Punter wins minus banker wins, summed over every ordered six-card
    sequence of the physical cards ``values``, with mixed strategies."""
    holdings = {(0, 5): 0, (1, 4): 1, (2, 3): 2, (6, 9): 3, (7, 8): 4}
    total = Fraction(0)
    for seq in permutations(range(len(values)), 6):
        v = [values[i] for i in seq]
        p, b = sorted((v[0], v[2])), sorted((v[1], v[3]))
        pt, bt = sum(p) % 10, sum(b) % 10
        if pt >= 8 or bt >= 8:
            total += (pt > bt) - (bt > pt)
            continue
        pd = 1 if pt <= 4 else 0 if pt >= 6 else x[holdings[tuple(p)] if model.punter_sees_cards else 0]
        hand = tuple(b) if model.banker_sees_cards else bt
        for pdraw, pw in ((True, pd), (False, 1 - pd)):
            if not pw:
                continue
            pf, seen, nxt = ((pt + v[4]) % 10, v[4], v[5]) if pdraw else (pt, None, v[4])
            q = y.get((hand, seen), Fraction(0))
            for bdraw, bw in ((True, q), (False, 1 - q)):
                if bw:
                    bf = (bt + nxt) % 10 if bdraw else bt
                    total += pw * bw * ((pf > bf) - (bf > pf))
    return total


@pytest.mark.parametrize("model_name", ["B2", "B3"])
def test_cell_coefficients_match_a_simple_enumerator_with_mixed_strategies(model_name):
    # A, 2, 3, 4, 5, 6, 9, 10, J: holdings 0+5, 1+4, 2+3 and 6+9 all occur
    ranks = [1, 1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 0, 0]
    values = [1, 2, 3, 4, 5, 6, 9, 0, 0]
    shoe = Shoe.from_counts(ranks)
    model = MODELS[model_name]
    g = build_game(shoe, model)
    rng = random.Random(5)
    for _ in range(2):
        x = tuple(Fraction(rng.randint(0, 7), 7) for _ in g.holdings)
        y = {cell: Fraction(rng.randint(0, 5), 5) for cell in g.cells}
        assert payoff(g, x, y, "punter") * g.total == brute_force(values, model, x, y)


def test_a_custom_model_on_a_small_shoe_solves_and_checks():
    """Any shoe and any information model: B1 (decks, totals only) on a short shoe."""
    shoe = Shoe.from_counts([2, 2, 2, 2, 2, 2, 2, 2, 2, 8, 0, 0, 0])
    g = build_game(shoe, Model("B1", False, False, False, "test"))
    s = solve(g)
    assert floor_of(g, s.punter) == s.punter_value == ceiling_of(g, s.banker)
