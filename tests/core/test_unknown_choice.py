"""A value that is none of a validator's choices (``kcal.core.suggest.Unknown`` raised through
``kcal.core.validation.choice``): cheap to raise, its did-you-mean found only when a shown error is
phrased, and the message the same as the one phrased at once (docs/cli.md "Many errors")."""

from __future__ import annotations

from typing import Annotated, Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import BaseModel, PlainValidator, ValidationError

from kcal.core import suggest
from kcal.core.modelcheck import validate
from kcal.core.validation import UNKNOWN_CHOICE, choice, validation_errors
from kcal.core.yamlsafe import parse_yaml

CHOICES = ("deciduous", "coniferous", "meadows", "rivers", "wetlands")


def _match(value: Any) -> str:
    if value in CHOICES:
        return str(value)
    raise suggest.Unknown(f"unknown word {value!r}", str(value), CHOICES, f"; the words are {', '.join(CHOICES)}")


class Words(BaseModel):
    words: tuple[Annotated[str, PlainValidator(choice(_match))], ...]


def _phrased_at_once(word: str) -> str:
    return f"unknown word {word!r}{suggest.did_you_mean(word, CHOICES)}; the words are {', '.join(CHOICES)}"


@settings(max_examples=100)
@given(st.lists(st.text(max_size=12) | st.sampled_from(["medows", "river", "wetland", "Deciduous"]),
                min_size=1, max_size=6))
def test_a_shown_unknown_choice_reads_as_the_message_phrased_at_once(words: list[str]) -> None:
    doc = parse_yaml("words: []\n")
    doc.data["words"] = list(words)
    with pytest.raises(ValidationError) as caught:
        Words.model_validate(doc.data)
    assert all(e["type"] == UNKNOWN_CHOICE for e in caught.value.errors())
    shown = [e.message.split(": ", 1)[1] for e in validation_errors(caught.value, doc, Words)]
    expected = list(dict.fromkeys(_phrased_at_once(w) for w in words if w not in CHOICES))
    assert sorted(set(shown)) == sorted(expected)


def test_only_the_shown_errors_look_for_a_did_you_mean(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = suggest.did_you_mean

    def counted(word: str, *args: Any, **kwargs: Any) -> str:
        calls.append(word)
        return real(word, *args, **kwargs)

    monkeypatch.setattr(suggest, "did_you_mean", counted)
    doc = parse_yaml("words: [" + ", ".join(f"medows{i}" for i in range(5000)) + "]\n")
    with pytest.raises(Exception) as caught:
        validate(Words, doc.data)
    assert not calls  # validating and counting 5,000 unknown words phrases none of them
    errors = validation_errors(caught.value, doc, Words)  # type: ignore[arg-type]
    assert errors[-1].code == "more-errors"
    assert len(calls) <= len(errors) < 5000  # the shown ones (and the first one left out, which places the rest)
    assert errors[0].message == "words[0]: " + _phrased_at_once("medows0")


def test_read_at_once_an_unknown_is_its_whole_message() -> None:
    e = suggest.Unknown("unknown word 'medows'", "medows", CHOICES, "; and so on")
    assert str(e) == e.phrased() == "unknown word 'medows' (did you mean 'meadows'?); and so on"
