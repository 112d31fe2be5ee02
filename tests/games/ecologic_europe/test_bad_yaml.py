"""BAD-INPUT.md on the pack's loaders: each problem a positioned KcalError (exit 2), never a traceback;
a property test feeds generated YAML-like text to the species loader and the record loader."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.games.ecologic_europe.files.load import load_species
from kcal.games.ecologic_europe.replay import replay
from tests.hypothesis_profile import PROFILE_SUPPRESSED

GOOD = ("game: ecologic-europe\nset: {code: T, name: Test}\nspecies:\n"
        "  - {id: T-001, name: Dandelion, latin: Taraxacum officinale, type: herbaceous, habitats: [meadows], "
        "production: [3, 2, 2, 2], fact: \"A fact.\"}\n")


def errors(tmp_path: Path, text: str, loader=load_species) -> list[str]:
    path = tmp_path / "f.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(KcalError) as err:
        loader([path]) if loader is load_species else loader(path)
    return [str(p).replace(str(path), "F") for p in err.value.problems]


def test_a_valid_species_file_loads(tmp_path: Path):
    path = tmp_path / "ok.yaml"
    path.write_text(GOOD, encoding="utf-8")
    assert len(load_species([path])) == 1


@pytest.mark.parametrize(("text", "expected"), [
    (GOOD.replace("fact:", "facts:"), "F:4:128: species[0].facts: unknown field 'facts' (did you mean 'fact'?)"),
    (GOOD.replace("[3, 2, 2, 2]", "[3, 2, no, 2]"), "species[0].production[2]"),  # strict: no is not a number
    (GOOD.replace("Dandelion", "Dandel\u200bion"), "species[0].name"),  # an invisible character in a name
    (GOOD.replace("game: ecologic-europe\n", ""), "F:1:1: this file has no 'game:' key"),
    (GOOD.replace("game: ecologic-europe", "game: how-many-calories"), "this is a how-many-calories file"),
    (GOOD.replace("game: ecologic-europe", "game: ecologic-europa"), "did you mean 'ecologic-europe'"),
    (GOOD + GOOD.splitlines(keepends=True)[3], "F:"),  # two cards with one id and one Latin name
    ("game: ecologic-europe\nset: {code: T, name: T}\nset: {code: U, name: U}\nspecies: []\n", "F:"),
    ("- just\n- a list\n", "expected a mapping"),
])
def test_species_file_bad_input_is_positioned(tmp_path: Path, text: str, expected: str):
    found = errors(tmp_path, text)
    assert found and all(e.startswith("F:") for e in found), found
    assert any(expected in e for e in found), found


def test_record_unknown_move_key_and_bad_place(tmp_path: Path):
    head = "game: ecologic-europe\nplayers: [A, B]\nseed: 1\nmoves:\n"
    found = errors(tmp_path, head + "  - {player: A, exchnge: none}\n", replay)
    assert found == ["F:5:5: moves[0]: unknown key 'exchnge' in a move (did you mean 'exchange'?)"]
    found = errors(tmp_path, head + "  - {player: A, exchange: none}\n  - {player: B, exchange: none}\n"
                   "  - {player: A, place: Taraxacum officinale, at: x9}\n", replay)
    assert found[0].startswith("F:7:5: moves[2]: at: a place is written h<board>.<field>")
    found = errors(tmp_path, head + "  - {player: Q, exchange: none}\n", replay)
    assert found == ["F:5:14: moves[0].player: 'Q'; the players are A, B"]


YAMLISH = st.text(alphabet=st.sampled_from(list("abc:-[]{}, \n\t'\"&*!|>#0123456789")), max_size=120)


@settings(max_examples=150, suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(YAMLISH)
def test_generated_yaml_gives_a_result_or_a_positioned_error(tmp_path: Path, text: str):
    for loader in (load_species, replay):
        path = tmp_path / "g.yaml"
        path.write_text("game: ecologic-europe\n" + text, encoding="utf-8")
        try:
            loader([path]) if loader is load_species else loader(path)
        except KcalError as exc:
            assert all(p.where.line is not None for p in exc.problems), str(exc)
