"""Hostile input to simulate's new options (issue 14) and to the counting library (issue 13's countability).

Every bad option is one line on stderr naming the option, exit 2, no traceback, before any shoe is
dealt; the library raises TypeError/ValueError in its own words (no --option names).
"""

import time
from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.count import CountError, parse_tags
from exact_odds.in_play.simulate.counting import CountStrategy, count_study, countability
from exact_odds.in_play.dealing import check_cut_card, deal_shoe, shuffled_cards
from exact_odds.in_play.simulate.simulation import simulate

BETS = builtin_catalog().bets
DRAGON = "0,0,0,-1,-1,-1,-1,2,2,0,0,0,0"


def _no_work(*args, **kwargs):
    raise AssertionError("work was started before the input was checked")


@pytest.mark.parametrize("args, says", [
    (["--cut-card", "5"], "--cut-card: the cut card needs at least 6 cards"),
    (["--cut-card", "400", "--decks", "1"], "--cut-card: a shoe of 1 deck has room for at most 46"),
    (["--cut-card", "36", "--decks", "1", "--burn", "face-value"], "at most 35"),
    (["--cut-card", "x"], "--cut-card"),
    (["--cut-card", "7", "--penetration", "0.8"], "give one of them"),
    (["--penetration", "0"], "--penetration is the share"),
    (["--penetration", "1"], "--penetration is the share"),
    (["--penetration", "150%"], "--penetration is the share"),
    (["--penetration", "-0.5"], "--penetration is the share"),
    (["--penetration", "abc"], "--penetration: 'abc' is not a number"),
    (["--penetration", "1e999999"], "--penetration"),
    (["--penetration", "0.999", "--decks", "1"], "in front of the last 0 of 52 cards; it needs 6 to 46"),
    (["--trigger", "4"], "--trigger needs --count"),
    (["--count-bet", "tie"], "--count-bet needs --count"),
    (["--count", "1,2"], "--count: a count is 13 comma-separated tags"),
    (["--count", "a,0,0,0,0,0,0,0,0,0,0,0,0", "--bets", "tie"], "--count: the tag of A"),
    (["--count", "0,0,0,0,0,0,0,0,0,0,0,0,²", "--bets", "tie"], "--count: the tag of K"),
    (["--count", "0,0,0,0,0,0,0,0,0,0,0,0,100000", "--bets", "tie"], "--count"),
    (["--count", DRAGON], "say which of the bets"),
    (["--count", DRAGON, "--count-bet", "dragon7"], "--count-bet: 'dragon7' is not one of the simulated bets"),
    (["--count", "dragon7"], "--count: 'dragon7' is neither 13 comma-separated tags nor one of the simulated bets"),
    (["--count", "nope", "--bets", "tie"], "--count: 'nope' is neither"),
    (["--count", DRAGON, "--bets", "dragon7", "--trigger", "x"], "--trigger: 'x' is not a number"),
    (["--count", DRAGON, "--bets", "dragon7", "--trigger", "1e9"], "--trigger: a trigger is a true count between"),
    (["--count", "0,0,0,1,1,1,1,-2,-2,0,0,0,0", "--bets", "dragon7"], "--count: these tags do not rise"),
    (["--count", DRAGON, "--count", DRAGON, "--bets", "dragon7"], "--count was given twice"),
    (["--plot", "e.gif"], "name a .png, .svg or .pdf file"),
], ids=lambda a: " ".join(a) if isinstance(a, list) else None)
def test_a_bad_option_is_one_line_before_any_shoe(args, says, monkeypatch):
    monkeypatch.setattr("exact_odds.in_play.simulate.simulation.simulate", _no_work)
    t = time.perf_counter()
    r = CliRunner().invoke(main, ["simulate", "--shoes", "1", *args])
    assert time.perf_counter() - t < 10
    assert r.exit_code == 2, (r.exit_code, r.stdout, r.stderr)
    assert r.stderr.count("\n") == 1 and "Traceback" not in r.stderr, r.stderr
    assert says in r.stderr, r.stderr


