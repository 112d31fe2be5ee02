"""The shared conformance suite on the pack (fewer seeds than tests/conformance)."""

from __future__ import annotations

from kcal import conformance
from kcal.games.ecologic_europe import PACK, schema
from kcal.games.ecologic_europe.game import GAME, EndReason
from kcal.games.ecologic_europe.replay import replay


def test_the_pack_passes_the_conformance_suite(tmp_path):
    report = conformance.check_game(GAME, replay=replay, schema=schema.export, folder=tmp_path,
                                    seeds=range(3))
    # the configurations are taken in turn: 2, 3 and 4 players (tests/conformance plays all 30 seeds)
    assert report.games == 3 and set(report.end_reasons) == {"winter_over"}
    assert report.illegal_probes and report.refused_applies and report.hidden_changes and report.replays


def test_the_game_hook_carries_the_packs_info():
    conformance.check_interface(GAME, PACK.info)
    conformance.check_info(PACK.info)
    configs = conformance.configurations(GAME)
    assert (2, None) in configs and (7, None) in configs and (2, "express") in configs


def test_end_reasons_are_the_enum():
    assert {e.value for e in EndReason} == {"winter_over", "express_over"}
