"""Hostile input for the card sets and aggregates of the condition language (issue 22): every misuse is
refused when the file is read, in one line that says how to write it; long or-chains cost what they read."""

import pytest
from click.testing import CliRunner

from exact_odds import Shoe, analyse
from exact_odds.bets.paytable import PayLine, PayTable, PayTableError
from exact_odds.cli.app import main


@pytest.mark.parametrize("text, words", [
    ("cuont(first_four, rank == 9) >= 2", ["unknown aggregate 'cuont'", "did you mean 'count'"]),
    ("count(first_four) >= 2", ["count takes a set of cards and a predicate", "count(first_four, rank == 9)"]),
    ("same_suit(player_hand, red)", ["same_suit takes one set of cards"]),
    ("of_a_kind(all_cards, red, black) == 2", ["of_a_kind takes a set of cards and, if you like, a predicate"]),
    ("count(frist_four, rank == 9) >= 2", ["unknown card set 'frist_four'", "did you mean 'first_four'"]),
    ("count((player_card1, player_card1), red) == 2", ["player_card1 is listed twice"]),
    ("count((player_card1, 3), red) == 2", ["a list of cards holds single cards"]),
    ("count(player_hand, rnak == 9) >= 1", ["unknown name 'rnak'", "did you mean 'rank'"]),
    ("count(player_hand, banker_wins) >= 1", ["a predicate on one card may use only"]),
    ("count(player_hand, count(banker_hand, red) == 1) >= 1", ["aggregate inside a predicate"]),
    ("count(player_hand, rank) >= 1", ["true/false condition"]),
    ("rank == 9", ["'rank' outside a predicate", "count(first_four, rank == 9)"]),
    ("first_four", ["the set of cards 'first_four' alone"]),
    ("same_suit(player_hand) == 2", ["compares", "true/false"]),
    ("count(player_hand, red)", ["true/false condition"]),
    ("count(player_hand, red) > same_rank(first_four)", ["needs numbers"]),
    ("count(player_hand, red, key=1) > 1", ["count takes"]),
    ("player_hand.count(red) > 1", ["calls something that is not an aggregate"]),
    ("(lambda: 1)() == 1", ["calls something that is not an aggregate"]),
    ("bnaker_wins", ["unknown name 'bnaker_wins' in", "did you mean 'banker_wins'"]),
    ("True", ["write true (lower case)"]),
    ("tie or False", ["write false (lower case)"]),
])
def test_misused_forms_are_one_line_errors_when_the_line_is_read(text, words):
    with pytest.raises(PayTableError) as e:
        PayLine.make("x", text, 5)
    message = str(e.value)
    assert "\n" not in message
    for w in words:
        assert w in message, message


def test_a_misused_form_in_a_file_is_one_line_with_exit_status_2(tmp_path):
    f = tmp_path / "bad.toml"
    f.write_text('[bets.x]\n[[bets.x.lines]]\nwhen = "count(first_four) >= 2"\npays = 8\n')
    r = CliRunner().invoke(main, ["edge", "--paytable", str(f), "--bets", "x"])
    assert r.exit_code == 2
    err = r.stderr.strip()
    assert "\n" not in err and "Traceback" not in r.output and "line 3" in err and "count takes" in err


def test_a_long_or_chain_costs_what_it_reads():
    """Four hundred or-terms over the first four cards' ranks: read once, priced on the same few classes."""
    cards = ["player_card1", "banker_card1", "player_card2", "banker_card2"]
    text = " or ".join(f"({a}_rank == {r} and {b}_rank == {r})" for r in range(1, 14)
                       for a in cards for b in cards if a < b)
    text = " or ".join([text] * 5)
    bet = PayTable("chain", (PayLine.make("x", text, 1),))
    short = PayTable("kind", (PayLine.make("x", "of_a_kind(first_four) >= 2", 1),))
    shoe = Shoe.decks(2)
    assert analyse(shoe, [bet]).results[0].lines[0].probability == \
        analyse(shoe, [short]).results[0].lines[0].probability


@pytest.mark.parametrize("when", ["true", "false", "not false", "true and tie"])
def test_the_literals_price_on_every_engine(when):
    """'true' and 'false' in a value-level bet (the walk) and beside card names (the card classes)."""
    shoe = Shoe.decks(1)
    value = analyse(shoe, [PayTable("v", (PayLine.make("x", when, 1),))]).results[0]
    card = analyse(shoe, [PayTable("c", (PayLine.make("x", f"({when}) and (same_suit(player_hand) or "
                                                            "not same_suit(player_hand))", 1),))]).results[0]
    assert value.lines[0].probability == card.lines[0].probability


def test_constant_names_without_card_names_are_priced():
    """'player == ace' reads no card: the walk prices it (it failed with a NameError when priced)."""
    result = analyse(Shoe.decks(8), [PayTable("a", (PayLine.make("x", "player == ace and banker == king - 13", 5),))])
    assert 0 < result.results[0].lines[0].probability < 1
