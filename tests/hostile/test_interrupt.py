"""Ctrl-C stops cleanly (issue 11, cause 10): a real SIGINT to the process group, as a terminal sends it.

Within about 2 s the command exits, prints one line, no worker traceback, and
leaves no process of its group behind.
"""

import functools
import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT, with_default_signals


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def interrupt(args, stdin=None, wait=2.0):
    p = subprocess.Popen(with_default_signals([sys.executable, "-m", "exact_odds", *args]), stdin=subprocess.PIPE if stdin else None,
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True)
    if stdin:
        p.stdin.write(stdin.encode())
        p.stdin.close()
    time.sleep(wait)
    assert p.poll() is None, "the command ended before it could be interrupted"
    pgid = os.getpgid(p.pid)
    sent = time.perf_counter()
    os.killpg(pgid, signal.SIGINT)
    try:
        p.wait(10)
    finally:
        elapsed = time.perf_counter() - sent
        if p.poll() is None:
            os.killpg(pgid, signal.SIGKILL)
    err = p.stderr.read().decode()
    deadline = time.perf_counter() + 3
    while group_alive(pgid) and time.perf_counter() < deadline:
        time.sleep(0.05)
    return p.returncode, err, elapsed, group_alive(pgid)


@functools.cache
def shoes():
    """1,000,000 shoe lines for sweep to read, made when a test first runs (only slow tests feed them;
    made at import, they cost every worker seconds of its collection). 200,000 were priced within the
    2 s the test waits once sweep read a plain file in its workers (issue 27)."""
    return "".join(",".join(str(32 - (i + r) % 5) for r in range(13)) + "\n" for i in range(5)) * 200_000


SLOW = pytest.mark.slow  # 3-8 s each (64 workers to start, or 200,000 shoe lines to feed): run with -m slow


@pytest.mark.parametrize("args, stdin", [
    pytest.param(["simulate", "--shoes", "100000", "--decks", "8", "--jobs", "2"], None, id="simulate-jobs-2"),
    pytest.param(["simulate", "--shoes", "100000", "--decks", "8"], None, id="simulate-jobs-1"),
    pytest.param(["simulate", "--shoes", "100000", "--decks", "1", "--jobs", "64"], None, id="simulate-jobs-64",
                 marks=SLOW),
    pytest.param(["sweep", "-", "--jobs", "2"], shoes, id="sweep-jobs-2", marks=SLOW),
    pytest.param(["sweep", "-", "--jobs", "64"], shoes, id="sweep-jobs-64", marks=SLOW),
    pytest.param(["sweep", "-"], shoes, id="sweep-jobs-1", marks=SLOW),
])
def test_ctrl_c_stops_within_2_s_with_one_line_and_no_orphans(args, stdin):
    status, err, elapsed, orphans = interrupt(args, stdin() if callable(stdin) else stdin)
    assert elapsed < 2.5, f"took {elapsed:.2f} s"
    assert not orphans
    assert status == 130
    assert "Traceback" not in err and err.strip().count("\n") == 0 and "interrupted" in err.lower(), err


@pytest.mark.parametrize("delay", [0.12, 0.2, 0.3])
def test_ctrl_c_while_the_command_line_loads_is_one_line(delay):
    """A Ctrl-C in the first moments, while click and the commands are imported
    (exact_odds.console imports them inside its own handler). Before that, while
    Python itself starts (some 20-40 ms), no program can handle a Ctrl-C.

    The status is 130, or -2 when Python ends by the signal itself after our line
    (it does so, rarely, when the interrupt lands as the import finishes); a shell
    shows both as $? = 130."""
    p = subprocess.Popen(with_default_signals([sys.executable, "-m", "exact_odds", "simulate", "--shoes", "100000",
                                               "--decks", "8"]),
                         stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=ROOT, start_new_session=True)
    time.sleep(delay)
    os.killpg(os.getpgid(p.pid), signal.SIGINT)
    status = p.wait(10)
    err = p.stderr.read().decode()
    assert status in (130, -signal.SIGINT) and "Traceback" not in err, (status, err)
    assert err.strip() == "exact-odds: interrupted", err


def test_a_ctrl_c_that_python_wrapped_in_another_error_is_still_one_line(monkeypatch):
    """A Ctrl-C while a dataclass is being defined (a lazy import inside a command) reaches us as
    'RuntimeError: Error calling __set_name__' caused by the KeyboardInterrupt: it printed a traceback
    and exit status 1 (seen once in test_ctrl_c_while_the_command_line_loads_is_one_line)."""
    import exact_odds.bets.analysis as analysis
    from click.testing import CliRunner
    from exact_odds.cli import main

    def wrapped(*args, **kwargs):
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as exc:
            raise RuntimeError("Error calling __set_name__ on 'Field' instance") from exc

    monkeypatch.setattr(analysis, "analyse", wrapped)
    r = CliRunner().invoke(main, ["edge"], prog_name="exact-odds")
    assert r.exit_code == 130 and r.output.strip().endswith("exact-odds: interrupted"), r.output
    monkeypatch.setattr(analysis, "analyse", lambda *a, **k: (_ for _ in ()).throw(RuntimeError("a real bug")))
    r = CliRunner().invoke(main, ["edge"], prog_name="exact-odds")
    assert r.exit_code == 1 and isinstance(r.exception, RuntimeError)  # a real error is not called an interrupt
