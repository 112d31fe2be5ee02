"""Print-and-play: tiles at true size on honeycomb sheets, player-aid cards, rulebook sheets, previews.

The pipeline (docs in each module): data -> :mod:`layout` (geometry as data) -> one renderer per face
kind (:mod:`tile_face`, :mod:`cards`, :mod:`rulebook`) -> :mod:`sheets` (imposition, marks, backs)
-> :mod:`output` (atomic, split, reproducible PDF files). The public functions live in :mod:`api`
and are re-exported here lazily, so importing ``kcal.print`` does not import ReportLab.
"""

from __future__ import annotations

from typing import Any

__all__ = ["render_deck_pdf", "render_catalog_pdf", "render_alignment_pdf", "render_cards_pdf", "render_rulebook_pdf",
           "render_tile_png", "render_tiles_pdf", "sheet_options", "PrintResult"]


def __getattr__(name: str) -> Any:
    if name in __all__:
        from kcal.games.kcaloria.print import api

        return getattr(api, name)
    raise AttributeError(name)
