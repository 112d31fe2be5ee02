"""kCaloria behind kcal's game interface (:class:`kcal.core.game.Game`): :data:`GAME`.

A thin adapter over the rules engine (:mod:`kcal.games.kcaloria.rules`): the state *is* the engine's
:class:`~kcal.games.kcaloria.rules.state.GameState`, moves are its :class:`Move` values, and every rule
stays in the engine, so a game played through :data:`GAME` is the game the engine plays from the same
decks and seed. What the adapter adds:

- a setup from a :class:`~kcal.core.game.Setup`: the ``decks`` option (one list of tiles per player, or
  deck file paths; default: the built-in decks, the solo deck for one player), the mode from the
  variant (``beginner``, ``solo``) or the ``mode`` option (default: solo for one player, else standard),
  or the ``start`` option: a position (a record's ``start:``, files/position.py) over the built-in tiles;
  ``tiles`` (a what-if patch's tiles: each replaces the tile of its name in the decks) and ``hand_size``
  (the tiles a hand is dealt and refilled to; the rulebook's 7), the balance lab's (the ``patch`` hook);
- whose move it is: the turn player. A rescue (re-paying a starving tile) goes through the interface on
  its owner's turn, as the engine's ``legal_moves()`` lists it; a replay still accepts any owner's rescue
  at any point (rulings, "Starvation and rescue");
- the outcome as a core :class:`~kcal.core.game.Outcome` whose reason is an :class:`EndReason`;
- ``view`` (what one player may see) and ``determinize`` (a copy in which what they cannot see is
  redealt). Each player's deck list is public (the decks are known, their order is not): a determinized
  opponent's hand, draw pile and face-down discards are redealt from that opponent's own unseen tiles;
  the player's own draw pile (solo: the face-down tiles under the pile tops, and the deck) is reshuffled.
"""

from __future__ import annotations

import os
import random
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.core.errors import KcalError, UsageError
from kcal.core.game import Bot, Game, Outcome, Setup, win_shares
from kcal.core.gameinfo import GameInfo
from kcal.core.rng import Rng
from kcal.games.kcaloria import PACK
from kcal.games.kcaloria.files.cardset import Tile
from kcal.games.kcaloria.files.record import state_to_record
from kcal.games.kcaloria.rules.legal import not_your_turn
from kcal.games.kcaloria.rules.moves import EndReason, IllegalMove, Move
from kcal.games.kcaloria.rules.state import GameState
from kcal.games.kcaloria.rules.tiles import TileInfo

MODES = ("standard", "beginner", "solo")
OPTIONS = ("decks", "mode", "start", "tiles", "hand_size")
#: the range of the ``hand_size`` option (kcal balance params checks patches against the same)
HAND_SIZE_RANGE = (1, 20)
DECKS_DIR = Path(__file__).resolve().parent / "data" / "decks"
#: The built-in decks a game without ``decks`` deals, seat by seat (a fourth seat takes the first again).
STANDARD_DECKS = ("bayou-ambush", "caddo-harvest", "longleaf-canopy")
SOLO_DECK = "solo-piney-trail"


@cache
def builtin_deck(name: str) -> tuple[Tile, ...]:
    """The tiles of a built-in deck (``data/decks/NAME.yaml``), in file order."""
    from kcal.games.kcaloria.files.load import load_deck

    return tuple(load_deck(DECKS_DIR / f"{name}.yaml").tiles())


def _mode(setup: Setup) -> str:
    """The engine's mode: the variant (``beginner``, ``solo``) or the ``mode`` option, else solo for one
    player and standard for more (the engine's :func:`~kcal.games.kcaloria.rules.setup.game_mode`)."""
    from kcal.games.kcaloria.rules.setup import game_mode

    option = setup.options.get("mode")
    if option is not None and option not in MODES:
        raise UsageError(f"mode must be one of {', '.join(MODES)}, not {option!r}")
    if setup.variant is not None:
        PACK.info.variant(setup.variant)  # an unknown variant: a did-you-mean
        if option is not None and option != setup.variant:
            raise UsageError(f"variant {setup.variant!r} and mode {option!r} disagree; give one of them")
    return game_mode(len(setup.players), setup.variant or option)


def _deck(value: object, player: str) -> list[Tile]:
    if isinstance(value, (str, os.PathLike)):
        from kcal.games.kcaloria.files.load import load_deck

        return load_deck(Path(value)).tiles()
    if isinstance(value, Sequence) and all(isinstance(t, Tile) for t in value):
        return list(value)
    raise UsageError(f"{player}'s deck must be a deck file path or a list of tiles, not {type(value).__name__}")


