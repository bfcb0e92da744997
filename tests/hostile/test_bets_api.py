"""The bets API with wrong types and values (issue 11, causes 15 and 16, the bets slice).

Every entry point says what it expected in a TypeError or ValueError of its
own (PayTableError is a ValueError; PayTableTypeError is also a TypeError),
never an AttributeError, an 'unhashable type' or a hang.
"""

import time
from fractions import Fraction
from pathlib import Path

import pytest

from exact_odds import Shoe, walk
from exact_odds.bets.breakeven import break_even
from exact_odds.bets.catalog import builtin_catalog, load_catalog, parse_catalog
from exact_odds.bets.paytable import PayLine, PayTable, PayTableError, commission_banker, parse_pays
from exact_odds.bets.selection import select_bets, select_value_level

GOOD_LINE = PayLine("Tie", "tie", 8)


def raises(kind, call, *words):
    t = time.perf_counter()
    with pytest.raises(kind) as info:
        call()
    assert time.perf_counter() - t < 2
    message = str(info.value)
    assert "\n" not in message and len(message) < 500
    for w in words:
        assert w in message, (w, message)
    return info.value


# --- PayLine, PayTable -------------------------------------------------------------------

@pytest.mark.parametrize("kwargs, kind, words", [
    (dict(label=None, condition="tie", pays=8), TypeError, ["label", "string"]),
    (dict(label="L", condition=None, pays=8), TypeError, ["condition", "string"]),
    (dict(label="L", condition=["tie"], pays=8), TypeError, ["condition", "string"]),
    (dict(label="L", condition="tie", pays=None), TypeError, ["pays", "expected a number"]),
    (dict(label="L", condition="tie", pays=[8]), TypeError, ["pays", "expected a number"]),
    (dict(label="L", condition="tie", pays=True), TypeError, ["pays", "expected a number"]),
    (dict(label="L", condition="tie", pays=0.5), ValueError, ["float", "exact"]),
    (dict(label="L", condition="tie", pays="1e999999999"), ValueError, ["exponent"]),
    (dict(label="L", condition="tie", pays=Fraction(1, 10 ** 200)), ValueError, ["digits"]),
    (dict(label="L", condition="tie", pays=10 ** 5000), ValueError, ["digits"]),
    (dict(label="L", condition="tie in 5", pays=8), ValueError, ["'in'"]),
])
def test_payline_wrong_types(kwargs, kind, words):
    raises(kind, lambda: PayLine(**kwargs), *words)
    raises(kind, lambda: PayLine.make(kwargs["label"], kwargs["condition"], kwargs["pays"]), *words)


@pytest.mark.parametrize("kwargs, kind, words", [
    (dict(name=None, lines=(GOOD_LINE,)), TypeError, ["name"]),
    (dict(name="", lines=(GOOD_LINE,)), ValueError, ["name"]),
    (dict(name="T", lines=GOOD_LINE), TypeError, ["lines", "PayLine"]),
    (dict(name="T", lines=()), ValueError, ["lines", "non-empty"]),
    (dict(name="T", lines=("tie",)), TypeError, ["lines", "PayLine"]),
    (dict(name="T", lines=(GOOD_LINE,), otherwise="lots"), ValueError, ["otherwise", "expected a number"]),
    (dict(name="T", lines=(GOOD_LINE,), otherwise=None), TypeError, ["otherwise"]),
    (dict(name="T", lines=(GOOD_LINE,), otherwise=-2), ValueError, ["loses more than the stake"]),
    (dict(name="T", lines=(GOOD_LINE,), description=5), TypeError, ["description", "string"]),
    (dict(name="T", lines=(GOOD_LINE,), otherwise_label=None), TypeError, ["otherwise_label", "string"]),
    (dict(name="T", lines=(GOOD_LINE,), key=7), TypeError, ["key", "string"]),
])
def test_paytable_wrong_types(kwargs, kind, words):
    raises(kind, lambda: PayTable(**kwargs), *words)


def test_price_needs_a_distribution():
    raises(TypeError, lambda: PayTable("T", (GOOD_LINE,)).price(Shoe.decks(1)), "CoupDistribution")


