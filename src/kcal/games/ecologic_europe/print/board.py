"""EcoLogic: Europe's habitat boards at full size, one board per sheet, printed on both sides (issue 23,
item 2). Every board is double-sided (components.yaml; ruling ecosystem-size: 6 fields a side): side 1 on the front of a sheet, side 2 on its back,
so 28 boards take 28 sheets. Each side is centred on the page, so the two line up whichever edge the
printer flips on, and says so at the top of the page. A side shows its habitat in words and in its chip's
letters, six card-sized fields, and how the edge between two boards is used; it never shows the places
as game records write them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, NamedTuple

from kcal.games.ecologic_europe.print.faces import HABITAT_STYLE, INK
from kcal.games.ecologic_europe.print.layout import BOARD_SIDE
from kcal.games.ecologic_europe.rules.domain import HABITAT_TITLES
from kcal.print.cardface import fill
from kcal.print.colours import rgb, text_on
from kcal.print.fonts import BOLD, REGULAR
from kcal.print.layout import Paper, mm
from kcal.print.text import wrap

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

GAME = "EcoLogic: Europe"
CARD_W_MM, CARD_H_MM = 63.0, 88.0  #: the fields hold poker-size cards


class Side(NamedTuple):
    board: str
    number: int  #: 1 (the front of the sheet) or 2 (its back)
    habitat: str
    fields: int
    other: str  #: the habitat of the board's other side


def board_size(fields: int) -> tuple[float, float]:
    """A side's width and height in points."""
    bs = BOARD_SIDE
    rows = (fields + bs.columns - 1) // bs.columns
    gap = mm(bs.gap_mm)
    return (bs.columns * mm(CARD_W_MM) + (bs.columns + 1) * gap,
            rows * mm(CARD_H_MM) + (rows + 1) * gap + mm(bs.header_mm))


def board_origin(paper: Paper, fields: int) -> tuple[float, float]:
    """The side's bottom-left corner: centred on the page both ways, so that the back lines up with the
    front for a long-edge and a short-edge flip alike."""
    w, h = board_size(fields)
    return (paper.width - w) / 2, (paper.height - h) / 2


def instructions(side: Side) -> list[str]:
    """The lines at the top of a page, for the person at the printer."""
    other = HABITAT_TITLES[side.other].lower()
    if side.number == 1:
        return [f"Print double-sided at 100 % (actual size): this is side 1 of board {side.board}; its back is "
                f"side 2 ({other}).",
                "Either flip edge works: each side is centred on its page. Cut along the board's outline."]
    return [f"Side 2 of board {side.board}: the back of side 1 ({other}). Print double-sided at 100 %.",
            "Either flip edge works: each side is centred on its page. Cut along the board's outline."]


EDGE_NOTE = ("Edge of habitats: where this board meets the next one, up to two cards with the EDGE symbol may "
             "lie across the line between the two habitats; they feed from both.")
LAYOUT_NOTE = "Lay your boards one above the other. The fields hold the species cards of this habitat."


def draw_side(c: Canvas, paper: Paper, side: Side) -> None:
    """One side of a habitat board at full size, centred, with the printing instructions above it."""
    from kcal.print.marks import ruler

    bs = BOARD_SIDE
    letters, colour = HABITAT_STYLE[side.habitat]
    w, h = board_size(side.fields)
    x0, y0 = board_origin(paper, side.fields)
    fill(c, INK)
    c.setFont(REGULAR, bs.instruction_pt)
    for i, line in enumerate(instructions(side)):
        c.drawCentredString(paper.width / 2, paper.height - mm(bs.instruction_drop_mm) - i * bs.instruction_pt * 1.4,
                            line)
    fill(c, colour)
    c.setStrokeColorRGB(*rgb(INK))
    c.setLineWidth(bs.ring_pt)
    c.roundRect(x0, y0, w, h, mm(bs.radius_mm), stroke=1, fill=1)
    gap = mm(bs.gap_mm)
    fill(c, text_on(colour))
    c.setFont(BOLD, bs.title_pt)
    c.drawString(x0 + gap, y0 + h - mm(bs.title_drop_mm), f"{HABITAT_TITLES[side.habitat]}  ({letters})")
    c.setFont(REGULAR, bs.note_pt)
    c.drawRightString(x0 + w - gap, y0 + h - mm(bs.title_drop_mm), f"board {side.board} · side {side.number} of 2")
    card_w, card_h = mm(CARD_W_MM), mm(CARD_H_MM)
    for i in range(side.fields):
        col, row = i % bs.columns, i // bs.columns
        fx = x0 + gap + col * (card_w + gap)
        fy = y0 + h - mm(bs.fields_drop_mm) - (row + 1) * card_h - row * gap
        _field(c, fx, fy, card_w, card_h, i + 1, letters)
    fill(c, INK)
    c.setFont(REGULAR, bs.edge_pt)
    lines = [line for note in (EDGE_NOTE, LAYOUT_NOTE) for line in wrap(note, REGULAR, bs.edge_pt, w)]
    for i, line in enumerate(lines):
        c.drawCentredString(paper.width / 2, y0 - mm(bs.edge_drop_mm) - i * bs.edge_pt * 1.4, line)
    ruler(c, mm(bs.ruler_mm), mm(bs.ruler_mm), f"{GAME} boards · {side.board} side {side.number}")


def _field(c: Canvas, fx: float, fy: float, card_w: float, card_h: float, number: int, letters: str) -> None:
    """A card-sized field, dashed, with its number at the top and the habitat's letters in the middle."""
    bs = BOARD_SIDE
    fill(c, "#ffffff")
    c.setStrokeColorRGB(*rgb(INK))
    c.setDash(*bs.field_dash)
    c.roundRect(fx, fy, card_w, card_h, mm(bs.field_radius_mm), stroke=1, fill=1)
    c.setDash()
    fill(c, "#b7b7b7")
    c.setFont(BOLD, bs.field_letters_pt)
    c.drawCentredString(fx + card_w / 2, fy + card_h / 2 - bs.field_letters_pt * 0.36, letters)
    c.setFont(REGULAR, bs.field_pt)
    c.drawCentredString(fx + card_w / 2, fy + card_h - mm(5), f"field {number}")


def board_sides(boards: Any) -> list[Side]:
    """Every side of every board, side 1 then side 2 of each board (the front and back of one sheet)."""
    out: list[Side] = []
    for board in boards:
        sides = list(board.sides)
        for i, side in enumerate(sides, 1):
            other = sides[2 - i].habitat.value if len(sides) == 2 else side.habitat.value
            out.append(Side(board.id, i, side.habitat.value, side.fields, other))
    return out


def board_pages(boards: Any, paper: Paper) -> tuple[list[Callable[[Any], None]], list[Side]]:
    """A page function per side, side 1 then side 2 of each board (the two pages of one duplex sheet)."""
    sides = board_sides(boards)
    return [partial(draw_side, paper=paper, side=s) for s in sides], sides
