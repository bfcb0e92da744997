"""The suit counts and the events alone over one variant an orbit of the renamings of the suits that move no
line (exact_odds/cards/routes/suit_symmetry.py): the renamings a bet keeps, the variants an orbit, the checks
that refuse a renaming that would move something, the counts against brute force over every ordered six cards
of small suited shoes, and against the full plans (card_counts.count_counts, suit_alone.alone_counts) on shoes
in play, on 8 fresh decks and on both sides of the int64 bound."""

from __future__ import annotations

import numpy as np
import pytest

from exact_odds.bets.paytable import deal_names
from exact_odds.cards.routes import card_counts, suit_alone, suit_symmetry
from exact_odds.cards.routes.suit_events import lattice, parted
from exact_odds.cards.routes.suit_products import exact_dtype
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO
from card_bets import brute_counts, line_counts_explained, shoe_in_play, spied, table

TWO_PAIRS = [("(player_card1_suit == banker_card1_suit or player_card2_suit == banker_card2_suit) and "
              "of_a_suit(all_cards) >= 3")]
PAIR_AND_HEART = [("player_card1_suit == banker_card1_suit and banker_card2_suit == hearts and "
                   "of_a_suit(all_cards) >= 3")]
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


def _lattices(conditions):
    events = _events(conditions)
    return events, [lattice(events, p) for p in range(4)]


def _symmetric(conditions, shoe):
    return suit_symmetry.symmetric_counts(*table(conditions).reading.route_args(shoe, PUNTO_BANCO))


def _full(conditions, shoe):
    return card_counts.count_counts(*table(conditions).reading.route_args(shoe, PUNTO_BANCO))


def _kept_group(conditions):
    """The renamings that map the events onto themselves and keep every line settled (the rows prepared and
    their lines worked out: about a second)."""
    reading = table(conditions).reading
    events, lattices = _lattices(conditions)
    group = suit_symmetry.event_renamings(events)
    flat = [(p, v) for p, (_, _, variants) in enumerate(lattices) for v in variants]
    prepared = card_counts.prepared_rows(np, reading.trees, reading.of_card, reading.value_names, events,
                                         PUNTO_BANCO, deal_names, card_counts.MOST_ROWS, lattices, flat)
    return suit_symmetry.kept(card_counts.settled(np, reading.trees, lattices, prepared), lattices, group)


# --- the renamings and the orbits ----------------------------------------------------

def test_a_bet_that_names_no_suit_keeps_every_renaming_and_two_pairs_take_5_variants_of_25():
    events, lattices = _lattices(TWO_PAIRS)
    group = suit_symmetry.event_renamings(events)
    assert len(group) == 24 and group[0] == (1, 2, 3, 4)
    reps = suit_symmetry.orbits(lattices, group)
    for p in range(4):
        assert len(lattices[p][2]) == 25
        assert len(reps[p]) == 5
        # the orbits' sizes (each transversal, one renaming an image): 1, 4 three times, 12
        assert sorted(len(t) for _, t in reps[p]) == [1, 4, 4, 4, 12]
        assert sum(len(t) for _, t in reps[p]) == 25


def test_a_bet_that_names_hearts_keeps_the_renamings_that_keep_hearts():
    events, lattices = _lattices(PAIR_AND_HEART)
    group = suit_symmetry.event_renamings(events)
    assert len(group) == 6 and all(g[1] == 2 for g in group)
    reps = suit_symmetry.orbits(lattices, group)
    assert [len(r) for r in reps] == [6, 6, 6, 6]  # of 10


def test_colours_keep_the_renamings_that_keep_them_or_trade_them():
    """The Player's cards all red: the 4 renamings that keep red; of one colour (all red, all black: two
    events the renamings trade), the 8 that keep the colours or trade them."""
    assert sorted(suit_symmetry.event_renamings(_events(RED_PAIR))) == \
        [(1, 2, 3, 4), (1, 3, 2, 4), (4, 2, 3, 1), (4, 3, 2, 1)]
    group = suit_symmetry.event_renamings(_events(["same_colour(player_hand) and of_a_suit(all_cards) >= 3"]))
    assert len(group) == 8 and (2, 1, 4, 3) in group


def test_a_renaming_that_moves_an_event_is_refused():
    """Every renaming against a bet that names hearts: an image of the variant naming the Banker's card a
    heart names it a spade, no variant of the lattice, so there is no orbit (None)."""
    _, lattices = _lattices(PAIR_AND_HEART)
    assert suit_symmetry.orbits(lattices, suit_symmetry.RENAMINGS) is None


