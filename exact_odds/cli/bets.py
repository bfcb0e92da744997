"""CLI commands of the bet catalog: variants, bet, distribution, breakeven.

Also :func:`select_bets`, which ``exact-odds edge`` uses for ``--variant``,
``--bets``, ``--paytable`` and ``--commission``. Nothing here imports sympy
at module level: only ``breakeven`` loads it, when it runs.
"""

from __future__ import annotations

from fractions import Fraction

import click

from exact_odds.bets.selection import merged_catalog
from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.options import build_shoe, format_option, shoe_options
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text, sqrt_text
from exact_odds.bets.paytable import ALL_NAMES, COUP_NAMES, DEAL_NAMES, PAIR_NAMES, PayTable, commission_banker
from exact_odds.report.emit import table, to_json


def select_from_options(variant, bets, paytables, commission, select=None):
    """The bets chosen by --variant, --bets, --paytable and --commission
    (:func:`exact_odds.bets.selection.select_bets`, or ``select``)."""
    from exact_odds.bets.selection import select_bets

    if variant is not None and not variant.strip():
        raise InputError("--variant is empty; give a variant name such as ez ('exact-odds variants' lists them)")
    if bets is not None and not [k for k in bets.split(",") if k.strip()]:
        raise InputError("--bets names no bet; give bet keys such as banker,tie or 'all' ('exact-odds variants' lists them)")
    keys = None if bets is None else [k.strip() for k in bets.split(",") if k.strip()]
    return (select or select_bets)(variant, keys, paytables, commission)


def bet_options(fn):
    """--variant, --bets, --paytable and --commission, as one decorator."""
    fn = click.option("--commission", metavar="C",
                      help="Price the Banker bet with this exact commission: 1/25, 4% or 0.04 "
                           "(a Banker win pays 1 - C).")(fn)
    fn = click.option("--paytable", "paytables", multiple=True, metavar="FILE",
                      help="A TOML file of your own pay tables (schema in the README); repeatable.")(fn)
    fn = click.option("--bets", metavar="KEYS|all",
                      help="Comma-separated bet keys (see 'exact-odds variants'), or 'all' for the whole catalog.")(fn)
    fn = click.option("--variant", metavar="NAME", help="Price one variant's bets (see 'exact-odds variants').")(fn)
    return fn


# --- variants -------------------------------------------------------------

@click.command("variants")
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="Also list the bets and variants of your own TOML pay-table file.")
@click.option("--names", is_flag=True, help="List the names a pay-table condition can use instead.")
@format_option
@input_errors
def variants_command(paytables, names, fmt):
    """List the variants and their bets (or the condition vocabulary).

    \b
    Examples:
      exact-odds variants
      exact-odds variants --names
      exact-odds variants --paytable my_bets.toml --format json
    """
    fmt = fmt.lower()
    if names and paytables:
        raise InputError("--names lists the names a condition may use, the same for every file; "
                         "drop --paytable (or drop --names to list the file's bets)")
    if names:
        rows = [[n, fam, ALL_NAMES[n]] for fam, group in
                (("coup", COUP_NAMES), ("deal", DEAL_NAMES), ("pair", PAIR_NAMES)) for n in group]
        if fmt == "json":
            click.echo(to_json([{"name": n, "family": f, "meaning": m} for n, f, m in rows]))
        else:
            click.echo(table(["Name", "Family", "Meaning"], rows, fmt))
        return
    catalog, own = merged_catalog(paytables)
    if fmt == "json":
        click.echo(to_json({
            "variants": [{"variant": v, "description": catalog.variant_descriptions[v], "bets": list(keys)}
                         for v, keys in catalog.variants.items()],
            "bets": [{"bet": k, "name": b.name, "description": b.description, "pays": b.pays_text,
                      "family": b.family} for k, b in catalog.bets.items()],
        }))
        return
    rows = [[v, ", ".join(keys), catalog.variant_descriptions[v]] for v, keys in catalog.variants.items()]
    click.echo(table(["Variant", "Bets", "Description"], rows, fmt))
    if fmt == "csv":
        return
    click.echo()
    rows = [[k, b.name, b.pays_text] for k, b in catalog.bets.items()]
    click.echo(table(["Bet", "Name", "Pays (to 1)"], rows, fmt))


# --- bet ------------------------------------------------------------------

def bet_breakdown_rows(result, infinite: bool):
    """WoO-style rows: event, pays, six-card count, probability, return; then the total."""
    from exact_odds.punto_banco.analysis import count_text

    rows = [[l.label, _plain(l.pays),
             count_text(l.count, infinite), decimal_text(l.probability, 8), decimal_text(l.expected_value, 8)]
            for l in result.lines]
    rows.append(["Total", "", "" if infinite else str(result.total), decimal_text(Fraction(1), 8),
                 decimal_text(result.expected_value, 8)])
    return ["Event", "Pays", "Combinations", "Probability", "Return"], rows


def find_bet(name: str, paytables=(), commission=None) -> PayTable:
    catalog, _ = merged_catalog(paytables)
    if commission is not None:
        if name != "banker":
            raise InputError("--commission applies to the Banker bet: use 'banker'")
        return commission_banker(commission)
    return catalog.bet(name)


