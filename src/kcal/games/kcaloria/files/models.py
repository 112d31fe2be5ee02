"""Pydantic models of catalogs and decks: closed, frozen, strict where YAML would coerce.

Validation happens at the edge (see ``kcal.games.kcaloria.files.load``); past it the rest of kcal handles the
plain frozen objects of :mod:`kcal.games.kcaloria.files.cardset` built from these models' dumps, never raw dicts.
The methods tiles, modifiers and decks have are written once there, in mixins these models inherit.
"""

from __future__ import annotations

import re
from pathlib import PurePosixPath, PureWindowsPath
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictInt,
    StrictStr,
    field_validator,
    model_validator,
)

from kcal.core import text as core_text
from kcal.core.fields import PathText
from kcal.games.kcaloria.rules.cards import DeckMixin, ModifierMixin, TileMixin, duplicate_tiles
from kcal.games.kcaloria.rules.domain import TYPE_CLASSES, Biome, Color, Klass, Rarity, TileType
from kcal.games.kcaloria.rules.modifiers import MODIFIERS, PARAM_KINDS
from kcal.print.picturefield import IconName

Amount = Annotated[StrictInt, Field(ge=1, le=99)]
Quantity = Annotated[StrictInt, Field(ge=0, le=99)]
#: A tile, common, deck, player or set name: one visible line (see :mod:`kcal.core.text`: control,
#: invisible and bidi characters are refused, so two names that look the same are the same name).
Name = Annotated[StrictStr, Field(min_length=1, max_length=120), AfterValidator(core_text.check_name)]
#: A fact line or a description: line breaks and tabs allowed, no other control character.
Text = Annotated[StrictStr, Field(max_length=400), AfterValidator(core_text.check_text)]


class Closed(BaseModel):
    """Base of every model: unknown keys are errors, instances are immutable.

    ``defer_build``: validators are built on first use, so a command that only reads trusted cached
    catalogs never pays for building the tile schema.
    """

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True, defer_build=True)


# --- costs and yields -------------------------------------------------------------------------

_TERM = re.compile(r"^\s*(\d{1,2})\s*([a-z]+)\s*$")


def parse_amounts(text: str) -> dict[str, int]:
    """Parse ``"1 blue + 1 green"`` into ``{"blue": 1, "green": 1}`` (colours checked later)."""
    out: dict[str, int] = {}
    for term in text.split("+"):
        m = _TERM.match(term.lower())
        if not m:
            raise ValueError(f"expected terms like '2 blue' joined by '+', got {term.strip()!r}")
        color = m.group(2)
        if color in out:
            raise ValueError(f"colour {color!r} named twice in {text.strip()!r}")
        out[color] = int(m.group(1))
    return out


def parse_cost(text: str) -> list[dict[str, int]]:
    """Parse ``"4 green | 2 yellow"``; the empty string and ``"free"`` mean no cost."""
    if text.strip().lower() in ("", "free", "none"):
        return []
    return [parse_amounts(alt) for alt in text.split("|")]


def _check_amounts(value: dict[Color, int], *, allow_zero: bool) -> dict[Color, int]:
    if not allow_zero and not value:
        raise ValueError("a cost alternative names at least one colour")
    return {c: value[c] for c in Color if c in value}  # canonical order


CostAlternative = Annotated[dict[Color, Amount], Field(min_length=1)]


# --- modifiers --------------------------------------------------------------------------------

ModifierName = Literal[
    "anchor", "barricade", "biome_boost", "camouflage", "communal", "critically_endangered",
    "delectable", "destructive", "diurnal", "drought_resistant", "ectothermic", "electrogenesis",
    "fish_hazard", "inedible", "insectivore", "intelligent", "invasive_species",
    "mycorrhizal_network", "new_growth", "nocturnal", "nocturnal_hunters", "pack_tactics",
    "pesticide", "photosynthesis", "poisonous_insect", "poor_water_quality", "prominent_canines",
    "rapid_growth", "remove", "sanguivore", "shade_required", "solar_strength", "symbiosis",
    "temporary", "tidal_power", "toxin_resistance", "transplant",
]


class Modifier(Closed, ModifierMixin):
    """One modifier on a tile, with the parameters its rule needs.

    YAML may give a bare name (``nocturnal``) for a modifier without required parameters.
    """

    name: ModifierName
    amount: Amount | None = None
    color: Color | None = None
    biome: Biome | None = None
    partner: Name | None = None
    target: Name | None = None
    duration: Amount | None = None

    @model_validator(mode="before")
    @classmethod
    def _bare_name(cls, data: Any) -> Any:
        if isinstance(data, str):
            return {"name": data}
        return data

    @model_validator(mode="after")
    def _params_fit_rule(self) -> Modifier:
        spec = MODIFIERS[self.name]
        for param in spec.required:
            if getattr(self, param) is None:
                raise ValueError(
                    f"modifier {self.name!r} needs parameter {param!r} ({PARAM_KINDS[param]})"
                )
        for param in PARAM_KINDS:
            if getattr(self, param) is not None and param not in spec.params:
                allowed = ", ".join(spec.params) or "none"
                raise ValueError(
                    f"modifier {self.name!r} takes no parameter {param!r} (it takes: {allowed})"
                )
        return self


