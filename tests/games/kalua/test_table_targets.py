"""Kalua's table picture for ``kcal play`` (docs/play.md, "A pack's picture": what a player clicks): each
target plays the moves of what it shows, over whole games of random moves (tests/tablewalk.py); the
checks every pack's picture passes are tests/play/test_table_pictures.py."""

from __future__ import annotations

from tests import tablewalk
from tests.tablewalk import card_of

#: what a target's key says about the moves it plays (the key's kind, its name -> the entry)
AGREES: tablewalk.Agrees = {
    "deck": lambda name, e, v: name in (e.get("draw"), e.get("buy")),
    "island": lambda name, e, v: "convert" in e,
    "god": lambda name, e, v: (e.get("from") == name or e.get("target") == name
                               or (name == v["player"] and "leader" in e and "from" not in e)),
    "hand": lambda name, e, v: card_of(e) == v["hand"][int(name)],
    "no-answer": lambda name, e, v: e.get("reply") == "none",
}


def test_what_a_player_clicks_plays_the_moves_it_stands_for():
    """The decks draw or buy from themselves, the island converts, a god's card takes from or punishes
    that god (one's own: the leader's actions), a card in hand plays, answers or discards it, "No answer"
    lets the last card stand; every kind is drawn."""
    tablewalk.check_targets("kalua", AGREES)
