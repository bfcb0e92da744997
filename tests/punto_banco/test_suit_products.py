"""A plan of the suit counts (card_counts) weighed folded (suit_products.folded: the named pools alone, m == 0,
left out of the products and weighed by numbers, only w's nonzero entries touched), against other counts:

* brute force over every ordered six cards of small suited shoes, for a pair, a named card and a set read as
  alike;
* the same plan weighed unfolded (:func:`unfolded`: every node built, m == 0 steps too, and w dotted densely:
  the algorithm the fold replaced, kept here only as the reference) on 8 decks in play and on both sides of
  the int64 bound (1,290 cards in int64, 1,291 in Python integers).

(Not the patterns: card_patterns.pattern_counts prices the pair here as ``player_card1_suit ==
banker_card3_suit`` alone on a 12-card shoe, against brute force: its own defect, not compared.)
"""

import numpy as np
import pytest

from exact_odds.bets.paytable import deal_names
from exact_odds.cards.routes import card_counts, suit_products
from exact_odds.cards.routes.card_suits import INT64_SAFE
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO
from card_bets import route_args, shoe_in_play
from oracles.brute import brute_lines

PAIR = "player_card1_suit == banker_card3_suit or all(all_cards, suit == hearts)"
NAMED = "player_card1_suit == hearts or of_a_suit(all_cards) >= 4"
SET = "same_suit(player_hand) and of_a_suit(all_cards) >= 4"
CONDITIONS = [[PAIR], [NAMED], [SET, "not same_suit(player_hand) and of_a_suit(all_cards) >= 3"]]
SMALL = ["Ah", "9h", "9h", "Kh", "2s", "Kd", "8h", "9c", "3d", "Kc"]
BOUND = [shoe_in_play(8, 150), shoe_in_play(25, 10), shoe_in_play(25, 9)]
BOUND_IDS = ["8 decks in play", "1,290 cards: int64 at the bound", "1,291 cards: Python integers"]
#: The shoes of BOUND, those at the bound slow (several seconds each).
SHOES = [pytest.param(shoe, id=name, marks=[pytest.mark.slow] if shoe.size > 1000 else [])
         for shoe, name in zip(BOUND, BOUND_IDS)]


def _counts(conditions, shoe, monkeypatch=None):
    """The counts' answer on ``shoe``; with ``monkeypatch``, also the plan before it was folded."""
    raw = []
    if monkeypatch is not None:
        card_counts._count_plan.cache_clear()  # (a cached plan would not be folded again)
        fold = card_counts.folded
        monkeypatch.setattr(card_counts, "folded", lambda plan: raw.append(plan) or fold(plan))
    trees, _, value_names, slots, of_card = route_args(conditions)
    counts = card_counts.count_counts(trees, of_card, value_names, slots, shoe, PUNTO_BANCO, deal_names)
    return (counts, raw[0] if raw else None) if monkeypatch is not None else counts


def unfolded(plan, shoe) -> list:
    """The reference: a plan (before :func:`suit_products.folded`) weighed by building every node of the
    products, the m == 0 steps each a node (parent times a number), and dotting every node's coefficients
    times its unused cards' ways with w, densely (int64 while N**6 < 2**62, else Python integers)."""
    members, types, (steps, _, n_nodes), by_degree = plan[:4]
    n = shoe.size
    dtype = np.int64 if n ** 6 < INT64_SAFE else object
    suits = np.array([[sum(shoe.suited[c] for c in cards if c % 4 == s) for s in range(4)] for cards in members],
                     dtype=np.int64)
    fall = np.ones((len(members), 4, 7), dtype=dtype)
    for j in range(1, 7):
        fall[:, :, j] = fall[:, :, j - 1] * np.maximum(suits - (j - 1), 0)
    q = []
    for m, (pools, named, ways) in enumerate(types):
        comps = np.array(suit_products.compositions(m), dtype=np.intp).reshape(-1, 4)
        term = ways.astype(dtype)
        for s in range(4):
            term = term * fall[pools[None, :], s, np.minimum(named[:, s][None, :] + comps[:, s][:, None], 6)]
        q.append(term)
    node = [np.zeros((len(suit_products.compositions(d)), k), dtype=dtype) for d, k in enumerate(n_nodes)]
    node[0][0, 0] = 1
    for step in steps:
        for d, m, lo, hi, parent, which in step:
            part, factor = node[d].take(parent, axis=1), q[m].take(which, axis=1)
            for j, shift in enumerate(suit_products._shifts(d, m)):
                node[d + m][:, lo:hi][shift] += part * factor[j]
    unused = np.array([falling(n - k, 6 - k) if k >= 4 else 0 for k in range(7)], dtype=dtype)
    counts = [0] * len(by_degree[0][2])
    for d, used_by, w in by_degree:
        weights = (node[d] * unused[used_by][None, :]).reshape(-1)
        for i, row in enumerate(w):
            counts[i] += int(np.dot(weights, row.reshape(-1).astype(dtype)))
    return counts + [falling(n, 6) - sum(counts)]


