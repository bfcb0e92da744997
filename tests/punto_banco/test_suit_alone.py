"""Whole-coup bets that read suits only through events (suit_alone): the ways of each group, its parts of
one suit left unnamed, on suited shoes in play.

* Brute force over every ordered six cards of small suited shoes (tests/oracles/brute.py): forms with a
  part, two and three parts sharing pools, named and restricted cards beside parts, a part some suits
  only, restricted sets neither nested nor disjoint (named instead), several lines; through the bet's
  price (its explanation says the route answered); and hypothesis on random small shoes.
* The variants count each deal once, on the line of the events it holds (suit by suit, every suit of the
  dealt cards).
* The two ways of weighing a component (from its parts' ways by suit, and suit by suit) agree.
* The patterns (card_patterns), a different method, on a suited 8-deck shoe in play; int64 and Python
  integers on both sides of the bound.
* What the route does not take is declined (None).
"""

import collections
import itertools

import numpy as np
import pytest
from hypothesis import given, settings

from exact_odds.conditions import language
from exact_odds.bets.paytable import deal_names
from exact_odds.cards.routes import card_patterns, suit_alone, suit_events, suit_products
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO
from card_bets import (brute_counts, brute_force_priced_by, events_holding, route_args, shoe_in_play,
                       small_suited_shoes)

#: Eight cards on which every line of the forms below settles some coups (20,160 ordered six: quick).
EIGHT = ["Ah", "9h", "9h", "Kh", "2s", "Kd", "8h", "3d"]
#: One form of each kind, each a plan of about a second or less (by default).
FORMS = [
    # whole hands alike or not, on two lines
    ["same_suit(player_hand) and not same_suit(banker_hand)", "same_suit(banker_hand) and player_wins"],
    # a hand all red (restricted) beside a nine of hearts in the other (named)
    ["all(player_hand, red) and count(banker_hand, rank == 9 and suit == hearts) >= 1"],
    # a suited run in either hand: two parts, sharing pools where the hands share ranks
    ["suited_run(player_hand) or suited_run(banker_hand)"],
    # three parts (each card of the Player's alike with the Banker's in its place)
    ["player_card1_suit == banker_card1_suit and player_card2_suit == banker_card2_suit "
     "and player_card3_suit == banker_card3_suit"],
    # a named card beside a part
    ["player_card1_suit == hearts and same_suit(banker_hand)"],
]
#: Plans of 1-3 s (slow): a hand alike beside the other's three pairs; a red pair in one hand beside the
#: other alike (restricted cards and a part in one pool); a part of red suits only (a mask) and another
#: of any but black; restricted sets that overlap, neither within the other (named); two hands under
#: of_a_suit; several lines with value names; every card's colour read with its rank (over every card, or
#: each hand's) beside a hand alike.
SLOW_FORMS = [
    ["suited_run(player_hand) or of_a_suit(banker_hand) >= 2"],
    ["same_suit(banker_hand) and of_a_kind(player_hand, red) >= 2"],
    ["all(player_hand, red) and same_suit(player_hand)", "same_suit(banker_hand) and not all(banker_hand, black)"],
    ["player_card1_suit in (spades, hearts) and banker_card1_suit in (hearts, diamonds) and same_suit(player_hand)"],
    ["of_a_suit(player_hand) >= 2 and of_a_suit(banker_hand) >= 2"],
    ["suited_run(player_hand) and banker_wins", "of_a_suit(banker_hand) >= 2 and tie", "same_colour(player_hand)"],
    ["of_a_kind(all_cards, red) >= 2 and same_suit(player_hand)"],
    ["of_a_kind(player_hand, red) >= 2 or of_a_kind(banker_hand, black) >= 2", "same_suit(player_hand)"],
]


def _counts(conditions, cards_or_shoe):
    trees, _, value_names, slots, of_card = route_args(conditions)
    shoe = cards_or_shoe if isinstance(cards_or_shoe, Shoe) else Shoe.from_cards(cards_or_shoe)
    return suit_alone.alone_counts(trees, of_card, value_names, slots, shoe, PUNTO_BANCO, deal_names)


@pytest.mark.parametrize("conditions", [pytest.param(f, id=" | ".join(f)) for f in FORMS]
                         + [pytest.param(f, id=" | ".join(f), marks=pytest.mark.slow) for f in SLOW_FORMS])

def test_suits_read_through_events_alone_equal_brute_force(conditions):
    expected = brute_counts(EIGHT, conditions)
    assert all(expected) and _counts(conditions, EIGHT) == expected


def test_suited_runs_of_either_hand_are_priced_by_the_ways_as_brute_force():
    """Through the bet's price: its pattern plan would name 293 million suits (minutes)."""
    brute_force_priced_by("events alone", FORMS[2], EIGHT)


