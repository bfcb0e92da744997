"""Commands for the shoe in play: ``sweep``, ``eor``, ``track`` and ``simulate``.

Each parses its options, calls the library (:mod:`exact_odds.in_play`:
sweep, removal, dealing, simulation), and prints what
:mod:`exact_odds.report.in_play` makes of the result. The progress bar of
the long runs is drawn here, on standard error when it is a terminal.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from typing import TYPE_CHECKING, Callable, Iterator

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.options import MAX_DECKS, InputFile, build_shoe, format_option, not_text, shoe_options
from exact_odds.report.emit import emit

if TYPE_CHECKING:
    from exact_odds.report.plot import PlotError


def bets_option(fn):
    """--variant, --bets, --paytable and --commission (as for ``edge``); value-level bets only."""
    from exact_odds.cli.bets import bet_options

    return bet_options(fn)


def jobs_option(fn):
    return click.option("--jobs", default=1, show_default=True, type=click.IntRange(1, MAX_JOBS), metavar="N",
                        help=f"Worker processes (this machine has {os.cpu_count() or 1} cores).")(fn)


#: Most worker processes: --jobs 100000 would fork that many processes at once.
MAX_JOBS = 64


def chosen_bets(variant, bet_keys, paytables, commission):
    """(keys, pay tables) chosen as ``edge`` chooses them, keeping value-level bets
    (:func:`~exact_odds.bets.selection.select_value_level`); card-level bets left
    out of ``--bets all`` are named in a note on stderr."""
    from exact_odds.cli.bets import select_from_options
    from exact_odds.bets.selection import select_value_level

    chosen = select_from_options(variant, bet_keys, paytables, commission, select_value_level)
    if chosen.left_out:
        click.echo("note: left out (they need ranks or suits, not only card values): "
                   + ", ".join(b.name for b in chosen.left_out), err=True)
    return list(chosen.keys), chosen.bets


@contextmanager
def progress_bar(length: int, label: str) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on standard error when it is a terminal: yields its update (or None)."""
    if not sys.stderr.isatty():
        yield None
        return
    with click.progressbar(length=length, label=label, file=sys.stderr) as bar:
        yield bar.update


# --- sweep ---------------------------------------------------------------------

@click.command("sweep")
@click.argument("source", type=InputFile(), metavar="FILE|-")
@bets_option
@click.option("--format", "fmt", default="csv", show_default=True, type=click.Choice(["csv", "jsonl"]),
              help="CSV with a header row, or one JSON object per line.")
@click.option("--output", "-o", type=click.Path(dir_okay=False), metavar="PATH",
              help="Write here (all at once, at the end) instead of standard output.")
@jobs_option
@input_errors
def sweep(source, variant, bets, paytables, commission, fmt, output, jobs):
    """Exact counts and house edges for many shoes, one shoe per line.

    Each input line holds 13 rank counts A,2,...,10,J,Q,K separated by
    commas (blank lines and # comments are skipped). Each output row, in
    input order, has the input line number, the six-card counts of Banker
    wins, Player wins and ties and their total N(N-1)...(N-5), then for each
    bet its exact house edge (p/q) and the same in percent (10 decimals).
    Every line is checked before anything is computed, and nothing is
    written unless every shoe is done.

    \b
    Examples:
      exact-odds sweep shoes.txt
      exact-odds sweep - --bets banker,tie --format jsonl < shoes.txt
      exact-odds sweep shoes.txt --jobs 2 -o edges.csv
    """
    from exact_odds.in_play.sweep import SweepError, SweepShoeTooLarge, parse_sweep, price_shoes
    from exact_odds.report.in_play import sweep_text

    keys, bets = chosen_bets(variant, bets, paytables, commission)
    if output is not None:
        check_output(output)
    try:
        lines = parse_sweep(source, max_cards=52 * MAX_DECKS)
    except SweepShoeTooLarge as exc:
        raise InputError(f"line {exc.line}: at most 52 x 10^18 cards (10^18 decks); "
                         "for the limit use --decks inf") from None
    except SweepError as exc:
        raise InputError(str(exc)) from None
    except UnicodeDecodeError:
        raise not_text(source) from None
    with progress_bar(len(lines), "shoes") as progress:
        prices = price_shoes([shoe for _, shoe in lines], bets, jobs, progress)
    text = sweep_text(fmt, keys, [number for number, _ in lines], prices)
    if output is None:
        click.echo(text, nl=False)
    else:
        write_output(output, text)


