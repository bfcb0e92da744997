"""Information play: ``exact-odds information`` (edge sorting, known cards)."""

from __future__ import annotations

import click

from exact_odds.cli.app import InputError, input_errors
from exact_odds.cli.options import build_shoe, format_option, shoe_options
from exact_odds.report.emit import emit
from exact_odds.text import shown


def parse_positions(text: str | None, option: str) -> tuple[int, ...]:
    """'1,2,3,4' or '1-4': positions 1-6, each once."""
    if text is None:
        return ()
    out: list[int] = []
    parts = [p.strip() for p in text.split(",")]
    if not any(parts):
        raise InputError(f"{option} is empty; give positions 1-6 such as 1,2,3,4 or 1-4")
    for part in parts:
        lo, dash, hi = part.partition("-")
        ends = (lo.strip(), hi.strip()) if dash else (lo.strip(),)
        if not all(e.isascii() and e.isdigit() for e in ends):
            raise InputError(f"{option}: {shown(part, 30)} is not a position; give positions 1-6 such as 1,2,3,4 "
                             "(1 Player's first card, 2 Banker's first, 3 and 4 their second, 5 and 6 the cards drawn)")
        nums = [int(e) for e in ends]
        for n in nums:
            if not 1 <= n <= 6:
                raise InputError(f"{option}: position {n} is outside 1-6 (1 Player's first card, 2 Banker's first, "
                                 "3 and 4 their second, 5 and 6 the cards drawn)")
        for p in range(nums[0], nums[-1] + 1):
            if p in out:
                raise InputError(f"{option} lists position {p} twice")
            out.append(p)
    return tuple(out)


def parse_ranks(text: str) -> frozenset[int]:
    """'6,7,8,9,10' or '10,J,Q,K': ranks (the High group of a sort by rank), as indexes 0 (A) .. 12 (K)."""
    from exact_odds.rules.cards import CardError, parse_rank

    out: set[int] = set()
    for part in [p.strip() for p in text.split(",")]:
        try:
            out.add(parse_rank(part))
        except CardError:
            raise InputError(f"--high: {shown(part, 30)} is not a rank; give ranks A, 2-9, 10, J, Q, K such as "
                             "6,7,8,9") from None
    if len(out) == 13:
        raise InputError("--high lists all 13 ranks; a sort needs two groups, so leave at least one rank Low")
    return frozenset(out)


def parse_values(text: str) -> frozenset[int]:
    """'6,7,8,9' or '6-9': card values 0-9 (the High group)."""
    out: set[int] = set()
    for part in [p.strip() for p in text.split(",")]:
        lo, dash, hi = part.partition("-")
        ends = (lo.strip(), hi.strip()) if dash else (lo.strip(),)
        if not all(e.isascii() and e.isdigit() for e in ends) or not part:
            raise InputError(f"--high: {shown(part, 30)} is not a card value; give values 0-9 such as 6,7,8,9 "
                             "(10, J, Q, K are value 0)")
        nums = [int(e) for e in ends]
        for n in nums:
            if n > 9:
                raise InputError(f"--high: {n} is not a card value; values run 0-9 (10, J, Q, K are value 0)")
        out.update(range(nums[0], nums[-1] + 1))
    if not out:
        raise InputError("--high is empty; give the values of the High group, such as 6,7,8,9")
    if len(out) == 10:
        raise InputError("--high lists all ten values; a sort needs two groups, so leave at least one value Low")
    return frozenset(out)


# --- the same options at the table (track) ---------------------------------------------------------

def seen_options(fn):
    """--group POSITIONS, --high VALUES, --value POSITIONS: what is seen of the next coup (as 'information')."""
    fn = click.option("--value", "value", metavar="POSITIONS",
                      help="Positions 1-6 of the next coup whose exact value is seen before the bet.")(fn)
    fn = click.option("--high", metavar="VALUES", help="With --group: the values of the High group, such as "
                                                       "6,7,8,9.")(fn)
    fn = click.option("--group", "group", metavar="POSITIONS",
                      help="Positions 1-6 of the next coup whose group (High or Low) is seen before the bet "
                           "(1 Player's first card, 2 Banker's first, 3, 4 their second, 5, 6 the cards drawn): "
                           "each coup then shows every bet's EV given what is seen.")(fn)
    return fn


def seen_information(group, high, value, fmt):
    """The Information of --group/--high/--value (None when nothing is seen)."""
    if not group and not value and high is None:
        return None
    from exact_odds.information.seen import Information

    from exact_odds.report.information import SEEN_FORMATS

    if fmt not in SEEN_FORMATS:
        raise InputError(f"--group and --value show the seen states as {' or '.join(SEEN_FORMATS)} lines, not {fmt}")
    groups, values = parse_positions(group, "--group"), parse_positions(value, "--value")
    both = sorted(set(groups) & set(values))
    if both:
        raise InputError(f"position {both[0]} is given to both --group and --value; give each position one of them")
    if groups and high is None:
        raise InputError("--group needs --high VALUES (the High group's values)")
    if high is not None and not groups:
        raise InputError("--high needs --group POSITIONS (whose group is seen)")
    return Information(group=groups, value=values, high=parse_values(high) if high is not None else None)



