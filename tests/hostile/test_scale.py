"""Hostile input to the scale-out options (issue 14): --scheduler, Dask(...), Pricer.value_batch, edge_texts.

A bad or unreachable scheduler is one line on stderr, exit 2, in bounded
time (a refused port at once, not after the client's retries); the library
raises SchedulerError (a ValueError) or TypeError saying what it expects.
"""

import os
import signal
import subprocess
import sys
import time
from fractions import Fraction

import pytest
from click.testing import CliRunner
from hypothesis import given, settings, strategies as st

from conftest import ROOT, with_default_signals
from exact_odds.bets.selection import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.workers import executors, parallel
from exact_odds.in_play.workers.executors import Dask, DaskMissing, SchedulerError
from exact_odds.punto_banco.features import numpy_or_none
from exact_odds.punto_banco.pricer import cached_pricer
from exact_odds.report.in_play import edge_texts
from exact_odds.report.numbers import fraction_text, percent_text
from exact_odds.rules.deal import six_card_total
from exact_odds.rules.shoe import Shoe, ShoeError

ONE = "4,4,4,4,4,4,4,4,4,4,4,4,4\n"
numpy_or_none()  # numpy (single-threaded BLAS) before distributed imports it: see tests/in_play/test_dask.py
STANDARD = tuple(builtin_catalog().variant("standard"))


