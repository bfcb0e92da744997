"""Write (or check) the shipped standard-bet pricer, :data:`exact_odds.punto_banco.prebuilt.PATH`.

``python -m exact_odds.bets.make_prebuilt`` builds the standard bets' pricer on the
punto banco tableau from the compiled walk (never from the shipped file) and writes its
basis; ``--check`` builds it and compares the bytes with the shipped file (exit 1 if they differ).
"""

from __future__ import annotations

import sys
from typing import Sequence

from exact_odds.bets.catalog import builtin_catalog
from exact_odds.punto_banco.features import numpy_or_none
from exact_odds.punto_banco.prebuilt import PATH, entry, text
from exact_odds.punto_banco.pricer import Pricer
from exact_odds.rules.tableau import PUNTO_BANCO


def fresh_text() -> str:
    """The file's text from a fresh build."""
    bets = tuple(builtin_catalog().variant("standard"))
    return text([entry(bets, PUNTO_BANCO, Pricer(bets, PUNTO_BANCO).built_basis(numpy_or_none()))])


def main(argv: Sequence[str] = ()) -> int:
    """Write the file, or with ``--check`` compare a fresh build with it; the exit status."""
    fresh = fresh_text()
    if "--check" in argv:
        same = PATH.exists() and PATH.read_text() == fresh
        print(f"{PATH.name}: {'identical to a fresh build' if same else 'DIFFERS from a fresh build'}")
        return 0 if same else 1
    PATH.write_text(fresh)
    print(f"wrote {PATH.name}")
    return 0


if __name__ == "__main__":  # pragma: no cover - a maintainer's command
    sys.exit(main(sys.argv[1:]))
