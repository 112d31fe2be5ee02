"""``kcal rules replay`` for EcoLogic: Europe: every move checked, the first illegal one reported with its
index, reason and ``file:line:column``; the end, winners, scores and position as SPEC JSON, or the game
told in words (:func:`story`)."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.replay import Replay, collector_paused, replay_moves
from kcal.core.results import game_over_line
from kcal.games.ecologic_europe.files.moves import decode_move
from kcal.games.ecologic_europe.files.position import state_json
from kcal.games.ecologic_europe.files.recordfile import RecordedMove, load_record
from kcal.games.ecologic_europe.rules.domain import BOARD_HABITATS, GAME_NAME, SEASONS
from kcal.games.ecologic_europe.rules.legality import card_name
from kcal.games.ecologic_europe.rules.scoring import score_parts
from kcal.games.ecologic_europe.rules.state import State


@dataclass
class ReplayResult(Replay[State]):
    """A replayed EcoLogic: Europe record: scores are diversity plus card points."""

    def to_json(self) -> dict[str, Any]:
        rules = self.state.rules
        return self.spec_json({p: sum(score_parts(self.state, s)[:2]) for s, p in enumerate(rules.players)},
                              state_json(self.state))

    def to_text(self) -> str:
        return self.account_text(f"{GAME_NAME}, players {', '.join(self.state.rules.players)}", story(self.state),
                                 summary(self.state))


@collector_paused
def replay(path: str | Path) -> ReplayResult:
    """Replay a record file: bad input raises a positioned KcalError (exit 2); an illegal move stops the
    replay and is reported in the result (exit 1)."""
    from kcal.games.ecologic_europe.game import GAME

    doc, rec = load_record(path)
    options: dict[str, Any] = {}
    if rec.expansions:
        options["expansions"] = list(rec.expansions)
    if rec.start is not None:
        options["start"] = rec.start.model_dump(exclude_none=True)
    if rec.feeding:
        options["feeding"] = [e.model_dump() for e in rec.feeding]
    try:
        state = GAME.new_state(Setup(tuple(rec.players), rec.variant, options), rec.seed)
    except KcalError as exc:
        loc = getattr(exc, "loc", None)
        if loc is None:
            loc = ("players",) if exc.code == "player-count" else ()
        raise doc.error(exc.message, loc, code=exc.code) from None
    moves: list[RecordedMove] = []
    for i, entry in enumerate(rec.moves):  # every move is read (bad input anywhere: exit 2) before any plays
        loc = ("moves", i)
        player = entry.get("player")
        if not isinstance(player, str) or player not in state.rules.seat_of:
            key_loc = (*loc, "player") if "player" in entry else loc
            raise doc.error(f"moves[{i}].player: {'no player key' if player is None else repr(player)}; the "
                            f"players are {', '.join(state.rules.players)}", key_loc, code="schema")
        try:
            moves.append(RecordedMove(i, loc, player, decode_move(entry)))
        except KcalError as exc:
            raise doc.error(f"moves[{i}]: {exc.message}", loc, code="schema") from None
    from kcal.games.ecologic_europe.files.load import COMPONENTS_FILE, DATA, SPECIES_FILES

    result = ReplayResult(GAME, doc.path, state, inputs=[*(DATA / f for f in SPECIES_FILES), COMPONENTS_FILE])
    return replay_moves(result, doc, moves, check=_check if state.rules.feeding else None)


def _check(state: State, rm: RecordedMove) -> str | None:
    """A move's check when the record gives feeding choices: the move is legal, and if it ends a season,
    the choices for the next beginning are too (tried on a copy; ruling "feeding-order")."""
    from kcal.games.ecologic_europe.game import GAME
    from kcal.games.ecologic_europe.rules.beginning import FeedingError

    reason = GAME.why_illegal(state, rm.player, rm.move)
    if reason is not None:
        return reason
    trial = state.copy()
    trial.log = None
    try:
        GAME.execute(trial, rm.player, rm.move)
    except FeedingError as exc:
        return exc.message
    return None


def story(state: State) -> list[str]:
    rules = state.rules
    out: list[str] = []
    if state.log is None:
        return out
    for e in state.log:
        kind = e[0]
        if kind == "placed":
            cover = f", covering {card_name(state, e[4])}" if e[4] is not None else ""
            out.append(f"  {rules.players[e[1]]} places {card_name(state, e[2])}{cover}")
        elif kind == "unplaced":
            out.append(f"  {rules.players[e[1]]}'s {card_name(state, e[2])} cannot be fed when its placement "
                       "resolves (a raid took its food): it stays in the hand")
        elif kind == "fed" and not e[4]:
            out.append(f"  {rules.players[e[1]]}'s {card_name(state, e[2])} cannot be fed and dies")
        elif kind == "season-end":
            out.append(f"end of {SEASONS[e[1]].value}")
        elif kind == "roll":
            out.append(f"  {rules.players[e[1]]} rolls the weather die: {e[2]}")
        elif kind == "weather":
            w = rules.cards.weather[e[2]]
            out.append(f"  weather card {w.id} {w.name}: {w.text}")
    return out


def summary(state: State) -> str:
    from kcal.games.ecologic_europe.game import outcome

    rules = state.rules
    parts = ", ".join(f"{p} {d + c} ({d} diversity + {c} card points, {u} unfilled fields)"
                      for s, p in enumerate(rules.players) for d, c, u in [score_parts(state, s)])
    out = outcome(state)
    if out is not None:
        return game_over_line(out.reason, out.winners, parts)
    habitats = "; ".join(f"{p}: {', '.join(BOARD_HABITATS[h].value for h in state.habitat[s])}"
                         for s, p in enumerate(rules.players))
    return f"scores: {parts}; habitats {habitats}"
