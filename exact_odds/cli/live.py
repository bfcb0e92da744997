"""The ``live`` command (also ``track --screen``): the shoe in play on a terminal screen redrawn in place.

It parses the same shoe, bet and count options as ``track``, builds an
:class:`exact_odds.in_play.track.table.Table`, and runs the textual app of
:mod:`exact_odds.live.screen` on it. Without a terminal, or in one too
small, it says so in one line (exit status 2).
"""

from __future__ import annotations

import shutil
import sys

import click

from exact_odds.cli.app import InputError, Interrupted, input_errors
from exact_odds.cli.in_play import bets_option
from exact_odds.cli.options import shoe_options
from exact_odds.cli.shoe_in_play import chosen_count, count_option, start_shoe


def table_bets(variant, bet_keys, paytables, commission):
    """(keys, pay tables) chosen as ``edge`` chooses them, card-level bets included when named
    (:func:`~exact_odds.bets.selection.select_one_shoe`); those left out of ``--bets all`` are named
    in a note on stderr."""
    from exact_odds.bets.selection import select_one_shoe
    from exact_odds.cli.bets import select_from_options

    chosen = select_from_options(variant, bet_keys, paytables, commission, select_one_shoe)
    if chosen.left_out:
        click.echo("note: --bets all leaves out the card-level bets (they read ranks or suits; name them in "
                   "--bets to price them): " + ", ".join(b.name for b in chosen.left_out), err=True)
    return list(chosen.keys), chosen.bets


def on_a_terminal() -> bool:
    """Whether standard input and output are both a terminal (the screen needs keys and a display)."""
    try:
        return sys.stdin is not None and sys.stdout is not None and sys.stdin.isatty() and sys.stdout.isatty()
    except (AttributeError, ValueError):
        return False


def run_screen(decks, shoe_counts, remove, variant, bets, paytables, commission, count_text) -> None:
    """Check the options and the terminal, then run the screen until q or Ctrl-C."""
    try:
        from exact_odds.live.screen import MIN_SIZE, LiveScreen, too_small_text
    except ImportError:
        raise InputError("the live screen needs textual: pip install 'exact_odds[live]' (or pip install textual); "
                         "'exact-odds track' needs nothing") from None
    from exact_odds.in_play.track.table import Table

    keys, bets = table_bets(variant, bets, paytables, commission)
    start = start_shoe(decks, shoe_counts, remove)
    count = chosen_count(count_text, start, keys, bets)
    if not on_a_terminal():
        raise InputError("the live screen needs a terminal (standard input and output); "
                         "to read a log or a pipe use 'exact-odds track'")
    width, height = shutil.get_terminal_size((0, 0))
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        raise InputError(too_small_text(width, height))
    table = Table(start, bets, count)
    app = LiveScreen(table, keys, f"Punto banco, {start.describe()}: exact house edges for the next coup")
    app.run()
    coups = len(table.coups)
    click.echo(f"live: {coups} coup{'s' if coups != 1 else ''}, {table.in_play.seen} cards seen, "
               f"{table.cards_left} left", err=True)
    if app.return_code == LiveScreen.INTERRUPTED:
        raise Interrupted()


@click.command("live")
@shoe_options()
@bets_option
@count_option
@input_errors
def live(decks, shoe_counts, remove, variant, bets, paytables, commission, count_text):
    """The shoe in play on a terminal screen, one key per card.

    Shows the cards left by value, the running and true count of --count,
    the chosen bets sorted by exact house edge with +EV highlighted, the
    last coup and the keys. Keys: 0 for any ten-value card, 1 (or a) for an
    ace, 2-9; t, j, Q, k for the ten-value ranks; then s, h, d or c for the
    suit of that card, if you see it; u or Backspace takes back
    the last card; q quits (Ctrl-C too, with exit status 130 as for every
    command). Card-level bets named in --bets (pairs, Lucky 8, colours) are
    shown too; with a bet that reads suits, each card key waits for its
    suit key. The edges of the next coup are shown the moment a coup is
    complete. Needs textual (pip install
    'exact_odds[live]'); for a log or a pipe use 'exact-odds track'.

    \b
    Examples:
      exact-odds live                               # 8 decks, Banker, Player, Tie
      exact-odds live --variant ez --count dragon7
      exact-odds live --decks 6 --count 1,1,1,2,-1,-2,-1,-1,0,0,0,0,0
    """
    run_screen(decks, shoe_counts, remove, variant, bets, paytables, commission, count_text)
