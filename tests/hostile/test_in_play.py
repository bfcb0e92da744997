"""Hostile input to the shoe in play (issue 11): sweep, eor, track, simulate and their library functions.

One case per class of input (numbers, counts, card lists, files, output
files, streams) on every in-play command and API entry point: bad input is
one line on stderr, exit 2 (1 for an I/O failure), no traceback, in bounded
time; the library raises TypeError/ValueError saying what it expects. The
sweep line parser is fuzzed with hypothesis.
"""

import errno
import io
import os
import stat
import subprocess
import sys
import threading
import time
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from conftest import ROOT
from exact_odds.bets.selection import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.workers import parallel
from exact_odds.in_play.dealing import deal_shoe
from exact_odds.in_play.track.log import ShoeInPlay, read_log
from exact_odds.in_play.simulate.removal import effect_of_removal, linear_count
from exact_odds.in_play.simulate.simulation import simulate
from exact_odds.in_play.sweep.sweep import SweepError, house_edges, parse_sweep, parse_sweep_line, price_shoes
from exact_odds.rules.shoe import Shoe

EIGHT = "32,32,32,32,32,32,32,32,32,32,32,32,32\n"
ONE = "4,4,4,4,4,4,4,4,4,4,4,4,4\n"
SECONDS = 10  # every case is far quicker; a hang or a full simulation is not


def cli(args, stdin=None):
    t = time.perf_counter()
    r = CliRunner().invoke(main, args, input=stdin)
    assert time.perf_counter() - t < SECONDS
    return r


def assert_one_line(r, status=2, *words):
    assert r.exit_code == status, (r.exit_code, r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    for w in words:
        assert w in r.stderr, r.stderr


def run(args, **kwargs):
    return subprocess.run([sys.executable, "-m", "exact_odds", *args], cwd=ROOT, timeout=60, **kwargs)


# --- counts: sweep lines -------------------------------------------------------

@pytest.mark.parametrize("count, says", [
    ("²", "'²' is not a whole number"), ("٣", "'٣' is not a whole number"), ("--4", "'--4'"), ("+4", "'+4'"),
    ("-4", "'-4'"), ("4.0", "'4.0'"), ("x", "'x'"), ("1" * 40, "a count of 40 digits"), ("", "'' is not"),
])
def test_a_bad_count_in_a_sweep_line_is_one_line(count, says):
    r = cli(["sweep", "-"], "4,4,4,4,4,4,4,4,4,4,4,4," + count + "\n")
    assert_one_line(r, 2, "line 1", says)


def test_leading_zeros_in_sweep_counts_are_the_same_shoe():
    assert cli(["sweep", "-"], "0004," + ONE[2:]).stdout == cli(["sweep", "-"], ONE).stdout


@pytest.mark.parametrize("line, says", [
    ("4,4,4", "expected 13 rank counts"), ("1,1,1,1,1,0,0,0,0,0,0,0,0", "a coup needs at least 6"),
    ("9" * 30 + ",0,0,0,0,0,0,0,0,0,0,0,0", "10^18 decks"),
])
def test_a_sweep_line_that_is_no_shoe_is_one_line(line, says):
    assert_one_line(cli(["sweep", "-"], line + "\n"), 2, says)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet="0123456789,+- ²٣\t#x.", max_size=80) | st.text(max_size=80))
def test_fuzzed_sweep_lines_give_a_shoe_or_a_sweep_error(line):
    t = time.perf_counter()
    try:
        shoes = parse_sweep([line], max_cards=52 * 10**18)
    except SweepError as exc:
        assert exc.line == 1 and str(exc).startswith("line 1: ")
    else:
        for number, shoe in shoes:
            parts = line.split("#", 1)[0].split(",")
            assert number == 1 and list(shoe.ranks) == [int(p) for p in parts]
    assert time.perf_counter() - t < 0.5


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 10**6), min_size=13, max_size=13), st.integers(0, 5))
def test_fuzzed_valid_counts_with_leading_zeros_read_back_exactly(counts, zeros):
    line = ",".join("0" * zeros + str(c) for c in counts)
    try:
        shoe = parse_sweep_line(line, 1)
    except SweepError as exc:
        assert sum(counts) < 6 and "at least 6" in str(exc)
    else:
        assert list(shoe.ranks) == counts


