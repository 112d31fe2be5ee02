"""docs/json.md lists every JSON document per command and game (issue 20, "One product, four games",
item 2): each section's command runs with ``--format json`` here, and its document is checked against
the section's table: every key of the table is there with its type, and the document has no key the
table does not list. The tables are parsed from the page, not repeated in this test."""

from __future__ import annotations

import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "json.md"
ROW = re.compile(r"^\| `([^`]+)` \| ([a-z ]+) \|$")
TYPES = {"string": (str,), "integer": (int,), "number": (int, float), "boolean": (bool,), "list": (list,),
         "object": (dict,), "null": (type(None),)}


@dataclass
class Section:
    title: str
    command: str
    keys: dict[str, str] = field(default_factory=dict)


def sections(text: str) -> list[Section]:
    out: list[Section] = []
    for block in re.split(r"\n(?=### )", text):
        if not block.startswith("### "):
            continue
        title = block.splitlines()[0][4:].strip()
        command = re.search(r"^`(kcal [^`]+)`$", block, re.M)
        assert command, f"docs/json.md: section {title!r} names no command"
        sec = Section(title, command.group(1))
        for line in block.splitlines():
            m = ROW.match(line)
            if m:
                sec.keys[m.group(1)] = m.group(2)
        assert sec.keys, f"docs/json.md: section {title!r} has no key table"
        out.append(sec)
    return out


SECTIONS = sections(PAGE.read_text(encoding="utf-8"))


def has_type(value: Any, spec: str) -> bool:
    kinds = [k.strip() for k in spec.split(" or ")]
    for k in kinds:
        assert k in TYPES, f"unknown type {k!r} in docs/json.md"
        if isinstance(value, bool) and k in ("integer", "number"):
            continue
        if isinstance(value, TYPES[k]):
            return True
    return False


def test_the_page_is_parsed() -> None:
    assert len(SECTIONS) >= 30
    titles = {s.title for s in SECTIONS}
    for command in ("kcal rules replay", "kcal rules explain", "kcal sim match --game", "kcal catalog list",
                    "kcal catalog show", "kcal deck validate", "kcal catalog validate"):
        for game in ("kCaloria", "How many Calories?", "Kalua", "EcoLogic: Europe"):
            assert f"{command} ({game})" in titles


def test_a_document_with_a_key_the_table_lacks_fails() -> None:
    """The check can fail: an undocumented key, a missing key and a wrong type are each found."""
    sec = Section("t", "kcal x", {"a": "integer", "b[]": "list", "b[].c": "string"})
    assert problems({"a": 1, "b": [{"c": "x"}]}, sec) == []
    assert problems({"a": 1, "b": [{"c": "x"}], "z": 0}, sec) == ["z: not in docs/json.md"]
    assert problems({"b": []}, sec) == ["a: missing"]
    assert problems({"a": "1", "b": [{"c": 2}]}, sec) == ["a: '1' is not integer", "b[].c: 2 is not string"]


def problems(doc: dict[str, Any], sec: Section) -> list[str]:
    out = []
    top = {k: t for k, t in sec.keys.items() if "[]" not in k}
    children: dict[str, dict[str, str]] = {}
    for k, t in sec.keys.items():
        if "[]." in k:
            parent, child = k.split("[].", 1)
            children.setdefault(parent, {})[child] = t
    for k, t in top.items():
        if k not in doc:
            out.append(f"{k}: missing")
        elif not has_type(doc[k], t):
            out.append(f"{k}: {doc[k]!r} is not {t}")
    out += [f"{k}: not in docs/json.md" for k in doc if k not in top and f"{k}[]" not in sec.keys]
    for parent, kids in children.items():
        items = [x for x in doc.get(parent) or [] if isinstance(x, dict)]
        seen: set[str] = set()
        for item in items:
            for k, v in item.items():
                seen.add(k)
                if k not in kids:
                    out.append(f"{parent}[].{k}: not in docs/json.md")
                elif not has_type(v, kids[k]):
                    out.append(f"{parent}[].{k}: {v!r} is not {kids[k]}")
        if items:
            out += [f"{parent}[].{k}: in no item" for k in kids if k not in seen]
    return sorted(set(out), key=out.index)


@pytest.mark.parametrize("sec", SECTIONS, ids=lambda s: s.title)
def test_each_document_matches_its_table(sec: Section, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    from typer.testing import CliRunner

    from kcal.cli.app import app

    for top in ("src", "tests", "docs"):  # the commands name files under these; what they write stays here
        (tmp_path / top).symlink_to(ROOT / top, target_is_directory=True)
    monkeypatch.chdir(tmp_path)
    args = shlex.split(sec.command)[1:]
    assert "--format" in args and args[args.index("--format") + 1] == "json", sec.command
    result = CliRunner().invoke(app, args)
    assert result.exit_code in (0, 1), result.output
    assert problems(json.loads(result.stdout), sec) == []
