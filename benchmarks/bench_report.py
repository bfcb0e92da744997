"""Cold ``exact-odds report`` of one bet on three deck counts with its countability simulation, at defaults.

The target (issue 13): at most 10 s cold on 2 cores for
``exact-odds report --bets dragon7 --decks 1,6,8`` (250 simulated shoes per
deck count, the default). Each sample starts a fresh interpreter. Samples
alternate between ``--jobs 1`` and ``--jobs 2`` so that the noise of a
shared machine falls on both alike; prints the median of each, their
same-run ratio, the exact-only report (``--no-simulation``) for scale, and
the standard errors the default number of shoes gives (from the JSON-free
Markdown output).

Usage: python benchmarks/bench_report.py [--repeat N] [--bet KEY]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time

from timing import ROOT

NEUTRAL = tempfile.gettempdir()


CPU: dict[str, list[float]] = {}


def cold(args: list[str], name: str) -> tuple[float, str]:
    """Wall time of one cold run; its CPU time (user + system, the command and its workers) goes to CPU."""
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t = time.perf_counter()
    out = subprocess.run([sys.executable, "-m", "exact_odds", "report", *args], env=env, check=True,
                         capture_output=True, text=True, cwd=NEUTRAL)
    wall = time.perf_counter() - t
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.setdefault(name, []).append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall, out.stdout


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--bet", default="dragon7")
    a = ap.parse_args()
    base = ["--bets", a.bet, "--decks", "1,6,8", "--format", "md"]
    variants = {"jobs 1": base + ["--jobs", "1"], "jobs 2": base + ["--jobs", "2"],
                "no simulation": base + ["--no-simulation"]}
    times: dict[str, list[float]] = {k: [] for k in variants}
    text = ""
    for _ in range(a.repeat):
        for name, args in variants.items():
            t, out = cold(args, name)
            times[name].append(t)
            if name == "jobs 1":
                text = out
    med = {k: statistics.median(v) for k, v in times.items()}
    for k, v in med.items():
        print(f"{k:>14}: median {v:.2f} s over {a.repeat} cold runs (min {min(times[k]):.2f}, max {max(times[k]):.2f}); "
              f"median CPU {statistics.median(CPU[k]):.2f} s")
    print(f"load average now: {', '.join(f'{x:.2f}' for x in os.getloadavg())} (a shared machine inflates wall time)")
    print(f"same-run ratio jobs 2 / jobs 1: {med['jobs 2'] / med['jobs 1']:.2f}")
    print(f"target <= 10 s: {'met' if med['jobs 1'] <= 10 else 'NOT met'} (jobs 1), "
          f"{'met' if med['jobs 2'] <= 10 else 'NOT met'} (jobs 2)")
    print("Simulated rows at the defaults (mean ± one standard error):")
    for line in text.splitlines():
        if "shoes (" in line or "| best linear count |" in line or "| perfect play |" in line:
            print("  " + line[:160])


if __name__ == "__main__":
    main()
