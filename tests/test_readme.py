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


def test_readme_examples_print_what_the_readme_shows() -> None:
    """Every ``$ kcal ...`` example runs and prints what the README shows (``python
    tests/readme_examples.py --update`` rewrites them from real runs)."""
    from tests.readme_examples import README, examples, expected, run, scratch

    found = examples(README.read_text(encoding="utf-8"))
    assert len(found) >= 20
    wrong = []
    with scratch() as tmp:
        for ex in found:
            got = expected(ex, run(ex.command, Path(tmp)))
            if got != ex.shown:
                wrong.append(f"$ {ex.command}\n  README: {ex.shown[:6]}\n  real:   {got[:6]}")
    assert not wrong, "\n".join(wrong)