def test_a_suit_bet_never_gets_a_probability_outside_0_1():
    """Two of each rank, suits not given: spreading them evenly counted a perfect pair -2% of the time;
    the unknown-suit model averages over real suits (two cards of a rank from one deck never match)."""
    bet = builtin_catalog().bet("perfect_pair")
    result = bet.price(walk(Shoe((2,) * 13)))
    assert all(0 <= line.probability <= 1 for line in result.lines)
    assert result.lines[0].probability == 0 and result.assumptions
    result = bet.price(walk(Shoe.decks(1)))
    assert all(0 <= line.probability <= 1 for line in result.lines)


# --- commission_banker, parse_pays ---------------------------------------------------------

@pytest.mark.parametrize("value, kind, words", [
    (None, TypeError, ["commission", "expected"]),
    ([1, 20], TypeError, ["commission", "expected"]),
    (0.05, TypeError, ["float", "exact"]),
    ("1e999999999", ValueError, ["not between 0 and 1"]),
    ("1e-99999", ValueError, ["exponent"]),
    ("1/" + "9" * 100, ValueError, ["digits"]),
    ("abc", ValueError, ["expected a fraction"]),
    ("2", ValueError, ["between 0 and 1"]),
    (Fraction(-1, 20), ValueError, ["between 0 and 1"]),
])
def test_commission_banker_wrong_values(value, kind, words):
    raises(kind, lambda: commission_banker(value), *words)


def test_commission_banker_name_must_be_text():
    raises(TypeError, lambda: commission_banker("1/25", name=5), "name", "string")


@pytest.mark.parametrize("text, value", [("1/25", Fraction(1, 25)), ("4%", Fraction(1, 25)), ("0.04", Fraction(1, 25)),
                                         ("4e-2", Fraction(1, 25)), (Fraction(1, 25), Fraction(1, 25))])
def test_commission_banker_forms(text, value):
    bet = commission_banker(text)
    assert bet.lines[0].pays == 1 - value


def test_parse_pays_reads_what_exact_fraction_reads():
    assert parse_pays("19/20") == Fraction(19, 20) and parse_pays(" 5% ") == Fraction(1, 20)
    assert parse_pays("1e-3") == Fraction(1, 1000) and parse_pays(8) == 8


# --- catalogs ----------------------------------------------------------------------------

@pytest.mark.parametrize("path, kind, words", [
    (None, TypeError, ["file path"]),
    (5, TypeError, ["file path"]),
    (b"x.toml", TypeError, ["file path"]),
    ("", ValueError, ["empty"]),
    ("/dev/zero", ValueError, ["device", "regular file"]),
    ("/", ValueError, ["folder"]),
])
def test_load_catalog_wrong_paths(path, kind, words):
    raises(kind, lambda: load_catalog(path), *words)


def test_load_catalog_reads_a_bom_and_a_path(tmp_path):
    p = tmp_path / "bom.toml"
    p.write_bytes(b"\xef\xbb\xbf[bets.x]\n[[bets.x.lines]]\nwhen = \"player_third == -1\"\npays = 1\n")
    assert load_catalog(p).own == ("x",) and load_catalog(str(p)).own == ("x",)


@pytest.mark.parametrize("args, words", [
    ((None, "f"), ["TOML text"]),
    ((b"[bets.x]", "f"), ["TOML text"]),
    (("", None), ["source"]),
    (("", "f", "base"), ["base", "Catalog"]),
])
def test_parse_catalog_wrong_types(args, words):
    raises(TypeError, lambda: parse_catalog(*args), *words)


@pytest.mark.parametrize("call, words", [
    (lambda c: c.bet(["banker"]), ["key", "string"]),
    (lambda c: c.bet(None), ["key", "string"]),
    (lambda c: c.variant({"ez": 1}), ["variant", "string"]),
])
def test_catalog_lookups_wrong_types(call, words):
    raises(TypeError, lambda: call(builtin_catalog()), *words)


# --- select_bets, select_value_level -------------------------------------------------------

