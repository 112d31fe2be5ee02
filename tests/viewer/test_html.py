"""The step-by-step page: one self-contained file whose steps rebuild every frame exactly."""

from __future__ import annotations

import json
import re

from kcal.viewer import html
from kcal.viewer.scene import Frame, Item, Rect, Section, Story, Text

EVIL = "</script><script>alert(1)</script> @DATA@ @SCRIPT@"


def _story(n: int, evil: bool = False) -> Story:
    """Frame k has k+1 squares, the k-th square changes colour every step and square 0 leaves at 10."""
    frames = []
    for k in range(n):
        items = [Item(f"sq{j}", 30 * j, 0, (Rect(0, 0, 20, 20, fill="#00ff00" if (k + j) % 2 else "#0000ff"),
                                             Text(2, 15, EVIL if evil else str(j), 8)))
                 for j in range(k + 1) if not (j == 0 and k >= 10)]
        frames.append(Frame(tuple(items), f"step {k}" + (EVIL if evil else ""),
                            (Section("What", (f"line {k}",)),), ("score 1",), step=k))
    return Story("test" + (EVIL if evil else ""), tuple(frames))


def _data(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="game-data">(.*?)</script>', page, re.S)
    assert m is not None
    return json.loads(m.group(1))


def _rebuild(data: dict) -> list[dict]:
    """What the page's script does, in Python: apply keyframes and changes in order."""
    out = []
    cur: dict = {}
    for fr in data["frames"]:
        if "f" in fr:
            cur = {e[0]: tuple(e) for e in fr["f"]}
        else:
            for k in fr.get("r", []):
                del cur[k]
            for e in fr["d"]:
                cur[e[0]] = tuple(e)
        out.append(dict(cur))
    return out


def test_every_frame_is_rebuilt_exactly_from_keyframes_and_changes():
    story = _story(150)
    data = html.story_data(story)
    keys = {}
    for fr in data["frames"]:
        for e in fr.get("f", []) + fr.get("d", []):
            keys.setdefault(e[0], None)
    rebuilt = _rebuild(data)
    assert len(rebuilt) == 150
    for frame, got in zip(story.frames, rebuilt, strict=True):
        assert len(got) == len(frame.items)
        want = sorted((it.x, it.y, html.svg.shapes(it.shapes)) for it in frame.items)
        assert sorted((e[1], e[2], data["frags"][e[3]]) for e in got.values()) == want
    assert "f" in data["frames"][html.KEYFRAME] and "f" not in data["frames"][1]


def test_shapes_seen_before_are_written_once():
    data = html.story_data(_story(150))
    assert len(data["frags"]) == len(set(data["frags"]))
    assert len(data["frags"]) < 150 * 2  # not one per item per frame


def test_the_view_only_grows():
    data = html.story_data(_story(20))
    widths = [fr["b"][2] for fr in data["frames"]]
    assert widths == sorted(widths) and widths[-1] > widths[0]


def test_markup_in_game_text_cannot_leave_the_data_block():
    page = html.page(_story(12, evil=True))
    assert page.count("</script>") == 2  # the data block's end and the script's end, nothing else
    assert "<script>alert(1)" not in page
    data = _data(page)
    assert data["title"].endswith(EVIL) and data["frames"][3]["c"].endswith(EVIL)
    assert "@SCRIPT@" in data["title"]  # placeholders in data are data, not filled in again
    assert page.count('"use strict"') == 1


def test_the_page_needs_no_network():
    page = html.page(_story(3))
    assert not re.search(r'(src|href)\s*=\s*"(https?:)?//', page)
    assert "http://www.w3.org/2000/svg" in page and "https://" not in page
    assert page.startswith("<!DOCTYPE html>\n<html lang=\"en\">")


def test_an_illegal_step_carries_its_reason():
    story = Story("t", (Frame((), "start"), Frame((), "A places X (refused)", illegal="no adjacent tile", step=0)))
    data = html.story_data(story)
    assert data["frames"][1]["i"] == "no adjacent tile" and "i" not in data["frames"][0]


def test_the_page_is_well_formed_html(html_check):
    assert html_check(html.page(_story(70, evil=True))) == []
    assert html_check("<html><body><div></body></html>") != []  # the checker does find problems
    assert html_check('<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>t</title></head>'
                      '<body><div id=x></div></body></html>') == ["<div> has an unquoted attribute value"]
