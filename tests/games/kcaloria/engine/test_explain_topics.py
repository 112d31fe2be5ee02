"""``kcal rules explain`` (issue 12 item 12): with no topic it lists the topics; the rules players ask
about (reproduction, scoring, turn, solo, discard) exist; suggestions make sense; rulings come in full."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria import explain
from kcal.games.kcaloria.rules.domain import COLOR_POINTS, Color


def run(*args: str):
    return CliRunner().invoke(app, ["rules", "explain", *args])


def test_no_topic_lists_every_group_of_topics():
    r = run("--format", "json")
    assert r.exit_code == 0, r.output
    listed = json.loads(r.stdout)["topics"]
    for t in ("reproduction", "scoring", "turn", "solo", "discard", "photosynthesis", "GL", "insect"):
        assert t in listed
    assert listed == explain.topics()


@pytest.mark.parametrize("topic, kind", [
    ("reproduction", "rule"), ("scoring", "rule"), ("discard", "rule"),
    ("turn", "section"), ("solo", "section"), ("points", "rule"), ("breeding", "rule"),
])
def test_the_topics_players_ask_about_exist(topic, kind):
    d = explain.explain(topic)
    assert d["kind"] == kind and d["rule"]


def test_every_listed_topic_explains():
    for t in explain.topics():
        assert explain.explain(t)["rule"], t


def test_scoring_uses_the_one_points_table():
    text = explain.explain("scoring")["rule"]
    for c in Color:
        assert f"{c.value} {COLOR_POINTS[c]}" in text


@pytest.mark.parametrize("typo, wanted", [
    ("reproducton", "reproduction"), ("scorring", "scoring"), ("hunters", "nocturnal_hunters"),
    ("photosynthesys", "photosynthesis"),
])
def test_suggestions_for_an_unknown_topic_make_sense(typo, wanted):
    r = run(typo)
    assert r.exit_code == 2
    assert f"'{wanted}'" in r.output


def test_nonsense_gets_no_suggestion_but_says_how_to_list():
    r = run("zzzqqq")
    assert r.exit_code == 2 and "did you mean" not in r.output and "kcal rules explain" in r.output


def test_rulings_are_shown_in_full():
    d = explain.explain("drought_resistant")
    ruling = next(x for x in d["rulings"] if x["title"] == "Whose dice, counted when")
    assert ruling["question"] and ruling["decision"] and ruling["why"]
    text = explain.explain_text(d)
    assert "decision: " + ruling["decision"][:40] in text
