"""Text too long for its frame (BAD-INPUT.md 18; issue 32, item 16) in every text value of a legal card
file, through every print command of every pack that takes a card or deck file (the commands and their
parameters come from :mod:`tests.hostile.surface`, the same surface as the missing-glyph test). A strategy
lengthens a text value (a name, a line of rule text, plain or double-quoted) from a little past its length
to thousands of characters, as words or as one unbroken word. Whatever the length and the command:

- exit 2 with a line naming the value's ``file:line:column`` (a field's length cap) and nothing written; or
- exit 0, and either the whole text is on the page (pdfium's extracted text, line breaks and hyphens
  aside) or a warning names the value's ``file:line:column`` and says it does not fit (shortened, left
  out); text drawn in part without that warning is the silent cut this class is about;
- no character drawn outside its page (where the legal file's output has none: a board drawn across
  pages has), no character of the value drawn over other text (pdfium's glyph boxes: text run into its
  neighbour's place), no traceback.

A command that draws only part of the file (a rulebook, a board, one tile) may leave a value off the
page: the value is taken as drawn when the start of the lengthened text is on the page, or (words that
go on from the old value) when the page shows the old value less often than the legal file's output.
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.hostile import surface
from tests.hostile import test_missing_glyphs as glyphs
from tests.hostile.strategies import PHASES, POSITIONED, snapshot, value_spots
from tests.hostile.test_missing_glyphs import CASES, text_spots
from tests.hypothesis_profile import PROFILE_SUPPRESSED

#: packs whose card faces name a card, not its file:line:column (the missing-glyph test's known defect, a
#: strict xfail there; once it is fixed the name goes, and this test asks for positions there too)
UNPOSITIONED: frozenset[str] = getattr(glyphs, "UNPOSITIONED", frozenset())

#: the words of a warning that says a text did not fit
NOT_FIT = re.compile(r"does not fit|do not fit|shortened|left out|no room|not printed")
#: a double-quoted value without escapes (a rule text: ``text: "..."``)
_QUOTED = re.compile(r'^(\s*(?:- )?[A-Za-z_][\w -]*: )"([A-Za-z][^"\\#:]*)"\s*$')


def overflow_spots(text: str) -> list[tuple[int, int, int, int]]:
    """Text values to lengthen: (line index, start, end, column of the YAML node), plain
    (:func:`text_spots`) or double-quoted (the node starts at the quote)."""
    out = [(i, s, e, s) for i, s, e in text_spots(text)]
    plain = {i for i, _, _ in value_spots(text)}
    for i, line in enumerate(text.split("\n")):
        m = _QUOTED.match(line)
        if m and i not in plain and " " in m[2]:
            out.append((i, m.start(2), m.end(2), m.start(2) - 1))
    return out


@st.composite
def longer(draw: Any, value: str) -> str:
    """``value`` made longer: words (its own and made-up ones) or one unbroken word, from a little past its
    length to thousands of characters."""
    n = draw(st.one_of(st.integers(len(value) + 1, 3 * len(value) + 40), st.integers(40, 260),
                       st.integers(260, 5000)), label="length")
    if draw(st.booleans(), label="one unbroken word"):
        run = draw(st.text(string.ascii_lowercase, min_size=1, max_size=26), label="letters")
        head = value.split()[0]
        return head + (run * (n // len(run) + 1))[: max(1, n - len(head))]
    made_up = st.text(string.ascii_lowercase, min_size=1, max_size=12)
    vocabulary = [*draw(st.lists(made_up, min_size=1, max_size=6), label="words"), *value.split()]
    out = value
    i = 0
    while len(out) < n:
        out += " " + vocabulary[i % len(vocabulary)]
        i += 1
    return out


@dataclass(frozen=True)
class Long:
    """A legal file with one text value lengthened."""

    data: bytes
    line: int  # the value's node, 1-based
    column: int
    value: str  # as it was
    new: str  # as it is now

    def __repr__(self) -> str:  # a failing example stays readable
        return f"Long({self.line}:{self.column} {self.value!r} -> {len(self.new)} characters: {self.new[:100]!r}...)"

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self))


@st.composite
def overflow_probe(draw: Any, text: str) -> Long:
    lines = text.split("\n")
    by_key: dict[str, list[tuple[int, int, int, int]]] = {}
    for spot in overflow_spots(text):  # a key first (a card's name, its text, the set's name ...), then one
        keys = re.findall(r"([A-Za-z_]+): ", lines[spot[0]][:spot[1]])  # of its values: a key of one value
        by_key.setdefault(".".join(keys[:1] + keys[-1:]), []).append(spot)  # is tried as often as any
    key = draw(st.sampled_from(sorted(by_key)), label="key")
    i, start, end, column = draw(st.sampled_from(by_key[key]), label="value")
    value = lines[i][start:end]
    new = draw(longer(value))
    lines[i] = lines[i][:start] + new + lines[i][end:]
    return Long("\n".join(lines).encode("utf-8"), i + 1, column + 1, value, new)


def squeeze(text: str) -> str:
    """Text as compared with the page: no whitespace, no hyphens (a line break may split a word), no case."""
    return re.sub(r"[\s\-\u00ad\u2010\u2011]+", "", text).casefold()


def page_text(folder: Path) -> tuple[str, list[str]]:
    """The extracted text of every PDF under ``folder``, and every character drawn outside its page."""
    import pypdfium2 as pdfium

    out: list[str] = []
    outside: list[str] = []
    for pdf in sorted(folder.rglob("*.pdf")):
        doc = pdfium.PdfDocument(str(pdf))
        try:
            for n, page in enumerate(doc):
                w, h = page.get_size()
                tp = page.get_textpage()
                out.append(tp.get_text_range())
                for k in range(tp.count_chars()):
                    left, bottom, right, top = tp.get_charbox(k)
                    if right <= left:  # a generated space or line break has no box
                        continue
                    if left < -1 or bottom < -1 or right > w + 1 or top > h + 1:
                        outside.append(f"{pdf.name} page {n + 1}: {tp.get_text_range(k, 1)!r} at "
                                       f"({left:.0f}, {bottom:.0f})-({right:.0f}, {top:.0f}) on {w:.0f} x {h:.0f}")
                tp.close()
                page.close()
        finally:
            doc.close()
    return "\n".join(out), outside


def collisions(folder: Path, new: str, start_len: int) -> list[str]:
    """Characters of ``new`` (wherever its first ``start_len`` characters are drawn, as far as it goes on)
    whose ink overlaps other text by more than a quarter of the smaller glyph: text run into its
    neighbour's place."""
    import pypdfium2 as pdfium

    target = squeeze(new)
    head = squeeze(new[:start_len])
    found: list[str] = []
    for pdf in sorted(folder.rglob("*.pdf")):
        doc = pdfium.PdfDocument(str(pdf))
        try:
            for n, page in enumerate(doc):
                tp = page.get_textpage()
                count = tp.count_chars()
                text = tp.get_text_range(0, count) if count else ""
                if head not in squeeze(text):
                    tp.close()
                    page.close()
                    continue
                chars = [(text[k] if k < len(text) else "", tp.get_charbox(k)) for k in range(count)]
                seq = [(ch.casefold(), k) for k, (ch, _) in enumerate(chars) if squeeze(ch)]
                run: set[int] = set()
                flat = "".join(ch for ch, _ in seq)
                at = flat.find(head)
                while at >= 0:
                    j = 0
                    while at + j < len(seq) and j < len(target) and seq[at + j][0] == target[j]:
                        run.add(seq[at + j][1])
                        j += 1
                    at = flat.find(head, at + 1)
                boxes = [(k, b) for k, (_, b) in enumerate(chars) if b[2] > b[0] and b[3] > b[1]]
                mine = [(k, b) for k, b in boxes if k in run]
                others = [(k, b) for k, b in boxes if k not in run]
                for k, (l1, b1, r1, t1) in mine:
                    for m, (l2, b2, r2, t2) in others:
                        w, h = min(r1, r2) - max(l1, l2), min(t1, t2) - max(b1, b2)
                        if w > 0 and h > 0 and w * h > 0.25 * min((r1 - l1) * (t1 - b1), (r2 - l2) * (t2 - b2)):
                            found.append(f"{pdf.name} page {n + 1}: {chars[k][0]!r} over {chars[m][0]!r} at "
                                         f"({l1:.1f}, {b1:.1f})")
                tp.close()
                page.close()
        finally:
            doc.close()
    return found


