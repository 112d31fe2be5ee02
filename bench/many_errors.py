"""A file of many errors at 1x, 4x and 16x (64 KiB, 256 KiB, 1 MiB): CPU time and peak memory of one
``kcal`` process, and the growth factors, for a tree of kcal's sources (this one, or an older one to
compare: ``git worktree add /tmp/old COMMIT``). Issue 32; docs/cli.md "Many errors".

    python bench/many_errors.py [--src src] [--src /tmp/old/src] [--only WORD] [--sizes 64,256,1024]

Each case is a flow list (or mapping) of one-letter entries, each one error, in a file of a pack:

- ``catalog``: a How many Calories? card set whose ``cards:`` is ``[a,a,a,...]`` (``catalog validate``);
- ``card field``: the EcoLogic base species file whose first card's ``habitats:`` is ``[a,a,a,...]``
  (``catalog validate``: a list field of one card);
- ``deck``: a kCaloria deck whose ``tiles:`` is ``{k0: a, k1: a, ...}`` (``deck validate``);
- ``record``: a Kalua game record whose ``moves:`` is ``[a,a,a,...]`` (``rules replay``).

Every run is a fresh ``python -m kcal`` with ``PYTHONPATH`` the tree's ``src`` and a parse cache of its
own, started by a small Python parent that reads the child's CPU time (user + system) and peak resident
memory from ``resource.getrusage(RUSAGE_CHILDREN)`` once it has ended (the parent has no other child).
The growth columns are 4x over 1x and 16x over 4x; linear is about 4 for each.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
KIB = 1024

_MEASURE = """
import json, resource, subprocess, sys
r = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
u = resource.getrusage(resource.RUSAGE_CHILDREN)
last = r.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
print(json.dumps({"cpu": u.ru_utime + u.ru_stime, "peak_mb": u.ru_maxrss / 1024, "exit": r.returncode,
                  "lines": r.stderr.count(b"\\n"), "last": last[0][-120:]}))
"""


def _fill(head: str, size: int, tail: str = "]\n") -> str:
    n = max(1, (size - len(head) - len(tail)) // 2)
    return head + ",".join(["a"] * n) + tail


def catalog(size: int) -> tuple[str, list[str]]:
    return _fill("game: how-many-calories\nset: {code: HMC, name: Many}\ncards: [", size), ["catalog", "validate"]


def card_field(size: int) -> tuple[str, list[str]]:
    text = (ROOT / "src/kcal/games/ecologic_europe/data/species-base.yaml").read_text(encoding="utf-8")
    m = re.search(r"habitats: \[[^\]]*\]", text)
    assert m is not None
    head, rest = text[:m.start()] + "habitats: [", "]" + text[m.end():]
    return _fill(head, size, rest), ["catalog", "validate"]


def deck(size: int) -> tuple[str, list[str]]:
    head = "name: Many\nformat: standard\ncatalogs: [builtin]\ntiles: {"
    entries, total, i = [], len(head), 0
    while total < size - 2:
        entry = f"k{i}: a, "
        entries.append(entry)
        total += len(entry)
        i += 1
    return head + "".join(entries).rstrip(", ") + "}\n", ["deck", "validate"]


def record(size: int) -> tuple[str, list[str]]:
    return _fill("game: kalua\nplayers: [A, B, C]\nseed: 1\nstart_player: A\nmoves: [", size), ["rules", "replay"]


CASES: dict[str, Callable[[int], tuple[str, list[str]]]] = {
    "catalog": catalog, "card field": card_field, "deck": deck, "record": record}


def run(src: Path, args: list[str], cache: str) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(src), "KCAL_CACHE_DIR": cache, "NO_COLOR": "1"}
    out = subprocess.run([sys.executable, "-c", _MEASURE, sys.executable, "-m", "kcal", *args], env=env,
                         capture_output=True, text=True, check=True)
    return dict(json.loads(out.stdout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--src", action="append", type=Path, help="a tree's src folder (repeatable; default: src)")
    parser.add_argument("--only", help="only the cases whose name holds this word")
    parser.add_argument("--sizes", default="64,256,1024", help="file sizes in KiB (default 64,256,1024)")
    opts = parser.parse_args()
    sizes = [int(s) * KIB for s in opts.sizes.split(",")]
    srcs = opts.src or [ROOT / "src"]
    print("| tree | case | size | errors reported | exit | CPU s | peak MB | growth CPU | growth peak |")
    print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
    with tempfile.TemporaryDirectory() as tmp:
        for src in srcs:
            for name, make in CASES.items():
                if opts.only and opts.only not in name:
                    continue
                before: dict[str, object] | None = None
                for size in sizes:
                    text, command = make(size)
                    path = Path(tmp) / f"{name.replace(' ', '-')}-{size}.yaml"
                    path.write_text(text, encoding="utf-8")
                    cache = tempfile.mkdtemp(dir=tmp)
                    r = run(src, [*command, str(path)], cache)
                    growth = ("", "") if before is None else (
                        f"x{float(r['cpu']) / float(before['cpu']):.1f}",  # type: ignore[arg-type]
                        f"x{float(r['peak_mb']) / float(before['peak_mb']):.1f}")  # type: ignore[arg-type]
                    m = re.search(r"([0-9,]+) more errors?", str(r["last"]))
                    reported = f"{r['lines']:,}" + (f" (+{m.group(1)} counted)" if m else "")
                    print(f"| {src} | {name} | {size // KIB} KiB | {reported} | {r['exit']} | {float(r['cpu']):.2f} "  # type: ignore[arg-type]
                          f"| {float(r['peak_mb']):.0f} | {growth[0]} | {growth[1]} |", flush=True)  # type: ignore[arg-type]
                    before = r


if __name__ == "__main__":
    main()
