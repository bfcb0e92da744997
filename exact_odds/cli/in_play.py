"""Commands for the shoe in play: ``sweep`` and ``eor``, and what ``track`` and ``simulate`` share.

Each parses its options, calls the library (:mod:`exact_odds.in_play`:
sweep, removal, dealing, simulation), and prints what
:mod:`exact_odds.report.in_play` makes of the result. The progress bar of
the long runs is drawn here, on standard error when it is a terminal.
"""

from __future__ import annotations

import os
import sys
from contextlib import contextmanager
from itertools import chain
from typing import Callable, Iterable, Iterator

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.options import (MAX_DECKS, InputFile, WholeNumber, build_shoe, format_option, not_text,
                                    quiet_option, shoe_options)
from exact_odds.report.emit import emit


def bets_option(fn):
    """--variant, --bets, --paytable and --commission (as for ``edge``); value-level bets only."""
    from exact_odds.cli.bets import bet_options

    return bet_options(fn)


def jobs_option(fn):
    """--jobs N (local processes) and --scheduler ADDRESS (a Dask cluster), given to the
    command as one ``jobs`` value (an int, or :class:`~exact_odds.in_play.workers.executors.Dask`)."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args, jobs, scheduler, **kwargs):
        from exact_odds.in_play.workers.executors import Dask, SchedulerError

        if scheduler is not None:
            if jobs != 1:
                raise InputError("--jobs and --scheduler: give one (--jobs N runs N processes here, "
                                 "--scheduler runs on the Dask cluster's workers)")
            try:
                jobs = Dask(scheduler)
            except SchedulerError as exc:
                raise InputError(f"--scheduler: {exc}") from None
        try:
            return fn(*args, jobs=jobs, **kwargs)
        except SchedulerError as exc:
            raise InputError(f"--scheduler: {exc}") from None

    wrapper = click.option(
        "--scheduler", metavar="ADDRESS", default=None,
        help="Run on the Dask cluster whose scheduler is at ADDRESS (tcp://host:8786) instead of local "
             "processes; needs pip install \"exact_odds[dask]\" (see docs/cluster.md).")(wrapper)
    return click.option("--jobs", default=1, show_default=True, type=WholeNumber(1, MAX_JOBS), metavar="N",
                        help=f"Worker processes (this machine has {os.cpu_count() or 1} cores).")(wrapper)


#: Most worker processes: --jobs 100000 would fork that many processes at once.
MAX_JOBS = 64


def chosen_bets(variant, bet_keys, paytables, commission, card_level: bool = False):
    """(keys, pay tables) chosen as ``edge`` chooses them, keeping value-level bets
    (:func:`~exact_odds.bets.selection.select_value_level`); card-level bets left
    out of ``--bets all`` are named in a note on stderr. With ``card_level`` (``sweep``),
    card-level bets named or in the variant are kept (priced one shoe at a time);
    ``--bets all`` still leaves them out (some take minutes a shoe)."""
    from exact_odds.cli.bets import select_from_options
    from exact_odds.bets.selection import select_value_level

    select = _with_card_level if card_level else select_value_level
    chosen = select_from_options(variant, bet_keys, paytables, commission, select)
    if chosen.left_out:
        more = "; name them with --bets to price them one shoe at a time" if card_level else ""
        click.echo("note: left out (they need ranks or suits, not only card values): "
                   + ", ".join(b.name for b in chosen.left_out) + more, err=True)
    return list(chosen.keys), chosen.bets


def _with_card_level(variant, bets, paytables, commission):
    """:func:`~exact_odds.bets.selection.select_bets`, as a ``ValueLevelSelection``; with
    ``all``, :func:`~exact_odds.bets.selection.select_value_level` (card-level bets left out)."""
    from exact_odds.bets.selection import ALL, ValueLevelSelection, select_bets, select_value_level, unique_keys

    if bets is not None and [k.casefold() for k in bets] == [ALL]:
        return select_value_level(variant, bets, paytables, commission)
    chosen = tuple(select_bets(variant, bets, paytables, commission))
    return ValueLevelSelection(chosen, unique_keys(chosen), ())


@contextmanager
def progress_bar(length: int, label: str, quiet: bool = False) -> Iterator[Callable[[int], None] | None]:
    """A progress bar with the time left on standard error when it is a terminal and not ``quiet``:
    yields its update (or None). The display: :mod:`exact_odds.progress`."""
    from exact_odds.progress import bar

    with bar(label, length, quiet) as advance:
        yield advance


# --- sweep ---------------------------------------------------------------------

@click.command("sweep")
@click.argument("source", type=InputFile(), metavar="FILE|-")
@bets_option
@click.option("--format", "fmt", default="csv", show_default=True, type=click.Choice(["csv", "jsonl"]),
              help="CSV with a header row, or one JSON object per line.")
@click.option("--output", "-o", type=click.Path(dir_okay=False), metavar="PATH",
              help="Write here (all at once, at the end) instead of standard output.")
@jobs_option
@quiet_option
@input_errors
def sweep(source, variant, bets, paytables, commission, fmt, output, jobs, quiet):
    """Exact counts and house edges for many shoes, one shoe per line.

    Each input line holds 13 rank counts A,2,...,10,J,Q,K separated by
    commas, or 52 rank-suit counts As,Ah,Ad,Ac,2s,... (blank lines and #
    comments are skipped). Each output row, in input order, has the input
    line number, the six-card counts of Banker wins, Player wins and ties
    and their total N(N-1)...(N-5), then for each bet its exact house edge
    (p/q) and the same in percent (10 decimals). Pair and suit bets named
    with --bets are priced one shoe at a time (with the suits of a 52-count
    line; on a 13-count line, averaged over the unknown suits, as noted).
    Every line is checked (the first bad one is named, and nothing is
    written); nothing is written unless every shoe is done.

    \b
    Examples:
      exact-odds sweep shoes.txt
      exact-odds sweep - --bets banker,tie --format jsonl < shoes.txt
      exact-odds sweep shoes.txt --jobs 2 -o edges.csv
      exact-odds sweep suited.txt --bets banker,perfect_pair
      exact-odds sweep shoes.txt --scheduler tcp://127.0.0.1:8786 -o edges.csv
    """
    from functools import partial

    from exact_odds.in_play.sweep.sweep import (SweepBytes, SweepError, SweepShoeTooLarge, check_sweep_lines,
                                                split_bets, sweep_text_chunks)
    from exact_odds.in_play.sweep.sweep_bytes import read_plain
    from exact_odds.report.in_play import sweep_header, sweep_rows

    keys, bets = chosen_bets(variant, bets, paytables, commission, card_level=True)
    if output is not None:
        check_output(output)
    max_cards = 52 * MAX_DECKS
    try:
        # a plain file (value-level bets) read whole and its lines read in the workers, any other
        # checked line by line first
        lines = source if split_bets(bets)[1] else read_plain(source)
        if not isinstance(lines, SweepBytes):
            lines = check_sweep_lines(lines, max_cards=max_cards)
            _suits_note(bets, lines)
        with progress_bar(len(lines), "shoes", quiet) as progress:
            # read, priced and formatted in the workers, chunk by chunk (the parent checks and writes)
            # (as bytes for a file: written as the workers made them)
            chunks = sweep_text_chunks(lines, bets, partial(sweep_rows, fmt, keys, encoded=output is not None), jobs,
                                       progress, max_cards=max_cards)
            if output is None:
                text = sweep_header(fmt, keys) + "".join(chunks)
            else:  # each chunk into the file's stand-in as it comes (replacing the file at the end)
                write_output(output, chain([sweep_header(fmt, keys)], chunks))
    except SweepShoeTooLarge as exc:
        raise InputError(f"line {exc.line}: at most 52 x 10^18 cards (10^18 decks); "
                         "for the limit use --decks inf") from None
    except SweepError as exc:
        raise InputError(str(exc)) from None
    except UnicodeDecodeError:
        raise not_text(source) from None
    if output is None:
        click.echo(text, nl=False)


def _suits_note(bets, lines) -> None:
    """A note on stderr when a suit bet is priced on lines of 13 rank counts (CSV has no column
    for it; each JSON line also states it in ``assumptions``)."""
    suit_bets = [b.name for b in bets if b.uses_suits]
    if suit_bets and any(isinstance(t, tuple) and len(t) == 13 or isinstance(t, str) and
                                          t.count(",") == 12 for _, t in lines):
        click.echo(f"note: lines of 13 rank counts have no suits: {', '.join(suit_bets)} there are exact "
                   "averages over every way the suits could fall, the shoe taken as built from the fewest whole "
                   "decks that hold it (docs/methods/suits.md); give 52 rank-suit counts to price the suits "
                   "themselves", err=True)


def check_output(output: str) -> None:
    """Refuse an --output path that cannot be written, before any work is done."""
    from exact_odds.files import OutputError, check_writable

    try:
        check_writable(output)
    except OutputError as exc:
        raise InputError(f"--output: {exc}; give a file in a folder you can write to") from None


def write_output(output: str, text: "str | Iterable[str]") -> None:
    """Write ``text`` (or the chunks of text it yields) to ``output`` through :mod:`exact_odds.files` (atomic
    for a regular file, straight through to a device or FIFO, a symlink followed); a failure leaves the old
    file, and is one line, exit 1."""
    from exact_odds.files import OutputError, write_chunks, write_text

    try:
        if isinstance(text, str):
            write_text(output, text)
        else:
            write_chunks(output, text)
    except OutputError as exc:  # the path changed since it was checked
        raise InputError(f"--output: {exc}") from None
    except OSError as exc:
        click.echo(f"exact-odds: error: cannot write {output!r} ({exc.strerror or exc})", err=True)
        sys.exit(1)


# --- eor ---------------------------------------------------------------------

@click.command("eor")
@shoe_options()
@bets_option
@click.option("--level", default=2, show_default=True, type=WholeNumber(1, 100), metavar="L",
              help="Largest tag of the derived linear count (tags are rounded to -L..L; with --balanced, 1 to 8).")
@click.option("--balanced", is_flag=True,
              help="Derive balanced counts instead: the integer tags within -L..L, adding up to 0 over a deck "
                   "(10, J, Q, K tagged alike), with the highest betting correlation, by an exact search.")
@click.option("--exact", is_flag=True, help="Show the exact fractions beside the percentages.")
@format_option
@input_errors
def eor(decks, shoe_counts, remove, variant, bets, paytables, commission, level, balanced, exact, fmt):
    """Effect of removal: how each bet's house edge changes when one card goes.

    For each rank, the exact change in each bet's house edge when one card of
    that rank is removed from the shoe (positive: worse for the bettor), in
    percentage points. Then a linear count per bet: integer tags
    proportional to minus the EOR (a card whose removal helps the bettor
    counts +), rounded so the largest is --level, and the count's betting
    correlation (Pearson, over the cards of the shoe).

    With --balanced, each count is balanced instead (its tags add up to 0
    over a deck, so its true count is the running count per deck left): of
    every set of integer tags within -L..L, 10-K tagged alike, the one with
    the highest betting correlation over a deck's cards, found by an exact
    search (a dynamic programme over the tags' sum and sum of squares;
    docs/methods/balanced-counts.md).

    \b
    Examples:
      exact-odds eor                       # 8 decks, Banker, Player, Tie
      exact-odds eor --bets tie --exact
      exact-odds eor --decks 6 --format json
      exact-odds eor --remove 5,5,9 --level 3
      exact-odds eor --bets dragon7,big_tiger --balanced
    """
    from exact_odds.in_play.dealing import FiniteShoeNeeded
    from exact_odds.in_play.simulate.removal import effect_of_removal, linear_count
    from exact_odds.report.in_play import eor_report

    keys, bets = chosen_bets(variant, bets, paytables, commission)
    shoe = build_shoe(decks, shoe_counts, remove)
    try:
        result = effect_of_removal(shoe, bets)
    except FiniteShoeNeeded as exc:
        raise InputError(f"{exc}; use --decks N or --shoe") from None
    if balanced:
        from exact_odds.in_play.simulate.balanced import MAX_BALANCED_LEVEL, balanced_count
        from exact_odds.rules.shoe import ShoeError

        if level > MAX_BALANCED_LEVEL:
            raise InputError(f"--level: a balanced count's level is 1 to {MAX_BALANCED_LEVEL} (its exact search "
                             f"grows as the level to the fourth), not {level}")
        try:
            counts = [balanced_count(row, level) for row in result.eor]
        except ShoeError as exc:
            raise InputError(f"--balanced: {exc}") from None
    else:
        counts = [linear_count(row, shoe.ranks, level) for row in result.eor]
    click.echo(emit(eor_report(result, counts, level, exact, balanced), fmt))
