"""The compiled walk (``exact_odds_native.walk``) gives :func:`walk_python`'s distribution exactly.

Item by item and in order: the same :class:`Deal` keys (of that class), the same integer counts, the
same insertion order, and the same coups in the same order, on 8 decks, 1 deck, the infinite deck,
the smallest shoes, random depleted shoes (hypothesis), shoes with values run out, other tableaux,
and on both sides of int64's bound proven in exact_odds/punto_banco/_native.c: 1,448 cards
(1448**6 < 2**63, walked in int64) against 1,449 (declined: :func:`walk` counts in Python integers).
Where the kernel was not built, these are skipped; :func:`walk` then is :func:`walk_python`.
"""

import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from exact_odds.punto_banco import native
from exact_odds.punto_banco.walk import rule_tables, walk, walk_native, walk_python
from exact_odds.rules.coup import Coup, Deal
from exact_odds.rules.shoe import Shoe, ShoeError
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

needs_kernel = pytest.mark.skipif(native.module() is None, reason=f"walking by {native.describe()}")

#: The largest shoe int64 holds (N**6 < 2**63), as _native.c proves.
WALK_MAX_CARDS = 1448


def same_walk(fast, slow):
    """Equal in every way a caller can see: deals and coups item by item in order, types, total."""
    assert fast is not None
    assert list(fast.deals.items()) == list(slow.deals.items())
    assert all(type(k) is Deal for k in fast.deals)
    assert all(type(n) is int for n in fast.deals.values())
    assert list(fast.coups.items()) == list(slow.coups.items())
    assert all(type(k) is Coup for k in fast.coups)
    assert (fast.shoe, fast.tableau, fast.total) == (slow.shoe, slow.tableau, slow.total)
    assert fast == slow


def ranks_of_values(values):
    """A 13-rank shoe with these ten value counts (value 0 all tens)."""
    return Shoe.from_counts([*values[1:], values[0], 0, 0, 0])


@needs_kernel
@pytest.mark.parametrize("shoe", [Shoe.decks(8), Shoe.decks(1), Shoe.decks(6), Shoe.infinite(),
                                  Shoe.from_counts([4, 0, 4, 0, 4, 0, 4, 0, 4, 1, 0, 0, 0]),
                                  Shoe.from_counts([0] * 9 + [3, 3, 3, 3])],
                         ids=["8 decks", "1 deck", "6 decks", "infinite", "values run out", "faces only"])
def test_compiled_walk_is_the_python_walk(shoe):
    same_walk(walk_native(shoe), walk_python(shoe))
    same_walk(walk(shoe), walk_python(shoe))


@needs_kernel
@pytest.mark.parametrize("tableau", [
    Tableau("player stands on 5", (True,) * 5 + (False,) * 3, PUNTO_BANCO.banker_draw),
    Tableau("odd", (True, False) * 4, tuple(tuple((b + t) % 3 == 0 for t in range(11)) for b in range(8))),
    Tableau("never", (False,) * 8, ((False,) * 11,) * 8)], ids=["player stands on 5", "odd", "never"])
def test_any_tableau(tableau):
    for shoe in (Shoe.decks(8), Shoe.decks(1), Shoe.infinite()):
        same_walk(walk_native(shoe, tableau), walk_python(shoe, tableau))


def depleted_shoes():
    """1-8 decks with up to all but 6 of their cards dealt, at random."""
    return st.integers(1, 8).flatmap(lambda decks: st.tuples(
        st.just(decks), st.lists(st.integers(0, 51), max_size=52 * decks - 6)))


@needs_kernel
@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(depleted_shoes())
def test_random_depleted_shoes(drawn):
    depleted_walks_agree(drawn)


@pytest.mark.slow  # the same check on 200 shoes (4 s for 80)
@needs_kernel
@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(depleted_shoes())
def test_many_random_depleted_shoes(drawn):
    depleted_walks_agree(drawn)


def depleted_walks_agree(drawn):
    decks, dealt = drawn
    ranks = [4 * decks] * 13
    for card in dealt:
        r = card % 13
        while ranks[r] == 0:
            r = (r + 1) % 13
        ranks[r] -= 1
    shoe = Shoe.from_counts(ranks)
    same_walk(walk_native(shoe), walk_python(shoe))


