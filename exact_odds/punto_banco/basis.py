"""A pricer's rows reduced to a basis: which rows are multiplied out, and how every row and EV comes back.

:class:`~exact_odds.punto_banco.pricer.Pricer` holds one integer row per
outcome and per pay line over the 5,005 six-value multisets. Only a basis of
them is multiplied by a shoe's features (:mod:`exact_odds.punto_banco.bilinear`);
the others are integer combinations of the basis and of the six-card
``total`` (itself a row: every six-card ordering once, Banker + Player + Tie):

* a bet's ``otherwise`` line is the total less its other lines, and Tie the
  total less Banker and Player (``derived``);
* a row identical to an earlier one is counted once (the same Tie line in
  many bets);
* a row that is an integer combination of the total and the rows kept is
  not multiplied out (the Tie line is the total less Banker and Player, the
  Tie line also the sum of the ten Egalite lines); each combination is found
  in floats and then checked exactly in integers.

So the standard bets (Banker, Player, Tie) multiply out two rows.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Sequence

from exact_odds.punto_banco.features import INT64_EXACT


@dataclass(frozen=True)
class Basis:
    """``rows``: the kept rows, an (R, 5,005) float64 array of integers 0..720; every row
    count is ``e @ [rows @ f; total]`` and every EV numerator (scaled payouts) ``pe @ [rows @ f;
    total]``; ``e_norm`` and ``pe_norm`` are the largest row sums of ``|e|`` and ``|pe|``, which
    bound every partial sum by ``norm * total`` (checked against 2**63 before int64 is used).
    ``e`` and ``pe`` are int64 arrays, or object arrays of Python ints past that bound."""

    rows: Any
    e: Any
    pe: Any
    e_norm: int
    pe_norm: int

    def lists(self) -> tuple[list[list[int]], list[list[int]], list[list[int]]]:
        """``rows``, ``e`` and ``pe`` as lists of Python ints (what :mod:`exact_odds.punto_banco.prebuilt` stores)."""
        return ([[int(x) for x in r] for r in self.rows.tolist()], [[int(x) for x in r] for r in self.e.tolist()],
                [[int(x) for x in r] for r in self.pe.tolist()])


def basis_of_lists(np: Any, rows: Sequence[Sequence[int]], e: Sequence[Sequence[int]],
                   pe: Sequence[Sequence[int]]) -> Basis:
    """A :class:`Basis` from its integer lists (as :meth:`Basis.lists` gives them)."""
    e_norm = max((sum(abs(x) for x in row) for row in e), default=0)
    pe_norm = max((sum(abs(x) for x in row) for row in pe), default=0)
    width = len(rows) + 1
    return Basis(
        np.array(rows, dtype=np.float64).reshape(len(rows), -1),
        np.array(e, dtype=object if e_norm >= INT64_EXACT else np.int64).reshape(len(e), width),
        np.array(pe, dtype=object if pe_norm >= INT64_EXACT else np.int64).reshape(len(pe), width),
        e_norm,
        pe_norm,
    )


def reduce_rows(np: Any, full: Any, derived: dict[int, list[int]], outcome_rows: Sequence[int],
                payouts: Sequence[tuple[int, Sequence[int]]]) -> Basis:
    """The :class:`Basis` of ``full`` (an (n_rows, 5,005) float64 array of exact small integers).

    ``derived``: row -> the rows it is the total less of (a bet's otherwise line, Tie);
    ``outcome_rows``: the rows whose sum is the total (Banker, Player, Tie); ``payouts``:
    per bet, its first row and its scaled payouts (one per line, otherwise last)."""
    n_rows = full.shape[0]
    total_row = full[list(outcome_rows)].sum(axis=0)
    distinct: list[int] = []
    where: dict[bytes, int] = {}
    unit: dict[int, int | None] = {}
    for r in range(n_rows):
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
    combos: dict[int, tuple[int, dict[int, int]]] = {}  # k -> (coefficient of the total, {kept k: coef})
    exact = full.astype(np.int64)
    exact_total = total_row.astype(np.int64)
    for k, r in enumerate(distinct):
        if kept:
            picked = [distinct[j] for j in kept]
            candidates = np.vstack([total_row[None, :], full[picked]])
            coef = np.rint(np.linalg.lstsq(candidates.T, full[r], rcond=None)[0]).astype(np.int64)
            if np.array_equal(coef[0] * exact_total + coef[1:] @ exact[picked], exact[r]):
                combos[k] = (int(coef[0]), {j: int(c) for j, c in zip(kept, coef[1:]) if c})
                continue
        kept.append(k)
    width = len(kept) + 1
    vec = {}
    for i, k in enumerate(kept):
        vec[k] = [0] * width
        vec[k][i] = 1
    for k, (with_total, combo) in combos.items():
        v = [0] * width
        v[-1] = with_total
        for j, c in combo.items():
            v = [x + c * y for x, y in zip(v, vec[j])]
        vec[k] = v
    e = [[0] * width for _ in range(n_rows)]
    for r, k in unit.items():
        if k is not None:
            e[r] = list(vec[k])
    for r, others in derived.items():
        e[r][-1] = 1
        for o in others:
            e[r] = [x - y for x, y in zip(e[r], e[o])]
    pe = []
    for off, pays in payouts:
        row = [0] * width
        for i, p in enumerate(pays):
            row = [x + p * y for x, y in zip(row, e[off + i])]
        pe.append(row)
    rows = full[[distinct[k] for k in kept]]
    return basis_of_lists(np, rows.astype(np.int64).tolist(), e, pe)
