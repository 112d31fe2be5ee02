"""Game records: writing one from a state, reading one (``RecordFile``), and ``rules replay`` with
reasons; ``state_json`` is the position in the shape of a record's ``start:``.

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

from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from kcal.core.errors import KcalError
from kcal.core.game import Setup
from kcal.core.packfile import require_game, validate_doc
from kcal.core.replay import Replay, replay_moves
from kcal.core.yamlsafe import load_yaml
from kcal.games.ecologic_europe.rules.domain import BOARD_HABITATS, GAME_ID, GAME_NAME, SEASONS
from kcal.games.ecologic_europe.rules.engine import card_name, score_parts
from kcal.games.ecologic_europe.rules.moves import decode_move, encode_move
from kcal.games.ecologic_europe.rules.state import State
from kcal.games.ecologic_europe.rules.view import ecosystem_json

_CONFIG = ConfigDict(extra="forbid")
Word = Annotated[StrictStr, Field(min_length=1, max_length=80)]
Count = Annotated[StrictInt, Field(ge=0, le=999)]


class PlaceEntry(BaseModel):
    model_config = _CONFIG
    cards: Annotated[list[Word], Field(min_length=1, max_length=20, description="bottom card first")]
    biomass: Count = 0
    remains: Count = 0


class StartModel(BaseModel):
    """A position: the season whose habitation begins, every player's habitats (top to bottom), the
    placed cards with their tokens, hands, jokers; optionally the stack (top last) and discards."""

    model_config = _CONFIG
    season: Literal["spring", "summer", "autumn", "winter"] = "spring"
    habitats: dict[Word, Annotated[list[Word], Field(min_length=1, max_length=4)]]
    places: dict[Word, dict[Word, PlaceEntry]] = {}
    hands: dict[Word, Annotated[list[Word], Field(max_length=60)]] = {}
    jokers: dict[Word, Count] = {}
    stack: Annotated[list[Word], Field(max_length=400)] | None = None
    discard: Annotated[list[Word], Field(max_length=400)] | None = None


class RecordFile(BaseModel):
    model_config = ConfigDict(extra="forbid", title="EcoLogic: Europe game record")
    game: Literal["ecologic-europe"]
    players: Annotated[list[Word], Field(min_length=1, max_length=7)]
    seed: Annotated[StrictInt, Field(ge=0, lt=2**63)] = 0
    variant: Literal["express", "weather", "human-impact"] | None = None
    expansions: Annotated[list[Word], Field(max_length=3)] = []
    start: StartModel | None = None
    moves: Annotated[list[dict[Word, Any]], Field(max_length=100_000)] = []


def state_json(state: State) -> dict[str, Any]:
    """The position in the shape of a record's ``start:`` (plus step and scores)."""
    rules = state.rules
    eco = {p: ecosystem_json(state, s) for s, p in enumerate(rules.players)}
    return {
        "season": "express" if rules.express else SEASONS[state.season].value,
        "habitats": {p: e["habitats"] for p, e in eco.items()},
        "places": {p: e["places"] for p, e in eco.items() if e["places"]},
        "hands": {p: [card_name(state, c) for c in state.hands[s]] for s, p in enumerate(rules.players)},
        "jokers": {p: state.jokers[s] for s, p in enumerate(rules.players)},
        "stack": [card_name(state, c) for c in state.pile],
        "discard": [card_name(state, c) for c in state.discard],
    }


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
    assert state.log is not None
    out["moves"] = [{"player": rules.players[e[1]], **encode_move(e[2])} for e in state.log if e[0] == "move"]
    return out


@dataclass
class ReplayResult(Replay[State]):
    """A replayed EcoLogic: Europe record: scores are diversity plus card points."""

    def to_json(self) -> dict[str, Any]:
        rules = self.state.rules
        return self.spec_json({p: sum(score_parts(self.state, s)[:2]) for s, p in enumerate(rules.players)},
                              state_json(self.state))

    def to_text(self) -> str:
        lines = [f"{self.path}: {GAME_NAME}, players {', '.join(self.state.rules.players)}"]
        lines += story(self.state)
        lines += self.illegal_line()
        lines.append(summary(self.state))
        return "\n".join(lines)


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
        if player not in state.rules.seat_of:
            key_loc = (*loc, "player") if "player" in entry else loc
            raise doc.error(f"moves[{i}].player: {'no player key' if player is None else repr(player)}; the "
                            f"players are {', '.join(state.rules.players)}", key_loc, code="schema")
        try:
            moves.append(RecordedMove(i, loc, player, decode_move(entry)))
        except KcalError as exc:
            raise doc.error(f"moves[{i}]: {exc.message}", loc, code="schema") from None
    return replay_moves(ReplayResult(GAME, doc.path, state), doc, moves)


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
    parts = ", ".join(f"{p} {d}+{c} (diversity+cards, {u} unfilled)"
                      for s, p in enumerate(rules.players) for d, c, u in [score_parts(state, s)])
    out = outcome(state)
    if out is not None:
        return f"game over ({out.reason}); scores: {parts}; winners: {', '.join(out.winners)}"
    habitats = "; ".join(f"{p}: {', '.join(BOARD_HABITATS[h].value for h in state.habitat[s])}"
                         for s, p in enumerate(rules.players))
    return f"scores: {parts}; habitats {habitats}"
