"""What a bad what-if patch gives, for the shared patch tests (tests/balance/test_whatif.py) and each
game's own (tests/games/*/test_balance_patch.py): exit 2 and one line, at the patch's ``file:line:column``."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from kcal.cli.app import app


def check(tmp_path: Path, game: str, text: str, where: str, message: str, hint: str) -> None:
    """``balance what-if --game GAME`` of the patch ``text`` fails with one line at ``where`` (line:column,
    or ``line:`` alone) saying ``message`` and ``hint``."""
    path = tmp_path / "patch.yaml"
    path.write_text(text, encoding="utf-8")
    r = CliRunner().invoke(app, ["balance", "what-if", "--game", game, "--patch", str(path), "-n", "4", "-q"])
    assert r.exit_code == 2, r.stdout
    assert r.exception is None or isinstance(r.exception, SystemExit)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith(f"{path}:{where}"), lines[0]
    assert message in lines[0] and hint in lines[0], lines[0]
