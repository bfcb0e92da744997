"""`exact-odds simulate`: 1,000 eight-deck shoes, the exact EV of the standard bets before every coup.

Alternates, R times:
  * `exact-odds simulate --shoes N --decks 8 --seed 1 --jobs 2` as a fresh
    interpreter (what a user waits for; the target is <= 1 s for N = 1,000);
  * the pricing alone, for the coups of 100 dealt shoes: the call simulate made
    before issue 14 (a Shoe per coup, Pricer.batch_ev_numerators) against the
    call it makes now (value counts, Pricer.value_batch), same process, warm.
Prints medians and the median of the per-round ratios.

With --baseline PATH (another checkout, e.g. before issue 14), its simulate
is timed in the same rounds too, and the ratio printed.

Usage: python benchmarks/bench_simulate.py [--shoes N] [--rounds R] [--baseline PATH]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from timing import ROOT, median_time  # noqa: E402  (puts the repository on sys.path)

from exact_odds.bets.catalog import builtin_catalog  # noqa: E402
from exact_odds.in_play.dealing import deal_shoe, shoe_seeds, shuffled_cards  # noqa: E402
from exact_odds.punto_banco.features import rank_to_value_counts  # noqa: E402
from exact_odds.punto_banco.pricer import cached_pricer  # noqa: E402
from exact_odds.rules.shoe import Shoe  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shoes", type=int, default=1000)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--baseline", help="another checkout whose simulate to time in the same rounds")
    args = ap.parse_args()
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    pricer = cached_pricer(tuple(builtin_catalog().variant("standard"))).prepare()
    dealt = [deal_shoe(shuffled_cards(8, s)) for s in shoe_seeds(1, 100)]
    coups = sum(len(d) for d in dealt)

    def before():
        for d in dealt:
            pricer.batch_ev_numerators([Shoe(c.known) for c in d])

    def now():
        for d in dealt:
            pricer.value_batch([rank_to_value_counts(c.known) for c in d])

    for d in dealt[:5]:
        assert pricer.batch_ev_numerators([Shoe(c.known) for c in d]) == \
            pricer.value_batch([rank_to_value_counts(c.known) for c in d])[0]
    rows = []
    command = ["-m", "exact_odds", "simulate", "--shoes", str(args.shoes), "--decks", "8", "--seed", "1", "--jobs", "2"]
    for _ in range(args.rounds):
        t = time.perf_counter()
        subprocess.run([sys.executable, *command], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)
        cli = time.perf_counter() - t
        base = 0.0
        if args.baseline:
            t = time.perf_counter()
            subprocess.run([sys.executable, *command], env=dict(os.environ, PYTHONPATH=args.baseline),
                           cwd=args.baseline, check=True, stdout=subprocess.DEVNULL)
            base = time.perf_counter() - t
        rows.append((cli, median_time(before, 3), median_time(now, 3), base))
    cli, old, new, base = (statistics.median(r[i] for r in rows) for i in range(4))
    print(f"simulate, {args.rounds} rounds, {os.cpu_count()} cores (medians):")
    print(f"  exact-odds simulate --shoes {args.shoes} --decks 8 --jobs 2, end to end: {cli:.2f} s (target <= 1 s "
          f"for 1,000)")
    print(f"  pricing the {coups:,} coups of 100 shoes: before {old * 1e3:.0f} ms ({old / coups * 1e6:.1f} us/coup), "
          f"value_batch {new * 1e3:.0f} ms ({new / coups * 1e6:.1f} us/coup); ratio "
          f"{statistics.median(r[1] / r[2] for r in rows):.2f}x")
    if args.baseline:
        print(f"  baseline {args.baseline}: {base:.2f} s; baseline / this tree: "
              f"{statistics.median(r[3] / r[0] for r in rows):.2f}x")


if __name__ == "__main__":
    main()
