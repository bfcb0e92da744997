"""Balanced counts: the integer tags, adding up to 0 over a deck, with the best betting correlation.

A count is **balanced** when the tags of one deck (four cards of each rank)
add up to 0, as every published baccarat side-bet count is (Jacobson's
Dragon 7 count, advancedadvantageplay.com's 9 over 7). Its true count is then
the running count per deck left (:mod:`exact_odds.in_play.count`).

The ten-valued ranks 10, J, Q and K get one tag: no value-level bet can tell
them apart (their effects of removal are equal), the published counts tag
them alike (a "T" column), and a counter then keeps ten tags, not thirteen.

**The search.** With tags t (ranks A..9, and T for the four ten-valued ranks)
and v = −EOR of each rank, over the 52 cards of a deck the tags have mean 0,
so the betting correlation (:func:`~exact_odds.in_play.simulate.removal.betting_correlation`)
is ``S / √(Q · Var)`` with ``S = Σ_r t_r v_r`` and ``Q = Σ_r t_r²`` (13 ranks).
For each partial sum s = Σ t and square sum q = Σ t² over A..9, a dynamic
programme keeps the tags with the largest S (exact integers: the v are
brought to one denominator). For a fixed (s, q) and ten tag, a larger S is a
larger correlation, so keeping only the largest loses no optimum; the ten tag
then closes the sum (``s + 4 t_T = 0``) and the best ``S² / Q`` (with S > 0)
wins. Ties go to the smaller Q (the simpler count), then to the first tags in
order. Every tag vector within the level is covered, so the search is exact
at every level, in about 3,000·L⁴ steps (well under a second at level 3).
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Sequence

from exact_odds.in_play.simulate.removal import LinearCount, betting_correlation, check_eor
from exact_odds.rules.shoe import ShoeError

#: Indices of the ten-valued ranks 10, J, Q, K (one tag between them).
TEN_VALUED = (9, 10, 11, 12)
#: Highest level of a balanced count: its search takes about 3,000·L⁴ steps (level 8: 1-4 s
#: on the shared 2-core machine, level 3 under 0.1 s).
MAX_BALANCED_LEVEL = 8


def balanced_count(eor: Sequence[Fraction | None], level: int = 2) -> LinearCount:
    """The balanced count (module docstring) whose tags are at most ``level`` in size and whose
    betting correlation with minus ``eor`` (13 EORs, A..K) over one deck is the highest.

    When no balanced count correlates positively (every EOR equal), the tags are all 0 and the
    correlation 0."""
    if isinstance(level, bool) or not isinstance(level, int):
        raise TypeError(f"level must be an int from 1 to {MAX_BALANCED_LEVEL}, not {type(level).__name__}")
    if not 1 <= level <= MAX_BALANCED_LEVEL:
        raise ShoeError(f"a balanced count's level is a whole number from 1 to {MAX_BALANCED_LEVEL} "
                        f"(its exact search grows as the level to the fourth), not {level}")
    check_eor(eor, (4,) * 13)
    if any(e is None for e in eor):
        raise ShoeError("a balanced count tags every rank of a deck, so it needs the EOR of every rank; "
                        "this shoe lacks a rank (give a shoe holding every rank)")
    values = [-Fraction(e) for e in eor]
    denominator = lcm(*(v.denominator for v in values))
    v = [int(x * denominator) for x in values]
    ten = sum(v[r] for r in TEN_VALUED)
    # (sum of tags, sum of squares) of A..9 -> (largest S, those tags)
    states: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {(0, 0): (0, ())}
    choices = range(-level, level + 1)
    for r in range(9):
        following: dict[tuple[int, int], tuple[int, tuple[int, ...]]] = {}
        for (s, q), (best, tags) in states.items():
            for t in choices:
                key = (s + t, q + t * t)
                score = best + t * v[r]
                held = following.get(key)
                if held is None or score > held[0]:
                    following[key] = (score, tags + (t,))
        states = following
    winner: tuple[int, int, tuple[int, ...]] | None = None  # (S, Q, tags)
    for t in choices:
        for (s, q), (score, tags) in states.items():
            if s + 4 * t != 0:
                continue
            total, square = score + t * ten, q + 4 * t * t
            if total <= 0:
                continue
            if winner is None or _better(total, square, winner[0], winner[1]):
                winner = (total, square, tags + (t,) * 4)
    if winner is None:
        return LinearCount((0,) * 13, Fraction(0), 0)
    return betting_correlation(winner[2], eor, (4,) * 13)


def _better(s1: int, q1: int, s2: int, q2: int) -> bool:
    """Whether S1/√Q1 beats S2/√Q2 (both S > 0), a tie going to the smaller Q: exact, no root."""
    left, right = s1 * s1 * q2, s2 * s2 * q1
    return left > right or (left == right and q1 < q2)

