"""Reading a Kalua game record file: the models (closed, frozen, strict) and every bad-input check with
its position; the result is a :class:`~kcal.core.game.Setup`, a seed and the moves with where they stand.

```yaml
game: kalua
players: [A, B, C]        # 3 to 5 gods, in clockwise turn order
seed: 7                   # the shuffles (and the start player, unless given)
start_player: B           # optional: the god who starts (the table's die roll)
turn_limit: 300           # optional (kcal's house rule; default 300)
start: {...}              # optional: a position to begin from (kcal.games.kalua.files.position)
moves:                    # one entry per decision, in order (vocabulary: kcal.games.kalua.rules.moves)
  - {player: B, draw: bonus, card: Festival}
  - {player: B, draw: disaster}
```

Bad input (exit 2) is anything that is not a record of this game: a wrong ``game:``, a player count
outside 3-5, a player named twice, a move naming a player, a card or a deck that does not exist, a move
with no verb or two, a draw naming no card in a record without a seed, an impossible ``start:``. A
well-formed move that the rules forbid (paying PP the god does not have, answering a card twice,
targeting an eliminated god, playing out of phase) is not bad input: the replay reports it as an illegal
move (exit 1).
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
from kcal.games.kalua import PACK
from kcal.games.kalua.files.cardset import CardSet
from kcal.games.kalua.files.models import CardName, Player, Text
from kcal.games.kalua.files.position import God, Position, TableCard, player_problems, position_problems
from kcal.games.kalua.rules.domain import HAPPINESS_MAX, MAX_TURN_LIMIT
from kcal.games.kalua.rules.moves import Buy, Draw, Move, decode_move
from kcal.games.kalua.rules.setup import turn_limit_option

_CONFIG = ConfigDict(extra="forbid", frozen=True)
Loc = tuple[str | int, ...]
Count = Annotated[StrictInt, Field(ge=0, le=999)]
DeckName = Literal["bonus", "disaster"]


class MoveEntry(BaseModel):
    """One decision: ``player`` and exactly one verb (draw, buy, leader, play, reply, target, discard,
    convert), with ``card`` (draw, buy), ``from`` (leader: believer) or ``pay`` (play, reply)."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)
    player: Player
    draw: DeckName | None = None
    buy: DeckName | None = None
    leader: Literal["speech", "atheists", "believer", "sacrifice", "none"] | None = None
    play: CardName | None = None
    reply: CardName | None = Field(default=None, description="a card, or none (no answer)")
    target: Player | None = None
    discard: CardName | None = None
    convert: Literal[True] | None = None
    card: CardName | None = Field(default=None, description="the card drawn or bought (a game typed in)")
    from_: Player | None = Field(default=None, alias="from", description="leader: believer -- from whom")
    pay: Annotated[StrictInt, Field(ge=0, le=99)] | None = None

    def raw(self) -> dict[str, object]:
        return self.model_dump(by_alias=True, exclude_none=True)


class GodEntry(BaseModel):
    model_config = _CONFIG
    families: Count = 10
    leader: StrictBool = True
    pp: Count = 5
    happiness: Annotated[StrictInt, Field(ge=0, le=HAPPINESS_MAX)] = 5
    hand: tuple[CardName, ...] = ()
    kept: tuple[CardName, ...] = ()


class TableEntry(BaseModel):
    """A card on the table, played and not yet resolved."""

    model_config = _CONFIG
    player: Player
    card: CardName
    pay: Annotated[StrictInt, Field(ge=0, le=99)]
    reply: StrictBool = False
    families_before: dict[Player, Count] | None = Field(default=None, description="a global disaster: "
                                                        "every god's families when it was played")


class OwedEntry(BaseModel):
    model_config = _CONFIG
    player: Player
    cards: Annotated[StrictInt, Field(ge=1, le=99)]


class StartEntry(BaseModel):
    """A position to begin from: the keys of the replay's ``state`` (``out`` and ``decks`` follow from
    the rest and are checked when given)."""

    model_config = _CONFIG
    turn: Annotated[StrictInt, Field(ge=0, le=MAX_TURN_LIMIT)] = 1
    active: Player | None = None
    phase: Literal["setup", "draw", "leaders", "cards", "over"] = "draw"
    step: Literal["deal", "draw", "leaders", "play", "reply", "target", "discard", "over"] | None = None
    island: Count | None = None
    gods: dict[Player, GodEntry]
    discards: dict[DeckName, tuple[CardName, ...]] = {}
    out: tuple[Player, ...] | None = None
    decks: dict[DeckName, Count] | None = None
    table: tuple[TableEntry, ...] = ()
    to_move: Player | None = None
    draws_left: Annotated[StrictInt, Field(ge=0, le=99)] | None = None
    owed_discards: tuple[OwedEntry, ...] = ()
    end_reason: Literal["one_religion", "global_disaster", "last_standing", "all_eliminated",
                        "turn_limit"] | None = None
    winners: tuple[Player, ...] = ()

    def position(self) -> Position:
        return Position(gods={p: God(g.families, g.leader, g.pp, g.happiness, g.hand, g.kept)
                              for p, g in self.gods.items()},
                        turn=self.turn, active=self.active, phase=self.phase, island=self.island,
                        discards={str(k): v for k, v in self.discards.items()}, step=self.step,
                        to_move=self.to_move, draws_left=self.draws_left or None,
                        table=tuple(TableCard(t.player, t.card, t.pay, t.reply, t.families_before)
                                    for t in self.table),
                        owed_discards=tuple((o.player, o.cards) for o in self.owed_discards),
                        end_reason=self.end_reason, winners=self.winners, out=self.out,
                        decks=None if self.decks is None else {str(k): v for k, v in self.decks.items()})


