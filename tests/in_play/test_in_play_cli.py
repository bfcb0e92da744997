"""The commands of the shoe in play: eor, track, sweep and simulate, against the library and the walk."""

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.cli import main
from exact_odds.in_play.track.log import ShoeInPlay, coups_from_log, read_log
from exact_odds.in_play.simulate.removal import effect_of_removal
from exact_odds.punto_banco import walk as engine
from exact_odds.rules.cards import RANKS
from exact_odds.rules.coup import Coup
from exact_odds.rules.shoe import Shoe

STANDARD = builtin_catalog().variant("standard")


# --- CLI ---------------------------------------------------------------------

runner = CliRunner()


def run(args, input=None):
    return runner.invoke(main, args, input=input)


def test_eor_json_rows_are_the_library_fractions():
    res = run(["eor", "--decks", "8", "--bets", "banker,tie", "--format", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    lib = effect_of_removal(Shoe.decks(8), (builtin_catalog().bets["banker"], builtin_catalog().bets["tie"]))
    assert [row["rank"] for row in doc["rows"]] == list(RANKS)
    for r, row in enumerate(doc["rows"]):
        assert Fraction(row["banker"]) == lib.eor[0][r]
        assert Fraction(row["tie"]) == lib.eor[1][r]
    assert set(doc["counts"]) == {"banker", "tie"}


# A hand-made one-deck log, one coup per line (each coup checked against docs/rules.md §2 by hand;
# Player gets the 1st and 3rd cards, Banker the 2nd and 4th):
#   1: P 9h, Qs = 9 (natural); B Kd, 3c = 3. 4 cards.
#   2: P 5h, 2d = 7 stands; B 4s, 3h = 7 stands. 4 cards.
#   3: P As, 2s = 3 draws 6c; B Ks, Qh = 0 draws 8d. 6 cards.
LOG = "9h Kd Qs 3c\n5h 4s 2d 3h\nAs Ks 2s Qh 6c 8d\n"
SEEN = ["9h", "Kd", "Qs", "3c", "5h", "4s", "2d", "3h", "As", "Ks", "2s", "Qh", "6c", "8d"]


def test_track_hand_made_log_ends_on_the_known_shoe():
    res = run(["track", "--decks", "1", "--format", "jsonl", "-"], input=LOG)
    assert res.exit_code == 0, res.output
    events = [json.loads(line) for line in res.output.splitlines()]
    records = [r for r in events if r["event"] == "before"]
    assert [r["coup"] for r in records] == [1, 2, 3, 4]
    # the coups echoed, as checked by hand above
    assert [(r["player"], r["banker"], r["winner"]) for r in events if r["event"] == "coup"] == [
        (9, 3, "player"), (7, 7, "tie"), (9, 8, "player")]
    assert [r["event"] for r in events] == ["before", "coup"] * 3 + ["before"]
    assert [r["cards_left"] for r in records] == [52, 48, 44, 38]
    final = Shoe.decks(1).remove(SEEN)
    dist = engine.walk(final)
    for key, bet in zip(("banker", "player", "tie"), STANDARD):
        assert Fraction(records[-1]["house_edge"][key]) == bet.price(dist).house_edge
    first = engine.walk(Shoe.decks(1))
    assert Fraction(records[0]["house_edge"]["tie"]) == STANDARD[2].price(first).house_edge


def test_track_splits_free_form_logs_by_the_rules():
    shoe = ShoeInPlay(Shoe.decks(1))
    events = list(coups_from_log(read_log([" ".join(SEEN)]), shoe))
    coups = [item for kind, item in events if kind == "coup"]
    assert [c.coup for c in coups] == [Coup(9, 3, 2, 2), Coup(7, 7, 2, 2), Coup(9, 8, 3, 3)]
    assert tuple(shoe.ranks) == Shoe.decks(1).remove(SEEN).ranks


def test_track_refuses_an_impossible_log_with_the_line_number():
    res = run(["track", "--strict", "--decks", "1", "-"], input="9h Kd Qs 3c\n5h 5h 2d 3h\n")
    assert res.exit_code == 2
    assert "line 2" in res.output and "5h" in res.output


def test_track_refuses_an_unknown_card_with_the_line_number():
    res = run(["track", "--strict", "-"], input="9h Kd\nQs 3x\n")
    assert res.exit_code == 2
    assert "line 2" in res.output and "3x" in res.output


SHOES = "32,32,32,32,32,32,32,32,32,32,32,32,32\n# one deck\n4,4,4,4,4,4,4,4,4,4,4,4,4\n\n1,1,1,1,1,1,0,0,0,0,0,0,0\n"


def test_sweep_csv_in_input_order_with_wizard_of_odds_counts():
    """1 and 8 decks: WoO "Baccarat odds for 1 to 12 decks" (docs/rules.md §3)."""
    res = run(["sweep", "-"], input=SHOES)
    assert res.exit_code == 0, res.output
    lines = res.output.splitlines()
    assert lines[0].startswith("line,banker,player,tie,total,banker_house_edge,")
    assert lines[1].startswith("1,2292252566437888,2230518282592256,475627426473216,4998398275503360,")
    assert lines[2].startswith("3,6737232640,6548674432,1372227328,14658134400,")
    assert lines[3].startswith("5,")
    tiny = Shoe.from_counts([1] * 6 + [0] * 7)
    edge = STANDARD[0].price(engine.walk(tiny)).house_edge
    assert lines[3].split(",")[5] == f"{edge.numerator}/{edge.denominator}"


def test_sweep_jsonl_and_jobs_give_the_same_rows():
    one = run(["sweep", "-", "--format", "jsonl"], input=SHOES * 3)
    two = run(["sweep", "-", "--format", "jsonl", "--jobs", "2"], input=SHOES * 3)
    assert one.exit_code == two.exit_code == 0
    assert one.output == two.output
    first = json.loads(one.output.splitlines()[0])
    assert first["banker"] == 2292252566437888 and first["line"] == 1


def test_sweep_bad_line_reports_its_number_and_writes_nothing(tmp_path):
    out = tmp_path / "edges.csv"
    res = run(["sweep", "-", "-o", str(out)], input="4,4,4,4,4,4,4,4,4,4,4,4,4\n4,4,4,x,4,4,4,4,4,4,4,4,4\n")
    assert res.exit_code == 2
    assert "line 2" in res.output
    assert not out.exists()
    res = run(["sweep", "-"], input="4,4,4,4,4,4,4,4,4,4,4,4,4\n1,2,3\n")
    assert res.exit_code == 2 and "line 2" in res.output and "banker" not in res.output


def test_simulate_is_reproducible_and_independent_of_jobs():
    args = ["simulate", "--shoes", "6", "--decks", "2", "--seed", "5", "--format", "json"]
    a, b, c = run(args), run(args), run(args + ["--jobs", "2"])
    assert a.exit_code == 0, a.output
    assert a.output == b.output == c.output
    doc = json.loads(a.output)
    assert doc["shoes"] == 6 and doc["coups"] > 6 * 10
    other = json.loads(run(["simulate", "--shoes", "6", "--decks", "2", "--seed", "6", "--format", "json"]).output)
    assert other["coups"] != doc["coups"] or other["bets"] != doc["bets"]


def test_bets_all_leaves_out_pair_bets_with_a_note_and_prices_the_rest():
    res = run(["sweep", "-", "--bets", "all", "--format", "jsonl"], input="4,4,4,4,4,4,4,4,4,4,4,4,4\n")
    assert res.exit_code == 0, res.output
    assert "left out" in res.stderr and "Player Pair" in res.stderr
    record = json.loads(res.stdout)
    assert "player_pair_house_edge" not in record
    dist = engine.walk(Shoe.decks(1))
    for key, bet in builtin_catalog().bets.items():
        if bet.is_value_level:  # pair and card-level bets are left out
            assert Fraction(record[f"{key}_house_edge"]) == bet.price(dist).house_edge
        else:
            assert f"{key}_house_edge" not in record


def test_pair_bets_named_explicitly_are_priced_by_track_one_shoe_at_a_time():
    """Issue 12: track prices a pair bet named in --bets (it was refused when only value-level bets
    could be priced); a 0, whose rank is unknown, is then refused in one line."""
    res = run(["track", "--decks", "1", "--bets", "banker,player_pair", "--format", "jsonl", "-"], input="")
    assert res.exit_code == 0, res.output
    before, cards = [json.loads(line) for line in res.stdout.splitlines()]
    assert list(before["house_edge"]) == ["banker"] and cards["event"] == "cards"
    player_pair = builtin_catalog().bet("player_pair")
    assert Fraction(cards["house_edge"]["player_pair"]) == player_pair.price(engine.walk(Shoe.decks(1))).house_edge
    res = run(["track", "--strict", "--bets", "banker,player_pair", "-"], input="0")
    assert res.exit_code == 2 and "Player Pair" in res.stderr and "Traceback" not in res.output


def test_commission_and_variants_choose_bets_as_edge_does():
    res = run(["eor", "--decks", "1", "--variant", "ez", "--commission", "1/25", "--format", "json"])
    assert res.exit_code == 0, res.output
    doc = json.loads(res.output)
    assert list(doc["house_edge"])[0].startswith("banker_commission")
    assert "dragon7" in doc["house_edge"] and "panda8" in doc["house_edge"]


def test_track_flags_positive_expectation():
    """A shoe of tens only: every coup is a 0-0 tie, so Tie (8:1) wins 8 units for sure."""
    # 0-0: Player draws, then Banker draws: a coup takes six cards.
    res = run(["track", "--shoe", "0,0,0,0,0,0,0,0,0,20,0,0,0", "-"], input="10 10 10 10 10 10\n10 10\n")
    assert res.exit_code == 0, res.output
    rows = [line for line in res.output.splitlines() if line.strip()[:1].isdigit()]
    assert len(rows) == 2
    assert all(row.endswith("+EV: tie") for row in rows)
    assert "-800.0000%" in rows[0]
    assert "middle of coup 2 (2 of its cards seen, the last on line 2)" in res.stderr


def test_simulate_plot_draws_the_edge_of_every_bet(tmp_path):
    """--plot writes an SVG with one labelled curve per bet."""
    out = tmp_path / "edge.svg"
    r = CliRunner().invoke(main, ["simulate", "--shoes", "3", "--decks", "1", "--seed", "5",
                                  "--bets", "banker,tie", "--plot", str(out)])
    assert r.exit_code == 0, r.output
    svg = out.read_text()
    assert svg.startswith("<?xml") and "<svg" in svg
    assert "Banker" in svg and "Tie" in svg and "cards left in the shoe" in svg


def test_plot_without_matplotlib_says_how_to_get_it(tmp_path, monkeypatch):
    """Without matplotlib, --plot is one line, exit 2, naming what to install."""
    import sys

    monkeypatch.setitem(sys.modules, "matplotlib", None)  # import matplotlib now raises ImportError
    r = CliRunner().invoke(main, ["simulate", "--shoes", "1", "--decks", "1", "--plot", str(tmp_path / "e.png")])
    assert r.exit_code == 2
    assert r.stderr.count("\n") == 1 and "pip install matplotlib" in r.stderr and "Traceback" not in r.stderr
    assert not (tmp_path / "e.png").exists()


@pytest.mark.parametrize("args, input, message", [
    (["track", "--decks", "inf", "-"], "", "a shoe in play must be finite; use --decks N or --shoe"),
    (["eor", "--decks", "inf"], None, "the effect of removal needs a finite shoe; use --decks N or --shoe"),
    (["track", "--strict", "--shoe", "0,0,0,0,0,0,0,0,0,7,0,0,0", "-"], "10 " * 7,
     "line 1: only 1 cards remain before this coup; a shoe needs 6 to deal one "
     "(is the log from a bigger shoe? use --decks)"),
    (["sweep", "-"], "4,4,4,4,4,4,4,4,4,4,4,4,4\n" + "9" * 30 + ",4,4,4,4,4,4,4,4,4,4,4,4\n",
     "line 2: at most 52 x 10^18 cards (10^18 decks); for the limit use --decks inf"),
    (["sweep", "-"], "\n4,4,x,4,4,4,4,4,4,4,4,4,4\n", "line 2: 'x' is not a whole number >= 0; give 13 rank counts"),
])
def test_library_errors_reach_the_user_naming_the_options(args, input, message):
    """The library says what is wrong in its own words; the command adds which option to change."""
    res = runner.invoke(main, args, input=input, prog_name="exact-odds")
    assert res.exit_code == 2
    assert res.stderr.splitlines() == [f"exact-odds {args[0]}: error: {message} (see 'exact-odds {args[0]} --help')"]
