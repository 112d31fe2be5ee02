"""Issue 23, item 4: a refused move is marked on the table where it was tried, in the pictures and the
page alike (``rules replay --png/--svg/--html`` of each game's illegal example): kCaloria, the cell,
with the tile tried drawn on it (an empty cell; on a tile the outline alone); EcoLogic, the place; How many Calories?, the card tried, drawn where the trick would have taken it (and
the card in the hand, or the cards of a pass); Kalua, the action card, drawn where the window would have
shown it next, a leader's action on the leader, a draw on the hand, a target on the targeted god."""

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
from kcal.viewer.png import MAX_SIDE, SCALE, render
from kcal.viewer.scene import Circle, Frame, Item, Poly, Rect, Story, Text

GAMES = Path(__file__).parents[2] / "src" / "kcal" / "games"
runner = CliRunner()
REFUSED = "#b00020"  #: the red of the page's "Illegal move" line (kcal.viewer.scene.REFUSED)
Box = tuple[float, float, float, float]
#: each game's illegal example: its refused step's caption, the mark's label, and the text of the card
#: the mark draws where it was tried (None: the mark outlines a place of the table, drawing nothing)
CASES = {
    "kcaloria": ("A places Ardea herodias at [0, -1] (refused)", "refused: Ardea herodias", "Ardea herodias"),
    "ecologic_europe": ("A places Ips typographus at h1.2 (refused)", "refused: h1.2", None),
    "kalua": ("B plays Miracle", "refused: B plays Miracle, paying 6 PP", "Miracle"),
    "how_many_calories": ("D plays yellow 30", "refused: D plays yellow 30", "30"),
}


def _game(pack: str) -> str:
    return {"ecologic_europe": "ecologic-europe", "how_many_calories": "how-many-calories"}.get(pack, pack)


def _example(pack: str) -> Path:
    return GAMES / pack / "data" / "examples" / "illegal-move.yaml"


def _story(pack: str, record: Path | None = None) -> Story:
    return get(_game(pack)).hook("draw").story(record or _example(pack))


def _mark(story: Story) -> Item:
    marks = [it for it in story.frames[-1].items if it.key == "refused"]
    assert len(marks) == 1, "the refused move is not marked on the table"
    return marks[0]


def _also(story: Story) -> list[Box]:
    """The outlines of the refused move's other places (``refused:also``), if it has any."""
    more = [it for it in story.frames[-1].items if it.key == "refused:also"]
    assert len(more) <= 1
    return [b for it in more for b in _outlines(it)]


def _moved(b: Box, it: Item) -> Box:
    return (b[0] + it.x, b[1] + it.y, b[2] + it.x, b[3] + it.y)


def _outlines(mark: Item) -> list[Box]:
    """The dashed red outlines of a mark's item on the table."""
    return [_moved(s.bbox(), mark) for s in mark.shapes if isinstance(s, Poly) and s.dash and s.stroke == REFUSED]


def _union(*boxes: Box) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def _snug(outline: Box, inner: Box, slack: float) -> None:
    """``outline`` goes round ``inner`` closely: around it, and no more than ``slack`` from it on any side
    (so a mark around a whole row is not taken for a mark on a card of it)."""
    assert outline[0] <= inner[0] and outline[1] <= inner[1] and outline[2] >= inner[2] and outline[3] >= inner[3], \
        (outline, inner)
    assert max(inner[0] - outline[0], inner[1] - outline[1], outline[2] - inner[2], outline[3] - inner[3]) <= slack, \
        (outline, inner)


def _item(frame: Frame, key: str) -> Item:
    return next(it for it in frame.items if it.key == key)


def _text(it: Item, words: str) -> Box:
    return _moved(next(s for s in it.shapes if isinstance(s, Text) and s.text == words).bbox(), it)


