"""What ``simulate`` prints: the run's rules, each bet's exact extremes, the strategies with their
standard errors, and the house edge by cards left.

Monte-Carlo estimates (:class:`~exact_odds.in_play.simulate.statistics.Estimate`) are
printed by :func:`estimate_cells` and put in JSON by :func:`estimate_json`:
the value, its standard error and its 95% interval, as decimals. The same
helpers serve any report of a counting study (:func:`strategy_rows`,
:func:`strategy_json`), such as the par sheet's countability section.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from exact_odds.report.document import Report, Section, Table
from exact_odds.report.numbers import decimal_text
from exact_odds.rules.cards import RANKS

if TYPE_CHECKING:
    from exact_odds.in_play.simulate.counting import CountStrategy
    from exact_odds.in_play.simulate.simulation import SimulationResult
    from exact_odds.in_play.simulate.statistics import Estimate, StrategyResult
    from exact_odds.in_play.simulate.triggers import TriggerCurve

#: Each strategy statistic: its words in a table, and how it is printed
#: ("percent": × 100 with a % sign; "units": per unit bet; "index": a plain number).
STATISTIC_WORDS = {
    "bet_frequency": ("Bet frequency (share of coups bet)", "percent"),
    "advantage_when_betting": ("Advantage when betting (mean EV of the coups bet)", "percent"),
    "win_per_100_coups": ("Win per 100 coups (units)", "units"),
    "win_per_shoe": ("Win per shoe (units)", "units"),
    "realised_win_per_shoe": ("Realised win per shoe (what the coups paid)", "units"),
    "sd_per_coup": ("SD per coup (units)", "units"),
    "desirability_index": ("Desirability index (1000 × win / SD per coup)", "index"),
    "win_per_hour": ("Win per hour (units)", "units"),
    "sd_per_100_coups": ("SD per 100 coups (units)", "units"),
    "sd_per_hour": ("SD per hour (units)", "units"),
    "n0": ("N0 (coups for the win to equal one SD: (SD / win)² per coup)", "count"),
    "score": ("SCORE (win an hour, in 1/10,000 of the bankroll that risks 13.5%)", "index"),
    "risk_of_ruin": ("Risk of ruin, formula exp(-2 × win × bankroll / SD²)", "percent"),
    "risk_of_ruin_before_doubling": ("Risk of ruin before doubling, formula r / (1 + r)", "percent"),
    "simulated_risk_of_ruin": ("Risk of ruin before doubling, simulated", "percent"),
    "hours_to_double": ("Hours to double the bankroll (bankroll / win per hour)", "count"),
}

#: What the bankroll's figures assume, for the text and the JSON.
RUIN_ASSUMPTIONS = (
    "Risk of ruin by formula: exp(-2 μ B / σ²) with μ and σ the win and SD per coup and B the bankroll in "
    "units: a Brownian motion with that drift and variance per coup, coups independent (the correlation of "
    "the coups of one shoe is left out), bets never resized, play without end, μ > 0; before doubling, "
    "r / (1 + r) by the same approximation. Simulated: the shoes played one after another from the "
    "bankroll, trial after trial, a trial ruined when the running realised result takes the whole bankroll, "
    "doubled when it stands at twice the bankroll at the end of a shoe; the share of the finished trials "
    "ruined, with its binomial SE.")

#: Headers of the estimate columns.
ESTIMATE_HEADERS = ("Estimate", "SE", "95% interval")


def _number(x: float, kind: str, places: int) -> str:
    if kind == "percent":
        return f"{x * 100:.{places}f}%"
    if kind == "count":  # large figures (N0, hours): whole numbers with separators
        return f"{x:,.{max(places - 4, 0)}f}"
    return f"{x:.{places}f}"


def estimate_cells(e: "Estimate", kind: str = "units", places: int = 4) -> list[str]:
    """[estimate, standard error, '95% low to high'] as text ('-' where undefined)."""
    if e.value is None:
        return ["-", "-", "-"]
    value = _number(e.value, kind, places)
    if e.standard_error is None:
        return [value, "-", "-"]
    se = _number(e.standard_error, kind, places + 1)
    return [value, se, f"{_number(e.low, kind, places)} to {_number(e.high, kind, places)}"]


def estimate_json(e: "Estimate") -> dict[str, Any]:
    """An estimate as JSON: decimals (floats), its standard error and 95% interval (None: undefined)."""
    interval = None if e.low is None else [e.low, e.high]
    return {"estimate": e.value, "standard_error": e.standard_error, "ci95": interval}


def strategy_rows(label: str, s: "StrategyResult") -> list[list[str]]:
    """One row per statistic of a strategy: label, strategy, statistic, estimate, SE, 95% interval."""
    rows = []
    for name in s.STATISTICS + s.BANKROLL_STATISTICS:
        if getattr(s, name) is None:
            continue
        words, kind = STATISTIC_WORDS[name]
        if name == "simulated_risk_of_ruin" and s.ruin_trials is not None:
            trials = s.ruin_trials.trials
            words += f" ({trials:,} trial{'' if trials == 1 else 's'})"
        rows.append([label, s.name, words] + estimate_cells(getattr(s, name), kind))
    return rows


def strategy_json(s: "StrategyResult") -> dict[str, Any]:
    """A strategy as JSON: its counts, then every statistic as :func:`estimate_json`."""
    t = s.totals
    out: dict[str, Any] = {"name": s.name, "shoes": t.shoes, "coups": t.coups, "bets": t.bets}
    out.update({name: estimate_json(getattr(s, name)) for name in s.STATISTICS})
    if s.coups_per_hour is not None:
        out["wagered"] = decimal_text(t.wagered, 6)
        out["coups_per_hour"] = str(s.coups_per_hour)
        out.update({name: estimate_json(getattr(s, name))
                    for name in ("win_per_hour", "sd_per_100_coups", "sd_per_hour", "n0", "score")})
        out["risk_of_ruin"] = None
        out["hours_to_double"] = None
        if s.bankroll is not None:
            trials = s.ruin_trials
            out["risk_of_ruin"] = {
                "bankroll": str(s.bankroll), "formula": estimate_json(s.risk_of_ruin),
                "formula_before_doubling": estimate_json(s.risk_of_ruin_before_doubling),
                "simulated_before_doubling": {**estimate_json(s.simulated_risk_of_ruin), "trials": trials.trials,
                                              "ruined": trials.ruined, "doubled": trials.doubled,
                                              "unfinished_shoes": trials.unfinished_shoes},
                "model": "diffusion approximation (see the assumptions)"}
            out["hours_to_double"] = estimate_json(s.hours_to_double)
    return out


def count_json(count: "CountStrategy") -> dict[str, Any]:
    """A count strategy as JSON: tags by rank, the trigger exactly and in decimals."""
    return {"name": count.name, "tags": dict(zip(RANKS, count.tags)), "balanced": count.balanced,
            "trigger": str(count.trigger), "trigger_decimal": decimal_text(count.trigger, 6)}


def simulation_rules(result: "SimulationResult") -> str:
    """The run and the rules it was dealt by, in one sentence."""
    from exact_odds.in_play.dealing import BURN_RULES

    shoes, decks, cut = result.shoes, result.decks, result.cut_card
    cards = decks * 52
    return (f"{shoes} shoe{'s' if shoes != 1 else ''} of {decks} deck{'s' if decks != 1 else ''}, "
            f"seed {result.seed}; cut card in front of the last {cut} cards (penetration "
            f"{decimal_text(Fraction((cards - cut) * 100, cards), 1)}%; the coup that "
            f"brings it out is the last); burn: {BURN_RULES[result.burn]}.")


def _count_line(result: "SimulationResult") -> str:
    c = result.count
    tags = ", ".join(f"{r} {t:+d}" if t else f"{r} 0" for r, t in zip(RANKS, c.tags))
    return (f"Count on {result.bets[result.count_bet].name}: {tags}; bet when the true count "
            f"(running count less cards seen × mean tag, per 52 cards unseen) is at least {c.trigger}.")


def simulation_report(result: "SimulationResult", by_cut_card: "tuple[SimulationResult, ...]" = ()) -> Report:
    """``exact-odds simulate``: exact extremes per bet, the strategies with standard errors, then
    the house edge by cards left (and the trigger search, and the same shoes by cut card, where
    run); CSV is the strategies table."""
    summary = result.summary()
    keys = result.keys
    exact_table = Table.of(
        ["Bet", "Coups", "Coups with EV > 0", "Best EV", "Worst EV"],
        [[s.name, str(s.coups), str(s.positive_ev_coups), decimal_text(s.best_ev, 6), decimal_text(s.worst_ev, 6)]
         for s in summary],
    )
    rows = []
    for b, s in enumerate(summary):
        rows.append([s.name, "every coup", "Mean house edge"] + estimate_cells(s.mean_house_edge_estimate, "percent"))
        rows += strategy_rows(s.name, s.perfect_play)
        if result.count is not None and b == result.count_bet:
            rows += strategy_rows(s.name, result.count_result)
    strategy_table = Table.of(["Bet", "Strategy", "Statistic", *ESTIMATE_HEADERS], rows)
    depth = result.by_depth()
    depth_rows = []
    for d in depth:
        for b, bet in enumerate(result.bets):
            if d.coups[b]:
                depth_rows.append([f"{d.high}-{d.low}", bet.name, str(d.coups[b])]
                                  + estimate_cells(d.mean_house_edge_estimate[b], "percent")
                                  + estimate_cells(d.positive_ev_frequency_estimate[b], "percent", 2)[:2])
    depth_table = Table.of(["Cards left", "Bet", "Coups", "Mean house edge", "SE", "95% interval", "P(EV > 0)",
                            "SE"], depth_rows)
    rules = simulation_rules(result)
    document = {
        "shoes": result.shoes, "decks": result.decks, "seed": result.seed, "burn": result.burn,
        "cut_card": result.cut_card, "rules": rules, "coups": result.coups,
        "assumptions": list(result.assumptions),
        "count": None if result.count is None else {"bet": keys[result.count_bet], **count_json(result.count)},
        "bets": {
            s.key: {
                "name": s.name, "coups": s.coups, "positive_ev_coups": s.positive_ev_coups,
                "best_ev": decimal_text(s.best_ev, 12), "worst_ev": decimal_text(s.worst_ev, 12),
                "mean_house_edge": estimate_json(s.mean_house_edge_estimate),
                "perfect_play": strategy_json(s.perfect_play),
                "count": (strategy_json(result.count_result)
                          if result.count is not None and b == result.count_bet else None),
            }
            for b, s in enumerate(summary)
        },
        "by_cards_left": [
            {"high": d.high, "low": d.low,
             "bets": {k: {"coups": d.coups[b], "mean_house_edge": estimate_json(d.mean_house_edge_estimate[b]),
                          "positive_ev_frequency": estimate_json(d.positive_ev_frequency_estimate[b])}
                      for b, k in enumerate(keys) if d.coups[b]}}
            for d in depth
        ],
        "edge_percentiles": {
            k: [{"high": band.high, "low": band.low, "coups": band.coups, "percents": list(band.percents),
                 "house_edge": list(band.edges)} for band in result.edge_bands(b)]
            for b, k in enumerate(keys)
        },
    }
    intro = [
        f"Simulation: {rules}",
        f"{result.coups} coups. Each coup's EV is exact for the cards not yet seen. Every other figure is a "
        "Monte-Carlo estimate over the shoes, with its standard error (SE) and 95% interval "
        "(estimate ± 1.96 SE, normal approximation). Perfect play bets one unit only when the exact EV is "
        "positive; wins add the exact EVs of the coups bet.",
    ]
    if result.count is not None:
        intro.append(_count_line(result))
    intro += sizing_lines(result)
    document["sizing"] = sizing_json(result)
    document["assumptions"] += [SCORE_WORDS] + ([RUIN_ASSUMPTIONS] if result.bankroll is not None else [])
    sections = [
        Section(before=tuple(intro), table=exact_table),
        Section(before=("Strategies, in the same shoes:",), table=strategy_table),
        Section(before=("House edge through the shoe (mean over the coups dealt with that many cards left):",),
                table=depth_table),
    ]
    document["trigger_search"] = None
    if result.trigger_curve is not None:
        section, document["trigger_search"] = trigger_section(result.trigger_curve)
        sections.append(section)
    document["by_cut_card"] = None
    if by_cut_card:
        section, document["by_cut_card"] = cut_card_section(by_cut_card)
        sections.append(section)
    return Report(sections=tuple(sections), document=document, csv=(strategy_table,))


#: SCORE and N0 in words (Blackjack Attack's definitions, at the run's coups an hour).
SCORE_WORDS = ("N0 = (SD / win)² per coup: the coups after which the expected win equals one SD. SCORE = "
               "10,000 × coups an hour × win² / SD² (Schlesinger, Blackjack Attack): the win an hour, in units of "
               "1/10,000 of the bankroll (SD² / win units) that gives a 13.5% risk of ruin by the formula; "
               "at 100 coups an hour it is the desirability index squared.")


def sizing_lines(result: "SimulationResult") -> list[str]:
    """How the strategies bet, the rates, and the bankroll's assumptions, in words."""
    perfect = "one unit" if result.sizing is None else (
        result.sizing.text() + (" (rounded down to 1/100 unit)" if hasattr(result.sizing, "fraction") else
                                " (units@EV)"))
    lines = [f"Bets: perfect play {perfect}"
             + ("" if result.count is None else
                f"; the count {'one unit' if result.ramp is None else result.ramp.text() + ' (units@true count)'}")
             + f". Rates at {result.coups_per_hour} coups an hour. {SCORE_WORDS}"]
    if result.bankroll is not None:
        lines.append(f"Bankroll: {result.bankroll} units. {RUIN_ASSUMPTIONS}")
    return lines


