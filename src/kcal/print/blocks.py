"""Flowing text in a box without markup: headings, paragraphs and bullets, shrunk together to fit.

Used by the player-aid cards. Every string goes through the glyph check and is drawn with
``drawString``, so data never becomes markup. When the block does not fit at the smallest size the
last lines are dropped *and reported*.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from kcal.print import colours
from kcal.print.fonts import BOLD, REGULAR, printable
from kcal.print.report import Report
from kcal.print.text import width, wrap

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas


@dataclass(frozen=True)
class Item:
    kind: str  # "h" heading, "p" paragraph, "li" bullet, "kv" bold key + text
    text: str
    key: str = ""


def _first_line(text: str, font: str, size: float, first_w: float) -> tuple[str, str]:
    """The first line of ``text`` wrapped at ``first_w``, and the text after it (a word cut by the line
    goes on with its remaining characters)."""
    flat = " ".join(text.split())
    first = wrap(flat, font, size, first_w, max_lines=1)
    head = first[0] if first else ""
    if flat.startswith(head) and flat[len(head):len(head) + 1] in ("", " "):
        return head, flat[len(head) + 1:]
    return head, flat[len(head) - 1:]  # a piece of a long word: "abc-" took "abc"


def _lines(items: Sequence[Item], size: float, box_w: float) -> list[tuple[str, str, float, float]]:
    """(font, text, x_indent, line_height) for every line at ``size``."""
    out: list[tuple[str, str, float, float]] = []
    lead = size * 1.22
    for it in items:
        if it.kind == "h":
            for ln in wrap(it.text, BOLD, size * 1.15, box_w):
                out.append((BOLD + ":h", ln, 0.0, size * 1.15 * 1.25))
        elif it.kind == "li":
            ind = width("• ", REGULAR, size)
            for i, ln in enumerate(wrap(it.text, REGULAR, size, box_w - ind)):
                out.append((REGULAR, ("• " if i == 0 else "") + ln, 0.0 if i == 0 else ind, lead))
        elif it.kind == "kv":
            key = it.key + " "
            kw = width(key, BOLD, size)
            if kw > box_w / 2:  # a key that leaves the text no room: a line (or more) of its own
                out.extend((BOLD + ":b", ln, 0.0, lead) for ln in wrap(it.key, BOLD, size, box_w))
                rest = it.text
            else:
                head, rest = _first_line(it.text, REGULAR, size, box_w - kw)
                out.append((REGULAR + ":kv:" + key, head, kw, lead))
            for ln in wrap(rest, REGULAR, size, box_w):
                out.append((REGULAR, ln, 0.0, lead))
        else:
            for ln in wrap(it.text, REGULAR, size, box_w):
                out.append((REGULAR, ln, 0.0, lead))
        out.append(("", "", 0.0, size * 0.35))  # paragraph gap
    return out[:-1] if out else out


def draw_block(c: Canvas, items: Sequence[Item], x: float, y_top: float, box_w: float, box_h: float, *,
               max_size: float = 8.0, min_size: float = 5.0, where: str = "", report: Report | None = None) -> float:
    """Draw ``items`` in the box; return the size used."""
    items = [Item(it.kind, printable(it.text, where, report), printable(it.key, where, report)) for it in items]
    size = max_size
    while True:
        lines = _lines(items, size, box_w)
        if sum(h for *_, h in lines) <= box_h or size <= min_size:
            break
        size = max(min_size, size - 0.25)
    y = y_top
    c.setFillColorRGB(*colours.rgb(colours.INK))
    for n, (font, text, ind, h) in enumerate(lines):
        if y - h < y_top - box_h - 0.01:
            if report is not None:
                rest = " ".join(t for _, t, _, _ in lines[n:] if t)
                report.warn(f"{where}: text does not fit even at {min_size:g} pt; left out: {rest[:80]!r}")
            break
        y -= h
        if not text:
            continue
        if font.endswith(":h"):
            c.setFont(BOLD, size * 1.15)
            c.drawString(x, y + h * 0.22, text)
        elif font.endswith(":b"):
            c.setFont(BOLD, size)
            c.drawString(x, y + h * 0.22, text)
        elif ":kv:" in font:
            key = font.split(":kv:", 1)[1]
            c.setFont(BOLD, size)
            c.drawString(x, y + h * 0.22, key)
            c.setFont(REGULAR, size)
            c.drawString(x + ind, y + h * 0.22, text)
        else:
            c.setFont(REGULAR, size)
            c.drawString(x + ind, y + h * 0.22, text)
    return size
