"""The numpy kernel of the banque walk: every tableau hand, and the counts of one banker pair.

For each banker pair the left and right hands (pair and third card) are two
lists; the ways of the right hand given the left are a matrix. Results are
grouped by what the banker sees (the action), the five flag and the final
total, so that against any banker total the losing, tied and winning totals
of a block are contiguous (prefix sums classify them).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Sequence

from exact_odds.games.banque.model import (
    LOSE, N_ACTIONS, PAIRS, STOOD, TIE, WIN, drew, is_natural_action, natural,
)
from exact_odds.rules.deal import hand_total, is_natural
from exact_odds.rules.tableau import PUNTER

if TYPE_CHECKING:
    from numpy.typing import NDArray

@dataclass(frozen=True)
class _Hands:
    """Every tableau hand a non-natural banker can face, sorted by what the
    banker sees (action), the five flag and the final total.

    A hand is a pair (a, b) with multiplicity m and a third card t (10 = no
    third card). ``five`` marks the hands that exist only through the punter's
    choice at 5 (five-draw if the action is a third card, five-stand if it
    stood); their weight (q or 1 - q) is applied after the walk.
    """

    a: NDArray[Any]
    b: NDArray[Any]
    t: NDArray[Any]
    mult: NDArray[Any]
    off_b: NDArray[Any]  # cards of b's value already in this hand before b
    off_t: NDArray[Any]  # ... before t
    used: NDArray[Any]  # (n, 11) cards of each value the hand used; column 10 is 0
    key: NDArray[Any]  # group key: (2 * action + five) * 10 + final total
    group_starts: NDArray[Any]
    group_keys: NDArray[Any]


#: The two-card 5s by values (a <= b), numbered 1-5: the "holding" a punter
#: who knows his two cards chooses on (:mod:`exact_odds.games.banque.knows`).
FIVE_HOLDINGS = ((0, 5), (1, 4), (2, 3), (6, 9), (7, 8))


@lru_cache(maxsize=2)
def tableau_hands(kinds: int = 2) -> _Hands:
    """The hands, with ``kinds`` five flags: 2 (0 = not a two-card 5, 1 = a
    two-card 5) or 6 (0, or the number 1-5 of the 5's holding in
    :data:`FIVE_HOLDINGS`)."""
    import numpy as np

    rows = []
    for a, b, m in PAIRS:
        total = hand_total(a, b)
        if is_natural(total):
            rows.append((a, b, 10, m, natural(a, b), 0, total))
            continue
        action = PUNTER.action(total)
        five = 0
        if action == "choose":  # exists only through the punter's choice
            five = 1 if kinds == 2 else 1 + FIVE_HOLDINGS.index((min(a, b), max(a, b)))
        if action != "draw":
            rows.append((a, b, 10, m, STOOD, five, total))
        if action != "stand":
            for t in range(10):
                rows.append((a, b, t, m, drew(t), five, hand_total(total, t)))
    rows.sort(key=lambda r: ((kinds * r[4] + r[5]) * 10 + r[6], r[0], r[1], r[2]))
    a = np.array([r[0] for r in rows])
    b = np.array([r[1] for r in rows])
    t = np.array([r[2] for r in rows])
    key = np.array([(kinds * r[4] + r[5]) * 10 + r[6] for r in rows])
    used = np.zeros((len(rows), 11), dtype=np.int64)
    for i, r in enumerate(rows):
        used[i, r[0]] += 1
        used[i, r[1]] += 1
        if r[2] < 10:
            used[i, r[2]] += 1
    used[:, 10] = 0
    group_keys, group_starts = np.unique(key, return_index=True)
    return _Hands(
        a=a, b=b, t=t, mult=np.array([r[3] for r in rows], dtype=np.int64),
        off_b=(b == a).astype(np.int64),
        off_t=np.where(t < 10, (t == a).astype(np.int64) + (t == b), 0),
        used=used, key=key, group_starts=group_starts, group_keys=group_keys,
    )


@lru_cache(maxsize=2)
def _result_bounds(kinds: int = 2):
    """For every banker final total f, the group-index bounds of each
    (action, five flag, result) block: lo and hi of shape (10, 44 * 3).

    Groups are sorted by final total within a block, so against f the losing
    totals (< f), the tie (= f) and the winning totals (> f) are contiguous.
    A natural wins whatever f is."""
    import numpy as np

    h = tableau_hands(kinds)
    gk = h.group_keys
    lo = np.zeros((10, kinds * N_ACTIONS * 3), dtype=np.int64)
    hi = np.zeros_like(lo)
    for f in range(10):
        for blk in range(kinds * N_ACTIONS):
            start = np.searchsorted(gk, blk * 10, "left")
            end = np.searchsorted(gk, blk * 10 + 10, "left")
            if is_natural_action(blk // kinds):
                lose_end = tie_end = start
            else:
                lose_end = np.searchsorted(gk, blk * 10 + f, "left")
                tie_end = np.searchsorted(gk, blk * 10 + f, "right")
            bounds = {WIN: (tie_end, end), TIE: (lose_end, tie_end), LOSE: (start, lose_end)}
            for res, (x, y) in bounds.items():
                lo[f, blk * 3 + res] = x
                hi[f, blk * 3 + res] = y
    return lo, hi


def _classify(np, m, f, kinds=2):
    """Sum a (groups x groups) matrix into (block, result) x (block, result)
    against banker final total f (prefix sums, so empty blocks give 0)."""
    lo, hi = _result_bounds(kinds)
    z = np.zeros((1, m.shape[1]), dtype=m.dtype)
    cz = np.concatenate([z, np.cumsum(m, axis=0)], axis=0)
    y = cz[hi[f]] - cz[lo[f]]
    z = np.zeros((y.shape[0], 1), dtype=m.dtype)
    cz = np.concatenate([z, np.cumsum(y, axis=1)], axis=1)
    return cz[:, hi[f]] - cz[:, lo[f]]


@lru_cache(maxsize=2)
def _shared_cards(kinds: int = 2):
    """Constant (hands x hands) matrices: for left hand i and right hand j, the
    cards of the value of j's first, second and third card that are gone
    before that card is dealt (i's cards of that value, plus j's own earlier
    ones). Only the shoe's counts change from banker pair to banker pair."""
    h = tableau_hands(kinds)
    return (h.used[:, h.a], h.used[:, h.b] + h.off_b[None, :], h.used[:, h.t] + h.off_t[None, :])


