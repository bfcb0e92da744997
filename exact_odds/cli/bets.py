"""CLI commands of the bet catalog: variants, bet, distribution, breakeven.

Also :func:`select_from_options`, which ``exact-odds edge`` uses for
``--variant``, ``--bets``, ``--paytable`` and ``--commission``. Each command
parses its options, calls the library and prints the report of
:mod:`exact_odds.report.bets` (or :mod:`exact_odds.report.punto_banco`)
with the one emitter. Nothing here imports sympy at module level: only
``breakeven`` loads it, when it runs.
"""

from __future__ import annotations

from typing import Any, Callable

import click

from exact_odds.bets.catalog import NotAVariantError
from exact_odds.bets.selection import merged_catalog
from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.options import build_shoe, build_shoes, engine_options, format_option, parse_fraction, shoe_options
from exact_odds.text import shown
from exact_odds.bets.paytable import PayTable, commission_banker
from exact_odds.report.emit import emit


def select_from_options(variant: str | None, bets: str | None, paytables: tuple[str, ...], commission: str | None,
                        select: Callable[..., Any] | None = None) -> Any:
    """The bets chosen by --variant, --bets, --paytable and --commission
    (:func:`exact_odds.bets.selection.select_bets`, or ``select``, such as
    :func:`~exact_odds.bets.selection.select_value_level`: its result is returned)."""
    from exact_odds.bets.selection import select_bets

    if variant is not None and not variant.strip():
        raise InputError("--variant is empty; give a variant name such as ez ('exact-odds variants' lists them)")
    if bets is not None and not [k for k in bets.split(",") if k.strip()]:
        raise InputError("--bets names no bet; give bet keys such as banker,tie or 'all' ('exact-odds variants' lists them)")
    keys = None if bets is None else [k.strip() for k in bets.split(",") if k.strip()]
    try:
        return (select or select_bets)(variant, keys, paytables, commission)
    except NotAVariantError as exc:
        raise InputError(f"{exc.key!r} is a bet, not a variant; use --bets {exc.key}") from None


def bet_options(fn: Callable[..., Any]) -> Callable[..., Any]:
    """--variant, --bets, --paytable and --commission, as one decorator."""
    fn = click.option("--commission", metavar="C",
                      help="Price the Banker bet with this exact commission: 1/25, 4% or 0.04 "
                           "(a Banker win pays 1 - C).")(fn)
    fn = click.option("--paytable", "paytables", multiple=True, metavar="FILE",
                      help="A TOML file of your own pay tables (schema: docs/bets.md); repeatable.")(fn)
    fn = click.option("--bets", metavar="KEYS|all",
                      help="Comma-separated bet keys (see 'exact-odds variants'), or 'all' for the whole catalog.")(fn)
    fn = click.option("--variant", metavar="NAME", help="Price one variant's bets (see 'exact-odds variants').")(fn)
    return fn


# --- variants -------------------------------------------------------------

@click.command("variants")
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="Also list the bets and variants of your own TOML pay-table file (schema: docs/bets.md).")
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
    from exact_odds.report.bets import names_report, variants_report

    if names and paytables:
        raise InputError("--names lists the names a condition may use, the same for every file; "
                         "drop --paytable (or drop --names to list the file's bets)")
    if names:
        report = names_report()
    else:
        catalog, _ = merged_catalog(paytables)
        report = variants_report(catalog)
    click.echo(emit(report, fmt))


# --- bet ------------------------------------------------------------------

def find_bet(name: str, paytables: tuple[str, ...] = (), commission: str | None = None) -> PayTable:
    """The bet ``name`` of the catalog and the ``--paytable`` files, or the Banker bet with ``--commission``."""
    catalog, _ = merged_catalog(paytables)
    if commission is not None:
        if name.strip().casefold() != "banker":
            raise InputError("--commission applies to the Banker bet: use 'banker'")
        return commission_banker(commission)
    return catalog.bet(name)


