"""The fast paths of card-level pricing (issue 12) against the general card walk and the card classes.

(Since issue 22 card-level bets are priced on the classes of cards they read,
cards/routes/card_classes.py; the hand paths below still price whole hands' suits on a shoe whose ranks
differ in suits, a shoe in play, where they are quicker. test_card_classes.py checks the classes.)

Pair bets are priced on the first four cards in closed form (first_four.py) and
one hand's pair with the coup's values ("Player wins with a pair") by values
(hand_pairs.py); the general card walk (every_card.py) prices every card-level
bet. Each fast path must give the same counts, total and assumptions as the card
walk, on random small suited shoes, depleted shoes (unknown suits included) and,
under ``slow``, depleted 8-deck shoes in play. Each test also checks that the fast
path was taken, so that it could fail.
"""

import random
from collections import Counter
from contextlib import contextmanager
from unittest import mock

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from exact_odds.conditions.card_names import FACT_NAMES
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import COUP_NAMES as COUP_NAMES_BY_MEANING, DEAL_NAMES, PayLine, PayTable, coup_names, deal_names
from exact_odds.cards.engine import excluding, routes
from exact_odds.cards.routes import first_four, hand_pairs, hand_suits
from exact_odds.cards.routes.card_fast import values_of
from exact_odds.cards.routes.every_card import card_counts
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import suit_model
from oracles.brute import brute_payouts

CATALOG = builtin_catalog()
#: The names the hand paths read (the catalog's newer bets use card sets and aggregates: test_card_classes.py).
OLDER_NAMES = set(COUP_NAMES_BY_MEANING) | set(DEAL_NAMES) | set(FACT_NAMES)
#: Every card-level catalog bet in the older names (pair names, or card names mixed with the coup's values).
CARD_LEVEL = [key for key in CATALOG.bets
              if CATALOG.bet(key).family in ("pair", "card") and CATALOG.bet(key).names <= OLDER_NAMES]

#: Card-level bets priced by values (one hand's pair, on any finite shoe).
BY_VALUES = {"player_wins_pair", "banker_wins_pair"}
#: Card-level bets on whole hands' suits and colours (on a shoe with 52 counts).
BY_CLASSES = {"lucky8_player", "lucky8_banker", "all_red", "all_black"}
#: Tables that mix one hand's pair names with coup and deal names in other ways.
MIXED = [
    PayTable("Suited pair on a tie", (PayLine.make("s", "tie and player_suited_pair", 80),
                                      PayLine.make("p", "tie and player_pair", 20))),
    PayTable("Banker's suited pair, third card", (PayLine.make("s", "banker_suited_pair and player_third == 5", 200),
                                                  PayLine.make("n", "not banker_pair and banker == 7", 2))),
    PayTable("Always", (PayLine.make("a", "banker_wins and (player_suited_pair or not player_suited_pair)", 1),)),
]


