"""exact_odds.names: the closest known names, for 'did you mean' in every message."""

from exact_odds.names import closest, unknown

BETS = ["banker", "player", "tie", "dragon7", "dragon_bonus_player", "perfect_pair"]


def test_a_misspelt_name_gets_the_closest_known_name_first():
    assert closest("bnaker", BETS)[0] == "banker"


def test_case_is_folded_and_the_known_spelling_returned():
    assert closest("BANKER", BETS)[0] == "banker"
    assert closest("Dragon", ["Dragon7", "banker"]) == ["Dragon7"]


def test_a_prefix_counts_as_close():
    assert "perfect_pair" in closest("perfect", BETS)


def test_at_most_three_names_and_never_the_whole_list():
    message = unknown("bet", "pair", [f"pair{i}" for i in range(48)])
    assert message.count("'pair") == 4  # the name itself and three suggestions


def test_nothing_close_points_to_the_listing():
    assert unknown("bet", "xyzzy", BETS, "see 'exact-odds variants'") == \
        "unknown bet 'xyzzy'; see 'exact-odds variants'"
