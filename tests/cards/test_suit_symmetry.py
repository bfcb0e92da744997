"""The suit counts over one variant an orbit of the renamings of the suits that move no line
(exact_odds/cards/routes/suit_symmetry.py): the renamings a bet keeps, the variants an orbit, the checks that
refuse a renaming that would move something, the counts against brute force over every ordered six cards of
small suited shoes, and against the full plan (card_counts.count_counts) on shoes in play, on both sides of
the int64 bound."""

from __future__ import annotations

import numpy as np
import pytest

from exact_odds.bets.paytable import deal_names
from exact_odds.cards.routes import card_counts, suit_symmetry
from exact_odds.cards.routes.suit_events import lattice
from exact_odds.cards.routes.suit_products import exact_dtype
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO
from card_bets import brute_counts, line_counts_explained, shoe_in_play, spied, table

TWO_PAIRS = ["(player_card1_suit == banker_card1_suit or player_card2_suit == banker_card2_suit) and "
             "of_a_suit(all_cards) >= 3"]
PAIR_AND_HEART = ["player_card1_suit == banker_card1_suit and banker_card2_suit == hearts and "
                  "of_a_suit(all_cards) >= 3"]
ALIKE_OR_NOT = ["player_card1_suit != banker_card2_suit and of_a_suit(all_cards) >= 3",
                "player_card1_suit == banker_card2_suit and tie"]
PAIR_OR_HEARTS = ["player_card1_suit == banker_card3_suit or all(all_cards, suit == hearts)"]
RED_PAIR = ["player_card1_suit == banker_card1_suit and all(player_hand, red) and of_a_suit(all_cards) >= 3"]
#: Small suited shoes whose ranks differ in their suits (brute force: 3-8 s each; of 7 cards, 0.2 s).
SMALL = [["Ah", "9h", "9s", "Kh", "2s", "Kd", "8h", "9c", "3d", "Kc"],
         ["3s", "6h", "6d", "8c", "9s", "Kh", "Ad", "3c", "8h"]]
SEVEN = [["Kh", "Ks", "9h", "9d", "Kd", "Ac", "8h"], ["3h", "6h", "6d", "8c", "9s", "Kh", "3c"]]


def _events(conditions):
    return card_counts.fitting_events(table(conditions).reading.trees)


def _group(conditions):
    reading = table(conditions).reading
    return suit_symmetry.suit_group(reading.reads.suit_sets, _events(conditions))


def _symmetric(conditions, shoe):
    reading = table(conditions).reading
    return suit_symmetry.symmetric_counts(*reading.route_args(shoe, PUNTO_BANCO), reading.reads.suit_sets)


def _full(conditions, shoe):
    return card_counts.count_counts(*table(conditions).reading.route_args(shoe, PUNTO_BANCO))


# --- the renamings and the orbits (no plan built) ----------------------------------------

def test_a_bet_that_names_no_suit_keeps_every_renaming_and_two_pairs_take_5_variants_of_25():
    group = _group(TWO_PAIRS)
    assert len(group) == 24 and group[0] == (1, 2, 3, 4)
    events = _events(TWO_PAIRS)
    reps = suit_symmetry.orbits(events, group)
    for p in range(4):
        assert len(lattice(events, p)[2]) == 25
        assert len(reps[p]) == 5
        # the orbits' sizes (each transversal, one renaming an image): 1, 4 three times, 12
        assert sorted(len(t) for _, t in reps[p]) == [1, 4, 4, 4, 12]
        assert sum(len(t) for _, t in reps[p]) == 25


def test_a_bet_that_names_hearts_keeps_the_renamings_that_keep_hearts():
    group = _group(PAIR_AND_HEART)
    assert len(group) == 6 and all(g[1] == 2 for g in group)
    reps = suit_symmetry.orbits(_events(PAIR_AND_HEART), group)
    assert [len(r) for r in reps] == [6, 6, 6, 6]  # of 10


def test_a_bet_that_reads_colours_keeps_the_renamings_that_keep_red():
    group = _group(RED_PAIR)
    assert sorted(group) == [(1, 2, 3, 4), (1, 3, 2, 4), (4, 2, 3, 1), (4, 3, 2, 1)]


def test_suits_read_some_other_way_keep_the_identity_alone():
    assert _group(["player_card1_suit < banker_card1_suit and of_a_suit(all_cards) >= 3"]) == ((1, 2, 3, 4),)