@contextmanager
def counted(module, name):
    """Count the calls of ``module.name`` (a fast path) while it still runs."""
    real = getattr(module, name)
    calls = []

    def spy(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    with mock.patch.object(module, name, spy):
        yield calls


def general_price(bet, dist):
    """The bet priced on the general card walk: the fast paths switched off (the hand paths inside the
    older names' walk, the first four's closed form) and every route of the card engine left out but the
    older names' walk (on a shoe in play) and the classes (elsewhere)."""
    first_four._pair_distribution.cache_clear()
    with mock.patch.object(hand_pairs, "hand_of", lambda facts: None), \
            mock.patch.object(hand_suits, "applies", lambda facts, shoe: False), \
            mock.patch.object(first_four, "first_four_counts", None), \
            excluding(*(r.name for r in routes() if r.name not in ("older names", "classes"))):
        if bet.family == "pair" and dist.shoe.suited is not None:
            # The first-four distribution from the card walk, as a shoe without suits gets it.
            with mock.patch.object(first_four, "_pair_distribution", first_four._unknown_suits):
                return bet.price(dist)
        return bet.price(dist)


def fast_price(bet, dist):
    """The bet priced with the small shoe's enumeration and the shipped counts left out, which the engine
    asks first on small shoes and fresh decks, so the fast paths answer."""
    first_four._pair_distribution.cache_clear()
    with excluding("small shoe", "shipped"):
        return bet.price(dist)


def lines(result):
    return [(line.label, line.count, line.probability) for line in result.lines], result.total, result.assumptions


def check_shoe(shoe, bets):
    """Every bet: the fast path (checked to be taken) equals the card walk; probabilities in [0, 1]."""
    dist = walk(shoe)
    for bet in bets:
        with counted(first_four, "first_four_counts") as pair_calls, \
                counted(hand_pairs, "hand_pair_counts") as value_calls, \
                counted(hand_suits, "hand_suit_counts") as suit_calls:
            fast = fast_price(bet, dist)
        if bet.family == "pair" and shoe.suited is not None:
            assert pair_calls, bet.key
        # On a shoe whose ranks differ in suits given their ranks (in play, or suits partly known) a suit
        # bet in the older names takes its older route (the hand paths where they apply); elsewhere the
        # card classes. A shoe of 13 counts is one suit model given the ranks (SuitModel.given_rank).
        varied = not shoe.is_infinite and len(set(suit_model(shoe).given_rank().ranks)) > 1
        if bet in MIXED and varied:
            assert value_calls, bet.key
            assert fast.explanation.route == "hand paths", bet.key
        if bet.key in BY_CLASSES and varied and shoe.suited is not None:
            assert suit_calls, bet.key
            assert fast.explanation.route == "hand paths", bet.key
        if bet.key in BY_VALUES or not varied:
            assert not value_calls and not suit_calls, bet.key
        assert lines(fast) == lines(general_price(bet, dist)), (bet.key, shoe.describe())
        assert all(0 <= line.probability <= 1 for line in fast.lines)


def test_which_catalog_bets_take_which_fast_path():
    """Which older catalog bets the hand paths apply to: one hand's pair by values, whole hands' suits
    and colours by classes of cards."""
    names = {key: CATALOG.bet(key).names for key in CARD_LEVEL  # the catalog's bets in the older names
             if CATALOG.bet(key).family == "card" and CATALOG.bet(key).names <= OLDER_NAMES}
    card_names = {key: sorted(n & set(FACT_NAMES)) for key, n in names.items()}
    assert {key for key, n in card_names.items() if hand_pairs.hand_of(n) is not None} == BY_VALUES
    suited = Shoe.decks(1)
    assert {key for key, n in card_names.items() if hand_suits.applies(n, suited)} == BY_CLASSES
    # Bets on third cards' ranks (Monkey 6) have no hand path: the card classes price them everywhere.
    assert BY_VALUES | BY_CLASSES == {key for key in card_names if key not in ("monkey6", "monkey_tie")}
    assert not hand_suits.applies(["player_red"], Shoe.from_counts([4] * 13))  # no suits: the card walk
    assert hand_pairs.hand_of(["player_pair", "banker_pair"]) is None
    assert hand_pairs.hand_of([]) is None
    assert hand_pairs.hand_of(["banker_suited_pair"]) == 1


SMALL_CARDS = [r + s for r in ("A", "2", "5", "8", "9", "K", "Q") for s in ("s", "h", "d")]
#: Coup and deal names, read jointly with the card names (any bet on them is a function of this joint).
VALUE_NAMES = ("player", "banker", "player_cards", "banker_cards", "player_third", "banker_initial")
COUP_NAMES = ("player_wins", "banker_wins", "tie")


def check_joints(shoe, suits=False):
    """The fast paths' joint counts equal the card walk's, where each path applies (checked taken)."""
    if shoe.suited is not None:
        with counted(first_four, "first_four_counts") as calls:
            fast = first_four._pair_distribution.__wrapped__(shoe)
        assert calls
        general = first_four._unknown_suits(shoe)  # the card walk, as for a shoe without suits
        assert (fast.states, fast.total, fast.suits_assumed) == (general.states, general.total, None)
    dist = walk(shoe)
    for facts, values, by_coup in [(("player_pair", "player_suited_pair"), VALUE_NAMES, None),
                                   (("banker_suited_pair", "banker_pair"), VALUE_NAMES, None),
                                   (("player_pair",), COUP_NAMES, values_of(coup_names, COUP_NAMES))]:
        fast = hand_pairs.hand_pair_counts(dist, facts, values_of(deal_names, values), by_coup)
        assert fast == card_counts(shoe, values, facts, value_of=values_of(deal_names, values)), facts
        assert all(0 <= x <= fast[1] for x in fast[0].values())
    if suits and shoe.suited is not None:
        for facts, values in [(("banker_suited", "player_suited"), VALUE_NAMES),
                              (("banker_black", "banker_red", "player_red", "player_suited"), COUP_NAMES)]:
            fast = hand_suits.hand_suit_counts(dist, facts, values_of(deal_names, values))
            assert fast == card_counts(shoe, values, facts, value_of=values_of(deal_names, values)), facts


@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SMALL_CARDS), min_size=6, max_size=9))
def test_fast_paths_equal_the_card_walk_on_small_suited_shoes(cards):
    """Random small suited shoes (few ranks, repeated cards: pairs and suited pairs are common)."""
    check_joints(Shoe.from_cards(cards))


