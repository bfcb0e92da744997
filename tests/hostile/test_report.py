"""Hostile input to exact-odds report, breakeven --target-edge/--grid and --decks lists, and to their
library entry points: one line on stderr, exit status 2 (1 for a failed write), never a traceback."""

from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.bets.breakeven import edge_grid, solve_target_edge
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.par_sheet import ParSheetError, check_decks, par_sheet
from exact_odds.bets.paytable import PayTableError
from exact_odds.cli import main
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe


def run(*args):
    return CliRunner().invoke(main, list(args), prog_name="exact-odds")


def one_line(r, status, *needles):
    assert r.exit_code == status, r.output
    err = r.stderr.strip()
    assert "\n" not in err and "Traceback" not in r.output, r.output
    for n in needles:
        assert n in err, err


@pytest.mark.parametrize("args, needle", [
    (["--decks", ""], "--decks is empty"),
    (["--decks", "1,,8"], "empty entry"),
    (["--decks", "8,8"], "twice"),
    (["--decks", "1,x"], "--decks must be"),
    (["--decks", ",".join(str(d) for d in range(1, 20))], "at most 12"),
    (["--decks", "1,8", "--simulate-decks", "6"], "--simulate-decks 6"),
    (["--decks", "1", "--decks", "8"], "given twice"),
    (["--format", "latex"], "--format"),
    (["--bets", "nope"], "nope"),
    (["--variant", ""], "--variant is empty"),
    (["--shoes", "0"], "--shoes"),
    (["--cut-card", "2"], "--cut-card"),
    (["-o", "/nonexistent/folder/x.html"], "no folder"),
])
def test_report_bad_input_is_one_line(args, needle):
    one_line(run("report", "--bets", "tie", "--no-simulation", *args) if "--bets" not in args
             else run("report", "--no-simulation", *args), 2, needle)


def test_report_cut_card_past_the_shoe_is_one_line():
    one_line(run("report", "--bets", "tie", "--decks", "1", "--cut-card", "500"), 2,
             "--cut-card: a shoe of 1 deck has room for at most 46 cards")


def test_report_to_a_full_disk_is_one_line_exit_1():
    """/dev/full (Linux) refuses every write with ENOSPC."""
    one_line(run("report", "--bets", "tie", "--decks", "8", "--no-simulation", "-o", "/dev/full"), 1, "/dev/full")


@pytest.mark.parametrize("args, needle", [
    (["--target-edge", "abc"], "--target-edge must be"),
    (["--target-edge", "5%", "--line", "9"], "no pay line '9'"),
    (["--target-edge", "99%", "--line", "2"], "losing more than the stake"),
    (["--target-edge", "200%"], "not between"),
    (["--grid", "Tie=1..3"], "give it twice"),
    (["--grid", "Tie=1..3", "--grid", "Tie=1..2"], "two different lines"),
    (["--grid", "Tie=3..1", "--grid", "2=1"], "smaller payout first"),
    (["--grid", "Tie=1..3:0", "--grid", "2=1"], "step must be more than 0"),
    (["--grid", "Tie=1..5000", "--grid", "2=1"], "at most 1000"),
    (["--grid", "Tie", "--grid", "2=1"], "LINE=A..B"),
    (["--grid", "Tie=1..2", "--grid", "2=x"], "--grid must be"),
    (["--grid", "Tie=1..2", "--grid", "2=-3"], "loses more than the stake"),
    (["--grid", "Tie=1..2", "--grid", "2=1", "--decks", "1,8"], "one deck count"),
    (["--grid", "Tie=1..2", "--grid", "2=1", "--target-edge", "1%"], "drop --target-edge"),
    (["--exact"], "--exact applies to --grid"),
    (["--decks", "1,8", "--shoe", "4,4,4,4,4,4,4,4,4,4,4,4,4"], "not both"),
    (["--decks", "1,inf", "--remove", "5"], "infinite deck"),
])
def test_breakeven_design_bad_input_is_one_line(args, needle):
    one_line(run("breakeven", "tie", *args), 2, needle)


def test_deck_list_on_bet_and_edge_bad_input():
    one_line(run("bet", "tie", "--decks", "1,1"), 2, "twice")
    one_line(run("edge", "--decks", "1,0"), 2, "--decks must be")


def test_library_entry_points_refuse_wrong_types():
    bet = builtin_catalog().bet("tie")
    priced = bet.price(walk(Shoe.decks(1)))
    with pytest.raises(TypeError):
        par_sheet("tie")
    with pytest.raises(TypeError):
        check_decks("1,6")
    with pytest.raises(ParSheetError, match="twice"):
        check_decks([8, 8])
    with pytest.raises(ParSheetError, match="at least 1"):
        check_decks([0])
    with pytest.raises(ParSheetError, match="finite deck counts"):
        par_sheet(bet, [8], simulate_decks=6)
    with pytest.raises(TypeError):
        solve_target_edge(bet, "5%")
    with pytest.raises(PayTableError):
        solve_target_edge(priced, "five percent")
    with pytest.raises(TypeError):
        edge_grid(priced, ("Tie", "8,9"), (2, [1]))
    with pytest.raises(TypeError):
        edge_grid(priced, "Tie", (2, [1]))
    assert edge_grid(priced, ("Tie", [Fraction(8)]), (2, [-1])).edges[0][0] == priced.house_edge


@pytest.mark.slow  # starts worker processes and waits 2 s: run with -m slow
def test_ctrl_c_in_a_report_simulation_is_one_line_and_leaves_no_worker():
    import importlib.util
    from conftest import ROOT

    spec = importlib.util.spec_from_file_location("interrupt_helpers", ROOT / "tests/hostile/test_interrupt.py")
    helpers = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(helpers)
    status, err, elapsed, orphans = helpers.interrupt(
        ["report", "--bets", "dragon7", "--decks", "8", "--shoes", "100000", "--jobs", "2", "-o", "/dev/null"])
    assert status == 130 and not orphans and elapsed < 2.5, (status, orphans, elapsed)
    assert "Traceback" not in err and err.strip() == "exact-odds: interrupted", err