def _card(it: Item, number: int, w: float, h: float) -> Box:
    """The box of the card of ``number`` (a How many Calories? card ``w`` by ``h``) in item ``it``."""
    t = next(s for s in it.shapes if isinstance(s, Text) and s.text == str(number) and s.size >= 13)
    r = next(s for s in it.shapes if isinstance(s, Rect) and (s.w, s.h) == (w, h) and s.x <= t.x <= s.x + w
             and s.y <= t.y <= s.y + h)
    return _moved(r.bbox(), it)


@pytest.mark.parametrize("pack", list(CASES))
def test_the_refused_move_is_marked_in_red_with_its_words(pack):
    story = _story(pack)
    caption, label, _ = CASES[pack]
    last = story.frames[-1]
    assert caption in last.caption and last.illegal
    mark = _mark(story)
    outline = [s for s in mark.shapes if isinstance(s, Poly) and s.dash]
    assert outline and outline[0].stroke == REFUSED and outline[0].dash and outline[0].width >= 3
    assert isinstance(mark.shapes[-1], Text) and mark.shapes[-1].text == label and mark.shapes[-1].fill == REFUSED
    assert [s.text for s in mark.shapes if isinstance(s, Text)].count(label) == 1
    assert mark.layer == 2  # over the cards and tiles
    assert all(not it.key.startswith("refused") for f in story.frames[:-1] for it in f.items)  # its step only


@pytest.mark.parametrize("pack", list(CASES))
def test_the_card_tried_is_drawn_inside_the_mark(pack):
    """A card game draws the card that was tried inside the mark (the table never took it), and kCaloria
    the tile tried on its empty cell; EcoLogic outlines the place, which shows what is there."""
    mark = _mark(_story(pack))
    card = CASES[pack][2]
    words = [s for s in mark.shapes if isinstance(s, Text) and s.text == card]
    if card is None:
        assert [s for s in mark.shapes if not isinstance(s, Poly | Rect | Text)] == []
        return
    assert len(words) == 1
    main, inner = _outlines(mark)[0], _moved(words[0].bbox(), mark)
    assert main[0] < inner[0] and main[1] < inner[1] and inner[2] < main[2] and inner[3] < main[3]


def test_kcaloria_the_cell_tried():
    from kcal.games.kcaloria.draw import R, center

    mark = _mark(_story("kcaloria"))
    assert (mark.x, mark.y) == center((0, -1))
    x, y = center((0, -1))
    _snug(_outlines(mark)[0], (x - R * 0.8, y - R * 0.8, x + R * 0.8, y + R * 0.8), R * 0.3)


def test_kcaloria_a_tile_tried_on_a_taken_cell_is_not_drawn_over_it(tmp_path):
    """The outline and its words say the move; the tile already on the cell stays in sight."""
    text = _example("kcaloria").read_text(encoding="utf-8").replace("at: [0, -1]}", "at: [1, 0]}")
    record = tmp_path / "taken.yaml"
    record.write_text(text, encoding="utf-8")
    mark = _mark(_story("kcaloria", record))
    assert [s.text for s in mark.shapes if isinstance(s, Text)] == ["refused: Ardea herodias"]
    assert "already holds Phlox nivalis" in _story("kcaloria", record).frames[-1].caption + " ".join(
        line for sec in _story("kcaloria", record).frames[-1].sections for line in sec.lines)


def test_ecologic_the_place_tried():
    from kcal.games.ecologic_europe.draw import CH, CW, place_origin

    story = _story("ecologic_europe")
    mark = _mark(story)
    board_a = next(it for it in story.frames[-1].items if it.key == "player0")
    assert (mark.x, mark.y) == (board_a.x, board_a.y)
    x, y = place_origin(4, 1)  # h1.2: board 1, field 2 (place 1 from 0)
    box = next(s for s in mark.shapes if isinstance(s, Poly)).bbox()
    assert box == (x - 3, y - 3, x + CW + 3, y + CH + 3)
    _snug(_outlines(mark)[0], (board_a.x + x, board_a.y + y, board_a.x + x + CW, board_a.y + y + CH), 4)


