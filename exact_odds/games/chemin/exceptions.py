"""The commissions in [0, 1/10] where chemin de fer's equilibrium (model B2) changes its structure.

docs/methods/chemin-de-fer.md, "Exceptional commissions". Ethier and Lee (2023,
Games 14:63) find the B2 equilibrium unique "with rare exceptions".

With commission a on banker wins, the banker prefers to draw in cell j at the
punter's probability x iff

    Delta_j(x, a) = G_j(x) - a H_j(x) > 0,

G_j = (banker wins - punter wins when he draws) - (the same when he stands)
and H_j = (banker wins when he draws) - (when he stands), both affine in x with
integer coefficients. So the cell's crossing point x_j(a), the root of Delta_j,
is a Moebius function of a. The punter's payoffs do not involve a, so the
punter's payoff slope between two consecutive crossing points depends only on
their *order*. Foster's algorithm puts the equilibrium at the crossing point
where that slope changes sign; it can change only where the order changes at
the equilibrium: where another cell's crossing point meets the equilibrium
cell's,

    x_j(a) = x_k(a)  <=>  (g0j - a h0j)(g1k - a h1k) - (g0k - a h0k)(g1j - a h1j) = 0,

a quadratic in a (roots: quadratic irrationals), or where the equilibrium
crossing reaches x = 0 or 1 (rational a). At such an a two cells are tied at
once and the banker's equilibrium mixes form a segment (the one-row linear
programme of :mod:`~exact_odds.games.chemin.census`, whose coefficients do not
involve a, so its ends are rational): the equilibrium is not unique.

The equilibrium cell is found exactly at a grid of rational commissions
(Foster's algorithm, :func:`~exact_odds.games.chemin.solve.solve_one_choice`),
and every cell tied with it at an exception is examined in turn; every root of the quadratics of that cell against every other cell is
examined exactly, and kept where the two crossings meet at the equilibrium
(every cell's sign at the meeting point decided exactly in the quadratic
field, then the punter's slope condition solved over the tied cells).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from exact_odds.games.banque.surd import Surd, quadratic_roots, sign
from exact_odds.games.chemin.census import _meets, _t_range
from exact_odds.games.chemin.game import Game
from exact_odds.games.chemin.models import Cell, ChemError
from exact_odds.games.chemin.solve import solve_one_choice

#: The commissions Ethier and Lee (2023) study.
TOP = Fraction(1, 10)


@dataclass(frozen=True)
class Exception_:
    """One exceptional commission: ``alpha`` (a Fraction or quadratic surd), the punter's ``x`` there,
    the cells tied at once, each with its least and greatest probability of drawing over the banker's
    equilibrium mixes, and what changes (``what``)."""

    alpha: Any
    x: Any
    ranges: dict[Cell, tuple[Fraction, Fraction]]
    what: str

    @property
    def banker_unique(self) -> bool:
        return all(lo == hi for lo, hi in self.ranges.values())


def _affine(game: Game):
    """Per cell: (g0, g1, h0, h1), Delta_j(x, a) = g0 + g1 x - a (h0 + h1 x) (integers)."""
    out = {}
    for cell in game.cells:
        (pd, bd), (ps, bs) = game.wins[cell, "D"], game.wins[cell, "S"]
        h = (bd[0] - bs[0], bd[1] - bs[1])
        g = (h[0] - (pd[0] - ps[0]), h[1] - (pd[1] - ps[1]))
        out[cell] = (g[0], g[1], h[0], h[1])
    return out


def equilibrium_cells(game: Game, grid: int = 20) -> set[Cell]:
    """The cells where the banker mixes at the equilibrium, at commissions k / (10 grid), k = 0..grid."""
    cells = set()
    for k in range(grid + 1):
        for x, y in solve_one_choice(game, TOP * Fraction(k, grid)):
            cells |= {c for c, q in y.items() if 0 < q < 1}
    return cells


def exceptional_commissions(game: Game) -> list[Exception_]:
    """Every commission in [0, 1/10] where the B2 equilibrium changes (module docstring), exactly."""
    if len(game.holdings) != 1 or game.shoe.is_infinite:
        raise ChemError("exceptional commissions are for model B2 (d decks; the punter sees his total)")
    aff = _affine(game)
    found: dict = {}
    todo, done = sorted(equilibrium_cells(game)), set()
    while todo:  # a cell tied at an exception may be the equilibrium's on the other side: examine it too
        j = todo.pop()
        if j in done:
            continue
        done.add(j)
        g0j, g1j, h0j, h1j = aff[j]
        candidates = []
        for k, (g0k, g1k, h0k, h1k) in aff.items():
            if k == j:
                continue
            # (g0j - a h0j)(g1k - a h1k) - (g0k - a h0k)(g1j - a h1j) = A a^2 + B a + C
            A = h0j * h1k - h0k * h1j
            B = -(g0j * h1k + h0j * g1k) + (g0k * h1j + h0k * g1j)
            C = g0j * g1k - g0k * g1j
            if A == 0 and B == 0:
                continue
            candidates += quadratic_roots(A, B, C)
        for end in (0, 1):  # x_j(a) = end: g0 + g1 end - a (h0 + h1 end) = 0
            den = h0j + h1j * end
            if den:
                candidates.append(Fraction(g0j + g1j * end, den))
        for a in candidates:
            if not (0 <= a <= TOP) or a in found:
                continue
            got = _at(game, aff, j, a)
            if got is not None:
                found[a] = got
                todo += [c for c in got.ranges if c not in done]
    return sorted(found.values(), key=lambda e: _float(e.alpha))


def _at(game: Game, aff, j: Cell, a) -> Exception_ | None:
    """The equilibrium at commission a if it sits on cell j's crossing with another cell tied there
    (or at x = 0 or 1), exactly; None otherwise."""
    g0, g1, h0, h1 = aff[j]
    den = g1 - a * h1
    if sign(den) == 0:
        return None
    x = -(g0 - a * h0) / den
    if not (0 <= x <= 1):
        return None
    _, punter = _punter_slopes(game)
    base, tied = 0, {}
    for cell, (c0, c1, d0, d1) in aff.items():
        v = sign(c0 + c1 * x - a * (d0 + d1 * x))
        if v == 0:
            tied[cell] = punter[cell, "D"] - punter[cell, "S"]
            base += punter[cell, "S"]
        else:
            base += punter[cell, "D" if v > 0 else "S"]
    if j not in tied:
        return None
    interior = 0 < x < 1
    if interior and len(tied) < 2:
        return None
    want = "eq" if interior else ("le" if x == 0 else "ge")
    lo_all = sum(min(0, v) for v in tied.values())
    hi_all = sum(max(0, v) for v in tied.values())
    if not _meets(base + lo_all, base + hi_all, want):
        return None  # the crossings meet, but not at an equilibrium
    ranges = {c: _t_range(base, v, lo_all - min(0, v), hi_all - max(0, v), want) for c, v in tied.items()}
    what = (f"{len(tied)} cells tied at the equilibrium" if interior else
            f"the equilibrium reaches x = {x}")
    return Exception_(a, x, ranges, what)


def _punter_slopes(game: Game):
    """Per (cell, action): the punter's payoff slope in x (integers; no commission)."""
    cached = game._solutions.get("punter slopes")
    if cached is None:
        lines, _ = game.lines("punter")
        cached = (None, {ca: line[1] for ca, line in lines.items()})
        game._solutions["punter slopes"] = cached
    return cached


def _float(v) -> float:
    return float(v.decimal(30)) if isinstance(v, Surd) else float(v)
