"""The fast exact path: the walk compiled once into a table of terms.

Why this is exact
-----------------
The walk in :mod:`exact_odds.engine` weights an ordered draw of card values
``x1..xk`` from a shoe with ``c[v]`` cards of value ``v`` by
``prod_v c[v](c[v]-1)...(c[v]-k_v+1)`` (``k_v`` = how many of the ``x`` are
``v``), whatever the order, and then by ``(N-k)(N-k-1)...(N-5)``, the ways to
draw the cards the coup leaves unused. So the count of every :class:`Deal` is

    count(deal) = sum over value multisets m of  mult(deal, m)
                  * prod_v falling(c_v, m_v) * falling(N - |m|, 6 - |m|)

where ``mult(deal, m)`` is the number of ways the walk reaches ``deal``
drawing exactly the multiset ``m`` (a small integer that depends on the
tableau only, never on the shoe). The infinite deck is the same sum with
``w_v ** m_v`` (w = 4 for value 0, 1 otherwise) and ``13 ** (6 - |m|)``.

:func:`compiled` walks the coup once *symbolically* per tableau (about a
quarter of a second, then cached for the process) and records every
``(deal, m, mult)``: 7,722 multisets of 4-6 values and about 97,000 terms
for punto banco. A shoe is then evaluated by

1. its *features* ``f_m = prod_v falling(c_v, m_v) * falling(N-|m|, 6-|m|)``,
   each a product of exactly six factors ``c_v - r`` and ``N - j``
   (:meth:`CompiledWalk.slots`). Pure Python multiplies once per node of
   the tree of sorted value tuples (a multiset of j+1 values is its parent
   times one factor); numpy takes three products of two factors from the
   outer product of the 66 factors with themselves.
2. fixed integer matrices over those features: the deal counts (for
   :func:`walk`, identical to :func:`exact_odds.engine.walk`), or, in a
   :class:`Pricer`, one row per outcome and per pay line of every bet, so
   pricing many bets is one matrix product instead of Fraction arithmetic
   per coup state. The product uses only a basis of those rows (a bet's
   ``otherwise`` line is the total less its other lines; identical rows
   are multiplied once), and each bet's payouts, scaled to integers by
   their common denominator, turn the row counts into the exact numerator
   of its expected value.

The six-card form (the :class:`Pricer`)
---------------------------------------
The 4-6-value features are not independent polynomials: the count has
``N - |m| = sum_v (c_v - m_v)``, so ``f_m = sum_v f_(m+v)`` whenever
``|m| < 6``. Substituting this until every multiset has six values puts a
row over the 5,005 multisets of exactly six values (instead of 6,958 of
4-6 values), with features ``prod_v falling(c_v, m_v)`` and no unused-card
factor. It is the six-card convention (RULES §3) made literal: a row's
entry for a six-value multiset is the number of its orderings whose first
cards make a coup that lands in the row, at most 6! = 720. The product is
then 28% smaller, and each feature is the product of two three-factor
products from a table of 935 (:meth:`CompiledWalk._six_card_tables`).

Number types (one choice, made here)
------------------------------------
Every term ``mult * f_m`` is a non-negative part of a count, so every term
and every partial sum of a row is a non-negative integer at most
``total = N(N-1)...(N-5)`` (``13**6`` for the infinite deck); a partial
product of the six factors (each at most N) is 0, at most N**4, or the
feature itself, at most ``total``. The same holds in the six-card form:
its terms are non-negative parts of the same count (entry times feature is
at most the number of six-card sequences of that multiset), and a partial
product is at most N**3 or the feature. Hence:

* ``total < 2**53``: float64 (numpy/BLAS) is exact, because every value met
  is an integer float64 represents exactly, in any order of summation (BLAS
  may add in any order and fuse multiply-adds; an exact result stays
  exact). This covers every shoe of at most 458 cards (8 decks and fewer)
  and the infinite deck.
* ``total < 2**63``: int64 is exact (shoes of up to 1,450 cards).
* larger shoes: Python integers (pure Python, slower but exact for any N).

Rows rebuilt from the basis (the total less some lines) and expected-value
numerators (scaled payouts of both signs) are then formed in int64: their
partial sums are bounded by ``total`` and by ``pe_norm * total``
(:meth:`Pricer._basis`), checked before use, else Python integers.

numpy is imported lazily and only here; without it everything runs in pure
Python (the `edge` command never needs it, see :func:`is_warm`).
"""

from __future__ import annotations

import math
import os
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Iterable, Sequence

from exact_odds.punto_banco.coup import CoupDistribution
from exact_odds.rules.coup import Deal
from exact_odds.rules.deal import TWO_CARD_HANDS, hand_total, natural_ends_coup, six_card_total
from exact_odds.bets.paytable import BetResult, LineResult, PayTable, PayTableError, coup_names, deal_names
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

