"""``--option KEY=VALUE[,VALUE...]`` and ``--limit``: numbers become numbers, lists sweep, bad text is
refused with the flag that carried it."""

from __future__ import annotations

import pytest

from kcal.core.errors import UsageError
from kcal.sim.options import MAX_BLOCKS, parse_option, parse_options, plain, sweep_blocks


class TestParseOption:
    @pytest.mark.parametrize(("item", "expected"), [
        ("limit=2400", ("limit", 2400)),
        ("limit=-3", ("limit", -3)),
        ("ratio=0.5", ("ratio", 0.5)),
        ("ratio=.5", ("ratio", 0.5)),
        ("big=1e3", ("big", 1000.0)),
        ("mode=express", ("mode", "express")),
        ("deck=two words", ("deck", "two words")),
        ("limit=2200,2400, 2600", ("limit", [2200, 2400, 2600])),
        ("mix=1,a,2.5", ("mix", [1, "a", 2.5])),
        ("under_score-dash=007", ("under_score-dash", 7)),
        ("v=2_400", ("v", "2_400")),
    ])
    def test_values(self, item, expected):
        got = parse_option(item)
        assert got == expected
        assert [type(v) for v in (got[1] if isinstance(got[1], list) else [got[1]])] == [
            type(v) for v in (expected[1] if isinstance(expected[1], list) else [expected[1]])]

    @pytest.mark.parametrize(("item", "message"), [
        ("limit", "expected KEY=VALUE"),
        ("=3", "is not an option name"),
        ("9x=3", "is not an option name"),
        ("limit=", "an empty value"),
        ("limit=2,400,", "an empty value"),
        ("limit=2400,2400", "given twice"),
        ("x=1e999", "not a finite number"),
        ("x=" + "9" * 5000, "too long a number"),
        ("name=a\x1b[31m", "control or format character U\\+001B"),
        ("name=Pond\u200b", "U\\+200B"),
    ])
    def test_refused(self, item, message):
        with pytest.raises(UsageError, match=message):
            parse_option(item)


class TestParseOptions:
    def test_limit_is_shorthand(self):
        assert parse_options([], {"limit": "2200,2400"}) == {"limit": [2200, 2400]}
        assert parse_options(["rounds=2"], {"limit": None}) == {"rounds": 2}

    def test_a_key_given_twice(self):
        with pytest.raises(UsageError, match="--option 'limit=1': the option 'limit' is given twice"):
            parse_options(["limit=1"], {"limit": "2"})
        with pytest.raises(UsageError, match="given twice"):
            parse_options(["a=1", "a=2"])


class TestSweepBlocks:
    def test_no_list_is_one_block(self):
        assert sweep_blocks({"a": 1, "t": (1, 2)}) == ([], [{"a": 1, "t": (1, 2)}])

    def test_product_in_order(self):
        keys, blocks = sweep_blocks({"a": [1, 2], "b": "x", "c": [3, 4]})
        assert keys == ["a", "c"]
        assert [(bl["a"], bl["c"]) for bl in blocks] == [(1, 3), (1, 4), (2, 3), (2, 4)]
        assert all(bl["b"] == "x" for bl in blocks)

    def test_too_many_blocks(self):
        with pytest.raises(UsageError, match="at most"):
            sweep_blocks({"a": list(range(MAX_BLOCKS)), "b": [1, 2]})

    def test_empty_list(self):
        with pytest.raises(UsageError, match="at least one value"):
            sweep_blocks({"a": []})


def test_plain_makes_json_data():
    class Thing:
        def __str__(self) -> str:
            return "thing"

    assert plain({"a": (1, 2.5), 3: [Thing(), None, True], "f": float("inf")}) == {
        "a": [1, 2.5], "3": ["thing", None, True], "f": "inf"}
