"""Issue 34, item 5: at 390x844 (a phone) and 1280x900, no text on a pack's replay page or catalog page runs
out of its box or over another text, for every pack in the registry. Measured in headless Chromium (see
conftest) from the boxes the browser lays out: the page's HTML text (a header, a button, a caption, a
filter's label: cut off when it overflows its element or the page), the SVG texts of the table as the page
opens a step (none cut by the board's edge), and of every card face on the catalog page (two texts of one group overlapping: a name under
a badge, a count over a picture, a picture over a price)."""

from __future__ import annotations

import pytest
from selenium.webdriver.common.by import By

from kcal.core import examples
from kcal.core.registry import get, ids
from kcal.viewer import html
from kcal.viewer.catalog import page as catalog_html

PACKS = [game for game in ids() if get(game).has("draw")]
SCREENS = [(390, 844, True), (1280, 900, False)]
SLACK = 1.0  #: CSS pixels two boxes may share (anti-aliasing, a glyph's side bearing)

#: which HTML texts run out of their element (cut off, or wider than the page) and which two overlap
HTML_TEXTS = """
const out = {cut: [], over: []};
const W = document.documentElement.clientWidth;
const boxes = [];
function clip(e, b) {  // the part of box b that its scrolling ancestors show (a filter list scrolls)
  let r = {left: b.left, right: b.right, top: b.top, bottom: b.bottom};
  for (let p = e.parentElement; p; p = p.parentElement) {
    const st = getComputedStyle(p);
    if (st.overflowX === "visible" && st.overflowY === "visible") continue;
    const c = p.getBoundingClientRect();
    r = {left: Math.max(r.left, c.left), right: Math.min(r.right, c.right),
         top: Math.max(r.top, c.top), bottom: Math.min(r.bottom, c.bottom)};
  }
  return r.right > r.left && r.bottom > r.top ? r : null;
}
document.querySelectorAll("body *").forEach(function (e) {
  if (e.closest("svg") || e.closest("[hidden]") || !e.getClientRects().length) return;
  const own = Array.from(e.childNodes).some(function (n) { return n.nodeType === 3 && n.textContent.trim(); });
  if (!own) return;
  const st = getComputedStyle(e);
  if (st.visibility === "hidden") return;
  if (e.scrollWidth > e.clientWidth + 1 && st.overflowX !== "visible" && st.textOverflow !== "ellipsis")
    out.cut.push(e.tagName + "#" + e.id + ": " + e.textContent.trim().slice(0, 40));
  const range = document.createRange();
  Array.from(e.childNodes).forEach(function (n) {
    if (n.nodeType !== 3 || !n.textContent.trim()) return;
    range.selectNodeContents(n);
    Array.from(range.getClientRects()).forEach(function (b) {
      if (!b.width || !b.height) return;
      if (b.right > W + 1 && st.textOverflow !== "ellipsis")
        out.cut.push(e.tagName + "#" + e.id + " passes the page's right edge: " + n.textContent.trim().slice(0, 40));
      const c = clip(e, b);
      if (c) boxes.push([e, c, n.textContent.trim()]);
    });
  });
});
for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
  if (boxes[i][0] === boxes[j][0]) continue;  // one element's lines (an ellipsis splits a line in two)
  const a = boxes[i][1], b = boxes[j][1];
  const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
  const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
  if (dx > arguments[0] && dy > arguments[0])
    out.over.push(boxes[i][2].slice(0, 30) + " / " + boxes[j][2].slice(0, 30));
}
return out;
"""

#: which two SVG texts of one element (each element the selector finds: the table, a card's face) overlap,
#: and which SVG text overlaps a picture (an icon) of it
SVG_TEXTS = r"""
const out = [];
const slack = arguments[1];
function ink(t) {  // the box of a text's glyphs: DejaVu's ascent 0.928 em and descent 0.236 em, cap height
  const r = t.getBoundingClientRect();  // 0.73 em, x-height 0.55 em; the width as laid out
  const em = r.height / 1.164, base = r.top + 0.928 * em, s = t.textContent;
  const high = /[A-Z0-9bdfhklt!?()\[\]\/|'"#%&@]/.test(s) ? 0.73 : 0.55;
  const low = /[gjpqy,;()\[\]\/|]/.test(s) ? 0.236 : 0.02;
  return {left: r.left, right: r.right, top: base - high * em, bottom: base + low * em};
}
document.querySelectorAll(arguments[0]).forEach(function (g) {
  function drawn(e) { return !e.closest("#layer2"); }  // a refused move's mark is drawn over the table
  const texts = Array.from(g.querySelectorAll("text")).filter(function (t) { return t.textContent.trim() && drawn(t); })
    .map(function (t) { return [t.textContent, ink(t)]; });
  const pics = Array.from(g.querySelectorAll("use, path[transform]")).filter(drawn)
    .map(function (p) { return ["(picture)", p.getBoundingClientRect()]; });
  function meet(a, b) {
    const dx = Math.min(a.right, b.right) - Math.max(a.left, b.left);
    const dy = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
    return dx > slack && dy > slack;
  }
  for (let i = 0; i < texts.length; i++) {
    for (let j = i + 1; j < texts.length; j++)
      if (meet(texts[i][1], texts[j][1])) out.push(texts[i][0] + " / " + texts[j][0]);
    pics.forEach(function (p) { if (meet(texts[i][1], p[1])) out.push(texts[i][0] + " / (picture)"); });
  }
});
return out;
"""


