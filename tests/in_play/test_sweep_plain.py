"""A plain sweep file (digits, commas and newlines) read whole and its lines read in the workers (issue 27)
gives the text and the errors of the line-by-line reading: the same rows, the same first bad line named,
across blocks of any size; any other file is read line by line as before."""

import io
import random
from functools import partial

import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.sweep.sweep import SweepError, check_sweep_lines, sweep_text_chunks
from exact_odds.in_play.sweep.sweep_bytes import SweepBytes, block_values, read_plain
from exact_odds.report.in_play import sweep_rows
from click.testing import CliRunner

from exact_odds.cli import main

def run_cli(args):
    return CliRunner().invoke(main, args, prog_name="exact-odds")


STANDARD = tuple(builtin_catalog().variant("standard"))
KEYS = ["banker", "player", "tie"]
MAX = 52 * 10**18


def stream(text: str, encoding: str = "utf-8-sig"):
    """``text`` as the CLI opens a file: a text stream over bytes, nothing read yet."""
    return io.TextIOWrapper(io.BytesIO(text.encode("utf-8")), encoding=encoding)


def rows_by_blocks(text: str, block_lines: int, jobs: int = 1) -> str:
    got = read_plain(stream(text), block_lines=block_lines)
    assert isinstance(got, SweepBytes)
    return "".join(sweep_text_chunks(got, STANDARD, partial(sweep_rows, "csv", KEYS), jobs, max_cards=MAX))


def rows_by_lines(text: str) -> str:
    lines = check_sweep_lines(io.StringIO(text), max_cards=MAX)
    return "".join(sweep_text_chunks(lines, STANDARD, partial(sweep_rows, "csv", KEYS), 1, max_cards=MAX))


def shoe_line(rng: random.Random, kind: str) -> str:
    if kind == "52":
        return ",".join(str(rng.randint(0, 8)) for _ in range(52))
    counts = [rng.randint(0, 32) for _ in range(13)]
    counts[0] += 6
    if kind == "zeros":  # a count of 20 digits, leading zeros: past numpy's 18, read in Python ints
        return ",".join(["0" * 18 + "32"] + [str(c) for c in counts[1:]])
    if kind == "huge":  # a count of 10**17: past numpy's bound, exact in Python ints (and the kernel's)
        return ",".join([str(10**17)] + [str(c) for c in counts[1:]])
    return ",".join(map(str, counts))


@pytest.mark.parametrize("kinds", [("13",), ("52",), ("13", "52"), ("13", "blank"), ("13", "zeros", "huge")])
@pytest.mark.parametrize("block_lines", [1, 3, 7, 4096])
def test_rows_by_blocks_equal_rows_by_lines(kinds, block_lines):
    rng = random.Random(hash((kinds, block_lines)) & 0xFFFF)
    lines = ["" if k == "blank" else shoe_line(rng, k) for k in (rng.choice(kinds) for _ in range(23))]
    text = "\n".join(lines) + "\n"
    assert rows_by_blocks(text, block_lines) == rows_by_lines(text)
    assert rows_by_blocks(text.rstrip("\n"), block_lines) == rows_by_lines(text)  # no newline at the end


@pytest.mark.parametrize("block_lines", [1, 2, 5, 100])
@pytest.mark.parametrize("first, second, named", [
    ((4, "1,1,1,1,1,0,0,0,0,0,0,0,0"), (9, "4,4,4"), "line 4: the shoe has 5 cards"),
    ((4, "4,4,4"), (9, "1,1,1,1,1,0,0,0,0,0,0,0,0"), "line 4: expected 13 rank counts"),
    ((6, "4,,4,4,4,4,4,4,4,4,4,4,4"), (8, "1" * 31 + ",4,4,4,4,4,4,4,4,4,4,4,4"), "line 6: '' is not a whole"),
    ((7, "1" * 31 + ",4,4,4,4,4,4,4,4,4,4,4,4"), (9, "1,1"), "line 7: a count of 31 digits"),
])
def test_the_first_bad_line_of_the_file_is_named_whatever_the_blocks(block_lines, first, second, named):
    lines = ["4,4,4,4,4,4,4,4,4,4,4,4,4"] * 10
    for number, bad in (first, second):
        lines[number - 1] = bad
    text = "\n".join(lines) + "\n"
    with pytest.raises(SweepError) as by_lines:
        rows_by_lines(text)
    with pytest.raises(SweepError) as by_blocks:
        rows_by_blocks(text, block_lines, jobs=2)
    assert str(by_blocks.value) == str(by_lines.value) and str(by_blocks.value).startswith(named)


def test_a_block_of_plain_lines_is_read_into_arrays_and_any_other_line_by_line():
    numbers, values = block_values((5, b"4,4,4,4,4,4,4,4,4,4,4,4,4\n" * 2))
    assert numbers.tolist() == [5, 6] and values.tolist() == [[16] + [4] * 9] * 2
    numbers, values = block_values((5, b"4,4,4,4,4,4,4,4,4,4,4,4,4\n\n" + b"1," * 51 + b"1\n"))
    assert numbers == [5, 7] and values == [(16,) + (4,) * 9, (16,) + (4,) * 9]


