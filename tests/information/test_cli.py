"""``exact-odds information``: the edge and the states as the library computes them, in text and JSON."""

import json
from fractions import Fraction

from click.testing import CliRunner

from exact_odds import Shoe
from exact_odds.cli import main
from exact_odds.information.play import information_play
from exact_odds.information.seen import Information


def run(*args):
    r = CliRunner().invoke(main, ["information", *args], prog_name="exact-odds")
    assert r.exit_code == 0, r.output
    return r.output


def test_json_has_the_documented_keys_and_the_library_figures():
    doc = json.loads(run("--group", "1", "--high", "6,7,8,9", "--format", "json"))
    play = information_play(Shoe.decks(8), Information(group=(1,), high={6, 7, 8, 9}))
    assert Fraction(doc["edge"]) == play.edge
    assert Fraction(doc["edge_per_wager"]) == play.edge_per_wager
    assert doc["convention"] == "sit out"
    assert doc["high"] == [6, 7, 8, 9] and doc["low"] == [0, 1, 2, 3, 4, 5]
    assert [s["information"] for s in doc["states"]] == [{"1": "L"}, {"1": "H"}]
    assert [s["best_bet"] for s in doc["states"]] == ["banker", "player"]
    assert sum(Fraction(s["probability"]) for s in doc["states"]) == 1
    assert [b["pays"] for b in doc["bets"]][0] == "Banker wins 19/20 to 1; Tie push"


def test_must_bet_and_sit_out_in_json():
    sit = json.loads(run("--group", "1-4", "--high", "6-9", "--format", "json"))
    must = json.loads(run("--group", "1-4", "--high", "6-9", "--must-bet", "--format", "json"))
    assert sit["convention"] == "sit out" and must["convention"] == "must bet"
    assert [s["best_bet"] for s in sit["states"]].count(None) == 1  # LLLL: no positive bet
    assert None not in [s["best_bet"] for s in must["states"]]
    assert Fraction(must["edge"]) < Fraction(sit["edge"])
    assert Fraction(sit["edge_per_wager"]) > Fraction(sit["edge"])


def test_the_search_names_the_best_sort_and_its_range():
    out = run("--group", "1-4", "--search")
    assert "searched all 511 two-group sorts of the 10 values" in out
    assert "High = 4 5 6 7 8 9, Low = 0 1 2 3" in out
    assert "30.2912% per coup dealt" in out


def test_text_says_the_convention_and_the_pay_tables():
    out = run("--value", "5", "--decks", "6", "--bets", "banker,player")
    assert "Convention: sit out" in out
    assert "Banker (Banker wins 19/20 to 1; Tie push)" in out
    assert any(line.startswith("5th  ") for line in out.splitlines())  # the header names the position seen


def test_bets_priced_elsewhere_first_settle_the_same():
    """A pay table caches its settlement by state, and a Deal may equal a Coup as a tuple: the bets are
    settled on what their family reads (found when the catalog's bets had been priced by ``edge`` first)."""
    from exact_odds import analyse, select_bets

    shoe = Shoe.decks(8)
    info = Information(group=(1, 2, 3, 4), high={6, 7, 8, 9})
    bets = select_bets(bets="banker,player,tie")
    analyse(shoe, bets)  # fills each pay table's cache with coups
    assert information_play(shoe, info, bets).state("L", "L", "L", "L").best is None
    assert information_play(shoe, info, bets).edge == information_play(shoe, info).edge


def test_a_sort_by_rank_names_its_ranks():
    doc = json.loads(run("--group", "1,2", "--sort-by", "rank", "--high", "8,9,J,Q,K", "--format", "json"))
    assert doc["sort_by"] == "rank" and doc["high"] == ["8", "9", "J", "Q", "K"]
    assert doc["low"] == ["A", "2", "3", "4", "5", "6", "7", "10"]
    play = information_play(Shoe.decks(8), Information(group=(1, 2), high={7, 8, 10, 11, 12}, sort_by="rank"))
    assert Fraction(doc["edge"]) == play.edge


def test_the_rank_of_one_card_and_the_value_of_another():
    doc = json.loads(run("--rank", "1", "--value", "2", "--format", "json"))
    assert doc["seen"] == {"group": [], "value": [2], "rank": [1]}
    assert len(doc["states"]) == 13 * 10
    play = information_play(Shoe.decks(8), Information(rank=(1,), value=(2,)))
    assert Fraction(doc["edge"]) == play.edge
