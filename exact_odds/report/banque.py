"""Reports of baccarat banque: tableaux, policies and the middle bet; its reference table.

Every row and JSON document of ``exact-odds banque`` and of ``tables/banque.md``
is built here from a :class:`~exact_odds.games.banque.BanqueResult` and its
:class:`~exact_odds.games.banque.MiddleSolution`; nothing is rounded before here.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import Sequence

from exact_odds.games.banque import (
    BANKER_POLICIES, RESULTS, THETAS, BanqueResult, BanqueWalk, MiddleSolution,
)
from exact_odds.report.document import Report, Section, Table
from exact_odds.report.emit import table
from exact_odds.report.numbers import decimal_text, fraction_text, percent_text
from exact_odds.report.tables_common import reference_shoe
from exact_odds.report.shoe import shoe_json

Rows = tuple[list[str], list[list[str]]]


def model_notes(result: BanqueResult) -> list[str]:
    """Every modelling choice behind ``result``, one sentence each."""
    w = result.walk
    if result.policy == "optimal":
        banker = (f"optimal for theta = {str(Fraction(result.theta))}: in each information set he draws iff that "
                  "has the strictly larger exact conditional expected gain theta*(vs left) + (1-theta)*(vs right); "
                  "on an exact tie he stands")
    elif result.policy == "tableau-larger":
        side = "left" if result.theta >= Fraction(1, 2) else "right"
        banker = (f"punto banco banker rule against the tableau with the larger stake (theta = "
                  f"{str(Fraction(result.theta))}: the {side}; equal stakes go to the left)")
    else:
        banker = f"punto banco banker rule against the {result.policy.split('-')[1]} tableau"
    return [
        "Deal: left, right, banker, left, right, banker from one shoe; third cards left, right, banker.",
        "Naturals: if the banker, or both tableaux, have a natural the coup ends and each tableau compares "
        "with the banker; if exactly one tableau has one (and the banker none) it wins and play goes on "
        "between the other tableau and the banker (Ethier and Lee 2015).",
        f"Punters: draw on 0-4, stand on 6-7; on 5: {w.punter_five.describe()} (each tableau on its own).",
        "The banker sees his two cards, whether each tableau stood or drew, drawn third cards (face up) "
        "and the cards of a natural.",
        f"Banker: {banker}. A fixed rule whose tableau has a natural follows the other tableau.",
        "Bets on a tableau are even money; a tie with the banker is a push. "
        "Theta is the share of the money on the left tableau.",
        "Middle bet: both win +1, both lose -1; one wins and one loses, or both tie: the stake stays; "
        "one wins (loses) and one ties: half is won (lost) and half stays. A stake that stays is played "
        "on the next coup under the same rules, dealt from a shoe of the same composition.",
        "Fully settled: nothing left in the middle; only a coup where both tableaux win or both lose "
        "settles what is left, so the number of coups is geometric.",
        convention(w),
    ]


def convention(w: BanqueWalk) -> str:
    if w.shoe.is_infinite:
        return "Infinite deck: cards drawn with replacement, each rank 1/13; no integer counts."
    text = ("Counts are nine-card sequences: every coup is an ordered draw of nine cards (the most a coup "
            "can use), unused cards included, out of N(N-1)...(N-8).")
    if not w.pure:
        text += " No integer counts with a mixed punter rule at 5."
    return text


def _counts_shown(w: BanqueWalk) -> bool:
    return w.pure and not w.shoe.is_infinite


def joint_rows(result: BanqueResult, exact: bool = False) -> Rows:
    """Rows: left result, right result, count, probability (and the fraction)."""
    show = _counts_shown(result.walk)
    headers = ["Left", "Right", "Count", "Probability"] + (["Exact"] if exact else [])
    rows = []
    for i, rl in enumerate(RESULTS):
        for j, rr in enumerate(RESULTS):
            p = result.joint[i][j]
            rows.append([rl, rr, str(result.counts[i][j]) if show else "", decimal_text(p, 10)]
                        + ([fraction_text(p)] if exact else []))
    rows.append(["Total", "", str(result.total) if show else "", decimal_text(Fraction(1), 10)]
                + (["1/1"] if exact else []))
    return headers, rows


def bet_rows(result: BanqueResult, solution: MiddleSolution, exact: bool = False) -> Rows:
    """Rows: left, right and middle bets (EV per unit staked) and the banker's edge."""
    headers = ["Bet", "Expected value", "House edge"] + (["Expected value (exact)"] if exact else [])
    items = [
        ("Left tableau", result.tableau_ev("left")),
        ("Right tableau", result.tableau_ev("right")),
        ("Middle (a cheval), until settled", solution.expected_value),
        (f"Banker, theta = {str(Fraction(result.theta))}", result.banker_edge),
    ]
    rows = []
    for name, ev in items:
        banker = name.startswith("Banker")
        rows.append([name, decimal_text(ev, 8), "" if banker else percent_text(-ev, 6)]
                    + ([fraction_text(ev)] if exact else []))
    return headers, rows


