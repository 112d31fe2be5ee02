"""Game records from a state: the record file (``write_record``) and the history of tricks
(``round_history``, the ``rounds`` of the replay's ``state``), both read from the state's event log.

Events (oldest first): ``("begin",)``; ``("deal", round, hands, unseen, start, how)`` (``how``: a ``START_*`` of
:mod:`~kcal.games.how_many_calories.rules.state`);
``("position", Position)``; ``("pass", seat, numbers)``; ``("play", seat, number)``;
``("trick", TrickResult)``; ``("end", round, scores)``.
"""

from __future__ import annotations

from typing import Any

from kcal.core.errors import KcalError
from kcal.games.how_many_calories.rules.domain import DEFAULT_ROUNDS, GAME_ID, default_limit
from kcal.games.how_many_calories.rules.position import Position
from kcal.games.how_many_calories.rules.scoring import round_scores
from kcal.games.how_many_calories.rules.state import START_DRAWN, START_NAMED, State
from kcal.games.how_many_calories.rules.view import trick_json


def position_json(pos: Position) -> dict[str, Any]:
    """A :class:`Position` in the shape of a record's ``start:``."""
    out: dict[str, Any] = {"round": pos.round, "phase": pos.phase}
    if pos.limit is not None:
        out["limit_kcal"] = pos.limit
    if pos.totals:
        out["totals"] = dict(pos.totals)
    if pos.intake is not None:
        out["intake_kcal"] = dict(pos.intake)
    if pos.out:
        out["out"] = list(pos.out)
    if pos.won:
        out["won"] = {p: [str(c) for c in cs] for p, cs in pos.won.items()}
    out["hands"] = {p: [str(c) for c in cs] for p, cs in pos.hands.items()}
    if pos.leader is not None:
        out["leader"] = pos.leader
    if pos.trick:
        out["trick"] = [{"player": p, "card": str(c)} for p, c in pos.trick]
    if pos.passes:
        out["passes"] = {p: [str(c) for c in cs] for p, cs in pos.passes.items()}
    if pos.history:
        out["rounds"] = [dict(h) for h in pos.history]
    return out


def _require_history(state: State) -> None:
    if state.log is None:
        raise KcalError("this state keeps no history (a determinized copy for search): it has no record",
                        code="usage")


def round_history(state: State) -> list[dict[str, Any]]:
    """Per round so far: its number, start player, tricks and scores (a round still being played
    shows its running scores and ``finished: false``)."""
    _require_history(state)
    players = state.rules.players
    rounds: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    for event in state.events():
        kind = event[0]
        if kind == "deal":
            current = {"round": event[1] + 1, "start": players[event[4]], "tricks": [], "scores": None,
                       "finished": False}
            rounds.append(current)
        elif kind == "position":  # the rounds before it as the position tells them, then its own round
            pos: Position = event[1]
            rounds = [_told(h) for h in pos.history if h["round"] < pos.round]
            told = next((h for h in pos.history if h["round"] == pos.round), None)
            current = {"round": pos.round, "start": told["start"] if told else players[state.rules.seat_of[
                pos.leader]] if pos.leader else None, "tricks": list(told["tricks"]) if told else [],
                       "scores": None, "finished": False}
            if told is not None and pos.phase == "over":
                current["scores"], current["finished"] = _told(told)["scores"], told["finished"]
            rounds.append(current)
        elif kind == "trick" and current is not None:
            current["tricks"].append(trick_json(state, event[1]))
        elif kind == "end" and current is not None:
            current["scores"] = {p: event[2][s] for s, p in enumerate(players)}
            current["finished"] = True
    if current is not None and current["scores"] is None:
        running = round_scores(state.intake, state.out)
        current["scores"] = {p: running[s] for s, p in enumerate(players)}
    return rounds


def _told(entry: Any) -> dict[str, Any]:
    """A round of a start position's history, as the replay's ``rounds`` gives it (a copy)."""
    out = dict(entry)
    out["tricks"] = [dict(t) for t in entry["tricks"]]
    out["scores"] = None if entry["scores"] is None else dict(entry["scores"])
    return out


def write_record(state: State) -> dict[str, Any]:
    """A game record (SPEC "Game packs") that ``rules replay`` replays to this state: explicit hands
    for every round dealt, the passes and the plays, and the seed for anything not yet dealt."""
    _require_history(state)
    rules = state.rules
    players = rules.players
    card = rules.card_text
    record: dict[str, Any] = {"game": GAME_ID, "players": list(players)}
    if rules.variant is not None:
        record["variant"] = rules.variant
    record["seed"] = rules.seed
    position_limit = rules.start.limit if rules.start is not None else None
    if rules.limit != default_limit(rules.n) and position_limit is None:
        record["limit"] = rules.limit
    if rules.rounds != DEFAULT_ROUNDS:
        record["rounds_to_play"] = rules.rounds
    if rules.foods.source != "builtin":
        record["catalog"] = rules.foods.source
    if rules.start is not None:
        record["start"] = position_json(rules.start)
    rounds: list[dict[str, Any]] = []
    current: dict[str, Any] = {}
    for event in state.events():
        kind = event[0]
        if kind == "deal":
            current = {"hands": {p: [card(c) for c in event[2][s]] for s, p in enumerate(players)}}
            if event[5] in (START_NAMED, START_DRAWN):  # the table's rock-paper-scissors, written down
                current["start"] = players[event[4]]
            rounds.append(current)
        elif kind == "position":
            current = {}
            rounds.append(current)
        elif kind == "pass":
            current.setdefault("passes", {})[players[event[1]]] = [card(c) for c in event[2]]
        elif kind == "play":
            current.setdefault("plays", []).append({"player": players[event[1]], "card": card(event[2])})
    record["rounds"] = rounds
    return record
