"""The shared conformance suite of kcal.core (the same checks every game pack passes)."""

from __future__ import annotations

from kcal import conformance
from kcal.games.how_many_calories import PACK, schema
from kcal.games.how_many_calories.game import GAME
from kcal.games.how_many_calories.replay import replay


def test_the_pack_passes_the_conformance_suite(tmp_path):
    report = conformance.check_game(GAME, replay=replay, schema=schema.export, folder=tmp_path, seeds=range(12))
    assert report.games == 12 and report.end_reasons == {"rounds_complete": 12}
    assert report.illegal_probes and report.refused_applies and report.hidden_changes and report.replays


def test_the_game_hook_carries_the_packs_info():
    conformance.check_interface(GAME, PACK.info)
    conformance.check_info(PACK.info)
    assert conformance.configurations(GAME) == [(3, None), (4, None), (2, "two-player")]
