"""The attack surface, read from the CLI itself: every command of the Typer app, every parameter of it that
names a file, what kind of file each one reads (or that it writes one), and, for each installed pack, the
packs that command runs for (``Pack.commands`` from :data:`kcal.core.hooks.COMMANDS`, plus the commands the
pack contributes). A new command, option or pack is covered by the tests of ``tests/hostile/`` without
editing them; a path parameter of a role this module does not know fails :func:`test_surface` until it is
given one (its role, not a game: the tables below name no game and no command but the few whose arguments
are not files of a game).
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import typer

from kcal.cli.conventions import _base_type
from kcal.core import examples
from kcal.core.registry import get, ids
from tests.packs import folder, samples

ROOT = Path(__file__).resolve().parents[2]

#: what a path parameter holds, by its name (Click's ``param.name``): a YAML file of a kind, an output,
#: or another input (a font, a folder of templates, a colour profile, a deck-list text, a data folder)
ROLES: dict[str, str] = {
    "decks": "deck", "deck": "deck", "a": "deck", "b": "deck", "gauntlet": "deck",
    "game": "record", "start": "record",
    "paths": "catalog", "catalogs": "catalog", "catalog": "catalog", "card_set": "catalog",
    "source": "deck", "patch": "patch",
    "output": "output", "out": "output", "record_out": "output", "svg": "output", "png": "output", "html": "output", "chart": "output",
    "font": "font", "bold_font": "font", "templates": "templates", "cmyk_profile": "profile",
    "data": "folder",
}
#: a parameter whose role its command decides (a deck list is text, not YAML)
ROLE_OF: dict[tuple[str, str], str] = {("deck import", "source"): "list"}
#: optional arguments a command still needs one of (``rules replay`` takes a record, or ``--example``)
FILL_OPTIONAL = frozenset({("rules replay", "game")})
#: options that go with another (the refusal "--cmyk-profile goes with --shop" says so)
COMPANIONS: dict[str, list[str]] = {"--cmyk-profile": ["--shop", "drivethrucards"]}
#: the roles whose file is YAML of a game
YAML_ROLES = ("deck", "record", "catalog", "patch")
#: commands that serve (a browser game) rather than run to an end: their file inputs are checked by
#: their own tests (tests/play), the server is not started here
SERVING = frozenset({"play"})


@dataclass(frozen=True)
class Param:
    name: str
    opt: str | None  # the option's long spelling, or None for an argument
    required: bool
    many: bool
    kind: str  # the base type's name: Path, str, int ...


@dataclass(frozen=True)
class Command:
    name: str
    params: tuple[Param, ...]
    options: frozenset[str]

    def role(self, p: Param) -> str | None:
        if p.kind != "Path":
            return None
        return ROLE_OF.get((self.name, p.name), ROLES.get(p.name))

    def paths(self) -> list[Param]:
        return [p for p in self.params if p.kind == "Path"]


def _walk(cmd: Any, path: str) -> Iterator[tuple[str, Any]]:
    subs = getattr(cmd, "commands", None) or {}
    if not subs:
        yield path, cmd
    for name, sub in subs.items():
        yield from _walk(sub, f"{path} {name}".strip())


@cache
def commands() -> tuple[Command, ...]:
    """Every leaf command of ``kcal``, with its parameters."""
    from kcal.cli.app import app

    found = []
    for name, cmd in _walk(typer.main.get_command(app), ""):
        params = []
        for p in cmd.params:
            if getattr(p, "is_flag", False) or getattr(p, "count", False):
                continue
            desc = getattr(p, "type_descriptor", None)
            base = _base_type(getattr(desc, "annotation", None))
            opt = None
            if p.param_type_name == "option":
                longs = [o for o in p.opts if o.startswith("--")]
                opt = longs[0] if longs else p.opts[0]
            params.append(Param(p.name, opt, bool(p.required), p.nargs != 1 or bool(getattr(p, "multiple", 0)),
                                getattr(base, "__name__", str(base))))
        flags = {o for p in cmd.params for o in getattr(p, "opts", ())}
        found.append(Command(name, tuple(params), frozenset(flags)))
    return tuple(found)


@cache
def _listed() -> tuple[set[str], dict[str, set[str]]]:
    from kcal.cli.games import contributed_commands
    from kcal.core.hooks import COMMANDS

    own = contributed_commands()
    per = {g: {*get(g).commands(), *own.get(g, ())} for g in ids()}
    return {c for c, _, _ in COMMANDS} | {c for v in own.values() for c in v}, per


def runs_for(command: str, game: str) -> bool:
    """Does the pack ``game`` take ``command``: listed for it by ``kcal games`` (the hook table, or its own
    contribution); a command listed for no pack (``balance what-if``) is for every pack with what it reads."""
    listed, per = _listed()
    base = command if command in listed else None
    if base is None and command == "sim match":
        base = command
    if base is not None:
        return command in per[game] or (command == "sim match" and "sim match DECK DECK" in per[game])
    return True


@cache
def files(game: str) -> dict[str, Path]:
    """A legal file of each YAML role for the pack (a role it has no file for is missing)."""
    s = samples(game)
    pack = get(game)
    out: dict[str, Path] = {}
    if "deck" in s:
        out["deck"] = s["deck"]
    if "icon" in s:
        out["catalog"] = folder(pack) / s["icon"][0]
    elif "published_set" in s:
        out["catalog"] = s["published_set"]
    elif "deck" in s:
        out["catalog"] = s["deck"]
    shipped = examples.shipped(pack)
    if shipped:
        legal = [e.path for e in shipped if "illegal" not in e.name]
        out["record"] = (legal or [shipped[0].path])[0]
    patches = sorted((ROOT / "docs" / "examples" / "patches").glob(f"{game}-*.yaml"))
    if patches and pack.has("patch"):
        out["patch"] = patches[0]
    return out


def out_name(command: Command, param: Param | None = None) -> str:
    """A new output's name of the kind the command (or its option ``param``) writes."""
    if param is not None and param.name in _OUT_SUFFIX:
        return "out" + _OUT_SUFFIX[param.name]
    group, _, verb = command.name.partition(" ")
    if command.name in ("print tile",):
        return "out.png"
    if group in ("print",) or verb == "report":
        return "out.pdf"
    if group == "export" or verb == "build":
        return "out"
    if verb == "browse":
        return "out.html"
    if group == "schema":
        return "out.json"
    return "out.yaml"