@lru_cache(maxsize=2)
def _uses(kinds: int = 2):
    """For each value u, the hands that use a u, how many, and where each group
    of hands starts and ends among them (for summing by group with prefix sums)."""
    import numpy as np

    h = tableau_hands(kinds)
    n = len(h.a)
    ends = np.append(h.group_starts[1:], n)
    rows, vals, lo, hi = [], [], [], []
    for u in range(10):
        idx = np.nonzero(h.used[:, u])[0]
        base = sum(len(r) for r in rows)
        rows.append(idx)
        vals.append(h.used[idx, u])
        lo.append(base + np.searchsorted(idx, h.group_starts))
        hi.append(base + np.searchsorted(idx, ends))
    return np.concatenate(rows), np.concatenate(vals), np.concatenate(lo), np.concatenate(hi)


def kernel_dtype(np: Any, n: int) -> Any:
    """int64 for a shoe of ``n`` cards if every sum the kernel forms fits: each is at most
    ``(n**3 + n**2)**2 * n`` (a left and a right hand of up to three cards, times the banker's third
    card), and int64 is used below 2**62 (up to 463 cards: 8 decks, not 9); else object (Python integers)."""
    return np.int64 if (n**3 + n**2) ** 2 * n < 2**62 else object


def banker_pair_block(np: Any, c0: Sequence[int], infinite: bool, bt: int,
                      dtype: Any, kinds: int = 2) -> tuple[NDArray[Any], NDArray[Any]]:
    """Counts of (left block, result, right block, result) for one banker pair
    of total bt (0-7) after the pair left the shoe as ``c0``: (stand, draw).

    ``np`` is the numpy module (imported by the caller, so that importing this
    module does not import numpy); ``dtype`` int64 or object (Python ints);
    ``kinds`` the five flags of :func:`tableau_hands` (a block is ``kinds *
    action + flag``). int64 takes :class:`ShoeKernel` (a walk builds one per
    shoe), object :func:`_python_block` (the same counts by another route,
    proved equal by the tests)."""
    if dtype is np.int64:
        return ShoeKernel(np, c0, infinite, kinds, banker_pairs=False).block(None, c0, bt)
    return _python_block(np, c0, infinite, bt, dtype, kinds)


