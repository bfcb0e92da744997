"""The exact-odds command line: output contracts and bad input."""

import json
import re
from fractions import Fraction

import pytest
from click.testing import CliRunner

from conftest import reduced_fractions
from exact_odds.cli import main


def run(*args):
    return CliRunner().invoke(main, list(args), prog_name="exact-odds")


def test_edge_default_is_eight_decks():
    r = run("edge")
    assert r.exit_code == 0, r.output
    assert "8 decks" in r.output
    assert "2292252566437888" in r.output  # WoO 8-deck Banker count


def test_edge_json_contract():
    r = run("edge", "--decks", "8", "--format", "json")
    data = json.loads(r.stdout)
    assert set(data) >= {"shoe", "outcomes", "bets"}
    assert data["outcomes"]["banker"]["count"] == 2292252566437888  # WoO 8 decks
    assert data["outcomes"]["total"] == 4998398275503360
    p, q = map(int, data["outcomes"]["banker"]["probability"].split("/"))
    from math import gcd
    assert gcd(p, q) == 1 and p * 4998398275503360 == 2292252566437888 * q
    names = [b["bet"] for b in data["bets"]]
    assert names == ["Banker", "Player", "Tie"]
    for b in data["bets"]:
        for key in ("pays", "expected_value", "house_edge"):
            assert key in b
        assert re.fullmatch(r"-?\d+/\d+", b["house_edge"])


def test_edge_json_infinite_deck_has_null_counts():
    data = json.loads(run("edge", "--decks", "inf", "--format", "json").stdout)
    assert data["outcomes"]["banker"]["count"] is None
    assert data["outcomes"]["total"] is None
    # The Banker's probability from the naive infinite-deck enumerator (units of 13**-6).
    from oracles.naive import naive_infinite_counts

    banker = Fraction(sum(n for (p, b, _, _), n in naive_infinite_counts().items() if b > p), 13**6)
    assert data["outcomes"]["banker"]["probability"] == f"{banker.numerator}/{banker.denominator}"


# WoO "Baccarat odds for 1 to 12 decks", 1 deck (docs/rules.md §3): Banker, Player, Tie, total.
WOO_1_DECK = (6_737_232_640, 6_548_674_432, 1_372_227_328, 14_658_134_400)


def percent_6(x: Fraction) -> str:
    """x as a percentage with 6 places, rounded half up in integers (independent of numbers.py)."""
    n = x * 100 * 10**6
    whole = (n.numerator * 2 + n.denominator) // (2 * n.denominator)
    return f"{whole // 10**6}.{whole % 10**6:06d}%"


def woo_1_deck_edges():
    """House edges from the WoO 1-deck counts: Banker (P - 19/20 B)/T, Player (B - P)/T, Tie (T - 9 t)/T."""
    b, p, t, total = WOO_1_DECK
    return [percent_6(Fraction(p - Fraction(19, 20) * b, total)), percent_6(Fraction(b - p, total)),
            percent_6(Fraction(total - 9 * t, total))]


def test_woo_1_deck_edges_are_the_published_digits():
    assert woo_1_deck_edges() == ["1.011748%", "1.286372%", "15.746127%"]


@pytest.mark.parametrize("fmt", ["plain", "simple", "github", "grid", "latex", "html", "csv"])
def test_edge_formats(fmt):
    """Every format carries the three bets with the house edges implied by WoO's 1-deck counts."""
    r = run("edge", "--decks", "1", "--format", fmt)
    assert r.exit_code == 0, r.output
    for name, edge in zip(("Banker", "Player", "Tie"), woo_1_deck_edges()):
        assert name in r.stdout and edge[:-1] in r.stdout, (name, edge)  # latex escapes the %
    if fmt != "csv":  # the csv is the bet table alone (see test_edge_csv_has_a_header_and_three_bets)
        for count in WOO_1_DECK:
            assert str(count) in r.stdout


def test_edge_csv_has_a_header_and_three_bets():
    lines = run("edge", "--format", "csv").stdout.strip().splitlines()
    assert lines[0].startswith("Bet,Pays,")
    assert [l.split(",")[0] for l in lines[1:]] == ["Banker", "Player", "Tie"]


def test_edge_exact_shows_fractions():
    """The Banker edge as a reduced fraction, derived from the WoO 8-deck counts (docs/rules.md §3)."""
    b, p, total = 2_292_252_566_437_888, 2_230_518_282_592_256, 4_998_398_275_503_360
    banker_edge = (p - Fraction(19, 20) * b) / total
    r = run("edge", "--decks", "8", "--exact")
    assert f"{banker_edge.numerator}/{banker_edge.denominator}" in r.stdout


