"""The files a pack ships for users to start from: example game records and decks, found by name.

A pack ships them in its package's data folder (docs/packs.md): ``data/examples/*.yaml`` (game records:
``kcal rules replay --example NAME``, listed by ``kcal rules examples``) and ``data/decks/*.yaml``
(decks: ``kcal deck validate NAME``). An example's summary is the first line of its leading comment.
The pack's package is the one its ``game`` hook lives in (``my_pkg.game:GAME``: ``my_pkg``), so a
pack installed from another distribution ships its own the same way.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, NamedTuple

from kcal.core.errors import UsageError

EXAMPLES = "examples"
DECKS = "decks"


class Shipped(NamedTuple):
    """One shipped file: its name (the file name without ``.yaml``), path and one-line summary."""

    game: str
    name: str
    path: Path
    summary: str

    def to_json(self) -> dict[str, Any]:
        return {"game": self.game, "name": self.name, "path": str(self.path), "summary": self.summary}


def folder(pack: Any, kind: str) -> Path | None:
    """The pack's ``data/KIND`` folder, or None when it ships none."""
    target = pack.hooks.get("game", "")
    package = target.partition(":")[0].rpartition(".")[0]
    if not package:
        return None
    from importlib.util import find_spec

    spec = find_spec(package)
    locations = list(spec.submodule_search_locations or []) if spec is not None else []
    for location in locations:
        path = Path(location) / "data" / kind
        if path.is_dir():
            return path
    return None


def shipped(pack: Any, kind: str = EXAMPLES) -> list[Shipped]:
    """Every file the pack ships in ``data/KIND``, by name."""
    where = folder(pack, kind)
    if where is None:
        return []
    return [Shipped(pack.id, p.stem, p, summary(p)) for p in sorted(where.glob("*.yaml"))]


def summary(path: Path) -> str:
    """The first line of the file's leading comment (``# A short game: ...``), or ``""``."""
    try:
        with path.open(encoding="utf-8") as f:
            for line in f:
                text = line.strip()
                if not text.startswith("#"):
                    return ""
                text = text.lstrip("#").strip()
                if text:
                    return text
    except (OSError, UnicodeDecodeError):
        return ""
    return ""


def find(pack: Any, name: str, kind: str = EXAMPLES) -> Path:
    """The file ``name`` (with or without ``.yaml``) the pack ships in ``data/KIND``; a usage error with
    a did-you-mean and the list when there is none."""
    from kcal.core.suggest import did_you_mean

    files = shipped(pack, kind)
    stem = name[:-5] if name.endswith(".yaml") else name
    for f in files:
        if f.name.casefold() == stem.casefold():
            return f.path
    what = "example records" if kind == EXAMPLES else kind
    if not files:
        raise UsageError(f"{pack.info.name} ({pack.id}) ships no {what}")
    raise UsageError(f"{pack.info.name} ({pack.id}) ships no {kind[:-1]} {name!r}"
                     f"{did_you_mean(stem, [f.name for f in files])}; its {what}: "
                     + ", ".join(f.name for f in files))


def looks_like_a_name(path: str | Path) -> bool:
    """``path`` is a bare name (``my-deck``) and no such file exists: a shipped file may be meant."""
    text = str(path)
    try:
        exists = Path(text).exists()
    except (OSError, ValueError):  # a name the file system refuses (too long, a NUL): not a shipped one's
        return False
    return (not exists and "/" not in text and "\\" not in text and text not in ("", "-", ".")
            and not text.endswith((".yaml", ".yml")))



def resolve(pack: Any, path: str | Path, kind: str) -> Path:
    """``path`` itself, or, when it is a bare name that is no file (``my-deck``) and the pack ships
    files of ``kind``, the shipped file of that name (a did-you-mean when there is none)."""
    if looks_like_a_name(path) and shipped(pack, kind):
        return find(pack, str(path), kind)
    return Path(path)
