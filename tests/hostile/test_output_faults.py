"""A full disk or a closed standard output is one line on stderr and exit 1 (issue 11, cause 9)."""

import os
import subprocess
import sys

import pytest

from conftest import ROOT

COMMANDS = [
    ["edge", "--bets", "all", "--format", "json"],
    ["variants"],
    ["bet", "tie"],
    ["distribution", "--decks", "1"],
    ["chemin-de-fer", "--model", "A1"],
    ["eor", "--decks", "1"],
    ["simulate", "--shoes", "1", "--decks", "1"],
]


def run(args, **kwargs):
    return subprocess.run([sys.executable, "-m", "exact_odds", *args], capture_output=False, text=True,
                          stderr=subprocess.PIPE, cwd=ROOT, timeout=120, **kwargs)


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="needs /dev/full (Linux)")
@pytest.mark.parametrize("args", COMMANDS, ids=lambda a: a[0])
def test_a_full_disk_is_one_line(args):
    with open("/dev/full", "w") as full:
        p = run(args, stdout=full)
    assert p.returncode == 1
    assert p.stderr.count("\n") == 1 and "No space left on device" in p.stderr and "Traceback" not in p.stderr


@pytest.mark.parametrize("args", [["edge"], ["variants"]], ids=lambda a: a[0])
def test_a_closed_standard_output_is_one_line(args):
    p = subprocess.run([sys.executable, "-m", "exact_odds", *args], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                       text=True, cwd=ROOT, timeout=60, preexec_fn=lambda: os.close(1))
    assert p.returncode == 1
    assert p.stderr.count("\n") == 1 and "standard output is closed" in p.stderr


def test_a_reader_that_stops_early_is_one_line():
    """'exact-odds edge --bets all --format json | head -c 10': the pipe is shrunk to one
    page so the 46 KB document cannot all be written before the reader leaves. The
    kernel may end the write quietly (a partial write, then exit) or raise EPIPE;
    either way no traceback and at most one line."""
    import fcntl

    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)
    p = subprocess.Popen([sys.executable, "-m", "exact_odds", "edge", "--bets", "all", "--format", "json"],
                         stdout=write_end, stderr=subprocess.PIPE, cwd=ROOT)
    os.close(write_end)
    os.read(read_end, 10)
    os.close(read_end)
    err = p.stderr.read().decode()
    status = p.wait(60)
    assert status in (0, 1) and "Traceback" not in err and "Exception ignored" not in err
    assert (status, err.count("\n")) in ((0, 0), (1, 1))
