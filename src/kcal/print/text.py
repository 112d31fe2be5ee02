"""Text on the page: markup escaping and shrink-to-fit.

Data strings are drawn with ``canvas.drawString`` (no markup is read at all). Where a Paragraph is
needed, :func:`escape` turns ``&``, ``<`` and ``>`` into entities first, so ``R&D``, ``<b>`` and
``<img src=...>`` print literally and nothing is fetched or hidden.

Fitting shrinks the font step by step down to a floor; what still does not fit is wrapped onto the
allowed number of lines, and only then cut with an ellipsis, and that is reported.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import NamedTuple

from kcal.print.report import Report
from kcal.print.sourced import where_of


def escape(text: str) -> str:
    """Escape a data string for ReportLab's Paragraph markup."""
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def width(text: str, font: str, size: float) -> float:
    """Advance width in points. ReportLab's widths are additive per glyph, so one measurement at
    1 pt per (text, font) serves every size."""
    return unit_width(text, font) * size


@lru_cache(maxsize=8192)
def unit_width(text: str, font: str) -> float:
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return stringWidth(text, font, 1.0)


def _line_width(words: list[str], font: str, size: float) -> float:
    if not words:
        return 0.0
    return (sum(unit_width(w, font) for w in words) + (len(words) - 1) * unit_width(" ", font)) * size


class Fitted(NamedTuple):
    size: float
    lines: tuple[str, ...]
    complete: bool  # False when text had to be cut


def wrap(text: str, font: str, size: float, max_width: float, max_lines: int | None = None) -> list[str]:
    """Greedy word wrap; a single word wider than the line is split by characters, each piece but the
    last ending with a hyphen. ``max_lines``: stop after one line more than that (the caller only needs
    to know the rest does not fit). Linear in the text's length, however long a word."""
    words = text.split()
    lines: list[str] = []
    cur = ""
    cur_w = 0.0
    space = unit_width(" ", font) * size
    for word in words:
        if max_lines is not None and len(lines) > max_lines:
            return lines
        ww = unit_width(word, font) * size
        if cur and cur_w + space + ww <= max_width:
            cur, cur_w = f"{cur} {word}", cur_w + space + ww
            continue
        if cur:
            lines.append(cur)
        if ww <= max_width:
            cur, cur_w = word, ww
            continue
        pieces, cur, cur_w = _split_word(word, font, size, max_width, ww)
        lines.extend(pieces)
    if cur:
        lines.append(cur)
    return lines


def _split_word(word: str, font: str, size: float, max_width: float, word_w: float
                ) -> tuple[list[str], str, float]:
    """A word wider than the line, cut into hyphenated pieces that fit (at least one character each):
    the pieces, and the rest that fits a line, with its width. One pass over the characters."""
    widths = [unit_width(ch, font) * size for ch in word]
    hyphen = unit_width("-", font) * size
    pieces: list[str] = []
    start, rest = 0, word_w
    while rest > max_width and len(word) - start > 1:
        cut, acc = start, 0.0
        while cut < len(word) - 1 and acc + widths[cut] + hyphen <= max_width:
            acc += widths[cut]
            cut += 1
        if cut == start:  # not even one character fits: one a line all the same
            cut, acc = start + 1, widths[start]
        pieces.append(word[start:cut] + "-")
        start, rest = cut, rest - acc
    return pieces, word[start:], max(rest, 0.0)


def fit(text: str, font: str, max_size: float, min_size: float, max_width: float | list[float],
        max_lines: int = 1, *, where: str = "", report: Report | None = None, step: float = 0.25) -> Fitted:
    """The largest size in ``[min_size, max_size]`` at which ``text`` fits ``max_lines`` lines.

    ``max_width`` may be a list giving each line's width (a hexagon narrows towards its flats).
    """
    where = where_of(text, where)  # a value of a data file is reported where it is written
    text = " ".join(text.split())
    widths = max_width if isinstance(max_width, list) else [max_width] * max_lines
    if max_lines == 1 or len(widths) == 1:
        # one line: the size follows from one measurement (widths scale with size)
        w1 = unit_width(text, font)
        best = widths[0] / w1 if w1 else max_size
        if best >= max_size:
            return Fitted(max_size, (text,), True)
        steps = math.ceil(round((max_size - best) / step, 6))
        size = max_size - steps * step
        if size >= min_size - 1e-9:
            return Fitted(size, (text,), True)
    else:
        size = max_size
        while size >= min_size - 1e-9:
            lines = wrap_varying(text, font, size, widths)
            if lines is not None:
                return Fitted(size, tuple(lines), True)
            size -= step
    # does not fit even at the floor: wrap what fits and cut the rest with an ellipsis
    size = min_size
    lines = wrap(text, font, size, min(widths), max_lines=len(widths))
    kept = lines[: len(widths)]
    last = kept[-1] if kept else ""
    w_last = widths[len(kept) - 1] if kept else widths[0]
    while last and width(last + "…", font, size) > w_last:
        last = last[:-1]
    kept = kept[:-1] + [last.rstrip() + "…"] if kept else ["…"]
    if report is not None:
        report.warn(f"{where}: text does not fit even at {min_size:g} pt and was shortened: {_clip(text)!r}")
    return Fitted(size, tuple(kept), False)


def _clip(text: str, n: int = 60) -> str:
    return text if len(text) <= n else text[: n - 1] + "…"


def wrap_varying(text: str, font: str, size: float, widths: list[float]) -> list[str] | None:
    """Greedy wrap where line ``i`` may be ``widths[i]`` wide; None when it does not fit."""
    words = text.split()
    space = unit_width(" ", font) * size
    lines: list[list[str]] = []
    cur: list[str] = []
    cur_w = 0.0
    for word in words:
        idx = len(lines)
        if idx >= len(widths):
            return None
        ww = unit_width(word, font) * size
        trial_w = cur_w + space + ww if cur else ww
        if trial_w <= widths[idx]:
            cur.append(word)
            cur_w = trial_w
            continue
        if not cur:  # one word wider than the line
            return None
        lines.append(cur)
        cur, cur_w = [word], ww
        if len(lines) >= len(widths) or ww > widths[len(lines)]:
            return None
    if cur:
        lines.append(cur)
    return [" ".join(ln) for ln in lines] if len(lines) <= len(widths) else None
