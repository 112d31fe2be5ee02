"""Finding and describing tiles: the library side of ``kcal catalog list`` and ``kcal catalog show``.

:class:`TileFilter` holds what the user asked for (several values of one criterion: any of them;
several criteria: all of them); :func:`parse_filter` reads the raw option strings with a
did-you-mean for every unknown value. :func:`tile_row` and :func:`tile_detail` turn a tile into plain
data for text or JSON; :func:`format_detail` renders the detail for people.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import Enum
from pathlib import Path
from typing import Any, TypeVar

from kcal.core.catalogs import CardCatalog
from kcal.core.errors import KcalError, UsageError, problem_count
from kcal.core.suggest import did_you_mean
from kcal.core.text import shown
from kcal.games.kcaloria.files.cardset import Tile, format_amounts, format_cost
from kcal.games.kcaloria.files.load import Library
from kcal.games.kcaloria.rules.domain import Biome, Color, Klass, Rarity, TileType, fold_name
from kcal.games.kcaloria.rules.modifiers import MODIFIER_NAMES, MODIFIERS

E = TypeVar("E", bound=Enum)


@dataclass(frozen=True)
class TileFilter:
    types: frozenset[TileType] = frozenset()
    classes: frozenset[Klass] = frozenset()
    rarities: frozenset[Rarity] = frozenset()
    biomes: frozenset[Biome] = frozenset()
    modifiers: frozenset[str] = frozenset()
    cost_colors: frozenset[Color] = frozenset()
    text: str | None = None  # part of the name or common name

    def matches(self, tile: Tile) -> bool:
        if self.types and tile.type not in self.types:
            return False
        if self.classes and tile.klass not in self.classes:
            return False
        if self.rarities and tile.rarity not in self.rarities:
            return False
        if self.biomes and not self.biomes.intersection(tile.biomes):
            return False
        if self.modifiers and not self.modifiers.intersection(m.name for m in tile.modifiers):
            return False
        if self.cost_colors and not any(c in self.cost_colors for alt in tile.cost for c in alt):
            return False
        if self.text:
            needle = fold_name(self.text)
            names = [tile.name, tile.common_name or "", tile.id]
            if not any(needle in fold_name(n) for n in names):
                return False
        return True


def _choice(value: str, enum: type[E], noun: str, option: str) -> E:
    raw = value.strip()
    for member in enum:
        if member.value.casefold() == raw.casefold():
            return member
    choices = [m.value for m in enum]
    raise UsageError(f"{option}: unknown {noun} {raw!r}{did_you_mean(raw, choices)}; expected one of: "
                     f"{', '.join(choices)}")


def _split(values: Iterable[str] | None) -> list[str]:
    """Option values, also comma-separated: ``--type plant,water``."""
    out: list[str] = []
    for v in values or ():
        out.extend(p for p in (s.strip() for s in v.split(",")) if p)
    return out


def parse_filter(*, types: Iterable[str] | None = None, classes: Iterable[str] | None = None,
                 rarities: Iterable[str] | None = None, biomes: Iterable[str] | None = None,
                 modifiers: Iterable[str] | None = None, cost_colors: Iterable[str] | None = None,
                 text: str | None = None) -> TileFilter:
    """Read option strings into a filter; an unknown value is a :class:`UsageError` with a hint."""
    mods: set[str] = set()
    for m in _split(modifiers):
        key = m.strip().casefold().replace(" ", "_").replace("-", "_")
        if key not in MODIFIERS:
            raise UsageError(f"--modifier: unknown modifier {m!r}{did_you_mean(key, MODIFIER_NAMES)}; "
                             f"expected one of: {', '.join(MODIFIER_NAMES)}")
        mods.add(key)
    return TileFilter(
        types=frozenset(_choice(v, TileType, "tile type", "--type") for v in _split(types)),
        classes=frozenset(_choice(v, Klass, "class", "--class") for v in _split(classes)),
        rarities=frozenset(_choice(v, Rarity, "rarity", "--rarity") for v in _split(rarities)),
        biomes=frozenset(_choice(v, Biome, "biome", "--biome") for v in _split(biomes)),
        modifiers=frozenset(mods),
        cost_colors=frozenset(_choice(v, Color, "colour", "--cost") for v in _split(cost_colors)),
        text=text if text and text.strip() else None,
    )


def filter_tiles(tiles: Iterable[Tile], flt: TileFilter) -> list[Tile]:
    """The tiles that match, in catalog order."""
    return [t for t in tiles if flt.matches(t)]


# --- finding one tile ---------------------------------------------------------------------------


def find_tile(library: Library, query: str) -> Tile:
    """A tile by printed name, id or common name, or by words of one of them ("heron"), all compared
    folded (:func:`kcal.core.suggest.lookup`); an unknown or ambiguous query suggests what is close."""
    return CATALOG.find_card(query, [library])[0]


# --- describing tiles ---------------------------------------------------------------------------


def biome_dict(biome: Biome) -> dict:
    """A biome in JSON, the same object wherever a biome is listed."""
    return {"code": biome.value, "number": biome.number, "name": biome.full_name}


def tile_row(tile: Tile) -> dict:
    """One line of ``catalog list``: the tile's facts as plain data."""
    return {
        "id": tile.id,
        "name": tile.name,
        "common_name": tile.common_name,
        "type": tile.type.value,
        "class": tile.klass.value,
        "rarity": tile.rarity.value,
        "biomes": [biome_dict(b) for b in tile.biomes],  # one shape in catalog list and catalog show
        "cost": format_cost(tile.cost),
        "yield": format_amounts(tile.yield_) or "none",
        "modifiers": [m.label() for m in tile.modifiers],
    }


