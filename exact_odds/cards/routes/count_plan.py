"""The suit counts' plan built quicker (:mod:`~exact_odds.cards.routes.card_counts`): the same steps and the same
folded plan as :func:`suit_products.steps_of` and :func:`suit_products.folded`, which stay the reference
that tests/cards/test_suit_routes_speed_bounds.py compares them with (array by array) and the fallback
where a key would pass int64. The time of a suit-counts plan is in these numpy passes over 1-10 million
entries (profiled: the weighing of a shoe takes milliseconds).
"""

from __future__ import annotations

from math import prod

from exact_odds.cards.routes import suit_products
from exact_odds.cards.routes.suit_products import CODES, Folded, compositions
from exact_odds.cards.substrate.arrays import distinct


def _numpy():
    import numpy

    return numpy

def summed_at(np, index, value, size: int):
    """An int64 table of ``size`` entries, each the sum of the ``value`` at its ``index`` (as ``np.add.at``
    into zeros): by ``np.bincount`` in float64 where the values' sizes sum below 2**53, so that every
    partial sum, and so every float added, is an integer of at most that size (exact), else by
    ``np.add.at`` in int64."""
    value = np.asarray(value, dtype=np.int64)
    if int(np.abs(value).sum(dtype=np.uint64)) < EXACT_FLOAT:
        return np.bincount(index, weights=value, minlength=size).astype(np.int64)
    table = np.zeros(size, dtype=np.int64)
    np.add.at(table, index, value)
    return table


#: Integers below it are exact in float64, and so is every sum of them that stays below it.
EXACT_FLOAT = 1 << 53