def test_fresh_decks_whose_classes_split_ranks_by_colour_are_priced_by_the_ways():
    """A red pair in the Player's hand beside the Banker's alike, on a shoe whose ranks hold their suits alike
    (as fresh decks): the classes would expand 1.5 billion rows at one deck, past memory."""
    brute_force_priced_by("events alone", SLOW_FORMS[1], [r + s for r in "A9" for s in "hsdc"])


@pytest.mark.slow
@settings(max_examples=6, deadline=None)
@given(small_suited_shoes())
def test_a_part_beside_restricted_cards_on_random_small_shoes_equals_brute_force(cards):
    conditions = ["same_suit(banker_hand) and all(player_hand, red)", "suited_run(player_hand)"]
    assert _counts(conditions, cards) == brute_counts(cards, conditions)


PARTED = [
    "suited_run(player_hand) or of_a_suit(banker_hand) >= 2",
    "same_suit(banker_hand) and of_a_kind(player_hand, red) >= 2",
    "all(player_hand, red) and same_suit(player_hand) or same_colour(banker_hand)",
    "player_card1_suit in (spades, hearts) and banker_card1_suit in (hearts, diamonds) and same_suit(player_hand)",
    "player_card1_suit < banker_card1_suit and same_suit(banker_hand)",
]


@pytest.mark.parametrize("condition", PARTED)
def test_the_variants_count_each_deal_once_on_the_line_of_the_events_it_holds(condition):
    """Inclusion-exclusion, suit by suit: for every suits of the dealt cards, the variants that allow them
    (named cards of their suits, restricted ones among their sets, each part's cards of one suit its mask
    allows) weigh f(H) by 1 for H the live events that hold and 0 for every other H; each set H's first
    suits make exactly H hold."""
    events = suit_events.suit_events((language.expanded(condition),), alone=True)

    def allows(codes, suits):
        part_suits = collections.defaultdict(set)
        for code, suit in zip(codes, suits):
            if suit_events.PART <= code < suit_events.RESTRICTED_AT:
                j, mask = divmod(code - suit_events.PART, 15)
                if not (mask + 1) >> (suit - 1) & 1:
                    return False
                part_suits[j].add(suit)
            elif code >= suit_events.RESTRICTED_AT:
                if suit not in suit_products.RESTRICTED[code - suit_events.RESTRICTED_AT]:
                    return False
            elif code not in (0, suit):
                return False
        return all(len(s) == 1 for s in part_suits.values())

    for pattern in range(4):
        live, firsts, variants = suit_events.parted(events, pattern)
        slots = suit_events.present(pattern)
        for h, suits in firsts:
            assert events_holding(live, dict(zip(slots, suits))) == h
        for suits in itertools.product(range(1, 5), repeat=len(slots)):
            weight = collections.Counter()
            for codes, terms in variants:
                if allows(codes[:len(slots)], suits):
                    weight.update(dict(terms))
            assert {h: c for h, c in weight.items() if c} == {events_holding(live, dict(zip(slots, suits))): 1}


def test_overlapping_restricted_sets_are_named_and_nested_ones_restricted():
    """Restricted cards are weighed in order, the smaller sets first: where a set of events would restrict
    cards to sets that overlap, neither within the other, those cards are named (one variant a suit)."""
    def sets(codes):
        at = suit_events.RESTRICTED_AT
        return [suit_products.RESTRICTED[c - at] for c in codes if c >= at]

    overlapping = suit_events.parted(suit_events.suit_events((language.expanded(PARTED[3]),), alone=True), 0)[2]
    for codes, _ in overlapping:
        assert all(a <= b or b <= a or not a & b for a in sets(codes) for b in sets(codes))
    named = {codes[:2] for codes, _ in overlapping if codes[0] in (1, 2, 3, 4) and codes[1] in (1, 2, 3, 4)}
    assert named == {(a, b) for a in (1, 2) for b in (2, 3)}  # the Player's first card, the Banker's
    nested = suit_events.suit_events((language.expanded(
        "player_card1_suit in (spades, hearts) and banker_card1_suit in (spades, hearts, diamonds) "
        "and same_suit(player_hand)"),), alone=True)
    assert any(sets(codes) == [frozenset((1, 2)), frozenset((1, 2, 3))]
               for codes, _ in suit_events.parted(nested, 0)[2])


