"""``kcal games`` lists the commands each game accepts, and tells the truth (issue 20, item 3): every
command it lists for a game runs on that game's own files (exit 0), and every command it lists for some
game but not for this one refuses this game's files in words (exit 2), instead of "deck" being listed
and ``deck stats`` refusing. A listed command this test cannot run fails it: add its invocation here."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core import examples
from kcal.core.registry import get, ids
from tests.packs import samples

#: each game's own files and a card name (a deck or card-set file, a second one, a record): the samples its
#: pack declares (``Pack.samples``)
INPUTS = {g: {k: v for k, v in samples(g).items() if k in ("deck", "other", "solo", "card")} for g in ids()}

#: how each command is run; ``{game}`` ``{deck}`` ``{other}`` ``{solo}`` ``{record}`` ``{card}`` ``{out}``
#: name the game's inputs. Commands whose invocation names no game (``deck import`` reads a tile list)
#: cannot be pointed at another game, so only their listed runs are checked.
RUNS: dict[str, list[str]] = {
    "catalog validate": ["catalog", "validate", "--game", "{game}"],
    "catalog list": ["catalog", "list", "--game", "{game}"],
    "catalog show": ["catalog", "show", "--game", "{game}", "{card}"],
    "catalog browse": ["catalog", "browse", "--game", "{game}", "-o", "{out}.html"],
    "deck validate": ["deck", "validate", "{deck}"],
    "deck import": ["deck", "import", "{out}.txt", "-o", "{out}.yaml"],
    "deck diff": ["deck", "diff", "{deck}", "{other}"],
    "deck stats": ["deck", "stats", "{deck}"],
    "deck report": ["deck", "report", "{deck}", "-o", "{out}.pdf", "--hands", "200", "--games", "2",
                    "--solo-games", "0", "-j", "1", "-q"],
    "deck hand": ["deck", "hand", "{deck}", "-s", "1"],
    "deck build": ["deck", "build", "--gauntlet", "{deck}", "-o", "{out}", "--evaluations", "1", "--games", "1",
                   "-j", "1", "-q"],
    "rules replay": ["rules", "replay", "{record}"],
    "rules explain": ["rules", "explain", "--game", "{game}"],
    "rules examples": ["rules", "examples", "--game", "{game}"],
    "schema export": ["schema", "export", "game", "--game", "{game}"],
    "sim match": ["sim", "match", "--game", "{game}", "-p", "{players}", "-n", "2", "-s", "1", "-j", "1", "-q"],
    "sim match DECK DECK": ["sim", "match", "{deck}", "{other}", "-n", "2", "-s", "1", "-j", "1", "-q"],
    "balance cards": ["balance", "cards", "--game", "{game}", "-p", "{players}", "-n", "2", "-s", "1", "-j", "1",
                      "-q"],
    "sim goldfish": ["sim", "goldfish", "{deck}", "-n", "200", "-j", "1", "-q"],
    "sim solo": ["sim", "solo", "{solo}", "-n", "2", "-j", "1", "-q"],
    "print cards": ["print", "cards", "--game", "{game}", "-o", "{out}.pdf"],
    "print rulebook": ["print", "rulebook", "--game", "{game}", "-o", "{out}.pdf"],
    "print board": ["print", "board", "--game", "{game}", "-o", "{out}.pdf"],
    "print deck": ["print", "deck", "{deck}", "-o", "{out}.pdf"],
    "print catalog": ["print", "catalog", "-o", "{out}.pdf"],
    "print tile": ["print", "tile", "{card}", "-o", "{out}.png"],
    "print alignment": ["print", "alignment", "-o", "{out}.pdf"],
    "export tts": ["export", "tts", "--game", "{game}", "-o", "{out}", "--dpi", "50", "-q"],
    "export png": ["export", "png", "--game", "{game}", "-o", "{out}", "--dpi", "50", "-q"],
}
NAMES_NO_GAME = {"deck import", "print catalog", "print tile", "print alignment"}


def listed() -> dict[str, list[str]]:
    r = CliRunner().invoke(app, ["games", "--format", "json"])
    assert r.exit_code == 0
    return {g["id"]: g["supports"] for g in json.loads(r.stdout)["games"]}


def _args(command: str, game_id: str, out: Path) -> list[str]:
    inputs = INPUTS[game_id]
    values = {"game": game_id, "record": str(examples.find(get(game_id), "finished-game")),
              "players": str(max(2, get(game_id).info.min_players)), "out": str(out / command.replace(" ", "-")),
              **{k: str(v) for k, v in inputs.items()}}
    values.setdefault("other", values["deck"])
    values.setdefault("solo", values["deck"])
    return [part.format(**values) for part in RUNS[command]]


LISTED = listed()
EVERY = sorted({c for commands in LISTED.values() for c in commands})


def test_every_listed_command_has_a_run_here() -> None:
    assert set(EVERY) <= set(RUNS), f"add a run for {sorted(set(EVERY) - set(RUNS))}"
    assert set(LISTED) == set(INPUTS)


@pytest.mark.parametrize("game_id,command", [(g, c) for g in sorted(LISTED) for c in LISTED[g]])
def test_a_listed_command_accepts_the_game(game_id: str, command: str, tmp_path: Path) -> None:
    (tmp_path / "deck-import.txt").write_text("4 Bayou\n", encoding="utf-8")
    r = CliRunner().invoke(app, _args(command, game_id, tmp_path))
    assert r.exit_code == 0, f"kcal games lists {command!r} for {game_id}, but it exits {r.exit_code}: {r.stderr}"


@pytest.mark.parametrize("game_id,command", [(g, c) for g in sorted(LISTED) for c in EVERY
                                             if c not in LISTED[g] and c not in NAMES_NO_GAME])
def test_an_unlisted_command_refuses_the_game_in_words(game_id: str, command: str, tmp_path: Path) -> None:
    r = CliRunner().invoke(app, _args(command, game_id, tmp_path))
    assert r.exception is None or isinstance(r.exception, SystemExit), r.exception  # no traceback
    assert r.exit_code == 2, f"{command!r} is not listed for {game_id}, yet it exits {r.exit_code}"
    assert get(game_id).info.name in r.stderr or game_id in r.stderr, r.stderr


def test_the_text_groups_the_same_commands() -> None:
    text = CliRunner().invoke(app, ["games"]).stdout
    assert "commands: catalog validate|list|show|browse; deck validate; rules replay|explain|examples;" in text
    assert "deck validate|import|diff|stats|report|hand" in text  # kCaloria's own deck commands
    assert "supports: catalog, deck" not in text  # the old hook words said 'deck' for every game


def test_listing_imports_no_pack_rules_or_printing() -> None:
    """``kcal games`` reads what a print hook offers off its source, so listing imports no pack's print
    module (each pulls in its rules and ReportLab: seconds, not the tenth of a second the list takes)."""
    import subprocess
    import sys

    code = ("import sys; from typer.testing import CliRunner; from kcal.cli.app import build_app; "
            "CliRunner().invoke(build_app('games'), ['games']); "
            "print(sorted(m for m in sys.modules if m.endswith('.print.api') or m.startswith('reportlab')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120)
    assert out.stdout.strip() == "[]", out.stdout
