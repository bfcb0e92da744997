"""The one emitter: a :class:`~exact_odds.report.document.Report` as text in any format.

tabulate's formats, CSV and JSON. The library returns exact values, the
report modules turn them into rows and JSON documents, and this module only
turns those into text.
"""

from __future__ import annotations

import csv
import io
import json

from exact_odds.report.document import Report

EXTRA_FORMATS = ("csv", "json")
DEFAULT_FORMAT = "simple"


def formats() -> list[str]:
    """Every format ``--format`` accepts."""
    from tabulate import tabulate_formats

    return sorted(set(tabulate_formats) | set(EXTRA_FORMATS))


def table(headers, rows, fmt: str) -> str:
    """One table in ``fmt`` (a tabulate format or 'csv')."""
    if fmt == "csv":
        buf = io.StringIO()
        writer = csv.writer(buf, lineterminator="\n")
        writer.writerow(headers)
        writer.writerows(rows)
        return buf.getvalue().rstrip("\n")
    from tabulate import tabulate

    return tabulate(rows, headers=headers, tablefmt=fmt, disable_numparse=True)


def to_json(data) -> str:
    """Stable JSON: keys in insertion order, two-space indent."""
    return json.dumps(data, indent=2, ensure_ascii=False)


def emit(report: Report, fmt: str) -> str:
    """The whole text of ``report`` in ``fmt``: 'json', 'csv' or a tabulate format.

    No trailing newline (the CLI's echo adds one). A report with no CSV form
    prints its text sections for 'csv' too, with the tables as CSV."""
    fmt = fmt.lower()
    if fmt == "json":
        return to_json(report.document)
    if fmt == "csv" and report.csv:
        return "\n\n".join(table(t.headers, t.rows, "csv") for t in report.csv)
    parts = []
    for s in report.sections:
        lines = list(s.before)
        if s.table is not None:
            if s.table.rows or s.empty is None:
                lines.append(table(s.table.headers, s.table.rows, fmt))
            else:
                lines.append(s.empty)
        lines += s.after
        parts.append("\n".join(lines))
    return "\n\n".join(parts)
