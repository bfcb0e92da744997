"""Commands for the shoe in play: ``sweep``, ``eor``, ``track`` and ``simulate``.

Thin layers over :mod:`exact_odds.fast` (the compiled walk and the
:class:`~exact_odds.fast.Pricer`), :mod:`exact_odds.removal`,
:mod:`exact_odds.play` and :mod:`exact_odds.simulation`.
"""

from __future__ import annotations

import csv
import io
import json
import os
import sys
import tempfile
from contextlib import contextmanager
from typing import Callable, Iterator
from fractions import Fraction

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.options import InputFile, build_shoe, check_shoe_size, format_option, not_text, shoe_options
from exact_odds.rules.deal import six_card_total
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text
from exact_odds.report.emit import table, to_json
from exact_odds.rules.shoe import MIN_CARDS, Shoe
from exact_odds.rules.cards import RANKS


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


# --- sweep ------------------------------------------------------------------

def parse_sweep_line(text: str, number: int) -> Shoe:
    """One shoe per line: 13 rank counts A,2,...,10,J,Q,K separated by commas."""
    parts = [p.strip() for p in text.split(",")]
    if len(parts) != 13:
        raise InputError(
            f"line {number}: expected 13 rank counts A,2,...,10,J,Q,K separated by commas; got {len(parts)}"
        )
    counts = []
    for p in parts:
        if not p.isdigit():
            raise InputError(f"line {number}: {p!r} is not a whole number >= 0; give 13 rank counts")
        if len(p) > 30:  # int() refuses > 4300 digits with its own error
            raise InputError(f"line {number}: a count of {len(p)} digits; a shoe holds at most 52 x 10^18 cards")
        counts.append(int(p))
    if sum(counts) < MIN_CARDS:
        raise InputError(f"line {number}: the shoe has {sum(counts)} cards; a coup needs at least {MIN_CARDS}")
    return check_shoe_size(Shoe(tuple(counts)), f"line {number}")


def read_sweep(stream) -> list[tuple[int, Shoe]]:
    """(line number, shoe) for every shoe line; blank lines and # comments are skipped."""
    shoes = []
    for number, line in enumerate(stream, 1):
        text = line.split("#", 1)[0].strip()
        if text:
            shoes.append((number, parse_sweep_line(text, number)))
    return shoes


_SWEEP: dict = {}


def _sweep_chunk(shoes: list[Shoe]) -> list[list[str]]:
    pricer = _SWEEP["pricer"]
    out = []
    for shoe, counts in zip(shoes, pricer.batch_counts(shoes)):
        total = six_card_total(shoe)
        row = [str(c) for c in counts[:3]] + [str(total)]
        for ev in pricer.expected_values(counts, total):
            row += [fraction_text(-ev), percent_text(-ev, 10).rstrip("%")]
        out.append(row)
    return out


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
    from exact_odds.punto_banco import fast
    from exact_odds.in_play import parallel as jobs_mod

    keys, bets = chosen_bets(variant, bets, paytables, commission)
    if output is not None:
        check_output(output)
    try:
        lines = read_sweep(source)
    except UnicodeDecodeError:
        raise not_text(source) from None
    _SWEEP["pricer"] = fast.pricer(bets).prepare()
    headers = ["line", "banker", "player", "tie", "total"]
    for k in keys:
        headers += [f"{k}_house_edge", f"{k}_house_edge_percent"]
    shoes = [s for _, s in lines]
    size = 256
    chunks = [shoes[i: i + size] for i in range(0, len(shoes), size)]
    rows = []
    with progress_bar(len(shoes), "shoes") as progress:
        for part in jobs_mod.run(_sweep_chunk, chunks, jobs, size=len, progress=progress):
            rows.extend(part)
    buf = io.StringIO()
    if fmt == "csv":
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(headers)
        for (number, _), row in zip(lines, rows):
            writer.writerow([number] + row)
    else:
        for (number, _), row in zip(lines, rows):
            record = dict(zip(headers, [number] + row))
            for name in ("banker", "player", "tie", "total"):
                record[name] = int(record[name])
            buf.write(json.dumps(record) + "\n")
    text = buf.getvalue()
    if output is None:
        click.echo(text, nl=False)
        return
    directory = os.path.dirname(os.path.abspath(output))
    try:
        fd, tmp = tempfile.mkstemp(dir=directory, prefix=".sweep-")
    except OSError as exc:
        raise InputError(f"--output: cannot write {output!r} ({exc.strerror}); "
                         "give a file in a directory you can write to") from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as fh:
            fh.write(text)
        os.replace(tmp, output)
    except BaseException as exc:
        if os.path.exists(tmp):
            os.unlink(tmp)
        if isinstance(exc, OSError):
            raise InputError(f"--output: cannot write {output!r} ({exc.strerror})") from None
        raise


