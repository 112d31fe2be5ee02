"""kcal.core.modelcheck: a document validated in chunks when its long lists or mappings fail says what one
plain Pydantic pass says: the same count of errors, and errors that the plain pass has too (issue 32;
docs/cli.md "Many errors"). The documents are generated: a list and a mapping of up to 2,600 entries, with
bad entries at any places and a run of bad ones from any index on (so the first 1,000 entries may all be
good and the failures come later), a nested long list in one entry, a missing or bad scalar field."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from kcal.core.errors import MAX_SHOWN
from kcal.core.modelcheck import BIG, DENSE, KEEP, LONG, Invalid, echo, long_containers, validate


class Item(BaseModel):
    model_config = ConfigDict(extra="forbid")
    x: int
    sub: list[int] = Field([], min_length=1)  # a list of bad items is also "too short" to Pydantic: an echo


class Doc(BaseModel):
    model_config = ConfigDict(extra="forbid")
    name: str
    items: list[Item]
    tags: dict[str, int] = {}


_BAD_ITEMS: list[Any] = ["a", [], {"x": "a"}, {"x": 1, "y": 2}, {}, {"x": 1, "sub": ["a", []]}]


def _doc(n: int, bad: set[int], bad_from: int, kind: int, tags: int, bad_tags: set[int], nested: int,
         name: Any) -> dict[str, Any]:
    items: list[Any] = [_BAD_ITEMS[(i + kind) % len(_BAD_ITEMS)] if i in bad or i >= bad_from else {"x": i}
                        for i in range(n)]
    if nested and items:
        items[0] = {"x": 0, "sub": ["a"] * nested}
    data: dict[str, Any] = {"items": items, "tags": {f"t{i}": ("a" if i in bad_tags else i) for i in range(tags)}}
    if name is not None:
        data["name"] = name
    return data


def _plain(data: Any) -> list[Any]:
    try:
        Doc.model_validate(data)
    except ValidationError as exc:
        return exc.errors(include_url=False)
    return []


@settings(max_examples=60)
@given(n=st.integers(0, 2_600), bad=st.sets(st.integers(0, 2_599), max_size=30), bad_from=st.integers(0, 2_700),
       kind=st.integers(0, 5), tags=st.integers(0, 2_600), bad_tags=st.sets(st.integers(0, 2_599), max_size=30),
       nested=st.sampled_from([0, 0, 5, 1_500]), name=st.sampled_from(["x", None, 3]))
def test_chunked_validation_counts_what_one_pass_counts(n: int, bad: set[int], bad_from: int, kind: int, tags: int,
                                                         bad_tags: set[int], nested: int, name: Any) -> None:
    data = _doc(n, bad, bad_from, kind, tags, bad_tags, nested, name)
    before = copy.deepcopy(data)
    plain = _plain(data)
    try:
        model = validate(Doc, data)
    except ValidationError as exc:
        assert exc.error_count() == len(plain)
        assert exc.errors(include_url=False) == plain
    except Invalid as exc:
        counted = [e for e in plain if not echo(e)]  # what kcal reports (kcal.core.validation drops echoes)
        assert exc.error_count() == len(counted), (len(counted), exc.error_count())
        kept = exc.errors()
        assert not any(echo(e) for e in kept)
        assert min(len(counted), KEEP) <= len(kept) <= 2 * KEEP
        every = {(e["loc"], e["type"]) for e in plain}
        assert all((tuple(e["loc"]), e["type"]) in every for e in kept), [e["loc"] for e in kept][:5]
    else:
        assert plain == [] and model == Doc.model_validate(data)
    assert data == before  # the document itself is never cut


def test_the_failures_after_the_first_chunk_are_counted_too() -> None:
    """1,000 good entries, then more than DENSE bad ones: the first chunk passes, the whole pass has too
    many errors to list, and they are counted in chunks."""
    data = {"name": "x", "items": [{"x": 1}] * LONG + ["a"] * (DENSE + 5)}
    with pytest.raises(Invalid) as caught:
        validate(Doc, data)
    assert caught.value.error_count() == DENSE + 5
    assert [e["loc"] for e in caught.value.errors()][:2] == [("items", LONG), ("items", LONG + 1)]


def test_a_missing_field_of_a_long_mapping_is_counted_once() -> None:
    class Keys(BaseModel):
        model_config = ConfigDict(extra="forbid")
        need: int

    data = {f"k{i}": 1 for i in range(3 * LONG)}
    with pytest.raises(Invalid) as caught:
        validate(Keys, data)
    plain = len(_plain_of(Keys, data))
    assert caught.value.error_count() == plain == 3 * LONG + 1


def _plain_of(model: type[BaseModel], data: Any) -> list[Any]:
    try:
        model.model_validate(data)
    except ValidationError as exc:
        return exc.errors(include_url=False)
    return []


def test_long_containers_are_found_but_not_searched() -> None:
    data = {"a": [1] * (LONG + 1), "b": [{"c": [0] * (LONG + 1)}], "d": {str(i): [0] * (LONG + 1) for i in range(LONG + 1)}}
    assert long_containers(data) == [("a",), ("b", 0, "c"), ("d",)]
    assert long_containers({"a": [1] * LONG}) == []


def test_many_short_lists_are_chunked_by_their_nodes() -> None:
    """No list is long, but the entries of ``items`` hold more than BIG nodes (each a list field of 999 bad
    values): ``items`` is validated a few entries at a time, and counts what one pass counts."""
    entries = BIG // (LONG - 1) + 3
    data = {"name": "x", "items": [{"x": i, "sub": ["a"] * (LONG - 1)} for i in range(entries)]}
    assert long_containers(data) == [("items",)]
    assert long_containers({"items": data["items"][:3]}) == []  # fewer nodes than BIG: one pass
    with pytest.raises(Invalid) as caught:
        validate(Doc, data)
    assert caught.value.error_count() == len([e for e in _plain(data) if not echo(e)]) == entries * (LONG - 1)


def test_the_cap_is_below_what_is_kept() -> None:
    assert KEEP > MAX_SHOWN
