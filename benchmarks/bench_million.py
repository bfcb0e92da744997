"""The 1,000,000-shoe study (issue 25, item 5): shoes a second, and the time projected for a million.

Runs, R times, the study's own command on N eight-deck shoes, as a user runs it:

    exact-odds simulate --shoes N --decks 8 --bets dragon7 --count dragon7 --ramp 1@4,2@6,4@8
        --bankroll 1000 --search-triggers 0:12 --jobs J --checkpoint FILE -q

(a counted value-level bet, its ramp, the bankroll's figures and a search of 13 triggers, all in one
pass, with a checkpoint written as a long run writes it), and prints the median wall time, shoes a
second, and the projection for 1,000,000 shoes: the start-up (the same command on 1 shoe) plus a
million times the time a shoe. The machine may be shared: the figures are what it gave then.

Usage: python benchmarks/bench_million.py [--shoes N] [--rounds R] [--jobs J]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time

from timing import ROOT  # noqa: F401  (puts the repository on sys.path)

STUDY = ["simulate", "--decks", "8", "--bets", "dragon7", "--count", "dragon7", "--ramp", "1@4,2@6,4@8",
         "--bankroll", "1000", "--search-triggers", "0:12", "-q"]


def wall(shoes: int, jobs: int, folder: str) -> float:
    checkpoint = os.path.join(folder, f"bench-{shoes}.ckpt")
    if os.path.exists(checkpoint):
        os.unlink(checkpoint)
    began = time.perf_counter()
    subprocess.run([sys.executable, "-m", "exact_odds", *STUDY, "--shoes", str(shoes), "--jobs", str(jobs),
                    "--checkpoint", checkpoint], check=True, stdout=subprocess.DEVNULL)
    return time.perf_counter() - began


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=20_000)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        start = statistics.median(wall(1, args.jobs, folder) for _ in range(args.rounds))
        runs = [wall(args.shoes, args.jobs, folder) for _ in range(args.rounds)]
    run = statistics.median(runs)
    per_shoe = (run - start) / args.shoes
    print(f"start-up (1 shoe): {start:.2f} s median of {args.rounds}")
    print(f"{args.shoes:,} shoes on {args.jobs} jobs: {run:.2f} s median of {args.rounds} "
          f"({', '.join(f'{r:.2f}' for r in runs)})")
    print(f"shoes a second: {args.shoes / (run - start):,.0f}")
    print(f"projected for 1,000,000 shoes on {args.jobs} jobs: {start + per_shoe * 1_000_000:,.0f} s "
          f"({(start + per_shoe * 1_000_000) / 60:.1f} min)")


if __name__ == "__main__":
    main()