#: Copies of one value a coup can hold (six cards): factor slots per value.
_OCCURRENCES = 6
#: Largest total for which float64 arithmetic on the features is exact.
FLOAT_EXACT = 2**53
#: Largest total (exclusive) for which int64 arithmetic is exact.
INT64_EXACT = 2**63
#: Outcome rows every :class:`Pricer` computes first.
OUTCOMES = ("banker", "player", "tie")


def _numpy():
    """numpy if it is installed, else None (the pure-Python path is used).

    The products here are small (a few dozen rows by 5,005 columns), and BLAS
    threads only fight each other and our own worker processes (``--jobs``)
    for the cores, so unless the caller chose otherwise before importing
    numpy, BLAS runs single-threaded."""
    if "numpy" not in sys.modules:
        for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
            os.environ.setdefault(name, "1")
    try:
        import numpy
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    return numpy


# --- compiling the walk ---------------------------------------------------

@dataclass(frozen=True, eq=False)
class CompiledWalk:
    """The walk of one tableau as ``(deal, multiset, multiplicity)`` terms.

    ``nodes`` are every sorted tuple of 1-6 card values, parents before
    children; ``parent[i]`` is the index of ``nodes[i][:-1]`` (-1 for one
    card) and ``factor[i] = 6 * v + r`` names the factor ``c_v - r`` that
    extends the parent by a card of value ``v`` (r copies of v already in
    it). ``monomials`` are the indices of the nodes of 4-6 values, the
    multisets a coup can use. ``terms`` are ``(deal index, monomial index,
    multiplicity)`` sorted by deal.
    """

    tableau: Tableau
    deals: tuple[Deal, ...]
    nodes: tuple[tuple[int, ...], ...]
    parent: tuple[int, ...]
    factor: tuple[int, ...]
    monomials: tuple[int, ...]
    terms: tuple[tuple[int, int, int], ...]
    _arrays: dict = field(default_factory=dict, repr=False)

    def slots(self, m: int) -> tuple[int, ...]:
        """The six factors of monomial ``m`` as indices into :func:`factor_vector`.

        A coup of k cards has k card factors ``c_v - r`` (index 6v + r) and
        6 - k unused-card factors ``N - j`` for j = k..5 (index 60 + j)."""
        values = self.nodes[self.monomials[m]]
        return tuple(_card_slots(values) + [10 * _OCCURRENCES + j for j in range(len(values), _OCCURRENCES)])

    def arrays(self):
        """numpy views of the tables (built once)."""
        if not self._arrays:
            np = _numpy()
            slots = np.array([self.slots(m) for m in range(len(self.monomials))], dtype=np.intp)
            width = FACTORS
            # The six factors in three pairs, each an index into the outer product of the factor vector.
            pairs = [np.ascontiguousarray(slots[:, 2 * i] * width + slots[:, 2 * i + 1]) for i in range(3)]
            deal_idx = np.array([t[0] for t in self.terms], dtype=np.intp)
            self._arrays.update(
                pairs=pairs,
                term_deal=deal_idx,
                term_monomial=np.array([t[1] for t in self.terms], dtype=np.intp),
                term_mult=np.array([t[2] for t in self.terms], dtype=np.int64),
                deal_starts=np.flatnonzero(np.r_[True, deal_idx[1:] != deal_idx[:-1]]),
            )
            self._arrays.update(self._six_card_tables(np))
        return self._arrays

    def _six_card_tables(self, np) -> dict:
        """Index tables for the six-card form (:meth:`six_card_rows`, :func:`_six_card_features`).

        ``lift[k]``: for each k-value multiset (k = 5, 6) and each distinct
        value v in it, the multiset less one v (its parent one level down),
        in at most six rounds with each child once per round.

        A six-value multiset's feature is the product of two triples of card
        factors: those of its first three values (one of 220 three-value
        multisets) and those of its last three (one of 715 distinct triples:
        the slot of a value depends on its copies among the first three).
        ``triple_slots`` lists the factors of both kinds of triple (three
        arrays: first, second and third factor), the 220 first;
        ``six_prefix`` and ``six_suffix`` index it for every six-value
        multiset."""
        by_size = {k: [n for n in self.nodes if len(n) == k] for k in (3, 4, 5, 6)}
        position = {n: i for k in by_size for i, n in enumerate(by_size[k])}
        lift = {}
        for k in (5, 6):
            rounds: list[tuple[list[int], list[int]]] = [([], []) for _ in range(_OCCURRENCES)]
            for child, n in enumerate(by_size[k]):
                for j, v in enumerate(sorted(set(n))):
                    i = n.index(v)
                    rounds[j][0].append(child)
                    rounds[j][1].append(position[n[:i] + n[i + 1:]])
            lift[k] = [(np.array(c, dtype=np.intp), np.array(p, dtype=np.intp)) for c, p in rounds if c]
        triples = {tuple(_card_slots(n)): i for i, n in enumerate(by_size[3])}
        prefix, suffix = [], []
        for n in by_size[6]:
            prefix.append(position[n[:3]])
            suffix.append(triples.setdefault(tuple(_card_slots(n)[3:]), len(triples)))
        slots = np.array(list(triples), dtype=np.intp)
        return {
            "lift": lift,
            "level_sizes": tuple(len(by_size[k]) for k in (4, 5, 6)),
            "six_prefix": np.array(prefix, dtype=np.intp),
            "six_suffix": np.array(suffix, dtype=np.intp),
            "triple_slots": tuple(np.ascontiguousarray(slots[:, i]) for i in range(3)),
        }

    def six_card_rows(self, np, rows):
        """Rows over the 4-6-value monomials as rows over the 5,005 six-value multisets.

        The same polynomials: a k-value monomial's feature carries
        ``N - k = sum_v (c_v - m_v)`` for an unused card, so
        ``f_m = sum_v f_(m + v)`` (each term with one tail factor fewer),
        applied once from 4 to 5 values and once from 5 to 6. The entry of
        a six-value multiset is then the number of its orderings whose
        first cards make a coup in the row: at most 6! = 720, exact in
        float64. ``rows`` is (R x monomials); the result (R x 5,005)."""
        a = self.arrays()
        n4, n5, _ = a["level_sizes"]
        level = {4: rows[:, :n4], 5: rows[:, n4:n4 + n5].copy(), 6: rows[:, n4 + n5:].copy()}
        for k in (5, 6):
            for child, parent in a["lift"][k]:
                level[k][:, child] += level[k - 1][:, parent]
        return level[6]


