"""Monte-Carlo means with their standard errors and 95% intervals (one home for every simulation).

The simulated shoes are independent; the coups of one shoe are not (they
share its cards). So every estimate here treats the *shoe* as the sample:

* a mean per shoe ``x̄ = Σx_i / S`` has the standard error ``s / √S``, where
  ``s² = Σ(x_i - x̄)² / (S - 1)`` is the sample variance over the ``S`` shoes;
* a ratio of sums ``R = Σy_i / Σn_i`` (a mean per coup, per bet, ...) has the
  delta-method ("ratio estimator") standard error
  ``√(Σ(y_i - R n_i)² / (S (S - 1))) / n̄``, with ``n̄ = Σn_i / S``
  (Cochran, *Sampling Techniques*, 3rd ed., §6.4);
* any smooth function of such ratios (a standard deviation, the
  desirability index) is linearised the same way: each shoe's *influence*
  ``z_i`` (the first-order change it makes, times ``n̄``) gives the standard
  error ``√(Σz_i² / (S (S - 1))) / n̄``.

The 95% interval is ``value ± 1.959964 × SE``: a normal approximation to the
sampling distribution of the mean, stated as :data:`ASSUMPTION`. The values
are floats because they are estimates; the exact sums they come from stay
exact in the callers.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from array import array
from typing import Any, Sequence

from exact_odds.in_play.simulate.fraction_sums import fraction_sum

#: The two-sided 95% quantile of the standard normal distribution.
Z95 = 1.959963984540054

#: What every interval here assumes, for reports and JSON ``"assumptions"``.
ASSUMPTION = ("Monte-Carlo means are over independent simulated shoes; each has a standard error from the "
              "spread between shoes (delta method for ratios), none where fewer than 2 shoes contribute, and "
              "its 95% interval is mean ± 1.96 SE (normal approximation; shares kept within [0, 1], SDs >= 0).")

Number = int | float | Fraction


@dataclass(frozen=True)
class Estimate:
    """A Monte-Carlo estimate over ``samples`` independent shoes.

    ``value`` is None when it is undefined (no coup bet, say);
    ``standard_error`` is None when fewer than 2 shoes contribute to it (one
    shoe shows no spread, so it would claim a false precision). The 95%
    interval stays within ``lower`` and ``upper`` where the quantity is
    bounded (a share lies in [0, 1], a standard deviation is >= 0)."""

    value: float | None
    standard_error: float | None
    samples: int
    lower: float | None = None
    upper: float | None = None

    @property
    def low(self) -> float | None:
        """Lower end of the 95% interval (normal approximation, within the bounds)."""
        if self.value is None or self.standard_error is None:
            return None
        low = self.value - Z95 * self.standard_error
        return low if self.lower is None else max(low, self.lower)

    @property
    def high(self) -> float | None:
        """Upper end of the 95% interval (normal approximation, within the bounds)."""
        if self.value is None or self.standard_error is None:
            return None
        high = self.value + Z95 * self.standard_error
        return high if self.upper is None else min(high, self.upper)

    def bounded(self, lower: float | None = None, upper: float | None = None) -> "Estimate":
        """The same estimate, its interval kept within ``lower`` and ``upper``."""
        return Estimate(self.value, self.standard_error, self.samples, lower, upper)

    def scaled(self, factor: Number) -> "Estimate":
        """The same estimate times ``factor`` (per 100 coups, in percent, ...), bounds too."""
        f = float(factor)
        lo, hi = (None if b is None else b * f for b in (self.lower, self.upper))
        return Estimate(None if self.value is None else self.value * f,
                        None if self.standard_error is None else self.standard_error * abs(f), self.samples,
                        *((lo, hi) if f >= 0 else (hi, lo)))

    def __repr__(self) -> str:
        if self.value is None:
            return f"Estimate(undefined, {self.samples} shoes)"
        if self.standard_error is None:
            return f"Estimate({self.value:.6g}, no SE: fewer than 2 of {self.samples} shoes contribute)"
        return f"Estimate({self.value:.6g} ± {self.standard_error:.2g} SE, {self.samples} shoes)"


def _check(values: Sequence[Number], what: str) -> list[float]:
    if isinstance(values, (str, bytes)) or not hasattr(values, "__len__"):
        raise TypeError(f"{what} must be a sequence of numbers (one per shoe), not {type(values).__name__}")
    out = []
    for v in values:
        if isinstance(v, bool) or not isinstance(v, (int, float, Fraction)):
            raise TypeError(f"{what} must hold numbers (int, float or Fraction), not {type(v).__name__}")
        out.append(float(v))
    if not all(math.isfinite(v) for v in out):
        raise ValueError(f"{what} must hold finite numbers")
    return out


def _standard_error(influences: Sequence[float], mean_denominator: float) -> float | None:
    s = len(influences)
    if s < 2 or mean_denominator == 0:
        return None
    return math.sqrt(math.fsum(z * z for z in influences) / (s * (s - 1))) / mean_denominator


def mean_estimate(values: Sequence[Number]) -> Estimate:
    """The mean of one value per shoe, with its standard error ``s / √S``."""
    x = _check(values, "values")
    if not x:
        return Estimate(None, None, 0)
    exact = all(not isinstance(v, float) for v in values)
    mean = float(sum(values, Fraction(0)) / len(values)) if exact else math.fsum(x) / len(x)
    return Estimate(mean, _standard_error([v - mean for v in x], 1.0), len(x))


def ratio_estimate(numerators: Sequence[Number], denominators: Sequence[Number]) -> Estimate:
    """``Σy_i / Σn_i`` over shoes, with its delta-method standard error (module docstring).

    Undefined (value None) when the denominators add up to 0."""
    y = _check(numerators, "numerators")
    n = _check(denominators, "denominators")
    if len(y) != len(n):
        raise ValueError(f"numerators and denominators must have one value per shoe each ({len(y)} != {len(n)})")
    if not y:
        return Estimate(None, None, 0)
    exact = all(not isinstance(v, float) for v in list(numerators) + list(denominators))
    den = sum(denominators, Fraction(0)) if exact else math.fsum(n)
    if den == 0:
        return Estimate(None, None, len(y))
    ratio = float(sum(numerators, Fraction(0)) / den) if exact else math.fsum(y) / den
    if sum(1 for ni in n if ni) < 2:  # one shoe holds every coup: no spread to measure
        return Estimate(ratio, None, len(y))
    return linearised_estimate(ratio, [yi - ratio * ni for yi, ni in zip(y, n)], float(den) / len(y))


def linearised_estimate(value: float | None, influences: Sequence[float], mean_denominator: float) -> Estimate:
    """``value`` with the standard error ``√(Σz_i² / (S (S - 1))) / n̄`` from each shoe's influence ``z_i``."""
    z = _check(influences, "influences")
    if value is None:
        return Estimate(None, None, len(z))
    return Estimate(float(value), _standard_error(z, float(mean_denominator)), len(z))