_OUT_SUFFIX = {"svg": ".svg", "png": ".png", "html": ".html", "chart": ".png"}


def invocation(command: Command, game: str, probed: Param, probe_path: Path, tmp: Path) -> list[str] | None:
    """Arguments running ``command`` for ``game`` with ``probe_path`` given to ``probed`` and every other
    required parameter filled with the pack's legal files (outputs in ``tmp``); None when the pack has no
    file for a required role."""
    legal = files(game)
    s = samples(game)
    args: list[str] = command.name.split()
    for p in command.params:
        role = command.role(p)
        value: str | None = None
        if p is probed:
            value = str(probe_path)
        elif p.name == "game" and p.kind == "str":
            value = game
        elif not p.required and (command.name, p.name) not in FILL_OPTIONAL:
            continue
        elif role in YAML_ROLES:
            if role not in legal:
                return None
            value = str(legal[role])
        elif role == "list":
            listing = tmp / "list.txt"
            listing.write_text(f"1 {s['card']}\n", encoding="utf-8")
            value = str(listing)
        elif role == "output":
            value = str(tmp / out_name(command, p))
        elif p.name in ("card", "name"):
            value = str(s["card"])
        elif p.name == "kind":
            value = "game"
        elif p.name == "param":
            return None
        else:
            raise AssertionError(f"kcal {command.name}: no legal value known for required {p.name}")
        if p is probed and p.opt in COMPANIONS:
            args += COMPANIONS[p.opt]
        if p.opt is None:
            args.append(value)
            if p is probed and p.many and role in legal:  # a list of files: the probe among legal ones
                args.append(str(s.get("other", legal[role])))
        else:
            args += [p.opt, value]
    if "--game" in command.options and "--game" not in args:
        args += ["--game", game]
    if "--jobs" in command.options:
        args += ["--jobs", "1"]
    if "--games" in command.options:
        args += ["--games", "2"]
    return args


