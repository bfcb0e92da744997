"""The command line imports a command's module only when the command is asked for
(exact_odds.cli.app.Main.add_lazy_commands, click's lazy-group pattern), and still lists every
command by its own name."""

import sys

import click

from exact_odds.cli import main
from exact_odds.cli.app import Main

MODULE = '''import click

@click.command("{name}")
def command():
    """A command made for this test."""
'''


def test_a_lazy_command_is_imported_when_first_asked_for_and_every_one_when_listed(tmp_path, monkeypatch):
    for name in ("one", "two"):
        (tmp_path / f"lazy_cmd_{name}.py").write_text(MODULE.format(name=name))
        sys.modules.pop(f"lazy_cmd_{name}", None)
    monkeypatch.syspath_prepend(str(tmp_path))
    group = click.group(cls=Main)(lambda: None)
    group.add_lazy_commands({"one": "lazy_cmd_one:command", "two": "lazy_cmd_two:command"})
    assert group.list_commands(None) == ["one", "two"]  # listing names imports nothing
    assert "lazy_cmd_one" not in sys.modules and "lazy_cmd_two" not in sys.modules
    assert group.get_command(None, "one").name == "one"
    assert "lazy_cmd_one" in sys.modules and "lazy_cmd_two" not in sys.modules
    assert group.get_command(None, "other") is None
    assert group.get_command(None, "two") is sys.modules["lazy_cmd_two"].command


def test_every_command_is_registered_under_its_own_name():
    names = main.list_commands(None)
    assert len(names) == len(set(names)) >= 14
    assert all(main.get_command(None, n).name == n for n in names)
