"""Deck Building advice on colour balance, and the tiles solo games leave stuck face up (issue 12, item 9)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria.deck.check import colour_balance, validate_deck_file
from kcal.games.kcaloria.files.load import load_deck

DECKS = Path(__file__).resolve().parents[4] / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks"
runner = CliRunner()
THIRSTY = "name: Thirsty\ntiles:\n  Bayou: 2\n  Phlox nivalis: 5\n  Campsis radicans: 5\n  Rudbeckia hirta: 5\n"


@pytest.fixture
def thirsty(tmp_path: Path) -> Path:
    p = tmp_path / "thirsty.yaml"
    p.write_text(THIRSTY)
    return p


class TestColourBalance:
    def test_costs_against_yields_count_every_copy(self, thirsty: Path) -> None:
        balance = colour_balance(load_deck(thirsty).tiles())
        # Bayou yields 2 blue (x2); each of the 15 flowers costs 1 blue and yields green
        assert balance["cost"]["blue"] == 15 and balance["yield"]["blue"] == 4
        assert balance["cost"]["green"] == 0

    def test_a_colour_short_of_its_costs_is_a_warning_with_both_numbers(self, thirsty: Path) -> None:
        report = validate_deck_file(thirsty)
        [w] = [w for w in report.warnings if w.code == "colour-balance"]
        assert w.message.startswith("your deck's costs need 15 blue; its tiles yield 4")
        assert "Phlox nivalis" in w.message and (w.line, w.column) == (2, 1)
        assert report.to_json()["colours"]["cost"]["blue"] == 15

    @pytest.mark.parametrize("deck", sorted(DECKS.glob("*.yaml")), ids=lambda p: p.stem)
    def test_the_preconstructed_decks_are_balanced(self, deck: Path) -> None:
        assert not [w for w in validate_deck_file(deck).warnings if w.code == "colour-balance"]

    def test_the_text_report_shows_need_and_yield(self) -> None:
        r = runner.invoke(app, ["deck", "validate", str(DECKS / "bayou-ambush.yaml")])
        assert "colours (cost need/yield): blue 37/37, green 14/19" in r.stdout

    def test_exact_water_figures_keep_full_precision(self) -> None:
        from kcal.games.kcaloria.sim.exact import p_none

        water = validate_deck_file(DECKS / "bayou-ambush.yaml").water
        assert water["p_no_water_in_opening"] == float(p_none(60, water["tiles"], 7))


class TestSoloStuckTiles:
    def test_sim_solo_advises_on_the_tiles_stuck_face_up_and_the_colours(self, thirsty: Path) -> None:
        r = runner.invoke(app, ["sim", "solo", str(thirsty), "-n", "6", "-j", "1", "-q", "-f", "json"])
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        stuck = [s["tile"] for s in data["stuck_face_up"]]
        assert stuck
        [stagnation] = [a for a in data["advice"] if a.startswith("Stagnation")]
        assert stuck[0] in stagnation
        assert any("need 15 blue; its tiles yield 4" in a for a in data["advice"])
        text = runner.invoke(app, ["sim", "solo", str(thirsty), "-n", "6", "-j", "1", "-q"]).stdout
        assert "  advice: Stagnation" in text
