"""Whole documents from a :class:`~exact_odds.report.document.Report`: HTML, Markdown and LaTeX.

Called only by :func:`exact_odds.report.emit.emit` (the one place that
chooses a format). Each document holds the title, every heading, line and
table of the report, in order: nothing is lost outside a table fragment.
Number columns are right-aligned (HTML by a class, LaTeX by ``r`` columns).
No timestamps, no paths, no network: the same report gives the same bytes.
"""

from __future__ import annotations

import html
import re

from exact_odds.report.document import Report, Section, Table

#: A cell that is a number as printed: '12', '-0.5', '1.057906%', '19/20', '1 in 44.4', '1,000'.
_NUMBER = re.compile(r"(?:[-+\u2212]?(1 in )?[0-9][0-9,]*(\.[0-9]+)?(/[0-9]+)?%?)(?: \u00b1 [0-9.]+%?)?|[-+]?inf|n/a|")


def numeric_columns(t: Table) -> list[bool]:
    """Which columns hold only numbers (or blanks), with at least one number."""
    out = []
    for j in range(len(t.headers)):
        cells = [r[j].strip() for r in t.rows if j < len(r)]
        out.append(any(cells) and all(_NUMBER.fullmatch(c) for c in cells))
    return out


def _title_and_sections(report: Report) -> tuple[str, list[Section]]:
    """The document's title, and the sections with the line used as the title taken out."""
    sections = list(report.sections)
    if report.title:
        return report.title, sections
    if sections and sections[0].before and not sections[0].heading:
        first = sections[0]
        sections[0] = Section(before=first.before[1:], table=first.table, after=first.after, empty=first.empty,
                              figure=first.figure, figure_text=first.figure_text)
        return first.before[0].rstrip(":").rstrip(), sections
    return "exact-odds", sections


# --- HTML -----------------------------------------------------------------------

_STYLE = """
body { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; margin: 2em auto; max-width: 72em;
       padding: 0 1.5em; color: #1b1b1b; line-height: 1.45; }
h1 { font-size: 1.6em; border-bottom: 2px solid #444; padding-bottom: .2em; }
h2 { font-size: 1.3em; margin-top: 1.8em; border-bottom: 1px solid #bbb; }
h3 { font-size: 1.1em; margin-top: 1.4em; }
table { border-collapse: collapse; margin: .6em 0 1em; font-size: .9em; display: block; overflow-x: auto;
        max-width: 100%; }
th, td { border: 1px solid #ccc; padding: .25em .55em; vertical-align: top; }
th { background: #eef1f5; text-align: left; }
td:first-child { white-space: nowrap; max-width: 22em; }
td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; }
td.num { white-space: nowrap; }
tr:nth-child(even) td { background: #fafafa; }
p { margin: .35em 0; }
code { font-size: .95em; }
figure { margin: 1em 0; }
.note { color: #444; font-size: .92em; }
""".strip()


def html_table(t: Table) -> str:
    """A table with number columns right-aligned (class 'num')."""
    num = numeric_columns(t)
    cls = [' class="num"' if n else "" for n in num]
    head = "".join(f"<th{c}>{html.escape(h)}</th>" for h, c in zip(t.headers, cls))
    body = "\n".join("<tr>" + "".join(f"<td{c}>{html.escape(v)}</td>" for v, c in zip(r, cls)) + "</tr>"
                     for r in t.rows)
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>\n{body}\n</tbody>\n</table>"


def _html_line(line: str) -> str:
    esc = html.escape(line)
    if line.startswith("Note:") or line.startswith("Assumption:"):
        return f'<p class="note">{esc}</p>'
    return f"<p>{esc}</p>"


def html_document(report: Report) -> str:
    """One self-contained HTML5 page: inline style, inline SVG figures, no scripts, no links out."""
    title, sections = _title_and_sections(report)
    parts = ["<!DOCTYPE html>", '<html lang="en">', "<head>", '<meta charset="utf-8">',
             '<meta name="viewport" content="width=device-width, initial-scale=1">',
             f"<title>{html.escape(title)}</title>", f"<style>\n{_STYLE}\n</style>", "</head>", "<body>",
             f"<h1>{html.escape(title)}</h1>"]
    for s in sections:
        if s.heading:
            level = min(max(s.level, 2), 6)
            parts.append(f"<h{level}>{html.escape(s.heading)}</h{level}>")
        parts += [_html_line(x) for x in s.before]
        if s.table is not None:
            parts.append(html_table(s.table) if (s.table.rows or s.empty is None) else _html_line(s.empty.strip()))
        if s.figure:
            parts.append(f"<figure>\n{s.figure}\n</figure>")
        parts += [_html_line(x) for x in s.after]
    parts += ["</body>", "</html>"]
    return "\n".join(parts)


