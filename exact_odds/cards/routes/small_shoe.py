"""The small shoe's own enumeration: every ordered draw of the cards actually there (a route of the card engine).

On a shoe of a few dozen cards, the cheapest exact price of any card-level bet is the plainest: deal
every ordered sequence of the shoe's own cards by the rules, settle each line on it once, and add up.
Its cost is the number of sequences, whatever the bet reads and however its conditions are written: an
or-chain over six cards' suits costs what ``any(all_cards, ...)`` costs.

Cards that are the same card (two 9♥ in a shoe of two decks) are one *kind* with a count ``c``; a
sequence of kinds is dealt ``prod falling(c_k, m_k)`` ways (docs/rules.md §3). Only the cards the coup
uses are enumerated: the first four, then the fifth where a hand draws, then the sixth where both do
(the rules' own tables: :func:`~exact_odds.cards.substrate.sequences.tableau_arrays`); the cards a
coup does not use are counted by the six-card convention's factor ``falling(N - k, 6 - k)`` for a coup
of k cards, so the counts are six-card counts like every route's.

A bet that reads suits needs the shoe's suits (52 counts); a bet that reads ranks only takes the
thirteen rank counts. The route declines past :data:`MOST_ROWS` sequences (estimated before any is
made, :func:`rows`).

Integers: a sequence's ways are a product of at most six counts, so at most ``N**6``; its ways times its
unused factor is a term of the six-card total ``falling(N, 6) <= N**6``, so every partial sum of a
line's count is at most that total. The route takes shoes of at most :data:`INT64_SHOE` cards, the
largest N with ``N**6 < 2**63``, and forms every number in int64, exactly.
"""

from __future__ import annotations

from exact_odds.cards.route import Declined, Estimate, Route, register
from exact_odds.cards.reading import ALL_SLOTS, Reading, in_play
from exact_odds.cards.substrate.sequences import deal_of_code, tableau_arrays
from exact_odds.rules.cards import RANK_VALUES
from exact_odds.rules.deal import falling, six_card_total
from exact_odds.rules.shoe import Shoe

#: The most sequences the route settles (about a second: tests/cards/ checks the estimate stays above
#: what is made, benchmarks/bench_routes.py times it).
MOST_ROWS = 3_000_000
#: The largest shoe the route takes: N**6 < 2**63 <= (N + 1)**6, so every number it forms fits int64.
INT64_SHOE = 1448
#: On a shoe of at most this many cards the route goes first: at most about 2.5 million sequences,
#: under a second, where the reference route's first plan takes 1-2 s (docs/benchmarks.md).
SMALL = 16
#: Up to this many sequences (a few milliseconds) the route goes first on any shoe.
QUICK_ROWS = 200_000
#: Sequences settled at once: bounds the arrays held (about :data:`BYTES_PER_ROW` each).
CHUNK = 400_000
#: Bytes held per sequence while a chunk is settled (kinds, ranks, suits, weights and the condition's
#: intermediate arrays), an upper estimate.
BYTES_PER_ROW = 400
#: The estimate's share of coups that draw a fifth card, and a sixth (punto banco: about 0.56 and 0.23;
#: taken a little high so the estimate bounds what is made).
FIFTH, SIXTH = 0.7, 0.35


def _numpy():
    import numpy

    return numpy


def kinds(reading: Reading, shoe: Shoe) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """The shoe's cards as the bet and the rules see them: (count, rank 1-13, suit 1-4) of each kind.

    Two cards are of one kind when the bet's tests cannot tell them apart (their class,
    :attr:`~exact_odds.cards.reading.Reading.of_card`) and they have the same value (the rules'
    totals): every sequence of kinds then settles every line alike whichever cards it holds, and is
    dealt ``prod falling(c_kind, m_kind)`` ways. A kind shows one of its cards (where the bet reads no
    suit, its suit is never read)."""
    counts = shoe.suited if reading.reads_suits else [c if i % 4 == 0 else 0 for i, c in
                                                       enumerate(r for r in shoe.ranks for _ in range(4))]
    merged: dict = {}
    for i, c in enumerate(counts):
        if c:
            rank = i // 4 + 1
            kind = merged.setdefault((reading.of_card[i], RANK_VALUES[rank - 1]), [0, rank, i % 4 + 1])
            kind[0] += c
    held = list(merged.values())
    return tuple(tuple(x) for x in zip(*held)) if held else ((), (), ())


