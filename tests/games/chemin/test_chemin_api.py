"""Chemin de fer as a notebook uses it: readable strategy keys, short reprs,
records, and wrong input refused with a message that says what was expected."""

from fractions import Fraction

import pytest

from exact_odds.games.chemin import (
    ChemError, MODELS, build_game, deviations, game_for, payoff, solve, tableau_differences,
)
from exact_odds.rules.shoe import Shoe


def test_b2_strategies_are_keyed_by_readable_names():
    s = solve(game_for("B2", 6))
    assert list(s.punter) == ["5"]
    assert len(s.banker) == 484
    hands = {h for h, _ in s.banker}
    seen = {v for _, v in s.banker}
    assert "0+6" in hands and "3+3" in hands and "0+8" not in hands  # 0+8 is a natural
    assert seen == {"stood", *map(str, range(10))}
    # totals 0-2 always draw and 7 always stands; under B2 he mixes with 0+6 when the punter stood
    assert s.banker["0+1", "stood"] == 1 and s.banker["3+4", "9"] == 0
    assert 0 < s.banker["0+6", "stood"] < 1 and s.banker["0+6", "stood"] == s.y[(0, 6), None]


def test_a1_banker_is_keyed_by_totals_and_mixes_only_at_6_against_stood():
    s = solve(game_for("A1"))
    assert s.banker["3", "8"] == 0  # the tableau: 3 stands against a third 8
    assert s.banker["3", "9"] == 1
    assert list(s.mixed_cells) == [("6", "stood")]
    assert s.mixed_cells["6", "stood"] == tableau_differences(s)[0][2]


def test_b3_punter_is_keyed_by_holdings():
    s = solve(game_for("B3", 1))
    assert list(s.punter) == ["0+5", "1+4", "2+3", "6+9", "7+8"]
    assert tuple(s.punter.values()) == s.x


def test_readable_and_internal_strategies_give_the_same_payoff():
    g = game_for("B2", 1)
    s = solve(g, Fraction(1, 20))
    readable = payoff(g, s.punter, s.banker, "banker", Fraction(1, 20))
    internal = payoff(g, s.x, s.y, "banker", Fraction(1, 20))
    assert readable == internal == s.banker_value


def test_unknown_cell_name_is_refused():
    g = game_for("A1")
    s = solve(g)
    y = dict(s.banker)
    y["6", "drew"] = y.pop(("6", "stood"))
    with pytest.raises(ValueError, match="unknown banker cell"):
        payoff(g, s.punter, y)
    with pytest.raises(ValueError, match="one probability per holding"):
        payoff(g, {"0+5": 1}, s.banker)


def test_records_carry_the_exact_fraction_beside_the_float():
    s = solve(game_for("A1"))
    records = s.to_records()
    assert len(records) == 1 + 88
    punter = records[0]
    assert punter == {"party": "punter", "hand": "5", "seen": None, "draws": Fraction(9, 11),
                      "draws_float": 9 / 11}
    mixed = [r for r in records if r["party"] == "banker" and 0 < r["draws"] < 1]
    assert [(r["hand"], r["seen"]) for r in mixed] == [("6", "stood")]


@pytest.mark.parametrize("model,decks", [("A1", None), ("B2", 8), ("B3", 6)])
def test_reprs_are_short_and_say_what_was_solved(model, decks):
    g = game_for(model, decks)
    s = solve(g)
    for text in (repr(g), repr(s)):
        assert len(text) <= 300, text
        assert f"model {model}" in text and g.shoe.describe() in text
    assert "punter draws at 5" in repr(s) and "%" in repr(s)
    assert "<" in s._repr_html_() and g.model.description in g._repr_html_()


def test_deviation_reprs_are_short():
    for d in deviations(solve(game_for("B2", 8))):
        assert len(repr(d)) <= 300 and repr(d).startswith(f"Deviation({d.label}: punter ")


def test_a1_repr_shows_kemeny_snell():
    s = solve(game_for("A1"))
    assert "w.p. 9/11" in repr(s) and "-1.279912%" in repr(s)


@pytest.mark.parametrize("call, expected", [
    (lambda: solve(None), "solve needs a Game"),
    (lambda: solve("A1"), "solve needs a Game"),
    (lambda: game_for(5), "model name"),
    (lambda: game_for("B2", "six"), "whole number of decks"),
    (lambda: build_game("6 decks", MODELS["B2"]), "needs a Shoe"),
    (lambda: build_game(Shoe.decks(6), "B2"), "needs a Model"),
    (lambda: solve(game_for("A1"), 0.05), "exact number"),
    (lambda: solve(game_for("A1"), "1/20"), "exact number"),
])
def test_wrong_types_say_what_was_expected(call, expected):
    with pytest.raises(TypeError, match=expected):
        call()


def test_library_errors_are_value_errors_in_library_words():
    with pytest.raises(ChemError, match="unknown model 'C4'"):
        game_for("C4")
    with pytest.raises(ChemError, match="infinite deck") as exc:
        game_for("A1", 6)
    assert "--" not in str(exc.value) and "deck count" not in str(exc.value)
    with pytest.raises(ChemError, match="below 1"):
        solve(game_for("A1"), 1)
    assert issubclass(ChemError, ValueError)


def test_to_frame_has_fraction_and_float_columns():
    import pandas as pd
    frame = solve(game_for("A1")).to_frame()
    assert isinstance(frame, pd.DataFrame) and len(frame) == 89
    assert frame.loc[0, "draws"] == Fraction(9, 11) and frame.loc[0, "draws_float"] == 9 / 11
