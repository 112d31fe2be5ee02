"""What one seat's browser is sent: built from the pack's ``view`` of that seat, never from the state.

:func:`seat_payload` is the one place a table's message to a browser is made. Its parts: the seat's
``view`` (a spectator's is :func:`public_view`, what every seat sees alike), whose turn it is, the
seat's legal moves (record entries and words), the last moves that seat may read (:mod:`kcal.play.words`),
and at the end the one game-over sentence of every command (:func:`kcal.core.results.game_over_line`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from kcal.core.results import amount, game_over_line

#: the last moves a page shows in words
LOG_LINES = 12
#: a seat is sent at most this many legal moves in words (the page lists them; every one stays playable
#: by its picture or by a record entry)
MAX_LISTED = 3000


def public_view(game: Any, state: Any, players: Sequence[str]) -> dict[str, Any]:
    """What every seat sees alike: the parts of the views of all seats that are the same in each (a
    seat's hand, its name, what only it was passed, are left out)."""
    views = [game.view(state, p) for p in players]
    common = _common(views)
    return common if isinstance(common, dict) else {}


_GONE = object()


def _common(values: list[Any]) -> Any:
    first = values[0]
    if all(isinstance(v, dict) for v in values):
        out = {}
        for key in first:
            if all(key in v for v in values):
                sub = _common([v[key] for v in values])
                if sub is not _GONE:
                    out[key] = sub
        return out
    return first if all(v == first for v in values[1:]) else _GONE


def scores_text(scores: Mapping[str, float]) -> str:
    return ", ".join(f"{p} {amount(float(v), 0) if float(v).is_integer() else amount(float(v))}"
                     for p, v in scores.items())


def over_json(outcome: Any) -> dict[str, Any] | None:
    """The end of the game: the one game-over sentence, the scores and the winners (None while playing)."""
    if outcome is None:
        return None
    scores = {p: float(v) for p, v in outcome.scores.items()}
    return {"sentence": game_over_line(outcome.reason, outcome.winners, scores_text(scores)),
            "reason": outcome.reason, "scores": scores, "winners": list(outcome.winners)}


def seat_payload(table: Any, seat: str | None) -> dict[str, Any]:
    """The message that draws ``seat``'s table (None: a spectator's)."""
    game, state = table.game, table.state
    players = list(table.setup.players)
    view = game.view(state, seat) if seat is not None else public_view(game, state, players)
    acting = list(game.to_move(state))
    legal: list[dict[str, Any]] = []
    if seat is not None and seat in acting:
        for move in table.legal(seat)[:MAX_LISTED]:
            legal.append({"entry": game.encode_move(move), "words": table.words(move)})
    log = [p.line_for(seat) for p in table.played[-LOG_LINES:]]
    from kcal.play.picture import picture

    return {
        "type": "state",
        "table": table.id,
        "game": game.info.id,
        "name": game.info.name,
        "seat": seat,
        "players": players,
        "seats": [s.public() for s in table.seats.values()],
        "moves": len(table.played),
        "to_move": acting,
        "your_turn": seat is not None and seat in acting,
        "view": view,
        "legal": legal,
        "log": log,
        "over": over_json(game.outcome(state)),
        "undo": seat is not None and table.can_undo(seat),
        "picture": picture(table.pack, view, [m["entry"] for m in legal]),
    }
