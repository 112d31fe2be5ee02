"""EcoLogic: Europe's table picture for ``kcal play`` (docs/play.md, "A pack's picture": what a player
clicks): each target plays the moves of what it shows, over whole games of random moves
(tests/tablewalk.py); the checks every pack's picture passes are tests/play/test_table_pictures.py."""

from __future__ import annotations

import json

from tests import tablewalk

#: what a target's key says about the moves it plays (the key's kind, its name -> the entry)
AGREES: tablewalk.Agrees = {
    "spot": lambda name, e, v: e.get("at") == name and "place" in e,
    "pile": lambda name, e, v: e.get("draw") == name,
    "hand": lambda name, e, v: v["hand"][int(name)] in json.dumps(e),
    "jokers": lambda name, e, v: isinstance(e.get("exchange"), list) and "draw" not in e,
    "keep": lambda name, e, v: e.get("exchange") == "none",
    "trade": lambda name, e, v: "trade" in e,
    "pass-keep": lambda name, e, v: e.get("pass") == "keep",
    "pass-discard": lambda name, e, v: e.get("pass") == "discard",
    "other": lambda name, e, v: not ({"trade", "pass"} & set(e)) and "at" not in e,
}
#: targets drawn only in variants or rare positions the random games here need not reach
RARE = {"other"}


def test_what_a_player_clicks_plays_the_moves_it_stands_for():
    """A place of the ecosystem places there, a card back's stack draws from it, a card of the hand is in
    the move, "Jokers for a card", "Keep: no exchange", "Trade a card", "Pass, keep" and "Pass, discard"
    do what they say; every kind but the rare ones is drawn."""
    tablewalk.check_targets("ecologic-europe", AGREES, RARE)
