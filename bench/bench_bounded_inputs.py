"""Each bounded input of issue 21, item 3 at its cap: the time and peak memory of a whole process
(goal: under 2 s and under 200 MB each on this machine).

    PYTHONPATH=src python bench/bench_bounded_inputs.py [--only WORD] [--kcal .venv/bin/kcal]
        [--trees BEFORE,AFTER --rounds 3]

Every case runs in a fresh process under ``/usr/bin/time`` (wall and CPU seconds, peak resident
memory), with a parse cache of its own that starts empty (``KCAL_CACHE_DIR``); a case marked *warm*
runs once before it is measured, as a second run of the same command would. The cases:

- ``deck import`` of a 1 MB list whose line is 1,040,000 spaces between a name and a word;
- the rule-sheet tag check on the five 1 MB lines of ``tests/print/test_markup_linear.py``;
- the template sandbox on the six templates of ``tests/print/test_sandbox_bounds.py`` (default limits);
- ``rules replay --format json`` and ``rules replay`` (text) of a 100,000-move kCaloria record (the
  densest form: 3.8 MB), cold (``KCAL_NO_CACHE=1``: the record read from its YAML) and warm (the parse
  cache);
- the YAML reader at its node cap: a 4 MiB flow list of one-letter items (refused at 1,200,000 nodes)
  and the "billion laughs" of ``tests/core/test_alias_budget.py``; and a 4 MiB record whose last line
  is malformed (libyaml stops on it; the file is too big for ruamel to read again);
- ``sim solo`` (1 game, greedy and random), ``sim goldfish``, ``sim match`` (1 game, greedy; 2 and 4
  players) and ``deck report`` of a kCaloria deck at the cap of a played deck (``MAX_PLAYED_TILES``,
  120 tiles): ten shipped tiles, 12 each, every one of which can be placed; ``deck report`` of a shipped
  60-tile deck as its baseline (its default work: 200,000 hands, 5,000 placement games, 40 solo games);
  and ``sim solo`` of 40,000 tiles, refused at its ``tiles:`` line;
- the same greedy games and ``deck report`` of 120 Bayou tiles (*water*), where every tile is placed,
  so the board and each decision's candidates grow to the end (``bench/bench_deck_scale.py``).

``--trees`` runs each case with each source tree in turn (``PYTHONPATH=TREE/src:TREE``: a ``git
worktree`` of the commit before a change, and this one), ``--rounds`` times, the order of the trees
swapped every round, each tree with its own parse cache; at the end, each case's smallest and median
CPU time per tree and their ratio (on a shared machine the smallest is the figure load disturbs least).
"""

from __future__ import annotations

import argparse
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECKS = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"
LIMIT = 600  # seconds a case may take before it is stopped and reported so
sys.path.insert(0, str(ROOT / "bench"))

MARKUP = """
from kcal.core.errors import KcalError
from kcal.print import rulebook
for line in ["<" + " " * 1_000_000, "<" + " " * 500_000 + "/" + " " * 500_000, "< " * 500_000,
             "<b" + " " * 1_000_000 + "x", "<<<<" * 250_000]:
    try:
        rulebook._check_inline(line, "t.j2", 1)
    except KcalError:
        pass
"""

SANDBOX = """
import sys
from pathlib import Path
from kcal.core.errors import KcalError
from kcal.print.rulebook import render_template
from kcal.print.sandbox import Limits
folder = Path(sys.argv[1])
for text in [
    '{% set s = namespace(v="x") %}{% for i in range(40) %}{% set s.v = s.v ~ s.v %}{% endfor %}{{ s.v|length }}',
    '{{ "%999999999d" % 1 }}', '{{ "%.999999999f" % 1.0 }}', '{{ "%999999999s"|format("x") }}',
    '{{ "{:>999999999}".format("x") }}',
    '{% set s = namespace(v="x") %}{% for i in range(40) %}{% set s.v = (s.v ~ s.v)|upper %}{% endfor %}',
]:
    (folder / "s.j2").write_text(text, encoding="utf-8")
    try:
        render_template("s", folder, None, {}, Limits())
        raise SystemExit("rendered: " + text)
    except KcalError:
        pass
"""

YAML_CAP = """
import sys
from kcal.core.errors import KcalError
from kcal.core.yamlsafe import parse_yaml
try:
    parse_yaml(open(sys.argv[1], "rb").read(), "cap.yaml")
except KcalError as exc:
    print(exc)
"""


