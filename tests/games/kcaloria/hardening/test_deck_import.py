"""Issues 12 (the --force race) and 13 (`deck import` wrote decks `deck validate` refuses)."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from kcal.core.errors import KcalError, UsageError
from kcal.games.kcaloria.deck.importer import import_deck
from kcal.games.kcaloria.files.load import load_deck, load_library


def _listing(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir())


def test_force_race_16_imports_of_one_new_file_exactly_one_wins(folder: Path, spawn) -> None:
    # once.deck carries no mark of kcal's (docs/cli.md, "Writing files": a marked .yaml kcal wrote may be
    # replaced by a later run, as a print is), so a run that checks after the winner is refused too
    (folder / "list.txt").write_text("5 Bayou\n5 Phlox nivalis\n")
    procs = [spawn("deck", "import", "list.txt", "-c", "mini-catalog.yaml", "--no-builtin", "-o", "once.deck",
                   cwd=folder) for _ in range(16)]
    results = [(p.wait(timeout=300), p.communicate()) for p in procs]
    codes = sorted(code for code, _ in results)
    assert codes == [0] + [2] * 15, results
    refused = {err.strip() for code, (_, err) in results if code == 2}
    assert refused <= {"once.deck: already exists (another run wrote it meanwhile); use --force to replace it",
                       "once.deck: already exists and kcal did not write it (or it was changed since); use "
                       "--force to replace it"}, refused
    assert _listing(folder) == ["legal-deck.yaml", "list.txt", "mini-catalog.yaml", "once.deck"]
    assert load_deck(folder / "once.deck").deck.tiles == {"Bayou": 5, "Phlox nivalis": 5}


def test_force_replaces_a_read_only_deck_and_keeps_its_mode(folder: Path, cli) -> None:
    (folder / "list.txt").write_text("5 Bayou\n")
    (folder / "out.yaml").write_text("keep\n")
    (folder / "out.yaml").chmod(0o444)
    r = cli("deck", "import", "list.txt", "-c", "mini-catalog.yaml", "--no-builtin", "-o", "out.yaml")
    assert r.exit_code == 2
    assert r.stderr.strip() == ("out.yaml: already exists and kcal did not write it (or it was changed since); "
                                "use --force to replace it")
    r = cli("deck", "import", "list.txt", "-c", "mini-catalog.yaml", "--no-builtin", "-o", "out.yaml", "--force")
    assert r.exit_code == 0, r.stderr
    assert "Bayou: 5" in (folder / "out.yaml").read_text()
    assert stat.S_IMODE(os.stat(folder / "out.yaml").st_mode) == 0o444


def test_deck_import_counts_adding_up_past_the_deck_limit_are_refused(folder: Path, cli) -> None:
    (folder / "list.txt").write_text("# many lines of one tile\n" + "99 Bayou\n" * 102)
    r = cli("deck", "import", "list.txt", "-c", "mini-catalog.yaml", "--no-builtin", "-o", "big.yaml")
    assert r.exit_code == 2
    # the copy limit (Deck Building, issue 12 item 5) refuses it first, before the 10,000 cap could
    assert r.stderr.strip() == ("list.txt:2:4: 10,098 copies of 'Bayou' (102 lines from line 2: 10,098 as 'Bayou'); "
                                "at most 5 tiles may share a name")
    assert not (folder / "big.yaml").exists()
    assert _listing(folder) == ["legal-deck.yaml", "list.txt", "mini-catalog.yaml"]


@pytest.mark.parametrize(("name", "message"), [
    ("Bad\nName", "--name: control character U+000A at position 4 is not allowed in a name"),
    ("Pond\u200b", "--name: U+200B ZERO WIDTH SPACE at position 5 is not allowed in a name"),
    ("\u202eKced", "--name: U+202E RIGHT-TO-LEFT OVERRIDE at position 1 is not allowed in a name"),
    ("x" * 121, "--name: is too long: at most 120 characters"),
])
def test_deck_import_name_the_deck_would_refuse_is_refused(folder: Path, cli, name: str, message: str) -> None:
    (folder / "list.txt").write_text("5 Bayou\n")
    r = cli("deck", "import", "list.txt", "-c", "mini-catalog.yaml", "--no-builtin", "--name", name)
    assert r.exit_code == 2
    assert r.stderr.strip() == message
    assert not (folder / "list.yaml").exists()


def test_deck_import_name_taken_from_the_file_name_is_checked_too(folder: Path) -> None:
    library = load_library([str(folder / "mini-catalog.yaml")])
    path = folder / "deck\x1b[2J.txt"
    path.write_text("5 Bayou\n")
    with pytest.raises(UsageError) as info:
        import_deck(path, library)
    assert str(info.value) == ("the deck name 'Deck\\x1b[2J' (taken from the file name; use --name): control "
                               "character U+001B at position 5 is not allowed in a name")


@pytest.mark.parametrize("name", ["Bayou Ambush", "yes", "no: really", "#1 deck", "'quoted'", '"double"', "Łódź",
                                  "a, b [c] {d}", "- dash", "? q", "!tag", "&anchor", "*alias", "%percent",
                                  "@at", "`tick", "010", "2024-01-01", "~", " spaced ", "tab\there"])
def test_deck_import_what_it_writes_deck_validate_reads(folder: Path, name: str) -> None:
    """Round trip: the deck text import_deck produces loads with the same model as ``deck validate``."""
    library = load_library([str(folder / "mini-catalog.yaml")])
    (folder / "list.txt").write_text("3 Bayou\n2 bayou\n4 Fox squirrel\n")
    try:
        result = import_deck(folder / "list.txt", library, name=name, catalogs=["mini-catalog.yaml"])
    except KcalError as err:  # refused before writing, with the reason: only a name the deck model refuses
        assert name == "tab\there" and "U+0009" in str(err)
        return
    (folder / "out.yaml").write_text(result.text, encoding="utf-8")
    loaded = load_deck(folder / "out.yaml")
    assert loaded.deck.name == name
    assert loaded.deck.tiles == {"Bayou": 5, "Sciurus niger": 4}
