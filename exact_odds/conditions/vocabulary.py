"""Every condition name a pay line may read, defined once (docs/bets.md, "Every condition name").

:data:`NAMES` holds one :class:`Name` per name: its family (``coup``: the finished coup; ``deal``: two-card
totals and third cards; ``pair``: the first four cards; ``card``: every card's rank, suit and colour, and the
constants that name ranks and suits; ``literal``: ``true`` and ``false``), whether its value is a number or
true/false, the description ``exact-odds variants --names`` prints, its meaning in the condition language
where it is an older card name (an alias the language expands, :mod:`exact_odds.conditions.language`), and the
phrase a par sheet says it with (:mod:`exact_odds.report.conditions`).

Every other list derives from that table (:data:`COUP_NAMES`, :data:`DEAL_NAMES`, :data:`PAIR_NAMES`,
:data:`CARD_NAMES`, :data:`NUMBER_NAMES`, :data:`ALL_NAMES`, :data:`MEANINGS`, :data:`NOUNS`,
:data:`CLAUSES`, ...), so a new name is one entry. :func:`coup_names` and :func:`deal_names` give the coup
and deal names' values, the one definition every route and walk settles a line by.

Encodings a condition sees: ranks 1-13 (A = 1, 10 = 10, J = 11, Q = 12, K = 13; the constants ``ace``,
``jack``, ``queen``, ``king`` name them), suits 1-4 (``spades``, ``hearts``, ``diamonds``, ``clubs``), 0 for
a third card that was not drawn. Hearts and diamonds are red, spades and clubs black.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING

from exact_odds.rules.coup import Coup, Deal

if TYPE_CHECKING:
    from exact_odds.cards.routes.first_four import FirstFour

#: The families, in the order ``exact-odds variants --names`` lists them (``literal`` is not listed).
FAMILIES = ("coup", "deal", "pair", "card", "literal")
HANDS = ("player", "banker")
ORDINALS = ("1", "2", "3")


@dataclass(frozen=True)
class Name:
    """One condition name: everything the library says about it."""

    #: ``coup``, ``deal``, ``pair``, ``card`` or ``literal`` (:data:`FAMILIES`).
    family: str
    #: True if the value is a number (a condition must compare it), False if it is true/false.
    number: bool
    #: What it means, in the words ``exact-odds variants --names`` and docs/bets.md use.
    description: str
    #: An older card name's definition in the condition language (None: the name is a value of its own).
    meaning: str | None = None
    #: The par sheet's words: a noun phrase for a number, a clause for true/false (None: shown as written).
    phrase: str | None = None
    #: The par sheet's clause for ``not name`` (None: "it is not so that ..." around :attr:`phrase`).
    negation: str | None = None
    #: A constant's value (None for every other name).
    constant: int | None = None
    #: True if the value depends on suits.
    suits: bool = False
    #: True if the value needs a card's actual rank (not only which cards share a rank).
    rank_value: bool = False


def _number(family: str, description: str, phrase: str, **more) -> Name:
    return Name(family, True, description, phrase=phrase, **more)


def _truth(family: str, description: str, phrase: str | None = None, **more) -> Name:
    return Name(family, False, description, phrase=phrase, **more)


_COUP: dict[str, Name] = {
    "player": _number("coup", "Player's final total, 0-9", "the Player's final total"),
    "banker": _number("coup", "Banker's final total, 0-9", "the Banker's final total"),
    "player_cards": _number("coup", "cards in the Player hand, 2 or 3", "the number of Player cards"),
    "banker_cards": _number("coup", "cards in the Banker hand, 2 or 3", "the number of Banker cards"),
    "cards": _number("coup", "cards used by the coup, 4-6", "the number of cards dealt"),
    "player_natural": _truth("coup", "Player has a two-card 8 or 9", "the Player has a natural",
                             negation="the Player has no natural"),
    "banker_natural": _truth("coup", "Banker has a two-card 8 or 9", "the Banker has a natural",
                             negation="the Banker has no natural"),
    "natural": _truth("coup", "either hand has a natural", "either hand has a natural",
                      negation="neither hand has a natural"),
    "player_wins": _truth("coup", "Player's total is higher", "Player wins", negation="Player does not win"),
    "banker_wins": _truth("coup", "Banker's total is higher", "Banker wins", negation="Banker does not win"),
    "tie": _truth("coup", "the totals are equal", "the hands tie", negation="the hands do not tie"),
    "winning_total": _number("coup", "the higher final total (the tied total on a tie)", "the winning total"),
    "margin": _number("coup", "the difference between the two final totals, 0-9", "the margin between the totals"),
}

_DEAL: dict[str, Name] = {
    "player_initial": _number("deal", "Player's two-card total, 0-9", "the Player's two-card total"),
    "banker_initial": _number("deal", "Banker's two-card total, 0-9", "the Banker's two-card total"),
    "player_third": _number("deal", "value of Player's third card, 0-9, or -1 if Player did not draw",
                            "the Player's third card"),
    "banker_third": _number("deal", "value of Banker's third card, 0-9, or -1 if Banker did not draw",
                            "the Banker's third card"),
}

_IDENTICAL = ("same_rank(first_four) and ("
              "(player_card1_suit == banker_card1_suit and player_card2_suit == banker_card2_suit) or "
              "(player_card1_suit == banker_card2_suit and player_card2_suit == banker_card1_suit))")

#: The original pair names (first four cards).
_PAIR: dict[str, Name] = {
    **{f"{h}_pair": _truth("pair", f"{h.capitalize()}'s first two cards have the same rank",
                           f"the {h.capitalize()}'s first two cards are a pair",
                           meaning=f"same_rank({h}_first_two)") for h in HANDS},
    **{f"{h}_suited_pair": _truth("pair", f"{h.capitalize()}'s first two cards have the same rank and suit "
                                          "(a perfect pair)",
                                  f"the {h.capitalize()}'s first two cards are a suited pair",
                                  meaning=f"same_rank({h}_first_two) and same_suit({h}_first_two)", suits=True)
       for h in HANDS},
    "pairs_same_rank": _truth("pair", "both hands pair, in the same rank", "both hands pair in the same rank",
                              meaning="same_rank(first_four)"),
    "identical_pairs": _truth("pair", "both hands hold the same two cards, rank and suit",
                              "both hands hold the same two cards", meaning=_IDENTICAL, suits=True),
}


def _hand(h: str) -> dict[str, Name]:
    """One hand's card names: the whole hand's suit and colour, and each card's rank, suit and colour."""
    H = h.capitalize()
    out = {
        f"{h}_suited": _truth("card", f"all of {H}'s cards (two or three) have the same suit",
                              f"the {H}'s cards all have the same suit", meaning=f"same_suit({h}_hand)", suits=True),
        f"{h}_red": _truth("card", f"all of {H}'s cards are red (hearts or diamonds)",
                           f"the {H}'s cards are all red", meaning=f"all({h}_hand, red)", suits=True),
        f"{h}_black": _truth("card", f"all of {H}'s cards are black (spades or clubs)",
                             f"the {H}'s cards are all black", meaning=f"all({h}_hand, black)", suits=True),
    }
    for i, nth in zip(ORDINALS, ("first", "second", "third")):
        card = f"{H}'s {nth} card" + (f" (0 if {H} did not draw)" if i == "3" else "")
        out[f"{h}_card{i}_rank"] = _number(
            "card", f"rank of {card}: 1 = ace ... 10, 11 = jack, 12 = queen, 13 = king",
            f"the rank of the {H}'s {nth} card", rank_value=True)
        out[f"{h}_card{i}_suit"] = _number(
            "card", f"suit of {card}: 1 = spades, 2 = hearts, 3 = diamonds, 4 = clubs",
            f"the suit of the {H}'s {nth} card", suits=True)
        for colour in ("red", "black"):
            out[f"{h}_card{i}_{colour}"] = _truth("card", f"{H}'s {nth} card is {colour} (false if there is none)",
                                                  f"the {H}'s {nth} card is {colour}", suits=True)
    return out


