"""Helpers for rules tests: tiny in-test catalogs, open games and moves written like record entries.

Each test names just the tiles it needs: ``kit.tile("Pond", "water", yld="2 blue")``.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from kcal.games.kcaloria.files.models import Tile
from kcal.games.kcaloria.rules import Move, new_game

FIXTURES = Path(__file__).parent / "fixtures"

_KLASS = {"water": "water", "plant": "plant", "herbivore": "mammal", "omnivore": "mammal",
          "carnivore": "mammal", "human": "human", "microbe": "microbe", "event": "weather"}


class Kit:
    def tile(self, name: str, type_: str = "plant", klass: str | None = None, cost="", yld="",
             mods=(), biomes=(), **extra) -> Tile:
        data = {"id": "T-" + "".join(ch for ch in name if ch.isalnum())[:30], "name": name,
                "type": type_, "class": klass or _KLASS[type_], "rarity": "common",
                "biomes": list(biomes), "cost": cost, "yield": yld, "modifiers": list(mods)}
        data.update(extra)
        return Tile.model_validate(data)

    def basics(self) -> dict[str, Tile]:
        return {
            "Pond": self.tile("Pond", "water", yld="2 blue"),
            "Lake": self.tile("Lake", "water", yld="3 blue"),
            "Fern": self.tile("Fern", "plant", cost="1 blue", yld="2 green"),
            "Beetle": self.tile("Beetle", "herbivore", "insect", cost="1 green", yld="1 yellow"),
            "Vole": self.tile("Vole", "herbivore", "mammal", cost="1 green", yld="1 yellow"),
            "Fox": self.tile("Fox", "carnivore", "mammal", cost="1 yellow", yld="1 red"),
        }

    def game(self, tiles, players=("A", "B"), mode="standard", seed=0):
        return new_game(list(tiles), None, list(players), seed=seed, mode=mode)

    def move(self, player, tile=None, at=None, **kw) -> Move:
        entry = {"player": player}
        if tile is not None:
            entry.update(tile=tile, at=list(at))
        entry.update(kw)
        return Move.from_record(entry)

    def play(self, state, *entries):
        """Play record-style entries: ``("A", "Pond", (0, 0))`` or dicts; fail loudly if illegal."""
        for e in entries:
            m = self.move(*e) if isinstance(e, tuple) else Move.from_record(e)
            reason = state.why_illegal(m)
            assert reason is None, f"{m}: {reason}"
            state.push(m)
        return state

    def cubes(self, state, cell) -> dict[str, int]:
        from kcal.games.kcaloria.rules.tiles import COLORS

        return {COLORS[c]: n for c, n in enumerate(state.cubes[tuple(cell)]) if n}

    def pass_turn(self, state, player, cell, tile="Pond"):
        """A harmless filler turn: place a free tile."""
        return self.play(state, (player, tile, cell))


@pytest.fixture
def kit() -> Kit:
    return Kit()


@pytest.fixture
def fixtures_dir() -> Path:
    return FIXTURES