# --- Markdown ---------------------------------------------------------------------

#: A '<' that could open raw HTML in Markdown (a tag, a closing tag, a comment, a declaration):
#: a pay-table name such as "<script>" must print as text, never run in a reader's page.
_MD_HTML = re.compile(r"<(?=[A-Za-z/!?])")


def _md_text(text: str) -> str:
    """Text for Markdown with no raw HTML in it (``<tag`` written ``&lt;tag``; '< 0' unchanged)."""
    return _MD_HTML.sub("&lt;", text)


def _md_cell(text: str) -> str:
    return _md_text(text).replace("|", "\\|")


def markdown_table(t: Table) -> str:
    """A GitHub-flavoured Markdown table, number columns right-aligned."""
    num = numeric_columns(t)
    head = "| " + " | ".join(_md_cell(h) for h in t.headers) + " |"
    rule = "|" + "|".join("---:" if n else ":---" for n in num) + "|"
    rows = ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in t.rows]
    return "\n".join([head, rule] + rows)


def markdown_document(report: Report) -> str:
    """A Markdown document: '# title', '## heading', paragraphs and tables (figures only in HTML), with no
    raw HTML from the text (pay-table names are the user's)."""
    title, sections = _title_and_sections(report)
    parts = [f"# {_md_text(title)}"]
    for s in sections:
        block = []
        if s.heading:
            block.append("#" * min(max(s.level, 2), 6) + " " + _md_text(s.heading))
            block.append("")
        block += [_md_text(line) + "  " if i < len(s.before) - 1 else _md_text(line) for i, line in enumerate(s.before)]
        if s.table is not None:
            if block and block[-1] != "":
                block.append("")
            block.append(markdown_table(s.table) if (s.table.rows or s.empty is None) else _md_text(s.empty.strip()))
        if s.figure_text:
            block += ["", _md_text(s.figure_text)]
        if s.after:
            block.append("")
            block += [_md_text(line) + "  " if i < len(s.after) - 1 else _md_text(line) for i, line in enumerate(s.after)]
        parts.append("\n".join(block).strip("\n"))
    return "\n\n".join(p for p in parts if p)


# --- LaTeX ------------------------------------------------------------------------

_LATEX_SPECIAL = {"\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
                  "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}


def latex_escape(text: str) -> str:
    """Text with LaTeX's special characters escaped."""
    return "".join(_LATEX_SPECIAL.get(ch, ch) for ch in text)


def latex_table(t: Table, fmt: str) -> str:
    """tabulate's LaTeX table in ``fmt`` with number columns right-aligned, the others left."""
    from tabulate import tabulate

    align = ["right" if n else "left" for n in numeric_columns(t)]
    return tabulate(t.rows, headers=t.headers, tablefmt=fmt, disable_numparse=True, colalign=align)


def latex_document(report: Report, fmt: str) -> str:
    """A whole LaTeX article: title, sections, lines and tables (booktabs and longtable loaded)."""
    title, sections = _title_and_sections(report)
    parts = [r"\documentclass{article}", r"\usepackage[utf8]{inputenc}", r"\usepackage[T1]{fontenc}",
             r"\usepackage{booktabs}", r"\usepackage{longtable}", r"\usepackage[margin=2cm]{geometry}",
             r"\begin{document}", r"\section*{" + latex_escape(title) + "}"]
    for s in sections:
        if s.heading:
            cmd = {2: "subsection*", 3: "subsubsection*"}.get(s.level, "paragraph*")
            parts.append(f"\\{cmd}{{{latex_escape(s.heading)}}}")
        if s.before:
            parts.append(" \\\\\n".join(latex_escape(x) for x in s.before) + "\n")
        if s.table is not None:
            if s.table.rows or s.empty is None:
                body = latex_table(s.table, fmt)
                parts.append(body if fmt == "latex_longtable" else "\\begin{center}\n" + body + "\n\\end{center}")
            else:
                parts.append(latex_escape(s.empty.strip()) + "\n")
        if s.figure_text:
            parts.append(latex_escape(s.figure_text) + "\n")
        if s.after:
            parts.append(" \\\\\n".join(latex_escape(x) for x in s.after) + "\n")
    parts.append(r"\end{document}")
    return "\n".join(parts)
