"""Tiles, catalogs and decks as plain frozen objects: what the rules and the rest of kcal handle past the
loader. They live in ``rules/`` because the rules play with them, and ``files/`` sits above ``rules/``
(docs/ARCHITECTURE.md, the pack layers); :mod:`kcal.games.kcaloria.files.cardset` re-exports them.

Pydantic models (:mod:`kcal.games.kcaloria.files.models`) validate what a user wrote; the loader then hands
out these objects, built from the model's JSON dump. A catalog or deck whose exact bytes this schema
validated before is rebuilt from kcal's cache (:mod:`kcal.core.parsecache`) straight into them, so a
warm ``kcal print deck`` or ``kcal deck validate`` never imports Pydantic (issue 12 item 15: Pydantic's
import alone is a third of such a command). Both ways give equal objects: ``tests/games/kcaloria/
test_frozen.py`` round-trips every built-in tile and deck through both.

The behaviour tiles have (``key``, ``has``, a modifier's ``label``...) is written once here, in mixins
that the Pydantic models inherit too.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from kcal.games.kcaloria.rules.domain import Biome, Color, Klass, Rarity, TileType, fold_name
from kcal.games.kcaloria.rules.modifiers import MODIFIERS


def format_amounts(amounts: Mapping[Color, int]) -> str:
    """``{"blue": 1, "green": 1}`` as ``"1 blue + 1 green"``, in food-chain colour order."""
    return " + ".join(f"{amounts[c]} {c.value}" for c in Color if c in amounts)


def format_cost(alternatives: tuple[Mapping[Color, int], ...]) -> str:
    return " | ".join(format_amounts(a) for a in alternatives) if alternatives else "free"


def duplicate_tiles(tiles: list[Any]) -> list[tuple[int, str]]:
    """(index, message) for each tile whose id, or folded name, an earlier tile already uses."""
    out: list[tuple[int, str]] = []
    ids: dict[str, int] = {}
    names: dict[str, int] = {}
    for i, tile in enumerate(tiles):
        if not isinstance(tile, dict):
            continue
        tid, name = tile.get("id"), tile.get("name")
        if isinstance(tid, str):
            if tid in ids:
                out.append((i, f"tile id {tid!r} is already used by tiles[{ids[tid]}]"))
            ids.setdefault(tid, i)
        if isinstance(name, str):
            key = fold_name(name)
            if key in names:
                out.append((i, f"tile name {name!r} is already used by tiles[{names[key]}] "
                               "(names are unique per catalog, compared without case)"))
            names.setdefault(key, i)
    return out


def _json(value: Any) -> Any:
    """A field's value as ``model_dump(mode="json")`` gives it."""
    if isinstance(value, (Color, Biome, TileType, Klass, Rarity)):
        return value.value
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    if isinstance(value, dict):
        return {_json(k): _json(v) for k, v in value.items()}
    if isinstance(value, _Dumps):
        return value.to_json()
    return value


class _Dumps:
    """``to_json()``: the object as its model's ``model_dump(mode="json", by_alias=True)`` gives it."""

    __slots__ = ()
    #: (attribute, key in the dump) in the model's field order
    DUMP: ClassVar[tuple[tuple[str, str], ...]] = ()

    def to_json(self, exclude_none: bool = False) -> dict[str, Any]:
        out = {key: _json(getattr(self, attr)) for attr, key in self.DUMP}
        return _drop_none(out) if exclude_none else out


def _drop_none(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _drop_none(v) for k, v in value.items() if v is not None}
    if isinstance(value, list):
        return [_drop_none(v) for v in value]
    return value


class ModifierMixin(_Dumps):
    """What a modifier knows beyond its fields (shared by the model and the frozen object)."""

    __slots__ = ()
    DUMP = (("name", "name"), ("amount", "amount"), ("color", "color"), ("biome", "biome"),
            ("partner", "partner"), ("target", "target"), ("duration", "duration"))
    if TYPE_CHECKING:  # the fields (declared where they live: the model, the frozen class)
        name: str
        amount: int | None
        color: Color | None
        biome: Biome | None
        partner: str | None
        target: str | None
        duration: int | None

    @property
    def spec(self):  # type: ignore[no-untyped-def]  # -> ModifierSpec
        return MODIFIERS[self.name]

    def param(self, name: str) -> Any:
        """The parameter's value, or the rule's default when the tile leaves it out."""
        value = getattr(self, name)
        return self.spec.defaults.get(name) if value is None else value

    def label(self) -> str:
        """``biome_boost(FF)``, ``symbiosis(Quercus alba, +1)``: the form ``catalog show`` prints."""
        parts = []
        for p in self.spec.params:
            v = getattr(self, p)
            if v is None:
                continue
            parts.append(f"+{v}" if p == "amount" else str(v.value if hasattr(v, "value") else v))
        return f"{self.name}({', '.join(parts)})" if parts else self.name


class TileMixin(_Dumps):
    """What a tile knows beyond its fields (shared by the model and the frozen object)."""

    __slots__ = ()
    DUMP = (("id", "id"), ("name", "name"), ("common_name", "common_name"), ("type", "type"),
            ("klass", "class"), ("rarity", "rarity"), ("biomes", "biomes"), ("cost", "cost"),
            ("yield_", "yield"), ("modifiers", "modifiers"), ("text", "text"), ("icon", "icon"), ("art", "art"))
    if TYPE_CHECKING:
        id: str
        name: str
        common_name: str | None
        type: TileType
        klass: Klass
        rarity: Rarity
        biomes: tuple[Biome, ...]
        cost: tuple[dict[Color, int], ...]
        yield_: dict[Color, int]
        modifiers: tuple[Any, ...]
        text: str | None
        icon: str | None
        art: str | None

    @property
    def key(self) -> str:
        """The folded name the copy limit counts."""
        return fold_name(self.name)

    @property
    def yield_total(self) -> int:
        return sum(self.yield_.values())

    def has(self, modifier: str) -> bool:
        return any(m.name == modifier for m in self.modifiers)

    def modifier(self, name: str) -> Any:
        """The tile's modifier of that name (a :class:`Modifier`), or None."""
        return next((m for m in self.modifiers if m.name == name), None)


