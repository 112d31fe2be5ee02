"""Bad input (issue 21, item 2): ``rules replay --svg|--png|--html`` never writes over a file the record
loads, its catalogs or its card set, in every pack (it refused only the record itself before). The
refusal is a usage error (exit 2) naming the file, and the file keeps its bytes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
GAMES = ROOT / "src" / "kcal" / "games"
TESTS = ROOT / "tests" / "games"


def _kcaloria(folder: Path) -> tuple[Path, Path]:
    shutil.copy(GAMES / "kcaloria" / "data" / "piney-woods.yaml", folder / "cat.yaml")
    record = (TESTS / "kcaloria" / "engine" / "fixtures" / "bayou-phlox-squirrel.yaml").read_text()
    (folder / "game.yaml").write_text(record.replace("catalogs: [builtin]", "catalogs: [cat.yaml]"))
    return folder / "game.yaml", folder / "cat.yaml"


def _with_set(pack: str, data: str, record: Path) -> object:
    def make(folder: Path) -> tuple[Path, Path]:
        shutil.copy(GAMES / pack / "data" / data, folder / "set.yaml")
        text = record.read_text()
        (folder / "game.yaml").write_text(text.replace(f"game: {pack.replace('_', '-')}\n",
                                                       f"game: {pack.replace('_', '-')}\ncatalog: set.yaml\n", 1))
        return folder / "game.yaml", folder / "set.yaml"
    return make


CASES = {
    "kcaloria": _kcaloria,
    "how-many-calories": _with_set("how_many_calories", "foods.yaml",
                                   TESTS / "how_many_calories" / "fixtures" / "examples" / "dealt-round.yaml"),
    "kalua": _with_set("kalua", "cards.yaml", TESTS / "kalua" / "fixtures" / "examples" / "table-game.yaml"),
}


@pytest.mark.parametrize("option", ["--svg", "--png", "--html"])
@pytest.mark.parametrize("pack", sorted(CASES))
def test_a_picture_never_replaces_a_file_the_record_loads(tmp_path: Path, pack: str, option: str) -> None:
    record, loaded = CASES[pack](tmp_path)  # type: ignore[operator]
    before = loaded.read_bytes()
    assert CliRunner().invoke(app, ["rules", "replay", str(record)]).exit_code in (0, 1)  # the record is good
    result = CliRunner().invoke(app, ["rules", "replay", str(record), option, str(loaded)])
    assert result.exit_code == 2, result.output
    assert loaded.name in result.stderr
    assert loaded.read_bytes() == before


def test_ecologic_replays_name_the_data_files_they_load() -> None:
    from kcal.games.ecologic_europe.files.load import COMPONENTS_FILE
    from kcal.games.ecologic_europe.replay import replay

    result = replay(TESTS / "ecologic_europe" / "fixtures" / "meadow-spring.yaml")
    assert COMPONENTS_FILE in result.inputs and any(p.name == "species-base.yaml" for p in result.inputs)
