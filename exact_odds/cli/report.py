"""The ``report`` command: a designer's par sheet as one Markdown or HTML document."""

from __future__ import annotations

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.bets import bet_options, select_from_options
from exact_odds.cli.in_play import check_output, jobs_option, progress_bar, write_output
from exact_odds.cli.options import WholeNumber, parse_deck_list
from exact_odds.in_play.dealing import MAX_DECKS


@click.command("report")
@bet_options
@click.option("--decks", "decks", default="1,6,8,inf", show_default=True, metavar="LIST",
              help="Deck counts side by side, comma-separated whole numbers or 'inf'.")
@click.option("--format", "fmt", default="html", show_default=True,
              type=click.Choice(["html", "md", "json"], case_sensitive=False),
              help="html: one self-contained page with inline SVG plots; md: Markdown; json: the exact figures.")
@click.option("--output", "-o", type=click.Path(dir_okay=False), metavar="FILE",
              help="Write the document here (atomically) instead of standard output.")
@click.option("--shoes", type=WholeNumber(1, 1_000_000), metavar="N",
              help="Shoes simulated per deck count for the countability section (default 250; see docs/cli.md).")
@click.option("--cut-card", "cut_card", type=WholeNumber(6, 10**6), metavar="CARDS",
              help="Cards behind the cut card in the simulated shoes (default 7, docs/rules.md §7).")
@click.option("--seed", default=1, show_default=True, type=WholeNumber(0, 2**63 - 1), metavar="S",
              help="Seed of the countability simulation.")
@click.option("--simulate-decks", "simulate_decks", type=WholeNumber(1, MAX_DECKS), metavar="N",
              help=f"Simulate only this deck count (one of --decks; default every finite one; at most "
                   f"{MAX_DECKS} decks, as simulate).")
@click.option("--no-simulation", is_flag=True, help="Leave out the countability simulation (the exact parts stay).")
@jobs_option
@input_errors
def report(variant, bets, paytables, commission, decks, fmt, output, shoes, cut_card, seed, simulate_decks,
           no_simulation, jobs):
    """A par sheet for a casino or regulator: rules, odds by deck count, volatility, countability.

    For each bet: the deal, the tableau and the pay table in words; every
    line's combinations (six-card convention), probability, odds and return
    for each deck count side by side; house edge and return to player
    (exact and decimal), hit frequency, variance and SD; volatility index,
    confidence bands and the hands until the house is ahead (normal
    approximation, formulas stated); the effect of removal, the best linear
    count and the simulated gain of a counter and of perfect play; and the
    provenance (version, SHA-256 of the pay table and of the options). The
    same input gives the same bytes.

    \b
    Examples:
      exact-odds report --bets dragon7 -o dragon7.html
      exact-odds report --bets panda8 --decks 6,8 --format md
      exact-odds report --paytable my_bet.toml --shoes 2000 --jobs 2 -o my_bet.html
      exact-odds report --variant ez --no-simulation --format md -o ez.md
    """
    from exact_odds.bets.par_sheet import (DEFAULT_CUT_CARD, DEFAULT_SHOES, ParSheetError, SimulatedDecksError,
                                           check_simulated, par_sheet)
    from exact_odds.report.emit import emit
    from exact_odds.report.par_sheet import par_sheet_report

    chosen = select_from_options(variant, bets, paytables, commission)
    deck_list = parse_deck_list(decks)
    if output is not None:
        check_output(output)
    finite = [d for d in deck_list if d is not None]
    if simulate_decks is not None and simulate_decks not in finite:
        raise InputError(f"--simulate-decks {simulate_decks} is not one of --decks ({decks}); give one of them")
    simulated = 0 if no_simulation else (1 if simulate_decks else len(finite))
    try:  # before any work: a deck count too large to simulate, a cut card that does not fit
        if simulated and any(b.is_value_level for b in chosen):
            check_simulated([simulate_decks] if simulate_decks else finite, cut_card or DEFAULT_CUT_CARD)
    except SimulatedDecksError as exc:
        raise InputError(f"{'--simulate-decks' if simulate_decks else '--decks'}: {exc} (--simulate-decks N or "
                         "--no-simulation)") from None
    except ParSheetError as exc:
        raise InputError(f"--cut-card: {exc}" if cut_card is not None else str(exc)) from None
    walks: dict = {}
    sheets = []
    try:
        for bet in chosen:
            with progress_bar(max(1, simulated * (shoes or DEFAULT_SHOES)), f"simulating {bet.key}") as progress:
                sheets.append(par_sheet(bet, deck_list, simulate=not no_simulation and bool(finite),
                                        simulate_decks=simulate_decks, cut_card=cut_card or DEFAULT_CUT_CARD,
                                        shoes=shoes or DEFAULT_SHOES, seed=seed, jobs=jobs, progress=progress,
                                        walks=walks))
    except ParSheetError as exc:  # checked above; a message that names no option
        raise InputError(str(exc)) from None
    text = emit(par_sheet_report(sheets), fmt.lower())
    if output is None:
        click.echo(text)
    else:
        write_output(output, text + "\n")
