"""``export png|tts -o`` into a folder that cannot be made, and failed exports (issue 36, item 4): one
line and exit 2, no traceback, JSON with ``--format json``; a folder the export made is gone again when
it fails."""

from __future__ import annotations

import errno
import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app

ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"
KINDS = ["png", "tts"]


def _export(kind: str, out: Path, *extra: str) -> object:
    return CliRunner().invoke(app, ["export", kind, str(DECK), "-o", str(out), "--only", "Bayou", "-q", *extra])


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("where", ["/proc/kcal-export-test", "/sys/kcal-export-test", "/proc/self/none/x"])
def test_a_folder_the_system_refuses_is_one_line(kind: str, where: str) -> None:
    for extra in ((), ("--format", "json")):
        result = _export(kind, Path(where), *extra)
        assert result.exit_code == 2, (result.stdout, result.stderr, result.exception)
        assert "Traceback" not in result.stderr and len(result.stderr.splitlines()) == 1, result.stderr
        assert where in result.stderr
        if extra:
            assert json.loads(result.stdout)["errors"][0]["message"].startswith(where)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("err", [errno.EROFS, errno.EACCES, errno.ENOSPC])
def test_a_read_only_mount_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str, err: int) -> None:
    def refuse(self: Path, *a: object, **k: object) -> None:
        raise OSError(err, "refused by the test", str(self))

    monkeypatch.setattr(Path, "mkdir", refuse)
    result = _export(kind, tmp_path / "out")
    assert result.exit_code == 2 and "cannot make the output folder" in result.stderr, result.stderr
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("failure", [KeyboardInterrupt, OSError, "kcal"])
def test_a_failed_export_leaves_no_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, kind: str,
                                          failure: object) -> None:
    from kcal.core import atomic
    from kcal.core.errors import KcalError

    real = atomic.OutputTransaction._commit

    def fail(self: atomic.OutputTransaction) -> None:
        if failure == "kcal":
            raise KcalError("the disk is full (the test)")
        raise failure() if failure is KeyboardInterrupt else OSError(errno.ENOSPC, "full")  # type: ignore[operator]

    monkeypatch.setattr(atomic.OutputTransaction, "_commit", fail)
    result = _export(kind, tmp_path / "new")
    assert result.exit_code in (2, 130), (result.stdout, result.stderr, result.exception)
    assert list(tmp_path.iterdir()) == []
    monkeypatch.setattr(atomic.OutputTransaction, "_commit", real)
    (tmp_path / "kept").mkdir()
    monkeypatch.setattr(atomic.OutputTransaction, "_commit", fail)
    _export(kind, tmp_path / "kept")
    assert (tmp_path / "kept").is_dir()  # a folder that was there stays
