"""Shared by every test: the repository root, and tests/ on the import path
so that the oracles (tests/oracles/, written apart from the engine) and
shared helpers import by name from any sub-folder.

The test process asks BLAS for one thread, as the console script does for its own
(:func:`exact_odds.blas.single_threaded_by_default`, before numpy is imported): pytest-xdist
already runs a worker per core, and two OpenBLAS threads per worker spin against each other.
Measured on the shared 2-core machine: the pricer's basis for 8 decks (the first ``simulate``
of 8 decks) took 28 s with two threads and 5 s with one. The count changes no number (the
products are exact either way); tests of the thread setting itself set their own count. numpy is
asked for small pages too, as the console script and the card engine ask (exact_odds.blas: the card
plans' first prices took two to three times as long with transparent huge pages on this machine).
"""

import sys
from pathlib import Path

from exact_odds.blas import single_threaded_by_default, small_pages_by_default

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
single_threaded_by_default()
small_pages_by_default()


#: Run by :func:`with_default_signals` before the command: the system's default for every stopping signal.
_DEFAULT_SIGNALS = ("import os, signal, sys\n"
                    "for name in ('SIGINT', 'SIGTERM', 'SIGHUP'):\n"
                    "    if hasattr(signal, name):\n"
                    "        signal.signal(getattr(signal, name), signal.SIG_DFL)\n"
                    "os.execvp(sys.argv[1], sys.argv[1:])")


def with_default_signals(argv: list[str]) -> list[str]:
    """``argv`` started with the system's default for SIGINT, SIGTERM and SIGHUP, as a terminal starts a
    command, whatever this process has: a suite started with a signal ignored (``nohup`` ignores SIGHUP, a
    background job of a script SIGINT) passes the ignored signal on to every child, and the console script
    rightly keeps an ignored signal ignored, so a test that sends it would see nothing happen. (A Python
    handler is not inherited; an ignored signal is: a few milliseconds of a bare Python reset it, then exec.)"""
    return [sys.executable, "-S", "-c", _DEFAULT_SIGNALS, *argv]


def modules_loaded(code: str, names) -> list[str]:
    """Which of the modules ``names`` a fresh interpreter has loaded after running ``code``."""
    import subprocess

    probe = f"{code}\nimport sys\nprint(sorted(m for m in {tuple(names)!r} if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    return eval(out.stdout.strip().splitlines()[-1])


def reduced_fractions(document) -> list[str]:
    """Every "p/q" string of a JSON document, each checked to be reduced with q > 0 (issue 2's contract)."""
    import re
    from math import gcd

    seen = []

    def visit(x):
        if isinstance(x, dict):
            for v in x.values():
                visit(v)
        elif isinstance(x, list):
            for v in x:
                visit(v)
        elif isinstance(x, str) and re.fullmatch(r"-?\d+/\d+", x):
            p, q = map(int, x.lstrip("-").split("/"))
            assert q > 0 and gcd(p, q) == 1, x
            seen.append(x)

    visit(document)
    return seen


def assert_bad_input_is_one_line(args, names: str, seconds: float = 5) -> None:
    """``exact-odds ARGS`` refuses its input in one line on stderr naming ``names`` (an option, a word of
    the reason), exit status 2, no traceback, within ``seconds``."""
    import time

    from click.testing import CliRunner

    from exact_odds.cli import main

    t = time.perf_counter()
    r = CliRunner().invoke(main, args, prog_name="exact-odds")
    elapsed = time.perf_counter() - t
    lines = r.output.strip().splitlines()
    assert r.exit_code == 2, r.output
    assert len(lines) == 1 and "error:" in lines[0] and names in lines[0], r.output
    assert "Traceback" not in r.output and elapsed < seconds
