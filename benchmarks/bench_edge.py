"""Benchmark of the foundation: a full 8-deck analysis, warm and cold.

Prints medians over repeated runs. Baselines are run in the same process
(and the same moment), so ratios survive a noisy shared machine:

* warm: ``analyse(Shoe.decks(8))`` (walk + pricing of the standard bets),
  with the walk and the pricing timed apart;
* cold: ``exact-odds edge --decks 8`` as a fresh interpreter, against a bare
  ``python -c pass`` and an interpreter that only imports click and tabulate.

Usage: python benchmarks/bench_edge.py [--repeat N]
"""

from __future__ import annotations

import argparse
import sys

from timing import median_time, run_quietly  # noqa: E402  (puts the repository on sys.path)

from exact_odds import Shoe, analyse, walk  # noqa: E402
from exact_odds.bets.catalog import builtin_catalog  # noqa: E402



def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=21)
    args = ap.parse_args()

    shoe = Shoe.decks(8)
    bets = builtin_catalog().variant("standard")
    analyse(shoe)  # warm up imports and caches of the pay tables
    dist = walk(shoe)
    t_walk = median_time(lambda: walk(Shoe.decks(8)), args.repeat)
    t_price = median_time(lambda: [b.price(dist) for b in bets], args.repeat)
    t_full = median_time(lambda: analyse(Shoe.decks(8)), args.repeat)
    print(f"warm, median of {args.repeat}:")
    print(f"  walk, 8 decks                {t_walk * 1e3:8.2f} ms")
    print(f"  price 3 bets on the walk     {t_price * 1e3:8.2f} ms")
    print(f"  full analysis (analyse)      {t_full * 1e3:8.2f} ms   (target <= 20 ms)")

    env_py = sys.executable
    cold_repeat = max(5, args.repeat // 2)

    t_bare = median_time(lambda: run_quietly([env_py, "-c", "pass"]), cold_repeat)
    t_deps = median_time(lambda: run_quietly([env_py, "-c", "import click, tabulate"]), cold_repeat)
    t_cold = median_time(lambda: run_quietly([env_py, "-m", "exact_odds", "edge", "--decks", "8"]), cold_repeat)
    print(f"cold, median of {cold_repeat}:")
    print(f"  python -c pass               {t_bare * 1e3:8.1f} ms")
    print(f"  python -c 'import click, tabulate' {t_deps * 1e3:8.1f} ms")
    print(f"  exact-odds edge --decks 8    {t_cold * 1e3:8.1f} ms   (target <= 500 ms)")
    print(f"  ratio cold edge / bare python  {t_cold / t_bare:6.2f}")
    print(f"  ratio cold edge / click+tabulate import {t_cold / t_deps:6.2f}")


if __name__ == "__main__":
    main()
