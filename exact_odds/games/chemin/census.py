"""How many equilibria chemin de fer has, and whether the banker's is the only optimal mix (proved).

One punter choice (A1, B2). Foster's algorithm, generalised to the bimatrix
game (Ethier and Lee 2023), finds *every* equilibrium x: an equilibrium sits at
x = 0, x = 1 or where two of the banker's lines cross, and
:func:`~exact_odds.games.chemin.solve.solve_one_choice` decides each such
candidate exactly. So the count is complete.

At an equilibrium x the banker's equilibrium mixes are exactly the points of

    P(x) = { y : y_j = his best reply where it is strict, y_j in [0, 1] where he is tied,
             base + sum_tied a_j y_j  = 0 (0 < x < 1),  <= 0 (x = 0),  >= 0 (x = 1) }

(``a_j`` the punter's payoff slope in x when the banker draws in tied cell j
rather than stands; ``base`` the slope with every tied cell standing): the
banker must play a best reply to x and leave the punter's choice a best reply.
P(x) is a box cut by one linear condition, so the least and the greatest y_j
over it are a linear programme with one row, solved here in closed form and
exactly for every tied cell: with y_j = t and the other tied cells free, the
condition's range is ``[base + a_j t + lo_j, base + a_j t + hi_j]`` (lo_j,
hi_j the sums of the other cells' negative and positive a_i), and t is
feasible iff that interval meets the wanted set. The banker's mix is unique
iff every tied cell's least and greatest values agree.

Several punter choices (B3): one equilibrium is found (zero-sum: a pair of
optimal strategies from two linear programmes; with commission: a search with
one mixed holding); the count and uniqueness are not proven there.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from exact_odds.games.chemin.game import Game
from exact_odds.games.chemin.models import Cell
from exact_odds.games.chemin.solve import _lines_in, solve_one_choice


@dataclass(frozen=True)
class Census:
    """The equilibria of one game and commission.

    ``found``: how many punter strategies x are equilibria (every one, when ``complete``).
    ``banker_ranges``: at the equilibrium reported, each tied cell's least and greatest
    probability of drawing over all the banker's equilibrium mixes (a cell not listed is forced).
    """

    found: int
    complete: bool
    banker_ranges: dict[Cell, tuple[Fraction, Fraction]]
    proof: str

    @property
    def banker_unique(self) -> bool | None:
        """The banker's mix at the equilibrium reported is the only one (None: not proven either way)."""
        if not self.complete:
            return None
        return all(lo == hi for lo, hi in self.banker_ranges.values())

    @property
    def unique(self) -> bool:
        """Proven: one equilibrium, the punter's and the banker's strategies both unique."""
        return self.complete and self.found == 1 and bool(self.banker_unique)


def census(game: Game, commission: Fraction = Fraction(0), x: Fraction | None = None) -> Census:
    """Count the equilibria and prove (or refute) that the banker's mix is unique (module docstring).

    ``x``: the punter's equilibrium probability whose banker set is examined (default: the least)."""
    commission = Fraction(commission)
    if len(game.holdings) != 1:
        return Census(1, False, {}, "several punter choices: one equilibrium found; the count and uniqueness "
                                    "are not proven for this model")
    found = solve_one_choice(game, commission)
    xs = sorted(v for v, _ in found)
    x = xs[0] if x is None else Fraction(x)
    return Census(len(xs), True, banker_ranges(game, commission, x),
                  "Foster's algorithm finds every equilibrium x; the banker's equilibrium mixes at x solve a "
                  "one-row linear programme over the tied cells, solved exactly for each cell's least and "
                  "greatest value")


def banker_ranges(game: Game, commission: Fraction, x: Fraction) -> dict[Cell, tuple[Fraction, Fraction]]:
    """Each tied cell's least and greatest probability of drawing over P(x) (module docstring).
    Raises ValueError if x is not an equilibrium (P(x) empty)."""
    fixed = (Fraction(0),)
    banker = _lines_in(game, 0, fixed, "banker", commission)
    punter = _lines_in(game, 0, fixed, "punter", commission)
    p, q = x.numerator, x.denominator
    base, tied = 0, {}
    for cell in game.cells:
        (gs, ds), (gd, dd) = banker[cell, "S"], banker[cell, "D"]
        v = (gd - gs) * q + (dd - ds) * p  # > 0: the banker prefers to draw at x
        if v == 0:
            tied[cell] = punter[cell, "D"][1] - punter[cell, "S"][1]
            base += punter[cell, "S"][1]
        else:
            base += punter[cell, "D" if v > 0 else "S"][1]
    want = "eq" if 0 < x < 1 else ("le" if x == 0 else "ge")
    lo_all = sum(min(0, a) for a in tied.values())
    hi_all = sum(max(0, a) for a in tied.values())
    if not _meets(base + lo_all, base + hi_all, want):
        raise ValueError(f"x = {x} is not an equilibrium")
    out = {}
    for cell, a in tied.items():
        lo_j, hi_j = lo_all - min(0, a), hi_all - max(0, a)
        out[cell] = _t_range(base, a, lo_j, hi_j, want)
    return out


def _meets(lo, hi, want) -> bool:
    return lo <= 0 <= hi if want == "eq" else (lo <= 0 if want == "le" else hi >= 0)


def _t_range(base: int, a: int, lo: int, hi: int, want: str) -> tuple[Fraction, Fraction]:
    """The t in [0, 1] with [base + a t + lo, base + a t + hi] meeting the wanted set: an interval."""
    lower, upper = Fraction(0), Fraction(1)
    # each condition is c + a t <= 0 or c + a t >= 0
    conds = []
    if want in ("eq", "le"):
        conds.append((base + lo, "le"))
    if want in ("eq", "ge"):
        conds.append((base + hi, "ge"))
    for c, kind in conds:
        if a == 0:
            continue  # holds for every t (P(x) is not empty)
        bound = Fraction(-c, a)
        if (kind == "le") == (a > 0):
            upper = min(upper, bound)
        else:
            lower = max(lower, bound)
    return lower, upper
