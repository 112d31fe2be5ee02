"""BAD-INPUT.md rows 13-20 through ``kcal print``: each case's messages are golden.

``bad_input_expected.txt`` holds ``case<TAB>exit code<TAB>stderr`` (newlines as ``\\n``). After an
intended change of wording, regenerate with ``KCAL_REGEN_GOLDEN=1`` and review the diff.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from tests.games.kcaloria.print.conftest import make_art

GOLDEN = Path(__file__).with_name("bad_input_expected.txt")

ONE_TILE = """\
set: {{code: BAD, name: Bad}}
tiles:
  - id: BAD-1
    name: {name}
    type: plant
    class: flower
    rarity: common
    cost: [{{blue: 1}}]
    yield: {{green: 2}}
{extra}"""
DECK = "name: Bad deck\ncatalogs: [catalog.yaml]\ntiles:\n  {key}: 1\n"


def _setup(tmp: Path, name: str = "Phlox", extra: str = "", key: str | None = None) -> None:
    (tmp / "catalog.yaml").write_text(ONE_TILE.format(name=name, extra=extra), encoding="utf-8")
    (tmp / "deck.yaml").write_text(DECK.format(key=key or name), encoding="utf-8")


def _art(tmp: Path, kind: str) -> None:
    art = tmp / "art"
    art.mkdir(exist_ok=True)
    p = art / "x.png"
    from PIL import Image

    if kind == "missing":
        return
    if kind == "empty":
        p.write_bytes(b"")
    elif kind == "text":
        p.write_text("this is not a picture")
    elif kind == "truncated-png":
        Image.effect_noise((200, 200), 50).convert("RGB").save(p, format="PNG")
        p.write_bytes(p.read_bytes()[:3000])
    elif kind == "truncated-jpeg":
        Image.effect_noise((200, 200), 50).convert("RGB").save(p, format="JPEG")
        p.write_bytes(p.read_bytes()[:2000])
    elif kind == "bomb-144mpx":
        Image.new("1", (12_000, 12_000)).save(p)
    elif kind == "bmp":
        Image.new("RGB", (10, 10)).save(p, format="BMP")
    elif kind == "directory":
        p.mkdir()


ART_CASES = ["missing", "empty", "text", "truncated-png", "truncated-jpeg", "bomb-144mpx", "bmp", "directory"]
TEMPLATE_CASES = {
    "tpl-dunder": "{{ ''.__class__.__mro__[1].__subclasses__() }}",
    "tpl-syntax": "# Setup\n\n{% for x in %}\n",
    "tpl-undefined": "# Setup\n{{ nothing_here }}\n",
    "tpl-output-bomb": "{% for i in range(100000) %}{% for j in range(100000) %}xxxxxxxxxx{% endfor %}{% endfor %}",
    "tpl-img-tag": "# Setup\nLook: <img src=\"/etc/passwd\"/>\n",
    "tpl-unclosed": "# Setup\n<b>bold forever\n",
}


def _cases() -> list[str]:
    return (["text-markup", "glyphs-missing", "text-too-long"] + [f"art-{k}" for k in ART_CASES]
            + list(TEMPLATE_CASES) + ["out-is-input", "out-link-to-input", "out-missing-folder", "out-is-directory"])


def _run(case: str, tmp: Path) -> tuple[int, str]:
    runner = CliRunner()
    deck = ["print", "deck", "deck.yaml", "-o", "out.pdf"]
    if case == "text-markup":
        _setup(tmp, name='"R&D <b>x</b> <font size=200> <img src=a.png> <i>open"')
    elif case == "glyphs-missing":
        _setup(tmp, name='"Łódź 中文 😀"')
    elif case == "text-too-long":
        long = "word " * 79 + "end"
        mods = "    modifiers: [{name: new_growth, amount: 1}, {name: rapid_growth, amount: 2}, {name: tidal_power, amount: 1}]\n"
        _setup(tmp, extra=f"    text: \"{long}\"\n" + mods)
    elif case.startswith("art-"):
        _setup(tmp, extra="    art: art/x.png\n")
        _art(tmp, case[4:])
    elif case.startswith("tpl-"):
        (tmp / "tpl").mkdir()
        (tmp / "tpl" / "setup.j2").write_text(TEMPLATE_CASES[case], encoding="utf-8")
        deck = ["print", "rulebook", "--templates", "tpl", "-o", "out.pdf"]
    elif case == "out-is-input":
        _setup(tmp)
        deck = ["print", "deck", "deck.yaml", "-o", "catalog.yaml"]
    elif case == "out-link-to-input":
        _setup(tmp)
        (tmp / "link.pdf").symlink_to(tmp / "deck.yaml")
        deck = ["print", "deck", "deck.yaml", "-o", "link.pdf"]
    elif case == "out-missing-folder":
        _setup(tmp)
        deck = ["print", "deck", "deck.yaml", "-o", "nowhere/out.pdf"]
    elif case == "out-is-directory":
        _setup(tmp)
        (tmp / "outdir").mkdir()
        deck = ["print", "deck", "deck.yaml", "-o", "outdir"]
    before = {p: p.read_bytes() for p in tmp.rglob("*") if p.is_file() and p.stat().st_size < 10_000_000}
    res = runner.invoke(app, deck)
    assert "Traceback" not in res.output
    assert not [p for p in tmp.rglob("*.tmp")], "a temp file was left behind"
    for p, data in before.items():
        assert p.read_bytes() == data, f"{p} changed"
    if res.exit_code != 0:
        assert not (tmp / "out.pdf").exists()
    return res.exit_code, res.stderr.strip()


def _golden() -> dict[str, tuple[int, str]]:
    out = {}
    if GOLDEN.exists():
        for line in GOLDEN.read_text(encoding="utf-8").splitlines():
            case, code, msg = line.split("\t", 2)
            out[case] = (int(code), msg.replace("\\n", "\n"))
    return out


GOLD = _golden()


@pytest.mark.parametrize("case", _cases())
def test_bad_input_message_is_golden(case, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    got = _run(case, tmp_path)
    if os.environ.get("KCAL_REGEN_GOLDEN"):
        GOLD[case] = got
        GOLDEN.write_text("".join(f"{k}\t{c}\t{m.replace(chr(10), chr(92) + 'n')}\n" for k, (c, m) in sorted(GOLD.items())),
                          encoding="utf-8")
    assert got == GOLD.get(case), f"{case}: {got!r}"


def test_every_case_has_a_golden():
    assert set(_cases()) <= set(GOLD) or os.environ.get("KCAL_REGEN_GOLDEN")


_ = make_art
