"""``kcal deck import|diff|stats`` in-process: exit codes, JSON on stdout, errors on stderr, files."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner

from kcal.games.kcaloria.deck import commands as deck_tools

runner = CliRunner()


@pytest.fixture(scope="module")
def app() -> typer.Typer:
    """The commands as ``kcal deck`` registers them (through the real root app when it does)."""
    from kcal.cli.app import app as root

    result = runner.invoke(root, ["deck", "import", "--help"])
    if result.exit_code == 0:
        return root
    local = typer.Typer()
    deck = typer.Typer()
    deck.command("import")(deck_tools.import_)
    deck.command("diff")(deck_tools.diff)
    deck.command("stats")(deck_tools.stats)
    local.add_typer(deck, name="deck")
    return local


def run(app, *args: str):
    return runner.invoke(app, ["deck", *args])


class TestImport:
    def test_writes_the_deck_beside_the_list(self, app, work: Path) -> None:
        r = run(app, "import", "list.txt", "--catalog", "mini.yaml", "--no-builtin", "--name", "My list")
        assert r.exit_code == 0, r.output
        text = (work / "list.yaml").read_text()
        assert "name: My list\n" in text
        assert "catalogs: [mini.yaml]\n" in text
        assert "  Bayou: 5\n" in text
        assert r.stdout.startswith("wrote list.yaml")

    def test_json_result(self, app, work: Path) -> None:
        r = run(app, "import", "list.txt", "-c", "mini.yaml", "--no-builtin", "-o", "out.yaml", "--format", "json")
        assert r.exit_code == 0, r.output
        data = json.loads(r.stdout)
        assert data["files"] == ["out.yaml"]
        assert data["tiles"] == 11 and data["distinct"] == 4
        assert data["entries"][0] == {"name": "Bayou", "id": "MINI-001", "count": 5, "lines": [2, 7]}
        from kcal.core.stamp import made_by_kcal, stamp

        # the file is the YAML plus kcal's mark (docs/cli.md, "Writing files")
        assert (work / "out.yaml").read_bytes() == stamp(data["yaml"].encode(), work / "out.yaml")
        assert made_by_kcal(work / "out.yaml")

    def test_never_over_an_existing_file_without_force(self, app, work: Path) -> None:
        (work / "out.yaml").write_text("keep me\n")
        r = run(app, "import", "list.txt", "-c", "mini.yaml", "--no-builtin", "-o", "out.yaml")
        assert r.exit_code == 2
        assert r.stderr.strip() == ("out.yaml: already exists and kcal did not write it (or it was changed since); "
                                    "use --force to replace it")
        assert (work / "out.yaml").read_text() == "keep me\n"
        assert sorted(os.listdir(work)) == sorted(os.listdir(work))
        assert not [p for p in work.iterdir() if p.name.endswith(".tmp")]
        r = run(app, "import", "list.txt", "-c", "mini.yaml", "--no-builtin", "-o", "out.yaml", "--force")
        assert r.exit_code == 0, r.output
        assert "Bayou: 5" in (work / "out.yaml").read_text()

    def test_refuses_to_overwrite_its_input(self, app, work: Path) -> None:
        before = (work / "list.txt").read_bytes()
        r = run(app, "import", "list.txt", "-c", "mini.yaml", "--no-builtin", "-o", "list.txt", "--force")
        assert r.exit_code == 2
        assert "refusing to overwrite an input file" in r.stderr
        assert (work / "list.txt").read_bytes() == before

    def test_refuses_to_overwrite_a_catalog_it_reads_even_with_force(self, app, work: Path) -> None:
        before = (work / "mini.yaml").read_bytes()
        r = run(app, "import", "list.txt", "-c", "mini.yaml", "--no-builtin", "-o", "mini.yaml", "--force")
        assert r.exit_code == 2
        assert r.stderr.strip() == "mini.yaml: refusing to overwrite an input file"
        assert (work / "mini.yaml").read_bytes() == before

    def test_errors_one_line_each_and_nothing_written(self, app, work: Path) -> None:
        r = run(app, "import", "list-bad.txt", "-c", "mini.yaml", "--no-builtin")
        assert r.exit_code == 2
        lines = r.stderr.strip().splitlines()
        assert [ln.split(": ", 1)[0] for ln in lines] == [
            "list-bad.txt:2:1", "list-bad.txt:3:3", "list-bad.txt:4:3", "list-bad.txt:5:6"]
        assert "Traceback" not in r.output
        assert not (work / "list-bad.yaml").exists()

    def test_stdout_output(self, app, work: Path) -> None:
        r = run(app, "import", "list.txt", "-c", "mini.yaml", "--no-builtin", "-o", "-")
        assert r.exit_code == 0, r.output
        assert r.stdout.startswith("# Imported from list.txt")
        assert "note: the deck has 11 tiles" in r.stderr
        assert not (work / "list.yaml").exists()

    def test_stdout_output_and_json_do_not_mix(self, app, work: Path) -> None:
        r = run(app, "import", "list.txt", "-o", "-", "--format", "json")
        assert r.exit_code == 2
        errors = json.loads(r.stdout)["errors"]  # the usage error is the one JSON document
        assert "cannot go with --format json" in errors[0]["message"]

    def test_imported_deck_validates_through_its_catalog(self, app, work: Path) -> None:
        assert run(app, "import", "list.txt", "-c", "mini.yaml", "--no-builtin", "-o", "deck.yaml").exit_code == 0
        r = run(app, "stats", "deck.yaml", "--format", "json")
        assert r.exit_code == 0, r.output
        assert json.loads(r.stdout)["tiles"] == 11

    def test_catalog_path_is_written_relative_to_the_output(self, app, work: Path) -> None:
        (work / "sub").mkdir()
        r = run(app, "import", "list.txt", "-c", "mini.yaml", "-o", "sub/deck.yaml")
        assert r.exit_code == 0, r.output
        assert "catalogs: [builtin, \"../mini.yaml\"]\n" in (work / "sub" / "deck.yaml").read_text()

    def test_missing_list(self, app, work: Path) -> None:
        r = run(app, "import", "nope.txt")
        assert r.exit_code == 2
        assert r.stderr.strip() == "nope.txt: no such file"


class TestDiff:
    def test_json(self, app, work: Path) -> None:
        r = run(app, "diff", "deck-a.yaml", "deck-b.yaml", "--format", "json")
        assert r.exit_code == 0, r.output
        d = json.loads(r.stdout)
        assert d["a"] == "deck-a.yaml" and d["b"] == "deck-b.yaml"
        assert [c["name"] for c in d["changed"]] == ["Bayou", "Moonlight"]

    def test_text(self, app, work: Path) -> None:
        r = run(app, "diff", "deck-a.yaml", "deck-b.yaml")
        assert r.exit_code == 0
        assert r.stdout.splitlines() == [
            "--- deck-a.yaml (14 tiles)",
            "+++ deck-b.yaml (13 tiles)",
            "+ Ardea herodias        2",
            "- Dasypus novemcinctus  3",
            "~ Bayou                 5 -> 4 (-1)",
            "~ Moonlight             2 -> 3 (+1)",
            "1 added (+2), 1 removed (-3), 2 changed (+1 -1), 1 unchanged; tiles 14 -> 13 (-1)",
        ]

    def test_exit_code_option(self, app, work: Path) -> None:
        assert run(app, "diff", "deck-a.yaml", "deck-b.yaml", "--exit-code").exit_code == 1
        r = run(app, "diff", "deck-a.yaml", "deck-a-reordered.yaml", "--exit-code")
        assert r.exit_code == 0
        assert "no changes" in r.stdout

    def test_bad_deck_is_exit_2(self, app, work: Path) -> None:
        (work / "broken.yaml").write_text("name: x\ntiles: {Bayou: five}\n")
        r = run(app, "diff", "deck-a.yaml", "broken.yaml")
        assert r.exit_code == 2
        assert r.stderr.startswith("broken.yaml:2:")
        assert r.stdout == ""


class TestStats:
    def test_json(self, app, work: Path) -> None:
        r = run(app, "stats", "deck-a.yaml", "--format", "json")
        assert r.exit_code == 0, r.output
        s = json.loads(r.stdout)
        assert s["tiles"] == 14 and s["deck"] == "deck-a.yaml" and len(s["hash"]) == 12
        assert s["yield"]["orange"] == 9

    def test_text_names_biomes_in_full(self, app, work: Path) -> None:
        r = run(app, "stats", "deck-a.yaml")
        assert r.exit_code == 0
        assert "FF floodplain forest" in r.stdout
        assert r.stdout.startswith("Deck A (deck-a.yaml): 14 tiles, 4 names, format standard, hash ")

    def test_unknown_tile_is_exit_2_with_position(self, app, work: Path) -> None:
        r = run(app, "stats", "deck-unknown.yaml")
        assert r.exit_code == 2
        assert r.stderr.strip() == "deck-unknown.yaml:5:3: unknown tile 'Bayuo' (did you mean 'Bayou'?)"
