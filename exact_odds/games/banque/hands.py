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
    action + flag``). int64 takes :func:`_fast_block`, object
    :func:`_python_block` (the same counts, proved equal by the tests)."""
    if dtype is np.int64:
        return _fast_block(np, c0, infinite, bt, kinds, None)
    return _python_block(np, c0, infinite, bt, dtype, kinds)


def banker_pair_walk(np: Any, c0: Sequence[int], infinite: bool, bt: int,
                     q: int) -> tuple[NDArray[Any], NDArray[Any]]:
    """:func:`banker_pair_block` with ``kinds`` 2 for punters who always (``q``
    1) or never (0) draw on 5, the five flag summed out: counts of (left
    action, result, right action, result), (66, 66) int64 each. A hand that
    exists only through the choice the punters do not make weighs 0 and is
    left out. int64 only (the caller checks the kernel's bound)."""
    return _fast_block(np, c0, infinite, bt, 2, q)


def _fast_block(np, c0, infinite, bt, kinds, q):
    """The int64 kernel. Two steps per banker pair:

    1. Group sums. The ways of left hand i then right hand j are
       ``wl[i] * r[i, j]``: wl the left hand's ways, and r the right hand's
       ways after the left hand, which depend on i only through the cards
       it used (227 distinct usages) and, for each of j's cards, on how many
       of that value are gone: a small table (:func:`_right_codes`). So the
       ways summed over each right group come from a gather and a reduceat
       of a (usages x hands) matrix, and the group x group matrix ``stand``
       from one more reduceat. The ways that used a u on the left,
       ``left[u]``, are the same sums weighted by the u's each left hand
       used; by symmetry the right's are their transposes. With the banker's
       third card u the ways are ``c0[u] * stand - left[u] - left[u].T``
       (all counts, so never negative).
    2. Classification: a group's result depends on the banker's final
       total f only; :func:`_cells` maps each (group, group) of each u to its
       output cell, and :func:`_scatter_sum` adds them up exactly.

    Every sum is a count that the int64 bound of
    :func:`~exact_odds.games.banque.walk.banque_walk` covers."""
    h = tableau_hands(kinds)
    gs = h.group_starts
    c0x = np.array(list(c0) + [1], dtype=np.int64)
    wl = h.mult * c0x[h.a] * (c0x[h.b] - h.off_b * (not infinite)) * (c0x[h.t] - h.off_t * (not infinite))
    if infinite:  # with replacement the right hand's ways do not depend on the left: rank one
        s = np.add.reduceat(wl, gs)
        stand = s[:, None] * s[None, :]
    else:
        d_of, code, cj, cea, ceb, cet = _right_codes(kinds)
        table = h.mult[cj] * (c0x[h.a[cj]] - cea) * (c0x[h.b[cj]] - ceb) * (c0x[h.t[cj]] - cet)
        by_group = np.ascontiguousarray(np.add.reduceat(table[code], gs, axis=1).T)  # (right groups, usages)
        by_left = np.take(by_group, d_of, axis=1) * wl  # (right groups, left hands): ways summed over the group
        stand = np.add.reduceat(by_left, gs, axis=1)  # symmetric, as w is
        rows, vals, _, _ = _left_uses(kinds)
        left = np.take(by_left, rows, axis=1) * vals  # (right group, row (u, left hand)): ways that used a u on the left
    pos, at_stand, at_draw, at_left, size = _cells(kinds, q, bt)
    half = stand.ravel()[pos]  # stand is symmetric: the entries above its diagonal, then on it
    out_stand = np.zeros(2 * (size + 1), dtype=np.int64)
    np.add.at(out_stand, at_stand, half)
    out_draw = np.zeros(2 * (size + 1), dtype=np.int64)
    np.add.at(out_draw, at_draw, (c0x[:10, None] * half[None, :]).ravel())
    if not infinite:  # with the banker's u: c0[u] minus the u's the left hand used, and (transposed) the right
        np.add.at(out_draw, at_left, -left.ravel())
    side = int(size ** 0.5 + 0.5)
    return tuple(_symmetric(x, size, side) for x in (out_stand, out_draw))


def _symmetric(buffer, size, side):
    """X + X.T + D from a buffer of :func:`_cells`."""
    x = buffer[:size].reshape(side, side)
    return x + x.T + buffer[size + 1:2 * size + 1].reshape(side, side)


@lru_cache(maxsize=4)
def _right_codes(kinds: int = 2):
    """The left hands' distinct card usages (``d_of[i]``: hand i's), and for
    each (usage, right hand j) a code into the table of (j, cards of the value
    of j's first, second and third card gone before that card): the table's
    columns ``cj, cea, ceb, cet``."""
    import numpy as np

    h = tableau_hands(kinds)
    usages, d_of = np.unique(h.used, axis=0, return_inverse=True)
    n = len(h.a)
    j = np.broadcast_to(np.arange(n)[None, :], (len(usages), n))
    ea = usages[:, h.a]
    eb = usages[:, h.b] + h.off_b
    et = usages[:, h.t] + h.off_t
    key = ((j * 8 + ea) * 8 + eb) * 8 + et  # each gone count is at most 5
    combos, code = np.unique(key.ravel(), return_inverse=True)
    return (d_of.ravel(), code.reshape(len(usages), n), combos >> 9, (combos >> 6) & 7, (combos >> 3) & 7,
            combos & 7)


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


@lru_cache(maxsize=24)
def _cells(kinds: int, q: int | None, bt: int):
    """Where every count of a banker pair of total bt goes, for
    :func:`_fast_block`: (``pos``, the (left group, right group) entries of a
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

    h = tableau_hands(kinds)
    lo, hi = _result_bounds(kinds)
    g = len(h.group_starts)
    blocks = h.group_keys // 10
    width = 3 * (kinds * N_ACTIONS if q is None else N_ACTIONS)
    size = width * width
    cols = np.empty((10, g), dtype=np.int64)  # the column of each group against final total f
    for f in range(10):
        for k in range(lo.shape[1]):  # k = block * 3 + result: its groups are lo..hi
            cols[f, lo[f, k]:hi[f, k]] = k if q is None else (k // 3 // kinds) * 3 + k % 3
    if q is not None:
        action, five = blocks // kinds, blocks % kinds
        cols[:, (five > 0) & ((action == STOOD) == (q == 1))] = -1

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
    same counts as :func:`_fast_block`, by another route.

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
