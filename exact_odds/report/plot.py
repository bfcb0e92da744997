"""A picture of a simulation: each bet's house edge by cards left in the shoe.

matplotlib is an optional extra (``pip install '.[plot]'`` from a checkout) and is
imported only here, only when a plot is asked for. The numbers plotted are
the simulation's exact means (:meth:`SimulationResult.edge_by_cards_left`),
turned into floats only for drawing.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from exact_odds import files
from exact_odds.files import OutputError

if TYPE_CHECKING:
    from exact_odds.in_play.simulation import SimulationResult

#: File types a plot can be written as, by suffix.
PLOT_SUFFIXES = (".png", ".svg")


class PlotError(ValueError):
    """A plot that cannot be drawn as asked; the message says how to fix it.

    ``path`` is the file asked for (None when matplotlib is missing) and
    ``reason`` what is wrong with it, so a command can name its option."""

    def __init__(self, reason: str, path: str | None = None):
        super().__init__(f"drawing a plot needs {reason}" if path is None else f"plot file {path!r}: {reason}")
        self.reason = reason
        self.path = path


def _matplotlib():
    try:
        import matplotlib
    except ImportError:
        raise PlotError("matplotlib: pip install matplotlib (or the project's 'plot' extra)") from None
    matplotlib.use("Agg")
    return matplotlib


def check_plot_path(path: str | Path) -> Path:
    """The plot's path, if it names a .png or .svg file that can be written
    (:func:`exact_odds.files.check_writable`: not empty, not a folder, in a
    folder that exists and can be written) and matplotlib is there to draw
    it: checked before any simulating, so no result is lost at the end."""
    if not isinstance(path, (str, Path)):
        raise TypeError(f"a plot path must be a str or Path, not {type(path).__name__}")
    if not str(path).strip():
        raise PlotError("the file name is empty; name a .png or .svg file", str(path))
    p = Path(path)
    if p.suffix.lower() not in PLOT_SUFFIXES:
        raise PlotError("name a .png or .svg file", str(path))
    try:
        files.check_writable(p)
    except OutputError as exc:
        raise PlotError(f"{exc}; name a file in a folder you can write to", str(path)) from None
    _matplotlib()
    return p


def plot_edges(result: "SimulationResult", path: str | Path) -> None:
    """Draw every bet's mean house edge (percent) against cards left and write ``path``."""
    from exact_odds.in_play.simulation import SimulationResult

    if not isinstance(result, SimulationResult):
        raise TypeError(f"plot_edges draws a SimulationResult (from simulate), not {type(result).__name__}")
    path = check_plot_path(path)
    from matplotlib import pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4.5))
    for b, bet in enumerate(result.bets):
        points = result.edge_by_cards_left(b)
        ax.plot([n for n, _ in points], [float(edge * 100) for _, edge in points], label=bet.name, linewidth=1)
    ax.axhline(0, color="black", linewidth=0.6)
    ax.invert_xaxis()
    ax.set_xlabel("cards left in the shoe")
    ax.set_ylabel("house edge (%), mean over simulated coups")
    shoes = f"{result.shoes} simulated shoe{'s' if result.shoes != 1 else ''}"
    ax.set_title(f"{shoes} of {result.decks} deck{'s' if result.decks != 1 else ''}, seed {result.seed}")
    ax.legend()
    fig.tight_layout()
    kind = path.suffix.lower()[1:]
    buffer = io.BytesIO()
    try:
        fig.savefig(buffer, format=kind, metadata={"Date": None} if kind == "svg" else None)
    finally:
        plt.close(fig)
    try:
        files.write_bytes(path, buffer.getvalue())
    except OSError as exc:
        raise PlotError(f"cannot write it ({exc.strerror or exc})", str(path)) from None
