"""Information play by brute force, written apart from the engine.

Deals every ordered sequence of six physical cards of a small card list (itertools.permutations), plays
each coup by :func:`brute.play` (docs/rules.md §2 as an if-chain), reads what is seen at each position of
the six (a card of the sequence whether the coup used it or not: the six-card convention), and settles
Banker (19/20, push on a tie), Player (1:1, push on a tie) and Tie (8:1) as docs/rules.md §2 words them.
Slow on purpose: only for shoes of about ten cards.
"""

from collections import Counter, defaultdict
from functools import lru_cache
from fractions import Fraction
from itertools import permutations

from oracles.brute import VALUES, parse, play

RANK_ORDER = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def standard_pays(c):
    """(Banker, Player, Tie) paid per unit on the coup ``c`` of :func:`brute.play`."""
    if c["b"] > c["p"]:
        return Fraction(19, 20), Fraction(-1), Fraction(-1)
    if c["p"] > c["b"]:
        return Fraction(-1), Fraction(1), Fraction(-1)
    return Fraction(0), Fraction(0), Fraction(8)


def seen_label(card, how, high, sort_by):
    rank = parse(card)[0]
    value = VALUES[rank]
    if how == "group":
        key = value if sort_by == "value" else RANK_ORDER.index(rank)
        return "H" if key in high else "L"
    if how == "value":
        return str(value)
    return rank


def pair_pays(seq):
    """(Player Pair 11:1, Banker Pair 11:1, Either Pair 5:1) on the first four cards, by rank (rules.md §4)."""
    player = parse(seq[0])[0] == parse(seq[2])[0]
    banker = parse(seq[1])[0] == parse(seq[3])[0]
    return (Fraction(11) if player else Fraction(-1), Fraction(11) if banker else Fraction(-1),
            Fraction(5) if player or banker else Fraction(-1))


def brute_states(cards, seen, high=frozenset(), sort_by="value", pairs=False):
    """``{labels: (count, [sum of pays per bet])}`` and the number of sequences; ``seen`` maps a
    position 1-6 to 'group', 'value' or 'rank'. Bets: Banker, Player, Tie (and the three pair bets)."""
    order = sorted(seen)
    dealt, pays = _dealt(tuple(cards), pairs)
    tally = Counter()  # (labels, which pays) -> sequences: a few pays a state, each summed once below
    for seq, which in dealt:
        tally[tuple(seen_label(seq[p - 1], seen[p], high, sort_by) for p in order), which] += 1
    out = defaultdict(lambda: [0, [Fraction(0)] * (6 if pairs else 3)])
    for (key, which), n in tally.items():
        entry = out[key]
        entry[0] += n
        entry[1] = [a + n * b for a, b in zip(entry[1], pays[which])]
    return dict(out), sum(tally.values())


@lru_cache(maxsize=4)
def _dealt(cards: tuple, pairs: bool) -> tuple:
    """Every ordered six cards of ``cards`` with which pays its coup gives (an index into the distinct pays,
    the second item): the same for every way of seeing it, so kept for the last few shoes."""
    ids: dict = {}
    dealt = tuple((seq, ids.setdefault(standard_pays(play(seq)) + (pair_pays(seq) if pairs else ()), len(ids)))
                  for seq in permutations(cards, 6))
    return dealt, tuple(ids)


def brute_edge(states, total, must_bet=False):
    """The edge per coup dealt: each state's best EV (0 where none is positive and the player sits out)."""
    edge = Fraction(0)
    for count, sums in states.values():
        best = max(sums)
        if must_bet or best > 0:
            edge += best
    return edge / total
