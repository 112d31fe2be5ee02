"""Helpers for the EcoLogic: Europe tests: positions written as data (``start:`` of a record)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kcal.core.game import Setup
from kcal.games.ecologic_europe.files.moves import parse_card
from kcal.games.ecologic_europe.game import GAME
from kcal.games.ecologic_europe.rules.state import State

FIXTURES = Path(__file__).resolve().parent / "fixtures"
HABITATS = ["meadows", "deciduous", "rivers", "wetlands"]
#: cards that keep a player in the habitation phase when a test gives no hand (no test places them)
FILLER = ["Ursus arctos", "Canis lupus", "Lynx lynx", "Bison bonasus"]


def position(places: dict[str, dict[str, Any]] | None = None, hands: dict[str, list[str]] | None = None,
             *, players: tuple[str, ...] = ("A", "B"), season: str = "spring",
             habitats: dict[str, list[str]] | None = None, jokers: dict[str, int] | None = None,
             variant: str | None = None, stack: list[str] | None = None, seed: int = 1,
             expansions: list[str] | None = None, **more: Any) -> State:
    """A game from a start position; ``places`` is ``{player: {"h1.1": "Latin" or {cards, biomass,
    remains}}}``; every player holds ``hands`` (default: one FILLER card each, so nobody is out)."""
    norm: dict[str, dict[str, Any]] = {}
    for p, spots in (places or {}).items():
        norm[p] = {k: ({"cards": [v]} if isinstance(v, str) else v) for k, v in spots.items()}
    if hands is None:
        hands = {p: [FILLER[i]] for i, p in enumerate(players)}
    start: dict[str, Any] = {"season": season,
                             "habitats": habitats or {p: list(HABITATS[:3] if variant == "express" else HABITATS)
                                                      for p in players},
                             "places": norm, "hands": hands or {}, "jokers": jokers or {}}
    if stack is not None:
        start["stack"] = stack
    start.update(more)
    options: dict[str, Any] = {"start": start}
    if expansions:
        options["expansions"] = expansions
    return GAME.new_state(Setup(players, variant, options), seed)


def card(latin: str) -> int:
    return parse_card(latin)


def at(state: State, player: str, spot: str) -> dict[str, Any]:
    from kcal.games.ecologic_europe.rules.view import ecosystem_json

    return ecosystem_json(state, state.rules.seat_of[player])["places"].get(spot, {})


def random_game(setup: Setup, seed: int) -> tuple[State, list[list[Any]]]:
    """A random playout through the game interface (``core.game.random_mover`` seeded with ``seed``):
    the finished state and every ``[player, encoded move]``, for the tests that pin games."""
    from kcal.core.game import random_mover
    from kcal.core.rng import Rng

    state = GAME.new_state(setup, seed)
    mover = random_mover(GAME, Rng(seed))
    moves: list[list[Any]] = []
    while GAME.to_move(state):
        for p in GAME.to_move(state):
            m = mover(state, p)
            moves.append([p, GAME.encode_move(m)])
            GAME.apply(state, p, m)
    return state, moves
