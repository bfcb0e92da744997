"""What a banque walk holds (:class:`BanqueWalk`) and one banker policy priced on it (:class:`BanqueResult`).

The walk itself (how :attr:`BanqueWalk.info` is counted) is in
:mod:`exact_odds.games.banque.walk`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from exact_odds.games.banque.middle import Middle
from exact_odds.games.banque.model import LOSE, RESULTS, WIN, PunterFive, check_policy, exact_probability
from exact_odds.games.banque.policies import banker_choices, banker_sides
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

if TYPE_CHECKING:
    from numpy.typing import NDArray


@dataclass(frozen=True)
class BanqueResult:
    """One banker policy at one theta, priced exactly.

    ``counts[i][j]``: the ways (nine-card sequences, times ``q_den**2`` for a
    mixed punter rule at 5) that the left tableau's result is ``RESULTS[i]``
    and the right's ``RESULTS[j]``, over :attr:`total`. ``result["left"]``,
    ``result["right"]`` and ``result["banker"]`` are the expected values of
    one unit on a tableau and the banker's edge."""

    walk: BanqueWalk
    policy: str
    theta: Fraction
    counts: list[list[int]]  # 3 x 3 ways, [left result][right result]

    @property
    def total(self) -> int:
        return self.walk.total

    @property
    def joint(self) -> list[list[Fraction]]:
        """P(left result, right result), 3 x 3, in the order of RESULTS (win, tie, lose)."""
        return [[Fraction(n, self.total) for n in row] for row in self.counts]

    def tableau_ev(self, side: str) -> Fraction:
        """EV of one unit on a tableau (even money, tie pushes), punter's view."""
        if side not in ("left", "right"):
            raise ValueError(f"side must be 'left' or 'right', not {side!r}")
        j = self.joint
        if side == "left":
            return sum(j[WIN]) - sum(j[LOSE])
        return sum(row[WIN] for row in j) - sum(row[LOSE] for row in j)

    @property
    def banker_edge(self) -> Fraction:
        """The banker's expected gain per unit bet, theta on the left."""
        return -(self.theta * self.tableau_ev("left") + (1 - self.theta) * self.tableau_ev("right"))

    @property
    def middle(self) -> Middle:
        """The middle bet's settlement of one coup."""
        return Middle.from_joint(self.joint)

    def __getitem__(self, key: str) -> Fraction:
        if key in ("left", "right"):
            return self.tableau_ev(key)
        if key == "banker":
            return self.banker_edge
        raise KeyError(f"{key!r}: use 'left', 'right' or 'banker'")

    def to_records(self) -> list[dict]:
        """The joint results: left, right, count, exact probability and float."""
        return [{"left": rl, "right": rr, "count": self.counts[i][j], "probability": self.joint[i][j],
                 "probability_float": float(self.joint[i][j])}
                for i, rl in enumerate(RESULTS) for j, rr in enumerate(RESULTS)]

    def to_frame(self):
        """:meth:`to_records` as a pandas DataFrame (needs pandas)."""
        import pandas as pd

        return pd.DataFrame.from_records(self.to_records())

    def __repr__(self) -> str:
        return (f"BanqueResult({self.walk.shoe.describe()}, banker {self.policy}, theta {self.theta}: "
                f"left {_pct(self.tableau_ev('left'))}, right {_pct(self.tableau_ev('right'))}, "
                f"banker edge {_pct(self.banker_edge)})")

    def _repr_html_(self) -> str:
        from html import escape

        rows = "".join(f"<tr><td>{r['left']}</td><td>{r['right']}</td><td>{r['probability']}</td>"
                       f"<td>{r['probability_float']:.10f}</td></tr>" for r in self.to_records())
        return (f"<p><b>Baccarat banque</b>, {escape(self.walk.shoe.describe())}; banker {escape(self.policy)}, "
                f"theta {self.theta}: left tableau EV {_pct(self.tableau_ev('left'))}, right "
                f"{_pct(self.tableau_ev('right'))}, banker's edge {_pct(self.banker_edge)}.</p>"
                f"<table><tr><th>Left</th><th>Right</th><th>Probability</th><th>Decimal</th></tr>{rows}</table>")


