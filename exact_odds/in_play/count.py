"""A linear count: its 13 tags read from text, its true count, and a strategy that bets on it — one home
for track, live and simulate.

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

from dataclasses import dataclass
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


#: Largest |trigger| of a count strategy: far past any count anyone keeps.
MAX_TRIGGER = 10**6


@dataclass(frozen=True)
class CountStrategy:
    """Bet one unit when the true count (module docstring) is at least ``trigger``."""

    name: str
    tags: tuple[int, ...]
    trigger: Fraction

    def __post_init__(self) -> None:
        if not isinstance(self.name, str):
            raise TypeError(f"a count's name must be a str, not {type(self.name).__name__}")
        if isinstance(self.tags, (str, bytes)) or not hasattr(self.tags, "__len__"):
            raise TypeError(f"tags must be 13 whole numbers, one per rank A..K, not {type(self.tags).__name__}")
        if any(isinstance(t, bool) or not isinstance(t, int) for t in self.tags):
            raise TypeError("tags must be whole numbers (int), one per rank A..K")
        if len(self.tags) != 13:
            raise CountError(f"a count has 13 tags, one per rank A..K, not {len(self.tags)}")
        if any(abs(t) > MAX_TAG for t in self.tags):
            raise CountError(f"a count's tags are at most {MAX_TAG} in size")
        if isinstance(self.trigger, bool) or not isinstance(self.trigger, (int, Fraction)):
            raise TypeError(f"trigger must be a Fraction or an int (a true count), not {type(self.trigger).__name__}")
        if abs(self.trigger) > MAX_TRIGGER:
            raise CountError(f"a trigger is a true count between -{MAX_TRIGGER:,} and {MAX_TRIGGER:,}")
        object.__setattr__(self, "tags", tuple(self.tags))
        object.__setattr__(self, "trigger", Fraction(self.trigger))

    def running_count(self, seen: Sequence[int]) -> int:
        """The sum of the tags of the cards seen (``seen[r]``: cards of rank r seen)."""
        return sum(t * s for t, s in zip(self.tags, seen))

    def _balanced_13(self, seen: Sequence[int]) -> int:
        """13 × (running count − cards seen × mean tag): an integer."""
        return balanced_13(self.tags, self.running_count(seen), sum(seen))

    def true_count(self, seen: Sequence[int], unseen: int) -> Fraction:
        """The true count of :mod:`exact_odds.in_play.count`, exactly."""
        return true_count(self.tags, self.running_count(seen), sum(seen), unseen)

    def bets(self, seen: Sequence[int], unseen: int) -> bool:
        """Whether the true count is at least the trigger (exact, no division)."""
        t = self.trigger
        return CARDS_PER_DECK * self._balanced_13(seen) * t.denominator >= 13 * t.numerator * unseen

    @property
    def balanced(self) -> bool:
        """Whether the tags of a full shoe add up to 0."""
        return sum(self.tags) == 0

    def tags_text(self) -> str:
        return ",".join(str(t) for t in self.tags)

    def __repr__(self) -> str:
        tags = " ".join(f"{r}:{t:+d}" if t else f"{r}:0" for r, t in zip(RANKS, self.tags))
        return f"CountStrategy({self.name}: {tags}; bet at true count >= {self.trigger})"