class ShoeKernel:
    """The int64 kernel for one shoe (below :func:`kernel_dtype`'s bound), for
    every banker pair in turn (:meth:`block`).

    The ways of left hand i then right hand j are ``wl[i] * r[i, j]``: wl the
    left hand's ways, and r the right hand's ways after the banker's and the
    left hand's cards, which depend on those only through the cards used (the
    banker's two plus the left hand's: 2,864 usages with ``banker_pairs``,
    else the left hand's 227) and, for each of j's cards, on how many of its
    value are gone: a table (:func:`_usage_codes`). So the ways summed over
    each right group, for every usage, come from one gather and one reduceat
    per shoe; a banker pair then reads its usages' rows.

    Per banker pair: ``stand`` (left group x right group, symmetric as the ways
    are) by one more reduceat; the ways that used a u on the left are the same
    sums weighted by the u's each left hand used, and the right's are their
    transposes. With the banker's third card u the ways are ``c0[u] * stand``
    less both. A group's result depends on the banker's final total only:
    :func:`_cells` says where each count goes and ``np.add.at`` adds them up
    (int64, exact: every sum is a count that the bound covers, and the counts
    subtracted are part of those added)."""

    def __init__(self, np: Any, counts: Sequence[int], infinite: bool, kinds: int = 2,
                 banker_pairs: bool = True) -> None:
        self.np, self.infinite, self.kinds = np, infinite, kinds
        h = self.hands = tableau_hands(kinds)
        if not infinite:
            c = np.array(list(counts) + [1], dtype=np.int64)
            self.d_of, self.rows, code, cj, cea, ceb, cet = _usage_codes(kinds, banker_pairs)
            table = h.mult[cj] * (c[h.a[cj]] - cea) * (c[h.b[cj]] - ceb) * (c[h.t[cj]] - cet)
            self.by_group = np.add.reduceat(table[code], h.group_starts, axis=1)  # (usages, right groups)

    def block(self, pair: int | None, c0: Sequence[int], bt: int,
              q: int | None = None) -> tuple[NDArray[Any], NDArray[Any]]:
        """(stand, draw) counts for the banker's pair number ``pair`` (an index
        into PAIRS; None: the shoe is already without his cards), of total bt,
        the shoe without his cards being ``c0``. ``q`` None: as
        :func:`banker_pair_block`; 0 or 1 (punters who never or always draw on
        5, ``kinds`` 2): the five flag summed out, the hands of the choice not
        made left out: counts of (left action, result, right action, result),
        (66, 66) each."""
        np, h = self.np, self.hands
        gs = h.group_starts
        c0x = np.array(list(c0) + [1], dtype=np.int64)
        dec = not self.infinite
        wl = h.mult * c0x[h.a] * (c0x[h.b] - h.off_b * dec) * (c0x[h.t] - h.off_t * dec)
        if self.infinite:  # with replacement the right hand's ways do not depend on the left: rank one
            s = np.add.reduceat(wl, gs)
            stand = s[:, None] * s[None, :]
        else:
            by_group = self.by_group[self.rows[-1 if pair is None else pair]]  # (usages, right groups)
            by_left = np.ascontiguousarray(by_group.T)[:, self.d_of] * wl  # (right groups, left hands)
            stand = np.add.reduceat(by_left, gs, axis=1)
            rows, vals, _, _ = _left_uses(self.kinds)
            left = np.take(by_left, rows, axis=1) * vals  # (right group, row (u, left hand)): used a u on the left
        pos, at_stand, at_draw, at_left, size = _cells(self.kinds, q, bt)
        half = stand.ravel()[pos]  # the entries above the diagonal, then on it
        out_stand = np.zeros(2 * (size + 1), dtype=np.int64)
        np.add.at(out_stand, at_stand, half)
        out_draw = np.zeros(2 * (size + 1), dtype=np.int64)
        np.add.at(out_draw, at_draw, (c0x[:10, None] * half[None, :]).ravel())
        if not self.infinite:  # the banker's u: c0[u] less the u's the left hand used, and (transposed) the right
            np.add.at(out_draw, at_left, -left.ravel())
        side = int(size ** 0.5 + 0.5)
        return tuple(_symmetric(x, size, side) for x in (out_stand, out_draw))


