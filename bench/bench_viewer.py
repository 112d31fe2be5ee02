"""Viewer figures (issue 10): the cost of ``--png``, the HTML page's size per move, the time to the
first board and to step, for a real game and for a 10,000-step page.

Run:  python bench/bench_viewer.py [--repeat 5] [--no-browser]
      python bench/bench_viewer.py --before /path/to/an/older/tree [--repeat 9]

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
(d) with ``--before TREE`` (a checkout of an older kcal, e.g. ``git worktree add --detach ../before main``):
    the page of the 10,000-step story written by each tree's kcal (a process each, ``PYTHONPATH`` set to
    that tree's ``src``; the same game and story from this file), then opened in one headless Chromium
    at 1280x900, alternating old and new page ``--repeat`` times: the median time from navigation
    start to the first board (``kcalViewer.readyAt``) and its ratio new/old; and per page the mean
    time of one step forward over 2,000 steps, and of 500 random jumps, by ``performance.now()``.
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
    from kcal.games.kcaloria.files.record import state_to_record
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
    path.write_text(json.dumps(state_to_record(s, catalogs=["builtin"]), indent=1))


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
        # a name of the command's own (the in-process runs above wrote ``out`` without kcal's mark)
        for args, acc in (([], a), (["--png", str(out.with_name("command.png"))], b)):
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


def write_long(out: Path) -> None:
    """The page of the 10,000-step story, by whichever kcal this process imports (see ``--before``)."""
    from kcal.core.registry import get
    from kcal.viewer.html import page

    game = out.with_suffix(".yaml")
    make_game(game)
    story = get("kcaloria").hook("draw").story(game)
    out.write_text(page(long_story(story, 10_001)), encoding="utf-8")


def bench_before(before: Path, repeat: int) -> None:
    import os

    from kcal.viewer.browser import chromium

    with tempfile.TemporaryDirectory() as d:
        pages = {}
        for label, tree in (("before", before.resolve()), ("after", ROOT)):
            pages[label] = Path(d) / f"{label}.html"
            env = dict(os.environ, PYTHONPATH=f"{tree / 'src'}{os.pathsep}{tree}")
            subprocess.run([sys.executable, __file__, "--write-long", str(pages[label])], env=env, check=True)
        driver = chromium(1280, 900)
        try:
            def load(p: Path) -> float:
                driver.get(p.as_uri())
                return float(driver.execute_script("return window.kcalViewer.readyAt"))

            for p in pages.values():  # warm the browser's caches
                load(p)
            first: dict[str, list[float]] = {"before": [], "after": []}
            for _ in range(repeat):
                for label in ("before", "after"):
                    first[label].append(load(pages[label]))
            runs: dict[str, list[list[float]]] = {"before": [], "after": []}
            for _ in range(repeat):  # alternating again: the machine's load falls on both alike
                for label in ("before", "after"):
                    load(pages[label])
                    runs[label].append(driver.execute_script("""
                        const v = window.kcalViewer, n = v.count;
                        for (let i = 0; i < 200; i++) v.show((v.current() + 1) % n);  // warm the JIT
                        v.show(0);
                        let t = performance.now();
                        for (let i = 0; i < 2000; i++) v.show((v.current() + 1) % n);
                        const fwd = (performance.now() - t) / 2000;
                        let seed = 7;
                        t = performance.now();
                        for (let i = 0; i < 500; i++) { seed = (seed * 48271) % 2147483647; v.show(seed % n); }
                        return [fwd, (performance.now() - t) / 500];"""))
            steps = {k: [statistics.median(r[0] for r in v), statistics.median(r[1] for r in v)]
                     for k, v in runs.items()}
        finally:
            driver.quit()
        sizes = {k: p.stat().st_size for k, p in pages.items()}
    mb, ma = statistics.median(first["before"]), statistics.median(first["after"])
    print(f"(d) 10,000 moves at 1280x900, before ({before}) and after, alternating, median of {repeat}:")
    print(f"    first board {mb:.0f} ms before, {ma:.0f} ms after: {ma / mb:.2f}x "
          f"(page {sizes['before']:,} and {sizes['after']:,} bytes)")
    for label in ("before", "after"):
        fwd, jump = steps[label]
        print(f"    {label}: one step {fwd:.3f} ms, a random jump {jump:.3f} ms (medians of {repeat} runs of 2,000 "
              f"steps and 500 jumps)")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--no-browser", action="store_true")
    ap.add_argument("--before", type=Path, help="an older kcal tree: (d) compares its 10,000-move page with ours")
    ap.add_argument("--write-long", type=Path, help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.write_long is not None:
        write_long(args.write_long)
        return 0
    if args.before is not None:
        bench_before(args.before, args.repeat)
        return 0
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
