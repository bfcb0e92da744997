"""issue 26: a session is a track log, written after every card; a restart resumes it, track replays it."""

import json

from click.testing import CliRunner

from exact_odds.cli import main
from exact_odds.in_play.track.log import read_log
from exact_odds.web.session import Sessions

from served import make_setup

CARDS = ["9h", "Kd", "3c", "2s", "5h", "7d", "Ah", "4c", "T", "Q", "8s"]


def test_the_file_holds_every_card_after_each_change(tmp_path):
    """After each deal, undo, redo and reset the file on disk reads back (read_log) to the cards dealt."""
    sessions = Sessions(tmp_path, make_setup())
    s = sessions.create("table1")
    for n, card in enumerate(CARDS, 1):
        s.deal(card)
        assert [t.text for t in read_log((tmp_path / "table1.log").read_text().splitlines())] == CARDS[:n]
    s.undo()
    s.undo()
    assert [t.text for t in read_log((tmp_path / "table1.log").read_text().splitlines())] == CARDS[:-2]
    s.redo()
    assert [t.text for t in read_log((tmp_path / "table1.log").read_text().splitlines())] == CARDS[:-1]
    s.reset()
    assert list(read_log((tmp_path / "table1.log").read_text().splitlines())) == []
    assert s.table.cards_left == 416 and not s.redo_cards


def test_a_restart_resumes_every_session(tmp_path):
    """Two named sessions; a new Sessions on the same folder (a restart) finds both, with the same cards,
    figures, count and coups."""
    from exact_odds.report.serve import session_state

    first = Sessions(tmp_path, make_setup(count="dragon7"))
    a, b = first.create("a"), first.create("b-2")
    for card in CARDS:
        a.deal(card)
    for card in CARDS[:8]:  # coup 2 being dealt: its figures are those before its first card
        b.deal(card)
    again = Sessions(tmp_path, make_setup(count="dragon7"))
    assert again.names() == ["a", "b-2"]
    for name in ("a", "b-2"):
        before, after = session_state(first.get(name), []), session_state(again.get(name), [])
        changes = ("version", "redo", "can_redo")  # what a restart starts again: the changes since opened
        assert {k: v for k, v in after.items() if k not in changes} == \
               {k: v for k, v in before.items() if k not in changes}


def test_track_replays_the_session_file(tmp_path):
    """`exact-odds track` on the session file prints, before the coup about to be dealt, the house edges
    the page shows (value-level bets on the 'before' line, the pairs on the 'cards' line)."""
    from fractions import Fraction

    from exact_odds.report.serve import session_state

    s = Sessions(tmp_path, make_setup()).create("default")
    for card in CARDS:  # two whole coups
        s.deal(card)
    state = session_state(s, [])
    assert not state["current"]
    replay = (tmp_path / "default.log").read_text().splitlines()[1]
    assert replay == "# replay: exact-odds track --decks 8 --bets banker,player,tie,player_pair,banker_pair,dragon7 " \
                     "default.log"
    args = replay[len("# replay: exact-odds "):].split()[:-1]
    r = CliRunner().invoke(main, args + ["--format", "jsonl", str(tmp_path / "default.log")])
    assert r.exit_code == 0, r.output
    events = [json.loads(line) for line in r.output.splitlines()]
    last = {**[e for e in events if e["event"] == "before"][-1]["house_edge"],
            **[e for e in events if e["event"] == "cards"][-1]["house_edge"]}
    assert {b["key"]: Fraction(b["house_edge"]) for b in state["bets"]} == {k: Fraction(v) for k, v in last.items()}
    assert [e["winner"] for e in events if e["event"] == "coup"] == [c["winner"] for c in state["coups"]]
