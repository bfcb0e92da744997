"""Kept only so that ``from test_fast import dragon_7`` (tests/test_shoe_in_play.py) still works.

The fast-path tests moved to tests/punto_banco/test_compiled.py and the
shared bets to tests/example_bets.py; delete this file once
test_shoe_in_play imports ``from example_bets import dragon_7``.
"""

from example_bets import dragon_7, panda_8  # noqa: F401
