"""The first four cards by rank and suit: the distribution pair bets are priced on.

The value-level walk (:mod:`exact_odds.punto_banco.walk`) forgets ranks and suits, so
pair bets (Player Pair, Either Pair, Perfect Pair, Tiger Pair, ...) are priced
on a separate, purely combinatorial distribution of the first four cards
P1, B1, P2, B2. Whether a hand "pairs" depends only on its first two cards,
never on the drawing rules, so nothing here walks the game.

Counting: a card kind k (one of 52 rank-suit cards) has ``a[k]`` cards. The
ordered ways to deal the Player x, y and then the Banker u, w are
``a[x](a[y] - [x=y]) ...``, the falling product over kinds, whichever hand
holds which card. :func:`first_four_counts` sums these in closed form, by
rank and suit, so a shoe costs about a hundred integer operations (a shoe in
play is priced in well under a millisecond):

* a pair in rank r: suited ``S(r) = sum_s a_rs(a_rs - 1)``, unsuited
  ``U(r) = c_r(c_r - 1) - S(r)``;
* pairs in two different ranks: products of S and U over distinct ranks;
* one hand pairs in rank r and the other does not: S(r) or U(r) times the
  other hand's ordered non-pairs from the shoe less two r's;
* four cards of one rank: by the suits of the two pairs (identical or not).

Every count is multiplied by (N-4)(N-5), the ways to draw the two unused cards, so
the counts share the six-card denominator N(N-1)...(N-5) of the walk
(docs/rules.md §3). The infinite deck draws with replacement (each of the 52 cards
1/52, so each rank 1/13) in units of 13**6.

A shoe whose suits are not known (13 rank counts, or a suited shoe with cards
of unknown suit removed) is counted by the card-level walk
(:func:`~exact_odds.cards.routes.every_card.card_counts`) under the
unknown-suit model of :mod:`exact_odds.rules.suits`: exact averages over every
way the unknown suits could fall, so never outside [0, 1]; the model is
reported with every suit-dependent bet (``suits_assumed``). The counts may
then be fractions.
"""

from __future__ import annotations

import ast
from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

from exact_odds.cards.reading import Reading
from exact_odds.cards.route import Estimate, Route, register
from exact_odds.punto_banco.notebook import html_table, percent, short
from exact_odds.rules.deal import falling, six_card_total
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.suits import INFINITE_SUITS


class FirstFour(NamedTuple):
    """What pair bets see of the first four cards (P1, B1, P2, B2)."""

    player_pair: bool  #: P1 and P2 have the same rank
    banker_pair: bool  #: B1 and B2 have the same rank
    player_suited_pair: bool  #: P1 and P2 are the same card (rank and suit)
    banker_suited_pair: bool  #: B1 and B2 are the same card
    pairs_same_rank: bool  #: both hands pair, in the same rank
    identical_pairs: bool  #: both hands hold the same two cards (rank and suit)


@dataclass(frozen=True)
class PairDistribution:
    """Ways each :class:`FirstFour` state happens, out of ``total`` (six-card convention).

    ``suits_assumed`` is the assumption under which suit-dependent states were
    counted (``None`` when the shoe's suits are known)."""

    shoe: Shoe
    #: ways each state happens: integers, or fractions where unknown suits are averaged over
    states: dict[FirstFour, int | Fraction]
    total: int
    suits_assumed: str | None

    def probability(self, name: str) -> Fraction:
        """The probability that the :class:`FirstFour` field ``name`` holds (``"player_pair"``...)."""
        if name not in FirstFour._fields:
            raise ValueError(f"unknown pair event {name!r}; choose one of: {', '.join(FirstFour._fields)}")
        return sum((Fraction(n) for s, n in self.states.items() if getattr(s, name)), Fraction(0)) / self.total

    def __repr__(self) -> str:
        shown = ", ".join(f"{name.replace('_', ' ')} {percent(self.probability(name))}"
                          for name in ("player_pair", "banker_pair", "player_suited_pair"))
        note = "; unknown suits averaged over" if self.suits_assumed not in (None, INFINITE_SUITS) else ""
        return f"PairDistribution({short(self.shoe.describe())}: {shown}{note})"

    def _repr_html_(self) -> str:
        rows = [(name.replace("_", " "), percent(self.probability(name), 6), str(self.probability(name)))
                for name in FirstFour._fields]
        caption = f"The first four cards, {self.shoe.describe()}" + (
            f" ({self.suits_assumed})" if self.suits_assumed else "")
        return html_table(("Event", "Probability", "Exact"), rows, caption)


