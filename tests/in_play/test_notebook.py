"""The shoe in play from a notebook: short reprs, HTML, records, and errors that say what is expected."""

from fractions import Fraction

import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.dealing import FiniteShoeNeeded, deal_shoe, shoe_seeds, shuffled_cards
from exact_odds.in_play.track.log import ShoeInPlay, ShoeRunsOut, coups_from_log, read_log
from exact_odds.in_play.simulate.removal import effect_of_removal, linear_count
from exact_odds.in_play.simulate.simulation import simulate
from exact_odds.punto_banco import walk as engine
from exact_odds.rules.shoe import Shoe

STANDARD = builtin_catalog().variant("standard")
VALUE_LEVEL = tuple(b for b in builtin_catalog().bets.values() if b.is_value_level)


@pytest.fixture(scope="module")
def eor8():
    return effect_of_removal(Shoe.decks(8), STANDARD)


def test_effect_of_removal_repr_is_short_and_says_the_edges(eor8):
    """8 decks: Banker 1.0579%, Player 1.2351%, Tie 14.3596% (WoO, docs/rules.md §3)."""
    text = repr(eor8)
    assert len(text) <= 300
    assert text.startswith("EffectOfRemoval(8 decks")
    assert "Banker 1.0579%" in text and "Player 1.2351%" in text and "Tie 14.3596%" in text


def test_reprs_stay_short_with_every_bet():
    result = effect_of_removal(Shoe.decks(1), VALUE_LEVEL)
    assert len(VALUE_LEVEL) > 10
    text = repr(result)
    assert len(text) <= 300 and f"and {len(VALUE_LEVEL) - 3} more" in text
    sim = simulate(1, 1, 3, VALUE_LEVEL)
    assert len(repr(sim)) <= 300 and repr(sim).startswith("SimulationResult(1 shoe of 1 deck, seed 3")


def test_effect_of_removal_html_has_a_row_per_rank(eor8):
    html = eor8._repr_html_()
    assert html.startswith("<table") and html.count("<tr>") == 14  # header and 13 ranks
    assert "<th>Banker EOR (%)</th>" in html and "<td>K</td>" in html


def test_effect_of_removal_records_are_the_exact_eor_beside_floats(eor8):
    """Each record's EOR is the walk of the shoe less one card minus the walk of the shoe."""
    records = eor8.to_records()
    assert len(records) == 3 * 13
    assert [(r["bet"], r["rank"]) for r in records[:2]] == [("banker", "A"), ("banker", "2")]
    full = [bet.price(engine.walk(Shoe.decks(8))).house_edge for bet in STANDARD]
    for rank in ("5", "9", "K"):
        less = engine.walk(Shoe.decks(8).remove([rank]))
        for b, (key, bet) in enumerate(zip(("banker", "player", "tie"), STANDARD)):
            record = next(r for r in records if r["bet"] == key and r["rank"] == rank)
            assert record["eor"] == bet.price(less).house_edge - full[b]
            assert record["eor_float"] == float(record["eor"])
            assert record["house_edge"] == full[b] and record["house_edge_float"] == float(full[b])


def test_records_of_a_missing_rank_are_none():
    result = effect_of_removal(Shoe.from_counts([0] + [4] * 12), STANDARD)
    ace = [r for r in result.to_records() if r["rank"] == "A"]
    assert [(r["eor"], r["eor_float"]) for r in ace] == [(None, None)] * 3


def test_linear_count_repr_shows_the_tags_and_correlation():
    """Jacobson's Dragon 7 count (docs/rules.md §4): 4-7 count -1, 8 and 9 count +2."""
    result = effect_of_removal(Shoe.decks(8), (builtin_catalog().bet("dragon7"),))
    count = linear_count(result.eor[0], (32,) * 13)
    text = repr(count)
    assert len(text) <= 300
    assert "4:-1" in text and "7:-1" in text and "8:+2" in text and "9:+2" in text and "K:0" in text
    assert f"betting correlation {count.correlation_text(4)}" in text
    assert count._repr_html_().count("<td>") == 13


def test_simulation_repr_and_html():
    sim = simulate(2, 1, 7, STANDARD)
    text = repr(sim)
    assert f"{sim.coups} coups" in text and "Banker EV>0" in text
    html = sim._repr_html_()
    assert html.startswith("<table") and html.count("<tr>") == 4


