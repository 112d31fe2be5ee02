"""EcoLogic's replays name the data files they load (issue 21, item 2; moved from
tests/viewer/test_pictures_never_over_inputs.py): a picture of the replay never replaces one of them."""

from __future__ import annotations

from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_ecologic_replays_name_the_data_files_they_load() -> None:
    from kcal.games.ecologic_europe.files.load import COMPONENTS_FILE
    from kcal.games.ecologic_europe.replay import replay

    result = replay(TESTS / "fixtures" / "meadow-spring.yaml")
    assert COMPONENTS_FILE in result.inputs and any(p.name == "species-base.yaml" for p in result.inputs)
