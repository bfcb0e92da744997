"""The bet catalog: pay tables loaded from TOML.

The built-in catalog is ``exact_odds/data/bets.toml``; a user's own file has
the same schema (see the README) and is loaded with :func:`load_catalog`.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path

from .paytable import PayLine, PayTable, PayTableError, parse_pays


@dataclass(frozen=True)
class Catalog:
    """Bets by key and variants (named lists of bet keys)."""

    bets: dict[str, PayTable]
    variants: dict[str, tuple[str, ...]]
    variant_descriptions: dict[str, str]

    def variant(self, name: str) -> list[PayTable]:
        if name not in self.variants:
            raise PayTableError(f"unknown variant {name!r}; choose one of: {', '.join(self.variants)}")
        return [self.bets[k] for k in self.variants[name]]

    def bet(self, key: str) -> PayTable:
        if key not in self.bets:
            raise PayTableError(f"unknown bet {key!r}; choose one of: {', '.join(self.bets)}")
        return self.bets[key]


def parse_catalog(text: str, source: str) -> Catalog:
    """Build a catalog from TOML text; errors name ``source`` and the field."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PayTableError(f"{source}: not valid TOML: {exc}") from None
    unknown = set(data) - {"bets", "variants"}
    if unknown:
        raise PayTableError(f"{source}: unknown table [{sorted(unknown)[0]}]; expected [bets.NAME] and [variants.NAME]")
    bets: dict[str, PayTable] = {}
    for key, spec in data.get("bets", {}).items():
        where = f"{source}: bets.{key}"
        if not isinstance(spec, dict):
            raise PayTableError(f"{where}: expected a table with name, description and lines")
        extra = set(spec) - {"name", "description", "lines", "otherwise", "otherwise_label"}
        if extra:
            raise PayTableError(f"{where}: unknown field {sorted(extra)[0]!r}; expected name, description, lines, otherwise")
        lines = spec.get("lines")
        if not isinstance(lines, list) or not lines:
            raise PayTableError(f"{where}: needs at least one [[bets.{key}.lines]] with label, when and pays")
        parsed = []
        for i, line in enumerate(lines, 1):
            lw = f"{where}.lines[{i}]"
            if not isinstance(line, dict):
                raise PayTableError(f"{lw}: expected a table with label, when and pays")
            missing = {"when", "pays"} - set(line)
            if missing:
                raise PayTableError(f"{lw}: missing {sorted(missing)[0]!r}")
            extra = set(line) - {"label", "when", "pays"}
            if extra:
                raise PayTableError(f"{lw}: unknown field {sorted(extra)[0]!r}; expected label, when, pays")
            if not isinstance(line["when"], str):
                raise PayTableError(f"{lw}: when must be a condition in a string, such as \"banker_wins\"")
            parsed.append(PayLine.make(str(line.get("label", line["when"])), line["when"], line["pays"], lw))
        otherwise = parse_pays(spec.get("otherwise", -1), f"{where}: otherwise")
        if otherwise < -1:
            raise PayTableError(f"{where}: otherwise {otherwise} loses more than the stake; the least is -1")
        bets[key] = PayTable(
            name=str(spec.get("name", key)),
            lines=tuple(parsed),
            otherwise=otherwise,
            description=str(spec.get("description", "")),
            otherwise_label=str(spec.get("otherwise_label", "otherwise (loses)" if otherwise == -1 else "otherwise")),
        )
    variants: dict[str, tuple[str, ...]] = {}
    descriptions: dict[str, str] = {}
    for key, spec in data.get("variants", {}).items():
        where = f"{source}: variants.{key}"
        names = spec.get("bets") if isinstance(spec, dict) else None
        if not isinstance(names, list) or not names:
            raise PayTableError(f"{where}: needs bets = [\"bet\", ...]")
        for n in names:
            if n not in bets:
                raise PayTableError(f"{where}: unknown bet {n!r}; define [bets.{n}] first")
        variants[key] = tuple(names)
        descriptions[key] = str(spec.get("description", ""))
    return Catalog(bets, variants, descriptions)


@lru_cache(maxsize=None)
def builtin_catalog() -> Catalog:
    """The catalog shipped with exact_odds."""
    text = resources.files("exact_odds").joinpath("data/bets.toml").read_text(encoding="utf-8")
    return parse_catalog(text, "bets.toml")


def load_catalog(path: str | Path) -> Catalog:
    """A user's pay-table file, in the built-in catalog's schema."""
    p = Path(path)
    try:
        text = p.read_text(encoding="utf-8")
    except OSError as exc:
        raise PayTableError(f"{p}: cannot read pay table ({exc.strerror})") from None
    return parse_catalog(text, str(p))