# --- numbers: options ------------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["simulate", "--shoes", "0"], ["simulate", "--shoes", "x"], ["simulate", "--shoes", "²"],
    ["simulate", "--shoes", "10000000"], ["simulate", "--decks", "0"], ["simulate", "--decks", "101"],
    ["simulate", "--decks", "1e9"], ["simulate", "--seed", "x"], ["simulate", "--jobs", "0"],
    ["simulate", "--jobs", "65"], ["simulate", "--burn", "all"], ["sweep", "-", "--jobs", "0"],
    ["eor", "--level", "0"], ["eor", "--level", "x"], ["eor", "--decks", "²"],
    ["track", "--decks", "--4"], ["track", "--decks", "0"],
], ids=lambda a: " ".join(a))
def test_a_bad_number_is_one_line_before_any_work(args, monkeypatch):
    monkeypatch.setattr("exact_odds.in_play.simulate.simulation.simulate", _no_work)
    monkeypatch.setattr("exact_odds.in_play.sweep.sweep.price_shoes", _no_work)
    assert_one_line(cli(args, ONE), 2)


def _no_work(*args, **kwargs):
    raise AssertionError("work was started before the input was checked")


# --- card lists: shoes and logs -------------------------------------------------

@pytest.mark.parametrize("args, log, says", [
    (["track", "--strict", "--decks", "1"], "5 K Zz 4\n", "line 1"),
    (["track", "--strict", "--decks", "1"], "5h 5h 5h 5h 5h\n", "line 1"),
    (["track", "--strict", "--shoe", "0,0,0,0,0,0,0,0,0,0,0,0,7"], "K K K K K K K\n", "line 1"),
    (["track", "--decks", "inf"], "5 K\n", "finite"),
    (["track", "--decks", "1", "--remove", "5,5,5,5,5"], "", ""),
    (["eor", "--shoe", "4,4,4"], None, ""),
    (["eor", "--remove", "Zz"], None, ""),
    (["eor", "--decks", "inf"], None, "finite"),
], ids=lambda a: " ".join(a) if isinstance(a, list) else None)
def test_a_bad_card_list_is_one_line(args, log, says):
    assert_one_line(cli(args, log), 2, says)


# --- files: sweep's and track's input --------------------------------------------

@pytest.mark.parametrize("command", ["sweep", "track"])
@pytest.mark.parametrize("kind", ["missing", "folder", "binary"])
def test_a_bad_input_file_is_one_line(command, kind, tmp_path):
    path = tmp_path / "in.txt"
    if kind == "folder":
        path.mkdir()
    elif kind == "binary":
        path.write_bytes(b"\xff\xfe\x00\x81" * 100)
    assert_one_line(cli([command, str(path)]), 2)


def test_a_sweep_or_track_file_may_start_with_a_bom(tmp_path):
    shoes = tmp_path / "shoes.txt"
    shoes.write_bytes(b"\xef\xbb\xbf" + ONE.encode())
    assert cli(["sweep", str(shoes)]).exit_code == 0
    log = tmp_path / "log.txt"
    log.write_bytes(b"\xef\xbb\xbf5 K 9 4\n")
    assert cli(["track", "--decks", "1", str(log)]).exit_code == 0


# --- output files: sweep -o and simulate --plot ----------------------------------

def test_sweep_output_follows_a_symlink(tmp_path):
    target = tmp_path / "edges.csv"
    target.write_text("old\n")
    link = tmp_path / "link.csv"
    link.symlink_to(target)
    r = cli(["sweep", "-", "-o", str(link)], ONE)
    assert r.exit_code == 0
    assert link.is_symlink() and target.read_text() == cli(["sweep", "-"], ONE).stdout


def test_sweep_output_to_a_null_device_leaves_it_a_device(tmp_path):
    """'-o /dev/null' as root replaced the device with a regular file. Tested on a private
    null device (major 1, minor 3), so a regression cannot break the system's /dev/null."""
    null = tmp_path / "null"
    try:
        os.mknod(null, stat.S_IFCHR | 0o666, os.makedev(1, 3))
        null.write_text("")
    except OSError:
        pytest.skip("cannot make a device node here (needs root, and a file system that allows devices)")
    r = run(["sweep", "-", "-o", str(null)], input=ONE, capture_output=True, text=True)
    assert r.returncode == 0 and r.stderr == ""
    assert stat.S_ISCHR(os.stat(null).st_mode) and null.read_text() == ""


