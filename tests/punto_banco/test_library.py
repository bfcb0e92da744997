"""The library as a notebook uses it: short reprs, HTML, records, frames, indexing and clear type errors.

Expected values come from published figures (Wizard of Odds, "Baccarat",
8 decks, docs/rules.md §3) and the closed forms of docs/rules.md §4, never
from the code under test.
"""

import sys
from fractions import Fraction

import pytest

from exact_odds.bets.breakeven import break_even
from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import PayTableError
from exact_odds.bets.selection import select_bets
from exact_odds.bets.analysis import analyse
from exact_odds.cards.routes.first_four import pair_distribution
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe

# WoO "Baccarat", 8 decks: six-card counts of Banker wins, Player wins, ties, and the total.
B, P, T, TOTAL = 2_292_252_566_437_888, 2_230_518_282_592_256, 475_627_426_473_216, 4_998_398_275_503_360
BANKER_EDGE = (P - Fraction(19, 20) * B) / TOTAL
PLAYER_EDGE = Fraction(B - P, TOTAL)
TIE_EDGE = Fraction(TOTAL - 9 * T, TOTAL)
REPR_LIMIT = 300


@pytest.fixture(scope="module")
def eight():
    return analyse(Shoe.decks(8))


@pytest.fixture(scope="module")
def everything():
    """Every catalog bet on a shoe with a long description: the longest repr the catalog can give. The
    cards removed have suits, one five of each, so every rank keeps its suits alike (2.9 s, measured on
    5 December 2026; 4.8 s with the suits unknown, where the suit model prices the card-level bets); the
    description is as long either way."""
    return analyse(Shoe.decks(6).remove(["5h", "5s", "5d", "5c"]), select_bets(bets="all"))


# --- reprs ---------------------------------------------------------------------

def test_analysis_repr_is_the_published_edges(eight):
    assert repr(eight) == "Analysis(8 decks: Banker 1.0579%, Player 1.2351%, Tie 14.3596%)"


def test_analysis_repr_of_every_bet_stays_short(everything):
    text = repr(everything)
    assert len(text) <= REPR_LIMIT
    assert text.startswith("Analysis(6 decks less 5h 5s 5d 5c: Banker ")
    assert f"({len(everything.results) - 8} more)" in text  # 8 bets named, the rest counted


def test_coup_distribution_repr_is_short_and_has_the_outcomes(eight):
    text = repr(eight.distribution)
    assert len(text) <= REPR_LIMIT  # it was about 300,000 characters
    banker = Fraction(B, TOTAL) * 100  # 45.85970...%
    assert "8 decks" in text and f"out of {TOTAL}" in text
    assert f"Banker {float(banker):.4f}%" in text
    assert f"Tie {float(Fraction(T, TOTAL) * 100):.4f}%" in text


def test_bet_result_repr(eight):
    text = repr(eight["banker"])
    assert len(text) <= REPR_LIMIT
    assert text == (f"BetResult(Banker: house edge 1.0579%, win {float(Fraction(B, TOTAL) * 100):.2f}%, "
                    f"push {float(Fraction(T, TOTAL) * 100):.2f}%, 3 lines)")


def test_every_catalog_pay_table_has_a_short_repr_naming_its_key():
    for key, bet in builtin_catalog().bets.items():
        text = repr(bet)
        assert len(text) <= REPR_LIMIT, key
        assert text.startswith(f"PayTable({key!r}: {bet.name!r}, {len(bet.lines)} line")
    assert repr(builtin_catalog().bet("banker")) == "PayTable('banker': 'Banker', 2 lines: Banker wins 19/20 to 1; Tie push)"


def test_catalog_repr_is_short():
    text = repr(builtin_catalog())
    assert len(text) <= REPR_LIMIT
    assert text.startswith(f"Catalog({len(builtin_catalog().bets)} bets, ") and "standard" in text


def test_pair_distribution_repr_has_the_closed_forms():
    """docs/rules.md §4: P(Player pair) = (32 - 1)/(416 - 1) = 31/415 at 8 decks; a suited pair
    (the same card twice) (8 - 1)/415."""
    text = repr(pair_distribution(Shoe.decks(8)))
    assert len(text) <= REPR_LIMIT
    assert f"player pair {float(Fraction(31, 415) * 100):.4f}%" in text
    assert f"player suited pair {float(Fraction(7, 415) * 100):.4f}%" in text
    assert "assumed" not in text
    assert "unknown suits averaged over" in repr(pair_distribution(Shoe.from_counts([32] * 13)))


def test_break_even_repr_is_the_tie_payout_from_the_published_counts(eight):
    """EV(x) = x T - (TOTAL - T) over TOTAL: the Tie breaks even at x = (TOTAL - T) / T."""
    text = repr(break_even(eight["tie"]))
    assert len(text) <= REPR_LIMIT
    assert text == f"BreakEven(Tie, line 'Tie': x = {float(Fraction(TOTAL - T, T)):.10g} (as dealt 8))"


