"""Running work in processes: results in input order, progress through a callback."""

import pytest

from exact_odds.in_play import parallel


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

    code = ("import sys; import exact_odds.in_play.parallel, exact_odds.in_play.sweep, "
            "exact_odds.in_play.simulation, exact_odds.in_play.removal, exact_odds.in_play.dealing; "
            "print('click' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


@pytest.mark.parametrize("jobs, error", [("2", TypeError), (2.0, TypeError), (True, TypeError), (0, ValueError)])
def test_jobs_must_be_a_whole_number_of_processes(jobs, error):
    with pytest.raises(error, match="jobs"):
        list(parallel.run(abs, [1], jobs=jobs))
