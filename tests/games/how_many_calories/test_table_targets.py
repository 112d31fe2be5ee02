"""How many Calories?'s table picture for ``kcal play`` (docs/play.md, "A pack's picture": what a player
clicks): each target plays the moves of what it shows, over whole games of random moves
(tests/tablewalk.py); the checks every pack's picture passes are tests/play/test_table_pictures.py, the
touch test among them (the table's cards are drawn larger than the replay's: table.py)."""

from __future__ import annotations

from tests import tablewalk

#: what a target's key says about the moves it plays (the key's kind, its name -> the entry)
AGREES: tablewalk.Agrees = {
    "hand": lambda name, e, v: name in v["hand"] and (e.get("card") == name or name in (e.get("pass") or ())),
}


def test_what_a_player_clicks_plays_the_moves_it_stands_for():
    """A card of the hand plays it, or passes it with another."""
    tablewalk.check_targets("how-many-calories", AGREES)
