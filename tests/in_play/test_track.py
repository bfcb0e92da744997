"""track (issue 14): the next coup's edges the moment a coup is complete, cards given by value,
undo, the running count, and every finished coup echoed."""

import json
import os
import queue
import subprocess
import sys
import threading
import time
from fractions import Fraction

import pytest
from click.testing import CliRunner

from conftest import ROOT
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.track.log import (
    CoupSplitter, LogError, NothingToUndo, ShoeInPlay, coups_from_log, parse_token, read_log,
)
from exact_odds.in_play.track.table import Count, CountError, Table, count_of_bet, parse_count_tags
from exact_odds.punto_banco import walk as engine
from exact_odds.rules.shoe import Shoe

STANDARD = builtin_catalog().variant("standard")
#: The Tie's house edge for one deck, 15.746% (tables/bets_1deck.csv; Wizard of Odds "Baccarat": 15.75%).
TIE_ONE_DECK = Fraction(2003549, 12724075)


def run(args, input=None):
    return CliRunner().invoke(main, args, input=input)


def jsonl(args, input):
    r = run(args + ["--format", "jsonl", "-"], input)
    assert r.exit_code == 0, r.output
    return [json.loads(line) for line in r.stdout.splitlines()]


# --- timing: through a real pipe ----------------------------------------------------

