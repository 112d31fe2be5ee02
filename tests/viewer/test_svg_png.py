"""kcal.viewer's SVG and PNG: shapes drawn the same way in both, text always escaped."""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET

import pytest
from PIL import Image

from kcal.viewer import png, svg
from kcal.viewer.scene import Circle, Item, Line, Poly, Rect, Text, bounds

NS = "{http://www.w3.org/2000/svg}"
EVIL = "<script>alert(1)</script> & \"quotes\" 'too'"


def _items() -> list[Item]:
    return [Item("a", 10, 10, (Rect(0, 0, 40, 20, fill="#ff0000", stroke="#000000", width=2, rx=3),
                               Text(20, 15, EVIL, 10, anchor="middle", bold=True))),
            Item("b", 100, 50, (Poly(((0, 0), (30, 0), (15, 25)), fill="#00ff00", dash=True),
                                Circle(0, 40, 8, fill="#0000ff"), Line(0, 0, 30, 30, "#123456", 2)), layer=1)]


def test_data_text_is_escaped_and_reads_back_as_the_same_text():
    doc = svg.document(_items(), bounds(_items(), 5), title=EVIL)
    root = ET.fromstring(doc.split("\n", 1)[1])  # well-formed XML; no <script> element anywhere
    assert root.find(f".//{NS}script") is None
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert texts == [EVIL]
    assert root.find(f"{NS}title").text == EVIL


def test_a_colour_that_is_not_a_colour_is_refused():
    with pytest.raises(ValueError, match="not a colour"):
        svg.shape(Rect(0, 0, 1, 1, fill='red" onload="alert(1)'))


def test_characters_xml_forbids_are_dropped():
    assert svg.text("a\x01b<") == "ab&lt;"


def test_layers_draw_in_order():
    doc = svg.document(list(reversed(_items())), (0, 0, 200, 100))
    assert doc.index("<rect x=\"0\" y=\"0\" width=\"40\"") < doc.index("<polygon")


def test_png_has_the_box_size_at_the_scale_and_paints_the_shapes():
    items = _items()
    box = (0.0, 0.0, 200.0, 100.0)
    img = Image.open(io.BytesIO(png.render(items, box, scale=2)))
    assert img.size == (400, 200)
    assert img.getpixel((30, 30))[:3] == (255, 0, 0)  # inside the red rectangle at (10..50, 10..30)
    assert img.getpixel((395, 195))[:3] == (255, 255, 255)
    blue = img.getpixel((200, 180))[:3]  # the circle's centre (100, 90) at scale 2
    assert blue == (0, 0, 255)


def test_bounds_reserve_room_for_text():
    x, y, w, h = bounds([Item("t", 0, 0, (Text(0, 10, "x" * 20, 10),))])
    assert w >= 20 * 10 * 0.5 and h >= 10


def test_the_png_dashes_the_outline_as_the_svg_does():
    """A dashed outline (a refused move's mark) is dashed in the PNG too, as in the SVG (4 units of line,
    3 of gap): along its top edge the red comes and goes, where a solid line would be red all along."""
    outline = ((10.0, 30.0), (150.0, 30.0), (150.0, 90.0), (10.0, 90.0))
    it = Item("refused", 0, 0, (Poly(outline, stroke="#b00020", width=4, dash=True),), 2)
    assert 'stroke-dasharray="4 3"' in svg.document([it], (0, 0, 170, 110))
    img = Image.open(io.BytesIO(png.render([it], (0, 0, 170, 110)))).convert("RGB")
    y = round(30 * png.SCALE)
    row = [img.getpixel((x, y)) for x in range(round(60 * png.SCALE), round(140 * png.SCALE))]
    red = [p[0] > 150 and p[1] < 60 for p in row]
    runs = sum(1 for a, b in zip(red, red[1:], strict=False) if a != b)
    assert 0.45 < sum(red) / len(red) < 0.7 and runs >= 20  # 80 units: about 11 dashes
