"""The bet catalog: pay tables loaded from TOML.

The built-in catalog is ``exact_odds/data/bets.toml``; a user's own file has
the same schema (see the README) and is loaded with :func:`load_catalog`.
A user's variants may list the built-in bets beside their own. Every error
names the file, the line (when the layout lets us find it) and the field,
and says what is expected.
"""

from __future__ import annotations

import os
import re
import stat
from collections.abc import Iterator, Mapping
from dataclasses import field
from functools import lru_cache
from os import PathLike

from exact_odds.bets.builtin_parts import SECTION as _SECTION, builtin_file, builtin_toml_module, read_part
from exact_odds.bets.paytable import PayLine, PayTable, PayTableError, PayTableTypeError, parse_pays
from exact_odds.names import unknown
from exact_odds.punto_banco.notebook import html_table, listing
from exact_odds.records import frozen


class NotAVariantError(PayTableError):
    """A bet's key given where a variant's name is expected (:attr:`key` is the bet's key)."""

    def __init__(self, key: str):
        super().__init__(f"{key!r} is a bet, not a variant; choose it among the bets instead")
        self.key = key


@frozen
class Catalog:
    """Bets by key and variants (named lists of bet keys)."""

    bets: Mapping[str, PayTable]
    variants: dict[str, tuple[str, ...]]
    variant_descriptions: dict[str, str]
    #: Keys of the bets this file defines (a user file also sees the built-in bets).
    own: tuple[str, ...] = field(default=())

    def __init__(self, bets: Mapping[str, PayTable], variants: dict[str, tuple[str, ...]],
                 variant_descriptions: dict[str, str], own: tuple[str, ...] = ()) -> None:
        object.__setattr__(self, 'bets', bets)
        object.__setattr__(self, 'variants', variants)
        object.__setattr__(self, 'variant_descriptions', variant_descriptions)
        object.__setattr__(self, 'own', own)

    def __repr__(self) -> str:
        return (f"Catalog({len(self.bets)} bets, {len(self.variants)} variants: "
                f"{listing(list(self.variants), 12, 200)})")

    def _repr_html_(self) -> str:
        rows = [(v, ", ".join(keys), self.variant_descriptions[v]) for v, keys in self.variants.items()]
        return html_table(("Variant", "Bets", "Description"), rows, f"{len(self.bets)} bets")

    def variant(self, name: str) -> list[PayTable]:
        """The bets of variant ``name`` (any case: ``EZ`` is ``ez``), in order.

        An unknown name is refused with the closest variant names."""
        if not isinstance(name, str):
            raise PayTableTypeError(f"a variant's name must be a string such as 'ez', not {name!r:.80}")
        found = spelt(name, self.variants)
        if found is None:
            bet = spelt(name, self.bets)
            if bet is not None:
                raise NotAVariantError(bet)
            raise PayTableError(_not_found("variant", name, self.variants,
                                           "choose one of: " + ", ".join(self.variants)))
        return [self.bets[k] for k in self.variants[found]]

    def bet(self, key: str) -> PayTable:
        """The bet of key ``key`` (any case: ``Dragon7`` is ``dragon7``).

        An unknown key is refused with the closest keys, never the whole catalog."""
        if not isinstance(key, str):
            raise PayTableTypeError(f"a bet's key must be a string such as 'banker', not {key!r:.80}")
        found = spelt(key, self.bets)
        if found is None:
            variant = spelt(key, self.variants)
            if variant is not None:
                raise PayTableError(f"{variant!r} is a variant, not a bet; its bets are "
                                    f"{', '.join(self.variants[variant])}")
            raise PayTableError(_not_found("bet", key, self.bets, "see 'exact-odds variants' for every bet"))
        return self.bets[found]


def spelt(name: str, known) -> str | None:
    """The key of ``known`` that ``name`` names: itself, else the one key equal to it with case folded
    (None when there is none, or several that only case tells apart)."""
    if name in known:
        return name
    matches = _same_but_case(name, known)
    return matches[0] if len(matches) == 1 else None


