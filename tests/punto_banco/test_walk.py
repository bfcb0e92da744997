"""The engine against a deliberately naive enumerator, and its invariants."""

from collections import Counter
from fractions import Fraction

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exact_odds import Shoe, walk
from oracles.naive import naive_counts, naive_infinite_counts


def engine_counts(shoe):
    out = Counter()
    for coup, n in walk(shoe).coups.items():
        if n:
            out[tuple(coup)] += n
    return out


def narrow_shoes():
    """Up to 5 ranks present with any counts: random, often with ranks exhausted."""
    return st.lists(st.integers(0, 12), min_size=1, max_size=5, unique=True).flatmap(
        lambda present: st.tuples(*[st.integers(0, 30) for _ in present]).map(
            lambda cs: tuple(cs[present.index(r)] if r in present else 0 for r in range(13))
        )
    ).filter(lambda ranks: sum(ranks) >= 6)


def small_shoes():
    """6 to 9 cards of any ranks: the smallest shoes that can complete a coup."""
    return st.lists(st.integers(0, 12), min_size=6, max_size=9).map(
        lambda cards: tuple(cards.count(r) for r in range(13))
    )


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(narrow_shoes())
def test_engine_matches_naive_enumerator_on_random_shoes(ranks):
    assert engine_counts(Shoe.from_counts(ranks)) == naive_counts(ranks)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(small_shoes())
def test_engine_matches_naive_enumerator_on_tiny_shoes(ranks):
    assert engine_counts(Shoe.from_counts(ranks)) == naive_counts(ranks)


def test_engine_matches_naive_enumerator_on_one_deck_less_cards():
    """A full-rank shoe: one deck with a few ranks exhausted."""
    ranks = [4, 0, 4, 0, 4, 0, 4, 0, 4, 1, 0, 0, 0]
    assert engine_counts(Shoe.from_counts(ranks)) == naive_counts(ranks)


def test_face_cards_count_zero():
    """10, J, Q and K all count 0: a shoe of them only always ties at 0."""
    d = walk(Shoe.from_counts([0] * 9 + [3, 3, 3, 3]))
    assert set(d.coups) == {(0, 0, 3, 3)}
    # Swapping tens for kings changes nothing.
    a = walk(Shoe.from_counts([4] * 9 + [8, 0, 4, 4]))
    b = walk(Shoe.from_counts([4] * 9 + [0, 8, 4, 4]))
    assert a.deals == b.deals


def test_value_counts_add_ten_to_king_and_keep_ace_to_nine():
    """docs/rules.md §1: A is 1, 2-9 face value, 10 and faces 0; a distinct count per rank shows each lands."""
    ranks = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 20, 30, 40]
    assert Shoe.from_counts(ranks).value_counts == (100, 1, 2, 3, 4, 5, 6, 7, 8, 9)
    assert Shoe.infinite().value_counts == (4, 1, 1, 1, 1, 1, 1, 1, 1, 1)


def test_one_hundred_thousand_decks_is_exact():
    """No overflow at any deck count: Python integers, total N(N-1)...(N-5)."""
    d = walk(Shoe.decks(100_000))
    n = 5_200_000
    assert d.total == n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    assert sum(d.deals.values()) == d.total
    inf = walk(Shoe.infinite())
    # 100,000 decks are within a millionth of the infinite deck.
    p = Fraction(d.outcome_counts()["banker"], d.total)
    q = Fraction(inf.outcome_counts()["banker"], inf.total)
    assert abs(p - q) < Fraction(1, 10**6)


def test_removing_cards_changes_the_shoe():
    shoe = Shoe.decks(1).remove(["5", "5", "K", "A"])
    assert shoe.ranks == (3, 4, 4, 4, 2, 4, 4, 4, 4, 4, 4, 4, 3)
    assert walk(shoe).total == 48 * 47 * 46 * 45 * 44 * 43


def test_engine_matches_naive_enumerator_on_a_full_deck():
    """The whole single-deck game, rank by rank, agrees cell by cell."""
    ranks = [4] * 13
    assert engine_counts(Shoe.from_counts(ranks)) == naive_counts(ranks)


def test_engine_matches_naive_enumerator_on_the_infinite_deck():
    """The infinite deck, coup state by coup state, in units of 13**-6."""
    inf = walk(Shoe.infinite())
    assert inf.total == 13**6
    assert engine_counts(Shoe.infinite()) == naive_infinite_counts()
