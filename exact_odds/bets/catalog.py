"""The bet catalog: pay tables loaded from TOML.

The built-in catalog is ``exact_odds/data/bets.toml``; a user's own file has
the same schema (see the README) and is loaded with :func:`load_catalog`.
A user's variants may list the built-in bets beside their own. Every error
names the file, the line (when the layout lets us find it) and the field,
and says what is expected.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

from exact_odds.bets.paytable import PayLine, PayTable, PayTableError, parse_pays
from exact_odds.punto_banco.notebook import html_table, listing


class NotAVariantError(PayTableError):
    """A bet's key given where a variant's name is expected (:attr:`key` is the bet's key)."""

    def __init__(self, key: str):
        super().__init__(f"{key!r} is a bet, not a variant; choose it among the bets instead")
        self.key = key


@dataclass(frozen=True)
class Catalog:
    """Bets by key and variants (named lists of bet keys)."""

    bets: dict[str, PayTable]
    variants: dict[str, tuple[str, ...]]
    variant_descriptions: dict[str, str]
    #: Keys of the bets this file defines (a user file also sees the built-in bets).
    own: tuple[str, ...] = field(default=())

    def __repr__(self) -> str:
        return (f"Catalog({len(self.bets)} bets, {len(self.variants)} variants: "
                f"{listing(list(self.variants), 12, 200)})")

    def _repr_html_(self) -> str:
        rows = [(v, ", ".join(keys), self.variant_descriptions[v]) for v, keys in self.variants.items()]
        return html_table(("Variant", "Bets", "Description"), rows, f"{len(self.bets)} bets")

    def variant(self, name: str) -> list[PayTable]:
        """The bets of variant ``name``, in order."""
        if name not in self.variants:
            if name in self.bets:
                raise NotAVariantError(name)
            raise PayTableError(f"unknown variant {name!r}; choose one of: {', '.join(self.variants)}")
        return [self.bets[k] for k in self.variants[name]]

    def bet(self, key: str) -> PayTable:
        """The bet of key ``key``."""
        if key not in self.bets:
            if key in self.variants:
                raise PayTableError(f"{key!r} is a variant, not a bet; its bets are {', '.join(self.variants[key])}")
            raise PayTableError(f"unknown bet {key!r}; choose one of: {', '.join(self.bets)}")
        return self.bets[key]


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")


def _locations(text: str) -> dict:
    """Line numbers of TOML tables and keys: {(table path, key or None): line}.

    Array-of-tables entries get their 1-based index: ('bets.x.lines', 2).
    Only the ordinary layout (headers and ``key = value`` lines) is located;
    anything else simply gets no line number in messages."""
    where: dict = {}
    counts: dict = {}
    table = None
    for n, line in enumerate(text.splitlines(), 1):
        m = _HEADER.match(line)
        if m:
            path = m.group(2).replace(" ", "").replace('"', "")
            if m.group(1) == "[[":
                counts[path] = counts.get(path, 0) + 1
                table = (path, counts[path])
            else:
                table = (path, None)
            where.setdefault((table, None), n)
            continue
        m = _KEY.match(line)
        if m and table is not None:
            where.setdefault((table, m.group(1)), n)
    return where


def parse_catalog(text: str, source: str, base: Catalog | None = None) -> Catalog:
    """Build a catalog from TOML text; errors name ``source``, the line and the field.

    With ``base`` (the built-in catalog for a user's file), variants may list
    ``base``'s bets too, and the result holds both (``own`` lists the file's)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PayTableError(f"{source}: not valid TOML: {' '.join(str(exc).split())}") from None
    except RecursionError:  # arrays or inline tables thousands deep: tomllib's parser is recursive
        raise PayTableError(f"{source}: arrays or tables nested too deeply to read; a pay table needs only "
                            "[bets.NAME] and [[bets.NAME.lines]]") from None
    lines_at = _locations(text)

    def at(table, key=None, index=None) -> str:
        n = lines_at.get(((table, index), key)) or lines_at.get(((table, index), None))
        return f"{source}, line {n}" if n else source

    unknown = set(data) - {"bets", "variants"}
    if unknown:
        raise PayTableError(f"{source}: unknown table [{sorted(unknown)[0]}]; expected [bets.NAME] and [variants.NAME]")
    if not isinstance(data.get("bets", {}), dict) or not isinstance(data.get("variants", {}), dict):
        raise PayTableError(f"{source}: bets and variants must be tables: [bets.NAME] and [variants.NAME]")
    if not data.get("bets") and not data.get("variants"):
        raise PayTableError(f"{source}: defines no bets; expected at least one [bets.NAME] with [[bets.NAME.lines]]")
    bets: dict[str, PayTable] = {}
    for key, spec in data.get("bets", {}).items():
        table = f"bets.{key}"
        where = f"{at(table)}: {table}"
        if not isinstance(spec, dict):
            raise PayTableError(f"{where}: expected a table with name, description and lines")
        extra = set(spec) - {"name", "description", "lines", "otherwise", "otherwise_label"}
        if extra:
            bad = sorted(extra)[0]
            raise PayTableError(
                f"{at(table, bad)}: {table}.{bad}: unknown field; expected name, description, lines, otherwise"
            )
        lines = spec.get("lines")
        if not isinstance(lines, list) or not lines:
            raise PayTableError(f"{where}: needs at least one [[{table}.lines]] with label, when and pays")
        parsed = []
        for i, line in enumerate(lines, 1):
            path = f"{table}.lines[{i}]"
            lw = f"{at(f'{table}.lines', None, i)}: {path}"
            if not isinstance(line, dict):
                raise PayTableError(f"{lw}: expected a table with label, when and pays")
            missing = {"when", "pays"} - set(line)
            if missing:
                raise PayTableError(f"{lw}: missing {sorted(missing)[0]!r}; each line needs when = \"condition\" and pays = number")
            extra = set(line) - {"label", "when", "pays"}
            if extra:
                bad = sorted(extra)[0]
                raise PayTableError(f"{at(f'{table}.lines', bad, i)}: {path}.{bad}: unknown field; expected label, when, pays")
            if not isinstance(line["when"], str):
                raise PayTableError(
                    f"{at(f'{table}.lines', 'when', i)}: {path}.when: expected a condition in a string, such as \"banker_wins\""
                )
            try:
                pays = parse_pays(line["pays"], "pays")
                if pays < -1:
                    raise PayTableError(
                        f"pays: {pays} loses more than the stake; expected a number >= -1 "
                        "(-1 loses the stake, 0 pushes, -1/2 loses half, 8 pays 8 to 1)"
                    )
            except PayTableError as exc:
                raise PayTableError(f"{at(f'{table}.lines', 'pays', i)}: {path}.{exc}") from None
            try:
                parsed.append(PayLine.make(str(line.get("label", line["when"])), line["when"], pays, "x"))
            except PayTableError as exc:
                message = str(exc).split(": ", 2)[-1]
                raise PayTableError(f"{at(f'{table}.lines', 'when', i)}: {path}.when: {message}") from None
        try:
            otherwise = parse_pays(spec.get("otherwise", -1), "otherwise")
        except PayTableError as exc:
            raise PayTableError(f"{at(table, 'otherwise')}: {table}.{exc}") from None
        if otherwise < -1:
            raise PayTableError(
                f"{at(table, 'otherwise')}: {table}.otherwise: {otherwise} loses more than the stake; expected a number >= -1"
            )
        try:
            bets[key] = PayTable(
                key=key,
                name=str(spec.get("name", key)),
                lines=tuple(parsed),
                otherwise=otherwise,
                description=str(spec.get("description", "")),
                otherwise_label=str(spec.get("otherwise_label", "otherwise (loses)" if otherwise == -1 else "otherwise")),
            )
        except PayTableError as exc:
            raise PayTableError(f"{where}: {str(exc).split(': ', 1)[-1]}") from None
    known = {**(base.bets if base else {}), **bets}
    variants: dict[str, tuple[str, ...]] = dict(base.variants) if base else {}
    descriptions: dict[str, str] = dict(base.variant_descriptions) if base else {}
    for key, spec in data.get("variants", {}).items():
        table = f"variants.{key}"
        names = spec.get("bets") if isinstance(spec, dict) else None
        if not isinstance(names, list) or not names:
            raise PayTableError(f"{at(table, 'bets')}: {table}.bets: expected a list of bet keys, bets = [\"banker\", ...]")
        for n in names:
            if n not in known:
                raise PayTableError(
                    f"{at(table, 'bets')}: {table}.bets: unknown bet {n!r}; define [bets.{n}] or use a built-in bet"
                )
        variants[key] = tuple(names)
        descriptions[key] = str(spec.get("description", ""))
    return Catalog(known, variants, descriptions, tuple(bets))


@lru_cache(maxsize=None)
def builtin_catalog() -> Catalog:
    """The catalog shipped with exact_odds."""
    text = resources.files("exact_odds.bets").joinpath("data/bets.toml").read_text(encoding="utf-8")
    return parse_catalog(text, "bets.toml")


def load_catalog(path: str | Path) -> Catalog:
    """A user's pay-table file, in the built-in catalog's schema (it also sees the built-in bets)."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise PayTableError(f"{p}: cannot read pay table ({exc.strerror})") from None
    except UnicodeDecodeError:
        raise PayTableError(f"{p}: not a text file; expected a TOML pay table in UTF-8") from None
    return parse_catalog(text, str(p), base=builtin_catalog())
