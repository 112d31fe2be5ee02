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
    # json.dumps's bytes, but for the bidi override written as \u202e (issue 32, item 12: it would reorder
    # a terminal's line); the same document to a JSON reader
    assert out.getvalue() == json.dumps(result, indent=2, ensure_ascii=False).replace("\u202e", "\\u202e") + "\n"
    assert json.loads(out.getvalue()) == result
    assert out.writes > 5  # written as it is encoded, not held whole first


def test_a_streamed_array_is_written_as_its_items_are_made(monkeypatch):
    """``Streamed`` (core.jsonstream): the bytes of the whole list, each item made when the encoder
    reaches it and let go before the next (a replayed board of 100,000 tiles is not built whole)."""
    from kcal.core.jsonstream import Streamed

    live = []

    class Item(dict):
        def __del__(self) -> None:
            live.remove(id(self))

    def make(i: int) -> dict:
        item = Item(at=[i, 0], tile="Bayou")
        live.append(id(item))
        assert len(live) <= 2, "items made ahead of the encoder"
        return item

    items = [{"at": [i, 0], "tile": "Bayou"} for i in range(3_000)]
    whole = {"board": items, "empty": [], "state": {"board": items}}
    streamed = {"board": Streamed(3_000, lambda: map(make, range(3_000))), "empty": Streamed(0, list),
                "state": {"board": Streamed(3_000, lambda: map(make, range(3_000)))}}
    for doc in (whole, streamed):
        out = _Counting()
        monkeypatch.setattr(sys, "stdout", out)
        emit(doc, OutputFormat.json, lambda _: "")
        if doc is whole:
            expected = out.getvalue()
    assert out.getvalue() == expected == json.dumps(whole, indent=2, ensure_ascii=False) + "\n"
    assert live == []


def test_text_is_written_in_chunks_as_one_text_would_be(monkeypatch):
    """``write_text``: the pieces' text as ``emit`` writes one text (a newline added unless it ends with
    one, nothing for no text), a chunk at a time (stdout encodes what it is given whole)."""
    from kcal.cli import common

    for pieces in (["a", "\n", "b"], ["a\n"], [], [""], ["x" * (3 * common.TEXT_CHUNK + 5)],
                   ["line\n"] * 40_000 + ["end"]):
        one, parts = _Counting(), _Counting()
        monkeypatch.setattr(sys, "stdout", one)
        emit(None, OutputFormat.text, lambda _, text="".join(pieces): text)
        monkeypatch.setattr(sys, "stdout", parts)
        common.write_text(iter(pieces))
        assert parts.getvalue() == one.getvalue()
        if len(one.getvalue()) > 2 * common.TEXT_CHUNK:
            assert one.writes > 2 and parts.writes > 2
