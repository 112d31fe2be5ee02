"""No paper wasted (issue 23, item 3): in every game the cards fill the sheets -- the kinds of one size share
sheets, so only the last sheet of a print run may hold fewer cards than the grid has -- and ``--only`` and
``--copies`` reprint one card, one kind or several sets with the same spelling everywhere. Counted in the
files themselves: the cut file of each sheet has one outline per card (player aids, which have no cut files,
carry their footer once per card: the pack's ``aids`` sample)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.registry import get, ids
from tests.packs import samples
from tests.print.pdfprobe import pdf_text

GAMES = [g for g in ids() if get(g).has("print")]


def misspelt(name: str) -> str:
    """``name`` with its last two neighbouring letters swapped ("Setup": "Setpu", "yellow 14": "yelolw 14")."""
    i = max(i for i in range(len(name) - 1) if name[i].isalpha() and name[i + 1].isalpha() and name[i] != name[i + 1])
    return name[:i] + name[i + 1] + name[i] + name[i + 2:]


def a_card(game: str) -> tuple[str, str]:
    """A card ``print cards --only`` finds (the ``print_card`` sample, else the ``card`` sample), and a
    misspelling of it."""
    s = samples(game)
    name = s.get("print_card", s["card"])
    return name, misspelt(name)


def run(*args: str):
    return CliRunner().invoke(app, list(args))


def cards_per_sheet(game: str, out: Path, *args: str) -> tuple[list[int], dict]:
    """The number of cards on each front sheet, and the command's JSON."""
    aids = samples(game).get("aids")
    extra = [] if aids else ["--cut-svg"]
    res = run("print", "cards", "--game", game, "-o", str(out), "--format", "json", *extra, *args)
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    if aids:  # player aids have no cut files: their footer, once per card
        return [t.count(aids[0]) for t in pdf_text(out)], data
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
    name, _ = a_card(game)
    counts, _ = cards_per_sheet(game, tmp_path / "one.pdf", "--only", name)
    assert counts == [1]
    counts, _ = cards_per_sheet(game, tmp_path / "three.pdf", "--only", name, "--copies", "3")
    assert counts == [3]


@pytest.mark.parametrize("game", GAMES)
def test_only_an_unknown_card_is_a_usage_error_with_the_close_spelling(game, tmp_path):
    name, typo = a_card(game)
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

