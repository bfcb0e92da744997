"""Benchmark of the bet catalog: every bet priced on one walk, warm and cold.

Prints medians over repeated runs, with baselines run in the same process so
ratios survive a noisy shared machine:

* warm: the 8-deck walk alone; pricing every catalog bet on that walk
  (pair bets include their first-four-cards distribution, cached per shoe,
  so the cache is cleared each run); ``analyse`` with every bet;
* cold: ``exact-odds edge --bets all --decks 8`` as a fresh interpreter,
  against ``exact-odds edge --decks 8`` (the three standard bets).

Usage: python benchmarks/bench_catalog.py [--repeat N]
"""

from __future__ import annotations

import argparse
import sys

from timing import median_time, run_quietly  # noqa: E402  (puts the repository on sys.path)

from exact_odds import Shoe, analyse, walk  # noqa: E402
from exact_odds.bets.catalog import builtin_catalog  # noqa: E402
from exact_odds.cards.routes.first_four import pair_distribution  # noqa: E402



def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()

    bets = list(builtin_catalog().bets.values())
    shoe = Shoe.decks(8)
    dist = walk(shoe)
    for b in bets:  # warm the pay tables' per-state caches
        b.price(dist)

    def price_all():
        pair_distribution.cache_clear()
        return [b.price(dist) for b in bets]

    def analyse_all():
        pair_distribution.cache_clear()
        return analyse(Shoe.decks(8), bets)

    t_walk = median_time(lambda: walk(Shoe.decks(8)), args.repeat)
    t_price = median_time(price_all, args.repeat)
    t_full = median_time(analyse_all, args.repeat)
    print(f"warm, median of {args.repeat}:")
    print(f"  walk, 8 decks                          {t_walk * 1e3:8.2f} ms")
    print(f"  price all {len(bets)} catalog bets on it       {t_price * 1e3:8.2f} ms")
    print(f"  analyse with every bet (walk + price)  {t_full * 1e3:8.2f} ms")
    print(f"  ratio full / walk                      {t_full / t_walk:8.2f}")

    def run(*args):
        run_quietly([sys.executable, "-m", "exact_odds", *args])

    cold = max(5, args.repeat // 2)
    t_std = median_time(lambda: run("edge", "--decks", "8"), cold)
    t_all = median_time(lambda: run("edge", "--bets", "all", "--decks", "8"), cold)
    print(f"cold, median of {cold}:")
    print(f"  exact-odds edge --decks 8              {t_std * 1e3:8.1f} ms")
    print(f"  exact-odds edge --bets all --decks 8   {t_all * 1e3:8.1f} ms")
    print(f"  ratio all / standard                   {t_all / t_std:8.2f}")


if __name__ == "__main__":
    main()