def _same_but_case(name: str, known) -> list[str]:
    folded = name.strip().casefold()
    return [k for k in known if k.casefold() == folded]


def _not_found(what: str, name: str, known, listing: str) -> str:
    """Why ``name`` names no key of ``known``: several keys only case tells apart, or none (the closest)."""
    matches = _same_but_case(name, known)
    if len(matches) > 1:
        return (f"{what} {name!r} could be {' or '.join(repr(k) for k in matches)}, which only case tells "
                "apart; give the key as it is spelt")
    return unknown(what, name, known, listing)


_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_-]+)\s*=")


def _locations(text: str, first: int = 1) -> dict:
    """Line numbers of TOML tables and keys: {(table path, key or None): line} (``first``: the text's first line's).

    Array-of-tables entries get their 1-based index: ('bets.x.lines', 2).
    Only the ordinary layout (headers and ``key = value`` lines) is located;
    anything else simply gets no line number in messages."""
    where: dict = {}
    counts: dict = {}
    table = None
    for n, line in enumerate(text.splitlines(), first):
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


#: Most parts a dotted key or table header may have (``bets.NAME.lines`` has three). tomllib's time
#: grows with the square of a key's parts: 16,000 parts (32 KB) took 15 s, 64 KB a minute.
MAX_KEY_PARTS = 32

#: One part of a key: bare, "basic" or 'literal' (possessive: no backtracking over long runs).
_KEY_PART = r"""(?:[A-Za-z0-9_-]++|"[^"\n]*+"|'[^'\n]*+')"""
#: (Patterns compiled when first used, by tomllib's readings: the built-in file needs neither.)
_DOTTED = rf"(?<![A-Za-z0-9_-]){_KEY_PART}(?:[ \t]*+\.[ \t]*+{_KEY_PART})++"


def _deepest_key(text: str) -> int | None:
    """The line of the first dotted run of more than :data:`MAX_KEY_PARTS` parts in ``text``, else None,
    found in time linear in the text (before tomllib, which takes the square of the parts). A
    run inside a string is counted too: no description holds 33 dotted words."""
    for m in re.finditer(_DOTTED, text):
        run = m.group()
        if run.count(".") >= MAX_KEY_PARTS and (
                ('"' not in run and "'" not in run) or len(re.findall(_KEY_PART, run)) > MAX_KEY_PARTS):
            return text.count("\n", 0, m.start()) + 1
    return None


def _read_toml(text: str, source: str) -> dict:
    """The TOML ``text`` read (a key of too many dotted parts refused first), or a
    :class:`PayTableError` naming ``source`` and what is wrong."""
    import tomllib  # (here: the built-in file's parts are read from exact_odds.bets.builtin_toml)

    deep = _deepest_key(text)
    if deep:
        raise PayTableError(f"{source}, line {deep}: a key of more than {MAX_KEY_PARTS} dotted parts; a pay table "
                            "needs at most four (bets.NAME.lines, variants.NAME.bets)")
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise PayTableError(f"{source}: not valid TOML: {' '.join(str(exc).split())}") from None
    except ValueError:  # an integer of more than 4,300 digits: int() refuses it inside tomllib
        raise PayTableError(f"{source}: not valid TOML: holds a whole number of more than 4300 digits; "
                            "no payout needs one that long") from None
    except RecursionError:  # arrays or inline tables thousands deep: tomllib's parser is recursive
        raise PayTableError(f"{source}: arrays or tables nested too deeply to read; a pay table needs only "
                            "[bets.NAME] and [[bets.NAME.lines]]") from None


def _placer(text: str, source: str, first: int = 1):
    """``at(table, key=None, index=None)``: where a table or key of ``text`` is, for a message
    ("bets.toml, line 12"; ``first`` is the number of the text's first line in ``source``)."""
    lines_at = _locations(text, first)

    def at(table, key=None, index=None) -> str:
        n = lines_at.get(((table, index), key)) or lines_at.get(((table, index), None))
        return f"{source}, line {n}" if n else source

    return at


