"""Pricing many bets at once: outcome and pay-line counts as integer matrices over the features.

A :class:`Pricer` holds, for a list of value-level bets, one row per outcome
and per pay line of every bet over the multisets of the compiled walk
(:mod:`exact_odds.punto_banco.compiled`), so pricing many bets on a shoe is
one matrix product with its features (:mod:`exact_odds.punto_banco.features`)
instead of Fraction arithmetic per coup state. The product uses only a basis
of those rows (a bet's ``otherwise`` line is the total less its other lines;
identical rows are multiplied once), and each bet's payouts, scaled to
integers by their common denominator (:func:`pay_scale`), turn the row
counts into the exact numerator of its expected value.

The six-card form
-----------------
The 4-6-value features are not independent polynomials: the count has
``N - |m| = sum_v (c_v - m_v)``, so ``f_m = sum_v f_(m+v)`` whenever
``|m| < 6``. Substituting this until every multiset has six values puts a
row over the 5,005 multisets of exactly six values (instead of 6,958 of
4-6 values), with features ``prod_v falling(c_v, m_v)`` and no unused-card
factor. It is the six-card convention (docs/rules.md §3) made literal: a
row's entry for a six-value multiset is the number of its orderings whose
first cards make a coup that lands in the row, at most 6! = 720. The
product is then 28% smaller, and each feature is the product of two
three-factor products. The batch paths never form the features: the blocked
bilinear kernel (:mod:`exact_odds.punto_banco.bilinear`) multiplies the basis
rows by the triple products directly. The basis (:mod:`exact_odds.punto_banco.basis`)
of the standard bets is shipped ready (:mod:`exact_odds.punto_banco.prebuilt`), so
their pricer needs no compiled walk on the numpy path.

Exactness
---------
Row counts over the features are exact in the number type
:func:`~exact_odds.punto_banco.features.precision` picks (the bounds are in
:mod:`exact_odds.punto_banco.features`, and the kernel's own in
:mod:`exact_odds.punto_banco.bilinear`). Rows rebuilt from the basis (the
total less some lines) and expected-value numerators (scaled payouts of both
signs) are then formed in int64: their partial sums are bounded by
``e_norm * total`` and ``pe_norm * total`` (:class:`~exact_odds.punto_banco.basis.Basis`),
checked before use, else Python integers.

The compiled kernel (:mod:`exact_odds.punto_banco.native`, a C extension built where a compiler
is found) prices finite shoes of 6..458 cards with the same integers; where it is missing,
switched off (``EXACT_ODDS_PURE=1``, :attr:`Pricer.compiled_kernel`) or declines a shoe, numpy
prices, and without numpy pure Python. The module is long because one class holds every entry
point (one shoe, a list of shoes, value counts) and each picks among those three paths.
"""

from __future__ import annotations

import math
import threading
from collections import defaultdict
from fractions import Fraction
from functools import lru_cache
from typing import Any, Callable, Iterable, Protocol, Sequence

from exact_odds.punto_banco import native, prebuilt
from exact_odds.punto_banco.basis import Basis, reduce_rows
from exact_odds.punto_banco.bilinear import Kernel
from exact_odds.punto_banco.compiled import CompiledWalk, compiled
from exact_odds.punto_banco.value_input import counts_array, value_rows
from exact_odds.punto_banco.features import (INT64_EXACT, FLOAT_EXACT, card_factor_rows, features, kind_of_total,
                                             numpy_or_none, six_card_features_of_counts, value_shoe)
from exact_odds.rules.coup import Deal
from exact_odds.rules.deal import six_card_total
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

#: Shoes evaluated together by the batch path: enough to pay the bilinear kernel's ~40 matrix
#: products per call, few enough that a chunk's 770 triple products per shoe stay in cache.
CHUNK = 256

#: Outcome rows every :class:`Pricer` computes first.
OUTCOMES = ("banker", "player", "tie")


class ValueBet(Protocol):
    """What the pricer reads of a value-level bet (:class:`~exact_odds.bets.paytable.PayTable` is one; this
    layer does not import the bets' layer): its lines' payouts, the otherwise payout, who settles a deal
    and what a priced bet is."""

    name: str
    lines: Sequence[Any]
    otherwise: Fraction

    def value_settler(self) -> Callable[[Deal], int]: ...

    def result(self, counts: Sequence[int], total: int) -> Any: ...


