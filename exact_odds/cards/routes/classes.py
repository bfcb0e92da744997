"""The reference route: every card-level bet priced on the classes of cards it reads (docs/methods/suits.md,
"Card classes"; :func:`exact_odds.cards.routes.card_classes.class_counts`).

It accepts every reading and is tried last. On a shoe in play, a bet that reads suits beyond the first
four cards and that no quicker route took is weighed rank by rank, which can take minutes: it says so
first (:class:`~exact_odds.progress.SlowWork`).
"""

from __future__ import annotations

import warnings

from exact_odds.cards.route import Estimate, Route, register
from exact_odds.cards.reading import in_play


class Classes(Route):
    name = "classes"
    summary = "the card walk's six-rank sequences grouped by the classes of cards the bet reads (the reference)"
    #: its estimates stood 1.09-2.67 times above the real peak (tests/cards/test_estimates.py): one of 2.3 GiB
    #: on a 7-card shoe fitted in 2 GiB (tests/cards/test_fuzz.py's slow leg, case 90)
    estimate_slack = 3.0

    def accepts(self, reading, shoe):
        return None

    def place(self, reading, shoe):
        return 99

    def estimate(self, reading, shoe, tableau=None):
        from exact_odds.cards.routes.card_classes import plan_size
        from exact_odds.rules.tableau import PUNTO_BANCO

        rows, memory = plan_size(reading, shoe, PUNTO_BANCO if tableau is None else tableau)
        return Estimate(rows=rows, memory=memory)

    def price(self, reading, dist):
        from exact_odds.progress import SlowWork
        from exact_odds.cards.routes.card_classes import class_counts

        if in_play(reading, dist.shoe):
            warnings.warn(SlowWork(
                f"{reading.bet_name or reading.conditions[0]}: on this shoe in play no quick route prices it "
                "(docs/methods/suits.md, \"The shoe in play\"); each rank's suits are weighed apart, which can "
                "take minutes"), stacklevel=5)
        return class_counts(reading, dist.shoe, dist.tableau)


register(Classes())
