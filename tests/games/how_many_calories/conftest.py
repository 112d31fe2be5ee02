"""Helpers for the How many Calories? tests, offered as the ``hmc`` fixture.

Positions are written as text: ``hands={"A": "yellow 11, red 8"}``; plays as ``"A yellow 11"``.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.games.how_many_calories.files.position import Position
from kcal.games.how_many_calories.game import GAME
from kcal.games.how_many_calories.rules.domain import Card, parse_card
from kcal.games.how_many_calories.rules.moves import Pass, Play
from kcal.games.how_many_calories.rules.state import State

HERE = Path(__file__).resolve().parent
FIXTURES = HERE / "fixtures"
PLAYERS = ("A", "B", "C", "D")
#: one deal of all 32 cards, two of each colour per player, easy to read
DEAL = {
    "A": "red 1, red 8, yellow 3, yellow 11, green 4, green 6, blue 2, blue 5",
    "B": "red 9, red 12, yellow 7, yellow 14, green 10, green 13, blue 15, blue 19",
    "C": "red 17, red 20, yellow 16, yellow 21, green 18, green 23, blue 22, blue 24",
    "D": "red 25, red 28, yellow 26, yellow 30, green 27, green 32, blue 29, blue 31",
}


def cards(text: str) -> tuple[Card, ...]:
    return tuple(parse_card(c) for c in text.split(",") if c.strip())


def position(hands: Mapping[str, str], players: tuple[str, ...] = PLAYERS, *, variant: str | None = None,
             limit: int | None = None, rounds: int | None = None, won: Mapping[str, str] | None = None,
             trick: Iterable[str] = (), seed: int = 0, starts: list[str | None] | None = None,
             **fields: Any) -> State:
    """A game started from a position (see ``position.Position``); ``starts``: the start players
    named for each round (the option ``starts``)."""
    pos = Position(hands={p: cards(h) for p, h in hands.items()},
                   won={p: cards(w) for p, w in (won or {}).items()},
                   trick=tuple((e.split()[0], parse_card(" ".join(e.split()[1:]))) for e in trick), **fields)
    options: dict[str, Any] = {"start": pos}
    if limit is not None:
        options["limit"] = limit
    if rounds is not None:
        options["rounds"] = rounds
    if starts is not None:
        options["starts"] = starts
    return GAME.new_state(Setup(players, variant, options), seed)


def dealt(hands: Mapping[str, str] | None = DEAL, players: tuple[str, ...] = PLAYERS, seed: int = 0,
          variant: str | None = None, **options: Any) -> State:
    """A new game whose first deal is ``hands`` (None: from the seed)."""
    if hands is not None:
        options["hands"] = [{p: list(cards(h)) for p, h in hands.items()}]
    return GAME.new_state(Setup(players, variant, options), seed)


def play(state: State, *entries: str) -> None:
    """Apply plays written ``"A yellow 11"``."""
    for entry in entries:
        player, _, card = entry.partition(" ")
        GAME.apply(state, player, Play(parse_card(card)))


def passes(state: State, chosen: Mapping[str, str]) -> None:
    for player, text in chosen.items():
        GAME.apply(state, player, Pass(cards(text)))


def why(state: State, entry: str) -> str | None:
    player, _, card = entry.partition(" ")
    return GAME.why_illegal(state, player, Play(parse_card(card)))


def play_out(state: State, bot: str = "random", seed: int = 1, stop: Any = None) -> State:
    """Play on with one bot for every seat until the game ends (or ``stop(state)`` is true)."""
    bots = GAME.bots()
    rng = Rng(seed)
    while GAME.to_move(state) and not (stop and stop(state)):
        for player in GAME.to_move(state):
            GAME.apply(state, player, bots[bot](GAME, state, player, rng))
    return state


def finish_round(state: State, bot: str = "random", seed: int = 1) -> State:
    start = state.round
    return play_out(state, bot, seed, stop=lambda s: s.round != start)


def tricks(state: State) -> list[dict[str, Any]]:
    """Every finished trick so far, as the replay's JSON shows it."""
    from kcal.games.how_many_calories.files.record import round_history

    return [t for r in round_history(state) for t in r["tricks"]]


def match(lineup: list[str], games: int, seed: int = 1, variant: str | None = None,
          bots: Mapping[str, Any] | None = None) -> SimpleNamespace:
    """A small local driver, shaped like ``sim match``: seats rotate each game, every player in
    ``to_move`` moves (each seat with its own generator), and ``sim.tally`` counts each finished game.
    Returns per-bot-slot wins (shared wins split) and scores, and the summed counters."""
    from collections import Counter

    from kcal.core.seeding import derive_seed
    from kcal.games.how_many_calories import sim

    table = bots or GAME.bots()
    n = len(lineup)
    players = tuple("ABCDEFGH"[:n])
    wins = [0.0] * n
    scores = [0] * n
    totals: Counter[str] = Counter()
    for g in range(games):
        seat_slot = [(i + g) % n for i in range(n)]  # seat i plays lineup[seat_slot[i]]
        state = GAME.new_state(Setup(players, variant), derive_seed(seed, "game", g))
        rngs = [Rng(derive_seed(seed, "seat", g, i)) for i in range(n)]
        while GAME.to_move(state):
            for player in GAME.to_move(state):
                i = players.index(player)
                GAME.apply(state, player, table[lineup[seat_slot[i]]](GAME, state, player, rngs[i]))
        outcome = GAME.outcome(state)
        for i, player in enumerate(players):
            slot = seat_slot[i]
            scores[slot] += int(outcome.scores[player])
            if player in outcome.winners:
                wins[slot] += 1 / len(outcome.winners)
        totals.update(sim.tally(GAME, state))
    return SimpleNamespace(wins=wins, scores=scores, totals=dict(totals), games=games)


def write_yaml(path: Path, data: Any) -> Path:
    from ruamel.yaml import YAML

    yaml = YAML(typ="safe", pure=True)
    yaml.default_flow_style = None
    with path.open("w", encoding="utf-8") as f:
        yaml.dump(data, f)
    return path


@pytest.fixture(scope="session")
def hmc() -> SimpleNamespace:
    return SimpleNamespace(game=GAME, cards=cards, card=parse_card, position=position, dealt=dealt,
                           play=play, passes=passes, tricks=tricks, match=match, why=why, play_out=play_out, finish_round=finish_round,
                           write_yaml=write_yaml, DEAL=DEAL, PLAYERS=PLAYERS, FIXTURES=FIXTURES, HERE=HERE)
