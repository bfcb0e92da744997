"""The ``track`` command: exact edges for the shoe in play, coup by coup, from a log of cards seen.

It parses its options, feeds the log token by token to
:class:`exact_odds.in_play.track.table.Table` (which splits it into coups, keeps
the count and prices the value-level bets with
:func:`exact_odds.in_play.sweep.sweep.house_edges` the moment a coup is
complete, then the card-level bets one shoe at a time), and prints what
:mod:`exact_odds.report.track` makes of each event. ``track --screen`` is the ``live`` screen (:mod:`exact_odds.cli.live`).
"""

from __future__ import annotations

import sys

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.in_play import bets_option
from exact_odds.cli.live import table_bets
from exact_odds.cli.options import InputFile, not_text, shoe_options
from exact_odds.cli.information import seen_information, seen_options
from exact_odds.cli.shoe_in_play import chosen_count, count_option, start_shoe


def detail_needed(exc) -> InputError:
    """The one line for a card given with less detail than a chosen bet reads (no suit, or 0)."""
    return InputError(str(exc).replace("or drop that bet", "or drop " + ",".join(b.key for b in exc.bets)
                                       + " from --bets"))


@click.command("track")
@click.argument("log", type=InputFile(), default="-", metavar="[LOG|-]")
@shoe_options()
@bets_option
@count_option
@click.option("--format", "fmt", default="text", show_default=True, type=click.Choice(["text", "csv", "jsonl"]),
              help="One line per event as text, CSV or JSON.")
@click.option("--strict", is_flag=True, help="Stop at the first card refused (exit status 2), instead of "
                                             "naming it on stderr and going on.")
@click.option("--screen", is_flag=True, help="The live screen instead of lines (as 'exact-odds live'; "
                                             "cards typed at the keyboard, LOG not read).")
