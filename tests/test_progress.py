"""exact_odds.progress: the one home of the progress display (issue 23, item 2)."""

import sys

from click.testing import CliRunner

from exact_odds import progress
from exact_odds.cli import main

from conftest import modules_loaded


def test_nothing_is_shown_off_a_terminal_or_when_quiet(monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    assert progress.shown() and not progress.shown(quiet=True)
    monkeypatch.setattr(sys.stderr, "isatty", lambda: False, raising=False)
    assert not progress.shown()
    with progress.bar("shoes", 10) as advance:
        assert advance is None


def test_a_bar_counts_what_the_library_reports(monkeypatch):
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True, raising=False)
    with progress.tracker() as bars:
        task = bars.task("shoes", 10)
        for _ in range(4):
            task.advance(1)
        shown = bars._display.tasks[0]
        assert (shown.completed, shown.total) == (4, 10)
        task.update(7, 20)
        assert (shown.completed, shown.total) == (7, 20)
        task.finish()
        assert shown.completed == shown.total


def test_quiet_is_an_option_of_every_long_command():
    for command in ("simulate", "sweep", "report", "banque"):
        r = CliRunner().invoke(main, [command, "--help"])
        assert "--quiet" in r.output, command


def test_a_quick_command_loads_no_progress_display():
    code = ("from click.testing import CliRunner; from exact_odds.cli import main\n"
            "r = CliRunner().invoke(main, ['edge', '--decks', '8']); assert r.exit_code == 0, r.output")
    assert modules_loaded(code, ("rich", "tqdm")) == []
