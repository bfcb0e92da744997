"""Information play: the exact edge of a player who sees something of the coup's cards before he bets.

An information state is what the player sees (:class:`~exact_odds.information.seen.Information`): a label
at each seen position. Its probability and every bet's expected value given it are sums over the card
engine's six-rank sequences (:mod:`exact_odds.cards.substrate.sequences`), each already played by the rules
once: the state is a key per sequence, and P(state, bet's line) an exact grouped sum of the sequences'
weights (:func:`~exact_odds.cards.substrate.sequences.exact_sums`). No walk of the coup is written here.

The player's edge (docs/methods/information.md):

    edge = sum over states s of P(s) * EV(best bet | s)                      per coup dealt,

where the best bet is the one of largest EV; under the **sit out** convention he bets only where that EV
is positive (the published figures' convention), under **must bet** he always bets. Per unit wagered the
edge is divided by the probability that he bets.

Unused positions. A coup of k < 6 cards is one sequence whose positions k+1..6 are coded UNUSED, weighed
``falling(N - k, 6 - k)`` for the cards it leaves unused. Those cards are still seen (the next cards of the
shoe), so a seen unused position splits that factor (:func:`_rows`). Of the N - k cards left after the k
used ones, let ``left(S)`` be those in a set S of ranks: the shoe's count of S less the sequence's used
cards in S. Then, counting ordered sequences of the 6 - k unused cards:

- one seen unused position j showing a label of rank set A: the card at j is any of the ``left(A)`` cards,
  the other 5 - k unused positions any ordered draw of the N - k - 1 cards still left:
  ``left(A) * falling(N - k - 1, 5 - k)``;
- both unused positions seen (k = 4), showing A at 5 and B at 6: ordered pairs of two different cards, the
  first in A and the second in B: ``left(A) * left(B) - left(A ∩ B)`` (the pairs of one card twice taken
  out), times ``falling(N - 6, 0) = 1``.

Summed over the labels these give back ``falling(N - k, 6 - k)``. The infinite deck draws with replacement:
``left(S)`` is the number of ranks in S and the other factor ``13**(unseen unused positions)``.

Exactness: weights are integers (int64 where every weight, at most N**6, is below 2**63, as the substrate
forms them, else Python integers); the grouped sums are exact (``exact_sums``); every EV and the edge are
:class:`~fractions.Fraction` s of those integers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from math import gcd, lcm

from exact_odds.cards.substrate.sequences import exact_sums, sequence_weights, six_rank_sequences
from exact_odds.information.seen import POSITIONS, Information, InformationError
from exact_odds.rules.deal import falling
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTO_BANCO, Tableau

#: The two conventions of what the player does where no bet has a positive EV.
SIT_OUT, MUST_BET = "sit out", "must bet"
CONVENTIONS = {
    SIT_OUT: "sit out: no bet where no bet's EV is positive (the published figures' convention)",
    MUST_BET: "must bet: the bet of largest EV in every state, even where it is negative",
}
#: Above this many possible states the states are numbered by np.unique rather than counted in place.
_DENSE_STATES = 1 << 20
#: Up to this many (state, every bet's line) cells the bets are summed in one pass over the rows.
_JOINT_BINS = 1 << 18


@dataclass(frozen=True)
class InformationState:
    """One information state: what is seen, its six-card count, every bet's EV given it, the bet made."""

    seen: tuple[str, ...]  # the label seen at each seen position, in deal order
    count: int  # six-card sequences (ways) in which it is seen
    probability: Fraction
    evs: tuple[Fraction, ...]  # each bet's EV given the state, in the bets' order
    best: int | None  # the index of the bet made (None: sits out)

    @property
    def ev(self) -> Fraction:
        """The EV of what the player does in this state (0 when he sits out)."""
        return Fraction(0) if self.best is None else self.evs[self.best]