class DeckMixin(_Dumps):
    __slots__ = ()
    DUMP = (("schema_", "$schema"), ("game", "game"), ("name", "name"), ("format", "format"),
            ("description", "description"), ("catalogs", "catalogs"), ("tiles", "tiles"))
    if TYPE_CHECKING:
        tiles: dict[str, int]

    @property
    def size(self) -> int:
        return sum(self.tiles.values())


class _Frozen:
    """Keyword construction, no assignment after it, equality and repr by fields."""

    __slots__: tuple[str, ...] = ()

    def __init__(self, **fields: Any) -> None:
        for name in self.__slots__:
            object.__setattr__(self, name, fields.pop(name))
        if fields:
            raise TypeError(f"{type(self).__name__}: unknown fields {sorted(fields)}")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"{type(self).__name__} is frozen")

    #: the mixin a model of the same thing has: a model and a frozen object of it are equal when their
    #: dumps are (a record's own tile, validated by the model, against a catalog's tile)
    KIND: ClassVar[type | None] = None

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            if self.KIND is not None and isinstance(other, self.KIND):  # KIND is set on dumping classes only
                return bool(self.to_json() == other.to_json())  # type: ignore[attr-defined]
            return NotImplemented
        return all(getattr(self, n) == getattr(other, n) for n in self.__slots__)

    __hash__ = None  # type: ignore[assignment]  # dict fields, as the models: not hashable

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickle and copy by fields (worker processes get tiles; the default would assign them)."""
        return _rebuild, (type(self), tuple(getattr(self, n) for n in self.__slots__))

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{n}={getattr(self, n)!r}' for n in self.__slots__)})"


def _rebuild(cls: type[_Frozen], values: tuple[Any, ...]) -> _Frozen:
    obj = cls.__new__(cls)
    for name, value in zip(cls.__slots__, values, strict=True):
        object.__setattr__(obj, name, value)
    return obj


class Modifier(_Frozen, ModifierMixin):
    __slots__ = ("name", "amount", "color", "biome", "partner", "target", "duration")
    KIND = ModifierMixin

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Modifier:
        return cls(name=d["name"], amount=d["amount"], duration=d["duration"], partner=d["partner"],
                   target=d["target"], color=None if d["color"] is None else Color(d["color"]),
                   biome=None if d["biome"] is None else Biome(d["biome"]))


class Tile(_Frozen, TileMixin):
    """One printed tile."""

    __slots__ = ("id", "name", "common_name", "type", "klass", "rarity", "biomes", "cost", "yield_",
                 "modifiers", "text", "icon", "art")
    KIND = TileMixin

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Tile:
        """From a tile model's ``model_dump(mode="json", by_alias=True)``."""
        return cls(
            id=d["id"], name=d["name"], common_name=d["common_name"], type=TileType(d["type"]),
            klass=Klass(d["class"]), rarity=Rarity(d["rarity"]),
            biomes=tuple(Biome(b) for b in d["biomes"]),
            cost=tuple({Color(c): n for c, n in alt.items()} for alt in d["cost"]),
            yield_={Color(c): n for c, n in d["yield"].items()},
            modifiers=tuple(Modifier.from_json(m) for m in d["modifiers"]),
            text=d["text"], icon=d.get("icon"), art=d["art"],
        )


class CatalogSet(_Frozen, _Dumps):
    __slots__ = ("code", "name")
    code: str
    name: str
    DUMP = (("code", "code"), ("name", "name"))


class Catalog(_Frozen, _Dumps):
    """A set of tiles, as one catalog file holds them."""

    __slots__ = ("schema_", "game", "set", "tiles")
    schema_: str | None
    game: str | None
    set: CatalogSet
    tiles: tuple[Tile, ...]
    DUMP = (("schema_", "$schema"), ("game", "game"), ("set", "set"), ("tiles", "tiles"))

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Catalog:
        """From a catalog model's ``model_dump(mode="json", by_alias=True)``."""
        return cls(schema_=d["$schema"], game=d["game"], set=CatalogSet(code=d["set"]["code"], name=d["set"]["name"]),
                   tiles=tuple(Tile.from_json(t) for t in d["tiles"]))


class Deck(_Frozen, DeckMixin):
    """A deck file: a name, a format and tile counts by name."""

    __slots__ = ("schema_", "game", "name", "format", "description", "catalogs", "tiles")
    KIND = DeckMixin
    schema_: str | None
    game: str | None
    name: str
    format: str
    description: str | None
    catalogs: tuple[str, ...] | None

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Deck:
        """From a deck model's ``model_dump(mode="json", by_alias=True)``."""
        catalogs, tiles = d["catalogs"], d["tiles"]
        if not isinstance(tiles, dict) or not all(isinstance(n, int) for n in tiles.values()):
            raise ValueError("not a deck dump")
        return cls(schema_=d["$schema"], game=d["game"], name=d["name"], format=d["format"],
                   description=d["description"], catalogs=None if catalogs is None else tuple(catalogs),
                   tiles=dict(tiles))
