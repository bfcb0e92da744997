"""The reference route sizes its plan before it builds it (issue 38): rows and memory from the reading, the
shoe's suit model and the card walk's sequences; the engine declines a plan estimated past the budget
without building it.

The estimates are checked against what the plan really allocates (numpy's arrays are traced by
tracemalloc) and the rows it really settles (every row passes through ``settle_lines``): an estimate
must bound both, and stay close enough (a few times the real peak) not to decline a plan that fits."""

from __future__ import annotations

import tracemalloc

import pytest

from card_bets import shoe_in_play, table
from exact_odds import Shoe
from exact_odds.cards import budget, engine
from exact_odds.cards.budget import OverBudget, memory_budget
from exact_odds.cards.routes import card_classes, card_suits
from exact_odds.cards.routes.classes import Classes
from exact_odds.cards.substrate import sequences
from exact_odds.punto_banco.walk import walk
from exact_odds.rules.tableau import PUNTO_BANCO

GIB = 1024 ** 3
LESS_THREE = ("5h", "Kd", "9c")
#: The issue's own bet: a red pair among the cards, the first cards' suits in order, the Banker's second a club.
ISSUE_38 = "of_a_kind(all_cards, red) >= 2 and player_card1_suit < banker_card1_suit and banker_card2_suit == clubs"
ISSUE_41 = ("same_suit((player_card1, banker_card1)) and same_suit((player_card2, banker_card2)) and "
            "of_a_kind(all_cards, red) >= 2 and run(banker_hand)")

#: (form, shoe): each of the plan's ways (the first four's classes; the whole coup without suits; with suits
#: on a fresh shoe, on a shoe in play, by renaming), small enough to build in a test.
FORMS = [
    ("same_suit(player_hand)", "fresh"),
    ("player_card1_suit == hearts and banker_wins", "play"),
    ("any(third_cards, rank == king)", "fresh"),
    ("of_a_kind(all_cards) >= 3", "fresh"),
    ("same_suit((player_card1, banker_card1)) and count(first_four, rank == 9) >= 1", "fresh"),
    ("same_suit((player_card1, player_card3))", "less three"),
]


def shoe_named(name):
    return {"fresh": Shoe.decks(8), "play": shoe_in_play(8, 150),
            "less three": Shoe.decks(8).remove(list(LESS_THREE))}[name]


def built(reading, shoe):
    """(rows settled, bytes allocated at the peak) of the classes' plan of ``reading`` on ``shoe``, built from
    nothing but the card walk's sequences (the substrate every route shares, built before)."""
    sequences.six_rank_sequences(PUNTO_BANCO)
    card_classes._rank_multisets(PUNTO_BANCO)
    card_classes._coup_plan.cache_clear()
    card_classes._first_four_plan.cache_clear()
    sequences._LAST_WEIGHTS.clear()
    rows = []

    def counted(real):
        def settle(np, trees, cards, n):
            rows.append(n)
            return real(np, trees, cards, n)
        return settle

    saved = card_classes.settle_lines, card_suits.settle_lines
    card_classes.settle_lines, card_suits.settle_lines = counted(saved[0]), counted(saved[1])
    tracemalloc.start()
    try:
        card_classes.class_counts(reading, shoe, PUNTO_BANCO)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        card_classes.settle_lines, card_suits.settle_lines = saved
    return sum(rows), peak


@pytest.mark.parametrize("form, shoe", FORMS)
def test_the_estimate_bounds_the_plan_built_and_is_close_to_it(form, shoe):
    reading, shoe = table([form]).reading, shoe_named(shoe)
    estimate = Classes().estimate(reading, shoe, PUNTO_BANCO)
    rows, peak = built(reading, shoe)
    assert rows <= estimate.rows, (rows, estimate.rows)
    assert peak <= estimate.memory <= 4 * peak + 64 * 1024 ** 2, (peak, estimate.memory)


def test_the_first_four_cards_plan_is_sized_by_its_classes():
    """52 classes (every rank and suit read): 52**4 sequences of classes, sized without building any."""
    reading = table(["same_suit(first_four) and run(first_four)"]).reading
    estimate = Classes().estimate(reading, Shoe.decks(8), PUNTO_BANCO)
    assert estimate.rows == 52 ** 4 and estimate.memory > 52 ** 4 * 100


def test_the_issues_bet_is_declined_by_its_estimate_without_building_and_refused_in_one_line(monkeypatch):
    reading = table([ISSUE_38]).reading
    shoe = Shoe.decks(8).remove(list(LESS_THREE))
    estimate = Classes().estimate(reading, shoe, PUNTO_BANCO)
    assert estimate.memory > 2 * GIB
    built_plans = []
    monkeypatch.setattr(card_classes, "_coup_counts", lambda *a: built_plans.append(a))
    monkeypatch.delenv("EXACT_ODDS_MEMORY_BUDGET", raising=False)
    with pytest.raises(OverBudget) as refused:
        engine.price(reading, walk(shoe))
    line = str(refused.value)
    assert not built_plans and "\n" not in line
    assert f"classes: its plan would need about {budget.describe(estimate.memory)}, past the memory budget of " \
           "2 GiB" in line
    assert f"the least of its plans (the route 'classes') would need about {budget.describe(estimate.memory)}" in line
    assert "EXACT_ODDS_MEMORY_BUDGET" in line


def test_a_budget_past_the_estimate_lets_the_plan_be_tried():
    """The estimate only declines against the budget in force (times the route's slack, 3 for the classes):
    past it, the route is asked to price."""
    reading, shoe = table(["same_suit(player_hand)"]).reading, Shoe.decks(8)
    need = Classes().estimate(reading, shoe, PUNTO_BANCO).memory
    assert need > 4 * budget.LEAST
    with memory_budget(need // 4):
        with pytest.raises(OverBudget, match="the least of its plans"):
            with engine.excluding("shipped", "hand paths"):
                engine.price(reading, walk(shoe))
    with memory_budget(need + GIB):
        with engine.excluding("shipped", "hand paths"):
            _, _, _, explanation = engine.price(reading, walk(shoe))
    assert explanation.route == "classes" and explanation.estimate.memory == need
    record = explanation.record()
    assert record["plan"]["memory_bytes"] == need and record["plan"]["rows"] == explanation.estimate.rows
    assert f"about {budget.describe(need)}" in str(explanation)


def test_the_issue_41_bet_is_refused_at_8_decks_without_its_rows_built(monkeypatch):
    """Issue 41's bet at 8 fresh decks: the classes' rows (its suits' buckets) would pass the budget; the
    grouping of the sequences is all that is built before the refusal."""
    reading = table([ISSUE_41]).reading
    estimate = Classes().estimate(reading, Shoe.decks(8), PUNTO_BANCO)
    assert estimate.memory > 2 * GIB and estimate.rows > 10 ** 8
    settled = []
    monkeypatch.setattr(card_classes, "suited_counts", lambda *a: settled.append(a))
    monkeypatch.delenv("EXACT_ODDS_MEMORY_BUDGET", raising=False)
    with pytest.raises(OverBudget, match=f"would need about {budget.describe(estimate.memory)}"):
        engine.price(reading, walk(Shoe.decks(8)))
    assert not settled
