"""Whole-coup bets that count suits over every card (of_a_suit(all_cards) ...), priced on a suited shoe in
play by suit-count generating functions (card_counts), against other counts.

* Brute force over every ordered six cards of small suited shoes (tests/oracles/brute.py), through the
  bet's price (its explanation says the counts answered): by themselves, with value names, with ranks, over several
  lines, with one card's suit read by itself; and hypothesis on random depleted small shoes.
* The card classes (card_classes._coup_counts, the slow route the counts replace) on a suited 8-deck shoe
  in play (slow: about 80 s).
* The patterns (card_patterns) and the pools (card_pools), different methods, for bets they price too, on
  both sides of the int64 bound (N**6 < 2**62: 1,290 cards in int64, 1,291 in Python integers).
* Three writings of "three cards of one suit" priced alike.
* Bets the counts do not take are declined (None, or in the explanation) and priced by another route.
"""

import collections
import itertools
from math import factorial, prod

import numpy as np
import pytest
from hypothesis import given, settings

from exact_odds.conditions import language
from exact_odds.bets.paytable import deal_names
from exact_odds.cards.routes import card_classes, card_counts, card_patterns, card_pools, suit_events, suit_products
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import suit_model
from exact_odds.rules.tableau import PUNTO_BANCO
from card_bets import (brute_counts, brute_force_priced_by, events_holding, route_args, shoe_in_play,
                       small_suited_shoes, spied, table)
from oracles.brute import brute_lines


SMALL = ["Ah", "9h", "9h", "Kh", "2s", "Kd", "8h", "9c", "3d", "Kc"]
FORMS = [
    ["of_a_suit(all_cards) >= 3"],
    ["player == 8 and of_a_suit(all_cards) >= 3"],
    ["tie and of_a_suit(all_cards) >= 4"],
    ["of_a_suit(all_cards) >= 3 and any(all_cards, suit == hearts)"],
    ["all(all_cards, red) or of_a_suit(all_cards, black) >= 2 and player_card1_rank == king"],
    ["of_a_suit(all_cards) >= 4", "of_a_suit(all_cards) == 3 and count(all_cards, rank == 9) >= 2"],
    ["player_card1_suit == hearts or of_a_suit(all_cards) >= 4"],
    # every card's rank and the suits counted: rows alike but in the order of interchangeable cards settle once
    ["of_a_kind(all_cards) >= 3 and of_a_suit(all_cards) >= 3"],
    ["count(player_hand, rank == 9) >= 2 and of_a_suit(all_cards) >= 3", "of_a_kind(banker_hand) >= 2"],
    ["run(player_hand) or of_a_suit(all_cards) >= 4 and of_a_kind(first_cards) == 2"],
    # two cards' suits compared with each other only: the pair named of one suit, with signed rows
    ["player_card1_suit == banker_card3_suit or all(all_cards, suit == hearts)"],
    ["player_card1_suit == banker_card1_suit and of_a_suit(all_cards) >= 4"],
    ["player_card1_suit != banker_card2_suit and of_a_suit(all_cards) >= 3",
     "player_card1_suit == banker_card2_suit and tie"],
    ["player_card3_suit == banker_card3_suit and count(all_cards, suit == hearts) >= 2 and player_card1_rank == 9"],
    # a set's suits read only by whether they are all alike: the same, with two or three cards named
    ["same_suit(player_hand) and of_a_suit(all_cards) >= 4"],
    ["same_suit(player_hand) and player == 8", "not same_suit(player_hand) and of_a_suit(all_cards) >= 3"],
    ["same_suit(third_cards) and of_a_suit(all_cards) >= 3"],
    # cards against constant suits or colours, a hand's suits under of_a_suit, a pair beside a constant, a
    # predicate on rank and suit over a set, a suit in arithmetic: events (suit_events), signed terms
    ["player_card1_suit == hearts and banker_card1_suit == spades and of_a_suit(all_cards) >= 3"],
    ["player_card1_red == banker_card1_red and of_a_suit(all_cards) >= 4"],
    ["of_a_suit(player_hand) >= 2 and of_a_suit(all_cards) >= 4"],
    ["player_card1_suit == banker_card1_suit and banker_card2_suit == hearts and of_a_suit(all_cards) >= 3"],
    ["all(player_hand, red) and of_a_suit(all_cards) >= 3"],
]


