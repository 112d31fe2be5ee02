"""The registry of game packs: found through the ``kcal.games`` entry-point group, loaded lazily.

A pack's entry point names a :class:`Pack`: its :class:`~kcal.core.game.GameInfo` and a table of named
hooks, each a ``"module:attribute"`` string imported only when a command asks for it. Listing the packs
imports each pack's small ``__init__`` (metadata only), never its rules, data or printing; a command on
a kCaloria deck imports no other pack.

The built-in packs are entry points of kcal's own distribution, read first (its ``entry_points.txt``,
found without importing :mod:`importlib.metadata`);
the other installed distributions are scanned only for an id kcal does not ship, or to list every pack.

The hooks a pack may offer, and what each must provide, are the Protocols of :mod:`kcal.core.hooks`;
mypy checks every built-in pack against them. What a pack supports (``kcal games``) is derived from
the hooks it has (:meth:`Pack.build`).
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from kcal.core.errors import KcalError
from kcal.core.gameinfo import CatalogFilter, GameInfo
from kcal.core.hooks import COMMANDS, supports

GROUP = "kcal.games"
#: commands a pack adds to kcal's own command groups: entry points ``GROUP.PACK = "module:app"``, each a
#: Typer app whose commands join ``kcal GROUP`` (kCaloria's ``deck import``, ``print deck``, ``sim solo``)
COMMANDS_GROUP = "kcal.commands"

#: Files without a ``game:`` key belong to this game (SPEC: every file valid before packs stays valid).
DEFAULT_GAME = "kcaloria"


class Pack(NamedTuple):
    info: GameInfo
    hooks: Mapping[str, str] = {}  # a NamedTuple default, never mutated
    #: what the shared tests try the pack with (docs/packs.md): ``card`` (a card's name), ``deck`` (a deck
    #: or card-set file, relative to the pack's folder; ``other`` a second one, ``solo`` a one-player one),
    #: ``only`` (``(a card's name, its label, a kind of card)`` for ``print cards --only``)
    samples: Mapping[str, Any] = {}  # a NamedTuple default, never mutated
    #: ``catalog list`` filters of this game's own, beside the ones kcal's games share
    #: (:data:`kcal.core.gameinfo.CATALOG_FILTERS`)
    filters: tuple[CatalogFilter, ...] = ()

    @classmethod
    def build(cls, info: GameInfo, hooks: Mapping[str, str], samples: Mapping[str, Any] | None = None,
              filters: tuple[CatalogFilter, ...] = ()) -> Pack:
        """A pack whose ``info.supports`` is derived from its hooks (never written by hand)."""
        return cls(info._replace(supports=supports(hooks)), hooks, dict(samples or {}), filters)

    @property
    def id(self) -> str:
        return self.info.id

    def has(self, hook: str) -> bool:
        return hook in self.hooks

    def commands(self) -> tuple[str, ...]:
        """The shared commands this pack accepts (``kcal games``), ``group verb`` each, in
        :data:`~kcal.core.hooks.COMMANDS` order: a command whose hook the pack has (and, where the
        command asks for it, the function it calls: ``print board`` needs ``print_board``). The
        commands a pack adds to a group are the CLI's to list (:func:`contributors`)."""
        return tuple(command for command, hook, needs in COMMANDS
                     if hook in self.hooks and (not needs or self.offers(hook, needs)))

    def offers(self, hook: str, name: str) -> bool:
        """The hook ``hook`` has the optional function ``name``: looked up on the module when it is
        imported, else read off its source (a top-level ``def``, assignment or import of that name), so
        listing what the packs accept imports none of their rules or printing."""
        target = self.hooks.get(hook)
        if target is None:
            return False
        module, _, attr = target.partition(":")
        if attr or module in sys.modules:
            return hasattr(self.hook(hook), name)
        return name in _top_level_names(module)

    def hook(self, name: str) -> Any:
        """The hook ``name`` (imported on first use); a usage error when the pack has none."""
        target = self.hooks.get(name)
        if target is None:
            raise KcalError(f"{self.info.name} ({self.info.id}) does not support {name!r}", code="usage")
        return _resolve(target)


@cache
def _top_level_names(module: str) -> frozenset[str]:
    """The names a module's source binds at its top level (without importing it); empty when its source
    cannot be read."""
    import ast
    from importlib.util import find_spec

    try:
        spec = find_spec(module)
        origin = spec.origin if spec is not None else None
        tree = ast.parse(Path(origin).read_text(encoding="utf-8")) if origin else None
    except (ImportError, OSError, SyntaxError, ValueError):
        return frozenset()
    names: set[str] = set()
    for node in tree.body if tree is not None else ():
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            names.update((a.asname or a.name).split(".")[0] for a in node.names)
        elif isinstance(node, ast.Assign):
            names.update(t.id for t in node.targets if isinstance(t, ast.Name))
        elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
            names.add(node.target.id)
    return frozenset(names)


@cache
def _resolve(target: str) -> Any:
    module, _, attr = target.partition(":")
    obj: Any = importlib.import_module(module)
    for part in attr.split(".") if attr else ():
        obj = getattr(obj, part)
    return obj


class _EntryPoint(NamedTuple):
    """One line of kcal's own ``entry_points.txt`` (what :func:`_load` needs of an entry point)."""

    name: str
    value: str

    def load(self) -> Any:
        return _resolve(self.value)


