"""Replaying a game record (``kcal rules replay``): every move checked, the first illegal one
reported with its reason, the final board and scores in the SPEC JSON shape.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.core.errors import KcalError, raise_all
from kcal.core.replay import Replay, collector_paused, replay_moves
from kcal.core.results import game_over_line, move_number
from kcal.core.text import shown
from kcal.games.kcaloria.files.position import (
    cells_by_age,
    cube_items,
    position_problems,
    start_game,
    state_json,
    tracked_tiles,
)
from kcal.games.kcaloria.files.recordfile import DiscardEntry, GameRecord, PlaceEntry
from kcal.games.kcaloria.rules import legal
from kcal.games.kcaloria.rules.hexgrid import Hex, cell_of
from kcal.games.kcaloria.rules.moves import Move, fast_place
from kcal.games.kcaloria.rules.render import board_lines, hex_map
from kcal.games.kcaloria.rules.scores import ScoreKeeper
from kcal.games.kcaloria.rules.setup import build_table, new_game
from kcal.games.kcaloria.rules.state import GameState

if TYPE_CHECKING:
    from kcal.core.yamlsafe import YamlDoc
    from kcal.games.kcaloria.files.cardset import Tile
    from kcal.games.kcaloria.files.load import Library
    from kcal.games.kcaloria.rules.tiles import TileTable


@dataclass(slots=True)
class RecordedMove:
    """One move of the record, for the shared replay loop: its index, its entry's key path, its player
    and the move (made for every move: not frozen, whose ``__init__`` cost a microsecond more)."""

    index: int
    loc: tuple[str | int, ...]
    player: str
    move: Move


#: lines of a replay's account joined into one piece of the text (ReplayResult.account)
LINES_CHUNK = 256


@dataclass
class ReplayResult(Replay[GameState]):
    """A replayed kCaloria record (the shared :class:`~kcal.core.replay.Replay`): scores are the points
    of the unused cubes on each player's tiles. The account of the game, a line a move with the scores
    after it and a line for each thing the rules did besides placing the tile, is made when the text is
    written (:meth:`account`), from what the replay kept: the moves played as the record writes them,
    the scores' words from each move that changed them (``said``: the move's index and the words), and
    the rules' further lines by move (``told``). Made during the replay it cost some 3 us a move that
    the JSON never used, and held 5 MB of text at 100,000 moves."""

    played: list[Move] = field(default_factory=list)
    said: list[tuple[int, str]] = field(default_factory=list)
    told: dict[int, list[str]] = field(default_factory=dict)

    def account(self) -> Iterator[str]:
        """The account's lines, up to :data:`LINES_CHUNK` joined by newlines in each piece."""
        said, told = self.said, self.told
        k, words = 0, ""
        lines: list[str] = []
        for i, move in enumerate(self.played):
            while k < len(said) and said[k][0] <= i:
                words = said[k][1]
                k += 1
            lines.append(f"{move_number(i):>3}. {move}  (scores: {words})")
            if told and i in told:
                lines.extend(f"       {ev}" for ev in told[i])
            if len(lines) >= LINES_CHUNK:
                yield "\n".join(lines)
                lines.clear()
        if lines:
            yield "\n".join(lines)

    @property
    def source(self) -> str:
        return self.path

    @property
    def illegal_index(self) -> int | None:
        return None if self.illegal is None else self.illegal.index

    @property
    def illegal_reason(self) -> str | None:
        return None if self.illegal is None else self.illegal.reason

    def board(self) -> list[dict[str, Any]]:
        """SPEC's kCaloria ``board``: each tile on the table, the oldest first."""

        return [self._tile(cell) for cell in cells_by_age(self.state)]

    def _tile(self, cell: Hex) -> dict[str, Any]:
        s = self.state
        p = s.tiles[cell]
        d: dict[str, Any] = {
            "at": [cell[0], cell[1]], "tile": p.info.name, "owner": s.players[p.owner],
            "cubes": dict(cube_items(s.cubes[cell])),
        }
        if cell in s.dice:
            d["collapse_dice"] = [{"player": s.players[x[0]], "value": x[1]} for x in s.dice[cell]]
        return d

    def position(self) -> dict[str, Any]:
        """Where the game stands, in the shape of a record's ``start:`` (files/position.py): the mode,
        the turn, who moves, the board with every tile's payments and dice, and each player's
        counters and (in a game that tracks them) tiles."""

        return state_json(self.state)

    @collector_paused
    def to_json(self) -> dict[str, Any]:
        """SPEC's replay JSON (:meth:`~kcal.core.replay.Replay.spec_json`: ``game``, ``legal``, ...,
        ``winners`` as a list, ``scores``, ``to_move``, ``state``, as every pack writes it), with ``turn``
        and SPEC's kCaloria ``board`` at the top level too. Built with the collector paused, as the replay
        is: the board of a long game is two dicts a tile, and each collection walked the whole board
        again (100,000 moves: 2.5 s, 0.8 s paused)."""
        return self._json(self.board(), self.position())

    def streamed_json(self) -> dict[str, Any]:
        """:meth:`to_json` as ``rules replay --format json`` writes it: its two boards (the top level's
        and the state's) :class:`~kcal.core.jsonstream.Streamed`, each tile made as it is written, so the
        output holds no board of dicts (100,000 moves: some 120 MB)."""
        from kcal.core.jsonstream import Streamed

        board = Streamed(len(self.state.tiles), lambda: map(self._tile, cells_by_age(self.state)))
        return self._json(board, state_json(self.state, streamed=True))

    def _json(self, board: list[dict[str, Any]], position: dict[str, Any]) -> dict[str, Any]:
        spec = self.spec_json(self.state.scores(), position)
        order = ("game", "record", "legal", "moves_applied", "illegal_move", "ended", "end_reason", "winners")
        return {**{k: spec[k] for k in order}, "turn": self.state.turn, "board": board,
                **{k: spec[k] for k in ("scores", "to_move", "state")}}

    def to_text(self) -> str:
        return "\n".join(self._text_lines())

    def streamed_text(self) -> Iterator[str]:
        """:meth:`to_text` in pieces, each line made as it is written (a tile's line of a long board)."""
        lines = self._text_lines()
        yield next(lines)
        for line in lines:
            yield "\n"
            yield line

    def _text_lines(self) -> Iterator[str]:
        s = self.state
        yield f"{shown(self.source)}: {len(s.players)} player(s), {s.mode}"
        yield from self.account()
        ill = self.illegal
        if ill is not None:
            where = f"{shown(self.source)}:{ill.line}:{ill.column or 1}: " if ill.line else ""
            yield f"{where}move {move_number(ill.index)} is illegal: {ill.reason}"
        yield ""
        yield hex_map(s)
        yield ""
        yield from board_lines(s)
        scores = ", ".join(f"{p} {n}" for p, n in s.scores().items())
        if s.ended:
            yield game_over_line(s.ended.end_reason, s.ended.winners, scores)
        else:
            yield f"scores: {scores}; {s.turn_player} to play"