def parse_catalog(text: str, source: str, base: Catalog | None = None) -> Catalog:
    """Build a catalog from TOML text; errors name ``source``, the line and the field.

    With ``base`` (the built-in catalog for a user's file), variants may list
    ``base``'s bets too, and the result holds both (``own`` lists the file's)."""
    if not isinstance(text, str):
        raise TypeError(f"parse_catalog needs the TOML text (a str), not {type(text).__name__}; "
                        "load_catalog reads a file")
    if not isinstance(source, str):
        raise TypeError(f"source must be a string naming the text in messages (such as its file), "
                        f"not {type(source).__name__}")
    if base is not None and not isinstance(base, Catalog):
        raise TypeError(f"base must be a Catalog (such as builtin_catalog()) or None, not {type(base).__name__}")
    data = _read_toml(text, source)
    at = _placer(text, source)
    tables = set(data) - {"bets", "variants"}
    if tables:
        raise PayTableError(f"{source}: unknown table [{sorted(tables)[0]}]; expected [bets.NAME] and [variants.NAME]")
    if not isinstance(data.get("bets", {}), dict) or not isinstance(data.get("variants", {}), dict):
        raise PayTableError(f"{source}: bets and variants must be tables: [bets.NAME] and [variants.NAME]")
    if not data.get("bets") and not data.get("variants"):
        raise PayTableError(f"{source}: defines no bets; expected at least one [bets.NAME] with [[bets.NAME.lines]]")
    bets = {key: _bet(key, spec, at) for key, spec in data.get("bets", {}).items()}
    known = {**(base.bets if base else {}), **bets}
    variants, descriptions = _variants(data.get("variants", {}), known, at, base)
    return Catalog(known, variants, descriptions, tuple(bets))


def _bet(key: str, spec, at) -> PayTable:
    """The bet of table ``[bets.KEY]`` (``spec``, as TOML read it); ``at`` places its errors (:func:`_placer`)."""
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
        for field_name in ("label", "when"):
            if field_name in line and not isinstance(line[field_name], str):
                raise PayTableError(
                    f"{at(f'{table}.lines', field_name, i)}: {path}.{field_name}: expected "
                    + ("a condition in a string, such as \"banker_wins\"" if field_name == "when"
                       else "a string, such as \"Banker wins\"") + f", not {_kind(line[field_name])}"
                )
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
    for field_name in ("name", "description", "otherwise_label"):
        if field_name in spec and not isinstance(spec[field_name], str):
            raise PayTableError(f"{at(table, field_name)}: {table}.{field_name}: expected a string, "
                                f"not {_kind(spec[field_name])}")
    try:
        otherwise = parse_pays(spec.get("otherwise", -1), "otherwise")
    except PayTableError as exc:
        raise PayTableError(f"{at(table, 'otherwise')}: {table}.{exc}") from None
    if otherwise < -1:
        raise PayTableError(
            f"{at(table, 'otherwise')}: {table}.otherwise: {otherwise} loses more than the stake; expected a number >= -1"
        )
    try:
        return PayTable(
            key=key,
            name=spec.get("name", key),
            lines=tuple(parsed),
            otherwise=otherwise,
            description=spec.get("description", ""),
            otherwise_label=spec.get("otherwise_label", "otherwise (loses)" if otherwise == -1 else "otherwise"),
        )
    except PayTableError as exc:
        raise PayTableError(f"{where}: {str(exc).split(': ', 1)[-1]}") from None


