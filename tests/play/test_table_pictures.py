"""The pictures ``kcal play`` draws of a seat's table (the ``table`` hook), at the library
level, over whole games of random moves of every pack that draws one:

- every target is an item of the picture and plays legal moves (indexes into the seat's legal list),
  and the moves a target plays are the ones the thing it shows is touched for (a card in hand plays that
  card, a deck draws from that deck, a god's card names that god...);
- nothing from outside the seat's view is drawn: a world redealt behind the seat's back (the pack's
  ``Game.determinize``, the same view) gives the very same picture and targets;
- every target is large enough to touch (44 px) at the page's scale on a phone (the picture takes a
  390 px wide screen's width) and at 1280x900 (the picture at most 45% of the window's height), and
  no target's middle is covered by another target.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any

import pytest

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


def _card_of(entry: Mapping[str, Any]) -> Any:
    return next((entry[k] for k in ("play", "reply", "discard", "card") if k in entry), None)


#: per pack: what a target's key says about the moves it plays (the key's kind, its name -> the entry)
AGREES: dict[str, dict[str, Callable[[str, Mapping[str, Any], Mapping[str, Any]], bool]]] = {
    "kalua": {
        "deck": lambda name, e, v: name in (e.get("draw"), e.get("buy")),
        "island": lambda name, e, v: "convert" in e,
        "god": lambda name, e, v: (e.get("from") == name or e.get("target") == name
                                   or (name == v["player"] and "leader" in e and "from" not in e)),
        "hand": lambda name, e, v: _card_of(e) == v["hand"][int(name)],
        "no-answer": lambda name, e, v: e.get("reply") == "none",
    },
    "ecologic-europe": {
        "spot": lambda name, e, v: e.get("at") == name and "place" in e,
        "pile": lambda name, e, v: e.get("draw") == name,
        "hand": lambda name, e, v: v["hand"][int(name)] in json.dumps(e),
        "jokers": lambda name, e, v: isinstance(e.get("exchange"), list) and "draw" not in e,
        "keep": lambda name, e, v: e.get("exchange") == "none",
        "trade": lambda name, e, v: "trade" in e,
        "pass-keep": lambda name, e, v: e.get("pass") == "keep",
        "pass-discard": lambda name, e, v: e.get("pass") == "discard",
        "other": lambda name, e, v: not ({"trade", "pass"} & set(e)) and "at" not in e,
    },
    "kcaloria": {
        "hex": lambda name, e, v: list(e.get("at") or ()) == [int(x) for x in name.split(",")] and "tile" in e,
        "hand": lambda name, e, v: e.get("tile") == v["hand"][int(name)] or e.get("discard") == [v["hand"][int(name)]],
        "discard-several": lambda name, e, v: len(e.get("discard") or ()) > 1,
    },
}
#: targets a pack draws only in variants or rare positions the random games here need not reach
RARE: dict[str, set[str]] = {"ecologic-europe": {"other"}}


PACKS = [p for p in registry.ids() if offers(registry.get(p))]  # every pack that draws a table picture


def _setup(game: Any, most: bool = False) -> Setup:
    info = game.info
    n = info.max_players if most else min(max(info.min_players, 3), info.max_players)
    return Setup(players=seat_names(n))


def _walk(pack_id: str, seed: int, check: Callable[[Any, Any, str, int], None], max_moves: int = 3000,
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
        _, targets, _ = _picture(pack_id, game, state, seat)
        pick = rng.below(len(legal))
        if targets and rng.below(2):
            moves = list(targets.values())[rng.below(len(targets))]
            pick = moves[rng.below(len(moves))]
        game.apply(state, seat, legal[pick])
        k += 1
    return k


def _picture(pack_id: str, game: Any, state: Any, seat: str) -> tuple[list[Any], dict[str, list[int]], list[Any]]:
    legal = [game.encode_move(m) for m in game.legal_moves(state, seat)]
    items, targets = registry.get(pack_id).hook("table").table_picture(game.view(state, seat), legal)
    return list(items), {k: list(v) for k, v in targets.items()}, legal


def _box(item: Any) -> tuple[float, float, float, float]:
    return item.bbox()


@pytest.mark.parametrize("pack_id", PACKS)
def test_every_target_plays_the_legal_moves_of_what_it_shows(pack_id):
    if pack_id not in AGREES:
        pytest.skip(f"{pack_id}: what its targets' keys say of their moves is not declared here (AGREES)")
    agrees = AGREES[pack_id]
    seen: set[str] = set()
    reached = [0, 0]

    def check(game: Any, state: Any, seat: str, k: int) -> None:
        view = game.view(state, seat)
        items, targets, legal = _picture(pack_id, game, state, seat)
        keys = [i.key for i in items]
        assert len(keys) == len(set(keys)), "two items share a key"
        for key, moves in targets.items():
            assert key in keys, key
            assert moves and all(0 <= i < len(legal) for i in moves), (key, moves)
            kind, _, name = key.partition(":")
            seen.add(kind)
            for i in moves:
                assert agrees[kind](name, legal[i], view), (key, legal[i])
        covered = {i for moves in targets.values() for i in moves}
        reached[0] += len(covered)
        reached[1] += len(legal)

    for seed in (1, 2):
        _walk(pack_id, seed, check)
    assert set(agrees) - RARE.get(pack_id, set()) <= seen, f"targets never drawn: {set(agrees) - seen}"
    # most moves are played from the picture (the rest from the list, the fallback)
    assert reached[0] >= 0.8 * reached[1], reached


@pytest.mark.parametrize("pack_id", PACKS)
def test_the_picture_is_drawn_from_the_seats_view_alone(pack_id):
    compared = 0

    def check(game: Any, state: Any, seat: str, k: int) -> None:
        nonlocal compared
        if k % CHECK_EVERY:
            return
        for p in game.view(state, seat)["players"] if "players" in game.view(state, seat) else [seat]:
            world = game.determinize(state, p, 1000 + k)
            assert json.dumps(game.view(world, p), sort_keys=True) == json.dumps(game.view(state, p), sort_keys=True)
            mine = _picture(pack_id, game, state, p)
            theirs = _picture(pack_id, game, world, p)
            assert mine[2] == theirs[2], "the seat's legal moves differ in a world with its view"
            assert mine[:2] == theirs[:2], f"{p}'s picture shows something outside {p}'s view"
            compared += 1

    _walk(pack_id, 5, check)
    assert compared > 10


@pytest.mark.parametrize("most", [False, True], ids=["3 players", "most players"])
@pytest.mark.parametrize("pack_id", PACKS)
def test_targets_are_large_enough_to_touch(pack_id, most):
    from kcal.viewer.scene import bounds

    def check(game: Any, state: Any, seat: str, k: int) -> None:
        items, targets, _ = _picture(pack_id, game, state, seat)
        _, _, w, h = bounds(items, MARGIN)
        scale = min(PHONE_W / w, DESK_W / w, DESK_H / h)
        boxes = {i.key: _box(i) for i in items if i.key in targets}
        for key, (x0, y0, x1, y1) in boxes.items():
            assert min(x1 - x0, y1 - y0) * scale >= TOUCH, (key, (x1 - x0) * scale, (y1 - y0) * scale)
        for a, p in boxes.items():  # a target's middle is no other target's (hexes interlock: not their boxes)
            mx, my = (p[0] + p[2]) / 2, (p[1] + p[3]) / 2
            for b, q in boxes.items():
                assert a == b or not (q[0] < mx < q[2] and q[1] < my < q[3]), (a, b)

    _walk(pack_id, 3, check, most=most)