def test_a_renaming_that_moves_a_line_is_not_kept():
    """The lines' check alone: one class's line at T = (6, 0, 0, 0) differs from its line at (0, 6, 0, 0),
    so only the renamings that keep spades keep every line."""
    lattices = [((), None, ())] * 4  # (no events)
    found = np.zeros((3, 84), dtype=np.int16)
    assert suit_symmetry.kept({(3, 0): found}, lattices, suit_symmetry.RENAMINGS) == suit_symmetry.RENAMINGS
    found[1, suit_symmetry.compositions(6).index((6, 0, 0, 0))] = 1
    kept = suit_symmetry.kept({(3, 0): found}, lattices, suit_symmetry.RENAMINGS)
    assert kept == tuple(g for g in suit_symmetry.RENAMINGS if g[0] == 1)


@pytest.mark.slow
def test_a_count_of_hearts_keeps_the_renamings_that_keep_hearts():
    """A pair names no suit (every renaming maps its events onto themselves), but the count of hearts moves
    the lines of every renaming that moves hearts: the 6 that keep hearts are kept."""
    group = _kept_group(["count(all_cards, suit == hearts) >= 2 and player_card1_suit == banker_card1_suit"])
    assert len(group) == 6 and all(g[1] == 2 for g in group)


@pytest.mark.slow
def test_suits_compared_by_order_keep_no_renaming():
    """``<`` between two cards' suits: each card read by three events (spades, hearts, diamonds), which the
    renamings that keep clubs map onto themselves, but every one of them but the identity moves a line."""
    assert _kept_group(["player_card1_suit < banker_card1_suit and of_a_suit(all_cards) >= 3"]) == ((1, 2, 3, 4),)


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


# --- the events alone ---------------------------------------------------------------------

RUNS_PAIRS_COLOURS = ["suited_run(player_hand) and banker_wins", "of_a_suit(banker_hand) >= 2 and tie",
                      "same_colour(player_hand)"]
COLOURS_ALONE = ["same_colour(player_hand)", "player_card1_suit == banker_card1_suit"]


def _symmetric_alone(conditions, shoe):
    return suit_symmetry.symmetric_alone(*table(conditions).reading.route_args(shoe, PUNTO_BANCO))


def _full_alone(conditions, shoe):
    return suit_alone.alone_counts(*table(conditions).reading.route_args(shoe, PUNTO_BANCO))


def test_the_colours_traded_take_two_thirds_of_the_variants_alone():
    """Runs, pairs of a suit and colours: the renamings that keep the colours or trade them (all red, all
    black: the same_colour's two events traded), 56 variants of 84, in two parts (weighed once, twice)."""
    events = suit_alone.fitting_events(table(RUNS_PAIRS_COLOURS).reading.trees)
    lattices = [parted(events, p) for p in range(4)]
    group, parts = suit_symmetry._reduced(events, lattices, True)
    assert len(group) == 8
    assert sum(len(v) for _, _, v in lattices) == 84
    assert sorted((len(t), len(v)) for t, v in parts.items()) == [(1, 28), (2, 28)]


@pytest.mark.parametrize("cards", SEVEN, ids=["7 cards", "another 7"])
def test_colours_alone_equal_brute_force(cards):
    got = _symmetric_alone(COLOURS_ALONE, Shoe.from_cards(cards))
    assert got is not None and got == brute_counts(cards, COLOURS_ALONE)


def test_the_events_alone_route_takes_the_symmetric_plan(monkeypatch):
    parts = spied(monkeypatch, suit_symmetry, "weighed_parts")
    monkeypatch.setattr(suit_alone, "alone_counts", lambda *a: pytest.fail("the full plan was taken"))
    counts, explanation = line_counts_explained(table(COLOURS_ALONE), shoe_in_play(8, 150))
    assert explanation.route == "events alone" and len(parts) == 1
    assert counts == {i: c for i, c in enumerate(parts[0]) if c}


@pytest.mark.slow
@pytest.mark.parametrize("cards", SMALL, ids=["10 cards", "9 cards"])
def test_runs_pairs_and_colours_alone_equal_brute_force(cards):
    got = _symmetric_alone(RUNS_PAIRS_COLOURS, Shoe.from_cards(cards))
    assert got is not None and got == brute_counts(cards, RUNS_PAIRS_COLOURS)


@pytest.mark.slow
def test_runs_pairs_and_colours_alone_equal_the_full_plan():
    """In play (two shoes), on 8 fresh decks, and on both sides of the plan's int64 bound (F = 365: six
    events live)."""
    events = suit_alone.fitting_events(table(RUNS_PAIRS_COLOURS).reading.trees)
    f = card_counts.bound(events)
    n = max(k for k in range(400, 2000) if exact_dtype(np, k, f) is np.int64)
    at, past = shoe_in_play(11, 572 - n), shoe_in_play(11, 571 - n)
    assert (at.size, past.size) == (n, n + 1) and exact_dtype(np, past.size, f) is object
    for shoe in (shoe_in_play(8, 150), shoe_in_play(8, 300, seed=9), Shoe.decks(8), at, past):
        got = _symmetric_alone(RUNS_PAIRS_COLOURS, shoe)
        assert got is not None and got == _full_alone(RUNS_PAIRS_COLOURS, shoe)
