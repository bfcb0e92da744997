"""Dask: two workers against one, on 20,000 shoes: simulate (a counting study) and price_shoes (a sweep).

Starts two local Dask clusters of worker processes (1 worker, and 2 workers;
one thread each, over TCP as a real cluster), warms every worker (the first
task of a process compiles the walk), then alternates the two, R times, on
the same work, and checks that every run gives the same result. Prints the
medians and the median of the per-round speed-ups (the target is >= 1.7x).

The workers are started as docs/cluster.md recommends: with a malloc mmap
threshold of 32 MiB (Dask's nanny sets MALLOC_TRIM_THRESHOLD_, which turns
glibc's adaptive threshold off, so every array above 128 KiB was mapped and
unmapped again: four times the page faults of a local worker process, about a
fifth of its time). ``--nanny-default`` keeps Dask's own setting.

Needs dask.distributed (pip install ".[dask]").

Usage: python benchmarks/bench_dask.py [--shoes N] [--sim-shoes N] [--rounds R] [--nanny-default]
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from timing import ROOT, rank_counts_in_play  # noqa: E402,F401  (puts the repository on sys.path)

from exact_odds.bets.catalog import builtin_catalog  # noqa: E402
from exact_odds.in_play.workers.executors import Dask  # noqa: E402
from exact_odds.in_play.simulate.simulation import simulate  # noqa: E402
from exact_odds.in_play.sweep.sweep import price_shoes  # noqa: E402
from exact_odds.rules.shoe import Shoe  # noqa: E402


#: The workers' malloc settings docs/cluster.md recommends (glibc reads them at start-up).
WORKER_MALLOC = {"MALLOC_MMAP_THRESHOLD_": 32 * 2**20, "MALLOC_TRIM_THRESHOLD_": 256 * 2**20}


def shoes_in_play(n: int, seed: int = 3) -> list[Shoe]:
    return [Shoe.from_counts(c) for c in rank_counts_in_play(n, seed)]


def main() -> None:
    from distributed import LocalCluster

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shoes", type=int, default=20_000)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--sim-shoes", type=int, default=20_000)
    ap.add_argument("--nanny-default", action="store_true", help="keep Dask's malloc settings for the workers")
    args = ap.parse_args()
    if not args.nanny_default:
        import dask

        dask.config.set({"distributed.nanny.pre-spawn-environ": dict(
            dask.config.get("distributed.nanny.pre-spawn-environ"), **WORKER_MALLOC)})
    os.environ["PYTHONPATH"] = str(ROOT)  # the worker processes import exact_odds from here
    bets = tuple(builtin_catalog().variant("standard"))
    shoes = shoes_in_play(args.shoes)
    kw = dict(threads_per_worker=1, processes=True, dashboard_address=None, protocol="tcp")
    with LocalCluster(n_workers=1, **kw) as one, LocalCluster(n_workers=2, **kw) as two:
        targets = {1: Dask(one.scheduler_address), 2: Dask(two.scheduler_address)}
        expected = price_shoes(shoes[:2000], bets)
        for target in targets.values():  # warm every worker, and check the results
            assert price_shoes(shoes[:2000], bets, jobs=target) == expected
        first: dict[str, object] = {}

        def same(what: str, result: object) -> None:  # 1 and 2 workers, every round: the same result
            assert first.setdefault(what, result) == result, what

        rows = []
        for _ in range(args.rounds):
            row = {}
            for n, target in targets.items():
                t = time.perf_counter()
                same("sweep", price_shoes(shoes, bets, jobs=target))
                row[("sweep", n)] = time.perf_counter() - t
                t = time.perf_counter()
                same("simulate", simulate(args.sim_shoes, 8, 1, bets, jobs=target))
                row[("simulate", n)] = time.perf_counter() - t
            rows.append(row)
    print(f"Dask LocalCluster, worker processes of one thread, {args.rounds} rounds, {os.cpu_count()} cores, "
          f"workers' malloc {'as Dask sets it' if args.nanny_default else WORKER_MALLOC} (medians):")
    for what, size in (("sweep", f"price_shoes of {args.shoes:,} 8-deck shoes in play"),
                       ("simulate", f"simulate {args.sim_shoes} 8-deck shoes")):
        t1 = statistics.median(r[(what, 1)] for r in rows)
        t2 = statistics.median(r[(what, 2)] for r in rows)
        speedup = statistics.median(r[(what, 1)] / r[(what, 2)] for r in rows)
        print(f"  {size}: 1 worker {t1:.2f} s, 2 workers {t2:.2f} s; speed-up {speedup:.2f}x (target >= 1.7x)")


if __name__ == "__main__":
    main()
