"""The ``draw`` hook and ``rules replay --svg/--png/--html/--upto`` (issue 10): the table as players see
it, each step in words, named after the rulebook sections the steps show."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from PIL import Image
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria import PACK
from kcal.games.kcaloria.draw import DIE, LETTER, PLAYER_COLOURS, story
from kcal.games.kcaloria.replay import replay
from kcal.viewer.scene import Text

FIX = Path(__file__).parent / "engine" / "fixtures"
EVIL = Path(__file__).parents[2] / "viewer" / "evil-names.yaml"
DECKS = Path(__file__).parents[3] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"
NS = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def _texts(frame) -> list[str]:
    return [s.text for it in frame.items for s in it.shapes if isinstance(s, Text)]


def _section(frame, title: str) -> tuple[str, ...]:
    return next(s.lines for s in frame.sections if s.title == title)


def test_the_pack_declares_the_draw_hook():
    assert callable(PACK.hook("draw").story)


def test_one_frame_per_move_and_the_table_before_them():
    st = story(FIX / "pesticide-frog-starves.yaml")
    assert len(st.frames) == 13 and [f.step for f in st.frames] == list(range(13))
    assert st.frames[0].caption == "the table before the first move" and not st.frames[0].items
    final = replay(FIX / "pesticide-frog-starves.yaml")
    faces = [it for it in st.frames[-1].items if it.layer == 0]
    assert len(faces) == len(final.board())


def test_adjacency_yield_reasons_name_each_sunlight():
    """Rulebook, Adjacency: two Sunlights each give Eichhornia its printed yield again (2 + 2 + 2)."""
    last = story(FIX / "two-sunlights-eichhornia.yaml").frames[-1]
    lines = _section(last, "Yield and why")
    assert lines[0] == "Eichhornia crassipes gets 6 green"
    assert sum("photosynthesis (next to Sunlight" in s for s in lines) == 2
    assert _section(last, "Payment") == ("1 blue from Bayou at [2, 0]",)
    assert any("poor water quality" in s for s in _section(last, "Other tiles"))
    assert "×6" in _texts(last)  # the 6 unused green cubes drawn with their count


def test_ecosystem_collapse_dice_are_drawn_with_their_values():
    """Rulebook, Ecosystem Collapse: the pesticide gives the cicada die 1 and the frog die 2."""
    st = story(FIX / "pesticide-frog-starves.yaml")
    f = st.frames[8]
    assert any("will be removed (die 1)" in s for s in _section(f, "Events"))
    timers = _section(f, "Collapse dice and timers")
    assert any(s.startswith("die 2 on Dryophytes squirellus") for s in timers)
    dice = sorted(s.text for it in f.items for s in it.shapes if isinstance(s, Text) and s.fill == DIE
                  and s.text.isdigit())
    assert dice == ["1", "2"]
    assert any("leaves the table" in s for s in _section(st.frames[12], "Events"))


def test_ecosystem_collapse_a_rescue_says_what_paid_again():
    """Rulebook, Ecosystem Collapse: A re-pays the starving frog with 2 green from the Phlox."""
    f = story(FIX / "remove-invader-frog-rescued.yaml").frames[11]
    assert f.caption == "11. A re-pays the tile at [2, -1]"
    assert _section(f, "Payment") == ("2 green from Phlox nivalis at [1, 0]",)
    assert _section(f, "Cubes") == ("Phlox nivalis at [1, 0]: 2 green → no cubes",)


def test_barricade_timer_is_drawn_with_its_turns(tmp_path):
    """Rulebook, modifiers (barricade): the Hurricane's timer shows its turns left on the tile."""
    rec = tmp_path / "b.yaml"
    rec.write_text("catalogs: [builtin]\nplayers: [A, B]\nmoves:\n"
                   "  - {player: A, tile: Bayou, at: [0, 0]}\n  - {player: B, tile: Bayou, at: [5, 0]}\n"
                   "  - {player: A, tile: Hurricane, at: [1, 0]}\n")
    f = story(rec).frames[-1]
    assert _section(f, "Collapse dice and timers") == ("barricade Hurricane at [1, 0]: 2 turn(s) left (A)",)
    overlay = next(it for it in f.items if it.key == "c1,0")
    assert "2" in [s.text for s in overlay.shapes if isinstance(s, Text)]


def test_a_turn_owner_and_cube_letters():
    """Rulebook, A Turn: each placed tile shows whose it is (border colour, initial) and its cubes by
    colour letter and count."""
    f = story(FIX / "spec-example.yaml").frames[2]
    borders = {s.stroke for it in f.items for s in it.shapes if getattr(s, "width", 0) == 6}
    assert borders == {PLAYER_COLOURS[0], PLAYER_COLOURS[1]}
    texts = _texts(f)
    assert texts.count(LETTER["blue"]) >= 2 and "×2" in texts and {"A", "B"} <= set(texts)


def test_an_illegal_move_is_the_last_step_with_its_reason():
    path = FIX / "heron-cannot-be-paid.yaml"
    checked = replay(path)
    st = story(path)
    last = st.frames[-1]
    assert last.illegal == checked.illegal_reason and last.illegal
    assert last.step == checked.moves_applied == len(st.frames) - 2
    assert last.caption.endswith("(refused)")


