"""Bad input (issue 21, item 2): ``rules replay --svg|--png|--html`` never writes over a file the record
loads, its catalogs or its card set, in every pack (it refused only the record itself before). The
refusal is a usage error (exit 2) naming the file, and the file keeps its bytes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from typer.testing import CliRunner

import tests.packs
from kcal.cli.app import app
from kcal.core.registry import get, ids


def _record(game: str, folder: Path) -> tuple[Path, Path]:
    """The pack's ``loads`` sample in ``folder``: a record it ships, made to load a copy of one of its data
    files (the text ``old`` of the record becomes ``new``, naming the copy)."""
    record, data, old, new = get(game).samples["loads"]
    shutil.copy(tests.packs.folder(get(game)) / data, folder / "set.yaml")
    text = (tests.packs.folder(get(game)) / record).read_text(encoding="utf-8")
    assert old in text, (record, old)
    (folder / "game.yaml").write_text(text.replace(old, new.format(file="set.yaml"), 1), encoding="utf-8")
    return folder / "game.yaml", folder / "set.yaml"


@pytest.mark.parametrize("option", ["--svg", "--png", "--html"])
@pytest.mark.parametrize("pack", ids())
def test_a_picture_never_replaces_a_file_the_record_loads(tmp_path: Path, pack: str, option: str) -> None:
    if not get(pack).has("draw"):
        pytest.skip(f"{pack} has no draw hook: rules replay draws no picture of its records")
    if "loads" not in get(pack).samples:
        pytest.skip(f"{pack} declares no loads sample (one of its records, made to load a data file the user names)")
    record, loaded = _record(pack, tmp_path)
    before = loaded.read_bytes()
    assert CliRunner().invoke(app, ["rules", "replay", str(record)]).exit_code in (0, 1)  # the record is good
    result = CliRunner().invoke(app, ["rules", "replay", str(record), option, str(loaded)])
    assert result.exit_code == 2, result.output
    assert loaded.name in result.stderr
    assert loaded.read_bytes() == before