@click.command("bet")
@click.argument("name")
@shoe_options(lists=True)
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="A TOML file of your own pay tables (schema: docs/bets.md); NAME may be one of its bets.")
@click.option("--commission", metavar="C", help="With NAME 'banker': the exact commission, e.g. 1/25 or 4%.")
@engine_options
@format_option
@input_errors
def bet_command(name, decks, shoe_counts, remove, paytables, commission, explain, memory_budget, fmt):
    """Wizard-of-Odds-style breakdown of one bet: every pay line with its count.

    Shows each line's pays, six-card count (combinations), probability and
    return, the total return, the house edge, hit frequency and standard
    deviation. NAME is a bet key from 'exact-odds variants'.

    \b
    Examples:
      exact-odds bet dragon_bonus_player
      exact-odds bet perfect_pair --decks 6
      exact-odds bet dragon7 --decks 1,6,8,inf      # deck counts side by side
      exact-odds bet banker --commission 1/25 --format json
      exact-odds bet natural_nine --paytable my_bets.toml
      exact-odds bet all_red --shoe Ah,Kd,5c,5s,9h,2d,Qc,3h,7s,8d --explain   # which route priced it, and why
    """
    from exact_odds.cards.budget import memory_budget as memory_budget_of
    from exact_odds.punto_banco.walk import walk
    from exact_odds.report.bets import bet_report

    bet = find_bet(name, paytables, commission)
    shoes = build_shoes(decks, shoe_counts, remove)
    with memory_budget_of(memory_budget):
        if len(shoes) == 1:
            click.echo(emit(bet_report(bet.price(walk(shoes[0])), shoes[0], explain), fmt))
        else:
            from exact_odds.report.bets import bet_by_decks_report

            click.echo(emit(bet_by_decks_report([(s, bet.price(walk(s))) for s in shoes], explain), fmt))


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
    from exact_odds.punto_banco.walk import walk
    from exact_odds.report.punto_banco import distribution_report

    shoe = build_shoe(decks, shoe_counts, remove)
    click.echo(emit(distribution_report(walk(shoe), tables or None), fmt))


# --- breakeven -------------------------------------------------------------

@click.command("breakeven")
@click.argument("name")
@shoe_options(lists=True)
@click.option("--line", metavar="N|LABEL", help="The pay line whose payout is the unknown (default: the first paying line).")
@click.option("--commission", "as_commission", is_flag=True,
              help="Solve for a commission c instead: the line pays 1 - c.")
@click.option("--target-edge", "target_edge", metavar="EDGE",
              help="Solve for the payout that makes the house edge exactly EDGE (5%, 1/20 or 0.05) instead of 0.")
@click.option("--grid", "grids", multiple=True, metavar="'LINE=A..B'",
              help="Give twice: the house edge for every pair of payouts of two lines, each as LINE=A..B "
                   "(whole steps), LINE=A..B:STEP or LINE=V1,V2,...; LINE is a label or a 1-based number.")
