"""Information play (issue 39): the three targets, as medians.

1. One information pattern on 8 decks (<= 0.5 s): ``information_play`` on a fresh shoe each time (8 decks less
   one card, a different one each run: no shoe's weights cached), for several patterns; the first call of
   the process (the six-rank sequences built, about 0.4 s) apart.
2. The search of all 511 sorts over four cards (<= 5 s): ``best_sort(8 decks, (1, 2, 3, 4))``.
3. ``serve``: a new card, then a seen group for the next one (<= 50 ms): whole 8-deck shoes dealt through the
   app's own API (Starlette's TestClient, in process); after each coup's last card, the page's
   ``GET .../seen?next=H`` (or L, alternately). The server's own time (``Server-Timing``) of the seen answer
   and of the card's deal before it, and their sum.

Usage: python benchmarks/bench_information.py [--repeat N] [--shoes N]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

from timing import ROOT  # noqa: F401  (puts the repository on sys.path)

from exact_odds.information.play import information_play  # noqa: E402
from exact_odds.information.seen import Information  # noqa: E402
from exact_odds.information.sorts import best_sort  # noqa: E402
from exact_odds.rules.cards import RANKS, SUITS  # noqa: E402
from exact_odds.rules.shoe import Shoe  # noqa: E402

PATTERNS = {
    "group 1, High 6-9": Information(group=(1,), high={6, 7, 8, 9}),
    "group 1-4, High 6-9": Information(group=(1, 2, 3, 4), high={6, 7, 8, 9}),
    "group 1-6, High 6-9": Information(group=(1, 2, 3, 4, 5, 6), high={6, 7, 8, 9}),
    "group 5,6, High 6-9": Information(group=(5, 6), high={6, 7, 8, 9}),
    "value 1": Information(value=(1,)),
    "value 1-4": Information(value=(1, 2, 3, 4)),
}


def ms(x: float) -> str:
    return f"{x * 1000:8.1f} ms"


def pattern_times(repeat: int) -> None:
    t = time.perf_counter()
    information_play(Shoe.decks(8), PATTERNS["group 1, High 6-9"])
    print(f"first call of the process (sequences built): {ms(time.perf_counter() - t)}")
    print("1. one information pattern on 8 decks (target <= 500 ms), median of", repeat)
    for name, info in PATTERNS.items():
        times = []
        for i in range(repeat):
            shoe = Shoe.decks(8).remove([RANKS[i % 13]])
            t = time.perf_counter()
            information_play(shoe, info)
            times.append(time.perf_counter() - t)
        print(f"   {name:24} {ms(statistics.median(times))}")


def search_times(repeat: int) -> None:
    times = []
    for i in range(repeat):
        shoe = Shoe.decks(8).remove([RANKS[i % 13]])
        t = time.perf_counter()
        best_sort(shoe, (1, 2, 3, 4))
        times.append(time.perf_counter() - t)
    print(f"2. all 511 sorts over four cards, 8 decks (target <= 5 s), median of {repeat}: "
          f"{statistics.median(times):.2f} s")


def serve_times(shoes: int, seed: int = 39) -> None:
    from starlette.testclient import TestClient

    from exact_odds.bets.selection import select_bets
    from exact_odds.web.app import create_app
    from exact_odds.web.session import Sessions, Setup

    bets = tuple(select_bets(bets="banker,player,tie"))
    setup = Setup(Shoe.decks(8), tuple(b.key for b in bets), bets)
    rng = random.Random(seed)
    seen_ms, deal_ms, both_ms = [], [], []
    first = True
    with tempfile.TemporaryDirectory() as folder:
        sessions = Sessions(folder, setup)
        client = TestClient(create_app(sessions, "bench"), base_url="http://127.0.0.1")
        for n in range(shoes):
            name = f"shoe{n}"
            version = client.put(f"/api/sessions/{name}", json={}).json()["version"]
            cards = [r + s for r in RANKS for s in SUITS for _ in range(8)]
            rng.shuffle(cards)
            label = "H"
            for card in cards[:-16]:
                r = client.post(f"/api/sessions/{name}/deal", json={"card": card, "version": version})
                doc = r.json()
                version = doc["version"]
                if not doc["bets_open"]:
                    continue
                dealt = float(r.headers["server-timing"].split("dur=")[1])
                s = client.get(f"/api/sessions/{name}/seen?next={label}")
                took = float(s.headers["server-timing"].split("dur=")[1])
                label = "L" if label == "H" else "H"
                if first:  # the first answer builds the sequences: left out
                    print(f"   (left out: the first seen answer, its sequences chosen once: {took:.0f} ms)")
                    first = False
                    continue
                seen_ms.append(took)
                deal_ms.append(dealt)
                both_ms.append(took + dealt)
    q = statistics.quantiles
    print(f"3. serve, 8 decks, {len(seen_ms)} coups of {shoes} shoes (target <= 50 ms), server time:")
    for what, xs in (("seen group of the next card", seen_ms), ("the card dealt before it", deal_ms),
                     ("the card and the seen group", both_ms)):
        print(f"   {what:30} median {statistics.median(xs):6.1f} ms, 90th percentile {q(xs, n=10)[-1]:6.1f} ms, "
              f"largest {max(xs):6.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--shoes", type=int, default=2)
    args = parser.parse_args()
    pattern_times(args.repeat)
    search_times(max(3, args.repeat // 2))
    serve_times(args.shoes)


if __name__ == "__main__":
    main()
