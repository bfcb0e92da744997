"""How long Ctrl-C takes to stop a long command, at several --jobs (issue 11, cause 10).

Starts ``exact-odds simulate`` (and ``sweep`` on a large input) in a new
process group, waits until it is well into its work, sends SIGINT to the
whole group as a terminal does, and times the exit. Prints the median and
the largest of the runs, the exit status, and whether any process of the
group was left behind.

Usage: python benchmarks/bench_interrupt.py [--runs N]
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
    args = ap.parse_args()
    cases = [(f"simulate --jobs {j}", ["simulate", "--shoes", "100000", "--decks", "8", "--jobs", str(j)], None, 2.0)
             for j in (1, 2, 64)]
    cases += [(f"sweep --jobs {j}", ["sweep", "-", "--jobs", str(j)], SHOES, 3.0) for j in (1, 2, 64)]
    print(f"Ctrl-C (SIGINT to the process group) to exit, {args.runs} runs each:")
    for name, argv, stdin, wait in cases:
        runs = [one(argv, stdin, wait) for _ in range(args.runs)]
        times = [r[0] for r in runs]
        statuses = sorted({r[1] for r in runs})
        print(f"  {name:18s} median {statistics.median(times):.3f} s, max {max(times):.3f} s; "
              f"exit {statuses}; processes left behind: {sum(r[2] for r in runs)}")


if __name__ == "__main__":
    main()
