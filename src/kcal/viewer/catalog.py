"""A game's catalog as one self-contained page (``kcal catalog browse``): every card drawn as on its
printed face, filters by facet, search by name, and (for games with decks) a deck panel with live
legality, the odds of an opening hand, and a download of the deck as a kcal YAML file.

The pack describes its cards (:class:`CatalogCard`: a face as shapes, facets, words to search) and its
deck rules (:class:`DeckRules`); nothing here knows a game. As in :mod:`kcal.viewer.html`, data sits
in an escaped JSON block and the script writes text with ``textContent`` only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from kcal.viewer import svg
from kcal.viewer.html import fill_slots, script_json
from kcal.viewer.scene import Shape, bbox_of


@dataclass(frozen=True, slots=True)
class CatalogCard:
    id: str
    name: str  #: what a deck file names it by
    label: str  #: a second name shown under it (a common name), or ""
    face: tuple[Shape, ...]
    facets: dict[str, tuple[str, ...]]  #: facet key -> the values the card has
    search: str = ""  #: more words the search box finds it by
    tags: tuple[str, ...] = ()  #: what the deck panel counts (``water``)


@dataclass(frozen=True, slots=True)
class DeckRules:
    """A deck's legality and the YAML a deck file starts with; the card lines follow as
    ``  "Name": count`` under the ``list_key``."""

    size: int
    max_copies: int
    hand: int  #: cards in an opening hand
    odds_tag: str  #: the tag an opening hand needs at least one of (a reshuffle otherwise)
    odds_label: str  #: what that tag is called (``water tiles``)
    head: tuple[str, ...]  #: YAML lines before the list (``format: standard``, ``catalogs: [builtin]``)
    list_key: str = "tiles"
    size_is_exact: bool = True


@dataclass(frozen=True, slots=True)
class CatalogPage:
    title: str
    cards: tuple[CatalogCard, ...]
    filters: tuple[tuple[str, str], ...]  #: (facet key, label) in the order shown
    deck: DeckRules | None = None
    notes: tuple[str, ...] = field(default=())


def page(cat: CatalogPage) -> str:
    boxes = [bbox_of(c.face) for c in cat.cards] or [(0.0, 0.0, 100.0, 100.0)]
    x0, y0 = min(b[0] for b in boxes) - 2, min(b[1] for b in boxes) - 2
    w, h = max(b[2] for b in boxes) + 2 - x0, max(b[3] for b in boxes) + 2 - y0
    facets: dict[str, dict[str, int]] = {k: {} for k, _ in cat.filters}
    for c in cat.cards:
        for k in facets:
            for v in c.facets.get(k, ()):
                facets[k][v] = facets[k].get(v, 0) + 1
    data = {
        "title": cat.title,
        "box": [round(v, 1) for v in (x0, y0, w, h)],
        "filters": [[k, label, sorted(facets[k].items())] for k, label in cat.filters],
        "cards": [{"id": c.id, "name": c.name, "label": c.label, "face": svg.shapes(c.face),
                   "facets": {k: list(v) for k, v in c.facets.items()}, "search": c.search.lower(),
                   "tags": list(c.tags)} for c in cat.cards],
        "deck": None if cat.deck is None else {
            "size": cat.deck.size, "max": cat.deck.max_copies, "hand": cat.deck.hand, "tag": cat.deck.odds_tag,
            "tagLabel": cat.deck.odds_label, "head": list(cat.deck.head), "listKey": cat.deck.list_key,
            "exact": cat.deck.size_is_exact},
        "notes": list(cat.notes),
    }
    return fill_slots(_TEMPLATE, {"TITLE": svg.text(cat.title), "FONT": svg.FONT, "DATA": script_json(data),
                                  "SCRIPT": _SCRIPT})

_TEMPLATE = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>@TITLE@</title>
<style>
body { font-family: @FONT@; margin: 0; color: #1a1a1a; background: #f4f4f0; }
header { padding: 8px 14px; background: #24523a; color: #fff; }
header h1 { font-size: 18px; margin: 0; }
header { display: flex; flex-wrap: wrap; gap: 4px 14px; align-items: baseline; }
#todeck { color: #fff; font-weight: bold; font-size: 15px; }
#todeck[hidden] { display: none; }
#deck { scroll-margin-top: 52px; }
#deck .how { font-size: 12px; color: #555; margin: 0 0 6px; }
#totop { display: none; font-size: 13px; margin-top: 6px; }
main { display: flex; gap: 12px; padding: 10px 14px; align-items: flex-start; }
#filters { width: 210px; flex: none; }
#filters fieldset { border: 1px solid #ccc; background: #fff; margin: 0 0 8px; padding: 4px 8px; }
#filters legend { font-weight: bold; }
#filters label { display: block; font-size: 13px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; }
#search { width: 100%; box-sizing: border-box; font: inherit; padding: 4px; margin-bottom: 8px; }
#cards { flex: 1; }
#grid { display: flex; flex-wrap: wrap; gap: 8px; align-content: flex-start; }
.card { background: #fff; border: 1px solid #ccc; border-radius: 6px; padding: 4px; width: 150px;
  text-align: center; cursor: pointer; }
.card:hover { border-color: #24523a; box-shadow: 0 0 0 2px #24523a55; }
.card svg { width: 142px; height: auto; display: block; }
.card .name { font-size: 12px; font-weight: bold; }
.card .label { font-size: 11px; color: #555; }
.card .count { font-size: 12px; color: #24523a; font-weight: bold; min-height: 1em; }
#deck { width: 300px; flex: none; background: #fff; border: 1px solid #ccc; padding: 8px; position: sticky; top: 8px; }
#deck h2 { font-size: 16px; margin: 0 0 6px; }
#deck ul { list-style: none; padding: 0; margin: 6px 0; max-height: 40vh; overflow: auto; }
#deck li { display: flex; gap: 4px; align-items: center; font-size: 13px; }
#deck li span { flex: 1; }
#deck li.bad span { color: #b00020; font-weight: bold; }
#deck button { font: inherit; cursor: pointer; }
.ok { color: #1b5e20; }
.bad { color: #b00020; }
#shown { font-size: 13px; color: #555; margin: 0 0 6px; }
#deckname { width: 100%; box-sizing: border-box; font: inherit; }
@media (max-width: 760px) {
  main { flex-direction: column; align-items: stretch; padding: 8px; }
  #filters, #deck { width: auto; }
  #filters { display: flex; flex-wrap: wrap; gap: 0 8px; align-items: flex-start; }
  #filters fieldset { max-height: 9.5em; overflow: auto; }
  #search { flex-basis: 100%; }
  #deck { position: static; }
  header { position: sticky; top: 0; z-index: 2; }
  #totop { display: block; }
  #grid { justify-content: center; }
}
</style>
</head>
<body>
<header><h1 id="title">@TITLE@</h1>
<a id="todeck" href="#deck" hidden>Deck builder (<span id="deckcount">0</span> cards) &#x2193;</a></header>
<main>
<div id="filters"><input type="search" id="search" placeholder="search by name" aria-label="search by name"></div>
<div id="cards"><p id="shown"></p><div id="grid"></div></div>
<aside id="deck" hidden>
<h2>Deck</h2>
<p class="how">Click a card to add it; &#x2212; and + change a count. The deck is checked as
<code>kcal deck validate</code> checks it, and downloads as a deck file.</p>
<label>Name <input type="text" id="deckname" value="My deck"></label>
<div id="legality"></div>
<div id="odds"></div>
<ul id="decklist"></ul>
<button type="button" id="download">Download deck (YAML)</button>
<button type="button" id="clear">Clear</button>
<a id="totop" href="#title">&#x2191; back to the cards</a>
</aside>
</main>
<script type="application/json" id="catalog-data">@DATA@</script>
<script>
@SCRIPT@
</script>
</body>
</html>
"""

