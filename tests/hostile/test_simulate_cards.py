"""Hostile input for simulate's suited shoes, card-level bets and dealing in blocks."""

import numpy as np
import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.simulate.card_play import price_cards
from exact_odds.in_play.simulate.deal_batch import deal_block, shuffled_ids
from exact_odds.in_play.simulate.simulation import simulate
from exact_odds.rules.shoe import ShoeError


def _run(*args):
    return CliRunner().invoke(main, ["simulate", *args])


def test_bets_all_leaves_the_card_level_bets_out_and_says_how_to_add_them(capsys):
    from exact_odds.cli.simulate import chosen_simulated_bets

    keys, bets = chosen_simulated_bets(None, "all", (), None)
    assert all(b.is_value_level for b in bets) and "banker" in keys and "player_pair" not in keys
    err = capsys.readouterr().err
    assert "left out of --bets all" in err and "name them in --bets" in err and "Lucky 8 Player" in err
    keys, bets = chosen_simulated_bets(None, "banker,player_pair", (), None)
    assert keys == ["banker", "player_pair"] and capsys.readouterr().err == ""


@pytest.mark.parametrize("args,words", [
    (["--bets", "player_pair", "--count", "player_pair"], "reads ranks or suits"),
    (["--bets", "player_pair", "--count", "0,0,0,0,0,0,0,0,0,1,1,1,1"], "give 13 tags with --count and a --trigger"),
])
def test_a_count_derived_for_a_card_level_bet_is_refused_in_one_line(args, words):
    r = _run("--shoes", "1", "--decks", "1", *args)
    assert r.exit_code == 2 and words in r.stderr and "Traceback" not in r.output
    assert len(r.stderr.strip().splitlines()) == 1


def test_a_count_with_tags_and_a_trigger_plays_on_a_card_level_bet():
    r = _run("--shoes", "1", "--decks", "1", "--bets", "player_pair", "--cut-card", "40",
             "--count", "0,0,0,0,0,0,0,0,0,0,0,0,0", "--trigger", "0")
    assert r.exit_code == 0, r.output
    assert "TC >= 0" in r.stdout


def test_card_level_runs_do_not_depend_on_the_processes():
    bets = (builtin_catalog().bet("player_pair"),)
    one = simulate(2, 1, 6, bets, cut_card=44)
    two = simulate(2, 1, 6, bets, jobs=2, cut_card=44)
    assert one == two


@pytest.mark.parametrize("call,error,words", [
    (lambda: price_cards((0,) * 52, [builtin_catalog().bet("player_pair")], [1]), ShoeError, "at least 6 cards"),
    (lambda: price_cards((1,) * 51, [builtin_catalog().bet("player_pair")], [1]), ShoeError, "13 rank counts"),
    (lambda: deal_block([[0, 13]]), ValueError, "rank indices 0"),
    (lambda: deal_block(np.zeros(10, dtype=np.int64)), ValueError, "(S, cards) array"),
    (lambda: deal_block([[0] * 10], "half"), ShoeError, "unknown burn rule"),
    (lambda: deal_block([[0] * 10], cut_card=5), ShoeError, "at least 6 cards behind it"),
    (lambda: deal_block([[0] * 10], "none", "punto banco"), TypeError, "Tableau"),
    (lambda: shuffled_ids(0, 1), ShoeError, "at least 1 deck"),
    (lambda: shuffled_ids(1, 1.5), TypeError, "seed must be an int"),
])
def test_the_block_and_card_functions_refuse_bad_input_in_their_own_words(call, error, words):
    with pytest.raises(error, match=words.replace("(", r"\(").replace(")", r"\)")):
        call()
