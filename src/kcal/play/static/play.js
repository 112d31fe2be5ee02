// kcal play: the table page. Draws what the server sends for this tab's seat (its own view only),
// sends moves as record entries, and reconnects after a lost connection. All text goes in through
// textContent: names from the game data are never read as markup.
"use strict";
(function () {
  const $ = (id) => document.getElementById(id);
  const tableId = decodeURIComponent(location.pathname.split("/")[2] || "");
  const frag = new URLSearchParams(location.hash.slice(1));
  const token = frag.get("token");
  let ws = null, last = null, retry = 400, tried = null, hinted = null, only = null;

  function el(tag, text, cls) {
    const e = document.createElement(tag);
    if (text !== undefined && text !== null) e.textContent = String(text);
    if (cls) e.className = cls;
    return e;
  }
  function key(entry) { return JSON.stringify(entry, Object.keys(entry || {}).sort()); }
  function send(msg) {
    if (ws && ws.readyState === WebSocket.OPEN) ws.send(JSON.stringify(msg));
  }

  function connect() {
    const scheme = location.protocol === "https:" ? "wss://" : "ws://";
    ws = new WebSocket(scheme + location.host + "/ws/" + encodeURIComponent(tableId));
    $("status").textContent = "connecting";
    ws.onopen = () => { retry = 400; $("status").textContent = "connected"; send({ type: "hello", token: token }); };
    ws.onmessage = (ev) => {
      let m; try { m = JSON.parse(ev.data); } catch (e) { return; }
      if (m.type === "state") draw(m);
      else if (m.type === "refused") refused(m);
      else if (m.type === "hint") hint(m);
      // the new table is another path: replacing the address loads it (a reload() after it would
      // reload this table's page instead and cancel the move to the new one)
      else if (m.type === "rematch") location.replace("/t/" + encodeURIComponent(m.table) + location.hash);
    };
    ws.onclose = () => {
      $("status").textContent = "connection lost; reconnecting";
      document.body.dataset.connected = "no";
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 3000);
    };
  }

  function facts(view) {
    const box = $("facts"); box.replaceChildren();
    const wanted = ["round", "rounds", "season", "turn", "turn_limit", "phase", "step", "mode", "limit_kcal", "active"];
    for (const k of wanted) {
      if (view[k] === undefined || view[k] === null || typeof view[k] === "object") continue;
      const p = el("span"); p.append(el("span", k.replace(/_/g, " ") + ": ")); p.append(el("b", view[k]));
      box.append(p);
    }
    // per-seat figures: a mapping of every player to a number (intake, hand sizes, families...)
    for (const [k, v] of Object.entries(view)) {
      if (k === "scores" || !v || typeof v !== "object" || Array.isArray(v)) continue;
      const names = Object.keys(v);
      if (!names.length || !names.every((n) => last && last.players.includes(n) && typeof v[n] === "number")) continue;
      const p = el("span"); p.append(el("span", k.replace(/_/g, " ") + ": "));
      p.append(el("b", names.map((n) => n + " " + v[n]).join(", ")));
      box.append(p);
    }
    const scores = view.scores;
    if (scores && typeof scores === "object") {
      const p = el("span"); p.append(el("span", "scores: "));
      p.append(el("b", Object.entries(scores).map(([n, v]) => n + " " + (typeof v === "object" ? JSON.stringify(v) : v)).join(", ")));
      box.append(p);
    }
  }

  function tree(value, depth) {
    if (value === null || typeof value !== "object") return el("span", value === null ? "none" : value);
    if (Array.isArray(value)) {
      if (value.every((v) => v === null || typeof v !== "object")) return el("span", value.length ? value.join(", ") : "none");
      const ol = el("ol"); value.forEach((v) => { const li = el("li"); li.append(tree(v, depth + 1)); ol.append(li); });
      return ol;
    }
    const dl = el("dl");
    for (const [k, v] of Object.entries(value)) {
      dl.append(el("dt", k.replace(/_/g, " ")));
      const dd = el("dd");
      if (v !== null && typeof v === "object" && depth < 3 && Object.keys(v).length > 3) {
        const d = el("details"); d.open = depth < 1; d.append(el("summary", Object.keys(v).length + " entries"));
        d.append(tree(v, depth + 1)); dd.append(d);
      } else dd.append(tree(v, depth + 1));
      dl.append(dd);
    }
    return dl;
  }

  function draw(m) {
    last = m;
    document.body.dataset.connected = "yes";
    document.body.dataset.moves = m.moves;
    document.body.dataset.over = m.over ? "yes" : "no";
    $("name").textContent = m.name;
    document.title = m.name + ": table " + m.table;
    const seat = m.seats.find((s) => s.player === m.seat);
    $("who").textContent = m.seat ? "You are " + m.seat : "You watch as a spectator";
    const acting = m.to_move.map((p) => {
      const s = m.seats.find((x) => x.player === p);
      return p + (s && s.kind === "bot" ? " (bot " + s.bot + ")" : "");
    });
    const turn = $("turn");
    turn.className = m.your_turn ? "you" : "";
    turn.textContent = m.over ? "The game is over" : m.your_turn ? "Your turn" + (acting.length > 1 ? " (with " + acting.filter((a) => a !== m.seat).join(", ") + ")" : "")
      : "Waiting for " + acting.join(", ");
    facts(m.view);
    $("view").replaceChildren(tree(m.view, 0));
    const log = $("log"); log.replaceChildren();
    for (const line of m.log) {
      const li = el("li", line.words, line.bot ? "bot" : ""); li.value = line.n; log.append(li);
    }
    $("over").hidden = !m.over;
    if (m.over) {
      $("sentence").textContent = m.over.sentence;
      $("download").href = "/t/" + encodeURIComponent(m.table) + "/record.yaml";
      $("rematch").hidden = !m.seat;
    }
    $("undo").hidden = !m.undo;
    $("hint").hidden = !m.your_turn;
    $("hinted").hidden = true; hinted = null; only = null;
    if (!tried || tried.moves !== m.moves) { $("refusal").hidden = true; tried = null; }
    moves(m);
    picture(m);
    // when each move's table was drawn (ms since the epoch): what bench/bench_play.py reads
    (window.kcalDrawn = window.kcalDrawn || {})[m.moves] = Date.now();
  }

  function moves(m) {
    const list = $("moves"); list.replaceChildren();
    const filter = $("filter").value.trim().toLowerCase();
    m.legal.forEach((mv, i) => {
      if (filter && !mv.words.toLowerCase().includes(filter)) return;
      if (only && !only.has(i)) return;
      const li = el("li"); const b = el("button", mv.words); b.type = "button";
      b.dataset.index = i; b.dataset.key = key(mv.entry);
      b.addEventListener("click", () => play(mv.entry, b));
      li.append(b); list.append(li);
    });
    $("moves-title").textContent = m.your_turn ? "Your moves (" + (only ? only.size + " of " : "") + m.legal.length + ")" : "Your moves";
    $("nomoves").textContent = m.over ? "" : m.your_turn ? "" : m.seat ? "Not your turn." : "Spectators make no moves.";
    $("filter").parentElement.hidden = !m.your_turn;
  }

  function picture(m) {
    const box = $("picture");
    if (!m.picture) { box.hidden = true; box.replaceChildren(); return; }
    box.hidden = false;
    const doc = new DOMParser().parseFromString(m.picture.svg, "image/svg+xml");
    const svg = document.importNode(doc.documentElement, true);
    box.replaceChildren(svg);
    for (const [k, indexes] of Object.entries(m.picture.targets || {})) {
      const g = svg.querySelector('[data-key="' + CSS.escape(k) + '"]');
      if (!g || !indexes.length) continue;
      g.classList.add("target"); g.setAttribute("tabindex", "0"); g.setAttribute("role", "button");
      const words = indexes.map((i) => m.legal[i].words);
      g.setAttribute("aria-label", words.join("; "));
      const go = () => {
        if (indexes.length === 1) play(m.legal[indexes[0]].entry, g);
        else { $("filter").value = ""; only = new Set(indexes); moves(m); const b = $("moves").querySelector('[data-index="' + indexes[0] + '"]'); if (b) b.focus(); }
      };
      g.addEventListener("click", go);
      g.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); go(); } });
    }
  }

  function play(entry, where) {
    if (!last) return;
    tried = { entry: entry, where: where, moves: last.moves };
    send({ type: "move", entry: entry, seen: last.moves });
  }

  function refused(m) {
    let where = tried && tried.where;
    if (m.entry) {
      const b = $("moves").querySelector('[data-key="' + CSS.escape(key(m.entry)) + '"]');
      if (b) where = b;
    }
    const text = "Refused: " + m.reason;
    if (where && where.parentElement && where.parentElement.parentElement === $("moves")) {
      where.classList.add("refused");
      const old = where.parentElement.querySelector(".refusal");
      const p = old || el("p", null, "refusal");
      p.setAttribute("role", "alert"); p.textContent = text;
      if (!old) where.parentElement.append(p);
      $("refusal").hidden = true;
      return;
    }
    const box = $("refusal");
    box.textContent = text;
    box.hidden = false;
    if (where && where.classList) where.classList.add("refused");
  }

  function hint(m) {
    const p = $("hinted");
    p.textContent = "Hint: " + m.words + " (" + Math.round(m.share * 100) + "% of the search's visits)";
    p.hidden = false;
    const b = $("moves").querySelector('[data-key="' + CSS.escape(key(m.entry)) + '"]');
    if (b) { b.classList.add("hinted"); b.scrollIntoView({ block: "nearest" }); }
  }

  $("filter").addEventListener("input", () => { only = null; if (last) moves(last); });
  $("hint").addEventListener("click", () => send({ type: "hint" }));
  $("undo").addEventListener("click", () => send({ type: "undo" }));
  $("rematch").addEventListener("click", () => send({ type: "rematch" }));
  connect();
})();
