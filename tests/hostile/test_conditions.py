"""The pay-table condition language, fuzzed (issue 11, causes 3 and 5).

A condition either is refused when read (PayTableError) or prices on a real
distribution without error, and its value on every state equals what plain
Python makes of the same text: a bool. Well-typed conditions are always
accepted. Raw text never raises anything but PayTableError.
"""

import time
from functools import lru_cache

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from exact_odds.bets.paytable import (COUP_NAMES, DEAL_NAMES, NUMBER_NAMES, PAIR_NAMES, PayLine, PayTable,
                                      PayTableError, compile_condition, deal_names, pair_names)
from exact_odds.cards.routes.first_four import pair_distribution
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe

VALUE_NAMES = sorted({**COUP_NAMES, **DEAL_NAMES})
NUMBERS = sorted(n for n in VALUE_NAMES if n in NUMBER_NAMES)
TRUTHS = sorted(n for n in VALUE_NAMES if n not in NUMBER_NAMES)
PAIRS = sorted(PAIR_NAMES)
COMPARE = ["==", "!=", "<", "<=", ">", ">=", "in", "not in"]
ARITH = ["+", "-", "%"]


@lru_cache(maxsize=None)
def small_walk():
    """One deck: its walk, and the vocabulary's values on every deal and every first-four state."""
    shoe = Shoe.decks(1)
    dist = walk(shoe)
    pairs = pair_distribution(shoe)
    return dist, [deal_names(d) for d in dist.deals], [pair_names(s) for s in pairs.states]


def plain(text, names):
    return eval(text, {"__builtins__": {}}, dict(names))


def check_sound(text, pair=False):
    """Refused with PayTableError, or priced without error (every state) and equal to plain Python."""
    try:
        line = PayLine.make("L", text, 1)
        bet = PayTable("t", (line,))
    except PayTableError:
        return False
    dist, deals, pairs = small_walk()
    result = bet.price(dist)
    assert sum(r.probability for r in result.lines) == 1
    assert all(0 <= r.probability <= 1 for r in result.lines)
    states = pairs if bet.family == "pair" else deals[::29]
    for names in states:
        value = plain(text, names)
        assert type(value) is bool, (text, value)
        assert line.holds(names) == value
    return True


# --- any expression from the vocabulary ---------------------------------------------

def untyped(names):
    """Any mix of the vocabulary, whole numbers, lists and every operator; well-typed parts mixed in
    (a third of the leaves) so that many of the results are accepted and priced."""
    numbers = [n for n in names if n in NUMBER_NAMES]
    truths = [n for n in names if n not in NUMBER_NAMES]
    leaves = st.sampled_from(names) | st.integers(-12, 12).map(str) | st.just("()") | st.deferred(
        lambda: typed(numbers, truths, max_leaves=2))
    return st.recursive(
        leaves,
        lambda e: st.one_of(
            st.tuples(e, st.sampled_from(COMPARE + ARITH + ["and", "or"]), e).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            e.map(lambda a: f"(not {a})"),
            e.map(lambda a: f"-{a}"),
            st.lists(e, min_size=1, max_size=3).map(lambda xs: "(" + ", ".join(xs) + ",)"),
            st.lists(e, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
            st.tuples(e, st.sampled_from(COMPARE), e, st.sampled_from(COMPARE), e).map(
                lambda t: f"({t[0]} {t[1]} {t[2]} {t[3]} {t[4]})"),
        ),
        max_leaves=8,
    )


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(untyped(VALUE_NAMES))
def test_any_value_condition_is_refused_or_sound(text):
    check_sound(text)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(untyped(PAIRS))
def test_any_pair_condition_is_refused_or_sound(text):
    check_sound(text, pair=True)


# --- well-typed expressions are accepted ---------------------------------------------

def typed(numbers, truths, max_leaves=6):
    literal = st.integers(-12, 12).map(str)
    number = st.recursive(
        st.sampled_from(numbers) | literal if numbers else literal,
        lambda n: st.one_of(
            st.tuples(n, st.sampled_from(["+", "-"]), n).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            st.tuples(n, st.integers(1, 12)).map(lambda t: f"({t[0]} % {t[1]})"),
        ),
        max_leaves=4,
    )
    seq = st.lists(number, max_size=3).map(lambda xs: st.sampled_from(["(" + ", ".join(xs) + ("," if len(xs) == 1 else "") + ")",
                                                                        "[" + ", ".join(xs) + "]"])).flatmap(lambda s: s)
    atoms = [
        st.tuples(number, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), number).map(" ".join),
        st.tuples(number, st.sampled_from(["in", "not in"]), seq).map(" ".join),
        st.tuples(number, st.sampled_from(["<", "<="]), number, st.sampled_from(["<", "=="]), number).map(" ".join),
    ]
    leaf = st.one_of(st.sampled_from(truths), *atoms) if truths else st.one_of(*atoms)
    return st.recursive(
        leaf.map(lambda a: f"({a})"),
        lambda b: st.one_of(
            st.tuples(b, st.sampled_from(["and", "or", "==", "!="]), b).map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
            b.map(lambda a: f"(not {a})"),
        ),
        max_leaves=max_leaves,
    )


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(typed(NUMBERS, TRUTHS))
def test_well_typed_value_conditions_are_accepted_and_match_python(text):
    assert check_sound(text), text


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(typed([], PAIRS))
def test_well_typed_pair_conditions_are_accepted_and_match_python(text):
    assert check_sound(text, pair=True), text


