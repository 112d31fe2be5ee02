"""Viewer figures (issue 10): the cost of ``--png``, the HTML page's size per move, the time to the
first board and to step, for a real game and for a 10,000-step page.

Run:  python bench/bench_viewer.py [--repeat 5] [--no-browser]

(a) ``--png`` of a 60-move game: a 4-player kCaloria game (built-in decks, seed 11, random legal
    moves, a placement whenever there is one: 58 tiles on the table) written as a record (JSON is YAML).
    Timed in-process with CPU time, alternating: ``rules replay`` as the command does it (the
    ``replay`` hook and its text) against ``rules replay --png`` (the same, plus the ``draw`` hook's
    final frame, the picture's layout and Pillow's PNG); and the two commands as processes (wall
    time, start to end, as a user waits for them). Printed: the ratios of the medians.
(b) the ``--html`` page of that game: bytes per move, and the page of a 10,000-step story (that game's
    frames over and over, the table cleared between games, so the table stays a real game's table).
(c) in headless Chromium (Debian's ``chromium`` and ``chromium-driver``; skipped when missing or with
    ``--no-browser``): from navigation start to the first board on the page (``kcalViewer.readyAt``),
    as a ratio to opening a blank page from disk in the same browser (navigation start to the end of
    its load event); the mean time of one step
    forward and of a random jump, as measured in the page with ``performance.now()`` over 500 steps,
    as a ratio to one browser frame (16.7 ms).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def make_game(path: Path, moves: int = 60, seed: int = 11) -> None:
    """A 4-player game of ``moves`` moves: random legal moves, a placement whenever there is one."""
    from kcal.games.kcaloria.files.load import load_deck, load_library
    from kcal.games.kcaloria.rules import new_game

    lib = load_library()
    decks = [load_deck(ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / n).tiles()
             for n in ("bayou-ambush.yaml", "caddo-harvest.yaml", "longleaf-canopy.yaml", "bayou-ambush.yaml")]
    s = new_game(lib, decks, ["A", "B", "C", "D"], seed=seed)
    rng = random.Random(seed)
    while s.outcome() is None and s.n_moves < moves:
        ms = s.legal_moves()
        places = [m for m in ms if m.kind == "place"] or ms
        s.apply(places[rng.randrange(len(places))])
    path.write_text(json.dumps(s.to_record(catalogs=["builtin"]), indent=1))


def bench_png(game: Path, out: Path, repeat: int) -> None:
    from kcal.core.registry import get
    from kcal.viewer.picture import compose
    from kcal.viewer.png import render

    pack = get("kcaloria")
    rep, draw = pack.hook("replay"), pack.hook("draw")

    def plain() -> None:
        rep.replay(game).to_text()

    def with_png() -> None:
        result = rep.replay(game)
        result.to_text()
        story = draw.story(game, every=False, checked=result)
        items, box = compose(story)
        out.write_bytes(render(items, box))

    plain()  # warm: imports, fonts, the catalog's parse cache
    with_png()
    a: list[float] = []
    b: list[float] = []
    for _ in range(repeat):
        for fn, acc in ((plain, a), (with_png, b)):
            t = time.process_time()
            fn()
            acc.append(time.process_time() - t)
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"(a) --png of a {rep.replay(game).moves_applied}-move game, in-process: {mb / ma:.2f}x the CPU time "
          f"of rules replay without it (median of {repeat}; replay {ma * 1000:.0f} ms, with --png "
          f"{mb * 1000:.0f} ms)")
    kcal = Path(sys.executable).with_name("kcal")
    a, b = [], []  # wall times of the two commands
    for _ in range(repeat):
        for args, acc in (([], a), (["--png", str(out)], b)):
            t = time.perf_counter()
            subprocess.run([str(kcal), "rules", "replay", str(game), *args], check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            acc.append(time.perf_counter() - t)
    ma, mb = statistics.median(a), statistics.median(b)
    print(f"    the command, start to end: {mb / ma:.2f}x the wall time of rules replay without it "
          f"(median of {repeat}; replay {ma * 1000:.0f} ms, with --png {mb * 1000:.0f} ms)")


def long_story(story, steps: int):
    """``story``'s frames over and over until ``steps`` frames (each game's own keys, table cleared)."""
    from kcal.viewer.scene import Story

    frames: list = []
    k = 0
    while len(frames) < steps:
        for f in story.frames:
            if len(frames) >= steps:
                break
            items = tuple(replace(i, key=f"{k}:{i.key}") for i in f.items)
            frames.append(replace(f, items=items, step=len(frames)))
        k += 1
    return Story(story.title, tuple(frames), story.legend)


def bench_html(game: Path, tmp: Path) -> list[Path]:
    from kcal.core.registry import get
    from kcal.viewer.html import page

    story = get("kcaloria").hook("draw").story(game)
    moves = len(story.frames) - 1
    small = page(story).encode()
    big_story = long_story(story, 10_001)
    t = time.process_time()
    big = page(big_story).encode()
    build = time.process_time() - t
    empty = page(replace(story, frames=story.frames[:1])).encode()
    print(f"(b) --html of the {moves}-move game: {len(small):,} bytes, {(len(small) - len(empty)) / moves:,.0f} "
          f"bytes per move over the page with no move ({len(empty):,} bytes)")
    print(f"    10,000 moves: {len(big):,} bytes ({(len(big) - len(empty)) / 10_000:,.0f} bytes per move), "
          f"written in {build:.2f} s CPU")
    paths = [tmp / "game.html", tmp / "long.html", tmp / "blank.html"]
    paths[0].write_bytes(small)
    paths[1].write_bytes(big)
    paths[2].write_text("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>blank</title>"
                        "</head><body></body></html>")
    return paths


def bench_browser(paths: list[Path]) -> None:
    try:
        from kcal.viewer.browser import chromium
    except ImportError:
        print("(c) skipped: selenium is not installed")
        return
    try:
        driver = chromium()
    except Exception as exc:  # noqa: BLE001 - a bench reports and moves on
        print(f"(c) skipped: no headless Chromium ({type(exc).__name__}: {exc})")
        return
    try:
        def load(p: Path) -> float:
            """ms from navigation start to the first board (a blank page: to its load event's end)."""
            driver.get(p.as_uri())
            return float(driver.execute_script(
                "return window.kcalViewer ? window.kcalViewer.readyAt"
                " : performance.getEntriesByType('navigation')[0].loadEventEnd;"))

        for p in paths:  # warm the browser's caches
            load(p)
        blank = statistics.median(load(paths[2]) for _ in range(5))
        for p, label in ((paths[0], "real game"), (paths[1], "10,000 moves")):
            first = statistics.median(load(p) for _ in range(5))
            fwd, jump = driver.execute_script("""
                const v = window.kcalViewer, n = v.count;
                let t = performance.now();
                for (let i = 0; i < 500; i++) v.show((v.current() + 1) % n);
                const fwd = (performance.now() - t) / 500;
                let seed = 7;
                t = performance.now();
                for (let i = 0; i < 500; i++) { seed = (seed * 48271) % 2147483647; v.show(seed % n); }
                return [fwd, (performance.now() - t) / 500];""")
            print(f"(c) {label}: first board {first:.0f} ms after navigation start = {first / blank:.1f}x a blank "
                  f"page ({blank:.0f} ms); one step {fwd:.2f} ms = {fwd / 16.7:.3f} frames, a random jump "
                  f"{jump:.2f} ms = {jump / 16.7:.3f} frames")
    finally:
        driver.quit()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--no-browser", action="store_true")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        game = tmp / "game60.yaml"
        make_game(game)
        bench_png(game, tmp / "out.png", args.repeat)
        paths = bench_html(game, tmp)
        if not args.no_browser:
            bench_browser(paths)
    return 0


if __name__ == "__main__":
    sys.exit(main())
