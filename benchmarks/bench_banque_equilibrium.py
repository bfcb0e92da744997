"""Benchmark of banque's three-person equilibrium (issue 15): the game walk and the exact search.

Prints medians. With replacement (``--decks inf``, Ethier and Lee's
assumption) every theta of the table is solved; the same-run baseline is the
banque walk of the same shoe, timed alternately, so the ratio survives a
noisy shared machine. ``--finite D`` also times one equilibrium for D decks at
theta = 1/2 (minutes; once). The issue's target for 6 decks is 10 s.

Usage: python benchmarks/bench_banque_equilibrium.py [--repeat N] [--finite D]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from fractions import Fraction

from timing import median_time, run_quietly  # noqa: E402  (puts the repository on sys.path)

from exact_odds import Shoe  # noqa: E402
from exact_odds.games.banque import THETAS, banque_walk  # noqa: E402
from exact_odds.games.banque.equilibrium import solve_banque  # noqa: E402
from exact_odds.games.banque.game import banque_game  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--finite", type=int, default=0, help="also time one finite-shoe equilibrium (decks)")
    args = ap.parse_args()
    inf = Shoe.infinite()
    banque_walk(inf), banque_game(inf)  # warm imports
    walk_t, game_t = [], []
    for _ in range(args.repeat):  # alternate, same run
        t = time.perf_counter(); banque_walk(inf); walk_t.append(time.perf_counter() - t)  # noqa: E702
        t = time.perf_counter(); banque_game(inf); game_t.append(time.perf_counter() - t)  # noqa: E702
    w, g = statistics.median(walk_t), statistics.median(game_t)
    print(f"infinite deck, median of {args.repeat} (alternated):")
    print(f"  banque walk {w * 1e3:8.1f} ms   game walk {g * 1e3:8.1f} ms   ratio {g / w:5.1f}")
    game = banque_game(inf)
    for theta in THETAS:
        t = median_time(lambda: solve_banque(game, theta), args.repeat)
        print(f"  equilibrium at theta {str(theta):>3}: {t * 1e3:8.1f} ms   ratio to the banque walk {t / w:6.1f}")
    cold = max(3, args.repeat)
    t_bare = median_time(lambda: run_quietly([sys.executable, "-c", "pass"]), cold)
    t_cli = median_time(lambda: run_quietly([sys.executable, "-m", "exact_odds", "banque", "--equilibrium",
                                             "--decks", "inf", "--no-theta-table"]), cold)
    print(f"cold, median of {cold}:")
    print(f"  python -c pass                                          {t_bare * 1e3:8.1f} ms")
    print(f"  exact-odds banque --equilibrium --decks inf --no-theta-table {t_cli * 1e3:8.1f} ms"
          f"   ratio {t_cli / t_bare:5.1f}")
    if args.finite:
        shoe = Shoe.decks(args.finite)
        t = time.perf_counter()
        fg = banque_game(shoe)
        t_game = time.perf_counter() - t
        t = time.perf_counter()
        s = solve_banque(fg, Fraction(1, 2))
        t_solve = time.perf_counter() - t
        print(f"{args.finite} decks, once: game walk {t_game:6.1f} s, equilibrium at theta 1/2 {t_solve:6.1f} s "
              f"({len(s.equilibria)} found, x ~ {float(s.first.x):.10f})")
    print("(a shared machine: compare the ratios, not the times)")


if __name__ == "__main__":
    main()
