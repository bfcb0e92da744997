"""Benchmark of banque's know-cards equilibrium on a finite shoe (issue 15).

Times, at theta = 1/2 on ``--decks`` decks (default 6), alternating in one
process: the total model's search (``solve_banque``, the reference the brief
names: 8.8 s on a quiet machine for 6 decks) and the know-cards search
(``solve_knows``: the 1024 pure profiles, then one mixed holding per punter),
each on an already-walked game; and once, the know-cards walk and the second
walk that prices the middle bet. Prints medians and the same-run ratio
know-cards / total.

Usage: python benchmarks/bench_banque_knows.py [--decks N] [--repeat N]
"""

from __future__ import annotations

import argparse
import statistics
import time
from fractions import Fraction

from timing import ROOT  # noqa: F401,E402  (puts the repository on sys.path)

from exact_odds import Shoe  # noqa: E402
from exact_odds.games.banque.equilibrium import solve_banque  # noqa: E402
from exact_odds.games.banque.game import banque_game  # noqa: E402
from exact_odds.games.banque.knows import knows_game  # noqa: E402
from exact_odds.games.banque.knows_middle import knows_middle  # noqa: E402
from exact_odds.games.banque.knows_search import solve_knows  # noqa: E402


def _time(fn):
    t = time.perf_counter()
    out = fn()
    return time.perf_counter() - t, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--decks", type=int, default=6)
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    shoe = Shoe.decks(args.decks)
    half = Fraction(1, 2)
    t_walk, kg = _time(lambda: knows_game(shoe))
    game = banque_game(shoe)
    total, knows = [], []
    for _ in range(args.repeat):  # alternate, so both see the same machine load
        game.__dict__.pop("_last_banker", None)
        kg.__dict__.pop("_co", None)
        total.append(_time(lambda: solve_banque(game, half))[0])
        t, search = _time(lambda: solve_knows(kg, half))
        knows.append(t)
    t_mid, _ = _time(lambda: knows_middle(kg, search.equilibria[0]))
    mt, mk = statistics.median(total), statistics.median(knows)
    print(f"{args.decks} decks, theta 1/2, {args.repeat} alternating runs (medians):")
    print(f"  know-cards walk (once)            {t_walk:8.2f} s")
    print(f"  total model search (solve_banque) {mt:8.2f} s")
    print(f"  know-cards search (solve_knows)   {mk:8.2f} s   ratio know-cards / total {mk / mt:.2f}")
    print(f"  middle bet at the equilibrium     {t_mid:8.2f} s (a second walk, once)")


if __name__ == "__main__":
    main()
