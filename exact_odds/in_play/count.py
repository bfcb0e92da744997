"""A linear count: its 13 tags read from text, and its true count — one home for track, live and simulate.

A count gives each rank A..K an integer tag. The **running count** is the
sum of the tags of the cards seen. The **true count** is the running count,
less what the seen cards bring on average, per deck of cards not yet seen::

    52 × (running count − cards seen × Σtags / 13) / cards unseen

exactly (a Fraction, never rounded), where ``Σtags / 13`` is the mean tag of
a full shoe. For a balanced count (tags adding up to 0, such as Jacobson's
Dragon 7 count) this is the usual running count per deck left; an unbalanced
count is balanced so, and never drifts towards betting as the shoe goes down.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from exact_odds import text
from exact_odds.rules.cards import CARDS_PER_DECK, RANKS

#: Largest |tag| of a count: far past any count anyone keeps.
MAX_TAG = 1_000


class CountError(ValueError):
    """A count or a trigger that cannot be used; the message says how to fix it."""


def parse_tags(spec: str) -> tuple[int, ...]:
    """13 comma-separated whole numbers, the tags of A,2,...,10,J,Q,K (read by :mod:`exact_odds.text`)."""
    if not isinstance(spec, str):
        raise TypeError(f"a count is the text of 13 tags, not {type(spec).__name__}")
    parts = spec.split(",")
    if len(parts) != 13:
        raise CountError(f"a count is 13 comma-separated tags for A,2,...,10,J,Q,K; {text.shown(spec)} "
                         f"has {len(parts)}")
    tags = []
    for rank, part in zip(RANKS, parts):
        try:
            tag = text.whole_number(part, max_digits=4)
        except text.NumberError as exc:
            raise CountError(f"the tag of {rank}: {exc}") from None
        if abs(tag) > MAX_TAG:
            raise CountError(f"the tag of {rank} is {tag}; tags are at most {MAX_TAG} in size")
        tags.append(tag)
    return tuple(tags)


def balanced_13(tags: Sequence[int], running: int, seen: int) -> int:
    """13 × (running count − cards seen × mean tag): an integer."""
    return 13 * running - seen * sum(tags)


def true_count(tags: Sequence[int], running: int, seen: int, unseen: int) -> Fraction:
    """``52 × (running − seen × Σtags/13) / unseen``, exactly (module docstring); ``unseen`` > 0."""
    return Fraction(CARDS_PER_DECK * balanced_13(tags, running, seen), 13 * unseen)
