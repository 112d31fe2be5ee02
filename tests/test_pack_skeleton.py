"""Every game pack has the same rooms (docs/packs.md, "The skeleton of a pack"): a contributor who knows
one pack finds the same thing at the same place in another, and a fifth game starts from the same
template. A pack that departs from it fails here, naming the pack and what departs."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[1] / "src" / "kcal" / "games"
PACKS = sorted(p.name for p in GAMES.iterdir() if (p / "__init__.py").is_file())

#: the concepts every pack has at its top: a module ``X.py``, or a package ``X/`` when the concept is big
MODULES = ("game", "catalog", "deck", "replay", "explain", "schema", "sim", "impact", "draw", "patch")
#: the rooms every pack has: packages of code, and folders of data
PACKAGES = ("rules", "bots", "files", "print")
FOLDERS = ("data", "templates", "docs")
#: the modules of ``files/`` in every pack: the models, loading, the cards, reading and writing records,
#: and ``start:`` positions with the replay's ``state``
FILES = ("models", "load", "cardset", "recordfile", "record", "position")
#: what a pack may have beside them (nothing yet: a pack's own commands live in the room of their concept,
#: such as kCaloria's ``deck/commands.py``)
EXTRAS: set[str] = set()
#: files named after a mechanism instead of what they hold
FORBIDDEN = {"gamekey", "frozen", "story", "describe", "export", "query", "tools"}
#: the room each hook lives in (``print`` in ``print/api.py``)
HOOK_ROOMS = {"print": "print.api", "commands": "sim.commands"}


def test_there_are_four_packs() -> None:
    assert PACKS == ["ecologic_europe", "how_many_calories", "kalua", "kcaloria"]


@pytest.mark.parametrize("pack", PACKS)
def test_every_pack_has_the_skeleton(pack: str) -> None:
    root = GAMES / pack
    missing = [m for m in MODULES if not (root / f"{m}.py").is_file() and not (root / m / "__init__.py").is_file()]
    missing += [f"{p}/" for p in PACKAGES if not (root / p / "__init__.py").is_file()]
    missing += [f"{f}/" for f in FOLDERS if not (root / f).is_dir()]
    missing += [] if (root / "print" / "api.py").is_file() else ["print/api.py"]
    missing += [f"files/{m}.py" for m in FILES if not (root / "files" / f"{m}.py").is_file()]
    assert not missing, f"{pack} lacks {', '.join(missing)}"


@pytest.mark.parametrize("pack", PACKS)
def test_a_pack_has_nothing_beside_its_skeleton(pack: str) -> None:
    allowed = {"__init__.py", "__pycache__", *EXTRAS, *PACKAGES, *FOLDERS, *MODULES,
               *(f"{m}.py" for m in MODULES)}
    extra = sorted(p.name for p in (GAMES / pack).iterdir() if p.name not in allowed)
    assert not extra, f"{pack}: {', '.join(extra)} is not a room of the skeleton (docs/packs.md)"


@pytest.mark.parametrize("pack", PACKS)
def test_no_file_is_named_after_a_mechanism(pack: str) -> None:
    named = sorted(str(p.relative_to(GAMES)) for p in (GAMES / pack).rglob("*")
                   if p.stem in FORBIDDEN and "__pycache__" not in p.parts)
    assert not named, f"named after a mechanism, not what it holds: {', '.join(named)}"


@pytest.mark.parametrize("pack", PACKS)
def test_the_package_face_holds_only_the_pack(pack: str) -> None:
    """``__init__.py`` imports no rules at run time and defines ``PACK`` only (the hooks' type checks
    stand under ``TYPE_CHECKING``)."""
    tree = ast.parse((GAMES / pack / "__init__.py").read_text(encoding="utf-8"))
    defined = []
    for node in tree.body:
        if isinstance(node, ast.Assign):
            defined += [t.id for t in node.targets if isinstance(t, ast.Name)]
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.append(node.name)
        elif isinstance(node, ast.ImportFrom) and node.module and node.module.startswith(f"kcal.games.{pack}"):
            defined.append(f"import of {node.module}")
    assert [d for d in defined if not d.startswith("_")] == ["PACK"], defined


@pytest.mark.parametrize("pack", PACKS)
def test_each_hook_lives_in_the_room_named_after_it(pack: str) -> None:
    import importlib

    hooks = importlib.import_module(f"kcal.games.{pack}").PACK.hooks
    wrong = []
    for name, target in hooks.items():
        module = target.partition(":")[0]
        room = f"kcal.games.{pack}.{HOOK_ROOMS.get(name, name)}"
        if module != room and not module.startswith(room + "."):
            wrong.append(f"{name} -> {target} (expected in {room})")
    assert not wrong, f"{pack}: " + "; ".join(wrong)


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
