"""Reliability, second round (issue 24): signals, peers, endless input, and what writes files.

One section per class of the issue; each case is bad input or a fault, and
the answer is one line (exit status 2 for input, 1 for an I/O failure, 128 +
the signal for a stopping signal), no traceback, in bounded time. Peers are
sockets on 127.0.0.1 made here, a few, each closed when its test ends.
"""

import io
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from fractions import Fraction

import pytest
from click.testing import CliRunner

from conftest import ROOT, assert_bad_input_is_one_line, with_default_signals
from exact_odds.cli import main

ONE = "4,4,4,4,4,4,4,4,4,4,4,4,4\n"
TIE = '[bets.mybet]\nname = "{name}"\n[[bets.mybet.lines]]\nwhen = "tie"\npays = {pays}\n'


def cli(args, stdin=None):
    return CliRunner().invoke(main, args, input=stdin, prog_name="exact-odds")


def shell(command: str, env=None, timeout=60, encoding="utf-8") -> subprocess.CompletedProcess:
    """``exact-odds`` run by a shell (for closed descriptors: '>&-', '2>&-')."""
    exe = f'"{sys.executable}" -m exact_odds'
    return subprocess.run(["sh", "-c", command.replace("exact-odds", exe)], cwd=ROOT, capture_output=True,
                          encoding=encoding, timeout=timeout, env={**os.environ, **(env or {})})


# --- output files: symbolic-link loops, folder names ------------------------------

@pytest.mark.parametrize("args", [
    ["report", "--bets", "banker", "--decks", "1", "--no-simulation", "-o"],
    ["sweep", "-", "--bets", "banker", "-o"],
    ["simulate", "--shoes", "1", "--decks", "1", "--bets", "banker", "--plot"],
], ids=["report", "sweep", "simulate-plot"])
@pytest.mark.parametrize("loop", ["self", "pair"])
def test_a_symbolic_link_loop_at_the_output_is_refused_and_kept(tmp_path, args, loop):
    name = "out.png" if args[0] == "simulate" else "out"
    link = tmp_path / name
    if loop == "self":
        link.symlink_to(name)
    else:
        (tmp_path / "other").symlink_to(name)
        link.symlink_to("other")
    r = cli(args + [str(link)], stdin=ONE)
    assert r.exit_code == 2 and "loop" in r.output and r.output.count("\n") == 1, r.output
    assert link.is_symlink() and os.readlink(link) == ("other" if loop == "pair" else name)


@pytest.mark.parametrize("ending", ["/", "/.", "/.."])
def test_an_output_name_that_can_only_be_a_folder_is_refused(tmp_path, ending):
    """'-o newdir/' wrote a file called newdir."""
    where = str(tmp_path / "newdir") + ending
    assert_bad_input_is_one_line(["report", "--bets", "banker", "--decks", "1", "--no-simulation", "-o", where],
                                 "names a folder")
    assert not (tmp_path / "newdir").exists()


def test_the_library_refuses_a_link_loop_too(tmp_path):
    from exact_odds.files import OutputError, check_writable, write_text

    (tmp_path / "a").symlink_to("b")
    (tmp_path / "b").symlink_to("a")
    for fn in (check_writable, lambda p: write_text(p, "x")):
        with pytest.raises(OutputError, match="loop"):
            fn(tmp_path / "a")
    assert (tmp_path / "a").is_symlink() and (tmp_path / "b").is_symlink()


# --- closed standard streams, a narrow encoding -----------------------------------

def test_a_file_is_written_with_standard_output_closed(tmp_path):
    """'-o FILE' needs no standard output; without it the command is refused as before."""
    out = tmp_path / "r.md"
    r = shell(f"exact-odds report --bets banker --decks 1 --no-simulation --format md -o '{out}' >&-")
    assert r.returncode == 0 and r.stderr == "" and out.read_text().startswith("# Par sheet: Banker")
    r = shell("exact-odds edge >&-")
    assert r.returncode == 1 and r.stderr.strip() == ("exact-odds edge: error: standard output is closed; nothing "
                                                      "can be written (give it a file or a pipe)")


