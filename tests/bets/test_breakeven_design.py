"""Design solving: a line's payout for a target house edge, and the grid of two lines' payouts.

Each solution is checked by building the pay table anew with the solved payout
and pricing it on a fresh walk: that path shares no arithmetic with the solver."""

from dataclasses import replace
from fractions import Fraction

import pytest

from exact_odds.bets.breakeven import UnreachableEdgeError, edge_grid, solve_target_edge
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import PayLine, PayTable, PayTableError
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe


@pytest.fixture(scope="module")
def six():
    return walk(Shoe.decks(6))


def with_pays(bet: PayTable, changes: dict[str, Fraction]) -> PayTable:
    """The pay table with some lines' payouts replaced (by label; 'otherwise' by its label)."""
    lines = tuple(PayLine.make(l.label, l.condition, changes.get(l.label, l.pays)) for l in bet.lines)
    otherwise = changes.get(bet.otherwise_label, bet.otherwise)
    return PayTable(bet.name, lines, otherwise, bet.description, bet.otherwise_label, bet.key)


@pytest.mark.parametrize("key,line,target", [
    ("tie", None, Fraction(5, 100)),
    ("dragon7", "1", Fraction(1, 50)),
    ("dragon_bonus_player", "Win by 9", Fraction(3, 100)),
    ("super6", 1, Fraction(-1, 100)),  # a negative target: the player's edge
])
def test_target_edge_put_back_gives_the_target_exactly(six, key, line, target):
    bet = builtin_catalog().bet(key)
    sol = solve_target_edge(bet.price(six), target, line)
    rebuilt = with_pays(bet, {sol.line: sol.solution})
    assert rebuilt.price(walk(Shoe.decks(6))).house_edge == target
    assert sol.solution != bet.price(six).lines[0].pays or target == bet.price(six).house_edge


def test_target_edge_commission_put_back(six):
    bet = builtin_catalog().bet("banker")
    sol = solve_target_edge(bet.price(six), "1%", "Banker wins", commission=True)
    assert sol.symbol == "c" and 0 < sol.solution < Fraction(1, 20)
    assert with_pays(bet, {"Banker wins": 1 - sol.solution}).price(six).house_edge == Fraction(1, 100)


def test_target_edge_of_text_equals_fraction(six):
    bet = builtin_catalog().bet("tie").price(six)
    assert solve_target_edge(bet, "5%").solution == solve_target_edge(bet, Fraction(1, 20)).solution


def test_target_edge_unreachable(six):
    bet = builtin_catalog().bet("tie").price(six)
    with pytest.raises(UnreachableEdgeError, match="losing more than the stake"):
        solve_target_edge(bet, "99%", 2)  # the losing line would have to lose 1.9 stakes
    with pytest.raises(TypeError, match="float"):
        solve_target_edge(bet, 0.05)


def test_grid_equals_pricing_each_cell_separately(six):
    bet = builtin_catalog().bet("dragon_bonus_player")
    a = [Fraction(n) for n in (20, 25, 30)]
    b = [Fraction(n) for n in (5, 6)] + [Fraction(13, 2)]
    grid = edge_grid(bet.price(six), ("Win by 9", a), ("Win by 7", b))
    assert grid.lines == ("Win by 9", "Win by 7")
    for i, x in enumerate(a):
        for j, y in enumerate(b):
            cell = with_pays(bet, {"Win by 9": x, "Win by 7": y}).price(six).house_edge
            assert grid.edges[i][j] == cell


def test_grid_refuses_one_line_twice_and_huge_grids(six):
    r = builtin_catalog().bet("dragon_bonus_player").price(six)
    with pytest.raises(PayTableError, match="two different lines"):
        edge_grid(r, ("Win by 9", [1]), (1, [2]))
    with pytest.raises(PayTableError, match="at most"):
        edge_grid(r, ("Win by 9", range(200)), ("Win by 8", range(200)))


from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

VALUE_BETS = sorted(k for k, b in builtin_catalog().bets.items() if b.is_value_level)


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(removed=st.lists(st.integers(0, 12), max_size=12), key=st.sampled_from(VALUE_BETS),
       target=st.fractions(Fraction(-1, 5), Fraction(1, 5), max_denominator=1000), data=st.data())
def test_target_edge_on_random_depleted_shoes_is_exact(removed, key, target, data):
    """On a one-deck shoe less random cards, any bet, any line that happens, a target edge in [-20%, 20%]:
    the solved payout, put back into a new pay table and priced on a fresh walk, gives the target exactly
    (or the target is refused as unreachable, and then no payout >= -1 reaches it)."""
    ranks = [4] * 13
    for r in removed:
        ranks[r] -= 1 if ranks[r] else 0
    shoe = Shoe(tuple(ranks))
    bet = builtin_catalog().bet(key)
    priced = bet.price(walk(shoe))
    lines = [i for i, l in enumerate(priced.lines) if l.probability > 0]
    i = data.draw(st.sampled_from(lines))
    try:
        sol = solve_target_edge(priced, target, i + 1)
    except UnreachableEdgeError:
        p = priced.lines[i].probability
        rest = sum(l.expected_value for j, l in enumerate(priced.lines) if j != i)
        assert -(-1 * p + rest) < target  # even losing the whole stake on that line is not enough
        return
    label = priced.lines[i].label
    assert with_pays(bet, {label: sol.solution}).price(walk(shoe)).house_edge == target
