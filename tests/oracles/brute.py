"""A deliberately simple brute-force dealer, written apart from the engine.

It deals every ordered sequence of six *physical* cards from a small card list
(itertools.permutations), plays the coup by the rules as docs/rules.md §2 words them
(an if-chain, not the tableau object), and settles each bet with a plain
Python function written from the bet's rules, not from its pay table. Every
sequence of six cards counts once, which is the six-card convention itself.
Slow on purpose: only for shoes of about ten cards.
"""

from collections import Counter
from fractions import Fraction
from itertools import permutations

VALUES = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 0, "J": 0, "Q": 0, "K": 0}


def parse(card):
    return card[:-1], card[-1]  # rank, suit


def banker_draws(b, t):
    """docs/rules.md §2 item 4, as written."""
    if b <= 2:
        return True
    if b == 3:
        return t != 8
    if b == 4:
        return 2 <= t <= 7
    if b == 5:
        return 4 <= t <= 7
    if b == 6:
        return t in (6, 7)
    return False


def play(seq):
    """The coup dealt from an ordered sequence of cards: a small dict of facts."""
    v = [VALUES[parse(c)[0]] for c in seq]
    p_cards, b_cards = [v[0], v[2]], [v[1], v[3]]
    p2, b2 = sum(p_cards) % 10, sum(b_cards) % 10
    nxt = 4
    p_third = b_third = None
    if p2 < 8 and b2 < 8:
        if p2 <= 5:
            p_third = v[nxt]
            nxt += 1
            p_cards.append(p_third)
            if banker_draws(b2, p_third):
                b_third = v[nxt]
                b_cards.append(b_third)
        elif b2 <= 5:
            b_third = v[nxt]
            b_cards.append(b_third)
    return {
        "p": sum(p_cards) % 10, "b": sum(b_cards) % 10, "pn": len(p_cards), "bn": len(b_cards),
        "p2": p2, "b2": b2, "p_third": p_third, "b_third": b_third,
        "p_nat": p2 >= 8, "b_nat": b2 >= 8, "first4": [parse(c) for c in seq[:4]],
    }


def dragon_bonus(c, side):
    me, other = (c["p"], c["b"]) if side == "player" else (c["b"], c["p"])
    my_natural = c["p_nat"] if side == "player" else c["b_nat"]
    if c["p"] == c["b"]:
        return 0 if (c["p_nat"] or c["b_nat"]) else -1
    if me < other:
        return -1
    if my_natural:
        return 1
    return {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}.get(me - other, -1)


def ez_banker(c):
    if c["b"] > c["p"]:
        return 0 if (c["bn"] == 3 and c["b"] == 7) else 1
    return 0 if c["b"] == c["p"] else -1


def super6_banker(c):
    if c["b"] > c["p"]:
        return Fraction(1, 2) if c["b"] == 6 else 1
    return 0 if c["b"] == c["p"] else -1


def pairs(c):
    (r1, s1), (q1, t1), (r2, s2), (q2, t2) = c["first4"]  # P1, B1, P2, B2
    pp, bp = r1 == r2, q1 == q2
    ps, bs = pp and s1 == s2, bp and t1 == t2
    identical = pp and bp and r1 == q1 and sorted([s1, s2]) == sorted([t1, t2])
    return pp, bp, ps, bs, identical


def tiger_pair(c):
    pp, bp, _, _, identical = pairs(c)
    if identical:
        return 100
    if pp and bp:
        return 20
    return 4 if (pp or bp) else -1


BETS = {
    "dragon_bonus_player": lambda c: dragon_bonus(c, "player"),
    "dragon_bonus_banker": lambda c: dragon_bonus(c, "banker"),
    "ez_banker": ez_banker,
    "dragon7": lambda c: 40 if (c["b"] > c["p"] and c["bn"] == 3 and c["b"] == 7) else -1,
    "panda8": lambda c: 25 if (c["p"] > c["b"] and c["pn"] == 3 and c["p"] == 8) else -1,
    "super6_banker": super6_banker,
    "big": lambda c: Fraction(54, 100) if c["pn"] + c["bn"] >= 5 else -1,
    "small": lambda c: Fraction(3, 2) if c["pn"] + c["bn"] == 4 else -1,
    "player_pair": lambda c: 11 if pairs(c)[0] else -1,
    "banker_pair": lambda c: 11 if pairs(c)[1] else -1,
    "either_pair": lambda c: 5 if (pairs(c)[0] or pairs(c)[1]) else -1,
    "perfect_pair": lambda c: 25 if (pairs(c)[2] or pairs(c)[3]) else -1,
    "tiger_pair": tiger_pair,
    "tiger": lambda c: (20 if c["bn"] == 3 else 12) if (c["b"] > c["p"] and c["b"] == 6) else -1,
    "three_giving_eight": lambda c: 200 if (c["b2"] == 3 and c["p_third"] == 8) else -1,
    "egalite_7": lambda c: 45 if c["p"] == c["b"] == 7 else -1,
    "bad_beat": lambda c: 50 if (c["p_nat"] and c["b_nat"] and abs(c["p"] - c["b"]) == 1) else -1,
}


def brute_payouts(cards, keys):
    """For each bet key: Counter(payout -> number of ordered six-card sequences)."""
    out = {k: Counter() for k in keys}
    for seq in permutations(cards, 6):
        c = play(seq)
        for k in keys:
            out[k][BETS[k](c)] += 1
    return {k: Counter({Fraction(x): n for x, n in v.items()}) for k, v in out.items()}
