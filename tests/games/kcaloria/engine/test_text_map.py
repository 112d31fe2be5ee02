"""SPEC, `rules replay` text output: the ASCII hex map is drawn over the board's bounding box, so its size
is the box's, not the number of tiles; a board laid along a line (a record may hold 100,000 moves) is
named in one line instead of drawn (issue 21, item 3: every input bounded)."""

from __future__ import annotations

from types import SimpleNamespace

from kcal.games.kcaloria.rules.render import MAP_CHARS, hex_map
from tests.timeguard import bounded


def _state(cells: list[tuple[int, int]]) -> SimpleNamespace:
    info = SimpleNamespace(name="Bayou")
    return SimpleNamespace(tiles={c: SimpleNamespace(owner=0, info=info) for c in cells}, dice={},
                           players=["Ann"])


def test_a_compact_board_is_drawn_with_every_tile() -> None:
    text = hex_map(_state([(0, 0), (1, 0), (0, 1)]))
    assert text.count("A:Bayo") == 3 and "too large" not in text


def test_a_board_along_a_column_is_named_not_drawn_and_the_text_stays_small() -> None:
    cells = [(0, r) for r in range(100_000)]  # q fixed: the doubled column 2q + r grows with r
    with bounded(20, "the text map of a 100,000-tile column"):
        text = hex_map(_state(cells))
    assert text == ("(the board spans 100,000 rows and 50,000 columns: too large a map for text; "
                    "--svg, --png or --html draw it)")


def test_the_largest_map_drawn_is_within_the_limit() -> None:
    n = 1
    while True:  # the longest column still drawn
        text = hex_map(_state([(0, r) for r in range(n + 1)]))
        if "too large" in text:
            break
        n += 1
    drawn = hex_map(_state([(0, r) for r in range(n)]))
    assert "too large" not in drawn and len(drawn) <= MAP_CHARS