def steps_of(np, codes):
    """:func:`suit_products.steps_of`, the same steps, quicker on a million groups: a group's codes are
    sorted, so each factor's positions are in a row, and its type's code (its pool, then its cards by code,
    a digit each in base 7) is summed position by position (each position adds to one factor of its group:
    no two in one assignment), not counted through ``np.add.at``; the sorts run along rows in memory; and a
    step's distinct nodes are found by one unique without first indices (any group of a key holds the same
    parent, type and bucket)."""
    n = codes.shape[1]
    held = codes != 999
    pool, suit = codes // CODES, codes % CODES
    starts = held & np.vstack([np.ones((1, n), dtype=bool), pool[1:] != pool[:-1]])
    nth = np.cumsum(starts, axis=0) - 1  # each position's factor
    code = np.full((6, n), -1, dtype=np.int64)  # per factor and group: pool * 7**CODES + its cards by code
    m = np.zeros((6, n), dtype=np.int64)  # its counted cards (free or restricted)
    has_named = np.zeros((6, n), dtype=bool)
    place = 7 ** np.arange(CODES - 1, -1, -1, dtype=np.int64)  # code j's digit
    for i in range(6):
        h = np.flatnonzero(held[i])
        f, s = nth[i, h], suit[i, h]
        first = starts[i, h]
        code[f, h] = np.where(first, pool[i, h] * 7 ** CODES, code[f, h]) + place[s]
        m[f, h] += (s == 0) | (s >= 5)
        has_named[f, h] |= (s >= 1) & (s <= 4)
    factor_pool = np.where(code >= 0, code // 7 ** CODES, -1)
    type_arrays, type_of = [], np.zeros((6, n), dtype=np.int64)
    for mm in range(7):
        here = (factor_pool >= 0) & (m == mm)
        kinds, index = np.unique(code[here], return_inverse=True)
        type_of[here] = index.reshape(-1)
        digits = np.stack([(kinds // 7 ** (CODES - 1 - j)) % 7 for j in range(CODES)], axis=1).reshape(-1, CODES)
        ways = np.array([suit_products._ways(mm, tuple([row[0]] + row[5:])) for row in digits.tolist()],
                        dtype=np.int64).reshape(-1, len(compositions(mm))).T
        type_arrays.append(((kinds // 7 ** CODES).astype(np.intp), digits[:, 1:5].astype(np.intp),
                            np.ascontiguousarray(ways)))
    # (suit_products.steps_of: the most counted cards first, named cards last, pools of named cards only last
    # of all; a stable sort of each group's factors)
    rank = np.where(factor_pool < 0, 99, np.where(has_named, 10 + 6 - m, 6 - m))
    order = np.argsort(rank.T, axis=1, kind="stable")
    factor_pool, m, type_of = (np.ascontiguousarray(np.take_along_axis(a.T, order, axis=1).T)
                               for a in (factor_pool, m, type_of))
    node = np.zeros(n, dtype=np.int64)
    degree = np.zeros(n, dtype=np.int64)
    n_nodes, steps = [1] + [0] * 6, []
    for i in range(6):
        at = np.flatnonzero(factor_pool[i] >= 0)
        if not len(at):
            break
        bucket = degree[at] * 7 + m[i, at]
        key = (bucket * (6 * n + 1) + node[at]) * (6 * n + 1) + type_of[i, at]
        kinds, inverse = np.unique(key, return_inverse=True)
        inverse = inverse.reshape(-1)
        first = np.empty(len(kinds), dtype=np.intp)
        first[inverse] = np.arange(len(inverse))  # a group of each key
        new = np.zeros(len(kinds), dtype=np.int64)
        parent, kind, bucket = node[at[first]], type_of[i, at[first]], bucket[first]
        step = []
        edges = np.flatnonzero(np.diff(bucket)) + 1  # kinds are sorted by bucket first: each bucket's in a row
        for lo_k, hi_k in zip(np.concatenate([[0], edges]).tolist(), np.concatenate([edges, [len(bucket)]]).tolist()):
            b = int(bucket[lo_k])
            d, mm = b // 7, b % 7
            lo = n_nodes[d + mm]
            new[lo_k:hi_k] = lo + np.arange(hi_k - lo_k)
            n_nodes[d + mm] += hi_k - lo_k
            step.append((d, mm, lo, lo + hi_k - lo_k, parent[lo_k:hi_k].astype(np.intp), kind[lo_k:hi_k].astype(np.intp)))
        steps.append(tuple(step))
        node[at] = new[inverse]
        degree[at] += m[i, at]
    return tuple(type_arrays), (tuple(steps), node.astype(np.intp), tuple(n_nodes)), \
        held.sum(axis=0).astype(np.intp), degree.astype(np.intp)


def folded(plan) -> Folded:
    """:func:`suit_products.folded`, the same plan, its kinds (each node's m == 0 types and cards used) found
    by one integer a node, its columns' digits in mixed radix, the first most significant: the same order
    as ``np.unique(..., axis=0)``, which sorts the rows as records (seconds for a million nodes). Where
    the digits would pass int64, that unique itself."""
    np = _numpy()
    members, types, (steps, _, n_nodes), by_degree = plan[:4]
    n_scalars = len(types[0][0])
    base, scalars = suit_products._bases(np, steps, n_nodes, n_scalars)
    kept = [b == np.arange(len(b)) for b in base]
    renumber = [np.cumsum(k) - 1 for k in kept]
    new_steps = tuple(tuple((d, m, int(renumber[d + m][lo]), int(renumber[d + m][lo]) + hi - lo,
                             renumber[d][parent], which) for d, m, lo, hi, parent, which in step if m)
                      for step in steps)
    every = np.vstack([np.column_stack([scalars[d], used_by]) for d, used_by, _ in by_degree])
    radix = [n_scalars + 1] * (every.shape[1] - 1) + [7]  # a type or the padding; the cards used, 0-6
    if prod(radix) < 1 << 62 and every.min(initial=0) >= 0:
        key = np.zeros(len(every), dtype=np.int64)
        for j, r in enumerate(radix):
            key = key * r + every[:, j]
        found, kind = np.unique(key, return_inverse=True)
        kinds = np.zeros((len(found), len(radix)), dtype=every.dtype)
        for j in range(len(radix) - 1, -1, -1):
            kinds[:, j] = found % radix[j]
            found = found // radix[j]
    else:
        kinds, kind = np.unique(every, axis=0, return_inverse=True)
    kind, folds, at = kind.reshape(-1), [], 0
    for d, used_by, w in by_degree:
        folds.append(fold(np, d, w, renumber[d][base[d]], kind[at:at + len(used_by)], int(kept[d].sum())))
        at += len(used_by)
    steps, folds = leaves(np, (tuple(s for s in new_steps if s), tuple(int(k.sum()) for k in kept)), folds)
    return Folded(members, types, steps, np.ascontiguousarray(kinds[:, :-1].T), kinds[:, -1].copy(), tuple(folds),
                  plan[4])


def fold(np, d: int, w, base, kind, n_kept: int):
    """:func:`suit_products._fold`, the same :class:`suit_products.Fold`, its entries sorted by one integer
    each, (line, base, T, node) in mixed radix (distinct, so any sort orders them as the stable sort of
    (line, base, T) over the entries in w's order does), not by three stable passes of ``lexsort``."""
    lines, width, k = w.shape
    if n_kept == k and 2 * np.count_nonzero(w) >= w.size or lines * max(n_kept, 1) * width * k >= 1 << 62:
        return suit_products._fold(np, d, w, base, kind, n_kept)
    flat = np.flatnonzero(w)  # (line, T, node) in w's order
    n_base = max(n_kept, 1)
    line, t = flat // (width * k), flat // k % width
    key = np.sort(((line * n_base + base[flat % k]) * width + t) * k + flat % k)
    segment_key, node = key // k, key % k
    line, t = segment_key // (n_base * width), segment_key % width
    segment = np.ones(len(key), dtype=bool)  # where a (line, b, T) begins
    segment[1:] = segment_key[1:] != segment_key[:-1]
    starts = np.flatnonzero(segment)
    return suit_products.Fold(d, w.reshape(-1)[(line * width + t) * k + node], kind[node].astype(np.intp),
                              starts.astype(np.intp), (t[starts] * n_kept + base[node[starts]]).astype(np.intp),
                              np.searchsorted(line[starts], np.arange(lines + 1)))


def leaves(np, steps, folds: list):
    """:func:`suit_products._leaves`, the same steps and folds, each node's maker in arrays (not a dict a
    degree, a tuple a node) and the distinct coefficients read found by a table of them (not sorted).

    (suit_products:) The steps and folds with the *leaves* of the degrees that are not dense, the nodes that are no node's
    parent, no longer built (their whole polynomials, for a few coefficients w reads of each: most nodes,
    the six-card groups', hold 84 coefficients), but their coefficients that w reads computed from their
    parents, each as a sum over the monomials b of the factor multiplied last (:attr:`Fold.leaves`)."""
    steps, n_nodes = steps
    made = [np.full((3, k), -1, dtype=np.int64) for k in n_nodes]  # per degree: each node's (m, parent, type)
    parent_of = [np.zeros(k, dtype=bool) for k in n_nodes]
    for step in steps:
        for d, m, lo, hi, parent, which in step:
            parent_of[d][parent] = True
            made[d + m][0, lo:hi], made[d + m][1, lo:hi], made[d + m][2, lo:hi] = m, parent, which
    built = [parent_of[d].copy() for d in range(len(n_nodes))]  # and, below, the nodes some fold reads
    built[0][:] = True
    for fold in folds:
        d = fold.d
        if fold.dense or not d:
            built[d][:] = True
            continue
        # a leaf read at k T's, its last factor of degree m: k * (m's monomials) terms of about 10 ns, against
        # its whole polynomial built (about 7 ns a coefficient: work); a leaf w never reads (its groups settle
        # only the last line) is not built at all
        seen = np.zeros(len(compositions(d)) * n_nodes[d], dtype=bool)
        seen[fold.at] = True  # (fold.at: T * nodes + node, T below the monomials of degree d)
        read = seen.reshape(-1, n_nodes[d]).sum(axis=0)
        monomials = np.array([len(compositions(m)) for m in range(7)], dtype=np.int64)
        last = np.where(made[d][0] >= 0, monomials[np.maximum(made[d][0], 0)], 99)
        built[d] = parent_of[d] | (read > 0) & (suit_products.LEAF_TERM * read * last >= suit_products.COEFFICIENT * len(compositions(d)))
    renumber = [np.cumsum(b) - 1 for b in built]
    new_steps = []
    for step in steps:
        entries = []
        for d, m, lo, hi, parent, which in step:
            keep = built[d + m][lo:hi]
            if keep.any():
                first = int(renumber[d + m][lo:hi][keep][0])
                entries.append((d, m, first, first + int(keep.sum()), renumber[d][parent[keep]], which[keep]))
        if entries:
            new_steps.append(tuple(entries))
    n_built = tuple(int(b.sum()) for b in built)
    out = []
    for fold in folds:
        d = fold.d
        if fold.dense or not d:
            out.append(fold)
            continue
        n_kept = n_nodes[d]
        t, node = fold.at // n_kept, fold.at % n_kept
        leaf = ~built[d][node]
        at = np.where(leaf, 0, t * n_built[d] + renumber[d][node])
        seen = np.zeros(len(compositions(d)) * n_kept, dtype=bool)
        seen[fold.at[leaf]] = True
        pairs = np.flatnonzero(seen)  # np.unique(fold.at[leaf], return_inverse=True), by a table of them
        where = (np.cumsum(seen) - 1)[fold.at[leaf]]
        groups = []
        info = np.ascontiguousarray(made[d][:, pairs % n_kept].T)
        order = np.argsort(info[:, 0], kind="stable")  # the pairs by m: each m's in a row
        rank = np.empty(len(order), dtype=np.int64)
        rank[order] = np.arange(len(order))
        leaf_of = rank[where.reshape(-1)]
        for m in distinct(np, info[:, 0]).tolist():
            these = order[info[order, 0] == m]
            lower = {c: i for i, c in enumerate(compositions(d - m))}
            n_parent = n_built[d - m]
            moved = np.array([[lower.get(tuple(a - b for a, b in zip(comp, mono)), -1) for mono in compositions(m)]
                              for comp in compositions(d)], dtype=np.int64)  # T x b: T - b's index, or -1
            rows = moved[(pairs[these] // n_kept)]
            parent = renumber[d - m][info[these, 1]][:, None]
            p_at = np.where(rows < 0, len(compositions(d - m)) * n_parent, rows * n_parent + parent)
            groups.append((m, p_at.astype(np.intp), info[these, 2].astype(np.intp)))
        out.append(fold._replace(at=at.astype(np.intp), leaves=tuple(groups),
                                 leaf_at=np.flatnonzero(leaf).astype(np.intp), leaf_of=leaf_of.astype(np.intp)))
    return (tuple(new_steps), n_built), out
