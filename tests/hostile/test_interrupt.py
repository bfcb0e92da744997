"""Ctrl-C stops cleanly (issue 11, cause 10): a real SIGINT to the process group, as a terminal sends it.

Within about 2 s the command exits, prints one line, no worker traceback, and
leaves no process of its group behind.
"""

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT


def group_alive(pgid: int) -> bool:
    try:
        os.killpg(pgid, 0)
    except ProcessLookupError:
        return False
    return True


def interrupt(args, stdin=None, wait=2.0):
    p = subprocess.Popen([sys.executable, "-m", "exact_odds", *args], stdin=subprocess.PIPE if stdin else None,
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


SHOES = "\n".join(",".join(str(32 - (i + r) % 5) for r in range(13)) for i in range(200_000)) + "\n"


@pytest.mark.parametrize("args, stdin", [
    (["simulate", "--shoes", "100000", "--decks", "8", "--jobs", "2"], None),
    (["simulate", "--shoes", "100000", "--decks", "8"], None),
    (["simulate", "--shoes", "100000", "--decks", "1", "--jobs", "64"], None),
    (["sweep", "-", "--jobs", "2"], SHOES),
    (["sweep", "-", "--jobs", "64"], SHOES),
    (["sweep", "-"], SHOES),
], ids=["simulate-jobs-2", "simulate-jobs-1", "simulate-jobs-64", "sweep-jobs-2", "sweep-jobs-64", "sweep-jobs-1"])
def test_ctrl_c_stops_within_2_s_with_one_line_and_no_orphans(args, stdin):
    status, err, elapsed, orphans = interrupt(args, stdin)
    assert elapsed < 2.5, f"took {elapsed:.2f} s"
    assert not orphans
    assert status == 130
    assert "Traceback" not in err and err.strip().count("\n") == 0 and "interrupted" in err.lower(), err
