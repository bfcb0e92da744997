"""Short text and small HTML for showing results in a REPL or a notebook.

Only the ``__repr__`` and ``_repr_html_`` of the shoe-in-play results use
these; command output is built in :mod:`exact_odds.report.in_play`.
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Sequence

#: Longest repr (characters); longer text is cut with an ellipsis.
REPR_LIMIT = 300


def short(text: str, limit: int = REPR_LIMIT) -> str:
    """``text`` cut to ``limit`` characters, ending in '...)' when cut."""
    if len(text) <= limit:
        return text
    return text[: limit - 4] + "...)"


def listed(items: Sequence[str], most: int = 4) -> str:
    """'a, b, c' or 'a, b, c, d and 3 more'."""
    if len(items) <= most:
        return ", ".join(items)
    return ", ".join(items[:most]) + f" and {len(items) - most} more"


def html_table(caption: str, headers: Sequence[str], rows: Iterable[Sequence[Any]]) -> str:
    """A plain HTML table with a caption; every cell escaped."""
    head = "".join(f"<th>{html.escape(str(h))}</th>" for h in headers)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in r) + "</tr>" for r in rows)
    return (f"<table><caption>{html.escape(caption)}</caption>"
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")


def html_text(text: str) -> str:
    """One line of text as HTML."""
    return f"<code>{html.escape(text)}</code>"


def to_frame(records: list[dict[str, Any]]) -> Any:
    """A pandas DataFrame of ``records`` (pandas is optional: ImportError says so)."""
    try:
        import pandas
    except ImportError:
        raise ImportError("to_frame() needs pandas (pip install pandas); to_records() needs nothing") from None
    return pandas.DataFrame.from_records(records)