@dataclass(frozen=True, eq=False)
class BanqueWalk:
    """Everything a banque coup can do for one shoe and one punter rule.

    ``info[p, choice, la, rl, ra, rr]``: the ways (nine-card convention, times
    ``q_den**2``) that the banker holds pair number p of the 55 value pairs,
    sees actions la and ra, makes ``choice`` (0 stand, 1 draw), and the left
    and right results are rl and rr. ``forced`` (9,): ways of coups that end
    before the banker decides (his natural). ``total``: the denominator.
    """

    shoe: Shoe
    punter_five: PunterFive
    info: NDArray[Any]  # numpy object array (55, 2, 22, 3, 22, 3) of Python ints
    forced: tuple[int, ...]
    total: int

    @property
    def pure(self) -> bool:
        """The punters play a pure rule at 5 (draw or stand): the counts are plain integers."""
        return self.punter_five.q.denominator == 1

    def banker_draws(self, policy: str, theta: Fraction, tableau: Tableau = PUNTO_BANCO) -> NDArray[Any]:
        """The banker's choice (bool, draw) per information set, shape (55, 22, 22).

        Fixed policies follow ``tableau``'s Banker rule against one tableau's action."""
        return banker_choices(self._sides, policy, theta, tableau)

    @cached_property
    def _sides(self):
        """:func:`~exact_odds.games.banque.policies.banker_sides`, once per walk (a report prices every
        policy at five thetas on one walk)."""
        return banker_sides(self.info)

    def joint_counts(self, policy: str, theta: Fraction, tableau: Tableau = PUNTO_BANCO) -> list[list[int]]:
        """Ways of each (left result, right result) under a policy: 3 x 3 ints."""
        choice = self.banker_draws(policy, theta, tableau)
        stand, change = self._stand_and_change
        m = stand + change[choice.ravel()].sum(axis=0)  # the 9 (left, right) results
        return [[int(m[3 * i + j]) + self.forced[3 * i + j] for j in range(3)] for i in range(3)]

    @cached_property
    def _stand_and_change(self):
        """The ways of the 9 (left result, right result) if the banker stands in every set, and what
        drawing instead changes, one row per set (pair, la, ra): a policy adds the rows it draws in.
        Computed once per walk (every policy and theta of a report reads the same walk)."""
        stand = self.info[:, 0].sum(axis=(0, 1, 3)).reshape(9)
        change = (self.info[:, 1] - self.info[:, 0]).transpose(0, 1, 3, 2, 4).reshape(-1, 9)
        return stand, change

    def price(self, policy: str = "optimal", theta: Fraction = Fraction(1, 2),
              tableau: Tableau = PUNTO_BANCO) -> BanqueResult:
        """One banker policy at one theta (the share of the money on the left tableau).

        A fixed policy plays ``tableau``'s Banker rule (docs/rules.md §2)."""
        check_policy(policy)
        theta = exact_probability(theta, "theta")
        if not isinstance(tableau, Tableau):
            raise TypeError(f"tableau must be a Tableau, not {tableau!r}")
        counts = self.joint_counts(policy, theta, tableau)
        return BanqueResult(self, policy, theta, counts)

    def __repr__(self) -> str:
        return f"BanqueWalk({self.shoe.describe()}, punters on 5: {self.punter_five.describe()})"

    def _repr_html_(self) -> str:
        from html import escape

        return (f"<p><b>Baccarat banque</b>, {escape(self.shoe.describe())}; punters on 5: "
                f"{escape(self.punter_five.describe())}. Price a banker policy with "
                f"<code>.price(policy, theta)</code>.</p>")


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:.6f}%"
