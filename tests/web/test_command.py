"""issue 26: the `serve` command itself: it listens on the loopback address unless told otherwise (with a
warning), resumes the session file, stops on Ctrl-C in one line; `edge` never imports the web extra."""

import os
import signal
import subprocess
import sys
from pathlib import Path

from click.testing import CliRunner

from conftest import ROOT, modules_loaded, with_default_signals
from exact_odds.cli import main


def test_edge_imports_nothing_of_the_web_extra():
    code = ("from click.testing import CliRunner\nfrom exact_odds.cli import main\n"
            "assert CliRunner().invoke(main, ['edge']).exit_code == 0")
    assert modules_loaded(code, ["starlette", "uvicorn", "httpx", "exact_odds.web.app", "exact_odds.web.session",
                                 "exact_odds.cli.serve", "exact_odds.report.serve"]) == []


def test_serve_resumes_its_session_and_stops_on_ctrl_c(tmp_path):
    """`exact-odds serve --port 0`: one line naming the address on stderr (loopback, no warning), the session
    file written by an earlier run is resumed, and SIGINT ends it with 'interrupted', status 130."""
    import httpx

    (tmp_path / "table2.log").write_text("# an earlier run\n9h 2s Kc 3d\nK\n")
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    proc = subprocess.Popen(with_default_signals([sys.executable, "-m", "exact_odds", "serve", "--port", "0",
                                                  "--sessions", str(tmp_path), "--session", "table2"]), cwd=ROOT, env=env, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stderr.readline()
        assert line.startswith("serving http://127.0.0.1:") and "warning" not in line, line
        url = line.split()[1]
        state = httpx.get(url + "api/sessions/table2", timeout=30).json()
        assert state["current"] == ["K"] and [c["winner"] for c in state["coups"]] == ["player"]
        assert "exact-odds serve" in httpx.get(url, timeout=30).text
        assert httpx.get(url + "static/app.js", timeout=30).status_code == 200
        proc.send_signal(signal.SIGINT)
        rest = proc.communicate(timeout=30)[1]
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130 and rest.strip() == "exact-odds: interrupted", rest


def test_another_host_is_warned_of(tmp_path, monkeypatch):
    """--host 0.0.0.0 exposes the sessions: a warning on stderr before it serves (the server is not run here)."""
    import uvicorn

    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    r = CliRunner().invoke(main, ["serve", "--host", "0.0.0.0", "--port", "0", "--sessions", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert r.output.startswith("warning: serving on 0.0.0.0: anyone who can reach this machine")
    r = CliRunner().invoke(main, ["serve", "--host", "localhost", "--port", "0", "--sessions", str(tmp_path)])
    assert r.exit_code == 0 and "warning" not in r.output, r.output
    assert sorted(p.name for p in Path(tmp_path).iterdir()) == ["default.log"]


def test_the_replay_line_replays_the_file(tmp_path, monkeypatch):
    """The comment a session file starts with is a track command that reads the file back, whatever shoe and
    bets serve was given (6 decks less two cards, a commission, a count)."""
    import shlex

    import uvicorn

    monkeypatch.setattr(uvicorn.Server, "run", lambda self, sockets=None: None)
    r = CliRunner().invoke(main, ["serve", "--decks", "6", "--remove", "Ah,5", "--bets", "banker,tie,dragon7",
                                  "--commission", "4%", "--count", "dragon7", "--port", "0", "--sessions",
                                  str(tmp_path), "--session", "s1"])
    assert r.exit_code == 0, r.output
    log = tmp_path / "s1.log"
    log.write_text(log.read_text() + "9h 2s Kc 3d\n")
    replay = log.read_text().splitlines()[1]
    assert replay.startswith("# replay: exact-odds track --decks 6 --remove Ah,5 --bets banker,tie,dragon7 ")
    args = shlex.split(replay[len("# replay: exact-odds "):])
    r = CliRunner().invoke(main, args[:-1] + [str(log)])
    assert r.exit_code == 0, r.output
    assert "6 decks less Ah 5" in r.output and "coup 1: Player 9h Kc = 9, Banker 2s 3d = 5, player wins" in r.output
