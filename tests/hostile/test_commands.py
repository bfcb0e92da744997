"""Bad input for EVERY command: one line saying what is wrong, exit status 2,
nothing on standard output, never a traceback (issue 2, "Bad input"; the
same standard for every later command).

Each case names a fragment the message must contain, so a case that fails for
the wrong reason (a crash, click's generic text for another option) fails
here. ``test_every_command_has_bad_input_cases`` keeps the list complete when
a command is added.
"""

import os
import subprocess
import sys

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
        (["track", "--strict", "--decks", "1", "-"], "line 2", "9h Kd Qs 3c\n5h 5h 2d 3h\n"),
        (["track", "--strict", "-"], "line 2", "9h Kd\nQs 3x\n"),
        (["track", "-", "--commission", "x"], "commission"),
        (["track", "--count", "1,2,3", "-"], "13 comma-separated tags for A,2,...,10,J,Q,K"),
        (["track", "--strict", "-"], "line 1: nothing to undo", "u\n"),
    ],
    "live": [
        (["live", "--decks", "0"], "--decks"),
        (["live", "--count", "1,2"], "13 comma-separated tags for A,2,...,10,J,Q,K"),
        (["live", "--count", "nope"], "unknown bet 'nope'"),
        (["live"], "needs a terminal"),
    ],
    "serve": [  # each refused before the sessions folder is made
        (["serve", "--decks", "0"], "--decks"),
        (["serve", "--count", "1,2"], "13 comma-separated tags for A,2,...,10,J,Q,K"),
        (["serve", "--session", "a/b"], "cannot name a session"),
        (["serve", "--port", "-1"], "--port"),
    ],
    "simulate": [
        (["simulate", "--shoes", "0"], "--shoes"),
        (["simulate", "--decks", "0"], "--decks"),
        (["simulate", "--burn", "half"], "--burn"),
        (["simulate", "--seed", "x"], "--seed"),
        (["simulate", "--bets", "nope"], "unknown bet 'nope'"),
        (["simulate", "--shoes", "1", "--decks", "1", "--bets", "player_pair", "--count", "player_pair"],
         "reads ranks or suits"),
        (["simulate", "--shoes", "1", "--decks", "1", "--plot", "edge.jpg"], "name a .png, .svg or .pdf file"),
        (["simulate", "--shoes", "1", "--decks", "1", "--plot", "{missing}/edge.svg"], "there is no folder"),
    ],
    "report": [
        (["report", "--bets", "nope"], "unknown bet 'nope'"),
        (["report", "--decks", "1,1"], "twice"),
        (["report", "--format", "docx"], "--format"),
        (["report", "--bets", "tie", "--no-simulation", "-o", "{file}/out.html"], "--output: cannot write"),
    ],
    "chemin-de-fer": [
        (["chemin-de-fer", "--model", "C4"], "C4"),
        (["chemin-de-fer", "--model", "A1", "--decks", "6"], "infinite deck"),
        (["chemin-de-fer", "--commission", "1"], "below 1"),
        (["chemin-de-fer", "--format", "yaml"], "--format"),
    ],
    "information": [
        (["information", "--group", "7", "--high", "6"], "position 7 is outside 1-6"),
        (["information", "--group", "1", "--high", "0-9"], "all ten values"),
        (["information", "--group", "1", "--value", "1", "--high", "6"], "both --group and --value"),
        (["information", "--value", "1", "--shoe", "1,1,1,0,0,0,0,0,0,0,0,0,0"], "at least 6 cards"),
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
    assert set(CASES) == set(main.list_commands(None))


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

    a_file = tmp_path / "a_file"
    a_file.write_text("x\n")
    p = subprocess.run([sys.executable, "-m", "exact_odds", "sweep", "-", "-o", str(a_file / "out.csv")],
                       input=SHOE_13 + "\n", capture_output=True, text=True, cwd=ROOT,
                       env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert p.returncode == 2 and p.stdout == ""
    assert p.stderr.count("\n") == 1 and "Traceback" not in p.stderr, p.stderr


# === Found by a review of the CLI as a demanding user ================================
# Each case below once produced a traceback, a wrong exit status, a hang or a
# silently meaningless answer; the contract is the same: one line on stderr
# saying what is wrong, exit status 2, never a traceback.

from conftest import ROOT  # noqa: E402  (the repository's root: tests/hostile/ is two levels down)


def run(*args, input=None):
    return CliRunner().invoke(main, list(args), prog_name="exact-odds", input=input)


def assert_usage_error(r, *words):
    """Exit status 2, exactly one line on stderr naming the problem, no traceback."""
    assert r.exit_code == 2, (r.exit_code, r.output, r.exception)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "Traceback" not in r.output and "Traceback" not in r.stderr
    assert r.exception is None or isinstance(r.exception, SystemExit), repr(r.exception)
    for word in words:
        assert word in lines[0], lines[0]


# --- pay tables: a remainder by zero -----------------------------------------

MOD_ZERO = '[[bets.a.lines]]\nwhen = "player % 0 == 1"\npays = 1\n'


@pytest.mark.parametrize("command", [
    ["edge", "--decks", "1"],
    ["bet", "a", "--decks", "1"],
    ["breakeven", "a", "--decks", "1"],
    ["variants"],
    ["eor", "--decks", "1"],
])
def test_condition_remainder_by_zero_is_refused_when_the_file_is_read(tmp_path, command):
    """'player % 0' raised ZeroDivisionError (a traceback) once a coup was settled."""
    f = tmp_path / "mine.toml"
    f.write_text(MOD_ZERO)
    assert_usage_error(run(*command, "--paytable", str(f)), "mine.toml, line 2", "%")


@pytest.mark.parametrize("condition", ["player % (banker - banker) == 0", "player % -3 == 0", "player % cards == 1"])
def test_condition_remainder_needs_a_positive_whole_number(tmp_path, condition):
    f = tmp_path / "mine.toml"
    f.write_text(f'[[bets.a.lines]]\nwhen = "{condition}"\npays = 1\n')
    assert_usage_error(run("edge", "--decks", "1", "--paytable", str(f)), "%")


def test_condition_remainder_by_a_whole_number_still_works(tmp_path):
    """'player % 2 == 1' (an odd Player total) is priced: Player totals 1,3,5,7,9.

    Checked against the totals table of the same shoe: the sum of the Player
    counts of the odd totals."""
    import json

    f = tmp_path / "odd.toml"
    f.write_text('[[bets.odd.lines]]\nwhen = "player % 2 == 1"\npays = 1\n')
    r = run("bet", "odd", "--decks", "1", "--paytable", str(f), "--format", "json")
    assert r.exit_code == 0, r.output
    win = json.loads(r.stdout)["lines"][0]["count"]
    totals = json.loads(run("distribution", "--decks", "1", "--table", "totals", "--format", "json").stdout)["totals"]
    assert win == sum(row["player_count"] for row in totals if row["total"] % 2 == 1)


# --- sweep and track: input files and the output path --------------------------

EIGHT_DECKS = ",".join(["32"] * 13) + "\n"


@pytest.mark.parametrize("command", [["sweep"], ["track"]])
def test_a_binary_input_file_is_named_not_a_traceback(tmp_path, command):
    """A file that is not UTF-8 raised UnicodeDecodeError with a traceback."""
    f = tmp_path / "shoes.bin"
    f.write_bytes(b"\xff\xfe\x00garbage\n")
    assert_usage_error(run(*command, str(f)), "shoes.bin is not UTF-8 text")


@pytest.mark.parametrize("command", [["sweep", "-"], ["track", "-"]])
def test_binary_standard_input_is_named(command):
    assert_usage_error(run(*command, input=b"\xff\xfe\n"), "standard input is not UTF-8 text")


def test_sweep_skips_a_byte_order_mark(tmp_path):
    """A file saved by a Windows editor starts with U+FEFF; line 1 was refused as '\\ufeff32'.

    The 8-deck Banker count is Wizard of Odds' 2,292,252,566,437,888."""
    f = tmp_path / "shoes.txt"
    f.write_bytes(b"\xef\xbb\xbf" + EIGHT_DECKS.encode())
    r = run("sweep", str(f))
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[1].startswith("1,2292252566437888,")


@pytest.mark.parametrize("output, words", [
    ("", ["--output", "the file name is empty"]),
    ("no/such/dir/edges.csv", ["--output", "there is no folder"]),
])
def test_sweep_output_that_cannot_be_written(tmp_path, output, words):
    """-o '' and -o into a missing directory ended in FileNotFoundError tracebacks after all the work."""
    f = tmp_path / "shoes.txt"
    f.write_text(EIGHT_DECKS)
    assert_usage_error(run("sweep", str(f), "-o", output), *words)


@pytest.mark.parametrize("command", [["sweep", "-"], ["track", "-"], ["track"]])
def test_closed_standard_input_is_refused(command):
    """With stdin closed (cmd <&-) click itself failed with AttributeError: 'NoneType' ... 'flush'."""
    p = subprocess.run([sys.executable, "-m", "exact_odds", *command], capture_output=True, text=True,
                       cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, preexec_fn=lambda: os.close(0),
                       timeout=60)
    assert p.returncode == 2, p.stderr
    assert "Traceback" not in p.stderr
    assert p.stderr.strip().splitlines() == [p.stderr.strip()]
    assert "standard input is closed" in p.stderr


# --- tables: the --out directory -----------------------------------------------

def test_tables_out_that_cannot_be_created(tmp_path):
    """--out under a regular file raised NotADirectoryError from mkdir with a traceback."""
    f = tmp_path / "a_file"
    f.write_text("")
    assert_usage_error(run("tables", "--out", str(f / "sub")), "cannot write the tables")


def test_tables_check_of_a_missing_directory_says_so(tmp_path):
    """--check of a directory that does not exist listed ~100 'differs:' lines and exited 1."""
    assert_usage_error(run("tables", "--check", "--out", str(tmp_path / "nowhere")), "there is no directory")


# --- simulate: shoes too large to deal ------------------------------------------

@pytest.mark.parametrize("decks, words", [
    ("100000", ["too many to simulate", "at most 100"]),
    ("101", ["too many to simulate"]),
    ("0", ["from 1 to 100"]),
    ("-3", ["from 1 to 100"]),
])
def test_simulate_refuses_shoes_it_cannot_deal_in_reasonable_time(decks, words):
    """--decks 100000 ran for well over minutes (hours, by the measured growth) with no output."""
    assert_usage_error(run("simulate", "--shoes", "1", "--decks", decks), *words)


# --- choosing bets: empty selections ---------------------------------------------

@pytest.mark.parametrize("command", [["edge", "--decks", "1"], ["eor", "--decks", "1"], ["simulate", "--shoes", "1"]])
@pytest.mark.parametrize("option, value, words", [
    ("--bets", "", ["--bets names no bet"]),
    ("--bets", " , ", ["--bets names no bet"]),
    ("--variant", "", ["--variant is empty"]),
])
def test_an_empty_bet_selection_is_refused(command, option, value, words):
    """--bets '' (say, an unset shell variable) silently priced the standard variant instead."""
    assert_usage_error(run(*command, option, value), *words)


# --- breakeven --commission on a line that is not "1 to 1 less a commission" --------

@pytest.mark.parametrize("name", ["tie", "dragon_bonus_player"])
def test_breakeven_commission_needs_an_even_money_line(name):
    """'breakeven tie --commission' printed 'As dealt c = -7' and a break-even commission of -8.509:
    the Tie pays 8, which is no commission at all."""
    assert_usage_error(run("breakeven", name, "--commission"), "--commission needs a line paying between 0 and 1")


def test_a_huge_commission_is_quoted_as_typed():
    """--commission 1e999 printed its 1000-digit value in the error line."""
    r = run("edge", "--commission", "1e999")
    assert_usage_error(r, "commission 1e999 is not between 0 and 1")
    assert len(r.stderr) < 200


@pytest.mark.parametrize("condition, part", [
    ("player", "'player'"),               # a slip for player_wins: held whenever the total is not 0
    ("margin - 4", "'margin - 4'"),       # held whenever the margin is not 4
    ("tie and (1, 2)", "'(1, 2)'"),       # always true
    ("not margin", "'margin'"),
    ("banker_wins or cards", "'cards'"),
])
def test_a_number_used_as_a_condition_is_refused(tmp_path, condition, part):
    """when = "player" was priced as 'Player's total is not 0' without a word."""
    f = tmp_path / "mine.toml"
    f.write_text(f'[[bets.a.lines]]\nwhen = "{condition}"\npays = 1\n')
    assert_usage_error(run("edge", "--decks", "1", "--paytable", str(f)),
                       "mine.toml, line 2", f"uses {part} where a true/false condition is needed")


def test_simulate_refuses_more_shoes_than_it_can_seed():
    """--shoes 100000000000 drew a seed per shoe up front and died with MemoryError (or swapped)."""
    assert_usage_error(run("simulate", "--shoes", "100000000000"), "--shoes", "1<=x<=1000000")


# --- chemin de fer: --decks inf ---------------------------------------------------

def test_chemin_de_fer_decks_inf_points_to_model_a1():
    """--decks inf (accepted by every other command) said only "'inf' is not a valid integer"."""
    assert_usage_error(run("chemin-de-fer", "--decks", "inf"), "model A1")


@pytest.mark.parametrize("decks", ["abc", "1.5", "0"])
def test_chemin_de_fer_decks_must_be_whole(decks):
    assert_usage_error(run("chemin-de-fer", "--decks", decks), "--decks must be a whole number >= 1")


# --- --paytable: which bets a file brings -------------------------------------------

def bet_names(r):
    assert r.exit_code == 0, r.output
    return [line.split(",")[0] for line in r.stdout.strip().splitlines()[1:]]


def test_the_same_paytable_twice_prices_its_bets_once(tmp_path):
    """--paytable f --paytable f (or two files with the same key) listed the bet twice."""
    f = tmp_path / "mine.toml"
    f.write_text('[bets.mine]\nname = "Mine"\n[[bets.mine.lines]]\nwhen = "tie"\npays = 9\n')
    r = run("edge", "--decks", "1", "--paytable", str(f), "--paytable", str(f), "--format", "csv")
    assert bet_names(r) == ["Mine"]


def test_a_paytable_of_variants_only_does_not_price_the_whole_catalog(tmp_path):
    """A file with only [variants.X] made 'edge --paytable f' price all 42 built-in bets.

    With no bets of its own the file changes nothing until --variant X is asked for."""
    f = tmp_path / "mine.toml"
    f.write_text('[variants.mine]\nbets = ["banker", "tie"]\n')
    assert bet_names(run("edge", "--decks", "1", "--paytable", str(f), "--format", "csv")) == ["Banker", "Player", "Tie"]
    assert bet_names(run("edge", "--decks", "1", "--paytable", str(f), "--variant", "mine", "--format", "csv")) \
        == ["Banker", "Tie"]


def test_distribution_prints_a_repeated_table_once():
    """--table cards --table cards printed the table twice (two CSV headers in one file)."""
    r = run("distribution", "--decks", "1", "--table", "cards", "--table", "cards", "--format", "csv")
    assert r.exit_code == 0, r.output
    assert r.stdout.count("Cards,Count,Probability,Exact") == 1


def test_track_says_it_waits_for_cards_typed_at_a_terminal(monkeypatch):
    """'exact-odds track' with no LOG on a terminal printed the first coup and waited without a word."""
    import importlib

    cli_shoe = importlib.import_module("exact_odds.cli.track")  # the module: exact_odds.cli.track is the command

    monkeypatch.setattr(cli_shoe, "reading_a_terminal", lambda stream: True)
    r = run("track", input="")
    assert r.exit_code == 0, r.output
    assert "end with Ctrl-D" in r.stderr
    monkeypatch.setattr(cli_shoe, "reading_a_terminal", lambda stream: False)
    assert "Ctrl-D" not in run("track", input="").stderr


# --- a variant where a bet is meant, and the reverse -----------------------------------

@pytest.mark.parametrize("args, words", [
    (["bet", "ez"], ["'ez' is a variant, not a bet", "ez_banker"]),
    (["edge", "--bets", "ez"], ["'ez' is a variant, not a bet"]),
    (["edge", "--variant", "banker"], ["'banker' is a bet, not a variant", "--bets banker"]),
])
def test_a_variant_for_a_bet_says_which_is_which(args, words):
    """'bet ez' answered with the list of all 42 bet keys, none of them 'ez'."""
    assert_usage_error(run(*args), *words)


@pytest.mark.parametrize("condition", ["not " * 5000 + "tie", " + ".join(["player"] * 20000) + " == 1"])
def test_a_condition_too_deep_to_parse_is_refused(tmp_path, condition):
    """Thousands of 'not' (or a 20,000-term sum) raised RecursionError from Python's parser."""
    f = tmp_path / "mine.toml"
    f.write_text(f'[[bets.a.lines]]\nwhen = "{condition}"\npays = 1\n')
    assert_usage_error(run("edge", "--decks", "1", "--paytable", str(f)), "nested too deeply")


@pytest.mark.parametrize("value", ["[" * 5000 + "]" * 5000, "{a=" * 3000 + "1" + "}" * 3000])
def test_a_pay_table_nested_too_deeply_for_toml_is_refused(tmp_path, value):
    """x = [[[[...]]]] thousands deep raised RecursionError from tomllib."""
    f = tmp_path / "mine.toml"
    f.write_text(f"x = {value}\n")
    assert_usage_error(run("edge", "--decks", "1", "--paytable", str(f)), "mine.toml", "nested too deeply")


# --- deck counts beyond what can be printed or computed in time ---------------------------

HUGE = "9" * 800


@pytest.mark.parametrize("command", [["edge"], ["bet", "banker"], ["distribution"], ["banque"], ["eor"]])
def test_more_than_10_18_decks_are_refused(command):
    """At 10^800 decks 'bet' and 'distribution' failed printing counts past Python's 4300 digits
    (ValueError traceback) and banque ran past two minutes."""
    assert_usage_error(run(*command, "--decks", HUGE), "at most 10^18 decks", "--decks inf")


def test_10_18_decks_still_work_and_approach_the_infinite_deck():
    """The largest deck count allowed is priced exactly; its Banker edge agrees with the infinite
    deck's (1.063999%, Wizard of Odds, docs/rules.md §4) to the printed digits."""
    r = run("edge", "--decks", str(10**18), "--format", "csv")
    assert r.exit_code == 0, r.output
    assert r.stdout.splitlines()[1].split(",")[6] == "1.063999%"


@pytest.mark.parametrize("args, words", [
    (["edge", "--shoe", "9" * 5000 + ",4,4,4,4,4,4,4,4,4,4,4,4"], ["--shoe: at most 52 x 10^18 cards"]),
    (["edge", "--shoe", str(10**21) + ",4,4,4,4,4,4,4,4,4,4,4,4"], ["--shoe: at most 52 x 10^18 cards"]),
    (["edge", "--decks", "9" * 5000], ["at most 10^18 decks"]),
    (["breakeven", "tie", "--line", "9" * 5000], ["Tie has no pay line"]),
])
def test_numbers_past_pythons_4300_digit_limit_are_refused(args, words):
    """int() of more than 4300 digits raised 'Exceeds the limit ... for integer string conversion'."""
    assert_usage_error(run(*args), *words)


def test_sweep_refuses_a_count_past_the_limit():
    assert_usage_error(run("sweep", "-", input="9" * 5000 + ",4,4,4,4,4,4,4,4,4,4,4,4\n"), "line 1")


@pytest.mark.parametrize("decks", [HUGE, "9" * 5000, str(10**18 + 1)])
def test_chemin_de_fer_refuses_more_than_10_18_decks(decks):
    """At 10^800 decks models B2 and B3 died printing a 4300+ digit integer (ValueError traceback)."""
    assert_usage_error(run("chemin-de-fer", "--model", "B2", "--decks", decks), "at most 10^18 decks", "--model A1")


# --- the command line itself ---------------------------------------------------------

def test_no_command_shows_the_help_as_help():
    """'exact-odds' alone printed the whole help squeezed into one 'error: Usage: ...' line."""
    r = run()
    assert r.exit_code == 0, r.output
    assert r.stdout.startswith("Usage: exact-odds")
    assert "\nCommands:\n" in r.stdout and "error" not in r.stdout + r.stderr


@pytest.mark.parametrize("args, where", [
    (["edge", "--format"], "exact-odds edge: error: Option '--format' requires an argument"),
    (["sweep", "x", "--jobs"], "exact-odds sweep: error: Option '--jobs' requires an argument"),
    (["edge", "--exact=yes"], "exact-odds edge: error: Option '--exact' does not take a value"),
])
def test_an_option_missing_its_value_names_the_command(args, where):
    """Such errors pointed to 'exact-odds --help' instead of the command's own help."""
    r = run(*args)
    assert_usage_error(r, where, f"(see '{where.split(':')[0]} --help')")


def test_variants_names_with_a_paytable_is_a_conflict():
    """--paytable was silently ignored (not even read) with --names."""
    assert_usage_error(run("variants", "--names", "--paytable", "mine.toml"), "drop --paytable")


# --- --jobs -------------------------------------------------------------------------------

@pytest.mark.parametrize("command", [["sweep", "-"], ["simulate", "--shoes", "1"]])
def test_jobs_is_bounded(command):
    """--jobs 100000 would fork 100,000 worker processes at once."""
    assert_usage_error(run(*command, "--jobs", "100000"), "--jobs", "1<=x<=64")


def test_no_more_worker_processes_than_items(monkeypatch):
    """--jobs 200 for 2 shoes started a pool of 200 processes (198 idle)."""
    from exact_odds.in_play.workers import parallel as jobs

    sizes = []
    real = jobs.process_executor

    def recording(n):
        sizes.append(n)
        return real(n)

    monkeypatch.setattr(jobs, "process_executor", recording)
    assert list(jobs.run(abs, [-1, -2], jobs=200)) == [1, 2]
    assert sizes == [2]
    assert list(jobs.run(abs, [-3], jobs=200)) == [3] and sizes == [2]  # one item: no pool at all


def test_track_text_columns_show_whole_bet_names():
    """Names cut to 12 characters made both Dragon Bonus bets read 'Dragon Bonus'."""
    r = run("track", "--bets", "dragon_bonus_player,dragon_bonus_banker", input="5h Kd 9c 2s 3d 4h\n")
    assert r.exit_code == 0, r.output
    header = r.stdout.splitlines()[1]
    assert "Dragon Bonus Player" in header and "Dragon Bonus Banker" in header
