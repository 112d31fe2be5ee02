"""Issues 10 and 11: invisible and bidi characters in names, control characters in text (core.text)."""

from __future__ import annotations

from typing import Annotated

import pytest
from pydantic import AfterValidator, BaseModel, Field, StrictStr, ValidationError

from kcal.core.fields import PathText, Text
from kcal.core.text import (
    char_label,
    check_name,
    name_problem,
    path_problem,
    text_problem,
)

INVISIBLE = {
    "\u200b": "U+200B ZERO WIDTH SPACE",
    "\u200c": "U+200C ZERO WIDTH NON-JOINER",
    "\u200d": "U+200D ZERO WIDTH JOINER",
    "\u200e": "U+200E LEFT-TO-RIGHT MARK",
    "\u202a": "U+202A LEFT-TO-RIGHT EMBEDDING",
    "\u202e": "U+202E RIGHT-TO-LEFT OVERRIDE",
    "\u2066": "U+2066 LEFT-TO-RIGHT ISOLATE",
    "\u2067": "U+2067 RIGHT-TO-LEFT ISOLATE",
    "\u2068": "U+2068 FIRST STRONG ISOLATE",
    "\u2069": "U+2069 POP DIRECTIONAL ISOLATE",
    "\ufeff": "U+FEFF ZERO WIDTH NO-BREAK SPACE",
    "\u2028": "U+2028 LINE SEPARATOR",
    "\u2029": "U+2029 PARAGRAPH SEPARATOR",
    "\u00ad": "U+00AD SOFT HYPHEN",
    "\u2060": "U+2060 WORD JOINER",
    "\u061c": "U+061C ARABIC LETTER MARK",
    "\ufe0f": "U+FE0F VARIATION SELECTOR-16",
    "\u3164": "U+3164 HANGUL FILLER",
    "\u034f": "U+034F COMBINING GRAPHEME JOINER",
    "\U000e0041": "U+E0041 TAG LATIN CAPITAL LETTER A",
}


@pytest.mark.parametrize(("ch", "label"), list(INVISIBLE.items()), ids=[f"U+{ord(c):04X}" for c in INVISIBLE])
def test_invisible_and_bidi_characters_are_refused_in_names(ch: str, label: str) -> None:
    assert name_problem(f"Po{ch}nd") == f"{label} at position 3 is not allowed in a name"


@pytest.mark.parametrize("ch", ["\x00", "\x07", "\x1b", "\n", "\t", "\r", "\x7f", "\x85", "\x9b"])
def test_control_characters_are_refused_in_names(ch: str) -> None:
    assert name_problem(f"Pond{ch}") == f"control character U+{ord(ch):04X} at position 5 is not allowed in a name"


@pytest.mark.parametrize("name", ["Pond", "Ardea herodias", "Café", "Cafe\u0301", "Łódź", "東京", "O'Brien's pond",
                                  "Pond\u00a0Lily", "🐸 frog", "x" * 120])
def test_visible_names_are_accepted(name: str) -> None:
    assert name_problem(name) is None


def test_three_spellings_of_pond_cannot_become_three_names() -> None:
    assert [name_problem(n) is None for n in ("Pond", "Pond\u200b", "P\u200dond")] == [True, False, False]


@pytest.mark.parametrize("ch", ["\x1b", "\x07", "\x00", "\r", "\x0b", "\x0c", "\x7f", "\x85", "\x9b"])
def test_control_characters_are_refused_in_text(ch: str) -> None:
    problem = text_problem(f"clear{ch}[2J")
    assert problem is not None
    assert problem.startswith(f"control character U+{ord(ch):04X}")
    assert problem.endswith("at position 6 is not allowed in text (only a line break and a tab are)")


@pytest.mark.parametrize("ch", ["\u202e", "\u202a", "\u2066", "\u2069", "\u2028", "\u2029", "\ufeff", "\ud800"])
def test_reordering_and_separator_characters_are_refused_in_text(ch: str) -> None:
    assert text_problem(f"a{ch}b") == f"{char_label(ch)} at position 2 is not allowed in text"


@pytest.mark.parametrize("text", ["Line one.\nLine two.", "a\tb", "👨\u200d👩\u200d👧 family",
                                  "می\u200cخواهم", "plain", "Łódź & <b>R&D</b>", ""])
def test_text_keeps_line_breaks_tabs_and_joiners(text: str) -> None:
    assert text_problem(text) is None


def test_path_text_refuses_control_characters_only() -> None:
    assert path_problem("art/pond\u200b.png") is None
    assert path_problem("cat\x1b.yaml") == ("control character U+001B ESCAPE at position 4 is not allowed "
                                            "in a file name")


def test_char_label_names_control_characters_too() -> None:
    assert char_label("\x1b") == "U+001B ESCAPE"
    assert char_label("\u200b") == "U+200B ZERO WIDTH SPACE"
    assert char_label("\x01") == "U+0001"


class _Model(BaseModel):
    name: Annotated[StrictStr, Field(min_length=1, max_length=10), AfterValidator(check_name)]
    text: Text = ""
    path: PathText = "x"


def test_the_annotated_types_validate_in_any_pack_model() -> None:
    assert _Model(name="Pond").name == "Pond"
    with pytest.raises(ValidationError) as info:
        _Model(name="Pond\u200b", text="\x1b[2J", path="a\x00")
    messages = [e["msg"] for e in info.value.errors()]
    assert messages == [
        "Value error, U+200B ZERO WIDTH SPACE at position 5 is not allowed in a name",
        "Value error, control character U+001B ESCAPE at position 1 is not allowed in text (only a line break "
        "and a tab are)",
        "Value error, control character U+0000 NULL at position 2 is not allowed in a file name",
    ]
    with pytest.raises(ValidationError, match="at most 10 characters"):  # still a string limit
        _Model(name="x" * 11)


def test_the_plain_name_type_checks_characters() -> None:
    from pydantic import TypeAdapter

    from kcal.core.fields import Name

    assert TypeAdapter(Name).validate_python("Pond") == "Pond"
    with pytest.raises(ValidationError, match="U\\+202E RIGHT-TO-LEFT OVERRIDE at position 1"):
        TypeAdapter(Name).validate_python("\u202eX")
