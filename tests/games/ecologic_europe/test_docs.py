"""The pack's documents: every ruling names tests that exist, every explain topic answers."""

from __future__ import annotations

import re
from pathlib import Path

from kcal.core.rulings import read_rulings
from kcal.games.ecologic_europe import explain
from kcal.games.ecologic_europe.rules.features import ABILITY_IDS
from tests.ruling_checks import defined_tests

HERE = Path(__file__).resolve().parent


def test_every_ruling_has_its_fields_and_names_existing_tests():
    rulings = read_rulings(explain.RULINGS)
    assert len(rulings) >= 15
    names = defined_tests(HERE)
    for r in rulings:
        assert {"section", "question", "decision", "why", "test"} <= set(r), r["title"]
        tests = re.findall(r"`(test_\w+)`", r["test"])
        assert tests and set(tests) <= names, (r["title"], set(tests) - names)
        assert r["section"] in explain.TOPICS, r["section"]


def test_explain_covers_phases_features_and_cards():
    for topic in ("seasons", "habitation", "exchange", "placing", "transfer", "feeding", "end-of-season",
                  "beginning-of-season", "scoring", "express", "weather", "human-impact", *ABILITY_IDS):
        d = explain.explain(topic)
        assert d["rule"] and d["title"]
    d = explain.explain("end of season")
    assert d["rulings"] and d["rulings"][0]["id"] == "end-of-season"
    card = explain.explain("capreolus capreolus")
    assert card["kind"] == "card" and "consumes 4 from herbaceous, woody" in card["rule"]
    assert "lives in" not in explain.explain_text(card)


def test_explain_unknown_topic_suggests():
    import pytest

    from kcal.core.errors import KcalError

    with pytest.raises(KcalError, match="did you mean"):
        explain.explain("end-of-seasn")


def test_explain_and_catalog_say_when_the_raids_act():
    fish = explain.explain("fish-raid")
    assert "before it is fed" in fish["rule"] and [r["id"] for r in fish["rulings"]] == ["raids"]
    hoofed = explain.explain("hoofed-raid")
    assert "before it is fed" in hoofed["rule"] and [r["id"] for r in hoofed["rulings"]] == ["hoofed-raid-timing"]
    assert "after it is placed and fed" in explain.explain("invertebrate-raid")["rule"].lower()
    heron = explain.explain("Ardea cinerea")
    assert "before it is fed" in heron["card"]["rules"]["fish-raid"]


def test_the_draws_without_a_choice_of_back_say_so():
    jay = explain.explain("discard-draw")
    assert "by the back" not in jay["rule"] and "whatever its back" in jay["rule"]
    assert [r["id"] for r in jay["rulings"]] == ["draw-by-the-back"]
    assert "top card of the stack" in explain.explain("weather")["rule"]
