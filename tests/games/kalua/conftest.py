"""Helpers for the Kalua tests, offered as the ``kalua`` fixture.

Positions are written as mappings: ``gods={"A": {"hand": ["Tornado"], "pp": 9}}`` (missing gods and
fields take the setup's values: 10 families, a leader, 5 PP, happiness 5, no cards); moves as record
entries: ``do(state, "A", play="Tornado")``.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.games.kalua.files.position import God, Position
from kcal.games.kalua.game import GAME
from kcal.games.kalua.rules.moves import decode_move
from kcal.games.kalua.rules.state import State

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
PLAYERS = ("A", "B", "C", "D")


def position(gods: Mapping[str, Mapping[str, Any]] | None = None, players: tuple[str, ...] = PLAYERS, *,
             seed: int = 0, turn_limit: int | None = None, **fields: Any) -> State:
    """A game started from a position (``phase`` defaults to cards: the active god's first card)."""
    gods = gods or {}
    fields.setdefault("phase", "cards")
    pos = Position(gods={p: God(**{k: tuple(v) if isinstance(v, list) else v
                                   for k, v in gods.get(p, {}).items()}) for p in players}, **fields)
    options: dict[str, Any] = {"start": pos}
    if turn_limit is not None:
        options["turn_limit"] = turn_limit
    return GAME.new_state(Setup(players, None, options), seed)


def new(players: tuple[str, ...] = PLAYERS, seed: int = 0, **options: Any) -> State:
    return GAME.new_state(Setup(players, None, options), seed)


def move(**entry: Any) -> Any:
    if "from_" in entry:
        entry["from"] = entry.pop("from_")
    return decode_move(entry)


def do(state: State, player: str, **entry: Any) -> State:
    """Apply one move written as a record entry; returns the state."""
    GAME.apply(state, player, move(**entry))
    return state


def settle(state: State) -> State:
    """Every god still to answer the card just played answers nothing."""
    from kcal.games.kalua.rules.state import REPLY

    while state.step == REPLY:
        GAME.apply(state, state.rules.players[state.cursor], decode_move({"reply": "none"}))
    return state


def why(state: State, player: str, **entry: Any) -> str | None:
    return GAME.why_illegal(state, player, move(**entry))


def fams(state: State) -> dict[str, int]:
    return {p: state.families[s] for s, p in enumerate(state.rules.players)}


def happy(state: State) -> dict[str, int]:
    return {p: state.happy[s] for s, p in enumerate(state.rules.players)}


def pp(state: State) -> dict[str, int]:
    return {p: state.pp[s] for s, p in enumerate(state.rules.players)}


def hand(state: State, player: str) -> list[str]:
    return sorted(state.card_name(c) for c in state.hands[state.rules.seat_of[player]])


def kept(state: State, player: str) -> list[str]:
    return sorted(state.card_name(c) for c in state.kept[state.rules.seat_of[player]])


def to_move(state: State) -> str | None:
    acting = GAME.to_move(state)
    return acting[0] if acting else None


def play_out(state: State, bot: str = "random", seed: int = 1, max_moves: int = 100_000) -> State:
    bots = GAME.bots()
    rng = Rng(seed)
    for _ in range(max_moves):
        acting = GAME.to_move(state)
        if not acting:
            break
        GAME.apply(state, acting[0], bots[bot](GAME, state, acting[0], rng))
    return state


def write_yaml(path: Path, data: Any) -> Path:
    from kcal.sim.records import record_yaml

    path.write_text(record_yaml(data), encoding="utf-8")
    return path


def with_kalua(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register the pack for this test as the lead's entry point will (the CLI finds it by id)."""
    from importlib.metadata import EntryPoint

    from kcal.core import registry

    own = dict(registry._own_entry_points())
    own["kalua"] = EntryPoint("kalua", "kcal.games.kalua:PACK", "kcal.games")
    monkeypatch.setattr(registry, "_own_entry_points", lambda: own)
    registry._all_entry_points.cache_clear()
    registry.get.cache_clear()


@pytest.fixture(scope="session")
def kalua() -> SimpleNamespace:
    return SimpleNamespace(game=GAME, position=position, new=new, move=move, do=do, settle=settle, why=why, fams=fams,
                           happy=happy, pp=pp, hand=hand, kept=kept, to_move=to_move, play_out=play_out,
                           write_yaml=write_yaml, FIXTURES=FIXTURES, HERE=HERE, PLAYERS=PLAYERS)


@pytest.fixture
def registered(monkeypatch: pytest.MonkeyPatch):
    with_kalua(monkeypatch)
    yield
    from kcal.core import registry

    registry._all_entry_points.cache_clear()
    registry.get.cache_clear()
