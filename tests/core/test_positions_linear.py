"""Positions of many errors in one map (issue 36, item 2): ``deck validate`` of a deck whose ``tiles:``
holds N bad entries looked each key up in a list of the map's keys (quadratic: 40k entries 41 s). Each
map's keys are indexed once, when it is first looked into; times in ``bench/bench_hostile_growth.py``."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.yamlsafe import parse_yaml


@settings(max_examples=60)
@given(st.lists(st.text("abcXYZ é-", min_size=1, max_size=6).map(str.strip).filter(bool), min_size=1,
                max_size=300, unique=True),
       st.integers(min_value=0, max_value=3))
def test_every_key_of_a_map_is_found_at_its_line(names: list[str], indent: int) -> None:
    pad = " " * (indent + 1)
    text = "name: x\ntiles:\n" + "".join(f"{pad}{n!r}: bad\n".replace("'", '"') for n in names)
    doc = parse_yaml(text, "d.yaml")
    keys = list(doc.data["tiles"])
    for i, key in enumerate(keys):
        assert doc.pos(("tiles", key), key=True) == (3 + i, indent + 2)
        assert doc.pos(("tiles", key)) == (3 + i, indent + 2 + len(f'"{key}": '))


def test_a_map_is_indexed_once_however_many_of_its_keys_are_asked() -> None:
    n = 20_000
    doc = parse_yaml("tiles:\n" + "".join(f"  T{i}: x\n" for i in range(n)), "d.yaml")
    for i in range(n):
        assert doc.pos(("tiles", f"T{i}"))[0] == i + 2
    where = doc._positions()
    assert where is not None and len(where._order) == 2  # the root map and tiles:, each indexed once