def theta_rows(w: BanqueWalk, policies: Sequence[str] = BANKER_POLICIES, exact: bool = False) -> Rows:
    """Rows: theta, then the banker's edge (expected gain per unit bet) per policy."""
    headers = ["Theta (share on left)"] + [f"Banker edge, {p}" for p in policies]
    rows = []
    for t in THETAS:
        row = [str(Fraction(t))]
        for p in policies:
            e = w.price(p, t).banker_edge
            row.append(percent_text(e, 6) + (f" ({fraction_text(e)})" if exact else ""))
        rows.append(row)
    return headers, rows


def middle_rows(result: BanqueResult, solution: MiddleSolution, exact: bool = False,
                ks: Sequence[int] = (1, 2, 3, 5, 10)) -> Rows:
    """Rows: the middle bet's one-coup settlement and its solved recurrence."""
    m = result.middle
    headers = ["Middle bet", "Value"] + (["Exact"] if exact else [])
    items = [(f"P({name.replace('_', ' ')})", getattr(m, name)) for name in
             ("win", "lose", "freeze", "half_win", "half_lose", "both_tie")]
    items += [("Expected value per unit staked", solution.expected_value),
              ("Expected coups until fully settled", solution.expected_coups)]
    rows = [[label, decimal_text(x, 10)] + ([fraction_text(x)] if exact else []) for label, x in items]
    ratio = fraction_text(solution.still_in_play_after(1))
    for k in ks:  # exact: (p/q)^k, the power written out, not expanded
        rows.append([f"P(still in play after {k} coup{'s' if k != 1 else ''})",
                     decimal_text(solution.still_in_play_after(k), 10)]
                    + ([ratio if k == 1 else f"({ratio})^{k}"] if exact else []))
    return headers, rows


def to_json(result: BanqueResult, solution: MiddleSolution) -> dict:
    """The JSON document of ``exact-odds banque``."""
    w = result.walk
    show = _counts_shown(w)
    m = result.middle
    return {
        "shoe": shoe_json(w.shoe),
        "game": "banque",
        "banker_policy": result.policy,
        "theta": fraction_text(result.theta),
        "punter_five": fraction_text(w.punter_five.q),
        "model": model_notes(result),
        "convention": convention(w),
        "joint": [
            {"left": rl, "right": rr, "count": result.counts[i][j] if show else None,
             "probability": fraction_text(result.joint[i][j])}
            for i, rl in enumerate(RESULTS) for j, rr in enumerate(RESULTS)
        ],
        "total": w.total if show else None,
        "left": {"expected_value": fraction_text(result.tableau_ev("left"))},
        "right": {"expected_value": fraction_text(result.tableau_ev("right"))},
        "banker_edge": fraction_text(result.banker_edge),
        "banker_edge_by_theta": [
            {"theta": fraction_text(t), "edge": fraction_text(w.price(result.policy, t).banker_edge)}
            for t in THETAS
        ],
        "middle": {
            "win": fraction_text(m.win), "lose": fraction_text(m.lose), "freeze": fraction_text(m.freeze),
            "half_win": fraction_text(m.half_win), "half_lose": fraction_text(m.half_lose),
            "both_tie": fraction_text(m.both_tie),
            "expected_value": fraction_text(solution.expected_value),
            "expected_coups": fraction_text(solution.expected_coups),
            "still_in_play_after_k": solution.still_in_play_text,
        },
    }


