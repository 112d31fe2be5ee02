"""Cut files for cutting machines: one SVG per front sheet with every tile's cut line at true size.

Load the SVG over the printed sheet in the cutter's software (Silhouette Studio, Cricut Design
Space, LightBurn...): the page is the SVG's size in millimetres and each cut path is a closed
hexagon exactly where the PDF's cut line is, so the two line up with the page corner or with the
registration the software adds. Paths carry the tile id, so a designer can see which is which.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from xml.sax.saxutils import quoteattr

from kcal.games.kcaloria.models import Tile
from kcal.print.layout import MM, SheetLayout, hex_points


def sheet_svg(layout: SheetLayout, tiles: Sequence[Tile], title: str = "") -> str:
    paper = layout.paper
    w_mm, h_mm = paper.width / MM, paper.height / MM
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w_mm:.3f}mm" height="{h_mm:.3f}mm" '
        f'viewBox="0 0 {w_mm:.3f} {h_mm:.3f}">',
        f"<title>{_esc(title or 'kCaloria cut lines')}</title>",
        '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">',
    ]
    for i, (tile, slot) in enumerate(zip(tiles, layout.slots, strict=False), 1):
        pts = hex_points(slot.x, slot.y, layout.geometry.across, slot.rotated)
        coords = " ".join(f"{x / MM:.3f},{h_mm - y / MM:.3f}" for x, y in pts)
        lines.append(f"<polygon id={quoteattr(f'cut-{i}-{tile.id}')} points=\"{coords}\"/>")
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def cut_paths(out: Path, sheets: int) -> list[Path]:
    return [out.with_name(f"{out.stem}-cut-{i}.svg") for i in range(1, sheets + 1)]
