"""Installing the example pack of docs/packs.md (``docs/examples/food_chain``) as a fifth game: a
``.dist-info`` folder naming its entry point, put on ``sys.path`` (and ``PYTHONPATH``, for the commands
the tests run in a subprocess), as ``pip install`` of a pack of its own would. With ``KCAL_EXAMPLE_PACK=1``
the test session runs with it installed (``tests/conftest.py``), so every test over the registry runs on
it too (``tests/test_example_pack.py`` does so)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "docs" / "examples" / "food_chain"
GAME_ID = "food-chain"
ENTRY_POINTS = f"[kcal.games]\n{GAME_ID} = food_chain:PACK\n"


def install() -> Path:
    """Install the example pack for this process and its children; returns the folder of its metadata."""
    where = Path(tempfile.mkdtemp(prefix="kcal-example-pack-"))
    info = where / "food_chain_example-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: food-chain-example\nVersion: 0.1\n",
                                   encoding="utf-8")
    (info / "entry_points.txt").write_text(ENTRY_POINTS, encoding="utf-8")
    for folder in (str(SOURCE), str(where)):
        sys.path.append(folder)
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [p for p in (os.environ.get("PYTHONPATH"), str(SOURCE), str(where)) if p])
    from kcal.core import registry

    registry.rescan()
    return where
