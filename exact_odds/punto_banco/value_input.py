"""The value counts :meth:`Pricer.value_batch <exact_odds.punto_banco.pricer.Pricer.value_batch>` reads,
checked once: an integer array as it is, anything else as lists of ten whole numbers, the first bad
shoe named."""

from __future__ import annotations

from itertools import chain

from exact_odds.rules.shoe import MIN_CARDS, ShoeError


def counts_array(np, value_counts):
    """``value_counts`` as an (S, 10) int64 array if it is an array of signed integers (or of
    unsigned integers of 32 bits or fewer) whose every shoe holds 6 or more cards and no count
    below 0; None for anything else (lists, and arrays a check refuses: :func:`value_rows` then
    checks them and names the first bad shoe)."""
    if np is None or not isinstance(value_counts, np.ndarray) or value_counts.ndim != 2 or value_counts.shape[1] != 10:
        return None
    kind = value_counts.dtype
    if not (np.issubdtype(kind, np.signedinteger) and kind.itemsize <= 8
            or np.issubdtype(kind, np.unsignedinteger) and kind.itemsize <= 4):
        return None
    c = value_counts.astype(np.int64, copy=False)
    if len(c) and (c.min() < 0 or c.max() > 2**59 or c.sum(axis=1).min() < MIN_CARDS):
        return None  # at most 2**59 each: no sum of ten counts overflows int64
    return c


def value_rows(value_counts) -> list[tuple[int, ...]]:
    """``value_counts`` as a list of 10-tuples of Python ints, checked (whole numbers >= 0,
    at least six cards a shoe)."""
    if hasattr(value_counts, "tolist"):
        value_counts = value_counts.tolist()
    if isinstance(value_counts, (str, bytes)):
        raise TypeError("value_counts must be a sequence of 10 value counts per shoe, not a string")
    try:
        rows = [tuple(r) for r in value_counts]
    except TypeError:
        raise TypeError(f"value_counts must be a sequence of 10 value counts per shoe, "
                        f"not {type(value_counts).__name__}") from None
    if (not rows or set(map(type, chain.from_iterable(rows))) == {int} and set(map(len, rows)) == {10}
            and min(map(min, rows)) >= 0 and min(map(sum, rows)) >= MIN_CARDS):
        return rows  # every count a whole number >= 0, every shoe of 10 values and 6 cards or more
    for i, r in enumerate(rows):
        if len(r) != 10 or any(isinstance(c, bool) or not isinstance(c, int) or c < 0 for c in r):
            raise ValueError(f"value_counts[{i}] must be 10 whole numbers >= 0 (cards of value 0..9), not {r!r}")
        if sum(r) < MIN_CARDS:
            raise ShoeError(f"value_counts[{i}] has {sum(r)} cards; a coup needs at least {MIN_CARDS}")
    return rows
