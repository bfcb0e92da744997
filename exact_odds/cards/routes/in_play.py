"""The routes of bets that read suits, registered with the card engine (docs/methods/suits.md).

The reference route (:mod:`.classes`) weighs each rank's suits apart on a shoe whose ranks differ in
their suits (a shoe in play), which can take minutes; and on a fresh suited shoe, a bet whose tests
split ranks by suit or colour (more than 13 classes) expands every rank group's suits. These routes
price such bets quicker, each for the forms it knows. Each is a plan built once per bet (shoe-
independent, cached) and weighed on each shoe. They live in :mod:`exact_odds.punto_banco` (one module
each); this module states when each applies and its place.

Places, for a bet in play on a suited shoe: where suits are read only by comparing cards with each
other (``Reads.suit_symmetric``), the suit counts, the events alone, the multisets (over every card
only), then the suit patterns; where a suit is read by name, the multisets, the pools, the suit
counts, then the events alone. Before them all the hand paths (whole hands' suits and colours, one
hand's pair), and after them the older names' own walk. On a fresh suited shoe with more than 13
classes of cards, the multisets (over every card) then the events alone (suits read by name).
The suit counts and the events alone each take their plan over one variant an orbit of the renamings of
the suits that move no line where there is one (:mod:`~exact_odds.cards.routes.suit_symmetry`: the same
counts, far fewer groups to build), else their plan over every variant.
"""

from __future__ import annotations

import warnings

from exact_odds.cards.route import Declined, Route, register
from exact_odds.cards.reading import Reading, in_play
from exact_odds.rules.deal import six_card_total
from exact_odds.rules.shoe import Shoe


def _fresh_split(reading: Reading, shoe: Shoe) -> bool:
    """A fresh suited shoe (not in play) whose bet splits ranks by suit or colour beyond the first four."""
    return (reading.reads_suits and shoe.suited is not None and not reading.first_four_only
            and not in_play(reading, shoe) and reading.n_classes > 13)


def _suited_in_play(reading: Reading, shoe: Shoe) -> str | None:
    """None where the bet reads suits on a suited shoe in play, else why the suit routes do not apply."""
    if not in_play(reading, shoe):
        return "not a bet reading suits beyond the first four cards on a shoe whose ranks differ in suits"
    if shoe.suited is None:
        return "the shoe's suits are not given"
    return None


def _counts(found, shoe: Shoe, what: str) -> tuple[list, int, None]:
    if not found:
        raise Declined(what)
    return found, six_card_total(shoe), None


class HandPaths(Route):
    name = "hand paths"
    summary = "whole hands' suits and colours, or one hand's pair, weighed by the hands' values"

    def accepts(self, reading, shoe):
        return None if in_play(reading, shoe) else "not a bet reading suits on a shoe in play"

    def place(self, reading, shoe):
        return 1

    def price(self, reading, dist):
        from exact_odds.cards.routes.card_fast import hand_fact_counts

        found = hand_fact_counts(reading.conditions, dist, reading.value_name_set, reading.value_of)
        if found is None:
            raise Declined("reads cards other than as whole hands' suits and colours or one hand's pair")
        return found


class Multisets(Route):
    name = "multisets"
    summary = "cards read over every card or whole hands, settled once per multiset of pools"

    def accepts(self, reading, shoe):
        from exact_odds.cards.routes.card_multisets import blocks, order_free

        if _fresh_split(reading, shoe):
            return None if reading.once("order free", lambda r: order_free(r.trees)) else \
                "on a fresh shoe it takes only cards read over every card"
        why = _suited_in_play(reading, shoe)
        if why:
            return why
        if reading.once("blocks", lambda r: blocks(r.trees)) is None:
            return "reads a card by its place, or a set of cards other than every card or a whole hand"
        if reading.suit_symmetric and not reading.once("order free", lambda r: order_free(r.trees)):
            return "suits compared with each other per hand: the suit patterns take it"
        return None

    def place(self, reading, shoe):
        return 2 if _fresh_split(reading, shoe) or not reading.suit_symmetric else 4

    def price(self, reading, dist):
        from exact_odds.cards.routes.card_multisets import LIMIT, multiset_counts

        return _counts(multiset_counts(*reading.route_args(dist.shoe, dist.tableau)), dist.shoe,
                       f"its plan passes its limit of {LIMIT:,} rows")


