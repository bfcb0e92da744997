"""Many shoes at once: the sweep file's lines, and every bet priced for every shoe."""

from fractions import Fraction

import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.bets.paytable import PayTableError
from exact_odds.in_play.sweep.sweep import SweepError, SweepShoeTooLarge, parse_sweep, price_shoes
from exact_odds.punto_banco import walk as engine
from exact_odds.rules.shoe import Shoe

STANDARD = builtin_catalog().variant("standard")
DECK = "4,4,4,4,4,4,4,4,4,4,4,4,4"


def test_shoes_are_numbered_by_their_input_line():
    lines = ["# shoes\n", DECK + "  # one deck\n", "\n", "32," * 12 + "32\n"]
    assert [(n, s.ranks) for n, s in parse_sweep(lines)] == [(2, (4,) * 13), (4, (32,) * 13)]


@pytest.mark.parametrize("bad, words", [
    ("1,2,3", "expected 13 rank counts A,2,...,10,J,Q,K separated by commas; got 3"),
    ("4,4,x,4,4,4,4,4,4,4,4,4,4", "'x' is not a whole number >= 0"),
    ("4,4,-1,4,4,4,4,4,4,4,4,4,4", "'-1' is not a whole number >= 0"),
    ("1,1,1,1,1,0,0,0,0,0,0,0,0", "the shoe has 5 cards; a coup needs at least 6"),
    ("9" * 31 + ",4,4,4,4,4,4,4,4,4,4,4,4", "a count of 31 digits"),
])
def test_a_bad_line_is_named_by_its_number(bad, words):
    with pytest.raises(SweepError) as info:
        parse_sweep([DECK, "", bad, "not reached"])
    assert info.value.line == 3
    assert str(info.value).startswith("line 3: ") and words in str(info.value)
    assert "--" not in str(info.value)  # the library's words, not the command's options


def test_the_first_bad_line_is_the_one_reported():
    with pytest.raises(SweepError, match="^line 1: "):
        parse_sweep(["1,2", "x"])


def test_a_shoe_over_the_limit_is_its_own_error():
    with pytest.raises(SweepShoeTooLarge) as info:
        parse_sweep([DECK, "5,4,4,4,4,4,4,4,4,4,4,4,4"], max_cards=52)
    assert info.value.line == 2 and "53 cards" in str(info.value)
    assert [(n, s.ranks) for n, s in parse_sweep([DECK], max_cards=52)] == [(1, (4,) * 13)]


def test_parse_sweep_wants_lines_not_one_string():
    with pytest.raises(TypeError, match="iterable of lines"):
        parse_sweep(DECK)
    with pytest.raises(TypeError, match="line 1: lines must be str"):
        parse_sweep([b"4,4"])
    with pytest.raises(TypeError, match="max_cards"):
        parse_sweep([DECK], max_cards="52")


def test_price_shoes_agrees_with_the_walk_and_publishes_the_one_deck_counts():
    """1 deck: WoO "Baccarat odds for 1 to 12 decks" (docs/rules.md §3)."""
    shoes = [Shoe.decks(1), Shoe.decks(2).remove(["5", "5", "K"]), Shoe.from_counts([1] * 6 + [0] * 7)]
    rows = price_shoes(shoes, STANDARD)
    assert (rows[0].banker, rows[0].player, rows[0].tie, rows[0].total) == (
        6_737_232_640, 6_548_674_432, 1_372_227_328, 14_658_134_400)
    for shoe, row in zip(shoes, rows):
        dist = engine.walk(shoe)
        assert row.house_edges == tuple(bet.price(dist).house_edge for bet in STANDARD)
        assert all(isinstance(e, Fraction) for e in row.house_edges)


def test_price_shoes_reports_progress_adding_up_to_the_shoes_in_any_processes():
    shoes = [Shoe.from_counts([4] * 12 + [4 + i % 3]) for i in range(300)]  # two batches of work
    calls, calls2 = [], []
    one = price_shoes(shoes, STANDARD, progress=calls.append)
    two = price_shoes(shoes, STANDARD, jobs=2, progress=calls2.append)
    assert one == two
    assert len(calls) == 2 and sum(calls) == sum(calls2) == 300


def test_price_shoes_checks_its_arguments():
    with pytest.raises(TypeError, match="sequence of Shoe"):
        price_shoes(Shoe.decks(1), STANDARD)
    with pytest.raises(TypeError, match=r"shoes\[1\] must be a Shoe"):
        price_shoes([Shoe.decks(1), "4,4,4"], STANDARD)
    with pytest.raises(ValueError, match="infinite"):
        price_shoes([Shoe.infinite()], STANDARD)
    with pytest.raises(TypeError, match="PayTable"):
        price_shoes([Shoe.decks(1)], [1])
    with pytest.raises(TypeError, match="not one PayTable"):
        price_shoes([Shoe.decks(1)], STANDARD[0])
    with pytest.raises(PayTableError, match="ranks or suits"):
        price_shoes([Shoe.decks(1)], [builtin_catalog().bet("player_pair")])


def test_house_edges_of_one_shoe_are_the_walk_s():
    from exact_odds.in_play.sweep.sweep import house_edges

    shoe = Shoe.decks(1).remove(["9h", "Kd", "Qs", "3c"])
    dist = engine.walk(shoe)
    assert house_edges(shoe, STANDARD) == [bet.price(dist).house_edge for bet in STANDARD]
    with pytest.raises(TypeError, match="needs a Shoe"):
        house_edges([4] * 13, STANDARD)


def test_text_formatted_in_the_workers_equals_the_report_of_price_shoes():
    """sweep's command path (parse_sweep_counts, then sweep_text_chunks formatting in the workers)
    prints what sweep_text prints for price_shoes, in any number of processes."""
    from functools import partial

    from exact_odds.in_play.sweep.sweep import parse_sweep_counts, sweep_text_chunks
    from exact_odds.report.in_play import sweep_header, sweep_rows, sweep_text

    lines = [DECK, "# comment", "32," * 12 + "31", "1,1,1,1,1,1,0,0,0,0,0,0,0"] * 150
    counted = parse_sweep_counts(lines)
    assert [(n, Shoe(c)) for n, c in counted] == parse_sweep(lines)
    prices = price_shoes([s for _, s in parse_sweep(lines)], STANDARD)
    keys = ["banker", "player", "tie"]
    for fmt in ("csv", "jsonl"):
        expected = sweep_text(fmt, keys, [n for n, _ in counted], prices)
        for jobs in (1, 2):
            calls = []
            text = sweep_header(fmt, keys) + "".join(
                sweep_text_chunks(counted, STANDARD, partial(sweep_rows, fmt, keys), jobs, calls.append))
            assert text == expected and sum(calls) == len(counted) == 450
