"""The best sort: every two-group sort of the values (or ranks) searched for the largest edge.

A sort splits the 10 values into two non-empty groups; a sort and its mirror (the groups swapped) give the
same edge, so there are 2**9 - 1 = 511 of them, each named here by its **High** group, the one without
value 0 (by ranks: 2**12 - 1 = 4095 sorts, High the group without the King).

One joint is computed once: for every combination of the exact values (or ranks) at the seen positions,
each bet's six-card counts by pay line (:func:`exact_odds.information.play.joint`). A sort's states are
unions of those combinations, and a group's counts (unused positions included: the split factors of
play.py are sums over labels) are sums of the combinations' counts. So each sort is one grouped sum
(numpy), exact: the counts are cut into limbs of :func:`limb_bits` bits, so that a limb's sum over every
combination stays below 2**53, exact in float64 (32 bits up to 2**20 combinations: the 10**6 of six values;
fewer for the 13**6 of six ranks); the limbs are joined in Python integers.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import lcm

from exact_odds.information.play import InformationPlay, checked_bets, information_play, joint, scaled_pays
from exact_odds.information.seen import Information, InformationError
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau



def limb_bits(terms: int) -> int:
    """Bits of a limb such that ``terms`` limbs sum below 2**53 in float64: each is below 2**bits, so the sum
    is below terms * 2**bits <= 2**(bit_length(terms) + bits) <= 2**53."""
    return min(32, 53 - max(terms, 1).bit_length())


@dataclass(frozen=True)
class SortSearch:
    """The search of every two-group sort: the sorts ranked by edge, and the best one's states."""

    positions: tuple[int, ...]
    sort_by: str  # 'value' or 'rank'
    ranked: tuple[tuple[Fraction, frozenset[int]], ...]  # (edge per coup, High group), best first
    best: InformationPlay  # the states of the best sort

    @property
    def searched(self) -> int:
        """How many sorts were searched."""
        return len(self.ranked)

    def describe(self) -> str:
        """What the search ranged over, in one line."""
        size = 10 if self.sort_by == "value" else 13
        return (f"searched all {self.searched} two-group sorts of the {size} {self.sort_by}s (2**{size - 1} - 1; a "
                f"sort and its mirror are one), group seen at positions "
                f"{', '.join(map(str, self.positions))}; High is the group without "
                f"{'value 0' if self.sort_by == 'value' else 'the King'}")


def every_sort(sort_by: str = "value") -> list[frozenset[int]]:
    """Every sort by its High group: each non-empty set of the values 1-9 (ranks A-Q), in binary order."""
    size = 10 if sort_by == "value" else 13
    members = list(range(1, 10)) if sort_by == "value" else list(range(12))
    return [frozenset(m for i, m in enumerate(members) if mask >> i & 1) for mask in range(1, 1 << (size - 1))]


def best_sort(shoe: Shoe, positions, bets=None, must_bet: bool = False, sort_by: str = "value",
              tableau: Tableau = PUNTO_BANCO) -> SortSearch:
    """The sort of largest edge when the group of each of ``positions`` is seen, among all sorts.

    >>> from exact_odds import Shoe
    >>> search = best_sort(Shoe.decks(8), (1,))
    >>> sorted(search.ranked[0][1]), search.searched
    ([6, 7, 8, 9], 511)
    """
    import numpy as np

    if sort_by not in ("value", "rank"):
        raise InformationError(f"sort_by must be 'value' or 'rank', not {sort_by!r:.60}")
    if not isinstance(must_bet, bool):
        raise InformationError(f"must_bet must be True or False, not {must_bet!r:.60}")
    exact = Information(**{sort_by: positions})
    if not exact.positions:
        raise InformationError("no position is seen; a sort is searched for the positions whose group is seen")
    bets = checked_bets(bets)
    labels, counts, total = joint(shoe, exact, bets, tableau)
    pays = scaled_pays(bets)
    scale = lcm(*(d for d, _ in pays))
    columns = [(b, line) for b, (_, scaled) in enumerate(pays) for line in range(len(scaled))]
    flat = [counts[s][b][line] for s in range(len(labels)) for b, line in columns]
    top = max(flat).bit_length()
    bits = limb_bits(len(labels))
    limbs = [np.array([(c >> shift) & ((1 << bits) - 1) for c in flat], dtype=np.float64)
             for shift in range(0, max(top, 1), bits)]
    n, cols = len(positions := exact.positions), len(columns)
    lab = np.array(labels, dtype=np.int64).reshape(len(labels), n)
    weights = [(pays[b][1][line] * (scale // pays[b][0])) for b, line in columns]
    ranked = []
    for high in every_sort(sort_by):
        is_high = np.zeros(13 if sort_by == "rank" else 10, dtype=np.int64)
        is_high[list(high)] = 1
        group = np.zeros(len(labels), dtype=np.int64)
        for i in range(n):
            group = group * 2 + is_high[lab[:, i]]
        index = (group[:, None] * cols + np.arange(cols)).ravel()
        sums = [np.bincount(index, weights=limb, minlength=(1 << n) * cols) for limb in limbs]
        numerator = 0
        for g in range(1 << n):
            cells = [sum(int(s[g * cols + c]) << (bits * j) for j, s in enumerate(sums)) for c in range(cols)]
            nums = [0] * len(bets)
            for (b, _), c, w in zip(columns, cells, weights):
                nums[b] += c * w
            if any(cells):
                best = max(nums)
                numerator += best if must_bet or best > 0 else 0
        ranked.append((Fraction(numerator, scale * total), high))
    ranked.sort(key=lambda x: -x[0])  # stable: among equal edges the first in binary order
    best = information_play(shoe, Information(group=positions, high=ranked[0][1], sort_by=sort_by), bets,
                            must_bet, tableau)
    if best.edge != ranked[0][0]:  # two computations of one number: a check that costs nothing
        raise AssertionError(f"the search's edge {ranked[0][0]} is not the states' {best.edge}")
    return SortSearch(positions, sort_by, tuple(ranked), best)


__all__ = ["SortSearch", "best_sort", "every_sort"]