def test_the_next_coups_edges_come_the_moment_a_coup_is_complete_through_a_pipe():
    """The edges of the full shoe come before any card is sent; those of coup 2 come as soon as the
    4th card of a natural is read, before any card of coup 2 (the old track waited for it)."""
    p = subprocess.Popen([sys.executable, "-m", "exact_odds", "track", "--decks", "1", "--bets", "tie",
                          "--format", "jsonl", "-"],
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines: queue.Queue = queue.Queue()
    threading.Thread(target=lambda: [lines.put(line) for line in p.stdout], daemon=True).start()

    def read(timeout=10):
        return json.loads(lines.get(timeout=timeout))

    try:
        first = read()  # nothing sent yet
        assert (first["event"], first["coup"], first["cards_left"]) == ("before", 1, 52)
        assert Fraction(first["house_edge"]["tie"]) == TIE_ONE_DECK
        for card in ["9h", "Kd", "Qs"]:  # Player 9h Qs = 9 natural, Banker Kd 3c
            p.stdin.write(card + "\n")
            p.stdin.flush()
            time.sleep(0.05)
        with pytest.raises(queue.Empty):
            lines.get(timeout=0.2)  # three cards: the coup is not over, nothing printed
        p.stdin.write("3c\n")
        p.stdin.flush()
        coup, before = read(), read()
        assert (coup["event"], coup["coup"], coup["winner"]) == ("coup", 1, "player")
        assert (before["event"], before["coup"], before["cards_left"]) == ("before", 2, 48)
    finally:
        p.stdin.close()
        p.wait(10)
        p.stdout.close()
        p.stderr.close()


def test_coups_from_log_yields_the_next_coup_before_reading_its_first_card():
    read = []

    def cards():
        for token in ["9h", "Kd", "Qs", "3c", "5h"]:
            read.append(token)
            yield parse_token(token)

    events = coups_from_log(cards(), ShoeInPlay(Shoe.decks(1)))
    assert next(events) == ("before", 1) and read == []
    assert next(events)[0] == "coup" and read == ["9h", "Kd", "Qs", "3c"]
    assert next(events) == ("before", 2) and read == ["9h", "Kd", "Qs", "3c"]


# --- values: 0 is any ten-value card ----------------------------------------------------

def test_ten_value_cards_are_one_pool_of_sixteen_in_a_deck():
    """Typed as 0, a deck holds 16 ten-value cards; typed as T, only 4 tens, and the message says to type 0."""
    shoe = ShoeInPlay(Shoe.decks(1))
    for n in range(16):
        shoe.take(parse_token("0", n + 1))
    assert shoe.value_counts() == (0,) + (4,) * 9 and shoe.size == 36
    with pytest.raises(LogError, match="line 17: card '0' is impossible: the shoe has no ten-value card"):
        shoe.take(parse_token("0", 17))
    r = run(["track", "--strict", "--decks", "1", "-"], "T 9 T 9\nT T T\n")
    assert r.exit_code == 2
    assert "line 2: card 'T' is impossible: the shoe has no 10 left (12 ten-value cards are left: " \
           "if you type T for every ten-value card, type 0 instead" in r.stderr


def test_a_ten_value_rank_is_possible_while_its_rank_and_the_pool_both_have_cards():
    shoe = ShoeInPlay(Shoe.decks(1))
    for text in ["J"] * 4:
        shoe.take(parse_token(text))
    with pytest.raises(LogError, match="no J left"):
        shoe.take(parse_token("J"))
    for _ in range(11):
        shoe.take(parse_token("0"))  # 4 J + 11 unknown: one ten-value card left, a 10, Q or K
    shoe.take(parse_token("K"))
    assert shoe.tens_left == 0 and not shoe.ranks_known
    with pytest.raises(LogError, match="no 10 left"):
        shoe.take(parse_token("10"))


def test_edges_after_cards_given_as_0_are_the_walk_of_any_split_of_the_ten_value_cards():
    """Value-level bets see only values: the walk of the shoe less 10, J, Q and of the shoe less K, K, K
    give the edges track prints after '0 0 9 0' (Player 0 9 = 9, a natural)."""
    events = jsonl(["track", "--decks", "1"], "0 0 9 0\n")
    last = events[-1]
    assert events[1]["cards"] == ["0", "0", "9", "0"] and last["cards_left"] == 48
    for removed in (["10", "J", "Q", "9"], ["K", "K", "K", "9"]):
        dist = engine.walk(Shoe.decks(1).remove(removed))
        for key, bet in zip(("banker", "player", "tie"), STANDARD):
            assert Fraction(last["house_edge"][key]) == bet.price(dist).house_edge


def test_a_value_card_has_no_suit_and_drops_the_known_suits():
    with pytest.raises(LogError, match="line 3: '0h': a card given by value"):
        parse_token("0h", 3)
    shoe = ShoeInPlay(Shoe.decks(1))
    shoe.take(parse_token("Kd"))
    assert shoe.suited is not None
    shoe.take(parse_token("0"))
    assert shoe.suited is None
    shoe.put_back()  # undo brings the suits back
    assert shoe.suited is not None and shoe.suited[4 * 12 + 2] == 0


# --- undo -------------------------------------------------------------------------

def test_undo_takes_back_the_card_that_finished_a_coup_and_reopens_it():
    split = CoupSplitter(ShoeInPlay(Shoe.decks(1)))
    for text in ["9h", "Kd", "Qs"]:
        assert split.deal(parse_token(text)) == []
    kinds = [k for k, _ in split.deal(parse_token("3c"))]
    assert kinds == ["coup", "before"] and split.number == 2
    (kind, undone), = split.undo(7)
    assert kind == "undo" and undone.card.text == "3c" and undone.reopened.number == 1 and undone.line == 7
    assert split.number == 1 and [c.text for c in split.current] == ["9h", "Kd", "Qs"]
    assert split.shoe.size == 49
    split.undo()
    split.undo()
    (kind, undone), before = split.undo()  # the coup's first card: betting is open again
    assert undone.card.text == "9h" and undone.reopened is None and before == ("before", 1)
    with pytest.raises(NothingToUndo):
        split.undo()


def test_undo_at_the_start_says_there_is_nothing_to_undo():
    with pytest.raises(NothingToUndo, match="line 4: nothing to undo"):
        CoupSplitter(ShoeInPlay(Shoe.decks(1))).undo(4)
    r = run(["track", "--strict", "--decks", "1", "-"], "9h u\nu u\n")
    assert r.exit_code == 2 and "line 2: nothing to undo: no card has been seen yet" in r.stderr
    assert r.stderr.count("\n") == 1


@pytest.mark.parametrize("seed", range(4))
def test_a_log_with_undone_cards_ends_where_the_log_without_them_ends(seed):
    """Random wrong cards, each followed by u, change nothing: the same coups, the same last edges."""
    import random

    rng = random.Random(seed)
    deck = [r for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] for _ in range(4)]
    rng.shuffle(deck)
    cards, unused = deck[:30], deck[30:]  # a wrong card is one never dealt, so the shoe still holds it
    noisy = []
    for c in cards:
        if rng.random() < 0.3:
            noisy += [rng.choice(unused), "u"]
        noisy.append(c)
    assert "u" in noisy
    clean_events = jsonl(["track", "--decks", "1"], " ".join(cards))
    noisy_events = jsonl(["track", "--decks", "1"], " ".join(noisy))

    def kept(events, kind):
        """The last event of each coup (a wrong card may finish a coup that its undo reopens)."""
        return {e["coup"]: {k: v for k, v in e.items() if k != "line"} for e in events if e["event"] == kind}

    assert kept(noisy_events, "coup") == kept(clean_events, "coup")
    assert kept(noisy_events, "before") == kept(clean_events, "before")
    assert noisy_events[-1] == clean_events[-1]


