"""What a command prints, as data: a :class:`Report` of sections, CSV tables and a JSON document.

Every command builds one report (in the family's report module) and one
emitter (:func:`exact_odds.report.emit.emit`) renders it for every
``--format``: no command and no domain module branches on the format.

A text rendering is the sections in order, separated by blank lines; a
section is its heading (if any), lines before a table, the table (or
``empty`` when it has no rows) and lines after it. ``--format csv`` prints
:attr:`Report.csv`, its tables separated by blank lines, then (when the
report has any) the :attr:`Report.summary` lines as a second table headed
``Summary``; ``--format json`` prints :attr:`Report.document`.
``--format html``, ``md`` and the ``latex`` formats make whole documents
(:mod:`exact_odds.report.html`) headed by :attr:`Report.title`.
"""

from __future__ import annotations

from dataclasses import field
from typing import Any, Union

from exact_odds.records import frozen

#: A JSON document: what ``json.dumps`` accepts.
JSON = Union[dict[str, Any], list[Any]]


@frozen
class Table:
    """Headers and rows of text cells; every number is already a string."""

    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def __init__(self, headers: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> None:
        object.__setattr__(self, 'headers', headers)
        object.__setattr__(self, 'rows', rows)

    @classmethod
    def of(cls, headers, rows) -> "Table":
        """A table from any sequences of cells."""
        return cls(tuple(str(h) for h in headers), tuple(tuple(str(c) for c in r) for r in rows))


@frozen
class Section:
    """Lines, an optional table, and lines after it (no blank line between them)."""

    before: tuple[str, ...] = ()
    table: Table | None = None
    after: tuple[str, ...] = ()
    #: Printed instead of a table with no rows (such as '  (none)').
    empty: str | None = None
    #: A heading printed before the section ('' for none), and its level (1 the document's title).
    heading: str = ""
    level: int = 2
    #: An inline SVG figure, shown by the HTML document only (text formats print ``figure_text`` instead).
    figure: str = ""
    figure_text: str = ""

    def __init__(self, before: tuple[str, ...] = (), table: Table | None = None, after: tuple[str, ...] = (),
                 empty: str | None = None, heading: str = "", level: int = 2, figure: str = "",
                 figure_text: str = "") -> None:
        object.__setattr__(self, 'before', before)
        object.__setattr__(self, 'table', table)
        object.__setattr__(self, 'after', after)
        object.__setattr__(self, 'empty', empty)
        object.__setattr__(self, 'heading', heading)
        object.__setattr__(self, 'level', level)
        object.__setattr__(self, 'figure', figure)
        object.__setattr__(self, 'figure_text', figure_text)


@frozen
class Report:
    """One command's output for every format."""

    sections: tuple[Section, ...]
    document: JSON
    #: The tables ``--format csv`` prints (none: the report has no CSV form).
    csv: tuple[Table, ...] = field(default=())
    #: The summary lines the CSV tables leave out, printed by ``--format csv`` as a second table.
    summary: tuple[str, ...] = ()
    #: The document's title for ``--format html``, ``md`` and ``latex`` (default: its first line).
    title: str = ""

    def __init__(self, sections: tuple[Section, ...], document: JSON, csv: tuple[Table, ...] = (),
                 summary: tuple[str, ...] = (), title: str = "") -> None:
        object.__setattr__(self, 'sections', sections)
        object.__setattr__(self, 'document', document)
        object.__setattr__(self, 'csv', csv)
        object.__setattr__(self, 'summary', summary)
        object.__setattr__(self, 'title', title)
