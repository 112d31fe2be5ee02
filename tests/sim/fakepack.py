"""A tiny dice race behind :class:`kcal.core.game.Game`, for testing the shared simulator without any
real pack. Importable as ``tests.sim.fakepack`` so worker processes (fork, spawn, Dask) load it.

Rules: every player first picks a warm-up of 1 or 2 points, all at once (a simultaneous step). Then,
in turn order, a player still racing rolls a die (adds 1-6; above the target they bust: score 0) or
holds (done). ``wait`` does nothing and passes the turn (a stalling move, for the move cap). The game
ends when nobody is racing; the highest score wins, ties share the win.
Options: ``target`` (10 to 100, default 21). Variant ``crowd`` allows 5 players.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any

from kcal.core.errors import KcalError
from kcal.core.game import Bot, GameInfo, IllegalMove, Outcome, Setup, Variant
from kcal.core.registry import Pack
from kcal.core.rng import Rng
from kcal.core.suggest import did_you_mean

ID = "dice-race"
HERE = "tests.sim.fakepack"
OPTIONS = ("target",)


class End(Enum):
    HELD = "held"
    ALL_BUST = "all_bust"


@dataclass(frozen=True)
class Move:
    kind: str  # warm | roll | hold | wait
    value: int = 0


@dataclass
class State:
    players: tuple[str, ...]
    seed: int
    variant: str | None
    target: int
    rng: Rng
    totals: dict[str, int]
    warmed: set[str] = field(default_factory=set)
    done: set[str] = field(default_factory=set)
    bust: set[str] = field(default_factory=set)
    turn: int = 0
    log: list[tuple[str, Move]] = field(default_factory=list)

    @property
    def racing(self) -> list[str]:
        return [p for p in self.players if p not in self.done and p not in self.bust]


class DiceRace:
    info = GameInfo(id=ID, name="Dice Race", min_players=2, max_players=4, simultaneous=True,
                    hidden_information=False, variants=(Variant("crowd", "five players", house_rule=True),),
                    supports=("sim",), player_variants={5: "crowd"})

    def new_state(self, setup: Setup, seed: int) -> State:
        for key in setup.options:
            if key not in OPTIONS:
                raise KcalError(f"unknown option {key!r}{did_you_mean(str(key), OPTIONS)}", code="setup")
        target = setup.options.get("target", 21)
        if isinstance(target, bool) or not isinstance(target, int) or not 10 <= target <= 100:
            raise KcalError(f"option target: {target!r} is not a whole number from 10 to 100", code="setup")
        players = tuple(setup.players)
        return State(players, seed, setup.variant, target, Rng(seed), {p: 0 for p in players})

    def clone(self, state: State) -> State:
        return State(state.players, state.seed, state.variant, state.target, state.rng.copy(),
                     dict(state.totals), set(state.warmed), set(state.done), set(state.bust), state.turn,
                     list(state.log))

    def to_move(self, state: State) -> tuple[str, ...]:
        if len(state.warmed) < len(state.players):
            return tuple(p for p in state.players if p not in state.warmed)
        if not state.racing:
            return ()
        return (state.players[state.turn],)

    def legal_moves(self, state: State, player: str) -> list[Move]:
        if player not in self.to_move(state):
            return []
        if player not in state.warmed:
            return [Move("warm", 1), Move("warm", 2)]
        return [Move("roll"), Move("hold"), Move("wait")]

    def why_illegal(self, state: State, player: str, move: Move) -> str | None:
        if move in self.legal_moves(state, player):
            return None
        return f"{player} may not {move.kind} now"

    def apply(self, state: State, player: str, move: Move) -> None:
        reason = self.why_illegal(state, player, move)
        if reason is not None:
            raise IllegalMove(reason, move=move)
        state.log.append((player, move))
        if move.kind == "warm":
            state.totals[player] += move.value
            state.warmed.add(player)
            return
        if move.kind == "roll":
            state.totals[player] += state.rng.below(6) + 1
            if state.totals[player] > state.target:
                state.bust.add(player)
        elif move.kind == "hold":
            state.done.add(player)
        n = len(state.players)
        for step in range(1, n + 1):
            nxt = (state.turn + step) % n
            if state.players[nxt] in state.racing:
                state.turn = nxt
                return

    def outcome(self, state: State) -> Outcome | None:
        if self.to_move(state):
            return None
        scores = {p: (0 if p in state.bust else state.totals[p]) for p in state.players}
        alive = [p for p in state.players if p not in state.bust]
        if not alive:
            return Outcome(End.ALL_BUST, scores, ())
        best = max(scores[p] for p in alive)
        return Outcome(End.HELD, scores, tuple(p for p in alive if scores[p] == best))

    def view(self, state: State, player: str) -> dict[str, Any]:
        return {"totals": dict(state.totals), "me": player}

    def determinize(self, state: State, player: str, seed: int) -> State:
        return self.clone(state)

    def encode_move(self, move: Move) -> dict[str, Any]:
        return {"move": move.kind, "value": move.value} if move.kind == "warm" else {"move": move.kind}

    def decode_move(self, entry: Mapping[str, Any]) -> Move:
        return Move(str(entry["move"]), int(entry.get("value", 0)))

    def record(self, state: State) -> dict[str, Any]:
        return {"game": ID, "players": list(state.players), "seed": state.seed, "variant": state.variant,
                "options": {"target": state.target},
                "moves": [{"player": p, **self.encode_move(m)} for p, m in state.log]}

    def bots(self) -> Mapping[str, Bot]:
        return BOTS


def _threshold(margin: int) -> Bot:
    def bot(game: DiceRace, state: State, player: str, rng: Rng) -> Move:
        if player not in state.warmed:
            return Move("warm", 2)
        return Move("roll") if state.totals[player] < state.target - margin else Move("hold")

    return bot


def _random(game: DiceRace, state: State, player: str, rng: Rng) -> Move:
    return rng.choice([m for m in game.legal_moves(state, player) if m.kind != "wait"])


def _waiter(game: DiceRace, state: State, player: str, rng: Rng) -> Move:
    return Move("warm", 1) if player not in state.warmed else Move("wait")


def _cheat(game: DiceRace, state: State, player: str, rng: Rng) -> Move:
    return Move("warm", 3)


BOTS: dict[str, Bot] = {"Cautious": _threshold(6), "bold": _threshold(2), "random": _random,
                        "waiter": _waiter, "cheat": _cheat}
GAME = DiceRace()


class Sim:
    """The pack's ``sim`` hook: busts and rolls per game."""

    @staticmethod
    def tally(game: DiceRace, state: State) -> dict[str, int]:
        return {"busts": len(state.bust), "rolls": sum(1 for _, m in state.log if m.kind == "roll")}

    @staticmethod
    def summarize(totals: Mapping[str, int], games: int) -> dict[str, Any]:
        return {"busts_per_game": totals.get("busts", 0) / games if games else None,
                "rolls_per_game": totals.get("rolls", 0) / games if games else None}

    @staticmethod
    def summary_lines(summary: Mapping[str, Any]) -> list[str]:
        if summary.get("busts_per_game") is None:
            return []
        return [f"busts per game {summary['busts_per_game']:.3f}, rolls per game {summary['rolls_per_game']:.2f}"]


PACK = Pack(info=DiceRace.info, hooks={"game": f"{HERE}:GAME", "sim": f"{HERE}:Sim"})
#: the same game without a ``sim`` hook
BARE = Pack(info=GameInfo(id="dice-bare", name="Dice Race (bare)", min_players=2, max_players=4,
                          simultaneous=True, hidden_information=False), hooks={"game": f"{HERE}:GAME"})
#: a pack whose rules cannot be imported
BROKEN = Pack(info=GameInfo(id="dice-broken", name="Dice Race (broken)", min_players=2, max_players=4,
                            simultaneous=True, hidden_information=False),
              hooks={"game": f"{HERE}_missing:GAME"})
PACKS = {p.id: p for p in (PACK, BARE, BROKEN)}


def replay(record: Mapping[str, Any]) -> State:
    """Play a record back through the decoder: the state it ends in."""
    setup = Setup(tuple(record["players"]), record.get("variant"), dict(record.get("options") or {}))
    state = GAME.new_state(setup, int(record["seed"]))
    for entry in record["moves"]:
        GAME.apply(state, entry["player"], GAME.decode_move(entry))
    return state
