"""No paper wasted (issue 23, item 3): in every game the cards fill the sheets -- the kinds of one size share
sheets, so only the last sheet of a print run may hold fewer cards than the grid has -- and ``--only`` and
``--copies`` reprint one card, one kind or several sets with the same spelling everywhere. Counted in the
files themselves: the cut file of each sheet has one outline per card (kCaloria's player aids, which have no
cut files, carry their footer once per card)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from tests.print.pdfprobe import page_count, pdf_text

CARD_GAMES = ["how-many-calories", "kalua", "ecologic-europe"]
GAMES = ["kcaloria", *CARD_GAMES]
#: a card of each game, and a misspelling of it
A_CARD = {"kcaloria": ("Setup", "Setpu"), "how-many-calories": ("yellow 14", "yelow 14"),
          "kalua": ("Temple", "Tempel"), "ecologic-europe": ("Vulpes vulpes", "Vulpes vulpess")}


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def cards_per_sheet(game: str, out: Path, *args: str) -> tuple[list[int], dict]:
    """The number of cards on each front sheet, and the command's JSON."""
    extra = [] if game == "kcaloria" else ["--cut-svg"]
    res = run("print", "cards", "--game", game, "-o", str(out), "--format", "json", *extra, *args)
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    if game == "kcaloria":
        return [t.count("kCaloria player aid") for t in pdf_text(out)], data
    svgs = sorted((Path(f) for f in data["files"] if f.endswith(".svg")),
                  key=lambda p: int(re.search(r"-cut-(\d+)\.svg$", p.name).group(1)))  # type: ignore[union-attr]
    return [p.read_text(encoding="utf-8").count("<rect ") for p in svgs], data


def assert_full_but_last(counts: list[int], per_sheet: int) -> None:
    assert counts and all(n == per_sheet for n in counts[:-1]), counts
    assert 1 <= counts[-1] <= per_sheet, counts


@pytest.mark.parametrize("game", GAMES)
def test_every_sheet_but_the_last_is_full(game, tmp_path):
    counts, data = cards_per_sheet(game, tmp_path / "cards.pdf")
    per = data.get("per_sheet", 9)
    assert_full_but_last(counts, per)
    assert sum(counts) == data.get("cards", data.get("tiles"))
    if "sheets" in data:
        assert len(counts) == data["sheets"] == -(-sum(counts) // per)


@pytest.mark.parametrize("game", GAMES)
def test_copies_prints_the_set_again_on_full_sheets(game, tmp_path):
    one, _ = cards_per_sheet(game, tmp_path / "one.pdf")
    two, data = cards_per_sheet(game, tmp_path / "two.pdf", "--copies", "2")
    assert sum(two) == 2 * sum(one)
    assert_full_but_last(two, data.get("per_sheet", 9))


@pytest.mark.parametrize("game", GAMES)
def test_only_a_card_reprints_one_of_it(game, tmp_path):
    name, _ = A_CARD[game]
    counts, _ = cards_per_sheet(game, tmp_path / "one.pdf", "--only", name)
    assert counts == [1]
    counts, _ = cards_per_sheet(game, tmp_path / "three.pdf", "--only", name, "--copies", "3")
    assert counts == [3]


@pytest.mark.parametrize("game", GAMES)
def test_only_an_unknown_card_is_a_usage_error_with_the_close_spelling(game, tmp_path):
    name, typo = A_CARD[game]
    out = tmp_path / "x.pdf"
    res = run("print", "cards", "--game", game, "-o", str(out), "--only", typo)
    assert res.exit_code == 2
    assert f"--only {typo!r}" in res.stderr and f"did you mean {name!r}" in res.stderr
    assert "Traceback" not in res.output and not re.search(r":\d+:\d+:", res.stderr)  # no file:line:column
    assert not out.exists()


@pytest.mark.parametrize("game", GAMES)
def test_copies_out_of_range_is_a_usage_error(game, tmp_path):
    res = run("print", "cards", "--game", game, "-o", str(tmp_path / "x.pdf"), "--copies", "0")
    assert res.exit_code == 2 and "--copies must be a whole number from 1 to 20" in res.stderr


def test_a_kind_by_its_plural_prints_that_deck(tmp_path):
    counts, data = cards_per_sheet("kalua", tmp_path / "d.pdf", "--only", "disaster decks")
    assert sum(counts) == data["disaster_deck"] == 29 and data["bonus_deck"] == 0


def test_how_many_calories_prints_one_plus_card_per_player_on_four_full_sheets(tmp_path):
    """Setup: "Distribute one +5 card to each player" (at most 4 players): 32 + 4 cards, 4 full sheets."""
    counts, data = cards_per_sheet("how-many-calories", tmp_path / "c.pdf")
    assert counts == [9, 9, 9, 9] and data["plus_cards"] == 4


def test_kalua_decks_share_sheets(tmp_path):
    counts, _ = cards_per_sheet("kalua", tmp_path / "c.pdf")
    assert counts == [9] * 6 + [1]
    assert page_count(tmp_path / "c.pdf") == 7
