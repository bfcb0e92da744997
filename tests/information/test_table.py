"""At the table: one seen state of the next coup (next_coup) is that state of information_play, whichever
way it is computed (its own sequences, or every coup less the other group)."""

import pytest

from exact_odds import Shoe
from exact_odds.information.play import information_play
from exact_odds.information.seen import Information, InformationError
from exact_odds.information.table import next_coup

SMALL = Shoe.from_counts((1, 1, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0))


SHOES = [Shoe.decks(8).remove(["5", "5", "K", "9"]), Shoe.infinite(), SMALL]
INFOS = [
    Information(group=(1,), high={6, 7, 8, 9}),
    Information(group=(1,), high={1, 2, 3, 4, 5, 6, 7, 8, 9}),  # the larger group is High
    Information(group=(6,), high={0, 1}),
    Information(group=(1, 2), high={6, 7, 8, 9}),
    Information(value=(5,)),
    Information(group=(5,), value=(6,), high={6, 7, 8, 9}),
]


#: A group and a value seen at once, on 8 decks (the costliest case, seconds) under ``-m slow``: the same
#: information on the infinite deck and the small shoe, and the other sorts of information on 8 decks, by default.
@pytest.mark.parametrize("info, shoe", [
    pytest.param(info, shoe, id=f"info{i}-shoe{j}", marks=[pytest.mark.slow] if (i, j) == (5, 0) else [])
    for i, info in enumerate(INFOS) for j, shoe in enumerate(SHOES)])
def test_every_state_is_information_plays(shoe, info):
    play = information_play(shoe, info)
    for s in play.states:
        assert next_coup(shoe, info, s.seen) == s
        assert next_coup(shoe, info, s.seen, must_bet=True).best is not None


def test_an_impossible_state_has_probability_zero():
    shoe = Shoe.from_counts((0, 0, 0, 0, 0, 6, 0, 0, 0, 0, 0, 0, 0))  # six 6s
    s = next_coup(shoe, Information(group=(1,), high={6, 7, 8, 9}), ("L",))
    assert s.probability == 0 and s.best is None


@pytest.mark.parametrize("seen, words", [
    (("X",), "position 1 shows 'X'"),
    (("H", "L"), "2 labels seen for 1 seen positions"),
    ("H", "a label per seen position"),
    (5, "a label per seen position"),
])
def test_bad_seen_labels_are_refused(seen, words):
    with pytest.raises(InformationError, match=words):
        next_coup(Shoe.decks(8), Information(group=(1,), high={6, 7, 8, 9}), seen)
