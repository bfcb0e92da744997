"""Hostile input to simulate's bankroll, ramps, trigger search, cut cards and checkpoint (issue 25).

Every bad option is one line on stderr naming the option, exit 2, no traceback, before any shoe is
dealt; the library raises TypeError/ValueError in its own words (no --option names).
"""

from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.count import CountStrategy
from exact_odds.in_play.simulate import bankroll as money
from exact_odds.in_play.simulate.simulation import simulate

from conftest import assert_bad_input_is_one_line

DRAGON = "0,0,0,-1,-1,-1,-1,2,2,0,0,0,0"
D7 = ["--bets", "dragon7", "--count", "dragon7"]


def _no_work(*args, **kwargs):
    raise AssertionError("work was started before the input was checked")


@pytest.mark.parametrize("args, says", [
    (["--bankroll", "abc"], "--bankroll: 'abc' is not a number"),
    (["--bankroll", "0"], "--bankroll: a bankroll is more than 0"),
    (["--bankroll", "-5"], "--bankroll: a bankroll is more than 0"),
    (["--bankroll", "1e99"], "--bankroll"),
    (["--bankroll", "1/0"], "--bankroll: '1/0' divides by zero"),
    (["--coups-per-hour", "0"], "--coups-per-hour: coups per hour is more than 0"),
    (["--coups-per-hour", "1e6"], "--coups-per-hour: coups per hour is more than 0 and at most 10,000"),
    (["--coups-per-hour", "fast"], "--coups-per-hour: 'fast' is not a number"),
    (["--ramp", "1@4"], "--ramp sizes the count's bets: it needs --count"),
    ([*D7, "--ramp", ""], "--ramp: '' is not a step UNITS@THRESHOLD"),
    ([*D7, "--ramp", "1@4,,2@6"], "--ramp:"),
    ([*D7, "--ramp", "4"], "--ramp: '4' is not a step UNITS@THRESHOLD"),
    ([*D7, "--ramp", "1@4@5"], "--ramp:"),
    ([*D7, "--ramp", "x@4"], "--ramp: step 'x@4': 'x' is not a number"),
    ([*D7, "--ramp", "1@4,2@3"], "--ramp: a ramp's thresholds must rise"),
    ([*D7, "--ramp", "0@4"], "--ramp: a ramp's bets are more than 0"),
    ([*D7, "--ramp", "-1@4"], "--ramp: a ramp's bets are more than 0"),
    ([*D7, "--ramp", ",".join(f"1@{k}" for k in range(101))], "--ramp: a ramp has at most 100 steps"),
    ([*D7, "--ramp", "1@4", "--trigger", "3"], "--trigger 3 and --ramp's lowest step (4) both say"),
    (["--ev-ramp", "1@-1%"], "--ev-ramp: an EV ramp's thresholds are 0 or more"),
    (["--ev-ramp", "1@0", "--kelly", "1/2", "--bankroll", "100"], "--ev-ramp and --kelly both size"),
    (["--kelly", "1/2"], "--kelly sizes bets on a bankroll: give --bankroll UNITS too"),
    (["--kelly", "2", "--bankroll", "100"], "--kelly: a Kelly fraction is more than 0 and at most 1"),
    (["--kelly", "0", "--bankroll", "100"], "--kelly: a Kelly fraction is more than 0"),
    (["--kelly", "half", "--bankroll", "100"], "--kelly: 'half' is not a number"),
    (["--search-triggers", "0:10"], "--search-triggers plays the count at every trigger: it needs --count"),
    ([*D7, "--search-triggers", "10"], "--search-triggers is LOW:HIGH or LOW:HIGH:STEP"),
    ([*D7, "--search-triggers", "1:2:3:4"], "--search-triggers is LOW:HIGH"),
    ([*D7, "--search-triggers", "5:1"], "--search-triggers: HIGH (1) is below LOW (5)"),
    ([*D7, "--search-triggers", "0:10:0"], "--search-triggers: the step is more than 0"),
    ([*D7, "--search-triggers", "0:10:-1"], "--search-triggers: the step is more than 0"),
    ([*D7, "--search-triggers", "0:1000000:1"], "--search-triggers: at most 400 triggers"),
    ([*D7, "--search-triggers", "-1e9:1e9:1e7"], "--search-triggers: triggers are true counts between"),
    ([*D7, "--search-triggers", "a:b"], "--search-triggers: 'a' is not a number"),
    (["--trigger-plot", "t.png"], "--trigger-plot draws the trigger search: it needs --search-triggers"),
    ([*D7, "--search-triggers", "0:4", "--trigger-plot", "t.gif"], "--trigger-plot"),
    (["--cut-cards", "7,3"], "--cut-cards: the cut card needs at least 6 cards"),
    (["--cut-cards", "7,x"], "--cut-cards:"),
    (["--cut-cards", ""], "--cut-cards:"),
    (["--cut-cards", ",".join(["7"] * 21)], "--cut-cards: at most 20 positions"),
    (["--cut-cards", "9999999", "--decks", "1"], "--cut-cards: a shoe of 1 deck has room for at most"),
    (["--checkpoint", "/"], "--checkpoint"),
    (["--checkpoint", "/no/such/folder/run.ckpt"], "--checkpoint"),
], ids=lambda a: " ".join(a)[:60] if isinstance(a, list) else None)
def test_a_bad_option_is_one_line_before_any_shoe(args, says, monkeypatch):
    monkeypatch.setattr("exact_odds.in_play.simulate.simulation.simulate", _no_work)
    assert_bad_input_is_one_line(["simulate", "--shoes", "1", *args], says, seconds=10)