def sizing_json(result: "SimulationResult") -> dict[str, Any]:
    """The run's bet sizing and rates as JSON."""
    def one(sizing: Any) -> Any:
        if sizing is None:
            return {"kind": "flat", "units": "1"}
        if hasattr(sizing, "fraction"):
            return {"kind": "kelly", "fraction": str(sizing.fraction), "bankroll": str(sizing.bankroll),
                    "rounded_down_to": "1/100"}
        return {"kind": "ramp", "by": sizing.by,
                "steps": [{"threshold": str(t), "units": str(u)} for t, u in sizing.steps]}

    return {"perfect_play": one(result.sizing), "count": None if result.count is None else one(result.ramp),
            "coups_per_hour": str(result.coups_per_hour),
            "bankroll": None if result.bankroll is None else str(result.bankroll)}


def trigger_section(curve: "TriggerCurve") -> tuple[Section, dict[str, Any]]:
    """The trigger search: one row per candidate trigger, the best two, and its JSON."""
    rows = [[str(r.trigger), f"{r.bets:,}", estimate_cells(r.bet_frequency, "percent", 2)[0]]
            + estimate_cells(r.win_per_100_coups)[:2] + estimate_cells(r.score, "index", 3)[:2] for r in curve.rows]
    table = Table.of(["Trigger (TC >=)", "Coups bet", "Bet frequency", "Win per 100 coups", "SE", "SCORE", "SE"],
                     rows)
    best = {k: curve.best(k) for k in ("win_per_100_coups", "score")}

    def said(row: Any, stat: str, kind: str) -> str:
        if row is None:
            return "none (no trigger bets and wins)"
        value, se = estimate_cells(getattr(row, stat), kind, 3)[:2]
        return f"{row.trigger} ({value}, SE {se})"

    before = (f"Trigger search: every trigger played with one unit on the same {curve.coups:,} coups of "
              f"{curve.shoes:,} shoes (one pass; SCORE at {curve.coups_per_hour} coups an hour).",)
    after = (f"Best trigger by win per 100 coups: {said(best['win_per_100_coups'], 'win_per_100_coups', 'units')}; "
             f"by SCORE: {said(best['score'], 'score', 'index')}. Neighbouring triggers within about 2 SE of the "
             "best are as good on this evidence.",)
    document = {
        "shoes": curve.shoes, "coups": curve.coups, "coups_per_hour": str(curve.coups_per_hour),
        "best_by_win": None if best["win_per_100_coups"] is None else str(best["win_per_100_coups"].trigger),
        "best_by_score": None if best["score"] is None else str(best["score"].trigger),
        "triggers": [{"trigger": str(r.trigger), "bets": r.bets, "bet_frequency": r.bet_frequency.value,
                      "win_per_100_coups": estimate_json(r.win_per_100_coups), "score": estimate_json(r.score)}
                     for r in curve.rows],
    }
    return Section(before=before, table=table, after=after), document


