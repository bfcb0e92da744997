"""track names a card it refuses on stderr and goes on, as the live screen does; --strict stops (issue 23).

Hostile logs: tokens that are no card, cards the shoe cannot hold, undos with nothing to undo, cards
without the suit a chosen bet reads, cards past the last coup a shoe can deal, a bad card on every
line, and a file that is not text (still refused: nothing can be read from it)."""

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.track.log import BadToken, LogError, read_log
from exact_odds.in_play.track.table import Table
from exact_odds.rules.shoe import Shoe

GOOD = "9h Kd Qs 3c\n5h 4s 2d 3h\n"


def track(*args, log):
    return CliRunner().invoke(main, ["track", *args, "-"], input=log, prog_name="exact-odds")


@pytest.mark.parametrize("bad, says", [
    ("Zz", "line 2: unknown card 'Zz'"),
    ("0h", "line 2: '0h': a card given by value (0) has no suit"),
    ("9h", "line 2: card '9h' is impossible: the shoe has no 9h left"),
])
def test_a_bad_card_is_named_skipped_and_the_log_goes_on(bad, says):
    """The same coups as the log without the bad card, and one line on stderr naming it."""
    log = GOOD.replace("\n5h", f"\n{bad} 5h")
    r = track("--decks", "1", log=log)
    assert r.exit_code == 0, r.output
    assert r.stdout == track("--decks", "1", log=GOOD).stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"exact-odds track: {says}")
    assert lines[0].endswith("; skipped it (--strict stops here)")


def test_strict_stops_at_the_first_bad_card_as_before():
    r = track("--strict", "--decks", "1", log=GOOD.replace("\n5h", "\nZz 5h"))
    assert r.exit_code == 2 and "coup 1:" in r.stdout and "coup 2:" not in r.stdout
    assert r.stderr.strip().splitlines() == [
        "exact-odds track: error: line 2: unknown card 'Zz': use a rank A, 2-9, 10 (or T), J, Q, K, optionally "
        "followed by a suit s, h, d or c (for example Kd); or 0 for any ten-value card, u to undo the last card "
        "(see 'exact-odds track --help')"]


def test_undos_with_nothing_to_undo_are_each_named():
    r = track("--decks", "1", log="u\nundo\n" + GOOD)
    assert r.exit_code == 0 and "coup 2:" in r.stdout
    assert [line.split(": ", 2)[1] for line in r.stderr.strip().splitlines()] == ["line 1", "line 2"]


def test_a_card_without_the_suit_a_bet_reads_is_skipped_and_named_with_the_fix():
    r = track("--decks", "1", "--bets", "perfect_pair", log="Ah 5s 9d Kc 2h\n4h 3 3s 4d 3c\n")
    assert r.exit_code == 0 and "coup 2: Player 4h 4d = 8, Banker 3s 3c = 6" in r.stdout
    assert "line 2: card '3' has no suit, but Perfect Pair reads suits" in r.stderr
    assert "drop perfect_pair from --bets; skipped it" in r.stderr


def test_cards_past_the_last_coup_are_each_named():
    r = track("--shoe", "0,0,0,0,0,0,0,0,0,7,0,0,0", log="10 10 10 10 10 10 10\n")
    assert r.exit_code == 0
    assert "line 1: only 1 cards remain before this coup" in r.stderr


def test_a_bad_card_on_every_line_of_a_long_log_is_one_line_each():
    log = "".join(f"Zz\n" for _ in range(500)) + GOOD
    r = track("--decks", "1", log=log)
    assert r.exit_code == 0 and "coup 2:" in r.stdout and r.stderr.count("\n") == 500


def test_a_file_that_is_not_text_is_still_refused(tmp_path):
    path = tmp_path / "dealt.log"
    path.write_bytes(b"9h Kd\n\xff\xfe\x00junk\n")
    r = CliRunner().invoke(main, ["track", str(path)], prog_name="exact-odds")
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "Traceback" not in r.output


def test_strict_and_the_screen_do_not_go_together():
    r = CliRunner().invoke(main, ["track", "--screen", "--strict"], prog_name="exact-odds")
    assert r.exit_code == 2 and "--strict applies to a log" in r.stderr


def test_the_library_reads_a_log_leniently_and_the_table_passes_on_the_errors():
    tokens = list(read_log(["9h Zz Kd", "u"], strict=False))
    assert isinstance(tokens[1], BadToken) and tokens[1].line == 1 and tokens[1].text == "Zz"
    with pytest.raises(LogError, match="unknown card 'Zz'"):
        list(read_log(["9h Zz Kd"]))
    errors = []
    table = Table(Shoe.decks(1), [builtin_catalog().bet("banker")])
    events = list(table.enter_all(read_log(["9h Zz Kd Qs 3c", "u u u u u"], strict=False), errors.append))
    assert [str(e).split(":")[0] for e in errors] == ["line 1", "line 2"]  # Zz, then the fifth undo
    assert table.in_play.seen == 0 and events[0][0] == "before"
    with pytest.raises(LogError):
        list(Table(Shoe.decks(1), []).enter_all(read_log(["Zz"], strict=False)))


@pytest.mark.parametrize("strict", ["yes", 1, None])
def test_strict_must_be_true_or_false(strict):
    with pytest.raises(TypeError, match="strict must be True or False"):
        read_log(["9h"], strict=strict)
