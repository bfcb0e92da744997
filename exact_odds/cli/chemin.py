"""``exact-odds chemin-de-fer``: the two-person game solved exactly (parse, :mod:`exact_odds.games.chemin`, report, emit)."""

from __future__ import annotations

from fractions import Fraction

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.options import MAX_DECKS, build_shoe, format_option, parse_fraction
from exact_odds.rules.shoe import Shoe
from exact_odds.text import NumberError, shown, whole_number
from exact_odds.report.emit import emit


def parse_commission(text: str | None) -> Fraction:
    """'1/20', '0.05' or '5%' as an exact fraction in [0, 1)."""
    if text is None:
        return Fraction(0)
    c = parse_fraction(text, "--commission", "a fraction such as 1/20, 0.05 or 5%")
    if not 0 <= c < 1:
        raise InputError(f"--commission must be at least 0 and below 1 (for example 1/20), not {shown(text, 60)}")
    return c


def parse_decks(model_name: str, text: str | None) -> int | None:
    """--decks as a whole number of decks (None: the model's default); A1 takes none."""
    if model_name == "A1" and text is not None:
        raise InputError("model A1 deals from the infinite deck; drop --decks (or use --model B2/B3 with --decks)")
    if text is None:
        return None
    if text.strip().lower() in ("inf", "infinite", "infinity"):
        raise InputError("the infinite deck is model A1: use --model A1 without --decks "
                         "(B2 and B3 need a whole number of decks)")
    try:
        decks = whole_number(text, max_digits=len(str(MAX_DECKS)))
    except NumberError as exc:
        decks = MAX_DECKS + 1 if exc.too_large else 0
    if decks < 1:
        raise InputError(f"--decks must be a whole number >= 1, not {shown(text, 60)}")
    if decks > MAX_DECKS:
        raise InputError("--decks: at most 10^18 decks; for the limit of ever more decks use --model A1 "
                         "(the infinite deck)")
    return decks


def chemin_shoe(model_name: str, decks: str | None, shoe: str | None, remove: str | None):
    """The shoe asked for (None: the model's own). A1 takes no shoe option; B2/B3 take
    --decks (a whole number, default 6) or --shoe, less --remove."""
    if model_name == "A1" and (shoe is not None or remove is not None):
        raise InputError("model A1 deals from the infinite deck; drop --shoe and --remove "
                         "(or use --model B2/B3 with them)")
    d = parse_decks(model_name, decks)
    if shoe is None and remove is None:
        return None if d is None else Shoe.decks(d)
    return build_shoe(None if d is None else str(d), shoe, remove, default_decks=6)


@click.command("chemin-de-fer")
@click.option("--model", "model_name", default="B2", show_default=True,
              type=click.Choice(["A1", "B2", "B3"], case_sensitive=False),
              help="A1: infinite deck, totals only. B2: d decks, banker knows his two cards. "
                   "B3: d decks, both know their two cards.")
@click.option("--decks", metavar="N",
              help="Decks in the shoe for B2/B3 (a whole number from 1 to 10^18; default 6). Not allowed with A1.")
@click.option("--shoe", "shoe_counts", metavar="COUNTS",
              help="B2/B3: the shoe as 13 rank counts A,2,...,10,J,Q,K, 52 rank-suit counts "
                   "(A of s,h,d,c, then 2, ...), or a card list such as Ah,Ah,Kd. Not allowed with A1.")
@click.option("--remove", metavar="CARDS",
              help="B2/B3: cards to take out of the shoe, comma-separated ranks or cards: 5,5,K,A or Ah,Kd.")
@click.option("--commission", metavar="C",
              help="Commission on banker wins, an exact fraction in [0, 1): 1/20, 0.05 or 5%. Default 0 (zero-sum).")
@click.option("--exceptional-commissions", "exceptional", is_flag=True,
              help="Model B2: list the commissions in [0, 1/10] where the equilibrium changes its structure or "
                   "is not unique (exact algebraic numbers, with decimals), and the banker's equilibrium "
                   "segment at each. About 2 s.")
@format_option
@input_errors
def chemin_de_fer(model_name, decks, shoe_counts, remove, commission, exceptional, fmt):
    """Chemin de fer as a two-person game: the punter's and banker's equilibrium strategies and the value.

    The punter chooses at 5, the banker in every cell (his total or two cards
    against the punter's visible action). Every probability and the value are
    exact fractions; JSON gives them as "p/q" strings.

    \b
    Examples:
      exact-odds chemin-de-fer --model A1                 # Kemeny and Snell: punter draws at 5 w.p. 9/11
      exact-odds chemin-de-fer --model B2 --decks 8
      exact-odds chemin-de-fer --model B3 --decks 6 --format json
      exact-odds chemin-de-fer --model B2 --commission 1/20
      exact-odds chemin-de-fer --model B2 --decks 6 --remove 5,5,9   # the shoe in play
      exact-odds chemin-de-fer --model B2 --decks 6 --exceptional-commissions
    """
    from exact_odds.games.chemin import MODELS, ChemError, build_game, game_for, solve
    from exact_odds.report.chemin import chemin_report

    model_name = model_name.upper()
    if exceptional:
        if model_name != "B2":
            raise InputError(f"--exceptional-commissions applies to model B2 (one punter choice, d decks), "
                             f"not {model_name}")
        if commission is not None:
            raise InputError("--exceptional-commissions scans every commission in [0, 1/10]: drop --commission")
    shoe = chemin_shoe(model_name, decks, shoe_counts, remove)
    if exceptional:
        from exact_odds.games.chemin.exceptions import exceptional_commissions
        from exact_odds.report.chemin import exceptions_report

        try:
            game = game_for(model_name) if shoe is None else build_game(shoe.checked(), MODELS[model_name])
            found = exceptional_commissions(game)
        except ChemError as exc:
            raise InputError(str(exc)) from None
        click.echo(emit(exceptions_report(game, found), fmt))
        return
    c = parse_commission(commission)
    try:
        game = game_for(model_name) if shoe is None else build_game(shoe.checked(), MODELS[model_name])
        solution = solve(game, c)
    except ChemError as exc:
        raise InputError(str(exc)) from None
    click.echo(emit(chemin_report(solution), fmt))