_CONSTANTS: dict[str, Name] = {
    name: Name("card", True, f"the constant {value}", phrase=name, constant=value)
    for name, value in (("ace", 1), ("jack", 11), ("queen", 12), ("king", 13),
                        ("spades", 1), ("hearts", 2), ("diamonds", 3), ("clubs", 4))
}

_LITERALS: dict[str, Name] = {
    "true": _truth("literal", "a line that always holds"),
    "false": _truth("literal", "a line that never holds"),
}

#: The table's parts, in the order every list shows them (no name in two: tests/bets/test_vocabulary.py).
PARTS = (_COUP, _DEAL, _PAIR, _hand("player"), _hand("banker"), _CONSTANTS, _LITERALS)
#: Every condition name, once: the one table the lists below derive from.
NAMES: dict[str, Name] = {n: name for part in PARTS for n, name in part.items()}


def _described(family: str) -> dict[str, str]:
    return {n: name.description for n, name in NAMES.items() if name.family == family}


#: The names that read the finished coup, with their description.
COUP_NAMES: dict[str, str] = _described("coup")
#: Names that need the deal itself, not only the finished coup.
DEAL_NAMES: dict[str, str] = _described("deal")
#: The original pair names (first four cards).
PAIR_NAMES: dict[str, str] = _described("pair")
#: Names over every card of the coup (beyond the first-four pair names), and the constants.
CARD_NAMES: dict[str, str] = _described("card")
#: The names a condition may use outside aggregates: every name above, and ``true``/``false``.
ALL_NAMES: dict[str, str] = {n: name.description for n, name in NAMES.items()}