def tile_detail(tile: Tile, library: Library | None = None) -> dict:
    """Everything ``catalog show`` prints: the row plus biomes by name, rule texts, flavour and art."""
    detail = tile_row(tile)
    detail["cost_alternatives"] = [{c.value: n for c, n in alt.items()} for alt in tile.cost]
    detail["yield_amounts"] = {c.value: n for c, n in tile.yield_.items()}
    detail["rarity_symbol"] = tile.rarity.symbol_color
    detail["modifiers"] = [
        {
            "name": m.name,
            "label": m.label(),
            "title": m.spec.title,
            "shape": m.spec.shape.value,
            "params": {p: _plain(m.param(p)) for p in m.spec.params if m.param(p) is not None},
            "summary": m.spec.summary,
            "rule": m.spec.rule,
        }
        for m in tile.modifiers
    ]
    detail["text"] = tile.text
    detail["icon"] = icon_of(tile)
    detail["art"] = tile.art
    if library is not None:
        for loaded in library.catalogs:
            if any(t.id == tile.id for t in loaded.catalog.tiles):
                detail["set"] = {"code": loaded.catalog.set.code, "name": loaded.catalog.set.name}
                break
    return detail


def icon_of(tile: Any) -> str:
    """The tile's picture (docs/art.md)."""
    from kcal.games.kcaloria.print.picture import icon_of as picture

    return picture(tile)


def _plain(value: object) -> object:
    return value.value if isinstance(value, Enum) else value


def format_detail(d: dict) -> str:
    """``catalog show`` for people."""
    lines = [f"{d['name']}  [{d['id']}]"]
    if d.get("common_name"):
        lines.append(f"  {d['common_name']}")
    if d.get("set"):
        lines.append(f"  set:       {d['set']['code']} {d['set']['name']}")
    lines.append(f"  type:      {d['type']}    class: {d['class']}    "
                 f"rarity: {d['rarity']} ({d['rarity_symbol']})")
    biomes = ", ".join(f"{b['code']} {b['name']}" for b in d["biomes"]) or "none"
    lines.append(f"  biomes:    {biomes}")
    lines.append(f"  cost:      {d['cost']}")
    lines.append(f"  yield:     {d['yield']}")
    if d["modifiers"]:
        lines.append("  modifiers:")
        for m in d["modifiers"]:
            lines.append(f"    {m['label']} ({m['shape']}): {m['rule']}")
    else:
        lines.append("  modifiers: none")
    if d.get("text"):
        lines.append(f"  text:      {d['text']}")
    if d.get("icon"):
        lines.append(f"  picture:   {d['icon']}" + (f" (its own art: {d['art']})" if d.get("art") else ""))
    return "\n".join(lines)


def format_rows(rows: Sequence[dict]) -> str:
    """``catalog list`` for people: a header, one aligned line per tile, the count."""
    from kcal.core.results import card_table

    cols = [
        ("id", lambda r: r["id"]),
        ("card", lambda r: r["card"]),
        ("type", lambda r: r["type"]),
        ("class", lambda r: r["class"]),
        ("rarity", lambda r: r["rarity"]),
        ("cost", lambda r: r["cost"]),
        ("yield", lambda r: r["yield"]),
        ("modifiers", lambda r: ", ".join(r["modifiers"])),
    ]
    return card_table([name for name, _ in cols], [[str(get(r)) for _, get in cols] for r in rows], "tile")


# --- validating catalog files -------------------------------------------------------------------


def error_dict(err: KcalError) -> dict:
    """The error object (``more`` too for a file's count of errors not listed: docs/json.md)."""
    return {"code": err.code, "message": err.message, "file": err.where.file, "line": err.where.line,
            "column": err.where.column, **err.to_dict()}