@pytest.mark.parametrize("command", [
    "exact-odds report --bets banker --decks 1 --shoes 3 --format md",
    "exact-odds simulate --shoes 3 --decks 1 --bets banker --jobs 2",
    f"printf '{ONE}' | exact-odds sweep - --bets banker",
])
def test_standard_error_closed_changes_nothing_but_the_lines_there(command):
    """With '2>&-' these exited 1 and printed nothing (their progress bar asked a missing stderr)."""
    r = shell(command + " 2>&-")
    assert r.returncode == 0 and len(r.stdout) > 100, r.stdout


def test_bad_input_with_standard_error_closed_is_still_status_2():
    assert shell("exact-odds edge --decks 0 2>&-").returncode == 2


def test_a_report_on_a_latin_1_output_writes_stand_ins():
    """UnicodeEncodeError on '√' and '−' with PYTHONIOENCODING=latin-1 (click itself writes UTF-8 to
    an ASCII stream, taking ASCII for a misconfigured terminal)."""
    r = shell("exact-odds report --bets banker --decks 1 --shoes 3 --format md",
              env={"PYTHONIOENCODING": "latin-1"}, encoding="latin-1")
    assert r.returncode == 0 and "Traceback" not in r.stderr, r.stderr
    assert "standard deviation s·sqrt n" in r.stdout and "√" not in r.stdout


def test_the_emitters_stand_ins():
    from exact_odds.report.emit import fit_stream

    buf = io.BytesIO()
    stream = io.TextIOWrapper(buf, encoding="latin-1")
    fit_stream(stream)
    stream.write("√n − 1 ± 2 ☃")
    stream.flush()
    assert buf.getvalue() == "sqrt n - 1 ± 2 ?".encode("latin-1")
    utf8 = io.TextIOWrapper(io.BytesIO(), encoding="utf-8")
    fit_stream(utf8)
    assert utf8.errors == "strict"


# --- Markdown: no raw HTML from a pay table ----------------------------------------

@pytest.mark.parametrize("name", ["<script>alert(1)</script>", "<img src=x onerror=alert(1)>", "<!-- x"])
def test_markdown_carries_no_raw_html_from_a_pay_table_name(tmp_path, name):
    f = tmp_path / "t.toml"
    f.write_text(TIE.format(name=name, pays=8))
    r = cli(["report", "--paytable", str(f), "--decks", "1", "--no-simulation", "--format", "md"])
    assert r.exit_code == 0, r.output
    assert "<script" not in r.stdout and "<img" not in r.stdout and "<!--" not in r.stdout
    assert "&lt;" in r.stdout and "< 0" in r.stdout  # a comparison in the notes is left as it is


# --- a peer that is not a Dask scheduler -------------------------------------------

class Peer:
    """A TCP server on 127.0.0.1 that accepts and then: 'silent' (never answers), 'http' (writes an
    HTTP response at once), 'close' (hangs up at once), or 'short' (announces 100 bytes, sends 3, hangs up)."""

    def __init__(self, kind: str):
        self.kind, self.conns = kind, []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        threading.Thread(target=self._serve, daemon=True).start()

    def _serve(self):
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(conn)
            if self.kind == "http":
                conn.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            elif self.kind == "short":
                conn.sendall((100).to_bytes(8, "little") + b"abc")
                conn.close()
            elif self.kind == "close":
                conn.close()

    def close(self):
        self.sock.close()
        for c in self.conns:
            c.close()


@pytest.fixture
def peer(request):
    p = Peer(request.param)
    yield p
    p.close()


@pytest.mark.parametrize("peer, says", [
    ("silent", "sent no Dask handshake within 0.5 s"),
    ("http", "answered in HTTP"),
    ("close", "closed the connection"),
    ("short", "in the middle of its first message"),
], indirect=["peer"])
def test_connecting_to_a_peer_that_is_not_a_scheduler_is_one_error_in_bounded_time(peer, says):
    """The silent peer hung simulate and sweep (the client bounds the TCP connect, not the handshake);
    the HTTP one gave numpy's 'Unable to allocate 3.07 EiB'."""
    from exact_odds.in_play.workers.executors import Dask, SchedulerError, connect

    t = time.perf_counter()
    with pytest.raises(SchedulerError, match=says):
        connect(Dask(peer.address, timeout=0.5))
    assert time.perf_counter() - t < 5


