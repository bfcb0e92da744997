"""The walk compiled once: every coup as ``(deal, value multiset, multiplicity)`` terms.

Why this is exact
-----------------
The walk in :mod:`exact_odds.punto_banco.walk` weights an ordered draw of
card values ``x1..xk`` from a shoe with ``c[v]`` cards of value ``v`` by
``prod_v c[v](c[v]-1)...(c[v]-k_v+1)`` (``k_v`` = how many of the ``x`` are
``v``), whatever the order, and then by ``(N-k)(N-k-1)...(N-5)``, the ways to
draw the cards the coup leaves unused (docs/rules.md §3). So the count of
every :class:`Deal` is

    count(deal) = sum over value multisets m of  mult(deal, m)
                  * prod_v falling(c_v, m_v) * falling(N - |m|, 6 - |m|)

where ``mult(deal, m)`` is the number of ways the walk reaches ``deal``
drawing exactly the multiset ``m`` (a small integer that depends on the
tableau only, never on the shoe). The infinite deck is the same sum with
``w_v ** m_v`` (w = 4 for value 0, 1 otherwise) and ``13 ** (6 - |m|)``.

:func:`compiled` walks the coup once *symbolically* per tableau (about a
quarter of a second, then cached for the process) and records every
``(deal, m, mult)``: 7,722 multisets of 4-6 values and about 97,000 terms
for punto banco. A shoe is then evaluated from its *features* ``f_m``
(:mod:`exact_odds.punto_banco.features`), and bets are priced by fixed
integer matrices over those features (:mod:`exact_odds.punto_banco.pricer`).

This module is pure Python: the numpy index tables are built by the caller
that already holds numpy (:meth:`CompiledWalk.arrays`).
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from exact_odds.rules.coup import Deal
from exact_odds.rules.deal import TWO_CARD_HANDS, hand_total, natural_ends_coup
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

#: Copies of one value a coup can hold (six cards): factor slots per value.
OCCURRENCES = 6
#: Length of the factor vector (:func:`exact_odds.punto_banco.features.factor_array`):
#: 60 card factors ``c_v - r`` and 6 unused-card factors ``N - j``.
FACTORS = 11 * OCCURRENCES


@dataclass(frozen=True, eq=False)
class CompiledWalk:
    """The walk of one tableau as ``(deal, multiset, multiplicity)`` terms.

    ``nodes`` are every sorted tuple of 1-6 card values, parents before
    children; ``parent[i]`` is the index of ``nodes[i][:-1]`` (-1 for one
    card) and ``factor[i] = 6 * v + r`` names the factor ``c_v - r`` that
    extends the parent by a card of value ``v`` (r copies of v already in
    The numpy tables (:meth:`arrays`) are built on first use and kept in
    ``_arrays``.
    """

    tableau: Tableau
    deals: tuple[Deal, ...]
    nodes: tuple[tuple[int, ...], ...]
    parent: tuple[int, ...]
    factor: tuple[int, ...]
    monomials: tuple[int, ...]
    terms: tuple[tuple[int, int, int], ...]
    #: numpy arrays by name (numpy is optional, so the values are typed Any)
    _arrays: dict[str, Any] = field(default_factory=dict, repr=False)

    def __repr__(self) -> str:
        return (f"CompiledWalk({self.tableau.name}: {len(self.deals)} deals, "
                f"{len(self.monomials)} multisets, {len(self.terms)} terms)")

    def slots(self, m: int) -> tuple[int, ...]:
        """The six factors of monomial ``m`` as indices into the factor vector
        (:func:`exact_odds.punto_banco.features.factor_array`).

        A coup of k cards has k card factors ``c_v - r`` (index 6v + r) and
        6 - k unused-card factors ``N - j`` for j = k..5 (index 60 + j)."""
        values = self.nodes[self.monomials[m]]
        return tuple(_card_slots(values) + [10 * OCCURRENCES + j for j in range(len(values), OCCURRENCES)])

    def arrays(self, np: Any) -> dict[str, Any]:
        """numpy index tables of the walk (built once, with the caller's numpy module)."""
        if not self._arrays:
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

    def _six_card_tables(self, np: Any) -> dict[str, Any]:
        """Index tables for the six-card form (:meth:`six_card_rows`,
        :func:`exact_odds.punto_banco.features.six_card_features`).

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
            rounds: list[tuple[list[int], list[int]]] = [([], []) for _ in range(OCCURRENCES)]
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

    def six_card_rows(self, np: Any, rows: Any) -> Any:
        """Rows over the 4-6-value monomials as rows over the 5,005 six-value multisets.

        The same polynomials: a k-value monomial's feature carries
        ``N - k = sum_v (c_v - m_v)`` for an unused card, so
        ``f_m = sum_v f_(m + v)`` (each term with one tail factor fewer),
        applied once from 4 to 5 values and once from 5 to 6. The entry of
        a six-value multiset is then the number of its orderings whose
        first cards make a coup in the row: at most 6! = 720, exact in
        float64. ``rows`` is (R x monomials); the result (R x 5,005)."""
        a = self.arrays(np)
        n4, n5, _ = a["level_sizes"]
        level = {4: rows[:, :n4], 5: rows[:, n4:n4 + n5].copy(), 6: rows[:, n4 + n5:].copy()}
        for k in (5, 6):
            for child, parent in a["lift"][k]:
                level[k][:, child] += level[k - 1][:, parent]
        return level[6]


def _card_slots(values: tuple[int, ...]) -> list[int]:
    """The card factors of a sorted tuple of values: ``6v + r`` for ``c_v - r`` (r earlier copies of v)."""
    return [OCCURRENCES * v + values[:i].count(v) for i, v in enumerate(values)]


#: A multiset of card values as one integer: digit v (base 8) counts the cards of value v (at most 6 < 8),
#: so adding a card of value v is adding ``_CARD[v]`` (the walk below adds hundreds of thousands).
_CARD = tuple(8**v for v in range(10))


def compiled(tableau: Tableau = PUNTO_BANCO) -> CompiledWalk:
    """Walk the coup once symbolically: every (deal, value multiset, multiplicity).

    Mirrors :func:`exact_odds.punto_banco.walk.walk` step for step: the two-card hands
    as unordered pairs of values with multiplicity 2 for distinct values,
    naturals ending the coup, then the tableau's third cards. Cached per
    tableau (``compiled()`` and ``compiled(PUNTO_BANCO)`` are the same walk)."""
    return _compiled(tableau)


@lru_cache(maxsize=8)
def _compiled(tableau: Tableau) -> CompiledWalk:
    player_draws = [tableau.player_draws(p) for p in range(8)]
    banker_draws = [[tableau.banker_draws(b, t) for t in range(10)] + [tableau.banker_draws(b, None)]
                    for b in range(8)]
    acc: dict[tuple, dict] = defaultdict(lambda: defaultdict(int))
    card = _CARD
    for p1, p2, mp in TWO_CARD_HANDS:
        pt = hand_total(p1, p2)
        for b1, b2, mb in TWO_CARD_HANDS:
            bt = hand_total(b1, b2)
            m = mp * mb
            base = card[p1] + card[p2] + card[b1] + card[b2]
            if natural_ends_coup(pt, bt):
                acc[pt, bt, None, None][base] += m
            elif player_draws[pt]:
                rule = banker_draws[bt]
                for t in range(10):
                    with_t = base + card[t]
                    if rule[t]:
                        for u in range(10):
                            acc[pt, bt, t, u][with_t + card[u]] += m
                    else:
                        acc[pt, bt, t, None][with_t] += m
            elif banker_draws[bt][10]:
                for u in range(10):
                    acc[pt, bt, None, u][base + card[u]] += m
            else:
                acc[pt, bt, None, None][base] += m

    nodes: list[tuple[int, ...]] = []
    for size in range(1, OCCURRENCES + 1):
        level = set()
        prev = [()] if size == 1 else [n for n in nodes if len(n) == size - 1]
        for n in prev:
            for v in range(n[-1] if n else 0, 10):
                level.add(n + (v,))
        nodes.extend(sorted(level))
    node_index = {n: i for i, n in enumerate(nodes)}
    parent = tuple(node_index[n[:-1]] if len(n) > 1 else -1 for n in nodes)
    factor = tuple(OCCURRENCES * n[-1] + n[:-1].count(n[-1]) for n in nodes)
    monomials = tuple(i for i, n in enumerate(nodes) if len(n) >= 4)
    mono_index = {nodes[i]: j for j, i in enumerate(monomials)}
    by_code = {sum(_CARD[v] for v in nodes[i]): nodes[i] for i in monomials}

    deals = tuple(Deal(*key) for key in sorted(acc, key=_deal_order))
    terms = []
    for d, deal in enumerate(deals):
        for mono, mult in sorted((by_code[code], mult) for code, mult in acc[tuple(deal)].items()):
            terms.append((d, mono_index[mono], mult))
    return CompiledWalk(tableau, deals, tuple(nodes), parent, factor, monomials, tuple(terms))


def _deal_order(key: tuple[int | None, ...]) -> tuple[int, ...]:
    return tuple(-1 if x is None else x for x in key)