def _card_kinds(shoe: Shoe) -> tuple[list[list], int]:
    """Card counts grouped by rank (4 suits each) and the 'draw removes a card' flag."""
    if shoe.is_infinite:
        return [[1, 1, 1, 1] for _ in range(13)], 0
    return [list(shoe.suited[4 * r: 4 * r + 4]) for r in range(13)], 1


def _integral(x):
    x = Fraction(x)
    return x.numerator if x.denominator == 1 else x


def pair_distribution(shoe: Shoe) -> PairDistribution:
    """The exact distribution of :class:`FirstFour` for ``shoe`` (see the module docstring; cached per shoe)."""
    if not isinstance(shoe, Shoe):
        raise TypeError(f"pair_distribution needs a Shoe (such as Shoe.decks(8)), not {type(shoe).__name__}")
    return _pair_distribution(shoe)


@lru_cache(maxsize=64)
def _pair_distribution(shoe: Shoe) -> PairDistribution:
    shoe.checked()
    if not shoe.is_infinite and shoe.suited is None:
        return _unknown_suits(shoe)
    a, dec = _card_kinds(shoe)
    out = first_four_counts(a, dec)
    total = six_card_total(shoe)
    if shoe.is_infinite:
        scale = Fraction(total, 52 ** 4)
        states = {k: _integral(v * scale) for k, v in out.items() if v}
        return PairDistribution(shoe, states, total, INFINITE_SUITS)
    scale = falling(shoe.size - 4, 2)
    return PairDistribution(shoe, {k: v * scale for k, v in out.items() if v}, total, None)


def first_four_counts(a: list[list[int]], dec: int = 1) -> dict[FirstFour, int]:
    """Ordered ways to deal P1, B1, P2, B2 in each :class:`FirstFour` state, from ``a[r][s]`` cards of
    rank r and suit s (``dec`` 1: dealt without replacement; 0: with replacement, the infinite deck).

    Closed sums over ranks and suits (docs/methods/suits.md, "Pair bets on a suited shoe"), about
    a hundred integer operations per shoe; ``F(x) = x(x - dec)`` is the ordered ways to draw two
    cards of a kind (or a rank) holding x:

    * both hands pair in one rank r (four cards of r): by the suits of the two pairs, e.g. both
      suited in one suit, ``sum_s F4(a_rs)``, the identical pairs;
    * pairs in two different ranks: products of the per-rank suited ``S(r) = sum_s F(a_rs)``
      and unsuited ``U(r) = F(c_r) - S(r)`` counts;
    * one hand pairs in rank r, the other not: ``S(r)`` or ``U(r)`` times the other hand's
      ordered non-pairs from the shoe less two r's, and the same with the hands swapped (the ways
      to deal given cards do not depend on which hand holds them);
    * no pair: the rest of the ``N(N-1)(N-2)(N-3)`` ordered ways."""

    def f2(x):
        return x * (x - dec)

    def f4(x):
        return x * (x - dec) * (x - 2 * dec) * (x - 3 * dec)

    c = [sum(r) for r in a]
    n = sum(c)
    suited = [f2(x) + f2(y) + f2(z) + f2(w) for x, y, z, w in a]
    unsuited = [f2(cr) - s for cr, s in zip(c, suited)]
    all_pairs = sum(f2(cr) for cr in c)
    any_two = f2(n - 2 * dec)
    # Both hands pair, in two different ranks.
    ts, tu = sum(suited), sum(unsuited)
    two_suited = ts * ts - sum(s * s for s in suited)
    mixed = ts * tu - sum(s * u for s, u in zip(suited, unsuited))
    two_unsuited = tu * tu - sum(u * u for u in unsuited)
    one_suited = one_unsuited = 0  # one hand pairs (suited or not), the other does not
    same_identical_suited = same_suited = same_one_suited = 0  # four cards of one rank
    same_identical = same_unsuited = 0
    for r, suits in enumerate(a):
        cr = c[r]
        # One hand pairs in rank r, the other hand's two cards differ in rank.
        no_pair = any_two - (all_pairs - f2(cr) + f2(cr - 2 * dec))
        one_suited += suited[r] * no_pair
        one_unsuited += unsuited[r] * no_pair
        if cr < 4 * dec:
            continue
        # Four cards of rank r.
        left = f2(cr - 2 * dec)
        pairs = [f2(x) for x in suits]
        same_identical_suited += sum(f4(x) for x in suits)
        same_suited += suited[r] * suited[r] - sum(p * p for p in pairs)
        same_one_suited += sum(p * (left - (suited[r] - p + f2(x - 2 * dec))) for p, x in zip(pairs, suits))
        for s in range(4):
            for t in range(s + 1, 4):  # the Player's two cards of suits s and t, in either order
                ways = 2 * suits[s] * suits[t]
                if ways:
                    xs, xt = suits[s] - dec, suits[t] - dec
                    banker_suited = suited[r] - pairs[s] - pairs[t] + f2(xs) + f2(xt)
                    identical = 2 * xs * xt
                    same_identical += ways * identical
                    same_unsuited += ways * (left - banker_suited - identical)
    ff = FirstFour
    out = {
        ff(True, True, True, True, False, False): two_suited,
        ff(True, True, True, False, False, False): mixed,
        ff(True, True, False, True, False, False): mixed,
        ff(True, True, False, False, False, False): two_unsuited,
        ff(True, False, True, False, False, False): one_suited,
        ff(True, False, False, False, False, False): one_unsuited,
        ff(False, True, False, True, False, False): one_suited,
        ff(False, True, False, False, False, False): one_unsuited,
        ff(True, True, True, True, True, True): same_identical_suited,
        ff(True, True, True, True, True, False): same_suited,
        ff(True, True, True, False, True, False): same_one_suited,
        ff(True, True, False, True, True, False): same_one_suited,
        ff(True, True, False, False, True, True): same_identical,
        ff(True, True, False, False, True, False): same_unsuited,
    }
    out[ff(False, False, False, False, False, False)] = (
        n * (n - dec) * (n - 2 * dec) * (n - 3 * dec) - sum(out.values()))
    return out


