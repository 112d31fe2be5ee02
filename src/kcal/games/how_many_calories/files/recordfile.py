"""Reading a game record file: the models (closed, frozen, strict) and every bad-input check with its
position; the result is a :class:`~kcal.core.game.Setup`, a seed and the moves with where they stand.

Bad input (exit 2) is anything that is not a record of this game: a wrong ``game:``, a player count
outside 3-4 (2 with the two-player variant), unknown players, a card not in the set, a deal that
repeats a card or gives the wrong number, a round with neither hands nor a seed. A well-formed move
that the rules forbid (a card not in hand, a pass of 3 cards) is not bad input: the replay reports it
as an illegal move (exit 1).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictInt

from kcal.core.errors import KcalError, raise_all
from kcal.core.fields import PathText, Seed
from kcal.core.game import Setup
from kcal.core.packfile import catalog_ref, read_record
from kcal.core.validation import format_loc
from kcal.core.yamlsafe import YamlDoc
from kcal.games.how_many_calories import PACK
from kcal.games.how_many_calories.files.cardset import FoodSet
from kcal.games.how_many_calories.files.models import CardText, Player, Text
from kcal.games.how_many_calories.files.position import (
    Position,
    card_problems,
    player_problems,
    position_problems,
)
from kcal.games.how_many_calories.rules.domain import (
    DEFAULT_ROUNDS,
    HAND_SIZE,
    Card,
    default_limit,
)
from kcal.games.how_many_calories.rules.moves import Move, Pass, Play
from kcal.games.how_many_calories.rules.scoring import start_problem
from kcal.games.how_many_calories.rules.setup import MAX_ROUNDS, hand_problems

_CONFIG = ConfigDict(extra="forbid", frozen=True)
Loc = tuple[str | int, ...]
Kcal = Annotated[StrictInt, Field(ge=0, le=1_000_000)]
Cards = tuple[CardText, ...]


class PlayEntry(BaseModel):
    model_config = _CONFIG
    player: Player
    card: CardText


class RoundEntry(BaseModel):
    """One round: the deal (or none: from the seed), the passes, every card played in order."""

    model_config = _CONFIG
    hands: dict[Player, Cards] | None = None
    start: Player | None = Field(default=None, description="the start player when a tie for the highest "
                                                           "total was settled at the table")
    passes: dict[Player, Cards] | None = None
    plays: tuple[PlayEntry, ...] = ()


class TrickTold(BaseModel):
    """A trick of the history (the replay's ``rounds[].tricks``)."""

    model_config = _CONFIG
    leader: Player
    cards: dict[Player, CardText]
    values: dict[Player, Annotated[StrictInt, Field(ge=0, le=1_000)]]
    winner: Player
    won: CardText
    kcal: Kcal
    next_leader: Player | None  # None: the round's last trick (nobody leads next)
    went_out: StrictBool


class RoundTold(BaseModel):
    """A round of the history (the replay's ``rounds``): told again as given, not replayed."""

    model_config = _CONFIG
    round: Annotated[StrictInt, Field(ge=1, le=MAX_ROUNDS)]
    start: Player | None
    tricks: tuple[TrickTold, ...] = ()
    scores: dict[Player, Kcal] | None = None
    finished: StrictBool = False


class StartEntry(BaseModel):
    """A position to begin from: the keys of the replay's ``state``."""

    model_config = _CONFIG
    round: Annotated[StrictInt, Field(ge=1, le=MAX_ROUNDS)] = 1
    phase: Literal["pass", "trick", "over"] = "trick"
    limit_kcal: Annotated[StrictInt, Field(ge=100, le=1_000_000)] | None = None
    totals: dict[Player, Kcal] = {}
    intake_kcal: dict[Player, Kcal] | None = None
    out: tuple[Player, ...] = ()
    won: dict[Player, Cards] = {}
    hands: dict[Player, Cards]
    leader: Player | None = None
    trick: tuple[PlayEntry, ...] = ()
    passes: dict[Player, Cards] = {}
    rounds: tuple[RoundTold, ...] = ()

    def position(self) -> Position:
        return Position(hands=dict(self.hands), round=self.round, phase=self.phase, limit=self.limit_kcal,
                        totals=dict(self.totals), intake=None if self.intake_kcal is None else
                        dict(self.intake_kcal), out=self.out, won=dict(self.won), leader=self.leader,
                        trick=tuple((e.player, e.card) for e in self.trick), passes=dict(self.passes),
                        history=tuple(r.model_dump(mode="json") for r in self.rounds))


class RecordFile(BaseModel):
    """A How many Calories? game record (SPEC "Game packs")."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="How many Calories? game record")
    game: Literal["how-many-calories"]
    players: Annotated[tuple[Player, ...], Field(min_length=1, max_length=8)]
    variant: Text | None = None
    seed: Seed | None = None
    limit: Annotated[StrictInt, Field(ge=100, le=1_000_000)] | None = None
    rounds_to_play: Annotated[StrictInt, Field(ge=1, le=MAX_ROUNDS)] | None = None
    catalog: PathText | None = Field(default=None, description="a card-set file, relative to the "
                                                                "record (a house rule), or builtin")
    start: StartEntry | None = None
    rounds: tuple[RoundEntry, ...] = ()


@dataclass(frozen=True)
class RecordedMove:
    index: int
    player: str
    move: Move
    round: int  # 0-based round of the game it belongs to
    loc: Loc


@dataclass(frozen=True)
class LoadedRecord:
    doc: YamlDoc
    model: RecordFile
    foods: FoodSet
    setup: Setup
    seed: int
    moves: tuple[RecordedMove, ...]
    first_round: int  # 0-based round of rounds[0]


def _error(doc: YamlDoc, message: str, loc: Loc) -> KcalError:
    return doc.error(message, loc, code="record")


def _foods(doc: YamlDoc, model: RecordFile) -> FoodSet:
    from kcal.games.how_many_calories.files.load import load_catalog

    path = catalog_ref(doc, model.catalog)
    return load_catalog() if path is None else load_catalog(path)


def set_path(doc: YamlDoc, model: RecordFile) -> Path:
    """The card-set file the record plays with (its ``catalog:``, else the built-in set)."""
    from kcal.games.how_many_calories.files.load import BUILTIN_PATH

    return catalog_ref(doc, model.catalog) or BUILTIN_PATH


def load_record(path: str | Path) -> LoadedRecord:
    doc, model = read_record(path, RecordFile, PACK.info)
    players = model.players
    if model.variant == "two-player" and len(players) != 2:
        raise _error(doc, f"variant: the two-player variant is for 2 players, not {len(players)}", ("variant",))
    foods = _foods(doc, model)
    if len(foods) < len(players) * HAND_SIZE:
        raise _error(doc, f"catalog: the set {foods.code} has {len(foods)} cards, too few to deal "
                          f"{HAND_SIZE} to each of {len(players)} players", ("catalog",))
    limit = model.limit if model.limit is not None else default_limit(len(players))
    rounds = model.rounds_to_play or DEFAULT_ROUNDS
    problems: list[tuple[str, Loc]] = []
    first = 0
    if model.start is not None:
        pos = model.start.position()
        problems += [(m, ("start",) + loc) for m, loc in position_problems(pos, players, foods, limit,
                                                                            rounds, HAND_SIZE)]
        first = model.start.round - 1
    if len(model.rounds) > rounds - first:
        problems.append((f"rounds: {len(model.rounds)} rounds given, but only {rounds - first} are played",
                         ("rounds", rounds - first)))
    problems += _round_problems(model, players, foods, first)
    raise_all([_error(doc, msg if not loc else f"{format_loc(loc)}: {msg}", loc) for msg, loc in problems])
    return _build(doc, model, foods, limit, rounds, first)


def _round_problems(model: RecordFile, players: tuple[str, ...], foods: FoodSet, first: int
                    ) -> list[tuple[str, Loc]]:
    out: list[tuple[str, Loc]] = []
    for j, entry in enumerate(model.rounds):
        here: Loc = ("rounds", j)
        if entry.hands is not None:
            if j == 0 and model.start is not None:
                out.append(("this round continues the start position; its hands are in start.hands",
                            here + ("hands",)))
            else:
                out += [(m, here + ("hands",) + loc) for m, loc in hand_problems(entry.hands, players, foods)]
        elif model.seed is None and not (j == 0 and model.start is not None) and (entry.passes or entry.plays):
            out.append((f"round {first + j + 1} has no hands and the record has no seed to deal them from",
                        here))
        if entry.start is not None:
            problem = start_problem(first + j, entry.start, None, players)
            if problem:
                out.append((problem, here + ("start",)))
            elif j == 0 and model.start is not None:
                out.append(("the start position names the leader; use start.leader", here + ("start",)))
        for p, cards in (entry.passes or {}).items():
            out += player_problems([p], players, here + ("passes",))
            out += card_problems(cards, foods, "", here + ("passes", p))
        for k, play in enumerate(entry.plays):
            out += [(m, here + ("plays", k, "player")) for m, _ in player_problems([play.player], players, ())]
            out += [(m, here + ("plays", k, "card")) for m, _ in card_problems([play.card], foods, "", ())]
    return out


def _build(doc: YamlDoc, model: RecordFile, foods: FoodSet, limit: int, rounds: int, first: int
           ) -> LoadedRecord:
    hands: list[dict[str, tuple[Card, ...]] | None] = [None] * rounds
    starts: list[str | None] = [None] * rounds
    moves: list[RecordedMove] = []
    for j, entry in enumerate(model.rounds):
        r = first + j
        if entry.hands is not None:
            hands[r] = entry.hands
        starts[r] = entry.start
        for p, cards in (entry.passes or {}).items():
            moves.append(RecordedMove(len(moves), p, Pass(cards), r, ("rounds", j, "passes", p)))
        for k, play in enumerate(entry.plays):
            moves.append(RecordedMove(len(moves), play.player, Play(play.card), r, ("rounds", j, "plays", k)))
    options: dict[str, object] = {"limit": limit, "rounds": rounds, "catalog": foods, "hands": hands,
                                  "starts": starts}
    if model.start is not None:
        options["start"] = model.start.position()
    setup = Setup(tuple(model.players), model.variant, options)
    return LoadedRecord(doc, model, foods, setup, model.seed or 0, tuple(moves), first)
