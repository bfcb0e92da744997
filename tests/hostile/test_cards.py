"""Hostile input for card-level bets (issue 12): card names in conditions, the card walk's API,
shoes with a suit base, and the commands that price or refuse card-level bets."""

import pytest
from click.testing import CliRunner

from exact_odds.bets.paytable import PayLine, PayTableError
from exact_odds.cli import main
from exact_odds.cards.routes.every_card import CardWalkError, card_counts
from exact_odds.rules.shoe import Shoe, ShoeError


def run(*args):
    return CliRunner().invoke(main, list(args), prog_name="exact-odds")


def one_line(r, *needles):
    assert r.exit_code == 2, r.output
    err = r.stderr.strip()
    assert "\n" not in err and "Traceback" not in r.output, err
    for n in needles:
        assert n in err, err


@pytest.mark.parametrize("text, words", [
    ("player_card4_rank == 1", ["unknown name 'player_card4_rank'", "did you mean 'player_card"]),
    ("player_card1_suit", ["true/false condition", "player_card1_suit"]),
    ("player_red == 1", ["compares", "true/false"]),
    ("player_suited < 3", ["needs numbers"]),
    ("player_card1_rank in player_red", ["list of numbers"]),
    ("hearts", ["true/false condition"]),
])
def test_bad_card_conditions_are_one_line_errors(text, words):
    with pytest.raises(PayTableError) as e:
        PayLine.make("x", text, 5)
    for w in words:
        assert w in str(e.value)


@pytest.mark.parametrize("call, kind, words", [
    (lambda: card_counts("8 decks", (), ("player_pair",)), TypeError, ["Shoe"]),
    (lambda: card_counts(Shoe.decks(1), (), "player_pair"), TypeError, ["list of names"]),
    (lambda: card_counts(Shoe.decks(1), (), ("player_colour",)), CardWalkError, ["unknown card name", "player_red"]),
    (lambda: card_counts(Shoe.decks(1), ("banker",), ("player_pair",)), CardWalkError, ["value_of"]),
    (lambda: card_counts(Shoe.decks(1), ("banker",), ("player_pair",), value_of=3), TypeError, ["function"]),
    (lambda: Shoe((5,) * 13, None, "", (1,) * 52), ShoeError, ["suit_base"]),
    (lambda: Shoe((4,) * 13, (1,) * 52, "", (1,) * 52), ShoeError, ["suit_base"]),
    (lambda: Shoe.decks(1).remove(["5", "5h", "5h"]), ShoeError, ["no 5h left"]),
])
def test_card_walk_and_suit_base_refuse_bad_arguments(call, kind, words):
    with pytest.raises(kind) as e:
        call()
    for w in words:
        assert w in str(e.value)


def test_card_level_bet_in_a_paytable_file_is_priced(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[bets.mine]\nname = "Red tie"\n[[bets.mine.lines]]\nwhen = "tie and player_red"\npays = 100\n')
    r = run("bet", "mine", "--paytable", str(path), "--decks", "1")
    assert r.exit_code == 0, r.output
    assert "House edge" in r.stdout


def test_card_level_bet_on_a_shoe_without_suits_states_the_model():
    r = run("bet", "all_red", "--shoe", ",".join(["3"] * 13))
    assert r.exit_code == 0, r.output
    assert "fewest whole decks that hold its rank counts (1 deck)" in r.stdout


def test_shoe_in_play_commands_refuse_card_level_bets_in_one_line():
    # eor prices value-level bets only; sweep prices card-level bets one shoe at a time (issue 12)
    one_line(run("eor", "--bets", "lucky8_player"), "Lucky 8 Player", "ranks or suits")
    r = run("sweep", "--bets", "lucky8_player", "-")
    assert r.exit_code == 0 and r.stdout.startswith("line,banker,player,tie,total,lucky8_player_house_edge,")


def test_sweep_reads_52_count_lines_as_suited_shoes():
    from exact_odds.in_play.sweep.sweep import SweepError, parse_sweep

    suited = ",".join(["2"] * 51 + ["1"])
    [(n, shoe)] = parse_sweep([suited])
    assert n == 1 and shoe.suited == (2,) * 51 + (1,) and shoe.ranks == (8,) * 12 + (7,)
    for bad, words in ((",".join(["1"] * 51 + ["x"]), "give 52 rank-suit counts"),
                       (",".join(["1"] * 40), "or give 52 rank-suit counts")):
        with pytest.raises(SweepError) as e:
            parse_sweep([bad])
        assert words in str(e.value)
