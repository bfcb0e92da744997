"""issue 41, cause 1: running out of memory, anywhere, is one line on standard error and exit status 1, never a
traceback: under every family of commands, in a worker process, a worker the system killed, while the
commands load, and under a real limit on the process's memory (``RLIMIT_AS``).

The failure is a real numpy allocation error (``Unable to allocate ...``, numpy's ``_ArrayMemoryError``, a
MemoryError) raised from a library call each command makes; the test fails if the call was never made."""

import os
import signal
import subprocess
import sys

import pytest
from click.testing import CliRunner

from conftest import ROOT
from exact_odds.cli import main
from exact_odds.in_play.workers import parallel
from exact_odds.memory import WorkerLost


def allocate_too_much(*args, **kwargs):
    """What a plan that outgrows memory does: numpy cannot allocate an array (8 TiB here)."""
    import numpy as np

    np.empty((1 << 40,), dtype=np.float64)
    raise AssertionError("8 TiB were allocated")


def cli(args, stdin=None):
    return CliRunner().invoke(main, args, input=stdin, prog_name="exact-odds")


def one_line_out_of_memory(r, allocation=True):
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 1, (r.exit_code, r.output, r.exception)
    assert len(lines) == 1 and lines[0].startswith("exact-odds: error: out of memory"), r.stderr
    assert "Traceback" not in r.output and "more memory" in lines[0], r.output
    if allocation:
        assert "Unable to allocate 8.00 TiB" in lines[0], lines[0]


#: command -> the library call it makes that runs out (module, name), and its arguments.
FAMILIES = [
    ("exact_odds.bets.analysis", "analyse", ["edge", "--decks", "1"]),
    ("exact_odds.punto_banco.walk", "walk", ["bet", "banker", "--decks", "1"]),
    ("exact_odds.punto_banco.walk", "walk", ["distribution", "--decks", "1"]),
    ("exact_odds.punto_banco.walk", "walk", ["breakeven", "tie", "--decks", "1"]),
    ("exact_odds.games.chemin", "solve", ["chemin-de-fer", "--model", "A1"]),
    ("exact_odds.games.banque", "analyse_banque", ["banque", "--decks", "1"]),
    ("exact_odds.in_play.simulate.removal", "effect_of_removal", ["eor", "--decks", "1"]),
    ("exact_odds.in_play.sweep.sweep", "sweep_text_chunks", ["sweep", "-"]),
    ("exact_odds.in_play.track.table", "Table", ["track", "--decks", "1", "-"]),
    ("exact_odds.in_play.simulate.simulation", "simulate", ["simulate", "--shoes", "10", "--decks", "1"]),
    ("exact_odds.bets.par_sheet", "par_sheet", ["report", "--bets", "dragon7", "--decks", "1"]),
]


@pytest.mark.parametrize("module, name, args", FAMILIES, ids=[" ".join(a[:2]) for _, _, a in FAMILIES])
def test_out_of_memory_in_a_command_is_one_line(module, name, args, monkeypatch):
    import importlib

    monkeypatch.setattr(importlib.import_module(module), name, allocate_too_much)
    one_line_out_of_memory(cli(args, stdin="4,4,4,4,4,4,4,4,4,4,4,4,4\n" if args[0] == "sweep" else "9 2 K 3\n"))


def test_out_of_memory_in_a_tables_command_is_one_line(monkeypatch):
    import exact_odds.report.tables as tables

    monkeypatch.setattr(tables, "generate", allocate_too_much)
    one_line_out_of_memory(cli(["tables", "--check"]))


@pytest.mark.parametrize("ask", ["np.empty(1 << 62)", "np.arange(0, 1e30)"])
def test_an_array_too_big_to_ask_for_is_one_line_too(monkeypatch, ask):
    """numpy refuses these with a ValueError ('array is too big', 'Maximum allowed size exceeded'), not a
    MemoryError: the same line."""
    import numpy as np

    import exact_odds.bets.analysis as analysis

    monkeypatch.setattr(analysis, "analyse", lambda *a, **k: eval(ask, {"np": np}))
    r = cli(["edge"])
    one_line_out_of_memory(r, allocation=False)
    assert ("array is too big" if "empty" in ask else "Maximum allowed size") in r.stderr


def test_other_value_errors_are_not_called_out_of_memory(monkeypatch):
    import exact_odds.bets.analysis as analysis

    def other(*args, **kwargs):
        raise ValueError("something else")

    monkeypatch.setattr(analysis, "analyse", other)
    r = cli(["edge"])
    assert isinstance(r.exception, ValueError) and "out of memory" not in r.stderr


def test_a_memory_error_without_words_is_one_line_too(monkeypatch):
    import exact_odds.bets.analysis as analysis

    def bare(*args, **kwargs):
        raise MemoryError

    monkeypatch.setattr(analysis, "analyse", bare)
    one_line_out_of_memory(cli(["edge"]), allocation=False)


