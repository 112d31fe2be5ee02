"""Load catalogs and decks from YAML, validated, with positions for every error.

Pydantic models (:mod:`kcal.games.kcaloria.files.models`) validate; the loader hands out the plain frozen
objects of :mod:`kcal.games.kcaloria.files.cardset`, built from the models' dumps, or from kcal's cache for
bytes this schema validated before: a warm run never imports Pydantic.

``load_library`` gathers catalogs (``builtin`` and/or paths) into a :class:`Library` that looks tiles
up by folded name; ``load_deck`` reads a deck file and resolves its names against its catalogs.
"""

from __future__ import annotations

import errno
import functools
import hashlib
import os
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal import __version__
from kcal.core import parsecache
from kcal.core import text as core_text
from kcal.core.errors import KcalError, KcalErrors, raise_all
from kcal.core.source import read_source
from kcal.core.yamlsafe import MAX_BYTES, YamlDoc, load_yaml
from kcal.games.kcaloria.rules.cards import Catalog, Deck, Tile, duplicate_tiles
from kcal.games.kcaloria.rules.domain import fold_name

if TYPE_CHECKING:
    from pydantic import BaseModel

BUILTIN = "builtin"
CARDS_DIR = Path(__file__).resolve().parent.parent / "data"


def builtin_catalog_paths() -> list[Path]:
    """The catalogs shipped with kcal (``data/*.yaml`` of this pack), in name order."""
    return sorted(CARDS_DIR.glob("*.yaml"))


def validate_doc(doc: YamlDoc, model: type[BaseModel]) -> Any:
    """Validate a parsed document against a model; every error carries its position."""
    if not isinstance(doc.data, dict):
        line, column = doc.pos(())
        raise KcalError(
            f"expected a mapping at the top of the file, found {type(doc.data).__name__}",
            file=doc.path, line=line, column=column,
        )
    from pydantic import ValidationError

    from kcal.core.modelcheck import Invalid, validate

    try:
        return validate(model, doc.data)
    except (ValidationError, Invalid) as exc:
        from kcal.core.validation import (
            validation_errors,  # only on the error path: it pulls in difflib and typing
        )

        expected = _KIND_NAMES.get(model.__name__)
        found = _looks_like(doc.data)
        if expected and found and found[0] != expected:
            raise KcalError(f"this looks like a {found[0]} ({found[1]}), not a {expected}: "
                            f"{_READS[found[0]]}", file=doc.path, line=1, column=1) from None
        raise_all(validation_errors(exc, doc, model))
    raise AssertionError("unreachable")


_KIND_NAMES = {"Deck": "deck", "Catalog": "catalog", "GameRecord": "game record"}
#: the command that reads each kind of file (a file of the wrong kind names it)
_READS = {"deck": "kcal deck validate checks it", "catalog": "kcal catalog validate checks it",
          "game record": "kcal rules replay replays it"}


def _looks_like(data: dict[str, Any]) -> tuple[str, str] | None:
    """The kind of kcal file ``data`` plainly is, and why; None when it is not plain."""
    if "set" in data and isinstance(data.get("tiles"), list):
        return "catalog", "it has 'set' and a list of tiles"
    if "players" in data and "moves" in data:
        return "game record", "it has 'players' and 'moves'"
    if "name" in data and isinstance(data.get("tiles"), dict):
        return "deck", "it has a name and tile counts"
    return None


# --- catalogs ---------------------------------------------------------------------------------


@dataclass
class LoadedCatalog:
    catalog: Catalog
    path: Path
    raw: bytes = b""

    @property
    def folder(self) -> Path:
        return self.path.parent

    @functools.cached_property
    def doc(self) -> YamlDoc:
        """The parsed file, for positions in messages (parsed again only when a message needs it)."""
        return load_yaml(self.path, display=display_path(self.path), raw=self.raw)


@functools.cache
def _schema_salt() -> bytes:
    """What the validated-catalog cache is keyed by besides the file: the schema's own source."""
    pack = Path(__file__).resolve().parent.parent
    parts = [__version__.encode()]
    parts += [(pack / name).read_bytes()
              for name in ("rules/domain.py", "rules/modifiers.py", "files/models.py", "rules/cards.py")]
    parts.append(Path(core_text.__file__).read_bytes())  # what a name and a text may hold
    return hashlib.sha256(b"\0".join(parts)).digest()


