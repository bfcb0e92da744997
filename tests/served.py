"""The web tests' helpers (tests/web/, tests/hostile/test_serve.py): a session setup, the app served on a free
loopback port in a thread, and headless Chromium (Debian's package, /usr/bin/chromium) driven by Playwright
(the ``browser`` fixture: import it into a test module, after :func:`chromium_or_skip` at its top).

Where no Chromium is found, the browser tests, and only those, are skipped with one visible reason (the
suite's ``-rs`` shows it in the summary), so the README's test command passes on a fresh machine; where
``EXACT_ODDS_BROWSER_TESTS=required`` (``.ci/run`` sets it) they fail instead."""

import os
import socket
import threading
import time
from pathlib import Path

import pytest

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.in_play.track.table import count_of_bet
from exact_odds.rules.shoe import Shoe
from exact_odds.web.session import Sessions, Setup

#: The bets the issue names: Banker, Player, Tie, the pairs and Dragon 7.
KEYS = ("banker", "player", "tie", "player_pair", "banker_pair", "dragon7")
CHROMIUM = "/usr/bin/chromium"
#: The variable that makes a missing Chromium a failure rather than a skip, and its value.
REQUIRED = ("EXACT_ODDS_BROWSER_TESTS", "required")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
                 "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def make_setup(keys=KEYS, decks=8, count=None, shoe=None) -> Setup:
    shoe = Shoe.decks(decks) if shoe is None else shoe
    bets = tuple(builtin_catalog().bet(k) for k in keys)
    tally = None if count is None else count_of_bet(shoe, builtin_catalog().bet(count), count)
    return Setup(shoe, tuple(keys), bets, tally, f"exact-odds track --decks {decks} --bets {','.join(keys)}")


class Served:
    """The app on 127.0.0.1 in a thread of this process, until :meth:`stop`."""

    def __init__(self, folder, setup, first="default"):
        import uvicorn

        from exact_odds.web.app import create_app

        self.sessions = Sessions(folder, setup)
        self.sessions.create(first)
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(16)
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(create_app(self.sessions, first), log_level="warning",
                                                    lifespan="off"))
        self.server.install_signal_handlers = lambda: None  # not the main thread (uvicorn < 0.29 asks)
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start in 20 s"
            time.sleep(0.02)

    def stop(self):
        self.server.should_exit = True
        self.thread.join(20)
        self.sock.close()


def chromium_or_skip(path: str | None = None) -> str:
    """The path of Chromium (``path``, by default :data:`CHROMIUM`) if it is there to run; else the calling
    test module is skipped, with the reason, or fails where the environment says the browser tests are required.
    Call it at the top of a browser test module: one skip for the module."""
    path = CHROMIUM if path is None else path
    if Path(path).is_file() and os.access(path, os.X_OK):
        return path
    reason = f"no Chromium at {path}; apt-get install chromium"
    variable, required = REQUIRED
    if os.environ.get(variable) == required:
        pytest.fail(f"{reason} ({variable}={required}: the browser tests must run here)", pytrace=False)
    pytest.skip(reason, allow_module_level=True)


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, one per test module (:func:`chromium_or_skip` first)."""
    from playwright.sync_api import sync_playwright

    chromium_or_skip()
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