@needs_kernel
@settings(max_examples=80, deadline=None)
@given(st.lists(st.integers(0, 12), min_size=6, max_size=12))
def test_smallest_shoes(cards):
    shoe = Shoe.from_counts([cards.count(r) for r in range(13)])
    same_walk(walk_native(shoe), walk_python(shoe))


@needs_kernel
def test_int64_bound_at_its_edge():
    """1,448 cards are walked in int64 (1448**6 < 2**63) and give Python's integers; 1,449 are
    declined (1449**6 > 2**63) and :func:`walk` counts them in Python. The first shoe is weighted
    to one value, so its largest intermediate (acc[10] * c0[u]) is as large as a shoe of this size
    makes it."""
    assert WALK_MAX_CARDS ** 6 < 2 ** 63 < (WALK_MAX_CARDS + 1) ** 6
    for values in ((WALK_MAX_CARDS - 9,) + (1,) * 9, (0,) + (WALK_MAX_CARDS - 8,) + (1,) * 8,
                   (WALK_MAX_CARDS - 1438,) + (160,) * 8 + (158,)):
        assert sum(values) == WALK_MAX_CARDS
        shoe = ranks_of_values(values)
        fast = walk_native(shoe)
        same_walk(fast, walk_python(shoe))
        assert sum(fast.deals.values()) == fast.total
        bigger = ranks_of_values((values[0] + 1,) + values[1:])
        assert walk_native(bigger) is None
        assert walk(bigger) == walk_python(bigger)
    assert walk_native(Shoe.decks(28)) is None  # 1,456 cards: over the bound
    same_walk(walk_native(Shoe.decks(27)), walk_python(Shoe.decks(27)))  # 1,404 cards


@needs_kernel
def test_over_the_bound_by_one_value():
    """A single value's count over 1,448 is declined, whatever the others."""
    assert walk_native(ranks_of_values((WALK_MAX_CARDS + 1,) + (0,) * 9)) is None
    assert walk_native(ranks_of_values((2 ** 64,) + (1,) * 9)) is None


@needs_kernel
def test_kernel_refuses_bad_arguments():
    kernel = native.module()
    player = bytes(PUNTO_BANCO.player_draws(p) for p in range(8))
    banker = bytes(PUNTO_BANCO.banker_draws(b, t) for b in range(8) for t in (*range(10), None))
    totals, naturals = rule_tables()
    good = ((128,) + (32,) * 9, False, totals, naturals, player, banker, Deal)
    assert kernel.walk(*good)[0] == walk_python(Shoe.decks(8)).deals
    no_natural_at_9 = naturals[:99] + b"\0"  # 9 against 9 would then read past the draw tables
    for i, bad, error in [(0, (1,) * 9, ValueError), (0, (-1,) + (32,) * 9, ValueError),
                          (0, (1.0,) * 10, TypeError), (2, totals[:99], ValueError), (2, b"\x0a" * 100, ValueError),
                          (3, naturals + b"\0", ValueError), (3, no_natural_at_9, ValueError),
                          (4, player[:7], ValueError), (5, banker + b"\0", ValueError), (6, dict, TypeError),
                          (6, 7, TypeError)]:
        args = list(good)
        args[i] = bad
        with pytest.raises(error):
            kernel.walk(*args)
    assert kernel.walk((1,) * 5 + (0,) * 5, False, totals, naturals, player, banker, Deal) is None  # 5 cards


def test_walk_still_refuses_small_shoes():
    with pytest.raises(ShoeError):
        walk(Shoe((0,) * 12 + (5,)))


def test_a_kernel_built_before_the_walk_is_passed_over(monkeypatch):
    """An exact_odds_native built from an older _native.c (no walk): walk is walk_python."""
    monkeypatch.setattr(native, "module", lambda: object())
    assert walk_native(Shoe.decks(8)) is None
    same_walk(walk(Shoe.decks(8)), walk_python(Shoe.decks(8)))


def test_pure_environment_walks_in_python():
    """EXACT_ODDS_PURE=1: no kernel, so walk is walk_python (the same distribution)."""
    code = ("from exact_odds import Shoe; from exact_odds.punto_banco.walk import walk, walk_native; "
            "d = walk(Shoe.decks(8)); print(walk_native(Shoe.decks(8)) is None, sum(d.deals.values()) == d.total, "
            "d.outcome_counts()['banker'])")
    out = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, EXACT_ODDS_PURE="1"),
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == ["True", "True", "2292252566437888"]
