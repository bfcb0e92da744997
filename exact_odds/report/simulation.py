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
}

#: Headers of the estimate columns.
ESTIMATE_HEADERS = ("Estimate", "SE", "95% interval")


def _number(x: float, kind: str, places: int) -> str:
    if kind == "percent":
        return f"{x * 100:.{places}f}%"
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
    for name in s.STATISTICS:
        words, kind = STATISTIC_WORDS[name]
        rows.append([label, s.name, words] + estimate_cells(getattr(s, name), kind))
    return rows


def strategy_json(s: "StrategyResult") -> dict[str, Any]:
    """A strategy as JSON: its counts, then every statistic as :func:`estimate_json`."""
    t = s.totals
    out: dict[str, Any] = {"name": s.name, "shoes": t.shoes, "coups": t.coups, "bets": t.bets}
    out.update({name: estimate_json(getattr(s, name)) for name in s.STATISTICS})
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


def simulation_report(result: "SimulationResult") -> Report:
    """``exact-odds simulate``: exact extremes per bet, the strategies with standard errors, then
    the house edge by cards left; CSV is the strategies table."""
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
    return Report(
        sections=(
            Section(before=tuple(intro), table=exact_table),
            Section(before=("Strategies, in the same shoes:",), table=strategy_table),
            Section(before=("House edge through the shoe (mean over the coups dealt with that many cards left):",),
                    table=depth_table),
        ),
        document=document,
        csv=(strategy_table,),
    )