def test_sweep_output_writes_through_a_fifo(tmp_path):
    fifo = tmp_path / "out.fifo"
    os.mkfifo(fifo)
    got = []
    reader = threading.Thread(target=lambda: got.append(open(fifo).read()), daemon=True)
    reader.start()
    r = cli(["sweep", "-", "-o", str(fifo)], ONE)
    reader.join(SECONDS)
    assert r.exit_code == 0 and stat.S_ISFIFO(os.stat(fifo).st_mode)
    assert got == [cli(["sweep", "-"], ONE).stdout]


@pytest.mark.parametrize("umask", [0o022, 0o002, 0o077])
def test_sweep_output_mode_follows_the_umask(tmp_path, umask):
    old = os.umask(umask)
    try:
        r = cli(["sweep", "-", "-o", str(tmp_path / "e.csv")], ONE)
    finally:
        os.umask(old)
    assert r.exit_code == 0
    assert stat.S_IMODE(os.stat(tmp_path / "e.csv").st_mode) == 0o666 & ~umask


@pytest.mark.parametrize("kind", ["empty", "blank", "folder", "missing folder", "unwritable folder"])
def test_a_bad_sweep_output_is_refused_before_any_work(kind, tmp_path, monkeypatch):
    path = {"empty": "", "blank": "  ", "folder": str(tmp_path), "missing folder": str(tmp_path / "no" / "e.csv"),
            "unwritable folder": str(tmp_path / "e.csv")}[kind]
    if kind == "unwritable folder":  # root may write anywhere: the check is what is tested
        monkeypatch.setattr("exact_odds.files.os.access", lambda *a, **k: False)
    monkeypatch.setattr("exact_odds.in_play.sweep.sweep.price_shoes", _no_work)
    r = cli(["sweep", "-", "-o", path], ONE)
    assert_one_line(r, 2, "--output")
    assert r.stdout == ""


class FullDisk(io.RawIOBase):
    def writable(self):
        return True

    def write(self, data):
        raise OSError(errno.ENOSPC, "No space left on device")


def test_a_full_disk_leaves_the_old_sweep_output(tmp_path, monkeypatch):
    out = tmp_path / "e.csv"
    out.write_text("old\n")
    real_fdopen = os.fdopen

    def fdopen(fd, *args, **kwargs):
        os.close(fd)
        return io.BufferedWriter(FullDisk())

    monkeypatch.setattr("exact_odds.files.os.fdopen", fdopen)
    r = cli(["sweep", "-", "-o", str(out)], ONE)
    monkeypatch.setattr("exact_odds.files.os.fdopen", real_fdopen)
    assert_one_line(r, 1, "No space left on device")
    assert out.read_text() == "old\n" and sorted(p.name for p in tmp_path.iterdir()) == ["e.csv"]


@pytest.mark.parametrize("kind, says", [
    ("empty", "empty"), ("folder", "folder"), ("missing folder", "no folder"), ("unwritable folder", "not writable"),
    ("suffix", ".png, .svg or .pdf"),
])
def test_a_bad_plot_path_is_refused_before_simulating(kind, says, tmp_path, monkeypatch):
    (tmp_path / "dir.svg").mkdir()
    path = {"empty": "", "folder": str(tmp_path / "dir.svg"), "missing folder": str(tmp_path / "no" / "e.svg"),
            "unwritable folder": str(tmp_path / "e.svg"), "suffix": str(tmp_path / "e.txt")}[kind]
    if kind == "unwritable folder":
        monkeypatch.setattr("exact_odds.files.os.access", lambda *a, **k: False)
    monkeypatch.setattr("exact_odds.in_play.simulate.simulation.simulate", _no_work)
    assert_one_line(cli(["simulate", "--shoes", "1", "--decks", "1", "--plot", path]), 2, "--plot", says)