def test_how_many_calories_the_card_tried_where_the_trick_would_take_it():
    """D plays yellow 30 after C's green 4: the card is drawn as the trick's second card, and nowhere
    in D's hand (D does not hold it: D passed it to A)."""
    from kcal.games.how_many_calories.draw import CH, CW

    story = _story("how_many_calories")
    last = story.frames[-1]
    mark = _mark(story)
    trick = _item(last, "trick")
    lead = _card(trick, 4, CW, CH)  # C's green 4
    tried = _card(mark, 30, CW, CH)
    assert tried[1] == lead[1] and lead[2] < tried[0] < lead[2] + 2 * CW  # the next place in the trick's row
    outlines = _outlines(mark)
    assert len(outlines) == 1 and _also(story) == []  # D does not hold it: no card in a hand is marked
    _snug(outlines[0], tried, 16)
    assert all(outlines[0][3] < _item(last, f"seat{s}").bbox()[1] for s in range(4))  # over the trick, not a row


def _write(tmp_path: Path, pack: str, text: str) -> Path:
    out = tmp_path / f"{pack}.yaml"
    out.write_text(text, encoding="utf-8")
    return out


def _hmc(tmp_path: Path, passes: dict[str, str] | None = None, plays: tuple[str, ...] | None = None) -> Story:
    """The How many Calories? example with other passes or plays."""
    text = _example("how_many_calories").read_text(encoding="utf-8")
    for player, cards in (passes or {}).items():
        text = re.sub(rf"( {player}: )\[[^\]]*\]", rf"\g<1>[{cards}]", text)
    if plays is not None:
        head = text[: text.index("    plays:\n") + len("    plays:\n")]
        text = head + "".join(f"      - {{{p}}}\n" for p in plays)
    return _story("how_many_calories", _write(tmp_path, "how_many_calories", text))


def test_how_many_calories_a_card_played_out_of_turn_is_marked_in_the_trick_and_in_the_hand(tmp_path):
    """Trick 1 is over (C leads next) when A plays red 8, which A holds: the card is drawn after the trick
    just played, and A's red 8 is outlined in A's hand."""
    from kcal.games.how_many_calories.draw import CH, CW

    story = _hmc(tmp_path, plays=("player: A, card: yellow 11", "player: B, card: yellow 14",
                                  "player: C, card: yellow 3", "player: D, card: red 1", "player: A, card: red 8"))
    last = story.frames[-1]
    assert "it is C's turn, not A's" in (last.illegal or "")
    mark = _mark(story)
    trick = _item(last, "trick")
    played = [_card(trick, n, CW, CH) for n in (11, 14, 3, 1)]
    tried = _card(mark, 8, CW, CH)
    assert tried[1] == played[0][1] and tried[0] > max(b[2] for b in played)  # after the trick just played
    [main], also = _outlines(mark), _also(story)
    _snug(main, tried, 16)
    assert len(also) == 1
    _snug(also[0], _card(_item(last, "seat0"), 8, CW, CH), 4)


def test_how_many_calories_a_card_played_before_the_pass_leads_the_empty_trick(tmp_path):
    """D has not passed when A plays yellow 11: the card is drawn as the empty trick's first, its label
    under the trick's "no card played yet", and A's yellow 11 is outlined in A's hand."""
    from kcal.games.how_many_calories.draw import CH, CW

    text = re.sub(r"      D: \[[^\]]*\]\n", "", _example("how_many_calories").read_text(encoding="utf-8"))
    story = _story("how_many_calories", _write(tmp_path, "how_many_calories", text))
    last = story.frames[-1]
    assert "starts with the pass" in (last.illegal or "")
    mark = _mark(story)
    trick = _item(last, "trick")
    empty = _text(trick, "no card played yet")
    tried = _card(mark, 11, CW, CH)
    label = next(_moved(s.bbox(), mark) for s in mark.shapes if isinstance(s, Rect) and s.fill == "#ffffff")
    assert tried[0] == trick.x and label[1] > empty[3] and tried[1] > label[1]  # below the words, not over them
    _snug(_outlines(mark)[0], tried, 16)
    [also] = _also(story)
    _snug(also, _card(_item(last, "seat0"), 11, CW, CH), 4)