@pytest.mark.parametrize("conditions, parts", [(FORMS[2], 2), (FORMS[3], 3)], ids=["two parts", "three parts"])
def test_a_component_of_parts_weighs_alike_from_its_parts_and_suit_by_suit(conditions, parts):
    """Every component whose cards are all parted, on a shoe in play: the ways from its parts' ways by suit
    (partitions of its parts, Moebius over their blocks) equal its ways summed suit by suit."""
    plan = suit_alone._plan(*_plan_args(conditions))
    shoe = shoe_in_play(8, 200)
    suits = np.array([[sum(shoe.suited[c] for c in cards if c % 4 == s) for s in range(4)] for cards in plan.members])
    of_set = np.array([[suits[p, [s - 1 for s in r]].sum() for r in suit_products.RESTRICTED]
                       for p in range(len(suits))])
    c = plan.components
    assert len(c.pure[parts - 1][0]) >= 50  # components of that many parts
    for (at, _, _), quick in zip(c.pure, suit_alone._pure_ways(np, c, suits, np.int64)):
        table = c.table[:, at]
        code = table % suit_events.PARTED_CODES
        present = sum((((code - suit_events.PART) // 15 == j) & (table != suit_alone.EMPTY)).any(axis=0) << j
                      for j in range(3))
        for s in set(present.tolist()):  # suit by suit, a set of parts at a time
            here = present == s
            slow = suit_alone._component_ways(np, table[:, here], s, suits, of_set, np.int64)
            assert slow.tolist() == quick[here].tolist()


@pytest.mark.parametrize("conditions", [
    ["same_suit(player_hand) and player_wins", "same_suit(banker_hand) and banker_wins"],
    pytest.param(["player_card1_suit == banker_card1_suit and player_card2_suit == banker_card2_suit",
                  "player_card1_suit == banker_card2_suit"], marks=pytest.mark.slow),  # (a pattern plan of 22 s)
], ids=["each hand alike, with the winner", "two pairs of cards alike, then another"])
def test_the_ways_equal_the_patterns_on_an_eight_deck_shoe_in_play(conditions):
    """A different method on 8 decks less 200 cards: the patterns' plan."""
    trees, _, value_names, slots, of_card = route_args(conditions)
    args = (trees, of_card, value_names, slots, shoe_in_play(8, 200), PUNTO_BANCO, deal_names)
    counts = suit_alone.alone_counts(*args)
    assert counts is not None and counts == card_patterns.pattern_counts(*args)


@pytest.mark.parametrize("dealt", [37, 36],
                         ids=["1,107 cards: int64 at the bound of 5", "1,108 cards: Python integers"])
def test_the_ways_weigh_alike_in_int64_and_python_integers_at_their_bound(dealt, monkeypatch):
    """Two events live (each hand alike): partial sums within 5 N**6 (suit_events.bound), int64 while
    5 N**6 < 2**63 (1,107 cards at most). The same plan weighed in Python integers agrees."""
    conditions = FORMS[2]
    shoe = shoe_in_play(22, dealt)
    assert suit_alone._plan(*_plan_args(conditions)).bound == 5
    assert (suit_products.exact_dtype(np, shoe.size, 5) is np.int64) == (shoe.size <= 1107)
    counts = _counts(conditions, shoe)
    monkeypatch.setattr(suit_alone, "exact_dtype", lambda np, n, bound: object)
    assert counts is not None and _counts(conditions, shoe) == counts


def _plan_args(conditions):
    trees, _, value_names, _, of_card = route_args(conditions)
    return trees, of_card, value_names, suit_alone.fitting_events(trees), PUNTO_BANCO, deal_names, suit_alone.MOST_WORK


@pytest.mark.parametrize("condition", [
    "same_suit(player_hand) and of_a_suit(all_cards) >= 4",  # a count over every card: the counts take it
    "player == 8",  # no suit
    # fifteen events (every two cards alike), past suit_events.MOST_EVENTS
    " or ".join(f"{a}_suit == {b}_suit" for a, b in itertools.combinations(
        [f"{h}_card{i}" for h in ("player", "banker") for i in (1, 2, 3)], 2)),
])
def test_what_the_ways_do_not_take_is_declined(condition):
    assert suit_alone.fitting_events((language.expanded(condition),)) is None
    assert _counts([condition], EIGHT) is None


def test_a_bet_past_the_most_variants_a_row_is_declined(monkeypatch):
    condition = "player_card1_suit < banker_card1_suit and same_suit(banker_hand)"  # 32 variants a row
    events = suit_events.suit_events((language.expanded(condition),), alone=True)
    assert max(len(suit_events.parted(events, p)[2]) for p in range(4)) == 32
    monkeypatch.setattr(suit_alone, "MOST_VARIANTS", 31)
    assert _counts([condition], EIGHT) is None


def test_a_shoe_without_suits_is_declined():
    assert _counts(FORMS[2], Shoe.from_counts([4] * 13)) is None


@pytest.fixture(autouse=True)
def _without_the_small_shoe():
    """These tests price their route on small shoes, which brute force can check: the small shoe's own
    enumeration, which the engine tries first there (tests/cards/), is left out so their route answers."""
    from exact_odds.cards.engine import excluding

    with excluding("small shoe"):
        yield
