"""report/emit.py writes tabulate's 'simple' format itself (issue 27): byte for byte tabulate's, checked
against tabulate on tables of every shape, and tabulate still writes what the own writer leaves to it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tabulate import tabulate

from exact_odds.report.emit import simple_table, table

#: Printable ASCII with spaces at either end (tabulate strips cells), digits and signs (numbers stay text).
cell = st.text(alphabet=" -.%/0123456789abcXYZ()_|", max_size=12)


def tabulated(headers, rows):
    return tabulate(rows, headers=headers, tablefmt="simple", disable_numparse=True)


@settings(max_examples=300, deadline=None)
@given(st.integers(1, 6).flatmap(lambda n: st.tuples(st.lists(cell, min_size=n, max_size=n),
                                                    st.lists(st.lists(cell, min_size=n, max_size=n), min_size=1,
                                                             max_size=6))))
def test_the_simple_format_is_tabulates(table_):
    headers, rows = table_
    assert simple_table(headers, rows) == tabulated(headers, rows)
    assert table(headers, rows, "simple") == tabulated(headers, rows)


def test_the_edge_tables_are_tabulates():
    headers = ["Outcome", "Count", "Probability"]
    rows = [["Banker", "2292252566437888", "0.4585974226"], ["Tie", "475627426473216", "0.0951559680"]]
    assert simple_table(headers, rows) == tabulated(headers, rows)
    assert simple_table(headers, rows).splitlines()[1] == "---------  ----------------  -------------"


@pytest.mark.parametrize("headers, rows", [
    (["Bet", "Pays"], [["Égalité", "8 to 1"]]),  # beyond ASCII: tabulate measures it
    (["a", "b"], [["line\nbreak", "x"]]),  # a cell of two lines
    (["a", "b"], [[1, "x"]]),  # not text
    (["a", "b"], [["x"]]),  # a short row
    (["a", "b"], []),  # no rows
    (["a", "b"], [["tab\there", "x"]]),
])
def test_what_the_own_writer_leaves_to_tabulate(headers, rows):
    assert simple_table(headers, rows) is None
    assert table(headers, rows, "simple") == tabulated(headers, rows)
