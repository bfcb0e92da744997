"""issue 26: hostile requests to `exact-odds serve` and bad options. Each gets a 4xx and one line saying what is
wrong, the session is as it was, and its file stays whole (it reads back to the cards the session holds)."""

import json
import sys
import threading

import pytest
from starlette.testclient import TestClient

from conftest import assert_bad_input_is_one_line
from exact_odds.in_play.track.log import read_log
from exact_odds.web.app import MAX_BODY, create_app
from exact_odds.web.session import Sessions
from served import Served, make_setup


@pytest.fixture
def app(tmp_path):
    sessions = Sessions(tmp_path, make_setup(keys=("banker", "player", "tie", "player_pair")))
    sessions.create("default")
    client = TestClient(create_app(sessions, "default"), base_url="http://127.0.0.1")
    client.post("/api/sessions/default/deal", json={"card": "9h"})
    return client, sessions, tmp_path / "default.log"


def whole(sessions, path):
    """The file reads back to exactly the cards the session holds."""
    s = sessions.get("default")
    return [t.text for t in read_log(path.read_text().splitlines())] == [c.text for c in s.cards]


def refused(r, status, words):
    assert r.status_code == status, r.text
    error = r.json()["error"]
    assert words in error and "\n" not in error and "Traceback" not in error, error


@pytest.mark.parametrize("body, words", [
    (b"{not json", "not JSON"),
    (b"[1, 2]", "JSON object"),
    (b'"9h"', "JSON object"),
    (b'{"card": 9}', "not int"),
    (b'{"card": ["9h"]}', "not list"),
    (b'{"card": null}', "not NoneType"),
    (b'{"card": ""}', "not one card"),
    (b'{"card": "9h 9d"}', "not one card"),
    (b'{"version": 1}', "needs the card"),
    (b'{"card": "9h", "version": "x"}', "whole number"),
    (b'{"card": "9h", "version": true}', "whole number"),
    (b'{"card": "u"}', "not a card"),
    (b'{"card": "11h"}', "'11h'"),
    (b'{"card": "Zz"}', "'Zz'"),
    (b'{"card": "0h"}', "no suit"),
    (b'{"card": "\\u0000"}', "'\\x00'"),
    (b'{"card": "' + b"9" * 500 + b'"}', "not one card"),
    (b"[" * 400 + b"]" * 400, "JSON"),
])
def test_a_malformed_deal_is_refused(app, body, words):
    client, sessions, path = app
    before = path.read_bytes()
    r = client.post("/api/sessions/default/deal", content=body, headers={"Content-Type": "application/json"})
    refused(r, 400, words)
    assert path.read_bytes() == before and whole(sessions, path)


def test_a_body_that_is_not_json_is_refused(app):
    """A form post (which any page could send here) is not taken: 415."""
    client, sessions, path = app
    refused(client.post("/api/sessions/default/deal", data={"card": "9h"}), 415, "must be JSON")
    refused(client.post("/api/sessions/default/undo"), 415, "must be JSON")
    assert len(sessions.get("default").cards) == 1


def test_a_huge_payload_is_refused_before_it_is_read(app):
    client, sessions, path = app
    big = json.dumps({"card": "9h", "pad": "x" * (10 * MAX_BODY)})
    refused(client.post("/api/sessions/default/deal", content=big, headers={"Content-Type": "application/json"}),
            413, "over 1024 bytes")

    def chunks():  # no Content-Length: counted as it comes
        for _ in range(10_000):
            yield b" " * 1024

    refused(client.post("/api/sessions/default/deal", content=chunks(), headers={"Content-Type": "application/json"}),
            413, "over 1024 bytes")
    assert whole(sessions, path) and len(sessions.get("default").cards) == 1


def test_an_impossible_card_is_refused(tmp_path):
    """A ninth A of hearts in 8 decks: the library's own words, without a line number."""
    sessions = Sessions(tmp_path, make_setup())
    sessions.create("default")
    client = TestClient(create_app(sessions, "default"), base_url="http://127.0.0.1")
    for _ in range(8):
        assert client.post("/api/sessions/default/deal", json={"card": "Ah"}).status_code == 200
    r = client.post("/api/sessions/default/deal", json={"card": "Ah"})
    refused(r, 400, "card 'Ah' is impossible: the shoe has no Ah left")
    assert not r.json()["error"].startswith("line")
    assert whole(sessions, tmp_path / "default.log") and len(sessions.get("default").cards) == 8


