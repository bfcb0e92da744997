"""Numbers read from text (exact_odds.text): fuzzed, never a stray exception, never slow (issue 11, causes 1, 2, 14)."""

import time
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from exact_odds.text import MAX_EXPONENT, NumberError, exact_fraction, whole_number

NUMBERISH = st.text(alphabet="0123456789+-./eE% ²٣\u00a0_xX", max_size=40)


@settings(max_examples=400, deadline=None)
@given(NUMBERISH | st.text(max_size=40))
def test_whole_number_gives_an_int_or_a_number_error(text):
    t = time.perf_counter()
    try:
        n = whole_number(text)
    except NumberError:
        pass
    else:
        assert isinstance(n, int) and n == int(text.strip())
    assert time.perf_counter() - t < 0.1


@settings(max_examples=400, deadline=None)
@given(NUMBERISH | st.text(max_size=40))
def test_exact_fraction_gives_a_fraction_or_a_number_error(text):
    t = time.perf_counter()
    try:
        x = exact_fraction(text)
    except NumberError:
        pass
    else:
        assert isinstance(x, Fraction)
    assert time.perf_counter() - t < 0.1


@settings(max_examples=200, deadline=None)
@given(st.fractions(max_denominator=10**6))
def test_every_fraction_reads_back_exactly(x):
    assert exact_fraction(f"{x.numerator}/{x.denominator}") == x
    assert exact_fraction(f"{x * 100}%" if (x * 100).denominator == 1 else f"{x}") == x


@pytest.mark.parametrize("text, value", [("19/20", Fraction(19, 20)), ("0.95", Fraction(19, 20)), ("5%", Fraction(1, 20)),
                                         ("1e-3", Fraction(1, 1000)), (" -1/2 ", Fraction(-1, 2)), (".5", Fraction(1, 2))])
def test_the_forms_a_user_types(text, value):
    assert exact_fraction(text) == value


@pytest.mark.parametrize("text", ["1e999999999", "1e-99999", f"1e{MAX_EXPONENT + 1}", "1" * 61, "1/" + "3" * 61])
def test_huge_numbers_are_refused_at_once(text):
    t = time.perf_counter()
    with pytest.raises(NumberError) as info:
        exact_fraction(text)
    assert info.value.too_large and time.perf_counter() - t < 0.01


@pytest.mark.parametrize("text", ["²", "٣", "--4", "4.0", "1_000", "", " "])
def test_what_int_would_half_accept_is_not_a_whole_number(text):
    with pytest.raises(NumberError) as info:
        whole_number(text)
    assert not info.value.too_large


def test_leading_zeros_do_not_count_as_digits():
    assert whole_number("0" * 40 + "8", max_digits=19) == 8


@pytest.mark.parametrize("bad", [None, 8, 1.5, b"8"])
def test_not_text_is_a_type_error(bad):
    with pytest.raises(TypeError):
        whole_number(bad)
    with pytest.raises(TypeError):
        exact_fraction(bad)
