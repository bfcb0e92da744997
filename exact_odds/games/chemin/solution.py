"""An equilibrium of chemin de fer, keyed readably, with its notebook faces."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from exact_odds.games.chemin.game import Game
from exact_odds.games.chemin.models import Cell, cell_label


@dataclass(frozen=True)
class ChemSolution:
    """An equilibrium of chemin de fer.

    Readable (as in the JSON document): :attr:`punter` maps each holding at 5
    ('5', or '0+5', '1+4', ... under B3) to his probability of drawing;
    :attr:`banker` maps each cell (his hand, what the punter did), such as
    ``('0+6', 'stood')`` or ``('3', '8')``, to the banker's probability of
    drawing. ``x`` and ``y`` are the same strategies as the solver keys them
    (``x`` in ``game.holdings`` order, ``y`` by ``game.cells``); every
    function of :mod:`exact_odds.games.chemin` accepts either form.
    ``punter_value`` / ``banker_value``: each party's expectation per unit
    staked at the equilibrium (for c = 0, ``punter_value`` is the value of
    the game and ``banker_value = -punter_value``).
    """

    game: Game
    commission: Fraction
    x: tuple[Fraction, ...]
    y: dict[Cell, Fraction]
    punter_value: Fraction
    banker_value: Fraction
    method: str
    others: int = 0  #: further equilibria found by the same search (one-choice models)

    @property
    def punter(self) -> dict[str, Fraction]:
        """The punter's probability of drawing at 5, by holding: {'5': 9/11} or {'0+5': ..., ...}."""
        return dict(zip(self.game.holding_labels, self.x))

    @property
    def banker(self) -> dict[tuple[str, str], Fraction]:
        """The banker's probability of drawing, by (hand, punter's action): {('0+6', 'stood'): ...}."""
        return {cell_label(cell): q for cell, q in self.y.items()}

    @property
    def mixed_cells(self) -> dict[tuple[str, str], Fraction]:
        """The banker's cells where he mixes (draws with a probability strictly between 0 and 1)."""
        return {k: q for k, q in self.banker.items() if q not in (0, 1)}

    def to_records(self) -> list[dict]:
        """Every decision as a record: who, holding or hand, what the punter did (banker only),
        the exact probability of drawing and the same as a float."""
        out = [{"party": "punter", "hand": h, "seen": None, "draws": p, "draws_float": float(p)}
               for h, p in self.punter.items()]
        out += [{"party": "banker", "hand": h, "seen": s, "draws": q, "draws_float": float(q)}
                for (h, s), q in self.banker.items()]
        return out

    def to_frame(self):
        """:meth:`to_records` as a pandas DataFrame (needs pandas)."""
        import pandas as pd

        return pd.DataFrame.from_records(self.to_records())

    def _punter_text(self) -> str:
        if len(self.x) == 1:
            return f"punter draws at 5 w.p. {_short(self.x[0])}"
        return "punter draws at 5 w.p. " + ", ".join(f"{h}: {_short(p)}" for h, p in self.punter.items())

    def __repr__(self) -> str:
        c = f", commission {self.commission}" if self.commission else ""
        mixed = len(self.mixed_cells)
        return (f"ChemSolution(model {self.game.model.name}, {self.game.shoe.describe()}{c}: {self._punter_text()}; "
                f"banker mixes in {mixed} cell{'s' if mixed != 1 else ''}; "
                f"value {float(self.punter_value) * 100:.6f}%)")

    def _repr_html_(self) -> str:
        from html import escape

        rows = "".join(f"<tr><td>{escape(h)}</td><td>{escape(s)}</td><td>{q}</td><td>{float(q):.6f}</td></tr>"
                       for (h, s), q in self.mixed_cells.items())
        table = (f"<table><tr><th>Banker holds</th><th>Punter</th><th>Draws with probability</th>"
                 f"<th>Decimal</th></tr>{rows}</table>" if rows else "<p>The banker mixes in no cell.</p>")
        return (f"<p><b>Chemin de fer, model {escape(self.game.model.name)}</b>, "
                f"{escape(self.game.shoe.describe())}, commission {self.commission}. "
                f"{escape(self._punter_text())}. Punter's expectation {self.punter_value} "
                f"({float(self.punter_value) * 100:.6f}%); banker's {float(self.banker_value) * 100:.6f}%.</p>"
                + table)


def _short(p: Fraction) -> str:
    """A probability, exact if its denominator is short, else as a decimal."""
    return str(p) if p.denominator < 10**4 else f"{float(p):.6f}"


#: The name this class had before it said its game (kept for code that imported it so).
Solution = ChemSolution