@pytest.mark.parametrize("peer", ["http", "close"], indirect=True)
@pytest.mark.parametrize("command", [["simulate", "--shoes", "2", "--decks", "1", "--bets", "banker"],
                                     ["sweep", "-", "--bets", "banker"]])
def test_a_command_pointed_at_a_peer_that_is_not_a_scheduler_says_so_in_one_line(peer, command):
    r = cli(command + ["--scheduler", peer.address], stdin=ONE)
    assert r.exit_code == 2 and "is not a Dask scheduler" in r.output and r.output.count("\n") == 1, r.output


# --- signals: SIGTERM and SIGHUP as Ctrl-C ------------------------------------------

def live_members(pgid: int) -> list[int]:
    """The processes of group ``pgid`` that have not ended (zombies, ended but not yet reaped by
    an init that reaps late, are not running)."""
    alive = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[2]) == pgid and fields[0] != "Z":
                alive.append(int(entry))
    return alive


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc (Linux only)")
@pytest.mark.parametrize("signum, status, word", [
    (signal.SIGTERM, 143, "terminated (SIGTERM)"),
    (signal.SIGHUP, 129, "hung up (SIGHUP)"),
    (signal.SIGKILL, -9, None),
])
def test_a_stopping_signal_to_the_parent_alone_leaves_no_worker(signum, status, word):
    """SIGTERM or SIGHUP to the parent of 'simulate --jobs 2' left its workers running; the parent
    killed outright (SIGKILL, nothing to run) takes them with it too (PR_SET_PDEATHSIG)."""
    command = [sys.executable, "-m", "exact_odds", "simulate", "--shoes", "100000", "--decks", "8", "--jobs", "2"]
    # With the system's default for SIGHUP, as a terminal starts it: a suite run under nohup would pass its
    # ignored SIGHUP on, and the console script rightly keeps an ignored SIGHUP ignored.
    p = subprocess.Popen(with_default_signals(command), cwd=ROOT, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE, start_new_session=True)
    try:
        deadline = time.perf_counter() + 30
        while len(live_members(p.pid)) < 3 and time.perf_counter() < deadline:  # the parent and two workers
            time.sleep(0.1)
        assert len(live_members(p.pid)) == 3 and p.poll() is None
        time.sleep(0.5)
        sent = time.perf_counter()
        os.kill(p.pid, signum)
        assert p.wait(10) == status
        elapsed = time.perf_counter() - sent
        deadline = time.perf_counter() + 3
        while live_members(p.pid) and time.perf_counter() < deadline:
            time.sleep(0.05)
        assert live_members(p.pid) == [] and elapsed < 2.5, (live_members(p.pid), elapsed)
        err = p.stderr.read().decode()
        assert err == (f"exact-odds: {word}\n" if word else ""), err
    finally:
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def test_a_signal_ignored_at_start_stays_ignored():
    """nohup ignores SIGHUP; the console script must not take it back."""
    code = ("import signal; signal.signal(signal.SIGHUP, signal.SIG_IGN)\n"
            "from exact_odds.interrupts import install; install()\n"
            "print(signal.getsignal(signal.SIGHUP) is signal.SIG_IGN, signal.getsignal(signal.SIGTERM).__name__)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert out.stdout.split() == ["True", "_on_signal"], out


# --- endless input: line length ------------------------------------------------------

def test_track_of_an_endless_line_stops_at_the_bound():
    """'track /dev/zero' grew memory without bound."""
    r = cli(["track", "/dev/zero"])
    assert r.exit_code == 2 and r.stderr.count("\n") == 1, r.stderr
    assert "line 1: the line is longer than 1,048,576 characters" in r.stderr


@pytest.mark.parametrize("command", [["track", "-"], ["sweep", "-", "--bets", "banker"]])
def test_a_huge_line_on_standard_input_is_refused_with_its_number(command):
    from exact_odds.in_play.dealing import MAX_LINE_CHARS

    text = ONE * 3 + "5" * (MAX_LINE_CHARS + 10) + "\n" + ONE
    if command[0] == "track":
        text = "5 5 5 5\n" + "5" * (MAX_LINE_CHARS + 10) + "\n"
    r = cli(command, stdin=text)
    line = 2 if command[0] == "track" else 4
    assert r.exit_code == 2 and f"line {line}: the line is longer than" in r.output, r.output[-300:]


def test_the_library_readers_bound_lines_too():
    from exact_odds.in_play.dealing import MAX_LINE_CHARS
    from exact_odds.in_play.track.log import LogError, read_log
    from exact_odds.in_play.sweep.sweep import SweepError, parse_sweep

    huge = "5" * (MAX_LINE_CHARS + 2)
    with pytest.raises(LogError, match="line 1: the line is longer"):
        list(read_log(io.StringIO(huge)))
    with pytest.raises(LogError, match="line 2: the line is longer"):
        list(read_log(["5", huge]))
    with pytest.raises(SweepError, match="line 1: the line is longer"):
        parse_sweep(io.StringIO(huge))
    assert [c.text for c in read_log(io.StringIO("5 K\n9"))] == ["5", "K", "9"]


@pytest.mark.parametrize("text", ["", "a", "a\n", "a\nb", "\n\n", "x\r\ny\n", "ab\x0ccd\nef\n", "\u2028\n\nabc"])
@pytest.mark.parametrize("live", [True, False])
def test_a_bounded_reader_gives_the_lines_reading_the_file_gives(monkeypatch, text, live):
    from exact_odds.in_play import dealing

    monkeypatch.setattr(dealing, "_BLOCK_CHARS", 3)  # lines across blocks
    assert list(dealing.check_lines(io.StringIO(text, newline=None), "t", live=live)) == \
        list(io.StringIO(text, newline=None))


# --- endless input: TOML dotted keys -------------------------------------------------

@pytest.mark.parametrize("text", [
    "[bets.x]\nname = \"x\"\ny" + ".a" * 32_000 + " = 1\n",
    "[" + ".".join(["a"] * 20_000) + "]\nb = 1\n",
    "x = { " + " . ".join(['"a"'] * 20_000) + " = 1 }\n",
])
def test_deeply_dotted_keys_are_refused_before_tomllib(text):
    """64 KB of dotted key took tomllib a minute (its time is the square of the parts; the project's
    own line finder is linear)."""
    from exact_odds.bets.catalog import parse_catalog
    from exact_odds.bets.paytable import PayTableError

    t = time.perf_counter()
    with pytest.raises(PayTableError, match="more than 32 dotted parts"):
        parse_catalog(text, "deep.toml")
    assert time.perf_counter() - t < 5


def test_a_key_of_32_parts_reaches_the_schema_check():
    from exact_odds.bets.catalog import parse_catalog
    from exact_odds.bets.paytable import PayTableError

    with pytest.raises(PayTableError, match="unknown field"):
        parse_catalog("[bets.x]\nname = \"x\"\ny" + ".a" * 31 + " = 1\n", "ok.toml")


# --- simulated shoe size -------------------------------------------------------------

@pytest.mark.parametrize("args, names", [
    (["report", "--bets", "banker", "--decks", "1,1000"], "--decks: 1,000 decks are too many to simulate"),
    (["report", "--bets", "banker", "--decks", "1,200", "--simulate-decks", "200"], "--simulate-decks"),
    (["simulate", "--decks", "101"], "--decks 101 is too many"),
])
def test_no_command_simulates_a_shoe_of_more_than_100_decks(args, names):
    """report simulated shoes of up to 1,000 decks (hours) where simulate stops at 100."""
    assert_bad_input_is_one_line(args, names)


def test_the_library_caps_simulated_shoes_at_100_decks():
    from exact_odds.bets.par_sheet import SimulatedDecksError, par_sheet
    from exact_odds.bets.selection import select_bets
    from exact_odds.in_play.simulate.simulation import simulate
    from exact_odds.rules.shoe import ShoeError

    (banker,) = select_bets(bets="banker")
    with pytest.raises(SimulatedDecksError, match="at most 100 decks"):
        par_sheet(banker, [1, 101])
    with pytest.raises(ShoeError, match="at most 100 decks"):
        simulate(1, 101, 1, [banker])


def test_the_cut_card_is_named_only_when_it_was_given():
    assert_bad_input_is_one_line(["report", "--bets", "banker", "--decks", "1,8", "--cut-card", "47"], "--cut-card")
    r = cli(["report", "--bets", "banker", "--decks", "1000"])
    assert r.exit_code == 2 and "--cut-card" not in r.output, r.output


# --- numbers and card lists -----------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["simulate", "--shoes", "٣"], ["simulate", "--seed", "٣"], ["simulate", "--jobs", "٢"],
    ["simulate", "--decks", "²"], ["simulate", "--cut-card", "٧"], ["report", "--shoes", "٣"],
    ["report", "--seed", "٣"], ["report", "--jobs", "٢"], ["eor", "--level", "٢"], ["sweep", "-", "--jobs", "٢"],
])
def test_whole_number_options_take_ascii_digits_only(args):
    assert_bad_input_is_one_line(args, "digits 0-9 only")