def measure(label: str, args: list[str], *, env: dict[str, str], warm: bool = False,
            expect: tuple[int, ...] = (0, 1, 2)) -> float | None:
    """Run one case under ``/usr/bin/time`` and print its figures; its CPU seconds (None if stopped)."""
    if warm:
        subprocess.run(args, capture_output=True, env=env)
    timed = ["/usr/bin/time", "-f", "%e %U %S %M", *args]
    proc = subprocess.Popen(timed, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env,
                            start_new_session=True)
    try:
        _, stderr = proc.communicate(timeout=LIMIT)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGTERM)  # the command and every process it started
        proc.communicate()
        print(f"{label:58} stopped after {LIMIT} s")
        return None
    wall, user, system, rss = stderr.strip().splitlines()[-1].split()
    code = proc.returncode
    status = f"exit {code}" if code in expect else f"exit {code} (unexpected: {stderr[-300:]!r})"
    print(f"{label:58} {float(wall):7.2f} s wall {float(user) + float(system):7.2f} s CPU "
          f"{int(rss) / 1024:7.1f} MB  {status}")
    sys.stdout.flush()
    return float(user) + float(system)


def deck(path: Path, tiles: int) -> None:
    names = ["Bayou", "Caddo Lake", "Oxbow Lake", "Flowing Rivers", "Sunlight", "Eichhornia crassipes",
             "Taxodium distichum", "Salix nigra", "Tibicen tibicen", "Dorosoma cepedianum"]
    lines = [f"name: Cap {tiles}", "format: standard", "catalogs: [builtin]", "tiles:"]
    lines += [f"  {name}: {tiles // len(names)}" for name in names]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")


