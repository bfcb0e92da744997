"""A full disk or a closed standard output is one line on stderr and exit 1 (issue 11, cause 9).

The JSON document of ``edge`` is written for every value-level bet of the catalog (93 bets, about
100 KB, under a second); the whole catalog (``--bets all``, about 130 KB) runs under ``slow``: its
card-level bets cost each new process about 10 s of CPU before the first byte is written.
"""

import os
import subprocess
import sys

import pytest

from exact_odds.bets.catalog import builtin_catalog

from conftest import ROOT

VALUE_LEVEL = ",".join(k for k, b in builtin_catalog().bets.items() if b.is_value_level)
EDGE_JSON = ["edge", "--bets", VALUE_LEVEL, "--format", "json"]
EDGE_ALL_JSON = ["edge", "--bets", "all", "--format", "json"]

COMMANDS = [
    EDGE_JSON,
    pytest.param(EDGE_ALL_JSON, id="edge-all", marks=pytest.mark.slow),
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


@pytest.mark.parametrize("args", [EDGE_JSON, pytest.param(EDGE_ALL_JSON, marks=pytest.mark.slow)],
                         ids=["edge", "edge-all"])
def test_a_reader_that_stops_early_is_one_line(args):
    """'exact-odds edge --bets ... --format json | head -c 10': the pipe is shrunk to one
    page so the 100 KB document cannot all be written before the reader leaves. The
    kernel may end the write quietly (a partial write, then exit) or raise EPIPE;
    either way no traceback and at most one line."""
    import fcntl

    read_end, write_end = os.pipe()
    fcntl.fcntl(write_end, getattr(fcntl, "F_SETPIPE_SZ", 1031), 4096)
    p = subprocess.Popen([sys.executable, "-m", "exact_odds", *args],
                         stdout=write_end, stderr=subprocess.PIPE, cwd=ROOT)
    os.close(write_end)
    os.read(read_end, 10)
    os.close(read_end)
    err = p.stderr.read().decode()
    status = p.wait(60)
    assert status in (0, 1) and "Traceback" not in err and "Exception ignored" not in err
    assert (status, err.count("\n")) in ((0, 0), (1, 1))
