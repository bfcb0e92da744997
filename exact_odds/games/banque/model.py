"""The terms of a banque coup: results, what the banker sees, policies, the punter's rule at 5.

What the banker sees of one tableau is coded as an *action* number:
0 = stood; 1 + t = drew a third card of value t; 11 + k = natural pair
number k of the value pairs that make a natural (docs/rules.md §6).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from numbers import Rational

from exact_odds.rules.deal import TWO_CARD_HANDS, hand_total, is_natural
from exact_odds.rules.shoe import Shoe, ShoeError

#: The fewest cards a banque coup can use: 2 + 2 + 2 and three third cards.
MIN_BANQUE_CARDS = 9

#: A tableau's result against the banker, punter's view, in this order.
RESULTS = ("win", "tie", "lose")
WIN, TIE, LOSE = range(3)

BANKER_POLICIES = ("tableau-left", "tableau-right", "tableau-larger", "optimal")

#: The thetas of the banker-edge table.
THETAS = (Fraction(0), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1))

PAIRS = TWO_CARD_HANDS
NATURAL_PAIRS = tuple((a, b, m) for a, b, m in PAIRS if is_natural(hand_total(a, b)))
PAIR_INDEX = {(a, b): k for k, (a, b, _) in enumerate(PAIRS)}
_NATURAL_INDEX = {(a, b): k for k, (a, b, _) in enumerate(NATURAL_PAIRS)}

STOOD = 0
N_ACTIONS = 11 + len(NATURAL_PAIRS)  # 22


def drew(t: int) -> int:
    """The action of a tableau that drew a third card of value ``t``."""
    return 1 + t


def natural(a: int, b: int) -> int:
    """The action of a tableau showing the natural pair of values ``a``, ``b``."""
    return 11 + _NATURAL_INDEX[min(a, b), max(a, b)]


def is_natural_action(action: int) -> bool:
    return action >= 11


#: A banker's information set: (his holding, the left tableau's action, the right tableau's action).
InfoSet = tuple[int, int, int]


def decision_sets(live, holding_totals: tuple[int, ...]) -> list[InfoSet]:
    """The information sets where the banker decides, of those ``live`` marks (an array
    ``[holding, left action, right action]`` of whether the set can occur): not both tableaux
    on a natural, and not the banker's own natural (``holding_totals[h]``)."""
    import numpy as np

    out = []
    for h, la, ra in zip(*np.nonzero(live)):
        if is_natural_action(int(la)) and is_natural_action(int(ra)):
            continue
        if is_natural(holding_totals[h]):
            continue
        out.append((int(h), int(la), int(ra)))
    return out


def third_card(action: int) -> int | None:
    """The value of the third card a tableau drew, or None if it stood or has a natural."""
    return action - 1 if 1 <= action <= 10 else None


class BanqueError(ValueError):
    """A banque question that cannot be answered as asked (a policy, theta or
    probability out of range); the message says what is allowed."""


def exact_probability(value: Rational, name: str) -> Fraction:
    """``value`` (an int or Fraction) as a Fraction in [0, 1]."""
    if isinstance(value, bool) or not isinstance(value, Rational):
        raise TypeError(f"{name} must be an exact number from 0 to 1 such as Fraction(1, 2), "
                        f"not {type(value).__name__}")
    value = Fraction(value)
    if not 0 <= value <= 1:
        raise BanqueError(f"{name} must be between 0 and 1, not {value}")
    return value


@dataclass(frozen=True)
class PunterFive:
    """A punter's rule on a two-card 5: draw with probability ``q`` (1: draw, 0: stand)."""

    q: Fraction

    def __post_init__(self):
        if isinstance(self.q, bool) or not isinstance(self.q, Rational):
            raise TypeError(f"the probability of drawing at 5 must be an exact number such as Fraction(9, 11), "
                            f"not {type(self.q).__name__}")
        if not 0 <= self.q <= 1:
            raise BanqueError(f"the probability of drawing at 5 must be between 0 and 1, not {self.q}")
        object.__setattr__(self, "q", Fraction(self.q))

    def describe(self) -> str:
        if self.q == 1:
            return "draw"
        if self.q == 0:
            return "stand"
        return f"draw with probability {self.q.numerator}/{self.q.denominator}"


#: The default rule: a tableau always draws on 5.
DRAW_AT_5 = PunterFive(Fraction(1))


def check_policy(policy: str) -> str:
    if not isinstance(policy, str):
        raise TypeError(f"the banker policy must be one of {', '.join(BANKER_POLICIES)}, "
                        f"not {type(policy).__name__}")
    if policy not in BANKER_POLICIES:
        raise BanqueError(f"unknown banker policy {policy!r}: use one of {', '.join(BANKER_POLICIES)}")
    return policy


def check_shoe(shoe: Shoe) -> Shoe:
    if not isinstance(shoe, Shoe):
        raise TypeError(f"banque needs a Shoe (such as Shoe.decks(3)), not {type(shoe).__name__}")
    shoe.checked()
    if not shoe.is_infinite and shoe.size < MIN_BANQUE_CARDS:
        raise ShoeError(
            f"a banque shoe needs at least {MIN_BANQUE_CARDS} cards to complete a coup "
            f"(three hands of up to three); this one has {shoe.size}"
        )
    return shoe
