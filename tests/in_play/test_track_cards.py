"""track with card-level bets (issue 12): pair, suit and colour bets priced for the shoe in play, from a log
that gives suits, exactly as ``exact-odds bet BET --shoe <the 52 counts left>`` prices them.

The oracle is the ``bet`` command (and ``analyse``) on the explicit shoe left, written out here from the
cards seen: 52 counts for a suited log, ``--remove`` of the cards seen for a ranks-only log. Default tests
use pair bets (their first-four count is quick); Lucky 8, colour and wins-with-a-pair bets, which need the
card walk (seconds to minutes per depleted shoe today), are checked under ``slow``.
"""

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.selection import select_one_shoe
from exact_odds.cli import main
from exact_odds.in_play.track.log import Undo, parse_token, read_log
from exact_odds.in_play.track.table import Table
from exact_odds.bets.analysis import analyse
from exact_odds.report.numbers import percent_text
from exact_odds.rules.cards import RANKS, SUITS
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import BUILT_FROM_DECKS, UNKNOWN_REMOVALS

CATALOG = builtin_catalog()
#: Three coups from two decks, every card with its suit: Player Ah 9d 2h = 2, Banker 5s Kc = 5 (Banker stands
#: on 5 against a 2); Player 4h 4d = 8 natural, Banker 3s 3c; Player Kh Qs 7c = 7, Banker Ks 2d 5c = 7.
SUITED_LOG = "Ah 5s 9d Kc 2h\n4h 3s 4d 3c\nKh Ks Qs 2d 7c 5c\n"


def run(args, input=None):
    return CliRunner().invoke(main, args, input=input)


def events(args, log):
    res = run(["track"] + args + ["--format", "jsonl", "-"], log)
    assert res.exit_code == 0, res.output
    return [json.loads(line) for line in res.stdout.splitlines()]


def counts_left(decks, seen):
    """The 52 rank-suit counts (A of s, h, d, c, then 2, ...) of ``decks`` decks less the cards ``seen``."""
    counts = [decks] * 52
    for text in seen:
        counts[4 * RANKS.index(text[:-1]) + SUITS.index(text[-1])] -= 1
    return counts


