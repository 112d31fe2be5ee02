"""Bad input: a deck list whose lines make the reader backtrack (issue 21, item 3). The patterns that
started with an unbounded ``\\s+`` and were searched for (inline comments, set codes, Archidekt
categories and tags, ``Bayou x4``, section headers) took 21 s on a line of 32,000 spaces; the reader now
crosses every run of spaces once. The old patterns stay here as the reference: on short lines the new
reading must agree with them exactly."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.games.kcaloria.deck import importer as im
from tests.timeguard import bounded

# --- the patterns as they were (quadratic or worse on long runs of spaces) -----------------------------
OLD_COUNT_LAST = re.compile(r"^(?P<name>\S.*?)\s+[xX]\s*(?P<count>\d+)$")
OLD_SET_SUFFIX = re.compile(r"\s+[(\[][A-Za-z0-9]{1,8}[)\]](?:\s+[A-Za-z0-9-]{1,8})?\s*$")
OLD_CATEGORY = re.compile(r"\s+\[(?P<cats>[^\]\[]*)\]\s*$")
OLD_TAGS = re.compile(r"\s+(?:\^[^^]*\^|\*[A-Za-z]{1,3}\*)\s*$")
OLD_HEADER = re.compile(r"^(?P<name>[A-Za-z][A-Za-z &/-]*?)\s*(?:\(\d+\))?\s*(?P<colon>:)?$")
OLD_INLINE_COMMENT = re.compile(r"\s+(?:#|//).*$")


def old_strip_suffixes(body: str) -> tuple[str, list[str]]:
    categories: list[str] = []
    while True:
        before = body
        m = OLD_CATEGORY.search(body)
        if m is not None and not im._SET_ONLY.fullmatch(m.group("cats")):
            categories.extend(c.strip() for c in m.group("cats").split(","))
            body = body[:m.start()]
        body = OLD_TAGS.sub("", body)
        body = OLD_SET_SUFFIX.sub("", body)
        body = body.strip()
        if body == before:
            return body, categories


def old_section(line: str) -> str | None:
    m = OLD_HEADER.match(line)
    if m is None:
        return None
    name = m.group("name").strip()
    if m.group("colon") or im._fold_section(name) in im._section_words():
        return name
    return None


def old_count_last(body: str) -> tuple[str, str, int] | None:
    m = OLD_COUNT_LAST.match(body)
    return (m.group("name").strip(), m.group("count"), 0) if m else None


# lines made of the characters the patterns care about
LINES = st.text(alphabet=" \tx4X9(ETPW)[]^*#/:aB,&-.Fs" + "\u00a0\u0664", max_size=30).map(str.strip)


@settings(max_examples=1500)
@given(LINES)
def test_the_linear_reading_agrees_with_the_old_patterns(line: str) -> None:
    assert im._without_comment(line) == OLD_INLINE_COMMENT.sub("", line)
    assert im._strip_suffixes(line) == old_strip_suffixes(line)
    assert im._section(line) == old_section(line)
    if line:
        assert im._count_last(line) == old_count_last(line)


@pytest.mark.parametrize("line", [
    "4 Bayou   # the only water", "4 Bayou // note", "1x Bayou (ETPW) 001 [Water]", "Bayou x4",
    "Bayou X 4", "1 Bayou [Maybeboard{noDeck}{noPrice},Water]", "1 Bayou ^Have,#37d67a^", "1 Bayou *F*",
    "Plants (12)", "SIDEBOARD:", "Main deck:", "Water", "2 Bayou [ETPW]", "Plants (12) (3)", "Water : (12)",
])
def test_the_linear_reading_agrees_on_the_exports_formats(line: str) -> None:
    assert im._without_comment(line) == OLD_INLINE_COMMENT.sub("", line)
    assert im._strip_suffixes(line) == old_strip_suffixes(line)
    assert im._section(line) == old_section(line)
    assert im._count_last(line) == old_count_last(line)


SPACES = " " * 1_000_000


@pytest.mark.parametrize(("line", "what"), [
    (f"4 Bayou{SPACES}x", "spaces before a word: no comment, set code, category or tag"),
    (f"4 Bayou{SPACES}#", "spaces before a comment sign"),
    (f"Bayou{SPACES}y", "spaces where 'x4' would be"),
    (f"Bayou{SPACES}x{SPACES}4", "spaces around the x of 'x 4'"),
    (f"A{SPACES}!", "a header-like word, spaces and a stray sign"),
    (f"4 Bayou{SPACES}[Water{SPACES}", "an unclosed category"),
    (f"4 Bayou{SPACES}(ETPW){SPACES}12", "a set code far from the name"),
    ("9" * 1_000_000, "a million digits"),
    ("^" * 1_000_000, "a million carets"),
])
def test_a_megabyte_line_is_read_in_linear_time(line: str, what: str) -> None:
    with bounded(20, "reading the list"):
        lines, errors = im.scan_list(line + "\n")
    assert len(lines) + len(errors) <= 1, what
