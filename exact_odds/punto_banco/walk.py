"""The walk: every card-draw sequence of a coup, weighted by the shoe.

One walk over the deal (Player, Banker, Player, Banker, then third cards by
the tableau) produces a :class:`~exact_odds.punto_banco.coup.CoupDistribution`: for every
final coup state, the number of ways it happens. Every bet is then arithmetic
on that distribution; nothing walks the tree again per bet.

Weights are exact integers. Drawing the ordered values x1..xk from a shoe
with ``c[v]`` cards of value v has ``prod_v c[v](c[v]-1)...(c[v]-k_v+1)``
ways, whatever the order, so the first two cards of each hand are enumerated
as unordered pairs with multiplicity 2 for distinct values. A coup that used
k cards is then multiplied by ``(N-k)(N-k-1)...(N-5)``, the ways to draw the
unused cards, so that every coup counts as an ordered sequence of six cards
(the Wizard of Odds convention, docs/rules.md §3) and all counts share the
denominator ``N(N-1)...(N-5)``.

The infinite deck is the same walk drawing with replacement: value 0 has
weight 4 and values 1-9 weight 1 out of 13 per card, and the denominator is
13**6.

:func:`walk` runs these loops compiled where the compiled kernel is built
(``exact_odds_native.walk``, exact_odds/punto_banco/_native.c: int64, for
shoes of at most 1,448 cards, the bound proven there) and otherwise
:func:`walk_python`, the same loops in Python integers; both give the same
deals with the same counts in the same order (tests/punto_banco/test_walk_native.py).
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

from exact_odds.punto_banco.coup import CoupDistribution
from exact_odds.rules.coup import Deal, coup_of
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.deal import deal_player_and_banker, hand_total, natural_ends_coup, six_card_total, unused_ways
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau


def check_walk_arguments(shoe: Shoe, tableau: Tableau) -> None:
    """A TypeError saying what is expected unless ``shoe`` is a Shoe and ``tableau`` a Tableau."""
    if not isinstance(shoe, Shoe):
        raise TypeError(f"walk needs a Shoe (such as Shoe.decks(8)), not {type(shoe).__name__}")
    if not isinstance(tableau, Tableau):
        raise TypeError(f"tableau must be a Tableau (such as PUNTO_BANCO), not {type(tableau).__name__}")


def walk(shoe: Shoe, tableau: Tableau = PUNTO_BANCO) -> CoupDistribution:
    """The distribution of final coup states for ``shoe`` under ``tableau``.

    Keys are :class:`~exact_odds.rules.coup.Deal` states (two-card totals and
    third-card values); values are six-card-convention counts (only states
    that can happen appear).

    By the compiled kernel where it is built and takes the shoe (at most
    1,448 cards), else by :func:`walk_python`: the same distribution, its
    deals in the same order.
    """
    check_walk_arguments(shoe, tableau)
    shoe.checked()
    fast = walk_native(shoe, tableau)
    return walk_python(shoe, tableau) if fast is None else fast


def walk_native(shoe: Shoe, tableau: Tableau = PUNTO_BANCO) -> CoupDistribution | None:
    """:func:`walk_python` by the compiled kernel (``exact_odds_native.walk``), its coups counted
    there too; None where the kernel is missing (or ``EXACT_ODDS_PURE`` is set, or it was built
    before it had the walk) or declines the shoe (over 1,448 cards: int64's bound,
    exact_odds/punto_banco/_native.c)."""
    from exact_odds.punto_banco.native import module

    kernel_walk = getattr(module(), "walk", None)
    if kernel_walk is None:
        return None
    player = bytes(bool(tableau.player_draws(p)) for p in range(8))
    banker = bytes(bool(tableau.banker_draws(b, t)) for b in range(8) for t in (*range(10), None))
    done = kernel_walk(shoe.value_counts, shoe.is_infinite, *rule_tables(), player, banker, Deal)
    if done is None:
        return None
    deals, coups = done
    return CoupDistribution(shoe, tableau, deals, six_card_total(shoe),
                            {coup_of(p, b, pc, bc): n for p, b, pc, bc, n in coups})


@lru_cache(maxsize=1)
def rule_tables() -> tuple[bytes, bytes]:
    """The compiled walk's copies of the rules (rules/deal.py): a hand's total after values a and b (at
    a * 10 + b), and whether Player's total p and Banker's b end the coup (at p * 10 + b)."""
    return (bytes(hand_total(a, b) for a in range(10) for b in range(10)),
            bytes(natural_ends_coup(p, b) for p in range(10) for b in range(10)))


def walk_python(shoe: Shoe, tableau: Tableau = PUNTO_BANCO) -> CoupDistribution:
    """:func:`walk` in Python integers, for any shoe.

    The last card of a coup is not enumerated one value at a time. Where
    Banker draws, the ways to draw value u are ``c0[u] - r[u]``: the shoe's
    count less the u's already dealt in this coup. Summed over every path
    into the same state with weights w, that is ``c0[u] * sum(w) -
    sum(w * r[u])``, so each path adds its weight once to ``sum(w)`` and once
    per card it removed, and the ten final counts are formed at the end.
    """
    check_walk_arguments(shoe, tableau)
    shoe.checked()
    c = list(shoe.value_counts)
    c0 = tuple(c)
    dec = 0 if shoe.is_infinite else 1  # with replacement: counts never fall
    stood: dict = defaultdict(int)  # (pt, bt, t|None, None) -> ways, Banker without a third card
    # Banker draws: key -> [ways that removed a 0, ..., ways that removed a 9, total ways]
    banker_draws_after: dict = {}
    # the rules as tables, looked up a few thousand times (docs/rules.md §1-2)
    total = [[hand_total(a, b) for b in range(10)] for a in range(10)]
    ends = [[natural_ends_coup(p, b) for b in range(10)] for p in range(10)]
    player_draws = [tableau.player_draws(p) for p in range(8)]
    banker_draws = [[tableau.banker_draws(b, t) for t in range(10)] + [tableau.banker_draws(b, None)]
                    for b in range(8)]
    # the Player's third cards after which Banker stands, and after which it draws, by Banker's total
    stands_after = [tuple(t for t in range(10) if not rule[t]) for rule in banker_draws]
    draws_after = [tuple(t for t in range(10) if rule[t]) for rule in banker_draws]

    for p1, p2, b1, b2, w in deal_player_and_banker(c, dec):
        pt = total[p1][p2]
        bt = total[b1][b2]
        if ends[pt][bt]:
            stood[pt, bt, None, None] += w
            continue
        if player_draws[pt]:
            for t in stands_after[bt]:
                if c[t]:
                    stood[pt, bt, t, None] += w * c[t]
            # (Player's third card, ways) where Banker then draws
            draws = [(t, w * c[t]) for t in draws_after[bt] if c[t]]
        elif banker_draws[bt][10]:
            draws = ((None, w),)
        else:
            stood[pt, bt, None, None] += w
            continue
        # Banker draws: record the ways and each card they removed.
        for t, ways in draws:
            acc = banker_draws_after.get((pt, bt, t))
            if acc is None:
                acc = banker_draws_after[pt, bt, t] = [0] * 11
            acc[10] += ways
            acc[p1] += ways
            acc[p2] += ways
            acc[b1] += ways
            acc[b2] += ways
            if t is not None:
                acc[t] += ways
    counts: dict[Deal, int] = {}
    for (pt, bt, t, _), n in stood.items():
        counts[Deal(pt, bt, t, None)] = n * unused_ways(shoe, 4 if t is None else 5)
    for (pt, bt, t), acc in banker_draws_after.items():
        tail = unused_ways(shoe, 5 if t is None else 6)
        for u in range(10):
            n = acc[10] * c0[u] - dec * acc[u]
            if n:
                counts[Deal(pt, bt, t, u)] = n * tail
    return CoupDistribution(shoe, tableau, counts, six_card_total(shoe))
