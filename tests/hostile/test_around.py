"""Hostile input for what issue 14's third round added around pricing: a sweep file checked at once
(sweep_file._clean_file) and read a chunk at once, its rows made from arrays (PriceBlock), the
command line's lazy commands, and RatioMoments.add_columns."""

import click
import numpy as np
import pytest
from click.testing import CliRunner

from exact_odds.cli import main
from exact_odds.cli.app import Main
from exact_odds.in_play.simulate.statistics import RatioMoments
from exact_odds.in_play.sweep.sweep import PriceBlock, ShoePrice, check_sweep_lines
from tests.conftest import assert_bad_input_is_one_line

ROW = ",".join(["4"] * 13)


def _sweep_file(tmp_path, text, name="shoes.txt"):
    path = tmp_path / name
    path.write_bytes(text if isinstance(text, bytes) else text.encode())
    return str(path)


@pytest.mark.parametrize("bad, says", [
    (ROW + ",4", "got 14"),  # 14 counts
    (",".join(["1" * 31] + ["4"] * 12), "31 digits"),  # over 30 digits
    (",".join(["0"] * 12 + ["5"]), "5 cards"),  # too few cards for a coup
    (ROW.replace("4", "4\x00", 1), "not a whole number"),  # a NUL byte
    (ROW[:-1] + "٤", "not a whole number"),  # an Arabic-Indic digit
    (ROW + ",", "got 14"),  # a trailing comma
])
def test_a_bad_line_after_clean_ones_is_named_in_one_line(tmp_path, bad, says):
    text = (ROW + "\n") * 2000 + bad + "\n" + (ROW + "\n") * 10
    assert_bad_input_is_one_line(["sweep", _sweep_file(tmp_path, text)], "line 2001: ", seconds=10)
    r = CliRunner().invoke(main, ["sweep", _sweep_file(tmp_path, text)])
    assert says in r.output


def test_crlf_a_byte_order_mark_and_no_final_newline_read_as_a_clean_file_does(tmp_path):
    clean = CliRunner().invoke(main, ["sweep", _sweep_file(tmp_path, (ROW + "\n") * 3, "a.txt")])
    for text in (b"\xef\xbb\xbf" + (ROW.encode() + b"\r\n") * 3, (ROW.encode() + b"\n") * 2 + ROW.encode(),
                 (ROW.encode() + b"\r") * 3):
        r = CliRunner().invoke(main, ["sweep", _sweep_file(tmp_path, text, "b.txt")])
        assert r.exit_code == 0 and r.output == clean.output, r.output


def test_a_file_that_is_not_text_is_refused_in_one_line(tmp_path):
    assert_bad_input_is_one_line(["sweep", _sweep_file(tmp_path, b"\xff\xfe" + ROW.encode() + b"\n")], "UTF-8")


def test_check_sweep_lines_refuses_what_is_not_lines():
    with pytest.raises(TypeError, match="not one string"):
        check_sweep_lines(ROW + "\n")
    with pytest.raises(TypeError, match="must be str"):
        check_sweep_lines([ROW + "\n", b"4,4\n"])
    with pytest.raises(TypeError, match="max_cards"):
        check_sweep_lines([ROW + "\n"], max_cards="416")
    assert check_sweep_lines([]) == []


def test_a_price_block_out_of_range_is_an_index_error():
    block = PriceBlock([[1, 2, 3, 4]], [10], (1,))
    assert block[0] == ShoePrice(1, 2, 3, 10, (4,), (1,))
    with pytest.raises(IndexError):
        block[1]


def test_a_command_that_is_not_there_is_one_line_and_a_lazy_one_that_fails_to_import_says_so():
    assert_bad_input_is_one_line(["simulat"], "No such command")
    if hasattr(click.exceptions, "NoSuchCommand"):  # click >= 8.2 suggests close names
        assert_bad_input_is_one_line(["simulat"], "Did you mean 'simulate'?")
    group = click.group(cls=Main)(lambda: None)
    group.add_lazy_commands({"gone": "exact_odds.no_such_module:command"})
    assert group.list_commands(None) == ["gone"]
    with pytest.raises(ModuleNotFoundError):
        group.get_command(None, "gone")


def test_add_columns_refuses_arrays_that_do_not_fit():
    with pytest.raises(ValueError, match="S x K"):
        RatioMoments.add_columns([RatioMoments()], np.zeros((3, 2)), np.zeros((3, 2)))
    with pytest.raises(ValueError, match="S x K"):
        RatioMoments.add_columns([RatioMoments()], np.zeros(3), np.zeros(3))
    with pytest.raises(ValueError, match="S x K"):
        RatioMoments.add_columns([RatioMoments()], np.zeros((3, 1)), np.zeros((2, 1)))
    m = RatioMoments(0.5)
    RatioMoments.add_columns([m], np.zeros((0, 1)), np.zeros((0, 1)))  # no shoes: nothing changes
    assert vars(m) == vars(RatioMoments(0.5))