@seen_options
@input_errors
def track(log, decks, shoe_counts, remove, variant, bets, paytables, commission, count_text, fmt, strict, screen,
          group, high, value):
    """Exact edges for the shoe in play, before every coup of a dealt-shoe log.

    Reads the cards seen so far, one coup per line or free-form, from LOG
    or standard input: ranks with or without suits (5h Kd 9c, or 5 K 9), or
    values, where 0 is any ten-value card (10, J, Q or K). 'u' or 'undo'
    takes back the last card. The log is split into coups by the punto
    banco rules. It prints the exact house edge of every chosen bet for the
    full shoe at once, then for the next coup the moment a coup is complete
    (live: before that coup's first card is read), and flags bets with
    positive expectation (+EV). Every finished coup is echoed: its cards,
    totals, winner, and the running and true count of --count. A card
    refused (a token that is no card, a card the shoe cannot hold any more,
    an undo with nothing to undo) is named with its line on stderr and
    skipped, as the live screen does; --strict stops there instead (exit
    status 2). Burned cards you saw can be given with --remove.

    Card-level bets named in --bets (pairs, Lucky 8, colours) are priced
    too, on a second line after the value-level bets, exactly as 'bet' on
    the shoe left. Bets that read suits (perfect_pair, lucky8_player,
    all_red, ...) need every card with its suit; bets on ranks only
    (player_pair, player_wins_pair) take cards with or without suits, but
    not 0. A card without what a chosen bet reads is refused the same way.

    \b
    Examples:
      exact-odds track dealt.log
      exact-odds track --decks 6 --bets banker,player,tie < dealt.log
      exact-odds track --bets dragon7 --count dragon7 dealt.log
      exact-odds track --bets banker,perfect_pair,lucky8_player suited.log
      tail -f dealt.log | exact-odds track -
      exact-odds track --strict dealt.log   # stop at the first card refused
      exact-odds track --screen           # the live screen (exact-odds live)
      exact-odds track --group 1 --high 6,7,8,9 dealt.log   # an edge sorter's next card

    With --group POSITIONS --high VALUES (or --value POSITIONS), what is seen
    of the next coup's cards before the bet (docs/methods/information.md):
    under each coup's prices, one line per state seen (such as the next card
    High or Low) with every value-level bet's EV given it and the bet to make.
    """
    if screen:
        if strict:
            raise InputError("--strict applies to a log; the screen shows a card refused and goes on: drop --strict")
        from exact_odds.cli.live import run_screen

        if getattr(log, "name", "<stdin>") not in ("<stdin>", "-"):
            raise InputError("--screen reads the cards from the keyboard, not from a LOG; "
                             "drop LOG, or drop --screen to read the LOG")
        if fmt != "text":
            raise InputError(f"--screen draws a screen, not {fmt}; drop --format or --screen")

        if group or value:
            raise InputError("--group and --value show the seen states as lines; drop them or --screen")
        return run_screen(decks, shoe_counts, remove, variant, bets, paytables, commission, count_text)
    from exact_odds.in_play.track.log import LogError, read_log
    from exact_odds.in_play.track.table import CountError, Table
    from exact_odds.report.track import track_lines, track_partial_note

    seen = seen_information(group, high, value, fmt)
    keys, bets = table_bets(variant, bets, paytables, commission)
    if seen is not None and all(not b.is_value_level for b in bets):
        raise InputError("--group and --value price the value-level bets; choose some with --bets")
    start = start_shoe(decks, shoe_counts, remove)
    count = chosen_count(count_text, start, keys, bets)
    table = Table(start, bets, count)
    lines = track_lines(fmt, start, keys, bets, count)
    for line in lines.header():
        click.echo(line)
    if reading_a_terminal(log):
        click.echo("reading the cards dealt from the terminal (5h Kd 9c ... or 5 K 9, 0 for any ten-value card, "
                   "u to undo); end with Ctrl-D, or give a LOG file", err=True)

    def skipped(exc) -> None:
        sys.stdout.flush()  # the lines before it first
        click.echo(f"exact-odds track: {refused(exc).message}; skipped it (--strict stops here)", err=True)

    try:
        for kind, item in table.enter_all(read_log(log, strict), None if strict else skipped):
            running = table.running if count is not None else None
            if kind == "before":
                line = lines.before(table.prices)
                if line is not None:  # card-level bets alone have no value-level line
                    click.echo(line)
                if seen is not None:
                    show_seen(table, seen, item, fmt)
            elif kind == "cards":
                click.echo(lines.cards(item))
            elif kind == "coup":
                click.echo(lines.coup(item, running, table.true_count))
            elif kind == "undo":
                click.echo(lines.undo(item, running, table.true_count))
            elif kind == "partial":
                click.echo(track_partial_note(table.splitter.number, item), err=True)
    except (LogError, CountError) as exc:
        raise refused(exc) from None
    except UnicodeDecodeError:
        raise not_text(log) from None


def show_seen(table, seen, coup: int, fmt: str) -> None:
    """Under a coup's prices: every seen state of that coup, each value-level bet's EV given it."""
    from exact_odds.information.play import information_play
    from exact_odds.information.seen import InformationError
    from exact_odds.report.information import SEEN_FORMATS

    try:
        play = information_play(table.in_play.shoe(), seen, table.value_bets)
    except InformationError as exc:
        raise InputError(str(exc)) from None
    for line in SEEN_FORMATS[fmt](play, coup):
        click.echo(line)


def refused(exc) -> InputError:
    """The one line for a token of the log refused (a LogError of the table, or a CountError)."""
    from exact_odds.in_play.track.log import ShoeRunsOut
    from exact_odds.in_play.track.table import DetailNeeded

    if isinstance(exc, ShoeRunsOut):
        return InputError(f"line {exc.line}: only {exc.remaining} cards remain before this coup; "
                          "a shoe needs 6 to deal one (is the log from a bigger shoe? use --decks)")
    if isinstance(exc, DetailNeeded):
        return detail_needed(exc)
    return InputError(str(exc))


def reading_a_terminal(stream) -> bool:
    """Whether ``stream`` is a terminal: track then waits for typed cards, and says so."""
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
