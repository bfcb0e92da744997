"""Sweep's whole-chunk paths give the line-by-line answers: the rows of a chunk formatted from
int64 arrays (report.in_play._block_text), and a chunk of lines read with numpy
(sweep_file._chunk_value_counts), including at and beyond the int64 bounds they check."""

import json
from functools import partial

import pytest
from hypothesis import given, settings, strategies as st

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.sweep import sweep, sweep_file
from exact_odds.in_play.sweep.sweep import PriceBlock, ShoePrice, SweepError, check_sweep_lines, read_sweep_line
from exact_odds.punto_banco.features import rank_to_value_counts
from exact_odds.report import in_play as report
from exact_odds.report.in_play import sweep_headers, sweep_rows
from exact_odds.report.numbers import fraction_text, percent_text
from exact_odds.rules.shoe import Shoe
from oracles.sweep_text import csv_row

STANDARD = tuple(builtin_catalog().variant("standard"))

KEYS = ["a", "b"]




def _jsonl_row(keys, number, price):
    """A JSON line from the exact house edges, by json.dumps and report.numbers."""
    record = {"line": number, "banker": price.banker, "player": price.player, "tie": price.tie, "total": price.total}
    for key, edge in zip(keys, price.house_edges):
        record[f"{key}_house_edge"] = fraction_text(edge)
        record[f"{key}_house_edge_percent"] = percent_text(edge, 10).rstrip("%")
    return json.dumps(record) + "\n"


def _block(rows, totals, scales):
    return PriceBlock([list(r) for r in rows], list(totals), tuple(scales))


# Shoes inside the int64 bounds (totals up to ~2**53, as for shoes of up to ~400 cards) and some beyond.
_TOTAL = st.one_of(st.integers(1, 2**53), st.integers(2**53, 2**62), st.integers(2**62, 10**25))
_SCALE = st.sampled_from([1, 2, 20, 40, 1000])


@st.composite
def blocks(draw, bets=2):
    n = draw(st.integers(1, 5))
    scales = [draw(_SCALE) for _ in range(bets)]
    rows, totals = [], []
    for _ in range(n):
        total = draw(_TOTAL)
        counts = [draw(st.integers(0, total)) for _ in range(3)]
        most = [s * total for s in scales]
        nums = [draw(st.one_of(st.integers(-m, 9 * m), st.sampled_from([0, -m, m, 1, -1]),
                               st.integers(-(2**63), 2**63))) for m in most]
        rows.append(counts + nums)
        totals.append(total)
    return rows, totals, scales


@settings(max_examples=30, deadline=None)
@given(blocks(), st.lists(st.integers(1, 10**7), min_size=5, max_size=5))
def test_block_rows_are_the_exact_edges_formatted_in_both_formats(block, numbers):
    rows, totals, scales = block
    prices = _block(rows, totals, scales)
    lines = numbers[: len(rows)]
    assert sweep_rows("csv", KEYS, lines, prices) == "".join(csv_row(n, p) for n, p in zip(lines, prices))
    assert sweep_rows("jsonl", KEYS, lines, prices) == "".join(_jsonl_row(KEYS, n, p) for n, p in zip(lines, prices))


def test_block_rows_at_the_bounds_round_half_away_from_zero_and_fall_back_beyond():
    den = report._BLOCK_DEN - 1  # the largest denominator the arrays take
    half = ShoePrice(1, 2, 3, den, (1, -1), (1, 1))  # not a half: den is odd
    cases = [
        [ShoePrice(1, 2, 3, 2 * 10**12, (1, -1), (1, 1)), ShoePrice(0, 0, 0, 7, (0, 7), (1, 1))],  # exact halves
        [half, ShoePrice(5, 5, 5, den, (den, -den), (1, 1))],
        [ShoePrice(1, 1, 1, 10, ((report._BLOCK_WHOLE - 1) * 10, 0), (1, 1))],  # largest whole part
        [ShoePrice(1, 1, 1, 10, (report._BLOCK_WHOLE * 10, 0), (1, 1))],  # beyond: Python integers
        [ShoePrice(1, 1, 1, report._BLOCK_DEN, (3, 0), (1, 1))],  # denominator beyond
        [ShoePrice(10**19, 1, 1, 10, (3, 0), (1, 1))],  # a count beyond int64
    ]
    for shoes in cases:
        block = _block([[p.banker, p.player, p.tie, *p.ev_numerators] for p in shoes], [p.total for p in shoes],
                       shoes[0].scales)
        assert list(block) == shoes
        for fmt, row in (("csv", csv_row), ("jsonl", lambda n, p: _jsonl_row(KEYS, n, p))):
            assert sweep_rows(fmt, KEYS, list(range(1, len(shoes) + 1)), block) == "".join(
                row(n, p) for n, p in enumerate(shoes, 1))
    text = sweep_rows("csv", KEYS, [4, 9], _block([[1, 2, 3, 1, -1], [0, 0, 0, 0, 7]], [2 * 10**12, 7], (1, 1)))
    assert text == ("4,1,2,3,2000000000000,-1/2000000000000,-0.0000000001,1/2000000000000,0.0000000001\n"
                    "9,0,0,0,7,0/1,0.0000000000,-1/1,-100.0000000000\n")


