"""Helpers shared by the tests of card-level bets: a pay table of conditions, its line counts and the route
that priced it, a spy on a function, a suited shoe in play."""

import random

from exact_odds.bets.paytable import PayLine, PayTable
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.shoe import Shoe


def table(conditions):
    """A pay table whose line i holds ``conditions[i]`` and pays 1."""
    return PayTable("t", tuple(PayLine.make(f"line {i}", c, 1) for i, c in enumerate(conditions)))


def line_counts(bet, shoe):
    """The six-card count of each line that settles some coup on ``shoe``; the counts add up to the total and
    every probability lies in [0, 1]."""
    return line_counts_explained(bet, shoe)[0]


def line_counts_explained(bet, shoe):
    """:func:`line_counts` of ``bet`` on ``shoe``, and how the card engine priced it (its explanation:
    ``.route``, ``.declined``)."""
    result = bet.price(walk(shoe))
    assert sum(line.count for line in result.lines) == result.total
    assert all(0 <= line.probability <= 1 for line in result.lines)
    return {i: line.count for i, line in enumerate(result.lines) if line.count}, result.explanation


def spied(monkeypatch, module, name):
    """What ``module.name`` answered, in order: a spy on a step inside a route (which route priced a bet,
    its explanation says: :func:`brute_force_priced_by`, :func:`line_counts_explained`)."""
    answered = []
    real = getattr(module, name)
    monkeypatch.setattr(module, name, lambda *a, **k: answered.append(real(*a, **k)) or answered[-1])
    return answered


def shoe_in_play(decks, dealt, seed=5):
    """``decks`` suited decks shuffled by ``random.Random(seed)``, less the first ``dealt`` cards."""
    rng = random.Random(seed)
    cards = [r + s for r in ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
             for s in "shdc" for _ in range(decks)]
    rng.shuffle(cards)
    return Shoe.from_cards(cards[dealt:])


def priced(conditions, cards):
    """The six-card count of each line of ``table(conditions)`` that settles some coup on the shoe of ``cards``."""
    result = table(conditions).price(walk(Shoe.from_cards(cards)))
    return {i: line.count for i, line in enumerate(result.lines) if line.count}


def route_args(conditions):
    """What the card engine's reading hands a route for ``conditions``: (trees, what they read, value names
    with their tests, card slots read, each card's class)."""
    reading = table(conditions).reading
    return reading.trees, reading.reads, reading.value_names, reading.slots, reading.of_card


def route_of(bet, shoe) -> str:
    """The card engine's route that priced ``bet`` on ``shoe`` (its ``explain``)."""
    from exact_odds import explain

    return explain(bet, shoe).route


def value_names():
    """Every value name a deal gives (what a condition may read beside cards)."""
    return table(["true"]).reading.value_name_set


def small_suited_shoes():
    """Hypothesis: shoes of 7 or 8 cards drawn from six ranks in four suits (brute force takes each in
    well under a second)."""
    from hypothesis import strategies as st

    return st.lists(st.sampled_from([r + s for r in ("A", "3", "6", "8", "9", "K") for s in "shdc"]),
                    min_size=7, max_size=8)


def brute_counts(cards, conditions) -> list:
    """Brute force's six-card count of each line of ``conditions`` on ``cards`` (the last: none holds), in
    order, 0 for a line that never settles (tests/oracles/brute.py)."""
    from oracles.brute import brute_lines

    expected = brute_lines(cards, conditions)
    return [expected.get(i, 0) for i in range(len(conditions) + 1)]


def brute_force_priced_by(route, conditions, cards):
    """Check that ``table(conditions)`` priced on ``cards`` equals brute force, with every line holding
    somewhere, and that the card engine's route ``route`` priced it (its explanation); the priced bet."""
    from oracles.brute import brute_lines

    expected = dict(brute_lines(cards, conditions))
    assert len(expected) == len(conditions) + 1  # every line holds somewhere
    result = table(conditions).price(walk(Shoe.from_cards(cards)))
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == expected
    assert result.explanation.route == route, result.explanation
    return result


def events_holding(live, suit_at) -> int:
    """The live events (suit_events.lattice) that hold where each slot has the suit ``suit_at[slot]``, as a
    bit mask: "in", every card of the event among its suits; "alike", its cards all of one suit."""
    return sum(1 << j for j, (kind, slots, *suits) in enumerate(live)
               if (all(suit_at[s] in suits[0] for s in slots) if kind == "in"
                   else len({suit_at[s] for s in slots}) == 1))
