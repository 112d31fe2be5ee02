"""One vocabulary for options (issue 20, item 1): the whole command tree, the packs' commands included,
spells each idea one way, as kcal.cli.vocabulary's table and docs/cli.md say."""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.cli.vocabulary import DEPRECATED, OPTIONS, SECOND_SPELLINGS, SHORT, command_of, rewrite
from kcal.core.registry import get, ids

ROOT = Path(__file__).resolve().parents[2]
runner = CliRunner()


def commands(command: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """``(path, command)`` for the root and every group and command under it."""
    yield path, command
    for name, sub in (getattr(command, "commands", None) or {}).items():
        yield from commands(sub, f"{path} {name}".strip())


def pack_filters() -> dict[str, Any]:
    """``--WORD`` -> the pack that declares it, for the ``catalog list`` filters a pack adds of its own
    (``Pack.filters``): the pack's word, documented in the pack's docs, not kcal's vocabulary."""
    from kcal.core.gameinfo import CATALOG_FILTERS
    from kcal.core.registry import packs

    shared = {f.name for f in CATALOG_FILTERS}
    return {f"--{f.name}": pack for pack in packs() for f in pack.filters if f.name not in shared}


def spelling_problems(root: Any) -> list[str]:
    """Every option of the tree that is not spelt as the vocabulary says (empty: one vocabulary)."""
    own = pack_filters()
    problems = []
    kinds: dict[str, tuple[bool, str]] = {}  # long option -> (a switch?, the first command that has it)
    for path, cmd in commands(root):
        for param in cmd.params:
            if getattr(param, "param_type_name", "") != "option" or getattr(param, "hidden", False):
                continue
            names = [*param.opts, *getattr(param, "secondary_opts", [])]
            longs = [n for n in names if n.startswith("--")]
            negated = [n for n in param.secondary_opts if n.startswith("--no-")]
            positive = [n for n in longs if n not in negated]
            where = f"kcal {path}".strip()
            if len(positive) != 1:
                problems.append(f"{where}: {'/'.join(positive)} spells one option {len(positive)} ways")
            for name in positive:
                if name in SECOND_SPELLINGS:
                    problems.append(f"{where}: {name} is a second spelling of {SECOND_SPELLINGS[name]}")
                elif name not in OPTIONS and not (path == "catalog list" and name in own):
                    problems.append(f"{where}: {name} is not in the vocabulary (kcal.cli.vocabulary.OPTIONS, "
                                    "docs/cli.md): add it there, or use the word the table has")
            for name in positive:
                switch = bool(getattr(param, "is_flag", False) or getattr(param, "count", False))
                first = kinds.setdefault(name, (switch, where))
                if first[0] != switch:
                    problems.append(f"{where}: {name} is a {'switch' if switch else 'value'} here and a "
                                    f"{'switch' if first[0] else 'value'} in {first[1]}")
            for name in negated:
                if name[len("--no-"):] not in [p[2:] for p in positive]:
                    problems.append(f"{where}: {name} negates no option of its own")
            for short in (n for n in names if not n.startswith("--")):
                meant = SHORT.get(short)
                if meant is None or meant not in positive:
                    problems.append(f"{where}: {short} stands for {SHORT.get(short, 'nothing')} everywhere, not "
                                    f"{'/'.join(positive)}")
    return problems


def test_every_option_of_every_command_is_spelt_one_way() -> None:
    root = typer.main.get_command(app)
    assert spelling_problems(root) == []


def test_the_tree_walked_has_the_packs_commands() -> None:
    """Every command a pack adds to a command group (entry points ``kcal.commands``) is walked."""
    from importlib.metadata import entry_points

    paths = {p for p, _ in commands(typer.main.get_command(app))}
    added = set()
    for ep in entry_points(group="kcal.commands"):
        group = ep.name.partition(".")[0]
        added |= {f"{group} {name}" for name in typer.main.get_command(ep.load()).commands}  # type: ignore[attr-defined]
    assert added and added <= paths


def _toy(*options: Any) -> Any:
    toy = typer.Typer()

    @toy.command("one")
    def one(size: str = options[0]) -> None:  # pragma: no cover - never run
        del size

    @toy.command("two")
    def two(size: str = options[1]) -> None:  # pragma: no cover - never run
        del size

    return typer.main.get_command(toy)


def test_the_check_fails_on_a_second_spelling() -> None:
    """The walk can fail: --card-size beside --size, a visible alias, a word outside the table, a short
    option that means two things."""
    assert spelling_problems(_toy(typer.Option("x", "--size"), typer.Option("x", "--card-size"))) == [
        "kcal two: --card-size is a second spelling of --size"]
    assert any("spells one option 2 ways" in p
               for p in spelling_problems(_toy(typer.Option("x", "--output"), typer.Option("x", "--output", "--out"))))
    assert any("--tile-width is not in the vocabulary" in p
               for p in spelling_problems(_toy(typer.Option("x", "--size"), typer.Option("x", "--tile-width"))))
    mixed = typer.Typer()

    @mixed.command("one")
    def one(bleed: float = typer.Option(0.0, "--bleed")) -> None:  # pragma: no cover - never run
        del bleed

    @mixed.command("two")
    def two(bleed: bool = typer.Option(False, "--bleed")) -> None:  # pragma: no cover - never run
        del bleed

    assert spelling_problems(typer.main.get_command(mixed)) == [
        "kcal two: --bleed is a switch here and a value in kcal one"]
    assert any("-n stands for --games everywhere" in p
               for p in spelling_problems(_toy(typer.Option("x", "--size"), typer.Option("x", "--name", "-n"))))


def test_every_word_of_the_table_is_used_and_no_second_spelling_is_in_it() -> None:
    root = typer.main.get_command(app)
    used = {n for _, cmd in commands(root) for p in cmd.params for n in getattr(p, "opts", ())}
    assert sorted(set(OPTIONS) - used - {"--help"}) == []
    assert not set(SECOND_SPELLINGS) & set(OPTIONS)
    assert set(SHORT.values()) <= set(OPTIONS)


def test_docs_cli_md_has_the_table_and_every_old_spelling() -> None:
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    table = doc.split("## One vocabulary", 1)[1].split("### Old spellings", 1)[0]
    rows = set(re.findall(r"^\| `(--[a-z-]+)`", table, flags=re.M))
    assert rows == set(OPTIONS), (sorted(set(OPTIONS) - rows), sorted(rows - set(OPTIONS)))
    for alias in DEPRECATED:
        assert f"`{alias.old}`" in doc and f"`{alias.new}`" in doc, alias


def test_docs_cli_md_has_every_command_with_its_options() -> None:
    doc = (ROOT / "docs" / "cli.md").read_text(encoding="utf-8")
    sections = {m.group(1): m.group(2) for m in re.finditer(r"^### `kcal ([a-z-]+(?: [a-z-]+)?)[^`]*`\n(.*?)(?=^#|\Z)",
                                                            doc, flags=re.M | re.S)}
    own = pack_filters()
    for path, cmd in commands(typer.main.get_command(app)):
        if getattr(cmd, "commands", None) is not None or not path:  # a group, even one with no command yet
            continue
        assert path in sections, f"docs/cli.md has no section for kcal {path}"
        for param in cmd.params:
            if getattr(param, "param_type_name", "") == "option" and not getattr(param, "hidden", False):
                longest = max(param.opts, key=len)
                if path == "catalog list" and longest in own:  # a pack's own filter: in the pack's docs
                    game = importlib.import_module(own[longest].hooks["game"].partition(":")[0])
                    readme = Path(str(game.__file__)).parent / "docs" / "README.md"
                    assert readme.is_file() and longest in readme.read_text(encoding="utf-8"), (
                        f"kcal catalog list: {longest}, {own[longest].id}'s own filter, is not in {readme}")
                    continue
                assert longest in sections[path], f"kcal {path}: {longest} is not in its docs/cli.md section"


# --- old spellings: hidden, warned, for one release ----------------------------------------------------


@pytest.mark.parametrize("alias", DEPRECATED, ids=lambda a: f"{a.old}->{a.new}")
def test_an_old_spelling_is_hidden_and_its_new_one_is_there(alias: Any) -> None:
    root = typer.main.get_command(app)
    tree = dict(commands(root))
    for path in alias.commands:
        names = {n for p in tree[path].params for n in [*getattr(p, "opts", ()), *getattr(p, "secondary_opts", ())]}
        assert alias.new in names and alias.old not in names, (path, alias)


def test_rewrite_turns_old_spellings_into_new_ones_with_one_warning_each() -> None:
    said: list[str] = []
    argv = ["print", "deck", "d.yaml", "--bleed", "--bleed-size=2", "--tile-size", "50", "-o", "x.pdf", "--",
            "--tile-size"]
    command, start = command_of(argv, lambda g: g in {"print", "sim", "deck", "catalog"})
    assert (command, start) == ("print deck", 2)
    assert rewrite(argv, command, start, said.append) == [
        "print", "deck", "d.yaml", "--bleed", "3", "--bleed=2", "--size", "50", "-o", "x.pdf", "--", "--tile-size"]
    assert [s.split(" ")[0] for s in said] == ["--bleed", "--bleed-size", "--tile-size"]
    assert rewrite(["deck", "report", "d.yaml", "--png", "-o", "r.pdf"], "deck report", 2, said.append) == [
        "deck", "report", "d.yaml", "--png", "r.png", "-o", "r.pdf"]
    assert rewrite(["catalog", "list", "-b", "FF"], "catalog list", 2, said.append) == ["catalog", "list", "--biome", "FF"]
    # an alias of one command is not one of another
    assert rewrite(["sim", "match", "-n", "4"], "sim match", 2, said.append) == ["sim", "match", "-n", "4"]


def test_an_old_spelling_still_runs_with_a_warning(tmp_path: Path) -> None:
    r = runner.invoke(app, ["catalog", "list", "--color", "red", "-n", "bayou"])
    assert r.exit_code in (0, 2), r.output
    assert "warning: --color is now --colour (kcal catalog list)" in r.stderr
    assert "warning: -n is now --name (kcal catalog list)" in r.stderr
    r = runner.invoke(app, ["catalog", "list", "-b", "FF", "-f", "json"])
    assert r.exit_code == 0 and '"count"' in r.stdout
    assert "warning: -b is now --biome" in r.stderr


# --- a command given what it does not take: one line naming what fits, exit 2 ------------------------


@pytest.mark.parametrize(("args", "line"), [
    (["sim", "goldfish", "d.yaml", "--players", "3"],
     "no such option --players: kcal sim goldfish does not take it; kcal sim match"),
    (["deck", "stats", "d.yaml", "--strict"],
     "no such option --strict: kcal deck stats does not take it; kcal deck validate does"),
])
def test_a_game_or_option_the_command_does_not_take_is_one_line_exit_2(args: list[str], line: str) -> None:
    r = runner.invoke(app, args)
    assert r.exit_code == 2
    first = r.stderr.splitlines()[0]
    assert line in first, first
    assert "did you mean '--games'" not in r.stderr


@pytest.mark.parametrize("game", [g for g in ids() if get(g).has("print")])
def test_an_option_of_a_command_in_another_group_is_named_from_a_fast_start(tmp_path: Path, game: str) -> None:
    """The real entry point imports only the group named (``kcal print ...`` loads no ``sim``); the usage
    error still finds the command of another group that takes the option."""
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "kcal", "print", "cards", "--game", game, "--players", "3",
                        "-o", str(tmp_path / "c.pdf")], capture_output=True, text=True, timeout=120)
    assert r.returncode == 2
    assert ("print cards: no such option --players: kcal print cards does not take it; kcal sim match"
            in r.stderr.splitlines()[0]), r.stderr
