"""``exact-odds banque``: baccarat banque (a deux tableaux) and the middle bet (parse, library, report, emit)."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.options import build_shoe, format_option, parse_fraction, quiet_option, shoe_options
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
@click.option("--theta", default=None, show_default="1/2", metavar="T",
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
                   "says which). 6 decks: about 40 s per theta (progress on a terminal); the whole theta "
                   "table of a finite shoe runs only with --allow-slow, --no-theta-table solves one theta.")
@click.option("--no-theta-table", is_flag=True, help="With --equilibrium: solve --theta only.")
@click.option("--solution", default=None, show_default="nash", metavar="KIND",
              help="With --equilibrium: nash (each player for himself), correlated (the punters as one "
                   "coalition choosing jointly at random against the banker: an exact linear programme) or "
                   "independent (the coalition with independent choices: a saddle point, where one exists).")
@click.option("--theta-range", default=None, metavar="A:B:STEP",
              help="With --equilibrium: solve every theta A, A + STEP, ... up to B (0 < A <= B < 1, at most "
                   "10,000 values) and print one row each (the punters' mixing and the banker's edge); with "
                   "replacement about 0.2 s per theta. JSON: one row per theta.")
@click.option("--allow-slow", is_flag=True,
              help="With --equilibrium --punters know-cards on a finite shoe: solve the whole theta table "
                   "(minutes to tens of minutes; without this flag the command says what it would cost and "
                   "stops).")
@click.option("--exact", is_flag=True, help="Show exact fractions beside the decimals.")
@format_option
@quiet_option
@input_errors
def banque(decks, shoe_counts, remove, policy, theta, punter_five, equilibrium, punters, no_theta_table, solution,
           theta_range, allow_slow, exact, fmt, quiet):
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
      exact-odds banque --equilibrium --decks inf --solution correlated --no-theta-table
      exact-odds banque --equilibrium --decks inf --theta-range 1/20:1/10:1/100
      exact-odds banque --equilibrium --punters know-cards --decks 6 --no-theta-table --exact
    """
    from exact_odds.games.banque import BANKER_POLICIES, BanqueError, analyse_banque
    from exact_odds.report.banque import banque_report

    if equilibrium:
        for name, value in (("--banker", policy), ("--punter-five", punter_five)):
            if value is not None:
                raise InputError(f"--equilibrium finds every player's strategy itself: drop {name}")
        model = _punters(punters)
        kind = parse_solution(solution)
        if kind != "nash" and model != "total":
            raise InputError("--solution independent and correlated are for --punters total (each punter sees his "
                             "total)")
        if theta_range is not None:
            if theta is not None:
                raise InputError("give either --theta or --theta-range, not both")
            if model != "total":
                raise InputError("--theta-range is for --punters total")
            thetas = parse_theta_range(theta_range)
            shoe = build_shoe(decks, shoe_counts, remove, default_decks=3)
            click.echo(emit(_theta_range(shoe, thetas, kind, exact, quiet), fmt))
            return
        t = parse_probability("1/2" if theta is None else theta, "--theta", "a number from 0 to 1 such as 1/2 or 0.25")
        shoe = build_shoe(decks, shoe_counts, remove, default_decks=3)
        if kind != "nash":
            click.echo(emit(_cooperative(shoe, t, kind, not no_theta_table, exact, quiet), fmt))
            return
        from exact_odds.games.banque import MIN_BANQUE_CARDS

        # (a shoe too small to deal is refused by the walk, in its own words)
        if model == "know-cards" and not shoe.is_infinite and shoe.size >= MIN_BANQUE_CARDS and not no_theta_table \
                and not allow_slow:
            raise InputError(slow_table(shoe.size, t))
        click.echo(emit(_equilibrium(shoe, t, not no_theta_table, exact, model, quiet), fmt))
        return
    if no_theta_table:
        raise InputError("--no-theta-table goes with --equilibrium")
    for name, value in (("--solution", solution), ("--theta-range", theta_range)):
        if value is not None:
            raise InputError(f"{name} goes with --equilibrium")
    if allow_slow:
        raise InputError("--allow-slow goes with --equilibrium --punters know-cards")
    if punters is not None:
        raise InputError("--punters goes with --equilibrium (the punters' play at 5 is --punter-five otherwise)")
    theta = "1/2" if theta is None else theta
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
#: The most thetas --theta-range solves in one command.
MAX_THETAS = 10_000


def parse_solution(text: str | None) -> str:
    """--solution: nash (default), independent or correlated."""
    from exact_odds.games.banque.cooperative import SOLUTIONS

    if text is None:
        return "nash"
    t = text.strip().lower()
    if t not in SOLUTIONS:
        raise InputError(f"--solution must be one of {', '.join(SOLUTIONS)}, not {shown(text, 40)}")
    return t


def parse_theta_range(text: str) -> list[Fraction]:
    """--theta-range A:B:STEP: A, A + STEP, ... while <= B, each strictly between 0 and 1."""
    parts = text.split(":")
    if len(parts) != 3:
        raise InputError(f"--theta-range must be A:B:STEP such as 1/200:199/200:1/200, not {shown(text, 60)}")
    a, b, step = (parse_fraction(p, "--theta-range", "A:B:STEP with fractions such as 1/200:199/200:1/200")
                  for p in parts)
    if step <= 0:
        raise InputError(f"--theta-range: the step must be positive, not {shown(parts[2], 40)}")
    if not (0 < a < 1 and 0 < b < 1):
        raise InputError("--theta-range: theta must lie strictly between 0 and 1 (for 0 or 1 use --theta)")
    if b < a:
        raise InputError("--theta-range: B must be at least A")
    count = int((b - a) / step) + 1
    if count > MAX_THETAS:
        raise InputError(f"--theta-range gives {count} values of theta; at most {MAX_THETAS:,}")
    return [a + k * step for k in range(count)]


