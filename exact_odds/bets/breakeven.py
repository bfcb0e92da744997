"""Break-even pay tables, solved exactly with sympy.

A bet's expected value is linear in any one of its payouts: with line i
paying x and the others fixed,

    EV(x) = x p_i + sum_{j != i} pays_j p_j,

where p_j is line j's exact probability from the one walk. The break-even
payout is the root of EV(x) = 0. For a commission c on a line that pays
1 - c (the Banker bet), EV is linear in c the same way.

sympy is imported here, inside the function, and only the ``breakeven``
command imports this module: ``exact-odds edge`` never loads sympy.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from exact_odds.bets.paytable import BetResult, PayTableError


@dataclass(frozen=True)
class BreakEven:
    """The expected value as an expression in one symbol, and its root."""

    bet: str
    line: str
    symbol: str  #: 'x' (the line's payout) or 'c' (its commission: the line pays 1 - c)
    current: Fraction  #: the symbol's value in the pay table as dealt
    expression: str  #: EV as a sympy expression in ``symbol``
    coefficient: Fraction  #: d EV / d symbol
    constant: Fraction  #: EV at symbol = 0
    solution: Fraction  #: the break-even value (EV = 0)
    current_ev: Fraction


def line_index(result: BetResult, line: str | None) -> int:
    """Index of the pay line named by its 1-based number or label (default: the first paying line)."""
    rows = result.lines
    if line is None:
        for i, row in enumerate(rows):
            if row.pays > 0:
                return i
        return 0
    text = line.strip()
    if text.isdigit() and len(text) <= 6 and 1 <= int(text) <= len(rows):
        return int(text) - 1
    for i, row in enumerate(rows):
        if row.label.lower() == text.lower():
            return i
    labels = "; ".join(f"{i}: {r.label}" for i, r in enumerate(rows, 1))
    raise PayTableError(f"{result.bet.name} has no pay line {line!r}; give a number or a label ({labels})")


def break_even(result: BetResult, line: str | None = None, commission: bool = False) -> BreakEven:
    """Solve EV = 0 for one line's payout (or commission) exactly."""
    import sympy

    i = line_index(result, line)
    row = result.lines[i]
    if row.probability == 0:
        raise PayTableError(f"{result.bet.name}: pay line {row.label!r} never happens on this shoe; nothing to solve")
    if commission and not 0 <= row.pays <= 1:
        raise PayTableError(
            f"{result.bet.name}: line {row.label!r} pays {row.pays} to 1, not 1 to 1 less a commission; "
            "--commission needs a line paying between 0 and 1 (such as Banker's 19/20); drop --commission to solve for its payout"
        )
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
    slope = ev.coeff(sym, 1)
    const = ev.coeff(sym, 0)
    current = (1 - row.pays) if commission else row.pays
    return BreakEven(
        bet=result.bet.name,
        line=row.label,
        symbol=str(sym),
        current=current,
        expression=sympy.sstr(ev),
        coefficient=Fraction(int(sympy.numer(slope)), int(sympy.denom(slope))),
        constant=Fraction(int(sympy.numer(const)), int(sympy.denom(const))),
        solution=root,
        current_ev=result.expected_value,
    )
