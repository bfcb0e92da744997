"""The condition language, written down whole (docs/bets.md, "The language, whole"; issue 38 item 7).

One test per statement of that section. Where a count is involved, the expected count is brute force's
(tests/oracles/brute.py: every ordered six cards of a small suited shoe, each line settled by Python on the
oracle's own reading of the names and aggregates), over a condition written *another way* that states the
meaning in plainer words, so the expected value never comes from the code under test. Each statement is
checked on the card engine (a card-level condition) and, where it reads value names only, on the value
walk too. Under ``-m slow`` every test runs a second time with each condition priced by the reference
route (the classes) as well, which must give the same counts: the classes' first plan of a card-level
condition takes about a second, 17 s of this module's 20 by default.
"""

import re
from fractions import Fraction

import pytest

from card_bets import priced, shoe_in_play, table
from conftest import ROOT
from exact_odds import Shoe, explain
from exact_odds.conditions.language import MEANINGS
from exact_odds.bets.paytable import PayLine, PayTableError
from exact_odds.cards.engine import candidates, excluding
from exact_odds.punto_banco.walk import walk
from oracles.brute import brute_lines

#: Eight suited cards: two nines of hearts, so a set may hold one card twice over (the same card, twice).
SHOE = ["9h", "9s", "9h", "Kd", "3c", "6h", "Ac", "8s"]
#: Four nines, two of hearts and two of spades: both hands can hold the same two cards.
PAIRS = ["9h", "9s", "9h", "9s", "3c", "6h", "Kc", "8s"]
#: A term that holds on every coup and makes a condition card-level (priced by the card engine).
CARD_LEVEL = "count(all_cards, true) >= 4"


#: Whether :func:`code` also prices by the reference route (set by :func:`_routes`, per test).
ALSO_THE_CLASSES = False


@pytest.fixture(autouse=True, params=[False, pytest.param(True, marks=pytest.mark.slow)],
                ids=["engine", "and the classes"])
def _routes(request):
    """Every test by the engine's route (default), and again with the reference route beside it (slow)."""
    global ALSO_THE_CLASSES
    ALSO_THE_CLASSES = request.param
    yield
    ALSO_THE_CLASSES = False


def brute(condition, cards=SHOE):
    """Brute force's count of coups where ``condition`` holds (index 0) and where it does not (index 1)."""
    return dict(brute_lines(cards, [condition]))


def code(condition, cards=SHOE):
    """The library's counts of ``condition`` (index 0 holds, 1 not), on the route the engine takes; the same
    as on the reference route (the classes, under ``-m slow``: :func:`_routes`), and for a condition on
    value names alone, the same on the value walk as on the card engine."""
    out = priced([condition], cards)
    if ALSO_THE_CLASSES:
        with excluding("small shoe"):
            assert priced([condition], cards) == out, "the classes differ from the small shoe's enumeration"
    if not PayLine.make("x", condition, 1).names - {"player", "banker", "tie", "player_wins", "banker_wins",
                                                      "player_third", "banker_third", "player_cards",
                                                      "banker_cards", "cards"}:
        assert table([condition]).family in ("coup", "deal")
        assert priced([f"{CARD_LEVEL} and ({condition})"], cards) == out, "the card engine differs from the walk"
    return out


def means(condition, meaning, not_meaning=None, cards=SHOE):
    """``condition`` counts as brute force counts ``meaning``, every way it can (both holds and fails), and
    not as ``not_meaning`` (the other reading a reader might take)."""
    got = code(condition, cards)
    assert got == brute(meaning, cards)
    if not_meaning is not None:
        assert got != brute(not_meaning, cards)
    return got


# --- precedence ---------------------------------------------------------------------------------------

def test_not_binds_looser_than_a_comparison():
    """``not player == 9`` is ``not (player == 9)``."""
    means("not player == 9", "player != 9")


def test_not_binds_tighter_than_and():
    """``not tie and player_wins`` is ``(not tie) and player_wins``: the Player wins."""
    means("not tie and player_wins", "player > banker", "not (tie and player_wins)")


