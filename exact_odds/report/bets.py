"""Reports of the bet catalog: the variants, one bet's breakdown, a break-even, and a bet's JSON.

Every row and JSON document about a bet is made here, from the exact
results of :mod:`exact_odds.bets` (:class:`~exact_odds.bets.paytable.BetResult`,
:class:`~exact_odds.bets.breakeven.BreakEven`, the
:class:`~exact_odds.bets.catalog.Catalog`).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from exact_odds.bets.catalog import Catalog
from exact_odds.bets.explain import explanation_of
from exact_odds.bets.paytable import ALL_NAMES, CARD_NAMES, COUP_NAMES, DEAL_NAMES, PAIR_NAMES, BetResult
from exact_odds.report.document import Report, Section, Table
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text, sqrt_text
from exact_odds.rules.shoe import Shoe
from exact_odds.report.shoe import shoe_json

if TYPE_CHECKING:  # (break-even reports are given one: edge need not import the module)
    from exact_odds.bets.breakeven import BreakEven


def count_json(count: int | Fraction) -> int | str:
    """A six-card count for JSON: an integer, or 'p/q' when an assumption made it fractional."""
    count = Fraction(count)
    return count.numerator if count.denominator == 1 else fraction_text(count)


def count_text(count: int | Fraction, infinite: bool = False) -> str:
    """A six-card count for a table ('' for the infinite deck, which has none)."""
    if infinite:
        return ""
    return str(Fraction(count))  # '12' for a whole count, 'p/q' otherwise


def plain(x: Fraction) -> str:
    """'8' for whole numbers, 'p/q' otherwise."""
    return str(x.numerator) if x.denominator == 1 else fraction_text(x)


def bet_json(r: BetResult, infinite: bool = False, explain: bool = False) -> dict[str, Any]:
    """One bet's exact figures, fractions as 'p/q' strings (no counts for the infinite deck); with
    ``explain``, how it was priced (``explain``: :meth:`~exact_odds.cards.engine.Explanation.record`)."""
    out = {
        "bet": r.bet.name,
        "pays": r.bet.pays_text,
        "description": r.bet.description,
        "win": fraction_text(r.win),
        "push": fraction_text(r.push),
        "loss": fraction_text(r.loss),
        "expected_value": fraction_text(r.expected_value),
        "house_edge": fraction_text(r.house_edge),
        "house_edge_percent": percent_text(r.house_edge, 10).rstrip("%"),
        "house_edge_excluding_pushes": fraction_text(r.house_edge_excluding_pushes),
        "variance": fraction_text(r.variance),
        "standard_deviation": sqrt_text(r.variance, 10),
        "assumptions": list(r.assumptions),
        "lines": [
            {"label": l.label, "pays": fraction_text(l.pays), "count": None if infinite else count_json(l.count),
             "probability": fraction_text(l.probability)}
            for l in r.lines
        ],
    }
    if explain:
        out["explain"] = explanation_of(r).record()
    return out


def explain_section(results, shoe: Shoe | None = None) -> Section:
    """``--explain``: the route that priced each bet, its time and plan, then why the routes that did not
    take a card-level bet declined."""
    rows, declined = [], []
    for r in results:
        e = explanation_of(r)
        card = r.explanation is not None
        rows.append([r.bet.name, e.route, f"{e.seconds:.3f} s" if e.seconds is not None else "-",
                     e.estimate.text() if card else "-"])
        declined += [f"  {r.bet.name}: '{route}': {why}" for route, why in e.declined]
    where = f" ({shoe.describe()})" if shoe is not None else ""
    return Section(before=(f"How each bet was priced{where}: the route, its time and its plan "
                           "(docs/methods/suits.md, \"The engine\").",),
                   table=Table.of(["Bet", "Route", "Time", "Plan"], rows),
                   after=(("Routes that did not take a bet, and why:",) + tuple(declined)) if declined else ())


def bet_rows(results: tuple[BetResult, ...] | list[BetResult], exact: bool = False) -> tuple[list[str], list[list[str]]]:
    """Rows: bet, pays, P(win/push/loss), EV, house edge (with and without pushes), SD."""
    headers = ["Bet", "Pays", "P(win)", "P(push)", "P(loss)", "Expected value",
               "House edge", "Edge excl. pushes", "Std. dev."]
    if exact:
        headers += ["House edge (exact)"]
    rows = []
    for r in results:
        row = [
            r.bet.name, r.bet.pays_text,
            decimal_text(r.win, 8), decimal_text(r.push, 8), decimal_text(r.loss, 8),
            decimal_text(r.expected_value, 8), percent_text(r.house_edge, 6),
            percent_text(r.house_edge_excluding_pushes, 6), sqrt_text(r.variance, 6),
        ]
        if exact:
            row.append(fraction_text(r.house_edge))
        rows.append(row)
    return headers, rows


# --- variants ---------------------------------------------------------------

def names_report() -> Report:
    """``exact-odds variants --names``: the names a pay-table condition can use."""
    rows = [[n, fam, ALL_NAMES[n]] for fam, group in
            (("coup", COUP_NAMES), ("deal", DEAL_NAMES), ("pair", PAIR_NAMES), ("card", CARD_NAMES)) for n in group]
    names = Table.of(["Name", "Family", "Meaning"], rows)
    return Report(sections=(Section(table=names),),
                  document=[{"name": n, "family": f, "meaning": m} for n, f, m in rows], csv=(names,))


def variants_report(catalog: Catalog) -> Report:
    """``exact-odds variants``: the variants and their bets, then every bet; CSV is the variants table."""
    variants = Table.of(["Variant", "Bets", "Description"],
                        [[v, ", ".join(keys), catalog.variant_descriptions[v]] for v, keys in catalog.variants.items()])
    bets = Table.of(["Bet", "Name", "Pays (to 1)"], [[k, b.name, b.pays_text] for k, b in catalog.bets.items()])
    return Report(
        sections=(Section(table=variants), Section(table=bets)),
        document={
            "variants": [{"variant": v, "description": catalog.variant_descriptions[v], "bets": list(keys)}
                         for v, keys in catalog.variants.items()],
            "bets": [{"bet": k, "name": b.name, "description": b.description, "pays": b.pays_text,
                      "family": b.family} for k, b in catalog.bets.items()],
        },
        csv=(variants,),
    )


# --- one bet ----------------------------------------------------------------

def bet_breakdown_rows(result: BetResult, infinite: bool) -> tuple[list[str], list[list[str]]]:
    """WoO-style rows: event, pays, six-card count, probability, return; then the total."""
    rows = [[l.label, plain(l.pays),
             count_text(l.count, infinite), decimal_text(l.probability, 8), decimal_text(l.expected_value, 8)]
            for l in result.lines]
    rows.append(["Total", "", "" if infinite else str(result.total), decimal_text(Fraction(1), 8),
                 decimal_text(result.expected_value, 8)])
    return ["Event", "Pays", "Combinations", "Probability", "Return"], rows


def bet_report(result: BetResult, shoe: Shoe, explain: bool = False) -> Report:
    """``exact-odds bet``: every pay line with its count, then the edge, hit frequency and SD (and with
    ``explain``, how it was priced)."""
    bet = result.bet
    breakdown = Table.of(*bet_breakdown_rows(result, shoe.is_infinite))
    summary = (f"House edge {percent_text(result.house_edge, 6)} ({fraction_text(result.house_edge)}); "
               f"hit frequency {percent_text(result.hit_frequency, 6)}; "
               f"standard deviation {sqrt_text(result.variance, 6)}.")
    return Report(
        sections=(
            Section(before=(f"{bet.name}, {shoe.describe()}: {bet.description}",)),
            Section(table=breakdown),
            Section(before=(summary,) + tuple(f"Note: {note}" for note in result.assumptions)),
        ) + ((explain_section([result]),) if explain else ()),
        document={"shoe": shoe_json(shoe), **bet_json(result, shoe.is_infinite, explain),
                  "hit_frequency": fraction_text(result.hit_frequency)},
        csv=(breakdown,),
        summary=(f"{bet.name}, {shoe.describe()}", summary) + tuple(f"Note: {note}" for note in result.assumptions),
    )


# --- break-even -------------------------------------------------------------

def breakeven_report(be: BreakEven, shoe: Shoe) -> Report:
    """``exact-odds breakeven``: the expected value in one unknown, and where it is zero."""
    if be.symbol == "c":
        what = f"commission c (line '{be.line}' pays 1 - c)"
    else:
        what = f"payout x of line '{be.line}'"
    rows = Table.of(["Breakeven", "Value"], [
        ["Unknown", f"{be.symbol}: the {what}"],
        ["Expected value", f"EV({be.symbol}) = {be.expression}"],
        ["As dealt", f"{be.symbol} = {plain(be.current)}: EV = {decimal_text(be.current_ev, 10)}"],
        ["Break-even (exact)", f"{be.symbol} = {fraction_text(be.solution)}"],
        ["Break-even (decimal)", f"{be.symbol} = {decimal_text(be.solution, 10)}"],
    ])
    return Report(
        sections=(Section(before=(f"{be.bet}, {shoe.describe()}: break-even {what}.",), table=rows),),
        document={
            "shoe": shoe_json(shoe), "bet": be.bet, "line": be.line, "symbol": be.symbol,
            "expected_value": be.expression, "current": fraction_text(be.current),
            "current_expected_value": fraction_text(be.current_ev),
            "break_even": fraction_text(be.solution), "break_even_decimal": decimal_text(be.solution, 10),
        },
        csv=(rows,),
        summary=(f"{be.bet}, {shoe.describe()}: break-even {what}.",),
    )


# --- deck counts side by side (--decks 1,6,8) ----------------------------------

def bet_by_decks_report(priced: list[tuple[Shoe, BetResult]], explain: bool = False) -> Report:
    """``exact-odds bet --decks 1,6,8``: each line's combinations and probability, then the figures,
    the deck counts side by side. CSV is the lines table; the figures are its summary table."""
    bet = priced[0][1].bet
    headers = ["Event", "Pays"]
    for shoe, _ in priced:
        headers += [f"Combinations ({shoe.describe()})", f"Probability ({shoe.describe()})"]
    rows = []
    for i, line in enumerate(priced[0][1].lines):
        row = [line.label, plain(line.pays)]
        for shoe, r in priced:
            row += [count_text(r.lines[i].count, shoe.is_infinite), decimal_text(r.lines[i].probability, 10)]
        rows.append(row)
    lines = Table.of(headers, rows)
    figures = Table.of(["Figure"] + [s.describe() for s, _ in priced], [
        ["House edge"] + [percent_text(r.house_edge, 6) for _, r in priced],
        ["House edge (exact)"] + [fraction_text(r.house_edge) for _, r in priced],
        ["Hit frequency"] + [percent_text(r.hit_frequency, 6) for _, r in priced],
        ["Standard deviation"] + [sqrt_text(r.variance, 6) for _, r in priced],
    ])
    notes = tuple(dict.fromkeys(f"Note: {n}" for _, r in priced for n in r.assumptions))
    return Report(
        sections=(Section(before=(f"{bet.name}, " + ", ".join(s.describe() for s, _ in priced)
                                  + f": {bet.description}",)),
                  Section(table=lines), Section(table=figures, after=notes))
        + tuple(explain_section([r], s) for s, r in priced if explain),
        document={"bet": bet.name, "by_decks": [{"shoe": shoe_json(s), **bet_json(r, s.is_infinite, explain),
                                                 "hit_frequency": fraction_text(r.hit_frequency)} for s, r in priced]},
        csv=(lines,),
        summary=tuple(f"{row[0]}: " + "; ".join(f"{s.describe()} {v}" for (s, _), v in zip(priced, row[1:]))
                      for row in figures.rows) + notes,
    )


def breakeven_by_decks_report(solved: list[tuple[Shoe, BreakEven]]) -> Report:
    """``exact-odds breakeven --decks 1,6,8``: the break-even value for each deck count side by side."""
    be = solved[0][1]
    what = f"commission c (line '{be.line}' pays 1 - c)" if be.symbol == "c" else f"payout x of line '{be.line}'"
    rows = Table.of(["Breakeven"] + [s.describe() for s, _ in solved], [
        ["As dealt"] + [plain(b.current) for _, b in solved],
        ["Expected value as dealt"] + [decimal_text(b.current_ev, 10) for _, b in solved],
        ["Break-even (exact)"] + [fraction_text(b.solution) for _, b in solved],
        ["Break-even (decimal)"] + [decimal_text(b.solution, 10) for _, b in solved],
    ])
    title = f"{be.bet}: break-even {what}."
    return Report(
        sections=(Section(before=(title,), table=rows),),
        document={"bet": be.bet, "line": be.line, "symbol": be.symbol, "by_decks": [
            {"shoe": shoe_json(s), "expected_value": b.expression, "current": fraction_text(b.current),
             "break_even": fraction_text(b.solution), "break_even_decimal": decimal_text(b.solution, 10)}
            for s, b in solved]},
        csv=(rows,), summary=(title,),
    )


# --- design solving ----------------------------------------------------------------

def target_edge_report(solved: list[tuple[Shoe, Any]]) -> Report:
    """``exact-odds breakeven --target-edge``: the payout (or commission) giving the target edge, per deck count."""
    t = solved[0][1]
    what = f"commission c (line '{t.line}' pays 1 - c)" if t.symbol == "c" else f"payout x of line '{t.line}'"
    title = f"{t.bet}: the {what} that makes the house edge exactly {percent_text(t.target, 6)} ({fraction_text(t.target)})."
    rows = Table.of(["Design"] + [s.describe() for s, _ in solved], [
        ["As dealt"] + [plain(x.current) for _, x in solved],
        ["House edge as dealt"] + [percent_text(x.current_edge, 6) for _, x in solved],
        [f"{t.symbol} for the target (exact)"] + [fraction_text(x.solution) for _, x in solved],
        [f"{t.symbol} for the target (decimal)"] + [decimal_text(x.solution, 10) for _, x in solved],
    ])
    return Report(
        sections=(Section(before=(title,), table=rows),),
        document={"bet": t.bet, "line": t.line, "symbol": t.symbol, "target_house_edge": fraction_text(t.target),
                  "by_decks": [{"shoe": shoe_json(s), "current": fraction_text(x.current),
                                "current_house_edge": fraction_text(x.current_edge),
                                "solution": fraction_text(x.solution), "solution_decimal": decimal_text(x.solution, 10)}
                               for s, x in solved]},
        csv=(rows,), summary=(title,),
    )


def grid_report(grid: Any, shoe: Shoe, exact: bool = False) -> Report:
    """``exact-odds breakeven --grid A --grid B``: the house edge of every pair of payouts, rows the first
    line's payouts, columns the second's."""
    a, b = grid.lines
    cell = (lambda e: fraction_text(e)) if exact else (lambda e: percent_text(e, 4))
    table = Table.of([f"{a} \\ {b}"] + [plain(y) for y in grid.values[1]],
                     [[plain(x)] + [cell(e) for e in row] for x, row in zip(grid.values[0], grid.edges)])
    title = (f"{grid.bet}, {shoe.describe()}: house edge with '{a}' paying the row's value and '{b}' the column's "
             "(every other line as dealt).")
    return Report(
        sections=(Section(before=(title,), table=table),),
        document={"shoe": shoe_json(shoe), "bet": grid.bet, "lines": list(grid.lines),
                  "cells": [{"pays": [fraction_text(x), fraction_text(y)], "house_edge": fraction_text(e)}
                            for x, row in zip(grid.values[0], grid.edges) for y, e in zip(grid.values[1], row)]},
        csv=(table,), summary=(title,),
    )
