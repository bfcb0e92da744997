"""Coups whose ranks settle a card-level bet whatever the suits, and coups alike in what the suits can change.

The classes route (:func:`exact_odds.cards.routes.card_suits.suited_counts`) weighs the suits only of the
coups whose line the suits can change (:func:`exact_odds.conditions.partial.lines_without_suits`), and settles
coups alike in every part the suits can change once for all of them. Checked here:

* the three-valued reading against every suit the cards can have (4**k assignments, settled by the
  language's own evaluator, which reads the suits): where it names a line, every assignment gives it;
  where two coups are numbered alike, every assignment settles them alike;
* bets that take both short cuts against brute force over every ordered six cards of small shoes
  (tests/oracles/brute.py, written apart from the engine): a shoe whose ranks hold their suits alike and a
  shoe in play, with every other route of the engine left out so the classes price them (the bet's
  explanation says so).

8 decks: benchmarks/bench_card_classes.py times these bets (the suits weighed only where they count).
"""

import itertools

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from exact_odds.conditions import language
from exact_odds.conditions.partial import lines_without_suits
from exact_odds.cards.routes.card_suits import ALL_SLOTS, settle_lines
from exact_odds.rules.shoe import Shoe
from card_bets import line_counts_explained, table
from oracles.brute import brute_lines

#: Bets whose ranks alone settle most coups (a run, three of a kind), or whose suits are read only by
#: parts that read no rank, in several lines.
SETTLED_BY_RANKS = [
    ["suited_run(player_hand)"],
    ["of_a_kind(all_cards) >= 3 and of_a_suit(all_cards) >= 3"],
    ["run(player_hand) and same_suit(banker_hand)"],
    ["tie and of_a_suit(all_cards) >= 3", "not (same_suit(player_hand) or player == 8)", "suited_run(banker_hand)"],
    ["same_rank(first_cards) or count(all_cards, suit == hearts) >= 2 and banker_wins"],
    ["count(all_cards, rank == 2 and suit == spades) >= 1 or of_a_kind(all_cards) >= 3 and same_suit(third_cards)"],
]


# --- the three-valued reading against every suit --------------------------------------------------------

VALUE_NAMES = {"tie": (0, 1), "banker_wins": (0, 1), "player": tuple(range(10))}


@st.composite
def coups(draw):
    """A handful of coups: each slot a rank (0: no card) and the value names above."""
    n = draw(st.integers(1, 6))
    ranks = {slot: np.array(draw(st.lists(st.sampled_from([0, 1, 2, 3, 9, 12]), min_size=n, max_size=n)))
             for slot in ALL_SLOTS}
    for slot in ((0, 0), (0, 1), (1, 0), (1, 1)):  # the first four cards are always dealt
        ranks[slot] = np.where(ranks[slot] == 0, 1, ranks[slot])
    values = {name: np.array(draw(st.lists(st.sampled_from(options), min_size=n, max_size=n)))
              for name, options in VALUE_NAMES.items()}
    return n, ranks, values


def every_suit_lines(trees, ranks, values, n):
    """The line of each coup under every assignment of suits to its six slots: an (assignments, n) array."""
    out = []
    for suits in itertools.product(range(1, 5), repeat=6):
        suit = {slot: np.where(ranks[slot] != 0, s, 0) for slot, s in zip(ALL_SLOTS, suits)}
        out.append(settle_lines(np, trees, language.Cards(ranks, suit, values), n))
    return np.array(out)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(coups(), st.sampled_from(SETTLED_BY_RANKS))
def test_a_line_named_without_suits_holds_under_every_suit(coup, conditions):
    n, ranks, values = coup
    trees = tuple(language.expanded(c) for c in conditions)
    blank = {slot: np.zeros(n, dtype=np.int64) for slot in ALL_SLOTS}
    line, alike = lines_without_suits(np, trees, language.Cards(ranks, blank, values), n, frozenset(VALUE_NAMES))
    every = every_suit_lines(trees, ranks, values, n)
    for k in range(n):
        if line[k] >= 0:
            assert (every[:, k] == line[k]).all(), (conditions, k)
    if alike is not None:
        present = np.stack([ranks[slot] != 0 for slot in ALL_SLOTS])
        for i, j in itertools.combinations(range(n), 2):
            if alike[i] == alike[j] and (present[:, i] == present[:, j]).all():
                assert (every[:, i] == every[:, j]).all(), (conditions, i, j)


