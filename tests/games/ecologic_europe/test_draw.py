"""The ``draw`` hook for EcoLogic: Europe (issue 10 item 3): each player's habitat boards, the placed
species with their type chip and tokens, the season and step, scores; ``rules replay --png/--svg/--html``
through the shared viewer."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.ecologic_europe import PACK
from kcal.games.ecologic_europe.draw import story
from kcal.games.ecologic_europe.replay import replay
from kcal.viewer.scene import Rect, Text

FIX = Path(__file__).parent / "fixtures"
MEADOW = FIX / "meadow-spring.yaml"
NS = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def _texts(frame, key: str | None = None) -> list[str]:
    return [s.text for it in frame.items if key is None or it.key == key for s in it.shapes if isinstance(s, Text)]


def _happened(frame) -> tuple[str, ...]:
    return next(s.lines for s in frame.sections if s.title == "What happened")


def test_the_pack_declares_the_draw_hook():
    assert callable(PACK.hook("draw").story)


def test_every_move_has_its_frame_with_the_move_in_words():
    checked = replay(MEADOW)
    st = story(MEADOW)
    assert [f.step for f in st.frames] == list(range(checked.moves_applied + 1))
    assert st.frames[0].caption == "the table before the first move"
    assert st.frames[3].caption == "3. A places Lolium perenne at h1.2"
    assert st.frames[5].caption == "5. A hands on Aglais io, Capreolus capreolus"
    assert st.frames[10].caption == "10. B trades Aglais io for a joker"
    assert st.frames[-1].caption == "18. B passes and trades every card in hand for a joker"
    for f in st.frames[1:]:
        assert _happened(f), f.caption
    assert st.frames[-1].summary[-1] == "game over (winter over); winner: B"
    assert st.frames[-1].summary[:2] == ("A: 0 (0 diversity + 0 card points, 21 unfilled fields)",
                                         "B: 1 (0 diversity + 1 card points, 23 unfilled fields)")


def test_start_position_shows_the_habitats_and_the_placed_card_with_its_tokens():
    """start: A's h1 is meadows and fields with Taraxacum officinale (3 biomass) on h1.1."""
    first = story(MEADOW).frames[0]
    a = _texts(first, "player0")
    assert a[0] == "A  ◀ to move"
    assert "habitat 1 (MF)" in a and "Meadows and fields" in a and "Wetlands and lakes" in a
    assert "Dandelion" in a and "Taraxacum officinale" in a and "3 biomass" in a
    assert "HB" in a  # the herbaceous type chip
    assert "edge places between habitats 1 and 2" in a and "e3.2" in a
    assert "Dandelion" not in _texts(first, "player1")
    season = _texts(first, "season")
    assert season == ["Season: spring", "to move: A, B", "step 1: exchange a card (or keep)"]  # lines of a phone


def test_simultaneous_steps_a_placement_shows_when_the_step_resolves():
    """Ruling simultaneous-steps: A's placement stays hidden until B has moved, then both are placed."""
    st = story(MEADOW)
    a_moved, both = st.frames[3], st.frames[4]
    assert _happened(a_moved) == ("hidden until B has moved too: the step resolves when every player has moved",)
    assert "ryegrass" not in _texts(a_moved, "player0")
    assert _texts(a_moved, "season")[1] == "to move: B"
    assert _happened(both)[:2] == ("A places Lolium perenne", "B places Quercus robur")
    assert "A's Perennial ryegrass (Lolium perenne) at h1.2: 2 biomass, 0 remains now" in _happened(both)
    assert {"Perennial", "ryegrass", "2 biomass"} <= set(_texts(both, "player0"))  # the name in two lines
    b = _texts(both, "player1")
    assert "Pedunculate oak" in b and "1 pt" in b and "WD" in b
    assert b[1].startswith("score 1 = 0 diversity + 1 card points")
    assert _texts(both, "season")[::2] == ["Season: spring", "step 3: hand cards on"]


def test_end_of_a_season_is_told_on_its_step():
    st = story(MEADOW)
    ends = [f.caption for f in st.frames[1:] if any(line.startswith("end of ") for line in _happened(f))]
    assert ends == ["12. B passes and keeps the hand", "14. B passes and keeps the hand",
                    "16. B passes and keeps the hand"]


def test_upto_stops_after_that_many_moves():
    st = story(MEADOW, upto=4, every=False)
    assert len(st.frames) == 1 and st.frames[0].step == 4
    assert st.frames[0].caption == "4. B places Quercus robur at h2.1"
    assert len(story(MEADOW, upto=4).frames) == 5


def test_an_illegal_move_is_the_last_step_with_its_reason():
    """The fox may not cover a dandelion it does not eat: the record stops there, reason on the step."""
    path = FIX / "cover-uneaten.yaml"
    checked = replay(path)
    last = story(path).frames[-1]
    assert last.illegal == checked.illegal.reason and "Vulpes vulpes may not cover" in last.illegal
    assert last.caption.endswith("(refused)") and "places Vulpes vulpes at h1.1" in last.caption
    assert last.step == checked.moves_applied == 2
    lines = next(s.lines for s in last.sections if s.title == "Illegal move")
    assert lines[1].endswith(f":{checked.illegal.line}:{checked.illegal.column}")
    assert story(path, upto=1).frames[-1].illegal is None


