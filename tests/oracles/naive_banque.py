"""A deliberately naive banque enumerator, written apart from exact_odds.banque.

It deals card by card by *rank* (13 ranks), in the stated order (left,
right, banker, left, right, banker, then third cards left, right, banker),
with the probability count/remaining of each card as a Fraction. At the
banker's decision it follows both branches and files the results under what
the banker sees: his two card values, and for each tableau "stood", its third
card value, or the values of its natural. A policy is applied afterwards,
information set by information set. The banker rule is docs/rules.md §2's closed
formula, not the engine's tableau. Slow on purpose: small shoes only.
"""

from collections import Counter, defaultdict
from fractions import Fraction

VALUE = (1, 2, 3, 4, 5, 6, 7, 8, 9, 0, 0, 0, 0)
RESULTS = ("win", "tie", "lose")


def banker_draws_formula(banker, third):
    """docs/rules.md §2 item 4 (the founding documents' formula): stood -> draw on 0-5; else map 8 -> -2, 9 -> -1, halve toward zero, add 3."""
    if third is None:
        return banker <= 5
    t = {8: -2, 9: -1}.get(third, third)
    return banker <= int(t / 2) + 3


def compare(tableau, banker):
    return "win" if tableau > banker else "tie" if tableau == banker else "lose"


def deal_tree(ranks, q):
    """(forced, info): forced Counter of (left, right) -> probability for coups
    that end before the banker decides; info[(banker values, la, ra)] =
    [Counter for stand, Counter for draw]."""
    ranks = list(ranks)
    forced = Counter()
    info = defaultdict(lambda: [Counter(), Counter()])

    def draws(p, then):
        n = sum(ranks)
        for r in range(13):
            if ranks[r]:
                pr = p * Fraction(ranks[r], n)
                ranks[r] -= 1
                then(pr, VALUE[r])
                ranks[r] += 1

    def deal(p, cards):
        if len(cards) < 6:
            draws(p, lambda pr, v: deal(pr, cards + [v]))
            return
        left, right, bank = cards[0::3], cards[1::3], cards[2::3]
        lt, rt, bt = sum(left) % 10, sum(right) % 10, sum(bank) % 10
        if bt >= 8 or (lt >= 8 and rt >= 8):
            forced[compare(lt, bt), compare(rt, bt)] += p
            return
        play_left(p, left, lt, right, rt, bank, bt)

    def tableau_moves(p, cards, total, then):
        """then(probability, action, final total or 'natural')."""
        if total >= 8:
            then(p, ("natural", tuple(sorted(cards))), "natural")
        elif total >= 6:
            then(p, "stood", total)
        else:
            pdraw = Fraction(1) if total <= 4 else q
            if pdraw < 1:
                then(p * (1 - pdraw), "stood", total)
            if pdraw > 0:
                draws(p * pdraw, lambda pr, v: then(pr, ("drew", v), (total + v) % 10))

    def play_left(p, left, lt, right, rt, bank, bt):
        tableau_moves(p, left, lt, lambda p1, la, tl:
                      tableau_moves(p1, right, rt, lambda p2, ra, tr: banker(p2, la, tl, ra, tr, bank, bt)))

    def result(final, banker_total):
        return "win" if final == "natural" else compare(final, banker_total)

    def banker(p, la, tl, ra, tr, bank, bt):
        key = (tuple(sorted(bank)), la, ra)
        if la[0] == "natural" and ra[0] == "natural":  # cannot happen: caught as forced
            raise AssertionError
        info[key][0][result(tl, bt), result(tr, bt)] += p

        def third(pr, u):
            final = (bt + u) % 10
            info[key][1][result(tl, final), result(tr, final)] += pr

        draws(p, third)

    deal(Fraction(1), [])
    return forced, info


def gain(outcomes, theta):
    """The banker's expected gain from a Counter of (left, right) -> probability."""
    sign = {"win": -1, "tie": 0, "lose": 1}
    return sum(p * (theta * sign[a] + (1 - theta) * sign[b]) for (a, b), p in outcomes.items())


def naive_joint(tree, policy, theta):
    """{(left, right): probability} under a banker policy (as in exact_odds.banque),
    from ``tree = deal_tree(ranks, q)``."""
    forced, info = tree
    out = Counter(forced)
    for (bank, la, ra), (stand, draw) in info.items():
        bt = sum(bank) % 10
        if policy == "optimal":
            choose_draw = gain(draw, theta) > gain(stand, theta)
        else:
            left_first = policy == "tableau-left" or (policy == "tableau-larger" and theta >= Fraction(1, 2))
            target = la if left_first else ra
            if target[0] == "natural":
                target = ra if left_first else la
            choose_draw = banker_draws_formula(bt, None if target == "stood" else target[1])
        out.update(draw if choose_draw else stand)
    return {(a, b): out.get((a, b), Fraction(0)) for a in RESULTS for b in RESULTS}
