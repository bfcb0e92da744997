"""The reference tables checked in under ``tables/``.

Each family's report module has generators returning ``{file name: text}``;
the text depends only on the code (no dates, no paths), so
``exact-odds tables --check`` can compare the files byte for byte. Files are
written to a temporary directory first and then moved into place.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from exact_odds.files import write_files
from exact_odds.report.banque import banque_tables
from exact_odds.report.chemin import chemin_de_fer_tables
from exact_odds.report.in_play import removal_tables
from exact_odds.report.punto_banco import edge_tables, variant_tables

GENERATORS: list[Callable[[], dict[str, str]]] = [
    edge_tables, variant_tables, chemin_de_fer_tables, banque_tables, removal_tables,
]


def generate(progress: Callable[[str], None] | None = None) -> dict[str, str]:
    """All reference tables, by file name."""
    files: dict[str, str] = {}
    for gen in GENERATORS:
        if progress:
            progress(gen.__name__)
        files.update(gen())
    return files


def write_tables(out: Path, progress: Callable[[str], None] | None = None) -> list[str]:
    """Write every table into ``out``, all or none (:func:`exact_odds.files.write_files`);
    returns the file names."""
    files = generate(progress)
    write_files(out, files)
    return sorted(files)


def check_tables(out: Path, progress: Callable[[str], None] | None = None) -> list[str]:
    """Names of the tables in ``out`` that are missing or differ from the code."""
    files = generate(progress)
    stale = []
    for name, text in sorted(files.items()):
        path = out / name
        if not path.is_file() or path.read_bytes() != text.encode("utf-8"):
            stale.append(name)
    return stale
