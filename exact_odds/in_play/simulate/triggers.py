"""The trigger search: every candidate trigger of a count played on the same simulated coups, in one pass.

Each coup whose true count ``tc`` reaches the lowest candidate is recorded once,
in the bin of the highest candidate ``t_k <= tc``, shoe by shoe: the coups bet,
the exact ``Σ EV`` and ``Σ E[payout²]`` of one unit. The strategy "bet one unit
when the true count is at least ``t_k``" is then the sum of bins ``k`` and up
(no shoe is dealt again per trigger). For each trigger:

* win per 100 coups ``100 μ``, with ``μ = Σ EV / coups dealt``, and its
  delta-method standard error over the shoes (:mod:`exact_odds.in_play.simulate.statistics`);
* SCORE ``= 10,000 × H μ² / σ²`` with ``σ² = Σ E[X²] / coups − μ²``
  (:mod:`exact_odds.in_play.simulate.bankroll`), its standard error from each
  shoe's influence ``(∂S/∂μ)(e_i − μ n_i) + (∂S/∂m₂)(q_i − m₂ n_i)``.

The squared influences are added from running cross sums over the shoes
(``Σe², Σq², Σeq, Σen, Σqn, Σn²``), each added shoe after shoe in the order of
the seeds (``numpy.cumsum`` from the running value), so the figures do not
depend on how the shoes were shared among processes or blocks.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Sequence

from exact_odds.in_play.simulate.bankroll import SCORE_SCALE
from exact_odds.in_play.simulate.statistics import Estimate

#: Most candidate triggers in one search.
MAX_TRIGGERS = 400

#: The running cross sums kept per trigger (and Σn², kept once).
_SUMS = ("ee", "qq", "eq", "en", "qn")


def check_triggers(triggers: Sequence[Fraction]) -> tuple[Fraction, ...]:
    """Candidate triggers, rising, 1 to :data:`MAX_TRIGGERS` of them."""
    out = tuple(Fraction(t) for t in triggers)
    if not 0 < len(out) <= MAX_TRIGGERS:
        raise ValueError(f"a trigger search takes 1 to {MAX_TRIGGERS} candidate triggers, not {len(out)}")
    if any(b <= a for a, b in zip(out, out[1:])):
        raise ValueError("candidate triggers must rise")
    return out


class TriggerSums:
    """One block's shoes: per shoe and bin, the exact sums of the coups recorded there."""

    def __init__(self, triggers: tuple[Fraction, ...], shoes: int):
        self.triggers = triggers
        self.bins = [[[0, Fraction(0), Fraction(0)] for _ in triggers] for _ in range(shoes)]

    def add(self, shoe: int, k: int, ev: Fraction, second_moment: Fraction) -> None:
        """A coup of the count's bet whose true count is in bin ``k``: at least trigger k, below k + 1."""
        cell = self.bins[shoe][k]
        cell[0] += 1
        cell[1] += ev
        cell[2] += second_moment

    def per_trigger(self) -> tuple[list[list[list[Any]]], Any, Any, Any]:
        """Per shoe and trigger (bins k and up): exact [bets, Σ EV, Σ E[X²]], and the same as float arrays."""
        import numpy as np

        exact = []
        for shoe in self.bins:
            running = [0, Fraction(0), Fraction(0)]
            rows = []
            for cell in reversed(shoe):
                running = [running[0] + cell[0], running[1] + cell[1], running[2] + cell[2]]
                rows.append(running)
            exact.append(rows[::-1])
        b, e, q = (np.array([[float(row[j]) for row in shoe] for shoe in exact], dtype=np.float64).reshape(
            len(exact), len(self.triggers)) for j in range(3))
        return exact, b, e, q


