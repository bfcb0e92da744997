"""Numbers read from text: the one home of what a count or an exact fraction may look like.

Users type numbers in options (``--decks 8``, ``--commission 1/25``), in
pay-table files (``pays = "19/20"``) and in shoe files (13 counts a line).
Every such number is read here, so each rule holds everywhere:

* a whole number is ASCII digits only (``int()`` would also take ``²`` or
  ``٣``, and fail later), leading zeros allowed, at most a stated number of
  significant digits (so ``int()`` never meets Python's 4,300-digit limit);
* an exact fraction is ``p/q``, a decimal such as ``0.95`` or ``1e-3``, or a
  percentage such as ``5%``, with at most :data:`MAX_FRACTION_DIGITS`
  digits and an exponent within ``±``:data:`MAX_EXPONENT` (``1e999999999``
  would take hours to expand, ``1e-99999`` would print 100,000 digits).

Errors are :class:`NumberError` (a ValueError) whose message says what was
expected; callers prefix it with where the number was read.
"""

from __future__ import annotations

import re
from fractions import Fraction

#: Significant digits of a whole number (counts, decks): 10**30 is far past any shoe.
MAX_WHOLE_DIGITS = 30
#: Digits in each part of an exact fraction.
MAX_FRACTION_DIGITS = 60
#: Largest decimal exponent of an exact fraction, either sign.
MAX_EXPONENT = 60

_WHOLE = re.compile(r"[+-]?[0-9]+")
_RATIO = re.compile(r"([+-]?)([0-9]+)\s*/\s*([0-9]+)")
_DECIMAL = re.compile(r"([+-]?)([0-9]*)(?:\.([0-9]*))?(?:[eE]([+-]?[0-9]+))?")


class NumberError(ValueError):
    """Text that is not the number asked for; the message says what is expected.

    ``too_large`` tells a well-formed number with too many digits from text
    that is no number at all."""

    def __init__(self, message: str, too_large: bool = False) -> None:
        super().__init__(message)
        self.too_large = too_large


def shown(text: str, limit: int = 40) -> str:
    """``text`` quoted for a message, cut to ``limit`` characters."""
    t = text.strip()
    return repr(t) if len(t) <= limit else repr(t[:limit - 3] + "...")


def whole_number(text: str, max_digits: int = MAX_WHOLE_DIGITS) -> int:
    """A whole number written in ASCII digits (a sign allowed), at most ``max_digits`` significant digits."""
    if not isinstance(text, str):
        raise TypeError(f"expected the text of a whole number, not {text!r}")
    t = text.strip()
    if not _WHOLE.fullmatch(t):
        raise NumberError(f"{shown(text)} is not a whole number (digits 0-9 only)")
    digits = t.lstrip("+-").lstrip("0")
    if len(digits) > max_digits:
        raise NumberError(f"a {len(digits)}-digit number is too large (at most {max_digits} digits)", too_large=True)
    return int(t)


def exact_fraction(text: str) -> Fraction:
    """An exact fraction from 'p/q', a decimal ('0.95', '1e-3') or a percentage ('5%')."""
    if not isinstance(text, str):
        raise TypeError(f"expected the text of a number, not {text!r}")
    t = text.strip()
    percent = t.endswith("%")
    if percent:
        t = t[:-1].strip()
    expected = "a number such as 8, 19/20, 0.54 or 5%"
    m = _RATIO.fullmatch(t)
    if m:
        sign, num, den = m.groups()
        _check_digits(num, den)
        if int(den) == 0:
            raise NumberError(f"{shown(text)} divides by zero; expected {expected}")
        value = Fraction(int(num), int(den)) * (-1 if sign == "-" else 1)
    else:
        m = _DECIMAL.fullmatch(t)
        if not m or not (m.group(2) or m.group(3)):
            raise NumberError(f"{shown(text)} is not {expected}")
        sign, whole, frac, exp = m.groups()
        frac = frac or ""
        _check_digits(whole, frac)
        e = int(exp) if exp and len(exp.lstrip("+-").lstrip("0")) <= 4 else (0 if not exp else 10**5)
        if abs(e) > MAX_EXPONENT:
            raise NumberError(f"{shown(text)} has an exponent beyond ±{MAX_EXPONENT}; "
                              f"no payout, commission or probability needs one", too_large=True)
        value = Fraction(int((whole or "0") + frac), 10 ** len(frac)) * Fraction(10) ** e
        if sign == "-":
            value = -value
    return value / 100 if percent else value


def _check_digits(*parts: str) -> None:
    for p in parts:
        if len(p.lstrip("0")) > MAX_FRACTION_DIGITS:
            raise NumberError(f"a number with {len(p)} digits is too long (at most {MAX_FRACTION_DIGITS} digits a part)",
                              too_large=True)
