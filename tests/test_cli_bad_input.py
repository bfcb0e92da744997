"""Bad input for EVERY command: one line saying what is wrong, exit status 2,
nothing on standard output, never a traceback (issue 2, "Bad input"; the
same standard for every later command).

Each case names a fragment the message must contain, so a case that fails for
the wrong reason (a crash, click's generic text for another option) fails
here. ``test_every_command_has_bad_input_cases`` keeps the list complete when
a command is added.
"""

import pytest
from click.testing import CliRunner

from exact_odds.cli import main

SHOE_13 = ",".join(["4"] * 13)

CASES = {
    "edge": [
        (["edge", "--decks", "0"], "--decks"),
        (["edge", "--shoe", "4,4"], "13 rank counts"),
        (["edge", "--remove", "Z"], "unknown card 'Z'"),
        (["edge", "--format", "docx"], "--format"),
        (["edge", "--variant", "nope"], "unknown variant 'nope'"),
        (["edge", "--commission", "3/2"], "commission"),
    ],
    "tables": [
        (["tables", "--out", "{file}"], "is a file"),
        (["tables", "--out", "{file}/sub"], "--out: cannot write the tables"),
    ],
    "variants": [
        (["variants", "--format", "docx"], "--format"),
        (["variants", "--paytable", "{missing}"], "cannot read pay table"),
    ],
    "bet": [
        (["bet"], "Missing argument 'NAME'"),
        (["bet", "nope"], "unknown bet 'nope'"),
        (["bet", "banker", "--decks", "0"], "--decks"),
        (["bet", "tie", "--commission", "1/25"], "--commission applies to the Banker bet"),
    ],
    "distribution": [
        (["distribution", "--table", "nope"], "--table"),
        (["distribution", "--decks", "-1"], "--decks"),
        (["distribution", "--decks", "1", "--remove", "A,A,A,A,A"], "no A left"),
    ],
    "breakeven": [
        (["breakeven", "nope"], "unknown bet 'nope'"),
        (["breakeven", "tie", "--decks", "x"], "--decks"),
        (["breakeven", "tie", "--line", "7"], "no pay line '7'"),
    ],
    "sweep": [
        (["sweep", "{missing}"], "No such file"),
        (["sweep", "-", "--jobs", "0"], "--jobs"),
        (["sweep", "-", "--bets", "nope"], "unknown bet 'nope'"),
        (["sweep", "-", "--commission", "2"], "commission 2 is not between 0 and 1"),
        (["sweep", "-"], "line 1", "4,4,x\n"),
        (["sweep", "-", "-o", "{file}/out.csv"], "--output: cannot write"),
    ],
    "eor": [
        (["eor", "--decks", "inf"], "finite shoe"),
        (["eor", "--bets", "banker,nope"], "unknown bet 'nope'"),
        (["eor", "--level", "0"], "--level"),
        (["eor", "--shoe", "1,1,1,1,1,1,0,0,0,0,0,0,0"], "at least 7 cards"),
        (["eor", "--bets", "player_pair"], "ranks or suits"),
    ],
    "track": [
        (["track", "--decks", "0", "-"], "--decks"),
        (["track", "{missing}"], "No such file"),
        (["track", "--decks", "1", "-"], "line 2", "9h Kd Qs 3c\n5h 5h 2d 3h\n"),
        (["track", "-"], "line 2", "9h Kd\nQs 3x\n"),
        (["track", "-", "--commission", "x"], "commission"),
    ],
    "simulate": [
        (["simulate", "--shoes", "0"], "--shoes"),
        (["simulate", "--decks", "0"], "--decks"),
        (["simulate", "--burn", "half"], "--burn"),
        (["simulate", "--seed", "x"], "--seed"),
        (["simulate", "--bets", "nope"], "unknown bet 'nope'"),
        (["simulate", "--shoes", "1", "--decks", "1", "--bets", "player_pair"], "ranks or suits"),
    ],
    "chemin-de-fer": [
        (["chemin-de-fer", "--model", "C4"], "C4"),
        (["chemin-de-fer", "--model", "A1", "--decks", "6"], "infinite deck"),
        (["chemin-de-fer", "--commission", "1"], "below 1"),
        (["chemin-de-fer", "--format", "yaml"], "--format"),
    ],
    "banque": [
        (["banque", "--theta", "2"], "--theta must be between 0 and 1"),
        (["banque", "--banker", "greedy"], "--banker must be one of"),
        (["banque", "--remove", "Z"], "unknown card 'Z'"),
        (["banque", "--shoe", "1,1,1,1,1,1,1,1,0,0,0,0,0"], "at least 9 cards"),
    ],
}

#: track is live: it prints the edges before each coup as the log arrives, so a
#: bad line late in a log comes after rows already printed (exactly the rows of
#: the coups before it). Every other command writes nothing on bad input.
LIVE = {"track"}

FLAT = [(command, case) for command, cases in CASES.items() for case in cases]


def test_every_command_has_bad_input_cases():
    assert set(CASES) == set(main.commands)


@pytest.mark.parametrize("command, case", FLAT, ids=[" ".join(case[0]) for _, case in FLAT])
def test_bad_input_is_one_line_exit_2_no_traceback(tmp_path, command, case):
    args, fragment, *stdin = case
    a_file = tmp_path / "a_file"
    a_file.write_text("not a directory\n")
    args = [a.format(file=a_file, missing=tmp_path / "missing.txt") for a in args]
    r = CliRunner().invoke(main, args, prog_name="exact-odds", input=stdin[0] if stdin else "")
    assert r.exit_code == 2, (r.exit_code, r.output, r.exception)
    if command in LIVE:
        assert "error" not in r.stdout and "Traceback" not in r.stdout, r.stdout
    else:
        assert r.stdout == "", r.stdout
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith(f"exact-odds {command}: error: ") or lines[0].startswith("exact-odds: error: "), lines[0]
    assert fragment in lines[0], lines[0]
    assert "Traceback" not in r.stderr


def test_sweep_unwritable_output_from_the_real_console_script(tmp_path):
    """Regression: an --output in a directory that cannot exist used to end in a
    FileNotFoundError traceback after all the work was done."""
    import subprocess
    import sys

    from conftest import ROOT

    a_file = tmp_path / "a_file"
    a_file.write_text("x\n")
    p = subprocess.run([sys.executable, "-m", "exact_odds", "sweep", "-", "-o", str(a_file / "out.csv")],
                       input=SHOE_13 + "\n", capture_output=True, text=True, cwd=ROOT,
                       env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr, p.stderr