def _load(record_path_or_model: str | Path | GameRecord | dict[str, Any],
          library: Library | None) -> tuple[GameRecord, YamlDoc | None, Library | None, str]:
    from kcal.games.kcaloria.files.load import load_library, validate_doc

    doc = None
    base = None
    if isinstance(record_path_or_model, GameRecord):
        record = record_path_or_model
        source = "<record>"
    elif isinstance(record_path_or_model, dict):
        record = GameRecord.model_validate(record_path_or_model)
        source = "<record>"
    else:
        from kcal.core.yamlsafe import load_yaml

        path = Path(record_path_or_model)
        doc = load_yaml(path)
        _check_inline_tiles(doc)
        record = validate_doc(doc, GameRecord)
        # the record is all the replay reads from here, and a position is read again from the file's
        # bytes when an error asks for one: the document's data (100,000 moves: 35 MB) is let go before
        # the moves are made beside the record's models
        doc.data = None
        base = path.parent
        source = doc.path
    if library is None:
        specs: Sequence[str] | None = record.catalogs
        if specs is None:
            specs = ["builtin"]
        library = load_library(list(specs), base=base) if specs else None
    return record, doc, library, source


def _check_inline_tiles(doc: YamlDoc) -> None:
    """The record's own ``tiles`` follow the catalog rule: ids and folded names unique."""
    from kcal.games.kcaloria.files.cardset import duplicate_tiles

    raw = doc.data.get("tiles") if isinstance(doc.data, dict) else None
    if isinstance(raw, list):
        raise_all([doc.error(f"tiles[{i}]: {msg}", ("tiles", i, "id" if msg.startswith("tile id") else "name"),
                             key=True, code="schema") for i, msg in duplicate_tiles(raw)])