def _cooperative(shoe, theta: Fraction, kind: str, table: bool, exact: bool, quiet: bool):
    """banque --equilibrium --solution independent|correlated: walk once, solve at theta (and the table)."""
    from exact_odds.games.banque import THETAS, BanqueError
    from exact_odds.games.banque.cooperative import correlated, independent
    from exact_odds.games.banque.game import cached_game
    from exact_odds.progress import tracker
    from exact_odds.report.banque_solutions import cooperative_report

    solve = independent if kind == "independent" else correlated
    order = [theta] + ([t for t in THETAS if t != theta] if table else [])
    try:
        with tracker(quiet) as bars:
            task = bars.task("walk, then each theta", len(order) + 1) if bars else None
            game = cached_game(shoe)
            sols = {}
            for t in order:
                if task:
                    task.advance(1)
                sols[t] = solve(game, t)
    except BanqueError as exc:
        raise InputError(str(exc)) from None
    return cooperative_report(sols[theta], [sols[t] for t in THETAS] if table else [], exact)


def _theta_range(shoe, thetas: list[Fraction], kind: str, exact: bool, quiet: bool):
    """banque --equilibrium --theta-range: one solution per theta, with a progress bar."""
    from exact_odds.games.banque import BanqueError
    from exact_odds.games.banque.cooperative import correlated, independent
    from exact_odds.games.banque.equilibrium import solve_banque
    from exact_odds.games.banque.game import cached_game
    from exact_odds.progress import tracker
    from exact_odds.report.banque_solutions import theta_range_report

    solve = {"nash": solve_banque, "independent": independent, "correlated": correlated}[kind]
    out = []
    try:
        with tracker(quiet) as bars:
            task = bars.task(f"theta ({kind})", len(thetas) + 1) if bars else None
            game = cached_game(shoe)
            if task:
                task.advance(1)
            for t in thetas:
                out.append(solve(game, t))
                if task:
                    task.advance(1)
    except BanqueError as exc:
        raise InputError(str(exc)) from None
    return theta_range_report(out, game, kind, exact)


def slow_table(cards: int, theta: Fraction) -> str:
    """What the know-cards theta table of a finite shoe costs (measured: docs/benchmarks.md), and the way on."""
    return (f"the know-cards theta table on a finite shoe ({cards} cards) solves five thetas, each from "
            f"{SLOW_PER_THETA}: add --no-theta-table to solve theta = {theta} alone, or --allow-slow to "
            "wait for the whole table")


#: The measured cost of one theta of the know-cards table (docs/benchmarks.md), in words.
SLOW_PER_THETA = ("about 40 s (6 decks) to nearly 2 minutes (1 deck, theta 0 and 1; the whole 1-deck table "
                  "about 5 minutes)")


def _punters(text: str | None) -> str:
    """--punters: total (default) or know-cards."""
    if text is None:
        return "total"
    t = text.strip().lower()
    if t not in PUNTER_MODELS:
        raise InputError(f"--punters must be one of {', '.join(PUNTER_MODELS)}, not {shown(text, 40)}")
    return t


def _equilibrium(shoe, theta: Fraction, table: bool, exact: bool, model: str = "total", quiet: bool = False):
    """banque --equilibrium: walk the game of the punters' model once, solve at theta (and the theta
    table), build the report. Progress on a terminal: the thetas with the time left, and the know-cards
    search's reduced games (exact_odds.progress)."""
    from exact_odds.games.banque import THETAS, BanqueError
    from exact_odds.progress import tracker

    if model == "know-cards":
        from exact_odds.games.banque.knows import knows_game as walk
        from exact_odds.games.banque.knows_search import solve_knows as solve
        from exact_odds.report.banque_knows import knows_report as report
    else:
        from exact_odds.games.banque.equilibrium import solve_banque as solve
        from exact_odds.games.banque.game import cached_game as walk
        from exact_odds.report.banque import equilibrium_report as report
    order = [theta] + ([t for t in THETAS if t != theta] if table else [])
    searches: dict = {}
    try:
        with tracker(quiet) as bars:
            overall = bars.task("walk, then each theta", len(order) + 1) if bars else None
            game = walk(shoe)
            for t in order:
                if overall:
                    overall.advance(1)
                extra = {}
                if model == "know-cards" and not shoe.is_infinite and 0 < t < 1 and bars:
                    extra = {"progress": bars.task(f"theta = {t}: reduced games (one mixed holding)").update}
                searches[t] = solve(game, t, **extra)
            search = searches[theta]
            by_theta = [searches[t] for t in THETAS] if table else []
            if model == "know-cards":
                middle, unpriced = None, None
                if search.equilibria:
                    from exact_odds.games.banque.knows_middle import knows_middle

                    if bars:
                        bars.task("pricing the middle bet at the equilibrium (walking the shoe again)")
                    try:
                        middle = knows_middle(game, search.equilibria[0])
                    except BanqueError as exc:  # a profile it cannot price (several mixed holdings): said in a note
                        unpriced = str(exc)
                return report(search, by_theta, exact, middle, unpriced)
    except BanqueError as exc:
        raise InputError(str(exc)) from None
    return report(search, by_theta, exact)
