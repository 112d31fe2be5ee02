"""Game records from a state (``write_record``), read back from the state's event log.

The record names every card drawn (``card:``), so it replays without the seed's shuffles; it keeps the
seed too, for the reshuffles and for anything not yet drawn. Events (oldest first): ``("begin",
first)``; ``("position", Position)``; ``("turn", n, active)``; ``("draw", seat, deck, card, bought)``;
``("reshuffle", deck, size)``; ``("changes", ((seat, families, happiness, pp), ...), island)``; ``("leader", seat, action, source, gained)``; ``("play", seat, card,
pay, reply)``; ``("pass", seat)``; ``("resolve", seat, card, target, pay)``; ``("destroyed", seat,
card)``; ``("amulets", seat, card, by)``; ``("fizzle", seat, card)``; ``("discard", seat, card,
forced)``; ``("convert", seat)``; ``("phase4", gave, took, to_island)``; ``("phase5", gains)``;
``("kept", seat, card, kind, amount)``; ``("eliminated", seat)``; ``("end", reason, winners)``.
"""

from __future__ import annotations

from typing import Any

from kcal.core.errors import KcalError
from kcal.games.kalua.files.position import Position
from kcal.games.kalua.rules.domain import DECKS, DEFAULT_TURN_LIMIT, GAME_ID
from kcal.games.kalua.rules.state import State


def position_json(pos: Position) -> dict[str, Any]:
    """A :class:`Position` in the shape of a record's ``start:``."""
    out: dict[str, Any] = {"turn": pos.turn}
    if pos.active is not None:
        out["active"] = pos.active
    out["phase"] = pos.phase
    if pos.island is not None:
        out["island"] = pos.island
    out["gods"] = {p: {"families": g.families, "leader": g.leader, "pp": g.pp, "happiness": g.happiness,
                       "hand": list(g.hand), "kept": list(g.kept)} for p, g in pos.gods.items()}
    if pos.discards:
        out["discards"] = {k: list(v) for k, v in pos.discards.items()}
    if pos.step is not None:
        out["step"] = pos.step
    if pos.to_move is not None:
        out["to_move"] = pos.to_move
    if pos.draws_left is not None:
        out["draws_left"] = pos.draws_left
    if pos.table:
        out["table"] = [{"player": t.player, "card": t.card, "pay": t.pay, "reply": t.reply}
                        | ({"families_before": dict(t.families_before)} if t.families_before is not None else {})
                        for t in pos.table]
    if pos.owed_discards:
        out["owed_discards"] = [{"player": p, "cards": k} for p, k in pos.owed_discards]
    if pos.end_reason is not None:
        out["end_reason"] = pos.end_reason
        out["winners"] = list(pos.winners)
    return out


def require_history(state: State) -> None:
    if state.log is None:
        raise KcalError("this state keeps no history (a determinized copy for search): it has no record",
                        code="usage")


def move_entries(state: State) -> list[dict[str, Any]]:
    """Every decision so far as a record entry."""
    players = state.rules.players
    name = state.card_name
    out: list[dict[str, Any]] = []
    for event in state.events():
        kind = event[0]
        entry: dict[str, Any] | None = None
        if kind == "draw":
            entry = {"player": players[event[1]], "buy" if event[4] else "draw": DECKS[event[2]].value,
                     "card": name(event[3])}
        elif kind == "leader":
            entry = {"player": players[event[1]], "leader": event[2]}
            if event[3] >= 0:
                entry["from"] = players[event[3]]
        elif kind == "play":
            entry = {"player": players[event[1]], "reply" if event[4] else "play": name(event[2]), "pay": event[3]}
        elif kind == "pass":
            entry = {"player": players[event[1]], "reply": "none"}
        elif kind == "resolve" and event[3] >= 0:
            entry = {"player": players[event[1]], "target": players[event[3]]}
        elif kind == "discard" and not event[3]:
            entry = {"player": players[event[1]], "discard": name(event[2])}
        elif kind == "convert":
            entry = {"player": players[event[1]], "convert": True}
        if entry is not None:
            out.append(entry)
    return out


def write_record(state: State) -> dict[str, Any]:
    """A game record (SPEC "Game packs") that ``rules replay`` replays to this state."""
    require_history(state)
    rules = state.rules
    record: dict[str, Any] = {"game": GAME_ID, "players": list(rules.players)}
    if rules.variant is not None:
        record["variant"] = rules.variant
    record["seed"] = rules.seed
    if rules.start is None:
        record["start_player"] = rules.players[rules.first]
    if rules.turn_limit != DEFAULT_TURN_LIMIT:
        record["turn_limit"] = rules.turn_limit
    if rules.cards.source != "builtin":
        record["catalog"] = rules.cards.source
    if rules.start is not None:
        record["start"] = position_json(rules.start)
    record["moves"] = move_entries(state)
    return record
