"""Names typed by users (bet keys, variants, condition names): the one home of "did you mean".

A name that is not known gets the few closest known names, never the whole
list: :func:`closest` finds them (difflib's ratio, case folded), and
:func:`unknown` words the message every caller uses.
"""

from __future__ import annotations

from collections.abc import Iterable

#: How many close names a message offers at the most.
MOST = 3


def closest(name: str, known: Iterable[str], most: int = MOST) -> list[str]:
    """The known names closest to ``name`` (at most ``most``, best first; may be empty).

    Case is folded for the comparison, and the known names come back as
    spelt. A name that starts another (``dragon`` for ``dragon7``) counts as close."""
    import difflib  # (here: only a name not known needs it, and a cold command imports less)

    spelt: dict[str, str] = {}
    for k in known:
        spelt.setdefault(k.casefold(), k)
    folded = name.casefold()
    hits = difflib.get_close_matches(folded, list(spelt), n=most, cutoff=0.6)
    if len(hits) < most:
        hits += [k for k in spelt if k.startswith(folded) and k not in hits][:most - len(hits)] if folded else []
    return [spelt[h] for h in hits[:most]]


def unknown(what: str, name: str, known: Iterable[str], listing: str = "", within: str = "") -> str:
    """``unknown bet 'bnaker'; did you mean 'banker'?`` (or where to find the list when nothing is close).

    ``listing`` says where every known name is listed (``"see 'exact-odds variants'"``); ``within``, where
    the name was found (``"'banker_wins and bnaker == 7'"``)."""
    near = closest(name, known)
    shown = name if len(name) <= 60 else name[:57] + "..."
    text = f"unknown {what} {shown!r}" + (f" in {within}" if within else "")
    if near:
        text += "; did you mean " + " or ".join(repr(n) for n in near) + "?"
    elif listing:
        text += f"; {listing}"
    return text