def _decks(raw: object, players: Sequence[str], mode: str) -> list[list[Tile]]:
    if raw is None:
        if len(players) == 1:
            return [list(builtin_deck(SOLO_DECK))]
        return [list(builtin_deck(STANDARD_DECKS[k % len(STANDARD_DECKS)])) for k in range(len(players))]
    if isinstance(raw, (str, os.PathLike)) or not isinstance(raw, Sequence):
        raise UsageError("the decks option is a list with one deck per player (a deck file path or a list "
                         "of tiles)")
    if len(raw) != len(players):
        raise UsageError(f"{len(players)} players need {len(players)} decks, not {len(raw)}")
    return [_deck(d, p) for d, p in zip(raw, players, strict=True)]


@cache
def _builtin_by_tiles() -> dict[tuple[str, ...], str]:
    names = (*STANDARD_DECKS, SOLO_DECK)
    return {tuple(sorted(t.name for t in builtin_deck(n))): n for n in names}


def _deck_label(tiles: tuple[str, ...]) -> str:
    return _builtin_by_tiles().get(tiles) or f"a deck of {len(tiles)} tiles"


def _patched(decks: list[list[Tile]], tiles: object) -> list[list[Tile]]:
    """The decks with each tile of ``tiles`` (a what-if patch's) in place of the tile of its name."""
    if tiles is None:
        return decks
    if not isinstance(tiles, Sequence) or not all(isinstance(t, Tile) for t in tiles):
        raise UsageError(f"the tiles option is a list of tiles, not {type(tiles).__name__}")
    by_name = {t.name: t for t in tiles}
    return [[by_name.get(t.name, t) for t in deck] for deck in decks]


def _hand_size(value: object) -> int:
    from kcal.games.kcaloria.rules.domain import HAND_SIZE

    if value is None:
        return HAND_SIZE
    low, high = HAND_SIZE_RANGE
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise UsageError(f"option hand_size: a whole number from {low} to {high}, not {value!r}")
    return value


def _from_start(setup: Setup, players: list[str], mode: str, seed: int) -> GameState:
    """A game set up at the ``start`` option (a :class:`StartPosition`, or its plain data: a replay's
    ``state``) over the built-in catalogs; an impossible position is refused as a record's would be."""
    from pydantic import ValidationError

    from kcal.core.validation import format_loc
    from kcal.games.kcaloria.files.load import load_library
    from kcal.games.kcaloria.files.position import StartPosition, position_problems, start_game, tracked_tiles
    from kcal.games.kcaloria.rules.setup import build_table

    if setup.options.get("decks") is not None:
        raise UsageError("give the decks or a start position, not both (the position gives the tiles)")
    raw = setup.options["start"]
    try:
        pos = raw if isinstance(raw, StartPosition) else StartPosition.model_validate(raw)
    except ValidationError as exc:
        err = exc.errors()[0]
        raise KcalError(f"option start.{format_loc(list(err['loc']))}: {err['msg']}", code="setup") from None
    library = load_library(["builtin"])
    table = build_table(library)
    problems = position_problems(pos, players, mode, table)
    if problems:
        raise KcalError("; ".join(f"option start.{format_loc(loc)}: {msg}" for msg, loc in problems), code="setup")
    decks = tracked_tiles(pos, players, table)
    return start_game(build_table(library, decks) if decks else table, players, mode, seed, pos)


@cache
def _move_adapter() -> Any:
    from pydantic import TypeAdapter

    from kcal.games.kcaloria.files.recordfile import MoveEntry

    return TypeAdapter(MoveEntry)


def _seat(state: GameState, player: str) -> int:
    i = state.player_index(player)
    if i < 0:
        raise UsageError(f"{player!r} is not a player of this game ({', '.join(state.players)})")
    return i


def _board(state: GameState) -> list[dict[str, Any]]:
    from kcal.games.kcaloria.files.position import board_json

    return board_json(state)


def _names(infos: Sequence[TileInfo]) -> list[str]:
    return [info.name for info in infos]


