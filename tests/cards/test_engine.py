"""The card engine (issue 38): one registry, routes that accept or say why not, and ``explain``.

The routes are optimisations of one question; these tests check how the engine chooses among them,
what it says about its choice, and that it never passes the memory budget. Whether each route's
prices are right is tests/cards/test_matrix.py's and test_fuzz.py's."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from card_bets import line_counts, shoe_in_play, table
from exact_odds import Shoe, explain
from exact_odds.cards import engine
from exact_odds.cards.route import REGISTRY, Declined, register
from exact_odds.cli import main
from exact_odds.punto_banco.walk import walk

SMALL_IN_PLAY = ["Ah", "Ah", "9h", "9d", "Kh", "2s", "Kd", "8h", "9c", "3d"]  # ranks differ in their suits
RED_PAIR_IN_ORDER = "of_a_kind(all_cards, red) >= 2 and player_card1_suit < banker_card1_suit"


def test_the_registry_holds_each_route_once_and_the_reference_last():
    names = [r.name for r in engine.routes()]
    assert len(names) == len(set(names)) >= 9
    assert {"small shoe", "hand paths", "multisets", "pools", "suit counts", "events alone", "suit patterns",
            "older names", "classes"} <= set(names)
    reading, shoe = table(["same_suit(player_hand)"]).reading, shoe_in_play(8, 100)
    taken, _ = engine.candidates(reading, shoe)
    assert taken[-1].name == "classes" and all(r.summary for r in REGISTRY)


def test_a_second_route_of_the_same_name_is_refused():
    with pytest.raises(ValueError, match="registered already"):
        register(engine.routes()[0])


@pytest.mark.parametrize("key, shoe, route", [
    ("dragon7", Shoe.decks(8), "value walk"),
    ("perfect_pair", Shoe.decks(8), "first four"),
    ("lucky8_player", Shoe.decks(8), "shipped"),
    ("lucky8_player", Shoe.decks(9), "classes"),
    ("lucky8_player", Shoe.decks(8).remove(["5h", "Kd", "9c"]), "hand paths"),
    ("lucky8_player", Shoe.from_cards(SMALL_IN_PLAY), "small shoe"),
])
def test_explain_names_the_route(key, shoe, route):
    assert explain(key, shoe).route == route


def test_the_small_shoe_takes_what_the_classes_would_weigh_rank_by_rank_and_says_why_the_others_declined():
    bet, shoe = table([RED_PAIR_IN_ORDER]), Shoe.from_cards(SMALL_IN_PLAY)
    e = explain(bet, shoe)
    assert e.route == "small shoe" and e.estimate.rows and e.estimate.memory and e.seconds is not None
    assert dict(e.declined) == {"first four": "reads more than the first four cards' pair names",
                                "shipped": "counts are shipped for 1 to 8 fresh decks only"}  # asked before it
    taken, declined = engine.candidates(bet.reading, shoe)  # every route asked
    reasons = dict(declined)
    assert "suit or colour by name" in reasons["suit patterns"]
    assert "reads a card by its place" in reasons["multisets"]
    assert [r.name for r in taken][0] == "small shoe" and [r.name for r in taken][-1] == "classes"


def test_the_shipped_route_says_which_of_shoe_and_bet_it_lacks():
    fresh, own = Shoe.decks(6), table(["same_suit(player_hand) and tie"])
    assert dict(explain(own, fresh).declined)["shipped"] == "counts are shipped for the catalog's card bets only"
    assert dict(explain("all_red", Shoe.decks(9)).declined)["shipped"] == \
        "counts are shipped for 1 to 8 fresh decks only"


def test_only_the_routes_before_the_one_that_prices_are_asked():
    """A quick bet is not held up by what later routes would work out (the events' lattice: 0.17 s)."""
    e = explain("all_black", Shoe.decks(8).remove(["Ah", "Kd"]))
    assert e.route == "hand paths" and [r for r, _ in e.declined] == ["first four", "shipped", "small shoe"]


def test_a_route_forced_on_a_reading_it_does_not_take_says_why():
    reading = table(["count(player_hand, suit == hearts) == 3"]).reading
    dist = walk(shoe_in_play(8, 100))
    with pytest.raises(Declined, match="suit or colour by name"):
        engine.price(reading, dist, route="suit patterns")
    with pytest.raises(ValueError, match="no route named 'nope'"):
        engine.price(reading, dist, route="nope")
    with pytest.raises(ValueError, match="no route named"):
        with engine.excluding("nope"):
            pass


def test_a_route_left_out_is_said_to_be_and_another_prices_alike():
    bet, shoe = table(["same_suit(player_hand) and player == 8"]), Shoe.from_cards(SMALL_IN_PLAY)
    first = bet.price(walk(shoe))
    with engine.excluding("small shoe"):
        second = bet.price(walk(shoe))
    assert first.explanation.route == "small shoe" and second.explanation.route == "hand paths"
    assert ("small shoe", "excluded by the caller") in second.explanation.declined
    assert [l.count for l in first.lines] == [l.count for l in second.lines]


def test_explain_refuses_what_is_not_a_shoe():
    with pytest.raises(TypeError, match="needs a Shoe"):
        explain("dragon7", "8 decks")


def test_edge_explain_prints_each_bet_s_route_and_the_reasons():
    r = CliRunner().invoke(main, ["edge", "--bets", "lucky8_player,dragon7", "--remove", "5h,Kd,9c", "--explain"])
    assert r.exit_code == 0, r.output
    assert "How each bet was priced" in r.output
    assert "Lucky 8 Player  hand paths" in r.output and "Dragon 7        value walk" in r.output
    assert "Lucky 8 Player: 'small shoe': about" in r.output


def test_the_json_has_explain_under_each_bet_with_the_route_and_the_declined():
    r = CliRunner().invoke(main, ["edge", "--bets", "all_red,banker", "--shoe", ",".join(SMALL_IN_PLAY),
                                  "--explain", "--format", "json"])
    assert r.exit_code == 0, r.output
    bets = json.loads(r.stdout)["bets"]
    assert bets[0]["explain"]["route"] == "small shoe" and bets[1]["explain"]["route"] == "value walk"
    assert all({"route", "reason"} == set(d) for d in bets[0]["explain"]["declined"])
    r = CliRunner().invoke(main, ["bet", "all_red", "--shoe", ",".join(SMALL_IN_PLAY), "--explain", "--format", "json"])
    assert json.loads(r.stdout)["explain"]["route"] == "small shoe"


def test_without_explain_the_output_has_none():
    r = CliRunner().invoke(main, ["bet", "all_red", "--shoe", ",".join(SMALL_IN_PLAY), "--format", "json"])
    assert "explain" not in json.loads(r.stdout)
    r = CliRunner().invoke(main, ["bet", "all_red", "--shoe", ",".join(SMALL_IN_PLAY)])
    assert "How each bet was priced" not in r.output


def test_the_same_bet_in_play_on_eight_cards_is_quick_and_equals_brute_force():
    """The form no quick route took on a shoe in play (docs/benchmarks.md): the small shoe's own cards."""
    from oracles.brute import brute_lines

    cards = SMALL_IN_PLAY[:8]
    counts = line_counts(table([RED_PAIR_IN_ORDER]), Shoe.from_cards(cards))
    assert counts == dict(brute_lines(cards, [RED_PAIR_IN_ORDER])) and len(counts) == 2


@pytest.mark.parametrize("shoe", [Shoe.infinite(), Shoe.from_counts([4] * 13), Shoe.decks(6).remove(["5", "K"])],
                         ids=["infinite deck", "13 counts", "suits removed unknown"])
def test_a_suit_bet_where_suits_are_not_given_is_priced_by_the_model_not_the_small_shoe(shoe):
    bet = table(["same_suit(player_hand)"])
    result = bet.price(walk(shoe))
    assert result.explanation.route == "classes" and result.assumptions
    reasons = dict(engine.candidates(bet.reading, shoe)[1])
    assert reasons["small shoe"] in ("the infinite deck has no cards to enumerate",
                                     "the shoe's suits are not given (the suit model averages over them)")
