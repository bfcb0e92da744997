"""One banker policy at one theta, priced exactly: joint results, each bet, the middle bet."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from exact_odds.games.banque.middle import Middle
from exact_odds.games.banque.model import LOSE, RESULTS, WIN

if TYPE_CHECKING:
    from exact_odds.games.banque.walk import BanqueWalk


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


def _pct(x: Fraction) -> str:
    return f"{float(x) * 100:.6f}%"
