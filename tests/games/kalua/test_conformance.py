"""The shared conformance suite of kcal.core (the same checks every game pack passes)."""

from __future__ import annotations

from kcal import conformance
from kcal.games.kalua import PACK, schema
from kcal.games.kalua.game import GAME
from kcal.games.kalua.replay import replay


def test_the_pack_passes_the_conformance_suite(tmp_path):
    report = conformance.check_game(GAME, replay=replay, schema=schema.export, folder=tmp_path, seeds=range(15))
    assert report.games == 15 and set(report.end_reasons) <= {"one_religion", "global_disaster",
                                                              "last_standing", "all_eliminated"}
    assert report.illegal_probes and report.refused_applies and report.hidden_changes and report.replays


def test_the_game_hook_carries_the_packs_info():
    conformance.check_interface(GAME, PACK.info)
    conformance.check_info(PACK.info)
    assert conformance.configurations(GAME) == [(3, None), (4, None), (5, None)]
