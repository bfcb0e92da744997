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