def _symmetric(buffer, size, side):
    """X + X.T + D from a buffer of :func:`_cells`."""
    x = buffer[:size].reshape(side, side)
    return x + x.T + buffer[size + 1:2 * size + 1].reshape(side, side)


@lru_cache(maxsize=4)
def _usage_codes(kinds: int = 2, banker_pairs: bool = True):
    """For :class:`ShoeKernel`: each left hand's usage (``d_of[i]``, one of the
    227 distinct left usages), and for each banker pair (and last, none) and
    left usage the row of their combined usage (``rows``, 56 x 227; 1 x 227
    without ``banker_pairs``); for each (combined usage, right hand j) a code
    into the table of (j, cards of the value of j's first, second and third
    card gone before that card): the table's columns ``cj, cea, ceb, cet``. A
    gone count is at most 7 (2 + 3 + 2), so each takes 3 bits of the code."""
    import numpy as np

    h = tableau_hands(kinds)
    n = len(h.a)
    usages, d_of = np.unique(h.used, axis=0, return_inverse=True)
    bank = np.zeros((len(PAIRS) + 1 if banker_pairs else 1, 11), dtype=np.int64)
    if banker_pairs:
        for p, (a, b, _) in enumerate(PAIRS):
            bank[p, a] += 1
            bank[p, b] += 1
    combined = (bank[:, None, :] + usages[None, :, :]).reshape(-1, 11)
    _, first, rows = np.unique(combined @ (8 ** np.arange(11)), return_index=True, return_inverse=True)
    u = combined[first].astype(np.int32)
    key = np.take(u * 64, h.a, axis=1)  # ((j * 8 + gone before a_j) * 8 + before b_j) * 8 + before t_j
    key += np.take(u * 8, h.b, axis=1)
    key += np.take(u, h.t, axis=1)
    key += (np.arange(n) * 512 + h.off_b * 8 + h.off_t).astype(np.int32)
    present = np.zeros(n * 512, dtype=bool)
    present[key] = True
    combos = np.flatnonzero(present)
    code = (np.cumsum(present, dtype=np.int32) - 1)[key]
    return (d_of.ravel(), rows.reshape(len(bank), len(usages)), code, combos >> 9, (combos >> 6) & 7,
            (combos >> 3) & 7, combos & 7)


@lru_cache(maxsize=4)
def _left_uses(kinds: int = 2):
    """The hands that use each value u, sorted by u then by hand: their
    index, how many u's, where each nonempty (u, group) run starts and the
    left[u, group] row it sums to (for the Python path), and each row's u and
    group."""
    import numpy as np

    h = tableau_hands(kinds)
    group_of = np.searchsorted(h.group_starts, np.arange(len(h.a)), "right") - 1
    rows, vals, us = [], [], []
    for u in range(10):
        idx = np.nonzero(h.used[:, u])[0]
        rows.append(idx)
        vals.append(h.used[idx, u])
        us.append(np.full(len(idx), u))
    rows, vals, us = np.concatenate(rows), np.concatenate(vals), np.concatenate(us)
    return rows, vals, us, group_of[rows]


