"""Chemin de fer for any shoe (issue 15): depleted and small shoes, checked by brute force.

The brute force here is written independently of the library: it deals every
ordered sequence of six distinct cards of the shoe (itertools), applies the
rules of chemin de fer written out below, and weighs each branch by the
strategies' probabilities.
"""

import json
import random
from collections import Counter
from fractions import Fraction
from itertools import permutations

import pytest
from click.testing import CliRunner

from exact_odds.cli import main
from exact_odds.games.chemin import (
    MODELS, build_game, equilibrium_gaps, impossible, payoff, solve,
)
from exact_odds.rules.shoe import Shoe

VALUE = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "J": 0, "Q": 0, "K": 0}
#: A small depleted shoe (9 cards, no 3 and no 8, two 5s, two 0s): 9*8*7*6*5*4 = 60480 sequences.
SMALL = ["A", "2", "4", "5", "5", "6", "7", "K", "Q"]


def run(*args):
    return CliRunner().invoke(main, ["chemin-de-fer", *args], prog_name="exact-odds")


# --- the brute force ---------------------------------------------------------

def sequences(cards):
    """Every ordered six-card sequence of distinct cards, as card values, with its multiplicity."""
    return Counter(tuple(VALUE[cards[i]] for i in seq) for seq in permutations(range(len(cards)), 6))


def brute(seqs, model, x, y, commission):
    """(punter's, banker's) expected payoff. Deal: P, B, P, B, then third cards in order.
    x: {'5': p} (B2) or {'a+b': p} (B3); y: {(hand, seen): q} by readable cell name.

    Each sequence's branches are counted in whole numbers first, by what decides their weight and
    who wins (the punter's choice, the banker's cell, whether each draws); each count is then
    weighed once by the strategies' probabilities, in Fractions."""
    c = Fraction(commission)
    branches = Counter()  # (punter's choice or None, punter draws, banker's cell, banker draws, winner)
    total = 0

    def winner(pf, bf):
        return "punter" if pf > bf else "banker" if bf > pf else "tie"

    for s, n in seqs.items():
        total += n
        p1, b1, p2, b2 = s[:4]
        pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
        if pt >= 8 or bt >= 8:  # a natural ends the coup
            branches[None, None, None, None, winner(pt, bt)] += n
            continue
        lo, hi = min(b1, b2), max(b1, b2)
        hand = f"{lo}+{hi}"
        if pt <= 4:
            choice, draws = None, (True,)
        elif pt >= 6:
            choice, draws = None, (False,)
        else:  # chooses at 5
            choice, draws = f"{min(p1, p2)}+{max(p1, p2)}" if model == "B3" else "5", (True, False)
        for p_draws in draws:
            if p_draws:
                t = s[4]
                pf, seen, nxt = (pt + t) % 10, str(t), s[5]
            else:
                pf, seen, nxt = pt, "stood", s[4]
            branches[choice, p_draws, (hand, seen), False, winner(pf, bt)] += n  # banker stands
            branches[choice, p_draws, (hand, seen), True, winner(pf, (bt + nxt) % 10)] += n  # banker draws

    punter = banker = Fraction(0)
    for (choice, p_draws, cell, b_draws, won), n in branches.items():
        weight = Fraction(n)
        if choice is not None:
            weight *= Fraction(x[choice]) if p_draws else 1 - Fraction(x[choice])
        if cell is not None:
            q = Fraction(y.get(cell, 0))
            weight *= q if b_draws else 1 - q
        if won == "punter":
            punter += weight
            banker -= weight
        elif won == "banker":
            punter -= weight
            banker += (1 - c) * weight
    return punter / total, banker / total


def random_strategies(game, rng):
    x = {h: Fraction(rng.randint(0, 7), 7) for h in game.holding_labels}
    y = {cell: Fraction(rng.randint(0, 5), 5) for cell in game.cell_labels}
    return x, y


@pytest.fixture(scope="module")
def small_seqs():
    return sequences(SMALL)


@pytest.mark.parametrize("model", ["B2", "B3"])
@pytest.mark.parametrize("commission", [Fraction(0), Fraction(1, 20)])
def test_small_shoe_payoffs_equal_the_brute_force(small_seqs, model, commission):
    game = build_game(Shoe.from_cards(SMALL), MODELS[model])
    sol = solve(game, commission)
    rng = random.Random(15)
    pairs = [(sol.punter, sol.banker)] + [random_strategies(game, rng) for _ in range(3)]
    for x, y in pairs:
        bp, bb = brute(small_seqs, model, x, y, commission)
        assert bp == payoff(game, x, y, "punter", commission)
        assert bb == payoff(game, x, y, "banker", commission)
    assert brute(small_seqs, model, sol.punter, sol.banker, commission) == (sol.punter_value, sol.banker_value)


# --- exact best replies ------------------------------------------------------

DEPLETED = {
    "1 deck less 5,5,9": Shoe.decks(1).remove(["5", "5", "9"]),
    "20 cards": Shoe.from_counts([2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 1, 1]),
    "1 deck less all 5s": Shoe.decks(1).remove(["5"] * 4),
    "9 cards": Shoe.from_cards(SMALL),
}


