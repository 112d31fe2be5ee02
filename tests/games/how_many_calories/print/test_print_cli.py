"""``kcal print cards|rulebook --game how-many-calories`` through the CLI, in-process: exit codes, JSON,
messages; and kCaloria's own ``print cards`` / ``print rulebook`` untouched without ``--game``."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.how_many_calories import PACK
from tests.print.pdfprobe import page_count, pdf_text

HOOK = "kcal.games.how_many_calories.print.api"


@pytest.fixture(autouse=True)
def print_hook(monkeypatch):
    """The pack's ``print`` hook (the string the pack's PACK.hooks carries)."""
    monkeypatch.setitem(PACK.hooks, "print", HOOK)


def run(*args: str):
    return CliRunner().invoke(app, list(args))


class TestCards:
    def test_json_report(self, tmp_path):
        out = tmp_path / "cards.pdf"
        res = run("print", "cards", "--game", "how-many-calories", "-o", str(out), "--backs", "--format", "json")
        assert res.exit_code == 0, res.output
        data = json.loads(res.stdout)
        assert data["game"] == "how-many-calories" and data["cards"] == 36 and data["pages"] == 8
        assert data["card_size"] == "poker 63 x 88 mm" and data["per_sheet"] == 9
        assert page_count(out) == 8

    def test_options_reach_the_sheets(self, tmp_path):
        out = tmp_path / "cards.pdf"
        res = run("print", "cards", "-g", "how-many-calories", "-o", str(out), "--paper", "a4", "--size", "tarot",
                  "--bleed", "3", "--backs", "--flip", "short", "--split", "4")
        assert res.exit_code == 0, res.output
        assert "wrote" in res.stdout and "36 cards" in res.stdout
        parts = sorted(tmp_path.glob("cards-*.pdf"))  # 36 tarot cards, 4 a sheet: 9 sheets, 18 pages
        assert [page_count(p) for p in parts] == [4, 4, 4, 4, 2]
        assert "a4, cards tarot 70 x 120 mm, bleed 3 mm · back (short-edge flip)" in " ".join(pdf_text(parts[0])[1].split())

    @pytest.mark.parametrize("args,message", [
        (["--game", "how-many-calorie"], "unknown game 'how-many-calorie' (did you mean 'how-many-calories'?)"),
        (["--game", "how-many-calories", "--size", "pokr"], "did you mean 'poker'"),
        (["--game", "how-many-calories", "--bleed", "40"], "--bleed must be between 0 and 10 mm"),
        (["--game", "how-many-calories", "--size", "240x240"], "does not fit on letter paper"),
        (["--game", "how-many-calories", "--split", "0"], "--split must be 1 or more"),
        (["--bleed", "3"], "--bleed: kCaloria's player-aid cards print at poker size without bleed"),
    ])
    def test_bad_options_exit_2_and_write_nothing(self, tmp_path, args, message):
        out = tmp_path / "cards.pdf"
        res = run("print", "cards", "-o", str(out), *args)
        assert res.exit_code == 2
        assert message in res.stderr and "Traceback" not in res.output
        assert not list(tmp_path.iterdir())

    def test_the_card_set_file_is_never_overwritten(self, tmp_path):
        from kcal.games.how_many_calories.files.load import BUILTIN_PATH

        target = tmp_path / "set.yaml"
        target.write_text(BUILTIN_PATH.read_text(encoding="utf-8"), encoding="utf-8")
        before = target.read_bytes()
        res = run("print", "cards", "--game", "how-many-calories", "--card-set", str(target), "-o", str(target))
        assert res.exit_code == 2 and target.read_bytes() == before

    def test_kcaloria_player_aids_without_game(self, tmp_path):
        out = tmp_path / "aids.pdf"
        res = run("print", "cards", "-o", str(out), "--format", "json")
        assert res.exit_code == 0, res.output
        assert json.loads(res.stdout)["tiles"] == 14
        same = tmp_path / "aids2.pdf"
        assert run("print", "cards", "--game", "kcaloria", "-o", str(same)).exit_code == 0
        assert out.read_bytes() == same.read_bytes()


class TestRulebook:
    def test_reference_sheets(self, tmp_path):
        out = tmp_path / "rules.pdf"
        res = run("print", "rulebook", "--game", "how-many-calories", "-o", str(out), "--format", "json")
        assert res.exit_code == 0, res.output
        data = json.loads(res.stdout)
        assert data["game"] == "how-many-calories" and data["pages"] == page_count(out) >= 2

    def test_user_template_error_names_its_line(self, tmp_path):
        tpl = tmp_path / "tpl"
        tpl.mkdir()
        (tpl / "setup.j2").write_text("# Setup\n\n{{ limits[0].nope }}\n", encoding="utf-8")
        res = run("print", "rulebook", "--game", "how-many-calories", "--templates", str(tpl), "-o", str(tmp_path / "r.pdf"))
        assert res.exit_code == 2
        assert f"{tpl / 'setup.j2'}:3:1: undefined name in template" in res.stderr
        assert not (tmp_path / "r.pdf").exists()

    def test_a_pack_without_a_print_hook_says_so(self, tmp_path, monkeypatch):
        monkeypatch.delitem(PACK.hooks, "print")
        res = run("print", "rulebook", "--game", "how-many-calories", "-o", str(tmp_path / "r.pdf"))
        assert res.exit_code == 2 and "does not support 'print'" in res.stderr
