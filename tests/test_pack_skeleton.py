"""Every game pack has the same rooms (docs/packs.md, "The skeleton of a pack"): a contributor who knows
one pack finds the same thing at the same place in another, and a fifth game starts from the same
template. A pack that departs from it fails here, naming the pack and what departs."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import pytest

from kcal.core import registry
from kcal.core.hooks import REQUIRED, TABLE, missing, problems, supports

GAMES = Path(__file__).resolve().parents[1] / "src" / "kcal" / "games"
PACKS = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())

#: the rooms a pack may have: packages of code, and folders of data
PACKAGES = ("rules", "bots", "files", "print")
FOLDERS = ("data", "templates", "docs")
#: a room for each hook (``print`` in ``print/api.py``): the required core must be there, an optional
#: hook's module is there when the pack has the hook
ROOMS = {h.name: h.room.partition(":")[0] for h in TABLE}
#: what a pack may have beside them (nothing yet: a pack's own commands live in the room of their concept,
#: such as kCaloria's ``deck/commands.py``)
EXTRAS: set[str] = set()
#: files named after a mechanism instead of what they hold
FORBIDDEN = {"gamekey", "frozen", "story", "describe", "export", "query", "tools"}


def _registered() -> list[str]:
    return registry.ids()


def test_every_package_of_games_is_a_registered_pack() -> None:
    """A pack folder that no entry point names is a game nobody can reach (reinstall after adding an entry
    point: docs/packs.md)."""
    ids = {registry.get(i).hooks["game"].split(".")[2] for i in registry.ids()
           if registry.get(i).hooks.get("game", "").startswith("kcal.games.")}
    assert set(PACKS) <= ids, sorted(set(PACKS) - ids)


@pytest.mark.parametrize("game", _registered())
def test_every_pack_has_the_required_core(game: str) -> None:
    """What a game is: its GameInfo, the game object, its card data with a schema, its record codec."""
    pack = registry.get(game)
    assert not missing(pack.hooks), f"{game} lacks the hooks {', '.join(missing(pack.hooks))}"
    assert pack.info.supports == supports(pack.hooks)


@pytest.mark.parametrize("game", _registered())
def test_every_hook_offers_its_protocol(game: str) -> None:
    """Each hook, imported, has what its Protocol asks (kcal.core.hooks.problems), callable as it is
    called: the check each pack's ``__init__`` once wrote out under ``TYPE_CHECKING``."""
    pack = registry.get(game)
    found = {name: problems(name, pack.hook(name)) for name in pack.hooks}
    assert not any(found.values()), {k: v for k, v in found.items() if v}


def test_the_protocol_check_finds_what_a_hook_lacks() -> None:
    import types

    module = types.ModuleType("fake")
    module.export = lambda: {}  # type: ignore[attr-defined]
    assert problems("schema", module) and "cannot be called" in problems("schema", module)[0]
    module.export = lambda kind: {}  # type: ignore[attr-defined]
    assert problems("schema", module) == []
    assert problems("catalog", module)[0].startswith("lacks ")


@pytest.mark.parametrize("pack", PACKS)
def test_every_pack_has_the_skeleton(pack: str) -> None:
    root = GAMES / pack
    required = [ROOMS[h] for h in REQUIRED]
    missing_ = [m for m in required if not (root / f"{m.replace('.', '/')}.py").is_file()]
    missing_ += [f"{p}/" for p in PACKAGES if (root / p).is_dir() and not (root / p / "__init__.py").is_file()]
    missing_ += [] if (root / "docs").is_dir() else ["docs/"]
    assert not missing_, f"{pack} lacks {', '.join(missing_)}"


@pytest.mark.parametrize("pack", PACKS)
def test_each_optional_part_sits_in_its_room(pack: str) -> None:
    """A pack that has an optional hook has it in the hook's room, so that its hook table is found
    (``skeleton_hooks``) and never written out by hand."""
    hooks = importlib.import_module(f"kcal.games.{pack}").PACK.hooks
    wrong = []
    for name, target in hooks.items():
        module = target.partition(":")[0]
        room = f"kcal.games.{pack}.{ROOMS[name].split('.')[0]}"
        if module != room and not module.startswith(room + "."):
            wrong.append(f"{name} -> {target} (expected in {room})")
    assert not wrong, f"{pack}: " + "; ".join(wrong)


