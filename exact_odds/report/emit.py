"""The one emitter: a :class:`~exact_odds.report.document.Report` as text in any format.

tabulate's formats, CSV and JSON. The library returns exact values, the
report modules turn them into rows and JSON documents, and this module only
turns those into text.
"""

from __future__ import annotations

import codecs
import io
from itertools import chain

from exact_odds.report.document import Report, Table

EXTRA_FORMATS = ("csv", "json", "md")

#: Formats that make a whole document (title, headings, every line and table) rather than text.
DOCUMENT_FORMATS = ("html", "md", "latex", "latex_raw", "latex_booktabs", "latex_longtable")
DEFAULT_FORMAT = "simple"


#: ASCII stand-ins for the characters the reports use beyond ASCII, written where the output's
#: encoding lacks them (``PYTHONIOENCODING=latin-1``, an ASCII terminal): any other such
#: character is written '?'.
PLAIN = {"√": "sqrt ", "−": "-", "–": "-", "—": "--", "×": "x", "·": "*", "±": "+/-", "≤": "<=", "≥": ">=",
         "≠": "!=", "≈": "~", "…": "...", "→": "->", "←": "<-", "∞": "inf", "²": "^2", "³": "^3", "½": "1/2",
         "¼": "1/4", "¾": "3/4", "‘": "'", "’": "'", "“": '"', "”": '"', "σ": "sd", "θ": "theta", "µ": "mu",
         "μ": "mu", "Σ": "sum", "♠": "s", "♥": "h", "♦": "d", "♣": "c", "é": "e", "è": "e", "à": "a"}

#: The name of the encoding error handler that writes :data:`PLAIN`'s stand-ins.
PLAIN_ERRORS = "exact_odds.plain"


def _plain(error: UnicodeError) -> tuple[str, int]:
    if not isinstance(error, UnicodeEncodeError):
        raise error
    bad = error.object[error.start:error.end]
    return "".join(PLAIN.get(c, "?") for c in bad), error.end


codecs.register_error(PLAIN_ERRORS, _plain)


def fit_stream(stream) -> None:
    """Make ``stream`` (standard output or error) write every report: where its encoding cannot
    write a character (√ and − in a latin-1 terminal), a stand-in from :data:`PLAIN` instead of
    a UnicodeEncodeError. A UTF encoding, or a stream that cannot be reconfigured, is left as it is."""
    encoding = getattr(stream, "encoding", None)
    try:
        name = codecs.lookup(encoding).name if isinstance(encoding, str) else "utf-8"
    except LookupError:
        return
    if name.startswith("utf") or getattr(stream, "errors", "strict") != "strict" or \
            not hasattr(stream, "reconfigure"):
        return
    try:
        stream.reconfigure(errors=PLAIN_ERRORS)
    except (ValueError, OSError, io.UnsupportedOperation):  # closed, or already written in a way that forbids it
        pass


def formats() -> list[str]:
    """Every format ``--format`` accepts."""
    from tabulate import tabulate_formats

    return sorted(set(tabulate_formats) | set(EXTRA_FORMATS))


def table(headers, rows, fmt: str) -> str:
    """One table in ``fmt`` (a tabulate format or 'csv')."""
    if fmt == "csv":
        import csv  # (here: the default format needs neither csv nor json, and a cold edge imports less)

        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(headers)
        writer.writerows(rows)
        return buf.getvalue().rstrip("\n")
    if fmt == DEFAULT_FORMAT:
        text = simple_table(headers, rows)
        if text is not None:
            return text
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True)


def simple_table(headers, rows) -> str | None:
    """tabulate's 'simple' format of a table of text cells, written here, or None where tabulate
    must write it (a cell that is not a printable ASCII string, rows of another length than the
    headers, no rows).

    The default format of every command, so a command that prints it needs no tabulate (its
    import is a third of a cold ``exact-odds edge``). Byte for byte tabulate's, as
    tests/report/test_simple_table.py checks against tabulate itself: cells are stripped and
    left-aligned, a column is as wide as its widest cell or its header plus two, columns are
    joined by two spaces, a line of dashes under the headers, every line's trailing spaces dropped."""
    headers = list(headers)
    rows = [list(r) for r in rows]
    if not headers or not rows or any(len(r) != len(headers) for r in rows):
        return None
    for cell in chain(headers, *rows):
        if type(cell) is not str or not (cell.isascii() and cell.isprintable()):
            return None
    columns = [[r[j].strip() for r in rows] for j in range(len(headers))]
    widths = [max(len(h) + 2, max(map(len, c))) for h, c in zip(headers, columns)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(headers, widths)).rstrip(), "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip() for cells in zip(*columns)]
    return "\n".join(lines)


def to_json(data) -> str:
    """Stable JSON: keys in insertion order, two-space indent."""
    import json

    return json.dumps(data, indent=2, ensure_ascii=False)


def emit(report: Report, fmt: str) -> str:
    """The whole text of ``report`` in ``fmt``: 'json', 'csv' or a tabulate format.

    No trailing newline (the CLI's echo adds one). A report with no CSV form
    prints its text sections for 'csv' too, with the tables as CSV; a report
    with summary lines prints them after its CSV tables as one more table,
    headed 'Summary', one line per row. 'html', 'md' and the 'latex' formats
    give whole documents (:mod:`exact_odds.report.html`)."""
    fmt = fmt.lower()
    if fmt == "json":
        return to_json(report.document)
    if fmt == "csv" and report.csv:
        tables = list(report.csv)
        if report.summary:
            tables.append(Table(("Summary",), tuple((line,) for line in report.summary)))
        return "\n\n".join(table(t.headers, t.rows, "csv") for t in tables)
    if fmt in DOCUMENT_FORMATS:
        from exact_odds.report import html

        if fmt == "html":
            return html.html_document(report)
        if fmt == "md":
            return html.markdown_document(report)
        return html.latex_document(report, fmt)
    parts = []
    for s in report.sections:
        lines = ([s.heading] if s.heading else []) + list(s.before)
        if s.table is not None:
            if s.table.rows or s.empty is None:
                lines.append(table(s.table.headers, s.table.rows, fmt))
            else:
                lines.append(s.empty)
        if s.figure_text:
            lines.append(s.figure_text)
        lines += s.after
        parts.append("\n".join(lines))
    return "\n\n".join(parts)
