"""How long a stopping signal takes to stop a long command (issue 11, cause 10; issue 24).

Starts ``exact-odds simulate`` (and ``sweep`` on a large input) in a new
process group, waits until it is well into its work, sends the signal, and
times the exit. Prints the median and the largest of the runs, the exit
status, and how many processes of the group were left running (zombies, ended
but not yet reaped by a container's init, are not counted).

* ``--signals INT``: Ctrl-C, SIGINT to the whole group as a terminal sends it,
  at several --jobs (the default);
* ``--signals INT,TERM,HUP``: each signal to the parent alone (as ``kill PID``
  or a closed terminal's session leader sends it), ``simulate --jobs 2``;
* ``--dask``: the same signals to ``simulate --scheduler`` on a Dask
  ``LocalCluster`` started here (scheduler on 127.0.0.1, two worker processes).

Usage: python benchmarks/bench_interrupt.py [--runs N] [--signals INT,TERM,HUP] [--dask]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import time

from timing import ROOT

SHOES = "\n".join(",".join(str(32 - (i + r) % 5) for r in range(13)) for i in range(100_000)) + "\n"


def running(pgid: int) -> int:
    """Processes of group ``pgid`` not yet ended (a zombie has ended: its parent, or init, reaps it)."""
    count = 0
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                fields = open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            count += int(fields[2]) == pgid and fields[0] != "Z"
    return count


def one_signal(args: list[str], signum: int, wait: float) -> tuple[float, int, int]:
    """(seconds to exit, exit status, processes left running) after ``signum`` to the parent alone."""
    p = subprocess.Popen([sys.executable, "-m", "exact_odds", *args], cwd=ROOT, start_new_session=True,
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(wait)
    t = time.perf_counter()
    os.kill(p.pid, signum)
    status = p.wait(30)
    elapsed = time.perf_counter() - t
    time.sleep(0.3)
    left = running(p.pid)
    if left:
        os.killpg(p.pid, signal.SIGKILL)
    return elapsed, status, left


def report(name: str, runs: list[tuple[float, int, int | bool]]) -> None:
    times = [r[0] for r in runs]
    statuses = sorted({r[1] for r in runs})
    print(f"  {name:28s} median {statistics.median(times):.3f} s, max {max(times):.3f} s; "
          f"exit {statuses}; processes left behind: {sum(int(r[2]) for r in runs)}", flush=True)


def one(args: list[str], stdin: str | None, wait: float) -> tuple[float, int, bool]:
    p = subprocess.Popen([sys.executable, "-m", "exact_odds", *args], cwd=ROOT, start_new_session=True,
                         stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    if stdin:
        p.stdin.write(stdin.encode())
        p.stdin.close()
    time.sleep(wait)
    pgid = os.getpgid(p.pid)
    t = time.perf_counter()
    os.killpg(pgid, signal.SIGINT)
    status = p.wait(30)
    elapsed = time.perf_counter() - t
    time.sleep(0.2)
    try:
        os.killpg(pgid, 0)
        left = True
    except ProcessLookupError:
        left = False
    return elapsed, status, left


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--signals", default=None, help="INT,TERM,HUP: each to the parent of simulate --jobs 2")
    ap.add_argument("--dask", action="store_true", help="the signals to simulate on a Dask LocalCluster")
    args = ap.parse_args()
    if args.signals or args.dask:
        signals = [getattr(signal, "SIG" + name.strip().upper()) for name in (args.signals or "INT,TERM,HUP").split(",")]
        simulate = ["simulate", "--shoes", "100000", "--decks", "8"]
        print(f"A signal to the parent alone to exit, {args.runs} runs each:")
        if not args.dask:
            for signum in signals:
                report(f"simulate --jobs 2, {signal.Signals(signum).name}",
                       [one_signal(simulate + ["--jobs", "2"], signum, 2.0) for _ in range(args.runs)])
            return
        from distributed import LocalCluster

        with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                          dashboard_address=None, protocol="tcp") as cluster:
            for signum in signals:
                report(f"simulate on Dask, {signal.Signals(signum).name}",
                       [one_signal(simulate + ["--scheduler", cluster.scheduler_address], signum, 4.0)
                        for _ in range(args.runs)])
        return
    cases = [(f"simulate --jobs {j}", ["simulate", "--shoes", "100000", "--decks", "8", "--jobs", str(j)], None, 2.0)
             for j in (1, 2, 64)]
    cases += [(f"sweep --jobs {j}", ["sweep", "-", "--jobs", str(j)], SHOES, 3.0) for j in (1, 2, 64)]
    print(f"Ctrl-C (SIGINT to the process group) to exit, {args.runs} runs each:")
    for name, argv, stdin, wait in cases:
        report(name, [one(argv, stdin, wait) for _ in range(args.runs)])


if __name__ == "__main__":
    main()
