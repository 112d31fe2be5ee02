"""A story as one self-contained HTML page: inline SVG, CSS and a small script; no network, no CDN.

The page carries the game as data, not as one picture per step: every distinct group of shapes (a
tile's face, the cubes on it) is written once as SVG text, and each step lists only the items that
changed (key, position, which group). A step lists all its items (a keyframe) when at least
:data:`KEYFRAME` steps have passed since the last one and the changes listed since then are as many as
the items on the table, so a jump replays at most about a table's worth of changes, and the keyframes
together are never longer than the changes: the page grows with the game's changes, not with its steps
times its table (issue 36). A game of 10,000 moves stays a few megabytes and steps in well under a
frame (``bench/bench_viewer.py`` measures both; ``bench/bench_replay_html.py`` the growth with long
games).

The data sits in a ``<script type="application/json">`` block with ``<``, ``>`` and ``&`` written as
``\\u`` escapes, so no text from the game can close the block; the script puts text into the page
with ``textContent`` only, and SVG groups come from :mod:`kcal.viewer.svg`, which escapes all text.
"""

from __future__ import annotations

import bisect
import json
import re
from collections.abc import Iterable, Sequence
from typing import Any

from kcal.viewer import svg
from kcal.viewer.columns import MARGIN, bands_of, layouts
from kcal.viewer.scene import Item, Story, Table, bbox_of, bounds

KEYFRAME = 64


def script_json(data: Any) -> str:
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def fill_slots(template: str, values: dict[str, str]) -> str:
    """``template`` with each ``@NAME@`` replaced by ``values[NAME]``, in one pass: text put in is never
    searched again for placeholders."""
    return re.sub(r"@([A-Z]+)@", lambda m: values[m.group(1)], template)


def _r(v: float) -> float | int:
    r = round(v, 1)
    return int(r) if r == int(r) else r


def story_data(story: Story) -> dict[str, Any]:
    """The page's data: shared SVG groups, item keys, and per frame the changes and the words.

    A frame whose items are a :class:`~kcal.viewer.scene.Table` made after the frame before it is read
    as its change alone; any other frame (a tuple of every item on the table) is compared with the table
    before it. So a game whose pack draws each step as a change costs time and memory in proportion to
    its changes, not to its steps times its table (issue 36)."""
    page = _PageData()
    frames = [page.frame(n, frame) for n, frame in enumerate(story.frames)]
    return {"title": story.title, "frags": page.frag_text, "frames": frames, "notes": list(story.notes),
            "legend": _legend(story), "defs": svg.defs(page.icons), **page.reflow(frames)}