def test_and_binds_tighter_than_or():
    """``tie or player_wins and player == 9`` is ``tie or (player_wins and player == 9)``."""
    means("tie or player_wins and player == 9", "player == banker or (player > banker and player == 9)",
          "(tie or player_wins) and player == 9")


def test_remainder_binds_tighter_than_plus_and_minus():
    """``player + banker % 3 == 2`` is ``player + (banker % 3) == 2``."""
    means("player + banker % 3 == 2", "player + (banker % 3) == 2", "(player + banker) % 3 == 2")


def test_plus_and_minus_bind_tighter_than_a_comparison_and_read_left_to_right():
    """``player - banker - 1 == 0`` is ``(player - banker) - 1 == 0``: the Player wins by one."""
    means("player - banker - 1 == 0", "player == banker + 1", "player - (banker - 1) == 0")


def test_the_minus_sign_of_a_literal_binds_tighter_than_the_remainder():
    """``-1 % 2`` is ``(-1) % 2``, which is 1: ``player % 2 == -1 % 2`` holds on an odd total."""
    means("player % 2 == -1 % 2", "player in (1, 3, 5, 7, 9)")


def test_a_predicate_has_the_same_precedence():
    """Inside an aggregate: ``rank == 9 or red and rank == king`` is ``rank == 9 or (red and rank == king)``."""
    means("count(all_cards, rank == 9 or red and rank == king) >= 2",
          "count(all_cards, rank == 9) + count(all_cards, suit in (2, 3) and rank == 13) >= 2",
          "count(all_cards, (rank == 9 or red) and rank == king) >= 2")


# --- chained comparisons ------------------------------------------------------------------------------

def test_a_chain_is_every_comparison_of_neighbours():
    """``1 < player < 5`` is ``1 < player and player < 5`` (never ``(1 < player) < 5``)."""
    means("1 < player < 5", "player in (2, 3, 4)")


def test_a_chain_of_names_compares_each_with_the_next():
    """``player_third == -1 == banker_third``: neither hand drew."""
    means("player_third == -1 == banker_third", "player_cards == 2 and banker_cards == 2")


def test_a_chain_may_end_with_in():
    """``banker < player in (2, 9)`` is ``banker < player and player in (2, 9)``."""
    means("banker < player in (2, 9)", "player > banker and (player == 2 or player == 9)")


def test_a_chain_of_aggregates():
    """``count(player_hand, red) < count(banker_hand, red) <= 2``."""
    means("count(player_hand, red) < count(banker_hand, red) <= 2",
          "count(player_hand, suit in (2, 3)) < count(banker_hand, suit in (2, 3)) "
          "and count(banker_hand, suit in (2, 3)) <= 2")


# --- the remainder of a negative number ---------------------------------------------------------------

def test_the_remainder_takes_the_sign_of_the_divisor():
    """``player_third`` is -1 when the Player stands, and ``-1 % 2 == 1``: the line holds on an odd third card
    and whenever the Player stood."""
    means("player_third % 2 == 1", "player_third in (1, 3, 5, 7, 9) or player_cards == 2",
          "player_third in (1, 3, 5, 7, 9)")


def test_the_remainder_by_ten_of_a_stand_is_nine():
    """``-1 % 10 == 9``: ``player_third % 10 == 9`` holds on a third card of 9 and whenever the Player stood."""
    means("player_third % 10 == 9", "player_third == 9 or player_cards == 2", "player_third == 9")


@pytest.mark.parametrize("text", ["player % 0 == 1", "player % -2 == 1", "player % cards == 1",
                                  "player % (1 + 1) == 1"])
def test_a_remainder_is_taken_by_a_whole_number_of_one_or_more(text):
    with pytest.raises(PayTableError, match=r"takes a remainder \(%\) by something other than a whole number >= 1"):
        PayLine.make("x", text, 1)


# --- lists --------------------------------------------------------------------------------------------

def test_a_list_of_one_number_has_a_trailing_comma():
    """``(9,)`` is a list of one number; ``(9)`` is the number 9, refused on the right of ``in``."""
    means("player in (9,)", "player == 9")
    with pytest.raises(PayTableError, match=r"'in' needs a list of numbers on its right"):
        PayLine.make("x", "player in (9)", 1)


