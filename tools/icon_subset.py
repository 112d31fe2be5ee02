"""Regenerate kcal's vendored icon subset (src/kcal/print/iconset/) from the npm registry.

kcal ships only the game-icons it uses: every ``icon:`` named in the packs' data (src/kcal/games/*/data)
plus :data:`EXTRA`, a set a custom card may name (the classes of living things, common foods, weather,
events). The icons come from the npm package ``@iconify-json/game-icons`` (CC BY 3.0, game-icons.net);
the script fetches it with ``npm pack`` (the registry is the only network it needs) or reads a tarball
or an unpacked package you name, and writes ``game-icons.json`` (name -> SVG path data, 512 x 512) and
``names.txt``. The licence file (``LICENSE.md``) is written by hand and kept.

Run from the repository's root:

    python tools/icon_subset.py                       # npm pack @iconify-json/game-icons@VERSION
    python tools/icon_subset.py --package DIR_OR_TGZ  # an unpacked package or its .tgz
    python tools/icon_subset.py --check               # exit 1 when the data names an icon not vendored
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "src" / "kcal" / "print" / "iconset"
PACKAGE = "@iconify-json/game-icons"
VERSION = "1.2.4"
#: icons a custom card may name beyond those the packs use: classes of living things, foods, weather
EXTRA = sorted(set("""
ant ants bat bear-head bee beetle-shell bird-claw boar bull butterfly cactus carnivorous-plant cat caterpillar
centipede chicken clover corn cow crab cricket crow-dive deer dolphin dove dragonfly duck eagle-head earth-worm
eel elephant fern fish-corpse flowers fly fox frog gecko goat grapes grass hedgehog heron horse-head
hummingbird jellyfish ladybug leaf-swirl lion lizard-tongue lotus maple-leaf monkey mouse mushroom octopus
oak owl palm-tree parrot-head penguin pig pine-tree rabbit raccoon-head rat raven rooster rose salmon scorpion
seagull shark-fin sheep shrimp snail snake sparrow spider-web sprout squid squirrel stag-head sunflower
swallow swan tortoise tree-branch turtle vulture wheat whale-tail wolf-head worms
apple-core avocado bacon banana bread broccoli butter cabbage cake-slice carrot cheese-wedge cherry
chicken-leg chocolate-bar coffee-cup cookie croissant cupcake donut death-skull egg-clutch fried-eggs full-pizza garlic
hamburger honey-jar hot-dog ice-cream-cone lemon meat milk-carton noodles olive orange peach pear peas
pineapple popcorn potato pumpkin sandwich sausage steak strawberry tomato watermelon wine-bottle
cloud-ring desert drop flood heavy-rain lightning-storm moon rainbow-star raining snowflake-2 snowing sun
sun-cloud sunrise tornado volcano waves wildfires big-wave comet-spark earth-crack eclipse falling-rocks
meteor-impact fire flame greek-temple gem-pendant crown totem prayer dam factory farmer house
person village hut windmill recycle spray microscope virus dna1 biohazard poison-bottle plant-roots tree-roots
""".split()))


def _load(package: Path | None) -> tuple[dict[str, str], dict[str, object]]:
    if package is None:
        with tempfile.TemporaryDirectory() as tmp:
            subprocess.run(["npm", "pack", f"{PACKAGE}@{VERSION}", "--silent"], cwd=tmp, check=True,
                           stdout=subprocess.DEVNULL)
            return _load(next(Path(tmp).glob("*.tgz")))
    if package.is_file():
        with tarfile.open(package) as tar:
            icons = json.load(tar.extractfile("package/icons.json"))  # type: ignore[arg-type]
            info = json.load(tar.extractfile("package/info.json"))  # type: ignore[arg-type]
    else:
        icons = json.loads((package / "icons.json").read_text(encoding="utf-8"))
        info = json.loads((package / "info.json").read_text(encoding="utf-8"))
    paths = {}
    for name, icon in icons["icons"].items():
        m = re.fullmatch(r'<path fill="currentColor" d="([^"]*)"/>', icon["body"])
        if m:  # every game-icons body is one filled path; anything else is left out
            paths[name] = m.group(1)
    return paths, info


def used_by_packs() -> set[str]:
    """Every icon the packs' data names (``icon: NAME``, in block or flow YAML)."""
    found: set[str] = set()
    for path in sorted((ROOT / "src" / "kcal" / "games").glob("*/data/**/*.yaml")):
        found |= set(re.findall(r"\bicon: ([a-z0-9-]+)", path.read_text(encoding="utf-8")))
    return found


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--package", type=Path, help="an unpacked package folder or its .tgz (default: npm pack)")
    ap.add_argument("--check", action="store_true", help="only check that every icon the data names is vendored")
    args = ap.parse_args(argv)
    wanted = used_by_packs() | set(EXTRA)
    if args.check:
        have = set((OUT / "names.txt").read_text(encoding="utf-8").split())
        missing = sorted(used_by_packs() - have)
        print("missing: " + ", ".join(missing) if missing else "every icon the packs name is vendored")
        return 1 if missing else 0
    paths, info = _load(args.package)
    unknown = sorted(wanted - set(paths))
    if unknown:
        print(f"not in {PACKAGE}: {', '.join(unknown)}", file=sys.stderr)
        return 1
    chosen = {n: paths[n] for n in sorted(wanted)}
    data = {"source": f"{PACKAGE}@{VERSION} (npm)", "license": info.get("license"), "author": info.get("author"),
            "grid": 512, "icons": chosen}
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "game-icons.json").write_text(json.dumps(data, indent=0, sort_keys=False) + "\n", encoding="utf-8")
    (OUT / "names.txt").write_text(f"# {len(chosen)} icons of {PACKAGE}@{VERSION}; regenerated by "
                                   "tools/icon_subset.py\n" + "\n".join(chosen) + "\n", encoding="utf-8")
    print(f"{len(chosen)} icons written to {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