class _PageData:
    """What the page's frames share while they are read in order: the SVG groups written once, the item
    keys, and the table as the page shows it after the frame before."""

    def __init__(self) -> None:
        self.frags: dict[tuple, int] = {}
        self.by_id: dict[int, int] = {}
        self.alive: list[tuple] = []  # ids stay unique while the tuples live
        self.boxes: dict[int, tuple[float, float, float, float]] = {}
        self.frag_text: list[str] = []
        self.frag_box: list[tuple[float, float, float, float]] = []
        self.keys: dict[str, int] = {}
        self.icons: dict[str, str] = {}
        self.shown: dict[int, tuple] = {}  # key -> entry
        self.box: tuple[float, float, float, float] | None = None
        self.last: Sequence[Item] | None = None
        self.keyframe = self.work = 0  # the last keyframe; the entries written since it, and one a frame
        self.spans: list[tuple[float, float, float, float]] = []  # every box an item was ever drawn in

    def reflow(self, frames: list[dict[str, Any]]) -> dict[str, Any]:
        """The table's bands and its wider layouts (:func:`layouts`), with each entry of ``frames``
        given the index of the band it is drawn in; nothing when the table is one band."""
        bands = bands_of(self.spans)
        if len(bands) < 2:
            return {}
        tops = [b[0] for b in bands]

        def banded(e: tuple) -> tuple:  # the entry and the band its top is in
            return (*e, max(0, bisect.bisect_right(tops, e[2] + self.frag_box[e[3]][1] + 0.5) - 1))

        for f in frames:
            for k in ("f", "d"):
                if k in f:
                    f[k] = [banded(e) for e in f[k]]
        x0 = min(b[0] for b in self.spans) - MARGIN
        x1 = max(b[2] for b in self.spans) + MARGIN
        column = [_r(x0), _r(bands[0][0] - MARGIN), _r(x1 - x0), _r(bands[-1][1] - bands[0][0] + 2 * MARGIN)]
        return {"bands": [[_r(a), _r(b)] for a, b in bands], "column": column, "layouts": layouts(bands, x0, x1)}

    def box_of(self, shapes: tuple) -> tuple[float, float, float, float]:
        b = self.boxes.get(id(shapes))
        if b is None:
            b = self.boxes[id(shapes)] = bbox_of(shapes)
            self.alive.append(shapes)
        return b

    def fragment(self, shapes: tuple) -> int:
        """The index of the SVG group that draws ``shapes``, written the first time they are seen."""
        f = self.by_id.get(id(shapes))  # packs reuse one tuple for one look: no hashing of shapes
        if f is None:
            f = self.frags.get(shapes)
            if f is None:
                f = self.frags[shapes] = len(self.frag_text)
                self.frag_text.append(svg.shapes(shapes, self.icons))
                self.frag_box.append(bbox_of(shapes))
            self.by_id[id(shapes)] = f
            self.alive.append(shapes)
        return f

    def changes(self, items: Sequence[Item]) -> tuple[Iterable[Item], list[int]]:
        """What a frame puts on the table, and the keys of what may have left it."""
        if isinstance(items, Table) and items.before is not None and items.before is self.last:
            return items.put, [self.keys[k] for k in items.gone if k in self.keys]
        whole = {self.keys.setdefault(it.key, len(self.keys)): it for it in items}  # every item on the table
        return whole.values(), [k for k in self.shown if k not in whole]

    def frame(self, n: int, frame: Any) -> dict[str, Any]:
        put, gone_keys = self.changes(frame.items)
        self.last = frame.items
        changed: list[tuple] = []
        where: list[tuple[float, float, float, float]] = []
        came: set[int] = set()
        for it in put:
            k = self.keys.setdefault(it.key, len(self.keys))
            came.add(k)
            entry = (k, _r(it.x), _r(it.y), self.fragment(it.shapes), it.layer)
            if self.shown.get(k) != entry:
                self.shown[k] = entry
                changed.append(entry)
                b = self.box_of(it.shapes)
                where.append((b[0] + it.x, b[1] + it.y, b[2] + it.x, b[3] + it.y))
        gone = [k for k in gone_keys if k not in came and self.shown.pop(k, None) is not None]
        self.box = _grow(self.box, where)
        self.spans.extend(where)
        data = _frame_words(frame, self.box, where)
        self.work += len(changed) + len(gone) + 1
        if n == 0 or (n - self.keyframe >= KEYFRAME and self.work >= len(self.shown)):
            data["f"] = list(self.shown.values())
            self.keyframe, self.work = n, 0
        else:
            data["d"] = changed
            if gone:
                data["r"] = gone
        return data


def _frame_words(frame: Any, box: tuple[float, float, float, float],
                 where: list[tuple[float, float, float, float]]) -> dict[str, Any]:
    """A frame's caption, step, view box, sections, summary, refused move and focus."""
    data: dict[str, Any] = {"c": frame.caption, "n": frame.step, "b": [_r(v) for v in box],
                            "s": [[s.title, list(s.lines)] for s in frame.sections], "m": list(frame.summary)}
    if frame.illegal:
        data["i"] = frame.illegal
    focus = frame.focus or _around(where)
    if focus is not None:
        data["z"] = [_r(v) for v in focus]
    return data


def _legend(story: Story) -> str:
    if not story.legend:
        return ""
    x, y, w, h = bounds(story.legend, 4)
    return (f'<svg xmlns="http://www.w3.org/2000/svg" class="legend" width="{_r(w)}" height="{_r(h)}" '
            f'viewBox="{_r(x)} {_r(y)} {_r(w)} {_r(h)}" role="img" aria-label="legend">'
            + "".join(svg.item(i) for i in story.legend) + "</svg>")


