"""What a player sees of the coup's cards before he bets: :class:`Information`.

The six card positions are the deal order of docs/rules.md §2: 1 Player's first card, 2 Banker's first,
3 Player's second, 4 Banker's second, 5 the fifth card and 6 the sixth (the cards drawn, in order). Under
the six-card convention (docs/rules.md §3) positions 5 and 6 always hold a card: when the coup stops early
they are the next cards in the shoe, which a player who reads the backs of the cards sees all the same.

At each position the player sees nothing, the card's **group** under a two-group sort (an edge sorter, who
reads a defect on the card's back), its exact **value** (a card exposed, a burn card seen) or its **rank**.
A sort is the set of values (or ranks) of one group, called High; the other group is Low.

Each seen position is a *reading*: a label for each of the 13 ranks (:meth:`Information.readings`), so a
group, a value and a rank are one thing to the engine (:mod:`exact_odds.information.play`).
"""

from __future__ import annotations

from dataclasses import dataclass

from exact_odds.rules.cards import RANK_VALUES, RANKS

#: The positions a player may see, in deal order (docs/rules.md §2).
POSITIONS = (1, 2, 3, 4, 5, 6)
#: Each position in words.
POSITION_NAMES = {1: "Player's first card", 2: "Banker's first card", 3: "Player's second card",
                  4: "Banker's second card", 5: "the fifth card (the first drawn)",
                  6: "the sixth card (the second drawn)"}
#: Each position's short name in a table.
POSITION_SHORT = {1: "P1", 2: "B1", 3: "P2", 4: "B2", 5: "5th", 6: "6th"}
#: The two groups of a sort, by label (0 Low, 1 High).
GROUP_NAMES = ("L", "H")
#: What a sort may range over.
SORT_BY = ("value", "rank")


class InformationError(ValueError):
    """Information that cannot be read; the message says what is wrong, in one line."""


def _positions(what: str, given) -> tuple[int, ...]:
    if given is None:
        return ()
    if isinstance(given, int) and not isinstance(given, bool):
        given = (given,)
    if isinstance(given, (str, bytes)) or not hasattr(given, "__iter__"):
        raise InformationError(f"{what}: positions must be whole numbers from 1 to 6, not {given!r:.60}")
    out = []
    for p in given:
        if isinstance(p, bool) or not isinstance(p, int):
            raise InformationError(f"{what}: a position must be a whole number from 1 to 6, not {p!r:.60}")
        if p not in POSITIONS:
            raise InformationError(f"{what}: position {p} is outside 1-6 (1 Player's first card, 2 Banker's "
                                   "first, 3 and 4 their second cards, 5 and 6 the cards drawn)")
        if p in out:
            raise InformationError(f"{what}: position {p} is given twice")
        out.append(p)
    return tuple(sorted(out))


def _sort(high, by: str) -> frozenset[int]:
    size = 10 if by == "value" else 13
    if high is None:
        raise InformationError("a group is seen but no sort is given: say which values form the High group")
    if isinstance(high, (str, bytes)) or not hasattr(high, "__iter__"):
        raise InformationError(f"high must be a set of {by}s, not {high!r:.60}")
    out = set()
    for v in high:
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < size:
            what = "a value from 0 to 9" if by == "value" else "a rank index from 0 (A) to 12 (K)"
            raise InformationError(f"high: each member must be {what}, not {v!r:.60}")
        out.add(v)
    if not out or len(out) == size:
        raise InformationError(f"high holds {'none' if not out else 'all'} of the {size} {by}s; a sort needs "
                               f"two groups, each of at least one {by}")
    return frozenset(out)


@dataclass(frozen=True)
class Information:
    """What is seen of the coup's six card positions before the bet.

    ``group``: the positions whose group (High or Low) is seen; ``value``: those whose exact value
    (0-9) is seen; ``rank``: those whose rank (A..K) is seen. ``high``: the High group's values (or
    its ranks, as indexes 0 = A .. 12 = K, when ``sort_by`` is ``"rank"``); the rest are Low.

    >>> Information(group=(1,), high={6, 7, 8, 9})
    Information(group 1, High = 6 7 8 9)
    """

    group: tuple[int, ...] = ()
    value: tuple[int, ...] = ()
    rank: tuple[int, ...] = ()
    high: frozenset[int] | None = None
    sort_by: str = "value"

    def __post_init__(self) -> None:
        if self.sort_by not in SORT_BY:
            raise InformationError(f"sort_by must be 'value' or 'rank', not {self.sort_by!r:.60}")
        seen: dict[int, str] = {}
        for what in ("group", "value", "rank"):
            ps = _positions(what, getattr(self, what))
            object.__setattr__(self, what, ps)
            for p in ps:
                if p in seen:
                    raise InformationError(f"position {p} is given both a {seen[p]} and a {what}; see one or "
                                           "the other")
                seen[p] = what
        if self.group:
            object.__setattr__(self, "high", _sort(self.high, self.sort_by))
        elif self.high is not None:
            object.__setattr__(self, "high", _sort(self.high, self.sort_by))

    def __repr__(self) -> str:
        parts = [f"{w} {' '.join(map(str, getattr(self, w)))}" for w in ("group", "value", "rank") if getattr(self, w)]
        if self.group:
            parts.append(f"High = {self.high_text}")
        return f"Information({', '.join(parts) or 'nothing seen'})"

    @property
    def positions(self) -> tuple[int, ...]:
        """The seen positions, in deal order."""
        return tuple(sorted(self.group + self.value + self.rank))

    @property
    def high_text(self) -> str:
        """The High group as typed: '6 7 8 9' (values) or '6 7 8 9 10' (ranks)."""
        if self.high is None:
            return ""
        return " ".join(str(v) if self.sort_by == "value" else RANKS[v] for v in sorted(self.high))

    @property
    def low_text(self) -> str:
        """The Low group as typed: '0 1 2 3 4 5' (values) or 'A 2 3 4 5 J Q K' (ranks)."""
        return " ".join(str(v) if self.sort_by == "value" else RANKS[v] for v in sorted(self.low))

    def group_json(self, group: frozenset[int]) -> list:
        """A group for JSON: its values (0-9), or its ranks' names ('A' .. 'K')."""
        return sorted(group) if self.sort_by == "value" else [RANKS[v] for v in sorted(group)]

    @property
    def low(self) -> frozenset[int]:
        """The Low group: every value (or rank) not in High."""
        size = 10 if self.sort_by == "value" else 13
        return frozenset(range(size)) - (self.high or frozenset())

    def reading(self, position: int) -> tuple[tuple[int, ...], tuple[str, ...]] | None:
        """What position ``position`` shows: a label per rank A..K and the labels' names (None: unseen)."""
        if position in self.group:
            key = RANK_VALUES if self.sort_by == "value" else range(13)
            return tuple(int(k in self.high) for k in key), GROUP_NAMES
        if position in self.value:
            return tuple(RANK_VALUES), tuple(str(v) for v in range(10))
        if position in self.rank:
            return tuple(range(13)), RANKS
        return None

    def readings(self) -> tuple:
        """:meth:`reading` of every position 1-6, in order."""
        return tuple(self.reading(p) for p in POSITIONS)
