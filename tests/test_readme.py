"""The README starts with the two set-up commands, and CI runs the second one verbatim."""

from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_readme_starts_with_the_two_setup_commands() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    blocks = [b.split("```", 1)[0] for b in text.split("```sh\n")[1:3]]
    assert "pip install ." in blocks[0] and "kcal deck validate" in blocks[0]
    assert "pip install -q -e '.[test,dask]'" in blocks[1] and "pytest" in blocks[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert blocks[1].strip() in ci, ".ci/run must run the README's test command verbatim"
