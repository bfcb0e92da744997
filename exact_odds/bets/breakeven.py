"""Break-even pay tables, solved exactly with sympy.

A bet's expected value is linear in any one of its payouts: with line i
paying x and the others fixed,

    EV(x) = x p_i + sum_{j != i} pays_j p_j,

where p_j is line j's exact probability from the one walk. The break-even
payout is the root of EV(x) = 0. For a commission c on a line that pays
1 - c (the Banker bet), EV is linear in c the same way.

sympy is imported inside :func:`break_even`, when it runs: importing this
module (as every report does) never loads it, so ``exact-odds edge`` stays light.
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from fractions import Fraction

from exact_odds.bets.paytable import BetResult, PayTableError
from exact_odds.text import shown


class NotACommissionLineError(PayTableError):
    """Solving for a commission on a line that does not pay between 0 and 1."""

    def __init__(self, bet: str, label: str, pays: Fraction):
        super().__init__(
            f"{bet}: line {label!r} pays {pays} to 1, not 1 to 1 less a commission; a commission is solved "
            "for on a line paying between 0 and 1 (such as Banker's 19/20); solve for its payout instead"
        )
        self.bet, self.label, self.pays = bet, label, pays


@dataclass(frozen=True)
class BreakEven:
    """The expected value as an expression in one symbol, and its root."""

    bet: str
    line: str
    symbol: str  #: 'x' (the line's payout) or 'c' (its commission: the line pays 1 - c)
    current: Fraction  #: the symbol's value in the pay table as dealt
    expression: str  #: EV as a sympy expression in ``symbol``
    solution: Fraction  #: the break-even value (EV = 0)
    current_ev: Fraction  #: EV with the pay table as dealt

    def __repr__(self) -> str:
        return (f"BreakEven({self.bet}, line {self.line!r}: {self.symbol} = {_short(self.solution)} "
                f"(as dealt {_short(self.current)}))")

    def _repr_html_(self) -> str:
        rows = [("Bet", self.bet), ("Line", self.line), ("Unknown", self.symbol),
                ("EV", f"EV({self.symbol}) = {self.expression}"), ("As dealt", f"{self.symbol} = {self.current}"),
                ("Break-even", f"{self.symbol} = {self.solution} ({_short(self.solution)})")]
        return "<table>" + "".join(f"<tr><th>{k}</th><td>{html.escape(v)}</td></tr>" for k, v in rows) + "</table>"


def _short(x: Fraction) -> str:
    """A fraction for a repr: whole numbers as they are, others to 10 significant digits."""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):.10g}"


def line_index(result: BetResult, line: int | str | None) -> int:
    """Index of the pay line named by its 1-based number or label (default: the first paying line)."""
    rows = result.lines
    labels = "; ".join(f"{i}: {r.label}" for i, r in enumerate(rows, 1))
    if line is None:
        for i, row in enumerate(rows):
            if row.pays > 0:
                return i
        return 0
    if isinstance(line, bool) or not isinstance(line, (int, str)):
        raise TypeError(f"line must be a 1-based line number (int) or a line's label (str), not {type(line).__name__}")
    if isinstance(line, int):
        if 1 <= line <= len(rows):
            return line - 1
        raise PayTableError(f"{result.bet.name} has no pay line {line}; give a number from 1 to {len(rows)} "
                            f"or a label ({labels})")
    text = line.strip()
    if text.isascii() and text.isdigit() and len(text) <= 6 and 1 <= int(text) <= len(rows):  # not "²"
        return int(text) - 1
    for i, row in enumerate(rows):
        if row.label.lower() == text.lower():
            return i
    raise PayTableError(f"{result.bet.name} has no pay line {shown(line)}; give a number or a label ({labels})")


def break_even(result: BetResult, line: int | str | None = None, commission: bool = False) -> BreakEven:
    """Solve EV = 0 for one line's payout (or commission) exactly.

    ``result`` is a priced bet (:meth:`PayTable.price`); ``line`` its pay
    line, as a 1-based number (``1``, ``"1"``) or a label (default: the first
    paying line). With ``commission`` the line pays ``1 - c`` and ``c`` is
    solved for."""
    if not isinstance(result, BetResult):
        raise TypeError(f"break_even needs a priced bet (a BetResult, from PayTable.price), not {type(result).__name__}")
    if not isinstance(commission, bool):
        raise TypeError(f"commission must be True (solve for a commission) or False (for the payout), "
                        f"not {commission!r:.80}")
    import sympy

    i = line_index(result, line)
    row = result.lines[i]
    if row.probability == 0:
        raise PayTableError(f"{result.bet.name}: pay line {row.label!r} never happens on this shoe; nothing to solve")
    if commission and not 0 <= row.pays <= 1:
        raise NotACommissionLineError(result.bet.name, row.label, row.pays)
    sym = sympy.Symbol("c" if commission else "x")
    pays = (1 - sym) if commission else sym
    ev = sympy.Integer(0)
    for j, r in enumerate(result.lines):
        p = sympy.Rational(r.probability.numerator, r.probability.denominator)
        ev += (pays if j == i else sympy.Rational(r.pays.numerator, r.pays.denominator)) * p
    ev = sympy.expand(ev)
    roots = sympy.solve(sympy.Eq(ev, 0), sym)
    if len(roots) != 1:  # EV is linear with a non-zero slope, so exactly one root
        raise PayTableError(f"{result.bet.name}: cannot solve for {sym} (roots {roots})")
    root = Fraction(int(sympy.numer(roots[0])), int(sympy.denom(roots[0])))
    current = (1 - row.pays) if commission else row.pays
    return BreakEven(
        bet=result.bet.name,
        line=row.label,
        symbol=str(sym),
        current=current,
        expression=sympy.sstr(ev),
        solution=root,
        current_ev=result.expected_value,
    )


# --- design solving: a target edge, and a grid of two payouts --------------------

class UnreachableEdgeError(PayTableError):
    """No payout (>= -1) or commission of the chosen line gives the target house edge."""


def _linear(result: BetResult, i: int) -> tuple[Fraction, Fraction]:
    """(p_i, rest): EV(x) = x p_i + rest, with line i paying x and every other line as dealt."""
    p = result.lines[i].probability
    rest = sum((l.expected_value for j, l in enumerate(result.lines) if j != i), Fraction(0))
    return p, rest


@dataclass(frozen=True)
class TargetEdge:
    """The payout (or commission) of one line that makes the house edge exactly ``target``."""

    bet: str
    line: str
    symbol: str  #: 'x' (the line pays x to 1) or 'c' (the line pays 1 - c)
    target: Fraction  #: the house edge asked for
    current: Fraction  #: the symbol's value as dealt
    current_edge: Fraction
    solution: Fraction

    @property
    def pays(self) -> Fraction:
        """What the line pays at the solution (x, or 1 - c)."""
        return 1 - self.solution if self.symbol == "c" else self.solution

    def __repr__(self) -> str:
        return (f"TargetEdge({self.bet}, line {self.line!r}: {self.symbol} = {_short(self.solution)} "
                f"for house edge {_short(self.target)})")


def solve_target_edge(result: BetResult, target, line: int | str | None = None,
                      commission: bool = False) -> TargetEdge:
    """The exact payout x of ``line`` (or commission c, the line paying 1 - c) giving house edge ``target``.

    EV is linear in one line's payout: EV(x) = x p_i + rest, so
    x = (-target - rest) / p_i (and c = 1 - x). ``target`` is an exact
    number (Fraction, int, or text such as '5%' or '1/20'). Raises
    :class:`UnreachableEdgeError` when the solution would pay less than -1
    (lose more than the stake) or is not a commission between 0 and 1."""
    if not isinstance(result, BetResult):
        raise TypeError(f"solve_target_edge needs a priced bet (a BetResult, from PayTable.price), "
                        f"not {type(result).__name__}")
    if isinstance(target, float):
        raise TypeError(f"target {target!r} is a float; give it exactly, as a Fraction or a string such as '5%'")
    from exact_odds.bets.paytable import parse_pays

    t = parse_pays(target, "target house edge", "a house edge such as 5%, 1/20 or 0.05")
    if not -1 <= t <= 1:
        raise UnreachableEdgeError(f"a house edge of {t} is not between -100% and 100%; give one such as 5%")
    i = line_index(result, line)
    row = result.lines[i]
    p, rest = _linear(result, i)
    if p == 0:
        raise PayTableError(f"{result.bet.name}: pay line {row.label!r} never happens on this shoe; "
                            "its payout cannot move the edge")
    x = (-t - rest) / p
    if commission:
        if not 0 <= row.pays <= 1:
            raise NotACommissionLineError(result.bet.name, row.label, row.pays)
        c = 1 - x
        if not 0 <= c <= 1:
            raise UnreachableEdgeError(
                f"{result.bet.name}: no commission between 0 and 1 on line {row.label!r} gives a house edge of "
                f"{t} (it would take c = {c})")
        return TargetEdge(result.bet.name, row.label, "c", t, 1 - row.pays, result.house_edge, c)
    if x < -1:
        raise UnreachableEdgeError(
            f"{result.bet.name}: no payout of line {row.label!r} gives a house edge of {t}: it would take "
            f"{x} to 1, losing more than the stake")
    return TargetEdge(result.bet.name, row.label, "x", t, row.pays, result.house_edge, x)


#: Most cells a grid may have (each is one exact sum; 10,000 print as a readable table at most).
MAX_GRID_CELLS = 10_000


@dataclass(frozen=True)
class EdgeGrid:
    """The exact house edge for every pair of payouts of two lines (the others as dealt).

    ``edges[a][b]`` is the house edge with line ``lines[0]`` paying
    ``values[0][a]`` and line ``lines[1]`` paying ``values[1][b]``."""

    bet: str
    lines: tuple[str, str]
    values: tuple[tuple[Fraction, ...], tuple[Fraction, ...]]
    edges: tuple[tuple[Fraction, ...], ...]

    def __repr__(self) -> str:
        return (f"EdgeGrid({self.bet}: {self.lines[0]!r} x {len(self.values[0])} payouts, "
                f"{self.lines[1]!r} x {len(self.values[1])} payouts)")


def edge_grid(result: BetResult, first: tuple[int | str, list], second: tuple[int | str, list]) -> EdgeGrid:
    """House edges over a grid of two lines' payouts: ``first`` and ``second`` are (line, payouts).

    The edge is -(x p_a + y p_b + rest), exact for every cell; the same as
    pricing each changed pay table anew (the tests check that)."""
    if not isinstance(result, BetResult):
        raise TypeError(f"edge_grid needs a priced bet (a BetResult, from PayTable.price), not {type(result).__name__}")
    from exact_odds.bets.paytable import parse_pays

    idx, vals = [], []
    for which, spec in (("first", first), ("second", second)):
        if not isinstance(spec, tuple) or len(spec) != 2:
            raise TypeError(f"{which} must be a (line, payouts) pair, not {type(spec).__name__}")
        line, values = spec
        i = line_index(result, line)
        if isinstance(values, (str, bytes)) or not hasattr(values, "__iter__"):
            raise TypeError(f"{which}: payouts must be a list of exact numbers, not {type(values).__name__}")
        values = tuple(parse_pays(v, f"{result.lines[i].label}: pays") for v in values)
        if not values:
            raise PayTableError(f"{result.bet.name}: no payouts given for line {result.lines[i].label!r}")
        bad = [v for v in values if v < -1]
        if bad:
            raise PayTableError(f"{result.lines[i].label}: pays {bad[0]} loses more than the stake; "
                                "payouts must be >= -1")
        idx.append(i)
        vals.append(values)
    if idx[0] == idx[1]:
        raise PayTableError(f"{result.bet.name}: the grid needs two different lines, not {result.lines[idx[0]].label!r} twice")
    if len(vals[0]) * len(vals[1]) > MAX_GRID_CELLS:
        raise PayTableError(f"the grid has {len(vals[0])} x {len(vals[1])} cells; at most {MAX_GRID_CELLS}")
    pa, pb = result.lines[idx[0]].probability, result.lines[idx[1]].probability
    rest = sum((l.expected_value for j, l in enumerate(result.lines) if j not in idx), Fraction(0))
    edges = tuple(tuple(-(x * pa + y * pb + rest) for y in vals[1]) for x in vals[0])
    return EdgeGrid(result.bet.name, (result.lines[idx[0]].label, result.lines[idx[1]].label),
                    (vals[0], vals[1]), edges)
