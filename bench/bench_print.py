"""Benchmark of ``kcal print``: whole-process time against a bare ReportLab floor script.

Run from anywhere with kcal installed (the venv's python):

    python bench/bench_print.py            # best of 5 runs each, after a warm-up
    python bench/bench_print.py --runs 5
    python bench/bench_print.py --valgrind # also executed instructions of deck and floor (needs valgrind)

What it measures, each as a *whole process* (interpreter start, imports, loading, drawing, saving):

* floor: a bare ReportLab script drawing the same number of flat-top hexes, each with a name and two
  rows of cube icons, in Helvetica (nothing embedded), written in this file (``FLOOR``);
* ``kcal print deck src/kcal/games/kcaloria/data/decks/bayou-ambush.yaml`` (60 tiles) and ``kcal print catalog`` (every built-in
  tile), as ratios to the floor for the same number of hexes; the goal is deck <= 2.5x (issue 12);
* ``kcal print cards --game how-many-calories`` (37 poker cards) against a second floor script
  (``FLOOR_CARDS``) drawing the same number of rounded card rectangles with their numbers and texts;
* peak memory (max RSS) of each process, PDF size, and the number of embedded image objects in a
  deck whose catalog gives art to some tiles (one object per distinct image, not per placement).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

FLOOR = r'''
import math, sys
from reportlab.pdfgen.canvas import Canvas
n, out = int(sys.argv[1]), sys.argv[2]
MM = 72 / 25.4
c = Canvas(out, pagesize=(612, 792))
across = 64 * MM
r = across / math.sqrt(3)
colors = [(0.12, 0.44, 0.82), (0.18, 0.62, 0.27), (0.96, 0.76, 0.05), (0.94, 0.5, 0.09), (0.83, 0.18, 0.18)]
def hexagon(cx, cy, a):
    p = c.beginPath()
    rr = a / math.sqrt(3)
    for i in range(6):
        x, y = cx + rr * math.cos(math.radians(60 * i)), cy + rr * math.sin(math.radians(60 * i))
        p.moveTo(x, y) if i == 0 else p.lineTo(x, y)
    p.close()
    return p
def cube(x, y, s, col, k):
    c.setFillColorRGB(*col)
    c.drawPath(hexagon(x, y, s), stroke=1, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.setFont("Helvetica-Bold", s * 0.6)
    c.drawCentredString(x, y - s * 0.2, str(k))
per_page = 11
for i in range(n):
    if i and i % per_page == 0:
        c.showPage()
    j = i % per_page
    col, row = j % 3, j // 3
    cx = 60 + r + col * 1.5 * r
    cy = 740 - across / 2 - row * across - (across / 2 if col % 2 else 0)
    c.setFillColorRGB(0.85, 0.93, 0.97)
    c.drawPath(hexagon(cx, cy, across), stroke=1, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica-Bold", 9)
    c.drawCentredString(cx, cy + 40, f"Tile number {i}")
    for k in range(2):
        cube(cx - 8 + 16 * k, cy + 76, 14, colors[k], k + 1)
        cube(cx - 8 + 16 * k, cy - 76, 14, colors[k + 2], k + 2)
c.showPage()
c.save()
'''

FLOOR_CARDS = r'''
import sys
from reportlab.pdfgen.canvas import Canvas
n, out = int(sys.argv[1]), sys.argv[2]
MM = 72 / 25.4
W, H = 63 * MM, 88 * MM
c = Canvas(out, pagesize=(612, 792))
colors = [(0.88, 0.27, 0.21), (1.0, 0.82, 0.12), (0.4, 0.76, 0.4), (0.09, 0.23, 0.5)]
for i in range(n):
    if i and i % 9 == 0:
        c.showPage()
    j = i % 9
    x, y = 25 * MM + (j % 3) * W, 792 - 8 * MM - (j // 3 + 1) * H
    c.setFillColorRGB(*colors[i % 4])
    c.roundRect(x, y, W, H, 3 * MM, stroke=1, fill=1)
    c.setFillColorRGB(1, 1, 1)
    c.roundRect(x + 3.5 * MM, y + 3.5 * MM, W - 7 * MM, H - 7 * MM, 1.5 * MM, stroke=0, fill=1)
    c.setFillColorRGB(0, 0, 0)
    c.setFont("Helvetica-Bold", 19)
    c.drawString(x + 6 * MM, y + H - 12 * MM, str(i + 1))
    c.setFont("Helvetica-Bold", 34)
    c.drawCentredString(x + W / 2, y + H * 0.62, str(i + 1))
    c.setFont("Helvetica-Bold", 12)
    c.drawCentredString(x + W / 2, y + H * 0.42, f"Food number {i}")
    c.drawCentredString(x + W / 2, y + H * 0.36, f"{(i + 1) * 100:,} kcal")
    c.setFont("Helvetica", 7)
    c.drawCentredString(x + W / 2, y + H * 0.31, "a serving of about that much")
c.showPage()
c.save()
'''

#: ``kcal print cards --game how-many-calories`` as a whole process; the pack's ``print`` hook is set here
#: when the installed pack does not list it yet (the same module the hook names)
HMC_CARDS = ("import sys; from kcal.games.how_many_calories import PACK; "
             "PACK.hooks.setdefault('print', 'kcal.games.how_many_calories.print.api'); "
             "from kcal.cli.app import main; sys.argv[0] = 'kcal'; main()")

MAXRSS = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
          "rc = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL).returncode; dt = time.perf_counter() - t; "
          "u = resource.getrusage(resource.RUSAGE_CHILDREN); "
          "print(dt, u.ru_utime + u.ru_stime, u.ru_maxrss, rc)")


ENV = dict(os.environ)


def run(cmd: list[str], cwd: Path) -> tuple[float, float, int]:
    """Wall time (s), CPU time (s) and peak RSS (kB) of one process."""
    res = subprocess.run([sys.executable, "-c", MAXRSS, *cmd], cwd=cwd, capture_output=True, text=True, env=ENV)
    dt, cpu, rss, rc = res.stdout.split()
    if int(rc) != 0:
        raise SystemExit(f"command failed: {' '.join(cmd)}\n{res.stderr}")
    return float(dt), float(cpu), int(rss)


def best_run(cmd: list[str], cwd: Path, runs: int) -> tuple[float, float, int]:
    """Fastest wall and CPU time of ``runs`` (after a warm-up that fills the bytecode cache), peak memory.

    On a shared machine wall time is noisy; CPU time (user + system) of the whole process is the
    steadier measure, and the ratios below use it.
    """
    run(cmd, cwd)
    results = [run(cmd, cwd) for _ in range(runs)]
    return min(r[0] for r in results), min(r[1] for r in results), max(r[2] for r in results)


def paired_runs(a: list[str], b: list[str], cwd: Path, runs: int):
    """Best times of two commands run alternately, so both meet the same machine load."""
    run(a, cwd)
    run(b, cwd)
    ra, rb = [], []
    for _ in range(runs):
        ra.append(run(a, cwd))
        rb.append(run(b, cwd))

    def best(rs):
        return min(r[0] for r in rs), min(r[1] for r in rs), max(r[2] for r in rs)

    return best(ra), best(rb)


def instructions(cmd: list[str], cwd: Path) -> int:
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *cmd], cwd=cwd,
                          capture_output=True, text=True, env={**ENV, "PYTHONHASHSEED": "0"}, check=True)
    m = re.search(r"Collected : (\d+)", proc.stderr)
    if m is None:
        raise SystemExit(f"no instruction count from valgrind:\n{proc.stderr[-2000:]}")
    return int(m.group(1))


def image_objects(pdf: Path) -> int:
    return pdf.read_bytes().count(b"/Subtype /Image")


def art_catalog(tmp: Path, with_art: int) -> Path:
    """A copy of the built-in catalog where the first ``with_art`` tiles point at generated art."""
    from PIL import Image, ImageDraw

    src = (ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "piney-woods.yaml").read_text(encoding="utf-8")
    (tmp / "art").mkdir(exist_ok=True)
    out_lines, seen = [], 0
    for line in src.splitlines():
        if re.match(r"^    art: ", line):  # the shipped art lines give way to the generated ones
            continue
        out_lines.append(line)
        m = re.match(r"^  - id: (\S+)", line)
        if m and seen < with_art:
            seen += 1
            name = f"art/{m.group(1)}.png"
            im = Image.new("RGB", (1200, 900), (30 * seen % 255, 120, 200))
            ImageDraw.Draw(im).ellipse((200, 150, 1000, 750), fill=(250, 220, 120))
            im.save(tmp / name)
            out_lines.append(f"    art: {name}")
    cat = tmp / "catalog.yaml"
    cat.write_text("\n".join(out_lines) + "\n", encoding="utf-8")
    return cat


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--valgrind", action="store_true", help="also count executed instructions (deck, floor)")
    ap.add_argument("--deck", default=str(ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"))
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="kcal-bench-print-"))
    # like an installed package: bytecode cached (in a temp folder, never the repo), for floor and kcal alike
    ENV.pop("PYTHONDONTWRITEBYTECODE", None)
    ENV["PYTHONPYCACHEPREFIX"] = str(tmp / "pycache")
    try:
        floor = tmp / "floor.py"
        floor.write_text(FLOOR)
        from kcal.games.kcaloria.files.load import load_library

        n_catalog = len(load_library().tiles)
        kcal = [sys.executable, "-m", "kcal", "print"]
        rows = []
        for label, n, cmd, out in [
            ("deck (60 tiles)", 60, [*kcal, "deck", args.deck, "-o", str(tmp / "deck.pdf")], tmp / "deck.pdf"),
            (f"catalog ({n_catalog} tiles)", n_catalog, [*kcal, "catalog", "-o", str(tmp / "cat.pdf")], tmp / "cat.pdf"),
        ]:
            (f_w, f_t, f_rss), (k_w, k_t, k_rss) = paired_runs(
                [sys.executable, str(floor), str(n), str(tmp / f"floor{n}.pdf")], cmd, tmp, args.runs)
            rows.append((label, k_t, f_t, k_t / f_t, k_rss, f_rss, out.stat().st_size,
                         (tmp / f"floor{n}.pdf").stat().st_size, image_objects(out), k_w, f_w))
        # art: 10 tiles get generated art; a deck of those tiles, several copies each
        cat = art_catalog(tmp, 10)
        from kcal.games.kcaloria.files.load import load_catalog

        arted = [t for t in load_catalog(cat).tiles if t.art][:10]
        deck = tmp / "art-deck.yaml"
        deck.write_text("name: Art bench\ncatalogs: [catalog.yaml]\ntiles:\n" +
                        "".join(f'  "{t.name}": {6 if i < 6 else 4}\n' for i, t in enumerate(arted)), encoding="utf-8")
        a_w, a_t, a_rss = best_run([*kcal, "deck", str(deck), "-o", str(tmp / "art.pdf")], tmp, args.runs)
        art_pdf = tmp / "art.pdf"

        print(f"kcal print benchmark (best of {args.runs} runs after a warm-up, floor and kcal alternating, whole processes, {os.cpu_count()} CPUs)")
        print("times are CPU seconds (user + system) of the whole process; wall seconds in the last columns")
        print(f"{'run':<22}{'kcal s':>8}{'floor s':>9}{'ratio':>7}{'kcal MB':>9}{'floor MB':>9}"
              f"{'PDF kB':>8}{'floor kB':>9}{'images':>7}{'wall':>7}{'floor':>7}{'ratio':>7}")
        for label, k_t, f_t, ratio, k_rss, f_rss, size, fsize, imgs, k_w, f_w in rows:
            print(f"{label:<22}{k_t:>8.3f}{f_t:>9.3f}{ratio:>6.2f}x{k_rss / 1024:>9.1f}{f_rss / 1024:>9.1f}"
                  f"{size / 1024:>8.0f}{fsize / 1024:>9.0f}{imgs:>7}{k_w:>7.3f}{f_w:>7.3f}{k_w / f_w:>6.2f}x")
        placements = sum(6 if i < 6 else 4 for i in range(len(arted)))
        print(f"{'deck with art':<22}{a_t:>8.3f}{'':>9}{'':>7}{a_rss / 1024:>9.1f}{'':>9}"
              f"{art_pdf.stat().st_size / 1024:>8.0f}{'':>9}{image_objects(art_pdf):>7}"
              f"   ({len(arted)} distinct images, {placements} placements)")
        # what kcal costs before it draws anything: the CLI, the deck and the built-in catalog loaded
        (_, base_t, _), (_, val_t, val_rss) = paired_runs(
            [sys.executable, str(floor), "60", str(tmp / "floor60.pdf")],
            [*kcal[:-1], "deck", "validate", args.deck], tmp, args.runs)
        print(f"{'kcal deck validate':<22}{val_t:>8.3f}{base_t:>9.3f}{val_t / base_t:>6.2f}x{val_rss / 1024:>9.1f}"
              f"   (the CLI + loading baseline every kcal command pays)")
        # How many Calories? cards: 37 poker cards (32 food, 5 +5), fronts only, against a bare ReportLab
        # script drawing the same rounded rectangles and strings
        floor_cards = tmp / "floor_cards.py"
        floor_cards.write_text(FLOOR_CARDS)
        hmc_out = tmp / "hmc.pdf"
        (c_w, c_t, c_rss), (h_w, h_t, h_rss) = paired_runs(
            [sys.executable, str(floor_cards), "37", str(tmp / "floor_cards.pdf")],
            [sys.executable, "-c", HMC_CARDS, "print", "cards", "--game", "how-many-calories", "-o", str(hmc_out)],
            tmp, args.runs)
        print(f"{'hmc cards (37 cards)':<22}{h_t:>8.3f}{c_t:>9.3f}{h_t / c_t:>6.2f}x{h_rss / 1024:>9.1f}{c_rss / 1024:>9.1f}"
              f"{hmc_out.stat().st_size / 1024:>8.0f}{(tmp / 'floor_cards.pdf').stat().st_size / 1024:>9.0f}"
              f"{image_objects(hmc_out):>7}{h_w:>7.3f}{c_w:>7.3f}{h_w / c_w:>6.2f}x")
        goal = rows[0][3] <= 2.5
        print(f"goal: deck within 2.5x of the floor: {'met' if goal else 'NOT met'} ({rows[0][3]:.2f}x CPU)")
        if args.valgrind:
            # executed instructions (valgrind's callgrind, PYTHONHASHSEED=0): what a loaded machine cannot disturb
            floor_i = instructions([sys.executable, str(floor), "60", str(tmp / "floor60.pdf")], tmp)
            deck_i = instructions([*kcal, "deck", args.deck, "-o", str(tmp / "deck.pdf")], tmp)
            print(f"instructions: deck {deck_i / 1e6:,.0f} M, floor {floor_i / 1e6:,.0f} M: {deck_i / floor_i:.3f}x")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