def test_good_options_reach_the_library(monkeypatch):
    seen = {}

    def record(*args, **kwargs):
        seen.update(kwargs)
        raise SystemExit(0)

    monkeypatch.setattr("exact_odds.in_play.simulate.simulation.simulate", record)
    r = CliRunner().invoke(main, ["simulate", "--decks", "1", "--penetration", "75%", "--bets", "dragon7",
                                  "--count", DRAGON, "--trigger", "2.5"])
    assert r.exit_code == 0, r.stderr
    assert seen["cut_card"] == 13 and seen["count_bet"] == 0
    assert seen["count"].tags == parse_tags(DRAGON) and seen["count"].trigger == Fraction(5, 2)
    r = CliRunner().invoke(main, ["simulate", "--decks", "8", "--variant", "ez", "--count", "dragon7"])
    assert r.exit_code == 0, r.stderr
    assert seen["cut_card"] == 7 and seen["count"].tags == parse_tags(DRAGON) and seen["count"].trigger == 4


@pytest.mark.parametrize("call, error, says", [
    (lambda: countability("dragon7", 8), TypeError, "PayTable"),
    (lambda: countability([BETS["dragon7"]], 8), TypeError, "PayTable"),
    (lambda: countability(BETS["dragon7"], 0), ValueError, "at least 1 deck"),
    (lambda: countability(BETS["dragon7"], 8.0), TypeError, "decks must be an int"),
    (lambda: countability(BETS["dragon7"], 1, cut_card=5), ValueError, "at least 6 cards"),
    (lambda: countability(BETS["dragon7"], 1, cut_card=47), ValueError, "at most 46"),
    (lambda: countability(BETS["dragon7"], 1, shoes=0), ValueError, "at least 1 shoe"),
    (lambda: countability(BETS["dragon7"], 1, shoes=10**7), ValueError, "at most 1,000,000 shoes"),
    (lambda: countability(BETS["dragon7"], 1, shoes=True), TypeError, "shoes must be an int"),
    (lambda: countability(BETS["dragon7"], 1, seed="1"), TypeError, "seed must be an int"),
    (lambda: countability(BETS["dragon7"], 1, jobs=0), ValueError, "jobs must be at least 1"),
    (lambda: countability(BETS["dragon7"], 1, progress=3), TypeError, "progress must be a function"),
    (lambda: countability(BETS["dragon7"], 1, burn="half"), ValueError, "unknown burn rule"),
    (lambda: countability(BETS["player_pair"], 1), ValueError, "ranks or suits"),
    (lambda: countability(BETS["dragon7"], 1, level=0), ValueError, "level"),
    (lambda: count_study(BETS["dragon7"], 1, CountStrategy("c", (0,) * 13, 0)), TypeError, "list of CountStrategy"),
    (lambda: count_study(BETS["dragon7"], 1, ["0,0"]), TypeError, "CountStrategy objects"),
    (lambda: CountStrategy("c", (0,) * 12, 0), CountError, "13 tags"),
    (lambda: CountStrategy("c", "0" * 13, 0), TypeError, "13 whole numbers"),
    (lambda: CountStrategy("c", (0.5,) * 13, 0), TypeError, "whole numbers"),
    (lambda: CountStrategy("c", (0,) * 13, 0.5), TypeError, "Fraction or an int"),
    (lambda: CountStrategy("c", (0,) * 13, 10**7), CountError, "between"),
    (lambda: CountStrategy(3, (0,) * 13, 0), TypeError, "name must be a str"),
    (lambda: parse_tags(None), TypeError, "text of 13 tags"),
    (lambda: simulate(1, 1, 1, [BETS["tie"]], count="0,0"), TypeError, "CountStrategy or None"),
    (lambda: simulate(1, 1, 1, [BETS["tie"]], count_bet=1), ValueError, "count_bet is the index"),
    (lambda: simulate(1, 1, 1, [BETS["tie"]], cut_card=5), ValueError, "at least 6 cards"),
    (lambda: simulate(1, 1, 1, [BETS["tie"]], cut_card="7"), TypeError, "cut_card must be an int"),
    (lambda: deal_shoe(shuffled_cards(1, 1), cut_card=2), ValueError, "at least 6 cards"),
    (lambda: check_cut_card(7.0, 1), TypeError, "cut_card must be an int"),
])
def test_the_library_says_what_it_expects(call, error, says):
    with pytest.raises(error, match=says) as info:
        call()
    assert "--" not in str(info.value)