def test_a_plot_that_cannot_be_written_at_the_end_keeps_the_results(tmp_path, monkeypatch):

    def full(path, data):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr("exact_odds.files.write_bytes", full)
    r = cli(["simulate", "--shoes", "1", "--decks", "1", "--plot", str(tmp_path / "e.png")])
    assert_one_line(r, 1, "No space left on device")
    assert r.stdout.startswith("Simulation: 1 shoe")


@pytest.mark.parametrize("suffix, magic", [(".png", b"\x89PNG"), (".svg", b"<?xml")])
def test_a_plot_follows_a_symlink_with_the_umask_mode(tmp_path, suffix, magic):
    target = tmp_path / ("t" + suffix)
    link = tmp_path / ("l" + suffix)
    link.symlink_to(target)
    old = os.umask(0o022)
    try:
        r = cli(["simulate", "--shoes", "1", "--decks", "1", "--plot", str(link)])
    finally:
        os.umask(old)
    assert r.exit_code == 0 and link.is_symlink()
    assert target.read_bytes().startswith(magic) and stat.S_IMODE(target.stat().st_mode) == 0o644


# --- streams: standard output ----------------------------------------------------

STREAM_CASES = [
    (["track", "--decks", "1"], "5 K 9 4 3 2 A 7 8 8 Q J\n" * 3),
    (["simulate", "--shoes", "1", "--decks", "1"], None),
    (["eor", "--decks", "1"], None),
    (["sweep", "-"], ONE * 3),
]


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args, stdin", STREAM_CASES, ids=lambda a: a[0] if isinstance(a, list) else None)
def test_standard_output_on_a_full_disk_is_one_line(args, stdin):
    with open("/dev/full", "w") as full:
        r = run(args, input=stdin, stdout=full, stderr=subprocess.PIPE, text=True)
    assert r.returncode == 1
    assert r.stderr.count("\n") == 1 and "No space left on device" in r.stderr
    assert "Traceback" not in r.stderr and "Exception ignored" not in r.stderr


@pytest.mark.parametrize("args, stdin", STREAM_CASES, ids=lambda a: a[0] if isinstance(a, list) else None)
def test_a_closed_standard_output_is_one_line(args, stdin):
    r = run(args, input=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
            preexec_fn=lambda: os.close(1))
    assert r.returncode == 1 and r.stderr.count("\n") == 1 and "standard output is closed" in r.stderr


def test_track_streaming_to_a_reader_that_leaves_is_quiet():
    """'exact-odds track | head -1' on a long log: no traceback, no 'Exception ignored'."""
    log = "5 K 9 4 3 2 A 7 8 8 Q J 6 6\n" * 25
    p = subprocess.Popen([sys.executable, "-m", "exact_odds", "track", "--decks", "8"], stdin=subprocess.PIPE,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=ROOT)
    p.stdin.write(log.encode())
    p.stdin.close()
    p.stdout.readline()
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait(60) in (0, 1)
    assert "Traceback" not in err and "Exception ignored" not in err and err.count("\n") <= 1


# --- the library: wrong types say what is expected --------------------------------

BANKER = (builtin_catalog().bet("banker"),)
DECK = Shoe.decks(1)


