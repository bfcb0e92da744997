"""breakeven --target-edge and --grid, and --decks lists, from the command line (JSON read back)."""

import json
from fractions import Fraction

from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import PayLine, PayTable
from exact_odds.cli import main
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe


def run(*args):
    r = CliRunner().invoke(main, list(args), prog_name="exact-odds")
    assert r.exit_code == 0, r.output
    return r.stdout


def with_pays(bet, changes):
    lines = tuple(PayLine.make(l.label, l.condition, changes.get(l.label, l.pays)) for l in bet.lines)
    return PayTable(bet.name, lines, changes.get(bet.otherwise_label, bet.otherwise), bet.description,
                    bet.otherwise_label, bet.key)


def test_target_edge_from_the_command_line_gives_the_target_for_each_deck_count():
    doc = json.loads(run("breakeven", "dragon7", "--target-edge", "5%", "--decks", "6,8", "--format", "json"))
    bet = builtin_catalog().bet("dragon7")
    assert doc["target_house_edge"] == "1/20"
    for entry, decks in zip(doc["by_decks"], (6, 8)):
        x = Fraction(entry["solution"])
        assert with_pays(bet, {doc["line"]: x}).price(walk(Shoe.decks(decks))).house_edge == Fraction(1, 20)


def test_grid_from_the_command_line_equals_pricing_each_cell():
    doc = json.loads(run("breakeven", "dragon_bonus_player", "--decks", "6", "--grid", "Win by 9=28..30",
                         "--grid", "Win by 8=9..10:1/2", "--format", "json"))
    bet = builtin_catalog().bet("dragon_bonus_player")
    assert len(doc["cells"]) == 3 * 3
    dist = walk(Shoe.decks(6))
    for cell in doc["cells"]:
        x, y = (Fraction(v) for v in cell["pays"])
        assert Fraction(cell["house_edge"]) == with_pays(bet, {"Win by 9": x, "Win by 8": y}).price(dist).house_edge


def test_deck_lists_equal_one_deck_count_at_a_time():
    side = json.loads(run("edge", "--decks", "1,inf", "--variant", "ez", "--format", "json"))["by_decks"]
    for entry, decks in zip(side, ("1", "inf")):
        assert entry == json.loads(run("edge", "--decks", decks, "--variant", "ez", "--format", "json"))
    bet = json.loads(run("bet", "tie", "--decks", "6,8", "--format", "json"))["by_decks"]
    assert bet[1]["house_edge"] == json.loads(run("bet", "tie", "--format", "json"))["house_edge"]
    table = run("edge", "--decks", "1,6,8")
    assert "House edge (1 deck)" in table and "House edge (8 decks)" in table and "1.057906%" in table