def banque_report(result: BanqueResult, solution: MiddleSolution, exact: bool = False) -> Report:
    """``exact-odds banque``: the model, joint results, bets, the banker's edge by
    theta for the chosen policy, and the middle bet; CSV is the joint results."""
    w = result.walk
    return Report(
        sections=(
            Section(before=(f"Baccarat banque, {w.shoe.describe()}.", *(f"- {n}" for n in model_notes(result)))),
            Section(table=Table.of(*joint_rows(result, exact))),
            Section(table=Table.of(*bet_rows(result, solution, exact))),
            Section(before=(f"The banker's edge (his expected gain per unit bet) by theta, policy {result.policy}:",),
                    table=Table.of(*theta_rows(w, (result.policy,), exact))),
            Section(table=Table.of(*middle_rows(result, solution, exact)),
                    after=(f"P(still in play after k coups) = {solution.still_in_play_text}",)),
        ),
        document=to_json(result, solution),
        csv=(Table.of(*joint_rows(result, exact=True)),),
    )


#: Shoes of the banque table (about 3 decks is the customary banque shoe, docs/rules.md §6).
BANQUE_DECKS = (3, 6)


def banque_tables() -> dict[str, str]:
    """Baccarat banque for 3 and 6 decks: joint results, bets, the banker's
    edge by theta for every policy, and the middle bet (one file)."""
    return {"banque.md": _banque_text()}


@lru_cache(maxsize=1)
def _banque_text() -> str:
    from exact_odds.games.banque import analyse_banque

    md = ["# Baccarat banque (a deux tableaux): 3 and 6 decks", "",
          "Generated by `exact-odds tables`; do not edit by hand. "
          "Same figures: `exact-odds banque --decks 3 --exact` (or `--decks 6`).", ""]
    for d in BANQUE_DECKS:
        r = analyse_banque(reference_shoe(d), "optimal", Fraction(1, 2))
        s = r.middle.closed_form()
        md += [f"## {r.walk.shoe.describe()}", "",
               "Model (every choice the figures depend on):", ""]
        md += [f"- {note}" for note in model_notes(r)]
        md += ["", "### Joint results of the two tableaux (punter's view), optimal banker, theta = 1/2", "",
               table(*joint_rows(r, exact=True), "github"), "",
               "### Bets, optimal banker, theta = 1/2", "",
               table(*bet_rows(r, s, exact=True), "github"), "",
               "### The banker's edge (his expected gain per unit bet) by theta", "",
               "Theta is the share of the money on the left tableau; `optimal` is re-optimised at each theta; "
               "`tableau-larger` follows the left tableau at theta >= 1/2.", "",
               table(*theta_rows(r.walk, BANKER_POLICIES), "github"), "",
               "### The middle bet (a cheval), optimal banker, theta = 1/2", "",
               table(*middle_rows(r, s, exact=True), "github"), "",
               f"P(still in play after k coups) = `{s.still_in_play_text}`.", ""]
    return "\n".join(md)




# ---------------------------------------------------------------------------
# banque --equilibrium: the three-person game (docs/methods/banque-equilibrium.md)

def num_text(x, places: int = 8) -> str:
    """A probability or EV, Fraction or quadratic surd, as a decimal (exact integer rounding)."""
    from exact_odds.games.banque.surd import Surd

    if isinstance(x, Surd):
        return decimal_text(x.decimal(places + 4), places)
    return decimal_text(Fraction(x), places)


def pct_text(x, places: int = 6) -> str:
    from exact_odds.games.banque.surd import Surd

    if isinstance(x, Surd):
        return num_text(x * 100, places) + "%"
    return percent_text(Fraction(x), places)


def exact_text(x) -> str:
    from exact_odds.games.banque.surd import surd_text

    return surd_text(x)


