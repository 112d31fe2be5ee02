"""The rules of Food Chain (docs/README.md), its two bots and its record, as a kcal Game."""

from __future__ import annotations

from copy import deepcopy
from dataclasses import dataclass, field
from enum import Enum
from functools import cache
from typing import Any

from food_chain import PACK
from food_chain.catalog import builtin
from kcal.core.errors import KcalError
from kcal.core.game import Outcome, RulesGame, Setup
from kcal.core.rng import Rng

HAND = 3
PASS = "pass"  # the move of a player with no card to play; any other move is a card's name
End = Enum("End", {"HANDS_EMPTY": "hands-empty", "BLOCKED": "blocked"})


@dataclass
class State:
    players: tuple[str, ...]
    seed: int
    rng: Rng
    hands: dict[str, list[str]]
    pile: list[str]
    chain: list[str] = field(default_factory=list)
    scores: dict[str, int] = field(default_factory=dict)
    passes: int = 0
    moves: list[tuple[str, str]] = field(default_factory=list)


@cache
def levels() -> dict[str, int]:
    """Each card's level (1 producer to 4 apex), by its name."""
    return {c.name: c.level for c in builtin().cards}


def new_state(setup: Setup, seed: int) -> State:
    PACK.info.check_players(len(setup.players), setup.variant)
    deck = [c.name for c in builtin().cards for _ in range(c.copies)]
    rng = Rng(seed)
    rng.shuffle(deck)
    hands = {p: sorted(deck[i * HAND:(i + 1) * HAND]) for i, p in enumerate(setup.players)}
    return State(setup.players, seed, rng, hands, deck[len(setup.players) * HAND:],
                 scores=dict.fromkeys(setup.players, 0))


def to_move(state: State) -> tuple[str, ...]:
    return () if outcome(state) else (state.players[len(state.moves) % len(state.players)],)


def playable(state: State, card: str) -> bool:
    """A producer starts a new chain at any time; any other card goes one level above the top."""
    return levels()[card] == 1 or bool(state.chain) and levels()[card] == levels()[state.chain[-1]] + 1


def legal_moves(state: State, player: str) -> list[str]:
    if player not in to_move(state):
        return []
    return sorted({c for c in state.hands[player] if playable(state, c)}) or [PASS]


def why_illegal(state: State, player: str, move: str) -> str | None:
    if player not in to_move(state):
        return f"it is not {player}'s turn" if player in state.players else f"{player!r} is not a player"
    if move == PASS:
        return None if legal_moves(state, player) == [PASS] else "a player who can play a card must play one"
    if move not in state.hands[player]:
        return f"{player} has no {move!r} in hand"
    return None if playable(state, move) else f"{move} cannot go on {(state.chain or ['an empty chain'])[-1]}"


def execute(state: State, player: str, move: str) -> None:
    state.moves.append((player, move))
    state.passes = state.passes + 1 if move == PASS else 0
    if move != PASS:
        state.hands[player].remove(move)
        state.scores[player] += levels()[move]
        state.chain = [] if levels()[move] == 4 else [move] if levels()[move] == 1 else [*state.chain, move]
    if state.pile:
        state.hands[player] = sorted([*state.hands[player], state.pile.pop()])


def outcome(state: State) -> Outcome | None:
    if any(state.hands.values()) and not (state.passes >= len(state.players) and not state.pile):
        return None
    best = max(state.scores.values())
    reason = End.BLOCKED if any(state.hands.values()) else End.HANDS_EMPTY
    return Outcome(reason, dict(state.scores), tuple(p for p in state.players if state.scores[p] == best))


def view(state: State, player: str) -> dict[str, Any]:
    return {"player": player, "hand": list(state.hands[player]), "chain": list(state.chain),
            "hands": {p: len(h) for p, h in state.hands.items()}, "pile": len(state.pile),
            "scores": dict(state.scores), "to_move": list(to_move(state)), "players": list(state.players)}


def determinize(state: State, player: str, seed: int) -> State:
    """The others' hands and the pile dealt again from ``seed`` (sorted first: where they were is hidden)."""
    out = deepcopy(state)
    unseen = sorted(out.pile + [c for p, h in out.hands.items() if p != player for c in h])
    Rng(seed).shuffle(unseen)
    for p in out.players:
        if p != player:
            out.hands[p], unseen = sorted(unseen[:len(out.hands[p])]), unseen[len(out.hands[p]):]
    out.pile = unseen
    return out


def record(state: State) -> dict[str, Any]:
    return {"game": PACK.info.id, "players": list(state.players), "variant": None, "seed": state.seed,
            "moves": [{"player": p, "move": m} for p, m in state.moves]}


def decode_move(entry: Any) -> str:
    move = entry.get("move") if isinstance(entry, dict) else None
    if not isinstance(move, str) or (move != PASS and move not in levels()):
        raise KcalError(f"a move is 'pass' or a card's name ({', '.join(levels())}), not {move!r}")
    return move


def greedy_bot(game: Any, state: State, player: str, rng: Rng) -> str:
    """The highest card it may play (an apex closes the chain); the strongest bot of kcal balance bots."""
    return max(legal_moves(state, player), key=lambda m: levels().get(m, 0))


GAME: RulesGame[State, str] = RulesGame(
    PACK.info, new_state=new_state, clone=deepcopy, to_move=to_move, legal_moves=legal_moves,
    why_illegal=why_illegal, execute=execute, outcome=outcome, view=view, determinize=determinize,
    encode_move=lambda m: {"move": m}, decode_move=decode_move, record=record, strongest_bot="greedy",
    bots=lambda: {"random": lambda g, s, p, rng: rng.choice(legal_moves(s, p)), "greedy": greedy_bot})