# --- raw text -------------------------------------------------------------------------

TOKENS = list("()[],-+%<>=! 0123456789_\x00\n\\'\"") + ["tie", " and ", " or ", " not ", " in ", "player", "banker"]
VOCABULARY_TEXT = st.lists(st.sampled_from(TOKENS), max_size=30).map("".join)


@settings(max_examples=400, deadline=None)
@given(st.text(max_size=80) | VOCABULARY_TEXT)
def test_raw_text_gives_a_condition_or_a_paytable_error(text):
    t = time.perf_counter()
    try:
        compile_condition(text)
    except PayTableError as exc:
        assert "\n" not in str(exc)
    assert time.perf_counter() - t < 1


@pytest.mark.parametrize("value", [None, 5, b"tie", ["tie"]])
def test_a_condition_that_is_not_text_is_refused(value):
    with pytest.raises(TypeError, match="string"):
        compile_condition(value)


# --- the examples ---------------------------------------------------------------

@pytest.mark.parametrize("text, words", [
    ("tie in 5", ["'in'", "'tie' is true/false"]),
    ("player < (1, 2)", ["<", "tuple of numbers"]),
    ("(1,2) + player == 3", ["+", "tuple of numbers"]),
    ("player in player", ["'in'", "list of numbers on its right"]),
    ("player == tie", ["==", "a number", "true/false"]),
    ("player_third == -player", ["minus sign"]),
    ("player_third == - - 1", ["minus sign"]),
    ("player % -1 == 0", ["remainder"]),
    ("player", ["true/false condition is needed"]),
    ("(8, 9)", ["true/false condition is needed"]),
    ("not " * 5000 + "tie", ["nested too deeply"]),
    ("player == " + "9" * 5000, ["cannot parse"]),
])
def test_refused_conditions_say_why(text, words):
    with pytest.raises(PayTableError) as info:
        compile_condition(text, where="w")
    message = str(info.value)
    assert "\n" not in message and len(message) < 400
    for w in words:
        assert w in message, (w, message)


@pytest.mark.parametrize("text", ["player_third == -1", "banker_third != -1 and banker_third < 4",
                                  "player_third in (-1, 8, 9)", "player - banker == -3", "-1 < margin"])
def test_negative_whole_numbers_are_accepted(text):
    assert check_sound(text)


def test_minus_one_means_did_not_draw():
    """On every deal of a real walk, player_third == -1 exactly when the Player kept two cards."""
    dist, _, _ = small_walk()
    a = PayTable("a", (PayLine.make("a", "player_third == -1", 1),)).price(dist)
    b = PayTable("b", (PayLine.make("b", "player_cards == 2", 1),)).price(dist)
    assert a.lines[0].count == b.lines[0].count > 0
    assert 0 < a.lines[0].count < dist.total
