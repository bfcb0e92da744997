"""exact_odds/bets/builtin_toml.py is the built-in file as tomllib reads it, and the catalog reads it from there.

The module is generated (``python -m exact_odds.bets.catalog``); if bets.toml changes without it,
the catalog still reads the changed parts by tomllib (the same bets), and the first test says to
write it again.
"""

import subprocess
import sys
import tomllib

from exact_odds.bets import builtin_parts, builtin_toml, catalog
from exact_odds.bets.builtin_parts import builtin_file, builtin_sections, builtin_toml_module
from exact_odds.bets.catalog import parse_catalog


def builtin_text():
    with open(builtin_file(), encoding="utf-8") as f:
        return f.read()


def test_module_is_current():
    with open(builtin_toml.__file__, encoding="utf-8") as f:
        assert f.read() == builtin_toml_module(builtin_text(), catalog._read_toml), \
            "bets.toml changed: write exact_odds/bets/builtin_toml.py again (python -m exact_odds.bets.catalog)"


def test_every_part_is_what_tomllib_reads():
    parts = builtin_sections(builtin_text())
    assert len(parts) > 50 and list(builtin_toml.SECTIONS) == parts
    for part in parts:
        assert builtin_toml.SECTIONS[part] == tomllib.loads(part)
    # one part per bet header, each starting with its own, after the variants (all of them)
    text = builtin_text()
    assert all(part.startswith("[bets.") and part.count("\n[bets.") == 0 for part in parts[1:])
    assert len(parts) - 1 == text.count("\n[bets.") + text.startswith("[bets.")
    assert parts[0].count("\n[variants.") + 1 == text.count("\n[variants.")


def test_parts_read_from_it_are_copies():
    part = builtin_sections(builtin_text())[1]
    first = builtin_parts.read_part(part, "bets.toml", catalog._read_toml)
    first["bets"].clear()
    assert builtin_parts.read_part(part, "bets.toml", catalog._read_toml) == tomllib.loads(part)


def test_a_changed_part_is_read_by_tomllib():
    part = builtin_sections(builtin_text())[1].replace('name = "', 'name = "Changed ', 1)
    assert part not in builtin_toml.SECTIONS
    assert builtin_parts.read_part(part, "bets.toml", catalog._read_toml) == tomllib.loads(part)


def test_catalog_from_it_is_the_whole_file_parsed():
    """Every built-in bet and variant as parse_catalog makes them of the whole file by tomllib."""
    whole = parse_catalog(builtin_text(), "bets.toml")
    built = catalog._builtin(builtin_text(), "bets.toml")
    assert built.variants == whole.variants and built.variant_descriptions == whole.variant_descriptions
    assert list(built.bets) == list(whole.bets)
    for key in whole.bets:
        assert built.bets[key] == whole.bets[key]


def test_cold_edge_does_not_import_tomllib():
    code = ("import sys; from exact_odds.bets.catalog import builtin_catalog; "
            "builtin_catalog().variant('standard'); print('tomllib' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False"]
