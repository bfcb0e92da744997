"""Hostile input to banque's --solution and --theta-range (one line on stderr, exit 2, quickly)."""

import pytest
from conftest import assert_bad_input_is_one_line

EQ = ["banque", "--equilibrium", "--decks", "inf"]
CASES = (
    [(EQ + ["--solution", v], "--solution") for v in ["foo", "", "Nash2", "x" * 500]]
    + [(["banque", "--solution", "correlated"], "--solution")]
    + [(EQ + ["--punters", "know-cards", "--solution", "correlated"], "--solution")]
    + [(EQ + ["--theta-range", v], "--theta-range") for v in [
        "1/10:1/5:0", "1/10:1/5:-1/100", "0:1/2:1/10", "1/2:1:1/10", "-1:1/2:1/10", "1/2:3/2:1/10",
        "1/2:1/4:1/10", "1/10:9/10:1/100000", "abc", "1:2", "1/10:1/5:1/100:1", "x:y:z", "::", "9" * 200]]
    + [(["banque", "--theta-range", "1/10:1/5:1/100"], "--theta-range")]
    + [(EQ + ["--theta", "1/2", "--theta-range", "1/10:1/5:1/100"], "--theta")]
    + [(EQ + ["--punters", "know-cards", "--theta-range", "1/10:1/5:1/100"], "--theta-range")]
)


@pytest.mark.parametrize("args, names", CASES, ids=[" ".join(a)[:60] for a, _ in CASES])
def test_bad_input_is_one_line_exit_2_quickly(args, names):
    assert_bad_input_is_one_line(args, names)


CHEMIN = (
    [(["chemin-de-fer", "--model", m, "--exceptional-commissions"], "--exceptional-commissions") for m in ("A1", "B3")]
    + [(["chemin-de-fer", "--model", "B2", "--exceptional-commissions", "--commission", "1/20"], "--commission")]
)


@pytest.mark.parametrize("args, names", CHEMIN, ids=[" ".join(a)[:60] for a, _ in CHEMIN])
def test_chemin_exceptional_commissions_bad_input(args, names):
    assert_bad_input_is_one_line(args, names)
