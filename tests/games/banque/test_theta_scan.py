"""Banque with replacement at every theta = k/200: at least one equilibrium, each verified exactly.

Ethier and Lee (2015, Games 6:57, abstract) derive the Nash equilibrium "for all
theta" in the with-replacement model. Before the whole square was searched, 32
of these thetas had none found (both punters mixing at a crossing of two banker
curves). The full scan is ``slow``; a sample of 20 thetas, including the bands
that failed, is checked, one theta of each band by default.

An independent probe, written apart from the solver (floats, from the game's
counts only): on a grid of (x, y) the banker plays his best reply and each
punter's gain from drawing on 5 is priced; wherever both gains change sign
within one grid cell an equilibrium must lie close by, so the search must have
found one there.
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from exact_odds import Shoe
from exact_odds.games.banque.equilibrium import equilibrium_gaps, solve_banque
from exact_odds.games.banque.game import cached_game

#: theta = k/200 in the bands that had no equilibrium found (0.045-0.065, 0.10-0.135, 0.155-0.165 and
#: their mirror images), the three-equilibria theta 17/200, and a few ordinary ones.
SAMPLE = (10, 11, 13, 17, 22, 25, 27, 31, 33, 50, 100, 150, 167, 169, 173, 175, 178, 183, 187, 190)
#: Run by default (about 2 s each): one theta of each band. A mirror band's theta is the same game with the
#: tableaux swapped (test_mirror_theta_swaps_the_punters checks it at 22 and 178), and 17/200 and 1/2 are
#: checked by their own tests below; the rest of the sample under ``-m slow``, with the full scan.
DEFAULT_SAMPLE = (10, 22, 31)


def _game():
    return cached_game(Shoe.infinite())


def _check(k: int):
    theta = Fraction(k, 200)
    g = _game()
    search = solve_banque(g, theta)
    assert search.complete, search.gaps
    assert search.equilibria
    for e in search.equilibria:
        assert equilibrium_gaps(g, theta, e.x, e.y, e.banker) == (0, 0, 0)
        assert all(0 <= v <= 1 for v in (e.x, e.y, *e.banker.values()))
    return search


@pytest.mark.parametrize("k", [k if k in DEFAULT_SAMPLE else pytest.param(k, marks=pytest.mark.slow) for k in SAMPLE])
def test_every_sampled_theta_has_a_verified_equilibrium(k):
    _check(k)


@pytest.mark.slow
def test_every_theta_k_over_200_has_a_verified_equilibrium():
    """All 199 thetas strictly between 0 and 1: each search complete, each equilibrium exact."""
    counts = {}
    for k in range(1, 200):
        n = _check(k).found
        counts[n] = counts.get(n, 0) + 1
    assert sum(counts.values()) == 199 and 0 not in counts


def test_mirror_theta_swaps_the_punters():
    """theta and 1 - theta are the same game with the tableaux swapped: (x, y) becomes (y, x)."""
    g = _game()
    a, b = solve_banque(g, Fraction(22, 200)), solve_banque(g, Fraction(178, 200))
    assert sorted((e.y, e.x) for e in a.equilibria) == sorted((e.x, e.y) for e in b.equilibria)


def test_three_equilibria_at_17_over_200():
    """theta = 17/200 has three equilibria, all with both punters mixing (the search is complete, so
    'unique' is false and says so)."""
    search = _check(17)
    assert search.found == 3 and not search.unique
    assert all(0 < e.x < 1 and 0 < e.y < 1 for e in search.equilibria)


def test_theta_half_is_proven_unique():
    search = _check(100)
    assert search.unique and search.first.x == search.first.y == Fraction(9, 11)


# --- the independent probe ----------------------------------------------------------------

def _hull_has_origin(p) -> bool:
    """Whether (0, 0) lies in the convex hull of the points p (2D): in a triangle of three of them."""
    from itertools import combinations

    for a, b, c in combinations(p, 3):
        d = [(u[0] - w[0]) * (v[1] - w[1]) - (u[1] - w[1]) * (v[0] - w[0]) for u, v, w in
             ((a, b, (0, 0)), (b, c, (0, 0)), (c, a, (0, 0)))]
        if all(t >= 0 for t in d) or all(t <= 0 for t in d):
            return True
    return False


def _probe(theta: float, n: int, levels: int = 3):
    """Small cells where (0, 0) is in the convex hull of the punters' gains at the corners (floats):
    an n x n grid, each flagged cell then cut 4 x 4 again ``levels`` times (sign changes on two
    curves apart disappear). Returns the cells' corners and their width."""
    g = _game()
    gl = np.array(g.gain_left, dtype=float)  # (h, choice, la, fl, ra, fr): banker's ways won - lost
    gr = np.array(g.gain_right, dtype=float)
    both = theta * gl + (1 - theta) * gr

    def weights(p):
        w = np.zeros((gl.shape[2], 2))
        w[:, 0] = 1.0
        w[0, 1] = 1 - p  # stood on a two-card 5
        w[1:11, 1] = p  # drew a third card after a two-card 5
        return w

    d = weights(1.0) - weights(0.0)

    def gains(x, y):
        wl, wr = weights(x), weights(y)
        bank = np.einsum("hclfrg,lf,rg->hclr", both, wl, wr)
        s = (bank[:, 1] > bank[:, 0]).astype(float)  # the banker's best reply per set
        s = np.stack([1 - s, s], axis=1)
        return (-np.einsum("hclfrg,hclr,lf,rg->", gl, s, d, wr), -np.einsum("hclfrg,hclr,lf,rg->", gr, s, wl, d))

    def flagged(x0, y0, w, m):
        xs, ys = x0 + w * np.arange(m + 1) / m, y0 + w * np.arange(m + 1) / m
        v = np.array([[gains(x, y) for y in ys] for x in xs])  # (m+1, m+1, 2)
        out = []
        for i in range(m):
            for j in range(m):
                if _hull_has_origin(v[i:i + 2, j:j + 2].reshape(4, 2)):
                    out.append((xs[i], ys[j]))
        return out

    width = 1.0 / n
    cells = flagged(0.0, 0.0, 1.0, n)
    for _ in range(levels):
        cells = [c for x, y in cells for c in flagged(x, y, width, 4)]
        width /= 4
    return [(x + width / 2, y + width / 2) for x, y in cells], width


