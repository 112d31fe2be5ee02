"""The ``draw`` hook for How many Calories? (issue 10): each trick with its cards, the +5 stacks, who
takes which card, intake against the limit; ``rules replay --png/--svg/--html`` through the shared viewer."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.how_many_calories import PACK
from kcal.games.how_many_calories.draw import TAKE, WIN, story
from kcal.games.how_many_calories.replay import replay
from kcal.viewer.scene import Rect, Text

FIX = Path(__file__).parent / "fixtures"
NS = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def _texts(frame, key: str | None = None) -> list[str]:
    return [s.text for it in frame.items if key is None or it.key == key for s in it.shapes if isinstance(s, Text)]


def _frames(frame, colour: str) -> int:
    return sum(1 for it in frame.items for s in it.shapes if isinstance(s, Rect) and s.stroke == colour
               and s.fill is None)


def test_the_pack_declares_the_draw_hook():
    assert callable(PACK.hook("draw").story)


def test_plus_five_stacks_and_who_takes_which_card():
    """Rulebook, the +5 card: yellow 11 leads; green 4 counts 9 and is the lowest; red 25 + 5 = 30 is
    the highest and takes only green 4; B leads next."""
    st = story(FIX / "examples" / "rulebook-plus-five.yaml")
    assert [f.step for f in st.frames] == [0, 1, 2, 3, 4, 5]
    done = st.frames[4]
    lines = next(s.lines for s in done.sections if s.title == "What happened")
    assert lines == ("trick: A yellow 11; B green 4 +5 = 9; C red 25 +5 = 30; D yellow 14",
                     "C (highest) takes green 4, 400 kcal; B (lowest) leads next")
    trick = _texts(done, "trick")
    assert trick[0] == "Trick just played" and ["= 11", "= 9", "= 30", "= 14"] == [t for t in trick if t.startswith("=")]
    assert trick.count("+5") == 2  # the +5 card under each off-colour card
    assert _frames(done, WIN) == 1 and _frames(done, TAKE) == 1
    assert "4" in _texts(done, "seat2")  # C's taken cards show green 4
    assert any(t.startswith("400 of 2,400 kcal this round") for t in _texts(done, "seat2"))


def test_a_trick_in_progress_shows_the_cards_so_far():
    f = story(FIX / "examples" / "rulebook-plus-five.yaml").frames[2]
    trick = _texts(f, "trick")
    assert trick[0] == "Trick on the table" and "A leads" in trick and "= 9" in trick


def test_an_illegal_move_is_the_last_step_with_its_reason():
    path = FIX / "illegal" / "out-of-turn.yaml"
    checked = replay(path)
    last = story(path).frames[-1]
    assert last.illegal == checked.illegal.reason and last.caption.endswith("(refused)")
    assert last.step == checked.moves_applied


def test_calorie_limit_a_player_over_the_limit_is_out(tmp_path):
    """Rulebook, the calorie limit: a simulated 4-player game; whoever passes 2,400 kcal is drawn out."""
    rec = tmp_path / "h.yaml"
    r = runner.invoke(app, ["sim", "match", "--game", "how-many-calories", "-p", "4", "-n", "1", "-j", "1",
                            "--save-game", "0", "-o", str(rec)])
    assert r.exit_code == 0, r.output
    st = story(rec)
    assert len(st.frames) == replay(rec).moves_applied + 1
    outs = [f for f in st.frames if any("is over the limit" in line for s in f.sections for line in s.lines)]
    assert outs, "some player goes out in a simulated game"
    assert any(t.endswith("(out)") for t in _texts(outs[0]))
    r = runner.invoke(app, ["rules", "replay", str(rec), "--png", str(tmp_path / "h.png"), "--svg",
                            str(tmp_path / "h.svg"), "--html", str(tmp_path / "h.html"), "--upto", "20"])
    assert r.exit_code == 0, r.output
    assert Image.open(io.BytesIO((tmp_path / "h.png").read_bytes())).size[0] > 1000
    texts = [t.text for t in ET.parse(tmp_path / "h.svg").getroot().iter(f"{NS}text")]
    assert any((t or "").startswith("after 20 move(s)") for t in texts)
    page = (tmp_path / "h.html").read_text()
    data = json.loads(re.search(r'id="game-data">(.*?)</script>', page, re.S).group(1))
    assert len(data["frames"]) == 21


def test_the_catalog_page_shows_every_food_card_without_a_deck_panel(tmp_path):
    from kcal.games.how_many_calories.draw import catalog_page
    from kcal.viewer.catalog import page

    cat = catalog_page()
    assert len(cat.cards) == 32 and cat.deck is None
    colours = [c.facets["colour"][0] for c in cat.cards]
    assert {c: colours.count(c) for c in set(colours)} == {"red": 8, "yellow": 8, "green": 8, "blue": 8}
    yellow14 = next(c for c in cat.cards if c.name == "yellow 14")
    assert "1,400 kcal" in [s.text for s in yellow14.face if isinstance(s, Text)]
    text = page(cat)
    assert '"deck":null' in text
    r = runner.invoke(app, ["catalog", "browse", "--game", "how-many-calories", "-o", str(tmp_path / "c.html")])
    assert r.exit_code == 0, r.output