def test_the_empty_list_holds_nothing():
    """``player in ()`` never holds, ``player not in ()`` always does."""
    shoe_total = 8 * 7 * 6 * 5 * 4 * 3
    assert means("player in ()", "player == 10") == {1: shoe_total}
    assert means("player not in ()", "player < 10") == {0: shoe_total}


def test_square_brackets_make_the_same_list():
    means("player in [8, 9] and same_suit(player_hand)", "player in (8, 9) and same_suit(player_hand)")


def test_a_list_may_hold_names_and_negative_numbers():
    """Any number may stand in a list: ``banker``, a constant, ``-1``, an aggregate."""
    means("player in (banker, 9)", "player == banker or player == 9")
    means("player_third in (-1, 0)", "player_cards == 2 or player_third == 0")
    means("count(all_cards, rank in (jack, queen, king)) >= 1", "any(all_cards, rank > 10)")
    means("2 in (count(player_hand, red), count(banker_hand, red))",
          "count(player_hand, suit in (2, 3)) == 2 or count(banker_hand, suit in (2, 3)) == 2")


@pytest.mark.parametrize("text, words", [
    ("player in 5", "'in' needs a list of numbers on its right"),
    ("player in ((8, 9),)", "may hold only numbers"),
    ("player in (tie, 9)", "may hold only numbers"),
    ("player < (1, 2)", "< needs numbers"),
    ("(8, 9) == (8, 9)", "a list stands only on the right of 'in' or 'not in'"),
    ("player in (8, 9) == (8, 9) and same_suit(player_hand)", "a list stands only on the right of 'in'"),
    ("(8, 9) != [8, 9]", "a list stands only on the right of 'in' or 'not in'"),
    ("(8, 9)", "where a true/false condition is needed (it is a tuple of numbers)"),
])
def test_a_list_stands_only_on_the_right_of_in(text, words):
    """A list compared with ``==`` was accepted when read, then failed on the card engine ("cannot evaluate
    '(8, 9)'") though the value walk priced it: refused now, when the file is read."""
    with pytest.raises(PayTableError) as e:
        PayLine.make("x", text, 1)
    assert words in str(e.value)


# --- aggregates on an empty set, and absent cards ------------------------------------------------------

@pytest.mark.parametrize("value", [
    "count(third_cards, true) == 0", "not any(third_cards, true)", "all(third_cards, false)",
    "same_suit(third_cards)", "same_rank(third_cards)", "same_colour(third_cards)",
    "of_a_kind(third_cards) == 0", "of_a_suit(third_cards) == 0", "of_a_kind(third_cards, true) == 0",
    "not run(third_cards)", "not suited_run(third_cards)",
])
def test_each_aggregate_on_the_empty_set(value):
    """When nobody drew, ``third_cards`` is empty: count 0, any false, all true, same_* true, of_a_* 0, run
    and suited_run false."""
    means(f"cards == 4 and {value}", "cards == 4")


@pytest.mark.parametrize("value, meaning", [
    ("count((player_card1,), rank == 9) == 1", "player_card1_rank == 9"),
    ("any((player_card1,), red)", "player_card1_red"),
    ("all((player_card1,), red)", "player_card1_red"),
    ("same_suit((player_card1,)) and same_rank((player_card1,)) and same_colour((player_card1,))", "true"),
    ("of_a_kind((player_card1,)) == 1 and of_a_suit((player_card1,)) == 1", "true"),
    ("of_a_suit((player_card1,), red) == 1", "player_card1_red"),
    ("of_a_kind((player_card1,), red) == 0", "player_card1_black"),
    ("not run((player_card1,)) and not suited_run((player_card1,))", "true"),
])
def test_each_aggregate_on_one_card(value, meaning):
    """A set of one card: count 1 or 0, any and all its predicate, same_* true, of_a_* 1 (0 if it fails the
    predicate), run and suited_run false (a run has at least two cards)."""
    means(value, meaning)


