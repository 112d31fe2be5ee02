"""Cut files for cutting machines: one SVG per front sheet with every face's cut line at true size.

Load the SVG over the printed sheet in the cutter's software (Silhouette Studio, Cricut Design
Space, LightBurn...): the page is the SVG's size in millimetres and each cut path is a closed
outline (a hexagon, or a card's rectangle with its round corners) exactly where the PDF's cut line
is, so the two line up with the page corner or with the registration the software adds. Paths carry
the face's label (a tile id, a card), so a designer can see which is which.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.sax.saxutils import quoteattr

from kcal.print.layout import MM, SheetLayout, hex_points


def sheet_svg(layout: SheetLayout, labels: Sequence[str], title: str = "") -> str:
    """The cut lines of the first ``len(labels)`` faces of ``layout``, labelled in order."""
    paper = layout.paper
    geom = layout.geometry
    w_mm, h_mm = paper.width / MM, paper.height / MM
    lines = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w_mm:.3f}mm" height="{h_mm:.3f}mm" '
        f'viewBox="0 0 {w_mm:.3f} {h_mm:.3f}">',
        f"<title>{_esc(title or 'cut lines')}</title>",
        '<g id="cut" fill="none" stroke="#ff0000" stroke-width="0.1">',
    ]
    for i, (label, slot) in enumerate(zip(labels, layout.slots, strict=False), 1):
        ident = quoteattr(f"cut-{i}-{'-'.join(label.split())}")
        if geom.kind == "hex":
            pts = hex_points(slot.x, slot.y, geom.across, slot.rotated)
            coords = " ".join(f"{x / MM:.3f},{h_mm - y / MM:.3f}" for x, y in pts)
            lines.append(f"<polygon id={ident} points=\"{coords}\"/>")
        else:
            card: Any = geom  # a card grid's geometry (print.cardgrid.CardGeometry) has a height
            w, h = (card.height, card.width) if slot.rotated else (card.width, card.height)
            x0, y_top = (slot.x - w / 2) / MM, h_mm - (slot.y + h / 2) / MM
            lines.append(f"<rect id={ident} x=\"{x0:.3f}\" y=\"{y_top:.3f}\" width=\"{w / MM:.3f}\" "
                         f"height=\"{h / MM:.3f}\" rx=\"{geom.radius / MM:.3f}\"/>")
    lines += ["</g>", "</svg>", ""]
    return "\n".join(lines)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def cut_paths(out: Path, sheets: int) -> list[Path]:
    return [out.with_name(f"{out.stem}-cut-{i}.svg") for i in range(1, sheets + 1)]


def card_cut_files(faces: Sequence[Any], opts: Any, output: str | Path, inputs: Sequence[str | Path],
                   groups: Sequence[tuple[str, Sequence[Any]]] | None = None) -> list[tuple[Path, str]]:
    """The cut file of each front sheet of a card game's ``print cards`` (``OUT-cut-N.svg``), laid out as
    the sheets are (:func:`kcal.print.sheets.chunk_faces`), each path checked before anything is written."""
    from kcal.core.atomic import check_output_path
    from kcal.print.sheets import chunk_faces

    layout, chunks = chunk_faces(faces, opts, groups)
    out = []
    for path, (_, chunk) in zip(cut_paths(Path(output), len(chunks)), chunks, strict=True):
        check_output_path(path, inputs=inputs)
        out.append((path, sheet_svg(layout, [f.label for f in chunk], opts.title)))
    return out


def write_cut_files(svgs: Sequence[tuple[Path, str]], inputs: Sequence[str | Path]) -> list[Path]:
    """Write the cut files :func:`card_cut_files` made, each atomically, never over an input."""
    from kcal.core.atomic import atomic_write_text

    return [atomic_write_text(path, text, inputs=inputs) for path, text in svgs]
