"""The Python in the docs runs: README.md and docs/library.md, block by block in one namespace.

Lines marked ``# not run`` (pandas may be missing) are skipped; every other
line must run as written against the installed package.
"""

import re

import pytest

from conftest import ROOT


def python_blocks(path):
    text = (ROOT / path).read_text()
    return [b for b in re.findall(r"```python\n(.*?)```", text, re.S)]


@pytest.mark.parametrize("path", ["README.md", "docs/library.md"])
def test_the_python_in_the_docs_runs(path, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    blocks = python_blocks(path)
    assert blocks, f"{path} has no python block"
    namespace: dict = {}
    for block in blocks:
        code = "\n".join(line for line in block.splitlines() if "# not run" not in line)
        exec(compile(code, path, "exec"), namespace)


def _helps():
    import click

    from exact_odds.cli import main

    with click.Context(main, info_name="exact-odds") as ctx:
        for name in main.list_commands(ctx):
            command = main.get_command(ctx, name)
            with click.Context(command, info_name=name, parent=ctx) as sub:
                yield name, " ".join(command.get_help(sub).split())


def test_the_command_table_of_cli_md_lists_every_command():
    from exact_odds.cli import main

    table = re.findall(r"^\| \[`([\w-]+)[^`]*`\]\(#", (ROOT / "docs/cli.md").read_text(), re.M)
    assert sorted(table) == main.list_commands(None)


def test_every_help_that_speaks_of_pay_tables_points_to_their_schema():
    speaking = {name: help for name, help in _helps() if re.search(r"pay.?table", help, re.I)}
    assert {"edge", "bet", "breakeven", "variants", "report"} <= set(speaking)
    assert [name for name, help in speaking.items() if "docs/bets.md" not in help] == []


def test_the_quick_start_is_two_commands_the_first_making_a_virtual_environment():
    """.ci/run runs the second line in its own environment; the first must work on a stock Debian Python."""
    text = (ROOT / "README.md").read_text()
    block = re.search(r"## Quick start\n\n```\n(.*?)```", text, re.S).group(1)
    lines = [line for line in block.splitlines() if line.strip()]
    assert len(lines) == 2
    assert lines[0].startswith("python3 -m venv .venv && . .venv/bin/activate && pip install . && ")
    assert lines[1] == 'pip install ".[test]" && python -m pytest -q -n auto'
