"""Benchmark of card-level bets (issue 12): the full coup at 8 decks, shoes in play, and value-level pricing.

Prints medians, and with ``--baseline PATH`` (another checkout, e.g. /work/main) the same figures
there and the same-run ratio branch / baseline. Each checkout runs in its own process; the two are
alternated ``--repeat`` times and the medians taken over those runs. Figures:

1. a card-level bet priced on the full coup at 8 decks, warm (per-process tables built before timing,
   the per-shoe caches cleared before each run);
2. card-level bets on depleted suited 8-deck shoes in play (a shuffled 8-deck shoe less 80 to 300
   cards), per shoe: ``PayTable.price(dist)`` with the shoe's value walk ``dist`` already made (as
   ``track``, ``sweep`` and ``simulate`` have it for the value-level bets) and its coups counted; the
   value walk itself is timed beside them. On the baseline, the bets of ``--baseline-bets``;
3. value-level pricing: the walk and PayTable.price of Banker, Player, Tie at 8 decks, and the fast
   path's Pricer on one shoe (to show they did not get slower).

The machine may be shared: compare ratios from the same run, not absolute times across runs.

Usage: python benchmarks/bench_cards.py [--repeat N] [--shoes N] [--baseline PATH] [--baseline-bets K,K]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

from timing import ROOT  # noqa: E402  (puts the repository on sys.path)

FULL = ("lucky8_player", "all_red", "player_wins_pair")
IN_PLAY = ("perfect_pair", "player_pair", "either_pair", "tiger_pair", "player_wins_pair", "banker_wins_pair",
           "lucky8_player", "lucky8_banker", "all_red", "all_black")
#: In play, the bets timed on the baseline too: main has every fast path (a checkout older than the
#: hand suit path would take minutes per shoe on Lucky 8 and All Red/Black: pass --baseline-bets).
IN_PLAY_BASELINE = ("perfect_pair", "player_wins_pair", "lucky8_player", "lucky8_banker", "all_red", "all_black")

MEASURE = r'''
import json, random, statistics, sys, time
from exact_odds import Shoe, walk
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cards.routes import first_four
from exact_odds.punto_banco.pricer import Pricer
import exact_odds.bets.older_names as older_names

repeat, n_shoes, full_keys, in_play_keys = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3].split(","), sys.argv[4].split(",")
catalog = builtin_catalog()


def clear():
    older_names._card_joint.cache_clear()
    first_four._pair_distribution.cache_clear()
    try:
        from exact_odds.cards.substrate.sequences import _LAST_WEIGHTS
        _LAST_WEIGHTS.clear()
    except ImportError:
        pass


def median(fn, r):
    times = []
    for _ in range(r):
        clear()
        t = time.perf_counter(); fn(); times.append(time.perf_counter() - t)
    return statistics.median(times)


out = {}
# Value-level pricing first, before any card-level table is built in this process.
bets = [catalog.bet(k) for k in ("banker", "player", "tie")]
pricer = Pricer(bets).prepare()
pricer.house_edges(Shoe.decks(8))
shoe = Shoe.decks(8)


def value_price():
    d = walk(shoe)
    return [b.price(d) for b in bets]


out["value walk + price Banker/Player/Tie, 8 decks"] = median(value_price, 5 * repeat)
less5 = Shoe.decks(8).remove(["5"])
out["value fast path (Pricer), one shoe"] = median(lambda: pricer.house_edges(less5), 5 * repeat)
eight = walk(Shoe.decks(8))
eight.coups
for key in full_keys:
    bet = catalog.bet(key)
    bet.price(eight)  # per-process tables
    out["full " + key] = median(lambda: bet.price(eight), repeat)

rng = random.Random(12)
shoes = []
for _ in range(n_shoes):
    cards = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K") for s in "shdc" for _ in range(8)]
    rng.shuffle(cards)
    shoes.append(Shoe.from_cards(cards[rng.randint(80, 300):]))
out["in play value walk"] = statistics.median(median(lambda: walk(s), 1) for s in shoes)
dists = [walk(s) for s in shoes]
for d in dists:
    d.coups
for key in in_play_keys:
    if not key:
        continue
    bet = catalog.bet(key)
    bet.price(dists[0])
    out["in play " + key] = statistics.median(median(lambda: bet.price(d), 1) for d in dists)

print(json.dumps(out))
'''


def measure(path: str, repeat: int, shoes: int, in_play) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=path)
    out = subprocess.run([sys.executable, "-c", MEASURE, str(repeat), str(shoes), ",".join(FULL), ",".join(in_play)],
                         cwd=path, env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out.splitlines()[-1])


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3, help="runs of each checkout, alternated (default 3)")
    ap.add_argument("--shoes", type=int, default=5, help="shoes in play per run (default 5)")
    ap.add_argument("--baseline", help="another checkout to time in the same run, alternated (e.g. /work/main)")
    ap.add_argument("--baseline-bets", default=",".join(IN_PLAY_BASELINE),
                    help="in-play bets to time on the baseline, comma-separated (default: %(default)s)")
    args = ap.parse_args()
    here, base = [], []
    for _ in range(args.repeat):
        here.append(measure(str(ROOT), args.repeat, args.shoes, IN_PLAY))
        if args.baseline:
            base.append(measure(args.baseline, args.repeat, args.shoes, args.baseline_bets.split(",")))
    print(f"medians of {args.repeat} runs ({args.shoes} shoes in play per run); the machine may be shared")
    print(f"{'':52s} {'branch':>11s}" + (f" {'baseline':>11s} {'ratio':>6s}" if base else ""))
    for key in here[0]:
        h = statistics.median(run[key] for run in here)
        line = f"{key:52s} {h * 1e3:8.2f} ms"
        if base and key in base[0]:
            b = statistics.median(run[key] for run in base)
            line += f" {b * 1e3:8.2f} ms {h / b:6.3f}"
        print(line)


if __name__ == "__main__":
    main()
