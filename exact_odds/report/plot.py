"""A picture of a simulation: how each bet's house edge spreads out as the shoe is dealt.

One panel per bet shows the distribution of the exact house edge over the
coups dealt with that many cards left (:meth:`SimulationResult.edge_bands`,
bands of 13 cards): the 5-95% and 25-75% percentile bands, the median, and
the mean (which is flat in theory, so the bands are the point). A last panel
shows the share of coups with a positive EV by depth, every bet together.
Legends sit outside the axes, off the lines.

matplotlib is an optional extra (``pip install '.[plot]'`` from a checkout) and is
imported only here, only when a plot is asked for. The numbers plotted are
the simulation's exact figures, turned into floats only for drawing.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING, Any

from exact_odds import files
from exact_odds.files import OutputError

if TYPE_CHECKING:
    from exact_odds.in_play.simulate.simulation import SimulationResult
    from exact_odds.in_play.simulate.triggers import TriggerCurve

#: File types a plot can be written as, by suffix.
PLOT_SUFFIXES = (".png", ".svg", ".pdf")


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
    """The plot's path, if it names a .png, .svg or .pdf file that can be written
    (:func:`exact_odds.files.check_writable`: not empty, not a folder, in a
    folder that exists and can be written) and matplotlib is there to draw
    it: checked before any simulating, so no result is lost at the end."""
    if not isinstance(path, (str, Path)):
        raise TypeError(f"a plot path must be a str or Path, not {type(path).__name__}")
    if not str(path).strip():
        raise PlotError("the file name is empty; name a .png, .svg or .pdf file", str(path))
    p = Path(path)
    if p.suffix.lower() not in PLOT_SUFFIXES:
        raise PlotError("name a .png, .svg or .pdf file", str(path))
    try:
        files.check_writable(path)  # the text as given: Path() drops a trailing "/"
    except OutputError as exc:
        raise PlotError(f"{exc}; name a file in a folder you can write to", str(path)) from None
    _matplotlib()
    return p


#: Cards left per percentile band.
BAND_CARDS = 13

#: Metadata that would make two plots of the same run differ (dates), by file type.
_NO_DATES = {"svg": {"Date": None}, "pdf": {"CreationDate": None, "ModDate": None}, "png": None}


def plot_edges(result: "SimulationResult", path: str | Path) -> None:
    """Draw every bet's house edge by cards left (percentile bands, median, mean) and
    P(EV > 0) by depth, and write ``path`` (.png, .svg or .pdf)."""
    from exact_odds.in_play.simulate.simulation import SimulationResult

    if not isinstance(result, SimulationResult):
        raise TypeError(f"plot_edges draws a SimulationResult (from simulate), not {type(result).__name__}")
    path = check_plot_path(path)
    from matplotlib import pyplot as plt

    n = len(result.bets)
    fig, axes = plt.subplots(n + 1, 1, figsize=(9, 2.3 * (n + 1) + 0.6), sharex=True, squeeze=False)
    axes = axes[:, 0]
    colours = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    for b, (bet, ax) in enumerate(zip(result.bets, axes)):
        bands = result.edge_bands(b, BAND_CARDS, (5, 25, 50, 75, 95))
        mid = [(band.high + band.low) / 2 for band in bands]
        pct = [[100 * band.edges[i] for band in bands] for i in range(5)]
        ax.fill_between(mid, pct[0], pct[4], color=colours[b % len(colours)], alpha=0.18, linewidth=0,
                        label="5-95% of coups")
        ax.fill_between(mid, pct[1], pct[3], color=colours[b % len(colours)], alpha=0.4, linewidth=0,
                        label="25-75% of coups")
        ax.plot(mid, pct[2], color=colours[b % len(colours)], linewidth=1.2, label="median")
        depth = result.by_depth(BAND_CARDS)
        ax.plot([(d.high + d.low) / 2 for d in depth if d.coups[b]],
                [float(d.mean_house_edge[b] * 100) for d in depth if d.coups[b]],
                color="black", linewidth=0.8, linestyle="--", label="mean")
        ax.axhline(0, color="grey", linewidth=0.6)
        ax.set_ylabel("house edge (%)")
        ax.set_title(bet.name, fontsize=10, loc="left")
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    ax = axes[-1]
    for b, bet in enumerate(result.bets):
        depth = [d for d in result.by_depth(BAND_CARDS) if d.coups[b]]
        ax.plot([(d.high + d.low) / 2 for d in depth], [float(d.positive_ev_frequency[b] * 100) for d in depth],
                color=colours[b % len(colours)], linewidth=1.2, label=bet.name)
    ax.set_ylabel("coups with EV > 0 (%)")
    ax.set_title("Share of coups with a positive EV", fontsize=10, loc="left")
    ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    ax.invert_xaxis()  # shared: every panel reads from a full shoe down
    ax.set_xlabel(f"cards left in the shoe (bands of {BAND_CARDS} cards)")
    shoes = f"{result.shoes} simulated shoe{'s' if result.shoes != 1 else ''}"
    fig.suptitle(f"{shoes} of {result.decks} deck{'s' if result.decks != 1 else ''}, seed {result.seed}, "
                 f"{result.cut_card} cards behind the cut card", fontsize=11)
    fig.tight_layout()
    _save(fig, path)


def plot_triggers(curve: "TriggerCurve", path: str | Path, title: str = "") -> None:
    """Draw a trigger search (win per 100 coups and SCORE by trigger, ± 2 SE, the best of each marked)
    and write ``path`` (.png, .svg or .pdf)."""
    from exact_odds.in_play.simulate.triggers import TriggerCurve

    if not isinstance(curve, TriggerCurve):
        raise TypeError(f"plot_triggers draws a TriggerCurve (a simulation's trigger_curve), not "
                        f"{type(curve).__name__}")
    path = check_plot_path(path)
    from matplotlib import pyplot as plt

    fig, axes = plt.subplots(2, 1, figsize=(8, 6.4), sharex=True)
    for ax, stat, label in ((axes[0], "win_per_100_coups", "win per 100 coups (units)"),
                            (axes[1], "score", f"SCORE ({curve.coups_per_hour} coups an hour)")):
        rows = [r for r in curve.rows if getattr(r, stat).value is not None]
        x = [float(r.trigger) for r in rows]
        y = [getattr(r, stat).value for r in rows]
        se = [getattr(r, stat).standard_error or 0.0 for r in rows]
        ax.fill_between(x, [v - 2 * e for v, e in zip(y, se)], [v + 2 * e for v, e in zip(y, se)], alpha=0.25,
                        linewidth=0, label="± 2 SE")
        ax.plot(x, y, marker="o", markersize=3, linewidth=1.2, label=label)
        best = curve.best(stat)
        if best is not None:
            ax.axvline(float(best.trigger), color="black", linewidth=0.8, linestyle="--",
                       label=f"best: true count >= {best.trigger}")
        ax.axhline(0, color="grey", linewidth=0.6)
        ax.set_ylabel(label)
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8, frameon=False)
    axes[1].set_xlabel("trigger: bet one unit when the true count is at least")
    fig.suptitle(title or f"Trigger search over {curve.shoes:,} simulated shoes", fontsize=11)
    fig.tight_layout()
    _save(fig, path)


def _save(fig: Any, path: Path) -> None:
    """Write ``fig`` to ``path`` (its type from the suffix), the same bytes for the same figure."""
    from matplotlib import pyplot as plt

    kind = path.suffix.lower()[1:]
    buffer = io.BytesIO()
    try:
        # a fixed salt for the SVG's element ids, so the same run draws the same file
        with plt.rc_context({"svg.hashsalt": "exact-odds"}):
            fig.savefig(buffer, format=kind, metadata=_NO_DATES[kind], bbox_inches="tight")
    finally:
        plt.close(fig)
    try:
        files.write_bytes(path, buffer.getvalue())
    except OSError as exc:
        raise PlotError(f"cannot write it ({exc.strerror or exc})", str(path)) from None