def _around(boxes: Iterable[tuple[float, float, float, float]]) -> tuple[float, float, float, float] | None:
    """The box around ``boxes`` (what a step changed: the page brings it into view), or None."""
    x0 = y0 = float("inf")
    x1 = y1 = float("-inf")
    for b in boxes:
        x0, y0, x1, y1 = min(x0, b[0]), min(y0, b[1]), max(x1, b[2]), max(y1, b[3])
    return None if x0 == float("inf") else (x0, y0, x1, y1)


def _grow(box: tuple[float, float, float, float] | None, where: list[tuple[float, float, float, float]]
          ) -> tuple[float, float, float, float]:
    """The view only grows, so the table does not jump about while a game is stepped through: the box
    before, grown to hold what the step put on the table (``where``: their boxes), with a margin (so it
    holds every item on the table: each was put there by some step)."""
    if not where:
        return box or (-100.0, -100.0, 200.0, 200.0)
    x0 = min(b[0] for b in where) - MARGIN
    y0 = min(b[1] for b in where) - MARGIN
    x1 = max(b[2] for b in where) + MARGIN
    y1 = max(b[3] for b in where) + MARGIN
    if box is not None:
        x0, y0 = min(x0, box[0]), min(y0, box[1])
        x1, y1 = max(x1, box[0] + box[2]), max(y1, box[1] + box[3])
    return (x0, y0, x1 - x0, y1 - y0)


def page(story: Story) -> str:
    """The whole HTML file."""
    data = story_data(story)
    legend = data.pop("legend")
    return fill_slots(_TEMPLATE, {"TITLE": svg.text(story.title), "FONT": svg.FONT, "LEGEND": legend,
                                  "DEFS": data.pop("defs"),
                                  "DATA": script_json(data), "SCRIPT": _SCRIPT})


_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>
body { font-family: @FONT@; margin: 0; color: #1a1a1a; background: #f4f4f0; display: flex; flex-direction: column;
  height: 100vh; }
header { padding: 6px 14px; background: #24523a; color: #fff; }
header h1 { font-size: 17px; margin: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
#controls { display: flex; gap: 6px; align-items: center; padding: 6px 14px; background: #fff;
  border-bottom: 1px solid #ccc; flex-wrap: wrap; }
#controls button { font: inherit; font-size: 15px; min-width: 40px; min-height: 34px; padding: 3px 8px;
  cursor: pointer; }
#slider { flex: 1; min-width: 160px; }
#where { min-width: 140px; font-variant-numeric: tabular-nums; }
#zoom { display: flex; gap: 4px; align-items: center; }
#status { padding: 5px 14px; background: #fbfbf8; border-bottom: 1px solid #ddd; }
#caption { font-size: 16px; font-weight: bold; margin: 0; }
#illegal { color: #b00020; font-weight: bold; margin: 2px 0 0; }
#illegal:empty { display: none; }
main { display: flex; flex: 1; min-height: 0; }
#boardwrap { flex: 1; min-width: 0; position: relative; background: #fff; }
#board { position: absolute; top: 0; left: 0; width: 100%; height: 100%; display: block; touch-action: none;
  cursor: grab; }
#empty { position: absolute; top: 40%; left: 0; right: 0; margin: 0; padding: 0 16px; text-align: center;
  color: #555; pointer-events: none; }
#empty[hidden] { display: none; }
#board:focus { outline: 2px solid #24523a; outline-offset: -2px; }
aside { width: 360px; flex: none; overflow-y: auto; padding: 8px 14px; border-left: 1px solid #ccc;
  box-sizing: border-box; }
