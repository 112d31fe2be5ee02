"""JSON Schemas of kcal's files, for editors (``kcal schema export catalog|deck|game``).

The schemas come from the Pydantic models (``model_json_schema``) and are then completed with what
the models accept through validators, so an editor neither flags valid files nor misses easy errors:

- a modifier may be a bare name (only a modifier without required parameters), and each modifier
  name requires its parameters and forbids the others (``if``/``then``);
- ``cost`` and ``yield`` may be the compact strings (``"4 green | 2 yellow"``, ``"2 blue"``);
- a tile's class must fit its type, and water is free.

Editors pick the schema up from a first-line comment::

    # yaml-language-server: $schema=https://.../deck.schema.json

The repo ships the exported schemas in ``schema/json/``; a test keeps them equal to a fresh export.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.games.kcaloria.rules.domain import BIOMES, TYPE_CLASSES, Biome, TileType
from kcal.games.kcaloria.rules.modifiers import MODIFIER_NAMES, MODIFIERS, PARAM_KINDS

KINDS = ("catalog", "deck", "game")
DRAFT = "https://json-schema.org/draft/2020-12/schema"
ID_BASE = "urn:kcal:schema:"
JSON_DIR = Path(__file__).resolve().parent / "data" / "schema"

TITLES = {
    "catalog": ("kcal catalog", "A kCaloria card catalog: a set and its tiles."),
    "deck": ("kcal deck", "A kCaloria deck: a name, a format and tile counts by name."),
    "game": ("kcal game record", "A kCaloria game record for `kcal rules replay`."),
}

_TILE_HELP = {
    "id": "Unique across all loaded catalogs, e.g. ETPW-001.",
    "name": "The printed name; the 5-copy limit counts this name (case and spacing ignored).",
    "common_name": "Optional everyday name.",
    "type": "Background colour: water, plant, herbivore, omnivore, carnivore, human, microbe, event.",
    "class": "Classification symbol; must fit the type.",
    "rarity": "common (bronze), uncommon (silver), exceptional (gold), rare (red).",
    "biomes": "Biome codes from the rulebook's biome reference.",
    "cost": "Alternatives, each paid in full from adjacent unused cubes; [] is free. "
            "Also a string: \"4 green | 2 yellow\".",
    "yield": "Cubes the tile holds when placed, e.g. {blue: 2} or \"2 blue\".",
    "modifiers": "Modifier names, or mappings with name and parameters.",
    "text": "An optional fact or flavour line.",
    "icon": "The tile's picture: a game-icons name kcal ships (docs/art.md), such as 'fox'; absent: its class's.",
    "art": "An image path relative to the catalog file; must stay inside its folder.",
}


def _model(kind: str) -> Any:
    if kind == "catalog":
        from kcal.games.kcaloria.files.models import Catalog

        return Catalog
    if kind == "deck":
        from kcal.games.kcaloria.files.models import Deck

        return Deck
    if kind == "game":
        from kcal.games.kcaloria.files.recordfile import GameRecord

        return GameRecord
    raise KcalError(f"unknown schema {kind!r}; expected one of: {', '.join(KINDS)}")


def json_schema(kind: str) -> dict:
    """The JSON Schema (draft 2020-12) of one kind of kcal file."""
    model = _model(kind)
    raw = model.model_json_schema(by_alias=True, mode="validation")
    schema = copy.deepcopy(raw)
    defs = schema.get("$defs", {})
    if "Modifier" in defs:
        _complete_modifier(defs)
    if "Tile" in defs:
        _complete_tile(defs)
    if kind == "deck":
        _complete_deck(schema)
    if "Biome" in defs:
        defs["Biome"]["enumDescriptions"] = [f"{BIOMES[b].number}. {BIOMES[b].name}" for b in Biome]
    if "$schema" in schema.get("properties", {}):
        schema["properties"]["$schema"] = {
            "type": "string", "description": "The JSON Schema this file follows (for editors)."}
    title, description = TITLES[kind]
    head = {"$schema": DRAFT, "$id": f"{ID_BASE}{kind}", "title": title, "description": description}
    body = {k: v for k, v in schema.items() if k not in ("title", "description")}
    return {**head, **body}


def schema_text(kind: str) -> str:
    """The schema as the repo ships it and ``kcal schema export`` prints it (stable bytes)."""
    return json.dumps(json_schema(kind), indent=2, ensure_ascii=False) + "\n"


def shipped_path(kind: str) -> Path:
    return JSON_DIR / f"{kind}.schema.json"


def _complete_modifier(defs: dict) -> None:
    mod = defs["Modifier"]
    mod["properties"]["name"]["enumDescriptions"] = [MODIFIERS[n].summary for n in
                                                     mod["properties"]["name"]["enum"]]
    for param, kind in PARAM_KINDS.items():
        if param in mod["properties"]:
            mod["properties"][param]["description"] = kind.capitalize() + "."
    rules = []
    for name in MODIFIER_NAMES:
        spec = MODIFIERS[name]
        then: dict[str, Any] = {}
        if spec.required:
            then["required"] = list(spec.required)
        forbidden = [p for p in PARAM_KINDS if p not in spec.params]
        if forbidden:
            then["properties"] = {p: False for p in forbidden}
        if then:
            rules.append({"if": {"properties": {"name": {"const": name}}, "required": ["name"]},
                          "then": then})
    mod["allOf"] = rules
    bare = [n for n in MODIFIER_NAMES if not MODIFIERS[n].required]
    defs["ModifierName"] = {
        "description": "A modifier without required parameters, by name alone.",
        "enum": bare,
        "enumDescriptions": [MODIFIERS[n].summary for n in bare],
        "type": "string",
    }
    defs["ModifierEntry"] = {"anyOf": [{"$ref": "#/$defs/ModifierName"}, {"$ref": "#/$defs/Modifier"}]}


def _complete_tile(defs: dict) -> None:
    tile = defs["Tile"]
    props = tile["properties"]
    if "modifiers" in props:
        props["modifiers"]["items"] = {"$ref": "#/$defs/ModifierEntry"}
    if "cost" in props:
        props["cost"] = {
            "anyOf": [
                {k: v for k, v in props["cost"].items() if k not in ("default", "title")},
                {"type": "string", "description": "Compact form: \"4 green | 2 yellow\", "
                                                  "\"1 blue + 1 green\", \"free\"."},
            ],
            "default": [],
        }
    if "yield" in props:
        props["yield"] = {
            "anyOf": [
                {k: v for k, v in props["yield"].items() if k not in ("default", "title")},
                {"type": "string", "description": "Compact form: \"2 blue\", \"1 green + 1 yellow\"."},
            ],
        }
    for key, help_text in _TILE_HELP.items():
        if key in props:
            props[key]["description"] = help_text
    rules = []
    for tile_type in TileType:
        classes = sorted(k.value for k in TYPE_CLASSES[tile_type])
        then: dict[str, Any] = {"properties": {"class": {"enum": classes}}}
        if tile_type is TileType.WATER:
            then["properties"]["cost"] = {"anyOf": [{"type": "array", "maxItems": 0},
                                                    {"enum": ["", "free", "none"]}]}
        rules.append({"if": {"properties": {"type": {"const": tile_type.value}}, "required": ["type"]},
                      "then": then})
    tile["allOf"] = rules


_DECK_HELP = {
    "name": "The deck's name.",
    "format": "standard (60 tiles, at most 5 of a name) or solo.",
    "description": "An optional line about the deck.",
    "catalogs": "Catalogs to resolve names against: builtin and/or paths relative to this file "
                "(absent: builtin).",
    "tiles": "Tile name: count. Names compare case-insensitively with spacing folded; a standard deck "
             "holds exactly 60 tiles, at most 5 of one name.",
}


def _complete_deck(schema: dict) -> None:
    for key, help_text in _DECK_HELP.items():
        if key in schema.get("properties", {}):
            schema["properties"][key]["description"] = help_text
    tiles = schema.get("properties", {}).get("tiles")
    if tiles is not None:
        _complete_deck_tiles(schema, tiles)


def _complete_deck_tiles(schema: dict, tiles: dict) -> None:
    """Tile names for completion and the copy limit (Deck Building: at most 5 tiles of a name).

    Every built-in tile is listed under ``properties`` (editors complete keys from there and show each
    one's description), so a deck names them without a typo; names from a deck's own catalogs stay
    allowed through ``additionalProperties``. Every count carries the copy limit as its ``maximum``.
    """
    from kcal.games.kcaloria.deck.formats import FORMATS
    from kcal.games.kcaloria.files.load import load_library

    limits = {f.max_copies for f in FORMATS.values()}
    if len(limits) != 1:  # one schema serves every format: a format with its own limit needs if/then here
        raise KcalError(f"deck formats disagree on the copy limit: {sorted(limits)}")
    limit = limits.pop()
    schema.setdefault("$defs", {})["TileCount"] = {
        "type": "integer", "minimum": 1, "maximum": limit,
        "description": f"Copies of this tile: 1 to {limit} (Deck Building: at most {limit} tiles of a name; "
                       "kcal deck validate reports more as illegal).",
    }
    names = {}
    for tile in load_library().tiles:
        common = tile.common_name if tile.common_name and tile.common_name.casefold() != tile.name.casefold() else ""
        about = f"{common}: " if common else ""
        names[tile.name] = {"$ref": "#/$defs/TileCount",
                            "description": f"{about}{tile.type.value}, {tile.rarity.value} ({tile.id})."}
    schema["$defs"]["TileName"] = {
        "type": "string", "enum": list(names), "enumDescriptions": [d["description"] for d in names.values()],
        "description": "A tile of the built-in catalogs, by its printed (Latin) name.",
    }
    own = tiles.get("propertyNames", {"type": "string"})
    tiles["propertyNames"] = {"anyOf": [{"$ref": "#/$defs/TileName"},
                                        {**own, "description": "A tile of one of the deck's own catalogs."}]}
    tiles["properties"] = names
    tiles["additionalProperties"] = {"$ref": "#/$defs/TileCount"}
    tiles["x-kcal-max-copies"] = limit


def check_shipped() -> list[str]:
    """The kinds whose shipped file differs from a fresh export (game skipped while unavailable)."""
    stale = []
    for kind in KINDS:
        try:
            fresh = schema_text(kind)
        except KcalError:
            continue
        path = shipped_path(kind)
        if not path.exists() or path.read_text(encoding="utf-8") != fresh:
            stale.append(kind)
    return stale


#: the pack's ``schema`` hook: ``export(kind)`` is the JSON Schema of one file kind
export = json_schema
