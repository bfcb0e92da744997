"""Benchmark of issue 40's three targets: one theta of banque with replacement under each solution
(target 2 s), the 199-theta scan (target 3 minutes on 2 cores), and chemin de fer's uniqueness proof
per deck count (target 2 s).

Prints medians and same-run ratios: the baseline is the banque game walk with replacement
(``banque_game(Shoe.infinite())``), timed alternately with each measured piece, so the ratios
survive a noisy shared machine.

Usage: python benchmarks/bench_banque_theta_scan.py [--repeat N] [--no-scan]
"""

from __future__ import annotations

import argparse
import statistics
import time
from fractions import Fraction

from timing import median_time  # noqa: E402  (puts the repository on sys.path)

from exact_odds import Shoe  # noqa: E402
from exact_odds.games.banque.cooperative import correlated, independent  # noqa: E402
from exact_odds.games.banque.equilibrium import solve_banque  # noqa: E402
from exact_odds.games.banque.game import banque_game  # noqa: E402
from exact_odds.games.chemin import game_for, solve  # noqa: E402
from exact_odds.games.chemin.census import census  # noqa: E402


def _alternate(fn, base, repeat):
    a, b = [], []
    for _ in range(repeat):
        t = time.perf_counter(); base(); b.append(time.perf_counter() - t)  # noqa: E702
        t = time.perf_counter(); fn(); a.append(time.perf_counter() - t)  # noqa: E702
    return statistics.median(a), statistics.median(b)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--no-scan", action="store_true", help="skip the 199-theta scan")
    args = ap.parse_args()
    inf = Shoe.infinite()
    game = banque_game(inf)
    base = lambda: banque_game(inf)  # noqa: E731
    print(f"one theta with replacement, median of {args.repeat} (alternated with the game walk):")
    for name, fn in (("nash", solve_banque), ("independent", independent), ("correlated", correlated)):
        for k in (17, 100):
            t, w = _alternate(lambda: fn(game, Fraction(k, 200)), base, args.repeat)
            print(f"  {name:<11} theta {k}/200: {t * 1e3:8.1f} ms   walk {w * 1e3:6.1f} ms   ratio {t / w:6.1f}"
                  f"   (target 2000 ms)")
    if not args.no_scan:
        w = median_time(base, args.repeat)
        t = time.perf_counter()
        found = [solve_banque(game, Fraction(k, 200)).found for k in range(1, 200)]
        scan = time.perf_counter() - t
        print(f"199-theta Nash scan, once: {scan:6.1f} s (target 180 s), ratio to the walk {scan / w:8.0f}; "
              f"equilibria per theta: {dict(sorted({n: found.count(n) for n in set(found)}.items()))}")
    print(f"chemin de fer uniqueness proof (census), median of {args.repeat}:")
    for model, decks in (("A1", None), ("B2", 1), ("B2", 6), ("B2", 8)):
        g = game_for(model, decks)
        for c in (Fraction(0), Fraction(1, 20)):
            solve(g, c)
            t, w = _alternate(lambda: census(g, c), base, args.repeat)
            print(f"  {model} {decks or 'inf':>3} decks, commission {str(c):>4}: {t * 1e3:7.1f} ms   "
                  f"ratio to the walk {t / w:5.1f}   (target 2000 ms)")
    print("(a shared machine: compare the ratios, not the times)")


if __name__ == "__main__":
    main()
