"""Game records from a state (``write_record``): what ``sim match --save-game`` writes."""

from __future__ import annotations

from typing import Any

from kcal.games.ecologic_europe.files.moves import encode_move
from kcal.games.ecologic_europe.rules.domain import GAME_ID
from kcal.games.ecologic_europe.rules.state import State


def write_record(state: State) -> dict[str, Any]:
    rules = state.rules
    out: dict[str, Any] = {"game": GAME_ID, "players": list(rules.players), "seed": rules.seed}
    if rules.variant:
        out["variant"] = rules.variant
    extra = sorted(rules.expansions - {"base"})
    if extra:
        out["expansions"] = extra
    if rules.start is not None:
        out["start"] = rules.start
    if rules.feeding_record:
        out["feeding"] = rules.feeding_record
    assert state.log is not None
    out["moves"] = [{"player": rules.players[e[1]], **encode_move(e[2])} for e in state.log if e[0] == "move"]
    return out
