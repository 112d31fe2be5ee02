"""Issues 10 and 11: invisible and bidi characters in every name, control characters in every text field.

Each is refused with a positioned message naming the code point (exit 2), and nothing reaches the
terminal raw: the messages escape what they quote.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

RAW = ("\x1b", "\x07", "\u202e", "\u200b", "\u200d", "\u2066")


def _clean(text: str) -> bool:
    return not any(ch in text for ch in RAW)


def _catalog(folder: Path, **fields: str) -> Path:
    """The mini catalog with one tile's fields (or the set's name) replaced by YAML-quoted strings."""
    set_name = fields.pop("set_name", "Mini Test Set")
    tile = {"name": "Bayou", "common_name": "Slow water", "text": "Slow, swampy water.", **fields}
    text = (f'set: {{code: MINI, name: "{set_name}"}}\ntiles:\n'
            f'  - {{id: M-01, name: "{tile["name"]}", common_name: "{tile["common_name"]}", type: water,'
            f' class: water, rarity: common, biomes: [LE], cost: [], yield: {{blue: 2}}, text: "{tile["text"]}"}}\n')
    path = folder / "c.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_invisible_characters_three_spellings_of_pond_are_refused_in_a_deck(folder: Path, cli) -> None:
    (folder / "d.yaml").write_text('name: Ponds\ncatalogs: [mini-catalog.yaml]\ntiles:\n  Bayou: 5\n'
                                   '  "Bayou\\u200b": 5\n  "B\\u200dayou": 5\n', encoding="utf-8")
    r = cli("deck", "validate", "d.yaml")
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [
        "d.yaml:5:3: tiles.'Bayou\\u200b': U+200B ZERO WIDTH SPACE at position 6 is not allowed in a name",
        "d.yaml:6:3: tiles.'B\\u200dayou': U+200D ZERO WIDTH JOINER at position 2 is not allowed in a name",
    ]


@pytest.mark.parametrize(("field", "value", "message"), [
    ("name", "Bay\\u202eou", "tiles[0](M-01).name: U+202E RIGHT-TO-LEFT OVERRIDE at position 4 is not allowed "
                             "in a name"),
    ("common_name", "Slow\\u2066water", "tiles[0](M-01).common_name: U+2066 LEFT-TO-RIGHT ISOLATE at position 5 "
                                        "is not allowed in a name"),
    ("set_name", "Mini\\ufeff", "set.name: U+FEFF ZERO WIDTH NO-BREAK SPACE at position 5 is not allowed in a name"),
    ("text", "clear \\e[2J", "tiles[0](M-01).text: control character U+001B ESCAPE at position 7 is not allowed in "
                             "text (only a line break and a tab are)"),
    ("text", "back\\rwards", "tiles[0](M-01).text: control character U+000D CARRIAGE RETURN at position 5 is not "
                             "allowed in text (only a line break and a tab are)"),
    ("text", "ding\\a", "tiles[0](M-01).text: control character U+0007 BELL at position 5 is not allowed in text "
                        "(only a line break and a tab are)"),
])
def test_invisible_characters_and_controls_are_refused_in_a_catalog(folder: Path, cli, field: str, value: str,
                                                                    message: str) -> None:
    lines = _catalog(folder, **{field: value}).read_text(encoding="utf-8").splitlines()
    line = next(i for i, text in enumerate(lines, 1) if f'"{value}"' in text)
    column = lines[line - 1].index(f'"{value}"') + 1  # the message stands at the value the user wrote
    r = cli("catalog", "validate", "c.yaml")
    assert r.exit_code == 2
    assert r.stderr.splitlines() == [f"c.yaml:{line}:{column}: {message}"]
    assert _clean(r.stdout + r.stderr)


def test_control_characters_text_keeps_line_breaks_and_tabs(folder: Path, cli) -> None:
    _catalog(folder, text="Line one.\\nLine two,\\tindented.")
    r = cli("catalog", "validate", "c.yaml")
    assert r.exit_code == 0, r.stderr


def test_control_characters_catalog_show_never_prints_an_escape(folder: Path, cli) -> None:
    _catalog(folder, text="clear \\e[2J screen")
    r = cli("catalog", "show", "Bayou", "--catalog", "c.yaml")
    assert r.exit_code == 2
    assert _clean(r.stdout + r.stderr)


def test_control_characters_are_refused_in_a_deck_description(folder: Path, cli) -> None:
    (folder / "d.yaml").write_text('name: D\ndescription: "clear \\e[2J"\ncatalogs: [mini-catalog.yaml]\n'
                                   "tiles: {Bayou: 5}\n", encoding="utf-8")
    r = cli("deck", "validate", "d.yaml")
    assert r.exit_code == 2
    assert r.stderr.strip() == ("d.yaml:2:14: description: control character U+001B ESCAPE at position 7 is not "
                                "allowed in text (only a line break and a tab are)")


def test_invisible_characters_are_refused_in_a_deck_name(folder: Path, cli) -> None:
    (folder / "d.yaml").write_text('name: "Deck\\u202e"\ncatalogs: [mini-catalog.yaml]\ntiles: {Bayou: 5}\n')
    r = cli("deck", "validate", "d.yaml")
    assert r.exit_code == 2
    assert r.stderr.strip() == "d.yaml:1:7: name: U+202E RIGHT-TO-LEFT OVERRIDE at position 5 is not allowed in a name"


def test_invisible_characters_are_refused_in_player_names(folder: Path, cli) -> None:
    (folder / "g.yaml").write_text('catalogs: [mini-catalog.yaml]\nplayers: [A, "A\\u200b"]\n'
                                   "moves:\n  - {player: A, tile: Bayou, at: [0, 0]}\n", encoding="utf-8")
    r = cli("rules", "replay", "g.yaml")
    assert r.exit_code == 2
    assert r.stderr.strip() == "g.yaml:2:14: players[1]: U+200B ZERO WIDTH SPACE at position 2 is not allowed in a name"


def test_control_characters_are_refused_in_a_deck_catalog_path(folder: Path, cli) -> None:
    (folder / "d.yaml").write_text('name: D\ncatalogs: ["mini\\e[2J.yaml"]\ntiles: {Bayou: 5}\n')
    r = cli("deck", "validate", "d.yaml")
    assert r.exit_code == 2
    assert "control character U+001B ESCAPE at position 5 is not allowed in a file name" in r.stderr
    assert _clean(r.stderr)


def test_invisible_characters_names_that_look_alike_are_one_name_once_refused(folder: Path, cli) -> None:
    """What stays allowed folds together: case, spacing and a no-break space do not make a new name."""
    (folder / "d.yaml").write_text('name: D\ncatalogs: [mini-catalog.yaml]\ntiles:\n  Bayou: 3\n  "bayou ": 2\n'
                                   '  "BAYOU\\u00a0": 1\n', encoding="utf-8")
    r = cli("deck", "validate", "d.yaml", "--format", "json")
    assert r.exit_code == 1
    copies = [e for e in json.loads(r.stdout)["decks"][0]["errors"] if e["code"] == "too-many-copies"]
    assert [e["message"].split(" (")[0] for e in copies] == ["6 copies of 'Bayou'"]


def test_control_characters_are_refused_in_an_art_path(folder: Path, cli) -> None:
    text = (folder / "mini-catalog.yaml").read_text()
    first = next(line for line in text.splitlines() if "id: M-01" in line)
    (folder / "mini-catalog.yaml").write_text(text.replace(first, first[:-1] + ', art: "art/\\e[2J.png"}'))
    r = cli("catalog", "validate", "mini-catalog.yaml")
    assert r.exit_code == 2
    assert ("tiles[0](M-01).art: art path: control character U+001B ESCAPE at position 5 is not allowed in a "
            "file name") in r.stderr
    assert _clean(r.stdout + r.stderr)
