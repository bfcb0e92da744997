"""Hostile pay-table files and commissions on every command that reads them (issue 11, causes 2-7).

edge, bet, breakeven, variants, eor, sweep, track and simulate all read
--paytable (and, except breakeven and variants, --commission) through
exact_odds/bets/. Each bad input must be one line on stderr, exit status 2,
no traceback, quickly, and the message must name the problem.
"""

import os
import time

import pytest
from click.testing import CliRunner

from exact_odds.bets.catalog import MAX_PAYTABLE_BYTES
from exact_odds.cli import main

#: The time one refusal may take (the work itself, for a valid file, would take far longer on 8 decks).
BOUND = 5.0

LINE = '[bets.x]\nname = "X"\n[[bets.x.lines]]\nwhen = "{when}"\npays = {pays}\n'


def table(when="banker_wins", pays="1"):
    return LINE.format(when=when, pays=pays)


#: name: (file text, words the message must hold)
BAD_FILES = {
    # cause 2: huge exponents or digits in a payout
    "pays 1e-5000": (table(pays='"1e-5000"'), ["pays", "exponent"]),
    "pays 1e-2200": (table(pays='"1e-2200"'), ["pays", "exponent"]),
    "pays 1e999999999": (table(pays='"1e999999999"'), ["pays", "exponent"]),
    "pays 100-digit denominator": (table(pays='"1/' + "3" * 100 + '"'), ["pays", "digits"]),
    "otherwise 1e-99999": (table().replace('name = "X"', 'name = "X"\notherwise = "1e-99999"'), ["otherwise", "exponent"]),
    "pays a float (kept)": (table(pays="0.95"), ["pays", "float"]),
    "pays a list": (table(pays="[1]"), ["pays", "expected a number"]),
    "pays a date": (table(pays="1979-05-27"), ["pays", "expected a number"]),
    "pays nan": (table(pays="nan"), ["pays", "float"]),
    "pays a 5000-digit integer": (table(pays="1" + "0" * 5000), ["not valid TOML", "4300 digits"]),
    "pays a 200-digit integer": (table(pays="1" + "0" * 200), ["pays", "digits"]),
    "condition nested too deeply": (table("not " * 5000 + "tie"), ["nested too deeply"]),
    "condition 5000-digit number": (table("player == " + "9" * 5000), ["cannot parse"]),
    # cause 3: conditions that Python would evaluate only to fail
    "tie in 5": (table("tie in 5"), ["tie in 5", "'in'", "true/false"]),
    "player < (1, 2)": (table("player < (1, 2)"), ["player < (1, 2)", "<", "numbers"]),
    "(1,2) + player == 3": (table("(1,2) + player == 3"), ["+", "numbers"]),
    "player in player": (table("player in player"), ["'in'", "list of numbers"]),
    "tie == 1": (table("tie == 1"), ["==", "true/false", "a number"]),
    "not (1, 2)": (table("not (1, 2)"), ["true/false condition is needed"]),
    "tuple of true/false": (table("player in (tie, 1)"), ["may hold only numbers"]),
    "a number alone (kept)": (table("margin - 4"), ["true/false condition is needed"]),
    # cause 5: a minus sign on anything but a whole number
    "minus on a name": (table("-player == 1"), ["minus sign", "-1"]),
    "minus twice": (table("player_third == --1"), ["minus sign"]),
    # cause 4 and the schema: every field its type
    "variant bets holds a list": ('[variants.v]\nbets = [[1], "banker"]\n', ["variants.v.bets", "bet keys", "a list"]),
    "variant bets holds a table": ('[variants.v]\nbets = [{a = 1}]\n', ["variants.v.bets", "bet keys", "a table"]),
    "variant bets holds a number": ('[variants.v]\nbets = [7]\n', ["variants.v.bets", "bet keys"]),
    "variant description a list": ('[variants.v]\nbets = ["banker"]\ndescription = [1]\n', ["description", "string"]),
    "variant unknown field": ('[variants.v]\nbets = ["banker"]\ncolour = "red"\n', ["colour", "unknown field"]),
    "name a number": (table().replace('name = "X"', "name = 5"), ["bets.x.name", "string"]),
    "description a table": (table().replace('name = "X"', "description = {a = 1}"), ["description", "string"]),
    "otherwise_label true": (table().replace('name = "X"', "otherwise_label = true"), ["otherwise_label", "string"]),
    "label a list": (table().replace("pays = 1", "pays = 1\nlabel = [1]"), ["label", "string"]),
    "when a number": (table().replace('when = "banker_wins"', "when = 5"), ["when", "string"]),
    "lines a table": ('[bets.x]\nlines = {when = "tie", pays = 8}\n', ["bets.x", "lines"]),
    "lines holding a number": ('[bets.x]\nlines = [1]\n', ["bets.x.lines[1]", "table"]),
    "NUL in a condition": (table("tie\\u0000"), ["cannot parse"]),
}

#: (command, arguments before --paytable FILE), for every command that reads --paytable.
COMMANDS = {
    "edge": ["edge", "--decks", "8"],
    "bet": ["bet", "x", "--decks", "8"],
    "breakeven": ["breakeven", "x", "--decks", "8"],
    "variants": ["variants"],
    "eor": ["eor", "--decks", "8"],
    "sweep": ["sweep", "{shoes}"],
    "track": ["track", "{log}", "--decks", "8"],
    "simulate": ["simulate", "--shoes", "1", "--decks", "8"],
}
#: the commands that take --commission C
COMMISSION = ["edge", "bet", "eor", "sweep", "track", "simulate"]


