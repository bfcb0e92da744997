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
    p_hand, b_hand = [parse(seq[0]), parse(seq[2])], [parse(seq[1]), parse(seq[3])]
    p2, b2 = sum(p_cards) % 10, sum(b_cards) % 10
    nxt = 4
    p_third = b_third = None
    if p2 < 8 and b2 < 8:
        if p2 <= 5:
            p_third = v[nxt]
            p_hand.append(parse(seq[nxt]))
            nxt += 1
            p_cards.append(p_third)
            if banker_draws(b2, p_third):
                b_third = v[nxt]
                b_cards.append(b_third)
                b_hand.append(parse(seq[nxt]))
        elif b2 <= 5:
            b_third = v[nxt]
            b_cards.append(b_third)
            b_hand.append(parse(seq[nxt]))
    return {
        "p": sum(p_cards) % 10, "b": sum(b_cards) % 10, "pn": len(p_cards), "bn": len(b_cards),
        "p2": p2, "b2": b2, "p_third": p_third, "b_third": b_third,
        "p_nat": p2 >= 8, "b_nat": b2 >= 8, "first4": [parse(c) for c in seq[:4]],
        "p_hand": p_hand, "b_hand": b_hand,
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


# --- every card (issue 12): each name and bet written again from its words ---------------

RANK_NUMBER = {"A": 1, "10": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}
SUIT_NUMBER = {"s": 1, "h": 2, "d": 3, "c": 4}
RED = {"h", "d"}


def card_name_values(c):
    """Every card-level name of docs/bets.md, from the hands' cards (rank text, suit letter)."""
    out = {}
    hands = {"player": c["p_hand"], "banker": c["b_hand"]}
    for h, cards in hands.items():
        suits = [s for _, s in cards]
        out[h + "_suited"] = len(set(suits)) == 1
        out[h + "_red"] = all(s in RED for s in suits)
        out[h + "_black"] = all(s not in RED for s in suits)
        for i in range(3):
            card = cards[i] if i < len(cards) else None
            n = f"{h}_card{i + 1}"
            out[n + "_rank"] = RANK_NUMBER[card[0]] if card else 0
            out[n + "_suit"] = SUIT_NUMBER[card[1]] if card else 0
            out[n + "_red"] = bool(card) and card[1] in RED
            out[n + "_black"] = bool(card) and card[1] not in RED
    pp, bp, ps, bs, identical = pairs(c)
    out.update(player_pair=pp, banker_pair=bp, player_suited_pair=ps, banker_suited_pair=bs,
               identical_pairs=identical, pairs_same_rank=pp and bp and c["first4"][0][0] == c["first4"][1][0])
    return out


def lucky8(c, side):
    """WoO Lucky 8: the highest qualifying line pays."""
    me, other = (c["p"], c["b"]) if side == "player" else (c["b"], c["p"])
    my_hand = c["p_hand"] if side == "player" else c["b_hand"]

    def suited8(hand, total):
        return len(hand) == 3 and total == 8 and len({s for _, s in hand}) == 1

    if suited8(c["p_hand"], c["p"]) and suited8(c["b_hand"], c["b"]):
        return 200
    if suited8(my_hand, me):
        return 25
    if me == 8 and other == 8:
        return 15
    if me == 8 and other == 9:
        return 8
    return 4 if me == 8 and me > other else -1


def all_colour(c, red):
    cards = c["p_hand"] + c["b_hand"]
    return 24 if all((s in RED) == red for _, s in cards) else -1


BETS.update({
    "perfect_pairs_26": lambda c: 26 if (pairs(c)[2] or pairs(c)[3]) else -1,
    "perfect_pairs_both": lambda c: 250 if (pairs(c)[2] and pairs(c)[3]) else 25 if (pairs(c)[2] or pairs(c)[3]) else -1,
    "lucky8_player": lambda c: lucky8(c, "player"),
    "lucky8_banker": lambda c: lucky8(c, "banker"),
    "player_wins_pair": lambda c: 30 if c["p"] > c["b"] and pairs(c)[0] else -1,
    "banker_wins_pair": lambda c: 30 if c["b"] > c["p"] and pairs(c)[1] else -1,
    "all_red": lambda c: all_colour(c, True),
    "all_black": lambda c: all_colour(c, False),
})


def brute_names(cards, names):
    """Counter over the tuple of ``names``' values (card names and the facts of play())."""
    out = Counter()
    for seq in permutations(cards, 6):
        c = play(seq)
        values = card_name_values(c)
        values.update(player=c["p"], banker=c["b"], player_cards=c["pn"], banker_cards=c["bn"],
                      player_wins=c["p"] > c["b"], banker_wins=c["b"] > c["p"], tie=c["p"] == c["b"])
        out[tuple(values[n] for n in names)] += 1
    return out


def brute_payouts(cards, keys):
    """For each bet key: Counter(payout -> number of ordered six-card sequences)."""
    out = {k: Counter() for k in keys}
    for seq in permutations(cards, 6):
        c = play(seq)
        for k in keys:
            out[k][BETS[k](c)] += 1
    return {k: Counter({Fraction(x): n for x, n in v.items()}) for k, v in out.items()}


# --- the card-level forms of issue 22, each written again from its words in docs/bets.md ---------

SETS = {
    "player_hand": lambda c: c["p_hand"],
    "banker_hand": lambda c: c["b_hand"],
    "all_cards": lambda c: c["p_hand"] + c["b_hand"],
    "first_four": lambda c: c["first4"],
    "player_first_two": lambda c: c["p_hand"][:2],
    "banker_first_two": lambda c: c["b_hand"][:2],
    "first_cards": lambda c: [c["p_hand"][0], c["b_hand"][0]],
    "third_cards": lambda c: c["p_hand"][2:] + c["b_hand"][2:],
}


def card_view(card):
    """One card as a predicate sees it."""
    rank = RANK_NUMBER[card[0]]
    return {"rank": rank, "value": VALUES[card[0]], "suit": SUIT_NUMBER[card[1]],
            "red": card[1] in RED, "black": card[1] not in RED}


def is_run(cards):
    ranks = [RANK_NUMBER[r] for r, _ in cards]
    if len(ranks) < 2 or len(set(ranks)) != len(ranks):
        return False
    for high_ace in (False, True):
        rs = sorted(14 if (r == 1 and high_ace) else r for r in ranks)
        if rs == list(range(rs[0], rs[0] + len(rs))):
            return True
    return False


AGGREGATES = {
    "count": lambda cards, pred: sum(1 for card in cards if pred(**card_view(card))),
    "any": lambda cards, pred: any(pred(**card_view(card)) for card in cards),
    "all": lambda cards, pred: all(pred(**card_view(card)) for card in cards),
    "same_suit": lambda cards: len({s for _, s in cards}) <= 1,
    "same_rank": lambda cards: len({r for r, _ in cards}) <= 1,
    "same_colour": lambda cards: len({s in RED for _, s in cards}) <= 1,
    "of_a_kind": lambda cards, pred=None: max(Counter(
        r for r, s in cards if pred is None or pred(**card_view((r, s)))).values(), default=0),
    "of_a_suit": lambda cards, pred=None: max(Counter(
        s for r, s in cards if pred is None or pred(**card_view((r, s)))).values(), default=0),
    "run": is_run,
    "suited_run": lambda cards: is_run(cards) and len({s for _, s in cards}) == 1,
}
CONSTANT_NAMES = {"ace": 1, "jack": 11, "queen": 12, "king": 13, "spades": 1, "hearts": 2, "diamonds": 3, "clubs": 4}


def _as_python(condition):
    """The condition as Python source: each predicate a lambda over one card's names."""
    import ast

    tree = ast.parse(condition, mode="eval")
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and len(node.args) == 2:
            node.args[1] = ast.Lambda(
                ast.arguments(posonlyargs=[], args=[ast.arg(a) for a in ("rank", "value", "suit", "red", "black")],
                              kwonlyargs=[], kw_defaults=[], defaults=[]), node.args[1])
    return compile(ast.fix_missing_locations(tree), "<oracle>", "eval")


def coup_values(c):
    """Every name a condition may read of one coup, and the sets and single cards."""
    values = card_name_values(c)
    values.update(player=c["p"], banker=c["b"], player_cards=c["pn"], banker_cards=c["bn"],
                  cards=c["pn"] + c["bn"], player_natural=c["p_nat"], banker_natural=c["b_nat"],
                  natural=c["p_nat"] or c["b_nat"], player_wins=c["p"] > c["b"], banker_wins=c["b"] > c["p"],
                  tie=c["p"] == c["b"], winning_total=max(c["p"], c["b"]), margin=abs(c["p"] - c["b"]),
                  player_initial=c["p2"], banker_initial=c["b2"],
                  player_third=-1 if c["p_third"] is None else c["p_third"],
                  banker_third=-1 if c["b_third"] is None else c["b_third"], true=True, false=False)
    values.update({k: f(c) for k, f in SETS.items()})
    for hand, cards in (("player", c["p_hand"]), ("banker", c["b_hand"])):
        for i in range(3):
            values[f"{hand}_card{i + 1}"] = cards[i:i + 1]
    return values


def _is_card(x) -> bool:
    """A card as the oracle holds it: (rank text, suit letter)."""
    return isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], str)


