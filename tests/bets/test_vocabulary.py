"""One vocabulary (issue 38, item 1): every condition name is one entry of exact_odds.conditions.vocabulary.NAMES,
and every other list of names is that table seen one way.

What the table says is checked against sources written apart from it: the brute-force oracle
(tests/oracles/brute.py, which computes every name from the cards in its own words), the functions that give
the coup, deal and pair names' values, the condition compiler, the par sheet's words and the hand-written
list in docs/bets.md. Each older card name's meaning is priced by the engine and compared with brute force
reading the name itself.
"""

import ast
import re
from itertools import islice, permutations
from pathlib import Path

import pytest

from exact_odds.bets import paytable
from exact_odds.conditions import card_names, language, vocabulary
from exact_odds.bets.paytable import PayLine, PayTableError
from exact_odds.conditions.vocabulary import FAMILIES, NAMES
from exact_odds.cards.routes.first_four import FirstFour
from exact_odds.report import bets as report_bets, conditions
from exact_odds.rules.coup import Coup, Deal
from exact_odds.rules.shoe import Shoe
from card_bets import line_counts, table
from oracles.brute import CONSTANT_NAMES, SETS, brute_lines, coup_values, play

ROOT = Path(__file__).resolve().parents[2]

#: Every physical card once or twice: both hands can pair, pair in one suit, hold identical pairs, be all red,
#: all black, suited or mixed (9h 9h, 9s 9s; Kd Kc; 3h 6c).
CARDS = ["9h", "9h", "9s", "9s", "Kd", "Kc", "3h", "6c"]
SHOE = Shoe.from_cards(CARDS)
OLDER = [n for n, name in NAMES.items() if name.meaning is not None]


def oracle_coups(cards=("Ah", "2s", "3d", "4c", "5h", "6s", "7d", "10c", "Jh", "Qs", "Kd")):
    """Every name's value, as the oracle computes it, on every ordered six of ``cards``: coups of every shape."""
    return [coup_values(play(seq)) for seq in islice(permutations(cards, 6), 0, None, 97)]


def test_every_name_of_the_language_is_one_entry():
    """The oracle's names (every name a condition may read of a coup, and the constants) are the table's, and
    no part of the table defines a name another part defines too."""
    oracle = set(coup_values(play(CARDS[:6]))) - set(SETS) - {f"{h}_card{i}" for h in ("player", "banker")
                                                              for i in (1, 2, 3)}
    assert set(NAMES) == oracle | set(CONSTANT_NAMES)
    assert set(language.CARD_ATTRIBUTES) | set(language.LITERALS) <= set(NAMES)
    assert sum(len(part) for part in vocabulary.PARTS) == len(NAMES)
    assert {name.family for name in NAMES.values()} == set(FAMILIES)


def test_each_name_is_a_number_or_true_false_as_the_oracle_computes_it():
    values = oracle_coups()
    for n, name in NAMES.items():
        kinds = {type(v[n]) for v in values} if n in values[0] else {type(CONSTANT_NAMES[n])}
        assert kinds == ({int} if name.number else {bool}), n
        assert (name.constant is not None) == (n in CONSTANT_NAMES) and name.constant == CONSTANT_NAMES.get(n), n


def test_each_family_is_what_its_values_come_from():
    """Coup names are what a coup gives, deal names what a deal adds, pair names the first four cards' facts."""
    coup = Coup(player=3, banker=5, player_cards=3, banker_cards=2)
    deal = Deal(player_initial=5, banker_initial=5, player_third=8, banker_third=None)
    assert {n for n, name in NAMES.items() if name.family == "coup"} == set(vocabulary.coup_names(coup))
    assert {n for n, name in NAMES.items() if name.family == "deal"} == (set(vocabulary.deal_names(deal))
                                                                          - set(vocabulary.coup_names(deal.coup)))
    assert {n for n, name in NAMES.items() if name.family == "pair"} == set(FirstFour._fields)
    assert {n for n, name in NAMES.items() if name.family == "literal"} == set(language.LITERALS)


