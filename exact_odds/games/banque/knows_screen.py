"""The sound pruning of :mod:`~exact_odds.games.banque.knows_mixed`'s reduced games (floats with an error bound).

A reduced game (each punter's mixed holding and pure choices elsewhere) is
skipped only when one of its punters' necessary conditions provably fails at
every point of it: the bounds are computed in floats, and a condition is
declared failed only when it fails by more than 1e-9 of the sum of the
absolute values of its terms, far above the rounding error of those float
sums (under 1e-11 of that sum). See knows_mixed's docstring for the
conditions.
"""

from __future__ import annotations

from itertools import product
from typing import Any, Sequence

from exact_odds.games.banque.hands import FIVE_HOLDINGS
from exact_odds.games.banque.knows import KINDS, KnowsGame

H = len(FIVE_HOLDINGS)
PURES = tuple(product((0, 1), repeat=H))  # index = the bits of the vector, first holding most significant


def _index(p: Sequence[int]) -> int:
    return PURES.index(tuple(p))


def _options(present: Sequence[bool] = (True,) * H) -> list[tuple[int | None, tuple[int, ...]]]:
    """A punter's options: (k, P) mixed on k (P[k] = 0, a placeholder), and (None, P) pure.
    A holding that cannot occur in the shoe is never mixed on and is played "stand"
    (every choice there is the same strategy)."""
    out: list[tuple[int | None, tuple[int, ...]]] = []
    pures = [p for p in PURES if all(present[j] or p[j] == 0 for j in range(H))]
    for k in range(H):
        if present[k]:
            out += [(k, p) for p in pures if p[k] == 0]
    return out + [(None, p) for p in pures]


def present_holdings(game: KnowsGame) -> tuple[bool, ...]:
    """Whether each holding of 5 can occur in the game's shoe."""
    c = game.shoe.value_counts
    return tuple(c[a] > 0 and c[b] > 0 for a, b in FIVE_HOLDINGS)


def _corners(k: int | None, p: tuple[int, ...]) -> list[int]:
    if k is None:
        return [_index(p)]
    return [_index(p[:k] + (v,) + p[k + 1:]) for v in (0, 1)]


class _Screen:
    """Floats of the per-set coefficients, for bounding the necessary conditions."""

    def __init__(self, co: Any):
        import numpy as np

        def fl(a):
            return np.array([float(v) for v in a.ravel()], dtype=float).reshape(a.shape)

        n = len(co.sets)
        dl = fl(co.delta) if n else np.zeros((0, KINDS, KINDS))
        tol = 1e-9 * (np.abs(dl).sum(axis=(1, 2)) + 1.0)
        wl = np.array([co.weights(p, co.la) for p in PURES], dtype=float)  # (32, sets, KINDS)
        wr = np.array([co.weights(p, co.ra) for p in PURES], dtype=float)
        lo = np.full(n, np.inf)
        hi = np.full(n, -np.inf)
        rows = []
        for p in range(len(PURES)):
            d = np.einsum("ig,qig->qi", np.einsum("if,ifg->ig", wl[p], dl), wr)  # (32, sets)
            lo, hi = np.minimum(lo, d.min(axis=0)), np.maximum(hi, d.max(axis=0))
            rows.append(d)
        draw = lo > tol
        self.draw_all = draw  # sets where the banker draws at every profile (stands: ~draw and not free)
        self.free = np.nonzero(~draw & ~(hi < -tol))[0]  # sets whose sign is not fixed on the whole game
        self.delta = np.array([r[:, self.free] for r in rows])  # (32, 32, F)
        self.tol = tol[self.free]
        self.left = self._gains(wr, co.pl, draw, fl)
        self.right = self._gains(wl, co.pr, draw, fl)

    def _gains(self, w, pl, draw, fl):
        """Per corner of the other punter: (base (32, k), slopes on the free sets (32, F, k), scale (32, k))."""
        import numpy as np

        p0, p1 = fl(pl[0]), fl(pl[1])
        a = np.einsum("qig,ikg->qik", w, p0)
        b = np.einsum("qig,ikg->qik", w, p1) - a
        base = a.sum(axis=1) + b[:, draw, :].sum(axis=1)
        scale = np.einsum("qig,ikg->qk", w, np.abs(p0) + np.abs(p1)) * 2 + 1.0
        return base, b[:, self.free, :], scale


def _conditions(k: int | None, p: tuple[int, ...]):
    """The punter's conditions as rows over his holdings' gains: (C, need max >= 0, need min <= 0)."""
    import numpy as np

    c = np.eye(H)
    if k is not None:
        c[:, k] -= 1.0
        c[k, k] = 1.0
    ge = np.array([bool(p[j]) or j == k for j in range(H)])
    le = np.array([not p[j] or j == k for j in range(H)])
    return c, ge, le


def _sides(gains, qs, c, ge, le, draw, free):
    """For each row o: whether a punter's necessary conditions (rows c[o] over his
    holdings' gains, ge/le what they need) can hold against the other punter's
    corners qs[o] (two), the banker's reply fixed where draw[o] and free where
    free[o]. False only when a condition fails by more than its error bound."""
    import numpy as np

    base, slopes, scale = gains
    n = len(qs)
    lo, hi, tol = np.full((n, H), np.inf), np.full((n, H), -np.inf), np.zeros((n, H))
    for a in range(qs.shape[1]):
        q = qs[:, a]
        f = np.einsum("ofh,och->ofc", slopes[q], c)  # (rows, F, conditions)
        v = np.einsum("oh,och->oc", base[q], c) + np.einsum("of,ofc->oc", draw, f)
        lo = np.minimum(lo, v + np.einsum("of,ofc->oc", free, np.minimum(f, 0)))
        hi = np.maximum(hi, v + np.einsum("of,ofc->oc", free, np.maximum(f, 0)))
        tol = np.maximum(tol, 1e-9 * np.einsum("oh,och->oc", scale[q], np.abs(c)))
    return ~((ge & (hi < -tol)).any(axis=1) | (le & (lo > tol)).any(axis=1))


def screen(co: Any, sc: _Screen | None = None) -> tuple[list, int]:
    """The reduced games that survive the pruning (module docstring), and how many there were."""
    import numpy as np

    sc = sc or _Screen(co)
    opts = _options(present_holdings(co.game))
    n = len(opts)
    pairs = np.array([c * (3 - len(c)) for c in (_corners(k, p) for k, p in opts)])  # (options, 2)
    conds = [_conditions(k, p) for k, p in opts]
    c_all = np.array([c for c, _, _ in conds])
    ge_all = np.array([g for _, g, _ in conds])
    le_all = np.array([v for _, _, v in conds])
    pure = np.array([k is None for k, _ in opts])
    kept, total = [], 0
    for i, (k, p) in enumerate(opts):
        d = sc.delta[pairs[i]][:, pairs]  # (2, options, 2, F)
        draw = (d > sc.tol).all(axis=(0, 2))
        free = ~draw & ~(d < -sc.tol).all(axis=(0, 2))
        drawf, freef = draw.astype(float), free.astype(float)
        c, ge, le = conds[i]
        ok = _sides(sc.left, pairs, np.broadcast_to(c, (n, H, H)), ge, le, drawf, freef)
        ok &= _sides(sc.right, np.broadcast_to(pairs[i], (n, 2)), c_all, ge_all, le_all, drawf, freef)
        if k is None:
            ok &= ~pure
        total += int((~pure).sum()) if k is None else n
        kept += [((k, p), opts[j]) for j in np.nonzero(ok)[0]]
    return kept, total
