"""The suit-count generating functions of :mod:`exact_odds.cards.routes.card_counts`: the monomials of
degree <= 6 in four variables (one per suit), each group's product of its pools' polynomials as a tree
of steps, and a plan weighed on a shoe (docs/methods/suits.md, "Card classes", 3.).

A pool P drawn m times (its counted cards; f_s of its cards named of suit s) gives

    q_{P,m}(x) = sum over |a| = m of multinomial(m; a) * prod_s falling(n_{P,s}, f_s + a_s) * x**a

(where some of the m cards are restricted to some suits, :data:`RESTRICTED`, the ways to give the m cards
suits with counts a, each a suit it allows, replace the multinomial: :func:`_ways`)
and a group's polynomial is the product of its pools'. The products are a tree: a node is the product
of the first factors of the groups that begin alike, each node its parent times one pool's polynomial,
every node of a step at once (numpy). A pool of named cards only (m == 0) is a number, ordered last in
every group: those nodes are not built (:func:`folded`); a group is its *base* b (the node of its counted
pools) times its number s_g. Each line's count (the last line's: the six-card total less the others') is

    sum over (b, T) of coefficient_T(b) * V,  V = sum over g of base b of w[g][T][line] * s_g * u_g

with u_g = falling(N - k, 6 - k) (the unused cards), over w's nonzero entries only.

Integers: card_counts' docstring proves every partial sum of the terms w[g][T][line] * coefficient_T(g) *
u_g (any of them, in any order) within [-F N**6, F N**6], F the plan's bound (:func:`suit_events.bound`:
2 for one event, (3**e + 1) / 2 for e). Here: (1) a coefficient,
s_g, u_g and s_g * u_g count distinct ordered deals of some cards, at most N**6; (2) coefficient_T(b) * V is
the sum of the terms of V's groups (coefficient_T(g) = coefficient_T(b) * s_g), so every sum of such
products, as a line's count adds them, is a sum of some terms: within the bound; (3) a partial sum of V
(an entry, w * s_g * u_g, is one): with coefficient_T(b) >= 1, it times coefficient_T(b) is a sum of some
terms, so it is within the bound too; with coefficient_T(b) == 0 (a suit short), count directly: w counts
rows (signed, each row once on each side), and an entry's s_g * u_g the distinct cards at the row's
positions outside b (its trailing named cards and the unused ones); a row of base b is fixed by where b's
e cards stand (at most 6!/(6-e)! ways) and by those cards (each card gives its pool and suit; which
positions the coup holds follows from the values before them), so each side of V's partial sums is at
most 6!/(6-e)! N**(6-e) <= N**6 for N >= 6 (and tiny below); a w that counts a row up to F times on a
side keeps V within F N**6 by the same count. So int64 while F N**6 < 2**63 (F = 2: N**6 < 2**62, at most
1,290 cards: :func:`exact_dtype`), else Python integers. A leaf's coefficient read from its parent
(:func:`_leaves`) is a sum of products of its parent's coefficients by its last factor's, each counting
distinct deals of disjoint cards: every partial sum is within the coefficient, at most N**6.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, product
from typing import NamedTuple

from exact_odds.cards.routes.card_suits import INT64_SAFE
from exact_odds.cards.substrate.arrays import distinct
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe


#: The suit sets a counted card may be restricted to (two or three suits: a variant's "in" events,
#: :func:`suit_events.lattice`). A card's code in its variant: 0, every suit (counted freely); 1-4, that suit
#: (named); 5 + i, counted among ``RESTRICTED[i]`` only.
RESTRICTED = tuple(frozenset(c) for k in (2, 3) for c in combinations(range(1, 5), k))
CODES = 5 + len(RESTRICTED)


def _numpy():
    import numpy

    return numpy


def exact_dtype(np, n: int, bound: int):
    """int64 for sums within [-bound n**6, bound n**6] while they fit (bound n**6 < 2**63: with bound 2,
    n**6 < INT64_SAFE, at most 1,290 cards), else Python integers (object)."""
    return np.int64 if bound * n ** 6 < 2 * INT64_SAFE else object


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


@lru_cache(maxsize=1024)
def _ways(m: int, counts: tuple) -> tuple:
    """For m counted cards, ``counts[0]`` free and ``counts[1 + i]`` restricted to
    ``suit_events.RESTRICTED[i]``: for each suit count a (:func:`compositions`), the ways to give them suits
    with counts a, each card a suit it allows."""
    ways = {(0, 0, 0, 0): 1}
    for allowed, k in zip((range(1, 5),) + RESTRICTED, counts):
        for _ in range(k):
            grown: dict = {}
            for a, c in ways.items():
                for s in allowed:
                    b = a[:s - 1] + (a[s - 1] + 1,) + a[s:]
                    grown[b] = grown.get(b, 0) + c
            ways = grown
    return tuple(ways.get(a, 0) for a in compositions(m))


# --- the products -------------------------------------------------------------

def steps_of(np, codes):
    """The product of each group's factors as steps. ``codes``: per group its six sorted position codes
    (rank pool * CODES + the card's code in its variant: :func:`suit_events.lattice`; 999 past its cards).
    A factor type is (rank pool, its cards by code); its counted cards m are those not named (free or
    restricted to some suits). At step i, for each (degree so far d, m), the groups multiplied there and
    their i-th factor's type (its index among the types of that m). Also each group's cards used and
    counted. Each type of m is given as (its pool, its named cards by suit, and its *ways*: for each suit
    count a of its m counted cards, how many ways to give them suits with those counts, each card a suit
    its code allows: the multinomial(m; a) for free cards)."""
    n = codes.shape[1]
    held = codes != 999
    pool, suit = codes // CODES, codes % CODES
    starts = held & np.vstack([np.ones((1, n), dtype=bool), pool[1:] != pool[:-1]])
    nth = np.cumsum(starts, axis=0) - 1  # each position's factor
    by_code = np.zeros((6, n, CODES), dtype=np.int8)  # per factor and group: its cards by code (at most 6)
    g = np.broadcast_to(np.arange(n), codes.shape)
    np.add.at(by_code, (nth[held], g[held], suit[held]), 1)
    factor_pool = np.full((6, n), -1, dtype=np.int64)
    factor_pool[nth[held], g[held]] = pool[held]
    m = by_code[:, :, 0].astype(np.int64) + by_code[:, :, 5:].sum(axis=2, dtype=np.int64)
    code = factor_pool  # (a pool, then CODES digits of at most 6 cards each: below 2**63 for pools < 10**4)
    for j in range(CODES):
        code = code * 7 + by_code[:, :, j]
    type_arrays, type_of = [], np.zeros((6, n), dtype=np.int64)
    for mm in range(7):
        here = (factor_pool >= 0) & (m == mm)
        kinds, index = np.unique(code[here], return_inverse=True)
        type_of[here] = index.reshape(-1)
        digits = np.stack([(kinds // 7 ** (CODES - 1 - j)) % 7 for j in range(CODES)], axis=1).reshape(-1, CODES)
        ways = np.array([_ways(mm, tuple([row[0]] + row[5:])) for row in digits.tolist()],
                        dtype=np.int64).reshape(-1, len(compositions(mm))).T
        type_arrays.append(((kinds // 7 ** CODES).astype(np.intp), digits[:, 1:5].astype(np.intp),
                            np.ascontiguousarray(ways)))
    # the most counted cards first: a step costs (coefficients of degree d) x (of m), least with m small at
    # the large degrees (five cards each of their own pool: 4 + 16 + 40 + 80 + 140 against 224 for the last
    # step alone the other way); named cards last, and pools of named cards only (m = 0, a number) last of all
    # (:func:`folded` leaves those steps out)
    has_named = by_code[:, :, 1:5].sum(axis=2) > 0
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
        for b in distinct(np, bucket):  # kinds are sorted by bucket first: each bucket's are in a row
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


# --- the named pools alone, folded ------------------------------------------------

class Folded(NamedTuple):
    """A plan (:func:`card_counts._count_plan`) with the nodes that multiply by a number only (a named
    card's pool with no counted card, m == 0: ordered last in every group's product) left out of the tree.
    Each group is then its *base* node b (the product of its counted pools; the group's own node when it
    ends in none) times a number s_g (its trailing pools' ``falling(n_{P,s}, f_s)``), and a line's count is

        sum over (b, T) of coefficient_T(b) * V, V = sum over g of base b of w[g][T][line] * s_g * u_g

    with u_g = falling(N - k_g, 6 - k_g) (its unused cards). s_g * u_g is the number of a few *kinds*
    (their m == 0 types and cards used), far fewer than the groups.

    ``steps``: ``(steps, n_nodes)`` without the m == 0 steps, the nodes kept renumbered; ``scalars``: each
    kind's m == 0 types (most of them x kinds; indices into types[0], padded with len(types[0]): the
    number 1); ``used``: each kind's cards used; ``folds``: per degree, w's nonzero entries (:class:`Fold`);
    ``bound``: F, every partial sum within [-F N**6, F N**6] (:func:`suit_events.bound`)."""

    members: tuple
    types: tuple
    steps: tuple
    scalars: object
    used: object
    folds: tuple
    bound: int


class Fold(NamedTuple):
    """The nonzero entries of w of degree ``d``, sorted by *segment* (line, b, T): ``w``, each entry's
    value; ``kind``, its group's kind; ``starts``, each segment's first entry; ``at``, each segment's
    coefficient_T(b), an index into the nodes of degree d flattened (T x nodes); ``lines``, each line's
    first segment, and the end. Or, ``dense``, where every node of degree d is its own base and half of w
    or more is nonzero (a bet that names no card: one dot a line is quicker than the segments), w itself
    (lines but the last x T x nodes) and each node's kind.

    ``leaves``: the coefficients of the nodes of degree d that are no node's parent, where they are not
    built (:func:`_leaves`), only where w reads them: per m, (m, for each coefficient read and each monomial
    b of degree m, the parent's coefficient at T - b, an index into the nodes of degree d - m flattened and
    then 0; the type multiplied); ``leaf_at``, the segments that read them (their ``at``: 0), and
    ``leaf_of``, which coefficient of them each reads, in the order of ``leaves``."""

    d: int
    w: object
    kind: object
    starts: object
    at: object
    lines: object
    dense: bool = False
    leaves: tuple = ()
    leaf_at: object = None
    leaf_of: object = None


def folded(plan) -> Folded:
    """``plan`` (members, types, (steps, group nodes, n_nodes), by_degree, bound) folded (:class:`Folded`):
    once per plan, so that a shoe builds only the nodes of counted cards (the m == 0 nodes were most nodes
    of a bet with a named card or a pair, each a column of a whole degree's coefficients) and touches only
    w's nonzero entries (a third of them or fewer)."""
    np = _numpy()
    members, types, (steps, _, n_nodes), by_degree = plan[:4]
    base, scalars = _bases(np, steps, n_nodes, len(types[0][0]))
    kept = [b == np.arange(len(b)) for b in base]
    renumber = [np.cumsum(k) - 1 for k in kept]
    new_steps = tuple(tuple((d, m, int(renumber[d + m][lo]), int(renumber[d + m][lo]) + hi - lo,
                             renumber[d][parent], which) for d, m, lo, hi, parent, which in step if m)
                      for step in steps)
    # the kinds: each node's m == 0 types and cards used, over every degree
    every = np.vstack([np.column_stack([scalars[d], used_by]) for d, used_by, _ in by_degree])
    kinds, kind = np.unique(every, axis=0, return_inverse=True)
    kind, folds, at = kind.reshape(-1), [], 0
    for d, used_by, w in by_degree:
        folds.append(_fold(np, d, w, renumber[d][base[d]], kind[at:at + len(used_by)], int(kept[d].sum())))
        at += len(used_by)
    steps, folds = _leaves(np, (tuple(s for s in new_steps if s), tuple(int(k.sum()) for k in kept)), folds)
    return Folded(members, types, steps, np.ascontiguousarray(kinds[:, :-1].T), kinds[:, -1].copy(), tuple(folds),
                  plan[4])


def _leaves(np, steps, folds: list):
    """The steps and folds with the *leaves* of the degrees that are not dense, the nodes that are no node's
    parent, no longer built (their whole polynomials, for a few coefficients w reads of each: most nodes,
    the six-card groups', hold 84 coefficients), but their coefficients that w reads computed from their
    parents, each as a sum over the monomials b of the factor multiplied last (:attr:`Fold.leaves`)."""
    steps, n_nodes = steps
    made = [dict() for _ in n_nodes]  # per degree: node -> (m, parent, type) of the entry that made it
    parent_of = [np.zeros(k, dtype=bool) for k in n_nodes]
    for step in steps:
        for d, m, lo, hi, parent, which in step:
            parent_of[d][parent] = True
            made[d + m].update(zip(range(lo, hi), zip([m] * (hi - lo), parent.tolist(), which.tolist())))
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
        read = np.bincount(distinct(np, fold.at) % n_nodes[d], minlength=n_nodes[d])
        last = np.array([len(compositions(made[d][x][0])) if x in made[d] else 99 for x in range(n_nodes[d])])
        built[d] = parent_of[d] | (read > 0) & (LEAF_TERM * read * last >= COEFFICIENT * len(compositions(d)))
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
        pairs, where = np.unique(fold.at[leaf], return_inverse=True)
        groups = []
        info = np.array([made[d][int(x)] for x in (pairs % n_kept).tolist()], dtype=np.int64).reshape(-1, 3)
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


def _bases(np, steps, n_nodes, n_scalars: int):
    """Per degree, each node's base (itself, but for a node made by an m == 0 step: its parent's base) and
    the m == 0 types multiplied since its base (nodes x most of them, padded with ``n_scalars``)."""
    base = [np.arange(k) for k in n_nodes]
    chain = [[] for _ in n_nodes]  # per degree, per m == 0 step: (its nodes, their types)
    since = [np.zeros(k, dtype=np.intp) for k in n_nodes]  # how many m == 0 types since the base
    for step in steps:
        for d, m, lo, hi, parent, which in step:
            if m == 0:  # (the parent was made before, of this degree: its base and count are settled)
                base[d][lo:hi] = base[d][parent]
                since[d][lo:hi] = since[d][parent] + 1
                chain[d].append((lo, hi, parent, which))
    longest = max([int(s.max()) for s in since if len(s)] + [1])
    scalars = [np.full((k, longest), n_scalars, dtype=np.intp) for k in n_nodes]
    for d, made in enumerate(chain):
        for lo, hi, parent, which in made:
            scalars[d][lo:hi] = scalars[d][parent]
            scalars[d][np.arange(lo, hi), since[d][lo:hi] - 1] = which
    return base, scalars


def _fold(np, d: int, w, base, kind, n_kept: int) -> Fold:
    """The :class:`Fold` of degree ``d``'s w (lines but the last x T x nodes), its nodes' ``base``
    (renumbered) and ``kind``; the nodes kept of degree d are ``n_kept``."""
    if n_kept == w.shape[2] and 2 * np.count_nonzero(w) >= w.size:
        return Fold(d, w, kind.astype(np.intp), None, None, np.arange(w.shape[0] + 1), dense=True)
    line, t, node = np.nonzero(w)
    order = np.lexsort((t, base[node], line))
    line, t, node = line[order], t[order], node[order]
    segment = np.ones(len(line), dtype=bool)  # where a (line, b, T) begins
    segment[1:] = (np.diff(line) != 0) | (np.diff(base[node]) != 0) | (np.diff(t) != 0)
    starts = np.flatnonzero(segment)
    return Fold(d, w[line, t, node], kind[node].astype(np.intp), starts.astype(np.intp),
                (t[starts] * n_kept + base[node[starts]]).astype(np.intp),
                np.searchsorted(line[starts], np.arange(w.shape[0] + 1)))


#: A shoe's work (:func:`work`), in w's entries (about 2.6 ns each): a node's coefficient built by numpy
#: (about 7 ns), a term of a leaf's coefficient read (:func:`_leaves`: gathered, about 10 ns).
COEFFICIENT, LEAF_TERM = 3, 4


def work(plan: Folded) -> int:
    """A shoe's work weighing ``plan``: w's nonzero entries, the nodes' coefficients built and the leaves'
    terms (:data:`COEFFICIENT`, :data:`LEAF_TERM`)."""
    return sum(fold.w.size for fold in plan.folds) + \
        COEFFICIENT * sum(len(compositions(d)) * k for d, k in enumerate(plan.steps[1])) + \
        LEAF_TERM * sum(p_at.size for fold in plan.folds for _, p_at, _ in fold.leaves)


# --- a shoe -------------------------------------------------------------------

def weighed(plan: Folded, shoe: Shoe, renamed: tuple = (1, 2, 3, 4)) -> list:
    """Each line's six-card count on ``shoe`` from a plan (:func:`folded`); with ``renamed``, on the shoe
    whose cards of suit s are those of ``shoe`` of suit renamed[s - 1] (every pool's suit counts so
    permuted: :mod:`~exact_odds.cards.routes.suit_symmetry`)."""
    np = _numpy()
    n = shoe.size
    dtype = exact_dtype(np, n, plan.bound)
    suits = np.array([[sum(shoe.suited[c] for c in cards if c % 4 == s - 1) for s in renamed]
                      for cards in plan.members], dtype=np.int64)
    fall = np.ones((len(plan.members), 4, 7), dtype=dtype)  # falling(n_{P,s}, j)
    for j in range(1, 7):
        fall[:, :, j] = fall[:, :, j - 1] * np.maximum(suits - (j - 1), 0)
    # per m: each type's polynomial (coefficients x types), ways(a) * prod_s falling(n_{P,s}, f_s + a_s)
    q = []
    for m, (pools, named, suit_ways) in enumerate(plan.types):
        comps = np.array(compositions(m), dtype=np.intp).reshape(-1, 4)
        term = suit_ways.astype(dtype)
        for s in range(4):
            term = term * fall[pools[None, :], s, np.minimum(named[:, s][None, :] + comps[:, s][:, None], 6)]
        q.append(term)
    node = _products(np, plan.steps, q, dtype)
    # each kind's s_g * u_g: its m == 0 types' numbers (and 1, the padding) times its unused cards' ways
    numbers = np.append(q[0][0], np.ones(1, dtype=dtype))
    ways = np.array([falling(n - k, 6 - k) if k >= 4 else 0 for k in range(7)], dtype=dtype)[plan.used]
    for column in plan.scalars:
        ways = ways * numbers[column]
    counts = [0] * (len(plan.folds[0].lines) - 1)
    for fold in plan.folds:
        if fold.dense:  # each node's coefficients times its ways, dotted with each line's w
            weights = (node[fold.d] * ways[fold.kind][None, :]).reshape(-1)
            for i, row in enumerate(fold.w):
                counts[i] += int(np.dot(weights, row.reshape(-1).astype(dtype, copy=False)))
            continue
        v = np.add.reduceat(fold.w * ways[fold.kind], fold.starts) if len(fold.w) else fold.w
        built = node[fold.d].reshape(-1)  # (a segment that reads a leaf reads 0 here, then its leaf's)
        coefficient = built.take(fold.at) if len(built) else np.zeros(len(fold.at), dtype=dtype)
        if fold.leaves:  # a leaf's coefficient at T: sum over b of its parent's at T - b
            leaves = []
            for m, p_at, which in fold.leaves:
                parent = np.append(node[fold.d - m].reshape(-1), np.zeros(1, dtype=dtype))
                leaves.append(sum(parent[p_at[:, j]] * q[m][j, which] for j in range(p_at.shape[1])))
            coefficient[fold.leaf_at] = np.concatenate(leaves)[fold.leaf_of]
        weights = v * coefficient
        for i, (lo, hi) in enumerate(zip(fold.lines[:-1], fold.lines[1:])):
            counts[i] += int(weights[lo:hi].sum())
    return counts + [falling(n, 6) - sum(counts)]


def _products(np, steps, q, dtype) -> list:
    """Each degree's nodes' products (coefficients x nodes: the shifts move rows), from the steps and the
    types' polynomials ``q``."""
    steps, n_nodes = steps
    node = [np.zeros((len(compositions(d)), k), dtype=dtype) for d, k in enumerate(n_nodes)]
    node[0][0, 0] = 1
    for step in steps:
        for d, m, lo, hi, parent, which in step:
            part = node[d].take(parent, axis=1)
            factor = q[m].take(which, axis=1)
            out = node[d + m][:, lo:hi]
            for j, shift in enumerate(_shifts(d, m)):  # a + b for every a, one b at a time (distinct targets)
                out[shift] += part * factor[j]
    return node