def _unknown_suits(shoe: Shoe) -> PairDistribution:
    """The distribution for a shoe without (all its) suits, from the card-level walk."""
    from exact_odds.cards.routes.every_card import card_counts

    joint, total, assumed = card_counts(shoe, (), FirstFour._fields)
    states: dict = defaultdict(int)
    for (_, facts), n in joint.items():
        states[FirstFour(*facts)] += n
    return PairDistribution(shoe, {k: _integral(v) for k, v in states.items() if v}, total, assumed)


def _names_read(reading: Reading) -> frozenset:
    """Every vocabulary name the lines read, constants left out."""
    from exact_odds.conditions.vocabulary import CONSTANTS

    return frozenset(n.id for c in reading.conditions for n in ast.walk(ast.parse(c, mode="eval"))
                     if isinstance(n, ast.Name)) - CONSTANTS.keys()


class FirstFourRoute(Route):
    name = "first four"
    summary = "the first four cards' pairs, counted in closed form by rank and suit (no walk of the game)"
    builds_plan = False  # about a hundred integer operations a shoe: no plan to hold to the budget

    def accepts(self, reading: Reading, shoe: Shoe) -> str | None:
        if reading.first_line is None:
            return "the bet gives no settling of named states"
        from exact_odds.conditions.vocabulary import PAIR_NAMES

        names = reading.once("names read", _names_read)
        if not names or not names <= PAIR_NAMES.keys():
            return "reads more than the first four cards' pair names"
        return None

    def place(self, reading: Reading, shoe: Shoe) -> int:
        return -2

    def estimate(self, reading: Reading, shoe: Shoe, tableau=None) -> Estimate:
        return Estimate(rows=15, memory=0, seconds=0.0)  # the pair states (14 and none)

    def price(self, reading: Reading, dist) -> tuple[list, int, str | None]:
        """Each line's count over the pair states of the shoe (fractions where unknown suits are averaged
        over); the suit model's statement where a line reads a suited pair and suits were assumed."""
        from exact_odds.conditions.vocabulary import SUIT_NAMES, pair_names

        pairs = pair_distribution(dist.shoe)
        line_of = reading.once("line of each pair state", lambda r: {})  # at most 15 states, settled once
        counts = [0] * (len(reading.conditions) + 1)
        for state, n in pairs.states.items():
            i = line_of.get(state)
            if i is None:
                i = line_of[state] = reading.first_line(pair_names(state))
            counts[i] += n
        suited = reading.once("names read", _names_read) & SUIT_NAMES
        return counts, pairs.total, pairs.suits_assumed if suited else None


register(FirstFourRoute())
