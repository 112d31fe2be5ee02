"""``rules explain --game kalua``: every phase, leader action and card type, and every card."""

from __future__ import annotations

import pytest

from kcal.core.errors import KcalError
from kcal.games.kalua import explain
from kcal.games.kalua.files.load import load_catalog


def test_every_phase_and_leader_action_is_a_topic():
    for topic in ("setup", "draw", "leaders", "speech", "convert-atheists", "convert-believer", "sacrifice",
                  "cards", "answers", "convert", "praying", "elimination", "end", "buy", "global-disaster",
                  "local-disaster", "bonus", "special-cards", "effects", "happiness"):
        assert topic in explain.topics()
        assert explain.explain(topic)["rule"]


def test_every_card_explains_itself():
    for d in load_catalog().defs:
        out = explain.explain(d.name.upper())
        assert out["kind"] == "card" and out["topic"] == d.name and d.name in out["rule"]


def test_a_topic_shows_its_rulings():
    out = explain.explain("praying")
    assert any(r["id"] == "equal-happiness-praying" for r in out["rulings"])
    assert "kcal's rulings:" in explain.explain_text(out)


def test_aliases_and_a_did_you_mean():
    assert explain.explain("phase 4")["topic"] == "convert"
    with pytest.raises(KcalError, match="did you mean 'sacrifice'"):
        explain.explain("sacrifise")
