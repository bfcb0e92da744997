"""``exact-odds banque``: baccarat banque (a deux tableaux) and the middle bet."""

from __future__ import annotations

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.options import build_shoe, format_option, shoe_options
from exact_odds.report.emit import table, to_json


@click.command("banque")
@shoe_options(default_decks=3)
@click.option("--banker", "policy", default="optimal", show_default=True, metavar="POLICY",
              help="The banker's drawing policy: tableau-left, tableau-right, tableau-larger (the tableau with "
                   "the larger stake; equal stakes: left) or optimal (maximise his exact expected gain).")
@click.option("--theta", default="1/2", show_default=True, metavar="T",
              help="Share of the money on the left tableau, 0 to 1 (1/2, 0.25, ...).")
@click.option("--punter-five", default="draw", show_default=True, metavar="P",
              help="What a tableau does on a two-card 5: draw, stand, or a probability of drawing such as 9/11.")
@click.option("--exact", is_flag=True, help="Show exact fractions beside the decimals.")
@format_option
@input_errors
def banque(decks, shoe_counts, remove, policy, theta, punter_five, exact, fmt):
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
    """
    from exact_odds.games.banque import (BANKER_POLICIES, BanqueError, PunterFive, analyse_banque, bet_rows,
                         joint_rows, middle_rows, model_notes, parse_probability, theta_rows)
    from exact_odds.games.banque import to_json as banque_json

    try:
        if policy not in BANKER_POLICIES:
            raise BanqueError(f"--banker must be one of {', '.join(BANKER_POLICIES)}, not {policy!r}")
        t = parse_probability(theta, "--theta", "a number from 0 to 1 such as 1/2 or 0.25")
        five = PunterFive.parse(punter_five)
        shoe = build_shoe(decks, shoe_counts, remove, default_decks=3)
        result = analyse_banque(shoe, policy, t, five)
        solution = result.middle.solve()
    except BanqueError as exc:
        raise InputError(str(exc)) from None
    fmt = fmt.lower()
    if fmt == "json":
        click.echo(to_json(banque_json(result, solution)))
        return
    if fmt == "csv":
        click.echo(table(*joint_rows(result, exact=True), "csv"))
        return
    click.echo(f"Baccarat banque, {shoe.describe()}.")
    for note in model_notes(result):
        click.echo(f"- {note}")
    click.echo()
    click.echo(table(*joint_rows(result, exact), fmt))
    click.echo()
    click.echo(table(*bet_rows(result, solution, exact), fmt))
    click.echo()
    click.echo(f"The banker's edge (his expected gain per unit bet) by theta, policy {policy}:")
    click.echo(table(*theta_rows(result.walk, (policy,), exact), fmt))
    click.echo()
    click.echo(table(*middle_rows(result, solution, exact), fmt))
    click.echo(f"P(still in play after k coups) = {solution.still_in_play}")