def load_catalog_file(path: str | Path) -> LoadedCatalog:
    """Load and validate one catalog file.

    A catalog whose exact bytes this version of the schema validated before is rebuilt from kcal's
    cache without running the validators (see :mod:`kcal.core.parsecache`); art paths are checked
    against the file system every time.
    """
    p = Path(path)
    raw = read_source(p, display=display_path(p), max_bytes=MAX_BYTES)
    trusted = parsecache.get_json("catalog", raw, _schema_salt())
    if trusted is not None:
        try:
            loaded = LoadedCatalog(Catalog.from_json(trusted), p, raw)
        except (KeyError, TypeError, ValueError, AttributeError):
            loaded = None
        if loaded is not None:
            raise_all(list(_check_art(loaded.catalog, loaded, p.parent)))
            return loaded
    dump = validate_catalog(load_yaml(p, display=display_path(p), raw=raw))
    loaded = LoadedCatalog(Catalog.from_json(dump), p, raw)
    raise_all(list(_check_art(loaded.catalog, loaded, p.parent)))
    parsecache.put_json("catalog", raw, dump, _schema_salt())
    return loaded


def validate_catalog(doc: YamlDoc) -> dict[str, Any]:
    """The catalog's validated model, as its JSON dump (what the cache keeps and the frozen objects
    are built from)."""
    from kcal.games.kcaloria.files import models

    raw_tiles = doc.data.get("tiles") if isinstance(doc.data, dict) else None
    if isinstance(raw_tiles, list):
        raise_all([doc.error(f"tiles[{i}]: {msg}", ("tiles", i, "id" if "id" in msg else "name"), key=True,
                             code="schema")
                   for i, msg in duplicate_tiles(raw_tiles)])
    dump: dict[str, Any] = validate_doc(doc, models.Catalog).model_dump(mode="json", by_alias=True)
    return dump


def load_catalog(path: str | Path) -> Catalog:
    """Load and validate one catalog file."""
    return load_catalog_file(path).catalog


def _check_art(catalog: Catalog, loaded: LoadedCatalog, folder: Path) -> Iterable[KcalError]:
    root = folder.resolve()
    for i, tile in enumerate(catalog.tiles):
        if tile.art is None:
            continue
        where = f"tiles[{i}]({tile.id}).art: art path {tile.art!r}"
        try:
            target = (folder / tile.art).resolve()
        except (OSError, RuntimeError) as exc:  # RuntimeError: Python 3.11's word for a symlink loop
            why = ("is a loop of symbolic links" if isinstance(exc, RuntimeError) or exc.errno == errno.ELOOP
                   else f"cannot be resolved: {exc.strerror or exc}")
            yield loaded.doc.error(f"{where} {why}", ("tiles", i, "art"), code="schema")
            continue
        try:
            target.relative_to(root)
        except ValueError:
            yield loaded.doc.error(f"{where} leaves the catalog's folder", ("tiles", i, "art"), code="schema")


