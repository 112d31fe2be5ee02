"""Whole games of random moves walked through a pack's table picture (``kcal play``'s ``table`` hook), at the
library level: the walk and the checks the shared test (tests/play/test_table_pictures.py) runs on every
pack that draws a picture, and that a pack's own tests (tests/games/<pack>/test_table_targets.py) run with
what the pack's target keys say of their moves (``agrees``)."""

from __future__ import annotations

import json
from collections.abc import Callable, Collection, Mapping
from typing import Any

from kcal.core import registry
from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.play.picture import MARGIN, offers
from kcal.sim.match import load_game, seat_names

#: the picture's width on a 390 px wide phone (one column: the page's padding and borders; the picture
#: takes the full width, whatever its height), and its box at 1280x900 (measured in Chromium: 665 px
#: across, at most 45% of the 757 px of the window's page)
PHONE_W = 350.0
DESK_W, DESK_H = 665.0, 0.45 * 757
TOUCH = 44.0
CHECK_EVERY = 3  #: the determinized world is compared every this many moves

#: what a target's key says about the moves it plays: the key's kind -> (its name, the move's record entry,
#: the seat's view) -> whether the move is one the thing shown is touched for
Agrees = Mapping[str, Callable[[str, Mapping[str, Any], Mapping[str, Any]], bool]]


def packs() -> list[str]:
    """Every pack that draws a table picture."""
    return [p for p in registry.ids() if offers(registry.get(p))]


def card_of(entry: Mapping[str, Any]) -> Any:
    """The card a record entry plays, answers with, discards or names (None: no card)."""
    return next((entry[k] for k in ("play", "reply", "discard", "card") if k in entry), None)


def _setup(game: Any, most: bool = False) -> Setup:
    info = game.info
    n = info.max_players if most else min(max(info.min_players, 3), info.max_players)
    return Setup(players=seat_names(n))


def walk(pack_id: str, seed: int, check: Callable[[Any, Any, str, int], None], max_moves: int = 3000,
         most: bool = False) -> int:
    """A whole game; ``check(game, state, seat, k)`` before each move of the seat to move. Half the moves
    are a random legal move, half a random target of the picture clicked (as a player at the table: a
    kCaloria hand's many discards would otherwise leave its map empty)."""
    game = load_game(registry.get(pack_id))
    state = game.new_state(_setup(game, most), seed)
    rng = Rng(seed)
    k = 0
    while game.outcome(state) is None and k < max_moves:
        seat = game.to_move(state)[-1]
        check(game, state, seat, k)
        legal = game.legal_moves(state, seat)
        _, targets, _ = picture(pack_id, game, state, seat)
        pick = rng.below(len(legal))
        if targets and rng.below(2):
            moves = list(targets.values())[rng.below(len(targets))]
            pick = moves[rng.below(len(moves))]
        game.apply(state, seat, legal[pick])
        k += 1
    return k


def picture(pack_id: str, game: Any, state: Any, seat: str) -> tuple[list[Any], dict[str, list[int]], list[Any]]:
    """The seat's picture: its items, its targets (key -> indexes of legal moves) and the legal moves as
    record entries."""
    legal = [game.encode_move(m) for m in game.legal_moves(state, seat)]
    items, targets = registry.get(pack_id).hook("table").table_picture(game.view(state, seat), legal)
    return list(items), {k: list(v) for k, v in targets.items()}, legal


def check_targets(pack_id: str, agrees: Agrees | None = None, rare: Collection[str] = ()) -> None:
    """Two whole games: no two items share a key, every target is an item and plays legal moves (indexes
    into the seat's legal list), at least 80% of the legal moves are played from the picture (the rest
    from the list, the fallback). With ``agrees``: every target's moves are the ones its key says, and
    every kind of key but the ``rare`` ones (drawn only in variants or rare positions) is drawn."""
    seen: set[str] = set()
    reached = [0, 0]

    def check(game: Any, state: Any, seat: str, k: int) -> None:
        view = game.view(state, seat)
        items, targets, legal = picture(pack_id, game, state, seat)
        keys = [i.key for i in items]
        assert len(keys) == len(set(keys)), "two items share a key"
        for key, moves in targets.items():
            assert key in keys, key
            assert moves and all(0 <= i < len(legal) for i in moves), (key, moves)
            kind, _, name = key.partition(":")
            seen.add(kind)
            if agrees is not None:
                assert kind in agrees, key
                for i in moves:
                    assert agrees[kind](name, legal[i], view), (key, legal[i])
        covered = {i for moves in targets.values() for i in moves}
        reached[0] += len(covered)
        reached[1] += len(legal)

    for seed in (1, 2):
        walk(pack_id, seed, check)
    if agrees is not None:
        assert set(agrees) - set(rare) <= seen, f"targets never drawn: {set(agrees) - seen}"
    # most moves are played from the picture (the rest from the list, the fallback)
    assert reached[0] >= 0.8 * reached[1], reached


def check_view_alone(pack_id: str) -> None:
    """A world redealt behind the seat's back (the pack's ``Game.determinize``, the same view) gives the
    very same picture and targets, every ``CHECK_EVERY`` moves of a whole game."""
    compared = 0

    def check(game: Any, state: Any, seat: str, k: int) -> None:
        nonlocal compared
        if k % CHECK_EVERY:
            return
        for p in game.view(state, seat)["players"] if "players" in game.view(state, seat) else [seat]:
            world = game.determinize(state, p, 1000 + k)
            assert json.dumps(game.view(world, p), sort_keys=True) == json.dumps(game.view(state, p), sort_keys=True)
            mine = picture(pack_id, game, state, p)
            theirs = picture(pack_id, game, world, p)
            assert mine[2] == theirs[2], "the seat's legal moves differ in a world with its view"
            assert mine[:2] == theirs[:2], f"{p}'s picture shows something outside {p}'s view"
            compared += 1

    walk(pack_id, 5, check)
    assert compared > 10


def check_touch(pack_id: str, most: bool) -> None:
    """Every target is large enough to touch (``TOUCH`` px) at the page's scale on a phone and at 1280x900,
    and no target's middle is covered by another target, over a whole game (3 players, or ``most``)."""
    from kcal.viewer.scene import bounds

    def check(game: Any, state: Any, seat: str, k: int) -> None:
        items, targets, _ = picture(pack_id, game, state, seat)
        _, _, w, h = bounds(items, MARGIN)
        scale = min(PHONE_W / w, DESK_W / w, DESK_H / h)
        boxes = {i.key: i.bbox() for i in items if i.key in targets}
        for key, (x0, y0, x1, y1) in boxes.items():
            assert min(x1 - x0, y1 - y0) * scale >= TOUCH, (key, (x1 - x0) * scale, (y1 - y0) * scale)
        for a, p in boxes.items():  # a target's middle is no other target's (hexes interlock: not their boxes)
            mx, my = (p[0] + p[2]) / 2, (p[1] + p[3]) / 2
            for b, q in boxes.items():
                assert a == b or not (q[0] < mx < q[2] and q[1] < my < q[3]), (a, b)

    walk(pack_id, 3, check, most=most)