@pytest.mark.parametrize("option, value", [("--remove", "5,,5"), ("--remove", "5,"), ("--remove", ",5"),
                                           ("--shoe", "4,4,,4,4,4,4,4,4,4,4,4,4,4")])
def test_an_empty_card_entry_is_refused(option, value):
    assert_bad_input_is_one_line(["edge", "--decks", "1", option, value] if option == "--remove" else
                                 ["edge", option, value], "an empty entry")


def test_card_lists_split_on_commas_and_spaces():
    from exact_odds.rules.shoe import ShoeError, split_entries

    assert split_entries("5, K 9,Ah") == ["5", "K", "9", "Ah"]
    with pytest.raises(ShoeError, match="between two commas"):
        split_entries("5,,5")


def test_counts_from_numpy_are_whole_numbers():
    """Shoe.from_counts(numpy array) said the counts were 'not whole numbers'."""
    import numpy as np

    from exact_odds.rules.shoe import Shoe, ShoeError

    assert Shoe.from_counts(np.array([4] * 13)).ranks == (4,) * 13
    assert all(type(c) is int for c in Shoe.from_counts(np.arange(13)).ranks)
    for bad in (np.array([4.0] * 13), np.array([True] * 13), [Fraction(4)] * 13):
        with pytest.raises(ShoeError, match="whole numbers"):
            Shoe.from_counts(bad)


