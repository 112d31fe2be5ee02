"""Deck-list import whatever a line holds (issue 32, item 15): suffixes are read from the end without
copying the line (the same result as stripping one per pass, which took 8 s on 1 MB of ``[Water]``); a
count of any length is refused at its position, never by ``int()``; did-you-mean is given to the first
:data:`MAX_SUGGESTIONS` unknown names only. Times are measured in ``bench/bench_hostile_growth.py``."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from kcal.core.errors import MAX_SHOWN, KcalError, MoreErrors
from kcal.games.kcaloria.deck import importer
from kcal.games.kcaloria.deck.importer import MAX_SUGGESTIONS, _strip_suffixes, parse_list, resolve
from tests.hypothesis_profile import PROFILE_SUPPRESSED

# --- the former reading, one suffix per pass (copying the line each time): the oracle ----------------

_SET_CODE = re.compile(r"\s[(\[][A-Za-z0-9]{1,8}[)\]]\Z")
_COLLECTOR = re.compile(r"\s[A-Za-z0-9-]{1,8}\Z")
_FINISH = re.compile(r"\s\*[A-Za-z]{1,3}\*\Z")
_SET_ONLY = re.compile(r"[A-Z0-9]{2,8}")


def _old_strip(body: str) -> tuple[str, list[str]]:
    categories: list[str] = []
    while True:
        before = body
        body, cats = _old_category(body)
        if cats is not None and not _SET_ONLY.fullmatch(cats):
            categories.extend(c.strip() for c in cats.split(","))
        elif cats is not None:
            body = before
        body = _old_set(_old_tag(body)).strip()
        if body == before:
            return body, categories


def _old_category(body: str) -> tuple[str, str | None]:
    text = body.rstrip()
    if not text.endswith("]"):
        return body, None
    opening = text.rfind("[")
    inside = text[opening + 1:-1]
    if opening <= 0 or "]" in inside or not text[opening - 1].isspace():
        return body, None
    return text[:opening].rstrip(), inside


def _old_tag(body: str) -> str:
    text = body.rstrip()
    if text.endswith("^") and len(text) > 1:
        opening = text.rfind("^", 0, len(text) - 1)
        if opening > 0 and text[opening - 1].isspace():
            return text[:opening].rstrip()
        return body
    m = _FINISH.search(text, max(0, len(text) - 6))
    return text[:m.start()].rstrip() if m is not None else body


def _old_set(body: str) -> str:
    text = body.rstrip()
    m = _SET_CODE.search(text, max(0, len(text) - 11))
    if m is not None:
        return text[:m.start()].rstrip()
    m = _COLLECTOR.search(text, max(0, len(text) - 9))
    if m is not None:
        rest = text[:m.start()].rstrip()
        m = _SET_CODE.search(rest, max(0, len(rest) - 11))
        if m is not None:
            return rest[:m.start()].rstrip()
    return body


# --- the class: any run of suffixes, spaces and brackets after a name ------------------------------

_PIECES = [" [Water]", " [ETPW]", " (ETPW)", " (ETPW) 12", " 12a", " ^Have,#37d67a^", " ^t^", " *F*", " *E*",
           " [Sideboard{noDeck}]", " [A, B]", "  ", " ", "]", "[", "^", "*", "x", " (", ")", "\t", " [", "[x]"]


@settings(max_examples=600, suppress_health_check=[*PROFILE_SUPPRESSED])
@given(st.text("Bayou x", min_size=1, max_size=8), st.lists(st.sampled_from(_PIECES), max_size=12))
def test_suffixes_read_from_the_end_as_one_per_pass_read_them(name: str, pieces: list[str]) -> None:
    body = (name + "".join(pieces)).strip()
    assert _strip_suffixes(body) == _old_strip(body)


@pytest.mark.parametrize("unit", [" [Water]", " [ETPW]", " ^t^", " *F*", " (ETPW) 12", " [A, B]"])
def test_a_long_run_of_suffixes_is_read_in_one_pass_over_the_line(unit: str, monkeypatch) -> None:
    """Each suffix is looked for in a window before one index: the line is sliced a bounded number of
    times per suffix, never copied whole per suffix (counted, not timed)."""
    line = "4 Bayou" + unit * 20_000
    copied = []
    real = importer._rstrip_end

    def counting(text: str, end: int) -> int:
        copied.append(end)
        return real(text, end)

    monkeypatch.setattr(importer, "_rstrip_end", counting)
    body, _ = _strip_suffixes(line)
    assert body == "4 Bayou"
    assert len(copied) <= 4 * 20_000 + 4


@settings(max_examples=100)
@given(st.integers(min_value=4, max_value=20_000), st.sampled_from(["{d} Bayou", "{d}x Bayou", "Bayou x{d}"]))
def test_a_count_of_any_length_is_refused_at_its_line(digits: int, form: str) -> None:
    text = "1 Bayou\n" + form.format(d="7" * digits) + "\n"
    with pytest.raises(KcalError) as info:
        parse_list(text, "l.txt")
    problem = info.value.problems[0]
    assert (problem.where.file, problem.where.line) == ("l.txt", 2)
    assert "must be between 1 and 99" in problem.message and len(problem.message) < 200


def test_did_you_mean_is_given_to_the_first_unknown_names_only(monkeypatch) -> None:
    from kcal.games.kcaloria.files.load import load_library

    library = load_library(["builtin"])
    asked = []
    real = type(library).suggest_text

    def counting(self, name: str) -> str:
        asked.append(name)
        return real(self, name)

    monkeypatch.setattr(type(library), "suggest_text", counting)
    lines = parse_list("".join(f"1 Bayouu {i}\n1 Bayouu {i}\n" for i in range(300)), "l.txt")
    with pytest.raises(KcalError) as info:
        resolve(lines, library, "l.txt")
    # every unknown name is still reported: the first 100 at their lines, the other 500 counted (docs/cli.md,
    # "Many errors")
    *shown, more = info.value.problems
    assert len(shown) == MAX_SHOWN and isinstance(more, MoreErrors) and more.more == 600 - MAX_SHOWN
    assert len(asked) == MAX_SUGGESTIONS
    assert "did you mean" in info.value.problems[0].message
    assert "did you mean" in info.value.problems[1].message  # the same name again: the same hint