class KCaloria:
    """kCaloria's rules as a :class:`kcal.core.game.Game` (stateless; see the module docstring)."""

    info: GameInfo = PACK.info
    #: the strongest bot within about 0.1 s a decision, from the bot ladder (docs/balance.md)
    strongest_bot = "lookahead"
    #: the shared searcher (kcal.sim.search, docs/packs.md): its root favours :meth:`prior_bot`'s move
    #: (the lookahead bot's best ten moves followed past the opponent's reply); its playouts
    #: (:meth:`rollout_bot`) play one move, the opponent's reply, then the scores judge
    rollout_depth = 1
    #: points of score margin worth e : 1 odds in :meth:`evaluate`
    eval_scale = 15.0

    # --- a game ------------------------------------------------------------------------------------
    def new_state(self, setup: Setup, seed: int) -> GameState:
        from kcal.core.suggest import did_you_mean
        from kcal.games.kcaloria.rules.setup import new_game

        for key in setup.options:
            if key not in OPTIONS:
                raise UsageError(f"kCaloria has no setup option {key!r}{did_you_mean(key, OPTIONS)}; "
                                 f"options: {', '.join(OPTIONS)}")
        if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
            raise UsageError(f"a seed is a whole number >= 0, not {seed!r}")
        players = list(setup.players)
        self.info.check_players(len(players), setup.variant)
        mode = _mode(setup)
        if setup.options.get("start") is not None:
            return _from_start(setup, players, mode, seed)
        decks = _patched(_decks(setup.options.get("decks"), players, mode), setup.options.get("tiles"))
        return new_game(None, decks, players, seed, mode, _hand_size(setup.options.get("hand_size")))

    def clone(self, state: GameState) -> GameState:
        return state.copy()

    def seat_labels(self, state: GameState) -> list[str] | None:
        """Each seat's deck, by the built-in deck's name when its tiles are one's (a what-if's patched
        tiles keep their names), else "a deck of N tiles" (the balance lab's optional hook, docs/packs.md)."""
        if state.initial_decks is None:
            return None
        return [_deck_label(tuple(sorted(deck))) for deck in state.initial_decks]

    # --- moves -------------------------------------------------------------------------------------
    def to_move(self, state: GameState) -> tuple[str, ...]:
        return () if state.ended is not None else (state.turn_player,)

    def legal_moves(self, state: GameState, player: str) -> Sequence[Move]:
        if state.ended is not None or player != state.turn_player:
            return []
        return state.legal_moves()

    def _refusal(self, state: GameState, player: str, move: object) -> str | None:
        """What the interface refuses before the engine looks: a stranger, the wrong turn, another
        player's move, something that is not a move."""
        if not isinstance(move, Move):
            return f"not a kCaloria move: {move!r}"
        if state.ended is not None:
            return state.why_illegal(move)  # "the game is over (...)"
        if state.player_index(player) < 0:
            return f"{player} is not a player of this game ({', '.join(state.players)})"
        if player != state.turn_player:
            return not_your_turn(state, player)
        if move.player != player:
            return f"this move is {move.player}'s, not {player}'s"
        return None

    def why_illegal(self, state: GameState, player: str, move: Move) -> str | None:
        return self._refusal(state, player, move) or state.why_illegal(move)

    def apply(self, state: GameState, player: str, move: Move) -> None:
        reason = self._refusal(state, player, move)
        if reason is not None:
            raise IllegalMove(reason, move=move if isinstance(move, Move) else None)
        state.apply(move)  # raises IllegalMove with the engine's reason, before changing anything

    def outcome(self, state: GameState) -> Outcome | None:
        ended = state.ended
        if ended is None:
            return None
        return Outcome(EndReason(ended.end_reason), dict(ended.scores), tuple(ended.winners))

    # --- information -------------------------------------------------------------------------------
    def view(self, state: GameState, player: str) -> dict[str, Any]:
        """What ``player`` may see: the whole table, scores, their own hand (solo: the pile tops) and
        discards, and how many tiles every hand, draw pile and discard pile holds."""
        me = _seat(state, player)
        names = state.players
        out = self.outcome(state)
        v: dict[str, Any] = {
            "player": player,
            "players": list(names),
            "mode": state.mode,
            "turn": state.turn,
            "to_move": list(self.to_move(state)),
            "board": _board(state),
            "scores": state.scores(),
            "humans_placed": dict(zip(names, state.humans, strict=True)),
            "reshuffles": dict(zip(names, state.reshuffles, strict=True)),
            "hand": sorted(_names(state.hand_infos(me))),
            "hand_counts": {p: len(state.hand_infos(k)) for k, p in enumerate(names)},
            "draw_counts": {p: len(state.draw[k]) for k, p in enumerate(names)},
            "discard_counts": {p: len(state.discards[k]) for k, p in enumerate(names)},
            "discards": sorted(_names(state.discards[me])),
            "ended": out is not None,
            "end_reason": out.reason if out else None,
            "winners": list(out.winners) if out else None,
        }
        if state.piles is not None:
            v["piles"] = [{"top": p[-1].name if p else None, "size": len(p)} for p in state.piles]
        return v

    def determinize(self, state: GameState, player: str, seed: int) -> GameState:
        """A copy in which everything ``player`` cannot see is redealt from ``seed``: each opponent's
        hand, draw pile and discards from that opponent's own unseen tiles (sizes kept), the player's
        own draw pile reshuffled (solo: the tiles under the pile tops and the deck); the copy's future
        chance comes from ``seed`` too. The copy keeps the moves played (the board is public). The
        redeal is canonical (:func:`~kcal.games.kcaloria.rules.hidden.redeal`): two states that look
        the same to ``player`` give the same copy for the same seed."""
        from kcal.games.kcaloria.rules.hidden import redeal

        me = _seat(state, player)
        s = state.copy()
        rng = Rng(seed)
        s.rng = Rng(rng.next64())
        redeal(s, me, rng.shuffle)
        s._moves = None  # the turn player's hand may have changed
        return s

    # --- records and bots --------------------------------------------------------------------------
    def encode_move(self, move: Move) -> dict[str, Any]:
        return move.to_record()

    def decode_move(self, entry: Mapping[str, Any]) -> Move:
        """A move from its record entry (SPEC "Game record file"); bad input is a
        :class:`~kcal.core.errors.KcalError` (exit 2) naming the field."""
        from pydantic import ValidationError

        from kcal.core.validation import format_loc

        try:
            model = _move_adapter().validate_python(entry)
            return Move.from_record(model)
        except ValidationError as exc:
            err = exc.errors()[0]
            loc = list(err["loc"])
            if loc and loc[0] in ("place", "discard", "rescue"):  # the union's tag, not a field
                loc = loc[1:]
            where = format_loc(loc, entry)
            raise KcalError(f"not a kCaloria move entry: {where + ': ' if where else ''}{err['msg']}",
                            code="bad-move") from None
        except (KeyError, TypeError, ValueError) as exc:
            raise KcalError(f"not a kCaloria move entry: {exc}", code="bad-move") from None

    def record(self, state: GameState) -> dict[str, Any]:
        """The SPEC game record (tiles inline, decks in dealt order, seed) that ``kcal rules replay``
        replays to this state."""
        return state_to_record(state)

    def evaluate(self, state: GameState) -> dict[str, float]:
        """Each player's estimated share of the win, for the shared searcher's cut playouts: the
        scores on the board now, as :func:`~kcal.core.game.win_shares`."""
        return win_shares(state.scores(), self.eval_scale)

    def rollout_bot(self, game: Any, state: GameState, player: str, rng: Rng) -> Move:
        """The shared searcher's playout bot (kcal.sim.search): the greedy bot over placements alone
        (:func:`~kcal.games.kcaloria.bots.basic.playout_bot`, a third cheaper), for the turn player;
        not one of :meth:`bots`."""
        from kcal.games.kcaloria.bots.basic import playout_bot

        return playout_bot(state, random.Random(rng.next64()))  # type: ignore[no-any-return]

    def prior_bot(self, game: Any, state: GameState, player: str, rng: Rng) -> Move:
        """The shared searcher's prior bot (kcal.sim.search): the lookahead bot's best moves followed
        past the opponent's reply (:func:`~kcal.games.kcaloria.bots.basic.prior_bot`), for the turn
        player; not one of :meth:`bots`. It decides with what ``player`` cannot see redealt
        (:func:`~kcal.games.kcaloria.rules.hidden.seat_view`, from a copy of ``rng``, which it leaves
        as it was): the opponent's reply it follows comes from a guessed hand, not the real one."""
        from kcal.games.kcaloria.bots.basic import prior_bot
        from kcal.games.kcaloria.rules.hidden import seat_view

        redeal = Rng(rng.copy().next64())
        with seat_view(state, _seat(state, player), redeal.shuffle):
            return prior_bot(state)  # type: ignore[no-any-return]

    def bots(self) -> Mapping[str, Bot]:
        from kcal.games.kcaloria.bots.basic import BOTS

        return {name: _core_bot(name, fn) for name, fn in BOTS.items()}


def _core_bot(name: str, policy: Callable[[GameState, random.Random], Move]) -> Bot:
    """An engine bot (``policy(state, random.Random)``, deciding for the turn player) in the core
    signature ``bot(game, state, player, rng)``: its generator is seeded from ``rng.next64()``."""

    def bot(game: Any, state: GameState, player: str, rng: Rng) -> Move:
        if player not in GAME.to_move(state):
            raise UsageError(f"the {name} bot decides for the player to move; {player} is not to move")
        return policy(state, random.Random(rng.next64()))

    bot.__name__ = bot.__qualname__ = f"{name}_bot"
    bot.__doc__ = policy.__doc__
    return bot


GAME = KCaloria()

if TYPE_CHECKING:  # the Game protocol (kcal.core.game), checked by mypy
    _game: Game[Any, Any] = GAME

__all__ = ["GAME", "KCaloria", "EndReason", "builtin_deck"]