# --- the count --------------------------------------------------------------------

def test_running_and_true_count_are_the_sum_of_tags_and_that_per_deck_left():
    tags = "1,1,1,2,-1,-2,-1,-1,0,0,0,0,0"
    events = jsonl(["track", "--decks", "1", "--count", tags], "4 A 5 2\n")  # Player 4 5 = 9, Banker A 2 = 3
    # by hand: 4 -> +2, A -> +1, 5 -> -1, 2 -> +1: running +3 with 48 cards left, true count 3 * 52 / 48
    assert [(e["event"], e["running_count"], e["true_count"]) for e in events] == [
        ("before", 0, "0/1"), ("coup", 3, "13/4"), ("before", 3, "13/4")]


def test_a_count_named_by_a_bet_is_the_count_eor_prints():
    """At 8 decks the Dragon 7 count is Jacobson's: 4-7 count -1, 8 and 9 count +2 (test_removal checks the
    published count; this checks --count dragon7 reaches the same tags)."""
    count = count_of_bet(Shoe.decks(8), builtin_catalog().bet("dragon7"), "dragon7")
    assert count.tags == (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)
    r = run(["track", "--count", "dragon7", "-"], "")
    assert "Count: dragon7 count (A+0 2+0 3+0 4-1 5-1 6-1 7-1 8+2 9+2 10+0 J+0 Q+0 K+0)" in r.stdout


def test_a_ten_value_card_given_as_0_cannot_be_counted_when_ten_value_ranks_have_different_tags():
    table = Table(Shoe.decks(1), STANDARD, parse_count_tags("0,0,0,0,0,0,0,0,0,1,0,0,0"))
    with pytest.raises(CountError, match="line 1: card '0' cannot be counted"):
        table.enter(parse_token("0"))
    assert table.in_play.seen == 0 and table.running == 0  # the table is as it was
    assert Count("x", (0,) * 9 + (1,) * 4).ten_tag == 1


@pytest.mark.parametrize("text, words", [
    ("1,2,3", "13 comma-separated tags for A,2,...,10,J,Q,K; '1,2,3' has 3"),
    ("1,1,1,1,1,1,1,1,1,1,1,1,x", "the tag of K: 'x' is not a whole number"),
    ("1,1,1,1,1,1,1,1,1,1,1,1,1001", "the tag of K is 1001; tags are at most 1000"),
    ("1,1,1,1,1,1,1,1,1,1,1,1,1.5", "the tag of K: '1.5' is not a whole number"),
])
def test_bad_count_tags_say_which_tag_and_what_is_expected(text, words):
    with pytest.raises(CountError, match=words):
        parse_count_tags(text)


# --- the echo and the formats -------------------------------------------------------

def test_every_finished_coup_is_echoed_with_its_hands_totals_and_winner():
    r = run(["track", "--decks", "1", "--count", "dragon7", "-"], "9h Kd Qs 3c\nAs Ks 2s Qh 6c 8d\n")
    lines = r.stdout.splitlines()
    assert "      coup 1: Player 9h Qs = 9, Banker Kd 3c = 3, player wins; running count +2, true count +2.17" \
        in lines  # 9 counts +2; 2 * 52 / 48 = 2.1666...
    assert any(line.startswith("      coup 2: Player As 2s 6c = 9, Banker Ks Qh 8d = 8, player wins") for line in lines)


