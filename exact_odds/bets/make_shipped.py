"""Write (or check) the card engine's shipped counts, :data:`exact_odds.cards.routes.shipped.PATH`.

``python -m exact_odds.bets.make_shipped`` prices every card-level bet of the built-in catalog on 1 to
8 fresh decks with punto banco's tableau, by the card engine with the shipped route left out, and
writes the counts; ``--check`` prices them afresh and compares the bytes with the shipped file (exit 1
if they differ). About a minute of CPU.
"""

from __future__ import annotations

import json
import sys
from typing import Sequence

#: The fresh deck counts shipped.
DECKS = range(1, 9)


def fresh_text() -> str:
    """The file's text from a fresh pricing."""
    import warnings

    from exact_odds.bets.catalog import builtin_catalog
    from exact_odds.cards import engine
    from exact_odds.cards.routes.shipped import key
    from exact_odds.punto_banco.walk import walk
    from exact_odds.rules.shoe import Shoe
    from exact_odds.rules.tableau import PUNTO_BANCO

    out = {}
    bets = [b for b in builtin_catalog().bets.values() if b.family == "card"]
    with engine.excluding("shipped"), warnings.catch_warnings():
        warnings.simplefilter("ignore")  # (fresh decks: nothing is announced)
        for d in DECKS:
            dist = walk(Shoe.decks(d), PUNTO_BANCO)
            for bet in bets:
                counts, *_ = engine.price(bet.reading, dist)
                out[key(bet.reading.conditions, dist.shoe, PUNTO_BANCO)] = [int(n) for n in counts]
    return json.dumps(dict(sorted(out.items())), indent=0, separators=(",", ":")) + "\n"


def main(argv: Sequence[str] = ()) -> int:
    """Write the file, or with ``--check`` compare a fresh pricing with it; the exit status."""
    from exact_odds.cards.routes.shipped import PATH
    from exact_odds.files import write_text

    fresh = fresh_text()
    if "--check" in argv:
        same = PATH.exists() and PATH.read_text() == fresh
        print(f"{PATH.name}: {'identical to a fresh pricing' if same else 'DIFFERS from a fresh pricing'}")
        return 0 if same else 1
    write_text(PATH, fresh)  # atomically
    print(f"wrote {PATH.name}")
    return 0


if __name__ == "__main__":  # pragma: no cover - a maintainer's command
    sys.exit(main(sys.argv[1:]))