def test_to_frame_when_pandas_is_there(eor8):
    import pandas
    frame = eor8.to_frame()
    assert isinstance(frame, pandas.DataFrame) and len(frame) == 39
    assert frame["eor"].iloc[0] == eor8.eor[0][0]


def test_dealt_and_logged_coup_reprs():
    coup = deal_shoe(shuffled_cards(1, shoe_seeds(1, 1)[0]))[0]
    text = repr(coup)
    assert len(text) <= 300 and text.startswith("DealtCoup(") and "52 cards unseen" in text
    events = list(coups_from_log(read_log(["9h Kd Qs 3c"]), ShoeInPlay(Shoe.decks(1))))
    logged = next(item for kind, item in events if kind == "coup")
    assert repr(logged) == "LoggedCoup(coup 1: 9h Kd Qs 3c; Player 9, Banker 3, player wins; line 1)"
    assert logged._repr_html_() == f"<code>{repr(logged)}</code>"
    assert repr(ShoeInPlay(Shoe.decks(1))) == "ShoeInPlay(1 deck: 0 cards seen, 52 left)"


# --- wrong arguments -----------------------------------------------------------------

@pytest.mark.parametrize("call, error, words", [
    (lambda: effect_of_removal(None, STANDARD), TypeError, "needs a Shoe"),
    (lambda: effect_of_removal(Shoe.decks(1), STANDARD[0]), TypeError, "not one PayTable"),
    (lambda: effect_of_removal(Shoe.decks(1), [1]), TypeError, "PayTable"),
    (lambda: effect_of_removal(Shoe.decks(1), 3), TypeError, "list of PayTable objects or built-in keys"),
    (lambda: linear_count((Fraction(0),) * 13, (4,) * 13, level="2"), TypeError, "level must be an int"),
    (lambda: linear_count((Fraction(0),) * 12, (4,) * 13), ValueError, "13 values"),
    (lambda: linear_count(("x",) * 13, (4,) * 13), TypeError, "Fractions"),
    (lambda: linear_count((Fraction(0),) * 13, (4.0,) * 13), TypeError, "whole numbers"),
    (lambda: ShoeInPlay("8 decks"), TypeError, "needs a Shoe"),
    (lambda: ShoeInPlay(Shoe.decks(1)).take("5h"), TypeError, "needs a Card"),
    (lambda: list(read_log("5h Kd")), TypeError, "iterable of lines"),
    (lambda: list(coups_from_log([], Shoe.decks(1))), TypeError, "needs a ShoeInPlay"),
    (lambda: deal_shoe("A23456789TJQK"), TypeError, "rank indices"),
    (lambda: deal_shoe([0, 13] * 10), ValueError, "rank indices 0"),
    (lambda: shuffled_cards(1.5, 1), TypeError, "decks must be an int"),
    (lambda: shoe_seeds("1", 2), TypeError, "seed must be an int"),
])
def test_wrong_arguments_say_what_is_expected(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_the_library_states_shoe_problems_without_command_options():
    for call, words in [
        (lambda: ShoeInPlay(Shoe.infinite()), "a shoe in play must be finite"),
        (lambda: effect_of_removal(Shoe.infinite(), STANDARD), "the effect of removal needs a finite shoe"),
    ]:
        with pytest.raises(FiniteShoeNeeded) as info:
            call()
        assert str(info.value) == words
    with pytest.raises(ShoeRunsOut) as info:
        list(coups_from_log(read_log(["10 " * 7]), ShoeInPlay(Shoe.from_counts([0] * 9 + [7, 0, 0, 0]))))
    assert (info.value.line, info.value.remaining) == (1, 1)
    assert "--" not in str(info.value)


def test_the_parts_of_results_have_short_reprs_too():
    from exact_odds.in_play.sweep.sweep import price_shoes

    sim = simulate(2, 8, 1, VALUE_LEVEL)
    assert all(len(repr(x)) <= 300 for x in sim.tallies + sim.summary() + sim.by_depth())
    summary = sim.summary()[0]
    assert repr(summary).startswith(f"BetSummary({summary.name}: {summary.coups} coups")
    price = price_shoes([Shoe.decks(8)], VALUE_LEVEL)[0]
    assert len(repr(price)) <= 300
    assert repr(price).startswith("ShoePrice(banker 2292252566437888, player 2230518282592256, tie 475627426473216")
