"""Baccarat banque (a deux tableaux): three hands, one banker decision.

The model (docs/rules.md §6; the natural rule as Ethier and Lee (2015),
"On the three-person game baccara banque", Games 6:57, state it):

* **Deal.** One shoe; cards go left, right, banker, left, right, banker.
  Third cards, where taken, go left, then right, then banker. Cards are dealt
  without replacement (with replacement for the infinite deck).
* **Naturals.** A two-card 8 or 9 is a natural. If the banker has one, or both
  tableaux have one, the coup ends and each tableau compares its two-card
  total with the banker's. If exactly one tableau has a natural and the banker
  has none, that tableau wins (whatever the banker later makes) and play goes
  on between the other tableau and the banker.
* **Punters** (each tableau, the same rule): draw on 0-4, stand on 6-7, and on
  5 draw with probability ``q`` (:class:`PunterFive`; q = 1 "draw", the
  default, q = 0 "stand"). Each tableau randomises on its own.
* **What the banker sees.** His own two cards; for each tableau whether it
  stood or drew, the value of a drawn third card (dealt face up), and the two
  cards of a natural (turned over and paid). A tableau that stood shows
  nothing else. His one decision (draw or stand) serves both tableaux.
* **Banker policies** (:data:`BANKER_POLICIES`): follow the punto banco banker
  rule (docs/rules.md §2, items 3-4) against one tableau's action ("stood" or its
  third card):

  - ``tableau-left`` / ``tableau-right``: against that tableau;
  - ``tableau-larger``: against the tableau carrying the larger stake, the
    left if theta > 1/2, the right if theta < 1/2, the left at theta = 1/2;
  - ``optimal``: in each information set (his two cards, both tableaux's
    visible actions) he draws iff drawing has the strictly larger exact
    conditional expected gain ``theta * (result against left) +
    (1 - theta) * (result against right)``; on an exact tie he stands.

  A fixed policy whose tableau has a natural follows the other tableau. When
  both tableaux have naturals the coup has ended and nobody draws.
* **Settlement.** Each tableau's bets are even money; a tie with the banker is
  a push. ``theta`` is the share of the money on the left tableau.

Counting. Every coup is counted as an ordered sequence of **nine** cards
(the most a coup can use: 2 + 2 + 2 and three third cards), unused cards
included, so all counts share the denominator ``N(N-1)...(N-8)`` (the
six-card convention of docs/rules.md §3 stretched to nine cards); the infinite deck
counts in units of ``13**9``. Weights are exact integers: drawing the ordered
values x1..xk has ``prod_v c[v](c[v]-1)...(c[v]-k_v+1)`` ways, whatever the
order, so the deal order changes no probability; it is stated for the record.
With a mixed punter policy q = a/b the counts are multiplied by ``b**2``.

The walk. For each banker pair (unordered, multiplicity 2 for distinct
values), the left and right hands (pair and third card) are enumerated as two
lists; the ways of the right hand given the left are a matrix built with
numpy. The banker's third card is summed by linearity, as in
:func:`exact_odds.punto_banco.walk.walk`: the ways to draw value u after hands that
used ``r[u]`` u's are ``c0[u] - r[u]``. Everything is then grouped by what the
banker sees, keeping for each information set the counts of the nine joint
results both if he draws and if he stands, so every policy and every theta is
priced from the same walk. numpy works in int64 only when a bound on every
sum (``(N^3 + N^2)^2 N``) is below ``2**63``; otherwise it works on Python
integers.

Modules: :mod:`.model` (results, actions, policies' names, the punter's rule
at 5, errors), :mod:`.hands` (the numpy kernel), :mod:`.walk` (the walk and
:func:`analyse_banque`), :mod:`.policies` (the banker's choice per
information set), :mod:`.result` (what a walk holds, :class:`BanqueWalk`, and
a policy priced on it, :class:`BanqueResult`) and :mod:`.middle` (the middle
bet). The three-person game (docs/methods/banque-equilibrium.md):
:mod:`.game` (the walk with the punters' choices at 5 kept apart),
:mod:`.lines`, :mod:`.curve`, :mod:`.profile`, :mod:`.equilibrium`
(:func:`~exact_odds.games.banque.equilibrium.solve_banque`) and :mod:`.surd`. Rows, text and JSON are built in
:mod:`exact_odds.report.banque`.
"""

from exact_odds.games.banque.middle import Middle, MiddleSolution
from exact_odds.games.banque.model import (
    BANKER_POLICIES, DRAW_AT_5, MIN_BANQUE_CARDS, RESULTS, THETAS, BanqueError, PunterFive,
)
from exact_odds.games.banque.result import BanqueResult, BanqueWalk
from exact_odds.games.banque.walk import analyse_banque, banque_walk, cached_walk, nine_card_total

__all__ = [
    "BANKER_POLICIES", "DRAW_AT_5", "MIN_BANQUE_CARDS", "RESULTS", "THETAS", "BanqueError", "BanqueResult",
    "BanqueWalk", "Middle", "MiddleSolution", "PunterFive", "analyse_banque", "banque_walk", "cached_walk",
    "nine_card_total",
]
