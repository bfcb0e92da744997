"""A condition read in part (exact_odds.conditions.partial): three values from the coup's values alone."""

import pytest

from exact_odds.conditions.language import expanded
from exact_odds.conditions.partial import decided, line_of


@pytest.mark.parametrize("condition, values, expected", [
    ("tie and same_colour(all_cards)", {"tie": False}, False),
    ("tie and same_colour(all_cards)", {"tie": True}, None),
    ("player == 8 or any(third_cards, red)", {"player": 8}, True),
    ("player == 8 or any(third_cards, red)", {"player": 7}, None),
    ("not (player_cards == 3 and player_card3_suit == hearts)", {"player_cards": 2}, True),
    ("player + banker in (9, 10) and cards == 6", {"player": 4, "banker": 5, "cards": 6}, True),
    ("player % 2 == 1 and player_suited", {"player": 4}, False),
    ("true", {}, True),
    ("player_pair", {}, None),
])
def test_a_condition_is_decided_by_values_only_where_the_cards_cannot_change_it(condition, values, expected):
    assert decided(expanded(condition), values) is expected


def test_the_line_is_settled_only_when_every_earlier_line_is_decided_false():
    trees = [expanded(c) for c in ("tie and player >= 6 and same_colour(all_cards)", "tie and player >= 6", "tie")]
    assert line_of(trees, {"tie": False, "player": 7}) == 3
    assert line_of(trees, {"tie": True, "player": 3}) == 2
    assert line_of(trees, {"tie": True, "player": 7}) is None