#: The pair under ``-m slow``: test_card_counts prices the same bet on the same shoe through the suit counts
#: by default (test_suit_counts_over_every_card_equal_brute_force), which fold it (count_counts).
@pytest.mark.parametrize("conditions", [pytest.param(c, marks=pytest.mark.slow) if c == [PAIR] else c
                                        for c in CONDITIONS], ids=[" | ".join(c) for c in CONDITIONS])
def test_folded_counts_equal_brute_force(conditions):
    expected = brute_lines(SMALL, conditions)
    assert _counts(conditions, Shoe.from_cards(SMALL)) == [expected[i] for i in range(len(conditions) + 1)]


@pytest.mark.slow
def test_a_plan_with_named_pools_alone_is_folded(monkeypatch):
    """The bets here do fold (else the tests below would test nothing of it): the m == 0 steps are left out,
    groups end past their base, and the fold's numbers are not all 1."""
    for conditions in CONDITIONS:
        _, raw = _counts(conditions, BOUND[0], monkeypatch)
        plan = suit_products.folded(raw)
        made = [hi - lo for step in raw[2][0] for d, m, lo, hi, *_ in step if m == 0]
        assert sum(made) > 0 and sum(plan.steps[1]) <= sum(raw[2][2]) - sum(made)  # (leaves: fewer built)
        assert not any(m == 0 for step in plan.steps[0] for _, m, *_ in step)
        assert (plan.scalars < len(raw[1][0][0])).any()


@pytest.mark.parametrize("shoe", SHOES)
@pytest.mark.parametrize("conditions", CONDITIONS, ids=["a pair", "a named card", "a set read as alike"])
def test_folded_counts_equal_the_plan_weighed_unfolded(conditions, shoe, monkeypatch):
    counts, raw = _counts(conditions, shoe, monkeypatch)
    assert counts is not None and counts == unfolded(raw, shoe)


#: Colours of whole hands beside a count: the Player's cards restricted to red in one variant, not named in
#: each suit (suit_events: 6 variants a row against 153), and most six-card nodes leaves read at a few T.
COLOURS = ["same_colour(banker_hand) and all(player_hand, red) and of_a_suit(all_cards) >= 3"]


@pytest.mark.slow  # (the pair above has leaves too: its tests check them by default)
def test_leaves_read_at_a_few_suit_counts_are_not_built(monkeypatch):
    """Of the leaves (nodes no node multiplies), those w reads at a few T are weighed from their parents
    (Fold.leaves) and those it never reads not at all: fewer nodes built than kept, some coefficients read
    from leaves, and the counts equal brute force."""
    counts, raw = _counts(COLOURS, Shoe.from_cards(SMALL), monkeypatch)
    plan = suit_products.folded(raw)
    assert sum(len(which) for fold in plan.folds for _, _, which in fold.leaves) > 0
    assert sum(plan.steps[1]) < sum(raw[2][2])
    expected = brute_lines(SMALL, COLOURS)
    assert counts == [expected[i] for i in range(len(COLOURS) + 1)]


@pytest.mark.slow
def test_leaves_weigh_as_the_plan_unfolded_on_eight_decks_in_play(monkeypatch):
    counts, raw = _counts(COLOURS, BOUND[0], monkeypatch)
    assert counts is not None and counts == unfolded(raw, BOUND[0])


def test_int64_holds_the_partial_sums_up_to_1290_cards():
    """A bound of 2 (partial sums within [-N**6, 2 N**6]: one event): int64 up to 1,290 cards."""
    assert suit_products.exact_dtype(np, 1290, 2) is np.int64
    assert suit_products.exact_dtype(np, 1291, 2) is object
