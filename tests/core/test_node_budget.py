"""Issue 21, item 3: the YAML node budget grows with the file's size (``yamlsafe.node_budget``), so a
legitimate record of 100,000 moves fits while aliases may add only what the file's own size allows.

Before, every file had the same 500,000 nodes: a kCaloria record stopped near 55,000 moves, and a
200-byte file could still expand to 500,000 nodes for its reader to walk.
"""

from __future__ import annotations

import pytest

from kcal.core import yamlsafe
from kcal.core.errors import KcalError
from kcal.core.yamlsafe import parse_yaml
from tests.timeguard import bounded


def _record(moves: int) -> str:
    """A kCaloria record in kcal's densest form: two players lay a water tile a move."""
    lines = ["players: [A, B]", "moves:"]
    lines += [f"- {{player: {'AB'[i % 2]}, tile: W, at: [{i // 2}, {5 * (i % 2)}]}}" for i in range(moves)]
    return "\n".join(lines) + "\n"


def _nodes(text: str) -> int:
    builder = yamlsafe._Builder(text, "t.yaml")
    builder.build()
    return builder.nodes


def test_node_budget_a_100000_move_record_fits() -> None:
    assert _nodes(_record(100)) == 7 + 9 * 100  # the header's 7 nodes, 9 a move
    text = _record(100_000)
    assert 7 + 9 * 100_000 <= yamlsafe.node_budget(len(text)) <= yamlsafe.MAX_NODES


def test_node_budget_grows_with_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(yamlsafe, "NODE_ALLOWANCE", 100)
    text = _record(200)  # 1,807 nodes in 7,203 characters: a budget of 100 + 3,601
    assert len(parse_yaml(text).data["moves"]) == 200
    monkeypatch.setattr(yamlsafe, "MAX_NODES", 1_806)  # the hard cap still holds
    with pytest.raises(KcalError, match="more than 1,806 nodes"):
        parse_yaml(text)


def test_node_budget_a_small_file_cannot_expand_far() -> None:
    # 1,000 items, then 150 aliases of them: 151,000 nodes from 3,500 characters (the old cap let it be)
    text = "a: &a [" + ",".join(["x"] * 1000) + "]\nb: [" + ",".join(["*a"] * 150) + "]\n"
    with bounded(30, "refusing an alias bomb"), \
            pytest.raises(KcalError, match=r"more than 101,\d{3} nodes \(alias bomb\?\)") as info:
        parse_yaml(text, "wide.yaml")
    assert info.value.where.line == 2


def test_node_budget_plain_files_keep_their_room() -> None:
    assert yamlsafe.node_budget(0) == yamlsafe.NODE_ALLOWANCE == 100_000
    assert yamlsafe.node_budget(yamlsafe.MAX_BYTES) == yamlsafe.MAX_NODES  # a full-size file: the cap
