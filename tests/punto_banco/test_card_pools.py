"""Whole-coup suit bets on a suited shoe in play, priced by pools of cards (card_pools), against other counts.

* Brute force over every ordered six cards of small suited shoes (tests/oracles/brute.py): the pools
  answer there (a spy says so), for suit classes, colours and suit equality over the third cards.
* The card classes (card_classes._coup_counts, a different method) on 8-deck shoes in play, with the
  int64 products on one side of their bound (N**6 < 2**62: N <= 1,290 cards) and Python integers on the
  other.
* A bet whose rows would pass the limit is declined, and priced by another route.
"""

import random

import pytest

from exact_odds.bets import language
from exact_odds.bets.paytable import PayLine, PayTable, deal_names
from exact_odds.punto_banco import card_classes, card_pools
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import suit_model
from exact_odds.rules.tableau import PUNTO_BANCO
from oracles.brute import brute_lines

SMALL = ["Ah", "9h", "9h", "Kh", "2s", "Kd", "8h", "9c"]
THIRD_CARD_FORMS = [
    "same_suit(third_cards) and player_cards == 3",
    "any(third_cards, suit == hearts) and tie",
    "player_card3_suit == banker_card3_suit or all(third_cards, red) and banker == 7",
]


def table(conditions):
    return PayTable("t", tuple(PayLine.make(f"line {i}", c, 1) for i, c in enumerate(conditions)))


def spied(monkeypatch):
    answered = []
    real = card_pools.pool_counts
    monkeypatch.setattr(card_pools, "pool_counts", lambda *a: answered.append(real(*a)) or answered[-1])
    return answered


@pytest.mark.parametrize("condition", THIRD_CARD_FORMS)
def test_third_cards_suits_by_pools_equal_brute_force(condition, monkeypatch):
    answered = spied(monkeypatch)
    expected = dict(brute_lines(SMALL, [condition]))
    assert expected.get(0)
    result = table([condition]).price(walk(Shoe.from_cards(SMALL)))
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == expected
    assert answered and answered[0] is not None


def pools_and_classes(conditions, shoe):
    """(pool counts, the card classes' counts) of one pay table on one shoe, each method called directly."""
    trees = tuple(language.expanded(c) for c in conditions)
    read = language.reads(trees, card_classes._value_names(deal_names))
    value_names = tuple((n, None if t is None else tuple(sorted(t, key=repr))) for n, t in sorted(read.value_names.items()))
    slots = tuple(s for s in card_classes.ALL_SLOTS if s in read.slots)
    pools = card_pools.pool_counts(trees, card_classes._classes(card_classes._signature(read))[0], value_names, slots, shoe, PUNTO_BANCO,
                                   deal_names)
    classes = card_classes._coup_counts(trees, read, value_names, slots, shoe, PUNTO_BANCO, suit_model(shoe),
                                        deal_names)
    return pools, classes


def shoe_in_play(decks, dealt, seed=5):
    rng = random.Random(seed)
    cards = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
             for s in "shdc" for _ in range(decks)]
    rng.shuffle(cards)
    return Shoe.from_cards(cards[dealt:])


@pytest.mark.parametrize("shoe", [shoe_in_play(8, 150), shoe_in_play(24, 7), shoe_in_play(25, 10)],
                         ids=["8 decks in play", "1,241 cards: int64", "1,290 cards: int64 at the bound"])
def test_pools_equal_the_card_classes_in_play(shoe):
    conditions = ["same_suit(third_cards) and player_cards == 3", "any(third_cards, suit == hearts)"]
    pools, classes = pools_and_classes(conditions, shoe)
    assert pools == classes
    assert sum(pools) == shoe.size * (shoe.size - 1) * (shoe.size - 2) * (shoe.size - 3) * (shoe.size - 4) * (shoe.size - 5)


def test_pools_equal_the_card_classes_past_the_int64_bound():
    """1,291 cards: the weights in Python integers (N**6 >= 2**62)."""
    shoe = shoe_in_play(25, 9)
    assert shoe.size == 1291 and shoe.size ** 6 >= 2 ** 62
    pools, classes = pools_and_classes(["same_suit(third_cards) and player_cards == 3"], shoe)
    assert pools == classes


def test_a_bet_past_the_row_limit_is_declined_and_priced_otherwise(monkeypatch):
    """Every card's suit against every other's: 4**6 pools a sequence, past the limit; another route prices it."""
    monkeypatch.setattr(card_pools, "LIMIT", 1000)
    answered = spied(monkeypatch)
    condition = "player_card3_suit == banker_card3_suit"
    result = table([condition]).price(walk(Shoe.from_cards(SMALL)))
    assert answered == [None]
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == dict(brute_lines(SMALL, [condition]))