@pytest.mark.parametrize("value", [
    "player_cards == 3 or same_suit(first_cards) == same_suit((player_card1, player_card3, banker_card1))",
    "count((player_card3, banker_card3), true) == cards - 4",
    "count((player_card3, banker_card1), true) == player_cards - 1",
    "same_rank((player_card3,))", "of_a_kind((banker_card3,)) == banker_cards - 2", "not run((player_card1,))",
    "count(all_cards, true) == cards", "count(player_hand, true) == player_cards",
    "count(all_cards, not red and not black) == 0",
])
def test_a_card_not_drawn_is_in_no_set(value):
    """A card a hand did not draw is left out of every set it is named in (a named set or a list)."""
    means(value, "true")


def test_same_suit_of_a_two_card_hand_reads_its_two_cards():
    means("same_suit(player_hand)",
          "player_card1_suit == player_card2_suit and (player_cards == 2 or player_card3_suit == player_card1_suit)")


def test_a_card_not_drawn_has_rank_and_suit_0_outside_an_aggregate():
    """``player_card3_suit == banker_card3_suit`` holds when neither hand drew (0 == 0)."""
    means("player_card3_suit == banker_card3_suit", "cards == 4 or cards == 6 and same_suit(third_cards)")
    means("player_card3_rank == 0", "player_cards == 2")
    means("player_card3_red or player_card3_black", "player_cards == 3")


# --- identical_pairs ----------------------------------------------------------------------------------

def test_identical_pairs_means_the_same_two_cards_in_both_hands():
    """Both hands hold the same two cards, rank and suit, in either order (9♥9♠ against 9♠9♥): four cards of
    one rank whose suits match as two pairs. Brute force reads it from its own words (sorted suits);
    the meaning is written here a third way, by counting each suit in each hand."""
    assert MEANINGS["identical_pairs"].startswith("same_rank(first_four) and")
    words = "same_rank(first_four) and " + " and ".join(
        f"count(player_first_two, suit == {s}) == count(banker_first_two, suit == {s})" for s in range(1, 5))
    by_pairs = priced(["identical_pairs"], PAIRS)  # a pair name alone: the first four cards' distribution
    assert by_pairs == brute("identical_pairs", PAIRS) == brute(words, PAIRS)
    assert code(f"identical_pairs and {CARD_LEVEL}", PAIRS) == by_pairs  # the card engine


def test_the_older_names_table_is_their_one_definition():
    """docs/bets.md's table of the older names shows each name's meaning as MEANINGS holds it (a Banker name
    where it is the Player's with the hands swapped: "and the Banker's")."""
    text = (ROOT / "docs/bets.md").read_text()
    section = text[text.index("**The older names**"):text.index("**What is refused**")]
    for name, meaning in MEANINGS.items():
        if name.startswith("banker_"):
            player = "player_" + name[len("banker_"):]
            assert MEANINGS[player].replace("player_", "banker_") == meaning
            meaning = MEANINGS[player]
        assert f"`{meaning}`" in section, name


def test_identical_pairs_need_not_be_suited_pairs():
    """9♥9♠ in both hands counts; neither hand is a suited (perfect) pair."""
    got = means("identical_pairs and not player_suited_pair and not banker_suited_pair",
                "same_rank(first_four) and count(first_four, suit == 2) == 2 and count(first_four, suit == 1) == 2 "
                "and count(player_first_two, suit == 2) == 1", cards=PAIRS)
    assert got.get(0)


# --- a card named twice -------------------------------------------------------------------------------

def test_a_card_named_twice_in_one_list_is_refused():
    """``(player_card1, player_card1)`` is refused when read (it would not count the card twice)."""
    with pytest.raises(PayTableError, match="player_card1 is listed twice in one set of cards"):
        PayLine.make("x", "count((player_card1, player_card1), red) == 2", 1)
    with pytest.raises(PayTableError, match="a list of cards holds single cards"):
        PayLine.make("x", "count((player_hand, banker_card1), red) == 2", 1)