# --- the workers ------------------------------------------------------------------------------

def _allocate_in_a_worker(i):
    if i == 3:
        allocate_too_much()
    return i


def _killed_in_a_worker(i):
    if i == 3:
        os.kill(os.getpid(), signal.SIGKILL)  # as the system's out-of-memory killer does
    return i


def test_a_worker_out_of_memory_sends_back_a_short_memory_error():
    with pytest.raises(MemoryError, match="Unable to allocate 8.00 TiB") as raised:
        list(parallel.run(_allocate_in_a_worker, list(range(8)), jobs=2))
    assert raised.type is MemoryError and len(str(raised.value).splitlines()) == 1


def test_a_worker_the_system_killed_is_told_as_lost():
    with pytest.raises(WorkerLost, match="worker process ended without an answer"):
        list(parallel.run(_killed_in_a_worker, list(range(8)), jobs=2))


def test_simulate_with_a_worker_out_of_memory_is_one_line(monkeypatch):
    """--jobs 2: the allocation fails in a worker process (never here: the test fails if it does)."""
    import exact_odds.in_play.simulate.shoe_blocks as shoe_blocks

    here, shuffled = os.getpid(), shoe_blocks.shuffled_block

    def in_a_worker_only(*args, **kwargs):
        if os.getpid() == here:
            return shuffled(*args, **kwargs)
        allocate_too_much()

    monkeypatch.setattr(shoe_blocks, "shuffled_block", in_a_worker_only)
    one_line_out_of_memory(cli(["simulate", "--shoes", "400", "--decks", "1", "--jobs", "2"]))


def test_simulate_with_a_worker_killed_is_one_line(monkeypatch):
    import exact_odds.in_play.simulate.shoe_blocks as shoe_blocks

    here, shuffled = os.getpid(), shoe_blocks.shuffled_block

    def killed_in_a_worker(*args, **kwargs):
        if os.getpid() != here:
            os.kill(os.getpid(), signal.SIGKILL)
        return shuffled(*args, **kwargs)

    monkeypatch.setattr(shoe_blocks, "shuffled_block", killed_in_a_worker)
    r = cli(["simulate", "--shoes", "400", "--decks", "1", "--jobs", "2"])
    lines = r.stderr.strip().splitlines()
    assert r.exit_code == 1 and len(lines) == 1 and "worker process ended without an answer" in lines[0], r.output


# --- the console script, in a process of its own -----------------------------------------------

def console(prelude: str, args, timeout=120) -> subprocess.CompletedProcess:
    code = prelude + f"\nimport sys\nsys.argv = ['exact-odds', *{args!r}]\nfrom exact_odds.console import main\nmain()\n"
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=timeout,
                          env=dict(os.environ, PYTHONPATH=str(ROOT)))


def test_out_of_memory_while_the_commands_load_is_one_line():
    out = console("import builtins\nreal = builtins.__import__\n"
                  "def imports(name, *a, **k):\n"
                  "    if name == 'exact_odds.cli':\n"
                  "        raise MemoryError('while importing')\n"
                  "    return real(name, *a, **k)\n"
                  "builtins.__import__ = imports", ["edge"])
    assert out.returncode == 1 and out.stdout == "", out
    assert out.stderr.startswith("exact-odds: error: out of memory (while importing): ") and \
        out.stderr.count("\n") == 1, out.stderr


@pytest.mark.skipif(not hasattr(__import__("os"), "fork") or sys.platform != "linux", reason="RLIMIT_AS: Linux")
def test_a_real_limit_on_memory_is_one_line():
    """``ulimit -v``: the process may map 300 MB more than it has once the command line is loaded, and the
    command asks numpy for an array of 1 GB (a library call given a size past the limit, as a plan's is)."""
    prelude = ("import resource, numpy\n"
               "import exact_odds.cli, exact_odds.bets.analysis as analysis\n"
               "size = int(open('/proc/self/statm').read().split()[0]) * resource.getpagesize()\n"
               "resource.setrlimit(resource.RLIMIT_AS, (size + (300 << 20), resource.RLIM_INFINITY))\n"
               "real = analysis.analyse\n"
               "def analyse(*a, **k):\n"
               "    numpy.ones(1 << 27)\n"  # 1 GB of float64, past the limit
               "    return real(*a, **k)\n"
               "analysis.analyse = analyse\n")
    out = console(prelude, ["edge", "--decks", "1"])
    assert out.returncode == 1 and out.stdout == "", out
    assert out.stderr.startswith("exact-odds: error: out of memory (Unable to allocate 1.00 GiB") and \
        out.stderr.count("\n") == 1, out.stderr