def test_good_options_reach_the_library(monkeypatch):
    seen = {}

    def record(*args, **kwargs):
        seen.update(kwargs)
        raise SystemExit(0)

    monkeypatch.setattr("exact_odds.in_play.simulate.simulation.simulate", record)
    r = CliRunner().invoke(main, ["simulate", *D7, "--ramp", "1@2,2@4.5", "--bankroll", "250",
                                  "--coups-per-hour", "160", "--search-triggers", "-1:2:1/2", "--kelly", "1/4"])
    assert r.exit_code == 0, r.stderr
    assert seen["count"].trigger == 2 and seen["ramp"].steps == ((2, 1), (Fraction(9, 2), 2))
    assert seen["bankroll"] == 250 and seen["coups_per_hour"] == 160
    assert seen["triggers"] == tuple(Fraction(k, 2) for k in range(-2, 5))
    assert seen["sizing"] == money.Kelly(Fraction(1, 4), 250)


BET = builtin_catalog().bet("dragon7")
COUNT = CountStrategy("d7", tuple(int(t) for t in DRAGON.split(",")), Fraction(4))


@pytest.mark.parametrize("kwargs, error, says", [
    (dict(bankroll=0), money.SizingError, "a bankroll is more than 0"),
    (dict(bankroll="100"), TypeError, "a bankroll is a number of units"),
    (dict(bankroll=True), TypeError, "a bankroll is a number of units"),
    (dict(coups_per_hour=0), money.SizingError, "coups per hour is more than 0"),
    (dict(coups_per_hour=70.5), TypeError, "coups per hour is a number"),
    (dict(sizing="kelly"), TypeError, "sizing is a BetRamp by EV"),
    (dict(sizing=money.parse_ramp("1@4")), money.SizingError, "perfect play's ramp is by EV"),
    (dict(ramp=money.parse_ramp("1@0", "EV")), money.SizingError, "the count's ramp is by true count"),
    (dict(ramp="1@4"), TypeError, "ramp is a BetRamp"),
    (dict(ramp=money.parse_ramp("1@5")), money.SizingError, "make them the same"),
    (dict(sizing=money.Kelly(Fraction(1, 2), 100), bankroll=200), money.SizingError, "the same bankroll"),
    (dict(triggers="0:4"), TypeError, "triggers are true counts"),
    (dict(triggers=[1.5]), TypeError, "triggers are true counts"),
    (dict(triggers=[2, 1]), ValueError, "candidate triggers must rise"),
    (dict(triggers=range(401)), ValueError, "1 to 400 candidate triggers"),
    (dict(checkpoint=3), TypeError, "checkpoint is the path of a file"),
])
def test_the_library_says_what_is_wrong_in_its_own_words(kwargs, error, says):
    with pytest.raises(error, match=says) as info:
        simulate(1, 8, 1, [BET], count=COUNT, **kwargs)
    assert "--" not in str(info.value)


def test_a_ramp_or_a_search_without_a_count_is_refused():
    with pytest.raises(money.SizingError, match="needs a count"):
        simulate(1, 8, 1, [BET], ramp=money.parse_ramp("1@4"))
    with pytest.raises(money.SizingError, match="needs a count"):
        simulate(1, 8, 1, [BET], triggers=[1, 2])