#: One form of each kind above runs by default, the others under ``-m slow`` (each is a plan of one to ten
#: seconds; the slow route matrix, tests/cards/, also checks the suit counts on the corpus against the
#: reference route). A pair beside a named suit (the 21st, a plan of 5-9 s) is slow: pairs of suits are
#: checked by default on random shoes (test_a_pair_of_suits_..._equals_brute_force) and with a third card.
DEFAULT_FORMS = (0, 5, 7, 10, 14, 17)


@pytest.mark.parametrize("conditions", [f if i in DEFAULT_FORMS else pytest.param(f, marks=pytest.mark.slow)
                                        for i, f in enumerate(FORMS)], ids=[" | ".join(f) for f in FORMS])
def test_suit_counts_over_every_card_equal_brute_force(conditions):
    brute_force_priced_by("suit counts", conditions, SMALL)


@pytest.mark.slow
@pytest.mark.parametrize("conditions", [
    # events on each third card (a heart?), its rank read from the row (the pools price this bet first)
    ["count(third_cards, rank == 9 and suit == hearts) >= 1 or count(all_cards, suit == hearts) >= 4"],
    # two cards' suits read in order: each by three events, 16 variants (past MOST_WORK at 8 decks)
    ["player_card1_suit < banker_card1_suit and of_a_suit(all_cards) >= 3"],
])
def test_suit_counts_asked_directly_equal_brute_force(conditions, monkeypatch):
    monkeypatch.setattr(card_counts, "MOST_WORK", 10 ** 9)
    expected = brute_lines(SMALL, conditions)
    assert _counts(conditions, Shoe.from_cards(SMALL)) == [expected[i] for i in range(len(conditions) + 1)]


RUNS = ["Ah", "2h", "3h", "4h", "5h", "6h", "2s", "Kc"]


def test_a_suited_run_of_every_card_is_counted_and_equals_brute_force():
    """``suited_run(all_cards)`` is ``run(all_cards) and same_suit(all_cards)``: the counts take it."""
    brute_force_priced_by("suit counts", ["suited_run(all_cards)", "run(all_cards) and banker_wins"], RUNS)


def test_rows_alike_but_in_the_order_of_interchangeable_cards_equal_brute_force(monkeypatch):
    """A part reads suits with a value name, so the rows are numbered by their rank classes with each hand's
    cards in no order (card_counts._block_alike) rather than by the parts that read no suit."""
    conditions = ["of_a_suit(all_cards) > banker and count(player_hand, rank == 9) >= 2 or any(banker_hand, rank == 9)"]
    by_blocks = spied(monkeypatch, card_counts, "_block_alike")  # the plan numbers its rows this way, once
    expected = brute_lines(SMALL, conditions)
    assert _counts(conditions, Shoe.from_cards(SMALL)) == [expected[i] for i in range(len(conditions) + 1)]
    assert len(by_blocks) == 1


@settings(max_examples=6, deadline=None)
@given(small_suited_shoes())
def test_suit_counts_on_random_small_shoes_equal_brute_force(cards):
    conditions = ["of_a_suit(all_cards) >= 3 and banker_wins", "same_suit(all_cards) or player == 7"]
    counts = _counts(conditions, Shoe.from_cards(cards))
    assert counts == brute_counts(cards, conditions)




def _counts(conditions, shoe):
    trees, _, value_names, slots, of_card = route_args(conditions)
    return card_counts.count_counts(trees, of_card, value_names, slots, shoe, PUNTO_BANCO, deal_names)