def _check_against_catalogs(record: GameRecord, doc: YamlDoc | None, library: Library | None) -> None:
    """A record's own tile may repeat a catalog tile exactly; a different tile under a catalog
    tile's id or name would silently change that tile, so it is refused at its position."""
    if library is None or not record.tiles:
        return

    by_id = {t.id: t for t in library.tiles}
    errors = []
    for i, tile in enumerate(record.tiles):
        for field_, other in (("id", by_id.get(tile.id)), ("name", library.get(tile.name))):
            if other is not None and other != tile:
                what = f"id {tile.id!r}" if field_ == "id" else f"name {tile.name!r}"
                msg = (f"tiles[{i}].{field_}: the catalogs already have a tile with the {what} "
                       f"({other.id}, {other.name}), and this one differs; give the record's tile its "
                       f"own id and name, or leave it out to use the catalog's")
                errors.append(_err(doc, msg, ("tiles", i, field_)))
                break
    raise_all(errors)


def _err(doc: YamlDoc | None, message: str, loc: Sequence[str | int]) -> KcalError:
    return doc.error(message, loc, code="replay") if doc is not None else KcalError(message)


def _check_moves(record: GameRecord, doc: YamlDoc | None, table: TileTable, library: Library | None) -> None:
    """Every move names a player of the record and tiles the catalogs have (bad input: exit 2). Each
    spelling of a player or a tile is looked up once (a long record names the same few again and again:
    100,000 moves took 0.3 s of lookups)."""

    players = list(record.players)
    known_players: set[str] = set()
    known_tiles: set[str] = set()
    for i, entry in enumerate(record.moves):
        player = entry.player
        if player not in known_players:
            if record.player_named(player) is None:  # case and spacing aside, like the players
                raise _err(doc, f"moves[{i}].player: {player!r} is not one of the players "
                                f"({', '.join(players)})", ("moves", i, "player"))
            known_players.add(player)
        if isinstance(entry, PlaceEntry):
            name = entry.tile
            if name not in known_tiles:
                _check_tile(table, library, doc, name, ("moves", i, "tile"), i)
                known_tiles.add(name)
        elif isinstance(entry, DiscardEntry):
            for k, name in enumerate(entry.discard):
                if name not in known_tiles:
                    _check_tile(table, library, doc, name, ("moves", i, "discard", k), i)
                    known_tiles.add(name)


def _check_tile(table: TileTable, library: Library | None, doc: YamlDoc | None, name: str,
                loc: tuple[str | int, ...], i: int) -> None:
    if table.get(name) is None:
        raise _err(doc, f"moves[{i}]: no tile named {name!r} in the catalogs{_suggest(table, library, name)}", loc)


def _decks(record: GameRecord, doc: YamlDoc | None, table: TileTable,
           players: list[str]) -> list[list[Tile]] | None:
    """The record's ``decks:`` as tiles, in the players' order (None: the record gives none)."""
    if record.decks is None:
        return None
    decks = []
    for p in players:
        deck = []
        key = next(d for d in record.decks if record.player_named(d) == p)
        for k, name in enumerate(record.deck_of(p)):
            info = table.get(name)
            if info is None:
                raise _err(doc, f"decks.{key}[{k}]: no tile named {name!r} in the catalogs",
                           ("decks", key, k))
            deck.append(info.tile)
        decks.append(deck)
    return decks


def _start(record: GameRecord, doc: YamlDoc | None, table: TileTable, library: Library | None) -> GameState:
    """The game set up at the record's ``start:``; an impossible position is bad input, every problem
    at its key (docs/rulings.md, "Start positions")."""
    from kcal.core.validation import format_loc

    assert record.start is not None
    players = list(record.players)
    if record.decks is not None:
        raise _err(doc, "decks: a record with a start position gives the players' tiles there "
                        "(start.players.NAME.hand, draw_pile, ...); leave decks out", ("decks",))
    problems = position_problems(record.start, players, record.mode, table,
                                 lambda name: _suggest(table, library, name))
    raise_all([_err(doc, f"{format_loc(('start', *loc))}: {msg}", ("start", *loc)) for msg, loc in problems])
    decks = tracked_tiles(record.start, players, table)
    if decks:
        table = build_table(table, decks)  # the tracked tiles first in the move generator's masks
    return start_game(table, players, record.mode, record.seed, record.start)


