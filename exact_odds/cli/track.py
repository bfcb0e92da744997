"""The ``track`` command: exact edges for the shoe in play, coup by coup, from a log of cards seen.

It parses its options, reads the log through :mod:`exact_odds.in_play.log`,
prices the bets with :func:`exact_odds.in_play.sweep.house_edges`, and prints
what :mod:`exact_odds.report.track` makes of each coup.
"""

from __future__ import annotations

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.in_play import bets_option, chosen_bets
from exact_odds.cli.options import InputFile, build_shoe, not_text, shoe_options


@click.command("track")
@click.argument("log", type=InputFile(), default="-", metavar="[LOG|-]")
@shoe_options()
@bets_option
@click.option("--format", "fmt", default="text", show_default=True, type=click.Choice(["text", "csv", "jsonl"]),
              help="One line per coup as text, CSV or JSON.")
@input_errors
def track(log, decks, shoe_counts, remove, variant, bets, paytables, commission, fmt):
    """Exact edges for the shoe in play, before every coup of a dealt-shoe log.

    Reads the cards seen so far (5h Kd 9c ..., or ranks only: 5 K 9), one
    coup per line or free-form, from LOG or standard input (live: a line is
    printed as soon as a coup is complete). The log is split into coups by
    the punto banco rules. Before each coup it prints the exact house edge
    of every chosen bet for the cards left, and flags those with positive
    expectation (+EV). A card the shoe cannot hold any more stops it with the
    line number. Burned cards you saw can be given with --remove.

    \b
    Examples:
      exact-odds track dealt.log
      exact-odds track --decks 6 --bets banker,player,tie < dealt.log
      tail -f dealt.log | exact-odds track -
    """
    from exact_odds.in_play.dealing import FiniteShoeNeeded
    from exact_odds.in_play.log import LogError, ShoeInPlay, ShoeRunsOut, coups_from_log, read_log
    from exact_odds.in_play.sweep import house_edges
    from exact_odds.report.track import track_lines, track_partial_note

    keys, bets = chosen_bets(variant, bets, paytables, commission)
    start = build_shoe(decks, shoe_counts, remove)
    try:
        in_play = ShoeInPlay(start)
    except FiniteShoeNeeded as exc:
        raise InputError(f"{exc}; use --decks N or --shoe") from None
    lines = track_lines(fmt, start, keys, bets)
    for line in lines.header():
        click.echo(line)
    if reading_a_terminal(log):
        click.echo("reading the cards dealt from the terminal (5h Kd 9c ... or 5 K 9); "
                   "end with Ctrl-D, or give a LOG file", err=True)
    number = 0
    try:
        for kind, item in coups_from_log(read_log(log), in_play):
            if kind == "before":
                number = item
                shoe = in_play.shoe()
                click.echo(lines.coup(item, shoe.size, house_edges(shoe, bets)))
            elif kind == "partial":
                click.echo(track_partial_note(number, item), err=True)
    except ShoeRunsOut as exc:
        raise InputError(f"line {exc.line}: only {exc.remaining} cards remain before this coup; "
                         "a shoe needs 6 to deal one (is the log from a bigger shoe? use --decks)") from None
    except LogError as exc:
        raise InputError(str(exc)) from None
    except UnicodeDecodeError:
        raise not_text(log) from None


def reading_a_terminal(stream) -> bool:
    """Whether ``stream`` is a terminal: track then waits for typed cards, and says so."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