def test_a_card_beyond_the_shoe_is_refused(tmp_path):
    """A one-deck shoe dealt down to its last cards: a coup cannot start with fewer than 6 left."""
    from exact_odds.rules.cards import RANKS, SUITS

    sessions = Sessions(tmp_path, make_setup(keys=("banker",), decks=1))
    s = sessions.create("default")
    client = TestClient(create_app(sessions, "default"), base_url="http://127.0.0.1")
    for card in [r + u for r in RANKS for u in SUITS]:
        r = client.post("/api/sessions/default/deal", json={"card": card})
        if r.status_code != 200:
            break
    refused(r, 400, "a shoe needs 6 to deal one")
    assert s.table.cards_left < 6 and not s.table.current
    assert whole(sessions, tmp_path / "default.log")
    state = client.get("/api/sessions/default").json()
    assert state["state"].startswith("the shoe is done") and state["bets"][0].keys() == {"key", "name", "pays"}


def test_a_card_without_what_a_bet_reads_is_refused(app):
    """The Player Pair reads ranks: a 0 (any ten-value card) is refused, saying which bet reads what."""
    client, sessions, path = app
    refused(client.post("/api/sessions/default/deal", json={"card": "0"}), 400, "Player Pair reads ranks")
    assert whole(sessions, path)


@pytest.mark.parametrize("name, status, words", [
    ("a.b", 400, "cannot name a session"),
    ("x" * 41, 400, "cannot name a session"),
    ("a%20b", 400, "cannot name a session"),
    ("%C3%A4", 400, "cannot name a session"),
    ("defualt", 404, "did you mean 'default'"),
])
def test_a_bad_session_name_is_refused(app, name, status, words):
    client, sessions, path = app
    refused(client.get(f"/api/sessions/{name}"), status, words)
    refused(client.post(f"/api/sessions/{name}/undo", json={}), status, words)
    assert sessions.names() == ["default"]


def test_other_requests_are_refused(app):
    client, sessions, path = app
    refused(client.post("/api/sessions/default/shuffle", json={}), 404, "no such change")
    assert client.get("/api/sessions/default/deal").status_code == 405
    assert client.delete("/api/sessions/default").status_code == 405
    assert client.get("/static/../session.py").status_code == 404
    assert client.get("/nowhere").status_code == 404
    for url in ("/api/sessions/..", "/api/sessions/%2e%2e", "/api/sessions/..%2f..%2fetc", "/api/sessions/a%2fb"):
        assert client.get(url).status_code in (400, 404, 405)
        assert client.put(url, json={}).status_code in (400, 404, 405)
    assert sorted(p.name for p in path.parent.iterdir()) == ["default.log"]
    other = TestClient(client.app, base_url="http://evil.example")  # another host name: DNS rebinding
    assert other.get("/api/sessions/default").status_code == 400
    refused(client.post("/api/sessions/default/redo", json={}), 400, "nothing to redo")
    assert whole(sessions, path)


def test_a_stale_page_is_told_and_shown_the_session(app):
    """A change asked for by a page that saw an older version: 409, the session's state with it, no change."""
    client, sessions, path = app
    r = client.post("/api/sessions/default/deal", json={"card": "Kd", "version": 0})
    refused(r, 409, "changed in another tab")
    assert r.json()["state"]["version"] == 1 and r.json()["state"]["current"] == ["9h"]
    assert whole(sessions, path) and len(sessions.get("default").cards) == 1


def test_two_tabs_clicking_at_once(tmp_path):
    """Two tabs (threads on the real server) each send 30 clicks, all saying the same version they saw last:
    each click is dealt once or refused with 409, never both, and the file ends whole."""
    import httpx

    served = Served(tmp_path, make_setup(keys=("banker", "player", "tie")))
    results = {"ok": 0, "conflict": 0, "other": []}
    lock = threading.Lock()

    def tab(card):
        with httpx.Client(base_url=served.url) as http:
            version = http.get("/api/sessions/default").json()["version"]
            for _ in range(30):
                r = http.post("/api/sessions/default/deal", json={"card": card, "version": version})
                with lock:
                    if r.status_code == 200:
                        results["ok"] += 1
                        version = r.json()["version"]
                    elif r.status_code == 409:
                        results["conflict"] += 1
                        version = r.json()["state"]["version"]
                    else:
                        results["other"].append(r.text)

    tabs = [threading.Thread(target=tab, args=(card,)) for card in ("5", "6")]
    for t in tabs:
        t.start()
    for t in tabs:
        t.join(60)
    served.stop()
    s = served.sessions.get("default")
    assert results["other"] == [] and results["ok"] + results["conflict"] == 60
    assert len(s.cards) == results["ok"] == s.version
    assert whole(served.sessions, served.sessions.folder / "default.log")