@pytest.mark.slow
def test_suit_counts_equal_the_card_classes_on_an_eight_deck_shoe_in_play():
    """The route the counts replace, on 8 decks less 5h, Kd, Kd and 9s (three ranks' suits now differ: the
    classes take about 80 s; a shoe deeper in play, whose ranks all differ, took over 50 minutes)."""
    conditions = ["player == 8 and of_a_suit(all_cards) >= 3"]
    cards = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
             for s in "shdc" for _ in range(8)]
    for card in ("5h", "Kd", "Kd", "9s"):
        cards.remove(card)
    shoe = Shoe.from_cards(cards)
    trees, read, value_names, slots, _ = route_args(conditions)
    classes = card_classes._coup_counts(trees, read, value_names, slots, shoe, PUNTO_BANCO, suit_model(shoe),
                                        deal_names)
    assert _counts(conditions, shoe) == classes


BOUND = [shoe_in_play(8, 150), shoe_in_play(25, 10), shoe_in_play(25, 9)]
BOUND_IDS = ["8 decks in play", "1,290 cards: int64 at the bound", "1,291 cards: Python integers"]


@pytest.mark.parametrize("shoe", BOUND, ids=BOUND_IDS)
def test_suit_counts_equal_the_patterns_on_both_sides_of_the_int64_bound(shoe):
    assert (shoe.size ** 6 < 2 ** 62) == (shoe.size <= 1290)
    conditions = ["of_a_suit(all_cards) >= 2 and player == 8", "same_suit(all_cards) or banker == 6 and tie"]
    trees, _, value_names, slots, of_card = route_args(conditions)
    patterns = card_patterns.pattern_counts(trees, of_card, value_names, slots, shoe, PUNTO_BANCO, deal_names)
    assert patterns is not None and _counts(conditions, shoe) == patterns


@pytest.mark.parametrize("shoe", BOUND[1:], ids=BOUND_IDS[1:])
def test_suit_counts_with_a_named_card_equal_the_pools_on_both_sides_of_the_int64_bound(shoe):
    """A constant suit over every card and one card's suit: the pools expand two classes a card."""
    conditions = ["tie and count(all_cards, suit == hearts) >= 3 and player_card1_suit != hearts"]
    trees, _, value_names, slots, of_card = route_args(conditions)
    pools = card_pools.pool_counts(trees, of_card, value_names, slots, shoe, PUNTO_BANCO, deal_names)
    assert pools is not None and _counts(conditions, shoe) == pools


def test_three_cards_of_one_suit_written_three_ways_is_priced_alike():
    writings = ["player == 8 and of_a_suit(all_cards) >= 3",
                "player == 8 and (" + " or ".join(f"count(all_cards, suit == {s}) >= 3"
                                                  for s in ("spades", "hearts", "diamonds", "clubs")) + ")",
                "player == 8 and not (of_a_suit(all_cards, red) <= 2 and of_a_suit(all_cards, black) <= 2)"]
    dist = walk(shoe_in_play(8, 150))
    prices = [table([w]).price(dist) for w in writings]
    assert len({tuple(line.probability for line in p.lines) for p in prices}) == 1
    assert [p.explanation.route for p in prices] == ["suit counts"] * 3


@pytest.mark.parametrize("condition", [
    "same_suit(player_hand) and player == 8",  # no count over every card
    "count(all_cards, suit == hearts and rank == 9) >= 2",  # rank and suit in one predicate over every card
    "of_a_kind(all_cards, red) >= 2 and banker_wins",  # of_a_kind reads the ranks of the red cards
    # three cards' suits read in order: each by three events, past suit_events.MOST_EVENTS
    "player_card1_suit < banker_card1_suit < player_card2_suit and of_a_suit(all_cards) >= 3",
])
def test_what_the_counts_do_not_read_is_declined(condition):
    assert suit_events.suit_events((language.expanded(condition),)) is None
    assert _counts([condition], Shoe.from_cards(SMALL)) is None


@pytest.mark.parametrize("condition", [
    # a hand's suits under of_a_suit and a set read as alike: 17 x 5 variants where both hands draw
    "of_a_suit(player_hand) >= 2 and same_suit(banker_hand) and of_a_suit(all_cards) >= 4",
    # two cards' suits in order (16 variants) beside a pair (5)
    "player_card1_suit < banker_card1_suit and player_card2_suit == banker_card2_suit and same_suit(all_cards)",
])
def test_a_bet_past_the_most_variants_a_row_is_declined(condition):
    events = suit_events.suit_events((language.expanded(condition),))
    assert events is not None
    assert max(len(suit_events.lattice(events, p)[2]) for p in range(4)) > suit_events.MOST_VARIANTS
    assert _counts([condition], Shoe.from_cards(SMALL)) is None


