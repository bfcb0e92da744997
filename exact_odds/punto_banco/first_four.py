"""The first four cards by rank and suit: the distribution pair bets are priced on.

The value-level walk (:mod:`exact_odds.punto_banco.walk`) forgets ranks and suits, so
pair bets (Player Pair, Either Pair, Perfect Pair, Tiger Pair, ...) are priced
on a separate, purely combinatorial distribution of the first four cards
P1, B1, P2, B2. Whether a hand "pairs" depends only on its first two cards,
never on the drawing rules, so nothing here walks the game.

Counting: a card kind k (one of 52 rank-suit cards, or one of 13 ranks when
the shoe has no suits) has ``a[k]`` cards. The ordered ways to deal the
Player x, y and then the Banker u, w are ``a[x](a[y] - [x=y]) ...``, the
falling product over kinds. For each of the Player's ordered hands the
Banker's ordered hands are counted by class with closed sums:

* any hand: N'(N'-1) with N' = N - 2 cards left;
* a pair:   sum over ranks r of c'_r (c'_r - 1);
* a suited pair (the same card twice): sum over kinds of a'_k (a'_k - 1);

restricted to the Player's pair rank where the two pairs are compared. Every
count is multiplied by (N-4)(N-5), the ways to draw the two unused cards, so
the counts share the six-card denominator N(N-1)...(N-5) of the walk
(docs/rules.md §3). The infinite deck draws with replacement (each of the 52 cards
1/52, so each rank 1/13) in units of 13**6.

A shoe whose suits are not known (13 rank counts, or a suited shoe with cards
of unknown suit removed) is counted by the card-level walk
(:func:`~exact_odds.punto_banco.every_card.card_counts`) under the
unknown-suit model of :mod:`exact_odds.rules.suits`: exact averages over every
way the unknown suits could fall, so never outside [0, 1]; the model is
reported with every suit-dependent bet (``suits_assumed``). The counts may
then be fractions.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import NamedTuple

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
    rank_count = [sum(r) for r in a]
    n = sum(rank_count)

    def f(c):  # ordered ways to draw two cards of a kind (or a rank) holding c
        return c * (c - dec)

    pair_sum = sum(f(c) for c in rank_count)
    suited_sum = sum(f(x) for r in a for x in r)
    out: dict = defaultdict(int)
    kinds = [(r, s) for r in range(13) for s in range(4)]
    for rx, sx in kinds:
        wx = a[rx][sx]
        if not wx:
            continue
        a[rx][sx] -= dec
        rank_count[rx] -= dec
        for ry, sy in kinds:
            wy = a[ry][sy]
            if not wy:
                continue
            w = wx * wy
            a[ry][sy] -= dec
            rank_count[ry] -= dec
            # Banker's classes with x and y out of the shoe.
            touched = {rx, ry}
            bp = pair_sum + sum(f(rank_count[r]) - f(rank_count[r] + dec * ((r == rx) + (r == ry))) for r in touched)
            bs = suited_sum
            for (r, s) in {(rx, sx), (ry, sy)}:
                bs += f(a[r][s]) - f(a[r][s] + dec * (((r, s) == (rx, sx)) + ((r, s) == (ry, sy))))
            left = n - 2 * dec
            banker_any = left * (left - dec)
            if rx != ry:
                out[FirstFour(False, False, False, False, False, False)] += w * (banker_any - bp)
                out[FirstFour(False, True, False, False, False, False)] += w * (bp - bs)
                out[FirstFour(False, True, False, True, False, False)] += w * bs
            else:
                suited = sx == sy
                r = rx
                bp_r = f(rank_count[r])
                bs_r = sum(f(x) for x in a[r])
                same = a[r][sx] * (a[r][sy] - dec) if suited else 2 * a[r][sx] * a[r][sy]
                out[FirstFour(True, False, suited, False, False, False)] += w * (banker_any - bp)
                out[FirstFour(True, True, suited, False, False, False)] += w * ((bp - bp_r) - (bs - bs_r))
                out[FirstFour(True, True, suited, True, False, False)] += w * (bs - bs_r)
                # Same rank: the banker's pair is identical to the player's or not.
                unsuited_same = bp_r - bs_r
                if suited:
                    out[FirstFour(True, True, True, False, True, False)] += w * unsuited_same
                    out[FirstFour(True, True, True, True, True, False)] += w * (bs_r - same)
                    out[FirstFour(True, True, True, True, True, True)] += w * same
                else:
                    out[FirstFour(True, True, False, False, True, False)] += w * (unsuited_same - same)
                    out[FirstFour(True, True, False, False, True, True)] += w * same
                    out[FirstFour(True, True, False, True, True, False)] += w * bs_r
            a[ry][sy] += dec
            rank_count[ry] += dec
        a[rx][sx] += dec
        rank_count[rx] += dec
    total = six_card_total(shoe)
    if shoe.is_infinite:
        scale = Fraction(total, 52 ** 4)
        assumed = INFINITE_SUITS
    else:
        scale = falling(n - 4, 2)
        assumed = None
    states = {k: _integral(v * scale) for k, v in out.items() if v}
    return PairDistribution(shoe, states, total, assumed)


def _unknown_suits(shoe: Shoe) -> PairDistribution:
    """The distribution for a shoe without (all its) suits, from the card-level walk."""
    from exact_odds.punto_banco.every_card import card_counts

    joint, total, assumed = card_counts(shoe, (), FirstFour._fields)
    states: dict = defaultdict(int)
    for (_, facts), n in joint.items():
        states[FirstFour(*facts)] += n
    return PairDistribution(shoe, {k: _integral(v) for k, v in states.items() if v}, total, assumed)