def _flat(cards):
    """A set as an aggregate receives it: a named set's cards (a list, or a tuple as :func:`_coups` keeps them),
    or the cards of a tuple of sets (as in ``same_suit((player_card1, banker_card1))``)."""
    return list(cards) if all(_is_card(x) for x in cards) else [x for part in cards for x in part]


CALLS = {name: (lambda f: lambda cards, *pred: f(_flat(cards), *pred))(f) for name, f in AGGREGATES.items()}


#: The shoes whose coups are kept (by :func:`_coups`), the most recent last, and at most how many coups they
#: hold together (about 5 kB each): a few 10-card shoes (the one the card tests share deals 29,016 distinct
#: coups from its 151,200 ordered six cards, about a second to build), beside hypothesis's small shoes.
#: A kept coup holds its sets of cards as tuples, not lists: tuples of strings and dicts of them drop out of
#: the garbage collector's view, where 160,000 coups' two million lists made each full collection of a
#: test process take a second (about 20 of them in a run of the suite, and more when it ends).
_KEPT: dict = {}
MOST_COUPS_KEPT = 160_000


def _coups(cards):
    """Each distinct coup of ``cards`` (the cards it deals, in order: four to six) once, with the number
    of the shoe's ordered six cards that deal it (a card held twice deals each of its sequences twice; the
    cards a coup leaves undealt are counted, not read), and the names of the coup. Kept for the last few
    shoes (any order of the same cards is the same shoe): a test reads many bets or forms over one shoe,
    and many tests read the same shoe."""
    key = tuple(sorted(cards))
    if key in _KEPT:
        _KEPT[key] = _KEPT.pop(key)  # now the most recent
        return _KEPT[key]
    dealt = Counter()
    for seq, n in Counter(permutations(key, 6)).items():
        c = play(seq)
        dealt[seq[:c["pn"] + c["bn"]]] += n
    coups = tuple((n, {name: tuple(v) if isinstance(v, list) else v for name, v in coup_values(play(seq)).items()})
                  for seq, n in dealt.items())
    while _KEPT and sum(map(len, _KEPT.values())) + len(coups) > MOST_COUPS_KEPT:
        del _KEPT[next(iter(_KEPT))]  # the least recent
    _KEPT[key] = coups
    return coups


def brute_lines(cards, conditions):
    """Counter(index of the first condition that holds, len(conditions) for none) over every ordered
    six cards of ``cards``."""
    codes = [_as_python(text) for text in conditions]
    out = Counter()
    for n, values in _coups(tuple(cards)):
        names = {"__builtins__": {}, **CONSTANT_NAMES, **CALLS, **values}  # globals: lambdas see them
        out[next((i for i, code in enumerate(codes) if eval(code, names)), len(codes))] += n
    return out
