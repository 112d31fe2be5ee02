"""Issue 23, item 4: a refused move is marked on the table where it was tried (kCaloria: the cell;
EcoLogic: the place; Kalua and How many Calories?: the row of the player who tried it), in the
pictures and the page alike: ``rules replay --png/--svg/--html`` of each game's illegal example."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from PIL import Image, ImageChops
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.registry import get
from kcal.viewer.picture import compose
from kcal.viewer.png import SCALE, render
from kcal.viewer.scene import Poly, Story, Text

GAMES = Path(__file__).parents[2] / "src" / "kcal" / "games"
runner = CliRunner()
REFUSED = "#b00020"  #: the red of the page's "Illegal move" line (kcal.viewer.scene.REFUSED)
#: each game's illegal example: where the refused move was tried, as its item's origin and outline box
#: (scene units), and the words of its label
CASES = {
    "kcaloria": ("A places Ardea herodias at [0, -1] (refused)", "refused: Ardea herodias"),
    "ecologic_europe": ("A places Ips typographus at h1.2 (refused)", "refused: h1.2"),
    "kalua": ("B plays Miracle", "refused: B plays Miracle, paying 6 PP"),
    "how_many_calories": ("D plays yellow 30", "refused: D plays yellow 30"),
}


def _story(pack: str) -> Story:
    game = {"ecologic_europe": "ecologic-europe", "how_many_calories": "how-many-calories"}.get(pack, pack)
    return get(game).hook("draw").story(GAMES / pack / "data" / "examples" / "illegal-move.yaml")


def _mark(story: Story):
    marks = [it for it in story.frames[-1].items if it.key == "refused"]
    assert len(marks) == 1, "the refused move is not marked on the table"
    return marks[0]


@pytest.mark.parametrize("pack", list(CASES))
def test_the_refused_move_is_marked_in_red_with_its_words(pack):
    story = _story(pack)
    caption, label = CASES[pack]
    last = story.frames[-1]
    assert caption in last.caption and last.illegal
    mark = _mark(story)
    outline = [s for s in mark.shapes if isinstance(s, Poly)]
    assert outline and outline[0].stroke == REFUSED and outline[0].dash and outline[0].width >= 3
    assert [s.text for s in mark.shapes if isinstance(s, Text)] == [label]
    assert mark.layer == 2  # over the cards and tiles
    assert all(it.key != "refused" for f in story.frames[:-1] for it in f.items)  # only on the refused step


def test_kcaloria_the_cell_tried():
    from kcal.games.kcaloria.draw import center

    mark = _mark(_story("kcaloria"))
    assert (mark.x, mark.y) == center((0, -1))


def test_ecologic_the_place_tried():
    from kcal.games.ecologic_europe.draw import CH, CW, place_origin

    story = _story("ecologic_europe")
    mark = _mark(story)
    board_a = next(it for it in story.frames[-1].items if it.key == "player0")
    assert (mark.x, mark.y) == (board_a.x, board_a.y)
    x, y = place_origin(4, 1)  # h1.2: board 1, field 2 (place 1 from 0)
    box = next(s for s in mark.shapes if isinstance(s, Poly)).bbox()
    assert box == (x - 3, y - 3, x + CW + 3, y + CH + 3)


@pytest.mark.parametrize(("pack", "row"), [("kalua", "god1"), ("how_many_calories", "seat3")])
def test_a_card_game_the_row_of_the_player_who_tried(pack, row):
    story = _story(pack)
    mark = _mark(story)
    player = next(it for it in story.frames[-1].items if it.key == row)
    assert (mark.x, mark.y) == (player.x, player.y)


@pytest.mark.parametrize("pack", list(CASES))
def test_the_mark_is_in_the_png_svg_and_html(pack, tmp_path):
    record = GAMES / pack / "data" / "examples" / "illegal-move.yaml"
    out = {k: tmp_path / f"out.{k}" for k in ("png", "svg", "html")}
    r = runner.invoke(app, ["rules", "replay", str(record), "--png", str(out["png"]), "--svg", str(out["svg"]),
                            "--html", str(out["html"])])
    assert r.exit_code == 1, r.output
    dashed = re.compile(r'<polygon[^>]*stroke="' + REFUSED + r'"[^>]*stroke-dasharray')
    assert dashed.search(out["svg"].read_text())
    page = out["html"].read_text()
    data = json.loads(re.search(r'id="game-data">(.*?)</script>', page, re.S).group(1))
    assert any(dashed.search(f) for f in data["frags"])
    # the PNG: the same picture drawn without the mark differs only inside the mark's box, where it is red
    items, box = compose(_story(pack))
    plain = Image.open(out["png"]).convert("RGB")
    other = Image.open(io.BytesIO(render([it for it in items if it.key != "refused"], box))).convert("RGB")
    diff = ImageChops.difference(plain, other).getbbox()
    assert diff is not None
    mx0, my0, mx1, my1 = next(it for it in items if it.key == "refused").bbox()
    x0, y0 = box[0], box[1]
    assert (mx0 - x0 - 4) * SCALE <= diff[0] and diff[2] <= (mx1 - x0 + 4) * SCALE
    assert (my0 - y0 - 4) * SCALE <= diff[1] and diff[3] <= (my1 - y0 + 4) * SCALE
    px = plain.crop(diff).tobytes()
    reds = sum(1 for k in range(0, len(px), 3) if px[k] > 150 and px[k + 1] < 60 and px[k + 2] < 80)
    assert reds > 200
