"""Writing a simulated game as a SPEC game record (YAML), replayable with ``kcal rules replay``.

The emitter is tiny on purpose: top-level keys in block style, every value in JSON flow style
(JSON is a subset of YAML 1.2), one list item per line, so a record diffs well and loads with the
project's safe loader.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path
from typing import Any


def _flow(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))


def record_yaml(record: dict[str, Any], comment: str | None = None) -> str:
    lines = []
    if comment:
        from kcal.core.text import shown

        # each line of the comment shown as a message shows it: a path in it cannot end the comment
        # (a line feed) or hold what UTF-8 cannot write (an undecodable byte of a file name)
        lines += [f"# {shown(line)}" for line in comment.split("\n")]
    for key, value in record.items():
        if isinstance(value, list) and value:
            lines.append(f"{key}:")
            lines += [f"  - {_flow(v)}" for v in value]
        elif isinstance(value, dict) and value:
            lines.append(f"{key}:")
            lines += [f"  {_flow(str(k))}: {_flow(v)}" for k, v in value.items()]
        else:
            lines.append(f"{key}: {_flow(value)}")
    return "\n".join(lines) + "\n"


def write_record(record: dict[str, Any], path: str | Path, *, comment: str | None = None,
                 inputs: Iterable[str | Path] = (), force: bool = False) -> Path:
    """Write a game record atomically: every ``--save-game`` goes through here. Without ``force`` the
    file is created exclusively: one that exists, or that another run creates meanwhile, is refused
    (exit 2, naming it), never replaced; an input (a deck, a catalog) is never written over."""
    from kcal.core.atomic import atomic_write_bytes

    atomic_write_bytes(Path(path), record_yaml(record, comment).encode("utf-8"), inputs=list(inputs), force=force)
    return Path(path)
