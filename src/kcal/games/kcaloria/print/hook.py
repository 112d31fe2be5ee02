"""kCaloria's ``print`` hook: ``kcal print cards|rulebook`` with the options every pack is given.

kCaloria's cards are its player aids, one fixed product (poker size, no bleed, the embedded font), so
the options meant for a card game's own cards are refused in words; the rulebook reads the pack's
schema and templates, so a card set is refused too. Tile sheets (``print deck|catalog|tile``) come from
:mod:`kcal.games.kcaloria.print.api` through the pack's ``tools`` hook.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kcal.core.errors import UsageError


def print_cards(output: Path, *, paper: str, backs: bool, flip: str, bleed: float, split: int | None,
                size: str, back_offset: tuple[float, float], gutter: float, catalog: Path | None,
                cut_lines: bool, crop_marks: bool, alignment_page: bool, cut_svg: bool,
                fonts: tuple[Path | None, Path | None]) -> Any:
    """The player-aid cards; the options they cannot honour are a usage error naming each of them."""
    asked = [name for name, used in (
        ("--bleed", bleed != 0), ("--card-size", size.strip().lower() != "poker"), ("--gutter", gutter != 0),
        ("--back-offset", tuple(back_offset) != (0.0, 0.0)), ("--alignment-page", alignment_page),
        ("--no-cut-lines", not cut_lines), ("--no-crop-marks", not crop_marks), ("--cut-svg", cut_svg),
        ("--font", any(f is not None for f in fonts)), ("--card-set", catalog is not None)) if used]
    if asked:
        raise UsageError(f"{', '.join(asked)}: kCaloria's player-aid cards print at poker size without bleed; "
                         "these options are for a card game's own cards (--game ID)")
    from kcal.games.kcaloria.print.api import render_cards_pdf

    return render_cards_pdf(output, paper=paper, backs=backs, flip=flip, split_every=split)


def print_rulebook(output: Path, *, paper: str, templates: Path | None, catalog: Path | None) -> Any:
    """The rule sheets from the pack's templates (or ``--templates``) and its modifier registry."""
    if catalog is not None:
        raise UsageError("--card-set is for the card games' own sets; kCaloria's rulebook reads its schema")
    from kcal.games.kcaloria.print.api import render_rulebook_pdf

    return render_rulebook_pdf(output, paper=paper, templates=templates)