def check_output(output: str) -> None:
    """Refuse an --output path that cannot be written, before any work is done."""
    if not output.strip():
        raise InputError("--output is empty; give a file name such as edges.csv")
    directory = os.path.dirname(os.path.abspath(output))
    if not os.path.isdir(directory):
        raise InputError(f"--output: cannot write {output!r}: there is no directory {directory}; "
                         "create it or write elsewhere")
    if not os.access(directory, os.W_OK):
        raise InputError(f"--output: cannot write {output!r}: {directory} is not writable")


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
    from exact_odds.in_play.removal import effect_of_removal, linear_count

    keys, bets = chosen_bets(variant, bets, paytables, commission)
    shoe = build_shoe(decks, shoe_counts, remove)
    result = effect_of_removal(shoe, bets)
    counts = [linear_count(row, shoe.ranks, level) for row in result.eor]

    fmt = fmt.lower()
    if fmt == "json":
        doc = {
            "shoe": shoe.to_json(),
            "definition": "EOR = house edge of the shoe less one card of the rank minus house edge of the shoe",
            "house_edge": {k: fraction_text(e) for k, e in zip(keys, result.edges)},
            "rows": [
                {"rank": RANKS[r], **{k: (None if row[r] is None else fraction_text(row[r]))
                                      for k, row in zip(keys, result.eor)}}
                for r in range(13)
            ],
            "counts": {
                k: {"level": level, "tags": dict(zip(RANKS, lc.tags)),
                    "betting_correlation": lc.correlation_text(10),
                    "betting_correlation_squared": fraction_text(lc.correlation_squared)}
                for k, lc in zip(keys, counts)
            },
        }
        click.echo(to_json(doc))
        return
    headers = ["Rank"] + [f"{b.name} EOR (%)" for b in bets]
    if exact:
        headers += [f"{b.name} EOR (exact)" for b in bets]
    rows = []
    for r in range(13):
        row = [RANKS[r]] + ["" if e[r] is None else percent_text(e[r], 6).rstrip("%") for e in result.eor]
        if exact:
            row += ["" if e[r] is None else fraction_text(e[r]) for e in result.eor]
        rows.append(row)
    count_headers = ["Bet"] + list(RANKS) + ["Betting correlation"]
    count_rows = [[b.name] + [str(t) for t in lc.tags] + [lc.correlation_text(6)] for b, lc in zip(bets, counts)]
    if fmt == "csv":
        click.echo(table(headers, rows, "csv"))
        return
    click.echo(f"Effect of removal, punto banco, {shoe.describe()}: change in house edge (percentage points) "
               "when one card of the rank is removed; positive is worse for the bettor.")
    click.echo("House edge: " + ", ".join(f"{b.name} {percent_text(e, 6)}" for b, e in zip(bets, result.edges)))
    click.echo()
    click.echo(table(headers, rows, fmt))
    click.echo()
    click.echo(f"Linear counts (tags proportional to minus the EOR, at most {level} points; "
               "add the tags of the cards seen):")
    click.echo(table(count_headers, count_rows, fmt))


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
    from exact_odds.punto_banco import fast
    from exact_odds.in_play.dealing import LogError, ShoeInPlay, coups_from_log, read_log

    keys, bets = chosen_bets(variant, bets, paytables, commission)
    start = build_shoe(decks, shoe_counts, remove)
    in_play = ShoeInPlay(start)
    pricer = fast.pricer(bets)
    headers = ["coup", "cards_left"] + [f"{k}_house_edge_percent" for k in keys] + ["positive_ev"]
    widths = [max(12, len(b.name)) for b in bets]  # whole names: cut to 12, both Dragon Bonus bets read the same
    if fmt == "csv":
        click.echo(",".join(headers))
    elif fmt == "text":
        click.echo(f"Punto banco, {start.describe()}: exact house edge before each coup "
                   "(+EV marks a positive expectation for the bettor).")
        click.echo(f"{'coup':>5} {'left':>5} " + " ".join(f"{b.name:>{w}}" for b, w in zip(bets, widths)) + "  +EV")
    if reading_a_terminal(log):
        click.echo("reading the cards dealt from the terminal (5h Kd 9c ... or 5 K 9); "
                   "end with Ctrl-D, or give a LOG file", err=True)
    number = 0
    try:
        for kind, item in coups_from_log(read_log(log), in_play):
            if kind == "before":
                number = item
                shoe = in_play.shoe()
                edges = pricer.house_edges(shoe)
                plus = [k for k, e in zip(keys, edges) if e < 0]
                if fmt == "text":
                    click.echo(f"{item:>5} {shoe.size:>5} "
                               + " ".join(f"{percent_text(e, 4):>{w}}" for e, w in zip(edges, widths))
                               + ("  +EV: " + ", ".join(plus) if plus else ""))
                elif fmt == "csv":
                    click.echo(",".join([str(item), str(shoe.size)]
                                        + [percent_text(e, 10).rstrip("%") for e in edges] + [" ".join(plus)]))
                else:
                    click.echo(json.dumps({"coup": item, "cards_left": shoe.size,
                                           "house_edge": {k: fraction_text(e) for k, e in zip(keys, edges)},
                                           "positive_ev": plus}))
            elif kind == "partial":
                click.echo(f"note: the log ends in the middle of coup {number} "
                           f"({len(item)} of its cards seen, the last on line {item[-1].line})", err=True)
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
    from exact_odds.in_play.dealing import BURN_RULES, CARDS_BEHIND_CUT
    from exact_odds.report.plot import PlotError, check_plot_path, plot_edges
    from exact_odds.in_play.simulation import simulate as run_simulation

    try:
        plot_file = check_plot_path(plot_path) if plot_path else None
    except PlotError as exc:
        raise InputError(str(exc)) from None

    if decks < 1:
        raise InputError(f"--decks must be a whole number from 1 to {MAX_SIMULATED_DECKS}, not {decks}")
    if decks > MAX_SIMULATED_DECKS:
        raise InputError(f"--decks {decks} is too many to simulate: at most {MAX_SIMULATED_DECKS} decks per shoe "
                         "(every coup is priced exactly; for one large shoe use 'exact-odds edge --decks N')")
    keys, bets = chosen_bets(variant, bets, paytables, commission)
    with progress_bar(shoes, "shoes") as progress:
        result = run_simulation(shoes, decks, seed, bets, burn, jobs, progress)
    if plot_file is not None:
        try:
            plot_edges(result, plot_file)
        except PlotError as exc:
            raise InputError(str(exc)) from None
    summary_headers = ["Bet", "Coups", "P(EV > 0)", "Mean house edge", "Best EV",
                       "Bets per shoe", "Expected gain/shoe", "Realised gain/shoe"]
    summary = []
    by_depth = []
    for b, (key, bet) in enumerate(zip(keys, bets)):
        t = result.tallies[b]
        mean, _, _ = result.mean_ev(b, 0, decks * 52)
        summary.append([
            bet.name, str(t.coups), decimal_text(Fraction(t.positive, t.coups), 6),
            percent_text(-mean, 6), percent_text(t.best, 6),
            decimal_text(Fraction(t.positive, shoes), 4),
            decimal_text(t.expected_gain / shoes, 6), decimal_text(t.realised_gain / shoes, 6),
        ])
    buckets = result.buckets()
    depth_headers = ["Cards left"] + [f"{b.name} edge" for b in bets] + [f"{b.name} P(EV>0)" for b in bets]
    for lo, hi in buckets:
        stats = [result.mean_ev(b, lo, hi) for b in range(len(bets))]
        if not any(c for _, c, _ in stats):
            continue
        row = [f"{hi}-{lo}"]
        row += ["" if m is None else percent_text(-m, 4) for m, _, _ in stats]
        row += ["" if not c else decimal_text(Fraction(p, c), 4) for _, c, p in stats]
        by_depth.append(row)
    rules = (f"{shoes} shoe{'s' if shoes != 1 else ''} of {decks} deck{'s' if decks != 1 else ''}, seed {seed}; "
             "cut card before the seventh-last card "
             f"({CARDS_BEHIND_CUT} cards behind it; the coup that brings it out is the last); "
             f"burn: {BURN_RULES[burn]}.")
    fmt = fmt.lower()
    if fmt == "json":
        doc = {
            "shoes": shoes, "decks": decks, "seed": seed, "burn": burn, "rules": rules,
            "coups": result.coups,
            "bets": {
                key: {
                    "coups": t.coups, "positive_ev_coups": t.positive,
                    "positive_ev_frequency": fraction_text(Fraction(t.positive, t.coups)),
                    "mean_house_edge": fraction_text(-result.mean_ev(b, 0, decks * 52)[0]),
                    "best_ev": fraction_text(t.best), "worst_ev": fraction_text(t.worst),
                    "expected_gain_per_shoe": fraction_text(t.expected_gain / shoes),
                    "realised_gain_per_shoe": fraction_text(t.realised_gain / shoes),
                }
                for b, (key, t) in enumerate(zip(keys, result.tallies))
            },
            "by_cards_left": [dict(zip(depth_headers, row)) for row in by_depth],
        }
        click.echo(to_json(doc))
        return
    if fmt == "csv":
        click.echo(table(summary_headers, summary, "csv"))
        return
    click.echo(f"Simulation: {rules}")
    click.echo(f"{result.coups} coups. EVs are exact per coup for the cards not yet seen; the averages "
               "below are over the simulated coups. Gains are per shoe, betting one unit only when EV > 0.")
    click.echo()
    click.echo(table(summary_headers, summary, fmt))
    click.echo()
    click.echo("House edge through the shoe (mean over coups with that many cards left):")
    click.echo(table(depth_headers, by_depth, fmt))