SLOW_FORMS = [
    # two pairs, two sets read as alike: 25 variants a row (plans of 4-8 s)
    ["(player_card1_suit == banker_card1_suit or player_card2_suit == banker_card2_suit) and same_suit(all_cards)"],
    ["same_suit(player_hand) and same_suit(banker_hand) and of_a_suit(all_cards) >= 4"],
]


@pytest.mark.slow
@pytest.mark.parametrize("conditions", SLOW_FORMS, ids=[" | ".join(f) for f in SLOW_FORMS])
def test_two_pairs_or_sets_beside_suit_counts_equal_brute_force(conditions):
    test_suit_counts_over_every_card_equal_brute_force(conditions)


P1, P2, P3, B1, B2, B3 = (0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2)


@pytest.mark.parametrize("condition, events", [
    ("player_card1_suit == banker_card3_suit or all(all_cards, suit == hearts)", [("alike", (P1, B3))]),
    ("banker_card2_suit != player_card1_suit and of_a_suit(all_cards) >= 3", [("alike", (P1, B2))]),
    ("player_card1_suit == hearts or of_a_suit(all_cards) >= 4", [("in", (P1,), (2,))]),
    ("player_card1_suit != clubs and of_a_suit(all_cards) >= 4", [("in", (P1,), (1, 2, 3))]),
    ("banker_card1_black and same_suit(all_cards)", [("in", (B1,), (2, 3))]),
    ("same_suit(banker_hand) or count(all_cards, suit == hearts) >= 3 and tie", [("alike", (B1, B2, B3))]),
    ("of_a_suit(player_hand) >= 2 and of_a_suit(all_cards) >= 4",
     [("alike", (P1, P2)), ("alike", (P1, P3)), ("alike", (P2, P3))]),
    ("count(third_cards, rank == 9 and suit == hearts) >= 1 and same_colour(all_cards)",
     [("in", (P3,), (2,)), ("in", (B3,), (2,))]),
    # every card of a set: all of one colour, any a heart (not all of the others), the same colour
    # (all red: one event, 9 variants for three cards; any a heart: one a card, 8 variants against 28)
    ("all(player_hand, red) and any(banker_hand, suit == hearts) and of_a_suit(all_cards) >= 3",
     [("in", (P1, P2, P3), (2, 3)), ("in", (B1,), (2,)), ("in", (B2,), (2,)), ("in", (B3,), (2,))]),
    ("same_colour(banker_hand) and of_a_suit(all_cards) >= 3",
     [("in", (B1, B2, B3), (1, 4)), ("in", (B1, B2, B3), (2, 3))]),
    # suits read otherwise (one below another): spades, hearts and diamonds each, other events dropped
    ("player_card1_suit < banker_card1_suit and player_card1_red and of_a_suit(all_cards) >= 4",
     [("in", (c,), (s,)) for c in (P1, B1) for s in (1, 2, 3)]),
])
def test_what_a_bet_reads_of_single_cards_suits(condition, events):
    assert suit_events.suit_events((language.expanded(condition),)) == tuple(sorted(events))


@settings(max_examples=3, deadline=None)
@given(small_suited_shoes())
def test_a_pair_of_suits_with_suit_counts_on_random_small_shoes_equals_brute_force(cards):
    conditions = ["player_card1_suit == banker_card1_suit and of_a_suit(all_cards) >= 3",
                  "player_card1_suit != banker_card1_suit and count(all_cards, suit == hearts) >= 2 or tie"]
    counts = _counts(conditions, Shoe.from_cards(cards))
    assert counts == brute_counts(cards, conditions)


