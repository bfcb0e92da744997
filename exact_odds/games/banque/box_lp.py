"""A point of the box [0, 1]^n meeting a few exact linear conditions, or a proof that there is none.

The banker's mixes where he is indifferent (:func:`~exact_odds.games.banque.knows_mixed.exact_support`)
are such a point: ten conditions at most (each punter's gain on each holding),
but thousands of free information sets at theta 0 or 1 on a small shoe, where
a dense rational LP (sympy's simplex on a (10 + n) x n matrix) takes minutes
per profile. Here the conditions stay a few rows: the bounded-variable
revised simplex (Chvatal, *Linear Programming*, 1983, ch. 8) on phase one
(minimise the sum of artificial variables), in exact rationals, the basis a
few rows square.

Every answer is checked from the data alone, whatever the pivoting did:

* a point is substituted into every condition and the box (exact integers);
* "none" comes with the final duals ``pi``: for every point of the box the sum
  of the artificials is ``pi . h + sum_j d_j v_j`` (``d`` the reduced costs),
  which is at least ``pi . h + sum of the negative d_j of the box's columns``
  at every point with the artificials 0 (a solution) when every slack's
  ``d_j`` is >= 0; that bound is computed exactly and must be > 0, so there is
  no solution (LP duality: Farkas's lemma with bounds).

If neither check passes, :func:`box_point` says so (an internal error), never guesses.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import Sequence

#: A condition: (base, coefficients, want): base + sum_i coefficients[i] * s_i is "eq" 0, "le" 0 or "ge" 0.
Condition = tuple[int, Sequence[int], str]

#: Degenerate pivots in a row before the entering column is chosen by Bland's rule (no cycling).
_DEGENERATE = 50


class BoxLPError(ArithmeticError):
    """The simplex ended without an answer its checks confirm (a defect, never an input error)."""


def box_point(conds: Sequence[Condition], n: int) -> list[Fraction] | None:
    """Exact ``s`` in [0, 1]^n meeting every condition, or None when there is none (module docstring)."""
    import numpy as np

    rows, rhs, eq = [], [], []
    for base, coef, want in conds:
        if want not in ("eq", "le", "ge"):
            raise ValueError(f"a condition wants 'eq', 'le' or 'ge', not {want!r}")
        if len(coef) != n:
            raise ValueError(f"a condition has {len(coef)} coefficients, not {n}")
        if not any(coef):  # nothing to choose: the condition holds or it does not
            if not (base == 0 if want == "eq" else (base <= 0 if want == "le" else base >= 0)):
                return None
            continue
        sign = -1 if want == "ge" else 1  # every row as G s (<= or =) h
        rows.append([sign * int(v) for v in coef])
        rhs.append(-sign * int(base))
        eq.append(want == "eq")
    if not rows:
        return [Fraction(0)] * n
    point = _Simplex(np.array(rows, dtype=object), rhs, eq).solve()
    if point is None:
        return None
    s = point[:n]
    if not all(0 <= v <= 1 for v in s) or not all(_holds(base + sum(c * v for c, v in zip(coef, s) if c), want)
                                                 for base, coef, want in conds):
        raise BoxLPError("internal check failed: the simplex's point does not meet the conditions")
    return s


def _holds(v, want: str) -> bool:
    return v == 0 if want == "eq" else (v <= 0 if want == "le" else v >= 0)


class _Simplex:
    """Phase one of the bounded-variable revised simplex: columns are the n box
    variables (bounds 0, 1), a slack per "<=" row and an artificial per row
    that the start (every box variable at 0) leaves infeasible (bounds 0, inf).

    It runs first in floats (quick; thousands of pivots where most are bound
    flips), then in exact rationals from the basis the floats ended on, if that
    basis is exactly feasible, else from the start: only the exact run answers."""

    def __init__(self, g, h: list[int], eq: list[bool]):
        import numpy as np

        m, n = g.shape
        self.m, self.n, self.h = m, n, h
        cols = [g]
        kinds = ["box"] * n
        basis = [-1] * m
        slack = np.zeros((m, sum(not e for e in eq)), dtype=object)
        j = 0
        for i, e in enumerate(eq):
            if not e:
                slack[i, j] = 1
                if h[i] >= 0:
                    basis[i] = n + j
                j += 1
        cols.append(slack)
        kinds += ["slack"] * slack.shape[1]
        need = [i for i in range(m) if basis[i] < 0]
        art = np.zeros((m, len(need)), dtype=object)
        for a, i in enumerate(need):
            art[i, a] = 1 if h[i] >= 0 else -1
            basis[i] = n + slack.shape[1] + a
        cols.append(art)
        kinds += ["art"] * len(need)
        self.a = np.concatenate(cols, axis=1)
        # the floats see every row scaled to largest coefficient 1 (the same basis answers both)
        scale = np.abs(np.array(g, dtype=float)).max(axis=1)
        self.afloat = np.array(self.a, dtype=float) / scale[:, None]
        self.hfloat = [v / c for v, c in zip(h, scale)]
        self.kinds = kinds
        self.is_box = np.array([k == "box" for k in kinds])
        self.cost = np.array([int(k == "art") for k in kinds], dtype=object)
        self.cost_float = self.cost.astype(float)
        self.start = list(basis)

    def _reset(self, exact: bool, basis=None, upper=None, dead=None) -> bool:
        """The state at ``basis`` (default: the start); False if it is not feasible."""
        self.exact = exact
        import numpy as np

        self.basis = list(basis or self.start)
        # a non-basic box variable at 1 (else at 0); an artificial out of the basis stays out
        self.upper = np.zeros(len(self.kinds), dtype=bool) if upper is None else upper.copy()
        self.dead = np.zeros(len(self.kinds), dtype=bool) if dead is None else dead.copy()
        one = Fraction(1) if exact else 1.0
        b = [[one * int(self.a[r, c]) if exact else float(self.afloat[r, c]) for c in self.basis]
             for r in range(self.m)]
        self.binv = _inverse(b)
        if self.binv is None:
            return False
        rest = [one * v for v in self.h] if exact else list(self.hfloat)
        for j in np.nonzero(self.upper)[0]:
            for r in range(self.m):
                rest[r] -= int(self.a[r, j]) if exact else float(self.afloat[r, j])
        self.xb = [sum((self.binv[i][r] * rest[r] for r in range(self.m)), 0 * one) for i in range(self.m)]
        return all(v >= 0 and (self.kinds[c] != "box" or v <= 1) for v, c in zip(self.xb, self.basis))

    def solve(self) -> list[Fraction] | None:
        self._reset(False)
        warm = False
        try:
            self._run(20 * (self.n + self.m))
            warm = self._reset(True, self.basis, self.upper, self.dead)
        except (ArithmeticError, _Stalled):  # the floats lost their way: start exactly
            pass
        if not warm:
            self._reset(True)
        return self._run(None)

    def _duals(self):
        cb = [int(self.cost[b]) for b in self.basis]
        return [sum((cb[i] * self.binv[i][r] for i in range(self.m)), 0 * self.binv[0][0]) for r in range(self.m)]

    def _reduced(self, pi):
        """Every column's reduced cost times q > 0 (exact integers; floats: q = 1), and q."""
        import numpy as np

        if not self.exact:
            return self.cost_float - np.array(pi, dtype=float) @ self.afloat, 1
        q = lcm(*(p.denominator for p in pi))
        p = np.array([int(v * q) for v in pi], dtype=object)
        return self.cost * q - p.dot(self.a), q

    def _run(self, limit: int | None):
        import numpy as np

        degenerate = steps = 0
        while True:
            pi = self._duals()
            d, q = self._reduced(pi)
            basic = np.zeros(len(self.kinds), dtype=bool)
            basic[self.basis] = True
            up = self.upper
            ok = ~basic & ~self.dead
            tol = 0 if self.exact else 1e-13 * (1 + float(np.abs(d).max()))
            gain = np.where(up, d > tol, d < -tol) & ok  # moving off its bound lowers the objective
            cand = np.nonzero(gain)[0]
            if not len(cand):
                return self._answer(pi, d, q) if self.exact else None
            if limit is not None and steps >= limit:
                raise _Stalled
            if not self.exact:
                cand = cand[np.argsort(-np.abs(d[cand]))]
                if self._flips(cand):
                    steps += 1
                    continue
            if degenerate >= _DEGENERATE:
                e = int(cand[0])  # Bland
            else:
                e = int(cand[np.argmax(np.abs(d[cand].astype(float)))])
            step = self._pivot(e)
            degenerate = degenerate + 1 if step == 0 else 0
            steps += 1

    def _flips(self, cand) -> int:
        """Floats only: move the leading box columns of ``cand`` to their other bounds at once, as many
        as keep the basis feasible (each alone would be a pivot that changes no dual); how many moved."""
        import numpy as np

        box = self.is_box[cand]
        k = len(cand) if box.all() else int(np.argmin(box))
        if k == 0:
            return 0
        cand = cand[:k]
        sgn = np.where(self.upper[cand], 1.0, -1.0)  # xb moves by -(+-1) alpha
        moves = (np.array(self.binv, dtype=float) @ self.afloat[:, cand]) * sgn
        path = np.array(self.xb, dtype=float)[:, None] + np.cumsum(moves, axis=1)
        ub = np.array([1.0 if self.kinds[b] == "box" else np.inf for b in self.basis])[:, None]
        inside = ((path >= -1e-9) & (path <= ub + 1e-9)).all(axis=0)
        n_ok = k if inside.all() else int(np.argmin(inside))
        if n_ok == 0:
            return 0
        self.upper[cand[:n_ok]] ^= True
        self.xb = [float(v) for v in path[:, n_ok - 1]]
        return n_ok

    def _pivot(self, e: int):
        m = self.m
        col = [int(v) for v in self.a[:, e]] if self.exact else [float(v) for v in self.afloat[:, e]]
        zero = 0 * self.binv[0][0]
        alpha = [sum((self.binv[i][r] * col[r] for r in range(m) if col[r]), zero) for i in range(m)]
        if not self.exact:  # float noise is no direction
            big = max(abs(v) for v in alpha) if alpha else 0.0
            alpha = [0.0 if abs(v) <= 1e-12 * (1 + big) else v for v in alpha]
        sgn = -1 if self.upper[e] else 1  # the entering variable goes up from 0 or down from 1
        best, leave, to_upper = ((zero + 1) if self.kinds[e] == "box" else None), -1, False
        for i in range(m):
            rate = -sgn * alpha[i]
            if rate < 0:
                t, hit_upper = max(self.xb[i], zero) / -rate, False
            elif rate > 0 and self.kinds[self.basis[i]] == "box":
                t, hit_upper = max(1 - self.xb[i], zero) / rate, True
            else:
                continue
            if best is None or t < best or (t == best and leave >= 0 and self.basis[i] < self.basis[leave]):
                best, leave, to_upper = t, i, hit_upper
        if best is None:
            raise BoxLPError("internal check failed: phase one is bounded below, yet a ray was found")
        for i in range(m):
            self.xb[i] -= sgn * best * alpha[i]
        if leave < 0:  # the entering variable only moves to its other bound
            self.upper[e] = not self.upper[e]
            return best
        out = self.basis[leave]
        value = (1 if self.upper[e] else 0) + sgn * best
        self.upper[out] = to_upper
        if self.kinds[out] == "art":
            self.dead[out] = True
        self.upper[e] = False
        self.basis[leave] = e
        self.xb[leave] = value
        piv = alpha[leave]
        row = [v / piv for v in self.binv[leave]]
        for i in range(m):
            if i != leave and alpha[i]:
                f = alpha[i]
                self.binv[i] = [a - f * b for a, b in zip(self.binv[i], row)]
        self.binv[leave] = row
        return best

    def _answer(self, pi: list[Fraction], d, q: int) -> list[Fraction] | None:
        """The point if the artificials are all 0; None if the duals prove no point of the box meets
        the conditions (module docstring)."""
        total = sum((self.xb[i] for i in range(self.m) if self.kinds[self.basis[i]] == "art"), Fraction(0))
        if total == 0:
            s = [Fraction(int(u)) for u in self.upper[:self.n]]
            for i, b in enumerate(self.basis):
                if b < self.n:
                    s[b] = self.xb[i]
            return s
        if any(d[j] < 0 for j, k in enumerate(self.kinds) if k == "slack"):
            raise BoxLPError("internal check failed: phase one ended with a slack to enter")
        bound = sum((p * v for p, v in zip(pi, self.h)), Fraction(0)) + \
            Fraction(int(sum(v for v in d[:self.n] if v < 0)), q)
        if bound <= 0:
            raise BoxLPError("internal check failed: phase one ended above 0 without a proof")
        return None


class _Stalled(Exception):
    """The float run took too many pivots."""


def _inverse(b):
    """The inverse of a small square matrix (Gauss-Jordan; Fractions exact), or None if singular."""
    m = len(b)
    zero = 0 * b[0][0]
    a = [list(row) + [zero + (i == j) for j in range(m)] for i, row in enumerate(b)]
    for c in range(m):
        p = max(range(c, m), key=lambda r: abs(a[r][c]))
        if a[p][c] == 0:
            return None
        a[c], a[p] = a[p], a[c]
        pv = a[c][c]
        a[c] = [v / pv for v in a[c]]
        for r in range(m):
            if r != c and a[r][c]:
                f = a[r][c]
                a[r] = [x - f * y for x, y in zip(a[r], a[c])]
    return [row[m:] for row in a]
