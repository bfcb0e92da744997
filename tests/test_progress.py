"""exact_odds.progress: the one home of the progress display (issue 23, item 2)."""

import sys

import pytest

from click.testing import CliRunner

from exact_odds import progress
from exact_odds.cli import main

from conftest import modules_loaded


def test_nothing_is_shown_off_a_terminal_or_when_quiet(monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert progress.shown() and not progress.shown(quiet=True)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    assert not progress.shown()
    with progress.bar("shoes", 10) as advance:
        assert advance is None


def test_a_bar_counts_what_the_library_reports(monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    with progress.tracker() as bars:
        task = bars.task("shoes", 10)
        for _ in range(4):
            task.advance(1)
        shown = bars._display.tasks[0]
        assert (shown.completed, shown.total) == (4, 10)
        task.update(7, 20)
        assert (shown.completed, shown.total) == (7, 20)
        task.finish()
        assert shown.completed == shown.total


def test_quiet_is_an_option_of_every_long_command():
    for command in ("simulate", "sweep", "report", "banque"):
        r = CliRunner().invoke(main, [command, "--help"])
        assert "--quiet" in r.output, command


def test_a_quick_command_loads_no_progress_display():
    code = ("from click.testing import CliRunner; from exact_odds.cli import main\n"
            "r = CliRunner().invoke(main, ['edge', '--decks', '8']); assert r.exit_code == 0, r.output")
    assert modules_loaded(code, ("rich", "tqdm")) == []


# ranks with colours over every card and two cards' suits in order: no quick route in play (a Red Pair alone is
# priced by multisets of pools, card_multisets; beside a card's rank, by the ways of events alone, suit_alone;
# two suits in order are six events more, ten in all, past what the ways read)
RED_PAIR = ["of_a_kind(all_cards, red) >= 2 and player_card1_suit < banker_card1_suit"]
IN_PLAY = ["Ah", "Ah", "9h", "9d", "Kh", "2s", "Kd", "8h", "9c", "3d"]  # ranks differ in their suits


@pytest.fixture
def past_the_small_shoe(monkeypatch):
    """The small shoe's own enumeration declines (as on a shoe past its size), so the classes are reached."""
    from exact_odds.cards.routes import small_shoe

    monkeypatch.setattr(small_shoe, "MOST_ROWS", 0)


def test_a_bet_no_quick_route_prices_in_play_is_announced_before_it_starts(past_the_small_shoe):
    """The announcement made an error stops the pricing where it is made: before the work (it would
    otherwise have priced the bet, seconds later)."""
    import warnings

    from card_bets import table
    from exact_odds.punto_banco.walk import walk
    from exact_odds.rules.shoe import Shoe

    with warnings.catch_warnings():
        warnings.simplefilter("error", progress.SlowWork)
        with pytest.raises(progress.SlowWork, match="can take minutes"):
            table(RED_PAIR).price(walk(Shoe.from_cards(IN_PLAY)))


@pytest.mark.slow  # 12 s, 7 of them the brute force; the route against brute force: tests/punto_banco/test_card_*.py
def test_a_bet_announced_is_then_priced_exactly(past_the_small_shoe):
    from card_bets import table
    from exact_odds.punto_banco.walk import walk
    from exact_odds.rules.shoe import Shoe
    from oracles.brute import brute_lines

    with pytest.warns(progress.SlowWork, match="can take minutes"):
        result = table(RED_PAIR).price(walk(Shoe.from_cards(IN_PLAY)))
    assert {i: line.count for i, line in enumerate(result.lines) if line.count} == dict(brute_lines(IN_PLAY, RED_PAIR))


def test_a_bet_a_quick_route_prices_in_play_is_not_announced():
    import warnings

    from card_bets import table
    from exact_odds.punto_banco.walk import walk
    from exact_odds.rules.shoe import Shoe

    with warnings.catch_warnings():
        warnings.simplefilter("error", progress.SlowWork)
        table(["of_a_suit(all_cards) >= 3"]).price(walk(Shoe.from_cards(IN_PLAY)))


def test_the_command_line_shows_the_announcement_as_one_note_line(tmp_path, past_the_small_shoe):
    paytable = tmp_path / "red.toml"
    paytable.write_text('[bets.red_pair]\nname = "Red Pair"\nlines = [{ when = "%s", pays = 5 }]\n' % RED_PAIR[0])
    r = CliRunner().invoke(main, ["bet", "red_pair", "--paytable", str(paytable), "--shoe", ",".join(IN_PLAY)])
    assert r.exit_code == 0, r.output
    assert r.stderr.splitlines() == [r.stderr.strip()] and ": note: Red Pair: on this shoe in play" in r.stderr
    assert "Red Pair" in r.stdout


class _Built(Exception):
    """Raised in place of building a plan: the test needs only what came before."""


@pytest.fixture
def plans_asked(monkeypatch):
    """The pattern plans asked for (none is built: asking raises _Built), nothing said before."""
    from exact_odds.cards.routes import card_patterns

    reached = []

    def built(*args):
        reached.append(args)
        raise _Built

    monkeypatch.setattr(card_patterns, "_pattern_plan", built)
    monkeypatch.setattr(card_patterns, "_announced", set())
    return reached


def _priced_until_the_plan(bet, dist):
    try:
        bet.price(dist)
    except _Built:
        pass


def test_a_pattern_plan_of_minutes_is_announced_once_before_it_is_built(plans_asked):
    import warnings

    from card_bets import shoe_in_play, table
    from exact_odds.punto_banco.walk import walk

    # 293 million rows and patterns; its fifteen events (each two cards alike) past what the counts read
    slots = [f"{h}_card{i}" for h in ("player", "banker") for i in (1, 2, 3)]
    every_pair = " or ".join(f"{a}_suit == {b}_suit" for i, a in enumerate(slots) for b in slots[i + 1:])
    bet = table([f"run(player_hand) and ({every_pair})"])
    dist = walk(shoe_in_play(8, 150))
    for announced in (1, 0):  # the second shoe reuses the plan: nothing to say
        with warnings.catch_warnings(record=True) as said:
            warnings.simplefilter("always")
            _priced_until_the_plan(bet, dist)
        notes = [str(w.message) for w in said if w.category is progress.SlowWork]
        assert len(notes) == announced
        assert all("plan of 293 million rows" in n and "can take minutes" in n for n in notes)
        bet._by_state.clear()
    assert len(plans_asked) == 2


def test_a_pattern_plan_of_seconds_is_not_announced(plans_asked):
    import warnings

    from card_bets import shoe_in_play, table
    from exact_odds.punto_banco.walk import walk

    slots = [f"{h}_card{i}" for h in ("player", "banker") for i in (1, 2, 3)]
    every_pair = " or ".join(f"{a}_suit == {b}_suit" for i, a in enumerate(slots) for b in slots[i + 1:])
    with warnings.catch_warnings():
        warnings.simplefilter("error", progress.SlowWork)  # 6.7 million rows and patterns
        _priced_until_the_plan(table([f"player == 8 and ({every_pair})"]), walk(shoe_in_play(8, 150)))
    assert len(plans_asked) == 1  # the patterns were asked
