"""sweep with card-level bets (pairs, suits): each line priced one shoe at a time, exactly as
`exact-odds bet NAME --shoe LINE` prices it; value-level bets unchanged beside them."""

import csv
import io
import json

import pytest
from click.testing import CliRunner

from exact_odds.cli import main as cli
from exact_odds.in_play.sweep.sweep import SweepError, check_sweep_lines, read_sweep_line, split_bets
from exact_odds.bets.catalog import builtin_catalog

# Small shoes with suits, so the card-level pricing stays quick: a deck with a few cards gone or
# added (52 counts), and one with a suit thinned. A pair bet on a line of 13 rank counts walks
# every way the unknown suits could fall (seconds a shoe): those cases are slow tests.
SUITED = ",".join(["2,1,1,1"] + ["1,1,1,1"] * 3 + ["1,0,1,1"] + ["1,1,1,1"] * 7 + ["1,1,2,1"])
THINNED = ",".join(["1,1,1,1", "1,1,1,0", "2,1,1,1"] * 4 + ["1,1,1,1"])
RANKS = "5,4,4,3,4,4,4,4,4,4,4,4,5"
LINES = [SUITED, THINNED]
CARD_BETS = ("perfect_pair", "player_pair")


def _sweep(args, text):
    result = CliRunner().invoke(cli, ["sweep", "-", *args], input=text)
    assert result.exit_code == 0, result.output
    return result