@dataclass(frozen=True)
class InformationPlay:
    """The exact result of information play on one shoe: every state, the edge, the convention."""

    shoe: Shoe
    information: Information
    bets: tuple  # PayTable s
    convention: str  # SIT_OUT or MUST_BET
    states: tuple[InformationState, ...]
    total: int  # six-card sequences of the shoe (13**6 for the infinite deck)
    edge: Fraction = field(init=False)
    wagered: Fraction = field(init=False)

    def __post_init__(self) -> None:
        # edge = sum of P(s) EV(s) = sum of count(s) EV(s) / total, and count(s) EV(s) is a bet's pays over the
        # state's six-card count: its denominator divides the pay table's (20 for 19/20). Summed by those few
        # denominators in integers (a Fraction sum over 10,000 states was half the time of value 1-4).
        by_den: dict[int, int] = {}
        bet_count = 0
        for st in self.states:
            if st.best is None:
                continue
            bet_count += st.count
            ev = st.evs[st.best]
            g = gcd(st.count, ev.denominator)
            den = ev.denominator // g
            by_den[den] = by_den.get(den, 0) + ev.numerator * (st.count // g)
        edge = sum((Fraction(n, d) for d, n in by_den.items()), Fraction(0)) / self.total
        object.__setattr__(self, "edge", edge)
        object.__setattr__(self, "wagered", Fraction(bet_count, self.total))

    def __repr__(self) -> str:
        return (f"InformationPlay({self.shoe.describe()}, {self.information!r}, {self.convention}: "
                f"edge {float(self.edge) * 100:.4f}% per coup, {len(self.states)} states)")

    @property
    def edge_per_wager(self) -> Fraction | None:
        """The edge per unit actually wagered (None when the player never bets)."""
        return self.edge / self.wagered if self.wagered else None

    @property
    def assumptions(self) -> tuple[str, ...]:
        """Each bet's pay table in one line (the commission, what the tie pays)."""
        return tuple(f"{b.name}: {b.pays_text}; otherwise {b.otherwise}" for b in self.bets)

    def state(self, *seen: str) -> InformationState:
        """The state in which ``seen`` is seen ('H', 'L' ... in deal order of the seen positions)."""
        for s in self.states:
            if s.seen == tuple(seen):
                return s
        raise KeyError(seen)


def default_bets() -> tuple:
    """Player, Banker (5% commission) and Tie 8:1: the standard variant."""
    from exact_odds.bets.selection import select_bets

    return tuple(select_bets(bets="banker,player,tie"))


def checked_bets(bets) -> tuple:
    """The bets as pay tables, each priced on card values (refused in one line otherwise)."""
    from exact_odds.bets.paytable import PayTable

    bets = default_bets() if bets is None else tuple(bets)
    if not bets:
        raise InformationError("no bet is given; information play needs at least one bet to choose from")
    for b in bets:
        if not isinstance(b, PayTable):
            raise InformationError(f"bets must be pay tables (such as select_bets(bets='banker,tie')), "
                                   f"not {b!r:.60}")
        if not b.is_value_level and not reads_pairs(b):
            raise InformationError(f"{b.name} reads the cards' suits or single ranks; information play prices bets "
                                   "on the coup's values (totals, naturals, third cards) and on pairs of ranks in "
                                   "the first four cards")
    return bets


def reads_pairs(bet) -> bool:
    """Whether ``bet`` reads only whether the first four cards pair, by rank (Player Pair, Either Pair ...):
    priced here on each sequence's ranks (:func:`line_index`). Suited pairs are refused."""
    return bet.family == "pair" and not bet.uses_suits


class _Ranks:
    """``rank = code // 6`` of each position, computed the first time a position is read."""

    def __init__(self, codes):
        self.codes, self.done = codes, {}

    def __getitem__(self, i):
        if i not in self.done:
            self.done[i] = self.codes[i] // 6
        return self.done[i]


def _rows(np, seqs, shoe: Shoe, readings):
    """Every sequence's six-card weight, its state code (mixed radix over the seen positions), deal and index
    (origin), a sequence of k < 6 cards split over the labels of its seen unused positions (module docstring)."""
    seen = [i for i, r in enumerate(readings) if r is not None]
    radix = [len(readings[i][1]) for i in seen]
    mult = [1] * len(seen)
    for n in range(len(seen) - 2, -1, -1):
        mult[n] = mult[n + 1] * radix[n + 1]
    w = sequence_weights(np, seqs, shoe)
    infinite = shoe.is_infinite
    # int64 bound: ``w`` is int64 only where N**6 < 2**63 (else Python integers, and so is every product
    # below). A split weight counts some of the six-card sequences, so it is at most N**6, and so is every
    # product on the way: p * left <= N**k * N and p * left * falling(N-k-1, 5-k) <= N**6; p * (left * left
    # - left) <= N**4 * N**2. The infinite deck's weights are at most 13**6.
    ranks = _Ranks(seqs.codes)  # UNUSED // 6 == 13: no card
    labels = {i: np.array(list(readings[i][0]) + [0]) for i in seen}
    code = np.zeros(len(w), dtype=np.int64)
    for n, i in enumerate(seen):
        code += labels[i][ranks[i]].astype(np.int64) * mult[n]
    out_w, out_code, out_deal, out_origin = [], [], [], []  # origin: each row's sequence
    split = np.zeros(len(w), dtype=bool)
    for k in (4, 5):
        unused_seen = [n for n, i in enumerate(seen) if i >= k]
        if not unused_seen:
            continue
        rows = np.flatnonzero(seqs.used == k)
        split[rows] = True
        if infinite:
            p = np.ones(len(rows), dtype=np.int64)
            n_cards = None
        else:
            n_cards = shoe.size
            p = w[rows] // falling(n_cards - k, 6 - k)

        def left(rank_set, rows=rows):
            """Cards of ``rank_set`` left after each sequence's used cards (ranks of it, if infinite)."""
            if infinite:
                return len(rank_set)
            inside = np.zeros(14, dtype=np.int64)
            inside[list(rank_set)] = 1
            used_in = sum(inside[ranks[i][rows]] for i in range(k))
            return sum(shoe.ranks[r] for r in rank_set) - used_in

        def sets(i):
            lab = readings[i][0]
            return [frozenset(r for r in range(13) if lab[r] == a) for a in range(len(readings[i][1]))]

        base = code[rows]
        deal = seqs.deal[rows]
        if len(unused_seen) == 1:
            n = unused_seen[0]
            rest = 13 ** (5 - k) if infinite else falling(n_cards - k - 1, 5 - k)
            for a, s in enumerate(sets(seen[n])):
                if not s:
                    continue
                out_w.append(p * left(s) * rest)
                out_code.append(base + a * mult[n])
                out_deal.append(deal)
                out_origin.append(rows)
        else:  # k == 4, positions 5 and 6 both seen
            n5, n6 = unused_seen
            s5, s6 = sets(seen[n5]), sets(seen[n6])
            for a, sa in enumerate(s5):
                for b, sb in enumerate(s6):
                    if not sa or not sb:
                        continue
                    both = sa & sb
                    ways = left(sa) * left(sb) - (left(both) if both and not infinite else 0)
                    out_w.append(p * ways)
                    out_code.append(base + a * mult[n5] + b * mult[n6])
                    out_deal.append(deal)
                    out_origin.append(rows)
    keep = np.flatnonzero(~split)
    out_w.append(w[keep])
    out_code.append(code[keep])
    out_deal.append(seqs.deal[keep])
    out_origin.append(keep)
    weights = np.concatenate(out_w)
    if weights.dtype != object and weights.dtype != np.int64:
        weights = weights.astype(np.int64)
    return weights, np.concatenate(out_code), np.concatenate(out_deal), radix, np.concatenate(out_origin)


def line_index(np, bet, seqs, deal, origin):
    """The index of the line that settles ``bet`` on each row (len(lines) for 'otherwise'): its
    :func:`settled_lines` read at each row's deal, or for a pair bet at its :func:`pair_keys`."""
    lines = settled_lines(np, bet, seqs)
    return lines[pair_keys(np, seqs, origin)] if bet.family == "pair" else lines[deal]


def settled_lines(np, bet, seqs):
    """The line that settles ``bet`` (len(lines) for 'otherwise') on each deal of ``seqs``, by the pay table's
    own settlement (:meth:`~exact_odds.bets.paytable.PayTable._settle`: its rule in one place); for a pair bet,
    on each of the 8 :func:`pair_keys`.

    A coup-level bet is settled on the deal's coup, a deal-level one on the deal, as the pricer does (the
    pay table caches its settlement by state, and a Deal may equal a Coup as a tuple); a pair bet on what
    the first four cards' ranks say of pairs (:class:`~exact_odds.cards.routes.first_four.FirstFour`, its
    suited facts false: the bet reads none of them)."""
    from exact_odds.bets.paytable import coup_names, deal_names, pair_names

    if bet.family == "pair":
        from exact_odds.cards.routes.first_four import FirstFour

        lines = [bet._settle(FirstFour(bool(k & 1), bool(k & 2), False, False, bool(k & 4), False), pair_names)
                 for k in range(8)]
    elif bet.family == "coup":
        lines = [bet._settle(d.coup, coup_names) for d in seqs.deals]
    else:
        lines = [bet._settle(d, deal_names) for d in seqs.deals]
    return np.array(lines, dtype=np.int64)


def pair_keys(np, seqs, origin):
    """What the first four cards' ranks say of pairs on each row (the sequence ``origin``): bit 0 a Player
    pair, bit 1 a Banker pair, bit 2 both pairs of one rank."""
    r = [seqs.codes[i][origin] // 6 for i in range(4)]
    player, banker = r[0] == r[2], r[1] == r[3]
    same = player & banker & (r[0] == r[1])
    return player.astype(np.int64) | banker.astype(np.int64) << 1 | same.astype(np.int64) << 2


def _joint_lines(np, bets, sizes, seqs, deal, origin):
    """Every bet's line on each row as one mixed-radix key (radices ``sizes``, the first bet most
    significant): the key of each deal (and pair key, if a pair bet is among ``bets``) once, then read at
    each row's."""
    pairs = 8 if any(bet.family == "pair" for bet in bets) else 1
    cells = len(seqs.deals) * pairs
    of_deal, of_pairs = np.arange(cells) // pairs, np.arange(cells) % pairs
    key = np.zeros(cells, dtype=np.int64)
    for bet, size in zip(bets, sizes):
        key = key * size + settled_lines(np, bet, seqs)[of_pairs if bet.family == "pair" else of_deal]
    return key[deal * pairs + pair_keys(np, seqs, origin) if pairs > 1 else deal]


def joint(shoe: Shoe, information: Information, bets, tableau: Tableau = PUNTO_BANCO):
    """The states' labels and, per state, each bet's six-card counts by pay line (the last: 'otherwise').

    Returns ``(labels, counts, total)``: ``labels[s]`` the label index seen at each seen position,
    ``counts[s][b][line]`` exact integers, ``total`` the shoe's six-card sequences."""
    import numpy as np

    shoe = checked_shoe(shoe, information)
    seqs = six_rank_sequences(tableau)
    readings = information.readings()
    weights, code, deal, radix, origin = _rows(np, seqs, shoe, readings)
    space = 1
    for r in radix:
        space *= r
    if space <= _DENSE_STATES:
        present = np.zeros(space, dtype=bool)
        present[code] = True
        codes = np.flatnonzero(present)
        dense = np.full(space, -1, dtype=np.int64)
        dense[codes] = np.arange(len(codes))
        state = dense[code]
    else:
        codes, state = np.unique(code, return_inverse=True)
        state = state.ravel()
    n = len(codes)
    counts = [[None] * len(bets) for _ in range(n)]
    sizes = [len(bet.lines) + 1 for bet in bets]
    combos = 1
    for size in sizes:
        combos *= size
    if n * combos <= _JOINT_BINS:
        # One grouped sum over (state, every bet's line), then each bet's lines by summing out the others:
        # one pass over the rows instead of one per bet.
        key = _joint_lines(np, bets, sizes, seqs, deal, origin)
        sums = exact_sums(np, weights, state * combos + key, n * combos)
        for s in range(n):
            cells = sums[s * combos:(s + 1) * combos]
            for b, size in enumerate(sizes):
                inner = 1
                for later in sizes[b + 1:]:
                    inner *= later
                per_line = [0] * size
                for c, v in enumerate(cells):
                    if v:
                        per_line[c // inner % size] += v
                counts[s][b] = per_line
        return _labels(codes, radix), counts, _total(shoe)
    for b, bet in enumerate(bets):
        lines = sizes[b]
        sums = exact_sums(np, weights, state * lines + line_index(np, bet, seqs, deal, origin), n * lines)
        for s in range(n):
            counts[s][b] = sums[s * lines:(s + 1) * lines]
    return _labels(codes, radix), counts, _total(shoe)


def _labels(codes, radix) -> list[tuple[int, ...]]:
    """Each state's label index at each seen position, from its mixed-radix code."""
    labels = []
    for c in codes.tolist():
        digits = []
        for r in reversed(radix):
            c, d = divmod(c, r)
            digits.append(d)
        labels.append(tuple(reversed(digits)))
    return labels


def _total(shoe: Shoe) -> int:
    """The shoe's six-card sequences (13**6 for the infinite deck: each rank sequence once)."""
    return 13 ** 6 if shoe.is_infinite else falling(shoe.size, 6)


def information_play(shoe: Shoe, information: Information, bets=None, must_bet: bool = False,
                     tableau: Tableau = PUNTO_BANCO) -> InformationPlay:
    """Every information state of ``information`` on ``shoe``: its probability, each bet's EV given it and
    the best bet; and the player's edge (sit out, or ``must_bet``).

    >>> from exact_odds import Shoe
    >>> play = information_play(Shoe.decks(8), Information(group=(1,), high={6, 7, 8, 9}))
    >>> [(s.seen, play.bets[s.best].key) for s in play.states]
    [(('L',), 'banker'), (('H',), 'player')]
    """
    if not isinstance(must_bet, bool):
        raise InformationError(f"must_bet must be True or False, not {must_bet!r:.60}")
    bets = checked_bets(bets)
    labels, counts, total = joint(shoe, information, bets, tableau)
    return InformationPlay(shoe, information, bets, MUST_BET if must_bet else SIT_OUT,
                           states_of(information, bets, labels, counts, total, must_bet), total)


def scaled_pays(bets) -> list[tuple[int, list[int]]]:
    """Each bet's pays as integers over one denominator: (D, [pays * D per line, 'otherwise' last])."""
    out = []
    for bet in bets:
        pays = [line.pays for line in bet.lines] + [bet.otherwise]
        d = lcm(*(p.denominator for p in pays))
        out.append((d, [int(p * d) for p in pays]))
    return out


def states_of(information: Information, bets, labels, counts, total: int, must_bet: bool):
    """The :class:`InformationState` s from the joint counts: EVs exact, the best bet the first of largest EV."""
    names = [r[1] for r in information.readings() if r is not None]
    pays = scaled_pays(bets)
    states = []
    for lab, per_bet in zip(labels, counts):
        weight = sum(per_bet[0])
        if not weight:
            continue
        evs = tuple(Fraction(sum(c * a for c, a in zip(cs, scaled)), d * weight)
                    for cs, (d, scaled) in zip(per_bet, pays))
        best = max(range(len(evs)), key=lambda b: (evs[b], -b))
        if not must_bet and evs[best] <= 0:
            best = None
        states.append(InformationState(tuple(n[x] for n, x in zip(names, lab)), weight, Fraction(weight, total),
                                       evs, best))
    return tuple(states)


__all__ = ["CONVENTIONS", "InformationPlay", "InformationState", "MUST_BET", "SIT_OUT", "information_play",
           "joint", "POSITIONS"]


def checked_shoe(shoe, information) -> Shoe:
    """``shoe``, checked (a finite one for its counts), where ``shoe`` is a Shoe and ``information`` an
    :class:`Information`; else :class:`InformationError` saying what was given."""
    if not isinstance(shoe, Shoe):
        raise InformationError(f"shoe must be a Shoe (such as Shoe.decks(8)), not {shoe!r:.60}")
    if not isinstance(information, Information):
        raise InformationError(f"information must be an Information, not {information!r:.60}")
    return shoe if shoe.is_infinite else shoe.checked()
