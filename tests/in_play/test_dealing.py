"""Dealing coups from a shoe: the deal card by card, the cut card, the burn (docs/rules.md §2, §7)."""

import random

from exact_odds.in_play.dealing import (CARDS_BEHIND_CUT, coup_complete, deal_coup, deal_shoe, shoe_seeds, shuffled_cards)
from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.coup import Coup

def simple_coup(cards):
    """Deal one coup from a list of values, straight from docs/rules.md §2 (the Banker's rule as a formula).

    Returns (coup, cards used). Independent of exact_odds.tableau."""
    p = [cards[0], cards[2]]
    b = [cards[1], cards[3]]
    pos = 4
    pt, bt = sum(p) % 10, sum(b) % 10
    if pt < 8 and bt < 8:
        third = None
        if pt <= 5:
            third = cards[pos]
            p.append(third)
            pos += 1
        if third is None:
            draws = bt <= 5
        else:
            t = {8: -2, 9: -1}.get(third, third)
            draws = bt <= int(t / 2) + 3
        if draws:
            b.append(cards[pos])
            pos += 1
    return Coup(sum(p) % 10, sum(b) % 10, len(p), len(b)), pos


def test_dealing_a_coup_follows_rules_section_2():
    rng = random.Random(4)
    for _ in range(20000):
        values = [rng.randrange(10) for _ in range(6)]
        coup, used = simple_coup(values)
        assert [coup_complete(values[:k]) for k in range(7)] == [k >= used for k in range(7)]
        assert deal_coup(values[:used]) == coup


def test_deal_shoe_stops_at_the_cut_card_before_the_seventh_last_card():
    for seed in shoe_seeds(11, 20):
        cards = shuffled_cards(8, seed)
        coups = deal_shoe(cards)
        pos = 0
        for i, c in enumerate(coups):
            coup, used = simple_coup([RANK_VALUES[r] for r in cards[pos:]])
            assert c.cards == tuple(cards[pos:pos + used]) and c.coup == coup
            left = [0] * 13
            for r in cards[pos:]:
                left[r] += 1
            assert c.known == tuple(left)
            pos += used
            last = i == len(coups) - 1
            # The cut card sits between cards N-8 and N-7 (0-based): it comes out in the last coup only.
            assert (pos > len(cards) - CARDS_BEHIND_CUT) == last


def test_face_value_burn_hides_the_burned_cards_but_not_the_first():
    cards = shuffled_cards(8, 99)
    first = cards[0]
    burned = 1 + (RANK_VALUES[first] or 10)
    coups = deal_shoe(cards, "face-value")
    assert coups[0].cards == tuple(cards[burned:burned + len(coups[0].cards)])
    known = [32] * 13
    known[first] -= 1
    assert coups[0].known == tuple(known)