def bet_edge(key, args):
    """The house edge the ``bet`` command prints for ``key`` (its JSON), and its assumptions."""
    res = run(["bet", key, *args, "--format", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.stdout)
    return Fraction(doc["house_edge"]), doc["assumptions"]


def test_a_suited_log_prices_pair_bets_before_every_coup_as_bet_does_on_the_52_counts_left():
    """Coups 1-4 of SUITED_LOG at 2 decks: each ``cards`` event (after the ``before`` event of the
    value-level bets) gives Perfect Pair and Player Pair exactly as ``bet --shoe <52 counts>`` does."""
    got = events(["--decks", "2", "--bets", "perfect_pair,banker,player_pair"], SUITED_LOG)
    assert [e["event"] for e in got] == ["before", "cards", "coup"] * 3 + ["before", "cards"]
    seen = []
    coups = iter([e for e in got if e["event"] == "coup"])
    for before, cards in zip(got[0::3], got[1::3]):
        assert before["event"] == "before" and list(before["house_edge"]) == ["banker"]
        assert (cards["event"], cards["coup"], cards["cards_left"]) == ("cards", before["coup"], 104 - len(seen))
        assert list(cards["house_edge"]) == ["perfect_pair", "player_pair"] and cards["assumptions"] == []
        left = counts_left(2, seen)
        edge, assumptions = bet_edge("perfect_pair", ["--shoe", ",".join(map(str, left))])
        assert Fraction(cards["house_edge"]["perfect_pair"]) == edge and assumptions == []
        ranks = [sum(left[4 * r: 4 * r + 4]) for r in range(13)]
        assert Fraction(cards["house_edge"]["player_pair"]) == player_pair_edge(ranks)
        seen += next(coups, {"cards": []})["cards"]
    assert len(seen) == 15
    # the coups moved the prices (the test would see a shoe that never changed)
    assert len({e["house_edge"]["perfect_pair"] for e in got if e["event"] == "cards"}) == 4


def test_the_library_table_prices_card_level_bets_as_analyse_does_on_the_shoe_left():
    bets = [CATALOG.bet(k) for k in ("perfect_pair", "tie", "player_pair")]
    table = Table(Shoe.decks(2), bets)
    assert table.value_bets == (bets[1],) and table.card_bets == (bets[0], bets[2])
    seen = []
    for kind, item in table.enter_all(read_log([SUITED_LOG])):
        if kind == "coup":
            seen += [c.text for c in item.cards]
        if kind == "cards":
            left = Shoe.from_counts(counts_left(2, seen))
            assert item.edges == tuple(r.house_edge for r in analyse(left, table.card_bets).results)
            assert table.prices.edges == (analyse(left, [bets[1]]).results[0].house_edge,)
            assert item.coup == table.prices.coup and item.cards_left == left.size == table.cards_left
    assert table.card_prices.coup == 4 and not table.cards_pending


def player_pair_edge(ranks):
    """Player Pair (11 to 1) by its closed form: the Player's first two cards pair with probability
    sum c(c-1) / N(N-1) over the ranks left (an oracle independent of the engine)."""
    n = sum(ranks)
    p = Fraction(sum(c * (c - 1) for c in ranks), n * (n - 1))
    return 1 - 12 * p


def test_a_ranks_only_log_prices_a_pair_bet_exactly_from_the_ranks_left():
    """Player Pair reads ranks, not suits: from a log without suits it is priced on the ranks left (its
    closed form), no suit assumed, and the output says so."""
    log = "A 5 9 K 2\n4 3 4 3\n"
    got = events(["--decks", "2", "--bets", "player_pair"], log)
    cards = [e for e in got if e["event"] == "cards"]
    removed = [[], "A,5,9,K,2".split(","), "A,5,9,K,2,4,3,4,3".split(",")]
    for event, gone in zip(cards, removed):
        ranks = Shoe.decks(2).remove(gone).ranks
        assert Fraction(event["house_edge"]["player_pair"]) == player_pair_edge(ranks)
        assert event["assumptions"] == []
    assert len(cards) == 3
    text = run(["track", "--decks", "2", "--bets", "player_pair,banker", "-"], log).output
    assert "Player Pair: reads ranks, not suits; priced exactly from the ranks left" in text


@pytest.mark.slow
def test_a_ranks_only_log_prices_rank_bets_as_bet_does_with_remove():
    """From a log without suits, Player Pair and Player wins with a pair are ``bet --remove`` of the cards
    seen, and ``bet --shoe`` of the 13 rank counts left (no suit is assumed)."""
    log = "A 5 9 K 2\n4 3 4 3\n"
    got = events(["--decks", "2", "--bets", "player_pair,player_wins_pair"], log)
    cards = [e for e in got if e["event"] == "cards"]
    removed = [[], "A,5,9,K,2".split(","), "A,5,9,K,2,4,3,4,3".split(",")]
    for event, gone in zip(cards, removed):
        args = ["--decks", "2"] + (["--remove", ",".join(gone)] if gone else [])
        assert (Fraction(event["house_edge"]["player_pair"]), event["assumptions"]) == (
            bet_edge("player_pair", args)[0], [])
        ranks = Shoe.decks(2).remove(gone).ranks
        for key in ("player_pair", "player_wins_pair"):
            assert Fraction(event["house_edge"][key]) == bet_edge(key, ["--shoe", ",".join(map(str, ranks))])[0]
        assert Fraction(event["house_edge"]["player_wins_pair"]) == bet_edge("player_wins_pair", args)[0]
    assert len(cards) == 3


def test_text_shows_value_level_bets_first_then_card_level_bets_on_their_own_line():
    res = run(["track", "--decks", "2", "--bets", "perfect_pair,banker", "-"], "Ah 5s 9d Kc 2h\n")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    heads = [i for i, line in enumerate(lines) if line.startswith(" coup  left")]
    assert [lines[i].split()[2:] for i in heads] == [["Banker", "+EV"], ["Perfect", "Pair", "+EV"]]
    rows = [line.split() for line in lines[heads[-1] + 1:] if line.strip()[:1].isdigit()]
    banker = CATALOG.bet("banker").price(analyse(Shoe.decks(2)).distribution).house_edge
    assert rows[0] == ["1", "104", f"{float(banker) * 100:.4f}%"]
    assert rows[1][:2] == ["1", "104"] and rows[2][:2] == ["2", "99"] and rows[3][:2] == ["2", "99"]


def test_text_with_card_level_bets_alone_has_one_line_per_coup_not_an_empty_value_line():
    """With no value-level bet and no count there is nothing for a first line: each coup has one row."""
    res = run(["track", "--decks", "2", "--bets", "perfect_pair", "-"], "Ah 5s 9d Kc 2h\n")
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert [line.split()[2:] for line in lines if line.startswith(" coup  left")] == [["Perfect", "Pair", "+EV"]]
    rows = [line.split() for line in lines if line.strip()[:1].isdigit()]
    edge, _ = bet_edge("perfect_pair", ["--decks", "2"])
    assert rows[0] == ["1", "104", percent_text(edge, 4)]
    assert [r[:2] for r in rows] == [["1", "104"], ["2", "99"]]


def test_csv_has_a_cards_row_per_coup_with_the_card_level_columns():
    res = run(["track", "--decks", "2", "--bets", "banker,perfect_pair", "--format", "csv", "-"], "Ah 5s 9d Kc 2h\n")
    assert res.exit_code == 0, res.output
    rows = [line.split(",") for line in res.stdout.splitlines()]
    head = rows[0]
    assert head[3:5] == ["banker_house_edge_percent", "perfect_pair_house_edge_percent"] and head[-1] == "assumptions"
    cards = [r for r in rows if r[0] == "cards"]
    assert [r[1] for r in cards] == ["1", "2"] and all(r[3] == "" and r[4] for r in cards)
    edge, _ = bet_edge("perfect_pair", ["--decks", "2"])
    assert cards[0][4] + "%" == percent_text(edge, 10)


def test_undo_puts_the_suited_shoe_back_exactly():
    """Undo through a coup boundary and back: the card-level prices are those of the same shoe, and an
    undo that reopens a coup shows its prices before its first card again."""
    bets = [CATALOG.bet(k) for k in ("perfect_pair", "banker")]
    table = Table(Shoe.decks(2), bets)
    list(table.start())
    first = table.price_cards()
    for text in "Ah 5s 9d Kc 2h".split():
        table.enter(parse_token(text))
    second = table.price_cards()
    assert second.coup == 2 and second.edges != first.edges
    table.enter(parse_token("4h"))
    events = table.enter(Undo(1, "u"))  # coup 2's first card back: betting is open again
    assert [k for k, _ in events] == ["undo", "before"] and table.cards_pending
    assert table.price_cards().edges == second.edges
    table.enter(Undo(1, "u"))  # 2h back: coup 1 is open again, its prices those before its first card
    assert table.prices.coup == 1 and table.card_prices is not None and table.card_prices.coup == 1
    assert table.card_prices.edges == first.edges and not table.cards_pending
    assert table.in_play.suited == list(counts_left(2, "Ah 5s 9d Kc".split()))
    table.enter(parse_token("2c"))  # another card: the shoe is the one without 2c
    assert table.price_cards().edges == (
        analyse(Shoe.from_counts(counts_left(2, "Ah 5s 9d Kc 2c".split())), bets[:1]).results[0].house_edge,)


def test_one_shoe_selection_keeps_named_card_level_bets_and_leaves_them_out_of_all():
    chosen = select_one_shoe(bets="player_pair,banker,all_red")
    assert chosen.keys == ("player_pair", "banker", "all_red") and chosen.left_out == ()
    every = select_one_shoe(bets="all")
    assert every.bets and all(b.is_value_level for b in every.bets)
    assert {b.key for b in every.left_out} == {k for k, b in CATALOG.bets.items() if not b.is_value_level}
    assert "perfect_pair" in {b.key for b in every.left_out}


@pytest.mark.slow
def test_card_walk_bets_from_a_suited_log_as_bet_does_on_the_52_counts_left():
    """Lucky 8 Player, Player wins with a pair and All Red (the card walk), on a 16-card shoe of four ranks,
    three coups: each ``cards`` event equals ``bet --shoe`` on the 52 counts left."""
    cards = [r + s for r in ("9", "K", "5", "8") for s in SUITS]
    start = counts_left(0, [])
    for c in cards:
        start[4 * RANKS.index(c[:-1]) + SUITS.index(c[-1])] += 1
    keys = ("lucky8_player", "player_wins_pair", "all_red")
    log = "9h Kd 5s 8c\n9s Ks 9d 8s\n"  # Player 9h 5s = 4, Banker Kd 8c = 8: natural; Player 9s 9d, Banker Ks 8s
    got = events(["--shoe", ",".join(map(str, start)), "--bets", ",".join(keys)], log)
    seen: list[str] = []
    checked = 0
    for e in got:
        if e["event"] == "coup":
            seen += e["cards"]
        if e["event"] == "cards":
            left = list(start)
            for text in seen:
                left[4 * RANKS.index(text[:-1]) + SUITS.index(text[-1])] -= 1
            for key in keys:
                assert Fraction(e["house_edge"][key]) == bet_edge(key, ["--shoe", ",".join(map(str, left))])[0]
            checked += 1
    assert checked == 3


@pytest.mark.slow
def test_unsuited_removals_at_the_start_give_the_unknown_suit_average_and_say_so():
    """--remove 5 (no suit) before a suited log: Perfect Pair is the exact average over the 5's suit, the same
    as --remove 5h by symmetry, and the assumption is in the JSON; a 13-count shoe states its model."""
    got = events(["--decks", "2", "--remove", "5", "--bets", "perfect_pair"], "Ah 5s 9d Kc 2h\n")
    cards = [e for e in got if e["event"] == "cards"]
    assert all(e["assumptions"] == [UNKNOWN_REMOVALS] for e in cards)
    assert Fraction(cards[0]["house_edge"]["perfect_pair"]) == bet_edge(
        "perfect_pair", ["--decks", "2", "--remove", "5h"])[0]
    assert Fraction(cards[1]["house_edge"]["perfect_pair"]) == bet_edge(
        "perfect_pair", ["--decks", "2", "--remove", "5,Ah,5s,9d,Kc,2h"])[0]
    got = events(["--shoe", ",".join(["8"] * 13), "--bets", "perfect_pair"], "")
    assert got[1]["assumptions"] == [BUILT_FROM_DECKS.format(decks="2 decks")]