@dataclass
class Library:
    """Tiles from one or more catalogs, looked up by folded name."""

    catalogs: list[LoadedCatalog] = field(default_factory=list)
    _by_name: dict[str, Tile] = field(default_factory=dict)
    _folder: dict[str, Path] = field(default_factory=dict)

    @property
    def tiles(self) -> tuple[Tile, ...]:
        return tuple(self._by_name.values())

    def get(self, name: str) -> Tile | None:
        return self._by_name.get(fold_name(name))

    def require(self, name: str) -> Tile:
        tile = self.get(name)
        if tile is None:
            raise KcalError(f"unknown tile {name!r}{self.suggest_text(name)}")
        return tile

    def suggest(self, name: str, n: int = 3) -> list[str]:
        """Printed names close to ``name`` (or to a common name or id; or holding its words, "Ardea")."""
        from kcal.core.suggest import lookup

        found = lookup(name, ((alias, t.name) for t in self._by_name.values()
                              for alias in (t.name, t.common_name, t.id) if alias), n=n)
        return [found.name] if found.name is not None else list(dict.fromkeys(found.keys))

    def suggest_text(self, name: str) -> str:
        from kcal.core.suggest import phrase

        return phrase(self.suggest(name)[:1])

    def by_common_name(self, name: str) -> Tile | None:
        """The one tile whose common name this is (folded), or None (none, or several)."""
        key = fold_name(name)
        found = [t for t in self._by_name.values() if t.common_name and fold_name(t.common_name) == key]
        return found[0] if len(found) == 1 else None

    def unknown_name_text(self, name: str) -> str:
        """Why a deck's name is unknown: a common name (a deck names the printed, Latin name), or a
        did-you-mean. Rulings, Deck Building: "Common names in a deck file"."""
        tile = self.by_common_name(name)
        if tile is not None:
            return (f"unknown tile {name!r}: that is the common name of {tile.name!r}; a deck file names tiles "
                    f"by their printed (Latin) name (did you mean {tile.name!r}?)")
        return f"unknown tile {name!r}{self.suggest_text(name)}"

    def catalog_dir(self, tile: Tile) -> Path:
        return self._folder[tile.id]

    def source_paths(self) -> list[Path]:
        """The catalog files loaded (outputs must never overwrite them)."""
        return [c.path for c in self.catalogs]

    def add(self, loaded: LoadedCatalog) -> None:
        if any(_same_file(c.path, loaded.path) for c in self.catalogs):
            return  # one file named twice (a deck's catalog and --catalog) is one catalog
        errors = []
        ids = {t.id for t in self.tiles}
        for i, tile in enumerate(loaded.catalog.tiles):
            if tile.id in ids:
                other = next(c for c in self.catalogs if any(t.id == tile.id for t in c.catalog.tiles))
                msg = f"tiles[{i}].id: tile id {tile.id!r} is also defined in {display_path(other.path)}"
                errors.append(loaded.doc.error(msg, ("tiles", i, "id"), code="schema"))
        raise_all(errors)
        self.catalogs.append(loaded)
        for tile in loaded.catalog.tiles:
            self._by_name.setdefault(tile.key, tile)  # an earlier catalog wins a shared name
            self._folder[tile.id] = loaded.folder

    def check_references(self) -> None:
        """Cross-catalog checks: a symbiosis partner must be a loaded tile."""
        errors: list[KcalError] = []
        for loaded in self.catalogs:
            for i, tile in enumerate(loaded.catalog.tiles):
                for j, mod in enumerate(tile.modifiers):
                    if mod.partner is not None and self.get(mod.partner) is None:
                        loc = ("tiles", i, "modifiers", j, "partner")
                        msg = (f"tiles[{i}]({tile.id}).modifiers[{j}].partner: no loaded tile is named "
                               f"{mod.partner!r}{self.suggest_text(mod.partner)}")
                        errors.append(loaded.doc.error(msg, loc, code="schema"))
        raise_all(errors)


def _same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve() or os.path.samefile(a, b)
    except OSError:
        return False


_BUILTIN_CACHE: list[LoadedCatalog] | None = None


def _builtin() -> list[LoadedCatalog]:
    global _BUILTIN_CACHE
    if _BUILTIN_CACHE is None:
        _BUILTIN_CACHE = [load_catalog_file(p) for p in builtin_catalog_paths()]
    return _BUILTIN_CACHE


def load_library(specs: Sequence[str | Path] | None = None, base: Path | None = None, *,
                 check_references: bool = True) -> Library:
    """Load catalogs: ``"builtin"`` means the shipped ones; other specs are paths relative to ``base``.

    ``check_references=False`` leaves the cross-catalog checks to the caller, who adds more catalogs first.
    """
    lib = Library()
    errors: list[KcalError] = []
    for spec in specs if specs is not None else [BUILTIN]:
        try:
            if str(spec) == BUILTIN:
                for loaded in _builtin():
                    lib.add(loaded)
            else:
                path = Path(spec)
                if not path.is_absolute() and base is not None:
                    path = base / path
                lib.add(load_catalog_file(path))
        except KcalErrors as exc:
            errors.extend(exc.errors)
        except KcalError as exc:
            errors.append(exc)
    raise_all(errors)
    if check_references:
        lib.check_references()
    return lib