class RecordFile(BaseModel):
    """A Kalua game record (SPEC "Game packs")."""

    model_config = ConfigDict(extra="forbid", frozen=True, title="Kalua game record")
    game: Literal["kalua"]
    players: Annotated[tuple[Player, ...], Field(min_length=1, max_length=12)]
    variant: Text | None = None
    seed: Seed | None = None
    start_player: Player | None = None
    turn_limit: Annotated[StrictInt, Field(ge=1, le=MAX_TURN_LIMIT)] | None = None
    catalog: PathText | None = Field(default=None, description="a card-set file, relative to the record "
                                                                "(a house rule), or builtin")
    start: StartEntry | None = None
    moves: tuple[MoveEntry, ...] = ()


@dataclass(frozen=True)
class RecordedMove:
    index: int
    player: str
    move: Move
    loc: Loc


@dataclass(frozen=True)
class LoadedRecord:
    doc: YamlDoc
    model: RecordFile
    cards: CardSet
    setup: Setup
    seed: int
    moves: tuple[RecordedMove, ...]


def _error(doc: YamlDoc, message: str, loc: Loc) -> KcalError:
    return doc.error(message if not loc else f"{format_loc(loc)}: {message}", loc, code="record")


def _cards(doc: YamlDoc, model: RecordFile) -> CardSet:
    from kcal.games.kalua.files.load import load_catalog

    path = catalog_ref(doc, model.catalog)
    return load_catalog() if path is None else load_catalog(path)


def set_path(doc: YamlDoc, model: RecordFile) -> Path:
    """The card-set file the record plays with (its ``catalog:``, else the built-in set)."""
    from kcal.games.kalua.files.load import BUILTIN_PATH

    return catalog_ref(doc, model.catalog) or BUILTIN_PATH


def load_record(path: str | Path) -> LoadedRecord:
    doc, model = read_record(path, RecordFile, PACK.info)
    players = model.players
    cards = _cards(doc, model)
    limit = turn_limit_option(model.turn_limit)
    problems: list[tuple[str, Loc]] = []
    if model.start_player is not None:
        problems += [(m, ("start_player",)) for m, _ in player_problems([model.start_player], players, ())]
        if model.start is not None:
            problems.append(("the start position names whose turn it is; use start.active", ("start_player",)))
    if model.start is not None:
        problems += [(m, ("start",) + loc) for m, loc in position_problems(model.start.position(), players,
                                                                           cards, limit)]
    elif model.seed is None and model.start_player is None:
        problems.append(("the record has neither a seed nor a start_player: nothing says who starts",
                         ("players",)))
    moves: list[RecordedMove] = []
    for i, entry in enumerate(model.moves):
        here: Loc = ("moves", i)
        try:
            move = decode_move(entry.raw())
        except KcalError as exc:
            problems.append((exc.message, here))
            continue
        found = _move_problems(entry, move, players, cards, model.seed is None)
        problems += [(m, here + loc) for m, loc in found]
        moves.append(RecordedMove(i, entry.player, move, here))
    raise_all([_error(doc, msg, loc) for msg, loc in problems])
    options: dict[str, object] = {"catalog": cards, "turn_limit": limit}
    if model.start is not None:
        options["start"] = model.start.position()
    elif model.start_player is not None:
        options["start_player"] = model.start_player
    setup = Setup(tuple(players), model.variant, options)
    return LoadedRecord(doc, model, cards, setup, model.seed or 0, tuple(moves))


def _move_problems(entry: MoveEntry, move: Move, players: tuple[str, ...], cards: CardSet, unseeded: bool
                   ) -> list[tuple[str, Loc]]:
    out: list[tuple[str, Loc]] = [(m, ("player",)) for m, _ in player_problems([entry.player], players, ())]
    for key, name in (("target", entry.target), ("from", entry.from_)):
        if name is not None:
            out += [(m, (key,)) for m, _ in player_problems([name], players, ())]
    for key in ("play", "reply", "discard", "card"):
        name = getattr(entry, key)
        if name is not None and not (key == "reply" and name.strip().casefold() == "none") \
                and cards.find(name) is None:
            out.append((cards.unknown_reason(name), (key,)))
    if isinstance(move, Draw | Buy) and move.card is None and unseeded:
        verb = "draw" if isinstance(move, Draw) else "buy"
        out.append((f"this {verb} names no card and the record has no seed to draw it from", (verb,)))
    return out
