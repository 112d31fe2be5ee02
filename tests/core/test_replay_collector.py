"""Issue 21, item 3: a replay's cost a move does not grow with the moves before it.

Everything a replay makes (the record read, the board) stays alive to its end, so every collection of
Python's cyclic garbage collector walked all of it again and freed nothing: kCaloria's cost a move
went from 66 us at 1,000 moves to 159 us at 50,000, 68 us of it the collector's
(bench/bench_replay_scale.py). Each pack's replay now runs with the collector paused.
"""

from __future__ import annotations

import gc
from pathlib import Path

import pytest

from kcal.core.registry import get, ids
from kcal.core.replay import collector_paused

PACKS = ids()  # every registered pack


def _record(tmp_path: Path, moves: int) -> Path:
    lines = ["players: [A, B]", "tiles:",
             "  - {id: W-1, name: W, type: water, class: water, rarity: common, biomes: [LE], cost: [],"
             " yield: {blue: 2}}", "moves:"]
    lines += [f"- {{player: {'AB'[i % 2]}, tile: W, at: [{i // 2}, {5 * (i % 2)}]}}" for i in range(moves)]
    path = tmp_path / "long.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_replay_collector_does_not_run_during_a_long_replay(tmp_path: Path) -> None:
    path = _record(tmp_path, 3_000)
    replay = get("kcaloria").hook("replay").replay
    runs: list[int] = []

    def counted(phase: str, info: dict) -> None:
        if phase == "start":
            runs.append(info["generation"])

    gc.callbacks.append(counted)
    try:
        result = replay(path)
        assert runs == []  # before: young collections every few hundred allocations, full ones as it grew
        result.to_json()  # --format json: two dicts a tile of the board, 100,000 moves took 2.5 s, 0.8 s paused
        assert runs == []
    finally:
        gc.callbacks.remove(counted)
    assert result.moves_applied == 3_000
    assert gc.isenabled()


@pytest.mark.parametrize("game", PACKS)
def test_replay_collector_pauses_in_every_pack(game: str) -> None:
    replay = get(game).hook("replay").replay
    assert getattr(replay, "__wrapped__", None) is not None  # collector_paused wraps it


def test_replay_collector_state_comes_back_as_it_was() -> None:
    seen = []

    @collector_paused
    def inner(fail: bool) -> None:
        seen.append(gc.isenabled())
        if fail:
            raise ValueError("stop")

    inner(False)
    with pytest.raises(ValueError):
        inner(True)
    assert gc.isenabled() and seen == [False, False]
    gc.disable()
    try:
        inner(False)
        assert not gc.isenabled()  # a caller that paused it keeps it paused
    finally:
        gc.enable()
