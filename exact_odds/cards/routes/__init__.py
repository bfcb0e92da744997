"""The card engine's routes, registered in order on import (:data:`exact_odds.cards.engine.REGISTRY`).

| route | module | takes |
|---|---|---|
| first four | :mod:`.first_four` | a bet on the first four cards' pair names alone: closed-form counts by rank and suit |
| shipped | :mod:`.shipped` | a catalog bet on 1 to 8 fresh decks: counts shipped with the package |
| small shoe | :mod:`.small_shoe` | any bet on a small finite shoe: every ordered draw of its cards |
| hand paths | :mod:`.in_play` | whole hands' suits and colours, one hand's pair, on a shoe in play |
| multisets | :mod:`.in_play` | cards read over every card or whole hands, as multisets of pools |
| pools | :mod:`.in_play` | suits read slot by slot, by pools of cards |
| suit counts | :mod:`.in_play` | suits counted over every card, by generating functions |
| events alone | :mod:`.in_play` | suits read through events alone, by the ways of each group |
| suit patterns | :mod:`.in_play` | suits compared only with each other, by patterns of suits |
| older names | :mod:`.in_play` | a bet in the older card names, by the card walk of those names |
| classes | :mod:`.classes` | every bet (the reference route, last) |
"""

from exact_odds.cards.routes import first_four, shipped, small_shoe, in_play, classes  # noqa: F401  (the order of the registry)