def _card_slots(values: tuple[int, ...]) -> list[int]:
    """The card factors of a sorted tuple of values: ``6v + r`` for ``c_v - r`` (r earlier copies of v)."""
    return [_OCCURRENCES * v + values[:i].count(v) for i, v in enumerate(values)]


def _sorted_insert(t: tuple[int, ...], v: int) -> tuple[int, ...]:
    return tuple(sorted(t + (v,)))


@lru_cache(maxsize=8)
def compiled(tableau: Tableau = PUNTO_BANCO) -> CompiledWalk:
    """Walk the coup once symbolically: every (deal, value multiset, multiplicity).

    Mirrors :func:`exact_odds.engine.walk` step for step: the two-card hands
    as unordered pairs of values with multiplicity 2 for distinct values,
    naturals ending the coup, then the tableau's third cards."""
    player_draws = [tableau.player_draws(p) for p in range(8)]
    banker_draws = [[tableau.banker_draws(b, t) for t in range(10)] + [tableau.banker_draws(b, None)]
                    for b in range(8)]
    acc: dict[tuple, dict] = defaultdict(lambda: defaultdict(int))
    for p1, p2, mp in TWO_CARD_HANDS:
        pt = hand_total(p1, p2)
        for b1, b2, mb in TWO_CARD_HANDS:
            bt = hand_total(b1, b2)
            m = mp * mb
            base = tuple(sorted((p1, p2, b1, b2)))
            if natural_ends_coup(pt, bt):
                acc[pt, bt, None, None][base] += m
            elif player_draws[pt]:
                rule = banker_draws[bt]
                for t in range(10):
                    with_t = _sorted_insert(base, t)
                    if rule[t]:
                        for u in range(10):
                            acc[pt, bt, t, u][_sorted_insert(with_t, u)] += m
                    else:
                        acc[pt, bt, t, None][with_t] += m
            elif banker_draws[bt][10]:
                for u in range(10):
                    acc[pt, bt, None, u][_sorted_insert(base, u)] += m
            else:
                acc[pt, bt, None, None][base] += m

    nodes: list[tuple[int, ...]] = []
    for size in range(1, _OCCURRENCES + 1):
        level = set()
        prev = [()] if size == 1 else [n for n in nodes if len(n) == size - 1]
        for n in prev:
            for v in range(n[-1] if n else 0, 10):
                level.add(n + (v,))
        nodes.extend(sorted(level))
    node_index = {n: i for i, n in enumerate(nodes)}
    parent = tuple(node_index[n[:-1]] if len(n) > 1 else -1 for n in nodes)
    factor = tuple(_OCCURRENCES * n[-1] + n[:-1].count(n[-1]) for n in nodes)
    monomials = tuple(i for i, n in enumerate(nodes) if len(n) >= 4)
    mono_index = {nodes[i]: j for j, i in enumerate(monomials)}

    deals = tuple(Deal(*key) for key in sorted(acc, key=_deal_order))
    terms = []
    for d, deal in enumerate(deals):
        for mono, mult in sorted(acc[tuple(deal)].items()):
            terms.append((d, mono_index[mono], mult))
    return CompiledWalk(tableau, deals, tuple(nodes), parent, factor, monomials, tuple(terms))


def _deal_order(key):
    return tuple(-1 if x is None else x for x in key)


