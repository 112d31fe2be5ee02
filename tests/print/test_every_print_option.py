"""An option that does nothing is an error or works (issue 21, item 5): every option of ``kcal print cards``
changes what the card games print, and a pack whose cards are a fixed set of player aids (kCaloria: its
``aids`` sample) refuses in words the ones it cannot honour (exit 2). ``--cut-svg`` wrote nothing for EcoLogic before."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.registry import get, ids
from tests.packs import samples, with_sample

#: the packs whose ``print cards`` prints card sheets (not player aids: the ``aids`` sample)
CARD_GAMES = [g for g in ids() if get(g).has("print") and "aids" not in get(g).samples]
FONT = Path(__file__).resolve().parents[2] / "src" / "kcal" / "print" / "fonts" / "DejaVuSansCondensed.ttf"
#: each option, and what it must change: the files written (names), or the PDF's bytes
OPTIONS = [
    (["--paper", "a4"], "bytes"), (["--backs"], "bytes"), (["--backs", "--flip", "short"], "bytes"),
    (["--backs", "--back-offset", "1,1"], "bytes"), (["--bleed", "3"], "bytes"), (["--size", "mini"], "bytes"),
    (["--gutter", "2"], "bytes"), (["--split", "1"], "files"), (["--alignment-page"], "bytes"),
    (["--no-cut-lines"], "bytes"), (["--no-crop-marks"], "bytes"), (["--cut-svg"], "files"),
    (["--font", str(FONT)], "bytes"),
]


def _print(folder: Path, game: str, *options: str) -> tuple[int, list[str], str]:
    folder.mkdir()
    result = CliRunner().invoke(app, ["print", "cards", "--game", game, "-o", str(folder / "out.pdf"), *options])
    names = sorted(p.name for p in folder.iterdir())
    digest = hashlib.sha256((folder / "out.pdf").read_bytes()).hexdigest() if "out.pdf" in names else ""
    return result.exit_code, names, digest


@pytest.fixture(scope="module")
def plain(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[int, list[str], str]]:
    return {g: _print(tmp_path_factory.mktemp("plain") / g, g) for g in CARD_GAMES}


@pytest.mark.parametrize("game", CARD_GAMES)
@pytest.mark.parametrize(("options", "changes"), OPTIONS, ids=[o[0] if o[0] == "--font" else " ".join(o)
                                                              for o, _ in OPTIONS])
def test_every_print_option_changes_what_a_card_game_prints(tmp_path: Path, plain: dict, game: str,
                                                            options: list[str], changes: str) -> None:
    code, names, digest = _print(tmp_path / "out", game, *options)
    assert code == 0
    if changes == "files":
        assert names != plain[game][1], names
    else:
        assert digest != plain[game][2]


#: what player aids refuse (paper, backs, flip and --split they honour)
REFUSED = [o for o, _ in OPTIONS[3:] if o[0] != "--split"]


@pytest.mark.parametrize("game", with_sample("aids"))
@pytest.mark.parametrize("options", REFUSED, ids=[o[0] for o in REFUSED])
def test_player_aids_refuse_in_words_the_options_they_cannot_honour(tmp_path: Path, game: str,
                                                                   options: list[str]) -> None:
    """The ``aids`` sample: the aids' footer, and the words that name them in the refusal."""
    _, words = samples(game)["aids"]
    result = CliRunner().invoke(app, ["print", "cards", "--game", game, "-o", str(tmp_path / "out.pdf"), *options])
    assert result.exit_code == 2 and words in result.stderr
    assert not (tmp_path / "out.pdf").exists()