@pytest.mark.slow  # 3 random shoes by default, 6 here
@settings(max_examples=6, deadline=None)
@given(small_suited_shoes())
def test_a_pair_of_suits_with_suit_counts_on_more_random_small_shoes_equals_brute_force(cards):
    test_a_pair_of_suits_with_suit_counts_on_random_small_shoes_equals_brute_force.hypothesis.inner_test(cards)


@pytest.mark.slow
@pytest.mark.parametrize("shoe", BOUND, ids=BOUND_IDS)
def test_a_pair_of_suits_equals_the_pair_read_card_by_card(shoe, monkeypatch):
    """A pair read as one event (five variants a row: the row itself and the pair alike in each suit)
    against each card's suit read by three events (spades, hearts, diamonds: sixteen variants, other signed
    terms), on 8 decks in play and on both sides of the int64 bound (the partial sums lie within
    suit_events.bound(events) N**6: 2 and 365)."""
    conditions = ["player_card1_suit == banker_card3_suit and of_a_suit(all_cards) >= 3",
                  "player_card1_suit != banker_card3_suit and same_suit(all_cards)"]
    paired = _counts(conditions, shoe)
    by_card = tuple(sorted(("in", (slot,), (s,)) for slot in ((0, 0), (1, 2)) for s in (1, 2, 3)))
    monkeypatch.setattr(card_counts, "MOST_ENTRIES", 1 << 27)
    monkeypatch.setattr(card_counts, "MOST_SETTLED", 1 << 26)
    monkeypatch.setattr(card_counts, "suit_events", lambda trees: by_card)
    assert paired is not None and _counts(conditions, shoe) == paired


def test_a_plan_past_the_row_limit_is_declined_and_priced_otherwise(monkeypatch):
    monkeypatch.setattr(card_pools, "LIMIT", 1000)
    conditions = ["of_a_suit(all_cards) >= 3 and any(all_cards, suit == hearts)"]
    result = table(conditions).price(walk(Shoe.from_cards(SMALL)))
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == dict(brute_lines(SMALL, conditions))
    assert dict(result.explanation.declined)["suit counts"] == "its plan passes its limits of rows, entries or work"
    assert result.explanation.route not in ("suit counts", "small shoe")


def test_a_plan_past_its_entries_is_declined(monkeypatch):
    monkeypatch.setattr(card_counts, "MOST_ENTRIES", 100)
    assert _counts(["of_a_suit(all_cards) >= 3"], Shoe.from_cards(SMALL)) is None


