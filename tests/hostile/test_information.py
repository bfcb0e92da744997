"""Hostile input to ``exact-odds information`` and to the library's entry points: one line, exit 2 (the
command), one InformationError (the library), never a traceback."""

from fractions import Fraction

import pytest

from conftest import assert_bad_input_is_one_line
from exact_odds import Shoe, select_bets
from exact_odds.information.play import information_play
from exact_odds.information.seen import Information, InformationError
from exact_odds.information.sorts import best_sort


@pytest.mark.parametrize("args, names", [
    (["--group", "7", "--high", "6,7,8,9"], "position 7 is outside 1-6"),
    (["--group", "0", "--high", "6,7,8,9"], "position 0 is outside 1-6"),
    (["--value", "1,9"], "position 9 is outside 1-6"),
    (["--value", "x"], "--value"),
    (["--value", ""], "--value is empty"),
    (["--group", "1,1", "--high", "6"], "twice"),
    (["--group", "1", "--high", "10"], "--high: 10 is not a card value"),
    (["--group", "1", "--high", "-1"], "--high"),
    (["--group", "1", "--high", "0-9"], "--high lists all ten values"),
    (["--group", "1", "--high", ""], "--high"),
    (["--group", "1"], "--group needs the sort"),
    (["--high", "6,7"], "--high needs --group"),
    (["--search"], "--search needs --group"),
    (["--group", "1", "--high", "6", "--search"], "either --high or --search"),
    (["--group", "1,2", "--value", "2", "--high", "6"], "position 2 is given to both --group and --value"),
    (["--group", "1", "--search", "--value", "2"], "--search"),
    (["--shoe", "1,1,1,0,0,0,0,0,0,0,0,0,0", "--value", "1"], "at least 6 cards"),
    (["--decks", "0", "--value", "1"], "--decks"),
    (["--remove", "A,A,A,A,A,A,A,A,A", "--decks", "1", "--value", "1"], "no A left"),
    (["--value", "1", "--bets", "perfect_pair"], "Perfect Pair reads the cards' suits or single ranks"),
    (["--value", "1", "--bets", "player_wins_pair"], "reads the cards' suits or single ranks"),
    (["--value", "1", "--bets", "nosuchbet"], "nosuchbet"),
    (["--value", "1", "--commission", "2"], "commission"),
    (["--value", "1", "--format", "nope"], "--format"),
])
def test_bad_input_is_one_line(args, names):
    assert_bad_input_is_one_line(["information", *args], names)


@pytest.mark.parametrize("kwargs, words", [
    ({"group": (7,), "high": {6}}, "position 7 is outside 1-6"),
    ({"group": ("1",), "high": {6}}, "a position must be a whole number"),
    ({"group": "1", "high": {6}}, "positions must be whole numbers"),
    ({"group": (True,), "high": {6}}, "a position must be a whole number"),
    ({"group": (1, 1), "high": {6}}, "given twice"),
    ({"group": (1,)}, "no sort is given"),
    ({"group": (1,), "high": set()}, "holds none"),
    ({"group": (1,), "high": set(range(10))}, "holds all"),
    ({"group": (1,), "high": {10}}, "a value from 0 to 9"),
    ({"group": (1,), "high": {12}, "sort_by": "value"}, "a value from 0 to 9"),
    ({"group": (1,), "high": {13}, "sort_by": "rank"}, "a rank index"),
    ({"group": (1,), "high": "6789"}, "high must be a set"),
    ({"group": (1,), "value": (1,), "high": {6}}, "both a group and a value"),
    ({"value": (2,), "rank": (2,)}, "both a value and a rank"),
    ({"value": (1,), "sort_by": "suit"}, "sort_by"),
])
def test_bad_information_is_refused(kwargs, words):
    with pytest.raises(InformationError, match=words):
        Information(**kwargs)


@pytest.mark.parametrize("call, words", [
    (lambda: information_play("8 decks", Information(value=(1,))), "shoe must be a Shoe"),
    (lambda: information_play(Shoe.decks(8), {"value": 1}), "information must be an Information"),
    (lambda: information_play(Shoe.decks(8), Information(value=(1,)), bets=[]), "no bet is given"),
    (lambda: information_play(Shoe.decks(8), Information(value=(1,)), bets=["banker"]), "must be pay tables"),
    (lambda: information_play(Shoe.decks(8), Information(value=(1,)), must_bet="yes"), "must_bet"),
    (lambda: information_play(Shoe.decks(8), Information(value=(1,)), bets=select_bets(bets="perfect_pair")),
     "reads the cards' suits or single ranks"),
    (lambda: best_sort(Shoe.decks(8), ()), "no position is seen"),
    (lambda: best_sort(Shoe.decks(8), (9,)), "outside 1-6"),
    (lambda: best_sort(Shoe.decks(8), (1,), sort_by="suit"), "sort_by"),
    (lambda: best_sort(Shoe.decks(8), (1,), must_bet=1), "must_bet"),
])
def test_bad_library_calls_are_refused(call, words):
    with pytest.raises(InformationError, match=words):
        call()


def test_a_shoe_too_small_for_the_coup_is_refused():
    from exact_odds.rules.shoe import ShoeError

    small = Shoe((1, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0))  # five cards, built without the check
    with pytest.raises(ShoeError, match="at least 6 cards"):
        information_play(small, Information(value=(1,)))


def test_nothing_seen_is_a_question_too():
    """Nothing seen: sitting out every coup is worth 0; must bet is the Banker's house edge, negated."""
    shoe = Shoe.decks(8)
    assert information_play(shoe, Information()).edge == 0
    assert information_play(shoe, Information()).edge_per_wager is None
    banker = information_play(shoe, Information(), must_bet=True)
    assert banker.edge == banker.states[0].evs[0] < 0
    assert banker.edge_per_wager == banker.edge and banker.wagered == Fraction(1)


@pytest.mark.parametrize("args, names", [
    (["--group", "1", "--sort-by", "rank", "--high", "0"], "--high: '0' is not a rank"),
    (["--group", "1", "--sort-by", "rank", "--high", "A,2,3,4,5,6,7,8,9,10,J,Q,K"], "all 13 ranks"),
    (["--group", "1", "--rank", "1", "--high", "6"], "position 1 is given to both --group and --rank"),
    (["--value", "2", "--rank", "2"], "position 2 is given to both --value and --rank"),
    (["--rank", "7"], "position 7 is outside 1-6"),
    (["--group", "1", "--search", "--rank", "2"], "--search"),
    (["--value", "1", "--sort-by", "suit"], "--sort-by"),
])
def test_bad_rank_input_is_one_line(args, names):
    assert_bad_input_is_one_line(["information", *args], names)
