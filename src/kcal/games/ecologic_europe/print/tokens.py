"""EcoLogic: Europe's tokens on one token sheet (issue 23, item 2): square tokens in a grid that shares its
cut lines, so a sheet is cut with a ruler in straight strokes. The rulebook's symbols: biomass a green
square, remains a grey disc, a fed species a red apple (each drawn on its square). The rows are shared
among the three kinds in the proportions of :data:`TOKEN_SHARES`, and the grid fills the page. With
``backs`` the back page repeats every token at its mirrored place, so that each token is printed on both
sides.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, NamedTuple

from kcal.games.ecologic_europe.print.layout import TOKEN_SHEET
from kcal.print.cardface import fill
from kcal.print.colours import rgb
from kcal.print.fonts import BOLD, REGULAR
from kcal.print.layout import Paper, Slot, mirror_slot, mm

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

#: the kinds of token, their colour, and their share of the rows (biomass is needed most)
TOKEN_SHARES: tuple[tuple[str, str, int], ...] = (("biomass", "#6aa84f", 6), ("remains", "#999999", 3),
                                                 ("fed", "#cc0000", 2))
INK = "#1f2a1f"


class TokenGrid(NamedTuple):
    left: float
    top: float
    cell: float
    cols: int
    rows: tuple[tuple[str, str], ...]  #: each row's kind and colour, top to bottom

    def counts(self) -> dict[str, int]:
        out = {kind: 0 for kind, _, _ in TOKEN_SHARES}
        for kind, _ in self.rows:
            out[kind] += self.cols
        return out

    def cells(self) -> list[tuple[str, str, Slot]]:
        """Every token's kind, colour and centre."""
        return [(kind, colour, Slot(self.left + (i + 0.5) * self.cell, self.top - (j + 0.5) * self.cell))
                for j, (kind, colour) in enumerate(self.rows) for i in range(self.cols)]


def token_grid(paper: Paper) -> TokenGrid:
    """The grid that fills ``paper`` inside the margins, the header and the ruler's strip."""
    ts = TOKEN_SHEET
    cell = mm(ts.cell_mm)
    margin = mm(ts.margin_mm)
    cols = int((paper.width - 2 * margin) // cell)
    n_rows = int((paper.height - 2 * margin - mm(ts.header_mm) - mm(ts.footer_mm)) // cell)
    total = sum(share for _, _, share in TOKEN_SHARES)
    counts = [max(1, n_rows * share // total) for _, _, share in TOKEN_SHARES]
    counts[0] += n_rows - sum(counts)  # the rounding's rows go to biomass
    rows = tuple((kind, colour) for (kind, colour, _), n in zip(TOKEN_SHARES, counts, strict=True) for _ in range(n))
    left = (paper.width - cols * cell) / 2
    top = paper.height - margin - mm(ts.header_mm)
    return TokenGrid(left, top, cell, cols, rows)


def _token(c: Canvas, kind: str, colour: str, at: Slot, cell: float) -> None:
    """One token on its square: biomass fills it; remains and fed species are a disc on a pale square."""
    x, y = at.x - cell / 2, at.y - cell / 2
    if kind == "biomass":
        fill(c, colour)
        c.rect(x, y, cell, cell, stroke=0, fill=1)
        return
    fill(c, "#f3f3f3")
    c.rect(x, y, cell, cell, stroke=0, fill=1)
    fill(c, colour)
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(TOKEN_SHEET.ring_pt)
    c.circle(at.x, at.y, cell * 0.38, stroke=1, fill=1)
    if kind == "fed":  # an apple: a leaf on the red disc
        fill(c, "#38761d")
        c.ellipse(at.x - cell * 0.04, at.y + cell * 0.22, at.x + cell * 0.22, at.y + cell * 0.4, stroke=0, fill=1)


def _cut_grid(c: Canvas, g: TokenGrid) -> None:
    c.setStrokeColorRGB(*rgb("#555555"))
    c.setLineWidth(TOKEN_SHEET.cut_pt)
    right, bottom = g.left + g.cols * g.cell, g.top - len(g.rows) * g.cell
    for i in range(g.cols + 1):
        c.line(g.left + i * g.cell, bottom, g.left + i * g.cell, g.top)
    for j in range(len(g.rows) + 1):
        c.line(g.left, g.top - j * g.cell, right, g.top - j * g.cell)


def token_pages(paper: Paper, title: str, *, backs: bool = False, flip: str = "long",
                back_offset: tuple[float, float] = (0.0, 0.0)) -> tuple[list[Callable[[Any], None]], dict[str, int]]:
    """The token sheet's page (and its back with ``backs``), and how many tokens of each kind it holds."""
    from kcal.print.marks import ruler

    ts = TOKEN_SHEET
    g = token_grid(paper)
    counts = g.counts()
    margin = mm(ts.margin_mm)
    words = ", ".join(f"{n} {kind}" for kind, n in counts.items())

    def front(c: Canvas) -> None:
        fill(c, INK)
        c.setFont(BOLD, ts.title_pt)
        c.drawString(margin, paper.height - margin - ts.title_pt, f"{title}: tokens ({words})")
        c.setFont(REGULAR, ts.note_pt)
        c.drawString(margin, paper.height - margin - ts.title_pt - ts.note_pt * 1.6,
                     "Biomass: green square. Remains: grey disc. Fed species: red apple. "
                     "Cut along the grid's lines.")
        for kind, colour, at in g.cells():
            _token(c, kind, colour, at, g.cell)
        _cut_grid(c, g)
        ruler(c, margin, margin, f"{title} · token sheet · front")

    def back(c: Canvas) -> None:
        for kind, colour, at in g.cells():
            _token(c, kind, colour, mirror_slot(at, paper, flip, (mm(back_offset[0]), mm(back_offset[1]))), g.cell)
        c.setFont(REGULAR, ts.note_pt)
        fill(c, INK)
        c.drawCentredString(paper.width / 2, margin, f"{title} · token sheet · back ({flip}-edge flip)")

    return ([front, back] if backs else [front]), counts