def test_csv_has_one_row_per_event():
    r = run(["track", "--decks", "1", "--format", "csv", "-"], "9h Kd Qs 3c u 3c\n")
    rows = r.stdout.splitlines()
    assert rows[0].startswith("event,coup,cards_left,banker_house_edge_percent,")
    assert [row.split(",")[0] for row in rows[1:]] == ["before", "coup", "before", "undo", "coup", "before"]
    assert rows[4].split(",")[:2] == ["undo", "1"] and ",3c," in rows[4]


# --- the ten-value pool against a brute-force oracle ----------------------------------------

def possible_by_brute_force(start, tokens):
    """Whether some assignment of ranks to the cards given as 0 leaves no ten-value rank below zero:
    every assignment tried (written apart from ShoeInPlay's pool arithmetic)."""
    from itertools import product

    known = {r: start[r] - tokens.count(r) for r in ("10", "J", "Q", "K")}
    unknown = tokens.count("0")
    return any(sum(x) == unknown and all(known[r] - xr >= 0 for r, xr in zip(known, x))
               for x in product(range(unknown + 1), repeat=4))


@pytest.mark.parametrize("seed", range(3))
def test_the_shoe_accepts_a_ten_value_card_exactly_when_some_assignment_of_the_0s_allows_it(seed):
    import random

    rng = random.Random(seed)
    counts = {"10": rng.randint(0, 3), "J": rng.randint(0, 3), "Q": rng.randint(0, 3), "K": rng.randint(0, 3)}
    shoe = ShoeInPlay(Shoe.from_counts([4] * 9 + [counts[r] for r in ("10", "J", "Q", "K")]))
    seen, outcomes = [], set()
    for _ in range(20):
        token = rng.choice(["0", "0", "10", "J", "Q", "K"])
        expected = possible_by_brute_force(counts, seen + [token])
        try:
            shoe.take(parse_token(token))
            accepted = True
        except LogError:
            accepted = False
        assert accepted == expected, (counts, seen, token)
        outcomes.add(accepted)
        if accepted:
            seen.append(token)
    assert shoe.tens_left == sum(counts.values()) - len(seen)
    assert outcomes == {True, False}  # at most 12 ten-value cards for 20 tokens: both answers were checked


def test_a_suit_given_after_a_card_is_the_card_given_with_its_suit():
    table = Table(Shoe.decks(1), STANDARD)
    table.start()
    with pytest.raises(LogError, match="no card to give a suit to"):
        table.suit_last("h")
    for token in ["9s", "Kd", "Q"]:
        table.enter(parse_token(token))
    table.suit_last("h")
    assert [c.text for c in table.current] == ["9s", "Kd", "Qh"] and table.in_play.suited is not None
    with pytest.raises(LogError, match="Qh has a suit already"):
        table.suit_last("s")
    table.enter(parse_token("K"))  # Player 9 Q = 9: the coup is over
    with pytest.raises(LogError, match="no Kd left"):
        table.suit_last("d")  # the Kd was dealt already (every card so far has its suit: the suits are known)
    assert table.last_card.text == "K" and table.in_play.seen == 4 and len(table.coups) == 1  # as it was
    events = table.suit_last("c")
    assert [k for k, _ in events] == ["undo", "coup", "before"] and table.coups[-1].cards[-1].text == "Kc"
    table.enter(parse_token("0"))
    with pytest.raises(LogError, match="a card given by value"):
        table.suit_last("h")


def test_an_unbalanced_count_is_balanced_as_simulate_balances_it():
    """track and simulate share one true count (exact_odds.in_play.count): a count tagging every card +1 says
    nothing about the cards left, so its true count stays 0 however many cards are seen (running x 52 / left,
    the definition track had before, gave 4 x 52 / 48 here); a count with tags summing to 0 is unchanged."""
    from exact_odds.in_play.track.table import Count, Table

    table = Table(Shoe.decks(1), [], Count("all +1", (1,) * 13))
    for token in "5 K 9 3".split():
        table.enter(parse_token(token))
    assert table.running == 4 and table.true_count == 0
    dragon = Table(Shoe.decks(1), [], Count("dragon", (0, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)))
    for token in "8 9 4 K".split():
        dragon.enter(parse_token(token))
    assert dragon.running == 3 and dragon.true_count == Fraction(3 * 52, 48)