@pytest.mark.parametrize("select", [select_bets, select_value_level])
@pytest.mark.parametrize("kwargs, kind, words", [
    (dict(variant=5), TypeError, ["variant", "string"]),
    (dict(bets=5), TypeError, ["bets", "list of bet keys"]),
    (dict(bets=[1, 2]), TypeError, ["bets", "strings"]),
    (dict(bets=[["banker"]]), TypeError, ["bets", "strings"]),
    (dict(paytables="mine.toml"), TypeError, ["paytables", "list of file paths", "['mine.toml']"]),
    (dict(paytables=Path("mine.toml")), TypeError, ["paytables", "list of file paths"]),
    (dict(paytables=5), TypeError, ["paytables", "list of file paths"]),
    (dict(paytables=[5]), TypeError, ["paytables", "file paths"]),
    (dict(commission=0.05), TypeError, ["float"]),
    (dict(commission="1e999999999"), ValueError, ["not between 0 and 1"]),
    (dict(variant="nope"), ValueError, ["unknown variant"]),
])
def test_select_wrong_types(select, kwargs, kind, words):
    raises(kind, lambda: select(**kwargs), *words)


# --- break_even ------------------------------------------------------------------------------

def tie_result():
    return builtin_catalog().bet("tie").price(walk(Shoe.decks(1)))


def test_break_even_line_as_an_int_works():
    """Cause 16: line=1 (an int) is the first line, as line="1" is."""
    result = tie_result()
    by_int, by_text = break_even(result, line=1), break_even(result, line="1")
    assert by_int.solution == by_text.solution
    p = result.lines[0].probability
    assert by_int.solution * p - (1 - p) == 0  # the tie line pays x, everything else loses 1


@pytest.mark.parametrize("kwargs, kind, words", [
    (dict(line=1.0), TypeError, ["line"]),
    (dict(line=True), TypeError, ["line"]),
    (dict(line=[1]), TypeError, ["line"]),
    (dict(line=0), ValueError, ["no pay line 0"]),
    (dict(line="²"), ValueError, ["no pay line"]),
    (dict(line="9" * 5000), ValueError, ["no pay line"]),
    (dict(commission="yes"), TypeError, ["commission", "True"]),
])
def test_break_even_wrong_arguments(kwargs, kind, words):
    result = tie_result()
    raises(kind, lambda: break_even(result, **kwargs), *words)


def test_break_even_needs_a_priced_bet():
    raises(TypeError, lambda: break_even(builtin_catalog().bet("tie")), "BetResult")


@pytest.mark.parametrize("bets, error, words", [
    ("banker", TypeError, r"wrap it: \['banker'\]"),
    ([3], TypeError, "PayTable objects .* or built-in keys"),
    (["no_such_bet"], ValueError, "no_such_bet"),
    (5, TypeError, "list of PayTable objects or built-in keys"),
])
def test_analyse_and_simulate_say_what_bets_they_take(bets, error, words):
    from exact_odds import Shoe, analyse, simulate

    with pytest.raises(error, match=words):
        analyse(Shoe.decks(1), bets)
    with pytest.raises(error, match=words):
        simulate(1, 1, 1, bets)


@pytest.mark.parametrize("shoe, words", [
    ("infinite", "without replacement"),
    ("less", "whole decks: give Shoe.decks"),
])
def test_simulate_refuses_a_shoe_it_cannot_shuffle(shoe, words):
    from exact_odds import Shoe, ShoeError, simulate

    s = Shoe.infinite() if shoe == "infinite" else Shoe.decks(2).remove(["5"])
    with pytest.raises(ShoeError, match=words):
        simulate(1, s, 1, ["banker"])


@pytest.mark.parametrize("bets", [[None], [None, "banker"], ["banker", 3]], ids=["None", "None first", "a number"])
def test_analyse_refuses_a_list_holding_no_bet_in_one_line(bets):
    """Issue 24: analyse(Shoe.decks(1), [None]) raised AttributeError; now a TypeError that says what a bet is."""
    from exact_odds import Shoe, analyse

    with pytest.raises(TypeError) as e:
        analyse(Shoe.decks(1), bets)
    assert "PayTable objects" in str(e.value) and "\n" not in str(e.value)
