"""Benchmark of chemin de fer for the shoe in play (issue 15): B2 for a depleted 6-deck shoe.

Each run is cold for the game (the walk's cache is cleared): the walk of the
deal for 6 decks less 40 random cards (a fixed seed per run), the exact
solver, and the list of cells the shoe cannot deal. Target: at most 1 s.

Usage: python benchmarks/bench_chemin_shoe.py [--repeat N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
from fractions import Fraction

from timing import median_time  # noqa: E402  (puts the repository on sys.path)

from exact_odds.games.chemin import MODELS, build_game, impossible, solve  # noqa: E402
from exact_odds.rules.cards import RANKS  # noqa: E402
from exact_odds.rules.shoe import Shoe  # noqa: E402


def depleted(seed: int, decks: int = 6, removed: int = 40) -> Shoe:
    cards = [r for r in RANKS for _ in range(4 * decks)]
    return Shoe.decks(decks).remove(random.Random(seed).sample(cards, removed))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--seed", type=int, default=15)
    args = ap.parse_args()
    print(f"median of {args.repeat}, cold (walk + solve)")
    print(f"{'model':6} {'shoe':22} {'commission':>10} {'time':>9}")
    for model in ("B2", "B3"):
        for c in (Fraction(0), Fraction(1, 20)):
            for seed in (args.seed, args.seed + 1):
                shoe = depleted(seed)

                def run():
                    build_game.cache_clear()
                    game = build_game(shoe, MODELS[model])
                    solve(game, c)
                    impossible(game)
                t = median_time(run, args.repeat)
                print(f"{model:6} {'6 decks less 40, seed ' + str(seed):22} {str(c):>10} {t * 1e3:7.1f}ms")


if __name__ == "__main__":
    main()
