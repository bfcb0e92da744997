"""``serve``: an edge sorter's next cards, High or Low, and every value-level bet's EV given them (the API's
``seen`` answer and the page's High/Low buttons), the states of information_play on the shoe left."""

from fractions import Fraction

import pytest
from starlette.testclient import TestClient

from exact_odds.information.play import information_play
from exact_odds.information.seen import Information
from exact_odds.web.app import create_app
from exact_odds.web.session import Sessions

from served import make_setup

KEYS = ("banker", "player", "tie", "player_pair")


@pytest.fixture
def client(tmp_path):
    sessions = Sessions(tmp_path, make_setup(KEYS))
    sessions.create("t")
    return TestClient(create_app(sessions, "t", high=frozenset({7, 8, 9})), base_url="http://127.0.0.1")


def test_the_next_cards_seen_are_information_plays_states(client):
    version = client.get("/api/sessions/t").json()["version"]
    for n, card in enumerate(["9h", "2s", "Kc", "3d"]):  # coup 1: a natural, four cards
        assert client.post("/api/sessions/t/deal", json={"card": card, "version": version + n}).status_code == 200
    got = client.get("/api/sessions/t/seen?next=HL").json()
    shoe = make_setup(KEYS).shoe.remove(["9", "2", "K", "3"])
    play = information_play(shoe, Information(group=(1, 2), high={7, 8, 9}), make_setup(("banker", "player", "tie")).bets)
    state = play.state("H", "L")
    assert got["seen"] == "HL" and got["high"] == [7, 8, 9] and got["positions"] == [1, 2]
    assert Fraction(got["probability"]) == state.probability
    assert [b["key"] for b in got["bets"]] == ["banker", "player", "tie"]  # value-level bets: not the pair
    assert [Fraction(b["ev"]) for b in got["bets"]] == list(state.evs)
    assert got["best_bet"] == play.bets[state.best].key


@pytest.mark.parametrize("path, status, words", [
    ("/api/sessions/t/seen?next=X", 400, "'H' or 'L'"),
    ("/api/sessions/t/seen", 400, "'H' or 'L'"),
    ("/api/sessions/t/seen?next=HHHHHHH", 400, "1-6 cards"),
    ("/api/sessions/nope/seen?next=H", 404, "nope"),
])
def test_bad_seen_requests_are_one_line(client, path, status, words):
    r = client.get(path)
    assert r.status_code == status and words in r.json()["error"]


def test_not_while_a_coup_is_dealt(client):
    client.post("/api/sessions/t/deal", json={"card": "9h", "version": 0})
    r = client.get("/api/sessions/t/seen?next=H")
    assert r.status_code == 400 and "not finished" in r.json()["error"]