def check_output(output: str) -> None:
    """Refuse an --output path that cannot be written, before any work is done."""
    from exact_odds.files import OutputError, check_writable

    try:
        check_writable(output)
    except OutputError as exc:
        raise InputError(f"--output: {exc}; give a file in a folder you can write to") from None


def write_output(output: str, text: str) -> None:
    """Write ``text`` to ``output`` through :mod:`exact_odds.files` (atomic for a regular file, straight
    through to a device or FIFO, a symlink followed); a failure leaves the old file, and is one line, exit 1."""
    from exact_odds.files import OutputError, write_text

    try:
        write_text(output, text)
    except OutputError as exc:  # the path changed since it was checked
        raise InputError(f"--output: {exc}") from None
    except OSError as exc:
        click.echo(f"exact-odds: error: cannot write {output!r} ({exc.strerror or exc})", err=True)
        sys.exit(1)


# --- eor ---------------------------------------------------------------------

@click.command("eor")
@shoe_options()
@bets_option
@click.option("--level", default=2, show_default=True, type=click.IntRange(1, 100), metavar="L",
              help="Largest tag of the derived linear count (tags are rounded to -L..L).")
@click.option("--exact", is_flag=True, help="Show the exact fractions beside the percentages.")
@format_option
@input_errors
def eor(decks, shoe_counts, remove, variant, bets, paytables, commission, level, exact, fmt):
    """Effect of removal: how each bet's house edge changes when one card goes.

    For each rank, the exact change in each bet's house edge when one card of
    that rank is removed from the shoe (positive: worse for the bettor), in
    percentage points. Then a linear count per bet: integer tags
    proportional to minus the EOR (a card whose removal helps the bettor
    counts +), rounded so the largest is --level, and the count's betting
    correlation (Pearson, over the cards of the shoe).

    \b
    Examples:
      exact-odds eor                       # 8 decks, Banker, Player, Tie
      exact-odds eor --bets tie --exact
      exact-odds eor --decks 6 --format json
      exact-odds eor --remove 5,5,9 --level 3
    """
    from exact_odds.in_play.dealing import FiniteShoeNeeded
    from exact_odds.in_play.removal import effect_of_removal, linear_count
    from exact_odds.report.in_play import eor_report

    keys, bets = chosen_bets(variant, bets, paytables, commission)
    shoe = build_shoe(decks, shoe_counts, remove)
    try:
        result = effect_of_removal(shoe, bets)
    except FiniteShoeNeeded as exc:
        raise InputError(f"{exc}; use --decks N or --shoe") from None
    counts = [linear_count(row, shoe.ranks, level) for row in result.eor]
    click.echo(emit(eor_report(result, counts, level, exact), fmt))


# --- track -------------------------------------------------------------------

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
    from exact_odds.in_play.dealing import (FiniteShoeNeeded, LogError, ShoeInPlay, ShoeRunsOut, coups_from_log,
                                            read_log)
    from exact_odds.in_play.sweep import house_edges
    from exact_odds.report.in_play import track_lines, track_partial_note

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


# --- simulate ----------------------------------------------------------------

#: Largest shoe ``simulate`` deals. The time per shoe grows faster than the
#: decks (each coup is priced exactly on ever larger integers): measured on
#: the 2-core reference machine, 8 decks ~0.5 s, 100 decks ~8 s, 400 decks
#: ~45 s, so 100,000 decks would run for hours with no sign of life.
MAX_SIMULATED_DECKS = 100

