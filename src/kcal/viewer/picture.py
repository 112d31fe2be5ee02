"""One step of a story as a picture: a heading, the board, and beside it the legend and the summary.

Game-agnostic: the pack gives the board items and the legend; this module only places them.
"""

from __future__ import annotations

from dataclasses import replace

from kcal.viewer.scene import Item, Story, Text, bounds

MARGIN = 16.0
GAP = 24.0
LINE = 15.0


def compose(story: Story, step: int | None = None) -> tuple[list[Item], tuple[float, float, float, float]]:
    """The items of the picture after ``step`` moves (None: the end) and the box around them."""
    frame = story.upto(step)
    head: list[Text] = [Text(0, 18, story.title, 16, bold=True)]
    caption = f"after {frame.step} move(s): {frame.caption}" if frame.step and not frame.illegal else frame.caption
    head.append(Text(0, 38, caption, 12))
    y = 38.0
    if frame.illegal:
        y += 18
        head.append(Text(0, y, f"illegal: {frame.illegal}", 12, fill="#b00020", bold=True))
    top = y + GAP
    items: list[Item] = [Item("picture:head", MARGIN, MARGIN, tuple(head), layer=2)]
    bx, by, bw, bh = bounds(frame.items)
    dx, dy = MARGIN - bx, MARGIN + top - by
    items += [replace(i, x=i.x + dx, y=i.y + dy) for i in frame.items]
    right = MARGIN + bw + GAP
    y = MARGIN + top
    lines = [Text(0, LINE * (k + 1), s, 12, bold=(k == 0)) for k, s in enumerate(("Scores",) + frame.summary)]
    if frame.summary:
        items.append(Item("picture:summary", right, y, tuple(lines), layer=2))
        y += LINE * (len(lines) + 1)
    if story.legend:
        lx, ly, _, lh = bounds(story.legend)
        items += [replace(i, x=i.x - lx + right, y=i.y - ly + y, layer=2) for i in story.legend]
        y += lh
    return items, bounds(items, MARGIN)