def _variants(specs: dict, known, at, base: Catalog | None = None) -> tuple[dict[str, tuple[str, ...]], dict[str, str]]:
    """The variants of tables ``[variants.NAME]`` (``specs``, as TOML read them) after ``base``'s, and their
    descriptions; each lists keys of ``known`` (the bets by key); ``at`` places errors (:func:`_placer`)."""
    variants: dict[str, tuple[str, ...]] = dict(base.variants) if base else {}
    descriptions: dict[str, str] = dict(base.variant_descriptions) if base else {}
    for key, spec in specs.items():
        table = f"variants.{key}"
        names = spec.get("bets") if isinstance(spec, dict) else None
        if not isinstance(names, list) or not names:
            raise PayTableError(f"{at(table, 'bets')}: {table}.bets: expected a list of bet keys, bets = [\"banker\", ...]")
        extra = set(spec) - {"bets", "description"}
        if extra:
            bad = sorted(extra)[0]
            raise PayTableError(f"{at(table, bad)}: {table}.{bad}: unknown field; expected bets, description")
        if not isinstance(spec.get("description", ""), str):
            raise PayTableError(f"{at(table, 'description')}: {table}.description: expected a string, "
                                f"not {_kind(spec['description'])}")
        keys = []
        for n in names:
            if not isinstance(n, str):
                raise PayTableError(f"{at(table, 'bets')}: {table}.bets: expected bet keys in strings, "
                                    f"bets = [\"banker\", ...], not {_kind(n)}")
            found = spelt(n, known)
            if found is None:
                raise PayTableError(f"{at(table, 'bets')}: {table}.bets: "
                                    + _not_found("bet", n, known, f"define [bets.{n}] or use a built-in bet"))
            keys.append(found)
        variants[key] = tuple(keys)
        descriptions[key] = spec.get("description", "")
    return variants, descriptions


@lru_cache(maxsize=None)
def builtin_catalog() -> Catalog:
    """The catalog shipped with exact_odds (its bets read as they are asked for: :class:`BuiltinBets`)."""
    try:  # the file beside this module (importlib.resources and its imports were a tenth of a cold edge)
        with open(os.path.join(os.path.dirname(__file__), "data", "bets.toml"), encoding="utf-8") as f:
            text = f.read()
    except OSError:  # a package not installed as files (a zip): through its loader
        from importlib import resources

        text = resources.files("exact_odds.bets").joinpath("data/bets.toml").read_text(encoding="utf-8")
    return _builtin(text, "bets.toml")


def _builtin(text: str, source: str) -> Catalog:
    """The catalog of the built-in file ``text``: its variants read now, each bet from its own
    section (its header up to the next) when it is first asked for (:class:`BuiltinBets`); each
    part read as :mod:`exact_odds.bets.builtin_parts` holds it."""
    bets: dict[str, tuple[int, int]] = {}
    variants: list[tuple[int, int]] = []
    marks = list(_SECTION.finditer(text))
    for m, end in zip(marks, [n.start() for n in marks[1:]] + [len(text)]):
        if m.group(1) == "bets":
            bets[m.group(2)] = (m.start(), end)
        else:
            variants.append((m.start(), end))
    known = BuiltinBets(text, source, bets)
    variants_text = "".join(text[start:end] for start, end in variants)
    first = text.count("\n", 0, variants[0][0]) + 1 if variants else 1
    specs = read_part(variants_text, source, _read_toml).get("variants", {})
    names, descriptions = _variants(specs, known, _placer(variants_text, source, first))
    return Catalog(known, names, descriptions, tuple(bets))


class BuiltinBets(Mapping[str, PayTable]):
    """The built-in catalog's bets by key, each read from its own section of the file (``[bets.KEY]`` up
    to the next header) and its conditions compiled only when it is first asked for: ``exact-odds edge``
    prices three bets, and reading and compiling the other hundred was a fifth of its time. Each bet
    is made once (a key always gives the same object); they are the bets :func:`parse_catalog` makes
    of the whole file (tests/bets/test_builtin_bets.py)."""

    def __init__(self, text: str, source: str, sections: dict[str, tuple[int, int]]):
        self._text, self._source, self._sections = text, source, sections
        self._made: dict[str, PayTable] = {}

    def __getitem__(self, key: str) -> PayTable:
        bet = self._made.get(key)
        if bet is None:
            start, end = self._sections[key]
            text = self._text[start:end]
            at = _placer(text, self._source, self._text.count("\n", 0, start) + 1)
            made = _bet(key, read_part(text, self._source, _read_toml).get("bets", {}).get(key), at)
            bet = self._made.setdefault(key, made)  # (atomic: two threads asking at once get the same bet)
        return bet

    def __contains__(self, key: object) -> bool:
        return key in self._sections

    def __iter__(self) -> Iterator[str]:
        return iter(self._sections)

    def __len__(self) -> int:
        return len(self._sections)

    def __repr__(self) -> str:
        return f"BuiltinBets({len(self)} bets, {len(self._made)} read)"