def test_a_renaming_that_moves_an_event_is_refused():
    """Every renaming against a bet that names hearts: an image of the variant naming the Banker's card a
    heart names it a spade, no variant of the lattice, so there is no orbit (None)."""
    assert suit_symmetry.orbits(_events(PAIR_AND_HEART), suit_symmetry.RENAMINGS) is None


def test_a_renaming_that_moves_a_line_is_refused():
    """The lines' check: one class's line at T = (6, 0, 0, 0) differs from its line at (0, 6, 0, 0)."""
    found = np.zeros((3, 84), dtype=np.int16)
    assert suit_symmetry.lines_kept({(3, 0): found}, suit_symmetry.RENAMINGS)
    comps = suit_symmetry.compositions(6)
    found[1, comps.index((6, 0, 0, 0))] = 1
    assert not suit_symmetry.lines_kept({(3, 0): found}, suit_symmetry.RENAMINGS)
    keeps_spades = tuple(g for g in suit_symmetry.RENAMINGS if g[0] == 1)
    assert suit_symmetry.lines_kept({(3, 0): found}, keeps_spades)


def test_no_plan_where_no_orbit_holds_two_variants():
    """A card against hearts: its two variants (the row, the card a heart) are each their own orbit."""
    conditions = ["player_card1_suit == hearts or of_a_suit(all_cards) >= 4"]
    assert _symmetric(conditions, Shoe.from_cards(SMALL[0])) is None


# --- the counts ------------------------------------------------------------------------

@pytest.mark.parametrize("cards", SEVEN, ids=["7 cards", "another 7"])
def test_a_pair_beside_counts_equals_brute_force(cards):
    got = _symmetric(ALIKE_OR_NOT, Shoe.from_cards(cards))
    assert got is not None and got == brute_counts(cards, ALIKE_OR_NOT)


def test_the_route_takes_the_symmetric_plan(monkeypatch):
    """Priced through the card engine: the route is the suit counts', its counts are the parts' (the full
    plan is never built) and brute force's."""
    parts = spied(monkeypatch, suit_symmetry, "weighed_parts")
    monkeypatch.setattr(card_counts, "count_counts", lambda *a: pytest.fail("the full plan was taken"))
    shoe = shoe_in_play(8, 150)
    counts, explanation = line_counts_explained(table(ALIKE_OR_NOT), shoe)
    assert explanation.route == "suit counts" and len(parts) == 1
    assert counts == {i: c for i, c in enumerate(parts[0]) if c}


@pytest.mark.slow
@pytest.mark.parametrize("conditions", [TWO_PAIRS, PAIR_AND_HEART, PAIR_OR_HEARTS, RED_PAIR],
                         ids=["two pairs", "a pair and a heart", "a pair or all hearts", "a pair and red"])
@pytest.mark.parametrize("cards", SMALL, ids=["10 cards", "9 cards"])
def test_the_symmetric_counts_equal_brute_force(conditions, cards):
    got = _symmetric(conditions, Shoe.from_cards(cards))
    assert got is not None and got == brute_counts(cards, conditions)


@pytest.mark.slow
@pytest.mark.parametrize("conditions", [TWO_PAIRS, PAIR_AND_HEART, ALIKE_OR_NOT, PAIR_OR_HEARTS, RED_PAIR],
                         ids=["two pairs", "a pair and a heart", "alike or not", "a pair or all hearts",
                              "a pair and red"])
def test_the_symmetric_counts_equal_the_full_plan_in_play(conditions):
    """On shoes in play (8 decks less 150 and less 300 cards, another shuffle) and on 8 fresh decks."""
    for shoe in (shoe_in_play(8, 150), shoe_in_play(8, 300, seed=9), Shoe.decks(8)):
        got = _symmetric(conditions, shoe)
        assert got is not None and got == _full(conditions, shoe)


@pytest.mark.slow
def test_the_symmetric_counts_hold_on_both_sides_of_the_int64_bound():
    """A pair (bound F = 2: int64 up to 1,290 cards, Python integers past it): the parts weighed on every
    renaming of their transversals equal the full plan at 1,290 cards and at 1,291."""
    events = _events(ALIKE_OR_NOT)
    assert card_counts.bound(events) == 2
    at, past = shoe_in_play(25, 10), shoe_in_play(25, 9)
    assert exact_dtype(np, at.size, 2) is np.int64 and exact_dtype(np, past.size, 2) is object
    for shoe in (at, past):
        assert _symmetric(ALIKE_OR_NOT, shoe) == _full(ALIKE_OR_NOT, shoe)