# --- strategies: betting one unit on some coups of each shoe -----------------

@dataclass(frozen=True)
class ShoeTally:
    """One strategy in one shoe: exact sums over the coups it bet."""

    coups: int
    bets: int
    #: Σ exact EV (per unit) of the coups bet
    expected_win: Fraction
    #: Σ exact E[payout²] of the coups bet
    second_moment: Fraction
    #: Σ what the coups bet actually paid
    realised_win: Fraction
    #: Σ units bet (the coups bet, for flat bets of one unit)
    wagered: Fraction
    #: the lowest the running realised win reached in the shoe (0 or less)
    lowest: Fraction


@dataclass(frozen=True)
class StrategyTotals:
    """Exact sums of one strategy over every shoe."""

    shoes: int
    coups: int
    bets: int
    expected_win: Fraction
    second_moment: Fraction
    realised_win: Fraction
    wagered: Fraction = Fraction(0)


@dataclass(frozen=True)
class StrategyResult:
    """One strategy over a whole study: exact totals and Monte-Carlo estimates with standard errors."""

    name: str
    #: the count played (a :class:`~exact_odds.in_play.count.CountStrategy`; None: perfect play)
    count: Any
    totals: StrategyTotals
    bet_frequency: Estimate
    advantage_when_betting: Estimate
    win_per_100_coups: Estimate
    win_per_shoe: Estimate
    realised_win_per_shoe: Estimate
    sd_per_coup: Estimate
    desirability_index: Estimate
    #: the rates and the bankroll's figures (exact_odds.in_play.simulate.bankroll); the last four need a bankroll
    coups_per_hour: Fraction | None = None
    win_per_hour: Estimate | None = None
    sd_per_100_coups: Estimate | None = None
    sd_per_hour: Estimate | None = None
    n0: Estimate | None = None
    score: Estimate | None = None
    bankroll: Fraction | None = None
    risk_of_ruin: Estimate | None = None
    risk_of_ruin_before_doubling: Estimate | None = None
    simulated_risk_of_ruin: Estimate | None = None
    hours_to_double: Estimate | None = None
    ruin_trials: Any = None

    #: the Monte-Carlo statistics, in the order reports show them
    STATISTICS = ("bet_frequency", "advantage_when_betting", "win_per_100_coups", "win_per_shoe",
                  "realised_win_per_shoe", "sd_per_coup", "desirability_index")
    #: the rates and bankroll figures, in the order reports show them (those not None)
    BANKROLL_STATISTICS = ("win_per_hour", "sd_per_100_coups", "sd_per_hour", "n0", "score", "risk_of_ruin",
                           "risk_of_ruin_before_doubling", "simulated_risk_of_ruin", "hours_to_double")

    def __repr__(self) -> str:
        return (f"StrategyResult({self.name}: bets {self.totals.bets} of {self.totals.coups} coups, "
                f"win per shoe {self.win_per_shoe!r})")


