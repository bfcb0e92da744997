"""Information play against the brute force of tests/oracles/information_brute.py: every state's count
and EVs, and the edge, for groups, values and ranks at every position 1-6, on small shoes."""

from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from oracles.information_brute import brute_edge, brute_states
from exact_odds.information.play import information_play
from exact_odds.information.seen import Information
from exact_odds.bets.selection import select_bets
from exact_odds.rules.shoe import Shoe

SUITS = "shdc"
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def cards_of(counts):
    return [f"{RANKS[r]}{SUITS[i % 4]}" for r, n in enumerate(counts) for i in range(n)]


def agree(counts, seen, high=frozenset({6, 7, 8, 9}), sort_by="value", must_bet=False, pairs=False):
    cards = cards_of(counts)
    expected, total = brute_states(cards, seen, high, sort_by, pairs)
    info = Information(group=[p for p, h in seen.items() if h == "group"],
                       value=[p for p, h in seen.items() if h == "value"],
                       rank=[p for p, h in seen.items() if h == "rank"],
                       high=high if "group" in seen.values() else None, sort_by=sort_by)
    bets = select_bets(bets="banker,player,tie" + (",player_pair,banker_pair,either_pair" if pairs else ""))
    play = information_play(Shoe.from_counts(counts), info, bets, must_bet=must_bet)
    assert play.total == total
    got = {s.seen: s for s in play.states}
    assert set(got) == set(expected)
    for key, (count, sums) in expected.items():
        s = got[key]
        assert s.count == count
        assert s.probability == Fraction(count, total)
        assert list(s.evs) == [x / count for x in sums]  # Banker, Player, Tie (and the pairs), in order
    assert play.edge == brute_edge(expected, total, must_bet)
    return play


#: A nine-card shoe with naturals, draws and ties (every layout of the coup occurs: checked below).
TEN = (1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0)


@pytest.mark.parametrize("position", [1, 2, 3, 4, 5, 6])
@pytest.mark.parametrize("how", ["group", "value"])
def test_one_position_agrees_with_brute_force(position, how):
    agree(TEN, {position: how})


@pytest.mark.parametrize("seen", [
    {1: "group", 2: "group", 3: "group", 4: "group"},
    {5: "group", 6: "group"},
    {5: "value", 6: "value"},
    {5: "group", 6: "value"},
    {1: "value", 5: "group", 6: "group"},
    {1: "group", 2: "group", 3: "group", 4: "group", 5: "group", 6: "group"},
    {2: "value", 4: "group", 6: "rank"},
])
def test_several_positions_agree_with_brute_force(seen):
    agree(TEN, seen)


def test_must_bet_agrees_with_brute_force():
    play = agree(TEN, {1: "group", 5: "group"}, must_bet=True)
    assert all(s.best is not None for s in play.states)


def test_rank_sort_agrees_with_brute_force():
    agree(TEN, {1: "group", 6: "group"}, high=frozenset({9, 10}), sort_by="rank")


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(ranks=st.lists(st.integers(0, 12), min_size=6, max_size=8),
       seen=st.dictionaries(st.integers(1, 6), st.sampled_from(["group", "value"]), min_size=1, max_size=3),
       high=st.frozensets(st.integers(0, 9), min_size=1, max_size=9))
def test_random_small_shoes_agree_with_brute_force(ranks, seen, high):
    agree(tuple(ranks.count(r) for r in range(13)), seen, high)


def test_the_small_shoe_deals_every_layout():
    """The shoe above is a fair test: coups of 4, 5 (either hand drawing) and 6 cards all occur."""
    from oracles.brute import play
    from itertools import permutations

    layouts = {(c["pn"], c["bn"]) for c in map(play, permutations(cards_of(TEN), 6))}
    assert layouts == {(2, 2), (3, 2), (2, 3), (3, 3)}


@pytest.mark.parametrize("shoe", [Shoe.decks(8), Shoe.infinite(), Shoe.from_counts(TEN)])
@pytest.mark.parametrize("position", [1, 2, 3, 4, 5, 6])
def test_each_position_alone_shows_the_shoe(shoe, position):
    """Exchangeability: whatever the coup, the card at any one position is a card of the shoe drawn at
    random, so P(position shows value v) = (cards of value v) / N, for the used and unused positions alike."""
    play = information_play(shoe, Information(value=(position,)))
    counts = shoe.value_counts
    assert {s.seen[0]: s.probability for s in play.states} == {
        str(v): Fraction(c, sum(counts)) for v, c in enumerate(counts) if c}


@pytest.mark.parametrize("shoe", [Shoe.decks(1), Shoe.infinite()])
def test_the_two_drawn_positions_show_two_cards_of_the_shoe(shoe):
    """P(5th shows a, 6th shows b) = c_a (c_b - [a = b]) / (N (N - 1)) (with replacement on the infinite deck)."""
    play = information_play(shoe, Information(value=(5, 6)))
    c, n = shoe.value_counts, sum(shoe.value_counts)
    inf = shoe.is_infinite
    for s in play.states:
        a, b = int(s.seen[0]), int(s.seen[1])
        expected = Fraction(c[a] * c[b], n * n) if inf else Fraction(c[a] * (c[b] - (a == b)), n * (n - 1))
        assert s.probability == expected


def test_a_shoe_past_the_int64_bound_is_exact_in_python_integers():
    """28 decks (1456 cards): 1456**6 > 2**63, so the weights are Python integers (the substrate's bound,
    and play.py's: every split weight is at most N**6); the figures stay exact."""
    shoe = Shoe.decks(28)
    assert shoe.size ** 6 >= 2 ** 63 > Shoe.decks(27).size ** 6
    play = information_play(shoe, Information(group=(5,), high={6, 7, 8, 9}))
    assert {s.seen[0]: s.probability for s in play.states} == {"L": Fraction(9, 13), "H": Fraction(4, 13)}
    two = information_play(shoe, Information(value=(5, 6)))
    zero = two.state("0", "0").probability
    assert zero == Fraction(16 * 28 * (16 * 28 - 1), 1456 * 1455)


@pytest.mark.parametrize("seen", [{1: "group", 3: "group"}, {1: "rank", 2: "value"}, {4: "rank", 5: "group"}])
def test_pair_bets_agree_with_brute_force(seen):
    """Player, Banker and Either Pair (by rank) beside the standard bets: every state's EVs and the edge."""
    shoe = (2, 1, 1, 0, 0, 1, 0, 1, 1, 2, 0, 0, 0)  # two Aces and two 10s: pairs happen
    play = agree(shoe, seen, high=frozenset({6, 7, 8, 9}), pairs=True)
    assert any(s.best is not None and play.bets[s.best].key.endswith("pair") for s in play.states)


@pytest.mark.parametrize("seen, pairs", [({1: "group", 5: "value"}, False), ({2: "rank", 6: "group"}, True)])
def test_the_per_bet_sums_agree_with_brute_force_too(monkeypatch, seen, pairs):
    """Many states (past _JOINT_BINS cells) are summed one bet at a time: forced here on a small shoe."""
    import exact_odds.information.play as play

    monkeypatch.setattr(play, "_JOINT_BINS", 0)
    agree((2, 1, 1, 0, 0, 1, 0, 1, 1, 2, 0, 0, 0), seen, pairs=pairs)
