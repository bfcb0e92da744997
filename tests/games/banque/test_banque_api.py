"""Banque as a notebook uses it: short reprs, records, lookups by name, and
wrong input refused in the library's own words."""

from fractions import Fraction

import pytest

from exact_odds.games.banque import (
    BanqueError, BanqueResult, BanqueWalk, MiddleSolution, PunterFive, analyse_banque, banque_walk,
)
from exact_odds.rules.shoe import Shoe, ShoeError


@pytest.fixture(scope="module")
def result():
    return analyse_banque(Shoe.decks(3), "tableau-larger", Fraction(3, 4), PunterFive(Fraction(9, 11)))


def test_reprs_are_short_and_say_what_was_priced(result):
    texts = {
        "walk": repr(result.walk), "result": repr(result), "middle": repr(result.middle),
        "solution": repr(result.middle.solve()),
    }
    for name, text in texts.items():
        assert len(text) <= 300, (name, text)
    assert texts["walk"] == "BanqueWalk(3 decks, punters on 5: draw with probability 9/11)"
    assert texts["result"].startswith("BanqueResult(3 decks, banker tableau-larger, theta 3/4: left ")
    assert f"{float(result.banker_edge) * 100:.6f}%" in texts["result"]
    assert texts["middle"].startswith("Middle(win 0.") and "both_tie" in texts["middle"]
    assert texts["solution"].startswith("MiddleSolution(EV ")
    for obj in (result, result.walk, result.middle, result.middle.solve()):
        assert obj._repr_html_().startswith("<")


def test_records_pair_the_exact_fraction_with_its_float(result):
    records = result.to_records()
    assert [(r["left"], r["right"]) for r in records][:3] == [("win", "win"), ("win", "tie"), ("win", "lose")]
    assert sum(r["probability"] for r in records) == 1
    assert all(r["probability"] == Fraction(r["count"], result.total) for r in records)
    assert all(r["probability_float"] == float(r["probability"]) for r in records)
    middle = result.middle.to_records()
    assert sum(r["probability"] for r in middle) == 1 and len(middle) == 6
    s = result.middle.solve()
    by_name = {r["quantity"]: r["value"] for r in s.to_records(ks=(2,))}
    assert by_name == {"expected_value": s.expected_value, "expected_coups": s.expected_coups,
                       "still_in_play_after_2": s.still_in_play_after(2)}


def test_result_looks_up_bets_by_name(result):
    assert result["left"] == result.tableau_ev("left")
    assert result["right"] == result.tableau_ev("right")
    assert result["banker"] == result.banker_edge == -(Fraction(3, 4) * result["left"]
                                                       + Fraction(1, 4) * result["right"])
    with pytest.raises(KeyError):
        result["middle"]


def test_the_walk_prices_any_policy_again(result):
    again = result.walk.price("tableau-larger", Fraction(3, 4))
    assert isinstance(again, BanqueResult) and again.counts == result.counts
    assert isinstance(result.walk, BanqueWalk) and isinstance(result.middle.solve(), MiddleSolution)


@pytest.mark.parametrize("call, expected", [
    (lambda: analyse_banque("x"), "needs a Shoe"),
    (lambda: analyse_banque(None), "needs a Shoe"),
    (lambda: analyse_banque(Shoe.decks(3), 3), "banker policy must be one of"),
    (lambda: analyse_banque(Shoe.decks(3), "optimal", 0.5), "exact number"),
    (lambda: analyse_banque(Shoe.decks(3), "optimal", "1/2"), "exact number"),
    (lambda: analyse_banque(Shoe.decks(3), "optimal", Fraction(1, 2), "draw"), "PunterFive"),
    (lambda: PunterFive("draw"), "exact number"),
    (lambda: banque_walk([4] * 13), "needs a Shoe"),
])
def test_wrong_types_say_what_was_expected(call, expected):
    with pytest.raises(TypeError, match=expected):
        call()


@pytest.mark.parametrize("call, expected", [
    (lambda: analyse_banque(Shoe.decks(3), "greedy"), "unknown banker policy 'greedy'"),
    (lambda: analyse_banque(Shoe.decks(3), "optimal", Fraction(3, 2)), "theta must be between 0 and 1, not 3/2"),
    (lambda: PunterFive(Fraction(-1, 2)), "drawing at 5 must be between 0 and 1"),
])
def test_library_errors_are_value_errors_without_option_names(call, expected):
    with pytest.raises(BanqueError, match=expected) as exc:
        call()
    assert "--" not in str(exc.value)
    assert isinstance(exc.value, ValueError) and not isinstance(exc.value, ShoeError)


def test_to_frame_has_fraction_and_float_columns(result):
    import pandas as pd
    frame = result.to_frame()
    assert isinstance(frame, pd.DataFrame) and list(frame["left"][:3]) == ["win", "win", "win"]
    assert sum(frame["probability"]) == 1