def equilibrium_notes(search) -> list[str]:
    """Every modelling choice behind an equilibrium search, one sentence each (also the JSON assumptions)."""
    game = search.game
    if game.by_total:
        deal = ("Cards are drawn with replacement (infinite deck, each rank 1/13), Ethier and Lee's (2015) "
                "assumption; the banker's information is his total, and a natural shows only that it is one.")
    else:
        deal = ("Cards are dealt without replacement from the shoe; the banker's information is his two cards "
                "and the cards of a natural.")
    return [
        "Deal: left, right, banker, left, right, banker; third cards left, right, banker.",
        "Naturals: if the banker, or both tableaux, have one the coup ends; if exactly one tableau has one "
        "(and the banker none) it wins and play goes on between the other tableau and the banker.",
        deal,
        "Punters: draw on 0-4, stand on 6-7; on 5 each punter draws with his own probability (x left, "
        "y right). A punter sees his total only.",
        "Banker: in each information set (his holding, each tableau stood / drew t / natural) he draws with "
        "his own probability; he does not see a standing tableau's cards.",
        "Payoffs: each tableau even money against the banker, a tie pushes; the banker receives "
        f"-(theta * left + (1 - theta) * right), theta = {search.theta}.",
        "Equilibrium: each punter's strategy is a best reply to the others', and the banker's to both "
        "punters'; checked exactly (every gain from deviating is 0).",
        "Searched: " + "; ".join(search.searched) + ".",
        "Middle bet at the equilibrium: as in `exact-odds banque`, each later coup dealt from a shoe of the "
        "same composition.",
    ]


def _uniqueness(search) -> str:
    n = search.found
    if not search.complete:
        return (f"{n} equilibri{'um' if n == 1 else 'a'} (x, y) found; the search is not complete here, so "
                "uniqueness is not proven: " + "; ".join(search.gaps) + ".")
    if n == 1:
        e = search.first
        banker = ("and so are the banker's mixes" if e.banker_unique else
                  "the banker's mixes that support it are not unique (they form a range; the one shown is a "
                  "vertex)")
        return (f"Unique (proven: every strategy profile was searched, {search.candidates} candidate points and "
                f"cells, each decided exactly): the punters' strategies are unique; {banker}.")
    return (f"Not unique: {n} equilibria (x, y), every one (the search is complete); all are listed "
            "(the payoffs can differ between them).")


def _strategy_rows(e, exact: bool) -> Rows:
    from exact_odds.games.banque.game import info_set_name

    headers = ["Strategy", "Probability of drawing"] + (["Exact"] if exact else [])
    rows = [["Left punter on 5", num_text(e.x, 10)] + ([exact_text(e.x)] if exact else []),
            ["Right punter on 5", num_text(e.y, 10)] + ([exact_text(e.y)] if exact else [])]
    for info in e.mixed:
        h, la, ra = info_set_name(e.game, info)
        rows.append([f"Banker {h}, left {la}, right {ra}", num_text(e.banker[info], 10)]
                    + ([exact_text(e.banker[info])] if exact else []))
    return headers, rows


def _ev_rows(e, exact: bool) -> Rows:
    from exact_odds.games.banque.middle import Middle

    m = Middle.from_joint(e.joint)
    items = [("Left tableau EV", e.left_ev), ("Right tableau EV", e.right_ev),
             (f"Banker's edge, theta = {e.theta}", e.banker_edge),
             ("Middle bet EV per unit, until settled", m.value()),
             ("Middle bet, expected coups until settled", m.expected_coups())]
    headers = ["At the equilibrium", "Value", "Percent"] + (["Exact"] if exact else [])
    rows = [[name, num_text(v, 10), "" if "coups" in name else pct_text(v)] + ([exact_text(v)] if exact else [])
            for name, v in items]
    return headers, rows


def _theta_table_rows(searches, exact: bool) -> Rows:
    from exact_odds.games.banque.middle import Middle

    headers = ["Theta", "Left x", "Right y", "Left EV", "Right EV", "Banker's edge", "Middle EV", "Equilibria"]
    rows = []
    for s in searches:
        e = s.first
        mid = Middle.from_joint(e.joint).value()
        n = len({(q.x, q.y) for q in s.equilibria})
        rows.append([str(s.theta), num_text(e.x, 6), num_text(e.y, 6), pct_text(e.left_ev), pct_text(e.right_ev),
                     pct_text(e.banker_edge), pct_text(mid),
                     ("1 (unique)" if s.unique else "1") if n == 1 else f"{n} (first shown)"])
    return headers, rows


