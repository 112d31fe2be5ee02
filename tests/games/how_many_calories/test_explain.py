"""``rules explain``: every topic in kcal's words, with its rulings; cards by ``yellow 14``; did-you-mean."""

from __future__ import annotations

import pytest

from kcal.core.errors import KcalError
from kcal.games.how_many_calories import explain

TOPICS = ["setup", "pass", "trick", "plus-five", "ties", "limit", "round-end", "scoring", "start-player",
          "winner", "two-player", "cards"]


def test_topics_cover_the_rulebook_sections():
    assert explain.topics() == TOPICS


@pytest.mark.parametrize("topic", TOPICS)
def test_every_topic_explains_a_rule(topic):
    d = explain.explain(topic)
    assert set(d) >= {"topic", "title", "rule", "rulings"} and d["topic"] == topic
    assert len(d["rule"]) > 60
    assert d["title"] in explain.explain_text(d)


def test_topics_are_found_by_other_spellings():
    assert explain.explain("Plus Five")["topic"] == "plus-five"
    assert explain.explain("+5")["topic"] == "plus-five"
    assert explain.explain("start_player")["topic"] == "start-player"


def test_a_topic_lists_its_rulings():
    rulings = explain.explain("winner")["rulings"]
    assert [r["id"] for r in rulings] == ["winner-tie"]
    assert "shared" in rulings[0]["decision"]
    assert "winner-tie" in explain.explain_text(explain.explain("winner"))


def test_a_card_explains_its_values():
    d = explain.explain("Yellow 14")
    assert d["topic"] == "yellow 14" and d["kcal"] == 1_400
    assert "it counts 14; in any other trick 19" in d["rule"]
    assert explain.explain("cheese pizza")["topic"] == "yellow 14"


def test_unknown_topic_has_a_did_you_mean():
    with pytest.raises(KcalError, match=r"no rule topic 'winer' \(did you mean 'winner'\?\)"):
        explain.explain("winer")
    with pytest.raises(KcalError, match=r"did you mean 'yellow 14'"):
        explain.explain("yelow 14")
