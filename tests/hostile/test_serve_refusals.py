"""issue 41, causes 2 and 4: `serve` on any loopback address answers its requests, and every refusal, whoever
makes it (the session, the routing, the host check, a fault), is the same JSON document ``{"error": one line}``.

Before: ``--host 127.0.0.2`` served and refused every request (400, "Invalid host header": the host check
and the names allowed disagreed); a wrong method (405), a foreign ``Host:`` (400) and an unknown page (404)
were answered in plain text."""

import json
import os
import subprocess
import sys
import urllib.error
import urllib.request

import pytest
from starlette.testclient import TestClient

from conftest import ROOT, with_default_signals
from exact_odds.web.app import create_app
from exact_odds.web.hosts import host_of, is_loopback
from exact_odds.web.session import Sessions
from served import make_setup


@pytest.fixture(scope="module")
def app(tmp_path_factory):
    folder = tmp_path_factory.mktemp("sessions")
    sessions = Sessions(folder, make_setup(keys=("banker", "player", "tie")))
    sessions.create("default")
    return create_app(sessions, "default")


def client(app, host="127.0.0.1"):
    return TestClient(app, base_url=f"http://{host}", raise_server_exceptions=False)


def the_document(r, status, words=""):
    """The refusal is JSON, one line, with the status."""
    assert r.status_code == status, (r.status_code, r.text)
    assert r.headers["content-type"].startswith("application/json"), r.headers
    error = r.json()["error"]
    assert isinstance(error, str) and error and "\n" not in error and "Traceback" not in error, error
    assert words in error, error


# --- the host check: one rule with --host ------------------------------------------------------

LOOPBACK = ["127.0.0.1", "127.0.0.2", "127.255.255.254", "127.0.0.2:8000", "localhost", "LOCALHOST",
            "localhost.", "localhost:8000", "table.localhost", "[::1]", "[::1]:8000", "[::ffff:127.0.0.1]"]
FOREIGN = ["evil.example", "evil.example:8000", "127.0.0.1.evil.example", "localhost.evil.example", "10.0.0.1",
           "0.0.0.0", "192.168.1.2:8000", "[::2]", "[fe80::1]", "2130706433", "127.1"]


@pytest.mark.parametrize("host", LOOPBACK)
def test_a_request_addressed_to_any_loopback_name_is_answered(app, host):
    r = client(app).get("/api/sessions", headers={"host": host})
    assert r.status_code == 200 and r.json()["sessions"] == ["default"], (host, r.text)
    assert is_loopback(host_of(host))


@pytest.mark.parametrize("host", FOREIGN)
def test_a_request_addressed_to_another_host_is_refused_in_the_document(app, host):
    r = client(app).get("/api/sessions", headers={"host": host})
    the_document(r, 400, "loopback")
    assert not is_loopback(host_of(host))


def test_a_request_without_a_host_is_refused_in_the_document(app):
    r = client(app).get("/api/sessions", headers={"host": ""})
    the_document(r, 400, "no Host header")


def test_served_elsewhere_any_host_is_answered(tmp_path):
    sessions = Sessions(tmp_path, make_setup(keys=("banker",)))
    sessions.create("default")
    r = client(create_app(sessions, "default", loopback=False), "evil.example").get("/api/sessions")
    assert r.status_code == 200


def serve_on(host: str, tmp_path) -> tuple[int, str]:
    """``exact-odds serve --host HOST --port 0``: the status and session list of its ``/api/sessions``."""
    proc = subprocess.Popen(with_default_signals([sys.executable, "-m", "exact_odds", "serve", "--host", host,
                                                  "--port", "0", "--sessions", str(tmp_path)]),
                            cwd=ROOT, env={**os.environ, "PYTHONUNBUFFERED": "1"}, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stderr.readline()
        assert line.startswith("serving http://"), line
        url = line.split()[1]
        with urllib.request.urlopen(url + "api/sessions", timeout=20) as answer:
            return answer.status, json.loads(answer.read())["sessions"]
    finally:
        proc.terminate()
        proc.wait(20)


@pytest.mark.parametrize("host", ["127.0.0.2"])  # (localhost and the rest: the Host: headers above)
def test_serve_on_another_loopback_address_answers(host, tmp_path):
    """The case found: --host 127.0.0.2 served, and refused every request."""
    assert serve_on(host, tmp_path) == (200, ["default"])


# --- every refusal is the document ------------------------------------------------------------

@pytest.mark.parametrize("method, path, status, words", [
    ("DELETE", "/api/sessions/default", 405, "takes GET, HEAD, PUT"),
    ("PATCH", "/api/sessions/default", 405, "PATCH is not taken"),
    ("POST", "/", 405, "POST is not taken at /"),
    ("PUT", "/", 405, "takes GET"),
    ("DELETE", "/api/sessions", 405, "takes GET"),
    ("GET", "/api/sessions/default/deal", 405, "takes POST"),
    ("PUT", "/api/sessions/default/undo", 405, "takes POST"),
    ("GET", "/nowhere", 404, "no such page: /nowhere"),
    ("POST", "/nowhere", 404, "no such page"),
    ("GET", "/api", 404, "no such page"),
    ("GET", "/static/nothing.js", 404, "no such page"),
    ("GET", "/static/../session.py", 404, "no such page"),
    ("GET", "/api/sessions/default/deal/more", 404, "no such page"),
    ("POST", "/api/sessions/default/shuffle", 404, "no such change"),
    ("GET", "/api/sessions/nobody", 404, "nobody"),
    ("GET", "/api/sessions/" + "x" * 300, 400, ""),
])
def test_every_refusal_is_the_json_document(app, method, path, status, words):
    r = client(app).request(method, path, json={} if method in ("POST", "PUT", "PATCH") else None)
    the_document(r, status, words)


def test_a_refused_method_still_says_which_it_takes(app):
    r = client(app).delete("/api/sessions/default")
    assert set(r.headers["allow"].replace(" ", "").split(",")) >= {"GET", "PUT"}


@pytest.mark.parametrize("fault, words", [(MemoryError("Unable to allocate 324 MiB"), "out of memory (Unable to"),
                                          (RuntimeError("a fault"), "the server failed on this request")])
def test_a_fault_while_answering_is_the_document_too(tmp_path, monkeypatch, fault, words):
    sessions = Sessions(tmp_path, make_setup(keys=("banker",)))
    sessions.create("default")
    app = create_app(sessions, "default")
    from exact_odds.web import session as session_module

    def deal(self, card, version=None):
        raise fault

    monkeypatch.setattr(session_module.Session, "deal", deal)
    r = client(app).post("/api/sessions/default/deal", json={"card": "9h"})
    the_document(r, 500, words)
    assert sessions.get("default").cards == []