body.closed aside { display: none; }
#summary { margin: 0 0 8px; padding: 6px 8px; background: #fff; border: 1px solid #ccc; }
.section h2 { font-size: 14px; margin: 8px 0 2px; }
.section ul { margin: 0; padding-left: 18px; }
details { margin-top: 10px; }
kbd { border: 1px solid #999; border-radius: 3px; padding: 0 3px; background: #fff; }
@media (max-width: 760px) {
  body { height: auto; }
  header h1 { font-size: 15px; }
  #controls { padding: 6px 8px; gap: 4px; }
  #controls button { min-width: 44px; min-height: 44px; }
  #where { min-width: 0; }
  #status { padding: 4px 8px; }
  #caption { font-size: 15px; }
  main { flex-direction: column; }
  #boardwrap { flex: none; height: 72vh; border-bottom: 1px solid #ccc; }
  aside { width: auto; border-left: none; }
}
</style>
</head>
<body>
<header><h1 id="title">@TITLE@</h1></header>
<div id="controls">
<button type="button" id="first" title="first step (Home)">&#xAB; first</button>
<button type="button" id="prev" title="previous step (Left arrow)">&#x25C0;</button>
<button type="button" id="play" title="play or pause (Space)">&#x25B6;&#xFE0E; play</button>
<button type="button" id="next" title="next step (Right arrow)">&#x25B6;</button>
<button type="button" id="last" title="last step (End)">last &#xBB;</button>
<input type="range" id="slider" min="0" max="0" value="0" aria-label="step">
<span id="where"></span>
<span id="zoom">
<button type="button" id="zoomout" title="zoom out (-)" aria-label="zoom out">&#x2212;</button>
<button type="button" id="zoomin" title="zoom in (+)" aria-label="zoom in">+</button>
<button type="button" id="fit" title="the whole table (F); 0: the opening view">fit</button>
<button type="button" id="details" title="show or hide the details beside the table (D)" aria-expanded="true"
 aria-controls="aside">details</button>
</span>
</div>
<div id="status" aria-live="polite">
<p id="caption"></p>
<p id="illegal"></p>
</div>
<main>
<div id="boardwrap"><svg id="board" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="the table"
 tabindex="0" font-family="@FONT@" preserveAspectRatio="xMinYMin meet"><defs>@DEFS@</defs><g id="layer0"></g><g id="layer1"></g><g id="layer2"></g></svg>
<p id="empty" hidden>Nothing is on the table yet: step forward (&#x25B6; or <kbd>&#x2192;</kbd>) to see the first move.</p></div>
<aside id="aside">
<div id="summary"></div>
<div id="sections"></div>
<details open><summary>Legend</summary>@LEGEND@</details>
<p><kbd>&#x2190;</kbd> <kbd>&#x2192;</kbd> step, <kbd>Home</kbd> <kbd>End</kbd>, <kbd>Space</kbd> play;
<kbd>+</kbd> <kbd>&#x2212;</kbd> zoom, <kbd>0</kbd> the opening view, <kbd>F</kbd> the whole table,
<kbd>Shift</kbd>+arrows or <kbd>&#x2191;</kbd> <kbd>&#x2193;</kbd> pan; the wheel zooms, dragging pans,
two fingers pinch.</p>
</aside>
</main>
<script type="application/json" id="game-data">@DATA@</script>
<script>
@SCRIPT@
</script>
</body>
</html>
"""

_SCRIPT = r"""
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("game-data").textContent);
  const board = document.getElementById("board");
  const layers = [0, 1, 2].map(function (i) { return document.getElementById("layer" + i); });
  const NS = "http://www.w3.org/2000/svg";
  const nodes = new Map();
  const slider = document.getElementById("slider");
  const last = D.frames.length - 1;
  const keyOf = new Int32Array(D.frames.length);  // the keyframe each frame is replayed from
  for (let j = 0, k = 0; j <= last; j++) { if (D.frames[j].f) k = j; keyOf[j] = k; }
  let cur = -1;
  let timer = null;
  slider.max = String(last);

  // The camera: the scene point at the board's top-left corner and the CSS pixels per scene unit.
  // "open": the opening view, which follows the game: the whole table when it fits at 110% or more,
  // else 110% (a card's name stays readable; dragging or keys show the rest), staying where it was
  // unless what the step changed (its focus, "z": a tile placed, a refused move's mark) is out of
  // sight; "fit": always the whole table; "user": where the wheel, keys or fingers left it.
  const cam = { x: 0, y: 0, s: 1, mode: "open" };
  const OPEN_MIN = 1.1;  // the opening view never draws the table smaller than 110%: a name is 12 px or more
  let vw = 0, vh = 0, box = null, focus = null, shown = "";
  // A table in bands (a pack that draws its panels one under another) is laid out again in columns
  // when the window is wide: "lay" is the layout shown (-1: one column, as the pack drew it), the one
  // that shows the whole table largest among those no wider than the board at the opening scale.
  const bands = D.bands || [], layouts = D.layouts || [];
  let lay = -1;
  function pick() {
    if (!layouts.length) return -1;
    let best = -1, most = fitScale(D.column);
    layouts.forEach(function (l, i) {
      if (l.b[2] * OPEN_MIN <= vw && fitScale(l.b) > most * 1.05) { best = i; most = fitScale(l.b); }
    });
    return best;
  }
  function measure() {
    vw = board.clientWidth || 600;
    vh = board.clientHeight || 400;
    const l = pick();
    if (l !== lay) {
      lay = l;
      nodes.forEach(function (n) { place(n); });
      if (cur >= 0) { where(D.frames[cur]); cam.s = 0; }
    }
  }
  function fitScale(b) { return Math.min(vw / b[2], vh / b[3]); }
  function frame(b, least) {
    const s = Math.max(fitScale(b), least);
    const w = vw / s, h = vh / s;
    cam.s = s;
    cam.x = w >= b[2] ? b[0] - (w - b[2]) / 2 : b[0];
    cam.y = b[1];
  }
  function bring(z) {  // the opening view moved, when it must, to show z (a refused move's mark) whole
    const w = vw / cam.s, h = vh / cam.s;
    // never above or left of the table's edge (the box holds the mark's label): a change taller than the
    // view shows its top from the table's top
    if (z[0] < cam.x || z[2] > cam.x + w) cam.x = Math.max(box[0], Math.min(z[0] - 8, (z[0] + z[2] - w) / 2));
    if (z[1] < cam.y || z[3] > cam.y + h) cam.y = Math.max(box[1], Math.min(z[1] - 24, (z[1] + z[3] - h) / 2));
  }
  function paint() {
    if (cam.mode === "open") {
      const x = cam.x, y = cam.y, s = cam.s;
      frame(box, OPEN_MIN);
      if (cam.s === s && (vw / s < box[2] || vh / s < box[3])) { cam.x = x; cam.y = y; }  // stay put
      if (focus) bring(focus);
    }
    else if (cam.mode === "fit") frame(box, 0);
    const v = cam.x + " " + cam.y + " " + vw / cam.s + " " + vh / cam.s;
    if (v !== shown) { board.setAttribute("viewBox", v); shown = v; }
  }
  function zoom(f, px, py) {
    if (px === undefined) { px = vw / 2; py = vh / 2; }
    const lo = Math.min(fitScale(box) / 2, OPEN_MIN), s = Math.max(lo, Math.min(8, cam.s * f));
    cam.x += px / cam.s - px / s;
    cam.y += py / cam.s - py / s;
    cam.s = s;
    cam.mode = "user";
    paint();
  }
  function pan(dx, dy) {
    cam.x -= dx / cam.s;
    cam.y -= dy / cam.s;
    cam.mode = "user";
    paint();
  }
  function view(mode) { cam.mode = mode; cam.s = 0; paint(); }  // "open" starts again from the corner

  function place(n) {  // an item where the layout shown puts it: shifted with its band (e[5])
    const o = lay >= 0 ? layouts[lay].off[n.e[5]] : [0, 0];
    const x = n.e[1] + o[0], y = n.e[2] + o[1];
    if (n.x !== x || n.y !== y) {
      n.el.setAttribute("transform", "translate(" + x + "," + y + ")");
      n.x = x;
      n.y = y;
    }
  }
  function put(e) {
    let n = nodes.get(e[0]);
    if (!n) {
      n = { el: document.createElementNS(NS, "g"), f: -1, x: null, y: null, e: e };
      layers[Math.min(e[4], 2)].appendChild(n.el);
      n.el.setAttribute("data-key", String(e[0]));
      nodes.set(e[0], n);
    }
    if (n.f !== e[3]) { n.el.innerHTML = D.frags[e[3]]; n.f = e[3]; }
    n.e = e;
    place(n);
  }
  function where(fr) {  // the frame's box and focus in the layout shown
    if (lay < 0) { box = fr.b; focus = fr.z || null; return; }
    box = layouts[lay].b;
    focus = null;
    if (fr.z) {
      let i = 0;
      while (i + 1 < bands.length && bands[i + 1][0] <= fr.z[1] + 0.5) i++;  // bands lie 1 unit apart or more
      const o = layouts[lay].off[i];
      focus = [fr.z[0] + o[0], fr.z[1] + o[1], fr.z[2] + o[0], fr.z[3] + o[1]];
    }
  }
  function drop(k) {
    const n = nodes.get(k);
    if (n) { n.el.remove(); nodes.delete(k); }
  }
  function apply(i) {
    const fr = D.frames[i];
    if (fr.f) {
      const keep = new Set(fr.f.map(function (e) { return e[0]; }));
      Array.from(nodes.keys()).forEach(function (k) { if (!keep.has(k)) drop(k); });
      fr.f.forEach(put);
    } else {
      (fr.r || []).forEach(drop);
      fr.d.forEach(put);
    }
  }
  function text(tag, s, cls) {
    const el = document.createElement(tag);
    el.textContent = s;
    if (cls) el.className = cls;
    return el;
  }
  function words(fr) {
    document.getElementById("caption").textContent = fr.c;
    document.getElementById("illegal").textContent = fr.i ? "Illegal move: " + fr.i : "";
    const summary = document.getElementById("summary");
    summary.replaceChildren();
    fr.m.forEach(function (s) { summary.appendChild(text("div", s)); });
    const sections = document.getElementById("sections");
    sections.replaceChildren();
    fr.s.forEach(function (sec) {
      const div = text("div", "", "section");
      div.appendChild(text("h2", sec[0]));
      const ul = document.createElement("ul");
      sec[1].forEach(function (line) { ul.appendChild(text("li", line)); });
      div.appendChild(ul);
      sections.appendChild(div);
    });
  }
  function show(i) {
    i = Math.max(0, Math.min(last, i | 0));
    if (i !== cur) {
      if (i === cur + 1) {
        apply(i);
      } else {  // a jump: fold the keyframe and the changes after it, then touch the page once
        const k = keyOf[i];
        const want = new Map();
        D.frames[k].f.forEach(function (e) { want.set(e[0], e); });
        for (let j = k + 1; j <= i; j++) {
          (D.frames[j].r || []).forEach(function (x) { want.delete(x); });
          D.frames[j].d.forEach(function (e) { want.set(e[0], e); });
        }
        Array.from(nodes.keys()).forEach(function (x) { if (!want.has(x)) drop(x); });
        want.forEach(put);
      }
      cur = i;
    }
    const fr = D.frames[i];
    document.getElementById("empty").hidden = nodes.size > 0 || i === last;  // an empty table says so
    where(fr);
    paint();
    words(fr);
    slider.value = String(i);
    document.getElementById("where").textContent = "step " + i + " of " + last + (fr.n !== i ? " (move " + fr.n + ")" : "");
    return i;
  }
  function play() {
    const btn = document.getElementById("play");
    if (timer !== null) { clearInterval(timer); timer = null; btn.textContent = "\u25B6\uFE0E play"; return; }
    if (cur >= last) show(0);
    btn.textContent = "\u2016 pause";
    timer = setInterval(function () { if (cur >= last) play(); else show(cur + 1); }, 700);
  }
  function details(open) {
    document.body.classList.toggle("closed", !open);
    document.getElementById("details").setAttribute("aria-expanded", String(open));
  }
  document.getElementById("first").addEventListener("click", function () { show(0); });
  document.getElementById("prev").addEventListener("click", function () { show(cur - 1); });
  document.getElementById("next").addEventListener("click", function () { show(cur + 1); });
  document.getElementById("last").addEventListener("click", function () { show(last); });
  document.getElementById("play").addEventListener("click", play);
  document.getElementById("zoomin").addEventListener("click", function () { zoom(1.25); });
  document.getElementById("zoomout").addEventListener("click", function () { zoom(0.8); });
  document.getElementById("fit").addEventListener("click", function () { view("fit"); });
  document.getElementById("details").addEventListener("click", function () {
    details(document.body.classList.contains("closed"));
  });
  slider.addEventListener("input", function () { show(Number(slider.value)); });
  document.addEventListener("keydown", function (ev) {
    if (ev.ctrlKey || ev.metaKey || ev.altKey) return;
    if (ev.target === slider && (ev.key === "ArrowLeft" || ev.key === "ArrowRight")) return;
    const step = 80;
    if (ev.shiftKey && ev.key === "ArrowRight") pan(-step, 0);
    else if (ev.shiftKey && ev.key === "ArrowLeft") pan(step, 0);
    else if (ev.key === "ArrowUp") pan(0, step);
    else if (ev.key === "ArrowDown") pan(0, -step);
    else if (ev.key === "ArrowRight") show(cur + 1);
    else if (ev.key === "ArrowLeft") show(cur - 1);
    else if (ev.key === "Home") show(0);
    else if (ev.key === "End") show(last);
    else if (ev.key === " ") play();
    else if (ev.key === "+" || ev.key === "=") zoom(1.25);
    else if (ev.key === "-" || ev.key === "_") zoom(0.8);
    else if (ev.key === "0") view("open");
    else if (ev.key === "f" || ev.key === "F") view("fit");
    else if (ev.key === "d" || ev.key === "D") details(document.body.classList.contains("closed"));
    else return;
    ev.preventDefault();
  });
  // the wheel zooms about the pointer; one finger or the mouse drags; two fingers pinch
  function at(ev) {
    const r = board.getBoundingClientRect();
    return [ev.clientX - r.left, ev.clientY - r.top];
  }
  board.addEventListener("wheel", function (ev) {
    ev.preventDefault();
    const d = ev.deltaY * (ev.deltaMode === 1 ? 16 : ev.deltaMode === 2 ? vh : 1);
    const p = at(ev);
    zoom(Math.exp(-Math.max(-300, Math.min(300, d)) * 0.002), p[0], p[1]);
  }, { passive: false });
  const touch = new Map();
  let pinch = null;
  board.addEventListener("pointerdown", function (ev) {
    board.setPointerCapture(ev.pointerId);
    touch.set(ev.pointerId, at(ev));
    pinch = null;
  });
  board.addEventListener("pointermove", function (ev) {
    const was = touch.get(ev.pointerId);
    if (!was) return;
    const p = at(ev);
    if (touch.size === 1) {
      touch.set(ev.pointerId, p);
      pan(p[0] - was[0], p[1] - was[1]);
      return;
    }
    touch.set(ev.pointerId, p);
    const pts = Array.from(touch.values()).slice(0, 2);
    const mid = [(pts[0][0] + pts[1][0]) / 2, (pts[0][1] + pts[1][1]) / 2];
    const dist = Math.hypot(pts[0][0] - pts[1][0], pts[0][1] - pts[1][1]) || 1;
    if (pinch) {
      pan(mid[0] - pinch.mid[0], mid[1] - pinch.mid[1]);
      zoom(dist / pinch.dist, mid[0], mid[1]);
    }
    pinch = { mid: mid, dist: dist };
  });
  function lift(ev) { touch.delete(ev.pointerId); pinch = null; }
  board.addEventListener("pointerup", lift);
  board.addEventListener("pointercancel", lift);
  if (typeof ResizeObserver === "function") {
    new ResizeObserver(function () { if (box) { measure(); paint(); } }).observe(board);
  }
  window.kcalViewer = {
    show: show, count: D.frames.length, current: function () { return cur; },
    camera: function () { return { x: cam.x, y: cam.y, scale: cam.s, mode: cam.mode }; },
    box: function () { return box.slice(); },
    zoom: zoom, pan: pan, view: view, details: details
  };
  details(window.innerWidth >= 1600 || window.innerWidth <= 760);
  measure();
  show(Number(new URLSearchParams(location.search).get("step") || 0));
  window.kcalViewer.readyAt = performance.now();  // the first board is on the page
})();
"""
