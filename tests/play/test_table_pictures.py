"""The pictures ``kcal play`` draws of a seat's table (the ``table`` hook), at the library
level, over whole games of random moves of every pack that draws one (the walk: tests/tablewalk.py):

- no two items share a key, every target is an item of the picture and plays legal moves (indexes into
  the seat's legal list), and most legal moves (80%) are played from the picture;
- nothing from outside the seat's view is drawn: a world redealt behind the seat's back (the pack's
  ``Game.determinize``, the same view) gives the very same picture and targets;
- every target is large enough to touch (44 px) at the page's scale on a phone (the picture takes a
  390 px wide screen's width) and at 1280x900 (the picture at most 45% of the window's height), and
  no target's middle is covered by another target.

What each target key of a pack means (a card in hand plays that card, a deck draws from that deck...)
is the pack's own: tests/games/<pack>/test_table_targets.py.
"""

from __future__ import annotations

import pytest

from tests import tablewalk

PACKS = tablewalk.packs()


@pytest.mark.parametrize("pack_id", PACKS)
def test_every_target_is_an_item_and_plays_legal_moves(pack_id):
    tablewalk.check_targets(pack_id)


@pytest.mark.parametrize("pack_id", PACKS)
def test_the_picture_is_drawn_from_the_seats_view_alone(pack_id):
    tablewalk.check_view_alone(pack_id)


@pytest.mark.parametrize("most", [False, True], ids=["3 players", "most players"])
@pytest.mark.parametrize("pack_id", PACKS)
def test_targets_are_large_enough_to_touch(pack_id, most):
    tablewalk.check_touch(pack_id, most)
