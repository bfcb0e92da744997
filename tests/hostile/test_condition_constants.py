"""issue 41, cause 5: a rank name beside a suit, or a suit name beside a rank, is refused in one line that says
why. Constants are plain numbers, so ``rank == hearts`` was accepted and meant rank 2.

Every rank-reading and suit-reading name of the language is tried (``rank`` and ``suit`` in a predicate, each
card's ``_rank`` and ``_suit``: :mod:`exact_odds.conditions.card_names`) against every constant of the other kind,
with every comparison; the same names against their own kind, and numbers, stay accepted."""

import pytest

from conftest import assert_bad_input_is_one_line
from exact_odds.conditions.card_names import CONSTANTS, RANK_VALUE_NAMES, SUIT_NAMES
from exact_odds.conditions.condition import SUIT_CONSTANTS
from exact_odds.bets.paytable import PayTableError, compile_condition

SUITS = sorted(SUIT_CONSTANTS)
RANKS = sorted(set(CONSTANTS) - SUIT_CONSTANTS)
CARD_RANKS = sorted(RANK_VALUE_NAMES)
CARD_SUITS = sorted(n for n in SUIT_NAMES if n.endswith("_suit"))
OPS = ["{} == {}", "{} != {}", "{} in (1, {})", "{} not in ({}, 3)"]


def read(kind: str, compare: str) -> list[str]:
    """``compare`` ("{} == {}") with each reader of ``kind`` on its left."""
    names = ["rank" if kind == "rank" else "suit"] + (CARD_RANKS if kind == "rank" else CARD_SUITS)
    texts = [f"any(first_four, {compare.format(names[0], '{}')})"]
    texts += [compare.format(name, "{}") for name in names[1:]]
    return texts


def refused(text: str, *words: str) -> str:
    with pytest.raises(PayTableError) as error:
        compile_condition(text)
    message = str(error.value)
    assert "\n" not in message and all(w in message for w in words), message
    return message


def test_the_names_cover_the_language():
    assert SUIT_CONSTANTS <= set(CONSTANTS) and RANKS == ["ace", "jack", "king", "queen"]
    assert len(CARD_RANKS) == len(CARD_SUITS) == 6


@pytest.mark.parametrize("compare", OPS)
@pytest.mark.parametrize("suit", SUITS)
def test_a_rank_compared_with_a_suit_name_is_refused(compare, suit):
    for text in read("rank", compare) + [t.replace("rank", "value") for t in read("rank", compare)[:1]]:
        refused(text.format(suit), f"a card's rank with the suit name '{suit}'", "suit == hearts",
                f"write {CONSTANTS[suit]}")


@pytest.mark.parametrize("compare", OPS)
@pytest.mark.parametrize("rank", RANKS)
def test_a_suit_compared_with_a_rank_name_is_refused(compare, rank):
    for text in read("suit", compare):
        refused(text.format(rank), f"a card's suit with the rank name '{rank}'", f"write {CONSTANTS[rank]}")


@pytest.mark.parametrize("compare", OPS)
def test_ranks_with_rank_names_suits_with_suit_names_and_numbers_stay_accepted(compare):
    for kind, constants in (("rank", RANKS), ("suit", SUITS)):
        for text in read(kind, compare):
            for constant in [*constants, "2", "4"]:
                compile_condition(text.format(constant))


@pytest.mark.parametrize("text, words", [
    ("any(first_four, value == hearts)", "a card's rank with the suit name 'hearts'"),
    ("count(all_cards, value in (1, clubs)) >= 2", "suit name 'clubs'"),
    ("player_card1_rank == 1 and banker_card2_suit in (hearts, jack)", "rank name 'jack'"),
    ("count(all_cards, suit in (spades, ace)) >= 2", "rank name 'ace'"),
    ("of_a_kind(all_cards, rank < clubs) >= 2", "suit name 'clubs'"),
    ("player_card1_rank % 13 == spades", "suit name 'spades'"),
    ("player_card3_rank - diamonds == 1", "suit name 'diamonds'"),
])
def test_other_mixtures_are_refused_too(text, words):
    refused(text, words)


@pytest.mark.parametrize("text", ["player_card1_rank % 13 == king - 1", "any(first_four, rank >= jack)",
                                  "player == ace and banker == king - 13",  # reads no card: as before (issue 11)
                                  "count(all_cards, suit == hearts and rank in (jack, queen, king)) >= 2",
                                  "player_card1_suit == banker_card1_suit and player_card1_rank == ace"])
def test_well_formed_constants_are_accepted(text):
    compile_condition(text)


def test_a_pay_table_file_with_it_is_one_line(tmp_path):
    path = tmp_path / "mine.toml"
    path.write_text('[bets.mine]\nname = "Mine"\nlines = [{ when = "any(first_four, rank == hearts)", pays = 5 }]\n')
    assert_bad_input_is_one_line(["edge", "--paytable", str(path), "--bets", "mine"], "suit name 'hearts'")
