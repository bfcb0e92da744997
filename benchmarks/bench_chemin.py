"""Benchmark of chemin de fer: build the game (one walk) and solve it, per model.

Every run starts cold for the game: the per-process caches of
:func:`exact_odds.chemin.build_game` and of the solutions are cleared, so a
run is one walk of the deal plus the exact solver. The baseline, run in the
same process, is the 8-deck punto banco walk of :func:`exact_odds.walk`;
ratios are against it. Target: B2 at 8 decks solves in at most 5 s.

Usage: python benchmarks/bench_chemin.py [--repeat N]
"""

from __future__ import annotations

import argparse
from fractions import Fraction

from timing import median_time  # noqa: E402  (puts the repository on sys.path)

from exact_odds import Shoe, walk  # noqa: E402
from exact_odds.games.chemin import build_game, game_for, solve  # noqa: E402
from exact_odds.report.tables import chemin_de_fer_tables  # noqa: E402



def cold_solve(model: str, decks, commission) -> None:
    build_game.cache_clear()
    solve(game_for(model, decks), commission)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    import sympy  # noqa: F401  (import once, outside the timings)

    cold_solve("B3", 6, Fraction(0))  # warm up imports
    base = median_time(lambda: walk(Shoe.decks(8)), args.repeat)
    print(f"median of {args.repeat}; baseline: punto banco walk, 8 decks {base * 1e3:8.1f} ms")
    print(f"{'model':6} {'decks':>5} {'commission':>10} {'build':>9} {'build+solve':>12} {'ratio':>7}")
    for model, decks in (("A1", None), ("B2", 1), ("B2", 6), ("B2", 8), ("B3", 6), ("B3", 8)):
        for c in (Fraction(0), Fraction(1, 20)):
            def build():
                build_game.cache_clear()
                game_for(model, decks)
            t_build = median_time(build, args.repeat)
            t = median_time(lambda: cold_solve(model, decks, c), args.repeat)
            print(f"{model:6} {decks or 'inf':>5} {str(c):>10} {t_build * 1e3:7.1f}ms {t * 1e3:10.1f}ms "
                  f"{t / base:7.1f}")
    def tables():
        build_game.cache_clear()
        chemin_de_fer_tables()
    t = median_time(tables, max(3, args.repeat // 2))
    print(f"tables generator (chemin_de_fer.md, 8 solutions): {t * 1e3:.1f} ms; ratio {t / base:.1f}")


if __name__ == "__main__":
    main()