@pytest.mark.parametrize("make", [
    lambda: Shoe.from_counts([2, 1, 0, 3, 0, 0, 1, 2, 0, 1, 0, 0, 1]),  # bare ranks: suits assumed
    lambda: Shoe.from_cards(SMALL_CARDS[:12]).remove(["A", "5"]),  # suited, less cards of unknown suit
], ids=["13 counts", "suited less unknown suits"])
def test_fast_paths_equal_the_card_walk_on_shoes_without_suits(make):
    """Where suits are unknown the value path prices suited pairs by the same model, with the same
    assumption (pair bets on such shoes take the card walk already)."""
    check_joints(make())


def test_catalog_pair_and_hand_pair_bets_match_brute_force():
    """Through PayTable.price, as track and analyse call it: brute force over every ordered six cards."""
    cards = ["Ah", "Ah", "Kh", "2h", "Kd", "5h", "8s", "8c"]  # pairs, suited 3-card 8s, red and black
    keys = sorted(BY_VALUES | BY_CLASSES) + [k for k in CARD_LEVEL if CATALOG.bet(k).family == "pair"]
    expected = brute_payouts(cards, keys)
    dist = walk(Shoe.from_cards(cards))
    for key in keys:
        first_four._pair_distribution.cache_clear()
        result = CATALOG.bet(key).price(dist)  # every route of the engine asked, as track and analyse ask them
        got = Counter()
        for line in result.lines:
            if line.count:
                got[line.pays] += line.count
        assert got == expected[key], key


def depleted_8_deck_shoes(n, seed):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        cards = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
                 for s in "shdc" for _ in range(8)]
        rng.shuffle(cards)
        out.append(Shoe.from_cards(cards[rng.randint(80, 380):]))
    return out


@pytest.mark.slow
# 15 shoes of at most 12 cards: the card walk of a suit bet on a random suited shoe costs seconds to
# minutes as the shoe grows (no suit symmetry), and every card-level bet is priced both ways.
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(SMALL_CARDS), min_size=6, max_size=12))
def test_fast_paths_equal_the_card_walk_on_more_small_shoes(cards):
    check_joints(Shoe.from_cards(cards), suits=True)
    check_shoe(Shoe.from_cards(cards), [CATALOG.bet(k) for k in CARD_LEVEL] + MIXED)


@pytest.mark.slow
@pytest.mark.parametrize("shoe", depleted_8_deck_shoes(2, seed=12), ids=["in play 1", "in play 2"])
def test_fast_paths_equal_the_card_walk_on_shoes_in_play(shoe):
    """Player/Banker Wins with a Pair on suited 8-deck shoes in play. (The card walk of a bet reading
    suits on such a shoe, whose ranks have no suit symmetry left, runs for many minutes: those fast
    paths are checked against it on the small random suited shoes above, and on full decks below.)"""
    check_shoe(shoe, [CATALOG.bet(k) for k in sorted(BY_VALUES)])