def run_with(c: Command, p: Param, game: str, path: Path, tmp: Path, json_mode: bool) -> Any:
    """Run ``c`` of ``game`` with ``path`` at ``p`` and every other parameter legal (``--format
    json`` when asked and the command has it): ``(args, json_mode, before, result)``, ``before`` the
    snapshot of ``tmp`` taken just before the run."""
    from tests.hostile.strategies import snapshot

    json_mode = json_mode and "--format" in c.options
    args = invocation(c, game, p, path, tmp)
    assert args is not None
    args += ["--format", "json"] if json_mode else []
    before = snapshot(tmp)
    return args, json_mode, before, run(args)


def yaml_inputs() -> list[tuple[str, str, str]]:
    """Every (command, YAML parameter, pack) where the pack's command reads that parameter's file."""
    out = []
    for c in commands():
        if c.name.split()[0] in SERVING:
            continue
        for p in c.paths():
            role = c.role(p)
            if role not in YAML_ROLES:
                continue
            for g in ids():
                if runs_for(c.name, g) and role in files(g):
                    out.append((c.name, p.name, g))
    return out


def path_inputs(roles: tuple[str, ...] | None = None) -> list[tuple[str, str, str]]:
    """Every (command, path parameter, pack) of the given roles (default: every role) the pack's command
    takes, with a legal file for every other required parameter."""
    out = []
    for c in commands():
        if c.name.split()[0] in SERVING:
            continue
        for p in c.paths():
            role = c.role(p)
            if roles is not None and role not in roles:
                continue
            for g in ids():
                if runs_for(c.name, g) and (role not in YAML_ROLES or role in files(g)) \
                        and _fillable(c, g, p):
                    out.append((c.name, p.name, g))
    return out


def _fillable(c: Command, game: str, probed: Param) -> bool:
    for p in c.params:
        if p is probed or not (p.required or (c.name, p.name) in FILL_OPTIONAL):
            continue
        role = c.role(p)
        if (role in YAML_ROLES and role not in files(game)) or p.name == "param":
            return False
    return True


@cache
def _cli() -> Any:
    from kcal.cli.app import app

    return typer.main.get_command(app)


def run(args: list[str], env: dict[str, str] | None = None) -> Any:
    """``CliRunner().invoke`` of kcal with the Click tree built once per process (building it takes longer
    than most refusals)."""
    import typer.testing as testing

    from kcal.cli.app import app

    built = testing._get_command
    testing._get_command = lambda _app: _cli()  # type: ignore[assignment]
    try:
        return testing.CliRunner().invoke(app, args, env=env if env is not None else {"NO_COLOR": "1"})
    finally:
        testing._get_command = built


def legal_file(command: Command, p: Param, game: str) -> Path | None:
    """A legal file for the parameter: the pack's file of its YAML role, kcal's own font, the system's CMYK
    profile."""
    role = command.role(p)
    if role in YAML_ROLES:
        return files(game).get(role)
    if role == "font":
        return ROOT / "src" / "kcal" / "print" / "fonts" / "DejaVuSansCondensed.ttf"
    if role == "profile":
        from kcal.print.shops import SYSTEM_CMYK_PROFILES

        return next((f for f in SYSTEM_CMYK_PROFILES if f.is_file()), None)
    return None


def refused_whatever_the_file(args: list[str], path: Path, legal: Path | None, stderr: str,
                              env: dict[str, str] | None = None) -> bool:
    """A refusal that does not name ``path`` (``--catalog does not apply to``, ``plays without deck
    files``) is the pack refusing the parameter itself: with its own legal file the same words come
    back, so the probe's file was never read. False when there is no legal file to try."""
    if legal is None:
        return False
    same = run([str(legal) if a == str(path) else a for a in args], env)
    assert same.exit_code == 2 and same.stderr == stderr.replace(str(path), str(legal)), (stderr, same.stderr)
    assert "Traceback" not in stderr
    return True


def command(name: str) -> Command:
    return next(c for c in commands() if c.name == name)


def param(c: Command, name: str) -> Param:
    return next(p for p in c.params if p.name == name)


def probed(command_name: str, param_name: str, game: str) -> tuple[Command, Param, str, Path]:
    """The command, its probed parameter, the parameter's role, and the pack's legal file for that role."""
    c = command(command_name)
    p = param(c, param_name)
    role = c.role(p)
    assert role is not None
    return c, p, role, files(game)[role]


def unknown_roles() -> list[str]:
    return [f"kcal {c.name} {p.opt or p.name.upper()}" for c in commands() for p in c.paths() if c.role(p) is None]
