"""Reading a game record file: the model (closed, strict) and the ``game:`` check.

A record::

    game: ecologic-europe
    players: [A, B]              # turn order; clockwise is from A to B
    seed: 7                      # the shuffle, the boards and the weather die
    variant: weather             # optional: express, weather, human-impact
    expansions: [mountains]      # optional
    start: {...}                 # optional: the position to begin from (state_json's shape)
    moves:
      - {player: A, exchange: none}
      - {player: A, place: Taraxacum officinale, at: h1.2}
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictInt

from kcal.core.packfile import require_game, validate_doc
from kcal.core.yamlsafe import load_yaml
from kcal.games.ecologic_europe.files.position import StartModel, Word
from kcal.games.ecologic_europe.rules.domain import GAME_ID, GAME_NAME


class RecordFile(BaseModel):
    model_config = ConfigDict(extra="forbid", title="EcoLogic: Europe game record")
    game: Literal["ecologic-europe"]
    players: Annotated[list[Word], Field(min_length=1, max_length=7)]
    seed: Annotated[StrictInt, Field(ge=0, lt=2**63)] = 0
    variant: Literal["express", "weather", "human-impact"] | None = None
    expansions: Annotated[list[Word], Field(max_length=3)] = []
    start: StartModel | None = None
    moves: Annotated[list[dict[Word, Any]], Field(max_length=100_000)] = []


@dataclass(frozen=True)
class RecordedMove:
    index: int
    loc: tuple[str | int, ...]
    player: str
    move: Any


def load_record(path: str | Path) -> tuple[Any, RecordFile]:
    doc = load_yaml(path)
    require_game(doc, GAME_ID, GAME_NAME, "game record")
    return doc, validate_doc(doc, RecordFile)