@click.option("--exact", is_flag=True, help="With --grid: print each house edge as an exact fraction.")
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="A TOML file of your own pay tables (schema: docs/bets.md); NAME may be one of its bets.")
@format_option
@input_errors
def breakeven_command(name, decks, shoe_counts, remove, line, as_commission, target_edge, grids, exact, paytables,
                      fmt):
    """The payout (or commission) at which a bet breaks even, or has a target edge, exactly.

    The chosen line's payout becomes a symbol x (or 1 - c with --commission);
    the expected value is shown as an exact expression in it and solved for
    EV = 0 (sympy), or for a house edge of --target-edge. --grid, given
    twice, prints the exact house edge of every pair of payouts of two lines.

    \b
    Examples:
      exact-odds breakeven tie                       # the tie breaks even at 9.5091...
      exact-odds breakeven banker --commission       # the fair Banker commission
      exact-odds breakeven dragon_bonus_player --line "Win by 9" --decks 6
      exact-odds breakeven dragon7 --target-edge 5%  # the Dragon 7 payout for a 5% edge
      exact-odds breakeven tie --target-edge 4% --decks 1,6,8
      exact-odds breakeven super6_banker --grid 'Banker wins with 6=0..1:1/4' --grid '2=19/20,1'
    """
    from exact_odds.bets.breakeven import NotACommissionLineError, break_even, solve_target_edge
    from exact_odds.punto_banco.walk import walk
    from exact_odds.report import bets as reports

    bet = find_bet(name, paytables)
    if grids:
        if len(grids) != 2:
            raise InputError(f"--grid was given {len(grids)} time{'s' if len(grids) != 1 else ''}; give it twice, "
                             "one line for the rows and one for the columns")
        for other, given in (("--line", line), ("--target-edge", target_edge), ("--commission", as_commission)):
            if given:
                raise InputError(f"--grid varies payouts itself; drop {other}")
        if decks is not None and "," in decks:
            raise InputError("--grid takes one deck count; give --decks N")
        shoe = build_shoe(decks, shoe_counts, remove)
        specs = [parse_grid(g) for g in grids]
        from exact_odds.bets.breakeven import edge_grid

        grid = edge_grid(bet.price(walk(shoe)), *specs)
        click.echo(emit(reports.grid_report(grid, shoe, exact), fmt))
        return
    if exact:
        raise InputError("--exact applies to --grid (the other answers always show the exact fraction)")
    shoes = build_shoes(decks, shoe_counts, remove)
    try:
        if target_edge is not None:
            target = parse_fraction(target_edge, "--target-edge", "a house edge such as 5%, 1/20 or 0.05")
            solved = [(s, solve_target_edge(bet.price(walk(s)), target, line, as_commission)) for s in shoes]
            click.echo(emit(reports.target_edge_report(solved), fmt))
            return
        solved = [(s, break_even(bet.price(walk(s)), line, as_commission)) for s in shoes]
    except NotACommissionLineError as exc:
        raise InputError(f"{exc.bet}: line {exc.label!r} pays {exc.pays} to 1, not 1 to 1 less a commission; "
                         "--commission needs a line paying between 0 and 1 (such as Banker's 19/20); "
                         "drop --commission to solve for its payout") from None
    if len(solved) == 1:
        click.echo(emit(reports.breakeven_report(solved[0][1], solved[0][0]), fmt))
    else:
        click.echo(emit(reports.breakeven_by_decks_report(solved), fmt))


#: Most payouts one --grid axis may list (a grid is at most 10,000 cells in all).
MAX_GRID_AXIS = 1_000


def parse_grid(text: str) -> tuple[str, list]:
    """'LINE=A..B', 'LINE=A..B:STEP' or 'LINE=V1,V2,...' into (line, exact payouts)."""
    from fractions import Fraction

    line, eq, values = text.rpartition("=")
    if not eq or not line.strip() or not values.strip():
        raise InputError(f"--grid {shown(text, 60)}: give LINE=A..B, LINE=A..B:STEP or LINE=V1,V2 "
                         "(such as 'Tie=8..10')")
    expected = "a payout such as 8, 19/20 or 0.5"
    if ".." in values:
        span, colon, step_text = values.partition(":")
        low_text, _, high_text = span.partition("..")
        low = parse_fraction(low_text, "--grid", expected)
        high = parse_fraction(high_text, "--grid", expected)
        step = parse_fraction(step_text, "--grid", "a step such as 1 or 1/2") if colon else Fraction(1)
        if step <= 0:
            raise InputError(f"--grid {shown(text, 60)}: the step must be more than 0")
        if high < low:
            raise InputError(f"--grid {shown(text, 60)}: the range runs from {low} down to {high}; "
                             "give the smaller payout first")
        n = (high - low) // step + 1
        if n > MAX_GRID_AXIS:
            raise InputError(f"--grid {shown(text, 60)}: {n} payouts; at most {MAX_GRID_AXIS} per line")
        payouts = [low + k * step for k in range(int(n))]
    else:
        parts = values.split(",")
        if len(parts) > MAX_GRID_AXIS:
            raise InputError(f"--grid {shown(text, 60)}: {len(parts)} payouts; at most {MAX_GRID_AXIS} per line")
        payouts = [parse_fraction(p, "--grid", expected) for p in parts]
    key = line.strip()
    return (int(key) if key.isascii() and key.isdigit() and len(key) <= 6 else key), payouts
