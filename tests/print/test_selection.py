"""Choosing what a print run prints (kcal.print.selection, issue 23, item 3): ``--only`` a card (one of it)
or a kind (as the set has it), ``--copies`` times, in the set's order; an unknown name is a usage error with
the close spellings."""

from __future__ import annotations

import pytest

from kcal.core.errors import UsageError
from kcal.print.selection import MAX_COPIES, Choice, select_faces
from kcal.print.sheets import Face


def _face(key: str, label: str, kind: str, *names: str) -> Face:
    return Face(key=key, draw=lambda c, box: None, label=label, kind=kind, names=names)


OAK = _face("oak", "Quercus robur", "tree", "English oak")
ASH = _face("ash", "Fraxinus excelsior", "tree", "Common ash")
FOX = _face("fox", "Vulpes vulpes", "mammal", "Red fox")
SET = [OAK, OAK, ASH, FOX]  # the set has two oaks


def keys(faces: list[Face]) -> list[str]:
    return [f.key for f in faces]


def test_no_only_prints_the_set_copies_times_each_card_beside_its_copies():
    assert keys(select_faces(SET)) == ["oak", "oak", "ash", "fox"]
    assert keys(select_faces(SET, copies=2)) == ["oak"] * 4 + ["ash", "ash", "fox", "fox"]


def test_only_a_card_by_any_of_its_names_prints_one_of_it():
    assert keys(select_faces(SET, ["english OAK"])) == ["oak"]
    assert keys(select_faces(SET, ["Quercus robur"], copies=3)) == ["oak"] * 3
    assert keys(select_faces(SET, ["fox"])) == ["fox"]  # a word of one name


def test_only_a_kind_singular_or_plural_prints_it_as_the_set_has_it():
    assert keys(select_faces(SET, ["trees"])) == ["oak", "oak", "ash"]
    assert keys(select_faces(SET, ["tree", "Red fox"])) == ["oak", "oak", "ash", "fox"]


def test_only_keeps_the_sets_order():
    assert keys(select_faces(SET, ["Red fox", "Common ash"])) == ["ash", "fox"]


def test_an_unknown_name_suggests_the_close_spellings():
    with pytest.raises(UsageError) as e:
        select_faces(SET, ["Vulpes vulpess"], game="a game")
    assert "--only 'Vulpes vulpess': a game has no card or kind of that name (did you mean 'Vulpes vulpes'?)" \
        in e.value.message
    assert "the kinds are 'mammal', 'tree'" in e.value.message


def test_a_name_of_several_cards_asks_which():
    with pytest.raises(UsageError, match="names several"):
        select_faces([OAK, _face("oak2", "Quercus petraea", "tree", "Sessile oak")], ["oak"])


@pytest.mark.parametrize("copies", [0, -1, MAX_COPIES + 1])
def test_copies_out_of_range_is_refused(copies):
    with pytest.raises(UsageError, match="--copies must be a whole number"):
        select_faces(SET, copies=copies)


def test_a_choice_that_is_no_face_is_chosen_the_same_way_and_named_by_its_noun():
    tiles = [Choice(key=k, label=label, item=k.upper(), kind=kind, names=names) for k, label, kind, names in
             [("b", "Bayou", "water", ("Slow water",)), ("b", "Bayou", "water", ("Slow water",)),
              ("p", "Pinus taeda", "plant", ("Loblolly pine",))]]
    assert [c.item for c in select_faces(tiles, ["slow water"], copies=2)] == ["B", "B"]
    assert [c.item for c in select_faces(tiles, ["waters"])] == ["B", "B"]
    with pytest.raises(UsageError) as e:
        select_faces(tiles, ["Pinus taedaa"], game="the deck 'Test'", noun="tile")
    assert "--only 'Pinus taedaa': the deck 'Test' has no tile or kind of that name (did you mean 'Pinus taeda'?)" \
        in e.value.message
