"""The console script's process: it starts no BLAS thread (a count chosen in the environment is
kept), and it leaves what a command made out of the collector's passes at exit (gc.freeze)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from exact_odds.blas import THREAD_VARIABLES, single_threaded_by_default

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