def test_upto_builds_only_the_frame_asked_for():
    st = story(FIX / "spec-example.yaml", upto=3, every=False, coords=True)
    assert len(st.frames) == 1 and st.frames[0].step == 3
    assert len([it for it in st.frames[0].items if it.layer == 0]) == 3
    assert "0,0" in _texts(st.frames[0])  # coordinates on demand


def _run(*args):
    return runner.invoke(app, ["rules", "replay", *map(str, args)])


def test_cli_writes_svg_png_and_html(tmp_path):
    out = tmp_path / "t"
    r = _run(FIX / "pesticide-frog-starves.yaml", "--svg", f"{out}.svg", "--png", f"{out}.png",
             "--html", f"{out}.html", "--upto", "8", "--format", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["moves_applied"] == 12  # the report is unchanged
    root = ET.parse(f"{out}.svg").getroot()
    texts = [t.text for t in root.iter(f"{NS}text")]
    assert any("after 8 move(s)" in (t or "") for t in texts) and "Bacillus" in " ".join(t or "" for t in texts)
    img = Image.open(io.BytesIO(Path(f"{out}.png").read_bytes()))
    assert img.size[0] > 1000 and img.size[1] > 500
    page = Path(f"{out}.html").read_text()
    data = json.loads(re.search(r'id="game-data">(.*?)</script>', page, re.S).group(1))
    assert len(data["frames"]) == 9  # --upto 8: the page stops after move 8


def test_cli_never_overwrites_its_input(tmp_path):
    rec = tmp_path / "g.yaml"
    rec.write_bytes((FIX / "spec-example.yaml").read_bytes())
    before = rec.read_bytes()
    r = _run(rec, "--png", tmp_path / "ok.png", "--svg", rec)
    assert r.exit_code == 2 and "input" in r.output and r.stdout == ""
    assert rec.read_bytes() == before and not (tmp_path / "ok.png").exists()  # all or nothing


def test_cli_upto_without_a_picture_is_a_usage_error():
    r = _run(FIX / "spec-example.yaml", "--upto", "3")
    assert r.exit_code == 2 and "--svg, --png or --html" in r.output


def test_cli_an_illegal_game_still_draws_and_exits_1(tmp_path):
    r = _run(FIX / "heron-cannot-be-paid.yaml", "--svg", tmp_path / "h.svg")
    assert r.exit_code == 1
    svg = (tmp_path / "h.svg").read_text()
    assert "illegal: " in svg


def test_names_that_look_like_markup_are_text(tmp_path):
    r = _run(EVIL, "--svg", tmp_path / "e.svg", "--html", tmp_path / "e.html")
    assert r.exit_code == 1, r.output  # the last move is not next to the player's tiles
    root = ET.parse(tmp_path / "e.svg").getroot()
    assert root.find(f".//{NS}script") is None
    texts = " ".join(t.text or "" for t in root.iter(f"{NS}text"))
    assert "<img src=x onerror=alert(2)>" in texts and "Reed & <b>Rush</b>" in texts
    page = (tmp_path / "e.html").read_text()
    assert "<script>alert" not in page and "<img src" not in page and page.count("</script>") == 2


@pytest.mark.parametrize("command", ["match"])
def test_a_saved_simulated_game_draws(tmp_path, command):
    rec = tmp_path / "m.yaml"
    r = runner.invoke(app, ["sim", command, str(DECKS / "bayou-ambush.yaml"), str(DECKS / "caddo-harvest.yaml"),
                            "-n", "1", "-j", "1", "--save-game", "0", "-o", str(rec)])
    assert r.exit_code == 0, r.output
    r = _run(rec, "--png", tmp_path / "m.png", "--upto", "10")
    assert r.exit_code == 0, r.output
    assert Image.open(tmp_path / "m.png").size[0] > 500


def test_a_cost_of_two_alternatives_and_the_name_fit_inside_the_hex():
    """Issue 23, item 4: every figure and cube of a tile's face (its cost of one or two alternatives, its
    name, its yield) lies inside the type's inner border; the owner's badge and pointer sit on the edge."""
    from math import sqrt

    from kcal.games.kcaloria.draw import R, face
    from kcal.games.kcaloria.files.load import load_library
    from kcal.games.kcaloria.rules.setup import build_table
    from kcal.viewer.scene import Rect

    def inside(shape, radius: float = R - 9) -> bool:
        x0, y0, x1, y1 = shape.bbox()
        return all(abs(x) <= radius * sqrt(3) / 2 and abs(y) <= radius - abs(x) / sqrt(3)
                   for x, y in ((x0, y0), (x1, y0), (x0, y1), (x1, y1)))

    library = load_library()
    table = build_table(list(library.tiles))
    two = 0
    outside: list[tuple[str, str]] = []
    for tile in library.tiles:
        info = table.get(tile.name)
        two += len(info.costs) == 2
        shapes = face(info, 0, "Ann")
        badge = next(s for s in shapes if isinstance(s, Text) and s.text == "A")
        for s in shapes:
            if isinstance(s, (Text, Rect)) and s is not badge and not inside(s):
                outside.append((tile.name, getattr(s, "text", "a cube")))
        names = [s for s in shapes if isinstance(s, Text) and len(s.text) > 1 and s.text.rstrip("…") in tile.name]
        assert names and all(s.size >= 10 for s in names), tile.name  # scene.NAME_SIZE: 11 px or more on a page
    assert two >= 10  # the built-in tiles with two ways to pay are all checked
    assert outside == []
