"""`exact-odds sweep` end to end against the in-process batch rate, in the same run.

Writes a file of N 8-deck shoes in play (a shuffled shoe after 0-400 cards
dealt), then alternates, R times:
  * `exact-odds sweep FILE --jobs 2 -o OUT` as a fresh interpreter (start-up,
    parsing, pricing, formatting, writing: everything a user waits for);
  * the in-process batch: the same shoes' exact EV numerators of the standard
    bets (Pricer.value_batch) in 2 processes, warm, nothing formatted;
  * the same with 1 process.
Prints the medians (shoes/s) and the median of the per-round ratios
sweep / batch (the target is >= 0.5, and sweep >= 30,000 shoes/s), and
the CPU time each sweep used (its own and its workers': on a shared
machine, the figure that other people's work changes least).

With --baseline PATH (another checkout, e.g. before issue 14), its sweep is
timed in the same rounds too, and the ratio printed.

Usage: python benchmarks/bench_sweep.py [--shoes N] [--rounds R] [--quick] [--baseline PATH]
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

from timing import ROOT, rank_counts_in_play  # noqa: E402  (puts the repository on sys.path)

from exact_odds.bets.catalog import builtin_catalog  # noqa: E402
from exact_odds.in_play.workers import parallel  # noqa: E402
from exact_odds.punto_banco.pricer import cached_pricer  # noqa: E402

_PRICER = {}


def _set(bets):
    _PRICER["p"] = cached_pricer(bets).prepare()


def _chunk(rows):
    return _PRICER["p"].value_batch(rows)[0]


shoes_in_play = rank_counts_in_play


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shoes", type=int, default=100_000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--quick", action="store_true", help="20,000 shoes, 3 rounds")
    ap.add_argument("--baseline", help="another checkout whose sweep to time in the same rounds")
    args = ap.parse_args()
    if args.quick:
        args.shoes, args.rounds = 20_000, 3
    ranks = shoes_in_play(args.shoes)
    values = [tuple([r[9] + r[10] + r[11] + r[12]] + r[:9]) for r in ranks]
    bets = tuple(builtin_catalog().variant("standard"))
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    with tempfile.TemporaryDirectory() as tmp:
        src, out = os.path.join(tmp, "shoes.txt"), os.path.join(tmp, "edges.csv")
        with open(src, "w") as f:
            f.writelines(",".join(map(str, r)) + "\n" for r in ranks)
        chunks = [values[i: i + 256] for i in range(0, len(values), 256)]
        rows = {"sweep": [], "batch2": [], "batch1": [], "baseline": []}
        cpu = {"sweep": [], "baseline": []}

        def sweep(name, where, environ):
            t, before = time.perf_counter(), resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run([sys.executable, "-m", "exact_odds", "sweep", src, "--jobs", "2", "-o", out],
                           env=environ, cwd=where, check=True)
            rows[name].append(args.shoes / (time.perf_counter() - t))
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)

        for _ in range(args.rounds):
            if args.baseline:
                sweep("baseline", args.baseline, dict(os.environ, PYTHONPATH=args.baseline))
            sweep("sweep", ROOT, env)
            for jobs in (2, 1):
                t = time.perf_counter()
                n = sum(len(p) for p in parallel.run(_chunk, chunks, jobs, setup=(_set, (bets,))))
                rows[f"batch{jobs}"].append(n / (time.perf_counter() - t))
        with open(out) as f:
            assert sum(1 for _ in f) == args.shoes + 1
    med = {k: statistics.median(v) for k, v in rows.items() if v}
    ratio = statistics.median(s / b for s, b in zip(rows["sweep"], rows["batch2"]))
    print(f"{args.shoes:,} 8-deck shoes in play, standard bets (Banker, Player, Tie), {args.rounds} rounds, "
          f"{os.cpu_count()} cores (medians):")
    print(f"  exact-odds sweep --jobs 2, end to end: {med['sweep']:,.0f} shoes/s (target >= 30,000); "
          f"CPU {statistics.median(cpu['sweep']):.2f} s")
    print(f"  in-process batch, 2 processes: {med['batch2']:,.0f} shoes/s (target >= 100,000); "
          f"1 process: {med['batch1']:,.0f} shoes/s")
    print(f"  sweep / batch (2 processes), median of per-round ratios: {ratio:.2f} (target >= 0.5)")
    if args.baseline:
        gain = statistics.median(s / b for s, b in zip(rows["sweep"], rows["baseline"]))
        cpu_ratio = statistics.median(b / s for s, b in zip(cpu["sweep"], cpu["baseline"]))
        print(f"  baseline {args.baseline} sweep --jobs 2: {med['baseline']:,.0f} shoes/s, CPU "
              f"{statistics.median(cpu['baseline']):.2f} s; this tree / baseline: {gain:.2f}x the speed, "
              f"{cpu_ratio:.2f}x less CPU (medians of per-round ratios)")


if __name__ == "__main__":
    main()
