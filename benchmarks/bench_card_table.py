"""A card-level bet per shoe in play, everything included: what `track`, `live`, `sweep` and `simulate` pay.

`bench_cards.py` times the card-level fast paths given the shoe's value walk.
This script times the whole price of one shoe in play, the value walk
included, two ways in the same run, alternated:

* the compiled value walk (what `track`, `live`, `sweep` and `simulate` use:
  `analyse(shoe, bets, method="compiled")`, compiled once per process before timing);
* the recursive walk (`analyse(shoe, bets)`, what `track` and `simulate` used before).

and, for `track`, the price of the next coup at the table (`Table.price_cards`) on a
suited log of a shuffled 8-deck shoe, and on a log of ranks only for the bets that
read ranks but not suits. Prints medians per shoe (the target is <= 5 ms).

Usage: python benchmarks/bench_card_table.py [--shoes N] [--coups N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

from timing import ROOT  # noqa: E402,F401  (puts the repository on sys.path)

from exact_odds import Shoe, Table, analyse, parse_token, select_bets  # noqa: E402
from exact_odds.rules.cards import RANKS, SUITS  # noqa: E402

BETS = ("perfect_pair", "player_pair", "player_wins_pair", "banker_wins_pair", "lucky8_player",
        "lucky8_banker", "all_red", "all_black")
RANKS_ONLY = ("player_pair", "player_wins_pair", "banker_wins_pair")


def shuffled(seed: int, suited: bool) -> list[str]:
    rng = random.Random(seed)
    cards = [r + (s if suited else "") for r in RANKS for s in SUITS for _ in range(8)]
    rng.shuffle(cards)
    return cards


def per_shoe(shoes: list[Shoe], bets, method: str) -> float:
    times = []
    for shoe in shoes:
        t = time.perf_counter()
        analyse(shoe, bets, method=method)
        times.append(time.perf_counter() - t)
    return statistics.median(times)


def at_the_table(key: str, suited: bool, coups: int, seed: int = 7) -> float:
    table = Table(Shoe.decks(8), select_bets(bets=key))
    table.start()
    times = []
    for token in shuffled(seed, suited):
        events = table.enter(parse_token(token))
        if any(kind == "before" for kind, _ in events):
            t = time.perf_counter()
            table.price_cards()
            times.append(time.perf_counter() - t)
            if len(times) == coups:
                break
    return statistics.median(times)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--shoes", type=int, default=15, help="shoes in play per bet (default 15)")
    ap.add_argument("--coups", type=int, default=30, help="coups at the table per bet (default 30)")
    args = ap.parse_args()
    cards = shuffled(3, True)
    shoes = [Shoe.from_cards(cards[k:]) for k in range(20, 20 + 20 * args.shoes, 20)]
    analyse(shoes[0], select_bets(bets="perfect_pair"), method="compiled")  # compile once, as a process does
    print(f"per depleted suited 8-deck shoe in play, medians of {len(shoes)} shoes; "
          f"at the table, medians of {args.coups} coups (the machine may be shared)")
    print(f"{'bet':<18} {'compiled walk':>14} {'recursive walk':>15} {'ratio':>6} {'track, suits':>13} "
          f"{'track, ranks':>13}")
    for key in BETS:
        bets = select_bets(bets=key)
        per_shoe(shoes[:2], bets, "compiled")  # the bet's tables, once per process
        compiled, recursive = [], []
        for _ in range(2):  # alternated
            compiled.append(per_shoe(shoes, bets, "compiled"))
            recursive.append(per_shoe(shoes, bets, "walk"))
        c, r = statistics.median(compiled), statistics.median(recursive)
        table = at_the_table(key, True, args.coups)
        ranks = f"{at_the_table(key, False, args.coups) * 1e3:11.2f}ms" if key in RANKS_ONLY else f"{'-':>13}"
        print(f"{key:<18} {c * 1e3:12.2f}ms {r * 1e3:13.2f}ms {c / r:6.3f} {table * 1e3:11.2f}ms {ranks}")


if __name__ == "__main__":
    main()