def rows(reading: Reading, shoe: Shoe) -> int:
    """An estimate, from above, of the sequences the route settles on ``shoe`` (once per reading and shoe)."""
    return reading.for_shoe("small shoe rows", shoe, _rows)


def _rows(reading: Reading, shoe: Shoe) -> int:
    return _rows_of(len(kinds(reading, shoe)[0]), shoe.size)


def _rows_of(k: int, n: int) -> int:
    """The sequences of ``k`` kinds from ``n`` cards, from above (growing with ``k``)."""
    first = min(k ** 4, falling(n, 4))
    fifth, sixth = min(k, n - 4), min(k, n - 5)
    return int(first * (1 + FIFTH * fifth + SIXTH * fifth * sixth))


def _least_rows(shoe: Shoe) -> int:
    """:func:`_rows` of any bet on ``shoe`` from below, without its kinds: a kind holds cards of one value,
    so there are at least as many kinds as values in the shoe (a few operations: the place of the route
    is asked of every bet on every shoe, most far past :data:`QUICK_ROWS`)."""
    return _rows_of(len({RANK_VALUES[r] for r, c in enumerate(shoe.ranks) if c}), shoe.size)


class SmallShoe(Route):
    name = "small shoe"
    summary = "every ordered draw of the shoe's own cards, dealt by the rules and settled line by line"

    def accepts(self, reading: Reading, shoe: Shoe) -> str | None:
        if shoe.is_infinite:
            return "the infinite deck has no cards to enumerate"
        if reading.reads_suits and shoe.suited is None:
            return "the shoe's suits are not given (the suit model averages over them)"
        if shoe.size < 6:
            return "fewer than six cards"
        if shoe.size > INT64_SHOE:
            return f"more than {INT64_SHOE:,} cards (its ways would pass int64)"
        n = rows(reading, shoe)
        if n > MOST_ROWS:
            return f"about {n:,} ordered draws to settle, past its limit of {MOST_ROWS:,}"
        return None

    def place(self, reading: Reading, shoe: Shoe) -> int:
        # First where the other routes' cost is not bounded by the shoe (suits weighed rank by rank on a
        # shoe in play), on a shoe of at most SMALL cards (under a second, where the reference's first
        # plan takes 1-2 s), or where it is a few milliseconds; else after the reference route, which
        # prices such a bet from a plan cached per bet: this one is then taken only where the reference
        # passes the memory budget.
        if shoe.is_infinite or reading.reads_suits and shoe.suited is None:
            return 100  # it does not accept: its place does not matter
        first = in_play(reading, shoe) or shoe.size <= SMALL or (
            _least_rows(shoe) <= QUICK_ROWS and rows(reading, shoe) <= QUICK_ROWS)
        return 0 if first else 100

    def estimate(self, reading: Reading, shoe: Shoe, tableau=None) -> Estimate:
        n = rows(reading, shoe)
        return Estimate(rows=n, memory=min(n, CHUNK) * BYTES_PER_ROW, seconds=n * 2.5e-7)

    def price(self, reading: Reading, dist) -> tuple[list, int, str | None]:
        shoe = dist.shoe
        if shoe.is_infinite:
            raise Declined("the infinite deck has no cards to enumerate")
        return counts(reading, shoe, dist.tableau), six_card_total(shoe), None


def counts(reading: Reading, shoe: Shoe, tableau) -> list:
    """Each line's six-card count (the last: none holds) of the bet read by ``reading`` on ``shoe``."""
    from exact_odds.cards.routes.card_suits import settle_lines

    np = _numpy()
    n = shoe.size
    if not 6 <= n <= INT64_SHOE:
        raise Declined(f"a shoe of {n:,} cards: it takes 6 to {INT64_SHOE:,}")
    unused = [falling(n - u, 6 - u) for u in range(7)]
    sums = np.zeros(len(reading.trees) + 1, dtype=np.int64)
    for cards, m, ways, used in blocks(reading, shoe, tableau):
        np.add.at(sums, settle_lines(np, reading.trees, cards, m).astype(np.int64), ways * unused[used])
    return [int(x) for x in sums]


