"""Options of the commands that follow a shoe in play card by card (``track`` and ``live``): the count, the shoe.

Each parser turns the user's text into a library value
(:mod:`exact_odds.in_play.track.table`), or raises
:class:`~exact_odds.cli.app.InputError` naming the option.
"""

from __future__ import annotations

import click

from exact_odds.cli.app import InputError
from exact_odds.cli.options import build_shoe

COUNT_HELP = ("A running count to keep: 13 comma-separated tags for A,2,...,10,J,Q,K "
              "(such as 0,0,0,-1,-1,-1,-1,2,2,0,0,0,0), or a bet key such as dragon7 for the count "
              "'eor' derives for that bet (level 2).")


def count_option(fn):
    return click.option("--count", "count_text", metavar="TAGS|BET", help=COUNT_HELP)(fn)


def chosen_count(text, shoe, keys, bets):
    """The :class:`~exact_odds.in_play.track.table.Count` of ``--count`` (None if not given)."""
    from exact_odds.bets.catalog import builtin_catalog, spelt
    from exact_odds.bets.paytable import PayTableError
    from exact_odds.in_play.track.table import CountError, count_of_bet, parse_count_tags

    if text is None:
        return None
    if "," in text:
        try:
            return parse_count_tags(text)
        except CountError as exc:
            raise InputError(f"--count: {exc}") from None
    key = text.strip()
    if not key:
        raise InputError("--count is empty; give a bet key such as dragon7, or 13 comma-separated tags for "
                         "A,2,...,10,J,Q,K")
    named = dict(zip(keys, bets))
    try:
        if spelt(key, named) is not None:
            key = spelt(key, named)
            bet = named[key]
        else:
            bet = builtin_catalog().bet(key)
            key = bet.key
    except PayTableError as exc:
        raise InputError(f"--count: {exc} (--count takes a bet key, or 13 comma-separated tags for "
                         "A,2,...,10,J,Q,K)") from None
    try:
        return count_of_bet(shoe, bet, key)
    except PayTableError as exc:
        raise InputError(f"--count {key}: {exc}") from None


def start_shoe(decks, shoe_counts, remove):
    from exact_odds.in_play.dealing import FiniteShoeNeeded
    from exact_odds.in_play.track.log import ShoeInPlay

    start = build_shoe(decks, shoe_counts, remove)
    try:
        ShoeInPlay(start)
    except FiniteShoeNeeded as exc:
        raise InputError(f"{exc}; use --decks N or --shoe") from None
    return start