ModifierEntry = Annotated[Modifier, Field(json_schema_extra={"description": "a modifier name, or a mapping with name and parameters"})]


# --- tiles and catalogs -----------------------------------------------------------------------

TileId = Annotated[StrictStr, Field(pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]{0,39}$")]


class Tile(Closed, TileMixin):
    """One printed tile."""

    id: TileId
    name: Name
    common_name: Name | None = None
    type: TileType
    klass: Klass = Field(alias="class")
    rarity: Rarity
    biomes: tuple[Biome, ...] = ()
    cost: tuple[CostAlternative, ...] = ()
    yield_: dict[Color, Quantity] = Field(default_factory=dict, alias="yield")
    modifiers: tuple[Modifier, ...] = ()
    text: Text | None = None
    icon: IconName | None = None  #: the tile's picture (absent: its class's, docs/art.md)
    art: StrictStr | None = None

    @field_validator("cost", mode="before")
    @classmethod
    def _cost_string(cls, value: Any) -> Any:
        if isinstance(value, str):
            return parse_cost(value)
        return value

    @field_validator("yield_", mode="before")
    @classmethod
    def _yield_string(cls, value: Any) -> Any:
        if isinstance(value, str):
            return {} if value.strip().lower() in ("", "none") else parse_amounts(value)
        return value

    @field_validator("cost", mode="after")
    @classmethod
    def _cost_canonical(cls, value: tuple[dict[Color, int], ...]) -> tuple[dict[Color, int], ...]:
        return tuple(_check_amounts(alt, allow_zero=False) for alt in value)

    @field_validator("yield_", mode="after")
    @classmethod
    def _yield_canonical(cls, value: dict[Color, int]) -> dict[Color, int]:
        return {c: n for c, n in _check_amounts(value, allow_zero=True).items() if n}

    @field_validator("biomes", mode="after")
    @classmethod
    def _biomes_unique(cls, value: tuple[Biome, ...]) -> tuple[Biome, ...]:
        if len(set(value)) != len(value):
            raise ValueError("a biome is listed twice")
        return value

    @field_validator("art", mode="after")
    @classmethod
    def _art_relative(cls, value: str | None) -> str | None:
        if value is None:
            return value
        if "\x00" in value:
            raise ValueError("art path contains a NUL character")
        problem = core_text.path_problem(value)  # an ESC in a path would reach the terminal in messages
        if problem:
            raise ValueError(f"art path: {problem}")
        if PurePosixPath(value).is_absolute() or PureWindowsPath(value).is_absolute() or PureWindowsPath(value).drive:
            raise ValueError(f"art path {value!r} must be relative to the catalog's folder")
        if core_text.leaves_folder(value):
            raise ValueError(f"art path {value!r} leaves the catalog's folder")
        return value

    @model_validator(mode="after")
    def _cross_field(self) -> Tile:
        if self.klass not in TYPE_CLASSES[self.type]:
            allowed = ", ".join(sorted(k.value for k in TYPE_CLASSES[self.type]))
            raise ValueError(
                f"class {self.klass.value!r} does not fit type {self.type.value!r} (expected one of: {allowed})"
            )
        if self.type is TileType.WATER and self.cost:
            raise ValueError("water tiles are free: cost must be []")
        names = [m.name for m in self.modifiers]
        dup = {n for n in names if names.count(n) > 1 and n != "biome_boost"}
        if dup:
            raise ValueError(f"modifier {sorted(dup)[0]!r} is listed twice")
        return self


class CatalogSet(Closed):
    code: Annotated[StrictStr, Field(pattern=r"^[A-Z0-9]{2,8}$")]
    name: Name


class Catalog(Closed):
    """A set of tiles, as one catalog file holds them."""

    schema_: StrictStr | None = Field(default=None, alias="$schema")
    game: Literal["kcaloria"] | None = Field(default=None, description="the game (absent: kcaloria)")
    set: CatalogSet
    tiles: tuple[Tile, ...]

    @model_validator(mode="after")
    def _unique(self) -> Catalog:
        if not self.tiles:
            raise ValueError("a catalog holds at least one tile")
        for index, message in duplicate_tiles([{"id": t.id, "name": t.name} for t in self.tiles]):
            raise ValueError(f"tiles[{index}]: {message}")
        return self


# --- decks ------------------------------------------------------------------------------------

Count = Annotated[StrictInt, Field(ge=1, le=10_000)]


class Deck(Closed, DeckMixin):
    """A deck file: a name, a format and tile counts by name."""

    schema_: StrictStr | None = Field(default=None, alias="$schema")
    game: Literal["kcaloria"] | None = Field(default=None, description="the game (absent: kcaloria)")
    name: Name
    format: Literal["standard", "solo"] = "standard"
    description: Text | None = None
    catalogs: tuple[PathText, ...] | None = None
    tiles: dict[Name, Count]

    @model_validator(mode="after")
    def _not_empty(self) -> Deck:
        if not self.tiles:
            raise ValueError("tiles: a deck lists at least one tile")
        return self
