"""The designer's par sheet (``exact-odds report``): the rules, each deck count side by side, volatility,
countability and provenance, as one :class:`~exact_odds.report.document.Report`.

Every figure comes from :mod:`exact_odds.bets.par_sheet` and is printed by
:mod:`exact_odds.report.numbers` (rounded only there); the plots are inline
SVG (:mod:`exact_odds.report.svg`). No timestamps, no paths: the same input
gives the same bytes.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from typing import Any, Sequence

from exact_odds import __version__
from exact_odds.bets.par_sheet import Countable, ParSheet, SimulatedPlay, digest
from exact_odds.bets.volatility import BAND_HANDS, NORMAL_APPROXIMATION

#: The confidence of the bands, in the table and the plot alike, and their one label.
BAND_CONFIDENCE = Fraction(95, 100)
BAND = "95% band"
from exact_odds.report.conditions import condition_words
from exact_odds.in_play.simulate.bankroll import COUPS_PER_HOUR
from exact_odds.report.document import Report, Section, Table
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text, sqrt_text
from exact_odds.report.svg import bar_chart, line_plot
from exact_odds.rules.cards import RANKS
from exact_odds.rules.tableau import PUNTO_BANCO

#: The document's numbered parts, cited by number in the text ("§2").
SUMMARY, RULES = "1. Summary: house edge and return to player", "2. Rules of the game"

DEAL_WORDS = (
    "Deal: cards are dealt without replacement in the order Player, Banker, Player, Banker; "
    "a two-card total of 8 or 9 (a natural) in either hand ends the coup; otherwise the Player and then the "
    "Banker draw by the tableau below. A hand's total is the sum of its card values modulo 10 (A = 1, 2-9 face "
    "value, 10/J/Q/K = 0); the higher total wins, equal totals tie.",
    "Counting convention: every coup is counted as an ordered sequence of six cards from the "
    "shoe, the unused cards included, so every line of every bet shares the denominator N(N-1)...(N-5) for a "
    "shoe of N cards. The infinite deck draws with replacement (each rank 1/13) and has no combinations.",
)


def _shoe_label(col) -> str:
    return col.shoe.describe()


def count_text(n: int | Fraction) -> str:
    """A count with thousands separators (a fraction's numerator and denominator each)."""
    n = Fraction(n)
    return f"{n.numerator:,}" if n.denominator == 1 else f"{n.numerator:,}/{n.denominator:,}"


def _decimal(x: Decimal, places: int) -> str:
    return decimal_text(Fraction(x), places)


def one_in(p: Fraction) -> str:
    """'1 in N' with N = 1/p to two decimals; 'never' for 0."""
    return "never" if p == 0 else "1 in " + decimal_text(1 / p, 2)


def tableau_tables() -> tuple[Table, Table]:
    """The drawing rules of :data:`~exact_odds.rules.tableau.PUNTO_BANCO` as two tables (D draws, S stands)."""
    player = Table.of(["Player's two-card total", "Player"],
                      [[str(t), "draws" if PUNTO_BANCO.player_draws(t) else "stands"] for t in range(8)]
                      + [["8-9", "natural: both stand"]])
    headers = ["Banker's total", "Player stood"] + [f"3rd card {t}" for t in range(10)]
    rows = [[str(b), "D" if PUNTO_BANCO.banker_draws(b, None) else "S"]
            + ["D" if PUNTO_BANCO.banker_draws(b, t) else "S" for t in range(10)] for b in range(8)]
    return player, Table.of(headers, rows)


def paytable_rows(sheet: ParSheet) -> Table:
    """Each line with its condition as written and in words, and what it pays."""
    bet = sheet.bet
    rows = [[str(i), l.label, l.condition, condition_words(l.condition), _pays(l.pays)]
            for i, l in enumerate(bet.lines, 1)]
    rows.append([str(len(bet.lines) + 1), bet.otherwise_label, "(no line above holds)", "Any other coup",
                 _pays(bet.otherwise)])
    return Table.of(["#", "Line", "Condition", "In words", "Pays (to 1)"], rows)


def _pays(x: Fraction) -> str:
    return str(x.numerator) if x.denominator == 1 else fraction_text(x)


def _by_deck(sheet: ParSheet, title: str, cell) -> Table:
    """Rows: each line and the total; columns: the line, its payout, then one per deck count."""
    headers = ["Line", "Pays"] + [_shoe_label(c) for c in sheet.columns]
    rows = []
    for i, line in enumerate(sheet.columns[0].result.lines):
        rows.append([line.label, _pays(line.pays)] + [cell(c, c.result.lines[i]) for c in sheet.columns])
    total = [cell(c, None) for c in sheet.columns]
    if any(total):
        rows.append(["Total", ""] + total)
    return Table.of(headers, rows)


def line_tables(sheet: ParSheet) -> list[Section]:
    """Combinations, probability, odds and return of each line, the deck counts side by side."""
    def combos(c, line):
        if c.shoe.is_infinite:
            return ""
        return count_text(c.result.total if line is None else line.count)

    def prob(c, line):
        return decimal_text(Fraction(1), 10) if line is None else decimal_text(line.probability, 10)

    def odds(c, line):
        return "" if line is None else one_in(line.probability)

    def ret(c, line):
        return decimal_text(c.result.expected_value if line is None else line.expected_value, 10)

    return [
        Section(heading="Combinations", level=3, table=_by_deck(sheet, "Combinations", combos),
                before=("Six-card sequences in which each line settles the bet (the counting convention of §2; "
                        "none for the infinite deck).",)),
        Section(heading="Probability", level=3, table=_by_deck(sheet, "Probability", prob)),
        Section(heading="Odds", level=3, table=_by_deck(sheet, "Odds", odds),
                before=("Each line's odds as 1 in N, N = 1 / probability.",)),
        Section(heading="Contribution to the return", level=3, table=_by_deck(sheet, "Return", ret),
                before=("Each line's payout times its probability; the total is the expected value per unit bet.",)),
    ]


def document_summary(sheets: Sequence[ParSheet]) -> Table:
    """The document's one summary: each bet's house edge and return to player, by deck count."""
    cols = sheets[0].columns if sheets else ()
    rows = []
    for s in sheets:
        rows.append([s.bet.name, "House edge"] + [percent_text(c.result.house_edge, 6) for c in s.columns])
        rows.append(["", "Return to player"] + [percent_text(1 - c.result.house_edge, 6) for c in s.columns])
    return Table.of(["Bet", "Figure"] + [_shoe_label(c) for c in cols], rows)


def summary_table(sheet: ParSheet) -> Table:
    """House edge and return to player (exact and decimal), hit frequency, variance, SD, edge excl. pushes."""
    cols = sheet.columns
    rows = [
        ["House edge"] + [percent_text(c.result.house_edge, 6) for c in cols],
        ["House edge (exact)"] + [fraction_text(c.result.house_edge) for c in cols],
        ["Return to player"] + [percent_text(1 - c.result.house_edge, 6) for c in cols],
        ["Return to player (exact)"] + [fraction_text(1 - c.result.house_edge) for c in cols],
        ["Hit frequency"] + [percent_text(c.result.hit_frequency, 6) for c in cols],
        ["Variance"] + [decimal_text(c.result.variance, 6) for c in cols],
        ["Standard deviation"] + [sqrt_text(c.result.variance, 6) for c in cols],
    ]
    if any(c.result.push for c in cols):
        rows.insert(5, ["Push frequency"] + [percent_text(c.result.push, 6) for c in cols])
        rows.insert(6, ["House edge excluding pushes"] + [percent_text(c.result.house_edge_excluding_pushes, 6)
                                                          for c in cols])
    return Table.of(["Figure"] + [_shoe_label(c) for c in cols], rows)


def volatility_sections(sheet: ParSheet) -> list[Section]:
    """Volatility index, confidence bands, hands until the house is ahead; the formulas; the plot."""
    cols = sheet.columns
    vi = Table.of(["Figure"] + [_shoe_label(c) for c in cols], [
        ["Volatility index, 90%"] + [_decimal(c.volatility.volatility_index(Fraction(9, 10)), 4) for c in cols],
        ["Volatility index, 95%"] + [_decimal(c.volatility.volatility_index(Fraction(95, 100)), 4) for c in cols],
        ["Hands until the house is ahead (95%, one-sided)"] + [_ahead(c) for c in cols],
    ])
    band_rows = []
    for n in BAND_HANDS:
        row = [f"{n:,}"]
        for c in cols:
            b = c.volatility.band(n, BAND_CONFIDENCE)
            row.append(f"{decimal_text(b.mean, 2)} ({_decimal(b.low, 2)} to {_decimal(b.high, 2)})")
        band_rows.append(row)
    bands = Table.of(["Hands"] + [_shoe_label(c) for c in cols], band_rows)
    formulas = (
        "Normal approximation. With m the exact expected value and s the exact standard deviation of one unit "
        "bet, the player's net result after n bets is taken as normal with mean n·m and standard deviation "
        "s·√n (coups independent: a player spread over many shoes).",
        "Volatility index VI = z·s, z = 1.644854 (90%) or 1.959964 (95%), the two-sided normal quantiles; "
        "the band for n hands is n·m ± z·s·√n.",
        "The house is ahead with 95% confidence after n hands when n·m + 1.644854·s·√n < 0 (one-sided), "
        "that is for n > (1.644854·s / e)², e = -m the house edge; the table gives the first such n.",
    )
    sections = [
        Section(heading="Volatility", level=3, before=formulas, table=vi),
        Section(before=(f"The player's net result in units: expected, and the {BAND} (low to high):",),
                table=bands),
    ]
    plot = band_plot(sheet)
    if plot:
        sections.append(Section(figure=plot, figure_text="(The plot of the bands is in the HTML report.)"))
    return sections


def _ahead(col) -> str:
    n = col.volatility.hands_until_house_ahead()
    return "never (no house edge)" if n is None else f"{n:,}"


def band_plot(sheet: ParSheet) -> str:
    """The expected result and the band of the table above (:data:`BAND`) against hands, for the last
    finite deck count (or the first)."""
    finite = [c for c in sheet.columns if not c.shoe.is_infinite] or list(sheet.columns)
    col = finite[-1]
    n_star = col.volatility.hands_until_house_ahead()
    if n_star is None:
        return ""
    top = max(1000, 2 * n_star)
    xs = [round(top * i / 60) or 1 for i in range(61)]
    m = float(col.result.expected_value)
    vi = float(col.volatility.volatility_index(BAND_CONFIDENCE))
    mean = [(x, m * x) for x in xs]
    upper = [(x, m * x + vi * x ** 0.5) for x in xs]
    lower = [(x, m * x - vi * x ** 0.5) for x in xs]
    return line_plot(f"{sheet.bet.name}, {col.shoe.describe()}: player's net result (units), expected and {BAND}",
                     "hands", "net result (units)",
                     [("expected n·m", mean), (f"{BAND}, high", upper), (f"{BAND}, low", lower)],
                     markers=[(f"house ahead (95%, one-sided): {n_star:,} hands", n_star)])


def _estimate(e: tuple[float | None, float | None], places: int = 4, percent: bool = False) -> str:
    value, se = e
    if value is None:
        return "n/a"
    scale, suffix = (100, "%") if percent else (1, "")
    text = f"{value * scale:.{places}f}{suffix}"
    return text + (f" ± {se * scale:.{places}f}{suffix}" if se is not None else "")


def _play_rows(p: SimulatedPlay) -> list[str]:
    return [p.name, _estimate(p.bet_frequency, 2, True), _estimate(p.advantage_when_betting, 2, True),
            _estimate(p.win_per_100_coups, 3), _estimate(p.win_per_shoe, 3), _estimate(p.sd_per_coup, 3),
            _estimate(p.desirability_index, 2), _estimate(p.n0, 0), _estimate(p.score, 2)]


def countability_sections(sheet: ParSheet) -> list[Section]:
    """EOR by rank and deck count, the best linear count, the simulated gain of the count and of perfect play."""
    if not sheet.countability:
        why = ("this bet looks at the first four cards' ranks and suits, and the effect of removal is taken on "
               "card values only." if not sheet.bet.is_value_level else
               "the infinite deck has no effect of removal (removing a card changes nothing); "
               "give a finite deck count.")
        return [Section(heading="Countability", level=3, before=(f"Not computed: {why}",))]
    cs: Sequence[Countable] = sheet.countability
    eor = Table.of(["Rank"] + [c.shoe.describe() for c in cs],
                   [[RANKS[r]] + ["" if c.eor[r] is None else percent_text(c.eor[r], 6) for c in cs]
                    for r in range(13)])
    counts = Table.of(["Shoe"] + list(RANKS) + ["Betting correlation"],
                      [[c.shoe.describe()] + [str(t) for t in c.tags] + [c.correlation_text] for c in cs])
    sections = [
        Section(heading="Countability", level=3,
                before=("Effect of removal: the exact change in the house edge when one card of each rank is "
                        "taken from the full shoe (positive is worse for the player).",), table=eor),
        Section(figure=bar_chart(f"{sheet.bet.name}: effect of removal, {cs[-1].shoe.describe()}", "rank removed",
                                 "change in house edge (%)", list(RANKS),
                                 [0.0 if e is None else float(e) * 100 for e in cs[-1].eor])),
        Section(before=("Best linear count: tags proportional to minus the effect of removal, at most 2 points a "
                        "card, and its betting correlation (Griffin's definition, over the cards of the shoe).",),
                table=counts),
    ]
    sims = [c.simulation for c in cs if c.simulation is not None]
    if not sims:
        sections.append(Section(before=(
            "Simulated gain of a counter and of perfect play: not available in this build "
            "(its counting module is missing).",)))
        return sections
    lines = []
    rows = []
    for sim in sims:
        cards = 52 * sim.decks
        pen = Fraction(cards - sim.cut_card, cards)
        trigger = fraction_text(sim.trigger) if sim.trigger.denominator != 1 else str(sim.trigger.numerator)
        shoe = f"{sim.decks} deck{'s' if sim.decks != 1 else ''}"
        lines.append(f"{shoe}: {sim.shoes:,} shoes ({sim.coups:,} coups) from seed {sim.seed}, {sim.cut_card} cards "
                     f"behind the cut card (penetration {percent_text(pen, 2)}); the count bets at a true count "
                     f"of {trigger} or more.")
        rows += [[shoe] + _play_rows(sim.count), [shoe] + _play_rows(sim.perfect)]
    table = Table.of(["Shoe", "Play", "Bet frequency", "Player's edge when betting", "Win per 100 coups (units)",
                      "Win per shoe (units)", "SD per coup", "DI", "N0 (coups)", "SCORE"], rows)
    assumptions = tuple(dict.fromkeys(a for sim in sims for a in sim.assumptions))
    sections.append(Section(
        before=("Simulated gain of the count and of perfect play (bet only when the exact EV of the unseen "
                "cards is positive), played on the same shoes: Monte-Carlo means ± one standard error.",)
        + tuple(lines),
        table=table, after=(f"DI = 1000 × win / SD per coup; N0 = (SD / win)²; SCORE = 10,000 × "
                            f"{COUPS_PER_HOUR} coups an hour × win² / SD² (Blackjack Attack's, at {COUPS_PER_HOUR} "
                            "coups an hour: the hourly win in 1/10,000 of the bankroll that risks 13.5%).",)
        + tuple(f"Assumption: {a}" for a in assumptions)))
    return sections


def rules_sections() -> list[Section]:
    """The rules of the game, once per document (§2): the deal, the counting convention, the tableau."""
    player, banker = tableau_tables()
    return [
        Section(heading=RULES, level=2, before=DEAL_WORDS + ("Player's rule:",), table=player),
        Section(before=("Banker's rule (D draws, S stands) by the Banker's two-card total and the Player's third "
                        "card; a Banker total of 8 or 9 is a natural:",), table=banker),
    ]


def bet_sections(sheet: ParSheet, number: int = 3) -> list[Section]:
    """Every section of one bet's par sheet, numbered ``number`` in the document."""
    bet = sheet.bet
    notes = sorted({a for c in sheet.columns for a in c.result.assumptions})
    return [
        Section(heading=f"{number}. {bet.name} ({bet.key})", level=2,
                before=(bet.description,) if bet.description else ()),
        Section(heading="Figures", level=3, table=summary_table(sheet),
                before=("Dealt by the rules of §2. House edge and return to player first, exact beside them:",),
                after=tuple(f"Note: {n}" for n in notes)),
        Section(heading="Pay table", level=3, before=("The lines are read in order and the first whose condition "
                                                     "holds settles the bet.",), table=paytable_rows(sheet)),
        *line_tables(sheet),
        *volatility_sections(sheet),
        *countability_sections(sheet),
    ]


def sheet_json(sheet: ParSheet) -> dict[str, Any]:
    """The exact figures of one bet's par sheet (fractions as 'p/q')."""
    return {
        "bet": sheet.bet.key, "name": sheet.bet.name, "paytable_sha256": sheet.paytable_digest,
        "columns": [{
            "decks": None if c.shoe.is_infinite else c.shoe.size // 52,
            "shoe": c.shoe.describe(),
            "total": None if c.shoe.is_infinite else c.result.total,
            "house_edge": fraction_text(c.result.house_edge),
            "hit_frequency": fraction_text(c.result.hit_frequency),
            "variance": fraction_text(c.result.variance),
            "hands_until_house_ahead_95": c.volatility.hands_until_house_ahead(),
            "lines": [{"label": l.label, "pays": fraction_text(l.pays),
                       "count": None if c.shoe.is_infinite else str(Fraction(l.count)),
                       "probability": fraction_text(l.probability)} for l in c.result.lines],
        } for c in sheet.columns],
        "countability": [{"shoe": c.shoe.describe(), "tags": list(c.tags),
                          "eor": [None if e is None else fraction_text(e) for e in c.eor],
                          "betting_correlation_squared": fraction_text(c.correlation_squared),
                          "simulation": None if c.simulation is None else _simulation_json(c.simulation)}
                         for c in sheet.countability],
        "assumptions": [NORMAL_APPROXIMATION]
        + sorted({a for c in sheet.columns for a in c.result.assumptions})
        + list(dict.fromkeys(a for c in sheet.countability if c.simulation for a in c.simulation.assumptions)),
    }


def _simulation_json(sim) -> dict[str, Any]:
    """Monte-Carlo estimates (floats, labelled so): each statistic as {"mean", "standard_error"}."""
    def play(p: SimulatedPlay) -> dict[str, Any]:
        return {name: {"mean": getattr(p, name)[0], "standard_error": getattr(p, name)[1]}
                for name in ("bet_frequency", "advantage_when_betting", "win_per_100_coups", "win_per_shoe",
                             "sd_per_coup", "desirability_index", "n0", "score")}

    return {"decks": sim.decks, "cut_card": sim.cut_card, "shoes": sim.shoes, "seed": sim.seed, "coups": sim.coups,
            "trigger_true_count": fraction_text(sim.trigger), "monte_carlo": True,
            "count": play(sim.count), "perfect_play": play(sim.perfect)}


def par_sheet_report(sheets: Sequence[ParSheet]) -> Report:
    """``exact-odds report``: one document with every bet's par sheet and the provenance at the end."""
    names = ", ".join(s.bet.name for s in sheets)
    options = sheets[0].options if sheets else {}
    provenance = (
        f"exact_odds version {__version__}.",
        *(f"Pay table {s.bet.key}: SHA-256 {s.paytable_digest}" for s in sheets),
        "Options: " + ", ".join(f"{k} = {v}" for k, v in options.items()) + f"; SHA-256 {digest(options)}",
        "No timestamps: the same exact_odds version, pay tables and options give the same document, byte for byte.",
    )
    numbered = [(3 + i, s) for i, s in enumerate(sheets)]
    last = 3 + len(sheets)
    sections = [Section(before=(
        "A par sheet computed by exact_odds: every combination count and probability is exact (integers and "
        "fractions, rounded only for printing); the volatility figures use the normal approximation stated "
        "with them; countability simulations are Monte-Carlo estimates with their standard errors.",))]
    if len(sheets) > 1:
        sections.append(Section(heading="Contents", level=2, before=(
            SUMMARY, RULES, *(f"{n}. {s.bet.name} ({s.bet.key})" for n, s in numbered), f"{last}. Provenance")))
    sections.append(Section(heading=SUMMARY, level=2, table=document_summary(sheets),
                            before=("Each bet's house edge (the player's expected loss per unit bet) and return to "
                                    "player (1 minus the house edge); each bet's section gives them as exact fractions:",)))
    sections += rules_sections()
    for n, s in numbered:
        sections += bet_sections(s, n)
    sections.append(Section(heading=f"{last}. Provenance", level=2, before=provenance))
    return Report(sections=tuple(sections),
                  document={"version": __version__, "options": options, "options_sha256": digest(options),
                            "bets": [sheet_json(s) for s in sheets]},
                  title=f"Par sheet: {names}")