@click.command("information")
@shoe_options()
@click.option("--group", "group", metavar="POSITIONS",
              help="Positions whose group (High or Low) is seen before the bet: 1-6 in deal order "
                   "(1 Player's first card, 2 Banker's first, 3, 4 their second cards, 5, 6 the cards drawn), "
                   "such as 1 or 1,2,3,4 or 1-4.")
@click.option("--high", metavar="VALUES", help="With --group: the values of the High group, such as 6,7,8,9 "
                                               "(the other values are Low).")
@click.option("--search", is_flag=True, help="With --group: search all 511 two-group sorts of the values for the "
                                             "largest edge, and show the best.")
@click.option("--value", "value", metavar="POSITIONS", help="Positions whose exact value (0-9) is seen.")
@click.option("--rank", "rank", metavar="POSITIONS", help="Positions whose exact rank (A..K) is seen.")
@click.option("--sort-by", type=click.Choice(["value", "rank"]), default="value", show_default=True,
              help="Sort the values (--high 6,7,8,9; --search: 511 sorts) or the 13 ranks (--high 10,J,Q,K; "
                   "--search: 4095 sorts, slower).")
@click.option("--must-bet", is_flag=True, help="Bet the least bad bet where none has a positive EV (default: sit "
                                               "out there, as the published figures do).")
@click.option("--bets", metavar="KEYS", help="Comma-separated bet keys to choose from (see 'exact-odds variants'); "
                                             "default banker,player,tie. Bets on the coup's values, and pair bets by rank.")
@click.option("--paytable", "paytables", multiple=True, metavar="FILE",
              help="A TOML file of your own pay tables (schema: docs/bets.md); repeatable.")
@click.option("--commission", metavar="C", help="The Banker bet's exact commission: 1/25, 4% or 0.04.")
@format_option
@input_errors
def information(decks, shoe_counts, remove, group, high, search, value, rank, sort_by, must_bet, bets, paytables,
                commission, fmt):
    """The exact edge of a player who sees something of the cards before he bets (edge sorting, a card
    exposed, a burn card seen).

    For every information state (what is seen), its probability, every bet's EV
    given it and the best bet; the edge is the sum of P(state) x EV of the best
    bet, per coup dealt and per unit wagered (docs/methods/information.md).

    \b
    Examples:
      exact-odds information --group 1 --high 6,7,8,9
      exact-odds information --group 1-4 --high 6,7,8,9
      exact-odds information --group 1-4 --search
      exact-odds information --value 1 --decks 6
      exact-odds information --group 5,6 --high 6,7,8,9 --must-bet --format json
      exact-odds information --group 1 --high 6,7,8,9 --bets banker,player
      exact-odds information --group 1,2 --sort-by rank --high 8,9,J,Q,K
    """
    from exact_odds.cli.bets import select_from_options
    from exact_odds.information.play import information_play
    from exact_odds.information.seen import Information, InformationError
    from exact_odds.information.sorts import best_sort
    from exact_odds.report.information import information_report

    groups = parse_positions(group, "--group")
    values = parse_positions(value, "--value")
    ranks = parse_positions(rank, "--rank")
    for (a, pa), (b, pb) in (((("--group", groups), ("--value", values))), (("--group", groups), ("--rank", ranks)),
                             (("--value", values), ("--rank", ranks))):
        both = sorted(set(pa) & set(pb))
        if both:
            raise InputError(f"position {both[0]} is given to both {a} and {b}; give each position one of them")
    if groups and high is None and not search:
        raise InputError("--group needs the sort: --high VALUES (the High group's values) or --search")
    if high is not None and search:
        raise InputError("give either --high or --search, not both")
    if (high is not None or search) and not groups:
        raise InputError(f"{'--high' if high is not None else '--search'} needs --group POSITIONS (whose group is seen)")
    if search and (values or ranks):
        raise InputError("--search looks for the sort of the --group positions alone; give --value and --rank "
                         "without it")
    high_set = (parse_values(high) if sort_by == "value" else parse_ranks(high)) if high is not None else None
    shoe = build_shoe(decks, shoe_counts, remove)
    chosen = select_from_options(None, bets or ("banker,player,tie" if not paytables else None), paytables,
                                 commission)
    try:
        if search:
            found = best_sort(shoe, groups, chosen, must_bet, sort_by)
            play = found.best
        else:
            found = None
            play = information_play(shoe, Information(group=groups, value=values, rank=ranks, high=high_set,
                                                      sort_by=sort_by), chosen, must_bet)
    except InformationError as exc:
        raise InputError(str(exc)) from None
    click.echo(emit(information_report(play, found), fmt))