#: The per-shoe floats of a strategy, in the order of its sums of products (``1`` first: a mean's).
_COLUMNS = ("1", "n", "b", "e", "q", "r", "w")


class StrategyAccumulator:
    """Exact totals of one strategy, and for its standard errors the sums of products ``G`` over the
    shoes of every two of their floats ``v_i`` = (1, coups, bets, EV, E[X²], paid, wagered). Every
    standard error here is that of an influence ``z_i = c · v_i`` (module docstring), and
    ``Σ z_i² = cᵀ G c``: 49 floats however many shoes (keeping seven floats a shoe, a million shoes
    held 112 MB). Shoes added wait, and are folded into ``G`` (:meth:`fold`) when merged, when more
    than :data:`FOLD_SHOES` wait, and before the result, each sum adding its terms shoe after shoe
    (``numpy.cumsum`` from its running value): the same bits however the shoes came in blocks.
    The ruin trials are played as the shoes come from ``bankroll`` if given
    (:class:`~exact_odds.in_play.simulate.bankroll.RuinPlay`); ``keep_shoes`` keeps each shoe's paid
    and low (16 bytes) so that :meth:`result` may play them from any bankroll."""

    #: Shoes waiting to be folded at most (a block of shoes waits whole until it is merged).
    FOLD_SHOES = 1 << 16

    def __init__(self, bankroll: Fraction | int | None = None, *, keep_shoes: bool = True) -> None:
        from exact_odds.in_play.simulate.bankroll import RuinPlay, check_bankroll

        self.coups = self.bets = self.shoes = 0
        self.e = self.q = self.r = self.w = Fraction(0)
        self.pending = {k: array("d") for k in ("n", "b", "e", "q", "r", "w", "low")}
        self.folded = 0
        self.gram = [0.0] * (len(_COLUMNS) ** 2)
        self.nonzero = [0] * len(_COLUMNS)
        self.bankroll = None if bankroll is None else check_bankroll(bankroll)
        self.ruin = None if bankroll is None else RuinPlay(self.bankroll)
        self.kept = {k: array("d") for k in ("r", "low")} if keep_shoes else None

    def add(self, t: ShoeTally) -> None:
        """One more shoe."""
        self.add_shoes([t.coups], [(t.bets, t.expected_win, t.second_moment, t.realised_win, t.wagered, t.lowest)])

    def add_shoes(self, coups: Sequence[int], sums: Sequence[Sequence[Any]]) -> None:
        """Shoe after shoe, each shoe's coups c and sums s = (bets, expected win, second moment,
        realised win, units wagered, lowest running realised win) (a :class:`ShoeTally`'s fields):
        exact totals, and each shoe's floats. A shoe that bet nothing (most shoes, in a block) is
        added without arithmetic."""
        self.shoes += len(coups)
        self.coups += sum(coups)
        self.pending["n"].extend(map(float, coups))
        floats: dict[str, list[float]] = {k: [0.0] * len(coups) for k in ("b", "e", "q", "r", "w", "low")}
        added: list[Sequence[Any]] = []  # the shoes that bet (their sums added at once: fraction_sums)
        for i, (bets, e, q, r, w, low) in enumerate(sums):
            if bets or e or q or r or w or low:
                self.bets += bets
                added.append((e, q, r, w))
                for k, v in zip(("b", "e", "q", "r", "w", "low"), (bets, e, q, r, w, low)):
                    floats[k][i] = float(v)
        if added:
            for name, column in zip(("e", "q", "r", "w"), zip(*added)):
                setattr(self, name, fraction_sum(column, getattr(self, name)))
        for k, values in floats.items():
            self.pending[k].extend(values)
        if len(self.pending["n"]) > self.FOLD_SHOES:
            self.fold()

    def merge(self, other: "StrategyAccumulator") -> None:
        """Add the shoes of ``other`` (a block's, none folded yet) after these, as one by one."""
        if other.folded:
            raise ValueError("merge adds shoes not folded yet (a block's): folded sums cannot be added in order")
        self.fold()
        for name in ("shoes", "coups", "bets", "e", "q", "r", "w"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.pending = {k: array("d", v) for k, v in other.pending.items()}
        self.fold()

    def fold(self) -> None:
        """Add the waiting shoes to the sums of products, shoe after shoe, and play them in the ruin trials."""
        import numpy as np

        k = len(self.pending["n"])
        if not k:
            return
        v = np.column_stack([np.ones(k)] + [np.frombuffer(self.pending[c], dtype=np.float64) for c in _COLUMNS[1:]])
        terms = (v[:, :, None] * v[:, None, :]).reshape(k, len(_COLUMNS) ** 2)
        self.gram = np.cumsum(np.concatenate((np.array([self.gram]), terms)), axis=0)[-1].tolist()
        self.nonzero = [a + int(c) for a, c in zip(self.nonzero, np.count_nonzero(v, axis=0).tolist())]
        if self.ruin is not None:
            self.ruin.play(self.pending["r"].tolist(), self.pending["low"].tolist())
        if self.kept is not None:
            for name in ("r", "low"):
                self.kept[name].extend(self.pending[name])
        self.folded += k
        self.pending = {name: array("d") for name in self.pending}

    def sum_of_squares(self, c: Any) -> float:
        """``Σ z_i²`` of ``z_i = c · v_i`` (``c``: a coefficient of each of :data:`_COLUMNS`): ``cᵀ G c``
        by math.fsum, at least 0."""
        c, size = [float(x) for x in c], len(_COLUMNS)
        return max(math.fsum(c[j] * c[k] * self.gram[j * size + k] for j in range(size) for k in range(size)
                             if c[j] and c[k]), 0.0)

    def _trials(self, bankroll: Fraction | int) -> Any:
        """The ruin trials from ``bankroll``: played as the shoes came, or the kept shoes played now."""
        from exact_odds.in_play.simulate import bankroll as money

        big_b = money.check_bankroll(bankroll)
        if self.ruin is not None and big_b == self.bankroll:
            return self.ruin.trials()
        if self.kept is None:
            raise ValueError(f"these shoes were played in ruin trials from a bankroll of {self.bankroll}, and not "
                             f"kept: no trials from {big_b}")
        return money.simulated_ruin(self.kept["r"].tolist(), self.kept["low"].tolist(), float(big_b))

    def result(self, name: str, count: Any, coups_per_hour: Fraction | int | None = None,
               bankroll: Fraction | int | None = None) -> StrategyResult:
        """The strategy's statistics; with ``coups_per_hour`` its rates, N0 and SCORE, and with a
        ``bankroll`` too its risks of ruin and hours to double (exact_odds.in_play.simulate.bankroll)."""
        import numpy as np

        self.fold()
        s = self.shoes
        n_bar = self.coups / s if s else 0.0
        nonzero = dict(zip(_COLUMNS, self.nonzero))
        u = dict(zip(_COLUMNS, np.eye(len(_COLUMNS))))  # the influence x_i, for each x

        def estimate(value: float, c: Any, mean_denominator: float) -> Estimate:
            if s < 2 or mean_denominator == 0:
                return Estimate(value, None, s)
            return Estimate(value, math.sqrt(self.sum_of_squares(c) / (s * (s - 1))) / mean_denominator, s)

        def ratio(total_num: Fraction | int, total_den: Fraction | int, num: str, den: str) -> Estimate:
            if total_den == 0:
                return Estimate(None, None, s)
            value = float(Fraction(total_num) / total_den)
            if nonzero[den] < 2:  # one shoe holds every coup counted: no spread to measure
                return Estimate(value, None, s)
            return estimate(value, u[num] - value * u[den], float(Fraction(total_den) / s))

        def mean(total: Fraction, x: str) -> Estimate:
            value = float(total / s)
            return estimate(value, u[x] - value * u["1"], 1.0)

        m1 = Fraction(self.e) / self.coups if self.coups else Fraction(0)
        m2 = Fraction(self.q) / self.coups if self.coups else Fraction(0)
        var = m2 - m1 * m1
        sd = math.sqrt(var) if var > 0 else 0.0
        f1, f2 = float(m1), float(m2)
        z_m1, z_sd = u["e"] - f1 * u["n"], None
        if sd > 0:
            # d SD = (d m2 − 2 m1 d m1) / (2 SD); d DI = 1000 (d m1 / SD − m1 d SD / SD²)
            z_sd = ((u["q"] - f2 * u["n"]) - 2 * f1 * z_m1) / (2 * sd)
            sd_est = estimate(sd, z_sd, n_bar).bounded(0.0)
            di_est = estimate(1000 * f1 / sd, 1000 * (z_m1 / sd - f1 * z_sd / sd ** 2), n_bar)
        else:  # never bet (or every bet certain): no spread, no index
            sd_est = Estimate(0.0 if self.coups else None, None if s < 2 else 0.0, s)
            di_est = Estimate(None, None, s)
        totals = StrategyTotals(s, self.coups, self.bets, self.e, self.q, self.r, self.w)
        win_per_coup = ratio(self.e, self.coups, "e", "n")
        extra: dict[str, Any] = {}
        if coups_per_hour is not None:
            from exact_odds.in_play.simulate import bankroll as money

            h = money.check_coups_per_hour(coups_per_hour)
            fh = float(h)

            def derived(formula: Any) -> Estimate:
                """A function g(μ, σ) of the win and SD per coup, its SE by the delta method."""
                if formula is None or not self.coups:
                    return Estimate(None, None, s)
                value, d_mu, d_sigma = formula
                if z_sd is None:
                    return Estimate(value, None, s)
                return estimate(value, d_mu * z_m1 + d_sigma * z_sd, n_bar)

            extra = dict(coups_per_hour=h, win_per_hour=win_per_coup.scaled(h),
                         sd_per_100_coups=sd_est.scaled(10), sd_per_hour=sd_est.scaled(math.sqrt(fh)),
                         n0=derived(money.n0(f1, sd)).bounded(0.0), score=derived(money.score(f1, sd, fh)).bounded(0.0))
            if bankroll is not None:
                big_b = money.check_bankroll(bankroll)
                fb = float(big_b)
                trials = self._trials(big_b)
                p, p_se = trials.estimate()
                extra.update(
                    bankroll=big_b,
                    risk_of_ruin=derived(money.risk_of_ruin(f1, sd, fb)).bounded(0.0, 1.0),
                    risk_of_ruin_before_doubling=derived(money.ruin_before_doubling(f1, sd, fb)).bounded(0.0, 1.0),
                    simulated_risk_of_ruin=Estimate(p, p_se, trials.trials, 0.0, 1.0),
                    hours_to_double=derived(money.hours_to_double(f1, fb, fh)).bounded(0.0),
                    ruin_trials=trials)
        return StrategyResult(
            name=name, count=count, totals=totals,
            bet_frequency=ratio(self.bets, self.coups, "b", "n").bounded(0.0, 1.0),
            advantage_when_betting=ratio(self.e, self.w, "e", "w"),
            win_per_100_coups=win_per_coup.scaled(100),
            win_per_shoe=mean(self.e, "e"),
            realised_win_per_shoe=mean(self.r, "r"),
            sd_per_coup=sd_est,
            desirability_index=di_est,
            **extra,
        )


class RatioMoments:
    """Running sums over shoes for the standard error of a ratio ``Σy_i / Σn_i`` without
    keeping every shoe: ``Σ(y_i − R n_i)² = Σy'² − 2R'Σy'n + R'²Σn²`` with ``y' = y − c n``,
    ``R' = R − c``. The shift ``c`` (a value near R, such as the full shoe's EV) keeps the
    sums small so the subtraction loses no precision that matters. Shoes with ``n_i = 0``
    count as samples (they are added as zeros); merging is in shoe order, so the result
    does not depend on how the shoes were shared out."""

    def __init__(self, shift: float = 0.0) -> None:
        self.shift = float(shift)
        self.sy = self.syy = self.syn = self.snn = 0.0
        self.contributing = 0  # shoes with n_i > 0

    def add(self, y: float, n: float) -> None:
        self.contributing += n != 0
        y = float(y) - self.shift * n
        self.sy += y
        self.syy += y * y
        self.syn += y * n
        self.snn += float(n) * n

    def add_many(self, ys: Sequence[float], ns: Sequence[int]) -> None:
        """:meth:`add` of each ``(y, n)`` in order, bit for bit: every running sum adds its terms
        one after the other (``numpy.cumsum`` accumulates in order; it never regroups as a
        pairwise ``sum`` does), from the same float64 terms :meth:`add` forms."""
        import numpy as np

        y = np.asarray(ys, dtype=np.float64)
        n = np.asarray(ns, dtype=np.float64)  # coups per shoe: whole numbers far below 2**53, exact
        if y.shape != n.shape or y.ndim != 1:
            raise ValueError("add_many takes two sequences of the same length: one y and one n per shoe")
        if not len(y):
            return
        self.contributing += int(np.count_nonzero(n))
        y = y - self.shift * n
        for name, terms in (("sy", y), ("syy", y * y), ("syn", y * n), ("snn", n * n)):
            running = np.concatenate(([getattr(self, name)], terms))
            setattr(self, name, float(np.cumsum(running)[-1]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RatioMoments) and vars(self) == vars(other)

    @staticmethod
    def add_columns(moments: Sequence["RatioMoments"], ys: Any, ns: Any) -> None:
        """:meth:`add_many` of column k of ``ys`` and ``ns`` (S × K arrays: per shoe, per k) to
        ``moments[k]``, for every k at once (one cumulative sum down the columns, which adds each
        column's terms in order, as :meth:`add_many` does). A shoe whose n and y are 0 in a column
        adds zeros there, which change none of its sums: they start at +0.0 and no term is -0.0
        (y − c·0 is +0.0, a product with a +0.0 factor or n ≥ 0 keeps y's sign), and x + 0.0 is x
        for every x but -0.0. So the shoes need not be picked out column by column."""
        import numpy as np

        y = np.asarray(ys, dtype=np.float64)
        n = np.asarray(ns, dtype=np.float64)  # coups: whole numbers far below 2**53, exact
        if y.shape != n.shape or y.ndim != 2 or y.shape[1] != len(moments):
            raise ValueError("add_columns takes two S x K arrays for K moments")
        if not len(y):
            return
        y = y - np.array([m.shift for m in moments]) * n
        for name, terms in (("sy", y), ("syy", y * y), ("syn", y * n), ("snn", n * n)):
            start = np.array([[getattr(m, name) for m in moments]], dtype=np.float64)
            for m, total in zip(moments, np.cumsum(np.concatenate((start, terms)), axis=0)[-1].tolist()):
                setattr(m, name, total)
        for m, c in zip(moments, np.count_nonzero(n, axis=0).tolist()):
            m.contributing += int(c)

    def estimate(self, value: Fraction | float | None, shoes: int, total_n: int) -> Estimate:
        """``value`` (the exact ratio, computed by the caller) with its standard error over ``shoes`` shoes."""
        if value is None or total_n == 0:
            return Estimate(None, None, shoes)
        r = float(value) - self.shift
        if shoes < 2 or self.contributing < 2:
            return Estimate(float(value), None, shoes)
        ss = max(self.syy - 2 * r * self.syn + r * r * self.snn, 0.0)
        return Estimate(float(value), math.sqrt(ss / (shoes * (shoes - 1))) / (total_n / shoes), shoes)