_warm_tableaux: set = set()


def is_warm(tableau: Tableau = PUNTO_BANCO) -> bool:
    """Whether ``tableau`` is already compiled in this process (no compile cost)."""
    return tableau in _warm_tableaux


def warm(tableau: Tableau = PUNTO_BANCO) -> CompiledWalk:
    """The compiled walk of ``tableau``, compiling it now if needed."""
    cw = compiled(tableau)
    _warm_tableaux.add(tableau)
    return cw


# --- a shoe's features ----------------------------------------------------

def factor_tails(shoe: Shoe) -> list[int]:
    """``tails[k]``: the ways to draw the 6 - k cards a k-card coup leaves unused.

    falling(N - k, 6 - k), or 13**(6-k) for the infinite deck (k = 0..6)."""
    if shoe.is_infinite:
        return [13 ** (6 - k) for k in range(7)]
    n = shoe.size
    tails = [1] * 7
    for k in range(5, -1, -1):
        tails[k] = tails[k + 1] * (n - k)
    return tails


def factor_table(shoe: Shoe) -> tuple[list[int], list[int]]:
    """The per-card factors ``c_v - r`` (slot 6v + r) and the unused-card tails.

    A factor below zero is clamped to 0: the factor r = c_v before it is
    already 0, so the product is 0 either way. The infinite deck's factors
    are the weights w_v (drawing with replacement)."""
    c = shoe.value_counts
    if shoe.is_infinite:
        factors = [c[v] for v in range(10) for _ in range(_OCCURRENCES)]
    else:
        factors = [max(c[v] - r, 0) for v in range(10) for r in range(_OCCURRENCES)]
    return factors, factor_tails(shoe)


def features(shoe: Shoe, cw: CompiledWalk | None = None) -> list[int]:
    """``f_m`` for every monomial m of the compiled walk, as Python integers."""
    cw = cw or warm()
    factors, tails = factor_table(shoe)
    value = [0] * len(cw.nodes)
    parent, factor, nodes = cw.parent, cw.factor, cw.nodes
    for i in range(len(nodes)):
        p = parent[i]
        value[i] = factors[factor[i]] * (value[p] if p >= 0 else 1)
    return [value[i] * tails[len(nodes[i])] for i in cw.monomials]


def precision(shoe: Shoe) -> str:
    """'float64', 'int64' or 'python': the number type that is exact for ``shoe``."""
    total = six_card_total(shoe)
    if total < FLOAT_EXACT:
        return "float64"
    if total < INT64_EXACT:
        return "int64"
    return "python"


def factor_vector(shoe: Shoe) -> list[int]:
    """The 66 factors a feature is a product of: ``max(c_v - r, 0)`` at 6v + r, ``N - j`` at 60 + j.

    For the infinite deck the card factors are the weights w_v (drawing with
    replacement) and the unused-card factors are 13. A factor below zero is
    clamped to 0: the factor r = c_v of the same value is already 0."""
    factors, _ = factor_table(shoe)
    if shoe.is_infinite:
        return factors + [13] * _OCCURRENCES
    n = shoe.size
    return factors + [n - j for j in range(_OCCURRENCES)]


#: Length of :func:`factor_vector`.
FACTORS = 11 * _OCCURRENCES


def _features_numpy(np, shoe: Shoe, cw: CompiledWalk, dtype):
    """Features ``f_m`` of one shoe as a flat array of ``dtype``: the same numbers as :func:`features`.

    Each feature is a product of exactly six factors (:meth:`CompiledWalk.slots`),
    taken as three products of two from the outer product of the factor
    vector with itself: three gathers and two multiplications. Every factor
    is at most N, so any partial product is 0, at most N**5, or the whole
    feature (at most ``total``), all below the bound of ``dtype``."""
    p0, p1, p2 = cw.arrays()["pairs"]
    g = _factor_array(np, shoe, dtype)
    table = np.multiply.outer(g, g).ravel()
    f = table.take(p0)
    f *= table.take(p1)
    f *= table.take(p2)
    return f


def _six_card_features(np, shoes: Sequence[Shoe], cw: CompiledWalk, dtype, index):
    """``falling(c, m)`` for six-value multisets m, as a (len(index[0]) x shoes) array of ``dtype``.

    ``index`` is ``(prefix, suffix)``, slices of ``six_prefix`` and
    ``six_suffix`` (:meth:`CompiledWalk._six_card_tables`) naming the
    multisets. Each is the product of the three card factors of its first
    three values and the three of its last three: three gathers from the 60
    card factors and two products make the 935 triples (``triple_slots``),
    two more gathers and one product make the features. Every factor is at most N,
    so a partial product is 0, at most N**3, or the feature itself (at
    most ``total``), all below the bound of ``dtype``."""
    s0, s1, s2 = cw.arrays()["triple_slots"]
    prefix, suffix = index
    if len(shoes) == 1:  # one shoe: flat arrays, the quickest gathers
        g = _card_factors(np, shoes[0], dtype)
        t = g.take(s0)
        t *= g.take(s1)
        t *= g.take(s2)
        f = t.take(prefix)
        f *= t.take(suffix)
        return f[:, None]
    g = _factor_arrays(np, shoes, dtype)
    t = g[s0] * g[s1] * g[s2]
    f = t[prefix]
    f *= t[suffix]
    return f