@pytest.mark.slow  # 6 random handfuls of coups by default, 12 here
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(coups(), st.sampled_from(SETTLED_BY_RANKS))
def test_a_line_named_without_suits_holds_under_every_suit_on_more_coups(coup, conditions):
    test_a_line_named_without_suits_holds_under_every_suit.hypothesis.inner_test(coup, conditions)


def test_suits_read_with_ranks_are_never_numbered_alike():
    """A part reading suits and ranks together (a nine of spades) cannot be settled once for coups whose
    ranks differ."""
    trees = (language.expanded("count(all_cards, rank == 9 and suit == spades) >= 1"),)
    ranks = {slot: np.array([9, 1]) for slot in ALL_SLOTS}
    blank = {slot: np.zeros(2, dtype=np.int64) for slot in ALL_SLOTS}
    line, alike = lines_without_suits(np, trees, language.Cards(ranks, blank, {}), 2)
    assert alike is None
    assert line.tolist() == [-1, -1]


def test_a_run_that_is_no_run_settles_suited_run_without_suits():
    trees = (language.expanded("suited_run(player_hand)"),)
    ranks = {slot: np.array([1, 1]) for slot in ALL_SLOTS}
    ranks[(0, 1)] = np.array([2, 3])  # A-2-A: two aces; A-3 alone: not consecutive
    ranks[(0, 2)] = np.array([1, 0])
    blank = {slot: np.zeros(2, dtype=np.int64) for slot in ALL_SLOTS}
    line, _ = lines_without_suits(np, trees, language.Cards(ranks, blank, {}), 2)
    assert line.tolist() == [1, 1]  # neither holds, whatever the suits: the "otherwise" line


# --- whole bets against brute force ---------------------------------------------------------------------

@pytest.fixture
def classes_only():
    """Every route of the engine but the classes left out: the small shoe's own enumeration, which the
    engine asks first on these small shoes, the routes of suits in play and the suit counts; so the
    classes price every bet here."""
    from exact_odds.cards.engine import excluding, routes

    with excluding(*(route.name for route in routes() if route.name != "classes")):
        yield


def priced_by_the_classes(conditions, cards):
    """:func:`card_bets.line_counts` of ``table(conditions)`` on the shoe of ``cards``, checking the classes
    priced it."""
    counts, explanation = line_counts_explained(table(conditions), Shoe.from_cards(cards))
    assert explanation.route == "classes"
    return counts


@pytest.mark.parametrize("conditions", SETTLED_BY_RANKS, ids=lambda c: " | ".join(c)[:60])
def test_bets_settled_by_ranks_equal_brute_force(conditions, classes_only):
    """Aces and twos in every suit: each rank's suits alike (the suits are then weighed by the ways the
    cards can share them)."""
    cards = [r + s for r in ("A", "2") for s in "hsdc"]
    assert priced_by_the_classes(conditions, cards) == dict(brute_lines(cards, conditions))


@pytest.mark.parametrize("conditions", [c if i in (0, 3) else pytest.param(c, marks=pytest.mark.slow)
                                        for i, c in enumerate(SETTLED_BY_RANKS[:4])],
                         ids=lambda c: " | ".join(c)[:60])
def test_bets_settled_by_ranks_in_play_equal_brute_force(conditions, classes_only):
    """A shoe whose ranks differ in their suits: the classes weigh each rank's suits apart (several suit
    models in one bucket). One line and three by default (2-3 s each), the other two under ``-m slow``."""
    cards = ["Ah", "As", "Ad", "2h", "2h", "2s", "3d", "3s", "Kc"]
    assert priced_by_the_classes(conditions, cards) == dict(brute_lines(cards, conditions))


# --- the exact sums by group, on both sides of the int64 edge -------------------------------------------

@pytest.mark.parametrize("w, groups", [
    ([2 ** 61, 2 ** 61 - 6, 5], [0, 0, 1]),  # grand total 2**62 - 1: joined in int64
    ([2 ** 61, 2 ** 61 - 1, 5], [0, 0, 1]),  # 2**62 + 4: Python integers
    ([2 ** 62, 2 ** 62, 2 ** 62 - 1, 3], [0, 0, 0, 1]),  # past 2**63: int64 would wrap
], ids=["below 2**62", "at 2**62", "past 2**63"])
def test_group_sums_are_exact_on_both_sides_of_the_int64_edge(w, groups):
    from exact_odds.cards.substrate.sequences import exact_sums

    expected = [sum(x for x, g in zip(w, groups) if g == k) for k in range(3)]
    got = exact_sums(np, np.array(w, dtype=np.int64), np.array(groups), 3)
    assert got == expected
    assert all(type(x) is int for x in got)