def payout(bet: ValueBet, deal: Deal) -> Fraction:
    """What a value-level bet pays per unit on ``deal`` (-1 is a lost stake)."""
    i = bet.value_settler()(deal)
    return bet.lines[i].pays if i < len(bet.lines) else bet.otherwise


class Pricer:
    """Outcome counts and every line of a list of bets, as matrices over the features.

    Row r holds, for every monomial m, the sum of ``mult(deal, m)`` over the
    deals whose coup lands in row r: Banker wins, Player wins, Tie, then each
    line of each bet in order (the ``otherwise`` line last), exactly the
    counts :meth:`PayTable.price` adds up. A row count is ``row . f``.
    """

    def __init__(self, bets: Iterable[ValueBet] = (), tableau: Tableau = PUNTO_BANCO):
        self.bets = tuple(bets)
        #: per bet, deal -> its line (a bet reading ranks or suits has none: it raises here)
        self.settlers = tuple(bet.value_settler() for bet in self.bets)
        self.tableau = tableau
        self.offsets = []
        n_rows = len(OUTCOMES)
        for bet in self.bets:
            self.offsets.append(n_rows)
            n_rows += len(bet.lines) + 1
        self.n_rows = n_rows
        #: per bet, the payouts (lines then otherwise) times :func:`pay_scale`: integers
        self.scales = tuple(pay_scale(b) for b in self.bets)
        self.payouts = tuple(
            tuple(int(p * sc) for p in [l.pays for l in b.lines] + [b.otherwise])
            for b, sc in zip(self.bets, self.scales)
        )
        self._dense = {}
        self._rows = None
        self._basis_cache: Basis | None = None
        self._kernels: dict = {}
        self._deal_rows: tuple[tuple[int, ...], ...] | None = None
        self._outcome_ev = None
        #: price by the features path the bilinear kernel replaced (False: the kernel); the same
        #: integers either way, kept so tests and benchmarks can compare the two
        self.dense_kernel = False
        #: price finite shoes of 6..458 cards by the compiled kernel where it is built
        #: (:mod:`exact_odds.punto_banco.native`; False: numpy). The same integers either way.
        self.compiled_kernel = True
        self._native_tables: bytes | bool | None = None

    @property
    def compiled(self) -> CompiledWalk:
        """The compiled walk of the tableau (walked on first use: a pricer loaded ready
        (:mod:`exact_odds.punto_banco.prebuilt`) never needs it on the numpy path)."""
        return compiled(self.tableau)

    @property
    def deal_rows(self) -> tuple[tuple[int, ...], ...]:
        """For every deal of the compiled walk, the rows it counts in."""
        if self._deal_rows is None:
            settlers = self.settlers
            deal_rows = []
            for deal in self.compiled.deals:
                rows = [OUTCOMES.index(deal.coup.winner)]
                for settle, off in zip(settlers, self.offsets):
                    rows.append(off + settle(deal))
                deal_rows.append(tuple(rows))
            self._deal_rows = tuple(deal_rows)
        return self._deal_rows

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
            a = self.compiled.arrays(np)
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

    def _basis(self, np) -> Basis:
        """The rows reduced to a basis (:mod:`exact_odds.punto_banco.basis`): the shipped one
        where it is this pricer's and passes every check (:mod:`exact_odds.punto_banco.prebuilt`),
        else built from the compiled walk (:meth:`built_basis`)."""
        if self._basis_cache is None:
            self._basis_cache = (prebuilt.load(np, self.bets, self.tableau, self.n_rows)
                                 or self.built_basis(np))
        return self._basis_cache

    def built_basis(self, np) -> Basis:
        """The basis built from the compiled walk (never from the shipped file)."""
        derived = {2: [0, 1]}  # Tie = total - Banker - Player
        for bet, off in zip(self.bets, self.offsets):
            derived[off + len(bet.lines)] = list(range(off, off + len(bet.lines)))
        return reduce_rows(np, self._matrix(np, np.float64), derived, (0, 1, 2), list(zip(self.offsets, self.payouts)))

    def kernel(self, np, dtype) -> Kernel:
        """The basis rows blocked for the bilinear kernel (:mod:`exact_odds.punto_banco.bilinear`), per dtype."""
        key = np.dtype(dtype).char
        if key not in self._kernels:
            self._kernels[key] = Kernel(np, self._basis(np).rows, dtype)
        return self._kernels[key]

    def prepare(self) -> "Pricer":
        """Build the numpy tables now (before worker processes fork, so each starts ready)."""
        np = numpy_or_none()
        if np is not None and not self._native_tables_of(np):
            self.kernel(np, np.float64)
        return self

    def _native_tables_of(self, np) -> bytes | bool:
        """The compiled kernel's tables for this pricer's basis (:func:`native.tables`), made once;
        False where it is missing, switched off, or takes no such basis."""
        if self._native_tables is None:
            self._native_tables = native.module() is not None and (native.tables(np, self._basis(np).rows) or False)
        return self.compiled_kernel and native.module() is not None and self._native_tables  # (unpickled elsewhere)

    def _native_rows(self, np, value_counts, matrix: str):
        """:func:`native.rows` with ``basis.<matrix>`` (or the outcome and EV rows, ``"outcome_ev"``),
        or None (no kernel, or a shoe it declines)."""
        tables = self._native_tables_of(np)
        if not tables:
            return None
        m, norm = (self._outcome_ev_matrix(np) if matrix == "outcome_ev"
                   else (getattr(self._basis(np), matrix), getattr(self._basis(np), matrix + "_norm")))
        return native.rows(tables, value_counts, m, norm)

    def value_arrays(self, values):
        """:meth:`value_batch` of an (S, 10) int64 array with ``outcomes``, as int64 arrays ``(rows,
        totals)`` (no Python int per number: a sweep formats them as whole arrays), by the compiled
        kernel; None where it is missing or declines a shoe (then :meth:`value_batch` prices)."""
        np = numpy_or_none()
        tables = None if np is None or self.dense_kernel else self._native_tables_of(np)
        if not tables:
            return None
        m, norm = self._outcome_ev_matrix(np)
        return native.rows_into(np, tables, values, m, norm)

    def _basis_counts(self, np, counts, finite, totals, kind: str, work=None):
        """``[B @ f; total]`` for shoes of one number type, as int64 (basis + 1, S): ``counts`` their
        value counts (10, S), ``finite`` (S,) 0 for the infinite deck (None: all finite), ``totals``
        (S,). The bilinear kernel (its exactness bounds: :mod:`exact_odds.punto_banco.bilinear`)."""
        dtype = np.float64 if kind == "float64" else np.int64
        kernel = self.kernel(np, dtype)
        out = np.empty((kernel.n_rows + 1, counts.shape[1]), dtype=np.int64)
        out[:-1] = kernel.counts(card_factor_rows(np, counts, finite, dtype))
        out[-1] = totals
        return out

    def _dense_basis_counts(self, np, counts, finite, totals, kind: str, work=None):
        """:meth:`_basis_counts` by the features path it replaced: every shoe's 5,005 features
        materialised, then ``B @ f`` (kept to compare the two kernels, in tests and benchmarks)."""
        dtype = np.float64 if kind == "float64" else np.int64
        b = self._basis(np).rows if dtype is np.float64 else self._basis(np).rows.astype(np.int64)
        a = self.compiled.arrays(np)
        f = six_card_features_of_counts(np, counts, finite, self.compiled, dtype, (a["six_prefix"], a["six_suffix"]),
                                        work)
        out = np.empty((b.shape[0] + 1, counts.shape[1]), dtype=np.int64)
        out[:-1] = b @ f
        out[-1] = totals
        return out

    def _combine(self, np, matrix, norm: int, basis):
        """``matrix @ basis`` exactly: int64 when ``norm * total < 2**63``, else Python integers."""
        if matrix.dtype != object and norm * int(basis[-1].max()) < INT64_EXACT:
            return (matrix @ basis).T.tolist()
        return [[int(x) for x in row] for row in (matrix.astype(object) @ basis.astype(object)).T]

    # -- one shoe
    def counts(self, shoe: Shoe) -> list[int]:
        """Row counts for ``shoe``: banker, player, tie, then every bet line.

        The same integers as ``batch_counts([shoe])[0]``, without the batch bookkeeping in the
        common case (numpy, a shoe whose total is below 2**53)."""
        total = six_card_total(shoe.checked())
        np = numpy_or_none()
        if np is None or total >= FLOAT_EXACT:
            return self.batch_counts([shoe])[0]
        fast = None if shoe.is_infinite else self._native_rows(np, (shoe.value_counts,), "e")
        if fast is not None:
            return fast[0][0]
        basis = self._basis(np)
        return self._combine_one(np, basis.e, basis.e_norm, self._one_basis_counts(np, shoe, total), total)

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
        np = numpy_or_none()
        if np is None or total >= FLOAT_EXACT:
            return self.batch_ev_numerators([shoe])[0], total
        fast = None if shoe.is_infinite else self._native_rows(np, (shoe.value_counts,), "pe")
        if fast is not None:
            return fast[0][0], total
        basis = self._basis(np)
        return self._combine_one(np, basis.pe, basis.pe_norm, self._one_basis_counts(np, shoe, total), total), total

    def _one_basis_counts(self, np, shoe: Shoe, total: int):
        """``[B @ f; total]`` of one shoe whose total is below 2**53, as int64 (basis + 1,): the kernel's
        few-shoes features (:meth:`Kernel.one`) on the shoe's 60 card factors, made from its value counts."""
        kernel = self.kernel(np, np.float64)
        if shoe.is_infinite:
            g = card_factor_rows(np, np.array(shoe.value_counts, dtype=np.int64)[:, None], np.zeros(1, dtype=np.int64),
                                 np.float64)[:, 0]
        else:
            g = np.array(shoe.value_counts, dtype=np.float64)[:, None] - np.arange(6.0)  # slot 6v + r: c_v - r
            np.maximum(g, 0, out=g)
        out = np.empty(kernel.n_rows + 1, dtype=np.int64)
        out[:-1] = kernel.one(g.reshape(60))
        out[-1] = total
        return out

    @staticmethod
    def _combine_one(np, matrix, norm: int, basis, total: int) -> list[int]:
        """``matrix @ basis`` of one shoe exactly: int64 when ``norm * total < 2**63``, else Python integers."""
        if matrix.dtype != object and norm * total < INT64_EXACT:
            return (matrix @ basis).tolist()
        return [int(x) for x in matrix.astype(object) @ basis.astype(object)]

    def results(self, shoe: Shoe, counts: list[int] | None = None) -> tuple[Any, ...]:
        """Every bet priced on ``shoe`` (each bet's :meth:`result` of its lines' counts), equal to
        ``bet.price(walk(shoe))``. Value-level bets rest on no assumption beyond the shoe."""
        counts = self.counts(shoe) if counts is None else counts
        total = six_card_total(shoe)
        return tuple(bet.result(counts[off: off + len(bet.lines) + 1], total)
                     for bet, off in zip(self.bets, self.offsets))

    def expected_values(self, counts: Sequence[int], total: int) -> list[Fraction]:
        """Each bet's expected value per unit from row counts (exact)."""
        return [Fraction(num, scale * total) for num, scale in zip(self.ev_numerators(counts), self.scales)]

    def ev_numerators(self, counts: Sequence[int]) -> list[int]:
        """Each bet's expected value times ``scale * total`` (an integer; its sign is the EV's)."""
        return [sum(p * counts[off + i] for i, p in enumerate(pays))
                for off, pays in zip(self.offsets, self.payouts)]

    # -- many shoes
    def batch_counts(self, shoes: Sequence[Shoe], chunk: int = CHUNK) -> list[list[int]]:
        """Row counts of every shoe, in order (numpy in chunks, exact)."""
        return self._batch(shoes, chunk, self._counts_python, matrix="e")

    def batch_ev_numerators(self, shoes: Sequence[Shoe], chunk: int = CHUNK) -> list[list[int]]:
        """Each bet's EV numerator (over ``scale * total``) for every shoe, in order, exact."""
        return self._batch(shoes, chunk, lambda s: self.ev_numerators(self._counts_python(s)), matrix="pe")

    def _batch(self, shoes: Sequence[Shoe], chunk: int, python_row, matrix: str) -> list[list[int]]:
        """One row per shoe, in order: ``python_row(shoe)`` where numpy is missing or
        the shoe is too large for int64, else ``basis.<matrix> @ basis counts`` in chunks."""
        shoes = list(shoes)
        np = numpy_or_none()
        if np is not None and not self.dense_kernel and not any(s.checked().is_infinite for s in shoes):
            fast = self._native_rows(np, [s.value_counts for s in shoes], matrix)
            if fast is not None:
                return fast[0]
        out: list = [None] * len(shoes)
        groups: dict[str, tuple[list[int], list[tuple[int, ...]], list[int], list[int]]] = {}
        for i, s in enumerate(shoes):
            total = six_card_total(s.checked())
            kind = kind_of_total(total)
            if np is None or kind == "python":
                out[i] = python_row(s)
                continue
            idx, counts, finite, totals = groups.setdefault(kind, ([], [], [], []))
            idx.append(i)
            counts.append(s.value_counts)
            finite.append(0 if s.is_infinite else 1)
            totals.append(total)
        for kind, (idx, counts, finite, totals) in groups.items():
            fin = None if all(finite) else np.array(finite, dtype=np.int64)
            basis = self._basis(np)
            rows = self._rows_of_counts(np, kind, np.array(counts, dtype=np.int64).T, fin,
                                        np.array(totals, dtype=np.int64), getattr(basis, matrix),
                                        getattr(basis, matrix + "_norm"), chunk)
            for i, r in zip(idx, rows):
                out[i] = r
        return out

    def _rows_of_counts(self, np, kind: str, counts, finite, totals, m, bound: int,
                        chunk: int) -> list[list[int]]:
        """``m @ basis counts`` for shoes of one number type given as arrays (:meth:`_basis_counts`),
        ``chunk`` shoes at a time; ``bound`` is ``m``'s largest absolute row sum (:meth:`_combine`).
        With :attr:`dense_kernel` set, the features path the bilinear kernel replaced (to compare them)."""
        rows: list[list[int]] = []
        n = counts.shape[1]
        flat = None
        if self.dense_kernel:
            flat = self._work_arrays(np, np.float64 if kind == "float64" else np.int64, 5005 * min(chunk, n))
        elif n > chunk:
            chunk = -(-n // -(-n // chunk))  # as many chunks, of equal sizes (800 shoes: 4 of 200, not 3 of 256 and 32)
        for start in range(0, n, chunk):
            part = slice(start, start + chunk)
            fin = None if finite is None else finite[part]
            if flat is None:
                basis = self._basis_counts(np, counts[:, part], fin, totals[part], kind)
            else:
                size = min(chunk, n - start)
                work = tuple(a[: 5005 * size].reshape(5005, size) for a in flat)  # C-contiguous views
                basis = self._dense_basis_counts(np, counts[:, part], fin, totals[part], kind, work)
            rows += self._combine(np, m, bound, basis)
        return rows

    def _work_arrays(self, np, dtype, size: int):
        """Two flat arrays of at least ``size`` elements of ``dtype`` to compute features in, kept
        per thread between calls (the dense kernel only: a chunk's features are megabytes, and
        fresh arrays that large cost more in page faults than the arithmetic)."""
        local = self.__dict__.setdefault("_local", threading.local())
        key = np.dtype(dtype).char
        arrays = getattr(local, key, None)
        if arrays is None or arrays[0].size < size:
            arrays = (np.empty(size, dtype=dtype), np.empty(size, dtype=dtype))
            setattr(local, key, arrays)
        return arrays

    def _outcome_ev_matrix(self, np):
        """Rows giving Banker, Player and Tie counts then every bet's EV numerator, from the
        basis counts, and the largest row sum of their absolute values (the bound of
        :meth:`_combine`)."""
        if self._outcome_ev is None:
            e, pe = self._basis(np).e, self._basis(np).pe
            rows = np.concatenate([e[:3], pe]) if len(pe) else e[:3]
            norm = max(sum(abs(int(x)) for x in row) for row in rows.tolist())
            rows = rows.astype(object if norm >= INT64_EXACT else np.int64)
            self._outcome_ev = (rows, norm)
        return self._outcome_ev

    def value_batch(self, value_counts, outcomes: bool = False,
                    chunk: int = CHUNK, checked: bool = False) -> tuple[list[list[int]], list[int]]:
        """Every bet's EV numerator (over ``scale * total``) for finite shoes given only by
        their value counts, and each shoe's ``total``: the batch path without a
        :class:`~exact_odds.rules.shoe.Shoe` per shoe (for a shoe dealt coup by coup).

        ``value_counts`` holds, per shoe, the cards of each value 0..9 (10, J, Q and K are
        value 0): a list of 10-tuples or an (S, 10) integer array; each shoe holds at least
        six cards. With ``outcomes``, each row starts with the six-card counts of Banker,
        Player and Tie wins. Exact: the same integers as :meth:`batch_ev_numerators`
        (float64 for shoes whose total is below 2**53, int64 below 2**63, else Python
        integers, as :func:`~exact_odds.punto_banco.features.precision` chooses).

        ``checked``: ``value_counts`` is a list of 10-tuples of ints >= 0 of at least six cards
        each, checked by the caller (a sweep's workers read them from checked lines), so the
        checks are skipped (they were 7% of the time)."""
        np = numpy_or_none()
        c = counts_array(np, value_counts)  # an integer array: checked in numpy, no list per shoe
        if np is not None and not self.dense_kernel and (c is not None or type(value_counts) in (list, tuple)):
            fast = self._native_rows(np, value_counts if c is None else np.ascontiguousarray(c),
                                     "outcome_ev" if outcomes else "pe")  # (never an iterator: read once)
            if fast is not None:  # every shoe priced (a shoe it declines: the paths below price them all)
                return fast
        rows_list = None if c is None else c
        if c is None:
            rows_list = value_counts if checked else value_rows(value_counts)
            if np is not None:
                try:
                    c = np.array(rows_list, dtype=np.int64).reshape(len(rows_list), 10)
                except OverflowError:
                    c = None  # a count past int64: every shoe by the Shoe path
        out: list = [None] * len(rows_list)
        totals: list = [None] * len(out)
        rest = list(range(len(out)))  # shoes left for Shoe objects: no numpy, or over 1,000 cards
        if c is not None and len(c):
            matrix, norm = self._outcome_ev_matrix(np) if outcomes else (self._basis(np).pe, self._basis(np).pe_norm)
            n = c.sum(axis=1)
            small = np.flatnonzero((c.max(axis=1) <= 1000) & (n <= 1000))  # (no count over 1000: n did not overflow)
            if len(small) < len(c):
                c, n = c[small], n[small]
            total = n * (n - 1) * (n - 2) * (n - 3) * (n - 4) * (n - 5)  # < 1000**6 < 2**63: exact
            exact_float = total < FLOAT_EXACT
            if len(small) and exact_float.all():  # the common case: one float64 batch, in order
                rows = self._rows_of_counts(np, "float64", np.ascontiguousarray(c.T), None, total, matrix, norm, chunk)
                if len(small) == len(out):
                    return rows, total.tolist()
                for j, t, r in zip(small.tolist(), total.tolist(), rows):
                    out[j], totals[j] = r, t
            else:
                for pick, kind in ((np.flatnonzero(exact_float), "float64"), (np.flatnonzero(~exact_float), "int64")):
                    if len(pick):
                        rows = self._rows_of_counts(np, kind, np.ascontiguousarray(c[pick].T), None, total[pick],
                                                    matrix, norm, chunk)
                        for j, t, r in zip(small[pick].tolist(), total[pick].tolist(), rows):
                            out[j], totals[j] = r, t
            rest = [i for i in rest if out[i] is None]
        shoes = [value_shoe(tuple(int(x) for x in rows_list[i])) for i in rest]
        full = ([r[:3] + self.ev_numerators(r) for r in self.batch_counts(shoes)] if outcomes
                else self.batch_ev_numerators(shoes))
        for i, s, r in zip(rest, shoes, full):
            out[i], totals[i] = r, six_card_total(s)
        return out, totals

    def _counts_python(self, shoe: Shoe) -> list[int]:
        f = features(shoe, self.compiled)
        return [sum(mult * f[m] for m, mult in row) for row in self.rows]


def pay_scale(bet: ValueBet) -> int:
    """The least common denominator of a bet's payouts (20 for 19/20)."""
    return math.lcm(*(p.denominator for p in [l.pays for l in bet.lines] + [bet.otherwise]))


@lru_cache(maxsize=32)
def cached_pricer(bets: tuple[ValueBet, ...], tableau: Tableau = PUNTO_BANCO) -> Pricer:
    """A cached :class:`Pricer` for a tuple of bets."""
    return Pricer(bets, tableau)


#: The last pricers :func:`pricer_of` gave, by the identities of the bets and tableau asked with; each
#: entry keeps those very objects alive, so no identity in a key is reused while it is here.
_BY_IDENTITY: dict[tuple[int, ...], tuple[tuple[ValueBet, ...], Tableau, Pricer]] = {}


def pricer_of(bets: tuple[ValueBet, ...], tableau: Tableau = PUNTO_BANCO) -> Pricer:
    """:func:`cached_pricer`, found first by the identity of the very same bet objects: hashing a
    tuple of pay tables (their lines and Fractions) was a tenth of ``analyse(method="compiled")``."""
    key = (id(tableau), *map(id, bets))
    entry = _BY_IDENTITY.get(key)
    if entry is None:
        if len(_BY_IDENTITY) >= 32:
            _BY_IDENTITY.clear()
        bets = tuple(bets)  # (lru_cache keys a call without the default tableau apart: the common call's entry)
        entry = _BY_IDENTITY[key] = (bets, tableau, cached_pricer(bets) if tableau is PUNTO_BANCO
                                     else cached_pricer(bets, tableau))
    return entry[2]