@pytest.mark.parametrize("pack", PACKS)
def test_a_pack_has_nothing_beside_its_skeleton(pack: str) -> None:
    rooms = {r.split(".")[0] for r in ROOMS.values()}
    allowed = {"__init__.py", "__pycache__", *EXTRAS, *PACKAGES, *FOLDERS, *rooms, *(f"{m}.py" for m in rooms)}
    extra = sorted(p.name for p in (GAMES / pack).iterdir() if p.name not in allowed)
    assert not extra, f"{pack}: {', '.join(extra)} is not a room of the skeleton (docs/packs.md)"


@pytest.mark.parametrize("pack", PACKS)
def test_no_file_is_named_after_a_mechanism(pack: str) -> None:
    named = sorted(str(p.relative_to(GAMES)) for p in (GAMES / pack).rglob("*")
                   if p.stem in FORBIDDEN and "__pycache__" not in p.parts)
    assert not named, f"named after a mechanism, not what it holds: {', '.join(named)}"


@pytest.mark.parametrize("pack", PACKS)
def test_the_package_face_holds_only_the_pack(pack: str) -> None:
    """``__init__.py`` imports no rules and defines ``PACK`` only (its hooks are checked by
    :func:`test_every_hook_offers_its_protocol`, not by a type-check block of each pack)."""
    tree = ast.parse((GAMES / pack / "__init__.py").read_text(encoding="utf-8"))
    defined = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            defined += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.append(node.name)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(f"kcal.games.{pack}"):
            defined.append(f"import of {node.module}")
        elif isinstance(node, ast.If):
            defined.append("a block of code")
    assert [d for d in defined if not d.startswith("_")] == ["PACK"], defined


def _only_forwards(tree: ast.Module) -> bool:
    """A module whose one definition is a function that only returns (or makes) one call."""
    body = [n for n in tree.body if not isinstance(n, (ast.Import, ast.ImportFrom))
            and not (isinstance(n, ast.Expr) and isinstance(n.value, ast.Constant))]
    if len(body) != 1 or not isinstance(body[0], ast.FunctionDef):
        return False
    stmts = [s for s in body[0].body if not (isinstance(s, ast.Expr) and isinstance(s.value, ast.Constant))]
    return len(stmts) == 1 and isinstance(stmts[0], (ast.Return, ast.Expr)) \
        and isinstance(getattr(stmts[0], "value", None), ast.Call)


@pytest.mark.parametrize("pack", PACKS)
def test_no_module_only_forwards_one_call(pack: str) -> None:
    found = sorted(str(p.relative_to(GAMES)) for p in (GAMES / pack).rglob("*.py")
                   if _only_forwards(ast.parse(p.read_text(encoding="utf-8"))))
    assert not found, f"modules that only forward one call: {', '.join(found)}"


def test_the_forwarding_check_finds_a_forwarder() -> None:
    source = '"""x"""\nfrom a import b\n\n\ndef check(doc):\n    """y"""\n    b(doc, 1)\n'
    assert _only_forwards(ast.parse(source))
    assert not _only_forwards(ast.parse(source + "\n\nX = 1\n"))


#: the modules of ``kcal.cli`` a pack's own commands may import: the public options and helpers, the
#: shared command plumbing, completion; never a command group's module (it imports the packs' commands)
CLI_FOR_PACKS = {"kcal.cli.options", "kcal.cli.common", "kcal.cli.complete"}


@pytest.mark.parametrize("pack", PACKS)
def test_a_packs_commands_import_only_the_public_cli_modules(pack: str) -> None:
    found = []
    for path in sorted((GAMES / pack).rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and (node.module or "").startswith("kcal.cli"):
                private = [a.name for a in node.names if a.name.startswith("_")]
                if node.module not in CLI_FOR_PACKS or private:
                    found.append(f"{path.relative_to(GAMES)}: {node.module} {private or ''}")
    assert not found, found