#: Most shoes ``simulate`` deals: about six days of one job at 8 decks. The
#: per-shoe seeds are drawn up front (so --jobs changes nothing), and 10**11
#: of them would exhaust memory before the first shoe was dealt.
MAX_SIMULATED_SHOES = 1_000_000

@click.command("simulate")
@click.option("--shoes", default=100, show_default=True, type=click.IntRange(1, MAX_SIMULATED_SHOES), metavar="N",
              help="Number of shoes to deal (an 8-deck shoe takes about 0.5 s per job).")
@click.option("--decks", default=8, show_default=True, type=int, metavar="D",
              help=f"Decks per shoe, 1 to {MAX_SIMULATED_DECKS} (every coup is priced exactly; "
                   f"one shoe of {MAX_SIMULATED_DECKS} decks takes about 10 s).")
@click.option("--seed", default=1, show_default=True, type=int, metavar="S",
              help="Seed of the run; each shoe gets its own seed derived from it.")
@click.option("--burn", default="none", show_default=True, type=click.Choice(["none", "face-value"]),
              help="Burn rule: none, or face-value (turn the first card, burn that many more face down; "
                   "10-K count 10).")
@click.option("--plot", "plot_path", metavar="FILE.png|FILE.svg",
              help="Also draw each bet's house edge by cards left into this file (needs matplotlib, "
                   "the project's 'plot' extra).")
@bets_option
@jobs_option
@format_option
@input_errors
def simulate(shoes, decks, seed, burn, plot_path, variant, bets, paytables, commission, jobs, fmt):
    """Deal seeded shuffled shoes and price every bet exactly before every coup.

    Each shoe is shuffled with its own seed (derived from --seed, so --jobs
    does not change the result), dealt by the punto banco rules until the
    cut card, placed before the seventh-last card, comes out (that coup is
    the last). Before every coup each bet's exact expected value is computed
    for the cards the bettor has not seen. Reports, per bet, how often the
    expectation was positive, the average gain per shoe of betting one unit
    only then (its exact expectation, and what the dealt coups paid), and
    the house edge by cards remaining.

    \b
    Examples:
      exact-odds simulate --shoes 1000 --decks 8 --seed 7 --jobs 2
      exact-odds simulate --shoes 200 --bets tie --burn face-value
      exact-odds simulate --shoes 50 --format json
      exact-odds simulate --shoes 200 --bets dragon7,panda8 --plot edge.svg
    """
    from exact_odds.in_play.simulation import simulate as run_simulation
    from exact_odds.report.in_play import simulation_report
    from exact_odds.report.plot import PlotError, check_plot_path, plot_edges

    try:  # before any simulating, so a bad path cannot lose the results at the end
        plot_file = check_plot_path(plot_path) if plot_path is not None else None
    except PlotError as exc:
        raise InputError(plot_message(exc)) from None

    if decks < 1:
        raise InputError(f"--decks must be a whole number from 1 to {MAX_SIMULATED_DECKS}, not {decks}")
    if decks > MAX_SIMULATED_DECKS:
        raise InputError(f"--decks {decks} is too many to simulate: at most {MAX_SIMULATED_DECKS} decks per shoe "
                         "(every coup is priced exactly; for one large shoe use 'exact-odds edge --decks N')")
    keys, bets = chosen_bets(variant, bets, paytables, commission)
    with progress_bar(shoes, "shoes") as progress:
        result = run_simulation(shoes, decks, seed, bets, burn, jobs, progress)
    click.echo(emit(simulation_report(result), fmt))
    if plot_file is not None:  # after the results are out: a failure to write it loses nothing else
        try:
            plot_edges(result, plot_file)
        except PlotError as exc:
            sys.stdout.flush()
            click.echo(f"exact-odds: error: {plot_message(exc)}", err=True)
            sys.exit(1)


def plot_message(exc: "PlotError") -> str:
    """A plot error as an error of --plot."""
    if exc.path is None:
        return f"--plot needs {exc.reason}"
    if repr(exc.path) in exc.reason:  # the reason names the file already
        return f"--plot: {exc.reason}"
    return f"--plot {exc.path!r}: {exc.reason}"
