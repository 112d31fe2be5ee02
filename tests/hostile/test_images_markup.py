"""Images (BAD-INPUT.md 16) and markup (13) through the one mechanism each goes through (issue 32,
item 16): every picture a catalog names is opened by :func:`kcal.print.images.open_image_bytes` (behind
``resolve_art`` and ``ArtCache``), every data string reaches ReportLab through
:func:`kcal.print.text.escape`.

- 16: any bytes named as art (a truncated PNG or JPEG, a header that claims 400 Mpx, text named ``.png``,
  GIF/BMP/TIFF, random bytes): a fully decoded image under the pixel cap, or :class:`ArtProblem`; nothing
  else escapes. Through the CLI (``print tile`` of a catalog whose tile names the art): a printed tile
  with a one-line warning naming the art, or exit 2; never a traceback.
- 13: any text with ``&``, tags, an unclosed tag, ``<img src=...>``: a paragraph of the escaped text lays
  out, and the PDF's extracted text is the text itself.
"""

from __future__ import annotations

import io
import struct
import zlib

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from kcal.print.images import MAX_PIXELS, ArtProblem, open_image_bytes
from tests.hostile import surface
from tests.hostile.strategies import PHASES
from tests.hypothesis_profile import PROFILE_SUPPRESSED
from tests.packs import samples


def _encoded(fmt: str, size: tuple[int, int] = (60, 40)) -> bytes:
    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", size, (200, 60, 180)).save(buf, format=fmt)
    return buf.getvalue()


def _png_claiming(w: int, h: int) -> bytes:
    """A PNG whose header claims ``w`` x ``h`` pixels, with one tiny compressed row after it."""
    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)
    chunk = lambda kind, data: struct.pack(">I", len(data)) + kind + data + struct.pack(  # noqa: E731
        ">I", zlib.crc32(kind + data))
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IDAT", zlib.compress(b"\x00" * 64)) + chunk(b"IEND", b"")


_GOOD = {fmt: _encoded(fmt) for fmt in ("PNG", "JPEG", "WEBP", "GIF", "BMP", "TIFF")}

images = st.one_of(
    st.sampled_from(sorted(_GOOD)).flatmap(
        lambda f: st.integers(0, len(_GOOD[f])).map(lambda n: _GOOD[f][:n])),  # truncated, or whole
    st.tuples(st.integers(1, 30_000), st.integers(1, 30_000)).map(lambda wh: _png_claiming(*wh)),
    st.text(max_size=100).map(lambda t: t.encode("utf-8", "surrogatepass")),
    st.binary(max_size=600),
    st.binary(min_size=1, max_size=300).map(lambda b: _GOOD["PNG"][:33] + b),  # a real header, then noise
)


@settings(max_examples=300, phases=PHASES)
@given(data=images)
def test_any_bytes_as_art_are_an_image_or_a_refusal(data: bytes) -> None:
    try:
        im = open_image_bytes(data, "art.png")
    except ArtProblem as problem:
        assert str(problem).startswith("art.png")
        return
    w, h = im.size
    assert 0 < w * h <= MAX_PIXELS
    assert im.format in ("PNG", "JPEG", "WEBP")
    im.getpixel((w - 1, h - 1))  # decoded to the last pixel


_ART_CATALOG = """\
set: {code: TST, name: Test Set}
tiles:
  - id: TST-001
    name: Phlox nivalis
    common_name: Trailing phlox
    type: plant
    class: flower
    rarity: exceptional
    biomes: [TC]
    cost: [{blue: 1}]
    yield: {green: 2}
    art: art.png
"""

ART_READERS = [(c, p, g) for c, p, g in surface.path_inputs(("catalog",)) if c == "print tile"]


@pytest.mark.parametrize(("command", "param", "game"), ART_READERS)
@settings(max_examples=4, phases=PHASES,
          suppress_health_check=[*PROFILE_SUPPRESSED, HealthCheck.function_scoped_fixture])
@given(data=images)
def test_a_tile_with_hostile_art_prints_a_placeholder_or_is_refused(tmp_path_factory: pytest.TempPathFactory,
                                                                     command: str, param: str, game: str,
                                                                     data: bytes) -> None:
    tmp = tmp_path_factory.mktemp("art")
    catalog = tmp / "catalog.yaml"
    catalog.write_text(_ART_CATALOG, encoding="utf-8")
    (tmp / "art.png").write_bytes(data)
    c = surface.command(command)
    args = surface.invocation(c, game, surface.param(c, param), catalog, tmp)
    assert args is not None
    args = ["Phlox nivalis" if a == str(samples(game)["card"]) else a for a in args]
    result = surface.run([*args, "--dpi", "40"])
    context = (result.exit_code, result.stderr[-1500:], repr(result.exception))
    assert result.exception is None or isinstance(result.exception, SystemExit), context
    assert "Traceback" not in result.stderr, context
    assert result.exit_code in (0, 2), context
    if result.exit_code == 2:
        assert not (tmp / "out.png").exists()
    else:
        try:
            open_image_bytes(data, "art.png")
        except ArtProblem:  # the art cannot be used: said in one line, the tile printed with a placeholder
            assert "art.png" in result.stderr and "placeholder" in result.stderr, context
        assert (tmp / "out.png").read_bytes().startswith(b"\x89PNG")


markup = st.lists(st.one_of(
    st.sampled_from(["&", "&amp;", "R&D", "<b>", "</b>", "<font size=200>", "<img src=/etc/passwd/>", "<i>x",
                     "<br/>", "<para>", "&#65;", "&lt;", "<", ">", "<a href='x'>", "<unknown>", "]]>", "%s"]),
    st.text("abcXYZ 019.,;", min_size=1, max_size=6)), min_size=1, max_size=8).map("".join).filter(
    lambda t: t.strip() == t and "  " not in t)


@settings(max_examples=25, phases=PHASES)
@given(text=markup)
def test_escaped_data_prints_as_written(text: str) -> None:
    from reportlab.lib.pagesizes import A6
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Paragraph, SimpleDocTemplate

    from kcal.print.text import escape

    buf = io.BytesIO()
    SimpleDocTemplate(buf, pagesize=A6).build([Paragraph(escape(text), getSampleStyleSheet()["Normal"])])
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(buf.getvalue())
    extracted = pdf[0].get_textpage().get_text_range()
    assert "".join(extracted.split()) == "".join(text.split()), (extracted, text)  # wrapped where it wraps


def test_the_art_readers_are_there() -> None:
    assert ART_READERS, "no command prints a tile from a catalog: the CLI pass of class 16 runs nowhere"