@pytest.mark.parametrize("m", range(7))
def test_the_suit_counts_of_m_cards_are_the_compositions_of_m_into_four_parts(m):
    comps = suit_products.compositions(m)
    assert len(set(comps)) == len(comps) == (m + 3) * (m + 2) * (m + 1) // 6
    free = suit_products._ways(m, (m,) + (0,) * len(suit_products.RESTRICTED))
    assert sum(free) == 4 ** m
    assert all(w == factorial(m) // prod(factorial(x) for x in a) for w, a in zip(free, comps))


@pytest.mark.parametrize("counts", [(0, 1) + (0,) * 9, (1, 0, 2) + (0,) * 8, (0,) * 9 + (2, 1)])
def test_the_ways_of_restricted_cards_give_each_a_suit_it_allows(counts):
    """Free cards and cards restricted to some suits (suit_products.RESTRICTED): for each suit count, the
    assignments counted by hand, each card a suit it allows."""
    allowed = [range(1, 5)] * counts[0] + [s for r, k in zip(suit_products.RESTRICTED, counts[1:]) for s in [r] * k]
    m = len(allowed)
    by_hand = collections.Counter(tuple(a.count(s) for s in range(1, 5)) for a in itertools.product(*allowed))
    assert suit_products._ways(m, counts) == tuple(by_hand[a] for a in suit_products.compositions(m))


LATTICES = [
    "player_card1_suit == banker_card3_suit and of_a_suit(all_cards) >= 3",
    "of_a_suit(player_hand) >= 2 and of_a_suit(all_cards) >= 4",
    "player_card1_red == banker_card1_red and same_suit(all_cards)",
    "same_colour(banker_hand) and player_card1_suit == hearts and of_a_suit(all_cards) >= 3",
    "player_card1_suit == banker_card1_suit and banker_card2_suit != clubs and of_a_suit(all_cards) >= 3",
    # restricted, not named (153 variants named): the Player's cards among red, the Banker's among a colour
    "same_colour(banker_hand) and all(player_hand, red) and of_a_suit(all_cards) >= 3",
    # restricted and alike at once: the pair named in each suit its cards allow, the other card restricted
    "same_colour(banker_hand) and all(player_hand, red) and player_card1_suit == banker_card2_suit "
    "and of_a_suit(all_cards) >= 3",
]


@pytest.mark.parametrize("condition", LATTICES)
def test_the_variants_count_each_deal_once_on_the_lines_of_the_events_it_holds(condition):
    """Inclusion-exclusion, suit by suit: for every suits of the dealt cards, the variants that allow them
    (their named cards of those suits, their restricted cards among the suits they allow) weigh f(H) by 1
    for H the live events that hold, 0 for every other H; and each layout of (H, T) makes exactly H hold,
    with suit counts T."""
    events = suit_events.suit_events((language.expanded(condition),))

    def allows(code, suit):  # a card counted freely, named of its suit, or restricted to suits it is among
        return code in (0, suit) or code >= 5 and suit in suit_products.RESTRICTED[code - 5]

    for pattern in range(4):
        live, layouts, variants = suit_events.lattice(events, pattern)
        slots = suit_events.present(pattern)
        comps = suit_products.compositions(len(slots))
        for h, by_t in layouts.items():
            for t, suits in by_t.items():
                assert events_holding(live, dict(zip(slots, suits))) == h
                assert comps[t] == tuple(suits.count(s) for s in range(1, 5))
        for suits in itertools.product(range(1, 5), repeat=len(slots)):
            held = events_holding(live, dict(zip(slots, suits)))
            weight = collections.Counter()
            for codes, _, terms in variants:
                if all(allows(c, s) for c, s in zip(codes, suits)):
                    weight.update(dict(terms))
            assert {h: c for h, c in weight.items() if c} == {held: 1}


@pytest.mark.slow
@pytest.mark.parametrize("dealt", [4, 3], ids=["932 cards: int64 at the bound of 14", "933 cards: Python integers"])
def test_a_hand_under_of_a_suit_weighs_alike_in_int64_and_python_integers_at_its_bound(dealt, monkeypatch):
    """Three events live (the Player's three pairs of cards): partial sums within 14 N**6 (suit_events.bound),
    int64 while 14 N**6 < 2**63 (932 cards at most). The same plan weighed in Python integers agrees."""
    shoe = shoe_in_play(18, dealt)
    conditions = ["of_a_suit(player_hand) >= 2 and of_a_suit(all_cards) >= 4"]
    events = suit_events.suit_events(tuple(language.expanded(c) for c in conditions))
    assert suit_events.bound(events) == 14
    assert (suit_products.exact_dtype(np, shoe.size, 14) is np.int64) == (shoe.size <= 932)
    counts = _counts(conditions, shoe)
    monkeypatch.setattr(suit_products, "exact_dtype", lambda np, n, bound: object)
    assert counts is not None and _counts(conditions, shoe) == counts


@pytest.mark.slow
@settings(max_examples=10, deadline=None)
@given(small_suited_shoes())
def test_cards_against_constant_suits_and_colours_on_random_small_shoes_equal_brute_force(cards):
    conditions = ["player_card1_suit == hearts and banker_card1_red and of_a_suit(all_cards) >= 3",
                  "banker_card1_black and tie or count(all_cards, suit == spades) >= 3"]
    counts = _counts(conditions, Shoe.from_cards(cards))
    assert counts == brute_counts(cards, conditions)


@pytest.fixture(autouse=True)
def _without_the_small_shoe():
    """These tests price their route on small shoes, which brute force can check: the small shoe's own
    enumeration, which the engine tries first there (tests/cards/), is left out so their route answers."""
    from exact_odds.cards.engine import excluding

    with excluding("small shoe"):
        yield
