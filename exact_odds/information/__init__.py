"""Information play: the exact edge of a player who sees something of the cards (edge sorting, known cards).

:mod:`~exact_odds.information.seen` says what is seen, :mod:`~exact_odds.information.play` prices every state
on the card engine's sequences, :mod:`~exact_odds.information.sorts` searches the two-group sorts
(docs/methods/information.md).
"""