#: Largest pay-table file read, in bytes: far past any real one (the built-in catalog is ~10 KiB).
MAX_PAYTABLE_BYTES = 1 << 20


def _kind(value) -> str:
    """A TOML value's kind for a message: 'a list', 'a table', 'the number 5'."""
    if isinstance(value, dict):
        return "a table"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, bool):
        return f"{str(value).lower()} (true/false)"
    if isinstance(value, (int, float)):
        return f"the number {value!r:.40}"
    return f"{type(value).__name__}"


def read_paytable_text(path: str | PathLike[str]) -> str:
    """The text of a pay-table file: a regular file of at most :data:`MAX_PAYTABLE_BYTES`, UTF-8 (a BOM allowed).

    Devices (``/dev/zero``), FIFOs and folders are refused before anything
    is read (the file is opened without waiting and checked by its own
    handle), so a wrong path never reads forever."""
    from pathlib import Path  # (here: pathlib and its imports are not needed to read the built-in catalog)

    p = Path(path)
    try:
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode):
                what = ("a folder" if stat.S_ISDIR(st.st_mode) else "a FIFO" if stat.S_ISFIFO(st.st_mode)
                        else "a device" if stat.S_ISCHR(st.st_mode) or stat.S_ISBLK(st.st_mode) else "a special file")
                raise PayTableError(f"{p}: is {what}, not a regular file; give a TOML pay-table file")
            if st.st_size > MAX_PAYTABLE_BYTES:
                raise PayTableError(f"{p}: {st.st_size} bytes is larger than 1 MiB ({MAX_PAYTABLE_BYTES} bytes), "
                                    "the most a pay-table file may hold")
            data = f.read(MAX_PAYTABLE_BYTES + 1)
    except IsADirectoryError:
        raise PayTableError(f"{p}: is a folder, not a regular file; give a TOML pay-table file") from None
    except OSError as exc:
        raise PayTableError(f"{p}: cannot read pay table ({exc.strerror or exc})") from None
    if len(data) > MAX_PAYTABLE_BYTES:  # grew while read
        raise PayTableError(f"{p}: larger than 1 MiB ({MAX_PAYTABLE_BYTES} bytes), the most a pay-table file may hold")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise PayTableError(f"{p}: not a text file; expected a TOML pay table in UTF-8") from None


def load_catalog(path: str | PathLike[str]) -> Catalog:
    """A user's pay-table file, in the built-in catalog's schema (it also sees the built-in bets).

    The file must be a regular file of at most 1 MiB, in UTF-8 (a BOM is allowed)."""
    if not isinstance(path, (str, PathLike)) or isinstance(path, bytes):
        raise TypeError(f"load_catalog needs a file path (str or pathlib.Path), not {type(path).__name__}")
    if isinstance(path, str) and not path.strip():
        raise PayTableError("the pay-table file name is empty; give the path of a TOML file")
    text = read_paytable_text(path)
    return parse_catalog(text, str(path), base=builtin_catalog())


if __name__ == "__main__":  # python -m exact_odds.bets.catalog: write exact_odds/bets/builtin_toml.py
    with open(builtin_file(), encoding="utf-8") as f:
        _module = builtin_toml_module(f.read(), _read_toml)
    with open(builtin_file("builtin_toml.py"), "w", encoding="utf-8") as f:
        f.write(_module)
