"""The ``simulate`` command: deal seeded shuffled shoes and price every bet before every coup.

It parses its options, runs :func:`exact_odds.in_play.simulate.simulation.simulate`,
and emits :func:`exact_odds.report.simulation.simulation_report` (and the
plot of :mod:`exact_odds.report.plot`).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import TYPE_CHECKING

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.in_play import bets_option, jobs_option, progress_bar
from exact_odds.cli.options import WholeNumber, format_option, quiet_option
from exact_odds.in_play.dealing import MAX_DECKS
from exact_odds.report.emit import emit

if TYPE_CHECKING:
    from exact_odds.bets.paytable import PayTable
    from exact_odds.in_play.simulate.counting import CountStrategy
    from exact_odds.report.plot import PlotError


#: Largest shoe ``simulate`` deals: the library's bound for every simulated shoe (the reason is there).
MAX_SIMULATED_DECKS = MAX_DECKS

#: Most shoes ``simulate`` deals. The per-shoe seeds are drawn up front (so
#: --jobs changes nothing), and 10**11 of them would exhaust memory before
#: the first shoe was dealt.
MAX_SIMULATED_SHOES = 1_000_000


@click.command("simulate")
@click.option("--shoes", default=100, show_default=True, type=WholeNumber(1, MAX_SIMULATED_SHOES), metavar="N",
              help="Number of shoes to deal (an 8-deck shoe takes about 0.4 ms of one core for the standard "
                   "bets, most of it pricing its 80-odd coups, after about 0.2 s of start-up).")
@click.option("--decks", default=8, show_default=True, type=WholeNumber(), metavar="D",
              help=f"Decks per shoe, 1 to {MAX_SIMULATED_DECKS} (every coup is priced exactly; "
                   f"one shoe of {MAX_SIMULATED_DECKS} decks takes about 10 s of one core).")
@click.option("--seed", default=1, show_default=True, type=WholeNumber(), metavar="S",
              help="Seed of the run; each shoe gets its own seed derived from it.")
@click.option("--burn", default="none", show_default=True, type=click.Choice(["none", "face-value"]),
              help="Burn rule: none, or face-value (turn the first card, burn that many more face down; "
                   "10-K count 10).")
@click.option("--cut-card", "cut_card", type=WholeNumber(), metavar="N",
              help="Cards behind the cut card, 6 or more [default: 7, the rules' cut card before the "
                   "seventh-last card].")
@click.option("--penetration", metavar="P",
              help="Instead of --cut-card: the share of the shoe dealt before the cut card, "
                   "such as 0.8, 80% or 4/5 (the cut card goes in front of the last round((1 - P) x cards) cards).")
@click.option("--count", "count_spec", metavar="TAGS|BET",
              help="Also play a count: 13 comma-separated tags for A,2,...,10,J,Q,K, or a bet key for the "
                   "linear count 'exact-odds eor' derives for that bet at these decks.")
@click.option("--trigger", metavar="TC",
              help="Bet the counted bet when the true count is at least TC (such as 4, 2.5 or -1) "
                   "[default: where the count's linear estimate of the EV turns positive].")
@click.option("--count-bet", "count_bet", metavar="BET",
              help="The bet the count is played on (one of the simulated bets) "
                   "[default: the bet named by --count, or the only bet simulated].")
@click.option("--plot", "plot_path", metavar="FILE.png|.svg|.pdf",
              help="Also draw each bet's house edge by cards left (percentile bands) and P(EV > 0) by depth "
                   "into this file (needs matplotlib, the project's 'plot' extra).")
@click.option("--bankroll", metavar="UNITS",
              help="A bankroll in units: adds the risk of ruin (by formula and simulated) and the hours to double.")
@click.option("--ramp", metavar="UNITS@TC,...",
              help="The count's bets by true count, such as 1@2,2@4,4@6 (1 unit from a true count of 2, 2 units "
                   "from 4, 4 from 6; none below 2); its lowest step is the trigger [default: 1 unit at --trigger].")
@click.option("--ev-ramp", "ev_ramp", metavar="UNITS@EV,...",
              help="Perfect play's bets by the coup's exact EV, such as 1@0,2@1%,4@2% [default: 1 unit when the "
                   "EV is positive].")
@click.option("--kelly", metavar="F",
              help="Perfect play bets F (such as 1/2) of the Kelly bet, F × bankroll × EV / variance of the coup "
                   "(exact), on the starting bankroll, rounded down to 1/100 unit; needs --bankroll.")
@click.option("--coups-per-hour", "coups_per_hour", metavar="H",
              help="Coups dealt an hour, for the rates per hour and SCORE [default: 70, a full big table: about "
                   "a shoe an hour with its shuffle; mini-baccarat deals twice as fast or more].")
@click.option("--search-triggers", "search", metavar="LOW:HIGH[:STEP]",
              help="Also play every trigger from LOW to HIGH (STEP apart, default 1) with one unit on the same "
                   "coups, and report the best by win per 100 coups and by SCORE; needs --count.")
@click.option("--trigger-plot", "trigger_plot", metavar="FILE.png|.svg|.pdf",
              help="Draw the trigger search's curve into this file (needs matplotlib).")
@click.option("--cut-cards", "cut_cards", metavar="N,N,...",
              help="Also deal the same shoes to each of these cut cards (cards behind it), such as 7,14,26,52, "
                   "and add a table of the results by cut card.")
@click.option("--checkpoint", metavar="FILE",
              help="Save the run's state to FILE every 30 s or so, when stopped (Ctrl-C, SIGTERM) and at the end; run "
                   "the same command again to resume from it (the same figures as a run never stopped).")
@bets_option
@jobs_option
@format_option
@quiet_option
@input_errors
def simulate(shoes, decks, seed, burn, cut_card, penetration, count_spec, trigger, count_bet, plot_path, bankroll,
             ramp, ev_ramp, kelly, coups_per_hour, search, trigger_plot, cut_cards, checkpoint, variant,
             bets, paytables, commission, jobs, fmt, quiet):
    """Deal seeded shuffled shoes and price every bet exactly before every coup.

    Each shoe is shuffled with its own seed (derived from --seed, so --jobs
    does not change the result), dealt by the punto banco rules until the
    cut card comes out (that coup is the last). Before every coup each bet's
    exact expected value is computed for the cards the bettor has not seen.

    Reports, per bet, perfect play (one unit only when the exact EV is
    positive) and, with --count, a counting strategy on one bet in the same
    shoes: bet frequency, advantage when betting, win per 100 coups and per
    shoe, SD per coup and desirability index, each with its standard error
    and 95% interval; then the house edge by cards left. Every strategy also
    gets its win and SD per hour (--coups-per-hour), N0 and SCORE, and with
    --bankroll its risk of ruin (formula and simulated) and hours to double;
    bets may follow a ramp (--ramp by true count, --ev-ramp by exact EV) or
    a Kelly fraction (--kelly). --search-triggers plays every trigger on the
    same coups; --cut-cards deals the same shoes to other cut cards;
    --checkpoint lets a stopped run resume with the same figures.

    Every card is dealt with its suit (from the same shuffle: a run's coups
    do not depend on the bets). Bets that read ranks or suits (pairs, Lucky 8,
    All Red; name them in --bets or choose a variant holding them) are priced
    on the exact suited shoe left before every coup, one shoe at a time: about
    1 ms a coup of one core for a pair bet, 3-6 ms for All Red and 15-20 ms
    for Lucky 8, after about a second of set-up, against about 10 microseconds
    for a value-level bet (100 eight-deck shoes of Lucky 8: about 3 minutes of
    CPU). Try a few shoes first.

    \b
    Examples:
      exact-odds simulate --shoes 1000 --decks 8 --seed 7 --jobs 2
      exact-odds simulate --shoes 200 --bets tie --burn face-value --penetration 80%
      exact-odds simulate --shoes 500 --bets dragon7 --count dragon7
      exact-odds simulate --shoes 500 --bets dragon7 --count 0,0,0,-1,-1,-1,-1,2,2,0,0,0,0 --trigger 4
      exact-odds simulate --shoes 50 --format json
      exact-odds simulate --shoes 200 --bets dragon7,panda8 --plot edge.pdf
      exact-odds simulate --shoes 5 --decks 1 --bets banker,player_pair,perfect_pair
      exact-odds simulate --shoes 500 --bets dragon7 --count dragon7 --ramp 1@4,2@6,4@8 --bankroll 500
      exact-odds simulate --shoes 500 --bets dragon7 --count dragon7 --search-triggers 0:10 --trigger-plot t.png
      exact-odds simulate --shoes 200 --bets dragon7 --count dragon7 --cut-cards 7,14,26,52
      exact-odds simulate --shoes 500 --bets dragon7 --bankroll 1000 --kelly 1/2
      exact-odds simulate --shoes 2000 --bets dragon7 --count dragon7 --jobs 2 --checkpoint study.ckpt
    """
    from exact_odds.in_play.simulate.simulation import by_cut_card
    from exact_odds.in_play.simulate.simulation import simulate as run_simulation
    plot_file = trigger_file = None
    if plot_path is not None or trigger_plot is not None:  # (a run without a plot need not import it)
        from exact_odds.report.plot import PlotError, check_plot_path

        try:  # before any simulating, so a bad path cannot lose the results at the end
            plot_file = check_plot_path(plot_path) if plot_path is not None else None
        except PlotError as exc:
            raise InputError(plot_message(exc)) from None
        try:
            trigger_file = check_plot_path(trigger_plot) if trigger_plot is not None else None
        except PlotError as exc:
            raise InputError(plot_message(exc).replace("--plot", "--trigger-plot")) from None

    if decks < 1:
        raise InputError(f"--decks must be a whole number from 1 to {MAX_SIMULATED_DECKS}, not {decks}")
    if decks > MAX_SIMULATED_DECKS:
        raise InputError(f"--decks {decks} is too many to simulate: at most {MAX_SIMULATED_DECKS} decks per shoe "
                         "(every coup is priced exactly; for one large shoe use 'exact-odds edge --decks N')")
    cut = chosen_cut_card(cut_card, penetration, decks, burn)
    keys, bets = chosen_simulated_bets(variant, bets, paytables, commission)
    sizing = chosen_sizing(bankroll, ramp, ev_ramp, kelly, coups_per_hour, search, trigger_plot, count_spec, trigger)
    if sizing["ramp"] is not None and trigger is None:
        trigger = str(sizing["ramp"].lowest)
    count, counted = chosen_count(count_spec, trigger, count_bet, keys, bets, decks)
    cuts = chosen_cut_cards(cut_cards, decks, burn)
    run_options = dict(count=count, count_bet=counted, **{k: v for k, v in sizing.items() if k != "checkpoint"})
    card_level = [b.name for b in bets if not b.is_value_level]
    if card_level and sys.stderr.isatty():
        click.echo(f"note: {', '.join(card_level)} read{'s' if len(card_level) == 1 else ''} ranks or suits: each "
                   "coup is priced on the suited shoe left, one shoe at a time (about 1 ms a coup for a pair bet, "
                   "3-6 ms for All Red, 15-20 ms for Lucky 8)", err=True)
    if checkpoint is not None:
        from exact_odds.files import OutputError, check_writable

        try:
            check_writable(checkpoint)
        except OutputError as exc:
            raise InputError(f"--checkpoint: {exc}") from None
    from exact_odds.in_play.simulate.checkpoint import CheckpointError

    try:
        with progress_bar(shoes, "shoes", quiet) as progress:
            result = run_simulation(shoes, decks, seed, bets, burn, jobs, emitter_warmed(progress, fmt), cut_card=cut,
                                    checkpoint=checkpoint, **run_options)
    except CheckpointError as exc:
        raise InputError(f"--checkpoint: {exc}") from None
    others: tuple = ()
    if cuts:
        with progress_bar(shoes * len(cuts), "shoes (by cut card)", quiet) as progress:
            others = by_cut_card(cuts, shoes, decks, seed, bets, burn, jobs, progress, **run_options)
    from exact_odds.report.simulation import simulation_report  # (imported during the run: emitter_warmed)

    click.echo(emit(simulation_report(result, others), fmt))
    if plot_file is None and trigger_file is None:
        return
    from exact_odds.report.plot import PlotError, plot_edges, plot_triggers

    # after the results are out: a failure to write a plot loses nothing else
    for file, draw, option in ((plot_file, lambda f: plot_edges(result, f), "--plot"),
                               (trigger_file, lambda f: plot_triggers(result.trigger_curve, f), "--trigger-plot")):
        if file is None:
            continue
        try:
            draw(file)
        except PlotError as exc:
            sys.stdout.flush()
            click.echo(f"exact-odds: error: {plot_message(exc).replace('--plot', option)}", err=True)
            sys.exit(1)


def emitter_warmed(progress, fmt: str):
    """``progress`` (or None), which on its first call, a block of shoes done while the workers deal
    the others, also imports the report's module and renders a one-cell report in ``fmt``: what the
    report and the format need (tabulate, whose import reads its package's metadata: 15-20 ms) is
    then imported during the run rather than after its last shoe. The output does not change."""
    from exact_odds.report.document import Report, Section, Table

    warmed = []

    def advance(done: int) -> None:
        if not warmed:
            warmed.append(True)
            import exact_odds.report.simulation  # noqa: F401
            cell = Table(("\u00b1",), (("\u00b1",),))  # (not ASCII: the default format's own writer declines it)
            emit(Report((Section(table=cell),), {"cell": "\u00b1"}, (cell,)), fmt)
        if progress is not None:
            progress(done)
    return advance


def _fraction(option: str, value: str) -> Fraction:
    from exact_odds.text import NumberError, exact_fraction

    try:
        return exact_fraction(value)
    except NumberError as exc:
        raise InputError(f"{option}: {exc}") from None


def chosen_sizing(bankroll, ramp, ev_ramp, kelly, coups_per_hour, search, trigger_plot, count_spec,
                  trigger) -> dict:
    """The bet sizing, rates and trigger search of the options, as :func:`simulate` takes them."""
    from exact_odds.in_play.simulate.bankroll import (COUPS_PER_HOUR, Kelly, SizingError, check_bankroll,
                                                      check_coups_per_hour, parse_ramp)

    out: dict = {"sizing": None, "ramp": None, "bankroll": None, "coups_per_hour": COUPS_PER_HOUR, "triggers": ()}
    try:
        if bankroll is not None:
            out["bankroll"] = check_bankroll(_fraction("--bankroll", bankroll))
        if coups_per_hour is not None:
            out["coups_per_hour"] = check_coups_per_hour(_fraction("--coups-per-hour", coups_per_hour))
    except SizingError as exc:
        raise InputError(f"--{'bankroll' if 'bankroll' in str(exc) else 'coups-per-hour'}: {exc}") from None
    if ramp is not None:
        if count_spec is None:
            raise InputError("--ramp sizes the count's bets: it needs --count")
        try:
            out["ramp"] = parse_ramp(ramp, "true count")
        except SizingError as exc:
            raise InputError(f"--ramp: {exc}") from None
        if trigger is not None and _fraction("--trigger", trigger) != out["ramp"].lowest:
            raise InputError(f"--trigger {trigger.strip()} and --ramp's lowest step ({out['ramp'].lowest}) both say "
                             "where the count starts betting; give one of them, or make them the same")
    if ev_ramp is not None and kelly is not None:
        raise InputError("--ev-ramp and --kelly both size perfect play's bets; give one of them")
    if ev_ramp is not None:
        try:
            out["sizing"] = parse_ramp(ev_ramp, "EV")
        except SizingError as exc:
            raise InputError(f"--ev-ramp: {exc}") from None
    if kelly is not None:
        if out["bankroll"] is None:
            raise InputError("--kelly sizes bets on a bankroll: give --bankroll UNITS too")
        try:
            out["sizing"] = Kelly(_fraction("--kelly", kelly), out["bankroll"])
        except SizingError as exc:
            raise InputError(f"--kelly: {exc}") from None
    if search is not None:
        if count_spec is None:
            raise InputError("--search-triggers plays the count at every trigger: it needs --count")
        out["triggers"] = searched_triggers(search)
    elif trigger_plot is not None:
        raise InputError("--trigger-plot draws the trigger search: it needs --search-triggers")
    return out


def searched_triggers(spec: str) -> tuple[Fraction, ...]:
    """LOW:HIGH[:STEP] as the rising triggers LOW, LOW + STEP, ... up to HIGH."""
    from exact_odds.in_play.simulate.triggers import MAX_TRIGGERS

    parts = spec.split(":")
    if len(parts) not in (2, 3):
        raise InputError(f"--search-triggers is LOW:HIGH or LOW:HIGH:STEP (such as 0:10 or -2:8:0.5), "
                         f"not {spec.strip()!r}")
    low, high = (_fraction("--search-triggers", p) for p in parts[:2])
    step = _fraction("--search-triggers", parts[2]) if len(parts) == 3 else Fraction(1)
    if step <= 0:
        raise InputError(f"--search-triggers: the step is more than 0, not {step}")
    if high < low:
        raise InputError(f"--search-triggers: HIGH ({high}) is below LOW ({low})")
    if (high - low) / step + 1 > MAX_TRIGGERS:
        raise InputError(f"--search-triggers: at most {MAX_TRIGGERS} triggers; take a larger step")
    from exact_odds.in_play.count import MAX_TRIGGER

    if max(abs(low), abs(high)) > MAX_TRIGGER:
        raise InputError(f"--search-triggers: triggers are true counts between -{MAX_TRIGGER:,} and {MAX_TRIGGER:,}")
    out, t = [], low
    while t <= high:
        out.append(t)
        t += step
    return tuple(out)


def chosen_cut_cards(spec: str | None, decks: int, burn: str) -> tuple[int, ...]:
    """--cut-cards: each number of cards behind the cut card, checked as --cut-card is."""
    if spec is None:
        return ()
    from exact_odds.in_play.dealing import check_cut_card
    from exact_odds.rules.shoe import ShoeError
    from exact_odds.text import NumberError, whole_number

    parts = spec.split(",")
    if len(parts) > 20:
        raise InputError(f"--cut-cards: at most 20 positions, not {len(parts)}")
    out = []
    for part in parts:
        try:
            out.append(check_cut_card(whole_number(part, max_digits=7), decks, burn))
        except (NumberError, ShoeError) as exc:
            raise InputError(f"--cut-cards: {exc}") from None
    return tuple(out)


def chosen_simulated_bets(variant, bet_keys, paytables, commission) -> "tuple[list[str], tuple[PayTable, ...]]":
    """(keys, pay tables) as ``edge`` chooses them, card-level bets included (each coup is priced on
    the suited shoe left); ``--bets all`` keeps the value-level bets only (as sweep does, with
    a note): the card-level ones are slow and must be named."""
    from exact_odds.bets.selection import ALL, select_value_level, unique_keys
    from exact_odds.cli.bets import select_from_options

    if bet_keys is not None and [k.strip().casefold() for k in bet_keys.split(",") if k.strip()] == [ALL]:
        chosen = select_from_options(variant, bet_keys, paytables, commission, select_value_level)
        if chosen.left_out:
            click.echo("note: left out of --bets all (each coup is priced on the suited shoe left, slowly; name them "
                       "in --bets to simulate them): " + ", ".join(b.name for b in chosen.left_out), err=True)
        return list(chosen.keys), chosen.bets
    bets = tuple(select_from_options(variant, bet_keys, paytables, commission))
    return list(unique_keys(bets)), bets


def chosen_cut_card(cut_card: int | None, penetration: str | None, decks: int, burn: str) -> int:
    """Cards behind the cut card, from --cut-card or --penetration (7 if neither)."""
    from exact_odds.in_play.dealing import CARDS_BEHIND_CUT, check_cut_card, max_cut_card
    from exact_odds.rules.shoe import ShoeError
    from exact_odds.text import NumberError, exact_fraction

    if cut_card is not None and penetration is not None:
        raise InputError("--cut-card and --penetration both place the cut card; give one of them")
    cards = 52 * decks
    if penetration is not None:
        try:
            p = exact_fraction(penetration)
        except NumberError as exc:
            raise InputError(f"--penetration: {exc}") from None
        if not 0 < p < 1:
            raise InputError(f"--penetration is the share of the shoe dealt before the cut card, between 0 and 1 "
                             f"(such as 0.8 or 80%), not {penetration.strip()}")
        behind = cards - int(p * cards + Fraction(1, 2))  # round((1 - P) x cards), halves towards more dealt
        try:
            return check_cut_card(behind, decks, burn)
        except ShoeError:
            raise InputError(f"--penetration {penetration.strip()} puts the cut card in front of the last {behind} "
                             f"of {cards} cards; it needs 6 to {max_cut_card(decks, burn)} cards behind it") from None
    if cut_card is None:
        return CARDS_BEHIND_CUT
    try:
        return check_cut_card(cut_card, decks, burn)
    except ShoeError as exc:
        raise InputError(f"--cut-card: {exc}") from None


def chosen_count(spec: str | None, trigger: str | None, count_bet: str | None, keys: list[str],
                 bets: "tuple[PayTable, ...]", decks: int) -> "tuple[CountStrategy | None, int]":
    """The count strategy of --count/--trigger and the index of the bet it is played on."""
    if spec is None:
        if trigger is not None or count_bet is not None:
            raise InputError(f"{'--trigger' if trigger is not None else '--count-bet'} needs --count "
                             "(13 tags, or a bet key for the count 'exact-odds eor' derives)")
        return None, 0
    # imported only for a count (what a run without one need not wait for)
    from exact_odds.bets.catalog import spelt
    from exact_odds.in_play.count import CountError, parse_tags
    from exact_odds.in_play.simulate.counting import CountStrategy, linear_trigger
    from exact_odds.in_play.simulate.removal import effect_of_removal
    from exact_odds.in_play.track.table import count_of_bet
    from exact_odds.rules.shoe import Shoe
    from exact_odds.text import NumberError, exact_fraction

    spec = spec.strip()
    named = "," not in spec
    if named:
        if spelt(spec, keys) is None:
            raise InputError(f"--count: {spec!r} is neither 13 comma-separated tags nor one of the simulated bets "
                             f"({', '.join(keys)}); add it to --bets")
        spec = spelt(spec, keys)
    else:
        try:
            tags = parse_tags(spec)
        except CountError as exc:
            raise InputError(f"--count: {exc}") from None
    if count_bet is None:
        if named:
            count_bet = spec
        elif len(keys) == 1:
            count_bet = keys[0]
        else:
            raise InputError(f"--count: say which of the bets ({', '.join(keys)}) it is played on, with --count-bet")
    if spelt(count_bet.strip(), keys) is None:
        raise InputError(f"--count-bet: {count_bet.strip()!r} is not one of the simulated bets ({', '.join(keys)}); "
                         "add it to --bets")
    index = keys.index(spelt(count_bet.strip(), keys))
    tc = None
    if trigger is not None:
        try:
            tc = exact_fraction(trigger)
        except NumberError as exc:
            raise InputError(f"--trigger: {exc}") from None
    name = "count"
    if (named or tc is None) and not bets[index].is_value_level:
        raise InputError(f"--count: {bets[index].name} reads ranks or suits, so 'exact-odds eor' derives no count "
                         "for it; give 13 tags with --count and a --trigger")
    if named or tc is None:  # the EOR is needed: for the count, or for its default trigger
        eor = effect_of_removal(Shoe.decks(decks), [bets[index]])
        if named:
            source = bets[keys.index(spec)]
            tags = count_of_bet(eor.shoe, source, spec).tags
            name = f"{source.name} count (eor)"
        if tc is None:
            try:
                tc = linear_trigger(eor, tags)
            except CountError as exc:
                raise InputError(f"--count: {exc} with --trigger") from None
    try:
        return CountStrategy(f"{name}, TC >= {tc}", tags, tc), index
    except CountError as exc:
        raise InputError(f"--trigger: {exc}") from None


def plot_message(exc: "PlotError") -> str:
    """A plot error as an error of --plot."""
    if exc.path is None:
        return f"--plot needs {exc.reason}"
    if repr(exc.path) in exc.reason:  # the reason names the file already
        return f"--plot: {exc.reason}"
    return f"--plot {exc.path!r}: {exc.reason}"
