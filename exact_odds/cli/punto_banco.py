"""Punto banco commands: ``edge``."""

from __future__ import annotations

import sys

import click

from exact_odds.cli.app import input_errors
from exact_odds.cli.options import build_shoes, engine_options, format_option, shoe_options
from exact_odds.report.emit import emit

#: From this many bets that read ranks or suits, ``edge`` says on a terminal that it takes seconds.
CARD_LEVEL_NOTE = 10


def on_terminal() -> bool:
    return sys.stderr.isatty()


@click.command("edge")
@shoe_options(lists=True)
@click.option("--variant", metavar="NAME", help="Price one variant's bets (see 'exact-odds variants').")
@click.option("--bets", metavar="KEYS|all",
              help="Comma-separated bet keys (see 'exact-odds variants'), or 'all' for the whole catalog.")
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="A TOML file of your own pay tables (schema: docs/bets.md); repeatable.")
@click.option("--commission", metavar="C",
              help="Price the Banker bet with this exact commission: 1/25, 4% or 0.04 (a Banker win pays 1 - C).")
@click.option("--exact", is_flag=True, help="Show exact fractions beside the decimals.")
@engine_options
@format_option
@input_errors
def edge(decks, shoe_counts, remove, variant, bets, paytables, commission, exact, explain, memory_budget, fmt):
    """House edge of the bets of a variant, the catalog or your pay tables, for one shoe.

    Walks every coup of the shoe once (exact integers, six-card convention)
    and prices every chosen bet on that one walk. Default: the standard
    variant, Banker (19/20), Player (1:1) and Tie (8:1).

    \b
    Examples:
      exact-odds edge --decks 8
      exact-odds edge --decks inf --exact
      exact-odds edge --decks 1,6,8,inf --variant ez   # deck counts side by side
      exact-odds edge --shoe 32,32,32,32,32,32,32,32,32,32,32,32,32 --remove 5,5,K,A
      exact-odds edge --variant ez --format json
      exact-odds edge --bets all --decks 6
      exact-odds edge --commission 1/25
      exact-odds edge --paytable my_bets.toml
      exact-odds edge --bets lucky8_player,dragon7 --remove 5h,Kd,9c --explain   # which route priced each
    """
    from exact_odds.bets.analysis import analyse
    from exact_odds.report.punto_banco import analysis_by_decks_report, analysis_report
    from exact_odds.cli.bets import select_from_options
    from exact_odds.cards.budget import memory_budget as memory_budget_of

    chosen = select_from_options(variant, bets, paytables, commission)
    shoes = build_shoes(decks, shoe_counts, remove)
    card_level = sum(not bet.is_value_level for bet in chosen)
    if card_level >= CARD_LEVEL_NOTE and on_terminal():
        click.echo(f"note: {card_level} of these bets read ranks or suits and are priced card by card (the whole "
                   "catalog takes about 8 s of CPU a shoe)", err=True)
    with memory_budget_of(memory_budget):
        if len(shoes) == 1:
            click.echo(emit(analysis_report(analyse(shoes[0], chosen), exact, explain), fmt))
        else:
            click.echo(emit(analysis_by_decks_report([analyse(s, chosen) for s in shoes], exact, explain), fmt))