def test_html_reprs_are_tables_with_the_figures(eight):
    html = eight._repr_html_()
    assert html.startswith("<table>") and str(BANKER_EDGE) in html and str(B) in html
    assert "<table>" in eight["banker"]._repr_html_() and str(B) in eight["banker"]._repr_html_()
    assert "banker_wins" in builtin_catalog().bet("banker")._repr_html_()
    assert "31/415" in pair_distribution(Shoe.decks(8))._repr_html_()
    assert str(Fraction(TOTAL - T, T)) in break_even(eight["tie"])._repr_html_()
    assert "ez" in builtin_catalog()._repr_html_()


# --- records, frames, indexing -------------------------------------------------

def test_analysis_records_are_the_exact_published_edges(eight):
    records = eight.to_records()
    assert [r["key"] for r in records] == ["banker", "player", "tie"]
    banker, player, tie = records
    assert banker["house_edge"] == BANKER_EDGE and player["house_edge"] == PLAYER_EDGE and tie["house_edge"] == TIE_EDGE
    assert banker["win"] == Fraction(B, TOTAL) and banker["push"] == Fraction(T, TOTAL)
    assert player["expected_value"] == -PLAYER_EDGE
    for r in records:
        for name in ("win", "push", "loss", "expected_value", "house_edge", "variance"):
            assert isinstance(r[name], Fraction)
            assert r[f"{name}_float"] == float(r[name])


def test_bet_result_records_are_the_published_counts(eight):
    lines = eight["banker"].to_records()
    assert [(l["label"], l["count"], l["pays"]) for l in lines] == [
        ("Banker wins", B, Fraction(19, 20)), ("Tie", T, 0), ("otherwise (loses)", P, -1)]
    assert [l["probability"] for l in lines] == [Fraction(B, TOTAL), Fraction(T, TOTAL), Fraction(P, TOTAL)]
    assert sum(l["expected_value"] for l in lines) == -BANKER_EDGE
    assert lines[0]["probability_float"] == float(Fraction(B, TOTAL))


def test_to_frame_with_pandas(eight):
    import pandas
    frame = eight.to_frame()
    assert isinstance(frame, pandas.DataFrame)
    assert list(frame["key"]) == ["banker", "player", "tie"]
    assert frame.loc[0, "house_edge"] == BANKER_EDGE  # the exact Fraction column survives
    assert list(eight["tie"].to_frame()["count"]) == [T, TOTAL - T]


def test_to_frame_without_pandas_says_how_to_install_it(eight, monkeypatch):
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now raises ImportError
    with pytest.raises(ImportError, match="pip install pandas"):
        eight.to_frame()
    with pytest.raises(ImportError, match="pip install pandas"):
        eight["banker"].to_frame()


def test_analysis_indexed_by_bet_key(eight):
    assert eight["banker"].bet.name == "Banker"
    assert eight["tie"].house_edge == TIE_EDGE
    assert eight.keys() == ["banker", "player", "tie"]
    with pytest.raises(KeyError, match="banker, player, tie"):
        eight["dragon7"]


# --- wrong types -----------------------------------------------------------------

@pytest.mark.parametrize("call, expected", [
    (lambda: analyse(None), "analyse needs a Shoe"),
    (lambda: analyse(Shoe.decks(1), "banker"), r"bets must be a list of bets .* wrap it: \['banker'\]"),
    (lambda: analyse(Shoe.decks(1), [3]), "bets must be PayTable objects .* or built-in keys"),
    (lambda: walk(8), "walk needs a Shoe"),
    (lambda: walk(Shoe.decks(1), "punto banco"), "tableau must be a Tableau"),
    (lambda: pair_distribution("x"), "pair_distribution needs a Shoe"),
    (lambda: pair_distribution([4] * 13), "pair_distribution needs a Shoe"),
    (lambda: break_even("tie"), "break_even needs a priced bet"),
    (lambda: builtin_catalog().bet("tie").price(Shoe.decks(8)), "price needs a CoupDistribution"),
], ids=["analyse None", "analyse str bets", "analyse int in bets", "walk int", "walk str tableau",
        "pairs str", "pairs list", "break_even str", "price a shoe"])
def test_wrong_types_say_what_is_expected(call, expected):
    with pytest.raises(TypeError, match=expected):
        call()


# --- break-even by line number ---------------------------------------------------------

def test_break_even_with_an_int_line(eight):
    by_number = break_even(eight["tie"], line=1)
    assert by_number == break_even(eight["tie"], line="1") == break_even(eight["tie"], line="Tie")
    assert by_number.solution == Fraction(TOTAL - T, T)


def test_break_even_int_line_on_the_commission(eight):
    """The fair commission c: (1 - c) B = P, so c = 1 - P/B (WoO counts)."""
    assert break_even(eight["banker"], line=1, commission=True).solution == 1 - Fraction(P, B)


@pytest.mark.parametrize("line", [0, 4, -1])
def test_break_even_bad_int_line_names_the_lines(eight, line):
    with pytest.raises(PayTableError, match=rf"no pay line {line}; give a number from 1 to 3 .*1: Banker wins"):
        break_even(eight["banker"], line=line)


@pytest.mark.parametrize("line", [True, 1.0, ["Tie"]])
def test_break_even_line_of_a_wrong_type(eight, line):
    with pytest.raises(TypeError, match="1-based line number"):
        break_even(eight["tie"], line=line)
