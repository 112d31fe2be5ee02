"""``kcal.core.suggest.lookup``: the one way every pack's ``catalog show`` finds a card by any of its names
(issue 20, item 4): the name itself, the words of a name, or a close spelling to suggest."""

from __future__ import annotations

from kcal.core.suggest import fold_words, lookup, or_list

NAMES = [("Ardea herodias", "Ardea herodias"), ("Great blue heron", "Ardea herodias"),
         ("ETPW-072", "Ardea herodias"), ("Capreolus capreolus", "EB-150"), ("European roe deer", "EB-150"),
         ("Cervus elaphus", "EB-151"), ("Red deer", "EB-151"), ("Sambucus nigra", "EB-020"),
         ("Elder", "EB-020"), ("yellow 14", "yellow 14"), ("Cheese pizza", "yellow 14")]


def test_a_name_folds_case_dashes_and_spaces() -> None:
    assert fold_words("  Great-Blue_heron ") == "great blue heron"
    assert lookup("GREAT  BLUE HERON", NAMES).name == "Ardea herodias"
    assert lookup("etpw 072", NAMES).name == "Ardea herodias"


def test_a_word_of_a_name_finds_its_one_card() -> None:
    assert lookup("pizza", NAMES).name == "yellow 14"
    assert lookup("roe deer", NAMES).name == "EB-150"
    assert lookup("heron", NAMES).name == "Ardea herodias"


def test_words_several_cards_share_name_none_and_list_them() -> None:
    found = lookup("deer", NAMES)
    assert found.name is None and found.several
    assert found.several_message("species cards") == (
        "'deer' names several species cards: 'European roe deer' or 'Red deer'; say which")


def test_near_misses_are_suggested_by_the_whole_name_or_by_its_words() -> None:
    assert lookup("great blu heron", NAMES).hint() == " (did you mean 'Great blue heron'?)"
    roe = lookup("roe der", NAMES)
    assert roe.name is None and roe.candidates[0] == "European roe deer"
    assert "Elder" not in roe.candidates  # far behind the closest one
    assert lookup("yelow 14", NAMES).hint() == " (did you mean 'yellow 14'?)"


def test_without_close_spellings_only_names_and_words_count() -> None:
    assert lookup("roe der", NAMES, close=False).candidates == ()
    assert lookup("nothing like it", NAMES).hint() == ""


def test_or_list() -> None:
    assert or_list(["a"]) == "'a'" and or_list(["a", "b"]) == "'a' or 'b'"
    assert or_list(["a", "b", "c"]) == "'a', 'b' or 'c'"