@cache
def legal_pages(command: str, param: str, game: str) -> tuple[str, int]:
    """The squeezed text the command prints from the pack's legal file ('' when it prints none), and how
    many of its characters lie outside their page (a board drawn across several pages has some)."""
    import tempfile

    c, p, _, legal = surface.probed(command, param, game)
    with tempfile.TemporaryDirectory() as tmp:
        args = surface.invocation(c, game, p, legal, Path(tmp))
        assert args is not None
        if p.many and p.opt is None:
            del args[args.index(str(legal)) + 1]
        result = surface.run(args)
        if result.exit_code != 0:
            return "", 0
        pages, outside = page_text(Path(tmp))
        return squeeze(pages), len(outside)


def left_out(command: str, param: str, game: str, value: str, new: str, on_page: str) -> bool:
    """Was the value, drawn from the legal file, left off the page? Only words that go on from the old
    value tell: wherever the old value was drawn the new one starts with it, so the page shows the old
    value at least as often as the legal file's output did (another spot's same words, the game's name
    in a title, count on both sides)."""
    if not new.startswith(value + " "):
        return False
    old = squeeze(value)
    return on_page.count(old) < legal_pages(command, param, game)[0].count(old)


def test_every_print_command_is_here() -> None:
    assert {c for c, _, _ in CASES} >= {"print cards", "print deck", "print catalog", "print tile"}, CASES


