"""Hostile input to track with card-level bets (issue 12): a card with less detail than a chosen bet reads,
a suited card the shoe no longer holds, an undo before any card. Each is one line on stderr, exit status 2,
no traceback; the library raises its own error and leaves the table as it was.

Refusals are streamed: a log is read as it comes (it may be a live pipe), so with --strict the first
offending token stops track, after the lines of the coups before it (without it, each is named and
skipped: tests/hostile/test_track_goes_on.py)."""

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.track.log import LogError, NothingToUndo, ShoeInPlay, UnknownRanks, parse_token
from exact_odds.in_play.track.table import DetailNeeded, Table
from exact_odds.rules.shoe import Shoe

CATALOG = builtin_catalog()


def refused(args, log):
    """track --strict's one line on stderr (exit status 2, no traceback)."""
    res = CliRunner().invoke(main, ["track", "--strict", *args, "-"], input=log)
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output
    assert res.exception is None or isinstance(res.exception, SystemExit)
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


def test_a_suit_bet_and_a_card_without_its_suit():
    line = refused(["--decks", "1", "--bets", "perfect_pair"], "Ah 5s\n9 Kc\n")
    assert " track: error: line 2: card '9' has no suit, but Perfect Pair reads suits" in line
    assert "give every card with its suit (9h, 9s, ...), or drop perfect_pair from --bets" in line


def test_a_zero_with_a_pair_bet():
    line = refused(["--decks", "1", "--bets", "player_pair"], "A 5\n0\n")
    assert "line 2: card '0' is any ten-value card, with no rank, but Player Pair reads ranks" in line
    assert "give the card's rank (10, J, Q or K), or drop player_pair from --bets" in line


def test_a_zero_with_a_suit_bet_asks_for_rank_and_suit():
    line = refused(["--decks", "1", "--bets", "perfect_pair,player_pair"], "0\n")
    assert "card '0' is any ten-value card, with no rank or suit, but Perfect Pair reads suits" in line
    assert "give every card with its rank and suit (10h, Kd, ...)" in line


def test_mixed_suited_and_unsuited_tokens():
    """With a suit bet the first card without a suit is refused (the lines before it stand); with a bet
    on ranks only the same log is priced."""
    res = CliRunner().invoke(main, ["track", "--strict", "--decks", "1", "--bets", "perfect_pair", "-"],
                             input="Ah 5s 9d Kc 2h\n4h 3 4d 3c\n")
    assert res.exit_code == 2 and "line 2: card '3' has no suit" in res.stderr
    assert "coup 1: Player Ah 9d 2h = 2, Banker 5s Kc = 5, banker wins" in res.stdout
    ok = CliRunner().invoke(main, ["track", "--decks", "1", "--bets", "player_pair", "-"],
                            input="Ah 5s 9d Kc 2h\n4h 3 4d 3c\n")
    assert ok.exit_code == 0, ok.output


@pytest.mark.parametrize("log, card", [("Ah 5s 9d Kc 2h Ah", "Ah"), ("Ah 5 9d Kc 2h Ah", "Ah"),
                                       ("Ah 5s 9d Kc 2h 5s", "5s")])
def test_a_suited_card_the_shoe_no_longer_holds(log, card):
    """One deck holds one Ah: a second is impossible, also after a card without a suit (the shoe then
    keeps the suits it had, as the base of the unknown-suit model)."""
    line = refused(["--decks", "1", "--bets", "player_pair"], log)
    assert f"card {card!r} is impossible: the shoe has no {card} left" in line


def test_undo_before_any_card():
    line = refused(["--decks", "1", "--bets", "perfect_pair,banker"], "u\n")
    assert "nothing to undo: no card has been seen yet" in line


def test_the_library_refuses_the_card_and_leaves_the_table_as_it_was():
    table = Table(Shoe.decks(1), [CATALOG.bet("perfect_pair")])
    table.start()
    table.enter(parse_token("Ah"))
    for text, needs in (("9", "suits"), ("0", "suits")):
        with pytest.raises(DetailNeeded) as info:
            table.enter(parse_token(text, 3))
        assert isinstance(info.value, LogError) and info.value.needs == needs
        assert [b.key for b in info.value.bets] == ["perfect_pair"] and info.value.card.line == 3
        assert table.in_play.seen == 1 and [c.text for c in table.current] == ["Ah"]
    with pytest.raises(LogError, match="no Ah left"):
        table.enter(parse_token("Ah"))
    assert table.in_play.seen == 1


def test_card_prices_after_a_zero_are_refused_by_the_shoe_in_play():
    shoe = ShoeInPlay(Shoe.decks(1))
    shoe.take(parse_token("0"))
    with pytest.raises(UnknownRanks, match="given as 0"):
        shoe.card_shoe()
    shoe.put_back()
    assert shoe.card_shoe() == Shoe.decks(1)
    with pytest.raises(NothingToUndo):
        shoe.put_back()