def test_a_file_that_cannot_be_written_changes_nothing(app, monkeypatch):
    """A full disk: 500 with one line, the card not dealt, the file as it was."""
    import errno

    import exact_odds.web.session as session_module

    client, sessions, path = app
    before = path.read_bytes()

    def full(path, text):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(session_module, "write_text", full)
    for action, body in (("deal", {"card": "Kd"}), ("undo", {}), ("reset", {})):
        r = client.post(f"/api/sessions/default/{action}", json=body)
        refused(r, 500, "No space left on device")
        assert r.json()["state"]["current"] == ["9h"]
    monkeypatch.undo()
    assert path.read_bytes() == before and whole(sessions, path)


def test_a_session_file_from_another_shoe_is_refused_and_kept(tmp_path):
    """A file with a tenth Ah (not from this 8-deck shoe): 409 naming the file, and the file is not touched."""
    (tmp_path / "old.log").write_text("Ah " * 10 + "\n")
    sessions = Sessions(tmp_path, make_setup())
    sessions.create("default")
    client = TestClient(create_app(sessions, "default"), base_url="http://127.0.0.1")
    refused(client.get("/api/sessions/old"), 409, "its file old.log does not fit 8 decks")
    refused(client.post("/api/sessions/old/deal", json={"card": "5s"}), 409, "does not fit")
    assert (tmp_path / "old.log").read_text() == "Ah " * 10 + "\n"


@pytest.mark.parametrize("args, names", [
    (["serve", "--session", "../x"], "--session"),
    (["serve", "--port", "70000"], "--port"),
    (["serve", "--count", "nothing"], "--count"),
    (["serve", "--decks", "inf"], "finite"),
    (["serve", "--bets", "bnaker"], "banker"),
])
def test_bad_options_are_one_line(args, names, tmp_path):
    assert_bad_input_is_one_line(args + ["--sessions", str(tmp_path / "s")], names)


def test_sessions_that_is_a_file_is_one_line(tmp_path):
    (tmp_path / "f").write_text("")
    assert_bad_input_is_one_line(["serve", "--sessions", str(tmp_path / "f")], "--sessions")


def test_a_port_in_use_is_one_line(tmp_path):
    import socket

    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        assert_bad_input_is_one_line(["serve", "--port", str(port), "--sessions", str(tmp_path)], "another --port")


def test_serve_without_the_web_extra_is_one_line(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "uvicorn", None)  # import uvicorn -> ImportError
    assert_bad_input_is_one_line(["serve", "--sessions", str(tmp_path)], "exact_odds[web]")


def test_a_huge_session_file_is_refused_unread(tmp_path):
    (tmp_path / "big.log").write_text("5 u " * 300_000)
    sessions = Sessions(tmp_path, make_setup())
    client = TestClient(create_app(sessions, "default"), base_url="http://127.0.0.1")
    refused(client.get("/api/sessions/big"), 409, "far more than a shoe holds")


def test_sessions_cannot_be_started_without_end(tmp_path, monkeypatch):
    import exact_odds.web.session as session_module

    monkeypatch.setattr(session_module, "MAX_SESSIONS", 3)
    sessions = Sessions(tmp_path, make_setup(keys=("banker",)))
    client = TestClient(create_app(sessions, "s0"), base_url="http://127.0.0.1")
    for n in range(3):
        assert client.put(f"/api/sessions/s{n}", json={}).status_code == 200
    refused(client.put("/api/sessions/s3", json={}), 400, "there are 3 sessions already")
    assert client.put("/api/sessions/s1", json={}).status_code == 200  # opening one is still fine
    assert sorted(p.name for p in tmp_path.iterdir()) == ["s0.log", "s1.log", "s2.log"]