def cut_card_section(results: "tuple[SimulationResult, ...]") -> tuple[Section, list[dict[str, Any]]]:
    """The same shoes dealt to each cut card: the count (or else every bet's perfect play) per position."""
    rows, document = [], []
    for r in results:
        cards = r.decks * 52
        penetration = decimal_text(Fraction((cards - r.cut_card) * 100, cards), 1) + "%"
        plays = ([(r.bets[r.count_bet].name, r.count_result)] if r.count is not None else
                 [(bet.name, p) for bet, p in zip(r.bets, r.perfect)])
        for name, s in plays:
            rows.append([str(r.cut_card), penetration, name, s.name, decimal_text(Fraction(r.coups, r.shoes), 2)]
                        + estimate_cells(s.bet_frequency, "percent", 2)[:1] + estimate_cells(s.win_per_100_coups)[:2]
                        + estimate_cells(s.win_per_shoe)[:2] + estimate_cells(s.score, "index", 3)[:2])
            document.append({"cut_card": r.cut_card, "bet": name, **strategy_json(s)})
    table = Table.of(["Cut card (cards behind)", "Penetration", "Bet", "Strategy", "Coups per shoe",
                      "Bet frequency", "Win per 100 coups", "SE", "Win per shoe", "SE", "SCORE", "SE"], rows)
    before = (f"By cut card: the same {results[0].shoes:,} shoes (seed {results[0].seed}) dealt to each cut card "
              "position (the rules' is in front of the seventh-last card).",)
    return Section(before=before, table=table), document