#: the texts of the table the board's left or right edge cuts through as the page opens a step, and whether
#: the table is wider than the screen at the opening zoom (a value cut off on the right of a phone: issue
#: 34, item 5). A pack whose table is a map growing in every direction (its draw module's ``MAP``) is
#: panned on a phone instead, and not asked to fit.
CUT_BY_EDGE = """
const b = document.getElementById("board").getBoundingClientRect();
const v = window.kcalViewer;
if (v.box()[2] * v.camera().scale > b.width + 1) return ["the table is wider than the screen"];
return Array.from(document.querySelectorAll("#layer0 text, #layer1 text")).filter(function (t) {
  const r = t.getBoundingClientRect();
  return t.textContent.trim() && r.width
    && ((r.left < b.left - 1 && r.right > b.left + 1) || (r.left < b.right - 1 && r.right > b.right + 1));
}).map(function (t) { return t.textContent; });
"""


def _screen(driver, width: int, height: int, phone: bool) -> None:
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})


@pytest.fixture
def screen(browser):
    yield lambda w, h, phone: _screen(browser, w, h, phone)
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def _example(game: str):
    """The story of the game's shipped example of a finished game."""
    return get(game).hook("draw").story(examples.find(get(game), "finished-game"))


@pytest.mark.parametrize("game", PACKS)
@pytest.mark.parametrize(("width", "height", "phone"), SCREENS)
def test_no_text_of_the_replay_page_is_cut_or_over_another(browser, screen, tmp_path, game, width, height, phone):
    story = _example(game)
    out = tmp_path / f"{game}.html"
    out.write_text(html.page(story), encoding="utf-8")
    screen(width, height, phone)
    steps = sorted({0, 1, len(story.frames) // 2, len(story.frames) - 1})
    for step in steps:
        browser.get(out.as_uri() + f"?step={step}")
        got = browser.execute_script(HTML_TEXTS, SLACK)
        assert got == {"cut": [], "over": []}, (game, width, step)
        # the table: its texts clear of each other and of the pictures (a tile's cubes are an item drawn
        # over its face: they are compared too)
        over = browser.execute_script(SVG_TEXTS, "#board", SLACK)
        assert over == [], (game, width, step, over[:5])
        if not getattr(get(game).hook("draw"), "MAP", False):
            cut = browser.execute_script(CUT_BY_EDGE)
            assert cut == [], (game, width, step, cut[:5])


@pytest.mark.parametrize("game", PACKS)
@pytest.mark.parametrize(("width", "height", "phone"), SCREENS)
def test_no_text_of_the_catalog_page_is_cut_or_over_another(browser, screen, tmp_path, game, width, height, phone):
    cat = get(game).hook("draw").catalog_page()
    out = tmp_path / f"{game}-catalog.html"
    out.write_text(catalog_html(cat), encoding="utf-8")
    screen(width, height, phone)
    browser.get(out.as_uri())
    assert browser.execute_script("return document.documentElement.scrollWidth") <= width
    got = browser.execute_script(HTML_TEXTS, SLACK)
    assert got == {"cut": [], "over": []}, (game, width)
    over = browser.execute_script(SVG_TEXTS, "#grid .card svg", SLACK)
    assert over == [], (game, width, over[:5])


@pytest.mark.parametrize(("width", "height", "phone"), SCREENS)
def test_the_deck_builder_is_reached_from_the_top_of_the_catalog_page(browser, screen, tmp_path, width, height,
                                                                       phone):
    """Issue 34, item 6: on a phone the deck panel is below every tile (a 14,000 px page): a link at the top
    leads to it, and says how many cards the deck holds."""
    decks = [game for game in PACKS if get(game).hook("draw").catalog_page().deck is not None]
    assert decks  # a pack builds decks (kCaloria)
    for game in decks:
        out = tmp_path / f"{game}-deck.html"
        out.write_text(catalog_html(get(game).hook("draw").catalog_page()), encoding="utf-8")
        screen(width, height, phone)
        browser.get(out.as_uri())
        link = browser.find_element(By.ID, "todeck")
        assert link.is_displayed() and link.location["y"] < 120
        browser.find_elements(By.CSS_SELECTOR, "#grid .card")[0].click()
        assert browser.find_element(By.ID, "deckcount").text == "1"
        link.click()
        top = browser.execute_script("return document.getElementById('deck').getBoundingClientRect().top")
        assert 0 <= top < height - 150, (game, width, top)  # in sight (the page may end below it)