def test_suits_and_rank_values_are_what_a_name_reads():
    """A name marked as reading suits changes when every card becomes a spade, on some coup, and one not
    marked never does; likewise a rank value when 10, J, Q, K change places (same baccarat values)."""
    cards = ("9h", "9d", "9c", "9s", "Kh", "Qc", "2d", "3s")  # pairs in every two suits; faces; hands that draw
    spades = {c: c[:-1] + "s" for c in cards}
    faces = {"10": "J", "J": "Q", "Q": "K", "K": "10"}
    turned = {c: faces.get(c[:-1], c[:-1]) + c[-1] for c in cards}
    for mark, change in (("suits", spades), ("rank_value", turned)):
        changed = set()
        for seq in list(permutations(cards, 6))[::7]:
            before, after = coup_values(play(seq)), coup_values(play(tuple(change[c] for c in seq)))
            changed |= {n for n in NAMES if n in before and before[n] != after[n]}
        assert changed == {n for n, name in NAMES.items() if getattr(name, mark)}, mark


def test_every_list_is_a_view_of_the_table():
    """Each list keeps its old name and is the table seen one way: a new name is one entry, and no list can
    say otherwise. The modules that used to define a list read the table's."""
    def described(*families):
        return {n: name.description for n, name in NAMES.items() if name.family in families}

    assert vocabulary.COUP_NAMES == described("coup")
    assert vocabulary.DEAL_NAMES == described("deal")
    assert vocabulary.PAIR_NAMES == described("pair")
    assert vocabulary.CARD_NAMES == described("card")
    assert vocabulary.ALL_NAMES == described(*FAMILIES)
    assert vocabulary.NUMBER_NAMES == {n for n, name in NAMES.items() if name.number}
    assert vocabulary.CARD_NUMBER_NAMES == {n for n, name in NAMES.items() if name.number and name.family == "card"}
    assert vocabulary.SUIT_NAMES == {n for n, name in NAMES.items() if name.suits}
    assert vocabulary.RANK_VALUE_NAMES == {n for n, name in NAMES.items() if name.rank_value}
    assert set(vocabulary.FACT_NAMES) == {n for n, name in NAMES.items()
                                          if name.family in ("pair", "card") and name.constant is None}
    assert vocabulary.CONSTANTS == CONSTANT_NAMES
    assert vocabulary.MEANINGS == {n: NAMES[n].meaning for n in OLDER}
    assert {**vocabulary.NOUNS, **vocabulary.CLAUSES} == {n: name.phrase for n, name in NAMES.items() if name.phrase}
    assert set(vocabulary.NOUNS) <= vocabulary.NUMBER_NAMES and not set(vocabulary.CLAUSES) & vocabulary.NUMBER_NAMES
    for module, names in ((card_names, "PAIR_NAMES CARD_NAMES CARD_NUMBER_NAMES RANK_VALUE_NAMES SUIT_NAMES "
                                       "FACT_NAMES CONSTANTS"),
                          (paytable, "COUP_NAMES DEAL_NAMES PAIR_NAMES CARD_NAMES NUMBER_NAMES ALL_NAMES CONSTANTS"),
                          (language, "MEANINGS CONSTANTS"), (conditions, "NOUNS CLAUSES NEGATIONS")):
        for list_name in names.split():
            assert getattr(module, list_name) is getattr(vocabulary, list_name), (module.__name__, list_name)


def test_variants_names_lists_the_table():
    rows = report_bets.names_report().document
    assert rows == [{"name": n, "family": name.family, "meaning": name.description}
                    for n, name in NAMES.items() if name.family != "literal"]


def test_docs_list_every_name_as_the_table_describes_it():
    """docs/bets.md's "Every condition name" is written by hand: it names every name, with the table's family
    and description (a constant's row gives its value)."""
    text = (ROOT / "docs" / "bets.md").read_text()
    section = text[text.index("## Every condition name"):]
    section = section[:section.index("\n## ", 1)]
    rows = re.findall(r"^\| `([^`]+)` \| (\w+) \| (.*) \|$", section, re.M)
    assert rows == [(n, "constant", str(name.constant)) if name.constant is not None else
                    (n, name.family, name.description) for n, name in NAMES.items() if name.family != "literal"]