@click.command("bet")
@click.argument("name")
@shoe_options()
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="A TOML file of your own pay tables; NAME may be one of its bets.")
@click.option("--commission", metavar="C", help="With NAME 'banker': the exact commission, e.g. 1/25 or 4%.")
@format_option
@input_errors
def bet_command(name, decks, shoe_counts, remove, paytables, commission, fmt):
    """Wizard-of-Odds-style breakdown of one bet: every pay line with its count.

    Shows each line's pays, six-card count (combinations), probability and
    return, the total return, the house edge, hit frequency and standard
    deviation. NAME is a bet key from 'exact-odds variants'.

    \b
    Examples:
      exact-odds bet dragon_bonus_player
      exact-odds bet perfect_pair --decks 6
      exact-odds bet banker --commission 1/25 --format json
      exact-odds bet mine --paytable my_bets.toml
    """
    from exact_odds.punto_banco.analysis import bet_json
    from exact_odds.punto_banco.walk import walk

    bet = find_bet(name, paytables, commission)
    shoe = build_shoe(decks, shoe_counts, remove)
    result = bet.price(walk(shoe))
    inf = shoe.is_infinite
    fmt = fmt.lower()
    if fmt == "json":
        click.echo(to_json({"shoe": shoe.to_json(), **bet_json(result, inf), "hit_frequency": fraction_text(result.win)}))
        return
    headers, rows = bet_breakdown_rows(result, inf)
    if fmt == "csv":
        click.echo(table(headers, rows, "csv"))
        return
    click.echo(f"{bet.name}, {shoe.describe()}: {bet.description}")
    click.echo()
    click.echo(table(headers, rows, fmt))
    click.echo()
    click.echo(f"House edge {percent_text(result.house_edge, 6)} ({fraction_text(result.house_edge)}); "
               f"hit frequency {percent_text(result.win, 6)}; standard deviation {sqrt_text(result.variance, 6)}.")
    for note in result.assumptions:
        click.echo(f"Note: {note}")


# --- distribution ---------------------------------------------------------

@click.command("distribution")
@shoe_options()
@click.option("--table", "tables", multiple=True,
              type=click.Choice(["totals", "wins", "cards", "grid", "player_first_two"]),
              help="Print only this table (repeatable). Default: all five.")
@format_option
@input_errors
def distribution_command(decks, shoe_counts, remove, tables, fmt):
    """The coup distribution: final totals, wins by total, cards used, the 10x10 grid.

    Also Banker/Player/Tie given the Player's two-card total (as in Wizard of
    Odds, Baccarat Appendix 3). Counts are six-card sequences (RULES §3).

    \b
    Examples:
      exact-odds distribution
      exact-odds distribution --decks 6 --table grid
      exact-odds distribution --table cards --format json
    """
    from exact_odds.punto_banco.distribution import distribution_tables
    from exact_odds.punto_banco.walk import walk

    shoe = build_shoe(decks, shoe_counts, remove)
    dist = walk(shoe)
    out = distribution_tables(dist, tuple(dict.fromkeys(tables)) or None)  # each asked-for table once
    fmt = fmt.lower()
    if fmt == "json":
        click.echo(to_json({"shoe": shoe.to_json(), "total": None if shoe.is_infinite else dist.total,
                            **{t.key: t.data for t in out}}))
        return
    for i, t in enumerate(out):
        if i:
            click.echo()
        if fmt != "csv":
            click.echo(f"{t.title}, {shoe.describe()}:")
        click.echo(table(t.headers, t.rows, fmt))


def _plain(x: Fraction) -> str:
    """'8' for whole numbers, 'p/q' otherwise."""
    return str(x.numerator) if x.denominator == 1 else fraction_text(x)


# --- breakeven -------------------------------------------------------------

@click.command("breakeven")
@click.argument("name")
@shoe_options()
@click.option("--line", metavar="N|LABEL", help="The pay line whose payout is the unknown (default: the first paying line).")
@click.option("--commission", "as_commission", is_flag=True,
              help="Solve for a commission c instead: the line pays 1 - c.")
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="A TOML file of your own pay tables; NAME may be one of its bets.")
@format_option
@input_errors
def breakeven_command(name, decks, shoe_counts, remove, line, as_commission, paytables, fmt):
    """The payout (or commission) at which a bet breaks even, exactly (sympy).

    The chosen line's payout becomes a symbol x (or 1 - c with --commission);
    the expected value is shown as an exact expression in it and solved for
    EV = 0.

    \b
    Examples:
      exact-odds breakeven tie                       # the tie breaks even at 9.5091...
      exact-odds breakeven banker --commission       # the fair Banker commission
      exact-odds breakeven dragon_bonus_player --line "Win by 9" --decks 6
    """
    from exact_odds.bets.breakeven import break_even
    from exact_odds.punto_banco.walk import walk

    bet = find_bet(name, paytables)
    shoe = build_shoe(decks, shoe_counts, remove)
    be = break_even(bet.price(walk(shoe)), line, as_commission)
    fmt = fmt.lower()
    what = f"commission c (line '{be.line}' pays 1 - c)" if as_commission else f"payout x of line '{be.line}'"
    if fmt == "json":
        click.echo(to_json({
            "shoe": shoe.to_json(), "bet": be.bet, "line": be.line, "symbol": be.symbol,
            "expected_value": be.expression, "current": fraction_text(be.current),
            "current_expected_value": fraction_text(be.current_ev),
            "break_even": fraction_text(be.solution), "break_even_decimal": decimal_text(be.solution, 10),
        }))
        return
    rows = [
        ["Unknown", f"{be.symbol}: the {what}"],
        ["Expected value", f"EV({be.symbol}) = {be.expression}"],
        ["As dealt", f"{be.symbol} = {_plain(be.current)}: EV = {decimal_text(be.current_ev, 10)}"],
        ["Break-even (exact)", f"{be.symbol} = {fraction_text(be.solution)}"],
        ["Break-even (decimal)", f"{be.symbol} = {decimal_text(be.solution, 10)}"],
    ]
    if fmt != "csv":
        click.echo(f"{be.bet}, {shoe.describe()}: break-even {what}.")
    click.echo(table(["Breakeven", "Value"], rows, fmt))
