"""Hostile input to balanced counts (issue 25): `eor --balanced`, balanced_count and betting_correlation.

On the command line every misuse is one line on stderr, exit 2, no traceback, in bounded time; the
library raises TypeError/ValueError (ShoeError) saying what it expects.
"""

from fractions import Fraction

import pytest

from conftest import assert_bad_input_is_one_line
from exact_odds.in_play.simulate.balanced import MAX_BALANCED_LEVEL, balanced_count
from exact_odds.in_play.simulate.removal import betting_correlation
from exact_odds.rules.shoe import ShoeError

EOR = tuple(Fraction(r - 6, 1000) for r in range(13))


@pytest.mark.parametrize("args, names", [
    (["eor", "--bets", "dragon7", "--balanced", "--level", "9"], "--level"),
    (["eor", "--bets", "dragon7", "--balanced", "--level", "100"], "--level"),
    (["eor", "--bets", "dragon7", "--balanced", "--level", "0"], "--level"),
    (["eor", "--bets", "dragon7", "--balanced", "--level", "two"], "--level"),
    (["eor", "--bets", "dragon7", "--balanced", "--shoe", "0,4,4,4,4,4,4,4,4,4,4,4,4"], "--balanced"),
    (["eor", "--bets", "dragon7", "--balanced", "--decks", "infinite"], "finite"),
    (["eor", "--bets", "dragon7", "--balanced=yes"], "--balanced"),
])
def test_eor_balanced_refuses_bad_input_in_one_line(args, names):
    assert_bad_input_is_one_line(args, names)


@pytest.mark.parametrize("call, error, words", [
    (lambda: balanced_count(EOR, 0), ShoeError, "from 1 to"),
    (lambda: balanced_count(EOR, MAX_BALANCED_LEVEL + 1), ShoeError, "from 1 to"),
    (lambda: balanced_count(EOR, 10**9), ShoeError, "from 1 to"),
    (lambda: balanced_count(EOR, True), TypeError, "level must be an int"),
    (lambda: balanced_count(EOR, 2.0), TypeError, "level must be an int"),
    (lambda: balanced_count(EOR[:12], 2), ValueError, "13 values"),
    (lambda: balanced_count("A" * 13, 2), TypeError, "sequence of 13"),
    (lambda: balanced_count(None, 2), TypeError, "sequence of 13"),
    (lambda: balanced_count((0.5,) * 13, 2), TypeError, "Fractions"),
    (lambda: balanced_count((None,) + EOR[1:], 2), ShoeError, "every rank"),
    (lambda: betting_correlation((1,) * 12, EOR, (4,) * 13), ValueError, "13 whole numbers"),
    (lambda: betting_correlation((1.0,) * 13, EOR, (4,) * 13), TypeError, "whole numbers"),
    (lambda: betting_correlation((1,) * 13, EOR, (4,) * 12), ValueError, "13 card counts"),
    (lambda: betting_correlation((1,) * 13, EOR, (-4,) * 13), TypeError, ">= 0"),
])
def test_library_refuses_bad_input_saying_what_it_needs(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_no_weight_and_no_spread_give_no_correlation():
    assert betting_correlation((1,) * 13, EOR, (0,) * 13).correlation_squared == 0
    assert betting_correlation((2,) * 13, EOR, (4,) * 13).correlation_squared == 0
