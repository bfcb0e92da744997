"""Benchmark of card-level bets (issue 12): the full coup at 8 decks, shoes in play, and value-level pricing.

Prints medians. Three figures:

1. a card-level bet (Lucky 8 Player, a suit bet on every card) and a rank bet (Player Wins with a Pair)
   priced on the full coup at 8 decks, warm (the per-tableau sequence table built once before timing);
2. a pair bet and a suit bet on one depleted suited shoe in play (a shuffled 8-deck shoe less 80 to 300
   cards), per shoe, warm;
3. value-level pricing (the walk and PayTable.price of Banker, Player, Tie; the fast path's Pricer on one
   shoe) with this branch and with another checkout (``--baseline``, default /work/main), each in its own
   process, alternated, so the same-run ratio shows whether value-level bets got slower.

The machine is shared: compare ratios from the same run, not absolute times across runs.

Usage: python benchmarks/bench_cards.py [--repeat N] [--baseline PATH]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import time

from timing import ROOT, median_time  # noqa: E402  (puts the repository on sys.path)

from exact_odds import Shoe, walk  # noqa: E402
from exact_odds.bets.catalog import builtin_catalog  # noqa: E402
from exact_odds.bets.paytable import _card_joint  # noqa: E402
from exact_odds.punto_banco.every_card import _LAST_WEIGHTS, _sequences  # noqa: E402
from exact_odds.rules.tableau import PUNTO_BANCO  # noqa: E402

VALUE_LEVEL = r'''
import sys, time, statistics
from exact_odds import Shoe, walk
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.punto_banco.pricer import Pricer
bets = [builtin_catalog().bet(k) for k in ("banker", "player", "tie")]
shoe = Shoe.decks(8)
pricer = Pricer(bets).prepare()
pricer.house_edges(shoe)
walk_times, fast_times = [], []
for _ in range(int(sys.argv[1])):
    t = time.perf_counter(); d = walk(shoe); [b.price(d) for b in bets]; walk_times.append(time.perf_counter() - t)
    t = time.perf_counter(); pricer.house_edges(Shoe.decks(8).remove(["5"])); fast_times.append(time.perf_counter() - t)
print(statistics.median(walk_times), statistics.median(fast_times))
'''


def shoes_in_play(n: int, seed: int = 12) -> list[Shoe]:
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
                 for s in "shdc" for _ in range(8)]
        rng.shuffle(cards)
        out.append(Shoe.from_cards(cards[rng.randint(80, 300):]))
    return out


def value_level(path: str, repeat: int) -> tuple[float, float]:
    env = dict(os.environ, PYTHONPATH=path)
    out = subprocess.run([sys.executable, "-c", VALUE_LEVEL, str(repeat)], cwd=path, env=env,
                         capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--baseline", help="another checkout: time value-level pricing there too, alternated")
    ap.add_argument("--all-red-in-play", action="store_true",
                    help="also time All Red on depleted suited shoes (minutes per shoe: no suit symmetry is left)")
    args = ap.parse_args()
    r = args.repeat
    catalog = builtin_catalog()

    t0 = time.perf_counter()
    _sequences(PUNTO_BANCO)
    print(f"sequence table (once per tableau and process): {time.perf_counter() - t0:.2f} s")
    eight = walk(Shoe.decks(8))
    print(f"1. full coup, 8 decks, warm, median of {r}:")
    for key in ("lucky8_player", "all_red", "player_wins_pair"):
        bet = catalog.bet(key)
        bet.price(eight)  # warm the suit-pattern cache of this bet's names
        # the joint counts of a shoe are cached per process: clear them so each run prices afresh
        t = median_time(lambda: (_card_joint.cache_clear(), _LAST_WEIGHTS.clear(), bet.price(eight)), r)
        print(f"   {key:18s} {t * 1e3:8.1f} ms")

    shoes = shoes_in_play(3)
    print("2. one depleted suited 8-deck shoe in play, median over 3 shoes:")
    for key in ("perfect_pair", "player_wins_pair") + (("all_red",) if args.all_red_in_play else ()):
        bet = catalog.bet(key)
        bet.price(walk(shoes[0]))
        times = []
        for s in shoes:
            _card_joint.cache_clear()
            t = time.perf_counter()
            bet.price(walk(s))
            times.append(time.perf_counter() - t)
        print(f"   {key:18s} {statistics.median(times) * 1e3:8.1f} ms per shoe")

    if args.baseline is None:
        return
    print(f"3. value-level pricing, this branch vs {args.baseline}, alternated, medians of {r} runs of {r}:")
    here, base = [], []
    for _ in range(r):
        here.append(value_level(str(ROOT), r))
        base.append(value_level(args.baseline, r))
    for i, what in enumerate(("walk + price Banker/Player/Tie, 8 decks", "fast path (Pricer), one shoe")):
        h = statistics.median(x[i] for x in here)
        b = statistics.median(x[i] for x in base)
        print(f"   {what:42s} branch {h * 1e3:7.2f} ms   baseline {b * 1e3:7.2f} ms   ratio {h / b:5.2f}")


if __name__ == "__main__":
    main()
