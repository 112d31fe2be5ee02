"""The conformance suite (kcal.conformance) over every registered pack.

The packs come from ``kcal.core.registry.ids()``, so a pack installed later is checked without a change
here. A pack whose ``game`` hook (or ``replay``/``schema`` hook) is missing or broken fails these tests;
nothing is skipped. The random games of a pack are played once (30 seeds) and shared by the tests.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import pytest

from kcal import conformance
from kcal.conformance import Report
from kcal.core import registry

PACK_IDS = registry.ids()
SEEDS = range(30)
by_pack = pytest.mark.parametrize("pack_id", PACK_IDS)
#: the packs whose records read start: positions (GameInfo.start_positions): a pack that declares it later
#: is checked without a change here
START_IDS = [p for p in PACK_IDS if registry.get(p).info.start_positions]


@cache
def _game(pack_id: str) -> Any:
    return registry.get(pack_id).hook("game")


@cache
def _run(pack_id: str) -> Report:
    return conformance.check_random_games(_game(pack_id), SEEDS)


def test_the_built_in_packs_are_registered() -> None:
    assert {"kcaloria", "how-many-calories"} <= set(PACK_IDS)


@by_pack
def test_the_game_hook_loads_and_is_a_game(pack_id: str) -> None:
    pack = registry.get(pack_id)
    conformance.check_interface(pack.hook("game"), pack.info)


@by_pack
def test_game_info_is_well_formed(pack_id: str) -> None:
    conformance.check_info(registry.get(pack_id).info)


@by_pack
def test_player_counts_outside_the_range_are_refused(pack_id: str) -> None:
    conformance.check_player_counts(_game(pack_id))


@by_pack
def test_random_games_end_and_every_move_is_checked(pack_id: str) -> None:
    report = _run(pack_id)
    assert report.games == len(SEEDS)
    assert report.legal_checked >= report.moves > 0
    assert report.illegal_probes > report.games  # moves of others, of other states, garbage
    assert report.refused_applies > report.games  # each of them also refused by apply, state unchanged
    assert sum(report.end_reasons.values()) == report.games and "?" not in report.end_reasons


@by_pack
def test_the_same_seed_gives_the_same_game(pack_id: str) -> None:
    conformance.check_same_seed_same_game(_game(pack_id), range(2))


@by_pack
def test_a_view_is_unchanged_by_determinizing_and_hides_the_rest(pack_id: str) -> None:
    game = _game(pack_id)
    report = _run(pack_id)
    assert len(report.samples) >= 20
    checked = conformance.check_views(game, report.samples)
    assert checked.determinizations >= len(report.samples)
    if game.info.hidden_information:
        assert checked.hidden_changes > 0


@by_pack
def test_bots_choose_legal_moves_and_leave_the_state_alone(pack_id: str) -> None:
    samples = _run(pack_id).samples
    conformance.check_bots(_game(pack_id), samples[::max(1, len(samples) // 6)])  # search bots are slow


@by_pack
def test_bots_decide_only_from_what_their_seat_may_know(pack_id: str) -> None:
    """Issue 32, item 10: every bot and the shared searcher choose the same move in a state and in its
    determinized copy for the player to move (the same view, the hidden cards redealt)."""
    samples = _run(pack_id).samples
    live = [s for s in samples[::max(1, len(samples) // 6)] if _game(pack_id).to_move(s[1])]
    compared = conformance.check_hidden(_game(pack_id), live)
    assert compared == len(live) * conformance.hidden.WORLDS * (len(_game(pack_id).bots()) + 1) > 0


@by_pack
def test_a_clone_is_equal_and_independent(pack_id: str) -> None:
    game = _game(pack_id)
    conformance.check_clone(game, [(setup, game.clone(s)) for setup, s in _run(pack_id).samples[::3]])


@by_pack
def test_a_game_record_replays_to_the_same_end(pack_id: str, tmp_path: Path) -> None:
    pack = registry.get(pack_id)
    report = _run(pack_id)
    replayed = conformance.check_replay(_game(pack_id), report.finished, pack.hook("replay").replay, tmp_path)
    assert replayed > len(report.finished) == len(conformance.configurations(_game(pack_id)))


def test_the_card_games_read_start_positions() -> None:
    assert "kalua" in START_IDS


@pytest.mark.parametrize("pack_id", START_IDS)
def test_a_replays_state_given_back_as_start_replays_to_the_same_state(pack_id: str, tmp_path: Path) -> None:
    pack = registry.get(pack_id)
    finished = _run(pack_id).finished
    checked = conformance.check_start_round_trip(_game(pack_id), finished, pack.hook("replay").replay, tmp_path)
    assert checked >= 3 * len(finished)


@by_pack
def test_every_file_kind_exports_a_draft_2020_12_schema(pack_id: str) -> None:
    pack = registry.get(pack_id)
    conformance.check_schemas(pack.info, pack.hook("schema").export)