def test_the_probes_reach_rule_text() -> None:
    """The spots include quoted rule text (kCaloria's ``text: "..."``), not only plain names."""
    legal = surface.files("kcaloria")["catalog"].read_text(encoding="utf-8")
    lines = legal.split("\n")
    assert any(lines[i][:c].endswith("text: ") for i, _, _, c in overflow_spots(legal))


@pytest.mark.parametrize(("command", "param", "game"), CASES, ids=[f"{c}-{p}-{g}" for c, p, g in CASES])
@settings(max_examples=4, phases=PHASES,
          suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_text_too_long_is_shrunk_or_reported_where_it_is(tmp_path_factory: pytest.TempPathFactory,
                                                          command: str, param: str, game: str,
                                                          data: st.DataObject) -> None:
    c, p, _, legal = surface.probed(command, param, game)
    text = legal.read_text(encoding="utf-8")
    if not overflow_spots(text):
        return  # a file of references only (a deck list): its names are the catalog's, probed there
    probe = data.draw(overflow_probe(text), label="probe")
    raw, line, column, value, new = probe.data, probe.line, probe.column, probe.value, probe.new
    tmp = tmp_path_factory.mktemp("overflow")
    path = tmp / "cards.yaml"
    path.write_bytes(raw)
    args = surface.invocation(c, game, p, path, tmp)
    assert args is not None
    if p.many and p.opt is None:  # a list of files: the probe alone (the pack's other file may be a deck)
        del args[args.index(str(path)) + 1]
    before = snapshot(tmp)
    result = surface.run(args)
    context = (len(new), new[:80], line, column, result.exit_code, result.stderr[-2000:], repr(result.exception))
    assert "Traceback" not in result.stderr, context
    assert result.exit_code in (0, 2), context
    mine = [m for m in (POSITIONED.match(x.removeprefix("warning: ")) for x in result.stderr.splitlines())
            if m and m["file"] == str(path) and (int(m["line"]), int(m["column"])) == (line, column)]
    if result.exit_code == 2:
        assert before == snapshot(tmp), ("half-written", context)
        if str(path) not in result.stderr:  # the command refuses the parameter, whatever the file
            assert surface.refused_whatever_the_file(args, path, legal, result.stderr)
            return
        if not mine:  # refused for what the new value is, not its length (a card the rules name, renamed)
            others = [m for m in (POSITIONED.match(x) for x in result.stderr.splitlines())
                      if m and m["file"] == str(path)]
            assert others and not any("too long" in m["words"] for m in others), \
                ("a refusal not naming the value's line:column", context)
        return
    told = [m for m in mine if NOT_FIT.search(m["words"])]
    if game in UNPOSITIONED and not told:  # faces that name no position: see test_missing_glyphs
        told = [x for x in result.stderr.splitlines() if x.startswith("warning: ") and NOT_FIT.search(x)]
    if not any(tmp.rglob("*.pdf")):
        return  # a PNG (print tile): no text to read back; its tile is drawn by print deck and catalog
    pages, outside = page_text(tmp)
    if not legal_pages(command, param, game)[1]:  # a page of its own: nothing may leave it
        assert not outside, ("text drawn outside its page", outside[:5], context)
    on_page = squeeze(pages)
    crossed = collisions(tmp, new, len(value) + 8)
    assert not crossed, ("text drawn over other text", crossed[:5], context)
    if squeeze(new) in on_page or told:
        return
    started = squeeze(new[: len(value) + 8]) in on_page
    assert not started, ("the text was cut without a warning naming its line:column", context)
    assert not left_out(command, param, game, value, new, on_page), \
        ("the text was left out without a warning naming its line:column", context)


# --- the two mechanisms every face goes through: kcal.print.text.fit and kcal.print.blocks.draw_block ---

_WORDS = st.one_of(st.text(string.ascii_letters + ",.;'()", min_size=1, max_size=14),
                   st.text(string.ascii_lowercase, min_size=30, max_size=400))  # an unbroken word
_TEXTS = st.lists(_WORDS, min_size=1, max_size=60).map(" ".join)


@settings(max_examples=200, phases=PHASES, suppress_health_check=[*PROFILE_SUPPRESSED])
@given(text=_TEXTS, width=st.floats(8.0, 200.0), lines=st.integers(1, 4), bold=st.booleans())
def test_fit_keeps_every_line_in_its_frame_and_reports_a_cut(text: str, width: float, lines: int,
                                                              bold: bool) -> None:
    from kcal.print.fonts import BOLD, REGULAR, register_fonts
    from kcal.print.report import Report
    from kcal.print.text import fit
    from kcal.print.text import width as text_width

    register_fonts()
    font = BOLD if bold else REGULAR
    report = Report()
    f = fit(text, font, 8.0, 5.0, width, lines, where="f.yaml:3:9: card x name", report=report)
    assert 5.0 - 1e-9 <= f.size <= 8.0 and 1 <= len(f.lines) <= lines, f
    assert all(text_width(line, font, f.size) <= width + 1e-6 for line in f.lines), (f, width)
    if f.complete:
        assert squeeze("".join(f.lines)) == squeeze(text) and not report.warnings, f
    else:
        assert f.lines[-1].endswith("…") and squeeze("".join(f.lines)).rstrip("…") in squeeze(text)
        assert len(report.warnings) == 1 and report.warnings[0].startswith("f.yaml:3:9: card x name: "), report
        assert NOT_FIT.search(report.warnings[0]), report


class _Canvas:
    """What draw_block draws: every string and where."""

    def __init__(self) -> None:
        self.drawn: list[tuple[float, float, str, float]] = []
        self.size = 0.0

    def setFillColorRGB(self, *_: float) -> None:  # noqa: N802 (ReportLab's name)
        pass

    def setFont(self, _font: str, size: float) -> None:  # noqa: N802
        self.size = size

    def drawString(self, x: float, y: float, text: str) -> None:  # noqa: N802
        self.drawn.append((x, y, text, self.size))


@settings(max_examples=150, phases=PHASES, suppress_health_check=[*PROFILE_SUPPRESSED])
@given(items=st.lists(st.tuples(st.sampled_from(["h", "p", "li", "kv"]), _TEXTS,
                                st.text(string.ascii_letters, min_size=1, max_size=10)), min_size=1, max_size=5),
       box_w=st.floats(40.0, 200.0), box_h=st.floats(10.0, 200.0))
def test_a_block_draws_all_of_its_text_in_its_box_or_says_what_it_left_out(
        items: list[tuple[str, str, str]], box_w: float, box_h: float) -> None:
    from kcal.print.blocks import Item, draw_block
    from kcal.print.fonts import BOLD, REGULAR, register_fonts
    from kcal.print.report import Report
    from kcal.print.text import width as text_width

    register_fonts()
    c = _Canvas()
    report = Report()
    block = [Item(kind, text, key if kind == "kv" else "") for kind, text, key in items]
    draw_block(c, block, 10.0, 300.0, box_w, box_h, where="aid card", report=report)  # type: ignore[arg-type]
    for x, y, text, size in c.drawn:  # inside the box (a bullet's or a key's line starts further in)
        assert 300.0 - box_h - 1e-6 <= y <= 300.0, (y, text)
        assert x >= 10.0 and x + min(text_width(text, REGULAR, size), text_width(text, BOLD, size)) <= 10.0 + box_w + 1e-6, \
            (x, text, size, box_w)
    drawn = squeeze("".join(t for _, _, t, _ in c.drawn)).replace("•", "")
    whole = squeeze("".join(it.key + it.text for it in block))
    if report.warnings:
        assert len(report.warnings) == 1 and "left out" in report.warnings[0], report
        assert whole.startswith(drawn), (drawn, whole)
    else:
        assert drawn == whole, (drawn, whole)


@pytest.mark.parametrize(("old", "new"), [
    ("island: {name: Kalua,", "island: {name: Kalua" + "qczz" * 14 + ","),
    ("name: Kalua (kcal reconstruction)}", "name: Kalua (kcal reconstruction)" + " of the western sea" * 9 + "}")])
def test_the_board_shortens_its_names_where_they_are(tmp_path: Path, old: str, new: str) -> None:
    """Two values the sampled test above reaches rarely (one spot among a hundred): the island's name was
    reported as 'board island name' with no position, and the set's name, on the board and in each sheet's
    footer, was never fitted (it ran past the board's edge and off the page)."""
    legal = surface.files("kalua")["catalog"]
    text = legal.read_text(encoding="utf-8")
    assert old in text
    before = text[:text.index(old)]
    line = before.count("\n") + 1
    column = len(before.split("\n")[-1]) + old.index("name: ") + len("name: ") + 1
    path = tmp_path / "cards.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    c = surface.command("print board")
    args = surface.invocation(c, "kalua", surface.param(c, "card_set"), path, tmp_path)
    assert args is not None
    result = surface.run(args)
    assert result.exit_code == 0, result.stderr
    warned = [x for x in result.stderr.splitlines() if x.startswith(f"warning: {path}:{line}:{column}: ")]
    assert warned and all(NOT_FIT.search(x) for x in warned), result.stderr
    pages, _ = page_text(tmp_path)
    assert "…" in pages


def test_a_modifier_line_names_its_tile_name_where_it_is(tmp_path: Path) -> None:
    """A kCaloria modifier's line is its code, its title and its tile name (``target:``): shortened, it was
    reported at the tile's modifier list, not at the name that made it too long."""
    legal = surface.files("kcaloria")["catalog"]
    text = legal.read_text(encoding="utf-8")
    old = "{name: remove, target: Sus scrofa}"
    assert old in text
    before = text[:text.index(old)]
    line = before.count("\n") + 1
    column = len(before.split("\n")[-1]) + old.index("Sus") + 1
    path = tmp_path / "cards.yaml"
    path.write_text(text.replace(old, old.replace("Sus scrofa", "Sus" + "walgbhqeinod" * 5), 1), encoding="utf-8")
    result = surface.run(["print", "catalog", str(path), "--only", "Feral Hog Trap", "-o", str(tmp_path / "out.pdf")])
    assert result.exit_code == 0, result.stderr
    assert f"warning: {path}:{line}:{column}: " in result.stderr and "shortened" in result.stderr, result.stderr
