"""Choosing the bets to price: a variant, bet keys, users' pay-table files and a commission.

This is the one place where those four are combined, for every command and
for the library (:func:`select_bets`). Each bet carries its catalog key
(:attr:`PayTable.key`), so the keys shown in JSON and CSV headers come from
the bets themselves.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction
import os
from os import PathLike

from exact_odds.bets.catalog import Catalog, builtin_catalog, load_catalog
from exact_odds.bets.paytable import PayTable, PayTableError, commission_banker
from exact_odds.records import frozen

#: The word that selects every bet of the catalog.
ALL = "all"


def paytable_paths(paytables: Iterable[str | PathLike[str]]) -> list[str | PathLike[str]]:
    """``paytables`` as a list of file paths; a single path or other types are a TypeError saying so."""
    if isinstance(paytables, (str, bytes, PathLike)):
        raise TypeError(f"paytables must be a list of file paths, not one path; write [{paytables!r:.80}]")
    try:
        paths = list(paytables)
    except TypeError:
        raise TypeError(f"paytables must be a list of file paths, not {type(paytables).__name__}") from None
    for path in paths:
        if not isinstance(path, (str, PathLike)):
            raise TypeError(f"paytables must hold file paths (str or pathlib.Path), not {path!r:.80}")
    return paths


def merged_catalog(paytables: Iterable[str | PathLike[str]] = ()) -> tuple[Catalog, list[PayTable]]:
    """The built-in catalog with the users' files on top, and the bets those files define.

    A file's bet or variant replaces a built-in one of the same key; two files that define the same
    key are refused (one of them would be dropped without a word). A file given twice counts once."""
    catalog = builtin_catalog()
    own: dict[str, PayTable] = {}
    defined: dict[tuple[str, str], int] = {}  # (kind, key) -> the file that defined it
    paytables = paytable_paths(paytables)
    seen: dict[str, int] = {}
    for i, path in enumerate(paytables):
        if seen.setdefault(os.path.realpath(path), i) != i:
            continue  # the same file again: its bets once
        user = load_catalog(path)
        for kind, keys in (("bet", user.own), ("variant", _own_variants(user))):
            for key in keys:
                earlier = paytables[defined.setdefault((kind, key), i)]
                if defined[(kind, key)] != i:
                    raise PayTableError(f"{os.fspath(path)}: {kind} {key!r} is defined in {os.fspath(earlier)} too; "
                                        f"give each {kind} its own key (or pass one of the files)")
        catalog = Catalog({**catalog.bets, **user.bets}, {**catalog.variants, **user.variants},
                          {**catalog.variant_descriptions, **user.variant_descriptions}, catalog.own)
        own.update({key: user.bets[key] for key in user.own})
    return catalog, list(own.values())


def _own_variants(user: Catalog) -> list[str]:
    """The variants a user's file defines (its catalog holds the built-in ones too)."""
    builtin = builtin_catalog().variants
    return [name for name, bets in user.variants.items() if name not in builtin or bets is not builtin[name]]


def select_bets(variant: str | None = None, bets: Sequence[str] | str | None = None,
                paytables: Iterable[str | PathLike[str]] = (),
                commission: Fraction | str | None = None) -> list[PayTable]:
    """The bets to price, each once, in the order chosen.

    ``variant`` (a variant name) and ``bets`` (bet keys, or ``"all"`` for the
    whole catalog) choose from the built-in catalog and the ``paytables``
    files; with neither, the files' own bets, or the standard variant.
    ``commission`` swaps the Banker bet for one paying ``1 - commission``
    (added first if the selection had no Banker bet).

    >>> [b.key for b in select_bets(bets="banker,tie")]
    ['banker', 'tie']
    """
    if isinstance(bets, str):
        bets = [k.strip() for k in bets.split(",") if k.strip()]
    if bets is not None and (not isinstance(bets, Sequence) or not all(isinstance(k, str) for k in bets)):
        raise TypeError(f"bets must be a list of bet keys (strings) or a comma-separated string, not {bets!r:.80}")
    if bets is not None and not [k for k in bets if k.strip()]:  # as the command line: '' is no choice at all
        raise PayTableError("bets names no bet; give bet keys such as 'banker,tie' or 'all', or None for the "
                            "default")
    if variant is not None and not isinstance(variant, str):
        raise TypeError(f"variant must be a variant name (a string), not {type(variant).__name__}")
    if variant is not None and not variant.strip():
        raise PayTableError("variant is empty; give a variant name such as 'ez', or None")
    paytables = paytable_paths(paytables)
    catalog, own = merged_catalog(paytables)
    chosen: list[PayTable] = []
    if variant:
        chosen += catalog.variant(variant)
    if bets:
        if _asked_all(bets):
            chosen += list(builtin_catalog().bets.values()) + own
        else:
            chosen += [catalog.bet(k) for k in bets]
    if not variant and not bets:
        chosen = own if own else catalog.variant("standard")
    unique: list[PayTable] = []
    for b in chosen:
        if all(b is not u for u in unique):
            unique.append(b)
    if commission is not None:
        banker = commission_banker(commission)
        standard = catalog.bets.get("banker")
        if any(b is standard for b in unique):
            unique = [banker if b is standard else b for b in unique]
        else:
            unique.insert(0, banker)
    return unique