def _factor_arrays(np, shoes: Sequence[Shoe], dtype):
    """:func:`factor_vector` of several shoes as a (66, S) array, built with numpy."""
    counts = np.array([s.value_counts for s in shoes], dtype=np.int64).T  # (10, S)
    finite = np.array([0 if s.is_infinite else 1 for s in shoes], dtype=np.int64)
    sizes = np.array([0 if s.is_infinite else s.size for s in shoes], dtype=np.int64)
    r = np.arange(_OCCURRENCES, dtype=np.int64)
    g = np.empty((FACTORS, len(shoes)), dtype=np.int64)
    g[:60] = np.maximum(counts[:, None, :] - r[None, :, None] * finite, 0).reshape(60, -1)
    g[60:] = np.where(finite, sizes - r[:, None], 13)
    return g.astype(dtype)


def _factor_array(np, shoe: Shoe, dtype):
    """:func:`factor_vector` as a flat numpy array (one shoe)."""
    tails = np.full(_OCCURRENCES, 13, dtype=dtype) if shoe.is_infinite else shoe.size - _offsets(np, dtype)
    return np.concatenate((_card_factors(np, shoe, dtype).ravel(), tails))


def _card_factors(np, shoe: Shoe, dtype):
    """The 60 card factors of :func:`factor_vector` (one shoe): ``take`` reads them flat."""
    c = np.array(shoe.value_counts, dtype=dtype)
    if shoe.is_infinite:
        return np.repeat(c, _OCCURRENCES)
    g = np.subtract.outer(c, _offsets(np, dtype))
    np.maximum(g, 0, out=g)
    return g


def _offsets(np, dtype):
    """``[0, 1, ..., 5]`` as a cached array of ``dtype``."""
    offsets = _OFFSETS.get(dtype)
    if offsets is None:
        offsets = _OFFSETS[dtype] = np.arange(_OCCURRENCES, dtype=dtype)
    return offsets


_OFFSETS: dict = {}


# --- the fast walk --------------------------------------------------------

def walk(shoe: Shoe, tableau: Tableau = PUNTO_BANCO) -> CoupDistribution:
    """The same :class:`CoupDistribution` as :func:`exact_odds.engine.walk`.

    Identical ``deals`` (same keys, same integers; deals that cannot happen
    in this shoe are left out, as the walk leaves them out)."""
    shoe.checked()
    cw = warm(tableau)
    counts = deal_counts(shoe, cw)
    deals = {deal: n for deal, n in zip(cw.deals, counts) if n}
    return CoupDistribution(shoe, tableau, deals, six_card_total(shoe))


def deal_counts(shoe: Shoe, cw: CompiledWalk) -> list[int]:
    """Six-card count of every deal of ``cw`` (zeros included), in order."""
    np = _numpy()
    kind = precision(shoe)
    if np is not None and kind != "python":
        dtype = np.float64 if kind == "float64" else np.int64
        f = _features_numpy(np, shoe, cw, dtype)
        a = cw.arrays()
        terms = f[a["term_monomial"]] * a["term_mult"].astype(dtype)
        return np.add.reduceat(terms, a["deal_starts"]).astype(np.int64).tolist()
    f = features(shoe, cw)
    out = [0] * len(cw.deals)
    for d, m, mult in cw.terms:
        out[d] += mult * f[m]
    return out


# --- pricing many bets ----------------------------------------------------

def is_value_level(bet: PayTable) -> bool:
    """Whether the bet is settled by the deal's card values alone (coup- or deal-level).

    Such a bet can be priced from value counts; pair bets need ranks and suits."""
    try:
        return bet.family in ("coup", "deal")
    except PayTableError:
        return False


def settler(bet: PayTable):
    """A function deal -> index of the line that settles the bet (len(lines) for otherwise).

    The same lookup :meth:`PayTable.price` makes: coup-level tables read the
    finished coup, deal-level tables the deal."""
    family = bet.family
    if family == "coup":
        return lambda deal: bet._settle(deal.coup, coup_names)
    if family == "deal":
        return lambda deal: bet._settle(deal, deal_names)
    raise PayTableError(f"bet {bet.name!r} looks at ranks or suits; the fast path prices value-level bets only")


def payout(bet: PayTable, deal: Deal) -> Fraction:
    """What a value-level bet pays per unit on ``deal`` (-1 is a lost stake)."""
    i = settler(bet)(deal)
    return bet.lines[i].pays if i < len(bet.lines) else bet.otherwise