@collector_paused
def replay(record_path_or_model: str | Path | GameRecord | dict[str, Any],
           library: Library | None = None) -> ReplayResult:
    """Replay a record (a path, a ``GameRecord`` or its dict) against ``library`` (default: the
    record's catalogs). Bad input raises :class:`KcalError` with a position; an illegal move
    stops the replay and is reported in the result."""
    record, doc, library, source = _load(record_path_or_model, library)
    _check_against_catalogs(record, doc, library)
    tiles = list(record.tiles) + (list(library.tiles) if library is not None else [])

    table = build_table(tiles)
    players = list(record.players)
    _check_moves(record, doc, table, library)
    if record.start is not None:
        state = _start(record, doc, table, library)
    else:
        state = new_game(tiles, _decks(record, doc, table, players), players, record.seed or 0, record.mode)
    state.seed = record.seed
    state.events = []
    moves = _engine_moves(record, doc)
    # From here the moves need only ``moves`` and the document's positions (read again from its
    # bytes when an error asks for one): the record's model is let go before the game grows (a
    # 100,000-move record's: some 60 MB, which the peak held with the game's). Each move's
    # RecordedMove is made as the loop reaches it and let go after (a list of them held some 20 MB
    # more to the end).
    del record
    from kcal.games.kcaloria.game import GAME

    result = ReplayResult(GAME, source, state, inputs=library.source_paths() if library is not None else [])
    _play(result, doc, moves)
    state.events = None
    state.touched = None
    return result


def _play(result: ReplayResult, doc: YamlDoc | None, moves: list[Move]) -> None:
    """Check and play ``moves`` on ``result.state`` up to the first illegal one, keeping what the
    account needs (:meth:`ReplayResult.account`)."""
    state = result.state
    recorded = (RecordedMove(i, ("moves", i), move.player, move) for i, move in enumerate(moves))
    keeper = ScoreKeeper(state)
    # the rules check each move once: the plan the check makes is the one the move is played with
    # (GameState.apply would check it again: the same plan, as nothing changes the state in between)
    plan: list[Any] = [None]

    def check(state: GameState, rm: RecordedMove) -> str | None:
        reason, plan[0] = legal.check(state, rm.move)
        return reason

    def play(state: GameState, rm: RecordedMove) -> None:
        state.events = []
        state.play_checked(rm.move, plan[0])

    # the account is made when the text is written (ReplayResult.account): here, only the scores'
    # words when a score changes (a long game's moves mostly change none) and the rules' lines past
    # the placement's own
    seats = state.players
    totals_said: list[Any] = [None]

    def after(state: GameState, rm: RecordedMove) -> None:
        keeper.update(state)
        totals = keeper.totals
        if totals != totals_said[0]:
            totals_said[0] = totals.copy()
            result.said.append((rm.index, ", ".join(f"{p} {n}" for p, n in zip(seats, totals, strict=True))))
        events = state.events
        if events is not None and len(events) > 1:
            result.told[rm.index] = events[1:]

    # the engine's own checks: a record may write a tile owner's rescue at any point (rulings)
    replay_moves(result, doc, recorded, check=check, play=play, after=after)
    del moves[result.moves_applied:]
    result.played = moves


def _engine_moves(record: GameRecord, doc: YamlDoc | None) -> list[Move]:
    """The record's moves as the engine's (an entry it cannot read is bad input, at that entry). A plain
    placement (no payment, choice or target: every move of a long record of water tiles) is made from
    its entry's fields, the move :meth:`Move.from_record` makes from the entry's dict."""

    moves = []
    for i, entry in enumerate(record.moves):
        if type(entry) is PlaceEntry and entry.pay is None and entry.choose is None and entry.target is None:
            at = entry.at  # (a new tuple, not the model's: the models are let go, and the pages that held
            # them with the board's cells kept would stay mapped: 36 MB more at 100,000 moves)
            moves.append(fast_place(entry.player, entry.tile, cell_of((at[0], at[1]))))
            continue
        try:
            moves.append(Move.from_record(entry))
        except ValueError as exc:
            raise _err(doc, f"moves[{i}]: {exc}", ("moves", i)) from None
    return moves


def _suggest(table: TileTable, library: Library | None, name: str) -> str:
    """Did-you-mean among the tiles the replay knows (the record's and the catalogs'): the shared
    :func:`kcal.core.suggest.close_matches`; a catalog still names the tile a common name means."""
    from kcal.core.suggest import close_matches, phrase
    from kcal.games.kcaloria.rules.domain import fold_name

    close = close_matches(name, [info.name for info in table.infos], fold=fold_name)
    if not close and library is not None and hasattr(library, "suggest_text"):
        return library.suggest_text(name)
    return phrase(close)
