"""`kcal deck validate`: legality (Deck Building), advice codes, exit codes and JSON (SPEC)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kcaloria.deck.check import validate_deck_file
from kcal.games.kcaloria.sim.exact import expected_reshuffles, p_none

FIXTURES = Path(__file__).parent.parent / "fixtures"
MINI = (FIXTURES / "mini-catalog.yaml").resolve()
LEGAL = {
    "Bayou": 5, "Flowing Rivers": 5, "Phlox nivalis": 5, "Pinus taeda": 5, "Sciurus niger": 5,
    "Dasypus novemcinctus": 5, "Ardea herodias": 5, "Caedo Tribe": 5, "Canis latrans": 5,
    "Remove the Invader": 5, "Ursus americanus": 5, "Pleurotus ostreatus": 5,
}


def write_deck(tmp_path: Path, tiles: dict[str, int], *, fmt: str = "standard", name: str = "deck.yaml",
               extra: str = "") -> Path:
    body = "\n".join(f"  {k}: {v}" for k, v in tiles.items())
    path = tmp_path / name
    path.write_text(f"name: Test\nformat: {fmt}\ncatalogs: ['{MINI}']\n{extra}tiles:\n{body}\n")
    return path


def codes(findings: list) -> list[str]:
    return [f.code for f in findings]


def run(*args: str):
    return CliRunner().invoke(app, ["deck", "validate", *args])


class TestDeckBuilding:
    def test_sixty_tiles_at_most_five_of_a_name_is_legal(self, tmp_path: Path) -> None:
        report = validate_deck_file(write_deck(tmp_path, LEGAL))
        assert report.legal and report.tiles == 60 and report.errors == []

    def test_wrong_size_is_illegal_and_says_how_many_to_add(self, tmp_path: Path) -> None:
        report = validate_deck_file(write_deck(tmp_path, {**LEGAL, "Bayou": 3}))
        assert codes(report.errors) == ["deck-size"]
        assert "58 tiles" in report.errors[0].message and "add 2" in report.errors[0].message
        assert (report.errors[0].line, report.errors[0].column) == (4, 1)

    def test_six_copies_of_a_name_is_illegal(self, tmp_path: Path) -> None:
        tiles = {**LEGAL, "Bayou": 6, "Flowing Rivers": 4}
        report = validate_deck_file(write_deck(tmp_path, tiles))
        assert codes(report.errors) == ["too-many-copies"]
        assert "6 copies of 'Bayou'" in report.errors[0].message and report.errors[0].line == 5

    def test_copies_count_names_without_case_or_extra_spaces(self, tmp_path: Path) -> None:
        tiles = {**LEGAL, "Ardea herodias": 3, "ardea   Herodias": 3, "Flowing Rivers": 4}
        report = validate_deck_file(write_deck(tmp_path, tiles))
        assert codes(report.errors) == ["too-many-copies"]
        message = report.errors[0].message
        assert "6 copies of 'Ardea herodias'" in message and "lines 11, 17" in message

    def test_unknown_name_is_illegal_with_a_did_you_mean(self, tmp_path: Path) -> None:
        tiles = {**LEGAL}
        del tiles["Bayou"]
        tiles["Bayuo"] = 5
        report = validate_deck_file(write_deck(tmp_path, tiles))
        assert codes(report.errors) == ["unknown-tile"]
        assert "did you mean 'Bayou'" in report.errors[0].message
        assert report.errors[0].line == 16

    def test_common_name_is_suggested(self, tmp_path: Path) -> None:
        tiles = {**LEGAL}
        del tiles["Ardea herodias"]
        tiles["Great blue heron"] = 5
        report = validate_deck_file(write_deck(tmp_path, tiles))
        assert "did you mean 'Ardea herodias'" in report.errors[0].message

    def test_no_water_is_illegal_since_no_hand_can_be_kept(self, tmp_path: Path) -> None:
        tiles = {k: v for k, v in LEGAL.items() if k not in ("Bayou", "Flowing Rivers")}
        report = validate_deck_file(write_deck(tmp_path, tiles))
        assert "no-water" in codes(report.errors)


class TestAdvice:
    def test_water_odds_are_exact_hypergeometric(self, tmp_path: Path) -> None:
        report = validate_deck_file(write_deck(tmp_path, LEGAL))
        assert report.water["tiles"] == 10
        assert report.water["p_no_water_in_opening"] == pytest.approx(0.258629, abs=1e-6)
        assert report.water["expected_reshuffles"] == pytest.approx(0.258629 / (1 - 0.258629), abs=1e-5)

    def test_few_water_warns_and_enough_water_does_not(self, tmp_path: Path) -> None:
        assert "few-water" in codes(validate_deck_file(write_deck(tmp_path, LEGAL)).warnings)
        tiles = {**LEGAL, "Bayou": 5, "Flowing Rivers": 5, "Remove the Invader": 3, "Ursus americanus": 3}
        tiles["Sciurus niger"] = 5
        report = validate_deck_file(write_deck(tmp_path, {**tiles, "Caedo Tribe": 5}))
        assert report.water["tiles"] == 10  # same water, different deck: still warns
        few = {k: v for k, v in LEGAL.items()}
        few["Flowing Rivers"] = 1
        few["Pleurotus ostreatus"] = 5
        assert "few-water" in codes(validate_deck_file(write_deck(tmp_path, few)).warnings)

    def test_unreachable_cost_is_named(self, tmp_path: Path) -> None:
        # the black bear costs 3 purple; only Caedo Tribe yields purple
        tiles = {**LEGAL}
        del tiles["Caedo Tribe"]
        tiles["Bayou"] = 5
        report = validate_deck_file(write_deck(tmp_path, {**tiles, "Flowing Rivers": 5}))
        found = [f for f in report.warnings if f.code == "unreachable-cost"]
        assert [f.message.split(" ")[0] + " " + f.message.split(" ")[1] for f in found] == ["Ursus americanus"]
        assert "purple" in found[0].message

    def test_reachable_costs_give_no_cost_warning(self, tmp_path: Path) -> None:
        report = validate_deck_file(write_deck(tmp_path, LEGAL))
        assert "unreachable-cost" not in codes(report.warnings)

    def test_dead_cost_alternative_is_named(self, tmp_path: Path) -> None:
        # armadillo: 4 green | 2 yellow; without yellow producers one alternative is dead
        tiles = {k: v for k, v in LEGAL.items() if k not in ("Sciurus niger",)}
        tiles["Bayou"] = 5
        report = validate_deck_file(write_deck(tmp_path, tiles))
        dead = [f for f in report.warnings if f.code == "cost-color-not-yielded"]
        assert any(f.message.startswith("Dasypus novemcinctus") for f in dead)

    def test_booster_without_its_biome(self, tmp_path: Path) -> None:
        # Pinus taeda boosts FF: remove every other FF tile
        tiles = {"Flowing Rivers": 5, "Phlox nivalis": 5, "Pinus taeda": 5, "Pleurotus ostreatus": 5}
        report = validate_deck_file(write_deck(tmp_path, tiles))
        assert "booster-without-biome" in codes(report.warnings)
        assert "booster-without-biome" not in codes(validate_deck_file(write_deck(tmp_path, LEGAL)).warnings)

    def test_biome_without_booster(self, tmp_path: Path) -> None:
        tiles = {k: v for k, v in LEGAL.items() if k != "Pinus taeda"}
        report = validate_deck_file(write_deck(tmp_path, tiles))
        found = [f for f in report.warnings if f.code == "biome-without-booster"]
        assert found and "FF" in found[0].message and "Pinus taeda" in found[0].message

    def test_action_tiles_in_a_solo_deck(self, tmp_path: Path) -> None:
        solo = validate_deck_file(write_deck(tmp_path, LEGAL, fmt="solo"))
        assert [f.message.split(" is ")[0] for f in solo.warnings if f.code == "solo-hostile-tile"] == ["Remove the Invader"]
        standard = validate_deck_file(write_deck(tmp_path, LEGAL))
        assert "solo-hostile-tile" not in codes(standard.warnings)

    def test_no_way_to_end_early(self, tmp_path: Path) -> None:
        tiles = {**LEGAL, "Caedo Tribe": 1, "Canis latrans": 2}
        report = validate_deck_file(write_deck(tmp_path, tiles))
        assert "no-early-end" in codes(report.warnings)
        assert "no-early-end" not in codes(validate_deck_file(write_deck(tmp_path, LEGAL)).warnings)
        pack = {**LEGAL, "Caedo Tribe": 1, "Canis latrans": 3}
        assert "no-early-end" not in codes(validate_deck_file(write_deck(tmp_path, pack)).warnings)

    def test_cube_supply_counts_what_stays_on_the_table(self, tmp_path: Path) -> None:
        from kcal.games.kcaloria.deck.check import _Context, advise_supply
        from kcal.games.kcaloria.files.load import load_deck

        report = validate_deck_file(write_deck(tmp_path, LEGAL))
        assert "cube-supply" not in codes(report.warnings)
        loaded = load_deck(write_deck(tmp_path, LEGAL))
        doubled = _Context(loaded, loaded.tiles() * 2, 1, 1)  # 10 armadillos: 30 orange, nothing eats orange
        messages = [f.message for f in advise_supply(doubled)]
        assert any("at least 30 orange" in m for m in messages), messages


class TestCommand:
    def test_exit_0_and_spec_json_for_a_legal_deck(self, tmp_path: Path) -> None:
        result = run(str(write_deck(tmp_path, LEGAL)), "--format", "json")
        assert result.exit_code == 0, result.output
        doc = json.loads(result.stdout)
        deck = doc["decks"][0]
        assert {"deck", "legal", "tiles", "errors", "warnings"} <= set(deck)
        assert deck["legal"] is True and deck["tiles"] == 60
        for warning in deck["warnings"]:
            assert {"code", "message", "line", "column"} <= set(warning)

    def test_exit_1_for_an_illegal_deck(self, tmp_path: Path) -> None:
        result = run(str(write_deck(tmp_path, {**LEGAL, "Bayou": 6})))
        assert result.exit_code == 1
        assert "error[too-many-copies]" in result.stdout

    def test_strict_turns_warnings_into_exit_1(self, tmp_path: Path) -> None:
        path = str(write_deck(tmp_path, LEGAL))
        assert run(path).exit_code == 0
        assert run(path, "--strict").exit_code == 1

    def test_strict_json_verdict_matches_the_text_and_the_exit_code(self, tmp_path: Path) -> None:
        path = str(write_deck(tmp_path, LEGAL))  # legal, with warnings
        result = run(path, "--strict", "--format", "json")
        assert result.exit_code == 1
        deck = json.loads(result.stdout)["decks"][0]
        assert deck["warnings"] and deck["legal"] is False
        assert "ILLEGAL" in run(path, "--strict").stdout
        assert json.loads(run(path, "--format", "json").stdout)["decks"][0]["legal"] is True

    def test_several_decks_one_bad_file_gives_exit_2_and_reports_the_rest(self, tmp_path: Path) -> None:
        good = write_deck(tmp_path, LEGAL, name="good.yaml")
        bad = tmp_path / "bad.yaml"
        bad.write_text("name: [\n")
        result = run(str(good), str(bad), "--format", "json")
        assert result.exit_code == 2
        assert [d["legal"] for d in json.loads(result.stdout)["decks"]] == [True]
        assert "bad.yaml:" in result.stderr and "Traceback" not in result.stderr

    def test_missing_file_exit_2(self, tmp_path: Path) -> None:
        result = run(str(tmp_path / "nope.yaml"))
        assert result.exit_code == 2 and "no such file" in result.stderr

    def test_extra_catalog_option(self, tmp_path: Path) -> None:
        path = tmp_path / "deck.yaml"
        body = "\n".join(f"  {k}: {v}" for k, v in LEGAL.items())
        path.write_text(f"name: T\ncatalogs: []\ntiles:\n{body}\n")
        assert run(str(path)).exit_code == 1  # no catalog at all: every name unknown
        assert run(str(path), "--catalog", str(MINI)).exit_code == 0

    def test_hash_ignores_order_case_and_comments(self, tmp_path: Path) -> None:
        a = validate_deck_file(write_deck(tmp_path, LEGAL, name="a.yaml"))
        shuffled = dict(reversed(list(LEGAL.items())))
        shuffled = {k.upper() if k == "Bayou" else k: v for k, v in shuffled.items()}
        b = validate_deck_file(write_deck(tmp_path, shuffled, name="b.yaml", extra="# a comment\n"))
        c = validate_deck_file(write_deck(tmp_path, {**LEGAL, "Bayou": 4}, name="c.yaml"))
        assert a.hash == b.hash != c.hash


def test_odds_match_the_pokemon_redraw_table() -> None:
    """Same mathematics: 60 cards, 7-card hand, redraw while no Basic."""
    assert p_none(60, 1, 7) == pytest.approx(0.8833, abs=5e-5)
    assert p_none(60, 10, 7) == pytest.approx(0.2586, abs=5e-5)
    assert p_none(60, 20, 7) == pytest.approx(0.0483, abs=5e-5)
    assert expected_reshuffles(60, 10, 7) == pytest.approx(0.2586 / (1 - 0.2586), abs=1e-4)


def test_zero_count_is_invalid_input_not_a_finding(tmp_path: Path) -> None:
    result = run(str(write_deck(tmp_path, {**LEGAL, "Bayou": 0})))
    assert result.exit_code == 2
    assert "tiles.Bayou: must be at least 1, got 0" in result.stderr


def test_a_name_in_two_catalogs_resolves_to_the_first_listed(tmp_path: Path) -> None:
    other = tmp_path / "other.yaml"
    other.write_text(
        "set: {code: OTH, name: Other}\n"
        "tiles:\n  - {id: O-1, name: Bayou, type: water, class: water, rarity: rare, yield: {blue: 9}}\n"
    )
    deck = tmp_path / "deck.yaml"
    body = "\n".join(f"  {k}: {v}" for k, v in LEGAL.items())
    deck.write_text(f"name: T\ncatalogs: ['{MINI}', other.yaml]\ntiles:\n{body}\n")
    from kcal.games.kcaloria.files.load import load_deck

    assert load_deck(deck).library.get("Bayou").id == "M-01"
    deck.write_text(f"name: T\ncatalogs: [other.yaml, '{MINI}']\ntiles:\n{body}\n")
    assert load_deck(deck).library.get("Bayou").id == "O-1"


@pytest.mark.parametrize("tiles", [{"Bayou": 5}, {"Bayou": 3, "Phlox nivalis": 3}, {"Phlox nivalis": 2}])
def test_a_deck_smaller_than_a_hand_is_illegal_not_a_crash(tmp_path: Path, tiles: dict[str, int]) -> None:
    result = run(str(write_deck(tmp_path, tiles)), "--format", "json")
    assert result.exit_code == 1, result.output
    deck = json.loads(result.stdout)["decks"][0]
    assert deck["legal"] is False and "deck-size" in [e["code"] for e in deck["errors"]]


@pytest.mark.parametrize("text,message", [
    ('name: "Bayou\\e[31m red"\ntiles: {Bayou: 5}\n',
     ":1:7: name: control character U+001B at position 6 is not allowed in a name"),
    ('name: X\ntiles: {"Bay\\nou": 5}\n',
     ":2:9: tiles.'Bay\\nou': control character U+000A at position 4 is not allowed in a name"),
])
def test_a_name_with_a_control_character_is_one_line_exit_2(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text(text)
    result = run(str(path))
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [f"{path}{message}"]


def test_names_compare_after_unicode_normalisation(tmp_path: Path) -> None:
    import unicodedata

    (tmp_path / "cat.yaml").write_text(
        "set: {code: UNI, name: Uni}\ntiles:\n"
        "  - {id: U-1, name: Café Łódź, type: water, class: water, rarity: common, yield: {blue: 2}}\n",
        encoding="utf-8")
    nfd = unicodedata.normalize("NFD", "Café Łódź")
    assert nfd != "Café Łódź"
    (tmp_path / "deck.yaml").write_text(
        f"name: T\ncatalogs: [cat.yaml]\ntiles:\n  '{nfd}': 3\n  CAFÉ ŁÓDŹ: 3\n", encoding="utf-8")
    result = run(str(tmp_path / "deck.yaml"), "--format", "json")
    deck = json.loads(result.stdout)["decks"][0]
    codes = [e["code"] for e in deck["errors"]]
    assert "unknown-tile" not in codes and "too-many-copies" in codes


def test_a_catalog_named_by_the_deck_and_by_catalog_loads_once(tmp_path: Path) -> None:
    deck = write_deck(tmp_path, LEGAL)
    for extra in (MINI, Path(os.path.relpath(MINI))):
        result = run(str(deck), "--catalog", str(extra))
        assert result.exit_code == 0, result.output
        assert "also defined" not in result.stderr
    result = CliRunner().invoke(app, ["catalog", "validate", str(MINI), str(MINI)])
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize(
    ("command", "path", "message"),
    [
        (["deck", "validate"], "fixtures/mini-catalog.yaml", "this looks like a catalog (it has 'set' and a list of tiles), not a deck"),
        (["catalog", "validate"], "fixtures/legal-deck.yaml", "this looks like a deck (it has a name and tile counts), not a catalog"),
        (["rules", "replay"], "fixtures/legal-deck.yaml", "this looks like a deck (it has a name and tile counts), not a game record"),
        (["deck", "validate"], "engine/fixtures/two-sunlights-eichhornia.yaml", "this looks like a game record (it has 'players' and 'moves'), not a deck"),
    ],
)
def test_a_file_of_another_kind_is_named_as_such(command: list[str], path: str, message: str) -> None:
    root = Path(__file__).resolve().parents[1]
    result = CliRunner().invoke(app, [*command, str(root / path)])
    assert result.exit_code == 2
    assert f":1:1: {message}" in result.stderr


def test_an_extra_catalog_may_name_a_partner_from_the_decks_catalogs(tmp_path: Path) -> None:
    extra = tmp_path / "extra.yaml"
    extra.write_text(
        "set: {code: EXT, name: Extra}\n"
        "tiles:\n  - {id: X-1, name: Lichen, type: plant, class: lichen, rarity: common, cost: [{blue: 1}],"
        " yield: {green: 1}, modifiers: [{name: symbiosis, partner: Pinus taeda, amount: 1}]}\n"
    )
    result = run(str(write_deck(tmp_path, LEGAL)), "--catalog", str(extra))
    assert result.exit_code == 0, result.output