# --- decks ------------------------------------------------------------------------------------


@dataclass
class DeckEntry:
    """One line of a deck's ``tiles`` mapping, as written."""

    name: str
    count: int
    line: int
    column: int
    tile: Tile | None


@dataclass
class LoadedDeck:
    deck: Deck
    path: Path
    doc: YamlDoc
    library: Library
    entries: list[DeckEntry]

    @property
    def display(self) -> str:
        return self.doc.path

    def tiles(self) -> list[Tile]:
        """Every tile of the deck, repeated by its count; raises if a name is unknown."""
        missing = [e for e in self.entries if e.tile is None]
        if missing:
            raise_all([
                KcalError(self.library.unknown_name_text(e.name),
                          file=self.display, line=e.line, column=e.column, code="unknown-tile")
                for e in missing
            ])
        return [e.tile for e in self.entries for _ in range(e.count)]  # type: ignore[misc]

    def input_paths(self) -> list[Path]:
        """The deck file and every catalog file it loaded: outputs must never overwrite them."""
        return [self.path, *self.library.source_paths()]

    def counts(self) -> dict[str, int]:
        """Counts by folded name (two spellings of one name add up)."""
        out: dict[str, int] = {}
        for e in self.entries:
            out[fold_name(e.name)] = out.get(fold_name(e.name), 0) + e.count
        return out


def load_deck(path: str | Path, extra_catalogs: Sequence[str | Path] = ()) -> LoadedDeck:
    """Read a deck file and resolve its tile names against its catalogs (plus ``extra_catalogs``)."""
    p = Path(path)
    raw = read_source(p, display=display_path(p), max_bytes=MAX_BYTES)
    doc = load_yaml(p, display=display_path(p), raw=raw)
    deck = _validated_deck(doc, raw)
    specs: list[str | Path] = list(deck.catalogs) if deck.catalogs is not None else [BUILTIN]
    try:
        library = load_library(specs, base=p.parent, check_references=False)
    except KcalError as exc:
        if deck.catalogs is None:
            raise
        # a catalog the deck names cannot be read: say where the deck names it, then why
        line, column = doc.pos(("catalogs",))
        problems = exc.problems
        if len(problems) == 1 and problems[0].where.line is None:
            raise KcalError(f"catalog {problems[0].where.file}: {problems[0].message}", file=doc.path,
                            line=line, column=column) from None
        raise KcalErrors([KcalError("a catalog named here cannot be loaded:", file=doc.path, line=line,
                                    column=column), *problems]) from None
    errors: list[KcalError] = []
    for extra in extra_catalogs:  # paths as typed: relative to the working folder
        try:
            library.add(load_catalog_file(extra))
        except KcalError as exc:
            errors.extend(exc.problems)
    raise_all(errors)
    library.check_references()  # once, over every catalog: a partner may live in another one
    entries = []
    for name, count in deck.tiles.items():
        line, column = doc.pos(("tiles", name), key=True)
        entries.append(DeckEntry(name, count, line, column, library.get(name)))
    return LoadedDeck(deck, p, doc, library, entries)


def _validated_deck(doc: YamlDoc, raw: bytes) -> Deck:
    """The deck of a file: validated, or, for bytes this schema validated before, rebuilt from kcal's
    cache without Pydantic (as catalogs are: issue 12 item 15)."""
    trusted = parsecache.get_json("deck", raw, _schema_salt())
    if trusted is not None:
        try:
            return Deck.from_json(trusted)
        except (KeyError, TypeError, ValueError, AttributeError):
            pass
    from kcal.games.kcaloria.files import models

    dump = validate_doc(doc, models.Deck).model_dump(mode="json", by_alias=True)
    parsecache.put_json("deck", raw, dump, _schema_salt())
    return Deck.from_json(dump)


def display_path(path: Path) -> str:
    """Paths as the user would type them: relative to the working folder when inside it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:
        return str(path)
    return str(path) if rel.startswith("..") else rel
