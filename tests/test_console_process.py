"""The console script's process: it starts no BLAS thread and asks numpy for no huge pages (a choice made
in the environment is kept: the card engine asks the same), and it leaves what a command made out of the collector's passes at exit (gc.freeze)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from exact_odds.blas import HUGE_PAGES_VARIABLE, THREAD_VARIABLES, single_threaded_by_default, small_pages_by_default

ROOT = Path(__file__).resolve().parents[1]

#: Runs a command that prices with numpy through the console script, then reports the
#: process's threads (Linux: one entry per thread in /proc/self/task) and the BLAS setting.
SCRIPT = """
import gc, os, sys
sys.argv = ["exact-odds", "simulate", "--shoes", "1", "--decks", "1", "--format", "json"]
from exact_odds.console import main
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
print("frozen", gc.get_freeze_count() > 1000, file=sys.stderr)
print("threads", len(os.listdir("/proc/self/task")), "blas", os.environ.get("OPENBLAS_NUM_THREADS"),
      "numpy", "numpy" in sys.modules, file=sys.stderr)
"""


def run_console(env_blas: str | None) -> str:
    env = {k: v for k, v in os.environ.items() if k not in THREAD_VARIABLES}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    if env_blas is not None:
        env["OPENBLAS_NUM_THREADS"] = env_blas
    done = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    frozen, threads = done.stderr.strip().splitlines()[-2:]
    assert frozen == "frozen True"  # after the command, before the interpreter finalises
    return threads


@pytest.mark.skipif(not Path("/proc/self/task").is_dir(), reason="counts threads through Linux's /proc")
def test_the_console_script_starts_no_blas_thread():
    """simulate (numpy, the pricer's matrix products) leaves the process with its one thread;
    a count the user set is kept (here 2: OpenBLAS then starts its second thread)."""
    assert run_console(None) == "threads 1 blas 1 numpy True"
    alone, chosen = run_console("2").split(" blas ")
    assert chosen == "2 numpy True" and alone != "threads 1"


def test_single_threaded_by_default_only_fills_what_is_unset(monkeypatch):
    for name in THREAD_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("MKL_NUM_THREADS", "4")
    monkeypatch.delitem(sys.modules, "numpy", raising=False)  # as if numpy were not imported yet
    single_threaded_by_default()
    assert [os.environ[n] for n in THREAD_VARIABLES] == ["1", "1", "4"]


def test_after_numpy_is_imported_it_changes_nothing(monkeypatch):
    import numpy  # noqa: F401

    for name in THREAD_VARIABLES:
        monkeypatch.delenv(name, raising=False)
    single_threaded_by_default()
    assert not any(n in os.environ for n in THREAD_VARIABLES)


#: Runs ``before`` (Python) in a fresh interpreter, then imports numpy and prints whether it asks for huge pages.
PAGES = """
import sys
exec(sys.argv[1])
import numpy
print(numpy._core.multiarray._get_madvise_hugepage())
"""
#: The console script run to its end (``--version``: no command loads numpy first).
CONSOLE = """
sys.argv = ["exact-odds", "--version"]
from exact_odds.console import main
try:
    main()
except SystemExit as exc:
    assert not exc.code, exc.code
"""


def huge_pages_after(before: str, chosen: str | None = None) -> str:
    env = {k: v for k, v in os.environ.items() if k != HUGE_PAGES_VARIABLE}
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    if chosen is not None:
        env[HUGE_PAGES_VARIABLE] = chosen
    done = subprocess.run([sys.executable, "-c", PAGES, before], env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip().splitlines()[-1]


@pytest.mark.parametrize("before", [CONSOLE, "import exact_odds.cards.engine"], ids=["console", "card engine"])
def test_the_console_and_the_card_engine_ask_numpy_for_small_pages(before):
    """numpy left alone asks for huge pages (the control); the console script and the card engine (on
    import) ask for none, and a choice made in the environment is kept."""
    assert huge_pages_after("import json") == "True"
    assert huge_pages_after(before) == "False"
    assert huge_pages_after(before, chosen="1") == "True"


def test_small_pages_by_default_only_fills_what_is_unset(monkeypatch):
    monkeypatch.delenv(HUGE_PAGES_VARIABLE, raising=False)
    monkeypatch.delitem(sys.modules, "numpy", raising=False)  # as if numpy were not imported yet
    small_pages_by_default()
    assert os.environ[HUGE_PAGES_VARIABLE] == "0"
    monkeypatch.setenv(HUGE_PAGES_VARIABLE, "1")
    small_pages_by_default()
    assert os.environ[HUGE_PAGES_VARIABLE] == "1"


def test_small_pages_change_nothing_once_numpy_is_imported(monkeypatch):
    import numpy  # noqa: F401

    monkeypatch.delenv(HUGE_PAGES_VARIABLE, raising=False)
    small_pages_by_default()
    assert HUGE_PAGES_VARIABLE not in os.environ