@lru_cache(maxsize=4)
def _columns(kinds: int, q: int | None):
    """The output column of each group against each banker's final total f
    (10 x groups), and the number of columns (see :func:`_cells`; -1: the
    group weighs 0)."""
    import numpy as np

    h = tableau_hands(kinds)
    lo, hi = _result_bounds(kinds)
    blocks = h.group_keys // 10
    cols = np.empty((10, len(blocks)), dtype=np.int64)
    for f in range(10):
        for k in range(lo.shape[1]):  # k = block * 3 + result: its groups are lo..hi
            cols[f, lo[f, k]:hi[f, k]] = k if q is None else (k // 3 // kinds) * 3 + k % 3
    if q is not None:
        action, five = blocks // kinds, blocks % kinds
        cols[:, (five > 0) & ((action == STOOD) == (q == 1))] = -1
    return cols, 3 * (kinds * N_ACTIONS if q is None else N_ACTIONS)


@lru_cache(maxsize=24)
def _cells(kinds: int, q: int | None, bt: int):
    """Where every count of a banker pair of total bt goes, for
    :class:`ShoeKernel`: (``pos``, the (left group, right group) entries of a
    symmetric group x group matrix above the diagonal, then on it; their cells
    if he stands; the same for each banker's third card u = 0-9, final total
    bt + u; the cell of each (right group, row k of :func:`_left_uses`) for the
    ways that used row k's u on the left; the number of cells ``size``).

    ``q`` None: cells are (block, result) pairs; 0 or 1: (action, result)
    pairs with the five flag summed out. Cells index a buffer of 2 * (size +
    1): X, an entry above the diagonal (added to the output with its
    transpose, which is the entry below), then D, one on it; the hands of the
    five choice not made go to cell ``size`` of either (dropped). int32."""
    import numpy as np

    g = len(tableau_hands(kinds).group_starts)
    cols, width = _columns(kinds, q)
    size = width * width

    def cell(left, right):
        return np.where((left < 0) | (right < 0), size, left * width + right).astype(np.int32)

    upper, diagonal = np.triu_indices(g, 1), np.diag_indices(g)
    pos = np.concatenate([np.ravel_multi_index(upper, (g, g)), np.ravel_multi_index(diagonal, (g, g))])
    shift = np.r_[np.zeros(len(upper[0]), dtype=np.int32), np.full(g, size + 1, dtype=np.int32)]
    fs = np.array([hand_total(bt, u) for u in range(10)])
    stand = cell(cols[bt][:, None], cols[bt][None, :]).ravel()[pos] + shift
    draw = (cell(cols[fs][:, :, None], cols[fs][:, None, :]).reshape(10, g * g)[:, pos] + shift).ravel()
    _, _, u_of, group_of = _left_uses(kinds)
    left = cell(cols[fs[u_of], group_of][None, :], cols[fs[u_of]].T).ravel()  # (right groups, rows)
    return pos, stand, draw, left, size


def _python_block(np, c0, infinite, bt, dtype, kinds=2):
    """The kernel in Python integers (``dtype`` object; any dtype works): the
    same counts as :class:`ShoeKernel`, by another route.

    The ways w[i, j] of left hand i then right hand j are the product over
    values v of c0[v] (c0[v] - 1) ... for all the v's both hands use, so w is
    symmetric: the sums by right hand are the transposed sums by left hand,
    and the ways that used a u on the right are the transposed ways that used
    a u on the left. Results are classified with prefix sums (:func:`_classify`)."""
    h = tableau_hands(kinds)
    c0x = np.array(list(c0) + [1], dtype=dtype)
    mult = h.mult.astype(dtype)
    gs = h.group_starts
    if infinite:
        w_left = mult * c0x[h.a] * c0x[h.b] * c0x[h.t]
        w = w_left[:, None] * w_left[None, :]
    else:
        ea, eb, et = _shared_cards(kinds)
        w_left = mult * c0x[h.a] * (c0x[h.b] - h.off_b) * (c0x[h.t] - h.off_t)
        w = (w_left[:, None] * mult[None, :]) * (c0x[h.a][None, :] - ea)
        w *= c0x[h.b][None, :] - eb
        w *= c0x[h.t][None, :] - et
    by_left = np.add.reduceat(w, gs, axis=0)  # (groups, hands)
    stand = np.add.reduceat(by_left, gs, axis=1)  # (groups, groups), symmetric
    g = len(gs)
    m = c0x[:10, None, None] * stand[None, :, :]
    if not infinite:
        # ways that removed a u on the left: sum over left hands i of a group of w[i, :] * used_i[u]
        rows, vals, lo, hi = _uses(kinds)
        by_right = np.ascontiguousarray(by_left.T)  # (hands, groups): sums by right group
        y = np.zeros((len(rows) + 1, g), dtype=dtype)
        np.cumsum(by_right[rows] * vals[:, None].astype(dtype), axis=0, out=y[1:])
        left_used = (y[hi] - y[lo]).reshape(10, g, g)  # (u, left group, right group)
        m -= left_used + left_used.transpose(0, 2, 1)  # the right's = the left's, transposed
    out_draw = _classify(np, m[0], bt, kinds)
    for u in range(1, 10):
        out_draw += _classify(np, m[u], hand_total(bt, u), kinds)
    return _classify(np, stand, bt, kinds), out_draw
