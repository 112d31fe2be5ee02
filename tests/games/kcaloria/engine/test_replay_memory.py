"""The memory of a long replay (issue 21, item 3: ``rules replay`` of 100,000 moves under 200 MB).

The replayed game is compact: no move cache for a cell no move was generated at, one tuple for each
distinct count of cubes, the record's data and models let go before the game grows, each recorded move
wrapped only while it is played. What ``rules replay`` writes is made as it is written: the JSON's two
boards (``Streamed``), the text's line a tile, so the output adds little to the game; and the bytes are
those of ``to_json()`` and ``to_text()``, which stay plain data for every other reader.
"""

from __future__ import annotations

import hashlib
import json
import sys
import tracemalloc
from pathlib import Path

from kcal.cli.common import write_json, write_text
from kcal.games.kcaloria.replay import replay

FIXTURES = Path(__file__).parent / "fixtures"


def _rows(tmp_path: Path, moves: int) -> Path:
    """Two players laying water tiles, A along a row and B down a column: the board grows by a tile a
    move, and its text map is one line, as a long game's is."""
    lines = ["players: [A, B]", "tiles:", "  - {id: W-1, name: W, type: water, class: water, rarity: common,"
             " biomes: [LE], cost: [], yield: {blue: 2}}", "moves:"]
    lines += [f"- {{player: A, tile: W, at: [{i // 2}, 0]}}" if i % 2 == 0 else
              f"- {{player: B, tile: W, at: [0, {5 + i // 2}]}}" for i in range(moves)]
    path = tmp_path / "rows.yaml"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


class _Sink:
    """stdout that keeps only a digest and a length of what it is given (holding it would be measured)."""

    def __init__(self) -> None:
        self.digest = hashlib.sha256()
        self.size = 0

    def write(self, text: str) -> int:
        self.digest.update(text.encode("utf-8"))
        self.size += len(text)
        return len(text)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _written(monkeypatch, write) -> tuple[str, int, int]:
    """What ``write()`` puts on stdout (its digest and length), and the most memory it held at once."""
    out = _Sink()
    monkeypatch.setattr(sys, "stdout", out)
    tracemalloc.start()
    try:
        write()
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    return out.digest.hexdigest(), out.size, peak


def test_a_replay_holds_about_a_kilobyte_a_move(tmp_path, monkeypatch):
    """Traced memory at the peak of a 3,000-move replay, per move: 1,790 bytes before this round's
    changes, 1,070 after (100,000 moves: 110 MB, and a process of 160 MB). The neighbours' memo is kept
    small, as a long game's board outgrows it, so that what is measured is the game."""
    from kcal.games.kcaloria.rules import hexgrid

    path = _rows(tmp_path, 3_000)
    assert replay(path).moves_applied == 3_000  # (the parse cache filled, the modules imported)
    monkeypatch.setattr(hexgrid, "NEIGHBOURS_LIMIT", 512)
    hexgrid._NEIGHBOURS.clear()
    hexgrid._CELLS.clear()
    tracemalloc.start()
    try:
        result = replay(path)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert result.moves_applied == 3_000
    assert peak / 3_000 < 1_250


def test_the_written_outputs_are_to_json_and_to_text_made_as_they_are_written(tmp_path, monkeypatch):
    from kcal.cli import common

    monkeypatch.setattr(common, "TEXT_CHUNK", 4096)  # (the default gathers some 200 KB of short lines)
    result = replay(_rows(tmp_path, 3_000))
    assert result.moves_applied == 3_000 and "too large a map" in result.to_text()
    whole = json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n"
    streamed_json, size, json_peak = _written(monkeypatch, lambda: write_json(result.streamed_json()))
    whole_json, _, whole_json_peak = _written(monkeypatch, lambda: write_json(result.to_json()))
    assert streamed_json == whole_json == _digest(whole)
    assert json_peak * 5 < whole_json_peak  # measured: 0.45 MB (the pieces write_json gathers) against 3.1 MB
    text = result.to_text() + "\n"
    streamed_text, size, text_peak = _written(monkeypatch, lambda: write_text(result.streamed_text()))
    whole_text, _, whole_text_peak = _written(monkeypatch, lambda: write_text((result.to_text(),)))
    assert streamed_text == whole_text == _digest(text) and size == len(text)
    assert text_peak * 5 < whole_text_peak  # measured: 0.05 MB against 0.51 MB


def test_the_shipped_examples_and_fixtures_write_the_same_either_way(monkeypatch):
    examples = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "examples"
    for path in [*sorted(examples.glob("*.yaml")), *sorted(FIXTURES.glob("*.yaml"))]:
        result = replay(path)
        assert "".join(result.streamed_text()) == result.to_text(), path.name
        whole = json.dumps(result.to_json(), indent=2, ensure_ascii=False) + "\n"
        assert _written(monkeypatch, lambda r=result: write_json(r.streamed_json()))[0] == _digest(whole), path.name
