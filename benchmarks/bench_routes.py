"""Which route prices each form of the corpus, and how fast, before and after (issue 38).

The corpus (tests/card_corpus.py: every catalog card bet, every form of docs/bets.md, the adversarial
forms of bench_card_classes.py) is priced on three shoes: 8 fresh decks, a shoe in play (8 suited
decks less 150 cards, seeded) and a small shoe (12 cards of 2 decks, seeded). For each checkout (this
one, and ``--baseline PATH``, a checkout from before the engine, e.g. ``git worktree add /tmp/base
d92a881``) one process per shoe prices every form in turn: each form's first price, its plan included
(the process is warmed by one price at 1 deck first: imports and the card walk are not counted), the
checkouts alternating, ``--repeat`` times, the least time of each form shown. A
form past ``--timeout`` seconds is stopped and shown as "> T s"; the next form goes on in the same
process. This checkout's route is the engine's ``explain``; a baseline has none. Each child runs in its
checkout's directory (``python -c`` puts the current directory first on the path: from another, it would
import that one's library), with the caller's environment.

Usage: python benchmarks/bench_routes.py --baseline PATH [--timeout S] [--only TEXT] [--shoes fresh,play,small]
       [--repeat N]
Prints a Markdown table (form, shoe, route, time after, time before, ratio) and a summary. The machine
may be shared: compare the ratios of one run, not absolute times across runs.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

#: The environment as the caller gave it, before this process imports the library (whose card engine asks
#: numpy for small pages through the environment): each checkout's child runs with its own settings.
CALLER_ENV = dict(os.environ)

from timing import ROOT  # noqa: E402  (puts the repository on sys.path)

sys.path.insert(0, str(ROOT / "tests"))

SHOES = ("fresh", "play", "small")

#: The child: reads (shoe name, timeout, forms) as JSON on stdin, prints one JSON line per form.
CHILD = r'''
import json, random, signal, sys, time, warnings
warnings.simplefilter("ignore")
from exact_odds import Shoe
from exact_odds.bets.paytable import PayLine, PayTable
from exact_odds.punto_banco.walk import walk
job = json.load(sys.stdin)
def shoe_of(name):
    if name == "fresh":
        return Shoe.decks(8)
    cards = [r + s for r in ("A","2","3","4","5","6","7","8","9","10","J","Q","K") for s in "shdc"]
    rng = random.Random(38)
    if name == "play":
        cards = cards * 8; rng.shuffle(cards); return Shoe.from_cards(cards[150:])
    cards = cards * 2; rng.shuffle(cards); return Shoe.from_cards(cards[:12])
class Late(Exception):
    pass
def late(*_):
    raise Late
signal.signal(signal.SIGALRM, late)
warm = PayTable("w", (PayLine.make("l", "same_suit(player_hand)", 1),))
warm.price(walk(Shoe.decks(1)))
dist = walk(shoe_of(job["shoe"]))
for name, lines in job["forms"]:
    bet = PayTable("t", tuple(PayLine.make(f"l{i}", c, 1) for i, c in enumerate(lines)))
    signal.alarm(job["timeout"])
    start = time.perf_counter()
    try:
        result = bet.price(dist)
        seconds = time.perf_counter() - start
        ex = getattr(result, "explanation", None)
        route = ex.route if ex is not None else ("-" if not hasattr(result, "explanation") else bet.family)
    except Late:
        seconds, route = None, "-"
    finally:
        signal.alarm(0)
    print(json.dumps({"form": name, "seconds": seconds, "route": route}), flush=True)
'''


def run(tree: str, shoe: str, forms: list, timeout: int) -> dict:
    """{form: (seconds or None, route)} for one checkout and shoe."""
    done = subprocess.run([sys.executable, "-c", CHILD], input=json.dumps({"shoe": shoe, "timeout": timeout,
                                                                           "forms": forms}),
                          env=dict(CALLER_ENV, PYTHONPATH=tree), cwd=tree, capture_output=True, text=True)
    out = {}
    for line in done.stdout.splitlines():
        row = json.loads(line)
        out[row["form"]] = (row["seconds"], row["route"])
    if done.returncode != 0 and len(out) < len(forms):
        print(f"  ({tree}, {shoe}: stopped after {len(out)} forms: {done.stderr.strip().splitlines()[-1:]})",
              file=sys.stderr)
    return out


def shown(seconds, timeout: int) -> str:
    if seconds is None:
        return f"> {timeout} s"
    return f"{seconds * 1000:.1f} ms" if seconds < 1 else f"{seconds:.2f} s"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--baseline", help="a checkout from before the engine")
    ap.add_argument("--timeout", type=int, default=30, help="seconds a form may take (default 30)")
    ap.add_argument("--only", default="", help="only the forms whose name holds this text")
    ap.add_argument("--shoes", default=",".join(SHOES), help="of fresh, play, small (default all)")
    ap.add_argument("--repeat", type=int, default=2,
                    help="runs of each checkout and shoe, alternating the checkouts; each form's least time is "
                         "shown (default 2)")
    args = ap.parse_args()
    from card_corpus import every_form

    forms = [(n, list(c)) for n, c in every_form() if args.only in n]
    shoes = [s for s in args.shoes.split(",") if s in SHOES]
    trees = [str(ROOT)] + ([args.baseline] if args.baseline else [])
    results: dict = {}
    for _ in range(args.repeat):  # after, before, after, before: a load that drifts touches both alike
        for s in shoes:
            for t in trees:
                for name, (seconds, route) in run(t, s, forms, args.timeout).items():
                    old = results.setdefault((t, s), {}).get(name)
                    if old is None or old[0] is None or seconds is not None and seconds < old[0]:
                        results[t, s][name] = (seconds, route)
    print("| form | shoe | route | after | before | before / after |")
    print("|---|---|---|---|---|---|")
    slower = []
    for name, _ in forms:
        for s in shoes:
            after, route = results[str(ROOT), s].get(name, (None, "?"))
            before = results[args.baseline, s].get(name, (None, "?"))[0] if args.baseline else None
            ratio = "" if after is None or not args.baseline else \
                (f"> {args.timeout / max(after, 1e-4):.0f}x" if before is None else f"{before / max(after, 1e-4):.2f}x")
            print(f"| {name} | {s} | {route} | {shown(after, args.timeout)} | "
                  f"{shown(before, args.timeout) if args.baseline else ''} | {ratio} |")
            if args.baseline and after is not None and before is not None and after > before * 1.25 + 0.05:
                slower.append((name, s, after, before))
            if args.baseline and after is None and before is not None:
                slower.append((name, s, None, before))
    if args.baseline:
        print(f"\n{len(forms) * len(shoes)} prices; slower after (by more than 25% and 50 ms): {len(slower)}")
        for name, s, after, before in slower:
            print(f"  {name} ({s}): {shown(after, args.timeout)} against {shown(before, args.timeout)}")


if __name__ == "__main__":
    main()