def run(args, tmp_path):
    shoes = tmp_path / "shoes.txt"
    shoes.write_text("4,4,4,4,4,4,4,4,4,4,4,4,4\n")
    log = tmp_path / "log.txt"
    log.write_text("")
    args = [a.format(shoes=shoes, log=log) for a in args]
    t = time.perf_counter()
    r = CliRunner().invoke(main, args, prog_name="exact-odds", input="")
    return r, time.perf_counter() - t


def refused(r, seconds, *needles):
    assert seconds < BOUND, f"took {seconds:.1f} s"
    assert r.exit_code == 2, (r.exit_code, r.output)
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception
    lines = r.output.strip().splitlines()
    assert len(lines) == 1, r.output
    assert "Traceback" not in r.output and "error:" in lines[0]
    for n in needles:
        assert n in lines[0], (n, lines[0])
    return lines[0]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", sorted(BAD_FILES))
def test_bad_paytable_file_is_one_line_on_every_command(tmp_path, command, case):
    text, needles = BAD_FILES[case]
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    r, seconds = run(COMMANDS[command] + ["--paytable", str(path)], tmp_path)
    refused(r, seconds, str(path), *needles)


@pytest.mark.parametrize("command", ["edge", "bet", "breakeven", "variants", "eor", "simulate"])
def test_huge_payout_with_format_json_is_one_line(tmp_path, command):
    path = tmp_path / "bad.toml"
    path.write_text(table(pays='"1e-2200"'))
    r, seconds = run(COMMANDS[command] + ["--paytable", str(path), "--format", "json"], tmp_path)
    refused(r, seconds, "exponent")


def special_files(tmp_path):
    """(path, words) for files that are not regular or are too large: none may be read through."""
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * MAX_PAYTABLE_BYTES + "\n" + table())
    out = {"/dev/zero": ("/dev/zero", ["device", "regular file"]),
           "/dev/urandom": ("/dev/urandom", ["device", "regular file"]),
           "fifo": (str(fifo), ["FIFO", "regular file"]),
           "folder": (str(tmp_path), ["folder", "regular file"]),
           "over 1 MiB": (str(big), ["1 MiB"]),
           "missing": (str(tmp_path / "none.toml"), ["cannot read"]),
           "empty name": ("", ["empty"])}
    return out


SPECIAL = ["/dev/zero", "/dev/urandom", "fifo", "folder", "over 1 MiB", "missing", "empty name"]


@pytest.mark.parametrize("command", sorted(COMMANDS))
@pytest.mark.parametrize("case", SPECIAL)
def test_special_paytable_files_are_refused_before_reading(tmp_path, command, case):
    path, needles = special_files(tmp_path)[case]
    r, seconds = run(COMMANDS[command] + ["--paytable", path], tmp_path)
    refused(r, seconds, *needles)


BAD_COMMISSIONS = {
    "1e999999999": ["commission", "not between 0 and 1"],
    "2.5E+100%": ["commission", "not between 0 and 1"],
    "1e-99999": ["commission", "exponent"],
    "1/" + "9" * 100: ["commission", "digits"],
    "abc": ["commission", "expected a fraction"],
    "2": ["commission", "between 0 and 1"],
    "-1/20": ["commission", "between 0 and 1"],
    "5%%": ["commission", "expected a fraction"],
}


@pytest.mark.parametrize("command", COMMISSION)
@pytest.mark.parametrize("value", sorted(BAD_COMMISSIONS))
def test_bad_commission_is_one_line_on_every_command(tmp_path, command, value):
    args = [a if a != "x" else "banker" for a in COMMANDS[command]]
    r, seconds = run(args + ["--commission", value], tmp_path)
    refused(r, seconds, *BAD_COMMISSIONS[value])


# --- inputs that must now be accepted --------------------------------------------

@pytest.mark.parametrize("command", ["edge", "bet", "breakeven", "variants"])
def test_a_paytable_with_a_byte_order_mark_is_read(tmp_path, command):
    path = tmp_path / "bom.toml"
    path.write_bytes(b"\xef\xbb\xbf" + table("player_wins and player_third == -1", "1").encode())
    args = {"edge": ["edge", "--decks", "1"], "bet": ["bet", "x", "--decks", "1"],
            "breakeven": ["breakeven", "x", "--decks", "1"], "variants": ["variants"]}[command]
    r, seconds = run(args + ["--paytable", str(path)], tmp_path)
    assert r.exit_code == 0, r.output
    assert "X" in r.output


def test_minus_one_prices_as_did_not_draw(tmp_path):
    """'player_third == -1' (cause 5) is the same bet as 'player_cards == 2', in every figure."""
    import json

    figures = []
    for when in ("player_third == -1", "player_cards == 2"):
        path = tmp_path / "t.toml"
        path.write_text(table(when, '"3/2"'))
        r, _ = run(["bet", "x", "--decks", "1", "--paytable", str(path), "--format", "json"], tmp_path)
        assert r.exit_code == 0, r.output
        data = json.loads(r.output)
        figures.append([(line["count"], line["pays"]) for line in data["lines"]] + [data["expected_value"]])
    assert figures[0] == figures[1]
    assert figures[0][0][0] > 0  # the Player stands on some coups