#: Constant names a condition may compare card ranks and suits with.
CONSTANTS: dict[str, int] = {n: name.constant for n, name in NAMES.items() if name.constant is not None}
#: Names whose value is a number, not true/false: a condition must compare them.
NUMBER_NAMES = frozenset(n for n, name in NAMES.items() if name.number)
#: Card-level names whose value is a number (the rest are true/false).
CARD_NUMBER_NAMES = frozenset(n for n, name in NAMES.items() if name.number and name.family == "card")
#: Names that need the actual rank of a card (not only which cards share a rank).
RANK_VALUE_NAMES = frozenset(n for n, name in NAMES.items() if name.rank_value)
#: Names whose value depends on suits.
SUIT_NAMES = frozenset(n for n, name in NAMES.items() if name.suits)
#: The pair and card names, constants excluded: the facts the card walk computes.
FACT_NAMES = tuple(n for n, name in NAMES.items() if name.family in ("pair", "card") and name.constant is None)

#: The older card names, each defined once in the condition language (:mod:`exact_odds.conditions.language`).
MEANINGS: dict[str, str] = {n: name.meaning for n, name in NAMES.items() if name.meaning is not None}
#: Names whose value is a number: the noun phrase a par sheet's comparison starts with.
NOUNS: dict[str, str] = {n: name.phrase for n, name in NAMES.items() if name.number and name.phrase is not None}
#: Names whose value is true or false: the clause a par sheet says for each.
CLAUSES: dict[str, str] = {n: name.phrase for n, name in NAMES.items()
                           if not name.number and name.phrase is not None}
#: The clauses negated ('not banker_natural').
NEGATIONS: dict[str, str] = {n: name.negation for n, name in NAMES.items() if name.negation is not None}


@lru_cache(maxsize=4096)
def coup_names(coup: Coup) -> dict[str, int | bool]:
    """The values of :data:`COUP_NAMES` for one coup (cached: every bet reads the same few hundred)."""
    p, b = coup.player, coup.banker
    return {
        "player": p,
        "banker": b,
        "player_cards": coup.player_cards,
        "banker_cards": coup.banker_cards,
        "cards": coup.player_cards + coup.banker_cards,
        "player_natural": coup.player_natural,
        "banker_natural": coup.banker_natural,
        "natural": coup.player_natural or coup.banker_natural,
        "player_wins": p > b,
        "banker_wins": b > p,
        "tie": p == b,
        "winning_total": max(p, b),
        "margin": abs(p - b),
    }


def deal_names(deal: Deal) -> dict[str, int | bool]:
    """The values of :data:`COUP_NAMES` and :data:`DEAL_NAMES` for one deal."""
    names = dict(coup_names(deal.coup))
    names["player_initial"] = deal.player_initial
    names["banker_initial"] = deal.banker_initial
    names["player_third"] = -1 if deal.player_third is None else deal.player_third
    names["banker_third"] = -1 if deal.banker_third is None else deal.banker_third
    return names


def pair_names(state: FirstFour) -> dict[str, bool]:
    """The values of :data:`PAIR_NAMES` for one :class:`~exact_odds.cards.routes.first_four.FirstFour`."""
    return state._asdict()
