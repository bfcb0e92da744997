"""Benchmark of the banque walk: 3 and 6 decks, pricing, and the CLI cold.

Prints medians over repeated runs. The baseline is the punto banco walk of
the same shoe, run in the same process (and the same moment), so the ratio
survives a noisy shared machine. The Python-integer path (shoes above the
int64 bound) is timed on 3 decks against the int64 path.

Usage: python benchmarks/bench_banque.py [--repeat N]
"""

from __future__ import annotations

import argparse
import sys

from timing import median_time, run_quietly  # noqa: E402  (puts the repository on sys.path)

from exact_odds import Shoe, walk  # noqa: E402
from exact_odds.games.banque import BANKER_POLICIES, THETAS, banque_walk  # noqa: E402



def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    r = args.repeat
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
