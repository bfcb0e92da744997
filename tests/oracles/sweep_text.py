"""A sweep's CSV row written the slow, obvious way: from a shoe's exact house edges (Fractions),
each formatted by report.numbers, not by the sweep's own array formatter."""

from exact_odds.report.numbers import fraction_text, percent_text


def csv_row(number, price) -> str:
    """The CSV row of line ``number`` for ``price`` (a :class:`~exact_odds.in_play.sweep.sweep.ShoePrice`)."""
    cells = [number, price.banker, price.player, price.tie, price.total]
    for edge in price.house_edges:
        cells += [fraction_text(edge), percent_text(edge, 10).rstrip("%")]
    return ",".join(map(str, cells)) + "\n"
