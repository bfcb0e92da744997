"""The middle bet of banque ("a cheval"): one coup's settlement and its solved recurrence."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Sequence

from exact_odds.games.banque.model import LOSE, TIE, WIN, BanqueError

if TYPE_CHECKING:
    import sympy

#: The six ways one coup settles the middle bet, in the order of the fields.
_OUTCOMES = ("win", "lose", "freeze", "half_win", "half_lose", "both_tie")


@dataclass(frozen=True)
class Middle:
    """The middle bet ("a cheval") for one coup's joint results (docs/rules.md §6).

    Settlement of one coup, per unit in the middle: both tableaux win: +1;
    both lose: -1; one wins and the other loses ("freeze"), or both tie: the
    whole stake stays; one wins (loses) and the other ties: half is won (lost)
    and half stays. A stake that stays, whole or half, is played again on the
    next coup under the same rules, which is assumed to be dealt from a shoe
    of the same composition (coups independent and identically distributed).
    """

    win: Fraction
    lose: Fraction
    freeze: Fraction
    half_win: Fraction
    half_lose: Fraction
    both_tie: Fraction

    @classmethod
    def from_joint(cls, joint: Sequence[Sequence[Fraction]]) -> "Middle":
        """From the 3 x 3 probabilities [left result][right result] (win, tie, lose)."""
        return cls(
            win=joint[WIN][WIN], lose=joint[LOSE][LOSE],
            freeze=joint[WIN][LOSE] + joint[LOSE][WIN],
            half_win=joint[WIN][TIE] + joint[TIE][WIN],
            half_lose=joint[LOSE][TIE] + joint[TIE][LOSE],
            both_tie=joint[TIE][TIE],
        )

    def __repr__(self) -> str:
        parts = ", ".join(f"{name} {float(getattr(self, name)):.6f}" for name in _OUTCOMES)
        return f"Middle({parts})"

    def _repr_html_(self) -> str:
        rows = "".join(f"<tr><td>{name.replace('_', ' ')}</td><td>{getattr(self, name)}</td>"
                       f"<td>{float(getattr(self, name)):.10f}</td></tr>" for name in _OUTCOMES)
        return f"<table><tr><th>Middle bet, one coup</th><th>Exact</th><th>Decimal</th></tr>{rows}</table>"

    def to_records(self) -> list[dict]:
        """One record per settlement of one coup: name, exact probability, float."""
        return [{"outcome": name, "probability": getattr(self, name), "probability_float": float(getattr(self, name))}
                for name in _OUTCOMES]

    @property
    def settles(self) -> Fraction:
        """P(this coup settles all that is left): both win or both lose."""
        return self.win + self.lose

    def value(self):
        """The expected value per unit staked, by the closed form of :meth:`solve`'s
        first equation: (win - lose + (half_win - half_lose)/2) / (win + lose +
        (half_win + half_lose)/2). Works for any exact number type (Fraction, or
        the quadratic surds of an irrational equilibrium)."""
        return ((self.win - self.lose + (self.half_win - self.half_lose) / 2)
                / (self.win + self.lose + (self.half_win + self.half_lose) / 2))

    def expected_coups(self):
        """The expected number of coups until fully settled: 1 / (win + lose)."""
        return 1 / (self.win + self.lose)

    def solve(self) -> "MiddleSolution":
        """Solve the recurrences exactly with sympy.

        V = win - lose + (freeze + both_tie) V + half_win (1/2 + V/2)
            + half_lose (-1/2 + V/2)                       (EV per unit staked)
        E = 1 + (1 - win - lose) E                         (coups until settled)
        a(k) = (1 - win - lose) a(k - 1), a(0) = 1         (still in play after k)

        :meth:`closed_form` gives the same solution without sympy (faster to start).
        """
        import sympy

        V, E = sympy.symbols("V E")
        k = sympy.Symbol("k", integer=True, nonnegative=True)
        a = sympy.Function("a")
        r = {name: sympy.Rational(getattr(self, name).numerator, getattr(self, name).denominator)
             for name in ("win", "lose", "freeze", "half_win", "half_lose", "both_tie")}
        half = sympy.Rational(1, 2)
        stays = sympy.Rational((1 - self.settles).numerator, (1 - self.settles).denominator)
        ev_eq = sympy.Eq(V, r["win"] - r["lose"] + (r["freeze"] + r["both_tie"]) * V
                         + r["half_win"] * (half + V / 2) + r["half_lose"] * (-half + V / 2))
        coups_eq = sympy.Eq(E, 1 + stays * E)
        ev = sympy.solve(ev_eq, V)
        coups = sympy.solve(coups_eq, E)
        still = sympy.rsolve(a(k) - stays * a(k - 1), a(k), {a(0): 1})
        if len(ev) != 1 or len(coups) != 1:
            raise BanqueError("the middle bet never settles on this shoe (no coup has both tableaux win or lose)")
        return MiddleSolution(
            expected_value=Fraction(int(ev[0].p), int(ev[0].q)),
            expected_coups=Fraction(int(coups[0].p), int(coups[0].q)),
            stays=1 - self.settles,
            _sympy=(still, k),
        )

    def closed_form(self) -> "MiddleSolution":
        """The solution of :meth:`solve`'s recurrences in closed form, without
        sympy: V = :meth:`value`, E = 1 / (win + lose), a(k) = (1 - win - lose)^k."""
        if self.settles == 0:
            raise BanqueError("the middle bet never settles on this shoe (no coup has both tableaux win or lose)")
        return MiddleSolution(expected_value=Fraction(self.value()), expected_coups=Fraction(self.expected_coups()),
                              stays=1 - self.settles)


@dataclass(frozen=True)
class MiddleSolution:
    """The middle bet solved: EV per unit staked, E[coups until fully settled]
    and P(still in play after k coups) = ``stays ** k`` (:attr:`still_in_play`
    is that as a sympy expression in :attr:`k`, built when first asked for).

    "Fully settled" means no part of the stake is left in the middle. A half
    that stays may be halved again, so only a coup where both tableaux win or
    both lose settles all that is left: the number of coups is geometric."""

    expected_value: Fraction
    expected_coups: Fraction
    stays: Fraction  #: P(some of the stake stays after one coup) = 1 - win - lose
    _sympy: Any = field(default=None, repr=False, compare=False)

    def _expression(self):
        if self._sympy is None:
            import sympy

            k = sympy.Symbol("k", integer=True, nonnegative=True)
            object.__setattr__(self, "_sympy", (sympy.Rational(self.stays.numerator, self.stays.denominator) ** k, k))
        return self._sympy

    @property
    def still_in_play(self) -> "sympy.Expr":
        """P(still in play after k coups), a sympy expression in :attr:`k`."""
        return self._expression()[0]

    @property
    def k(self) -> "sympy.Symbol":
        return self._expression()[1]

    @property
    def still_in_play_text(self) -> str:
        """``stays ** k`` as sympy prints it, such as ``(4/9)**k``, without importing sympy
        (``0**k`` for a bet that always settles in one coup: 1 at k = 0, as it should be)."""
        s = self.stays
        return f"({s.numerator}/{s.denominator})**k" if s.denominator != 1 else f"{s.numerator}**k"

    def still_in_play_after(self, k: int) -> Fraction:
        """P(some of the stake is still in the middle after ``k`` coups), exactly."""
        if isinstance(k, bool) or not isinstance(k, int) or k < 0:
            raise TypeError(f"k must be a whole number of coups >= 0, not {k!r}")
        return self.stays ** k

    def to_records(self, ks: Sequence[int] = (1, 2, 3, 5, 10)) -> list[dict]:
        """EV, expected coups and P(still in play after k) for each k: name, exact Fraction, float."""
        items = [("expected_value", self.expected_value), ("expected_coups", self.expected_coups)]
        items += [(f"still_in_play_after_{k}", self.still_in_play_after(k)) for k in ks]
        return [{"quantity": name, "value": v, "value_float": float(v)} for name, v in items]

    def __repr__(self) -> str:
        return (f"MiddleSolution(EV {float(self.expected_value) * 100:.6f}% per unit staked, "
                f"{float(self.expected_coups):.6f} coups until settled, "
                f"P(still in play after 1 coup) {float(self.still_in_play_after(1)):.6f})")

    def _repr_html_(self) -> str:
        return (f"<p><b>The middle bet (a cheval)</b>: expected value {self.expected_value} "
                f"({float(self.expected_value) * 100:.6f}% per unit staked); expected coups until fully "
                f"settled {self.expected_coups} ({float(self.expected_coups):.6f}); "
                f"P(still in play after k coups) = <code>{self.still_in_play_text}</code>.</p>")