class Pools(Route):
    name = "pools"
    summary = "suits read card by card, by pools of cards alike"

    def accepts(self, reading, shoe):
        why = _suited_in_play(reading, shoe)
        if why:
            return why
        return "suits compared only with each other: the suit patterns take it" if reading.suit_symmetric else None

    def place(self, reading, shoe):
        return 3

    def price(self, reading, dist):
        from exact_odds.cards.routes.card_pools import LIMIT, pool_counts

        return _counts(pool_counts(*reading.route_args(dist.shoe, dist.tableau)), dist.shoe,
                       f"its plan passes its limit of {LIMIT:,} rows")


class SuitCounts(Route):
    name = "suit counts"
    summary = "suits counted over every card, by suit-count generating functions"

    def accepts(self, reading, shoe):
        from exact_odds.cards.routes.card_counts import fitting_events

        why = _suited_in_play(reading, shoe)
        if why:
            return why
        if reading.once("counted events", lambda r: fitting_events(r.trees)) is None:
            return "reads suits other than through counts of suits over every card"
        return None

    def place(self, reading, shoe):
        return 2 if reading.suit_symmetric else 4

    def estimate(self, reading, shoe, tableau=None):
        from exact_odds.cards.routes.card_counts import estimate

        return estimate(reading, shoe, tableau)

    def price(self, reading, dist):
        from exact_odds.cards.routes.card_counts import count_counts
        from exact_odds.cards.routes.suit_symmetry import symmetric_counts

        # one variant an orbit of the renamings of the suits that move no line, where that plan is smaller
        # (the same counts: suit_symmetry), else every variant
        args = reading.route_args(dist.shoe, dist.tableau)
        found = symmetric_counts(*args)
        return _counts(count_counts(*args) if found is None else found, dist.shoe,
                       "its plan passes its limits of rows, entries or work")


class EventsAlone(Route):
    name = "events alone"
    summary = "suits read through events alone, weighed by the ways of each group"

    def accepts(self, reading, shoe):
        from exact_odds.cards.routes.suit_alone import fitting_events

        if _fresh_split(reading, shoe):
            if reading.suit_symmetric:
                return "on a fresh shoe it takes only bets that read a suit or colour by name"
        else:
            why = _suited_in_play(reading, shoe)
            if why:
                return why
        if reading.once("events alone", lambda r: fitting_events(r.trees)) is None:
            return "reads suits other than through events alone (or counts them over every card)"
        return None

    def place(self, reading, shoe):
        return 3 if _fresh_split(reading, shoe) or reading.suit_symmetric else 5

    def estimate(self, reading, shoe, tableau=None):
        from exact_odds.cards.routes.suit_alone import estimate

        return estimate(reading, shoe, tableau)

    def price(self, reading, dist):
        from exact_odds.cards.routes.suit_alone import alone_counts
        from exact_odds.cards.routes.suit_symmetry import symmetric_alone

        # one variant an orbit of the renamings of the suits that move no line, where that plan is smaller
        # (the same counts: suit_symmetry), else every variant
        args = reading.route_args(dist.shoe, dist.tableau)
        found = symmetric_alone(*args)
        return _counts(alone_counts(*args) if found is None else found, dist.shoe,
                       "its plan passes its limit of work")


class SuitPatterns(Route):
    name = "suit patterns"
    summary = "suits compared only with each other, by the patterns the cards' suits make"

    def accepts(self, reading, shoe):
        why = _suited_in_play(reading, shoe)
        if why:
            return why
        return None if reading.suit_symmetric else "reads a suit or colour by name (renaming suits would move a line)"

    def place(self, reading, shoe):
        return 5

    def price(self, reading, dist):
        from exact_odds.progress import SlowWork
        from exact_odds.cards.routes import card_patterns

        args = reading.route_args(dist.shoe, dist.tableau)
        said = card_patterns.slow_plan(*args)
        if said:
            warnings.warn(SlowWork(f"{reading.bet_name or reading.conditions[0]}: {said}"), stacklevel=5)
        return _counts(card_patterns.pattern_counts(*args), dist.shoe,
                       f"its plan passes its limit of {card_patterns.card_pools.LIMIT:,} rows or namings")


class OlderNames(Route):
    name = "older names"
    summary = "a bet in the older card names, by the hand paths or the card walk of those names"

    def accepts(self, reading, shoe):
        if not in_play(reading, shoe):
            return "not a bet reading suits on a shoe in play"
        return None if reading.older is not None else "written in the condition language, not the older card names"

    def place(self, reading, shoe):
        return 6

    def price(self, reading, dist):
        return reading.older(dist)


for _route in (HandPaths(), Multisets(), Pools(), SuitCounts(), EventsAlone(), SuitPatterns(), OlderNames()):
    register(_route)