def test_svg_png_and_html_are_written_through_the_cli(tmp_path):
    r = runner.invoke(app, ["rules", "replay", str(MEADOW), "--png", str(tmp_path / "m.png"), "--svg",
                            str(tmp_path / "m.svg"), "--html", str(tmp_path / "m.html"), "--upto", "4"])
    assert r.exit_code == 0, r.output
    assert Image.open(io.BytesIO((tmp_path / "m.png").read_bytes())).size[0] > 1000
    texts = [t.text or "" for t in ET.parse(tmp_path / "m.svg").getroot().iter(f"{NS}text")]
    assert "after 4 move(s): 4. B places Quercus robur at h2.1" in texts and "Pedunculate oak" in texts
    data = json.loads(re.search(r'id="game-data">(.*?)</script>', (tmp_path / "m.html").read_text(), re.S).group(1))
    assert len(data["frames"]) == 5
    r = runner.invoke(app, ["rules", "replay", str(FIX / "cover-uneaten.yaml"), "--svg", str(tmp_path / "c.svg")])
    assert r.exit_code == 1, r.output
    texts = [t.text or "" for t in ET.parse(tmp_path / "c.svg").getroot().iter(f"{NS}text")]
    assert any(t.startswith("illegal: Vulpes vulpes may not cover") for t in texts)


def test_a_player_name_is_shown_as_text_never_as_markup(tmp_path):
    evil = "<script>alert(1)</script>"
    rec = tmp_path / "evil.yaml"
    text = MEADOW.read_text()
    for a, b in (("[A, B]", f"['{evil}', B]"), ("{A:", f"{{'{evil}':"), ("player: A,", f"player: '{evil}',")):
        assert a in text
        text = text.replace(a, b)
    rec.write_text(text)
    assert replay(rec).legal
    st = story(rec)
    assert _texts(st.frames[0], "player0")[0] == evil + "  ◀ to move"
    r = runner.invoke(app, ["rules", "replay", str(rec), "--svg", str(tmp_path / "e.svg"), "--html",
                            str(tmp_path / "e.html")])
    assert r.exit_code == 0, r.output
    svg = (tmp_path / "e.svg").read_text()
    assert "<script>" not in svg and "&lt;script&gt;alert(1)&lt;/script&gt;" in svg
    texts = [t.text or "" for t in ET.parse(tmp_path / "e.svg").getroot().iter(f"{NS}text")]
    assert evil in texts
    page = (tmp_path / "e.html").read_text()
    assert "<script>alert(1)" not in page and page.count("</script>") == 2  # the data block's and the script's
    data = json.loads(re.search(r'id="game-data">(.*?)</script>', page, re.S).group(1))
    assert evil in json.dumps(data, ensure_ascii=False)  # the name is in the data, as text


def test_the_board_frames_are_drawn_for_every_place():
    """4 habitats of 6 fields and 3 edges of 2 places: 30 places per player."""
    first = story(MEADOW).frames[0]
    labels = [t for t in _texts(first, "player1") if re.fullmatch(r"[he]\d\.\d", t)]
    assert len(labels) == 30 and labels[0] == "h1.1" and labels[-1] == "e3.2"
    rects = [s for it in first.items if it.key == "player1" for s in it.shapes if isinstance(s, Rect)]
    assert len(rects) == 1 + 4 + 30  # the panel, the habitat labels, the places


def test_a_simulated_game_draws_every_step_with_covered_cards_and_tokens(tmp_path):
    """A 3-player game played by the bots to the end of winter: one frame per move, and the table shows
    what the rules made (cards covered, remains tokens); the final scores are the replay's."""
    rec = tmp_path / "g.yaml"
    r = runner.invoke(app, ["sim", "match", "--game", "ecologic-europe", "-p", "3", "-n", "1", "-j", "1",
                            "--save-game", "0", "-o", str(rec)])
    assert r.exit_code == 0, r.output
    checked = replay(rec)
    st = story(rec, checked=checked)
    assert len(st.frames) == checked.moves_applied + 1
    last = st.frames[-1]
    scores = checked.to_json()["scores"]
    for p, line in zip(checked.state.rules.players, last.summary, strict=False):
        assert line.startswith(f"{p}: {scores[p]} (")
    assert last.summary[-1].startswith("game over (")
    shown = _texts(last)
    assert any(t.endswith(" remains") for t in shown)
    under = sum(len(checked.state.stacks[s][q]) - 1 for s in range(3) for q in range(checked.state.rules.places)
                if checked.state.stacks[s][q])
    assert under > 0 and sum(int(t.split()[0][1:]) for t in shown if t.endswith(" under")) == under


def test_the_catalog_page_shows_every_species_card_without_a_deck_panel(tmp_path):
    from kcal.games.ecologic_europe.draw import catalog_page
    from kcal.games.ecologic_europe.files.load import builtin
    from kcal.viewer.catalog import page

    cat = catalog_page()
    assert len(cat.cards) == len(builtin().species) and cat.deck is None
    oak = next(c for c in cat.cards if c.name == "Quercus robur")
    assert oak.label == "Pedunculate oak" and oak.facets["type"] == ("woody",)
    assert set(oak.facets["habitat"]) >= {"deciduous"}
    face = [s.text for s in oak.face if isinstance(s, Text)]
    assert "WD" in face and "1 pt" in face and any(t.startswith("sp ") for t in face)
    fox = next(c for c in cat.cards if c.name == "Vulpes vulpes")
    assert any(t.startswith("eats ") for t in (s.text for s in fox.face if isinstance(s, Text)))
    assert '"deck":null' in page(cat)
    r = runner.invoke(app, ["catalog", "browse", "--game", "ecologic-europe", "-o", str(tmp_path / "c.html")])
    assert r.exit_code == 0, r.output
    assert "Pedunculate oak" in (tmp_path / "c.html").read_text()
