"""Shared by the web tests: the app served in a thread (``serve``) and headless Chromium (``browser``)."""

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from served import CHROMIUM, CHROMIUM_ARGS, Served, make_setup  # noqa: E402


@pytest.fixture
def serve(tmp_path):
    """serve(setup=None, first='default') -> a running :class:`Served` on tmp_path/sessions (stopped after)."""
    running = []

    def start(setup=None, first="default"):
        s = Served(tmp_path / "sessions", setup or make_setup(), first)
        running.append(s)
        return s

    (tmp_path / "sessions").mkdir()
    yield start
    for s in running:
        s.stop()


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield chromium
        chromium.close()
