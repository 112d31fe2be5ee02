"""Bad input (issue 21, item 2): a ``--save-game`` record that another program creates while the games
are played is never replaced without ``--force``. Every ``--save-game`` goes through one writer
(:func:`kcal.sim.records.write_record`), which creates the file exclusively; the run exits 2 naming the file."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app

FIXTURES = Path(__file__).resolve().parents[1] / "sim" / "fixtures"


def _created_meanwhile(monkeypatch: pytest.MonkeyPatch, module: str, name: str, record: Path) -> None:
    """Make ``module.name`` (the run's games) create ``record`` before it returns, as a racing run would."""
    import importlib

    mod = importlib.import_module(module)
    real = getattr(mod, name)

    def racing(*args: Any, **kwargs: Any) -> Any:
        out = real(*args, **kwargs)
        record.write_text("another run's record\n")
        return out

    monkeypatch.setattr(mod, name, racing)


@pytest.mark.parametrize(("module", "name", "command"), [
    ("kcal.games.kcaloria.sim.solo", "simulate_solo", ["sim", "solo", "{deck}", "--games", "2"]),
    ("kcal.games.kcaloria.sim.deckmatch", "deck_match", ["sim", "match", "{deck}", "{deck}", "--games", "2"]),
])
def test_a_record_created_during_the_run_is_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, module: str,
                                                 name: str, command: list[str]) -> None:
    record = tmp_path / "saved.yaml"
    _created_meanwhile(monkeypatch, module, name, record)
    deck = str(FIXTURES / "piney.yaml")
    args = [a.replace("{deck}", deck) for a in command] + ["--quiet", "--save-game", "1", "-o", str(record)]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 2, result.output
    assert str(record) in result.stderr and "already exists" in result.stderr
    assert record.read_text() == "another run's record\n"
