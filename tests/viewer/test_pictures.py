"""Issue 23, item 1: the cards' pictures in the viewer's pictures (SVG, PNG, HTML) and in
``kcal catalog browse``, the same icons the printed cards show."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from kcal.core.registry import get, ids
from kcal.print import pictures
from kcal.viewer import png, svg
from kcal.viewer.scene import Icon, Item

GAMES = [g for g in ids() if get(g).has("draw")]  # the games that draw
EXAMPLES = Path(__file__).resolve().parents[2] / "src" / "kcal" / "games"


def test_an_icon_is_an_svg_path_of_the_shipped_outline_and_its_colour_is_checked() -> None:
    out = svg.shape(Icon(10, 20, 32, "fox", "#336699"))
    assert out.startswith('<path transform="translate(10,20) scale(0.0625)" fill="#336699" d="')
    assert pictures.path_data("fox") in out
    with pytest.raises(ValueError, match="not a colour"):
        svg.shape(Icon(0, 0, 10, "fox", '"/><script>'))


def test_an_icon_in_a_png_is_painted_in_its_colour_inside_its_square() -> None:
    data = png.render([Item("a", 0, 0, (Icon(0, 0, 50, "pine-tree", "#ff0000"),))], (0, 0, 50, 50), scale=2)
    img = Image.open(io.BytesIO(data)).convert("RGB")
    raw = img.tobytes()
    reds = sum(1 for i in range(0, len(raw), 3) if raw[i] > 200 and raw[i + 1] < 80)
    assert 0.1 < reds / (100 * 100) < 0.9  # a tree's silhouette, not an empty or a filled square


@pytest.mark.parametrize("game", GAMES)
def test_every_catalog_card_shows_its_picture(game: str) -> None:
    page = get(game).hook("draw").catalog_page(None, False)
    assert page.cards
    for card in page.cards:
        icons = [s for s in card.face if isinstance(s, Icon)]
        assert len(icons) == 1, card.name
        assert icons[0].name in pictures.names()


@pytest.mark.parametrize("game", GAMES)
def test_a_replays_pictures_show_the_cards_pictures(game: str) -> None:
    record = EXAMPLES / game.replace("-", "_") / "data" / "examples" / "finished-game.yaml"
    story = get(game).hook("draw").story(record, upto=None, coords=False, every=True)
    shapes = [s for frame in story.frames for it in frame.items for s in it.shapes]
    icons = {s.name for s in shapes if isinstance(s, Icon)}
    assert icons and icons <= pictures.names()
