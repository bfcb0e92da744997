"""Bets as data: a pay table over the coup state.

A :class:`PayTable` is an ordered list of :class:`PayLine` s. Each line has a
condition on the finished coup, written as a small boolean expression
(``"banker_wins and banker_cards == 3 and banker == 7"``), and what it pays
per unit staked, as an exact fraction: ``19/20`` pays 19 to 20, ``0`` is a
push, ``-1/2`` loses half the stake. The first line whose condition holds
settles the bet; if none holds the bet pays ``otherwise`` (default -1, a
loss).

The names a condition may use are listed in :data:`COUP_NAMES`. Conditions are
parsed once and checked against that vocabulary, so a typo is an error with
the name, never a silent loss.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from fractions import Fraction

from .coup import Coup, CoupDistribution

#: The names a pay-line condition can use, with their meaning.
COUP_NAMES: dict[str, str] = {
    "player": "Player's final total, 0-9",
    "banker": "Banker's final total, 0-9",
    "player_cards": "cards in the Player hand, 2 or 3",
    "banker_cards": "cards in the Banker hand, 2 or 3",
    "cards": "cards used by the coup, 4-6",
    "player_natural": "Player has a two-card 8 or 9",
    "banker_natural": "Banker has a two-card 8 or 9",
    "natural": "either hand has a natural",
    "player_wins": "Player's total is higher",
    "banker_wins": "Banker's total is higher",
    "tie": "the totals are equal",
    "winning_total": "the higher final total (the tied total on a tie)",
    "margin": "the difference between the two final totals, 0-9",
}

_ALLOWED_NODES = (
    ast.Expression, ast.BoolOp, ast.And, ast.Or, ast.UnaryOp, ast.Not, ast.Compare,
    ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE, ast.In, ast.NotIn,
    ast.Name, ast.Load, ast.Constant, ast.Tuple, ast.List, ast.BinOp, ast.Add, ast.Sub, ast.Mod,
)


class PayTableError(ValueError):
    """A pay table that cannot be used; the message says what is wrong."""


def coup_names(coup: Coup) -> dict[str, int | bool]:
    """The values of :data:`COUP_NAMES` for one coup."""
    p, b = coup.player, coup.banker
    return {
        "player": p,
        "banker": b,
        "player_cards": coup.player_cards,
        "banker_cards": coup.banker_cards,
        "cards": coup.player_cards + coup.banker_cards,
        "player_natural": coup.player_natural,
        "banker_natural": coup.banker_natural,
        "natural": coup.player_natural or coup.banker_natural,
        "player_wins": p > b,
        "banker_wins": b > p,
        "tie": p == b,
        "winning_total": max(p, b),
        "margin": abs(p - b),
    }


def compile_condition(text: str, names=COUP_NAMES, where: str = "condition"):
    """Parse a condition and check it uses only ``names``; returns a code object."""
    try:
        tree = ast.parse(text, mode="eval")
    except SyntaxError as exc:
        raise PayTableError(f"{where}: cannot parse {text!r} ({exc.msg})") from None
    for node in ast.walk(tree):
        if not isinstance(node, _ALLOWED_NODES):
            raise PayTableError(
                f"{where}: {text!r} uses {type(node).__name__}; conditions may only "
                "compare names and whole numbers with and/or/not"
            )
        if isinstance(node, ast.Name) and node.id not in names:
            raise PayTableError(
                f"{where}: unknown name {node.id!r} in {text!r}; known names: {', '.join(names)}"
            )
        if isinstance(node, ast.Constant) and (isinstance(node.value, bool) or not isinstance(node.value, int)):
            raise PayTableError(f"{where}: {text!r} uses {node.value!r}; only whole numbers are allowed")
    return compile(tree, f"<{where}>", "eval")


def parse_pays(value, where: str = "pays") -> Fraction:
    """A payout per unit from an integer or a string such as '19/20' or '0.54'."""
    if isinstance(value, bool):
        raise PayTableError(f"{where}: expected a number such as 8, \"19/20\" or \"0.54\", not {value!r}")
    if isinstance(value, float):
        raise PayTableError(
            f"{where}: {value!r} is a float; write it as a string (\"{value}\" or a fraction) so it is exact"
        )
    if isinstance(value, (int, Fraction)):
        return Fraction(value)
    if isinstance(value, str):
        try:
            return Fraction(value.strip())
        except (ValueError, ZeroDivisionError):
            pass
    raise PayTableError(f"{where}: expected a number such as 8, \"19/20\" or \"0.54\", not {value!r}")


@dataclass(frozen=True)
class PayLine:
    """One line of a pay table: when ``condition`` holds the bet pays ``pays`` to 1."""

    label: str
    condition: str
    pays: Fraction
    _code: object = field(default=None, compare=False, repr=False)

    @classmethod
    def make(cls, label: str, condition: str, pays, where: str = "line") -> "PayLine":
        pays = parse_pays(pays, f"{where}: pays")
        if pays < -1:
            raise PayTableError(f"{where}: pays {pays} loses more than the stake; the least is -1")
        return cls(label, condition, pays, compile_condition(condition, where=f"{where}: when"))

    def holds(self, names: dict) -> bool:
        return bool(eval(self._code, {"__builtins__": {}}, names))


@dataclass(frozen=True)
class LineResult:
    """How often one pay line settles the bet, and what it pays."""

    label: str
    pays: Fraction
    count: int
    probability: Fraction

    @property
    def expected_value(self) -> Fraction:
        """The line's contribution to the bet's expected value."""
        return self.pays * self.probability


@dataclass(frozen=True)
class BetResult:
    """A bet priced on one coup distribution (all values per unit staked)."""

    bet: "PayTable"
    lines: tuple[LineResult, ...]
    total: int

    def _prob(self, keep) -> Fraction:
        return sum((l.probability for l in self.lines if keep(l.pays)), Fraction(0))

    @property
    def win(self) -> Fraction:
        """The probability the bet wins something."""
        return self._prob(lambda x: x > 0)

    @property
    def push(self) -> Fraction:
        """The probability the stake is returned unchanged."""
        return self._prob(lambda x: x == 0)

    @property
    def loss(self) -> Fraction:
        """The probability the bet loses some or all of the stake."""
        return self._prob(lambda x: x < 0)

    @property
    def expected_value(self) -> Fraction:
        """Expected gain per unit staked."""
        return sum((l.expected_value for l in self.lines), Fraction(0))

    @property
    def house_edge(self) -> Fraction:
        """Expected loss per unit staked (minus the expected value)."""
        return -self.expected_value

    @property
    def house_edge_excluding_pushes(self) -> Fraction:
        """Expected loss per unit on coups that settle the bet (pushes left out)."""
        resolved = 1 - self.push
        return self.house_edge / resolved if resolved else Fraction(0)

    @property
    def variance(self) -> Fraction:
        """Variance of the gain per unit staked."""
        second = sum((l.pays * l.pays * l.probability for l in self.lines), Fraction(0))
        return second - self.expected_value ** 2


@dataclass(frozen=True)
class PayTable:
    """A bet: its name, what it pays on which coups, and a short description."""

    name: str
    lines: tuple[PayLine, ...]
    otherwise: Fraction = Fraction(-1)
    description: str = ""
    otherwise_label: str = "otherwise (loses)"
    _by_coup: dict = field(default_factory=dict, compare=False, repr=False)

    def settle(self, coup: Coup) -> int:
        """Index of the line that settles ``coup`` (len(lines) for ``otherwise``)."""
        hit = self._by_coup.get(coup)
        if hit is None:
            names = coup_names(coup)
            hit = next((i for i, line in enumerate(self.lines) if line.holds(names)), len(self.lines))
            self._by_coup[coup] = hit
        return hit

    def payout(self, coup: Coup) -> Fraction:
        """What the bet pays per unit on ``coup`` (-1 is a lost stake)."""
        i = self.settle(coup)
        return self.lines[i].pays if i < len(self.lines) else self.otherwise

    @property
    def pays_text(self) -> str:
        """The pay table in one line: 'Banker wins 19/20 to 1; Tie push'."""
        def word(x: Fraction) -> str:
            if x == 0:
                return "push"
            if x < 0:
                return f"loses {-x}"
            return f"{x} to 1"

        return "; ".join(f"{l.label} {word(l.pays)}" for l in self.lines)

    def price(self, dist: CoupDistribution) -> BetResult:
        """Price this bet on a distribution: how often each line settles it."""
        counts = [0] * (len(self.lines) + 1)
        for coup, n in dist.coups.items():
            counts[self.settle(coup)] += n
        rows = [LineResult(l.label, l.pays, n, Fraction(n, dist.total)) for l, n in zip(self.lines, counts)]
        rows.append(LineResult(self.otherwise_label, self.otherwise, counts[-1], Fraction(counts[-1], dist.total)))
        return BetResult(self, tuple(rows), dist.total)