@pytest.mark.parametrize("text", ["4,4,4,4,4,4,4,4,4,4,4,4,4 # one deck\n", "4,4,4,4,4,4,4,4,4,4,4,4,4\r\n",
                                  "# shoes\n", " 4,4,4,4,4,4,4,4,4,4,4,4,4\n", "4,4,4,4,4,4,4,4,4,4,4,4,4\u00a0\n"])
def test_a_file_that_is_not_plain_is_read_line_by_line_from_its_first_byte(text):
    got = read_plain(stream("4,4,4,4,4,4,4,4,4,4,4,4,4\n" + text))
    assert not isinstance(got, SweepBytes)
    assert got.read() == "4,4,4,4,4,4,4,4,4,4,4,4,4\n" + text.replace("\r\n", "\n")


def test_a_byte_order_mark_is_skipped_as_utf_8_sig_skips_it():
    got = read_plain(stream("\ufeff4,4,4,4,4,4,4,4,4,4,4,4,4\n"))
    assert isinstance(got, SweepBytes) and got.blocks == [(1, b"4,4,4,4,4,4,4,4,4,4,4,4,4\n")]
    assert not isinstance(read_plain(stream("\ufeff4,4\n", encoding="utf-8")), SweepBytes)  # (utf-8 keeps it)


def test_the_command_names_the_first_bad_line_of_a_plain_file_and_writes_nothing(tmp_path):
    shoes = tmp_path / "shoes.txt"
    lines = ["32,32,32,32,32,32,32,32,32,32,32,32,32"] * 9000
    lines[7000] = "1,1,1,1,1,0,0,0,0,0,0,0,0"
    lines[8000] = "1,2,3"
    shoes.write_text("\n".join(lines) + "\n")
    out = tmp_path / "edges.csv"
    for jobs in ("1", "2"):
        res = run_cli(["sweep", str(shoes), "--jobs", jobs, "-o", str(out)])
        assert res.exit_code == 2 and res.output.strip().endswith("line 7001: the shoe has 5 cards; a coup needs "
                                                                  "at least 6 (see 'exact-odds sweep --help')")
        assert len(res.output.strip().splitlines()) == 1 and not out.exists()
        assert [p.name for p in tmp_path.iterdir()] == ["shoes.txt"]  # no stand-in left behind


def test_the_command_gives_a_plain_file_and_its_commented_twin_the_same_rows(tmp_path):
    rng = random.Random(27)
    text = "".join(shoe_line(rng, rng.choice(["13", "52"])) + "\n" for _ in range(300))
    plain, commented = tmp_path / "plain.txt", tmp_path / "commented.txt"
    plain.write_text(text)
    commented.write_text(text + "# the end\n")
    for args in ([], ["--jobs", "2"], ["--format", "jsonl"]):
        a, b = (run_cli(["sweep", str(p), *args]) for p in (plain, commented))
        assert a.exit_code == b.exit_code == 0 and a.output == b.output and a.output.count("\n") >= 300


def test_an_endless_line_of_digits_is_refused_with_its_number(tmp_path):
    shoes = tmp_path / "shoes.txt"
    shoes.write_text("4,4,4,4,4,4,4,4,4,4,4,4,4\n" + "4" * (1 << 21))
    res = run_cli(["sweep", str(shoes)])
    assert res.exit_code == 2 and "line 2: the line is longer than 1,048,576 characters" in res.output


def test_exact_odds_pure_gives_the_same_file_as_the_compiled_kernel(tmp_path):
    """EXACT_ODDS_PURE=1 (numpy's kernel, numpy's long division and digits; the compiled kernel and its
    primitives off) writes the very bytes of the default run, for 13- and 52-count lines alike."""
    import os
    import subprocess
    import sys

    rng = random.Random(3)
    shoes = tmp_path / "shoes.txt"
    shoes.write_text("".join(shoe_line(rng, rng.choice(["13", "13", "52"])) + "\n" for _ in range(2000)))
    outs = []
    for pure in ("0", "1"):
        out = tmp_path / f"out{pure}.csv"
        subprocess.run([sys.executable, "-m", "exact_odds", "sweep", str(shoes), "--jobs", "2", "-o", str(out)],
                       env=dict(os.environ, EXACT_ODDS_PURE=pure), check=True, capture_output=True)
        outs.append(out.read_bytes())
    assert outs[0] == outs[1] and outs[0].count(b"\n") == 2001


@pytest.mark.parametrize("bad, named", [("1,1,1,1,1,0,0,0,0,0,0,0,0", "line 3: the shoe has 5 cards"),
                                        ("4,4,4", "line 3: expected 13 rank counts")])
def test_a_bad_line_among_the_first_few_is_named_as_any_other(tmp_path, bad, named):
    """With --jobs 2 the first few lines are priced once in the parent before the workers fork (to warm
    what a process does once); a bad line there is still named, once, by the worker that reads it."""
    shoes = tmp_path / "shoes.txt"
    lines = ["32,32,32,32,32,32,32,32,32,32,32,32,32"] * 5000
    lines[2] = bad
    shoes.write_text("\n".join(lines) + "\n")
    for jobs in ("1", "2"):
        res = run_cli(["sweep", str(shoes), "--jobs", jobs])
        assert res.exit_code == 2 and len(res.output.strip().splitlines()) == 1 and named in res.output