def test_every_name_compiles_as_its_kind():
    """The compiler takes a number compared and a true/false name alone, and refuses the other way round."""
    for n, name in NAMES.items():
        right, wrong = (f"{n} == 1", n) if name.number else (n, f"{n} == 1")
        PayLine.make("l", right, 1)
        with pytest.raises(PayTableError):
            PayLine.make("l", wrong, 1)


def capitalised(text):
    return text[:1].upper() + text[1:]


def test_the_par_sheet_says_each_name_with_its_phrase():
    """Every name but true and false has a phrase, and the par sheet says it: a clause alone, a noun compared."""
    assert [n for n, name in NAMES.items() if name.phrase is None] == ["true", "false"]
    for n, name in NAMES.items():
        if name.phrase is None:
            continue
        if name.number:
            assert conditions.condition_words(f"{n} == 7") == capitalised(f"{name.phrase} is 7"), n
        else:
            assert conditions.condition_words(n) == capitalised(name.phrase), n
            if name.negation:
                assert conditions.condition_words(f"not {n}") == capitalised(name.negation), n
    assert conditions.condition_words("player_card1_rank == king") == "The rank of the Player's first card is king"


@pytest.mark.parametrize("condition, words", [
    ("tie", "The hands tie"),
    ("not natural", "Neither hand has a natural"),
    ("banker_wins and banker_cards == 3", "Banker wins and the number of Banker cards is 3"),
    ("player_third != -1", "The Player drew a third card"),
    ("winning_total + 1 < 5", "The winning total plus 1 is less than 5"),
    ("identical_pairs", "Both hands hold the same two cards"),
    ("pairs_same_rank or not tie", "Both hands pair in the same rank or the hands do not tie"),
    ("not player_suited_pair", "It is not so that the Player's first two cards are a suited pair"),
    ("player_black", "The Player's cards are all black"),
    ("player_card2_red", "The Player's second card is red"),
    ("banker_card3_suit == 3", "The suit of the Banker's third card is 3"),
    ("true", "true"),
])
def test_the_par_sheet_words_of_each_family(condition, words):
    """What a regulator reads for a few lines of every family, written out here (not taken from the table)."""
    assert conditions.condition_words(condition) == words


@pytest.mark.parametrize("name", OLDER)
def test_each_older_name_means_what_brute_force_reads(name):
    """Priced by the engine, the name and its meaning written out both equal brute force reading the name itself
    (the oracle computes it from the cards, apart from the language); on this shoe each holds and fails."""
    expected = brute_lines(CARDS, [name])
    assert set(expected) == {0, 1}, "the shoe must let the name hold and fail"
    assert line_counts(table([NAMES[name].meaning]), SHOE) == dict(expected)
    assert line_counts(table([name]), SHOE) == dict(expected)
    mixed = f"banker_wins and {name}"
    assert line_counts(table([mixed]), SHOE) == dict(brute_lines(CARDS, [mixed]))


def test_the_meanings_are_every_older_card_name_that_is_not_a_card_attribute():
    """Each pair name and each whole-hand card name has a meaning in the language; a card attribute
    (``player_card2_suit``) is read from its card, and the value names are values of their own."""
    attributes = set(language.CARD_ATTRIBUTES)
    assert set(OLDER) == {n for n, name in NAMES.items()
                          if name.family in ("pair", "card") and name.constant is None} - attributes
    for n in OLDER:  # each a true/false condition of the language, in its own terms: no older name inside
        PayLine.make("l", NAMES[n].meaning, 1)
        read = {node.id for node in ast.walk(ast.parse(NAMES[n].meaning)) if isinstance(node, ast.Name)}
        assert not read & set(OLDER), n
