"""`exact-odds serve`: the time each card's update takes on the server (issue 26: <= 50 ms a card).

Deals whole shuffled 8-deck shoes one card at a time through the app's own API (Starlette's TestClient,
in process, no network) with the bets the issue names: Banker, Player, Tie, both pairs and Dragon 7,
and the dragon7 count. For every card it records

* the server's time: the handler's own ``Server-Timing`` (read the JSON, deal through the Table, price the
  next coup when a coup is complete, write the session file atomically, build the page's document);
* the round trip as the test client sees it (the ASGI stack and JSON encoding and decoding added).

It prints the median, the 90th percentile and the largest of each, for every card and for the cards that
finish a coup (those price the next coup: the value-level bets and the card walk for the pairs), and the
same for an undo. A shared machine makes the largest noisy; the medians and their ratio are what to read.

Usage: python benchmarks/bench_serve.py [--shoes N] [--seed S]
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time

from timing import ROOT  # noqa: E402,F401  (puts the repository on sys.path)

from starlette.testclient import TestClient  # noqa: E402

from exact_odds.bets.catalog import builtin_catalog  # noqa: E402
from exact_odds.in_play.track.table import count_of_bet  # noqa: E402
from exact_odds.rules.cards import RANKS, SUITS  # noqa: E402
from exact_odds.rules.shoe import Shoe  # noqa: E402
from exact_odds.web.app import create_app  # noqa: E402
from exact_odds.web.session import Sessions, Setup  # noqa: E402

KEYS = ("banker", "player", "tie", "player_pair", "banker_pair", "dragon7")
TARGET_MS = 50


def setup() -> Setup:
    shoe = Shoe.decks(8)
    catalog = builtin_catalog()
    return Setup(shoe, KEYS, tuple(catalog.bet(k) for k in KEYS), count_of_bet(shoe, catalog.bet("dragon7"), "dragon7"))


def summary(label: str, ms: list[float]) -> str:
    ms = sorted(ms)
    p90 = ms[min(len(ms) - 1, int(0.9 * len(ms)))]
    return (f"{label:<38} {len(ms):>6} {statistics.median(ms):>9.2f} {p90:>9.2f} {ms[-1]:>9.2f}"
            f"   {'<= ' if statistics.median(ms) <= TARGET_MS else '> '}{TARGET_MS} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--shoes", type=int, default=2, help="whole 8-deck shoes dealt (default 2)")
    parser.add_argument("--seed", type=int, default=26)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    server = {"card": [], "coup": [], "undo": []}
    trip = {"card": [], "coup": [], "undo": []}
    with tempfile.TemporaryDirectory() as folder:
        for n in range(args.shoes):
            sessions = Sessions(folder, setup())
            name = f"shoe{n}"
            sessions.create(name)
            client = TestClient(create_app(sessions, name), base_url="http://127.0.0.1")
            deck = [r + s for r in RANKS for s in SUITS] * 8
            rng.shuffle(deck)
            version = 0
            for i, card in enumerate(deck):
                t = time.perf_counter()
                r = client.post(f"/api/sessions/{name}/deal", json={"card": card, "version": version})
                took = (time.perf_counter() - t) * 1000
                if r.status_code != 200:
                    break  # the shoe is done (fewer than 6 cards before a coup)
                state = r.json()
                version = state["version"]
                kind = "card" if state["current"] else "coup"
                server[kind].append(float(r.headers["server-timing"].split("dur=")[1]))
                trip[kind].append(took)
                if i % 7 == 3:  # now and then an undo, and the card again
                    t = time.perf_counter()
                    r = client.post(f"/api/sessions/{name}/undo", json={"version": version})
                    trip["undo"].append((time.perf_counter() - t) * 1000)
                    server["undo"].append(float(r.headers["server-timing"].split("dur=")[1]))
                    r = client.post(f"/api/sessions/{name}/redo", json={"version": r.json()["version"]})
                    version = r.json()["version"]
    print(f"exact-odds serve, 8 decks, bets {', '.join(KEYS)}, dragon7 count; {args.shoes} shoes dealt")
    print(f"{'milliseconds':<38} {'n':>6} {'median':>9} {'90th':>9} {'largest':>9}")
    everything = server["card"] + server["coup"]
    print(summary("server: every card", everything))
    print(summary("server: a card mid-coup", server["card"]))
    print(summary("server: a card that finishes a coup", server["coup"]))
    print(summary("server: an undo", server["undo"]))
    print(summary("round trip: every card", trip["card"] + trip["coup"]))
    print(summary("round trip: a card that finishes a coup", trip["coup"]))
    print(f"cards over {TARGET_MS} ms on the server: {sum(ms > TARGET_MS for ms in everything)} of {len(everything)}")


if __name__ == "__main__":
    main()
