"""tables/ is what the code generates, byte for byte.

The tables are generated once for the module (about 20 s of CPU, most of it the variants'
tables) and every test reads that one generation: the checks that go through
``check_tables``, ``write_tables`` or the ``tables`` command get it in place of
``exact_odds.report.tables.generate``, which they would otherwise call again (eight
generations in all). xdist's ``worksteal`` mode (pyproject.toml) starts each worker on a run of
consecutive tests, so the module's tests share a worker and the suite generates the tables once.
"""

import pytest

from exact_odds.report import tables
from exact_odds.report.tables import check_tables, write_tables

from conftest import ROOT


@pytest.fixture(scope="module")
def generated():
    """Every table, by file name, as the code generates it now."""
    return tables.generate()


@pytest.fixture
def generated_once(monkeypatch, generated):
    """``generate`` answers with the module's one generation (a copy: nothing a test does reaches it)."""
    monkeypatch.setattr(tables, "generate", lambda progress=None: dict(generated))


def test_checked_in_tables_match_the_code(generated_once):
    assert check_tables(ROOT / "tables") == []


def test_tables_dir_holds_exactly_the_generated_tables(generated):
    """Regenerating tables/ gives the same set of files: none missing, no orphan
    left behind by a renamed or removed generator (check_tables only looks at
    the files the code generates)."""
    on_disk = {p.name for p in (ROOT / "tables").iterdir() if p.is_file()}
    assert on_disk == set(generated)


def test_check_names_a_stale_file(tmp_path, generated_once):
    write_tables(tmp_path)
    assert check_tables(tmp_path) == []
    (tmp_path / "edge_8deck.md").write_text("stale\n")
    assert check_tables(tmp_path) == ["edge_8deck.md"]


def test_tables_have_no_timestamps_or_paths(generated):
    for name, text in generated.items():
        assert "/work" not in text and "/tmp" not in text and str(ROOT) not in text, name


def test_tables_check_exit_status(tmp_path, generated_once):
    from click.testing import CliRunner

    from exact_odds.cli import main

    runner = CliRunner()
    assert runner.invoke(main, ["tables", "--out", str(tmp_path)]).exit_code == 0
    assert runner.invoke(main, ["tables", "--check", "--out", str(tmp_path)]).exit_code == 0
    (tmp_path / "edge_1deck.csv").unlink()
    r = runner.invoke(main, ["tables", "--check", "--out", str(tmp_path)])
    assert r.exit_code == 1 and "edge_1deck.csv" in r.stderr
