"""The memory budget of a card-level plan (issue 38): read, held, and never passed with a traceback."""

from __future__ import annotations

import pickle
import re
import resource
import subprocess
import sys

import pytest

from card_bets import table
from exact_odds import Shoe
from exact_odds.cards import budget, engine
from exact_odds.cards.budget import BudgetError, OverBudget, guarded, memory_budget, parse_budget
from exact_odds.cards.route import REGISTRY, Estimate, Route
from exact_odds.punto_banco.walk import walk

GIB = 1024 ** 3


@pytest.mark.parametrize("text, size", [("2GB", 2 * GIB), ("512MB", 512 * 1024 ** 2), ("1.5GiB", 3 * GIB // 2),
                                        ("3000000000", 3_000_000_000), (" 4 gb ", 4 * GIB), ("64M", 64 * 1024 ** 2)])
def test_a_budget_reads_as_people_write_it(text, size):
    assert parse_budget(text) == size


@pytest.mark.parametrize("text", ["3XB", "", "-1GB", "2 GB GB", "1e9", "63MB", "0", "9" * 40, "1.2345GB"])
def test_a_budget_that_is_no_size_or_too_small_is_refused(text):
    with pytest.raises(BudgetError):
        parse_budget(text)


def test_the_budget_in_force(monkeypatch):
    monkeypatch.delenv("EXACT_ODDS_MEMORY_BUDGET", raising=False)
    assert budget.budget() == budget.DEFAULT == 2 * GIB
    monkeypatch.setenv("EXACT_ODDS_MEMORY_BUDGET", "3GB")
    assert budget.budget() == 3 * GIB
    with memory_budget("512MB"):
        assert budget.budget() == 512 * 1024 ** 2
    assert budget.budget() == 3 * GIB
    with pytest.raises(BudgetError):
        with memory_budget(10):
            pass


def test_an_allocation_past_the_cap_fails_cleanly_and_the_limit_is_restored():
    import numpy as np

    before = resource.getrlimit(resource.RLIMIT_AS)
    with pytest.raises(MemoryError):
        with guarded(128 * 1024 ** 2):
            np.ones(512 * 1024 ** 2, dtype=np.uint8)
    assert resource.getrlimit(resource.RLIMIT_AS) == before
    assert np.ones(512 * 1024 ** 2, dtype=np.uint8).sum() == 512 * 1024 ** 2  # allowed again after the block


class _Fake(Route):
    def __init__(self, name, memory=None, fails=False):
        self.name, self.summary, self.memory, self.fails = name, f"the fake {name}", memory, fails

    def accepts(self, reading, shoe):
        return None

    def place(self, reading, shoe):
        return 0

    def estimate(self, reading, shoe, tableau=None):
        return Estimate(rows=1, memory=self.memory)

    def price(self, reading, dist):
        if self.fails:
            raise MemoryError
        return [0, dist.total], dist.total, None


@pytest.fixture
def registry():
    """The registry, restored after the test (which sets its own routes)."""
    saved = engine.routes()[:]
    yield REGISTRY
    REGISTRY[:] = saved


def test_a_plan_estimated_past_the_budget_is_not_built_and_the_next_route_prices(registry):
    registry[:] = [_Fake("huge", memory=100 * GIB), _Fake("modest", memory=1024)]
    counts, total, _, explanation = engine.price(table(["same_suit(player_hand)"]).reading, walk(Shoe.decks(1)))
    assert explanation.route == "modest" and counts == [0, total]
    assert "would need about 100 GiB, past the memory budget of 2 GiB" in dict(explanation.declined)["huge"]


def test_a_plan_estimated_past_the_budget_within_its_slack_is_built_under_the_cap(registry):
    """A route whose estimate may stand above its real peak (the classes': up to 2.67 times) is built where
    its estimate passes the budget by less than its slack, the cap answering if it truly passes."""
    loose = _Fake("loose", memory=3 * GIB)
    loose.estimate_slack = 2.0
    registry[:] = [loose, _Fake("modest", memory=1024)]
    _, _, _, explanation = engine.price(table(["same_suit(player_hand)"]).reading, walk(Shoe.decks(1)))
    assert explanation.route == "loose" and explanation.declined == ()
    loose.estimate_slack = 1.4  # 3 GiB is past 1.4 times 2 GiB: declined unbuilt
    _, _, _, explanation = engine.price(table(["same_suit(player_hand)"]).reading, walk(Shoe.decks(1)))
    assert explanation.route == "modest" and "would need about 3 GiB" in dict(explanation.declined)["loose"]


def test_a_plan_that_runs_out_of_memory_gives_way_and_when_every_one_does_the_bet_is_refused(registry):
    registry[:] = [_Fake("greedy", fails=True), _Fake("modest")]
    _, _, _, explanation = engine.price(table(["same_suit(player_hand)"]).reading, walk(Shoe.decks(1)))
    assert explanation.route == "modest"
    assert dict(explanation.declined)["greedy"] == "its plan passed the memory budget of 2 GiB"
    registry[:] = [_Fake("greedy", fails=True), _Fake("greedier", fails=True)]
    with pytest.raises(OverBudget, match="no route prices it on this shoe within the memory budget of 2 GiB"):
        engine.price(table(["same_suit(player_hand)"]).reading, walk(Shoe.decks(1)))


def test_the_command_line_refuses_a_plan_past_its_budget_in_one_line():
    """A fresh process (the card walk not yet built: its sequences alone pass 64 MiB), 9 decks (not shipped)."""
    r = subprocess.run([sys.executable, "-m", "exact_odds", "bet", "lucky8_player", "--decks", "9",
                        "--memory-budget", "64MB"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and r.stdout == ""
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and "within the memory budget of 64 MiB" in lines[0]
    # sizing the plan passed 64 MiB, so no need is known: the option and the default are named
    assert "give a larger one with --memory-budget SIZE (the default is 2GB)" in lines[0]
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("args", [["--memory-budget", "3XB"], ["--memory-budget", "1MB"], ["--memory-budget"]])
def test_a_bad_budget_on_the_command_line_is_one_line(args):
    from conftest import assert_bad_input_is_one_line

    assert_bad_input_is_one_line(["bet", "all_red", *args], "--memory-budget")


def test_an_unreadable_budget_in_the_environment_is_an_error_naming_it(monkeypatch):
    monkeypatch.setenv("EXACT_ODDS_MEMORY_BUDGET", "lots")
    with pytest.raises(BudgetError, match="the environment variable EXACT_ODDS_MEMORY_BUDGET: memory budget 'lots' "
                                          "is not a size; give one such as 2GB") as said:
        budget.budget()
    assert "\n" not in str(said.value) and "unset it" in str(said.value)
    with memory_budget("3GB"):  # a budget given in the call answers first
        assert budget.budget() == 3 * GIB
    with pytest.raises(BudgetError, match="EXACT_ODDS_MEMORY_BUDGET"):
        engine.price(table(["same_suit(player_hand)"]).reading, walk(Shoe.decks(9)))


@pytest.mark.parametrize("value", ["lots", "1MB"])
def test_the_command_line_refuses_an_unreadable_budget_in_the_environment_in_one_line(value):
    import os

    r = subprocess.run([sys.executable, "-m", "exact_odds", "bet", "all_red", "--decks", "9"], capture_output=True,
                       text=True, timeout=120, env=dict(os.environ, EXACT_ODDS_MEMORY_BUDGET=value))
    assert r.returncode == 2 and r.stdout == "" and "Traceback" not in r.stderr
    (line,) = r.stderr.strip().splitlines()
    assert "EXACT_ODDS_MEMORY_BUDGET" in line and value in line


class _Sizing(_Fake):
    """A route whose sizing itself passes the budget (it would build a substrate too large)."""

    def estimate(self, reading, shoe, tableau=None):
        raise MemoryError


def test_the_decline_by_estimate_is_shown_by_explain_in_words_and_json(registry):
    registry[:] = [_Sizing("unsized"), _Fake("huge", memory=6 * GIB + GIB // 10), _Fake("modest", memory=1024)]
    _, _, _, explanation = engine.price(table(["same_suit(player_hand)"]).reading, walk(Shoe.decks(1)))
    reasons = {d["route"]: d["reason"] for d in explanation.record()["declined"]}
    assert reasons == {"unsized": "sizing its plan passed the memory budget of 2 GiB",
                       "huge": "its plan would need about 6.1 GiB, past the memory budget of 2 GiB"}
    assert "  declined: 'huge': its plan would need about 6.1 GiB, past the memory budget of 2 GiB" in str(explanation)
    assert explanation.record()["plan"]["memory_bytes"] == 1024


def test_the_refusal_names_the_least_need_among_the_plans_estimated(registry):
    registry[:] = [_Fake("huge", memory=100 * GIB), _Fake("large", memory=6 * GIB + GIB // 10), _Sizing("unsized")]
    with pytest.raises(OverBudget) as refused:
        engine.price(table(["same_suit(player_hand)"]).reading, walk(Shoe.decks(1)))
    line = str(refused.value)
    assert "\n" not in line
    assert "the least of its plans (the route 'large') would need about 6.1 GiB" in line
    assert "EXACT_ODDS_MEMORY_BUDGET" in line and "unsized: sizing its plan passed" in line
    assert line.endswith("give at least 6.1 GiB with memory_budget(...) or EXACT_ODDS_MEMORY_BUDGET")
    assert refused.value.need == 6 * GIB + GIB // 10 and refused.value.suggestion("--memory-budget") == "give it with --memory-budget 7GB"
    again = pickle.loads(pickle.dumps(refused.value))  # as a worker of sweep --jobs sends it
    assert str(again) == line and again.need == refused.value.need