def test_remove_and_shoe_agree():
    a = run("edge", "--decks", "1", "--remove", "5,5,K,A", "--format", "json")
    b = run("edge", "--shoe", "3,4,4,4,2,4,4,4,4,4,4,4,3", "--format", "json")
    assert json.loads(a.stdout)["outcomes"] == json.loads(b.stdout)["outcomes"]


def test_version():
    """--version prints the version pyproject.toml declares."""
    import tomllib

    from conftest import ROOT

    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    r = run("--version")
    assert r.exit_code == 0 and r.output.strip() == f"exact-odds, version {declared}"


@pytest.mark.parametrize("command", [[]] + [[name] for name in main.list_commands(None)])
def test_help_shows_an_example(command):
    """Issue 2: --help on every command shows an example of that very command."""
    r = run(*command, "--help")
    assert r.exit_code == 0
    assert "Example" in r.output
    assert " ".join(["exact-odds", *command, ""]).rstrip() + " " in r.output


BAD_INPUT = {
    "zero decks": (["--decks", "0"], "--decks"),
    "negative decks": (["--decks", "-2"], "--decks"),
    "fractional decks": (["--decks", "1.5"], "--decks"),
    "non-numeric decks": (["--decks", "many"], "--decks"),
    "too few counts": (["--shoe", "4,4,4"], "13 rank counts"),
    "negative count": (["--shoe", "4,4,4,4,4,4,4,4,4,4,4,4,-1"], "negative"),
    "non-number count": (["--shoe", "4,4,4,4,4,4,4,4,4,4,4,4,x"], "whole number"),
    "fewer than six cards": (["--shoe", "1,1,1,1,1,0,0,0,0,0,0,0,0"], "at least 6 cards"),
    "unknown card removed": (["--remove", "5,Z"], "unknown card 'Z'"),
    "removing too many": (["--decks", "1", "--remove", ",".join(["A"] * 5)], "no A left"),
    "unknown format": (["--format", "docx"], "--format"),
    "decks with shoe": (["--decks", "8", "--shoe", ",".join(["4"] * 13)], "either --decks or --shoe"),
}


@pytest.mark.parametrize("case", BAD_INPUT, ids=list(BAD_INPUT))
def test_bad_input_is_one_line_with_status_2(case):
    args, fragment = BAD_INPUT[case]
    r = run("edge", *args)
    assert r.exit_code == 2
    assert r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "error:" in lines[0] and fragment in lines[0]
    assert "Traceback" not in r.stderr


def test_bad_input_from_the_real_console_script():
    """The installed entry point (python -m) gives the same one line and status 2."""
    import subprocess
    import sys

    p = subprocess.run([sys.executable, "-m", "exact_odds", "edge", "--decks", "0"], capture_output=True, text=True)
    assert p.returncode == 2
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr


@pytest.mark.parametrize("command", [["edge", "--variant", "ez"], ["bet", "dragon_bonus_banker"],
                                     ["chemin-de-fer", "--model", "A1"], ["banque", "--decks", "1"],
                                     ["eor", "--decks", "1"]])
def test_every_json_fraction_is_reduced(command):
    """Issue 2's JSON contract: fractions are "p/q" strings, reduced, with q > 0. (The whole catalog's,
    edge --bets all, is checked with its one entry a bet: tests/bets/test_cli_bets.py, one walk of it.)"""
    data = json.loads(run(*command, "--format", "json").stdout)
    assert len(reduced_fractions(data)) >= 10  # the document really holds fractions


def test_many_card_level_bets_get_a_note_on_a_terminal_only(monkeypatch):
    """The whole catalog takes seconds: on a terminal edge says so first, on stderr; piped, it says nothing."""
    from exact_odds.cli import punto_banco as edge_cli

    monkeypatch.setattr(edge_cli, "CARD_LEVEL_NOTE", 2)
    args = ("edge", "--decks", "1", "--bets", "banker,player_pair,banker_pair")
    piped = run(*args)
    monkeypatch.setattr(edge_cli, "on_terminal", lambda: True)
    shown = run(*args)
    assert piped.exit_code == shown.exit_code == 0
    assert piped.stderr == "" and shown.stdout == piped.stdout
    assert shown.stderr.startswith("note: 2 of these bets read ranks or suits") and shown.stderr.count("\n") == 1
