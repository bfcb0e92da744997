"""Benchmark of the banque walk: 3 and 6 decks, pricing, and the CLI cold.

Prints medians over repeated runs. The baseline is the punto banco walk of
the same shoe, run in the same process (and the same moment), so the ratio
survives a noisy shared machine. The Python-integer path (shoes above the
int64 bound) is timed on 3 decks against the int64 path.

``--against DIR`` also times this tree against another checkout DIR (such
as /work/main) in the same run, alternating: the 6-deck walk (warm, each tree
in its own process) and ``exact-odds banque --decks 3`` cold, with the
ratio this / DIR.

Usage: python benchmarks/bench_banque.py [--repeat N] [--against DIR]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import time

from timing import ROOT, median_time, run_quietly  # noqa: E402  (puts the repository on sys.path)

from exact_odds import Shoe, walk  # noqa: E402
from exact_odds.games.banque import BANKER_POLICIES, THETAS, banque_walk  # noqa: E402



_WALK = ("import sys, time, statistics\n"
         "from exact_odds import Shoe\n"
         "from exact_odds.games.banque import banque_walk\n"
         "banque_walk(Shoe.decks(3))\n"
         "ts = []\n"
         "for _ in range({n}):\n"
         "    t = time.perf_counter(); banque_walk(Shoe.decks(6)); ts.append(time.perf_counter() - t)\n"
         "print(statistics.median(ts))\n")


def _walk_in(tree: str, n: int) -> float:
    env = dict(os.environ, PYTHONPATH=tree)
    out = subprocess.run([sys.executable, "-c", _WALK.format(n=n)], cwd=tree, env=env, check=True,
                         capture_output=True, text=True)
    return float(out.stdout.split()[-1])


def _cold_in(tree: str) -> float:
    env = dict(os.environ, PYTHONPATH=tree)
    t = time.perf_counter()
    subprocess.run([sys.executable, "-m", "exact_odds", "banque", "--decks", "3"], cwd=tree, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - t


def against(other: str, rounds: int) -> None:
    """Same-run comparison with another checkout, alternating the two trees."""
    here = str(ROOT)
    walk = {here: [], other: []}
    cold = {here: [], other: []}
    for _ in range(rounds):
        for tree in (here, other):
            walk[tree].append(_walk_in(tree, 3))
            cold[tree].append(_cold_in(tree))
    med = {k: (statistics.median(walk[k]), statistics.median(cold[k])) for k in walk}
    print(f"same run, alternating, {rounds} rounds (medians):")
    print(f"  6-deck walk, warm:        this {med[here][0] * 1e3:8.1f} ms   {other} {med[other][0] * 1e3:8.1f} ms"
          f"   ratio {med[here][0] / med[other][0]:5.2f}")
    print(f"  banque --decks 3, cold:   this {med[here][1] * 1e3:8.1f} ms   {other} {med[other][1] * 1e3:8.1f} ms"
          f"   ratio {med[here][1] / med[other][1]:5.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    ap.add_argument("--against", metavar="DIR", help="another checkout to compare with in the same run")
    args = ap.parse_args()
    r = args.repeat
    if args.against:
        against(args.against, max(3, r // 2))
    banque_walk(Shoe.decks(3))  # warm imports and the cached hand lists
    print(f"warm, median of {r}:")
    for d in (3, 6):
        t_pb = median_time(lambda: walk(Shoe.decks(d)), r)
        t_bq = median_time(lambda: banque_walk(Shoe.decks(d)), r)
        print(f"  {d} decks: punto banco walk {t_pb * 1e3:8.1f} ms   banque walk {t_bq * 1e3:8.1f} ms"
              f"   ratio {t_bq / t_pb:6.1f}")
    w = banque_walk(Shoe.decks(3))
    t_price = median_time(lambda: [w.price(p, t) for p in BANKER_POLICIES for t in THETAS], r)
    print(f"  price 4 policies x 5 thetas on the 3-deck walk  {t_price * 1e3:8.1f} ms")
    t_obj = median_time(lambda: banque_walk(Shoe.decks(3), python_ints=True), max(3, r // 2))
    t_int = median_time(lambda: banque_walk(Shoe.decks(3)), max(3, r // 2))
    print(f"  3 decks, Python ints {t_obj * 1e3:8.1f} ms vs int64 {t_int * 1e3:8.1f} ms   ratio {t_obj / t_int:6.1f}")

    cold = max(3, r // 2)
    t_bare = median_time(lambda: run_quietly([sys.executable, "-c", "pass"]), cold)
    t_cli = median_time(lambda: run_quietly([sys.executable, "-m", "exact_odds", "banque", "--decks", "3"]), cold)
    t_cli6 = median_time(lambda: run_quietly([sys.executable, "-m", "exact_odds", "banque", "--decks", "6"]), cold)
    print(f"cold, median of {cold}:")
    print(f"  python -c pass                 {t_bare * 1e3:8.1f} ms")
    print(f"  exact-odds banque --decks 3    {t_cli * 1e3:8.1f} ms   ratio to bare python {t_cli / t_bare:6.1f}")
    print(f"  exact-odds banque --decks 6    {t_cli6 * 1e3:8.1f} ms   ratio to bare python {t_cli6 / t_bare:6.1f}")


if __name__ == "__main__":
    main()
