"""Rendering tables: tabulate's formats, plus CSV and JSON.

The library returns rows (lists of cells) with headers; this module only
turns them into text, so every number the CLI prints is available from the
Python API.
"""

from __future__ import annotations

import csv
import io
import json

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
