"""Hostile input to sweep's card-level bets and to its lines read in the workers: one line on
stderr, exit status 2, never a traceback; the library raises its own errors."""

import pickle

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.sweep.sweep import (SweepError, SweepShoeTooLarge, check_sweep_lines, read_sweep_line,
                                      sweep_text_chunks)

SUITED = ",".join(["1,1,1,1"] * 13)
BIG = "1" + "0" * 20  # 10^20 cards of a rank: past the 52 x 10^18 a sweep allows


def run(args, text):
    return CliRunner().invoke(main, ["sweep", "-", *args], input=text)


def one_error_line(result, words):
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], result.stderr


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_shoe_too_large_found_in_a_worker_is_one_line(jobs):
    text = SUITED + "\n" + ",".join([BIG] + ["4"] * 12) + "\n"
    one_error_line(run(["--jobs", jobs], text), "line 2: at most 52 x 10^18 cards")


def test_a_bad_line_with_a_card_level_bet_is_one_line():
    one_error_line(run(["--bets", "perfect_pair"], SUITED + "\n" + SUITED[:-2] + "\n"),
                   "line 2: expected 13 rank counts")


def test_a_52_count_line_with_a_count_too_long_is_named():
    text = ",".join(["0" * 31 + "1"] + ["1"] * 51) + "\n" + ",".join(["9" * 31] + ["1"] * 51) + "\n"
    one_error_line(run(["--bets", "player_pair"], text), "line 2: a count of 31 digits")


def test_an_unknown_bet_is_one_line():
    result = run(["--bets", "perfect_pair,no_such_bet"], SUITED + "\n")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "no_such_bet" in result.stderr


def test_sweep_errors_survive_the_trip_from_a_worker():
    for exc in (SweepError(7, "the shoe has 3 cards"), SweepShoeTooLarge(9, "too many")):
        back = pickle.loads(pickle.dumps(exc))
        assert type(back) is type(exc) and (back.line, back.reason, str(back)) == (exc.line, exc.reason, str(exc))


@pytest.mark.parametrize("lines, error", [
    ("4,4,4,4,4,4,4,4,4,4,4,4,4", TypeError),  # one string, not lines
    ([b"4,4,4,4,4,4,4,4,4,4,4,4,4\n"], TypeError),
    ([None], TypeError),
])
def test_check_sweep_lines_refuses_what_is_not_lines(lines, error):
    with pytest.raises(error):
        check_sweep_lines(lines)


def test_check_sweep_lines_refuses_a_max_cards_that_is_not_a_whole_number():
    with pytest.raises(TypeError):
        check_sweep_lines([SUITED], max_cards=True)
    with pytest.raises(SweepShoeTooLarge):
        read_sweep_line(SUITED, 1, max_cards=51)


def test_sweep_text_chunks_with_card_level_bets_refuses_bad_arguments():
    lines = check_sweep_lines([SUITED])
    bet = builtin_catalog().bet("perfect_pair")
    with pytest.raises(TypeError):
        sweep_text_chunks(lines, [bet], "not a function")
    with pytest.raises(TypeError):
        sweep_text_chunks(lines, bet, lambda numbers, prices: "")
    with pytest.raises(ValueError):
        sweep_text_chunks(lines, [bet], lambda numbers, prices: "", jobs=0)
