"""Where the rulebooks are found (kcal.core.rulebooks): beside the checkout, not inside it. Since the move
to ``src/`` the folder was looked for at ``src/shared/rules``, so ``kcal rules explain setup`` printed the
summary instead of the rulebook's section; this test finds the checkout by its ``pyproject.toml``, not by
repeating the module's arithmetic."""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.core import rulebooks

CHECKOUT = next(p for p in Path(__file__).resolve().parents if (p / "pyproject.toml").is_file())


def test_the_rulebooks_are_looked_for_beside_the_checkout() -> None:
    assert rulebooks.BESIDE_CHECKOUT == CHECKOUT.parent / "shared" / "rules"


def test_a_rulebook_beside_the_checkout_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("KCAL_RULES_DIR", raising=False)
    monkeypatch.setattr(rulebooks, "BESIDE_CHECKOUT", tmp_path)
    (tmp_path / "some-rulebook.txt").write_text("Setup\n", encoding="utf-8")
    assert rulebooks.rulebook_path("some-rulebook.txt") == tmp_path / "some-rulebook.txt"
    assert rulebooks.rulebook_path("other-rulebook.txt") is None
    monkeypatch.setenv("KCAL_RULES_DIR", str(tmp_path / "nowhere"))
    assert rulebooks.rulebook_path("some-rulebook.txt") is None
