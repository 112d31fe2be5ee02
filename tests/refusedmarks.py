"""What the refused-mark tests share (tests/viewer/test_refused_mark.py over every pack, and each game's own
in tests/games/*/test_refused_mark.py): a pack's illegal example told by its ``draw`` hook, the mark of its
refused move and the boxes of what the mark goes round."""

from __future__ import annotations

from pathlib import Path

from kcal.core.examples import shipped
from kcal.core.registry import get
from kcal.viewer.scene import Frame, Item, Poly, Rect, Story, Text

REFUSED = "#b00020"  #: the red of the page's "Illegal move" line (kcal.viewer.scene.REFUSED)
Box = tuple[float, float, float, float]


def example(game: str) -> Path:
    """The pack's shipped illegal example (``data/examples/illegal-move.yaml``)."""
    return next(s.path for s in shipped(get(game)) if s.name == "illegal-move")


def story(game: str, record: Path | None = None) -> Story:
    return get(game).hook("draw").story(record or example(game))


def write(tmp_path: Path, name: str, text: str) -> Path:
    out = tmp_path / f"{name}.yaml"
    out.write_text(text, encoding="utf-8")
    return out


def mark(story: Story) -> Item:
    marks = [it for it in story.frames[-1].items if it.key == "refused"]
    assert len(marks) == 1, "the refused move is not marked on the table"
    return marks[0]


def also(story: Story) -> list[Box]:
    """The outlines of the refused move's other places (``refused:also``), if it has any."""
    more = [it for it in story.frames[-1].items if it.key == "refused:also"]
    assert len(more) <= 1
    return [b for it in more for b in outlines(it)]


def moved(b: Box, it: Item) -> Box:
    return (b[0] + it.x, b[1] + it.y, b[2] + it.x, b[3] + it.y)


def outlines(mark: Item) -> list[Box]:
    """The dashed red outlines of a mark's item on the table."""
    return [moved(s.bbox(), mark) for s in mark.shapes if isinstance(s, Poly) and s.dash and s.stroke == REFUSED]


def union(*boxes: Box) -> Box:
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


def snug(outline: Box, inner: Box, slack: float) -> None:
    """``outline`` goes round ``inner`` closely: around it, and no more than ``slack`` from it on any side
    (so a mark around a whole row is not taken for a mark on a card of it)."""
    assert outline[0] <= inner[0] and outline[1] <= inner[1] and outline[2] >= inner[2] and outline[3] >= inner[3], \
        (outline, inner)
    assert max(inner[0] - outline[0], inner[1] - outline[1], outline[2] - inner[2], outline[3] - inner[3]) <= slack, \
        (outline, inner)


def item(frame: Frame, key: str) -> Item:
    return next(it for it in frame.items if it.key == key)


def text(it: Item, words: str) -> Box:
    return moved(next(s for s in it.shapes if isinstance(s, Text) and s.text == words).bbox(), it)


def card(it: Item, number: int, w: float, h: float) -> Box:
    """The box of the card of ``number`` (a card ``w`` by ``h``) in item ``it``."""
    t = next(s for s in it.shapes if isinstance(s, Text) and s.text == str(number) and s.size >= 13)
    r = next(s for s in it.shapes if isinstance(s, Rect) and (s.w, s.h) == (w, h) and s.x <= t.x <= s.x + w
             and s.y <= t.y <= s.y + h)
    return moved(r.bbox(), it)


