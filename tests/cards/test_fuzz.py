"""A differential fuzz of the card engine (issue 38): random pay tables from the condition grammar, on
random small suited shoes, against brute force over every ordered six cards (tests/oracles/brute.py,
written apart from the engine).

The default run tries :data:`CASES` tables with a fixed seed, each priced by the route the engine
chooses (on these shoes, the small shoe's own enumeration) and, every tenth, by the reference route
(the classes); ``-m slow`` tries :data:`SLOW_CASES` more with another seed, and every one also with
the small shoe left out, so the next route that takes it answers."""

from __future__ import annotations

import random

import pytest

from card_bets import table
from exact_odds import Shoe
from exact_odds.cards import engine
from exact_odds.punto_banco.walk import walk
from oracles.brute import brute_lines

pytestmark = pytest.mark.filterwarnings("ignore::exact_odds.progress.SlowWork")  # the reference, in play

CASES = 24
SLOW_CASES = 300
CARDS = [f"{h}_card{i}" for h in ("player", "banker") for i in (1, 2, 3)]
SETS = ["all_cards", "player_hand", "banker_hand", "first_four", "first_cards", "third_cards", "player_first_two",
        "banker_first_two", "(player_card1, banker_card2)", "(banker_card1, player_card3)"]
RANKS = ["A", "2", "6", "8", "9", "K"]


def predicate(rng: random.Random) -> str:
    """A test of one card inside an aggregate."""
    return rng.choice([f"rank == {rng.choice([1, 2, 6, 8, 9, 13])}", f"value {rng.choice(['<', '>=', '=='])} "
                       f"{rng.randint(0, 9)}", "red", "black", f"suit == {rng.choice(['spades', 'hearts', 'diamonds', 'clubs'])}",
                       "rank in (ace, king)", "suit != hearts and rank > 5"])


def atom(rng: random.Random) -> str:
    """One clause: a card's attribute, an aggregate, or a value name."""
    card = rng.choice(CARDS)
    kind = rng.randrange(9)
    if kind == 0:
        return f"{card}_{rng.choice(['rank', 'suit'])} {rng.choice(['==', '!=', '<', '>='])} {rng.randint(1, 9)}"
    if kind == 1:
        other = rng.choice(CARDS)
        return f"{card}_{rng.choice(['suit', 'rank'])} {rng.choice(['==', '<', '!='])} {other}_{rng.choice(['suit', 'rank'])}"
    if kind == 2:
        return f"{rng.choice(['any', 'all'])}({rng.choice(SETS)}, {predicate(rng)})"
    if kind == 3:
        return f"count({rng.choice(SETS)}, {predicate(rng)}) {rng.choice(['>=', '==', '<'])} {rng.randint(0, 3)}"
    if kind == 4:
        return f"{rng.choice(['same_suit', 'same_rank', 'same_colour', 'run', 'suited_run'])}({rng.choice(SETS)})"
    if kind == 5:
        extra = f", {predicate(rng)}" if rng.random() < 0.4 else ""
        return f"{rng.choice(['of_a_kind', 'of_a_suit'])}({rng.choice(SETS)}{extra}) >= {rng.randint(2, 3)}"
    if kind == 6:
        return rng.choice(["banker_wins", "player_wins", "tie", "natural", "player_cards == 3", "banker == 7",
                           "player_third == -1", f"1 < player < {rng.randint(3, 9)}", "margin >= 4"])
    if kind == 7:
        return rng.choice(["player_pair", "banker_suited", "player_card1_red", "banker_suited_pair",
                           "identical_pairs"])  # older names
    return f"{card}_{rng.choice(['red', 'black'])}"


def condition(rng: random.Random, depth: int = 0) -> str:
    """A condition: atoms joined by and/or, some negated, some in parentheses."""
    if depth > 1 or rng.random() < 0.4:
        text = atom(rng)
        return f"not {text}" if rng.random() < 0.15 and " " not in text.split("(")[0] else text
    parts = [condition(rng, depth + 1) for _ in range(rng.randint(2, 3))]
    return "(" + f" {rng.choice(['and', 'or'])} ".join(parts) + ")"


def case(rng: random.Random) -> tuple[list[str], list[str]]:
    """A shoe of 7 or 8 cards of a few ranks in four suits, and a table of one to three lines."""
    cards = [rng.choice(RANKS) + rng.choice("shdc") for _ in range(rng.randint(7, 8))]
    return cards, [condition(rng) for _ in range(rng.randint(1, 3))]


def check(cards: list[str], conditions: list[str], *, reference: bool, without_small: bool) -> None:
    expected = brute_lines(cards, conditions)
    want = [expected.get(i, 0) for i in range(len(conditions) + 1)]
    bet, dist = table(conditions), walk(Shoe.from_cards(cards))
    assert [l.count for l in bet.price(dist).lines] == want, (cards, conditions)
    if reference:
        counts, *_ = engine.price(bet.reading, dist, route="classes")
        assert list(counts) == want, ("classes", cards, conditions)
    if without_small:
        with engine.excluding("small shoe"):
            result = bet.price(dist)
        assert [l.count for l in result.lines] == want, (result.explanation.route, cards, conditions)


@pytest.mark.parametrize("i", range(CASES))
def test_random_tables_on_random_small_shoes_equal_brute_force(i):
    cards, conditions = case(random.Random(38_000 + i))
    check(cards, conditions, reference=i % 10 == 0, without_small=False)


@pytest.mark.slow
@pytest.mark.parametrize("i", range(SLOW_CASES))
def test_more_random_tables_by_every_route_that_takes_them_equal_brute_force(i):
    cards, conditions = case(random.Random(77_000 + i))
    check(cards, conditions, reference=True, without_small=True)


def test_the_grammar_reaches_every_aggregate_and_the_older_names():
    """The fuzz is only as good as what it writes: over the default cases, every aggregate, a comparison
    of two cards, a chained comparison and an older name appear."""
    text = " ".join(" ".join(case(random.Random(38_000 + i))[1]) for i in range(CASES))
    for word in ("any(", "all(", "count(", "same_suit(", "same_rank(", "same_colour(", "run(", "suited_run(",
                 "of_a_kind(", "of_a_suit(", "1 < player <", "_pair", " or ", " and ", "not "):
        assert word in text, word
