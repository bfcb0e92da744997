"""Hostile input to the shoe in play at the table (issue 14): track's new tokens and --count, the live
command, and the library entry points of log.py and table.py. Each bad input is one line, exit 2."""

import sys

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.track.log import CoupSplitter, ShoeInPlay, parse_token
from exact_odds.in_play.track.table import Count, CountError, Table, count_of_bet, parse_count_tags
from exact_odds.rules.shoe import Shoe

BANKER = (builtin_catalog().bet("banker"),)


def cli(args, input=""):
    return CliRunner().invoke(main, args, input=input, prog_name="exact-odds")


def one_line(r, *words):
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    for w in words:
        assert w in r.stderr, r.stderr


@pytest.mark.parametrize("log, words", [
    ("5 0h\n", ["line 1: '0h': a card given by value (0) has no suit", "or 0 alone"]),
    ("5 K\n9 zz\n", ["line 2: unknown card 'zz'", "0 for any ten-value card, u to undo"]),
    ("u\n", ["line 1: nothing to undo", "u takes back the last card seen"]),
    ("5\nundo UNDO\n", ["line 2: nothing to undo"]),
    ("0 " * 17, ["card '0' is impossible: the shoe has no ten-value card (10, J, Q, K) left"]),
    ("10 9 10 9 10 9 10 9 T\n", ["card 'T' is impossible: the shoe has no 10 left", "type 0 instead"]),
])
def test_bad_tokens_name_the_line_and_the_fix(log, words):
    one_line(cli(["track", "--strict", "--decks", "1", "-"], log), *words)


@pytest.mark.parametrize("count, words", [
    ("1,2,3", ["--count: a count is 13 comma-separated tags for A,2,...,10,J,Q,K; '1,2,3' has 3"]),
    (",,,,,,,,,,,,", ["--count: the tag of A: '' is not a whole number"]),
    ("1,1,1,1,1,1,1,1,1,1,1,1,½", ["the tag of K: '½' is not a whole number"]),
    ("1,1,1,1,1,1,1,1,1,1,1,1," + "9" * 40, ["the tag of K"]),
    ("1,1,1,1,1,1,1,1,1,1,1,1,-5000", ["the tag of K is -5000; tags are at most 1000"]),
    ("nope", ["--count: unknown bet 'nope'", "13 comma-separated tags"]),
    ("dragn7", ["--count: unknown bet 'dragn7'; did you mean 'dragon7'?"]),
    ("standard", ["--count: 'standard' is a variant, not a bet"]),
    ("", ["--count is empty", "13 comma-separated tags"]),
    ("player_pair", ["--count player_pair", "ranks or suits"]),
])
def test_bad_counts_say_what_is_expected(count, words):
    one_line(cli(["track", "--decks", "1", "--count", count, "-"]), *words)
    one_line(cli(["live", "--decks", "1", "--count", count]), *words)


def test_a_zero_under_a_count_that_tags_ten_value_ranks_differently_names_the_line():
    r = cli(["track", "--strict", "--decks", "1", "--count", "0,0,0,0,0,0,0,0,0,1,0,0,0", "-"], "5 K\n0\n")
    one_line(r, "line 2: card '0' cannot be counted", "give the card's rank")


def test_live_without_a_terminal_or_in_a_small_one_is_one_line(monkeypatch):
    import importlib

    one_line(cli(["live"]), "the live screen needs a terminal", "use 'exact-odds track'")
    one_line(cli(["track", "--screen"]), "the live screen needs a terminal")
    live = importlib.import_module("exact_odds.cli.live")
    monkeypatch.setattr(live, "on_a_terminal", lambda: True)
    monkeypatch.setattr(live.shutil, "get_terminal_size", lambda fallback=None: (50, 12))
    one_line(cli(["live"]), "terminal too small (50x12); the live screen needs at least 60x18")


def test_track_screen_refuses_a_log_and_a_format(tmp_path):
    log = tmp_path / "dealt.log"
    log.write_text("5 K\n")
    one_line(cli(["track", "--screen", str(log)]), "--screen reads the cards from the keyboard, not from a LOG")
    one_line(cli(["track", "--screen", "--format", "csv"]), "--screen draws a screen, not csv")


def test_live_without_textual_says_how_to_get_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "exact_odds.live.screen", None)  # importing it now raises ImportError
    one_line(cli(["live"]), "needs textual: pip install 'exact_odds[live]'")


@pytest.mark.parametrize("call, error, says", [
    (lambda: parse_token(5), TypeError, "a token is a string"),
    (lambda: parse_token("0x", 4), ValueError, "line 4: unknown card"),
    (lambda: CoupSplitter(Shoe.decks(1)), TypeError, "needs a ShoeInPlay"),
    (lambda: CoupSplitter(ShoeInPlay(Shoe.decks(1))).deal("5"), TypeError, "needs a Card"),
    (lambda: CoupSplitter(ShoeInPlay(Shoe.decks(1)), tableau="punto banco"), TypeError, "Tableau"),
    (lambda: ShoeInPlay(Shoe.decks(1)).put_back(), ValueError, "no card to take back"),
    (lambda: Table(Shoe.decks(1), BANKER, count="1,1"), TypeError, "count must be a Count"),
    (lambda: Table(Shoe.decks(1), BANKER[0]), TypeError, "not one PayTable"),
    (lambda: Table(Shoe.infinite(), BANKER), ValueError, "finite"),
    (lambda: Table(Shoe.decks(1), BANKER).enter("5"), TypeError, "needs a Card or an Undo"),
    (lambda: parse_count_tags(None), TypeError, "the text of 13 tags"),
    (lambda: parse_count_tags("1," * 13), CountError, "has 14"),
    (lambda: Count("x", (1,) * 12), CountError, "13 whole-number tags"),
    (lambda: Count("x", (True,) * 13), CountError, "13 whole-number tags"),
    (lambda: count_of_bet(Shoe.infinite(), BANKER[0], "banker"), ValueError, "finite"),
])
def test_the_library_says_what_is_expected(call, error, says):
    with pytest.raises(error, match=says):
        call()