def test_the_arrays_are_used_within_the_bounds_and_not_beyond(monkeypatch):
    from exact_odds.punto_banco import native

    inside = _block([[1, 2, 3, 5, -5]], [100], (20, 1))
    beyond = _block([[1, 2, 3, 5, -5]], [report._BLOCK_DEN // 20 + 1], (20, 1))
    if native.module() is not None:  # the kernel's edge_parts: int64's bound alone (tests/in_play/test_sweep_arrays.py)
        assert report._block_cells([1], beyond) is not None
    monkeypatch.setattr(native, "module", lambda: None)  # numpy's long division: its own bounds
    assert report._block_cells([1], inside) is not None
    assert report._block_cells([1], beyond) is None
    assert report._block_text(report._csv_layout(2), [1], list(inside)) is None  # not a PriceBlock


def test_jsonl_keys_are_escaped_as_json_dumps_escapes_them():
    keys = ['say "hi"', "édge", "100%", "back\\slash"]
    price = ShoePrice(1, 2, 3, 720, (-7, 0, 720, 5), (1, 2, 20, 40))
    block = _block([[1, 2, 3, -7, 0, 720, 5]], [720], (1, 2, 20, 40))
    text = sweep_rows("jsonl", keys, [3], block)
    assert text == _jsonl_row(keys, 3, price)
    assert list(json.loads(text)) == sweep_headers(keys)


def test_a_price_block_is_a_sequence_of_shoe_prices():
    block = _block([[1, 2, 3, 4], [5, 6, 7, 8], [9, 9, 9, -9]], [10, 20, 30], (2,))
    shoes = [ShoePrice(1, 2, 3, 10, (4,), (2,)), ShoePrice(5, 6, 7, 20, (8,), (2,)), ShoePrice(9, 9, 9, 30, (-9,), (2,))]
    assert len(block) == 3 and list(block) == shoes and block[1] == shoes[1] and block[-1] == shoes[2]
    assert block[1:] == shoes[1:] and block[::-1] == shoes[::-1]
    assert "3 shoes" in repr(block)


# --- reading a chunk at once ----------------------------------------------------------------

_COUNT = st.one_of(st.integers(0, 40), st.integers(0, 10**17 + 5), st.integers(10**18, 10**30 - 1))


@st.composite
def shoe_lines(draw):
    counts = draw(st.one_of(st.lists(st.integers(0, 40), min_size=13, max_size=13),
                            st.lists(st.integers(0, 9), min_size=52, max_size=52)))
    pick = draw(st.integers(0, 19))
    if pick < 2:  # sometimes a huge count, or a shoe too small
        counts[pick] = draw(_COUNT)
    elif pick == 2:
        counts = [0] * (len(counts) - 1) + [draw(st.integers(0, 5))]
    pad = draw(st.integers(0, 4))
    cells = [f"{c:0{pad}d}" if c < 10**20 else str(c) for c in counts]  # leading zeros
    return draw(st.sampled_from([",", " , ", "\t,", ", "])).join(cells)


def _one_by_one(chunk, max_cards):
    return [rank_to_value_counts(read_sweep_line(line, number, max_cards)) for number, line in chunk]


def _outcome(fn, *args):
    try:
        return fn(*args)
    except SweepError as exc:
        return ("error", type(exc), str(exc))


@settings(max_examples=40, deadline=None)
@given(st.lists(shoe_lines(), min_size=1, max_size=6), st.sampled_from([None, 416, 52 * 10**18]))
def test_a_chunk_read_at_once_is_the_lines_read_one_by_one(texts, max_cards):
    chunk = check_sweep_lines(texts, max_cards=max_cards)
    at_once = _outcome(sweep_file._chunk_value_counts, chunk, max_cards)
    one_by_one = _outcome(_one_by_one, chunk, max_cards)
    if at_once is None:  # left to the line-by-line reading: only for a count or shoe it must check
        assert isinstance(one_by_one, tuple) or any(
            max(map(int, line.split(","))) >= sweep_file._MOST for _, line in chunk if isinstance(line, str))
    else:
        assert at_once == one_by_one


def test_a_chunk_with_a_bad_shoe_names_the_first_bad_line():
    lines = ["4," * 12 + "4", "1," * 51 + "1", "0," * 12 + "5", "0," * 51 + "1", "9," * 12 + "9"]
    chunk = check_sweep_lines(lines)
    assert sweep_file._chunk_value_counts(chunk, None) is None  # left to the line-by-line reading, which names it
    with pytest.raises(SweepError, match="^line 3: the shoe has 5 cards"):
        "".join(sweep.sweep_text_chunks(chunk, STANDARD, partial(sweep_rows, "csv", ["b", "p", "t"])))
    assert sweep_file._chunk_value_counts(chunk[:2], None) == [rank_to_value_counts([4] * 13),
                                                         rank_to_value_counts([4] * 13)]
    good = [chunk[0], chunk[1], chunk[4]]
    assert "".join(sweep.sweep_text_chunks(good, STANDARD, partial(sweep_rows, "csv", ["b", "p", "t"]))) == \
        sweep_rows("csv", ["b", "p", "t"], [1, 2, 5], sweep.price_shoes(
            [Shoe((4,) * 13), Shoe((4,) * 13), Shoe((9,) * 13)], STANDARD))


def test_counts_beyond_what_int64_adds_up_are_read_in_python_integers():
    # five counts of 4 x 10**18: their sum wraps round in int64 to a plausible 1.55 x 10**18 cards
    huge = ",".join(["0"] * 8 + ["4000000000000000000"] * 5)
    chunk = check_sweep_lines(["4," * 12 + "4", huge])
    assert sweep_file._chunk_value_counts(chunk, None) is None
    assert _one_by_one(chunk, None)[1] == (16 * 10**18, 0, 0, 0, 0, 0, 0, 0, 0, 4 * 10**18)


# --- checking a whole file at once ------------------------------------------------------------

@st.composite
def sweep_files(draw):
    lines = []
    for _ in range(draw(st.integers(0, 6))):
        kind = draw(st.integers(0, 9))
        size = draw(st.sampled_from([13, 52, 12, 14]))
        cells = [str(draw(st.integers(0, 20))) for _ in range(size)]
        if kind == 0:
            cells[0] = "1" * draw(st.integers(29, 31))  # at most 30 digits
        elif kind == 1:
            cells[-1] = draw(st.sampled_from(["", " 3", "3 ", "x", "+3", "٣"]))
        text = ",".join(cells)
        if kind == 2:
            text = draw(st.sampled_from(["", "# note", "  ", text + " # note", " " + text, text + "\r"]))
        lines.append(text + draw(st.sampled_from(["\n", "\n", "\n", "", "\n\n"])))
    return lines


@settings(max_examples=40, deadline=None)
@given(sweep_files())
def test_a_file_checked_at_once_is_the_file_checked_line_by_line(lines):
    assert _outcome(check_sweep_lines, lines, None) == _outcome(sweep_file._check_one_by_one, lines, None)


def test_a_clean_file_is_checked_at_once_and_any_other_line_by_line():
    row, suited = ",".join(["4"] * 13), ",".join(["1"] * 52)
    assert sweep_file._clean_file([row + "\n", suited + "\n", row]) == [(1, row), (2, suited), (3, row)]
    for lines in ([row + "\n", "\n"], [row + " \n"], [row + "\n# c\n"], [row + "\r\n"], [row, row],
                  [row + "\n", row[2:] + "\n"], [row + ",1\n"], [",".join(["1" * 31] * 13)], [], [row + "\n", 5]):
        assert sweep_file._clean_file(lines) is None
    with pytest.raises(TypeError, match="max_cards"):
        check_sweep_lines([row + "\n"], max_cards=2.5)


def test_a_clean_file_is_checked_in_blocks_numbered_on(monkeypatch):
    row, suited = ",".join(["4"] * 13), ",".join(["1"] * 52)
    monkeypatch.setattr(sweep_file, "_CLEAN_BLOCK", 2)
    assert sweep_file._clean_file([row + "\n", suited + "\n", row + "\n", row]) == [(1, row), (2, suited), (3, row), (4, row)]
    assert sweep_file._clean_file([row + "\n", suited + "\n", row + "\n", "\n"]) is None  # a blank line in the last block
    lines = [row + "\n", suited + "\n", "# c\n", row, "1,2\n"]
    assert _outcome(check_sweep_lines, lines, None) == _outcome(sweep_file._check_one_by_one, lines, None)
