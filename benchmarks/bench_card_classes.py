"""Benchmark of card-level bets a designer writes (issue 22): adversarial pay tables, before and after.

Every pay table but the last is written with the older card names (``player_card1_rank``, ...), which
every checkout reads, so the same tables run on this checkout and on ``--baseline PATH`` (a checkout
from before issue 22, e.g. ``git worktree add /tmp/before 141c017``) in the same run; a checkout that
cannot read a case (the last, in the new forms, before issue 22) shows "n/a". ``--baseline-in-play``
times the baseline on the shoes in play too. Each case runs in its
own process per checkout, warm: the per-process tables are built first (one price at 1 deck), then
each price is timed; a case that runs past ``--timeout`` seconds is stopped and shown as "> T s".

Cases (8 decks, and per shoe on suited 8-deck shoes in play):

* first four cards: two nines of one suit (the issue's three or-terms); two nines among the four
  cards as six or-terms; every first-four card's suit compared with every other's; twenty lines;
* the whole coup: an or-chain over every card's rank; every card's suit compared with every other's
  (fifteen or-terms) with the Player's total; ten lines over every card; the third cards' suits (equal;
  one a heart); six red cards in a tie (Super Tie's colours); bets reading every rank and every suit of
  the coup (a suited run of all the cards; three of a kind and three of a suit; a Player run with the
  Banker's cards of one suit);
* suits counted over every card (``of_a_suit(all_cards)``, in the new forms: run them with
  ``--only "suits counted"``), alone, with value names, with a constant suit, with one card's suit, with
  two cards' suits compared, and with single cards' suits read as events (``--only events``: cards
  against constant suits, colours compared, a hand under ``of_a_suit``, a pair beside a constant, two
  pairs, a hand all red);
* suits read through such events alone, no count over every card (``--only "events alone"``): a suited
  run in either hand, on one line and on two; a hand alike beside the other's pairs; a hand alike beside
  a red pair in the other; three pairs of cards alike; three lines of runs, pairs and colours;
* ranks read with colours or suits over every card (``of_a_kind(all_cards, red)``: a Red Pair; a nine
  of hearts among the cards; in the new forms: ``--only "ranks and colours"``), priced by multisets of
  pools.

Usage: python benchmarks/bench_card_classes.py [--repeat N] [--shoes N] [--baseline PATH] [--timeout S] [--only TEXT]
The machine may be shared: compare the ratios of one run, not absolute times across runs.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys

from timing import ROOT  # noqa: E402  (puts the repository on sys.path)

CARDS = [f"{h}_card{i}" for h in ("player", "banker") for i in (1, 2, 3)]
FIRST = ["player_card1", "banker_card1", "player_card2", "banker_card2"]


def pairs(cards):
    return [(a, b) for i, a in enumerate(cards) for b in cards[i + 1:]]


def nine_pair(a, b, suited=False):
    s = f" and {a}_suit == {b}_suit" if suited else ""
    return f"({a}_rank == 9 and {b}_rank == 9{s})"


CASES = {
    "first four: two nines of one suit (3 or-terms)": [
        " or ".join(nine_pair(a, b, True) for a, b in [("player_card1", "player_card2"),
                                                       ("banker_card1", "banker_card2"),
                                                       ("player_card1", "banker_card1")])],
    "first four: two nines (6 or-terms)": [" or ".join(nine_pair(a, b) for a, b in pairs(FIRST))],
    "first four: every suit against every other (6 or-terms)": [
        " or ".join(f"{a}_suit == {b}_suit" for a, b in pairs(FIRST))],
    "first four: 20 lines": [f"{a}_rank == {r} and {b}_suit == hearts" for r in (1, 9, 12, 13, 5)
                             for a, b in pairs(FIRST)[:4]],
    "whole coup: any card a nine (6 or-terms) and Banker wins": [
        "banker_wins and (" + " or ".join(f"{c}_rank == 9" for c in CARDS) + ")"],
    "whole coup: every suit against every other (15 or-terms), Player 8": [
        "player == 8 and (" + " or ".join(f"{a}_suit == {b}_suit" for a, b in pairs(CARDS)) + ")"],
    "whole coup: 10 lines over every card": [f"{c}_rank == {r} and tie" for c in CARDS[:5] for r in (9, 13)],
    "whole coup: the third cards' suits alike, both drew": [
        "player_card3_suit == banker_card3_suit and player_cards == 3 and banker_cards == 3"],
    "whole coup: a third card a heart, tie": ["(player_card3_suit == hearts or banker_card3_suit == hearts) and tie"],
    "whole coup: six red cards in a tie of 6+ (Super Tie's colours)": [
        "tie and player >= 6 and cards == 6 and " + " and ".join(f"{c}_red" for c in CARDS)],
    "whole coup: Lucky 8 in the new forms (same_suit(player_hand))": [
        "same_suit(player_hand) and player_cards == 3 and player == 8"],
    "whole coup, every rank and suit: a suited run of all the cards": ["suited_run(all_cards)"],
    "whole coup, every rank and suit: three of a kind and three of a suit": [
        "of_a_kind(all_cards) >= 3 and of_a_suit(all_cards) >= 3"],
    "whole coup, every rank and suit: a Player run, the Banker's cards of one suit": [
        "run(player_hand) and same_suit(banker_hand)"],
    "suits counted: three cards of one suit": ["of_a_suit(all_cards) >= 3"],
    "suits counted: Player 8 and three cards of one suit": ["player == 8 and of_a_suit(all_cards) >= 3"],
    "suits counted: a tie and four cards of one suit": ["tie and of_a_suit(all_cards) >= 4"],
    "suits counted: three of a suit, or all red (2 lines)": [
        "of_a_suit(all_cards) >= 3 and any(all_cards, suit == hearts)", "all(all_cards, red)"],
    "suits counted: Player 1 a heart, or four of one suit": [
        "player_card1_suit == hearts or of_a_suit(all_cards) >= 4"],
    "suits counted: Player 1's suit Banker 3's, or all hearts": [
        "player_card1_suit == banker_card3_suit or all(all_cards, suit == hearts)"],
    "suits counted: the first cards' suits alike, and four of one suit": [
        "player_card1_suit == banker_card1_suit and of_a_suit(all_cards) >= 4"],
    "suits counted: the first cards' suits alike or not, with suit counts (2 lines)": [
        "player_card1_suit != banker_card2_suit and of_a_suit(all_cards) >= 3",
        "player_card1_suit == banker_card2_suit and tie"],
    "suits counted, events: a heart first to the Player, a spade to the Banker, three of one suit": [
        "player_card1_suit == hearts and banker_card1_suit == spades and of_a_suit(all_cards) >= 3"],
    "suits counted, events: the first cards of one colour, four of one suit": [
        "player_card1_red == banker_card1_red and of_a_suit(all_cards) >= 4"],
    "suits counted, events: two of the Player's cards of a suit, four of one suit": [
        "of_a_suit(player_hand) >= 2 and of_a_suit(all_cards) >= 4"],
    "suits counted, events: a pair and a heart, three of one suit": [
        "player_card1_suit == banker_card1_suit and banker_card2_suit == hearts and of_a_suit(all_cards) >= 3"],
    "suits counted, events: two pairs, three of one suit": [
        "(player_card1_suit == banker_card1_suit or player_card2_suit == banker_card2_suit) and "
        "of_a_suit(all_cards) >= 3"],
    "suits counted, events: the Player's cards all red, three of one suit": [
        "all(player_hand, red) and of_a_suit(all_cards) >= 3"],
    "suits counted, events restricted: the Player's cards all red, the Banker's of one colour, three of one suit": [
        "same_colour(banker_hand) and all(player_hand, red) and of_a_suit(all_cards) >= 3"],
    "suits by events alone: a suited run in either hand (no count over every card)": [
        "suited_run(player_hand) or suited_run(banker_hand)"],
    "suits by events alone: suited runs, both hands, either (2 lines)": [
        "suited_run(player_hand) and suited_run(banker_hand)", "suited_run(player_hand) or suited_run(banker_hand)"],
    "suits by events alone: a suited Player run, or two Banker cards of a suit": [
        "suited_run(player_hand) or of_a_suit(banker_hand) >= 2"],
    "suits by events alone: the Banker's cards of one suit, a red pair to the Player": [
        "same_suit(banker_hand) and of_a_kind(player_hand, red) >= 2"],
    "suits by events alone: each Player card's suit that of the Banker's beside it": [
        "player_card1_suit == banker_card1_suit and player_card2_suit == banker_card2_suit and "
        "player_card3_suit == banker_card3_suit"],
    "suits by events alone: runs, pairs of a suit and colours (3 lines)": [
        "suited_run(player_hand) and banker_wins", "of_a_suit(banker_hand) >= 2 and tie", "same_colour(player_hand)"],
    "ranks and colours: a red pair": ["of_a_kind(all_cards, red) >= 2"],
    "ranks and colours: a tie and a black pair": ["tie and of_a_kind(all_cards, black) >= 2"],
    "ranks and colours: a nine of hearts among the cards, Player wins": [
        "count(all_cards, rank == 9 and suit == hearts) >= 1 and player_wins"],
    "ranks and colours: a black pair or three of a kind, a red pair (2 lines)": [
        "of_a_kind(all_cards, black) >= 2 or of_a_kind(all_cards) >= 3", "of_a_kind(all_cards, red) >= 2"],
}

MEASURE = r'''
import json, random, statistics, sys, time
from exact_odds import Shoe
from exact_odds.bets.paytable import PayLine, PayTable
from exact_odds.punto_banco.walk import walk
conditions, repeat, shoes = json.loads(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])  # shoes 0: 8 decks only
bet = PayTable("bench", tuple(PayLine.make(f"line {i}", c, 10) for i, c in enumerate(conditions)))
bet.price(walk(Shoe.decks(1)))  # warm: per-process tables
eight = walk(Shoe.decks(8))
def timed(dist):
    bet._by_state.clear()
    t = time.perf_counter(); bet.price(dist); return time.perf_counter() - t
full = statistics.median(timed(eight) for _ in range(repeat)) if not shoes else None
rng = random.Random(7)
cards = [r + s for r in ("A","2","3","4","5","6","7","8","9","10","J","Q","K") for s in "shdc" for _ in range(8)]
in_play = []
for _ in range(shoes):
    rng.shuffle(cards)
    dist = walk(Shoe.from_cards(cards[rng.randint(80, 300):]))
    in_play.append(timed(dist))
print(json.dumps({"full": full, "in_play": statistics.median(in_play) if in_play else None}))
'''


def measure(root: str, conditions, repeat: int, shoes: int, timeout: float):
    try:
        out = subprocess.run([sys.executable, "-c", MEASURE, json.dumps(conditions), str(repeat), str(shoes)],
                             cwd=root, capture_output=True, text=True, timeout=timeout, check=True)
    except subprocess.TimeoutExpired:
        return None
    except subprocess.CalledProcessError:  # a checkout that cannot read the case (a form it predates)
        return {"full": "n/a", "in_play": "n/a"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def shown(x, timeout):
    if x == "n/a":
        return x
    return f"> {timeout:.0f} s" if x is None else f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s"


def both(root: str, conditions, args):
    """{"full": 8 decks, "in_play": per shoe}, each None past the time limit (measured apart)."""
    full = measure(root, conditions, args.repeat, 0, args.timeout)
    in_play = measure(root, conditions, 1, args.shoes, args.timeout) if args.shoes else None
    return {"full": full and full["full"], "in_play": in_play and in_play["in_play"]}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--shoes", type=int, default=5)
    ap.add_argument("--baseline", help="a checkout from before issue 22, timed in the same run")
    ap.add_argument("--timeout", type=float, default=120.0, help="seconds per case and checkout (default 120)")
    ap.add_argument("--only", default="", help="run only the cases whose name holds this text")
    ap.add_argument("--baseline-in-play", action="store_true", help="time the baseline on the shoes in play too")
    args = ap.parse_args()
    print(f"{'case':62} {'8 decks':>10} {'in play':>10}" + (
        f" {'before 8d':>10} {'in play':>10}" if args.baseline_in_play else
        f" {'before 8d':>10} {'ratio':>8}" if args.baseline else ""))
    for name, conditions in CASES.items():
        if args.only not in name:
            continue
        after = both(str(ROOT), conditions, args)
        row = f"{name:62} {shown(after['full'], args.timeout):>10} {shown(after['in_play'], args.timeout):>10}"
        if args.baseline and args.baseline_in_play:
            before = both(args.baseline, conditions, args)
            row += f" {shown(before['full'], args.timeout):>10} {shown(before['in_play'], args.timeout):>10}"
        elif args.baseline:
            before = measure(args.baseline, conditions, 1, 0, args.timeout)
            ratio = "" if before is None or after["full"] is None or before["full"] == "n/a" else \
                f"{before['full'] / after['full']:.0f}x"
            if before is None and after["full"] is not None:
                ratio = f"> {args.timeout / after['full']:.0f}x"
            row += f" {shown(before and before['full'], args.timeout):>10} {ratio:>8}"
        print(row, flush=True)


if __name__ == "__main__":
    main()
