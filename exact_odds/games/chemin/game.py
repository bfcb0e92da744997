"""The game of chemin de fer for one shoe and model: one walk of the deal.

:func:`build_game` walks the deal once (docs/rules.md §3: six-card
convention) and records, for every banker cell and both of his actions, the
integer coefficients of the affine payoff functions described in
:mod:`exact_odds.games.chemin`.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache
from typing import Mapping, Sequence, Union

from exact_odds.games.chemin.models import (
    HOLDINGS_AT_5, MODELS, STOOD, Cell, ChemError, Hand, Model, cell_label, hand_label,
)
from exact_odds.rules.deal import deal_player_and_banker, hand_total, natural_ends_coup, unused_ways
from exact_odds.rules.shoe import Shoe
from exact_odds.rules.tableau import PUNTER

#: A cell's and action's counts: (punter wins, banker wins), each the
#: constant followed by one coefficient per holding.
Wins = tuple[tuple[int, ...], tuple[int, ...]]
#: The punter's probabilities of drawing at 5: one per holding, in the
#: game's order, or keyed by holding label ('5', '0+5', ...).
PunterStrategy = Union[Sequence[Fraction], Mapping[str, Fraction]]
#: The banker's probabilities of drawing: keyed by cell, or by readable cell
#: name such as ('0+6', 'stood').
BankerStrategy = Mapping


@dataclass(frozen=True)
class Game:
    """The additive payoff structure of chemin de fer for one shoe and model.

    ``holdings`` are the punter's decision cells at 5 (``(5,)`` if he knows
    only his total). ``cells`` are the banker's decision cells
    ``(hand, seen)``, ``hand`` a total or a value pair, ``seen`` the punter's
    third-card value or ``None`` (stood); :attr:`holding_labels` and
    :attr:`cell_labels` name them readably ('0+5'; ('0+6', 'stood')). For cell
    ``j`` and banker action ``'S'`` or ``'D'``, ``wins[j, a]`` is
    ``(punter, banker)``: two tuples of six-card counts, the constant followed
    by one coefficient per holding, of the coups the punter (banker) wins in
    that cell. ``naturals`` are the counts of coups ended by a natural (no
    decision). All over ``total``.
    """

    shoe: Shoe
    model: Model
    holdings: tuple[Hand, ...]
    cells: tuple[Cell, ...]
    wins: Mapping[tuple[Cell, str], Wins]
    naturals: tuple[int, int]
    total: int

    _lines: dict = field(default_factory=dict, compare=False, repr=False)
    _solutions: dict = field(default_factory=dict, compare=False, repr=False)

    def lines(self, who: str, commission: Fraction = Fraction(0)) -> tuple[dict, int]:
        """Every cell's payoff coefficients for one party, as integers times
        ``1 / scale`` (scale = the commission's denominator for the banker), so
        comparisons and sums stay in integers. Cached per party and commission.

        The punter's payoff is punter wins - banker wins; the banker's is
        (1 - c) banker wins - punter wins."""
        if who not in ("punter", "banker"):
            raise ValueError(f"who must be 'punter' or 'banker', not {who!r}")
        commission = Fraction(commission)
        key = (who, commission if who == "banker" else 0)
        if key not in self._lines:
            den, num = commission.denominator, commission.numerator
            out = {}
            for ca, (pw, bw) in self.wins.items():
                if who == "punter":
                    out[ca] = tuple(p - b for p, b in zip(pw, bw))
                else:
                    out[ca] = tuple((den - num) * b - den * p for p, b in zip(pw, bw))
            self._lines[key] = (out, 1 if who == "punter" else den)
        return self._lines[key]

    # --- readable names ------------------------------------------------------

    @property
    def holding_labels(self) -> tuple[str, ...]:
        """The punter's holdings at 5 by name: ('5',) or ('0+5', '1+4', ...)."""
        return tuple(hand_label(h) for h in self.holdings)

    @property
    def cell_labels(self) -> tuple[tuple[str, str], ...]:
        """The banker's cells by name, in :attr:`cells` order: ('0+6', 'stood'), ('3', '8')."""
        return tuple(cell_label(c) for c in self.cells)

    def punter_probabilities(self, x: PunterStrategy) -> tuple[Fraction, ...]:
        """The punter's strategy as one Fraction per holding, in the game's order.

        ``x`` is a sequence in that order or a mapping keyed by holding label."""
        if isinstance(x, Mapping):
            missing = [h for h in self.holding_labels if h not in x]
            if missing or len(x) != len(self.holdings):
                raise ValueError(f"the punter's strategy needs one probability per holding "
                                 f"{list(self.holding_labels)}, got keys {list(x)}")
            x = [x[h] for h in self.holding_labels]
        elif isinstance(x, (str, bytes)) or not isinstance(x, Sequence):
            raise TypeError(f"the punter's strategy must be a sequence of probabilities or a mapping "
                            f"keyed by {list(self.holding_labels)}, not {type(x).__name__}")
        if len(x) != len(self.holdings):
            raise ValueError(f"the punter's strategy needs {len(self.holdings)} probabilities, not {len(x)}")
        return tuple(Fraction(v) for v in x)

    def banker_probabilities(self, y: BankerStrategy) -> dict[Cell, Fraction]:
        """The banker's strategy keyed by cell; ``y`` may be keyed by cell or by readable name."""
        if not isinstance(y, Mapping):
            raise TypeError(f"the banker's strategy must be a mapping from cells such as ('0+6', 'stood') "
                            f"to probabilities, not {type(y).__name__}")
        if all(c in y for c in self.cells):
            return dict(y)
        by_name = dict(zip(self.cell_labels, self.cells))
        out = {}
        for key, q in y.items():
            cell = by_name.get(key) if isinstance(key, tuple) else None
            if cell is None:
                raise ValueError(f"unknown banker cell {key!r}: cells are named like {self.cell_labels[0]!r}")
            out[cell] = q
        if len(out) != len(self.cells):
            raise ValueError(f"the banker's strategy needs all {len(self.cells)} cells, got {len(out)}")
        return out

    def __repr__(self) -> str:
        return (f"Game(model {self.model.name}, {self.shoe.describe()}: {len(self.holdings)} punter "
                f"holding{'s' if len(self.holdings) != 1 else ''} at 5, {len(self.cells)} banker cells)")

    def _repr_html_(self) -> str:
        from html import escape

        return (f"<p><b>Chemin de fer, model {escape(self.model.name)}</b>, {escape(self.shoe.describe())}: "
                f"{escape(self.model.description)}.<br>Punter's holdings at 5: "
                f"{escape(', '.join(self.holding_labels))}; banker's cells: {len(self.cells)}.</p>")


def _holding_index(model: Model):
    if model.punter_sees_cards:
        return HOLDINGS_AT_5, {pair: i + 1 for i, pair in enumerate(HOLDINGS_AT_5)}
    return (5,), None


def build_game(shoe: Shoe, model: Model) -> Game:
    """Walk the deal once and record every cell's integer payoff coefficients.

    Weights are those of :mod:`exact_odds.punto_banco.walk`: drawing ordered
    values from ``c[v]`` cards of value v has ``prod c[v](c[v]-1)...`` ways,
    the two cards of each hand enumerated as unordered value pairs with
    multiplicity 2 for distinct values; a coup of k cards is multiplied by the
    ways to draw its 6 - k unused cards. Cached per shoe and model.
    """
    if not isinstance(shoe, Shoe):
        raise TypeError(f"build_game needs a Shoe (such as Shoe.decks(6)), not {type(shoe).__name__}")
    if not isinstance(model, Model):
        raise TypeError(f"build_game needs a Model (such as MODELS['B2']), not {type(model).__name__}")
    return _build_game(shoe, model)


@lru_cache(maxsize=16)
def _build_game(shoe: Shoe, model: Model) -> Game:
    shoe.checked()
    if model.infinite != shoe.is_infinite:
        raise ChemError(f"model {model.name} needs {'the infinite deck' if model.infinite else 'a finite shoe'}")
    holdings, index = _holding_index(model)
    width = 1 + len(holdings)
    c = list(shoe.value_counts)
    dec = 0 if shoe.is_infinite else 1
    # raw[(cell, action)] = [punter win coefficients, banker win coefficients]
    raw: dict = defaultdict(lambda: ([0] * width, [0] * width))
    nat = [0, 0]
    for p1, p2, b1, b2, w in deal_player_and_banker(c, dec):
        pt = hand_total(p1, p2)
        bt = hand_total(b1, b2)
        if natural_ends_coup(pt, bt):
            if pt > bt:
                nat[0] += w
            elif bt > pt:
                nat[1] += w
            continue
        hand = (b1, b2) if model.banker_sees_cards else bt
        action = PUNTER.action(pt)
        if action == "draw":  # weight 1
            draw_terms, stand_terms = ((0, w),), ()
        elif action == "stand":
            draw_terms, stand_terms = (), ((0, w),)
        else:  # chooses (at 5): draw with x[h], stand with 1 - x[h]
            k = index[p1, p2] if index else 1
            draw_terms, stand_terms = ((k, w),), ((0, w), (k, -w))
        if draw_terms:
            _punter_draws(raw, c, dec, pt, bt, hand, draw_terms)
        if stand_terms:
            _punter_stands(raw, c, pt, bt, hand, stand_terms)
    tail = [unused_ways(shoe, k) for k in range(7)]
    wins = {}
    for (cell, action), (pw, bw) in raw.items():
        used = (4 if cell[1] is STOOD else 5) + (action == "D")
        wins[cell, action] = (tuple(v * tail[used] for v in pw), tuple(v * tail[used] for v in bw))
    cells = tuple(sorted({cell for cell, _ in wins}, key=_cell_order))
    for cell in cells:  # a cell reached only with zero weight still has both actions
        for a in "SD":
            wins.setdefault((cell, a), ((0,) * width, (0,) * width))
    return Game(shoe, model, holdings, cells, wins, (nat[0] * tail[4], nat[1] * tail[4]), tail[0])


build_game.cache_clear = _build_game.cache_clear  # type: ignore[attr-defined]  # as when it was cached itself


def _cell_order(cell):
    hand, seen = cell
    key = (hand, 0) if isinstance(hand, int) else (hand_total(*hand), hand)
    return key, 10 if seen is None else seen


def _add(raw, cell, action, pf, bf, terms, ways):
    if pf == bf or not ways:
        return
    side = raw[cell, action][0 if pf > bf else 1]
    for k, w in terms:
        side[k] += w * ways


def _banker_draw_results(c, punter_final, banker_total):
    """Ways a banker third card leaves the punter ahead and behind (ties are neither)."""
    win = lose = 0
    for u in range(10):
        bf = hand_total(banker_total, u)
        if punter_final > bf:
            win += c[u]
        elif bf > punter_final:
            lose += c[u]
    return win, lose


def _punter_draws(raw, c, dec, pt, bt, hand, terms):
    for t in range(10):
        ct = c[t]
        if not ct:
            continue
        c[t] -= dec
        pf = hand_total(pt, t)
        cell = (hand, t)
        _add(raw, cell, "S", pf, bt, terms, ct)
        win, lose = _banker_draw_results(c, pf, bt)
        _add(raw, cell, "D", 1, 0, terms, ct * win)
        _add(raw, cell, "D", 0, 1, terms, ct * lose)
        c[t] += dec


def _punter_stands(raw, c, pt, bt, hand, terms):
    cell = (hand, STOOD)
    _add(raw, cell, "S", pt, bt, terms, 1)
    win, lose = _banker_draw_results(c, pt, bt)
    _add(raw, cell, "D", 1, 0, terms, win)
    _add(raw, cell, "D", 0, 1, terms, lose)


def model_shoe(model: Model, decks: int | None) -> Shoe:
    """The shoe a model is played with: the infinite deck for A1, ``decks`` decks otherwise (6 if None)."""
    if model.infinite:
        if decks is not None:
            raise ChemError(f"model {model.name} is played with the infinite deck, not {decks} decks")
        return Shoe.infinite()
    return Shoe.decks(6 if decks is None else decks)


def game_for(model_name: str, decks: int | None = None) -> Game:
    """The game of model ``A1``, ``B2`` or ``B3`` (6 decks unless told; A1 takes none)."""
    if not isinstance(model_name, str):
        raise TypeError(f"game_for needs a model name, one of {', '.join(MODELS)}, "
                        f"not {type(model_name).__name__}")
    if decks is not None and (isinstance(decks, bool) or not isinstance(decks, int)):
        raise TypeError(f"decks must be a whole number of decks or None, not {type(decks).__name__}")
    model = MODELS.get(model_name.upper())
    if model is None:
        raise ChemError(f"unknown model {model_name!r}: use one of {', '.join(MODELS)}")
    return build_game(model_shoe(model, decks), model)


def model_cells(model: Model) -> tuple[tuple[Hand, ...], tuple[Cell, ...]]:
    """Every punter holding at 5 and every banker cell of a model, whatever the shoe."""
    holdings, _ = _holding_index(model)
    if model.banker_sees_cards:
        hands = [(a, b) for a in range(10) for b in range(a, 10) if hand_total(a, b) < 8]
    else:
        hands = list(range(8))
    cells = tuple(sorted(((h, s) for h in hands for s in tuple(range(10)) + (STOOD,)), key=_cell_order))
    return holdings, cells


def impossible(game: Game) -> tuple[tuple[Hand, ...], tuple[Cell, ...]]:
    """The punter's holdings at 5 and the banker's cells that can never occur
    with this game's shoe (no cards to deal them): a decision there changes
    nothing, and the strategy shown for it is only a placeholder. Empty for
    any shoe of whole decks."""
    holdings, cells = model_cells(game.model)
    c = list(game.shoe.value_counts)
    dec = 0 if game.shoe.is_infinite else 1
    seen_holdings, seen_cells = set(), set()
    for p1, p2, b1, b2, _ in deal_player_and_banker(c, dec):
        pt, bt = hand_total(p1, p2), hand_total(b1, b2)
        if natural_ends_coup(pt, bt):
            continue
        hand = (b1, b2) if game.model.banker_sees_cards else bt
        action = PUNTER.action(pt)
        if action != "draw" and action != "stand":
            seen_holdings.add((p1, p2) if game.model.punter_sees_cards else 5)
        if action != "stand":
            seen_cells.update((hand, t) for t in range(10) if c[t])
        if action != "draw":
            seen_cells.add((hand, STOOD))
    return (tuple(h for h in holdings if h not in seen_holdings),
            tuple(cell for cell in cells if cell not in seen_cells))
