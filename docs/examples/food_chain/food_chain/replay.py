"""The record codec of Food Chain: a record is its header and its moves (``game.record``), read back and
replayed by ``kcal rules replay``."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Any

from pydantic import BaseModel, ConfigDict

from food_chain.game import GAME, PASS, State
from kcal.core.errors import KcalError
from kcal.core.fields import NAME_IS_TEXT, Seed
from kcal.core.game import Setup
from kcal.core.packfile import read_record
from kcal.core.replay import Replay, collector_paused, replay_moves, start_state
from kcal.core.results import game_over_line


class RecordFile(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: str = "food-chain"
    players: list[Annotated[str, NAME_IS_TEXT]]  # a bare 1 is a number: says a name is text
    variant: None = None
    seed: Seed
    moves: list[dict[str, Any]] = []


@dataclass(frozen=True)
class Recorded:
    index: int
    loc: tuple[str | int, ...]
    player: str
    move: str


@dataclass
class ReplayResult(Replay[State]):
    def to_json(self) -> dict[str, Any]:
        return self.spec_json(self.state.scores, GAME.view(self.state, self.state.players[0]) | {"hand": []})

    def to_text(self) -> str:
        out, scores = GAME.outcome(self.state), ", ".join(f"{p} {s}" for p, s in self.state.scores.items())
        return "\n".join([f"{p} passes" if m == PASS else f"{p} plays {m}" for p, m in self.state.moves]
                         + self.illegal_line() + [game_over_line(out.reason, out.winners, scores) if out
                                                  else f"scores: {scores}"])


@collector_paused
def replay(path: str | Path) -> ReplayResult:
    doc, model = read_record(path, RecordFile, GAME.info)
    moves = []
    for i, entry in enumerate(model.moves):
        try:
            moves.append(Recorded(i, ("moves", i), str(entry.get("player")), GAME.decode_move(entry)))
        except KcalError as exc:
            raise doc.error(f"moves[{i}]: {exc.message}", ("moves", i), code="record") from None
    state = start_state(GAME, doc, Setup(tuple(model.players)), model.seed)
    return replay_moves(ReplayResult(GAME, doc.path, state), doc, moves)
