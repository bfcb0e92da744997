"""tables/ is what the code generates, byte for byte."""

from exact_odds.report.tables import check_tables, generate, write_tables

from conftest import ROOT


def test_checked_in_tables_match_the_code():
    assert check_tables(ROOT / "tables") == []


def test_tables_dir_holds_exactly_the_generated_tables():
    """Regenerating tables/ gives the same set of files: none missing, no orphan
    left behind by a renamed or removed generator (check_tables only looks at
    the files the code generates)."""
    on_disk = {p.name for p in (ROOT / "tables").iterdir() if p.is_file()}
    assert on_disk == set(generate())


def test_check_names_a_stale_file(tmp_path):
    write_tables(tmp_path)
    assert check_tables(tmp_path) == []
    (tmp_path / "edge_8deck.md").write_text("stale\n")
    assert check_tables(tmp_path) == ["edge_8deck.md"]


def test_tables_have_no_timestamps_or_paths():
    for name, text in generate().items():
        assert "/work" not in text and "/tmp" not in text and str(ROOT) not in text, name


def test_tables_check_exit_status(tmp_path):
    from click.testing import CliRunner

    from exact_odds.cli import main

    runner = CliRunner()
    assert runner.invoke(main, ["tables", "--out", str(tmp_path)]).exit_code == 0
    assert runner.invoke(main, ["tables", "--check", "--out", str(tmp_path)]).exit_code == 0
    (tmp_path / "edge_1deck.csv").unlink()
    r = runner.invoke(main, ["tables", "--check", "--out", str(tmp_path)])
    assert r.exit_code == 1 and "edge_1deck.csv" in r.stderr