def test_how_many_calories_a_pass_marks_the_cards_passed_in_the_hand(tmp_path):
    """A passes 3 cards: each of them is outlined in A's hand, the label on the first."""
    from kcal.games.how_many_calories.draw import CH, CW

    story = _hmc(tmp_path, passes={"A": "blue 31, green 27, red 8"})
    last = story.frames[-1]
    assert "pass exactly 2 cards, not 3" in (last.illegal or "")
    outlines = _outlines(_mark(story)) + _also(story)
    hand = _item(last, "seat0")
    assert len(outlines) == 3
    for outline, n in zip(outlines, (8, 27, 31), strict=True):  # the pass in number order
        _snug(outline, _card(hand, n, CW, CH), 4)


def _kalua(tmp_path: Path, move: str, index: int = 19) -> Story:
    """The Kalua example with move ``index`` (from 0) replaced by ``move`` and the moves after it dropped."""
    lines = _example("kalua").read_text(encoding="utf-8").splitlines(keepends=True)
    first = next(k for k, line in enumerate(lines) if line.startswith("moves:")) + 1
    text = "".join(lines[: first + index]) + f"  - {{{move}}}\n"
    return _story("kalua", _write(tmp_path, "kalua", text))


def test_kalua_the_card_tried_where_the_window_would_show_it_and_the_hand_it_was_to_leave():
    """B plays Miracle (B holds it, but cannot pay): the Miracle card is drawn as the next card of the
    action-card window (below what the window shows, in its column), and B's hand is outlined."""
    from kcal.games.kalua.draw import CHIP_H

    story = _story("kalua")
    last = story.frames[-1]
    mark = _mark(story)
    window = _item(last, "cards")
    chip = next(_moved(s.bbox(), mark) for s in mark.shapes if isinstance(s, Rect) and s.h == CHIP_H and s.w > 100)
    assert chip[0] == window.x and window.bbox()[3] < chip[1] < window.bbox()[3] + 60
    [main], also = _outlines(mark), _also(story)
    _snug(main, chip, 16)
    god_b = _item(last, "god1")
    assert len(also) == 1
    _snug(also[0], _union(_text(god_b, "hand: 6 cards"), *(_moved(s.bbox(), god_b) for s in god_b.shapes
                                                          if isinstance(s, Rect) and s.fill == "#8c8c8c")), 10)


@pytest.mark.parametrize(("move", "index", "reason"), [
    ("player: A, leader: believer, from: C", 16, "it is B's"),
    ("player: A, leader: atheists", 16, "it is B's"),
])
def test_kalua_a_leader_action_is_marked_on_the_leader_and_where_it_takes_from(tmp_path, move, index, reason):
    """A's leader acts in B's turn: A's leader is marked; a believer's god (C: the families bar) or the
    island (atheists) is outlined too."""
    story = _kalua(tmp_path, move, index)
    last = story.frames[-1]
    assert reason in (last.illegal or "")
    [main], also = _outlines(_mark(story)), _also(story)
    god_a = _item(last, "god0")
    leader = next(_moved(s.bbox(), god_a) for s in god_a.shapes if isinstance(s, Circle) and s.r == 8 and s.cy > 0)  # not the name's marker
    _snug(main, _union(leader, _text(god_a, "leader")), 20)
    assert len(also) == 1
    if "believer" in move:
        god_c = _item(last, "god2")
        bar = max((_moved(s.bbox(), god_c) for s in god_c.shapes if isinstance(s, Rect) and s.h == 12),
                  key=lambda b: b[2] - b[0])
        _snug(also[0], _union(_text(god_c, "families"), bar), 10)
    else:
        _snug(also[0], _item(last, "island").bbox(), 4)


