"""A shoe's features, the number type that is exact for it, and the compiled walk.

A shoe is evaluated on the compiled walk (:mod:`exact_odds.punto_banco.compiled`)
through its *features* ``f_m = prod_v falling(c_v, m_v) * falling(N-|m|, 6-|m|)``,
one per multiset m of 4-6 values, each a product of exactly six factors
``c_v - r`` and ``N - j`` (:meth:`CompiledWalk.slots`). Pure Python
multiplies once per node of the tree of sorted value tuples (a multiset of
j+1 values is its parent times one factor); numpy takes three products of
two factors from the outer product of the 66 factors with themselves. The
deal counts are then fixed integer sums over the features
(:func:`deal_counts`), identical to :func:`exact_odds.punto_banco.walk.walk`.

Number types (one choice, made here)
------------------------------------
Every term ``mult * f_m`` is a non-negative part of a count, so every term
and every partial sum of a row is a non-negative integer at most
``total = N(N-1)...(N-5)`` (``13**6`` for the infinite deck); a partial
product of the six factors (each at most N) is 0, at most N**4, or the
feature itself, at most ``total``. The same holds in the six-card form
(:mod:`exact_odds.punto_banco.pricer`): its terms are non-negative parts of
the same count (entry times feature is at most the number of six-card
sequences of that multiset), and a partial product is at most N**3 or the
feature. Hence (:func:`precision`):

* ``total < 2**53``: float64 (numpy/BLAS) is exact, because every value met
  is an integer float64 represents exactly, in any order of summation (BLAS
  may add in any order and fuse multiply-adds; an exact result stays
  exact). This covers every shoe of at most 458 cards (8 decks and fewer)
  and the infinite deck.
* ``total < 2**63``: int64 is exact (shoes of up to 1,450 cards).
* larger shoes: Python integers (pure Python, slower but exact for any N).

numpy is imported lazily and only through :func:`numpy_or_none`; without it
everything runs in pure Python. ``exact-odds edge`` never loads it: a single
cold shoe is quicker on the recursive walk (:func:`exact_odds.bets.analysis.analyse`
with ``method="walk"``).
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any, Sequence

from exact_odds.blas import single_threaded_by_default, small_pages_by_default
from exact_odds.punto_banco.compiled import FACTORS, OCCURRENCES, CompiledWalk, compiled
from exact_odds.punto_banco.coup import CoupDistribution
from exact_odds.punto_banco.walk import check_walk_arguments
from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.deal import six_card_total
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

#: Largest total (exclusive) for which float64 arithmetic on the features is exact.
FLOAT_EXACT = 2**53
#: Largest total (exclusive) for which int64 arithmetic is exact.
INT64_EXACT = 2**63


def numpy_or_none() -> Any:
    """numpy if it is installed, else None (the pure-Python path is used).

    The products here are small (a few dozen rows by 5,005 columns), and BLAS
    threads only fight each other and our own worker processes (``--jobs``)
    for the cores, so unless the caller chose otherwise before importing
    numpy, BLAS runs single-threaded, and numpy's arrays take small pages
    (:func:`exact_odds.blas.small_pages_by_default`)."""
    single_threaded_by_default()
    small_pages_by_default()
    try:
        import numpy
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    return numpy


def precision(shoe: Shoe) -> str:
    """'float64', 'int64' or 'python': the number type that is exact for ``shoe``."""
    return kind_of_total(six_card_total(shoe))


def kind_of_total(total: int) -> str:
    """:func:`precision` of a shoe whose six-card total is ``total``."""
    if total < FLOAT_EXACT:
        return "float64"
    if total < INT64_EXACT:
        return "int64"
    return "python"


#: The ranks of each value 0..9 (from the rules' RANK_VALUES): 10, J, Q, K are 0, the others one each.
_RANKS_OF_VALUE = tuple(tuple(r for r, v in enumerate(RANK_VALUES) if v == value) for value in range(10))
_TENS = itemgetter(*_RANKS_OF_VALUE[0])
_ONE_RANK = itemgetter(*(ranks[0] for ranks in _RANKS_OF_VALUE[1:]))
assert all(len(ranks) == 1 for ranks in _RANKS_OF_VALUE[1:])


def rank_to_value_counts(ranks: Sequence[int]) -> tuple[int, ...]:
    """The cards of each value 0..9 in a shoe of ``ranks`` (13 rank counts A..K): what
    :meth:`Pricer.value_batch <exact_odds.punto_banco.pricer.Pricer.value_batch>` reads
    (simulate calls it before every coup, so it is two item lookups, not a loop)."""
    return (sum(_TENS(ranks)),) + _ONE_RANK(ranks)


def value_shoe(value_counts: Sequence[int]) -> Shoe:
    """A shoe holding ``value_counts[v]`` cards of each value v (the ten-value cards as 10s):
    the same features, walk and prices as any shoe with those value counts."""
    c = tuple(value_counts)
    return Shoe(c[1:10] + (c[0], 0, 0, 0))


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
        factors = [c[v] for v in range(10) for _ in range(OCCURRENCES)]
    else:
        factors = [max(c[v] - r, 0) for v in range(10) for r in range(OCCURRENCES)]
    return factors, factor_tails(shoe)


def features(shoe: Shoe, cw: CompiledWalk | None = None) -> list[int]:
    """``f_m`` for every monomial m of the compiled walk, as Python integers."""
    cw = cw or compiled()
    factors, tails = factor_table(shoe)
    value = [0] * len(cw.nodes)
    parent, factor, nodes = cw.parent, cw.factor, cw.nodes
    for i in range(len(nodes)):
        p = parent[i]
        value[i] = factors[factor[i]] * (value[p] if p >= 0 else 1)
    return [value[i] * tails[len(nodes[i])] for i in cw.monomials]


def _features_numpy(np: Any, shoe: Shoe, cw: CompiledWalk, dtype: Any) -> Any:
    """Features ``f_m`` of one shoe as a flat array of ``dtype``: the same numbers as :func:`features`.

    Each feature is a product of exactly six factors (:meth:`CompiledWalk.slots`),
    taken as three products of two from the outer product of the factor
    vector with itself: three gathers and two multiplications. Every factor
    is at most N, so any partial product is 0, at most N**5, or the whole
    feature (at most ``total``), all below the bound of ``dtype``."""
    p0, p1, p2 = cw.arrays(np)["pairs"]
    g = factor_array(np, shoe, dtype)
    table = np.multiply.outer(g, g).ravel()
    f = table.take(p0)
    f *= table.take(p1)
    f *= table.take(p2)
    return f


def six_card_features(np: Any, shoes: Sequence[Shoe], cw: CompiledWalk, dtype: Any, index: Any) -> Any:
    """``falling(c, m)`` for six-value multisets m, as a (len(index[0]) x shoes) array of ``dtype``.

    ``index`` is ``(prefix, suffix)``, slices of ``six_prefix`` and
    ``six_suffix`` (:meth:`CompiledWalk._six_card_tables`) naming the
    multisets. Each is the product of the three card factors of its first
    three values and the three of its last three: three gathers from the 60
    card factors and two products make the 935 triples (``triple_slots``),
    two more gathers and one product make the features. Every factor is at most N,
    so a partial product is 0, at most N**3, or the feature itself (at
    most ``total``), all below the bound of ``dtype``."""
    s0, s1, s2 = cw.arrays(np)["triple_slots"]
    prefix, suffix = index
    if len(shoes) == 1:  # one shoe: flat arrays, the quickest gathers
        g = _card_factors(np, shoes[0], dtype)
        t = g.take(s0)
        t *= g.take(s1)
        t *= g.take(s2)
        f = t.take(prefix)
        f *= t.take(suffix)
        return f[:, None]
    g = factor_arrays(np, shoes, dtype)
    t = g[s0] * g[s1] * g[s2]
    f = t[prefix]
    f *= t[suffix]
    return f


def six_card_features_of_counts(np: Any, counts: Any, finite: Any, cw: CompiledWalk, dtype: Any,
                                index: Any, out: Any = None) -> Any:
    """:func:`six_card_features` of shoes given by their value counts: ``counts`` a (10, S)
    int64 array (the infinite deck's weights where ``finite`` is 0), ``finite`` an (S,) array
    of 0 and 1 (None: every shoe finite). The same numbers, from the same bounds.

    ``out``, if given, is two C-contiguous (len(index[0]), S) arrays of ``dtype`` to work in
    (the first is returned): a chunk's features are megabytes, and fresh arrays that large
    cost the system's page faults every time, more than the arithmetic."""
    s0, s1, s2 = cw.arrays(np)["triple_slots"]
    prefix, suffix = index
    g = card_factor_rows(np, counts, finite, dtype)
    t = g[s0]
    t *= g[s1]
    t *= g[s2]
    if out is None:
        out = (np.empty((len(prefix), counts.shape[1]), dtype=dtype),
               np.empty((len(prefix), counts.shape[1]), dtype=dtype))
    f, tmp = out
    # mode="wrap" (every index is in range anyway) lets take write straight into ``out``
    np.take(t, prefix, axis=0, out=f, mode="wrap")
    np.take(t, suffix, axis=0, out=tmp, mode="wrap")
    np.multiply(f, tmp, out=f)
    return f


def card_factor_rows(np: Any, counts: Any, finite: Any, dtype: Any) -> Any:
    """The 60 card factors ``max(c_v - r, 0)`` (slot 6v + r) of shoes given by a (10, S) array of
    value counts, as a (60, S) array of ``dtype``; where ``finite`` is 0 the counts are the
    infinite deck's weights, repeated (drawing with replacement)."""
    r = np.arange(OCCURRENCES, dtype=np.int64)[None, :, None]
    if finite is not None:
        r = r * finite[None, None, :]
    g = counts[:, None, :] - r
    np.maximum(g, 0, out=g)
    return g.reshape(60, -1).astype(dtype)


def factor_arrays(np: Any, shoes: Sequence[Shoe], dtype: Any) -> Any:
    """:func:`factor_array` of several shoes as a (66, S) array."""
    counts = np.array([s.value_counts for s in shoes], dtype=np.int64).T  # (10, S)
    finite = np.array([0 if s.is_infinite else 1 for s in shoes], dtype=np.int64)
    sizes = np.array([0 if s.is_infinite else s.size for s in shoes], dtype=np.int64)
    r = np.arange(OCCURRENCES, dtype=np.int64)
    g = np.empty((FACTORS, len(shoes)), dtype=np.int64)
    g[:60] = np.maximum(counts[:, None, :] - r[None, :, None] * finite, 0).reshape(60, -1)
    g[60:] = np.where(finite, sizes - r[:, None], 13)
    return g.astype(dtype)


def factor_array(np: Any, shoe: Shoe, dtype: Any) -> Any:
    """The 66 factors a feature is a product of, as a flat array of ``dtype`` (one shoe).

    ``max(c_v - r, 0)`` at 6v + r and ``N - j`` at 60 + j. For the infinite
    deck the card factors are the weights w_v (drawing with replacement) and
    the unused-card factors are 13. A factor below zero is clamped to 0: the
    factor r = c_v of the same value is already 0."""
    tails = np.full(OCCURRENCES, 13, dtype=dtype) if shoe.is_infinite else shoe.size - _offsets(np, dtype)
    return np.concatenate((_card_factors(np, shoe, dtype).ravel(), tails))


def _card_factors(np: Any, shoe: Shoe, dtype: Any) -> Any:
    """The 60 card factors of :func:`factor_array` (one shoe): ``take`` reads them flat."""
    c = np.array(shoe.value_counts, dtype=dtype)
    if shoe.is_infinite:
        return np.repeat(c, OCCURRENCES)
    g = np.subtract.outer(c, _offsets(np, dtype))
    np.maximum(g, 0, out=g)
    return g


def _offsets(np: Any, dtype: Any) -> Any:
    """``[0, 1, ..., 5]`` as a cached array of ``dtype``."""
    offsets = _OFFSETS.get(dtype)
    if offsets is None:
        offsets = _OFFSETS[dtype] = np.arange(OCCURRENCES, dtype=dtype)
    return offsets


#: ``[0, ..., 5]`` by numpy dtype
_OFFSETS: dict[Any, Any] = {}


# --- the compiled walk ----------------------------------------------------

def walk_compiled(shoe: Shoe, tableau: Tableau = PUNTO_BANCO) -> CoupDistribution:
    """The same :class:`CoupDistribution` as :func:`exact_odds.punto_banco.walk.walk`, on the compiled walk.

    Identical ``deals`` (same keys, same integers; deals that cannot happen
    in this shoe are left out, as the walk leaves them out). The first call
    per tableau compiles it (:func:`~exact_odds.punto_banco.compiled.compiled`,
    about a quarter of a second); every later shoe is a few matrix products."""
    check_walk_arguments(shoe, tableau)
    shoe.checked()
    cw = compiled(tableau)
    counts = deal_counts(shoe, cw)
    deals = {deal: n for deal, n in zip(cw.deals, counts) if n}
    return CoupDistribution(shoe, tableau, deals, six_card_total(shoe))


def deal_counts(shoe: Shoe, cw: CompiledWalk) -> list[int]:
    """Six-card count of every deal of ``cw`` (zeros included), in order."""
    np = numpy_or_none()
    kind = precision(shoe)
    if np is not None and kind != "python":
        dtype = np.float64 if kind == "float64" else np.int64
        f = _features_numpy(np, shoe, cw, dtype)
        a = cw.arrays(np)
        terms = f[a["term_monomial"]] * a["term_mult"].astype(dtype)
        return np.add.reduceat(terms, a["deal_starts"]).astype(np.int64).tolist()
    f = features(shoe, cw)
    out = [0] * len(cw.deals)
    for d, m, mult in cw.terms:
        out[d] += mult * f[m]
    return out
