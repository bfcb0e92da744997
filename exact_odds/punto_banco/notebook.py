"""What the result objects show in a notebook: short reprs, small HTML tables, records and frames.

Every result object of punto banco and its bets (:class:`Analysis`,
:class:`CoupDistribution`, :class:`BetResult`, :class:`PayTable`,
:class:`PairDistribution`, :class:`BreakEven`) has a ``repr`` of at most
about 300 characters and a ``_repr_html_`` for Jupyter, made with these
helpers. Records keep the exact :class:`~fractions.Fraction` beside a float
(``house_edge`` and ``house_edge_float``): the float is for plotting and
sorting, the fraction is the result. pandas is optional: :func:`frame`
says how to install it when it is missing.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Iterable, Sequence

from exact_odds.report.numbers import percent_text

#: Longest shoe description or pay text a repr shows before cutting it.
WIDTH = 60


def short(text: str, width: int = WIDTH) -> str:
    """``text`` cut to ``width`` characters, ending in '...' when cut."""
    return text if len(text) <= width else text[: width - 3] + "..."


def percent(x: Fraction, places: int = 4) -> str:
    """An exact fraction as a percentage rounded (exactly) to ``places`` decimals: '1.0579%'."""
    return percent_text(x, places)


def listing(items: Sequence[str], limit: int, total_width: int = 240) -> str:
    """Items joined by ', ', at most ``limit`` of them and about ``total_width`` characters, then '... (n more)'."""
    shown: list[str] = []
    for item in items[:limit]:
        if shown and len(", ".join(shown + [item])) > total_width:
            break
        shown.append(item)
    rest = len(items) - len(shown)
    return ", ".join(shown) + (f", ... ({rest} more)" if rest else "")


def exact(name: str, x: Fraction) -> dict[str, Fraction | float]:
    """``{name: x, name_float: float(x)}``: an exact value with its float beside it."""
    return {name: x, f"{name}_float": float(x)}


def html_table(headers: Sequence[str], rows: Iterable[Sequence[Any]], caption: str | None = None) -> str:
    """A plain HTML table, every cell escaped."""
    import html  # (here: only a notebook's HTML needs it, and a cold command imports less)

    out = ["<table>"]
    if caption:
        out.append(f"<caption>{html.escape(caption)}</caption>")
    out.append("<tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in headers) + "</tr>")
    for row in rows:
        out.append("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>")
    out.append("</table>")
    return "".join(out)


def frame(records: list[dict[str, Any]]) -> Any:
    """``pandas.DataFrame(records)``; a clear ImportError when pandas is not installed.

    (pandas is an optional dependency, so the return type is ``Any``.)"""
    try:
        import pandas
    except ImportError:
        raise ImportError("to_frame() needs pandas, which is not installed: pip install pandas "
                          "(or use to_records(), which needs nothing)") from None
    return pandas.DataFrame.from_records(records)