def validate_catalogs(paths: Sequence[str] | None = None) -> dict:
    """Check catalog files alone and together (ids unique across files, symbiosis partners loaded).

    No paths: the built-in catalogs. The result is plain data: ``{"game", "valid", "catalogs": [{"catalog",
    "valid", "set", "tiles", "errors"}]}``; every error keeps its file, line and column.
    """
    from kcal.games.kcaloria.files.load import (
        LoadedCatalog,
        builtin_catalog_paths,
        display_path,
        load_catalog_file,
    )

    if paths:
        files = [Path(p) for p in paths]
    else:
        files = builtin_catalog_paths()
        if not files:
            raise KcalError("no built-in catalogs found (kcal/cards/*.yaml)")
    reports: list[dict] = []
    loaded: list[tuple[dict, LoadedCatalog]] = []
    for path in files:
        report: dict[str, Any] = {"catalog": display_path(path), "valid": True, "set": None, "tiles": 0,
                                  "errors": []}
        reports.append(report)
        try:
            cat = load_catalog_file(path)
        except KcalError as exc:
            report["errors"] = [error_dict(e) for e in exc.problems]
            continue
        report["set"] = {"code": cat.catalog.set.code, "name": cat.catalog.set.name}
        report["tiles"] = len(cat.catalog.tiles)
        loaded.append((report, cat))
    # together: one library of every readable file
    lib = Library()
    for report, cat in loaded:
        try:
            lib.add(cat)
        except KcalError as exc:
            report["errors"].extend(error_dict(e) for e in exc.problems)
    try:
        lib.check_references()
    except KcalError as exc:
        by_file = {r["catalog"]: r for r in reports}
        for e in exc.problems:
            by_file.get(e.where.file or "", reports[0])["errors"].append(error_dict(e))
    for r in reports:
        r["valid"] = not r["errors"]
    return {"game": "kcaloria", "valid": all(r["valid"] for r in reports), "catalogs": reports}


# -- the pack's ``catalog`` hook: what ``kcal catalog validate|list|show`` call -------------------------

#: the ``kcal catalog list`` filters this game has (option name -> parse_filter keyword)
FILTERS = {"type": "types", "class": "classes", "rarity": "rarities", "biome": "biomes",
           "modifier": "modifiers", "cost": "cost_colors", "name": "text"}


def library_for(catalogs: Sequence[Path] | None, no_builtin: bool) -> Library:
    """The built-in catalogs (unless ``no_builtin``) plus ``catalogs``."""
    from kcal.games.kcaloria.files.load import BUILTIN, load_library

    specs: list[str | Path] = [] if no_builtin else [BUILTIN]
    specs.extend(catalogs or [])
    if not specs:
        raise UsageError("--no-builtin needs at least one --catalog PATH")
    return load_library(specs, base=Path.cwd())


def list_cards(filters: dict[str, list[str] | str | None], catalogs: Sequence[Path] | None = None,
               no_builtin: bool = False) -> dict:
    flt = parse_filter(**{FILTERS[k]: v for k, v in filters.items()})  # type: ignore[arg-type]
    library = library_for(catalogs, no_builtin)
    rows = [_listed(tile_row(t)) for t in filter_tiles(library.tiles, flt)]
    return {"game": "kcaloria", "count": len(rows), "cards": rows}


#: ``catalog show`` and the names a tile answers to (printed name, common name, id), on the shared lookup
CATALOG: CardCatalog[Library, Tile] = CardCatalog(
    "kcaloria", lambda catalogs, no_builtin: [library_for(catalogs, no_builtin)], lambda library: library.tiles,
    lambda tile, library: _listed(tile_row(tile)), key=lambda t: t.name, aliases=lambda t: (t.name, t.common_name, t.id),
    find=lambda library, name: library.get(name), detail=lambda tile, library: _listed(tile_detail(tile, library)),
    noun="tiles", missing=lambda query, sets, hint: f"no loaded tile is named {query!r}{hint}")
show, card_names = CATALOG.show, CATALOG.card_names


def _listed(row: dict) -> dict:
    """A tile as ``catalog list`` gives it in every game: its name as files write it under ``card``."""
    return {"card": row["name"], **{k: v for k, v in row.items() if k != "name"}}


def list_text(result: dict) -> str:
    return format_rows(result["cards"])


def show_text(detail: dict) -> str:
    """``catalog show``'s text: the tile as :func:`format_detail` lays it out."""
    return format_detail({"name": detail["card"], **{k: v for k, v in detail.items() if k != "card"}})


def validate_text(result: dict) -> str:
    lines = []
    for r in result["catalogs"]:
        if r["valid"]:
            lines.append(f"{shown(r['catalog'])}: ok ({r['set']['code']}, {r['tiles']} tiles)")
        else:
            n = problem_count(r["errors"])
            lines.append(f"{shown(r['catalog'])}: {n} problem{'s' if n != 1 else ''}")
    return "\n".join(lines)


def completions(kind: str) -> list[str]:
    """Values for shell completion (``kcal.cli.complete``): ``card`` (printed and common names of the
    built-in catalogs) and the values of each ``catalog list`` filter (``type``, ``class``, ``rarity``,
    ``biome``, ``modifier``, ``cost``: a colour)."""
    if kind == "card":
        from kcal.games.kcaloria.files.load import load_library

        tiles = load_library().tiles
        names = [t.name for t in tiles] + [t.common_name for t in tiles if t.common_name]
        return list(dict.fromkeys(names))
    enums: dict[str, type[Enum]] = {"type": TileType, "class": Klass, "rarity": Rarity, "biome": Biome,
                                    "cost": Color}
    if kind in enums:
        return [str(m.value) for m in enums[kind]]
    if kind == "modifier":
        return list(MODIFIER_NAMES)
    return []