@pytest.mark.parametrize(("move", "index", "key", "reason"), [
    ("player: A, draw: bonus", 0, "god0", "it is B's"),
    ("player: B, target: C", 19, "god2", ""),
    ("player: A, convert: true", 19, "god0", ""),
])
def test_kalua_a_draw_a_target_or_a_shout(tmp_path, move, index, key, reason):
    """A draw is marked on the hand it was to go to; a target on the targeted god's row; a shout of
    Convert! on the row of the god who shouted it."""
    story = _kalua(tmp_path, move, index)
    last = story.frames[-1]
    assert last.illegal and reason in last.illegal
    [main] = _outlines(_mark(story))
    assert _also(story) == []
    god = _item(last, key)
    if "draw" in move:
        _snug(main, _text(god, "hand: 0 cards"), 12)
    else:
        row = next(_moved(s.bbox(), god) for s in god.shapes if isinstance(s, Rect) and s.w >= 300)  # the row's box
        _snug(main, row, 4)


@pytest.mark.parametrize("pack", list(CASES))
def test_the_mark_is_in_the_png_svg_and_html(pack, tmp_path):
    record = _example(pack)
    out = {k: tmp_path / f"out.{k}" for k in ("png", "svg", "html")}
    r = runner.invoke(app, ["rules", "replay", str(record), "--png", str(out["png"]), "--svg", str(out["svg"]),
                            "--html", str(out["html"])])
    assert r.exit_code == 1, r.output
    story = _story(pack)
    items, box = compose(story)
    mark = next(it for it in items if it.key == "refused")
    marks = [it for it in items if it.key.startswith("refused")]
    # the SVG: the mark's group where the picture puts it, with the dashed outline, its label and the card
    # tried; the move's other places (if any) dashed the same, without a label
    dashed = re.compile(r'<polygon[^>]*stroke="' + REFUSED + r'"[^>]*stroke-dasharray')
    groups = re.findall(r'<g transform="translate\(([-\d.]+),([-\d.]+)\)">(.*?)</g>', out["svg"].read_text())
    marked = [(float(x), float(y), body) for x, y, body in groups if dashed.search(body)]
    assert len(marked) == len(marks)
    labelled = [m for m in marked if f">{CASES[pack][1]}</text>" in m[2]]
    assert len(labelled) == 1
    assert labelled[0][:2] == (pytest.approx(mark.x, abs=0.1), pytest.approx(mark.y, abs=0.1))
    card = CASES[pack][2]
    assert card is None or f">{card}</text>" in labelled[0][2]
    # the page: the mark only on the step of the refused move, which brings the labelled mark into view
    page = out["html"].read_text()
    data = json.loads(re.search(r'id="game-data">(.*?)</script>', page, re.S).group(1))
    frames = data["frames"]
    with_mark = {k for k, f in enumerate(frames) for e in f.get("d", f.get("f", []))
                 if dashed.search(data["frags"][e[3]])}
    assert with_mark == {len(frames) - 1}
    z = frames[-1]["z"]
    for b in _outlines(_mark(story)):
        assert z[0] <= b[0] and z[1] <= b[1] and z[2] >= b[2] and z[3] >= b[3]
    # the PNG: the same picture drawn without the mark differs only inside the mark's box, where it is red
    plain = Image.open(out["png"]).convert("RGB")
    other = Image.open(io.BytesIO(render([it for it in items if it not in marks], box))).convert("RGB")
    diff = ImageChops.difference(plain, other).getbbox()
    assert diff is not None
    mx0, my0, mx1, my1 = _union(*(it.bbox() for it in marks))
    x0, y0 = box[0], box[1]
    scale = min(SCALE, MAX_SIDE / max(box[2], box[3], 1.0))  # a tall table's picture is drawn smaller
    assert (mx0 - x0 - 4) * scale <= diff[0] and diff[2] <= (mx1 - x0 + 4) * scale
    assert (my0 - y0 - 4) * scale <= diff[1] and diff[3] <= (my1 - y0 + 4) * scale
    px = plain.crop(diff).tobytes()
    reds = sum(1 for k in range(0, len(px), 3) if px[k] > 150 and px[k + 1] < 60 and px[k + 2] < 80)
    assert reds > 200

