"""Inline SVG plots for HTML reports, written directly (no matplotlib, no fonts, no network).

Coordinates are printed with two decimals, so the same data give the same
bytes. Values are plotted as floats: a plot shows a shape, the exact figures
are in the tables beside it.
"""

from __future__ import annotations

import html
import math
from typing import Sequence

_W, _H = 760, 340
_LEFT, _RIGHT, _TOP, _BOTTOM = 78, 20, 56, 52
_COLOURS = ("#1f5fa8", "#c0392b", "#2e8b57", "#8e44ad", "#d68910")


def _f(x: float) -> str:
    return f"{x:.2f}"


def nice_ticks(lo: float, hi: float, n: int = 5) -> list[float]:
    """About ``n`` round tick values covering [lo, hi]."""
    if hi <= lo:
        hi = lo + 1
    raw = (hi - lo) / n
    mag = 10 ** math.floor(math.log10(raw))
    step = min((m * mag for m in (1, 2, 2.5, 5, 10) if m * mag >= raw), default=10 * mag)
    start = math.floor(lo / step + 1e-9) * step
    ticks = []
    t = start
    while True:
        ticks.append(0.0 if abs(t) < step * 1e-9 else t)
        if t >= hi - step * 1e-9:
            return ticks
        t += step


def _tick_text(v: float) -> str:
    if v != 0 and (abs(v) >= 1e5 or abs(v) < 1e-3):
        return f"{v:.3g}"
    return f"{v:,.6g}"


class _Frame:
    def __init__(self, xlo, xhi, ylo, yhi):
        self.xlo, self.xhi, self.ylo, self.yhi = xlo, xhi, ylo, yhi

    def x(self, v: float) -> float:
        return _LEFT + (v - self.xlo) / (self.xhi - self.xlo) * (_W - _LEFT - _RIGHT)

    def y(self, v: float) -> float:
        return _TOP + (self.yhi - v) / (self.yhi - self.ylo) * (_H - _TOP - _BOTTOM)


def _axes(frame: _Frame, title: str, xlabel: str, ylabel: str, xticks, yticks, xtext=None) -> list[str]:
    out = [f'<text x="{_W / 2:.0f}" y="20" text-anchor="middle" font-size="15" font-weight="bold">'
           f"{html.escape(title)}</text>",
           f'<rect x="{_LEFT}" y="{_TOP}" width="{_W - _LEFT - _RIGHT}" height="{_H - _TOP - _BOTTOM}" '
           'fill="none" stroke="#888"/>']
    for t in yticks:
        y = frame.y(t)
        out.append(f'<line x1="{_LEFT}" y1="{_f(y)}" x2="{_W - _RIGHT}" y2="{_f(y)}" stroke="#e4e4e4"/>')
        out.append(f'<text x="{_LEFT - 6}" y="{_f(y + 4)}" text-anchor="end" font-size="11">{_tick_text(t)}</text>')
    for i, t in enumerate(xticks):
        x = frame.x(t)
        label = xtext[i] if xtext else _tick_text(t)
        out.append(f'<line x1="{_f(x)}" y1="{_H - _BOTTOM}" x2="{_f(x)}" y2="{_H - _BOTTOM + 5}" stroke="#888"/>')
        out.append(f'<text x="{_f(x)}" y="{_H - _BOTTOM + 18}" text-anchor="middle" font-size="11">'
                   f"{html.escape(label)}</text>")
    out.append(f'<text x="{_W / 2:.0f}" y="{_H - 10}" text-anchor="middle" font-size="12">{html.escape(xlabel)}</text>')
    out.append(f'<text x="16" y="{_H / 2:.0f}" text-anchor="middle" font-size="12" '
               f'transform="rotate(-90 16 {_H / 2:.0f})">{html.escape(ylabel)}</text>')
    return out


def _svg(body: list[str], label: str) -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{_W}" height="{_H}" viewBox="0 0 {_W} {_H}" '
            f'role="img" aria-label="{html.escape(label)}" font-family="sans-serif">\n'
            + "\n".join(body) + "\n</svg>")


def line_plot(title: str, xlabel: str, ylabel: str, series: Sequence[tuple[str, Sequence[tuple[float, float]]]],
              markers: Sequence[tuple[str, float]] = ()) -> str:
    """Lines through points, each series with a legend entry; ``markers`` are labelled vertical lines."""
    xs = [p[0] for _, pts in series for p in pts]
    ys = [p[1] for _, pts in series for p in pts] + [0.0]
    yt = nice_ticks(min(ys), max(ys))
    xt = nice_ticks(min(xs), max(xs))
    frame = _Frame(min(xs + xt), max(xs + xt), min(ys + yt), max(ys + yt))
    body = _axes(frame, title, xlabel, ylabel, xt, yt)
    body.append(f'<line x1="{_LEFT}" y1="{_f(frame.y(0))}" x2="{_W - _RIGHT}" y2="{_f(frame.y(0))}" '
                'stroke="#333" stroke-width="1"/>')
    for i, (name, pts) in enumerate(series):
        colour = _COLOURS[i % len(_COLOURS)]
        d = " ".join(f"{_f(frame.x(x))},{_f(frame.y(y))}" for x, y in pts)
        dash = ' stroke-dasharray="6 4"' if i else ""
        body.append(f'<polyline points="{d}" fill="none" stroke="{colour}" stroke-width="2"{dash}/>')
        lx, ly = _LEFT + 200 * i, _TOP - 14  # one row of legend entries above the plot
        body.append(f'<line x1="{lx}" y1="{ly}" x2="{lx + 24}" y2="{ly}" stroke="{colour}" '
                    f'stroke-width="2"{dash}/>')
        body.append(f'<text x="{lx + 30}" y="{ly + 4}" font-size="12">{html.escape(name)}</text>')
    for name, x in markers:
        px = frame.x(x)
        body.append(f'<line x1="{_f(px)}" y1="{_TOP}" x2="{_f(px)}" y2="{_H - _BOTTOM}" stroke="#555" '
                    'stroke-dasharray="2 3"/>')
        body.append(f'<text x="{_f(px - 4)}" y="{_H - _BOTTOM - 8}" text-anchor="end" font-size="11">'
                    f"{html.escape(name)}</text>")
    return _svg(body, title)


def bar_chart(title: str, xlabel: str, ylabel: str, labels: Sequence[str], values: Sequence[float]) -> str:
    """One bar per label, up from zero for positive values and down for negative ones."""
    lo, hi = min(list(values) + [0.0]), max(list(values) + [0.0])
    yt = nice_ticks(lo, hi)
    frame = _Frame(0, len(labels), min([lo] + yt), max([hi] + yt))
    xt = [i + 0.5 for i in range(len(labels))]
    body = _axes(frame, title, xlabel, ylabel, xt, yt, list(labels))
    width = (frame.x(1) - frame.x(0)) * 0.6
    zero = frame.y(0)
    for i, v in enumerate(values):
        top = frame.y(max(v, 0))
        height = abs(frame.y(v) - zero)
        colour = _COLOURS[0] if v <= 0 else _COLOURS[1]
        body.append(f'<rect x="{_f(frame.x(i + 0.5) - width / 2)}" y="{_f(top)}" width="{_f(width)}" '
                    f'height="{_f(height)}" fill="{colour}"/>')
    body.append(f'<line x1="{_LEFT}" y1="{_f(zero)}" x2="{_W - _RIGHT}" y2="{_f(zero)}" stroke="#333"/>')
    return _svg(body, title)
