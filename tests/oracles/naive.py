"""A deliberately naive baccarat enumerator, written apart from the engine.

It deals card by card by *rank* (13 ranks, not the engine's 10 values),
weights each draw by the number of cards of that rank left, applies the
drawing rules through the closed formula of docs/rules.md §2 item 4 (not the engine's
tableau object), and multiplies each finished coup by the ways to draw the
unused cards, so counts are in the six-card convention. It is slow on purpose
and only meant for small or narrow shoes.
"""

from collections import Counter

VALUE = {0: 1, 1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 7, 7: 8, 8: 9, 9: 0, 10: 0, 11: 0, 12: 0}


def banker_draws_formula(banker, player_third):
    """docs/rules.md §2 item 4 (the founding documents' formula): map t = 8 -> -2, 9 -> -1; halve toward zero; add 3; draw iff banker <= that."""
    if player_third is None:
        return banker <= 5
    t = {8: -2, 9: -1}.get(player_third, player_third)
    limit = int(t / 2) + 3
    return banker <= limit


def naive_counts(ranks, player_draws=lambda total: total <= 5, banker_draws=None):
    """Counter of (player total, banker total, player cards, banker cards) -> six-card count.

    The drawing rules are plain functions (default: Player draws on 0-5, the
    Banker by the formula of docs/rules.md §2 item 4), so a modified tableau can be checked."""
    banker_draws = banker_draws or banker_draws_formula
    ranks = list(ranks)
    n = sum(ranks)
    out = Counter()

    def unused(k):
        ways = 1
        for i in range(6 - k):
            ways *= n - k - i
        return ways

    def draw(weight, hands_cards, step, finish):
        # draw one card of every rank still in the shoe
        for r in range(13):
            if ranks[r] == 0:
                continue
            w = weight * ranks[r]
            ranks[r] -= 1
            finish(w, VALUE[r])
            ranks[r] += 1

    def after_deal(weight, p, b):
        pt, bt = sum(p) % 10, sum(b) % 10
        if pt in (8, 9) or bt in (8, 9):
            out[pt, bt, 2, 2] += weight * unused(4)
            return
        if player_draws(pt):
            def with_third(w, t):
                p3 = (pt + t) % 10
                if banker_draws(bt, t):
                    draw(w, None, None, lambda w2, u: out.__setitem__((p3, (bt + u) % 10, 3, 3), out[p3, (bt + u) % 10, 3, 3] + w2 * unused(6)))
                else:
                    out[p3, bt, 3, 2] += w * unused(5)
            draw(weight, None, None, with_third)
        elif banker_draws(bt, None):
            draw(weight, None, None, lambda w, u: out.__setitem__((pt, (bt + u) % 10, 2, 3), out[pt, (bt + u) % 10, 2, 3] + w * unused(5)))
        else:
            out[pt, bt, 2, 2] += weight * unused(4)

    def deal(weight, cards):
        if len(cards) == 4:
            after_deal(weight, [cards[0], cards[2]], [cards[1], cards[3]])
            return
        draw(weight, None, None, lambda w, v: deal(w, cards + [v]))

    deal(1, [])
    return out


def naive_infinite_counts():
    """The infinite deck (each rank 1/13, so value 0 has weight 4 and values 1-9 weight 1),
    as a Counter of (player total, banker total, player cards, banker cards) -> count in
    units of 13**-6 (every coup padded to six draws, like the six-card convention).

    Written from the two-card totals up: a hand's two-card total t has weight
    sum over a + b = t (mod 10) of w[a] w[b]; third cards are single draws."""
    w = [4] + [1] * 9
    two = [sum(w[a] * w[b] for a in range(10) for b in range(10) if (a + b) % 10 == t) for t in range(10)]
    out = Counter()
    for p in range(10):
        for b in range(10):
            ways = two[p] * two[b]
            if p >= 8 or b >= 8:
                out[p, b, 2, 2] += ways * 13**2
            elif p <= 5:
                for t in range(10):
                    p3 = (p + t) % 10
                    if banker_draws_formula(b, t):
                        for u in range(10):
                            out[p3, (b + u) % 10, 3, 3] += ways * w[t] * w[u]
                    else:
                        out[p3, b, 3, 2] += ways * w[t] * 13
            elif b <= 5:
                for u in range(10):
                    out[p, (b + u) % 10, 2, 3] += ways * w[u] * 13
            else:
                out[p, b, 2, 2] += ways * 13**2
    return out
