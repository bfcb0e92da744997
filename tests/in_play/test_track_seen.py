"""``track --group/--value``: under each coup's prices, every seen state of that coup with each bet's EV
given it, for the shoe left (the states of information_play on that shoe)."""

import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from conftest import ROOT, assert_bad_input_is_one_line
from exact_odds import Shoe
from exact_odds.cli import main
from exact_odds.information.play import information_play
from exact_odds.information.seen import Information

LOG = ROOT / "examples" / "dealt.log"


def run(*args):
    r = CliRunner().invoke(main, ["track", *args, str(LOG)], prog_name="exact-odds")
    assert r.exit_code == 0, r.output
    return r.output


def test_jsonl_seen_events_are_the_states_of_the_shoe_left():
    events = [json.loads(line) for line in run("--group", "1", "--high", "6,7,8,9", "--format", "jsonl").splitlines()]
    seen = [e for e in events if e["event"] == "seen"]
    coups = [e for e in events if e["event"] == "coup"]
    assert len(seen) == len(coups) + 1  # before every coup, and the next one
    shoe = Shoe.decks(8)
    for k in (0, 1, 2):
        play = information_play(shoe, Information(group=(1,), high={6, 7, 8, 9}))
        assert seen[k]["coup"] == k + 1
        assert [s["information"] for s in seen[k]["states"]] == [{"1": "L"}, {"1": "H"}]
        for s, mine in zip(seen[k]["states"], play.states):
            assert Fraction(s["probability"]) == mine.probability
            assert [Fraction(v) for v in s["evs"].values()] == list(mine.evs)
        shoe = shoe.remove([c[:-1] for c in coups[k]["cards"]])


def test_text_lines_name_what_is_seen_and_the_bet():
    out = run("--group", "1", "--high", "6,7,8,9").splitlines()
    assert out[3] == ("      coup 1 if seen P1=L (p 69.23%): Banker +4.5554%  Player -6.9999%  Tie -17.0140%; "
                      "bet Banker")
    assert out[4].startswith("      coup 1 if seen P1=H (p 30.77%): Banker -13.6879%  Player +11.7357%")


@pytest.mark.parametrize("args, names", [
    (["--group", "1"], "--group needs --high"),
    (["--high", "6"], "--high needs --group"),
    (["--group", "9", "--high", "6"], "position 9 is outside 1-6"),
    (["--group", "1", "--high", "6", "--value", "1"], "position 1 is given to both"),
    (["--group", "1", "--high", "6", "--format", "csv"], "not csv"),
    (["--value", "1", "--bets", "player_pair"], "value-level bets"),  # track's seen states: value-level bets
])
def test_bad_seen_options_are_one_line(args, names):
    assert_bad_input_is_one_line(["track", *args, str(LOG)], names)
