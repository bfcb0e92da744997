"""``exact-odds banque``: baccarat banque (a deux tableaux) and the middle bet (parse, library, report, emit)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.options import build_shoe, format_option, parse_fraction, shoe_options
from exact_odds.text import shown
from exact_odds.report.emit import emit

if TYPE_CHECKING:
    from exact_odds.games.banque import PunterFive


def parse_probability(text: str, option: str, expected: str) -> Fraction:
    """A number in [0, 1] written as 1/2, 0.25, 25% or 1."""
    x = parse_fraction(text, option, expected)
    if not 0 <= x <= 1:
        raise InputError(f"{option} must be between 0 and 1, not {shown(text, 60)}")
    return x


def parse_punter_five(text: str) -> "PunterFive":
    """--punter-five: 'draw', 'stand' or a probability of drawing such as 9/11."""
    from exact_odds.games.banque import PunterFive

    t = text.strip().lower()
    if t == "draw":
        return PunterFive(Fraction(1))
    if t == "stand":
        return PunterFive(Fraction(0))
    return PunterFive(parse_probability(text, "--punter-five", "'draw', 'stand' or a probability q such as 9/11"))


@click.command("banque")
@shoe_options(default_decks=3)
@click.option("--banker", "policy", default=None, show_default="optimal", metavar="POLICY",
              help="The banker's drawing policy: tableau-left, tableau-right, tableau-larger (the tableau with "
                   "the larger stake; equal stakes: left) or optimal (maximise his exact expected gain).")
@click.option("--theta", default="1/2", show_default=True, metavar="T",
              help="Share of the money on the left tableau, 0 to 1 (1/2, 0.25, ...).")
@click.option("--punter-five", default=None, show_default="draw", metavar="P",
              help="What a tableau does on a two-card 5: draw, stand, or a probability of drawing such as 9/11.")
@click.option("--equilibrium", is_flag=True,
              help="Solve banque as a three-person game: each punter chooses on 5, the banker in every "
                   "information set. Prints a Nash equilibrium at --theta, its EVs, the middle bet, and the "
                   "equilibrium for theta = 0, 1/4, 1/2, 3/4, 1. Fast for --decks inf (with replacement, as "
                   "Ethier and Lee); a finite shoe takes about half a minute per theta.")
@click.option("--punters", default=None, show_default="total", metavar="MODEL",
              help="With --equilibrium: what a punter on 5 knows. total: his total only (one probability of "
                   "drawing on 5); know-cards: his two cards (one probability per holding T-5, 1-4, 2-3, 6-9, "
                   "7-8). know-cards searches the whole game with replacement (--decks inf); for a finite shoe "
                   "the profiles pure on every holding and those with one mixed holding per punter (the output "
                   "says which). 6 decks: about 40 s per theta (progress on a terminal; "
                   "--no-theta-table for one theta).")
@click.option("--no-theta-table", is_flag=True, help="With --equilibrium: solve --theta only.")
@click.option("--exact", is_flag=True, help="Show exact fractions beside the decimals.")
@format_option
@input_errors
def banque(decks, shoe_counts, remove, policy, theta, punter_five, equilibrium, punters, no_theta_table, exact,
           fmt):
    """Exact odds of baccarat banque: two tableaux, one banker, and the middle bet.

    Deal: left, right, banker, left, right, banker from one shoe. Punters draw
    on 0-4, stand on 6-7, and follow --punter-five on 5. The banker's one
    decision serves both tableaux. Prints the joint results of the two
    tableaux, the EV of each bet, the banker's edge for theta = 0, 1/4, 1/2,
    3/4, 1, and the middle bet solved exactly (each later coup dealt from a
    shoe of the same composition).

    \b
    Examples:
      exact-odds banque                                  # 3 decks, optimal banker, theta 1/2
      exact-odds banque --decks 6 --banker tableau-larger --theta 3/4
      exact-odds banque --punter-five 9/11 --exact
      exact-odds banque --format json
      exact-odds banque --equilibrium --decks inf         # Ethier and Lee's with-replacement model
      exact-odds banque --equilibrium --decks inf --theta 3/4 --exact --no-theta-table
      exact-odds banque --equilibrium --punters know-cards --decks inf --no-theta-table
      exact-odds banque --equilibrium --punters know-cards --decks 6 --no-theta-table --exact
    """
    from exact_odds.games.banque import BANKER_POLICIES, BanqueError, analyse_banque
    from exact_odds.report.banque import banque_report

    if equilibrium:
        for name, value in (("--banker", policy), ("--punter-five", punter_five)):
            if value is not None:
                raise InputError(f"--equilibrium finds every player's strategy itself: drop {name}")
        model = _punters(punters)
        t = parse_probability(theta, "--theta", "a number from 0 to 1 such as 1/2 or 0.25")
        shoe = build_shoe(decks, shoe_counts, remove, default_decks=3)
        click.echo(emit(_equilibrium(shoe, t, not no_theta_table, exact, model), fmt))
        return
    if no_theta_table:
        raise InputError("--no-theta-table goes with --equilibrium")
    if punters is not None:
        raise InputError("--punters goes with --equilibrium (the punters' play at 5 is --punter-five otherwise)")
    policy = "optimal" if policy is None else policy
    punter_five = "draw" if punter_five is None else punter_five
    if policy not in BANKER_POLICIES:
        raise InputError(f"--banker must be one of {', '.join(BANKER_POLICIES)}, not {policy!r}")
    t = parse_probability(theta, "--theta", "a number from 0 to 1 such as 1/2 or 0.25")
    five = parse_punter_five(punter_five)
    shoe = build_shoe(decks, shoe_counts, remove, default_decks=3)
    try:
        result = analyse_banque(shoe, policy, t, five)
        solution = result.middle.closed_form()
    except BanqueError as exc:
        raise InputError(str(exc)) from None
    click.echo(emit(banque_report(result, solution, exact), fmt))


PUNTER_MODELS = ("total", "know-cards")


def _punters(text: str | None) -> str:
    """--punters: total (default) or know-cards."""
    if text is None:
        return "total"
    t = text.strip().lower()
    if t not in PUNTER_MODELS:
        raise InputError(f"--punters must be one of {', '.join(PUNTER_MODELS)}, not {shown(text, 40)}")
    return t


def _equilibrium(shoe, theta: Fraction, table: bool, exact: bool, model: str = "total"):
    """banque --equilibrium: walk the game of the punters' model once, solve at theta (and the theta
    table), build the report."""
    import sys

    from exact_odds.games.banque import THETAS, BanqueError

    def progress(text: str) -> None:  # long work: say so on a terminal only
        if sys.stderr.isatty():
            click.echo(f"exact-odds: {text}", err=True)

    if model == "know-cards":
        from exact_odds.games.banque.knows import knows_game as walk
        from exact_odds.games.banque.knows_search import solve_knows as solve
        from exact_odds.report.banque_knows import knows_report as report
        walking = "walking the shoe (each punter's 5 by holding)"
    else:
        from exact_odds.games.banque.equilibrium import solve_banque as solve
        from exact_odds.games.banque.game import cached_game as walk
        from exact_odds.report.banque import equilibrium_report as report
        walking = "walking the shoe"
    try:
        progress(walking)
        game = walk(shoe)
        progress(f"solving theta = {theta}")
        extra = {}
        if model == "know-cards" and not shoe.is_infinite:
            def reduced(done: int, total: int) -> None:
                if total and done % max(1, total // 10) == 0:
                    progress(f"  one mixed holding per punter: reduced game {done} of {total}")
            extra = {"progress": reduced}
        search = solve(game, theta, **extra)
        by_theta = []
        for t in THETAS if table else ():
            if t != theta:
                progress(f"solving theta = {t}")
            by_theta.append(search if t == theta else solve(game, t, **extra))
        if model == "know-cards":
            middle, unpriced = None, None
            if search.equilibria:
                from exact_odds.games.banque.knows_middle import knows_middle

                progress("pricing the middle bet at the equilibrium (walking the shoe again)")
                try:
                    middle = knows_middle(game, search.equilibria[0])
                except BanqueError as exc:  # a profile it cannot price (several mixed holdings): said in a note
                    unpriced = str(exc)
            return report(search, by_theta, exact, middle, unpriced)
    except BanqueError as exc:
        raise InputError(str(exc)) from None
    return report(search, by_theta, exact)
