"""Issue 11 item 15: a long solo run stays flat. Its chunks come back as tallies merged as they arrive,
and a long run takes bigger chunks; neither changes a figure."""

from __future__ import annotations

import json

import pytest

from kcal.games.kcaloria.sim import solo


def test_chunk_size_and_jobs_do_not_change_the_figures(tools, monkeypatch: pytest.MonkeyPatch) -> None:
    tiles = tools.make_deck()
    base = solo.simulate_solo(tiles, games=24, seed=5, bot="random")
    monkeypatch.setattr(solo, "MAX_CHUNKS", 2)  # 12 games a chunk instead of 8
    assert json.dumps(solo.simulate_solo(tiles, games=24, seed=5, bot="random")) == json.dumps(base)
    assert json.dumps(solo.simulate_solo(tiles, games=24, seed=5, bot="random", jobs=2)) == json.dumps(base)


def test_the_tally_of_rows_is_what_the_chunks_merge_to(tools) -> None:
    tiles = tools.make_deck()
    rows = [solo.solo_game_summary(tiles, "random", 3, k) for k in range(10)]
    merged = solo.SoloTally(rows[:4])
    merged.update(solo.SoloTally(rows[4:]))
    a = solo.summarize_tally(merged, deck_name="d", seed=3, bot="random")
    b = solo.summarize_solo(rows, deck_name="d", seed=3, bot="random")
    assert a == b and a["games"] == 10