# --- choosing bets ---------------------------------------------------------------------

def test_two_pay_table_files_defining_one_key_are_refused(tmp_path):
    """The second file's bet replaced the first's without a word."""
    a, b, v1, v2 = (tmp_path / n for n in ("a.toml", "b.toml", "v1.toml", "v2.toml"))
    a.write_text(TIE.format(name="A", pays=8))
    b.write_text(TIE.format(name="B", pays=9))
    v1.write_text('[variants.mine]\nbets = ["banker"]\n')
    v2.write_text('[variants.mine]\nbets = ["tie"]\n')
    assert_bad_input_is_one_line(["edge", "--paytable", str(a), "--paytable", str(b)], "bet 'mybet' is defined in")
    assert_bad_input_is_one_line(["edge", "--paytable", str(v1), "--paytable", str(v2), "--variant", "mine"],
                                 "variant 'mine' is defined in")
    r = cli(["edge", "--paytable", str(a), "--paytable", str(v1), "--variant", "mine", "--bets", "mybet"])
    assert r.exit_code == 0, r.output


@pytest.mark.parametrize("kwargs, says", [
    ({"bets": ""}, "names no bet"), ({"bets": " , "}, "names no bet"), ({"bets": []}, "names no bet"),
    ({"variant": ""}, "variant is empty"),
])
def test_select_bets_refuses_an_empty_choice_as_the_command_line_does(kwargs, says):
    from exact_odds.bets.paytable import PayTableError
    from exact_odds.bets.selection import select_bets

    with pytest.raises(PayTableError, match=says):
        select_bets(**kwargs)


def test_simulating_no_bet_says_so():
    from exact_odds.in_play.simulate.simulation import simulate
    from exact_odds.rules.shoe import ShoeError

    with pytest.raises(ShoeError, match="bets is empty"):
        simulate(1, 1, 1, [])