@pytest.fixture(scope="module")
def small_run():
    return simulate(3, 1, 3, builtin_catalog().variant("standard"), cut_card=20)


@pytest.mark.parametrize("call, error, says", [
    (lambda r: r.edge_bands(3), ValueError, "b is the index of a simulated bet, 0 to 2, not 3"),
    (lambda r: r.edge_bands(-1), ValueError, "0 to 2, not -1"),
    (lambda r: r.edge_bands("0"), TypeError, "b (the index of a simulated bet) must be an int, not str"),
    (lambda r: r.edge_bands(True), TypeError, "must be an int, not bool"),
    (lambda r: r.edge_bands(0, per=0), ValueError, "per is the width of a band of cards left, at least 1, not 0"),
    (lambda r: r.edge_bands(0, per=-13), ValueError, "at least 1, not -13"),  # (this looped for ever)
    (lambda r: r.edge_bands(0, per=2.5), TypeError, "per (a number of cards) must be an int, not float"),
    (lambda r: r.edge_bands(0, percents=(150,)), ValueError, "percents are whole numbers from 0 to 100"),
    (lambda r: r.edge_bands(0, percents=(-5, 50)), ValueError, "percents are whole numbers from 0 to 100"),
    (lambda r: r.edge_bands(0, percents=(True,)), ValueError, "percents are whole numbers"),
    (lambda r: r.edge_bands(0, percents=(50.0,)), ValueError, "percents are whole numbers"),
    (lambda r: r.edge_bands(0, percents=()), ValueError, "percents are whole numbers"),
    (lambda r: r.edge_bands(0, percents=50), TypeError, "percents is a sequence of whole percents"),
    (lambda r: r.edge_bands(0, percents="50"), TypeError, "percents is a sequence of whole percents"),
    (lambda r: r.by_depth(per=0), ValueError, "at least 1, not 0"),
    (lambda r: r.by_depth(per=None), TypeError, "per (a number of cards) must be an int, not NoneType"),
    (lambda r: r.buckets(-52), ValueError, "at least 1, not -52"),
    (lambda r: r.mean_ev(7, 0, 52), ValueError, "0 to 2, not 7"),
    (lambda r: r.mean_ev(0, "0", 52), TypeError, "lo (a number of cards left) must be an int, not str"),
    (lambda r: r.mean_ev(0, 0, 52.0), TypeError, "hi (a number of cards left) must be an int, not float"),
    (lambda r: r.edge_by_cards_left(5), ValueError, "0 to 2, not 5"),
])
def test_a_results_views_say_what_they_expect(small_run, call, error, says):
    """SimulationResult's views of its bets and bands: a bad bet, band width or percent is the library's
    own error at once (a band width of 0 or less used to loop for ever)."""
    with pytest.raises(error, match=None) as info:
        call(small_run)
    assert says in str(info.value)


def test_a_results_views_take_what_they_should(small_run):
    assert [b.percents for b in small_run.edge_bands(2, per=52, percents=[0, 100])] == [(0, 100)]
    assert small_run.by_depth(per=1000)[0].high == 52 and small_run.mean_ev(0, 0, 0) == (None, 0, 0)


@pytest.mark.parametrize("bands, percents, error, says", [
    ([(1, 52)], (101,), ValueError, "percents are whole numbers from 0 to 100"),
    ([(1, 52)], 50, TypeError, "percents is a sequence of whole percents"),
    ([(52, 1)], (50,), ValueError, "a band is a pair (low, high) of cards left with low <= high, not (52, 1)"),
    ([(1,)], (50,), ValueError, "a band is a pair (low, high)"),
    ([[1, 52]], (50,), ValueError, "a band is a pair (low, high)"),
    ([(1.5, 52)], (50,), TypeError, "a band's low end must be an int, not float"),
    ([(1, "52")], (50,), TypeError, "a band's high end must be an int, not str"),
])
def test_edge_counts_percentiles_say_what_they_expect(small_run, bands, percents, error, says):
    """EdgeCounts (sim.edge_counts[b], in the library's documentation) checks its bands and percents itself."""
    with pytest.raises(error) as info:
        small_run.edge_counts[0].percentiles(bands, percents)
    assert says in str(info.value)
