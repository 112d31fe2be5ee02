"""``kcal rules replay`` for Kalua: every move checked, the first illegal one reported with its index,
reason and ``file:line:column``; the end, winners, scores and position as SPEC JSON, or a readable
account of the game turn by turn (:mod:`kcal.games.kalua.story`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kcal.core.replay import Replay, replay_moves, start_state
from kcal.games.kalua.cards import GAME_NAME
from kcal.games.kalua.game import GAME
from kcal.games.kalua.position import state_json
from kcal.games.kalua.recordfile import load_record
from kcal.games.kalua.state import State


@dataclass
class ReplayResult(Replay[State]):
    """A replayed Kalua record: scores are each god's families."""

    def to_json(self) -> dict[str, Any]:
        players = self.state.rules.players
        return self.spec_json({p: self.state.families[s] for s, p in enumerate(players)},
                              state_json(self.state))

    def to_text(self) -> str:
        from kcal.games.kalua.story import story, summary

        rules = self.state.rules
        lines = [f"{self.path}: {GAME_NAME}, gods {', '.join(rules.players)} (clockwise); set {rules.cards.code}"]
        lines += story(self.state)
        lines += self.illegal_line()
        lines.append(summary(self.state))
        return "\n".join(lines)


def replay(path: str | Path) -> ReplayResult:
    """Replay a record file. Bad input raises :class:`KcalError` (exit 2) with its position; an
    illegal move stops the replay and is reported in the result (exit 1)."""
    loaded = load_record(path)
    doc = loaded.doc
    result = ReplayResult(GAME, doc.path, start_state(GAME, doc, loaded.setup, loaded.seed))
    return replay_moves(result, doc, loaded.moves)