def _equilibrium_json(e, full: bool) -> dict:
    from exact_odds.games.banque.game import info_set_name
    from exact_odds.games.banque.middle import Middle

    m = Middle.from_joint(e.joint)
    doc = {
        "x": exact_text(e.x), "y": exact_text(e.y),
        "left_ev": exact_text(e.left_ev), "right_ev": exact_text(e.right_ev), "banker_edge": exact_text(e.banker_edge),
        "joint": [{"left": rl, "right": rr, "probability": exact_text(e.joint[i][j])}
                  for i, rl in enumerate(RESULTS) for j, rr in enumerate(RESULTS)],
        "middle": {"expected_value": exact_text(m.value()), "expected_coups": exact_text(m.expected_coups())},
        "banker_mixed": [dict(zip(("holding", "left", "right"), info_set_name(e.game, i)), draw=exact_text(e.banker[i]))
                         for i in e.mixed],
        "banker_strategy_unique": e.banker_unique,
    }
    if full:
        doc["banker"] = [dict(zip(("holding", "left", "right"), info_set_name(e.game, i)), draw=exact_text(v))
                         for i, v in e.banker.items()]
    return doc


def equilibrium_report(search, by_theta, exact: bool = False) -> Report:
    """``exact-odds banque --equilibrium``: the strategies, EVs, middle bet and a table over theta.

    Probabilities are 'p/q', or '(p + q*sqrt(d))/r' when the equilibrium is irrational."""
    e = search.first
    notes = equilibrium_notes(search)
    irrational = any(not isinstance(v, (int, Fraction)) for v in (e.x, e.y, *e.banker.values()))
    if irrational:
        notes.append("This equilibrium is irrational: its probabilities solve a quadratic equation and are "
                     "given exactly as (p + q*sqrt(d))/r; decimals are rounded only for display.")
    n_draw = sum(1 for v in e.banker.values() if v == 1)
    sections = [
        Section(before=(f"Baccarat banque as a three-person game, {search.game.shoe.describe()}: "
                        f"Nash equilibrium at theta = {search.theta}.", *(f"- {n}" for n in notes),
                        _uniqueness(search))),
        Section(table=Table.of(*_strategy_rows(e, exact)),
                after=(f"Elsewhere the banker plays purely: he draws in {n_draw} of the {len(e.banker)} "
                       "information sets that can occur (all of them: --format json).",)),
        Section(table=Table.of(*_ev_rows(e, exact))),
    ]
    for k, other in enumerate(search.equilibria[1:], start=2):
        sections.append(Section(before=(f"Equilibrium {k} of {len(search.equilibria)}:",),
                                table=Table.of(*_strategy_rows(other, exact))))
        sections.append(Section(table=Table.of(*_ev_rows(other, exact))))
    if by_theta:
        sections.append(Section(before=("The equilibrium by theta (the share of the money on the left tableau):",),
                                table=Table.of(*_theta_table_rows(by_theta, exact))))
    doc = {
        "shoe": shoe_json(search.game.shoe),
        "game": "banque-equilibrium",
        "theta": fraction_text(search.theta),
        "assumptions": notes,
        "searched": list(search.searched),
        "search_complete": search.complete,
        "search_gaps": list(search.gaps),
        "equilibria_found": search.found,
        "unique": search.unique,
        "equilibria": [_equilibrium_json(q, full=True) for q in search.equilibria],
        "by_theta": [{"theta": fraction_text(s.theta), "unique": s.unique, "equilibria_found": s.found,
                      "equilibria": [_equilibrium_json(q, full=False) for q in s.equilibria]} for s in by_theta],
    }
    csv = [Table.of(*_strategy_rows(e, True)), Table.of(*_ev_rows(e, True))]
    if by_theta:
        csv.append(Table.of(*_theta_table_rows(by_theta, True)))
    return Report(sections=tuple(sections), document=doc, csv=tuple(csv))
