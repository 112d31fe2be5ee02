"""One overwrite policy for every command that writes a file (issue 20, item 1; docs/cli.md, "Writing
files"): kcal replaces what kcal wrote and nobody changed since; anything else needs --force; an input
never."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.stamp import made_by_kcal, stamp

runner = CliRunner()
ROOT = Path(__file__).resolve().parents[2]
DECK = ROOT / "src" / "kcal" / "games" / "kcaloria" / "data" / "decks" / "bayou-ambush.yaml"

#: every writing command, as one cheap run: (name, arguments with {d} for the folder, the files written)
WRITERS: list[tuple[str, list[str], list[str]]] = [
    ("print alignment", ["print", "alignment", "-o", "{d}/a.pdf"], ["a.pdf"]),
    ("print tile", ["print", "tile", "Bayou", "-o", "{d}/t.png", "--dpi", "40"], ["t.png"]),
    ("print deck", ["print", "deck", str(DECK), "-o", "{d}/d.pdf", "--cut-svg"], ["d.pdf", "d-cut-1.svg"]),
    ("print cards", ["print", "cards", "--game", "how-many-calories", "-o", "{d}/c.pdf"], ["c.pdf"]),
    ("print rulebook", ["print", "rulebook", "--game", "how-many-calories", "-o", "{d}/r.pdf"], ["r.pdf"]),
    ("catalog browse", ["catalog", "browse", "-o", "{d}/c.html"], ["c.html"]),
    ("schema export", ["schema", "export", "deck", "-o", "{d}/s.json"], ["s.json"]),
    ("sim solo --save-game", ["sim", "solo", str(DECK), "-n", "1", "--save-game", "0", "-o", "{d}/g.yaml", "-q",
                              "-j", "1"], ["g.yaml"]),
    ("deck import", ["deck", "import", "{d}/list.txt", "-o", "{d}/deck.yaml"], ["deck.yaml"]),
    ("rules replay", ["rules", "replay", "{d}/game.yaml", "--svg", "{d}/g.svg", "--png", "{d}/g.png", "--html",
                      "{d}/g.html"], ["g.svg", "g.png", "g.html"]),
]


def _run(args: list[str], folder: Path, *extra: str) -> Any:
    return runner.invoke(app, [a.format(d=folder) for a in args] + list(extra))


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    (tmp_path / "list.txt").write_text("5 Bayou\n", encoding="utf-8")
    (tmp_path / "game.yaml").write_text("players: [A, B]\nmoves:\n  - {player: A, tile: Bayou, at: [0, 0]}\n",
                                        encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize(("args", "files"), [(a, f) for _, a, f in WRITERS], ids=[n for n, _, _ in WRITERS])
def test_kcal_replaces_its_own_output_and_refuses_the_users_without_force(folder: Path, args: list[str],
                                                                          files: list[str]) -> None:
    first = _run(args, folder)
    assert first.exit_code == 0, first.output
    assert all(made_by_kcal(folder / f) for f in files), [f for f in files if not made_by_kcal(folder / f)]
    again = _run(args, folder)  # printing again: no --force needed
    assert again.exit_code == 0, again.output
    mine = folder / files[-1]
    mine.write_bytes(b"my own notes\n")
    refused = _run(args, folder)
    assert refused.exit_code == 2
    assert "already exists and kcal did not write it (or it was changed since); use --force to replace it" \
        in refused.stderr
    assert mine.read_bytes() == b"my own notes\n"
    forced = _run(args, folder, "--force")
    assert forced.exit_code == 0, forced.output
    assert made_by_kcal(mine)


@pytest.mark.parametrize("edit", [b"  Phlox nivalis: 1\n", b"# a comment of mine\n"])
def test_a_deck_kcal_wrote_then_edited_by_hand_is_the_users(folder: Path, edit: bytes) -> None:
    args = ["deck", "import", "{d}/list.txt", "-o", "{d}/deck.yaml"]
    assert _run(args, folder).exit_code == 0
    deck = folder / "deck.yaml"
    deck.write_bytes(deck.read_bytes() + edit)
    r = _run(args, folder)
    assert r.exit_code == 2 and "use --force to replace it" in r.stderr
    assert deck.read_bytes().endswith(edit)


def test_an_input_is_refused_even_with_force(folder: Path) -> None:
    r = runner.invoke(app, ["deck", "import", str(folder / "list.txt"), "-o", str(folder / "list.txt"), "--force"])
    assert r.exit_code == 2 and "refusing to overwrite an input file" in r.stderr
    assert (folder / "list.txt").read_text(encoding="utf-8") == "5 Bayou\n"


def test_every_command_that_writes_a_file_has_force() -> None:
    root = typer.main.get_command(app)

    def walk(cmd: Any, path: str) -> Any:
        subs = getattr(cmd, "commands", None) or {}
        yield path, cmd
        for name, sub in subs.items():
            yield from walk(sub, f"{path} {name}".strip())

    writers = []
    for path, cmd in walk(root, ""):
        names = {n for p in cmd.params for n in getattr(p, "opts", ())}
        if names & {"--output", "--svg", "--html"}:
            writers.append(path)
            assert "--force" in names, f"kcal {path} writes a file but has no --force"
    assert {n.split(" --")[0] for n, _, _ in WRITERS} <= set(writers) | {"sim solo"}
    assert len(writers) >= 14


# --- the mark itself ------------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "data"), [
    ("x.yaml", b"name: x\ntiles: {Bayou: 5}\n"),
    ("x.svg", b'<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>\n'),
    ("x.html", b"<!DOCTYPE html>\n<html><body>x</body></html>\n"),
    ("x.json", b'{\n  "a": 1\n}\n'),
])
def test_a_marked_text_output_is_kcals_until_one_byte_changes(tmp_path: Path, name: str, data: bytes) -> None:
    path = tmp_path / name
    marked = stamp(data, path)
    assert marked != data
    path.write_bytes(marked)
    assert made_by_kcal(path)
    path.write_bytes(marked.replace(b"x", b"y", 1) if b"x" in marked[-40:] else marked + b"\n")
    assert not made_by_kcal(path)
    path.write_bytes(data)
    assert not made_by_kcal(path)


def test_a_marked_json_schema_stays_valid_json(tmp_path: Path) -> None:
    import json

    path = tmp_path / "s.json"
    path.write_bytes(stamp(b'{\n  "type": "object"\n}\n', path))
    assert json.loads(path.read_text())["type"] == "object" and made_by_kcal(path)


def test_a_png_is_marked_and_still_opens(tmp_path: Path) -> None:
    import io

    from PIL import Image

    buf = io.BytesIO()
    Image.new("RGB", (3, 2), "red").save(buf, format="PNG")
    path = tmp_path / "x.png"
    path.write_bytes(stamp(buf.getvalue(), path))
    assert made_by_kcal(path)
    with Image.open(path) as img:
        img.load()
        assert img.size == (3, 2) and img.info.get("Software", "").startswith("kcal")
    path.write_bytes(buf.getvalue())
    assert not made_by_kcal(path)
