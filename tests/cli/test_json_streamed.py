"""JSON results are written as they are encoded (issue 21, item 3: a 100,000-move replay's JSON is
33 MB; ``json.dumps`` with an indent held every piece of it in a list, some 300 MB at the peak)."""

from __future__ import annotations

import io
import json
import sys

from kcal.cli.common import OutputFormat, emit


class _Counting(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.writes = 0

    def write(self, s: str) -> int:
        self.writes += 1
        return super().write(s)


def test_json_is_written_in_pieces_and_reads_as_before(monkeypatch):
    result = {"game": "kcaloria", "board": [{"at": [i, 0], "tile": "Bayou", "cubes": {"blue": 2}}
                                            for i in range(5_000)], "name": "Écrevisse\u202e"}
    out = _Counting()
    monkeypatch.setattr(sys, "stdout", out)
    emit(result, OutputFormat.json, lambda _: "")
    assert out.getvalue() == json.dumps(result, indent=2, ensure_ascii=False) + "\n"
    assert out.writes > 5  # written as it is encoded, not held whole first