@cache
def _own_entry_points_text() -> str | None:
    """kcal's own installed ``entry_points.txt``, read once; None when it is not found that way (then
    :mod:`importlib.metadata` looks).

    ``importlib.metadata`` costs about 57 M instructions to import and search (a twentieth of a warm
    ``kcal print deck``). kcal's own distribution is found as it finds it: the first
    ``kcal-*.dist-info`` folder along ``sys.path``. Other distributions' packs still go through it.
    """
    for folder in sys.path:
        try:
            names = os.listdir(folder or ".")
        except OSError:
            continue
        for name in sorted(names):
            if name.lower().startswith("kcal-") and name.endswith(".dist-info"):
                try:
                    return Path(folder or ".", name, "entry_points.txt").read_text(encoding="utf-8")
                except OSError:
                    return None
    return None


def _own_dist_entry_points(group: str = GROUP) -> dict[str, _EntryPoint] | None:
    """The ``group`` section of kcal's own ``entry_points.txt`` (the packs, or the commands they add)."""
    text = _own_entry_points_text()
    return None if text is None else _parse_entry_points(text, group)


def _parse_entry_points(text: str, group: str = GROUP) -> dict[str, _EntryPoint]:
    """The ``group`` section of an ``entry_points.txt`` (the INI form setuptools writes)."""
    found: dict[str, _EntryPoint] = {}
    section = None
    for line in text.splitlines():
        line = line.strip()
        if not line or line[0] in "#;":
            continue
        if line.startswith("[") and line.endswith("]"):
            section = line[1:-1].strip()
        elif section == group and "=" in line:
            name, _, value = line.partition("=")
            found[name.strip()] = _EntryPoint(name.strip(), value.strip())
    return found


@cache
def _own_entry_points() -> dict[str, Any]:
    quick = _own_dist_entry_points()
    if quick is not None:
        return quick
    from importlib import metadata

    try:
        eps = metadata.distribution("kcal").entry_points
    except metadata.PackageNotFoundError:  # running from a source tree that was never installed
        return {}
    return {ep.name: ep for ep in eps if ep.group == GROUP}


@cache
def _all_entry_points() -> dict[str, Any]:
    from importlib import metadata

    found = dict(_own_entry_points())
    for ep in metadata.entry_points(group=GROUP):
        found.setdefault(ep.name, ep)
    return found


def _load(ep: Any) -> Pack:
    pack = ep.load()
    if not isinstance(pack, Pack) or pack.info.id != ep.name:
        raise KcalError(f"the entry point {ep.name!r} of group {GROUP} does not name a kcal Pack "
                        f"with that id ({ep.value})", code="bad-pack")
    return pack


@cache
def get(game_id: str) -> Pack:
    """The pack ``game_id``; exit 2 with a did-you-mean for an unknown id."""
    ep = _own_entry_points().get(game_id) or _all_entry_points().get(game_id)
    if ep is None:
        known = sorted(_all_entry_points())
        raise KcalError(f"unknown game {game_id!r}{_suggest_game(game_id, known)}; installed games: "
                        f"{', '.join(known) or 'none'}", code="unknown-game")
    return _load(ep)


def _suggest_game(word: str, known: list[str]) -> str:
    """The did-you-mean of an unknown game id: the games whose id or name holds every word given
    (``calories``: How many Calories?), else the id spelled closest (``kalau``: kalua). The names are read
    from the packs' metadata, on this error path only."""
    import re

    from kcal.core.suggest import did_you_mean, lookup, or_list

    names = [(i, i) for i in known]
    for i in known:
        try:
            names.append((re.sub(r"[^\w\s-]+", " ", _load(_all_entry_points()[i]).info.name), i))
        except Exception:  # a broken pack is reported when it is used, not here
            continue
    found = lookup(word, names, close=False)
    ids = [found.name] if found.name is not None else list(dict.fromkeys(found.keys))
    return f" (did you mean {or_list(ids)}?)" if ids else did_you_mean(word, known)


def rescan() -> None:
    """Forget the packs found so far, so that a pack installed while kcal runs is found (the tests install
    the example pack of docs/packs.md this way)."""
    for cached in (get, _all_entry_points, _own_entry_points, contributors):
        cached.cache_clear()


def ids() -> list[str]:
    return sorted(_all_entry_points())


def packs() -> list[Pack]:
    """Every installed pack, sorted by id (imports each pack's metadata only)."""
    return [get(i) for i in ids()]


@cache
def contributors(group: str) -> tuple[tuple[str, Any], ...]:
    """The packs that add commands to ``kcal GROUP`` and the Typer app of each: ``(pack id, app)`` in
    entry-point name order (what ``kcal games`` lists as each pack's own commands). Import the command
    group's module first (``kcal.cli.deck``): a contribution imports names from it."""
    found: Mapping[str, Any] | None = _own_dist_entry_points(COMMANDS_GROUP)
    if found is None:
        from importlib import metadata

        found = {ep.name: ep for ep in metadata.entry_points(group=COMMANDS_GROUP)}
    prefix = f"{group}."
    return tuple((name[len(prefix):], found[name].load()) for name in sorted(found) if name.startswith(prefix))
