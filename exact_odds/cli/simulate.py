"""The ``simulate`` command: deal seeded shuffled shoes and price every bet before every coup.

It parses its options, runs :func:`exact_odds.in_play.simulation.simulate`,
and emits :func:`exact_odds.report.simulation.simulation_report` (and the
plot of :mod:`exact_odds.report.plot`).
"""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.in_play import bets_option, chosen_bets, jobs_option, progress_bar
from exact_odds.cli.options import format_option
from exact_odds.report.emit import emit

if TYPE_CHECKING:
    from exact_odds.report.plot import PlotError


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
    from exact_odds.report.simulation import simulation_report
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
