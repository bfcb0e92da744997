"""The web tests' helpers (tests/web/, tests/hostile/test_serve.py): a session setup, the app served on a free
loopback port in a thread, and headless Chromium (Debian's package, /usr/bin/chromium) driven by Playwright
(the ``browser`` fixture: import it into a test module)."""

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


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium, one per test module; a clear failure (not a skip) where it is not installed."""
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).is_file():
        pytest.fail(f"the browser tests need Debian's Chromium at {CHROMIUM}: apt-get install -y chromium "
                    "(.ci/run installs it)")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