@pytest.mark.slow
@pytest.mark.parametrize("shoe", [Shoe.decks(6).remove(["5", "Kh", "K", "9s"]), Shoe.decks(1).remove(["Q"] * 3)],
                         ids=["6 decks less 5 Kh K 9s", "1 deck less 3 Q"])
def test_fast_paths_equal_the_card_walk_on_shoes_with_unknown_suits(shoe):
    check_shoe(shoe, [CATALOG.bet(k) for k in CARD_LEVEL] + MIXED)


@pytest.mark.slow
@pytest.mark.parametrize("shoe", [Shoe.decks(8), Shoe.decks(1)], ids=["8 decks", "1 deck"])
def test_fast_paths_equal_the_card_walk_on_full_decks(shoe):
    check_shoe(shoe, [CATALOG.bet(k) for k in CARD_LEVEL] + MIXED)


def sequence_by_sequence(shoe, value_of, xp, xb):
    """Ways to deal each key's coups with the Player's cards in class ``xp`` and the Banker's in ``xb``,
    summed sequence by sequence over every played six-value sequence in Python integers (no merged
    rows, no int64, no float sums)."""
    import numpy as np

    idx, used, deal, deals = hand_suits._table(walk(shoe).tableau)
    kind = "player first" if xp <= xb else "banker first" if xb <= xp else "disjoint"
    t = np.array(hand_suits._class_table(shoe.suited, xp) + hand_suits._class_table(shoe.suited, xb) + (1,),
                 dtype=object)
    n = shoe.size
    weight = np.ones(len(used), dtype=object)
    for k in (4, 5):  # the unused cards: (N - used)(N - used - 1)...(N - 5)
        weight = weight * np.where(used <= k, n - k, 1).astype(object)
    for c in idx[kind]:
        weight = weight * t[c]
    out = Counter()
    order = np.argsort(deal, kind="stable")
    starts = np.flatnonzero(np.r_[True, np.diff(deal[order]) != 0])
    for d, total in zip(deal[order][starts].tolist(), np.add.reduceat(weight[order], starts).tolist()):
        out[value_of(deals[d])] += total
    return out


@pytest.mark.parametrize("shoe", [depleted_8_deck_shoes(1, seed=5)[0],
                                  Shoe.decks(30).remove(["Ah", "Ah", "5d", "Ks", "Kh", "8c", "9d"])],
                         ids=["8 decks in play (int64)", "30 decks less 7 (above the int64 bound)"])
def test_merged_rows_give_every_sequence_its_weight(shoe):
    """hand_suits keeps one row per pair of hands' value multisets (and key), with the number of
    sequences it stands for: its class-pair counts equal the sequence-by-sequence sums, for nested and
    disjoint classes, below the int64 bound (N**6 < 2**63: N <= 1,448 cards) and above it (Python
    integers in object arrays)."""
    import numpy as np

    red, black, anyone = hand_suits._RED, hand_suits._BLACK, hand_suits._ANY
    spade, heart = frozenset({0}), frozenset({1})  # suit indices of exact_odds.conditions.card_names
    pairs = [(red, red), (spade, anyone), (anyone, heart), (black, red), (heart, heart)]  # same, nested, disjoint
    value_of = values_of(deal_names, ("player", "banker", "player_cards", "banker_cards"))
    rows = hand_suits._subset(walk(shoe).tableau, value_of, None)
    by_kind, order = rows
    sequences = len(hand_suits._table(walk(shoe).tableau)[1])
    for kind, (codes, mult, starts, present) in by_kind.items():
        assert int(mult.sum()) == sequences and len(mult) < sequences // 5, kind  # every sequence once
    # One row per coup's multiset (and key) when both hands' class is the same: few for one key.
    one_key = hand_suits._subset(walk(shoe).tableau, values_of(deal_names, ()), None)[0]
    assert len(one_key["same"][1]) < len(one_key["disjoint"][1]) // 4
    assert (shoe.size ** 6 < 2 ** 63) == (shoe.size <= 1448)
    counts = hand_suits._class_counts(np, shoe, rows, pairs, None)
    for pair in pairs:
        expected = sequence_by_sequence(shoe, value_of, *pair)
        assert {k: n for k, n in zip(order, counts[pair]) if n} == {k: n for k, n in expected.items() if n}, pair
