"""The fast paths of banque (issue 15 "Speed") give exactly what the slow ones give.

* :meth:`Middle.closed_form` (no sympy, so the command starts fast) against
  sympy's solution of the recurrences (:meth:`Middle.solve`), including the
  printed expression.
* The banque kernel's symmetric shortcut against a direct count of one
  banker pair's block (every left hand, every right hand, every banker third
  card, in Python integers).
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from exact_odds.games.banque import BanqueError, Middle
from exact_odds.games.banque.hands import banker_pair_block, tableau_hands
from exact_odds.games.banque.model import LOSE, N_ACTIONS, TIE, WIN, is_natural_action
from exact_odds.rules.deal import hand_total


def _random_middle(rng: random.Random) -> Middle:
    parts = [rng.randint(0, 9) for _ in range(6)]
    parts[rng.randint(0, 1)] += 1  # the bet settles some time
    tot = sum(parts)
    return Middle(*(Fraction(p, tot) for p in parts))


def test_closed_form_equals_sympy_solution():
    rng = random.Random(15)
    middles = [_random_middle(rng) for _ in range(2)]
    middles.append(Middle(Fraction(1, 2), Fraction(1, 2), 0, 0, 0, 0))  # settles at once: stays = 0
    for m in middles:
        fast, slow = m.closed_form(), m.solve()
        assert fast == slow
        assert [fast.still_in_play_after(k) for k in range(1, 6)] == [slow.still_in_play_after(k) for k in range(1, 6)]
        assert fast.still_in_play_after(0) == 1
        if m.settles != 1:  # sympy's rsolve writes 0 for 0**k (wrong at k = 0); the text says 0**k
            assert fast.still_in_play_text == str(slow.still_in_play) == str(fast.still_in_play)
    assert middles[-1].closed_form().still_in_play_text == "0**k"


def test_closed_form_refuses_a_middle_that_never_settles():
    with pytest.raises(BanqueError, match="never settles"):
        Middle(0, 0, Fraction(1, 2), Fraction(1, 4), Fraction(1, 4), 0).closed_form()


def _direct_block(c0, bt):
    """One banker pair's (stand, draw) counts by plain enumeration (Python ints)."""
    h = tableau_hands()
    nb = 2 * N_ACTIONS * 3
    stand = [[0] * nb for _ in range(nb)]
    draw = [[0] * nb for _ in range(nb)]
    hands = []
    for i in range(len(h.a)):
        cards = [int(h.a[i]), int(h.b[i])] + ([int(h.t[i])] if h.t[i] < 10 else [])
        key = int(h.key[i])
        if all(c0[v] for v in cards):  # a hand with a value the shoe lacks has no ways
            hands.append((cards, int(h.mult[i]), key // 10, key % 10))

    def ways(cards, left):
        w = 1
        for v in cards:
            w *= left[v]
            left[v] -= 1
        return w

    def code(block, total, f):
        if is_natural_action(block // 2):
            res = WIN
        else:
            res = WIN if total > f else TIE if total == f else LOSE
        return block * 3 + res

    for cl, ml, bl, tl in hands:
        for cr, mr, br, tr in hands:
            left = list(c0)
            w = ml * mr * ways(cl, left) * ways(cr, left)
            if w == 0:
                continue
            stand[code(bl, tl, bt)][code(br, tr, bt)] += w
            for u in range(10):
                f = hand_total(bt, u)
                draw[code(bl, tl, f)][code(br, tr, f)] += w * left[u]
    return stand, draw


@pytest.mark.parametrize("seed", [2])
def test_kernel_equals_direct_count_on_a_depleted_shoe(seed):
    import numpy as np

    rng = random.Random(seed)
    c0 = [rng.randint(0, 6) if v in (0, 1, 4, 5, 6, 9) else 0 for v in range(10)]  # few values: fast
    c0[0] += 4
    bt = rng.randint(0, 7)
    stand, draw = banker_pair_block(np, c0, False, bt, object)
    s_ref, d_ref = _direct_block(c0, bt)
    assert stand.tolist() == s_ref
    assert draw.tolist() == d_ref