class Pricer:
    """Outcome counts and every line of a list of bets, as matrices over the features.

    Row r holds, for every monomial m, the sum of ``mult(deal, m)`` over the
    deals whose coup lands in row r: Banker wins, Player wins, Tie, then each
    line of each bet in order (the ``otherwise`` line last), exactly the
    counts :meth:`PayTable.price` adds up. A row count is ``row . f``.
    """

    def __init__(self, bets: Iterable[PayTable] = (), tableau: Tableau = PUNTO_BANCO):
        self.bets = tuple(bets)
        for bet in self.bets:
            if not is_value_level(bet):
                raise PayTableError(
                    f"bet {bet.name!r} looks at ranks or suits; the fast path prices value-level bets only"
                )
        self.tableau = tableau
        cw = warm(tableau)
        self.compiled = cw
        self.offsets = []
        n_rows = len(OUTCOMES)
        for bet in self.bets:
            self.offsets.append(n_rows)
            n_rows += len(bet.lines) + 1
        self.n_rows = n_rows
        settlers = [settler(bet) for bet in self.bets]
        deal_rows = []
        for deal in cw.deals:
            rows = [OUTCOMES.index(deal.coup.winner)]
            for settle, off in zip(settlers, self.offsets):
                rows.append(off + settle(deal))
            deal_rows.append(rows)
        #: for every deal of the compiled walk, the rows it counts in
        self.deal_rows = tuple(tuple(r) for r in deal_rows)
        #: per bet, the payouts (lines then otherwise) times :func:`pay_scale`: integers
        self.scales = tuple(pay_scale(b) for b in self.bets)
        self.payouts = tuple(
            tuple(int(p * sc) for p in [l.pays for l in b.lines] + [b.otherwise])
            for b, sc in zip(self.bets, self.scales)
        )
        self._dense = {}
        self._rows = None
        self._basis_cache = None

    @property
    def rows(self) -> tuple[tuple[tuple[int, int], ...], ...]:
        """Each row as sorted (monomial, multiplicity) pairs, for the pure-Python path."""
        if self._rows is None:
            sparse: list[dict[int, int]] = [defaultdict(int) for _ in range(self.n_rows)]
            for d, m, mult in self.compiled.terms:
                for r in self.deal_rows[d]:
                    sparse[r][m] += mult
            self._rows = tuple(tuple(sorted(s.items())) for s in sparse)
        return self._rows

    def _matrix(self, np, dtype):
        """The rows as a dense (rows x six-value multisets) array of ``dtype``.

        Built over the monomials with a weighted bincount, then lifted to
        six values (:meth:`CompiledWalk.six_card_rows`); the float64 sums
        are exact: a cell counts orderings of one multiset of 6 values (at
        most 6! = 720), far below 2**53."""
        key = np.dtype(dtype).name
        if key not in self._dense:
            a = self.compiled.arrays()
            n_mono = len(self.compiled.monomials)
            by_deal = np.array(self.deal_rows, dtype=np.int64)  # (deals, 1 + bets)
            weights = a["term_mult"].astype(np.float64)
            cells = np.zeros(self.n_rows * n_mono, dtype=np.float64)
            for j in range(by_deal.shape[1]):
                flat = by_deal[a["term_deal"], j] * n_mono + a["term_monomial"]
                cells += np.bincount(flat, weights=weights, minlength=self.n_rows * n_mono)
            six = self.compiled.six_card_rows(np, cells.reshape(self.n_rows, n_mono))
            self._dense[key] = six.astype(np.int64).astype(dtype)
        return self._dense[key]

    def _basis(self, np):
        """The rows reduced to a basis, and how to get every row and every EV back from it.

        Not multiplied out: a bet's ``otherwise`` row (the total less its
        other lines: the lines partition the deals), Tie (the total less
        Banker and Player), a row identical to an earlier one (the same Tie
        line in many bets), and a row that is an integer combination of the
        rows kept (the Tie line is the sum of the ten Egalite lines), each
        combination checked exactly in integers. Columns that are zero in
        every kept row are dropped (their features are not computed).

        Returns ``(B, E, PE, e_norm, pe_norm, index)``: ``B`` the kept rows
        over the kept columns (float64, exact small integers); every row
        count is ``E @ [B @ f; total]`` and every EV numerator (scaled
        payouts) is ``PE @ [B @ f; total]``; ``e_norm`` and ``pe_norm`` are
        the largest row sums of ``|E|`` and ``|PE|``, which bound every
        partial sum by ``norm * total`` (checked against 2**63 before int64 is
        used); ``index`` names the kept columns' features (:func:`_six_card_features`)."""
        if self._basis_cache is None:
            full = self._matrix(np, np.float64)
            derived = {2: [0, 1]}  # Tie = total - Banker - Player
            for bet, off in zip(self.bets, self.offsets):
                derived[off + len(bet.lines)] = list(range(off, off + len(bet.lines)))
            distinct: list[int] = []
            where: dict[bytes, int] = {}
            unit: dict[int, int | None] = {}
            for r in range(self.n_rows):
                if r in derived:
                    continue
                if not full[r].any():
                    unit[r] = None  # a line that never settles the bet
                    continue
                key = full[r].tobytes()
                if key not in where:
                    where[key] = len(distinct)
                    distinct.append(r)
                unit[r] = where[key]
            kept: list[int] = []  # positions in ``distinct`` that are multiplied out
            combos: dict[int, dict[int, int]] = {}
            exact = full.astype(np.int64)
            for k, r in enumerate(distinct):
                if kept:
                    rows = full[[distinct[j] for j in kept]]
                    coef = np.rint(np.linalg.lstsq(rows.T, full[r], rcond=None)[0]).astype(np.int64)
                    if np.array_equal(coef @ exact[[distinct[j] for j in kept]], exact[r]):
                        combos[k] = {j: int(c) for j, c in zip(kept, coef) if c}
                        continue
                kept.append(k)
            width = len(kept) + 1
            vec = {}
            for i, k in enumerate(kept):
                vec[k] = [0] * width
                vec[k][i] = 1
            for k, combo in combos.items():
                v = [0] * width
                for j, c in combo.items():
                    v = [x + c * y for x, y in zip(v, vec[j])]
                vec[k] = v
            e = [[0] * width for _ in range(self.n_rows)]
            for r, k in unit.items():
                if k is not None:
                    e[r] = list(vec[k])
            for r, others in derived.items():
                e[r][-1] = 1
                for o in others:
                    e[r] = [x - y for x, y in zip(e[r], e[o])]
            pe = []
            for off, pays in zip(self.offsets, self.payouts):
                row = [0] * width
                for i, p in enumerate(pays):
                    row = [x + p * y for x, y in zip(row, e[off + i])]
                pe.append(row)
            e_norm = max((sum(abs(x) for x in row) for row in e), default=0)
            pe_norm = max((sum(abs(x) for x in row) for row in pe), default=0)
            b = full[[distinct[k] for k in kept]]
            columns = np.flatnonzero(b.any(axis=0)) if len(kept) else np.arange(0)
            arrays = self.compiled.arrays()
            index = (arrays["six_prefix"][columns], arrays["six_suffix"][columns])
            self._basis_cache = (
                np.ascontiguousarray(b[:, columns]),
                np.array(e, dtype=object if e_norm >= INT64_EXACT else np.int64).reshape(self.n_rows, width),
                np.array(pe, dtype=object if pe_norm >= INT64_EXACT else np.int64).reshape(len(pe), width),
                e_norm,
                pe_norm,
                index,
            )
        return self._basis_cache

    def prepare(self) -> "Pricer":
        """Build the numpy tables now (before worker processes fork, so each starts ready)."""
        np = _numpy()
        if np is not None:
            self.compiled.arrays()
            self._basis(np)
        return self

    def _basis_counts(self, np, shoes: Sequence[Shoe], kind: str):
        """``[B @ f; total]`` for shoes of one number type, as int64 (basis + 1, S)."""
        dtype = np.float64 if kind == "float64" else np.int64
        b, index = self._basis(np)[0], self._basis(np)[5]
        if dtype is not np.float64:
            b = b.astype(np.int64)
        f = _six_card_features(np, shoes, self.compiled, dtype, index)
        out = np.empty((b.shape[0] + 1, len(shoes)), dtype=np.int64)
        # Every partial sum of a row is at most total (module docstring): exact.
        out[:-1] = (b @ f[:, 0])[:, None] if len(shoes) == 1 else b @ f
        out[-1] = [six_card_total(s) for s in shoes]
        return out

    def _combine(self, np, matrix, norm: int, basis):
        """``matrix @ basis`` exactly: int64 when ``norm * total < 2**63``, else Python integers."""
        if matrix.dtype != object and norm * int(basis[-1].max()) < INT64_EXACT:
            return (matrix @ basis).T.tolist()
        return [[int(x) for x in row] for row in (matrix.astype(object) @ basis.astype(object)).T]

    # -- one shoe
    def counts(self, shoe: Shoe) -> list[int]:
        """Row counts for ``shoe``: banker, player, tie, then every bet line."""
        return self.batch_counts([shoe])[0]

    def house_edges(self, shoe: Shoe) -> list[Fraction]:
        """Each bet's exact house edge for ``shoe`` (the figure PayTable.price gives)."""
        nums, total = self._ev_numerators(shoe)
        return [Fraction(-num, scale * total) for num, scale in zip(nums, self.scales)]

    def shoe_ev_numerators(self, shoe: Shoe) -> list[int]:
        """Each bet's expected value times ``scale * total`` for one shoe: exact integers.

        The same numbers as ``batch_ev_numerators([shoe])[0]``, without the
        batch bookkeeping in the common case (numpy, float64-exact shoe)."""
        return self._ev_numerators(shoe)[0]

    def _ev_numerators(self, shoe: Shoe) -> tuple[list[int], int]:
        """:meth:`shoe_ev_numerators` and the shoe's ``total``."""
        total = six_card_total(shoe.checked())
        np = _numpy()
        if np is None or total >= FLOAT_EXACT:
            return self.batch_ev_numerators([shoe])[0], total
        b, _, pe, _, pe_norm, index = self._basis(np)
        basis = np.empty(b.shape[0] + 1, dtype=np.int64)
        basis[:-1] = b @ _six_card_features(np, [shoe], self.compiled, np.float64, index)[:, 0]
        basis[-1] = total
        if pe_norm * total < INT64_EXACT and pe.dtype != object:
            return (pe @ basis).tolist(), total
        return [int(x) for x in pe.astype(object) @ basis.astype(object)], total

    def results(self, shoe: Shoe, counts: list[int] | None = None) -> tuple[BetResult, ...]:
        """Every bet priced on ``shoe``, equal to ``bet.price(walk(shoe))``.

        Value-level bets rest on no assumption beyond the shoe, so
        ``assumptions`` is empty, as :meth:`PayTable.price` leaves it."""
        counts = self.counts(shoe) if counts is None else counts
        total = six_card_total(shoe)
        out = []
        for bet, off in zip(self.bets, self.offsets):
            n = counts[off: off + len(bet.lines) + 1]
            rows = [LineResult(l.label, l.pays, c, Fraction(c, total)) for l, c in zip(bet.lines, n)]
            rows.append(LineResult(bet.otherwise_label, bet.otherwise, n[-1], Fraction(n[-1], total)))
            out.append(BetResult(bet, tuple(rows), total))
        return tuple(out)

    def expected_values(self, counts: Sequence[int], total: int) -> list[Fraction]:
        """Each bet's expected value per unit from row counts (exact)."""
        return [Fraction(num, scale * total) for num, scale in zip(self.ev_numerators(counts), self.scales)]

    def ev_numerators(self, counts: Sequence[int]) -> list[int]:
        """Each bet's expected value times ``scale * total`` (an integer; its sign is the EV's)."""
        return [sum(p * counts[off + i] for i, p in enumerate(pays))
                for off, pays in zip(self.offsets, self.payouts)]

    # -- many shoes
    def _by_kind(self, shoes: Sequence[Shoe]):
        by_kind: dict[str, list[int]] = defaultdict(list)
        for i, s in enumerate(shoes):
            s.checked()
            by_kind[precision(s)].append(i)
        return by_kind

    def batch_counts(self, shoes: Sequence[Shoe], chunk: int = 16) -> list[list[int]]:
        """Row counts of every shoe, in order (numpy in chunks, exact)."""
        return self._batch(shoes, chunk, self._counts_python, matrix=1, norm=3)

    def batch_ev_numerators(self, shoes: Sequence[Shoe], chunk: int = 16) -> list[list[int]]:
        """Each bet's EV numerator (over ``scale * total``) for every shoe, in order, exact."""
        return self._batch(shoes, chunk, lambda s: self.ev_numerators(self._counts_python(s)), matrix=2, norm=4)

    def _batch(self, shoes: Sequence[Shoe], chunk: int, python_row, matrix: int, norm: int) -> list[list[int]]:
        """One row per shoe, in order: ``python_row(shoe)`` where numpy is missing or
        the shoe is too large for int64, else ``_basis[matrix] @ basis counts`` in chunks."""
        shoes = list(shoes)
        np = _numpy()
        out: list = [None] * len(shoes)
        for kind, idx in self._by_kind(shoes).items():
            if np is None or kind == "python":
                for i in idx:
                    out[i] = python_row(shoes[i])
                continue
            basis = self._basis(np)
            for start in range(0, len(idx), chunk):
                part = idx[start: start + chunk]
                rows = self._combine(np, basis[matrix], basis[norm], self._basis_counts(np, [shoes[i] for i in part], kind))
                for i, r in zip(part, rows):
                    out[i] = r
        return out

    def _counts_python(self, shoe: Shoe) -> list[int]:
        f = features(shoe, self.compiled)
        return [sum(mult * f[m] for m, mult in row) for row in self.rows]


def pay_scale(bet: PayTable) -> int:
    """The least common denominator of a bet's payouts (20 for 19/20)."""
    return math.lcm(*(p.denominator for p in [l.pays for l in bet.lines] + [bet.otherwise]))


@lru_cache(maxsize=32)
def pricer(bets: tuple[PayTable, ...], tableau: Tableau = PUNTO_BANCO) -> Pricer:
    """A cached :class:`Pricer` for a tuple of bets."""
    return Pricer(bets, tableau)
