"""Issue 23, "Bad input": a card naming an icon kcal does not ship is refused at its file:line:column
with a did-you-mean among the icon names, exit 2, in every game; icon names are read strictly."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.registry import get
from kcal.print import pictures
from tests.packs import folder, with_sample


@pytest.mark.parametrize("game", with_sample("icon"))
def test_an_unknown_icon_is_refused_at_its_position_with_a_did_you_mean(game: str, tmp_path: Path) -> None:
    """The pack's ``icon`` sample: its shipped file, the icon line as shipped, and the line misspelt."""
    rel, good, bad = get(game).samples["icon"]
    hint = good[len("icon: "):].strip(", \n")
    text = (folder(get(game)) / rel).read_text(encoding="utf-8")
    assert good in text
    path = tmp_path / "custom.yaml"
    text = text.replace(good, bad, 1)
    path.write_text(text, encoding="utf-8")
    line = text[:text.index(bad)].count("\n") + 1
    column = text.index(bad) - text.rindex("\n", 0, text.index(bad)) + len("icon: ")
    r = CliRunner().invoke(app, ["catalog", "validate", str(path)])
    assert r.exit_code == 2, r.output
    wrong = bad[len("icon: "):].strip(", \n")
    found = re.search(rf"custom\.yaml:(\d+):(\d+): \S*icon: unknown icon '{wrong}' "
                      rf"\(did you mean '{hint}'[^)]*\?\)", r.stderr)
    assert found, r.stderr
    assert (int(found.group(1)), int(found.group(2))) == (line, column)
    assert "Traceback" not in r.output


def test_icon_names_are_checked_strictly() -> None:
    assert pictures.check_icon("fox") == "fox"
    for wrong in ("Fox", "fox ", "", "../fox", "fox\x00"):
        with pytest.raises(ValueError, match="unknown icon"):
            pictures.check_icon(wrong)
    with pytest.raises(ValueError, match=r"did you mean 'fox'"):
        pictures.check_icon("foz")
