"""Bad input (BAD-INPUT.md): exit 2, one ``file:line:column: message`` line per problem, no traceback.

Every fixture in ``fixtures/bad/`` has its expected messages in ``fixtures/bad_input_expected.txt``
(golden: wording and positions must not drift). ``set-*`` fixtures are card sets, the rest records.
"""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.games.how_many_calories.files.load import load_catalog
from kcal.games.how_many_calories.files.recordfile import load_record
from kcal.games.how_many_calories.replay import replay

FIXTURES = Path(__file__).resolve().parent / "fixtures"

EXPECTED: dict[str, list[str]] = defaultdict(list)
for _line in (FIXTURES / "bad_input_expected.txt").read_text(encoding="utf-8").splitlines():
    _name, _, _message = _line.partition(": ")
    EXPECTED[_name].append(_message)


def messages(exc: KcalError) -> list[str]:
    return [line.replace(str(FIXTURES) + "/", "") for line in str(exc).splitlines()]


def test_every_bad_fixture_has_an_expected_message():
    assert sorted(EXPECTED) == sorted(p.name for p in (FIXTURES / "bad").glob("*.yaml"))


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_bad_input_gives_its_golden_message_and_exit_2(name):
    path = FIXTURES / "bad" / name
    with pytest.raises(KcalError) as err:
        (load_catalog if name.startswith("set-") else replay)(path)
    assert err.value.exit_code == 2
    assert messages(err.value) == EXPECTED[name]
    for problem in err.value.problems:
        assert problem.where.file == str(path) and problem.where.line and problem.where.column


def test_another_games_record_names_both_games():
    assert "this is a kcaloria file, not a How many Calories? game record" in EXPECTED["wrong-game.yaml"][0]


YAMLISH = st.lists(st.sampled_from([
    "game: how-many-calories\n", "players: [A, B, C]\n", "players: [A, B]\n", "seed: 3\n", "seed: -1\n",
    "rounds:\n", "  - plays:\n", "      - {player: A, card: red 8}\n", "      - {player: Q, card: bleu 4}\n",
    "  - hands: {A: [red 1]}\n", "start:\n", "  hands: {A: [red 1], B: [red 8], C: [red 9]}\n",
    "  leader: B\n", "  trick: [{player: B, card: red 8}]\n", "variant: two-player\n", "limit: 0\n",
    "- x\n", "  ]\n", "&a [*a]\n", "game: kalua\n", "\t\n", "catalog: ../nope.yaml\n", ": :\n",
]), min_size=0, max_size=12).map("".join)


@settings(max_examples=150)
@given(text=YAMLISH)
def test_generated_yaml_gives_a_record_or_a_positioned_error(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("gen") / "record.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        load_record(path)
    except KcalError as exc:
        assert exc.exit_code == 2
        for problem in exc.problems:
            assert problem.where.file == str(path) and problem.where.line is not None
