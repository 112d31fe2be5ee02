"""kCaloria's table picture for ``kcal play`` (docs/play.md, "A pack's picture": what a player clicks):
each target plays the moves of what it shows, over whole games of random moves (tests/tablewalk.py); the
checks every pack's picture passes are tests/play/test_table_pictures.py."""

from __future__ import annotations

from tests import tablewalk

#: what a target's key says about the moves it plays (the key's kind, its name -> the entry)
AGREES: tablewalk.Agrees = {
    "hex": lambda name, e, v: list(e.get("at") or ()) == [int(x) for x in name.split(",")] and "tile" in e,
    "hand": lambda name, e, v: e.get("tile") == v["hand"][int(name)] or e.get("discard") == [v["hand"][int(name)]],
    "discard-several": lambda name, e, v: len(e.get("discard") or ()) > 1,
}


def test_what_a_player_clicks_plays_the_moves_it_stands_for():
    """A hex places a tile there, a tile of the hand is placed or discarded alone, "Discard several"
    discards more than one; every kind is drawn."""
    tablewalk.check_targets("kcaloria", AGREES)
