"""Reports of punto banco: the analysis of a shoe and the coup distribution; its reference tables.

The rows, titles and JSON documents of ``exact-odds edge`` and
``exact-odds distribution`` are made here from the exact results of
:mod:`exact_odds.punto_banco`; the bets' own rows are in
:mod:`exact_odds.report.bets`.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Callable, Iterable

from exact_odds.bets.analysis import Analysis
from exact_odds.punto_banco.coup import CoupDistribution
from exact_odds.records import frozen
from exact_odds.punto_banco.distribution import (cards_used, final_totals, outcomes_by_player_first_two, total_grid,
                                                 wins_by_total)
from exact_odds.report.bets import bet_json, bet_rows, explain_section
from exact_odds.report.document import Report, Section, Table
from exact_odds.report.emit import table
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text
from exact_odds.report.tables_common import deck_slug, reference_shoe, REFERENCE_DECKS
from exact_odds.report.shoe import shoe_json


# --- the analysis of one shoe -------------------------------------------------

def outcome_rows(analysis: Analysis, exact: bool = False) -> tuple[list[str], list[list[str]]]:
    """Rows: outcome, six-card count, probability (and the fraction)."""
    counts = analysis.distribution.outcome_counts()
    total = analysis.distribution.total
    infinite = analysis.shoe.is_infinite
    rows = []
    for name in ("banker", "player", "tie"):
        p = Fraction(counts[name], total)
        row = [name.capitalize(), "" if infinite else str(counts[name]), decimal_text(p, 10)]
        if exact:
            row.append(fraction_text(p))
        rows.append(row)
    rows.append(["Total", "" if infinite else str(total), decimal_text(Fraction(1), 10)] + (["1/1"] if exact else []))
    headers = ["Outcome", "Count", "Probability"] + (["Exact"] if exact else [])
    return headers, rows


def analysis_json(analysis: Analysis, explain: bool = False) -> dict[str, Any]:
    """The JSON contract of ``edge``: shoe, outcomes (counts and probabilities), bets."""
    counts = analysis.distribution.outcome_counts()
    total = analysis.distribution.total
    inf = analysis.shoe.is_infinite
    outcomes: dict[str, Any] = {
        name: {"count": None if inf else counts[name], "probability": fraction_text(Fraction(counts[name], total))}
        for name in ("banker", "player", "tie")
    }
    outcomes["total"] = None if inf else total
    return {
        "shoe": shoe_json(analysis.shoe),
        "convention": analysis.convention,
        "outcomes": outcomes,
        "assumptions": analysis.assumptions,
        "bets": [bet_json(r, inf, explain) for r in analysis.results],
    }


def analysis_report(analysis: Analysis, exact: bool = False, explain: bool = False) -> Report:
    """``exact-odds edge``: the outcomes and every bet (with ``explain``, how each was priced); CSV is the
    bets table."""
    bets = Table.of(*bet_rows(analysis.results, exact))
    return Report(
        sections=(
            Section(before=(f"Punto banco, {analysis.shoe.describe()}. {analysis.convention}",)),
            Section(table=Table.of(*outcome_rows(analysis, exact))),
            Section(table=bets, after=tuple(f"Note: {note}" for note in analysis.assumptions)),
        ) + ((explain_section(analysis.results),) if explain else ()),
        document=analysis_json(analysis, explain),
        csv=(bets,),
    )


# --- the coup distribution ----------------------------------------------------

@frozen
class DistributionTable:
    """One titled table of the distribution, and its exact figures for JSON."""

    key: str
    title: str
    table: Table
    data: list[dict[str, Any]]

    def __init__(self, key: str, title: str, table: Table, data: list[dict[str, Any]]) -> None:
        object.__setattr__(self, 'key', key)
        object.__setattr__(self, 'title', title)
        object.__setattr__(self, 'table', table)
        object.__setattr__(self, 'data', data)


def _count(n: int, infinite: bool) -> str:
    return "" if infinite else str(n)


def _prob(n: int, total: int) -> str:
    return decimal_text(Fraction(n, total), 10)


def totals_table(dist: CoupDistribution) -> DistributionTable:
    """The final total of each hand, 0-9."""
    inf, total = dist.shoe.is_infinite, dist.total
    by = final_totals(dist)
    player, banker = by["player"], by["banker"]
    rows, data = [], []
    for t in range(10):
        rows.append([str(t), _count(player[t], inf), _prob(player[t], total),
                     _count(banker[t], inf), _prob(banker[t], total)])
        data.append({"total": t, "player_count": None if inf else player[t],
                     "player_probability": fraction_text(Fraction(player[t], total)),
                     "banker_count": None if inf else banker[t],
                     "banker_probability": fraction_text(Fraction(banker[t], total))})
    return DistributionTable("totals", "Final total of each hand", Table.of([
        "Total", "Player count", "Player probability", "Banker count", "Banker probability"], rows), data)


def wins_table(dist: CoupDistribution) -> DistributionTable:
    """Banker wins, Player wins and ties by the winning (or tied) total."""
    inf, total = dist.shoe.is_infinite, dist.total
    by = wins_by_total(dist)
    rows, data = [], []
    for t in range(10):
        row, item = [str(t)], {"total": t}
        for side in ("banker", "player", "tie"):
            n = by[side][t]
            row += [_count(n, inf), _prob(n, total)]
            item[f"{side}_count"] = None if inf else n
            item[f"{side}_probability"] = fraction_text(Fraction(n, total))
        rows.append(row)
        data.append(item)
    return DistributionTable("wins", "Wins by winning total (ties by the tied total)", Table.of([
        "Total", "Banker wins", "Probability", "Player wins", "Probability", "Ties", "Probability"], rows), data)


def cards_table(dist: CoupDistribution) -> DistributionTable:
    """The number of cards the coup used."""
    inf, total = dist.shoe.is_infinite, dist.total
    rows, data = [], []
    for k, n in cards_used(dist).items():
        rows.append([str(k), _count(n, inf), _prob(n, total), fraction_text(Fraction(n, total))])
        data.append({"cards": k, "count": None if inf else n, "probability": fraction_text(Fraction(n, total))})
    return DistributionTable("cards", "Cards used by the coup",
                             Table.of(["Cards", "Count", "Probability", "Exact"], rows), data)


def grid_table(dist: CoupDistribution) -> DistributionTable:
    """Final Player total (rows) by final Banker total (columns): counts, or probabilities for the infinite deck."""
    inf, total = dist.shoe.is_infinite, dist.total
    rows, data = [], []
    for p, line in enumerate(total_grid(dist)):
        cells = [decimal_text(Fraction(n, total), 8) if inf else str(n) for n in line]
        rows.append([str(p)] + cells)
        data.append({"player": p, "banker": [fraction_text(Fraction(n, total)) if inf else n for n in line]})
    what = "probabilities" if inf else "six-card counts"
    return DistributionTable("grid", f"Final Player total (rows) by final Banker total (columns), {what}",
                             Table.of(["Player \\ Banker"] + [str(b) for b in range(10)], rows), data)


def player_first_two_table(dist: CoupDistribution) -> DistributionTable:
    """P(Banker wins / Player wins / tie | the Player's two-card total), as in WoO Appendix 3."""
    inf, total = dist.shoe.is_infinite, dist.total
    rows, data = [], []
    for t, by in enumerate(outcomes_by_player_first_two(dist)):
        s = sum(by.values())
        cond = {side: Fraction(n, s) if s else Fraction(0) for side, n in by.items()}
        rows.append([str(t), _count(s, inf), _prob(s, total)] + [decimal_text(cond[x], 10) for x in cond])
        data.append({"player_first_two": t, "count": None if inf else s,
                     "probability": fraction_text(Fraction(s, total)),
                     **{f"{x}_given": fraction_text(v) for x, v in cond.items()}})
    return DistributionTable("player_first_two", "Outcome given the Player's two-card total", Table.of([
        "Player's first two", "Count", "Probability", "P(Banker wins | total)", "P(Player wins | total)",
        "P(Tie | total)"], rows), data)


#: Every distribution table, in the order printed.
DISTRIBUTION_TABLES: dict[str, Callable[[CoupDistribution], DistributionTable]] = {
    "totals": totals_table,
    "wins": wins_table,
    "cards": cards_table,
    "grid": grid_table,
    "player_first_two": player_first_two_table,
}


def distribution_tables(dist: CoupDistribution, keys: Iterable[str] | None = None) -> list[DistributionTable]:
    """The tables named by ``keys`` (default all, each once), from one distribution."""
    return [DISTRIBUTION_TABLES[k](dist) for k in dict.fromkeys(keys or DISTRIBUTION_TABLES)]


def distribution_report(dist: CoupDistribution, keys: Iterable[str] | None = None) -> Report:
    """``exact-odds distribution``: the chosen tables, each with its title; CSV is the tables alone."""
    tables = distribution_tables(dist, keys)
    shoe = dist.shoe
    return Report(
        sections=tuple(Section(before=(f"{t.title}, {shoe.describe()}:",), table=t.table) for t in tables),
        document={"shoe": shoe_json(shoe), "total": None if shoe.is_infinite else dist.total,
                  **{t.key: t.data for t in tables}},
        csv=tuple(t.table for t in tables),
    )


# --- reference tables -----------------------------------------------------------

def edge_tables() -> dict[str, str]:
    """House edge of the standard bets, Markdown and CSV, per reference shoe."""
    from exact_odds.bets.analysis import analyse

    out = {}
    for d in REFERENCE_DECKS:
        a = analyse(reference_shoe(d))
        slug = deck_slug(d)
        md = [
            f"# Punto banco, {a.shoe.describe()}: standard bets",
            "",
            "Generated by `exact-odds tables`; do not edit by hand.",
            "",
            "Rules: punto banco tableau (RULES §2). Banker pays 19/20 (5% commission), Player 1:1, "
            "Tie 8:1; Banker and Player push on a tie.",
            "",
            a.convention,
            "",
            table(*outcome_rows(a, exact=True), "github"),
            "",
            table(*bet_rows(a.results, exact=True), "github"),
            "",
        ]
        out[f"edge_{slug}.md"] = "\n".join(md)
        out[f"edge_{slug}.csv"] = table(*bet_rows(a.results, exact=True), "csv") + "\n"
    return out


def variant_tables() -> dict[str, str]:
    """One table per catalog variant per reference shoe, a CSV of every bet per shoe,
    and the distribution tables for 8 decks.

    Each shoe is walked once; every bet of every variant is priced on that walk
    (pair bets on the shoe's first-four-cards distribution, also computed once)."""
    from exact_odds.bets.catalog import builtin_catalog
    from exact_odds.punto_banco.walk import walk

    catalog = builtin_catalog()
    out = {}
    for d in REFERENCE_DECKS:
        shoe = reference_shoe(d)
        dist = walk(shoe)
        priced = {key: bet.price(dist) for key, bet in catalog.bets.items()}
        slug = deck_slug(d)
        for name, keys in catalog.variants.items():
            a = Analysis(shoe, dist, tuple(priced[k] for k in keys))
            md = [
                f"# Punto banco, {shoe.describe()}: variant `{name}`",
                "",
                "Generated by `exact-odds tables`; do not edit by hand.",
                "",
                f"{catalog.variant_descriptions[name]}. Pay tables: `exact_odds/data/bets.toml` "
                f"(`exact-odds variants`). Tableau: punto banco (RULES §2).",
                "",
                a.convention,
                "",
                table(*bet_rows(a.results, exact=True), "github"),
                "",
            ]
            md += [f"Note: {note}" for note in a.assumptions] + ([""] if a.assumptions else [])
            out[f"variant_{name}_{slug}.md"] = "\n".join(md)
        everything = Analysis(shoe, dist, tuple(priced.values()))
        headers, rows = bet_rows(everything.results, exact=True)
        out[f"bets_{slug}.csv"] = table(["Key"] + headers, [[k] + r for k, r in zip(priced, rows)], "csv") + "\n"
        if d == 8:
            md = [f"# Punto banco, {shoe.describe()}: the coup distribution", "",
                  "Generated by `exact-odds tables`; do not edit by hand.", "", everything.convention, ""]
            for t in distribution_tables(dist):
                md += [f"## {t.title}", "", table(t.table.headers, t.table.rows, "github"), ""]
            out[f"distribution_{slug}.md"] = "\n".join(md)
    return out




def analysis_by_decks_report(analyses: list[Analysis], exact: bool = False, explain: bool = False) -> Report:
    """``exact-odds edge --decks 1,6,8``: each bet's house edge, the deck counts side by side."""
    shoes = [a.shoe.describe() for a in analyses]
    rows = []
    for i, r in enumerate(analyses[0].results):
        row = [r.bet.name, r.bet.pays_text] + [percent_text(a.results[i].house_edge, 6) for a in analyses]
        if exact:
            row += [fraction_text(a.results[i].house_edge) for a in analyses]
        rows.append(row)
    headers = ["Bet", "Pays"] + [f"House edge ({s})" for s in shoes] + (
        [f"Exact ({s})" for s in shoes] if exact else [])
    bets = Table.of(headers, rows)
    notes = tuple(dict.fromkeys(f"Note: {n}" for a in analyses for n in a.assumptions))
    title = f"Punto banco, {', '.join(shoes)}. {analyses[0].convention}"
    return Report(
        sections=(Section(before=(title,)), Section(table=bets, after=notes))
        + tuple(explain_section(a.results, a.shoe) for a in analyses if explain),
        document={"by_decks": [analysis_json(a, explain) for a in analyses]},
        csv=(bets,),
    )
