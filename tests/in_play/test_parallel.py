"""Running work in processes: results in input order, progress through a callback."""

import pytest

from exact_odds.in_play.workers import parallel


def test_results_come_back_in_input_order_whatever_the_processes():
    items = list(range(-20, 0))
    assert list(parallel.run(abs, items)) == list(range(20, 0, -1))
    assert list(parallel.run(abs, items, jobs=3, chunk=2)) == list(range(20, 0, -1))


@pytest.mark.parametrize("jobs", [1, 2])
def test_progress_is_called_once_per_item_with_its_size(jobs):
    """The callback hears of every item, by its size, and the calls add up to the total."""
    items = [[1, 2, 3], [4], [5, 6], []]
    calls = []
    assert list(parallel.run(len, items, jobs=jobs, size=len, progress=calls.append)) == [3, 1, 2, 0]
    assert calls == [3, 1, 2, 0]
    assert sum(calls) == parallel.total_size(items, len) == 6


def test_progress_counts_one_per_item_by_default():
    calls = []
    list(parallel.run(abs, [-1, -2, -3], progress=calls.append))
    assert calls == [1, 1, 1]


def test_the_library_draws_no_progress_bar_and_does_not_import_click():
    """The progress bar is the command's: the library has no click in it."""
    import subprocess
    import sys

    from conftest import ROOT

    code = ("import sys; import exact_odds.in_play.workers.parallel, exact_odds.in_play.sweep.sweep, "
            "exact_odds.in_play.simulate.simulation, exact_odds.in_play.simulate.removal, exact_odds.in_play.dealing; "
            "print('click' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("jobs, error", [("2", TypeError), (2.0, TypeError), (True, TypeError), (0, ValueError)])
def test_jobs_must_be_a_whole_number_of_processes(jobs, error):
    with pytest.raises(error, match="jobs"):
        list(parallel.run(abs, [1], jobs=jobs))


def _slow(x):
    import time
    time.sleep(0.05)
    return x


def _fail_on_3(x):
    if x == 3:
        raise ArithmeticError("three")
    return x


def _children():
    import multiprocessing
    return [p for p in multiprocessing.active_children()]


def test_stopping_early_kills_and_reaps_every_worker():
    """Dropping the iterator (as Ctrl-C in the parent does) leaves no worker behind, at once."""
    import time

    results = parallel.run(_slow, list(range(200)), jobs=3)
    assert next(results) == 0
    assert len(_children()) == 3
    t = time.perf_counter()
    results.close()
    assert time.perf_counter() - t < 2
    assert _children() == []


def test_a_worker_error_reaches_the_caller_and_the_workers_are_gone():
    with pytest.raises(ArithmeticError, match="three"):
        list(parallel.run(_fail_on_3, list(range(50)), jobs=2))
    assert _children() == []


def test_workers_ignore_sigint():
    """Ctrl-C reaches the whole process group; only the parent may act on it."""
    import os
    import signal

    results = parallel.run(_slow, list(range(100)), jobs=2)
    assert next(results) == 0
    for p in _children():
        os.kill(p.pid, signal.SIGINT)
    assert list(results) == list(range(1, 100))


@pytest.mark.parametrize("chunk", [0, -1, 1.5, True])
def test_chunk_must_be_a_whole_number(chunk):
    with pytest.raises(ValueError, match="chunk"):
        list(parallel.run(abs, [1, 2], jobs=2, chunk=chunk))


def test_the_results_do_not_depend_on_the_number_of_processes():
    from exact_odds.bets.selection import builtin_catalog
    from exact_odds.in_play.simulate.simulation import simulate

    bets = [builtin_catalog().bet(k) for k in ("banker", "tie")]
    one, two, three = (simulate(6, 1, 3, bets, jobs=j).to_records() for j in (1, 2, 3))
    assert one == two == three
