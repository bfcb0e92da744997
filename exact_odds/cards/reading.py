"""What a card-level bet reads, worked out once per pay table (docs/methods/suits.md, "The engine").

A :class:`Reading` is the one analysis of a pay table's conditions that every route of the card
engine (:mod:`exact_odds.cards.engine`) takes: the expanded condition trees, which card slots and
which of their attributes the conditions read (:func:`exact_odds.conditions.language.reads`), the value
names and the tests on them, and the classes of the 52 cards that every test treats alike. No route
works any of this out again.

The reading is shoe-independent. What depends on the shoe (whether its ranks hold their suits alike,
whether its suits are known) is asked by the routes through :func:`in_play` and the shoe itself.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Callable

from exact_odds.conditions import language
from exact_odds.rules.coup import Deal
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import suit_model

#: Every card slot (hand, index), Player's then Banker's: the order the routes' plans index them in.
ALL_SLOTS = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2))


@dataclass(frozen=True, eq=False)
class Reading:
    """What the lines ``conditions`` of one pay table read, in order (the last line, ``otherwise``, reads
    nothing). ``value_of(deal)`` gives the value names of a :class:`~exact_odds.rules.coup.Deal`
    (:func:`exact_odds.bets.paytable.deal_names`); ``bet_name`` names the bet in notes and refusals;
    ``older`` is given where the bet is written in the older card names only (``player_suited``, ...),
    whose own walk a route can take (:mod:`exact_odds.cards.routes.in_play`); ``first_line(names)`` is the
    index of the first line whose condition holds for these values of the vocabulary's names (len of the
    lines where none does), the pay table's own settling, which a route that settles named states (the
    first four cards' pairs, :mod:`exact_odds.cards.routes.first_four`) asks."""

    conditions: tuple[str, ...]
    value_of: Callable[[Deal], dict]
    bet_name: str = ""
    #: the older names' own pricing, ``older(dist) -> (counts, total, assumption)``, where they have one
    older: Callable | None = None
    first_line: Callable[[dict], int] | None = None
    _once: dict = field(default_factory=dict, compare=False, repr=False)

    def once(self, what: str, make: Callable):
        """``make(self)``, worked out once per reading (what a route asks of the bet before it plans)."""
        if what not in self._once:
            self._once[what] = make(self)
        return self._once[what]

    def for_shoe(self, what: str, shoe: Shoe, make: Callable):
        """``make(self, shoe)``, worked out once per reading and shoe: the last shoe's answer is kept (the
        routes of one price ask alike; a shoe in play is priced once, then the next)."""
        last = self._once.get(what)
        if last is None or last[0] is not shoe:
            last = self._once[what] = (shoe, make(self, shoe))
        return last[1]

    @cached_property
    def trees(self) -> tuple:
        """Each condition expanded (the older names replaced by their meaning in the language)."""
        return tuple(language.expanded(c) for c in self.conditions)

    @cached_property
    def value_name_set(self) -> frozenset:
        """Every value name ``value_of`` gives (those of any one deal)."""
        return frozenset(self.value_of(Deal(0, 0, None, None)))

    @cached_property
    def reads(self) -> language.Reads:
        """Slots, attributes, value names and the tests on ranks and suits (:class:`~exact_odds.conditions.language.Reads`)."""
        return language.reads(self.trees, self.value_name_set)

    @cached_property
    def value_names(self) -> tuple:
        """The value names read, each with the sorted tests applied to it (None: its value itself)."""
        return tuple((name, None if tests is None else tuple(sorted(tests, key=repr)))
                     for name, tests in sorted(self.reads.value_names.items()))

    @cached_property
    def slots(self) -> tuple:
        """The card slots read, in :data:`ALL_SLOTS` order."""
        return tuple(s for s in ALL_SLOTS if s in self.reads.slots)

    @cached_property
    def signature(self) -> tuple:
        """What the tests see of a card: (rank part, suit part) as hashable recipes."""
        from exact_odds.cards.routes.card_classes import signature_of

        return signature_of(self.reads)

    @cached_property
    def of_card(self) -> tuple:
        """The class of each of the 52 cards (A♠ A♥ A♦ A♣ 2♠ ...) under :attr:`signature`."""
        from exact_odds.cards.routes.card_classes import classes_of

        return classes_of(self.signature)[0]

    @property
    def n_classes(self) -> int:
        return len(set(self.of_card))

    @property
    def reads_suits(self) -> bool:
        return self.reads.suit

    @property
    def suit_symmetric(self) -> bool:
        """Suits read only through equality between cards: renaming the suits changes no line."""
        return self.reads.suit_symmetric

    @property
    def first_four_only(self) -> bool:
        return self.reads.first_four_only

    def route_args(self, shoe: Shoe, tableau) -> tuple:
        """The arguments every plan-building route of :mod:`exact_odds.punto_banco` takes."""
        return (self.trees, self.of_card, self.value_names, self.slots, shoe, tableau, self.value_of)

    def __repr__(self) -> str:
        return f"Reading({self.bet_name or self.conditions[0]!r}: {len(self.conditions)} lines)"


def in_play(reading: Reading, shoe: Shoe) -> bool:
    """Whether the bet reads suits beyond the first four cards of a shoe whose ranks differ in their suits
    (a shoe in play), so each rank's suits must be weighed apart (the classes' slow case). Every route
    asks it: it is worked out once per reading and shoe (the last shoe kept)."""
    return reading.for_shoe("in play", shoe, _in_play)


def _in_play(reading: Reading, shoe: Shoe) -> bool:
    if not reading.reads_suits or shoe.is_infinite or reading.first_four_only and shoe.suited is not None:
        return False
    return len(set(suit_model(shoe).given_rank().ranks)) > 1
