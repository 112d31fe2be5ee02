"""``kcal deck import`` reads the lists players already have: Moxfield and Archidekt exports, standard
input; the copy limit of Deck Building applies to a tile however it is named (issue 12, item 5)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.errors import KcalError
from kcal.games.kcaloria.deck.importer import import_deck, parse_list

runner = CliRunner()

MOXFIELD = """Deck
4 Bayou (MINI) 1
3 Phlox nivalis (MINI) 2

SIDEBOARD:
2 Moonlight (MINI) 4
1 Ardea herodias (MINI) 5
"""

ARCHIDEKT = """1x Bayou (MINI) 001 [Water]
2x Phlox nivalis (MINI) 002 [Plant] ^Have,#37d67a^
1x Ardea herodias (MINI) 005 *F* [Carnivore]
1x Moonlight (MINI) 004 [Maybeboard{noDeck}{noPrice},Event]
"""


class TestSectionHeaders:
    @pytest.mark.parametrize("header", ["Water", "Deck", "SIDEBOARD:", "Plants (12)", "Main deck:", "Sideboard",
                                        "Maybeboard", "herbivores"])
    def test_a_header_opens_a_section_and_is_not_an_entry(self, header: str) -> None:
        [entry] = parse_list(f"{header}\n4 Bayou\n")
        assert entry.section == header.split(" (")[0].rstrip(":")

    def test_tiles_under_a_sideboard_header_are_kept_apart(self) -> None:
        entries = parse_list(MOXFIELD)
        assert [(e.name, e.side) for e in entries] == [
            ("Bayou", False), ("Phlox nivalis", False), ("Moonlight", True), ("Ardea herodias", True)]

    def test_a_bare_tile_name_is_still_an_error(self) -> None:
        with pytest.raises(KcalError, match="expected a count and a tile name"):
            parse_list("Bayou\n", "l.txt")


class TestArchidektLines:
    @pytest.mark.parametrize(("line", "name", "count"), [
        ("1x Bayou (ETPW) 001 [Water]", "Bayou", 1),
        ("2x Phlox nivalis (MINI) 002 [Plant] ^Have,#37d67a^", "Phlox nivalis", 2),
        ("1x Ardea herodias (MINI) 005 *F* [Carnivore]", "Ardea herodias", 1),
        ("3 Bayou [Water,Wetlands]", "Bayou", 3),
    ])
    def test_set_number_category_tags_and_finish_are_stripped(self, line: str, name: str, count: int) -> None:
        [entry] = parse_list(line)
        assert (entry.name, entry.count, entry.side) == (name, count, False)

    def test_a_maybeboard_category_keeps_the_tile_out(self) -> None:
        entries = parse_list(ARCHIDEKT)
        assert [e.name for e in entries if e.side] == ["Moonlight"]
        assert entries[-1].section == "Maybeboard"


class TestImport:
    def test_moxfield_export_sideboard_is_reported_not_added(self, tmp_path: Path, mini_library) -> None:
        src = tmp_path / "mox.txt"
        src.write_text(MOXFIELD)
        result = import_deck(src, mini_library, display="mox.txt")
        assert {e.tile.name: e.count for e in result.entries} == {"Bayou": 4, "Phlox nivalis": 3}
        assert "Moonlight" not in result.text
        assert "mox.txt:6: 2 Moonlight is in the SIDEBOARD section: reported, not added to the deck" in result.notes
        assert [s["name"] for s in result.to_dict()["sideboard"]] == ["Moonlight", "Ardea herodias"]

    def test_a_misspelt_sideboard_tile_is_still_an_error(self, tmp_path: Path, mini_library) -> None:
        src = tmp_path / "l.txt"
        src.write_text("4 Bayou\nSIDEBOARD:\n1 Moonlite\n")
        with pytest.raises(KcalError, match=r"l.txt:3:3: unknown tile 'Moonlite' \(did you mean 'Moonlight'\?\)"):
            import_deck(src, mini_library, display="l.txt")

    def test_archidekt_export(self, tmp_path: Path, mini_library) -> None:
        src = tmp_path / "arch.txt"
        src.write_text(ARCHIDEKT)
        result = import_deck(src, mini_library)
        assert {e.tile.name: e.count for e in result.entries} == {"Bayou": 1, "Phlox nivalis": 2,
                                                                   "Ardea herodias": 1}


class TestDeckBuildingCopyLimit:
    """Deck Building: at most 5 tiles of a name. A common name and a Latin name are one tile."""

    def test_a_common_and_a_latin_name_count_together_past_the_limit(self, tmp_path: Path, mini_library) -> None:
        src = tmp_path / "l.txt"
        src.write_text("4 Bayou\n3 great blue heron\n3 Ardea herodias\n")
        with pytest.raises(KcalError) as info:
            import_deck(src, mini_library, display="l.txt")
        assert str(info.value) == (
            "l.txt:2:3: 6 copies of 'Ardea herodias' (line 2: 3 as 'great blue heron', line 3: 3 as "
            "'Ardea herodias'); a common name and its Latin name are one tile; at most 5 tiles may share a name")
        assert info.value.code == "too-many-copies"

    def test_one_spelling_past_the_limit_is_refused_too(self, tmp_path: Path, mini_library) -> None:
        src = tmp_path / "l.txt"
        src.write_text("4 Bayou\n2 bayou\n")
        with pytest.raises(KcalError, match="6 copies of 'Bayou' .*at most 5"):
            import_deck(src, mini_library, display="l.txt")

    def test_within_the_limit_the_merge_is_reported(self, tmp_path: Path, mini_library) -> None:
        src = tmp_path / "l.txt"
        src.write_text("2 Great Blue Heron\n3 Ardea herodias\n")
        result = import_deck(src, mini_library)
        assert result.entries[0].count == 5
        assert any("named in different words" in n and "5 copies counted together" in n for n in result.notes)


class TestCommand:
    def test_standard_input(self, tmp_path: Path, fixtures: Path) -> None:
        out = tmp_path / "deck.yaml"
        r = runner.invoke(app, ["deck", "import", "-", "-o", str(out), "-c", str(fixtures / "mini.yaml"),
                                "--no-builtin", "-f", "json"], input=MOXFIELD)
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        assert data["source"] == "<stdin>" and data["name"] == "Imported deck" and data["tiles"] == 7
        assert out.read_text().startswith("# Imported from standard input by kcal deck import.")

    def test_standard_input_needs_an_output(self) -> None:
        r = runner.invoke(app, ["deck", "import", "-"], input="4 Bayou\n")
        assert r.exit_code == 2 and "name the deck file with -o PATH" in r.stderr

    def test_standard_input_to_standard_output(self) -> None:
        r = runner.invoke(app, ["deck", "import", "-", "-o", "-"], input="Water\n4 Bayou\n")
        assert r.exit_code == 0, r.output
        assert "  Bayou: 4\n" in r.stdout

    def test_copy_limit_is_exit_2_and_nothing_is_written(self, tmp_path: Path, fixtures: Path) -> None:
        src = tmp_path / "l.txt"
        src.write_text("3 great blue heron\n3 Ardea herodias\n")
        r = runner.invoke(app, ["deck", "import", str(src), "-c", str(fixtures / "mini.yaml"), "--no-builtin"])
        assert r.exit_code == 2 and "6 copies of 'Ardea herodias'" in r.stderr
        assert not (tmp_path / "l.yaml").exists()

    def test_deck_validate_on_a_list_points_to_deck_import(self, tmp_path: Path) -> None:
        src = tmp_path / "list.txt"
        src.write_text("Water\n4 Bayou\n1x Ardea herodias (ETPW) 072 [Carnivore]\n")
        r = runner.invoke(app, ["deck", "validate", str(src)])
        assert r.exit_code == 2
        assert f"{src}:1:1: this is a tile list, not a deck file; turn it into one with: kcal deck import {src}" \
            in r.stderr

    def test_deck_validate_on_other_broken_yaml_is_not_called_a_list(self, tmp_path: Path) -> None:
        src = tmp_path / "d.yaml"
        src.write_text("name: [\n")
        r = runner.invoke(app, ["deck", "validate", str(src)])
        assert r.exit_code == 2 and "deck import" not in r.stderr
