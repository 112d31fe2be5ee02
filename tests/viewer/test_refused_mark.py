"""Issue 23, item 4: a refused move is marked on the table where it was tried, in the pictures and the
page alike (``rules replay --png/--svg/--html`` of each pack's illegal example), over every pack that
draws: the mark is red and dashed, says the move, and draws the card tried inside it (or outlines a place
of the table). Each pack declares its illegal example's refused step (``Pack.samples`` ``refused``: its
caption, the mark's label, the text of the card drawn inside the mark or None); where each game puts the
mark is in its own tests/games/*/test_refused_mark.py."""

from __future__ import annotations

import io
import json
import re

import pytest
from PIL import Image, ImageChops
from typer.testing import CliRunner

import tests.refusedmarks as rm
from kcal.cli.app import app
from kcal.core.registry import get, ids
from kcal.viewer.picture import compose
from kcal.viewer.png import MAX_SIDE, SCALE, render
from kcal.viewer.scene import Poly, Rect, Text

runner = CliRunner()
REFUSED = rm.REFUSED


def _case(pack: str) -> tuple[str, str, str | None]:
    """The pack's ``refused`` sample; a pack that draws no replay, or declares none, is skipped: why."""
    if not get(pack).has("draw"):
        pytest.skip(f"{pack} has no draw hook: rules replay draws no picture of its records")
    if "refused" not in get(pack).samples:
        pytest.skip(f"{pack} declares no refused sample (its illegal example's refused step)")
    return get(pack).samples["refused"]


@pytest.mark.parametrize("pack", ids())
def test_the_refused_move_is_marked_in_red_with_its_words(pack):
    case = _case(pack)
    story = rm.story(pack)
    caption, label, _ = case
    last = story.frames[-1]
    assert caption in last.caption and last.illegal
    mark = rm.mark(story)
    outline = [s for s in mark.shapes if isinstance(s, Poly) and s.dash]
    assert outline and outline[0].stroke == REFUSED and outline[0].dash and outline[0].width >= 3
    assert isinstance(mark.shapes[-1], Text) and mark.shapes[-1].text == label and mark.shapes[-1].fill == REFUSED
    assert [s.text for s in mark.shapes if isinstance(s, Text)].count(label) == 1
    assert mark.layer == 2  # over the cards and tiles
    assert all(not it.key.startswith("refused") for f in story.frames[:-1] for it in f.items)  # its step only


@pytest.mark.parametrize("pack", ids())
def test_the_card_tried_is_drawn_inside_the_mark(pack):
    """A card game draws the card that was tried inside the mark (the table never took it), a tile game
    the tile tried on its empty cell; a mark on a place (no card: None) outlines it, showing what is there."""
    case = _case(pack)
    mark = rm.mark(rm.story(pack))
    card = case[2]
    words = [s for s in mark.shapes if isinstance(s, Text) and s.text == card]
    if card is None:
        assert [s for s in mark.shapes if not isinstance(s, Poly | Rect | Text)] == []
        return
    assert len(words) == 1
    main, inner = rm.outlines(mark)[0], rm.moved(words[0].bbox(), mark)
    assert main[0] < inner[0] and main[1] < inner[1] and inner[2] < main[2] and inner[3] < main[3]



@pytest.mark.parametrize("pack", ids())
def test_the_mark_is_in_the_png_svg_and_html(pack, tmp_path):
    case = _case(pack)
    record = rm.example(pack)
    out = {k: tmp_path / f"out.{k}" for k in ("png", "svg", "html")}
    r = runner.invoke(app, ["rules", "replay", str(record), "--png", str(out["png"]), "--svg", str(out["svg"]),
                            "--html", str(out["html"])])
    assert r.exit_code == 1, r.output
    story = rm.story(pack)
    items, box = compose(story)
    mark = next(it for it in items if it.key == "refused")
    marks = [it for it in items if it.key.startswith("refused")]
    # the SVG: the mark's group where the picture puts it, with the dashed outline, its label and the card
    # tried; the move's other places (if any) dashed the same, without a label
    dashed = re.compile(r'<polygon[^>]*stroke="' + REFUSED + r'"[^>]*stroke-dasharray')
    groups = re.findall(r'<g transform="translate\(([-\d.]+),([-\d.]+)\)">(.*?)</g>', out["svg"].read_text())
    marked = [(float(x), float(y), body) for x, y, body in groups if dashed.search(body)]
    assert len(marked) == len(marks)
    labelled = [m for m in marked if f">{case[1]}</text>" in m[2]]
    assert len(labelled) == 1
    assert labelled[0][:2] == (pytest.approx(mark.x, abs=0.1), pytest.approx(mark.y, abs=0.1))
    card = case[2]
    assert card is None or f">{card}</text>" in labelled[0][2]
    # the page: the mark only on the step of the refused move, which brings the labelled mark into view
    page = out["html"].read_text()
    data = json.loads(re.search(r'id="game-data">(.*?)</script>', page, re.S).group(1))
    frames = data["frames"]
    with_mark = {k for k, f in enumerate(frames) for e in f.get("d", f.get("f", []))
                 if dashed.search(data["frags"][e[3]])}
    assert with_mark == {len(frames) - 1}
    z = frames[-1]["z"]
    for b in rm.outlines(rm.mark(story)):
        assert z[0] <= b[0] and z[1] <= b[1] and z[2] >= b[2] and z[3] >= b[3]
    # the PNG: the same picture drawn without the mark differs only inside the mark's box, where it is red
    plain = Image.open(out["png"]).convert("RGB")
    other = Image.open(io.BytesIO(render([it for it in items if it not in marks], box))).convert("RGB")
    diff = ImageChops.difference(plain, other).getbbox()
    assert diff is not None
    mx0, my0, mx1, my1 = rm.union(*(it.bbox() for it in marks))
    x0, y0 = box[0], box[1]
    scale = min(SCALE, MAX_SIDE / max(box[2], box[3], 1.0))  # a tall table's picture is drawn smaller
    assert (mx0 - x0 - 4) * scale <= diff[0] and diff[2] <= (mx1 - x0 + 4) * scale
    assert (my0 - y0 - 4) * scale <= diff[1] and diff[3] <= (my1 - y0 + 4) * scale
    px = plain.crop(diff).tobytes()
    reds = sum(1 for k in range(0, len(px), 3) if px[k] > 150 and px[k + 1] < 60 and px[k + 2] < 80)
    assert reds > 200