class TriggerAccumulator:
    """Exact totals and running cross sums of every candidate trigger, over shoes added in order."""

    def __init__(self, triggers: Sequence[Fraction]):
        self.triggers = check_triggers(triggers)
        k = len(self.triggers)
        self.shoes = self.coups = 0
        self.bets = [0] * k
        self.e = [Fraction(0)] * k
        self.q = [Fraction(0)] * k
        self.sums = {name: [0.0] * k for name in _SUMS}
        self.nn = 0.0

    def add_block(self, coups: Sequence[int], block: TriggerSums) -> None:
        """A block's shoes, in order (``coups``: the coups dealt in each)."""
        import numpy as np

        exact, b, e, q = block.per_trigger()
        self.shoes += len(coups)
        self.coups += sum(coups)
        for shoe in exact:
            for k, (bets, ev, m2) in enumerate(shoe):
                if bets:
                    self.bets[k] += bets
                    self.e[k] += ev
                    self.q[k] += m2
        n = np.asarray(coups, dtype=np.float64)[:, None]
        terms = {"ee": e * e, "qq": q * q, "eq": e * q, "en": e * n, "qn": q * n}
        for name, t in terms.items():
            start = np.array([self.sums[name]], dtype=np.float64)
            self.sums[name] = np.cumsum(np.concatenate((start, t)), axis=0)[-1].tolist()
        self.nn = float(np.cumsum(np.concatenate(([self.nn], (n * n)[:, 0])))[-1])

    def curve(self, coups_per_hour: Fraction) -> "TriggerCurve":
        """Every trigger's win per 100 coups and SCORE with their standard errors (module docstring)."""
        rows = []
        s, n_total = self.shoes, self.coups
        n_bar = n_total / s if s else 0.0
        h = float(coups_per_hour)
        for k, t in enumerate(self.triggers):
            if not n_total:
                rows.append(TriggerRow(t, 0, Estimate(None, None, s), Estimate(None, None, s), Estimate(None, None, s)))
                continue
            m1 = Fraction(self.e[k]) / n_total
            m2 = Fraction(self.q[k]) / n_total
            f1, f2 = float(m1), float(m2)
            ee, qq, eq, en, qn = (self.sums[name][k] for name in _SUMS)
            z11 = max(ee - 2 * f1 * en + f1 * f1 * self.nn, 0.0)
            z22 = max(qq - 2 * f2 * qn + f2 * f2 * self.nn, 0.0)
            z12 = eq - f2 * en - f1 * qn + f1 * f2 * self.nn
            enough = s >= 2

            def se(total: float) -> float | None:
                return math.sqrt(max(total, 0.0) / (s * (s - 1))) / n_bar if enough else None

            win = Estimate(100 * f1, None if se(z11) is None else 100 * se(z11), s)
            var = m2 - m1 * m1
            frequency = Estimate(self.bets[k] / n_total, None, s, 0.0, 1.0)
            if var > 0 and m1 > 0:
                v = float(var)
                value = SCORE_SCALE * h * f1 * f1 / v
                a = 2 * SCORE_SCALE * h * f1 * f2 / v ** 2  # ∂S/∂μ (σ² = m₂ − μ²)
                c = -SCORE_SCALE * h * f1 * f1 / v ** 2  # ∂S/∂m₂
                score = Estimate(value, se(a * a * z11 + 2 * a * c * z12 + c * c * z22), s, 0.0)
            else:
                score = Estimate(None, None, s)
            rows.append(TriggerRow(t, self.bets[k], frequency, win, score))
        return TriggerCurve(tuple(rows), Fraction(coups_per_hour), s, n_total)


@dataclass(frozen=True)
class TriggerRow:
    """One candidate trigger played with one unit: its coups bet, bet frequency, win per 100 coups, SCORE."""

    trigger: Fraction
    bets: int
    bet_frequency: Estimate
    win_per_100_coups: Estimate
    score: Estimate


@dataclass(frozen=True)
class TriggerCurve:
    """Every candidate trigger on the same coups, and the best by win per 100 coups and by SCORE."""

    rows: tuple[TriggerRow, ...]
    coups_per_hour: Fraction
    shoes: int
    coups: int

    def best(self, statistic: str) -> TriggerRow | None:
        """The row with the largest ``statistic`` (``win_per_100_coups`` or ``score``) among the triggers that
        bet at least once; the lowest trigger among equals; None when no such trigger has a value."""
        rows = [r for r in self.rows if r.bets and getattr(r, statistic).value is not None]
        if not rows:
            return None
        return max(rows, key=lambda r: (getattr(r, statistic).value, -r.trigger))

    def __repr__(self) -> str:
        w, s = self.best("win_per_100_coups"), self.best("score")
        return (f"TriggerCurve({len(self.rows)} triggers over {self.shoes} shoes; best by win "
                f"{None if w is None else w.trigger}, by SCORE {None if s is None else s.trigger})")