def test_a_card_in_two_sets_counts_in_each():
    """Two aggregates over sets that share a card count it once each: ``count(player_hand, red) +
    count(first_cards, red)`` counts a red Player first card twice."""
    means("count((player_card1,), red) + count((player_card1,), red) == 2", "player_card1_red")
    means("count(player_hand, red) + count(first_cards, red) >= 3",
          "count(player_hand, suit in (2, 3)) + count((player_card1,), suit in (2, 3)) "
          "+ count((banker_card1,), suit in (2, 3)) >= 3",
          "count(all_cards, suit in (2, 3)) >= 3")


def test_the_same_card_twice_in_the_shoe_is_two_cards():
    """Two 9♥ in the shoe are two cards: a set may hold both, and they share rank and suit."""
    got = means("of_a_kind(all_cards, suit == hearts and rank == 9) == 2",
                "count(all_cards, suit == 2 and rank == 9) == 2")
    assert got.get(0)


# --- what is refused ----------------------------------------------------------------------------------

def refused_in_the_docs():
    """(condition, words) of each row of docs/bets.md's table "What is refused"."""
    text = (ROOT / "docs/bets.md").read_text()
    table = text[text.index("**What is refused**"):text.index("### What a writing costs")]
    rows = re.findall(r"^\| `([^`]+)` \| (.+) \|$", table, re.M)
    assert len(rows) >= 15
    return rows


@pytest.mark.parametrize("text, words", refused_in_the_docs())
def test_what_is_refused_and_in_which_words(text, words):
    """Each row of the docs' table: refused when read, in one line holding the words the table shows."""
    with pytest.raises(PayTableError) as e:
        PayLine.make("x", text, 1)
    assert words in str(e.value) and "\n" not in str(e.value)


# --- the cost: priced by what it reads, not how it is written -----------------------------------------

SIX = ["player_card1", "banker_card1", "player_card2", "banker_card2", "player_card3", "banker_card3"]
#: "Some card of the coup is a heart", four ways (a card not drawn has suit 0, so the or-chain reads it right).
WRITINGS = {
    "or-chain": " or ".join(f"{c}_suit == hearts" for c in SIX),
    "any": "any(all_cards, suit == hearts)",
    "count": "count(all_cards, suit == hearts) >= 1",
    "not all": "not all(all_cards, suit != hearts)",
}
TEN = ["9h", "9s", "Kh", "Kd", "3c", "6h", "Ac", "8s", "2d", "5h"]
SIXTEEN = [r + s for r in ("A", "3", "6", "9") for s in "shdc"]


def priced_four_ways(shoe):
    """Each writing's line probabilities and its explanation on ``shoe``."""
    out = {}
    for name, text in WRITINGS.items():
        bet = table([text])
        out[name] = (tuple(line.probability for line in bet.price(walk(shoe)).lines), explain(bet, shoe))
    return out


@pytest.mark.parametrize("cards", [pytest.param(TEN, marks=pytest.mark.slow), SIXTEEN],  # TEN: 8 s of brute force
                         ids=["10 cards in play", "16 cards"])
def test_four_writings_give_the_same_fractions_route_and_plan(cards):
    """On a small shoe the small shoe's enumeration prices every writing: the same Fractions, the same route,
    the same plan size (its rows: the ordered draws it settles), whatever the writing."""
    got = priced_four_ways(Shoe.from_cards(cards))
    assert len({probabilities for probabilities, _ in got.values()}) == 1
    assert {e.route for _, e in got.values()} == {"small shoe"}
    rows = {e.estimate.rows for _, e in got.values()}
    assert len(rows) == 1 and None not in rows
    if cards is TEN:  # and the fractions are brute force's (151,200 ordered six cards)
        expected = brute(WRITINGS["any"], TEN)
        n = sum(expected.values())
        assert got["or-chain"][0] == (Fraction(expected[0], n), Fraction(expected.get(1, 0), n))
        assert brute(WRITINGS["or-chain"], TEN) == expected


def test_a_writing_that_reads_ranks_only_has_a_smaller_plan():
    """The plan counts the kinds of cards the bet tells apart: on TEN, a bet on ranks only (the rank of
    nines, written three ways) settles fewer draws than one on suits; so equal rows above are a check."""
    shoe = Shoe.from_cards(TEN)
    ranks = [explain(table([t]), shoe).estimate.rows for t in
             ("any(all_cards, rank == 9)", "count(all_cards, rank == 9) >= 1",
              " or ".join(f"{c}_rank == 9" for c in SIX))]
    assert len(set(ranks)) == 1
    assert ranks[0] < explain(table([WRITINGS["any"]]), shoe).estimate.rows