@pytest.mark.parametrize("k", [17] + [pytest.param(k, marks=pytest.mark.slow) for k in (31, 10, 22, 100)])
def test_the_float_probe_finds_nothing_the_search_missed(k):
    found = [(float(e.x), float(e.y)) for e in solve_banque(_game(), Fraction(k, 200)).equilibria]
    cells, width = _probe(k / 200, 40)
    near = lambda a, b, x, y: abs(x - a) <= 3 * width and abs(y - b) <= 3 * width  # noqa: E731
    for x, y in cells:
        assert any(near(a, b, x, y) for a, b in found), (x, y, found)
    assert found
    if k in (17, 100):  # the probe does see these (so the check above is not empty)
        assert cells


def test_box_vertices_find_a_point_a_segment_or_nothing():
    """The banker's mixes at a crossing: {s in [0, 1]^n : aL + fl.s = 0, aR + fr.s = 0}, by vertices."""
    from exact_odds.games.banque.cells import box_vertices

    F = Fraction
    assert box_vertices(F(-1), F(-1), [F(1), F(1)], [F(1), F(0)]) == [(F(1), F(0))]  # one point
    assert len(box_vertices(F(-1), F(0), [F(1), F(1)], [F(0), F(0)])) == 2  # a segment: two ends
    assert box_vertices(F(-3), F(0), [F(1), F(1)], [F(0), F(0)]) == []  # out of the box


def test_edge_check_flags_a_gain_identically_zero_and_nothing_at_a_normal_theta():
    """The search says it is not complete when a punter's gain is 0 on an interval of an edge (here
    forced by zeroing the left punter's gains); at theta = 1/2 it flags nothing."""
    from exact_odds.games.banque.cells import edge_gaps
    from exact_odds.games.banque.lines import _Lines

    lines = _Lines(_game(), Fraction(1, 2))
    assert edge_gaps(lines) == []
    zero = lines.eL[0] * 0
    lines.eL, lines.fL = (zero, zero), (zero, zero)
    assert any("left punter" in g for g in edge_gaps(lines))
