"""What ``simulate`` prints: the run's rules, a table per bet, and the house edge by cards left."""

from __future__ import annotations

from typing import TYPE_CHECKING

from exact_odds.report.document import Report, Section, Table
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text

if TYPE_CHECKING:
    from exact_odds.in_play.simulation import SimulationResult


def simulation_rules(result: "SimulationResult") -> str:
    """The run and the rules it was dealt by, in one sentence."""
    from exact_odds.in_play.dealing import BURN_RULES, CARDS_BEHIND_CUT

    shoes, decks = result.shoes, result.decks
    return (f"{shoes} shoe{'s' if shoes != 1 else ''} of {decks} deck{'s' if decks != 1 else ''}, "
            f"seed {result.seed}; cut card before the seventh-last card "
            f"({CARDS_BEHIND_CUT} cards behind it; the coup that brings it out is the last); "
            f"burn: {BURN_RULES[result.burn]}.")


def simulation_report(result: "SimulationResult") -> Report:
    """``exact-odds simulate``: per bet, then by cards left; CSV is the per-bet table."""
    summary = result.summary()
    summary_table = Table.of(
        ["Bet", "Coups", "P(EV > 0)", "Mean house edge", "Best EV",
         "Bets per shoe", "Expected gain/shoe", "Realised gain/shoe"],
        [[s.name, str(s.coups), decimal_text(s.positive_ev_frequency, 6), percent_text(s.mean_house_edge, 6),
          percent_text(s.best_ev, 6), decimal_text(s.bets_per_shoe, 4),
          decimal_text(s.expected_gain_per_shoe, 6), decimal_text(s.realised_gain_per_shoe, 6)]
         for s in summary],
    )
    depth_headers = (["Cards left"] + [f"{b.name} edge" for b in result.bets]
                     + [f"{b.name} P(EV>0)" for b in result.bets])
    depth_rows = [
        [f"{d.high}-{d.low}"]
        + ["" if m is None else percent_text(m, 4) for m in d.mean_house_edge]
        + ["" if p is None else decimal_text(p, 4) for p in d.positive_ev_frequency]
        for d in result.by_depth()
    ]
    depth_table = Table.of(depth_headers, depth_rows)
    rules = simulation_rules(result)
    document = {
        "shoes": result.shoes, "decks": result.decks, "seed": result.seed, "burn": result.burn, "rules": rules,
        "coups": result.coups,
        "bets": {
            s.key: {
                "coups": s.coups, "positive_ev_coups": s.positive_ev_coups,
                "positive_ev_frequency": fraction_text(s.positive_ev_frequency),
                "mean_house_edge": fraction_text(s.mean_house_edge),
                "best_ev": fraction_text(s.best_ev), "worst_ev": fraction_text(s.worst_ev),
                "expected_gain_per_shoe": fraction_text(s.expected_gain_per_shoe),
                "realised_gain_per_shoe": fraction_text(s.realised_gain_per_shoe),
            }
            for s in summary
        },
        "by_cards_left": [dict(zip(depth_headers, row)) for row in depth_table.rows],
    }
    return Report(
        sections=(
            Section(before=(
                f"Simulation: {rules}",
                f"{result.coups} coups. EVs are exact per coup for the cards not yet seen; the averages "
                "below are over the simulated coups. Gains are per shoe, betting one unit only when EV > 0.",
            )),
            Section(table=summary_table),
            Section(before=("House edge through the shoe (mean over coups with that many cards left):",),
                    table=depth_table),
        ),
        document=document,
        csv=(summary_table,),
    )