def test_equivalent_writings_read_the_same_classes():
    """On a larger shoe the reference route prices on the classes of cards a bet reads: the four writings
    read the same slots and put the 52 cards in the same classes (hearts and the rest), so their plan is
    one plan; the first-four forms likewise."""
    for sets in ({name: text for name, text in WRITINGS.items()},
                 {"or-chain": " or ".join(f"{c}_suit == hearts" for c in SIX[:4]),
                  "any": "any(first_four, suit == hearts)", "count": "count(first_four, suit == hearts) >= 1",
                  "not all": "not all(first_four, suit != hearts)"}):
        readings = [table([text]).reading for text in sets.values()]
        assert len({(r.slots, r.of_card, r.value_names) for r in readings}) == 1
        assert readings[0].n_classes == 2


def test_at_8_decks_fresh_the_classes_alone_take_the_four_writings():
    """A fresh 8-deck shoe is past the small shoe's enumeration: the classes take every writing (the same
    classes, above), and no other route accepts one writing and not another."""
    for text in WRITINGS.values():
        taken, _ = candidates(table([text]).reading, Shoe.decks(8))
        assert [r.name for r in taken] == ["classes"]


def test_at_8_decks_in_play_the_four_writings_are_taken_by_the_same_routes():
    """On 8 decks in play the or-chain, which reads each card by its place, is read as the same
    ``any(all_cards, suit == hearts)`` (the language gathers a test or-ed over exactly a named set's
    cards), so the same routes accept all four writings, the first of them prices each (before, the
    multisets declined the or-chain, "reads a card by its place", and the pools priced it in 13 s); the
    or-chain, written in the older card names, is also taken by their own route, further down."""
    shoe = shoe_in_play(8, 150)
    taken = {name: [r.name for r in candidates(table([text]).reading, shoe)[0]] for name, text in WRITINGS.items()}
    assert len({tuple(r for r in t if r != "older names") for t in taken.values()}) == 1
    assert "multisets" in taken["or-chain"] and "older names" in taken["or-chain"]
    assert len({explain(table([text]), shoe).route for text in WRITINGS.values()}) == 1


#: Tests of one card joined over a set, each with the aggregate it means where it means the same; None
#: where a card not drawn would make them differ (a third card shows rank 0, suit 0, red and black false).
CHAINS = {
    " or ".join(f"{c}_suit == hearts" for c in SIX): "any(all_cards, suit == hearts)",
    " and ".join(f"{c}_suit != hearts" for c in SIX): "all(all_cards, suit != hearts)",
    " or ".join(f"{c}_suit != hearts" for c in SIX): None,  # true on a card not drawn
    "player_card1_red and player_card2_red and player_card3_red": None,  # false on a card not drawn
    "not player_card1_red and not player_card2_red": "all(player_first_two, not red)",  # always dealt
    "player_card3_rank == 9 or banker_card3_rank == 9 or banker == 9": "any(third_cards, rank == 9) or banker == 9",
    "player_card1_rank == 9 or banker_card2_rank == 9": None,  # not a named set
}


@pytest.mark.parametrize("chain", CHAINS)
def test_a_chain_over_a_named_set_is_read_as_its_aggregate_only_where_it_means_the_same(chain):
    """The gathered form is the aggregate where the docs say it means the same, and then the count is brute
    force's over the chain as written (brute force reads the chain slot by slot, with its own reading of a
    card not drawn); else the chain is read as written, the tree every route read before (the random
    tables of tests/cards/test_fuzz.py price such chains against brute force)."""
    import ast

    from exact_odds.conditions.language import expanded

    gathered = CHAINS[chain]
    assert ast.unparse(expanded(chain)) == (gathered or ast.unparse(ast.parse(chain)))
    if gathered:
        assert code(chain) == brute(chain) == brute(gathered)