_SCRIPT = r"""
"use strict";
(function () {
  const D = JSON.parse(document.getElementById("catalog-data").textContent);
  const NS = "http://www.w3.org/2000/svg";
  const grid = document.getElementById("grid");
  const deck = new Map();  // card index -> count, in the order added
  const chosen = {};  // facet -> Set of values
  const nodes = [];

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined) e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }
  // filters
  const filters = document.getElementById("filters");
  D.filters.forEach(function (f) {
    if (!f[2].length) return;
    const fs = el("fieldset");
    fs.appendChild(el("legend", f[1]));
    chosen[f[0]] = new Set();
    f[2].forEach(function (vc) {
      const label = el("label");
      const box = document.createElement("input");
      box.type = "checkbox";
      box.value = vc[0];
      box.setAttribute("data-facet", f[0]);
      box.addEventListener("change", function () {
        if (box.checked) chosen[f[0]].add(vc[0]); else chosen[f[0]].delete(vc[0]);
        filter();
      });
      label.appendChild(box);
      label.appendChild(document.createTextNode(" " + vc[0] + " (" + vc[1] + ")"));
      fs.appendChild(label);
    });
    filters.appendChild(fs);
  });
  // cards
  D.cards.forEach(function (c, i) {
    const div = el("div", undefined, "card");
    div.setAttribute("data-id", c.id);
    div.title = "add " + c.name + " to the deck";
    const s = document.createElementNS(NS, "svg");
    s.setAttribute("viewBox", D.box.join(" "));
    s.setAttribute("role", "img");
    s.setAttribute("aria-label", c.name);
    s.innerHTML = c.face;
    div.appendChild(s);
    div.appendChild(el("div", c.name, "name"));
    if (c.label && c.label !== c.name) div.appendChild(el("div", c.label, "label"));
    const count = el("div", "", "count");
    div.appendChild(count);
    div.addEventListener("click", function () { add(i, 1); });
    grid.appendChild(div);
    nodes.push({ div: div, count: count });
  });
  const search = document.getElementById("search");
  search.addEventListener("input", filter);
  function filter() {
    const q = search.value.trim().toLowerCase();
    let shown = 0;
    D.cards.forEach(function (c, i) {
      let ok = !q || c.name.toLowerCase().includes(q) || c.label.toLowerCase().includes(q) || c.search.includes(q);
      for (const k in chosen) {
        if (ok && chosen[k].size) ok = (c.facets[k] || []).some(function (v) { return chosen[k].has(v); });
      }
      nodes[i].div.hidden = !ok;
      if (ok) shown++;
    });
    document.getElementById("shown").textContent = shown + " of " + D.cards.length + " cards shown";
  }
  // the deck
  const R = D.deck;
  function choose(n, k) {  // exact binomial coefficient as a float (n <= a few hundred)
    if (k < 0 || k > n) return 0;
    let r = 1;
    for (let j = 1; j <= k; j++) r = r * (n - k + j) / j;
    return r;
  }
  function add(i, d) {
    if (!R) return;
    const n = (deck.get(i) || 0) + d;
    if (n <= 0) deck.delete(i); else deck.set(i, n);
    render();
  }
  function render() {
    let total = 0, tagged = 0;
    const over = [];
    deck.forEach(function (n, i) {
      total += n;
      if (D.cards[i].tags.indexOf(R.tag) >= 0) tagged += n;
      if (n > R.max) over.push(D.cards[i].name);
    });
    document.getElementById("deckcount").textContent = String(total);
    const leg = document.getElementById("legality");
    leg.replaceChildren();
    const sizeOk = R.exact ? total === R.size : total >= R.size;
    leg.appendChild(el("div", "size: " + total + " of " + R.size + (sizeOk ? " \u2714" : ""), sizeOk ? "ok" : "bad"));
    leg.appendChild(el("div", over.length ? "more than " + R.max + " copies: " + over.join(", ")
                                           : "copies: at most " + R.max + " of a name \u2714", over.length ? "bad" : "ok"));
    const legal = sizeOk && !over.length;
    leg.appendChild(el("div", legal ? "legal deck" : "not legal yet", legal ? "ok" : "bad"));
    leg.setAttribute("data-legal", legal ? "true" : "false");
    const odds = document.getElementById("odds");
    odds.replaceChildren();
    odds.appendChild(el("div", R.tagLabel + ": " + tagged));
    if (total >= R.hand) {
      const p0 = choose(total - tagged, R.hand) / choose(total, R.hand);
      odds.setAttribute("data-p-none", String(p0));
      odds.appendChild(el("div", "opening " + R.hand + " with none: " + (100 * p0).toFixed(1) + "%"));
      odds.appendChild(el("div", p0 < 1 ? "reshuffles expected: " + (p0 / (1 - p0)).toFixed(2)
                                         : "no opening hand can be kept", p0 < 1 ? "" : "bad"));
    } else {
      odds.removeAttribute("data-p-none");
    }
    const list = document.getElementById("decklist");
    list.replaceChildren();
    nodes.forEach(function (nd, i) { nd.count.textContent = deck.has(i) ? "\u00d7" + deck.get(i) + " in deck" : ""; });
    deck.forEach(function (n, i) {
      const li = el("li");
      if (n > R.max) li.className = "bad";
      li.setAttribute("data-name", D.cards[i].name);
      const minus = el("button", "\u2212");
      minus.type = "button";
      minus.setAttribute("aria-label", "one fewer");
      minus.addEventListener("click", function () { add(i, -1); });
      const plus = el("button", "+");
      plus.type = "button";
      plus.setAttribute("aria-label", "one more");
      plus.addEventListener("click", function () { add(i, 1); });
      li.appendChild(el("span", n + " \u00d7 " + D.cards[i].name));
      li.appendChild(minus);
      li.appendChild(plus);
      list.appendChild(li);
    });
  }
  function yaml() {
    const name = document.getElementById("deckname").value.trim() || "My deck";
    const lines = ["# written by kcal catalog browse", "name: " + JSON.stringify(name)].concat(R.head);
    lines.push(R.listKey + ":" + (deck.size ? "" : " {}"));
    deck.forEach(function (n, i) { lines.push("  " + JSON.stringify(D.cards[i].name) + ": " + n); });
    return lines.join("\n") + "\n";
  }
  if (R) {
    document.getElementById("deck").hidden = false;
    document.getElementById("todeck").hidden = false;
    document.getElementById("download").addEventListener("click", function () {
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([yaml()], { type: "application/x-yaml" }));
      a.download = "deck.yaml";
      document.body.appendChild(a);
      a.click();
      a.remove();
    });
    document.getElementById("clear").addEventListener("click", function () { deck.clear(); render(); });
    render();
  }
  filter();
  window.kcalCatalog = { add: add, yaml: yaml, count: D.cards.length };
})();
"""
