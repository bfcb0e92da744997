"""The suit-count generating functions of :mod:`exact_odds.punto_banco.card_counts`: the monomials of
degree <= 6 in four variables (one per suit), each group's product of its pools' polynomials as a tree
of steps, and a plan weighed on a shoe (docs/methods/suits.md, "Card classes", 3.).

A pool P drawn m times (its counted cards; f_s of its cards named of suit s) gives

    q_{P,m}(x) = sum over |a| = m of multinomial(m; a) * prod_s falling(n_{P,s}, f_s + a_s) * x**a

and a group's polynomial is the product of its pools'. The products are a tree: a node is the product
of the first factors of the groups that begin alike, each node its parent times one pool's polynomial,
every node of a step at once (numpy). Each line's count is
sum_g falling(N - k, 6 - k) * sum_T w[g][T][line] * coefficient_T, the last line's the six-card total
less the others'.

Integers: card_counts' docstring proves every partial sum within [-N**6, 2 N**6]; int64 while
N**6 < 2**62, else Python integers.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import product
from math import factorial

from exact_odds.punto_banco.card_suits import INT64_SAFE
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe


def _numpy():
    import numpy

    return numpy


# --- the monomials of degree <= 6 in four variables -----------------------------

@lru_cache(maxsize=8)
def compositions(m: int) -> tuple:
    """The suit-count vectors of m cards (a_1..a_4 >= 0, sum m), in a fixed order."""
    return tuple(a for a in product(range(m + 1), repeat=4) if sum(a) == m)


@lru_cache(maxsize=64)
def _shifts(d: int, m: int) -> tuple:
    """For a product of degree d by degree m: for each monomial b of degree m, where each monomial a of
    degree d goes (the index of a + b among the monomials of degree d + m)."""
    np = _numpy()
    index = {t: i for i, t in enumerate(compositions(d + m))}
    return tuple(np.array([index[tuple(x + y for x, y in zip(a, b))] for a in compositions(d)], dtype=np.intp)
                 for b in compositions(m))


@lru_cache(maxsize=8)
def _multinomials(m: int):
    np = _numpy()
    return np.array([factorial(m) // (factorial(a[0]) * factorial(a[1]) * factorial(a[2]) * factorial(a[3]))
                     for a in compositions(m)], dtype=np.int64)


# --- the products -------------------------------------------------------------

def steps_of(np, codes):
    """The product of each group's factors as steps. ``codes``: per group its six sorted position codes
    (rank pool * 5 + named suit, 999 past its cards). A factor type is (rank pool, its counted cards m, its
    named cards by suit); at step i, for each (degree so far d, m), the groups multiplied there and their
    i-th factor's type (its index among the types of that m). Also each group's cards used and counted."""
    n = codes.shape[1]
    held = codes != 999
    pool, suit = codes // 5, codes % 5
    starts = held & np.vstack([np.ones((1, n), dtype=bool), pool[1:] != pool[:-1]])
    nth = np.cumsum(starts, axis=0) - 1  # each position's factor
    by_suit = np.zeros((6, n, 5), dtype=np.int64)  # per factor and group: counted cards, named by suit
    g = np.broadcast_to(np.arange(n), codes.shape)
    np.add.at(by_suit, (nth[held], g[held], suit[held]), 1)
    factor_pool = np.full((6, n), -1, dtype=np.int64)
    factor_pool[nth[held], g[held]] = pool[held]
    m = by_suit[:, :, 0]
    code = factor_pool
    for j in range(5):
        code = code * 7 + by_suit[:, :, j]
    type_arrays, type_of = [], np.zeros((6, n), dtype=np.int64)
    for mm in range(7):
        here = (factor_pool >= 0) & (m == mm)
        kinds, index = np.unique(code[here], return_inverse=True)
        type_of[here] = index.reshape(-1)
        type_arrays.append(((kinds // 7 ** 5).astype(np.intp),
                            np.stack([(kinds // 7 ** (3 - j)) % 7 for j in range(4)], axis=1).astype(np.intp)
                            .reshape(-1, 4)))
    # the most counted cards first: a step costs (coefficients of degree d) x (of m), least with m small at
    # the large degrees (five cards each of their own pool: 4 + 16 + 40 + 80 + 140 against 224 for the last
    # step alone the other way); factors of named cards only (m = 0) first of all
    has_named = by_suit[:, :, 1:].sum(axis=2) > 0
    order = np.argsort(np.where(factor_pool < 0, 99, np.where(has_named, 10 + 6 - m, 6 - m)), axis=0, kind="stable")
    factor_pool, m, type_of = (np.take_along_axis(a, order, axis=0) for a in (factor_pool, m, type_of))
    # the products as a tree: a node is the product of the first factors of some groups (groups that begin
    # alike share it: about 40% fewer products); at step i each new node is its parent times one factor.
    # Nodes are numbered within their degree, those of one step and (degree, m) in a row.
    node = np.zeros(n, dtype=np.int64)  # each group's node so far (degree 0, node 0: the empty product, 1)
    degree = np.zeros(n, dtype=np.int64)
    n_nodes, steps = [1] + [0] * 6, []
    for i in range(6):
        at = np.flatnonzero(factor_pool[i] >= 0)
        if not len(at):
            break
        bucket = degree[at] * 7 + m[i, at]
        # (a step makes at most n nodes, and there are at most 6n types: below 49 * (6n + 1)**2)
        key = (bucket * (6 * n + 1) + node[at]) * (6 * n + 1) + type_of[i, at]
        kinds, first, inverse = np.unique(key, return_index=True, return_inverse=True)
        new = np.zeros(len(kinds), dtype=np.int64)
        parent, kind, bucket = node[at[first]], type_of[i, at[first]], bucket[first]
        step = []
        for b in np.unique(bucket):  # kinds are sorted by bucket first: each bucket's are in a row
            d, mm = int(b // 7), int(b % 7)
            here = np.flatnonzero(bucket == b)
            lo = n_nodes[d + mm]
            new[here] = lo + np.arange(len(here))
            n_nodes[d + mm] += len(here)
            step.append((d, mm, lo, lo + len(here), parent[here].astype(np.intp), kind[here].astype(np.intp)))
        steps.append(tuple(step))
        node[at] = new[inverse.reshape(-1)]
        degree[at] += m[i, at]
    return tuple(type_arrays), (tuple(steps), node.astype(np.intp), tuple(n_nodes)), \
        held.sum(axis=0).astype(np.intp), degree.astype(np.intp)


# --- a shoe -------------------------------------------------------------------

def weighed(plan, shoe: Shoe) -> list:
    """Each line's six-card count on ``shoe`` from a plan (:func:`_count_plan`)."""
    np = _numpy()
    members, types, steps, by_degree, bound = plan
    n = shoe.size
    dtype = np.int64 if bound * n ** 6 < 2 * INT64_SAFE else object  # partial sums within bound * N**6
    suits = np.array([[sum(shoe.suited[c] for c in cards if c % 4 == s) for s in range(4)] for cards in members],
                     dtype=np.int64)
    fall = np.ones((len(members), 4, 7), dtype=dtype)  # falling(n_{P,s}, j)
    for j in range(1, 7):
        fall[:, :, j] = fall[:, :, j - 1] * np.maximum(suits - (j - 1), 0)
    # per m: each type's polynomial (coefficients x types), multinomial(m; a) * prod_s falling(n_{P,s}, f_s + a_s)
    q = []
    for m, (pools, named) in enumerate(types):
        comps = np.array(compositions(m), dtype=np.intp).reshape(-1, 4)
        term = np.broadcast_to(_multinomials(m).astype(dtype)[:, None], (len(comps), len(pools)))
        for s in range(4):
            term = term * fall[pools[None, :], s, np.minimum(named[:, s][None, :] + comps[:, s][:, None], 6)]
        q.append(term)
    steps, _, n_nodes = steps
    # each degree's nodes' products, a column a node (a coefficient's values in a row: the shifts move rows)
    node = [np.zeros((len(compositions(d)), k), dtype=dtype) for d, k in enumerate(n_nodes)]
    node[0][0, 0] = 1
    for step in steps:
        for d, m, lo, hi, parent, which in step:
            part = node[d].take(parent, axis=1)
            factor = q[m].take(which, axis=1)
            out = node[d + m][:, lo:hi]
            if m == 0:  # a named card's pool alone: a number
                np.multiply(part, factor[0], out=out)
                continue
            for j, shift in enumerate(_shifts(d, m)):  # a + b for every a, one b at a time (distinct targets)
                out[shift] += part * factor[j]
    unused = np.array([falling(n - k, 6 - k) if k >= 4 else 0 for k in range(7)], dtype=dtype)
    counts = [0] * len(by_degree[0][2])
    for d, used_by, w in by_degree:
        # each group's coefficients times its unused cards' ways: each counts distinct deals of six cards
        weights = (node[d] * unused[used_by][None, :]).reshape(-1)
        for i, row in enumerate(w):
            counts[i] += int(np.dot(weights, row.reshape(-1) if dtype is np.int64 else row.reshape(-1).astype(object)))
    return counts + [falling(n, 6) - sum(counts)]