def closed_port() -> int:
    """A local TCP port nobody listens on (bound, then released)."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cli(args, stdin=None):
    t = time.perf_counter()
    r = CliRunner().invoke(main, args, input=stdin)
    return r, time.perf_counter() - t


@pytest.mark.parametrize("address, says", [
    ("nonsense", "is not a scheduler address"),
    ("http://10.0.0.5:8786", "unknown address scheme 'http'"),
    ("tcp://127.0.0.1:99999", "port 99999 is not from 1 to 65535"),
    ("", "is not a scheduler address"),
    ("tcp://a b:8786", "is not a scheduler address"),
    ("tcp://no-such-host.invalid:8786", "unknown host"),
    ("CLOSED", "Connection refused"),
])
def test_a_bad_or_unreachable_scheduler_is_one_line_exit_2_at_once(address, says):
    import distributed  # noqa: F401  (imported first: its import time is not the connection's)

    if address == "CLOSED":
        address = f"tcp://127.0.0.1:{closed_port()}"
    for command in (["sweep", "-"], ["simulate", "--shoes", "2", "--decks", "1"]):
        r, took = cli(command + ["--scheduler", address], ONE)
        check_one_line(r, took, says)


def check_one_line(r, took, says):
    assert r.exit_code == 2, (r.exit_code, r.stderr)
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    assert "--scheduler" in r.stderr and says in r.stderr, r.stderr
    assert took < 5


def test_jobs_and_scheduler_together_are_refused():
    r, _ = cli(["simulate", "--shoes", "2", "--jobs", "2", "--scheduler", "tcp://127.0.0.1:8786"])
    assert r.exit_code == 2 and "--jobs and --scheduler: give one" in r.stderr


def test_without_dask_the_scheduler_says_how_to_install_it(monkeypatch):
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed -> ImportError
    with pytest.raises(DaskMissing, match=r'pip install "exact_odds\[dask\]"'):
        list(parallel.run(abs, [1], Dask("tcp://127.0.0.1:8786")))
    r, _ = cli(["sweep", "-", "--scheduler", "tcp://127.0.0.1:8786"], ONE)
    assert r.exit_code == 2 and r.stderr.count("\n") == 1 and "exact_odds[dask]" in r.stderr


@pytest.mark.parametrize("make, error, words", [
    (lambda: Dask(8786), TypeError, "address string"),
    (lambda: Dask(None), TypeError, "address string"),
    (lambda: Dask("  "), SchedulerError, "not a scheduler address"),
    (lambda: Dask("tcp://h:1", timeout=0), TypeError, "seconds > 0"),
    (lambda: Dask("tcp://h:1", timeout="5"), TypeError, "seconds > 0"),
    (lambda: parallel.check_jobs("tcp://h:1"), TypeError, "Dask cluster"),
])
def test_the_library_refuses_what_is_not_a_cluster(make, error, words):
    with pytest.raises(error, match=words):
        make()
    assert issubclass(SchedulerError, ValueError) and "--" not in words


def test_an_unreachable_scheduler_raises_scheduler_error_in_the_library():
    t = time.perf_counter()
    with pytest.raises(SchedulerError, match="Connection refused"):
        list(parallel.run(abs, [1, 2], Dask(f"tcp://127.0.0.1:{closed_port()}")))
    assert time.perf_counter() - t < 5


# --- Pricer.value_batch ------------------------------------------------------------

@pytest.mark.parametrize("counts, error, words", [
    ("4444444444", TypeError, "not a string"),
    (5, TypeError, "not int"),
    ([[4] * 9], ValueError, r"value_counts\[0\] must be 10 whole numbers"),
    ([[4] * 10, [4] * 9 + [-1]], ValueError, r"value_counts\[1\]"),
    ([[4] * 9 + [True]], ValueError, "whole numbers"),
    ([[4] * 9 + [4.0]], ValueError, "whole numbers"),
    ([[4] * 9 + ["4"]], ValueError, "whole numbers"),
    ([[1] * 5 + [0] * 5], ShoeError, "5 cards; a coup needs at least 6"),
])
def test_value_batch_refuses_what_is_not_value_counts(counts, error, words):
    with pytest.raises(error, match=words):
        cached_pricer(STANDARD).value_batch(counts)


def test_value_batch_takes_numpy_arrays_an_empty_list_and_shoes_past_every_number_type():
    import numpy as np

    pricer = cached_pricer(STANDARD)
    assert pricer.value_batch([]) == ([], [])
    shoes = [Shoe.decks(1), Shoe.decks(30), Shoe.decks(10**6)]  # float64, int64 and Python integers
    counts = [s.value_counts for s in shoes]
    nums, totals = pricer.value_batch(np.array(counts[:2], dtype=np.int64))
    assert nums == pricer.batch_ev_numerators(shoes[:2])
    nums, totals = pricer.value_batch(counts)
    assert nums == pricer.batch_ev_numerators(shoes) and totals == [six_card_total(s) for s in shoes]
    assert [Fraction(-n[0], pricer.scales[0] * t) for n, t in zip(nums, totals)] == [
        pricer.house_edges(s)[0] for s in shoes]


# --- edge_texts: the sweep's decimals from integers ---------------------------------------

@settings(max_examples=100, deadline=None)
@given(st.integers(-10**30, 10**30), st.integers(1, 10**30), st.integers(0, 12))
def test_edge_texts_equal_the_fraction_path(num, den, places):
    """Every sweep cell is the text fraction_text and percent_text give the exact Fraction."""
    edge = Fraction(-num, den)
    assert edge_texts(num, den, places) == (fraction_text(edge), percent_text(edge, places).rstrip("%"))


@pytest.mark.parametrize("num, den, text", [
    (-1, 200 * 10**10, "0.0000000001"),  # exactly half of the last place: away from zero
    (1, 200 * 10**10, "-0.0000000001"),
    (-1, 200 * 10**10 + 1, "0.0000000000"),  # just under half
    (1, 200 * 10**10 + 1, "0.0000000000"),  # rounds to zero: no minus sign
    (0, 7, "0.0000000000"),
])
def test_edge_texts_round_half_away_from_zero_and_print_no_negative_zero(num, den, text):
    assert edge_texts(num, den)[1] == text


# --- Ctrl-C on a cluster -----------------------------------------------------------------

@pytest.mark.slow
@pytest.mark.parametrize("args", [["simulate", "--shoes", "100000", "--decks", "8"], ["sweep", "-"]])
def test_ctrl_c_on_a_cluster_stops_within_2_s_with_one_line(args):
    """The client's tasks are cancelled and the client closed; the workers are the cluster's and stay."""
    from distributed import LocalCluster

    # 2,000,000 lines: 200,000 were swept before the Ctrl-C at 4 s once sweep ran about twice as fast (issue 27)
    shoes = "\n".join(",".join(str(32 - (i + r) % 5) for r in range(13)) for i in range(2_000_000)) + "\n"
    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None,
                      protocol="tcp") as c:
        p = subprocess.Popen(with_default_signals([sys.executable, "-m", "exact_odds", *args, "--scheduler",
                                                   c.scheduler_address]),
                             stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT,
                             start_new_session=True)
        p.stdin.write(shoes.encode() if args[0] == "sweep" else b"")
        p.stdin.close()
        time.sleep(4)
        assert p.poll() is None, p.stderr.read()
        pgid = os.getpgid(p.pid)
        sent = time.perf_counter()
        os.killpg(pgid, signal.SIGINT)
        status = p.wait(10)
        elapsed = time.perf_counter() - sent
        err = p.stderr.read().decode()
        time.sleep(0.3)
        with pytest.raises(ProcessLookupError):
            os.killpg(pgid, 0)
    assert status == 130 and elapsed < 2.5, (status, elapsed)
    assert err.strip() == "exact-odds: interrupted", err


@pytest.mark.parametrize("exc, mismatched", [
    (ModuleNotFoundError("No module named 'exact_odds'"), True),
    (RuntimeError("Error during deserialization of the task graph. This frequently\noccurs if ..."), True),
    (AttributeError("Can't get attribute '_price_and_format' on <module 'exact_odds.in_play.sweep.sweep'>"), True),
    (AttributeError("'NoneType' object has no attribute 'x'"), False),
    (RuntimeError("something else"), False),
    (ArithmeticError("three"), False),
])
def test_a_cluster_running_other_code_is_a_scheduler_error_and_other_errors_pass(exc, mismatched):
    """A worker or scheduler without this exact_odds fails the task in one of these ways; a bug in
    the work itself must reach the caller unchanged."""
    error = executors.mismatch(exc)
    assert (error is not None) == mismatched
    if mismatched:
        assert isinstance(error, SchedulerError) and "install the same version" in str(error)
        assert "\n" not in str(error)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(0, 10**20), min_size=13, max_size=13))
def test_rank_to_value_counts_equals_the_shoes_value_counts(ranks):
    from exact_odds.punto_banco.features import rank_to_value_counts

    assert rank_to_value_counts(tuple(ranks)) == Shoe(tuple(ranks)).value_counts


def test_value_batch_is_exact_either_side_of_the_float64_and_int64_bounds():
    """458 cards: total < 2**53 (float64); 459 and 520: int64 in numpy; 1,400: past the numpy
    totals (over 1,000 cards: the Shoe path, still int64); each against the recursive walk."""
    from exact_odds.punto_banco import walk as engine
    from exact_odds.punto_banco.features import FLOAT_EXACT, INT64_EXACT

    pricer = cached_pricer(STANDARD)
    shoes = [Shoe.from_counts([36] * 12 + [26]), Shoe.from_counts([36] * 12 + [27]), Shoe.decks(10),
             Shoe.from_counts([108] * 12 + [104])]
    assert [s.size for s in shoes] == [458, 459, 520, 1400]
    totals = [six_card_total(s) for s in shoes]
    assert totals[0] < FLOAT_EXACT <= totals[1] and totals[3] < INT64_EXACT
    nums, got = pricer.value_batch([s.value_counts for s in shoes], outcomes=True)
    assert got == totals
    # the Shoe path (checked against the recursive walk in tests/punto_banco/test_compiled.py), and
    # the walk itself for the float64/int64 boundary shoes
    assert nums == [r[:3] + pricer.ev_numerators(r) for r in pricer.batch_counts(shoes)]
    for shoe, row, total in list(zip(shoes, nums, totals))[:2]:
        dist = engine.walk(shoe)
        outcome = dist.outcome_counts()
        assert row[:3] == [outcome["banker"], outcome["player"], outcome["tie"]]
        assert [Fraction(-n, s * total) for n, s in zip(row[3:], pricer.scales)] == [
            b.price(dist).house_edge for b in STANDARD]