def _bet_edge(name, line):
    result = CliRunner().invoke(cli, ["bet", name, "--shoe", line, "--format", "json"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)["house_edge"]


def _rows(args, lines):
    return list(csv.DictReader(io.StringIO(_sweep(args, "\n".join(lines) + "\n").stdout)))


def test_card_level_prices_equal_bet_on_the_same_shoe():
    rows = _rows(["--bets", "banker," + ",".join(CARD_BETS)], LINES)
    assert [int(r["line"]) for r in rows] == [1, 2]
    for row, line in zip(rows, LINES):
        for name in CARD_BETS:
            assert row[f"{name}_house_edge"] == _bet_edge(name, line), (name, line)
    # the suits of a 52-count line are priced, not averaged: the two suited lines differ
    assert rows[0]["perfect_pair_house_edge"] != rows[1]["perfect_pair_house_edge"]


@pytest.mark.slow
def test_a_pair_bet_on_a_line_without_suits_equals_bet_and_states_the_model():
    rows = _rows(["--bets", ",".join(CARD_BETS), "--jobs", "2"], [RANKS])
    for name in CARD_BETS:
        assert rows[0][f"{name}_house_edge"] == _bet_edge(name, RANKS)
    result = _sweep(["--bets", ",".join(CARD_BETS), "--format", "jsonl"], RANKS + "\n" + SUITED + "\n")
    records = [json.loads(r) for r in result.stdout.splitlines()]
    assert "Suits not given" in records[0]["assumptions"][0] and "assumptions" not in records[1]
    assert "lines of 13 rank counts have no suits: Perfect Pair" in _sweep(["--bets", "perfect_pair"],
                                                                           RANKS + "\n").stderr
    assert "no suits" not in _sweep(["--bets", "player_pair"], RANKS + "\n").stderr


def test_value_level_columns_are_the_same_with_card_level_bets_beside_them():
    text = "\n".join(LINES) + "\n"
    alone = list(csv.DictReader(io.StringIO(_sweep(["--bets", "banker,tie"], text).stdout)))
    mixed = list(csv.DictReader(io.StringIO(_sweep(["--bets", "player_pair,banker,tie"], text).stdout)))
    assert len(mixed) == len(alone) == 2
    for a, m in zip(alone, mixed):
        assert {k: v for k, v in m.items() if not k.startswith("player_pair")} == a
    assert list(mixed[0])[5:7] == ["player_pair_house_edge", "player_pair_house_edge_percent"]


def test_a_line_with_suits_or_a_rank_bet_assumes_nothing():
    result = _sweep(["--bets", "perfect_pair,player_pair", "--format", "jsonl"], SUITED + "\n")
    assert "assumptions" not in json.loads(result.stdout)
    assert "no suits" not in _sweep(["--bets", "perfect_pair"], SUITED + "\n").stderr


def test_all_still_leaves_card_level_bets_out_and_says_how_to_price_them():
    from exact_odds.cli.in_play import _with_card_level

    chosen = _with_card_level(None, ["all"], (), None)
    assert chosen.bets and all(b.is_value_level for b in chosen.bets)
    assert "perfect_pair" in [b.key for b in chosen.left_out]
    named = _with_card_level(None, ["perfect_pair", "banker"], (), None)
    assert [b.key for b in named.bets] == ["perfect_pair", "banker"] and named.left_out == ()
    # the note comes before any work (here a bad line stops the sweep before pricing)
    result = CliRunner().invoke(cli, ["sweep", "-", "--bets", "all"], input="1,2\n")
    assert result.exit_code == 2
    assert "name them with --bets to price them one shoe at a time" in result.stderr


def test_split_bets_keeps_the_places_of_each_kind():
    bets = [builtin_catalog().bet(k) for k in ("perfect_pair", "banker", "player_pair", "tie")]
    assert split_bets(bets) == ((1, 3), (0, 2))


def test_plain_and_spelled_out_lines_read_the_same():
    """A line of plain ASCII counts is read in the worker, any other in the parent: same counts."""
    spaced = RANKS.replace(",", "\u2003,\u00a0")  # unicode spaces: not the plain form
    lines = check_sweep_lines([RANKS + "\n", spaced + "\n", SUITED + "\n"])
    assert isinstance(lines[0][1], str) and isinstance(lines[1][1], tuple) and isinstance(lines[2][1], str)
    assert read_sweep_line(lines[0][1], 1) == read_sweep_line(lines[1][1], 2) == tuple(map(int, RANKS.split(",")))
    assert read_sweep_line(lines[2][1], 3) == tuple(sum(map(int, SUITED.split(",")[4 * r: 4 * r + 4]))
                                                    for r in range(13))


def test_the_first_bad_line_is_named_whoever_finds_it():
    """A plain line too small (found where it is read) before a malformed one (found at once)."""
    with pytest.raises(SweepError) as info:
        check_sweep_lines(["4,4,4,4,4,4,4,4,4,4,4,4,4\n", "1,1,1,0,0,0,0,0,0,0,0,0,0\n", "4,x\n"])
    assert info.value.line == 2 and "3 cards" in str(info.value)
    result = CliRunner().invoke(cli, ["sweep", "-", "--jobs", "2"],
                                input="4,4,4,4,4,4,4,4,4,4,4,4,4\n" * 600 + "1,1,1,0,0,0,0,0,0,0,0,0,0\n")
    assert result.exit_code == 2
    assert "line 601: the shoe has 3 cards" in result.stderr


def test_card_level_sweeps_share_out_in_small_chunks(monkeypatch):
    """A card-level bet costs milliseconds to seconds a shoe: 40 lines go out as 3 chunks, not one."""
    from exact_odds.in_play.sweep import sweep
    from exact_odds.in_play.workers import parallel

    seen = []
    monkeypatch.setattr(parallel, "run", lambda fn, chunks, *a, **k: seen.append([len(c) for c in chunks]) or iter(()))
    lines = check_sweep_lines([SUITED] * 40)
    bets = [builtin_catalog().bet(k) for k in ("banker", "player_pair")]
    list(sweep.sweep_text_chunks(lines, bets, lambda numbers, prices: "", jobs=2))
    list(sweep.sweep_text_chunks(lines, bets[:1], lambda numbers, prices: "", jobs=2))
    assert seen == [[16, 16, 8], [40]]
