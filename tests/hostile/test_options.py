"""Options given twice, on every command (issue 11, cause 13), and the shared option parsers."""

import click
import pytest
from click.testing import CliRunner

from exact_odds.cli import main


def single_value_options():
    """(command, option, a value it accepts) for every option of every command that takes one value."""
    sample = {"--decks": "1", "--shoe": "4,4,4,4,4,4,4,4,4,4,4,4,4", "--remove": "5", "--format": "csv",
              "--model": "B2", "--commission": "1/20", "--banker": "optimal", "--theta": "1/2",
              "--punter-five": "draw", "--level": "2", "--shoes": "1", "--seed": "1", "--burn": "none",
              "--jobs": "1", "--variant": "standard", "--bets": "banker", "--line": "1", "--out": "tables",
              "--output": "x.csv", "--plot": "x.png", "--table": "cards", "--paytable": "x.toml"}
    out = []
    for name in main.list_commands(None):
        command = main.get_command(None, name)
        for p in command.params:
            if isinstance(p, click.Option) and not p.multiple and not p.is_flag and not p.count:
                opt = max(p.opts, key=len)
                out.append((name, opt, sample.get(opt, "1")))
    return out


OPTIONS = single_value_options()


def test_every_command_has_single_value_options_here():
    assert {c for c, _, _ in OPTIONS} == set(main.list_commands(None))


@pytest.mark.parametrize("command, option, value", OPTIONS)
def test_an_option_given_twice_is_refused(command, option, value):
    r = CliRunner().invoke(main, [command, option, value, option, value], prog_name="exact-odds")
    assert r.exit_code == 2, r.output
    lines = r.output.strip().splitlines()
    assert len(lines) == 1 and "given twice" in lines[0] and option in lines[0]
    assert r.exception is None or isinstance(r.exception, SystemExit)


def test_the_equals_form_counts_too():
    r = CliRunner().invoke(main, ["edge", "--decks=1", "--decks", "6"], prog_name="exact-odds")
    assert r.exit_code == 2 and "--decks was given twice (1 and 6)" in r.output


def test_an_option_value_that_looks_like_the_option_is_not_a_repeat():
    """'--bets --decks' gives --bets the value '--decks' (click's reading): one --decks, not two."""
    r = CliRunner().invoke(main, ["edge", "--decks", "1", "--variant", "--decks"], prog_name="exact-odds")
    assert "given twice" not in r.output


@pytest.mark.parametrize("decks", ["0" * 40 + "8", "008", "+8"])
def test_decks_with_leading_zeros_is_its_value(decks):
    r = CliRunner().invoke(main, ["edge", "--decks", decks, "--format", "json"], prog_name="exact-odds")
    assert r.exit_code == 0 and '"description": "8 decks"' in r.output


@pytest.mark.parametrize("count", ["²", "--4", "٣", "4.0"])
def test_a_shoe_count_int_cannot_read_is_one_line(count):
    r = CliRunner().invoke(main, ["edge", "--shoe", ",".join(["4"] * 12 + [count])], prog_name="exact-odds")
    assert r.exit_code == 2 and len(r.output.strip().splitlines()) == 1 and "not a whole number" in r.output