def blocks(reading: Reading, shoe: Shoe, tableau):
    """Every ordered draw of the cards a coup uses, in blocks: ``(cards, m, ways, used)``, the language's
    view of ``m`` sequences (:class:`~exact_odds.conditions.language.Cards`), the ways each is dealt, and the
    cards each uses (4-6, one number per block)."""
    np = _numpy()
    count, rank, suit = (np.array(x, dtype=np.int64) for x in kinds(reading, shoe))
    value = np.array(RANK_VALUES, dtype=np.int64)[rank - 1]
    ht, ne, pd, bd = (np.asarray(t) for t in tableau_arrays(np, tableau))
    k = len(count)
    prefixes = np.indices((k,) * 4).reshape(4, -1)
    step = max(1, CHUNK // max(1, int(1 + FIFTH * k + SIXTH * k * k)))
    names = sorted(reading.reads.value_names)
    for start in range(0, prefixes.shape[1], step):
        seq = prefixes[:, start:start + step]
        w = np.ones(seq.shape[1], dtype=np.int64)
        for i in range(4):
            w = w * _left(np, count, seq, i)
        live = w > 0
        seq, w = seq[:, live], w[live]
        pt, bt = ht[value[seq[0]], value[seq[2]]], ht[value[seq[1]], value[seq[3]]]
        natural = ne[pt, bt]
        pdraw = ~natural & pd[pt]
        bdraw_alone = ~natural & ~pdraw & bd[bt, 10]
        parts = [(seq[:, ~pdraw & ~bdraw_alone], w[~pdraw & ~bdraw_alone], None, None)]  # four cards
        fifth = pdraw | bdraw_alone
        seq5, w5 = _drawn(np, count, seq[:, fifth], w[fifth], k)
        player5, bt5 = (np.repeat(x[fifth], k) for x in (pdraw, bt))
        keep = w5 > 0
        seq5, w5, player5, bt5 = seq5[:, keep], w5[keep], player5[keep], bt5[keep]
        bdraw = player5 & bd[bt5, np.where(player5, value[seq5[4]], 10)]
        parts.append((seq5[:, player5 & ~bdraw], w5[player5 & ~bdraw], 4, None))  # the Player drew alone
        parts.append((seq5[:, ~player5], w5[~player5], None, 4))  # the Banker drew alone
        seq6, w6 = _drawn(np, count, seq5[:, bdraw], w5[bdraw], k)
        keep = w6 > 0
        parts.append((seq6[:, keep], w6[keep], 4, 5))  # both drew
        for seq_p, w_p, p_at, b_at in parts:
            if seq_p.shape[1]:
                yield (_cards(np, seq_p, p_at, b_at, rank, suit, value, ht, reading, names), seq_p.shape[1], w_p,
                       4 + (p_at is not None) + (b_at is not None))


def _left(np, count, seq, i: int):
    """The cards of kind ``seq[i]`` left after the ``i`` cards before it: its ways at position i."""
    left = count[seq[i]].copy()
    for j in range(i):
        left -= seq[j] == seq[i]
    return np.maximum(left, 0)


def _drawn(np, count, seq, w, k: int):
    """Each sequence extended by one more card of every kind, with its ways."""
    grown = np.concatenate([np.repeat(seq, k, axis=1), np.tile(np.arange(k), seq.shape[1])[None, :]])
    return grown, np.repeat(w, k) * _left(np, count, grown, grown.shape[0] - 1)


def _cards(np, seq, player_at, banker_at, rank, suit, value, ht, reading: Reading, names):
    """The language's view of a block (:class:`~exact_odds.conditions.language.Cards`): each slot's rank and suit
    (0 where not drawn) and each value name the bet reads."""
    from exact_odds.conditions import language

    m = seq.shape[1]
    at = {(0, 0): 0, (1, 0): 1, (0, 1): 2, (1, 1): 3, (0, 2): player_at, (1, 2): banker_at}
    ranks, suits = {}, {}
    for slot in ALL_SLOTS:
        pos = at[slot]
        if pos is None:
            ranks[slot] = suits[slot] = np.zeros(m, dtype=np.int16)
        else:
            ranks[slot], suits[slot] = rank[seq[pos]].astype(np.int16), suit[seq[pos]].astype(np.int16)
    values = {}
    if names:
        pt, bt = ht[value[seq[0]], value[seq[2]]], ht[value[seq[1]], value[seq[3]]]
        p3 = value[seq[player_at]] if player_at is not None else np.full(m, 10)
        b3 = value[seq[banker_at]] if banker_at is not None else np.full(m, 10)
        code = ((pt.astype(np.int64) * 10 + bt) * 11 + p3) * 11 + b3
        distinct, inverse = np.unique(code, return_inverse=True)
        named = [reading.value_of(deal_of_code(int(c))) for c in distinct]
        for name in names:
            values[name] = np.array([int(d[name]) for d in named], dtype=np.int64)[inverse.reshape(-1)]
    return language.Cards(ranks, suits, values)


register(SmallShoe())