@pytest.mark.parametrize("call, error, says", [
    (lambda: simulate(None, 1, 1, BANKER), TypeError, "shoes must be an int"),
    (lambda: simulate(1, "1", 1, BANKER), TypeError, "decks must be an int"),
    (lambda: simulate(1, 1, 1.5, BANKER), TypeError, "seed must be an int"),
    (lambda: simulate(1, 1, 1, "banker"), TypeError, "PayTable"),
    (lambda: simulate(1, 1, 1, None), TypeError, "PayTable"),
    (lambda: simulate(1, 1, 1, BANKER, burn=1), TypeError, "burn"),
    (lambda: simulate(1, 1, 1, BANKER, burn="all"), ValueError, "burn rule"),
    (lambda: simulate(1, 1, 1, BANKER, jobs="2"), TypeError, "jobs"),
    (lambda: simulate(1, 1, 1, BANKER, progress=5), TypeError, "progress"),
    (lambda: simulate(0, 1, 1, BANKER), ValueError, "at least 1 shoe"),
    (lambda: simulate(1, 10**9, 1, BANKER), ValueError, "at most 100 decks"),
    (lambda: simulate(10**12, 1, 1, BANKER), ValueError, "at most 1,000,000 shoes"),
    (lambda: effect_of_removal(None, BANKER), TypeError, "needs a Shoe"),
    (lambda: effect_of_removal(DECK, "banker"), TypeError, "PayTable"),
    (lambda: effect_of_removal(DECK, BANKER, 1), TypeError, "Tableau"),
    (lambda: effect_of_removal(Shoe((1, 1, 1, 1, 1, 1) + (0,) * 7), BANKER), ValueError, "at least 7 cards"),
    (lambda: linear_count(None, DECK.ranks), TypeError, "eor must be a sequence"),
    (lambda: linear_count([Fraction(0)] * 13, None), TypeError, "weights must be a sequence"),
    (lambda: linear_count([Fraction(0)] * 3, DECK.ranks), ValueError, "13 values"),
    (lambda: linear_count([0.5] * 13, DECK.ranks), TypeError, "Fractions"),
    (lambda: linear_count([Fraction(1)] * 13, [0] * 13), ValueError, "weights"),
    (lambda: linear_count([Fraction(1)] * 13, DECK.ranks, "2"), TypeError, "level"),
    (lambda: linear_count([Fraction(1)] * 13, DECK.ranks, 0), ValueError, "level"),
    (lambda: price_shoes(None, BANKER), TypeError, "sequence of Shoe"),
    (lambda: price_shoes([1], BANKER), TypeError, "must be a Shoe"),
    (lambda: price_shoes([DECK], 1), TypeError, "PayTable"),
    (lambda: price_shoes([DECK], BANKER, jobs=0), ValueError, "jobs"),
    (lambda: price_shoes([DECK], BANKER, progress="x"), TypeError, "progress"),
    (lambda: price_shoes([DECK], BANKER, tableau=1), TypeError, "Tableau"),
    (lambda: price_shoes([Shoe.infinite()], BANKER), ValueError, "infinite"),
    (lambda: house_edges(None, BANKER), TypeError, "needs a Shoe"),
    (lambda: house_edges(DECK, "x"), TypeError, "PayTable"),
    (lambda: house_edges(DECK, BANKER, "x"), TypeError, "Tableau"),
    (lambda: parse_sweep(None), TypeError, "iterable of lines"),
    (lambda: parse_sweep(5), TypeError, "iterable of lines"),
    (lambda: parse_sweep(ONE), TypeError, "not one string"),
    (lambda: parse_sweep([b"4"]), TypeError, "must be str"),
    (lambda: parse_sweep([], max_cards="1"), TypeError, "max_cards"),
    (lambda: deal_shoe(None), TypeError, "rank indices"),
    (lambda: deal_shoe("abc"), TypeError, "rank indices"),
    (lambda: deal_shoe([None] * 10), ValueError, "rank indices"),
    (lambda: deal_shoe([13] * 10), ValueError, "rank indices"),
    (lambda: deal_shoe([1] * 10, 1), ValueError, "burn rule"),
    (lambda: deal_shoe([1] * 20, "none", 1), TypeError, "Tableau"),
    (lambda: ShoeInPlay(None), TypeError, "needs a Shoe"),
    (lambda: ShoeInPlay(8), TypeError, "needs a Shoe"),
    (lambda: ShoeInPlay(Shoe.infinite()), ValueError, "finite"),
    (lambda: ShoeInPlay(DECK).take("5h"), TypeError, "Card"),
    (lambda: read_log(None), TypeError, "iterable of lines"),
    (lambda: read_log(5), TypeError, "iterable of lines"),
    (lambda: read_log("5 K"), TypeError, "not one string"),
    (lambda: list(read_log([5])), TypeError, "must be str"),
    (lambda: list(read_log(io.BytesIO(b"5 K"))), TypeError, "must be str"),
    (lambda: list(read_log(["5 K Zz"])), ValueError, "line 1"),
    (lambda: list(parallel.run(abs, [1, 2], jobs=2, chunk=0)), ValueError, "chunk"),
], ids=lambda c: None)
def test_the_api_says_what_it_expects(call, error, says):
    with pytest.raises(error, match=says.replace("(", r"\(")):
        call()


def test_deal_shoe_of_no_cards_deals_no_coup():
    assert deal_shoe([], "face-value") == [] and deal_shoe([]) == []