@frozen
class ValueLevelSelection:
    """The bets chosen (by :func:`select_value_level`: only bets settled by card values, which the
    compiled fast path prices; by :func:`select_one_shoe`: card-level bets too), their unique keys,
    and the card-level bets left out of ``"all"``."""

    bets: tuple[PayTable, ...]
    keys: tuple[str, ...]
    left_out: tuple[PayTable, ...]

    def __init__(self, bets: tuple[PayTable, ...], keys: tuple[str, ...], left_out: tuple[PayTable, ...]) -> None:
        object.__setattr__(self, 'bets', bets)
        object.__setattr__(self, 'keys', keys)
        object.__setattr__(self, 'left_out', left_out)


def select_value_level(variant: str | None = None, bets: Sequence[str] | str | None = None,
                       paytables: Iterable[str | PathLike[str]] = (),
                       commission: Fraction | str | None = None) -> ValueLevelSelection:
    """:func:`select_bets`, keeping the bets settled by card values alone.

    Bets that look at ranks or suits (pairs, card-level bets) cannot be priced from value
    counts: named explicitly they are refused; with ``"all"`` they are left
    out and listed in ``left_out``."""
    chosen = select_bets(variant, bets, paytables, commission)
    card_level = tuple(b for b in chosen if not b.is_value_level)
    if card_level:
        if not _asked_all(bets):
            raise PayTableError(
                f"{', '.join(b.name for b in card_level)}: looks at ranks or suits (a pair or card-level bet); "
                "only bets settled by card values (totals, cards, naturals) can be priced for many shoes "
                "(a card-level bet is priced one shoe at a time)"
            )
        chosen = [b for b in chosen if b.is_value_level]
    return ValueLevelSelection(tuple(chosen), unique_keys(chosen), card_level)


def select_one_shoe(variant: str | None = None, bets: Sequence[str] | str | None = None,
                    paytables: Iterable[str | PathLike[str]] = (),
                    commission: Fraction | str | None = None) -> ValueLevelSelection:
    """:func:`select_bets` for one shoe at a time (the shoe in play of ``track`` and ``live``).

    Card-level bets (pairs, suits, colours) are kept when named: they are
    priced one shoe at a time, after the value-level bets. With ``"all"`` they
    are left out and listed in ``left_out`` (each costs a card walk per coup,
    and the suit and colour bets need every card's suit)."""
    chosen = select_bets(variant, bets, paytables, commission)
    left_out: tuple[PayTable, ...] = ()
    if _asked_all(bets):
        left_out = tuple(b for b in chosen if not b.is_value_level)
        chosen = [b for b in chosen if b.is_value_level]
    return ValueLevelSelection(tuple(chosen), unique_keys(chosen), left_out)


def paytables(bets: Iterable[PayTable | str]) -> tuple[PayTable, ...]:
    """``bets`` as a tuple of :class:`PayTable`: each one a PayTable, or the key of a built-in bet
    (``["banker", "dragon7"]``, read from :func:`builtin_catalog`). The one check of a library
    call's list of bets (``analyse``, ``simulate``, ``price_shoes``, ``effect_of_removal``, ``Table``)."""
    if isinstance(bets, (str, PayTable)):
        hint = f"[{bets!r:.40}]" if isinstance(bets, str) else "(bet,)"
        raise TypeError(f"bets must be a list of bets (PayTable objects or built-in keys), not one {type(bets).__name__}; "
                        f"wrap it: {hint}")
    try:
        bets = tuple(bets)
    except TypeError:
        raise TypeError(f"bets must be a list of PayTable objects or built-in keys such as ['banker', 'tie'], "
                        f"not {type(bets).__name__}") from None
    out = []
    for b in bets:
        if isinstance(b, str):
            b = builtin_catalog().bet(b)
        elif not isinstance(b, PayTable):
            raise TypeError(f"bets must be PayTable objects (see builtin_catalog().bet(key)) or built-in keys "
                            f"such as 'dragon7', not {type(b).__name__}")
        out.append(b)
    return tuple(out)


def _asked_all(bets: Sequence[str] | str | None) -> bool:
    """Whether ``bets`` is the word ``all`` alone (in any case), as a string or a list."""
    if isinstance(bets, str):
        bets = [k.strip() for k in bets.split(",") if k.strip()]
    return bets is not None and len(bets) == 1 and isinstance(bets[0], str) and bets[0].casefold() == ALL


def unique_keys(bets: Iterable[PayTable]) -> tuple[str, ...]:
    """Each bet's key, made unique by trailing underscores where two bets share one."""
    keys: list[str] = []
    for b in bets:
        key = b.key
        while key in keys:
            key += "_"
        keys.append(key)
    return tuple(keys)
