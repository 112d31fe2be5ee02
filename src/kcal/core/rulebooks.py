"""Where the games' rulebook texts are: ``shared/rules/`` beside a source checkout, or a folder named by
``$KCAL_RULES_DIR``. An installed kcal does not ship the rulebooks (they are the publishers' text); a
pack's ``rules explain`` falls back to its own summaries without them."""

from __future__ import annotations

import os
from pathlib import Path

#: the source checkout's sibling folder: <checkout>/../shared/rules (this file is
#: <checkout>/src/kcal/core/rulebooks.py, so the checkout is ``parents[3]``)
BESIDE_CHECKOUT = Path(__file__).resolve().parents[3].parent / "shared" / "rules"


def rulebook_path(filename: str) -> Path | None:
    """The rulebook file ``filename`` if it can be found, else None."""
    folder = Path(os.environ["KCAL_RULES_DIR"]) if os.environ.get("KCAL_RULES_DIR") else BESIDE_CHECKOUT
    p = folder / filename
    return p if p.is_file() else None