def main(argv: list[str] | None = None) -> int:
    from bench_replay_scale import kcaloria_record

    from kcal.games.kcaloria.rules.domain import MAX_PLAYED_TILES

    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("--kcal", default=str(Path(sys.executable).with_name("kcal")))
    ap.add_argument("--only", default="", help="run only the cases whose label contains this")
    ap.add_argument("--trees", default="", help="source trees to run in turn (comma-separated folders)")
    ap.add_argument("--rounds", type=int, default=1, help="with --trees: how many times each")
    args = ap.parse_args(argv)
    py = sys.executable
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "KCAL_CACHE_DIR": str(folder / "cache")}
        cold = {**env, "KCAL_NO_CACHE": "1"}
        kcal = [py, "-m", "kcal"]
        (folder / "list.txt").write_text("4 Bayou" + " " * 1_040_000 + "x\n", encoding="utf-8")
        kcaloria_record(folder / "moves-100000.yaml", 100_000)
        broken = (folder / "moves-100000.yaml").read_text(encoding="utf-8") + "a: b: c\n"
        (folder / "broken.yaml").write_text(broken, encoding="utf-8")
        (folder / "dense.yaml").write_text("a: [" + ",".join(["x"] * 2_000_000) + "]\n", encoding="utf-8")
        levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
        levels += [f"{chr(98 + i)}: &{chr(98 + i)} [" + ",".join([f"*{chr(97 + i)}"] * 9) + "]" for i in range(8)]
        (folder / "bomb.yaml").write_text("\n".join(levels) + "\n", encoding="utf-8")
        cap = MAX_PLAYED_TILES
        deck(folder / "deck-cap.yaml", cap)
        deck(folder / "deck-40000.yaml", 40_000)
        water = folder / "water-cap.yaml"
        water.write_text(f"name: Water {cap}\nformat: solo\ncatalogs: [builtin]\ntiles:\n  Bayou: {cap}\n",
                         encoding="utf-8")
        (folder / "templates").mkdir()
        dcap, shipped = str(folder / "deck-cap.yaml"), str(DECKS / "bayou-ambush.yaml")
        cases: list[tuple[str, list[str], dict[str, str], bool]] = [
            ("deck import: a 1 MB line of spaces", [*kcal, "deck", "import", str(folder / "list.txt"), "-o",
                                                    str(folder / "out.yaml"), "--force"], env, False),
            ("rule-sheet tag check: five 1 MB lines", [py, "-c", MARKUP], env, False),
            ("template sandbox: six operators past their bounds", [py, "-c", SANDBOX, str(folder / "templates")],
             env, False),
            ("rules replay, kCaloria, 100,000 moves (cold)",
             [*kcal, "rules", "replay", str(folder / "moves-100000.yaml"), "--format", "json"], cold, False),
            ("rules replay, kCaloria, 100,000 moves (warm)",
             [*kcal, "rules", "replay", str(folder / "moves-100000.yaml"), "--format", "json"], env, True),
            ("rules replay (text), kCaloria, 100,000 moves (cold)",
             [*kcal, "rules", "replay", str(folder / "moves-100000.yaml")], cold, False),
            ("rules replay (text), kCaloria, 100,000 moves (warm)",
             [*kcal, "rules", "replay", str(folder / "moves-100000.yaml")], env, True),
            ("YAML node cap: 4 MiB flow list (refused at 1,200,000)", [py, "-c", YAML_CAP, str(folder / "dense.yaml")],
             env, False),
            ("YAML syntax error on the last line of 4 MiB", [py, "-c", YAML_CAP, str(folder / "broken.yaml")],
             env, False),
            ("YAML node cap: billion laughs", [py, "-c", YAML_CAP, str(folder / "bomb.yaml")], env, False),
            ("sim solo: a deck of 40,000 tiles (refused)",
             [*kcal, "sim", "solo", str(folder / "deck-40000.yaml"), "-n", "1"], env, False),
            ("deck report: a shipped 60-tile deck (the baseline)",
             [*kcal, "deck", "report", shipped, "-o", str(folder / "shipped.pdf")], env, False),
            (f"deck report: {cap} tiles", [*kcal, "deck", "report", dcap, "-o", str(folder / "report.pdf")],
             env, False),
            (f"sim goldfish: {cap} tiles", [*kcal, "sim", "goldfish", dcap], env, False),
            (f"sim solo: {cap} tiles, 1 game, random", [*kcal, "sim", "solo", dcap, "-n", "1", "-b", "random"],
             env, False),
            (f"sim solo: {cap} tiles, 1 game, greedy", [*kcal, "sim", "solo", dcap, "-n", "1", "-b", "greedy"],
             env, False),
            (f"sim match: {cap} tiles each, 1 game, greedy",
             [*kcal, "sim", "match", dcap, dcap, "--games", "1"], env, False),
            (f"sim match: 4 players, {cap} tiles each, 1 game, greedy",
             [*kcal, "sim", "match", dcap, dcap, dcap, dcap, "--games", "1"], env, False),
            (f"sim solo: {cap} water tiles, 1 game, greedy",
             [*kcal, "sim", "solo", str(water), "-n", "1", "-b", "greedy"], env, False),
            (f"sim match: {cap} water tiles each, 1 game, greedy",
             [*kcal, "sim", "match", str(water), str(water), "--games", "1"], env, False),
            (f"deck report: {cap} water tiles", [*kcal, "deck", "report", str(water), "-o",
                                                 str(folder / "water.pdf")], env, False),
        ]
        chosen = [case for case in cases if args.only.lower() in case[0].lower()]
        if not args.trees:
            for label, argv_, case_env, warm in chosen:
                measure(label, argv_, env=case_env, warm=warm)
            return 0
        alternate(chosen, args.trees.split(","), args.rounds, folder)
    return 0


def alternate(cases: list[tuple[str, list[str], dict[str, str], bool]], trees: list[str], rounds: int,
              folder: Path) -> None:
    """Each case with each tree in turn, ``rounds`` times (the trees' order swapped every round), then
    each case's smallest and median CPU seconds per tree."""
    import statistics

    cpu: dict[tuple[str, str], list[float]] = {}
    for n in range(rounds):
        for label, argv_, case_env, warm in cases:
            for tree in trees if n % 2 == 0 else trees[::-1]:
                env = {**case_env, "PYTHONPATH": f"{tree}/src:{tree}",
                       "KCAL_CACHE_DIR": str(folder / ("cache-" + Path(tree).name))}
                got = measure(f"{label} [{Path(tree).name}]", argv_, env=env, warm=warm)
                if got is not None:
                    cpu.setdefault((label, tree), []).append(got)
    for label, *_ in cases:
        figures = [(tree, cpu.get((label, tree), [])) for tree in trees]
        words = "; ".join(f"{Path(tree).name}: smallest {min(t):.2f} s, median {statistics.median(t):.2f} s"
                          for tree, t in figures if t)
        ratio = ""
        if len(figures) == 2 and figures[0][1] and figures[1][1]:
            ratio = f"; {min(figures[1][1]) / min(figures[0][1]):.2f}x"
        print(f"{label}: {words}{ratio}")


if __name__ == "__main__":
    raise SystemExit(main())