def flips(q):
    return [Fraction(0), Fraction(1)] if 0 < q < 1 else [1 - q]


@pytest.mark.parametrize("model", ["B2", "B3"])
@pytest.mark.parametrize("commission", [Fraction(0), Fraction(1, 20)])
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.slow) if n == "1 deck less 5,5,9" else n
                                  for n in DEPLETED])  # (a depleted deck as the 20 and 9 cards, bigger: -m slow)
def test_each_side_is_a_best_reply(name, model, commission):
    game = build_game(DEPLETED[name], MODELS[model])
    sol = solve(game, commission)
    assert equilibrium_gaps(game, sol.x, sol.y, commission) == (0, 0)
    for p in list(sol.x) + list(sol.y.values()):
        assert 0 <= p <= 1
    x, y = dict(sol.punter), dict(sol.banker)
    punter_now = payoff(game, x, y, "punter", commission)
    banker_now = payoff(game, x, y, "banker", commission)
    for h, p in x.items():  # the punter's single deviations
        for alt in flips(p):
            assert payoff(game, {**x, h: alt}, y, "punter", commission) <= punter_now
    for cell, q in y.items():  # the banker's single-cell deviations
        for alt in flips(q):
            assert payoff(game, x, {**y, cell: alt}, "banker", commission) <= banker_now


def test_depleted_shoe_states_the_cells_that_cannot_occur():
    game = build_game(Shoe.decks(1).remove(["5"] * 4), MODELS["B3"])
    holdings, cells = impossible(game)
    assert holdings == ((0, 5),)
    assert ((5, 5), None) in cells and ((0, 0), 5) in cells and ((0, 0), 4) not in cells
    assert len(cells) + len(game.cells) == 484
    for d in (1, 6):
        assert impossible(build_game(Shoe.decks(d), MODELS["B3"])) == ((), ())


# --- the CLI -----------------------------------------------------------------

SOLUTION_KEYS = ("model", "commission", "zero_sum", "method", "total", "punter", "banker", "value",
                 "punter_value", "banker_value", "floor", "ceiling", "tableau_differences", "deviations")


@pytest.mark.parametrize("model", ["B2", "B3"])
def test_whole_decks_as_shoe_counts_give_the_same_answer(model):
    a = json.loads(run("--model", model, "--decks", "6", "--format", "json").stdout)
    b = json.loads(run("--model", model, "--shoe", ",".join(["24"] * 13), "--format", "json").stdout)
    assert {k: a[k] for k in SOLUTION_KEYS} == {k: b[k] for k in SOLUTION_KEYS}
    assert "impossible_cells" not in a and "impossible_cells" not in b
    assert b["shoe"]["cards"] == a["shoe"]["cards"] == 312 and b["shoe"]["ranks"] == a["shoe"]["ranks"]


@pytest.mark.parametrize("model", ["B2", "B3"])
def test_shoe_and_remove_accepted(model):
    r = run("--model", model, "--decks", "1", "--remove", "5,5,9", "--format", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    game = build_game(Shoe.decks(1).remove(["5", "5", "9"]), MODELS[model])
    sol = solve(game)
    assert Fraction(data["punter_value"]) == sol.punter_value
    assert data["shoe"]["cards"] == 49 and data["shoe"]["ranks"]["5"] == 2 and data["shoe"]["ranks"]["9"] == 3
    r = run("--model", model, "--shoe", "2,2,2,2,2,2,2,1,1,1,1,1,1")
    assert r.exit_code == 0, r.output
    assert "can never occur" in r.output
    r = run("--model", model, "--shoe", ",".join(["4"] * 13), "--remove", "5,5,5,5", "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["impossible_cells"]


@pytest.mark.parametrize("args", [
    ("--model", "A1", "--shoe", ",".join(["4"] * 13)),
    ("--model", "A1", "--remove", "5"),
    ("--model", "B2", "--shoe", "Ah,Kd,5c,5s,9h"),
    ("--model", "B2", "--shoe", "1,1,1,1,1,0,0,0,0,0,0,0,0"),
    ("--model", "B3", "--decks", "1", "--shoe", ",".join(["4"] * 13)),
    ("--model", "B2", "--shoe", "Ah,Kd,5c,5s,9h,2d", "--remove", "Ah"),
])
def test_refusals_are_one_line_exit_2(args):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert len(r.output.strip().splitlines()) == 1, r.output
    assert "Traceback" not in r.output


@pytest.mark.parametrize("model", ["B2", "B3"])
@pytest.mark.parametrize("commission", ["0", "1/20"])
def test_a_shoe_of_only_naturals_still_gets_a_stated_answer(model, commission):
    r = run("--model", model, "--shoe", "0,0,0,0,0,0,0,0,6,0,0,0,0", "--commission", commission,
            "--format", "json")  # six 9s: every coup is a natural (9+9 = 8 each side), a tie
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["value"] == "0/1" and len(data["impossible_cells"]) == 484
    assert len(data["impossible_holdings"]) == (5 if model == "B3" else 1)
