"""Bad input (BAD-INPUT.md and the issue's list): exit 2, one ``file:line:column: message`` line per
problem, no traceback, nothing written.

Every fixture in ``fixtures/bad/`` has its expected messages in ``fixtures/bad_input_expected.txt``
(golden: wording and positions must not drift). ``set-*`` fixtures are card sets, the rest records.
"""

from __future__ import annotations

import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.errors import KcalError
from kcal.core.yamlsafe import parse_yaml
from kcal.games.kalua.files.load import load_catalog
from kcal.games.kalua.files.models import CardSetFile
from kcal.games.kalua.files.recordfile import load_record
from kcal.games.kalua.replay import replay

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


def test_an_effect_of_an_unknown_kind_is_named_with_the_known_kinds():
    assert "unknown effect kind 'joy'; the kinds are praying_points" in EXPECTED["set-unknown-effect.yaml"][0]


def test_a_missing_amount_and_a_negative_cost_are_refused():
    assert EXPECTED["set-missing-amount.yaml"][0].endswith("amount: missing required field 'amount'")
    assert EXPECTED["set-negative-cost.yaml"][0].endswith("cost: must be at least 0, got -5")


def test_six_players_is_bad_input():
    assert EXPECTED["record-six-players.yaml"] == [
        "bad/record-six-players.yaml:2:10: players: Kalua is played by 3 to 5 players, not 6"]


def test_another_games_record_names_both_games():
    assert "this is a how-many-calories file, not a Kalua game record" in EXPECTED["record-wrong-game.yaml"][0]


def test_the_cli_prints_one_line_and_no_traceback(tmp_path):
    here, record = str(Path(__file__).parent), str(FIXTURES / "bad" / "record-six-players.yaml")
    code = (f"import sys; sys.path.insert(0, {here!r}); from conftest import with_kalua\n"
            "import pytest\nmp = pytest.MonkeyPatch(); with_kalua(mp)\n"
            f"from kcal.cli.app import main\nsys.argv = ['kcal', 'rules', 'replay', {record!r}]\nmain()\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=tmp_path)
    assert out.returncode == 2, out.stderr
    assert out.stderr.strip().endswith("players: Kalua is played by 3 to 5 players, not 6")
    assert "Traceback" not in out.stderr and len(out.stderr.strip().splitlines()) == 1
    assert list(tmp_path.iterdir()) == []


YAMLISH = st.lists(st.sampled_from([
    "game: kalua\n", "players: [A, B, C]\n", "players: [A, B]\n", "seed: 3\n", "seed: -1\n", "moves:\n",
    "  - {player: A, draw: bonus}\n", "  - {player: Q, play: Tornado}\n", "  - {player: A, play: Tsunami, pay: 6}\n",
    "  - {player: B, reply: none}\n", "  - {player: A, target: C}\n", "start:\n", "  gods: {A: {}, B: {}, C: {}}\n",
    "  phase: cards\n", "- x\n", "  ]\n", "&a [*a]\n", "game: kcaloria\n", "\t\n", ": :\n", "turn_limit: 0\n",
]), min_size=0, max_size=12).map("".join)


@settings(max_examples=150)
@given(YAMLISH)
def test_any_yaml_like_record_gives_a_result_or_a_positioned_error(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("rec") / "game.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        load_record(path)
    except KcalError as exc:
        for problem in exc.problems:
            assert problem.where.file and problem.where.line and problem.where.column, str(exc)


@settings(max_examples=100)
@given(st.lists(st.sampled_from([
    "game: kalua\n", "set: {code: X, name: Y}\n", "cards:\n", "  - name: A\n", "    kind: bonus\n",
    "    kind: global\n", "    cost: -1\n", "    cost: 3\n", "    effects: [{kind: keep, target: self}]\n",
    "    effects: [{kind: happiness, target: self}]\n", "    effects: [{kind: nope}]\n", "variant: mine\n",
]), max_size=10).map("".join))
def test_any_yaml_like_card_set_gives_a_set_or_a_positioned_error(tmp_path_factory, text):
    path = tmp_path_factory.mktemp("set") / "set.yaml"
    path.write_text(text, encoding="utf-8")
    try:
        load_catalog(path)
    except KcalError as exc:
        for problem in exc.problems:
            assert problem.where.file and problem.where.line and problem.where.column, str(exc)


def test_the_builtin_set_parses_with_the_safe_loader_only():
    doc = parse_yaml((Path(__file__).parents[3] / "src" / "kcal" / "games" / "kalua" / "data" / "cards.yaml").read_text())
    assert CardSetFile.model_validate(doc.data).game == "kalua"
