"""The command line imports a command's module only when the command is asked for
(exact_odds.cli.app.LazyCommands), and still lists every command by its own name."""

import sys

from exact_odds.cli import main
from exact_odds.cli.app import LazyCommands


def test_a_lazy_command_is_imported_when_first_asked_for_and_every_one_when_listed():
    for name in ("colorsys", "wave"):
        sys.modules.pop(name, None)
    commands = LazyCommands({"hsv": "colorsys:rgb_to_hsv", "wave": "wave:open"})
    assert "hsv" in commands and "wave" in commands and "other" not in commands
    assert "colorsys" not in sys.modules and "wave" not in sys.modules  # asking whether it is there imports nothing
    assert commands.get("hsv") is sys.modules["colorsys"].rgb_to_hsv and "wave" not in sys.modules
    assert commands.get("other") is None and commands.get("other", 3) == 3
    assert sorted(commands) == ["hsv", "wave"] and "wave" in sys.modules  # listing imports the rest
    assert commands["wave"] is sys.modules["wave"].open and len(commands) == 2
    commands["mine"] = print  # add_command still works
    assert dict(commands.items())["mine"] is print and set(commands.keys()) == {"hsv", "wave", "mine"}


def test_every_command_is_registered_under_its_own_name():
    names = list(main.commands.lazy) + [n for n in dict.keys(main.commands)]
    assert len(names) == len(set(names)) >= 14
    assert all(main.commands[n].name == n for n in names)
