"""``kcal games``: the installed game packs, and the commands each one accepts."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

import typer

from kcal.cli.common import FormatOption, OutputFormat, emit, guarded
from kcal.core import examples

if TYPE_CHECKING:
    from kcal.core.registry import Pack

app = typer.Typer(rich_markup_mode=None, invoke_without_command=True)

#: the command groups packs add commands to, and the module of each (imported before its contributions)
_CONTRIBUTED = (("deck", "kcal.cli.deck"), ("sim", "kcal.cli.sim"), ("print", "kcal.cli.print_cmd"))


@app.callback()
def games(fmt: OutputFormat = FormatOption) -> None:
    """List the installed games: id, name, players, variants and the commands each one accepts."""
    from kcal.core.registry import packs

    with guarded():
        own = contributed_commands()
        rows = [_row(p, own.get(p.id, ())) for p in packs()]
    emit({"games": rows}, fmt, _text)


def contributed_commands() -> dict[str, tuple[str, ...]]:
    """The commands each pack adds to kcal's command groups (the ``kcal.commands`` entry points)."""
    from kcal.core.registry import contributors

    found: dict[str, list[str]] = {}
    for group, module in _CONTRIBUTED:
        importlib.import_module(module)  # a contribution imports names from its group's module
        for pack_id, sub in contributors(group):
            found.setdefault(pack_id, []).extend(
                f"{group} {c.name or c.callback.__name__.replace('_', '-')}"  # type: ignore[union-attr]
                for c in sub.registered_commands)
    return {k: tuple(v) for k, v in found.items()}


def _ordered(commands: list[str]) -> list[str]:
    groups: list[str] = []
    for c in commands:
        if c.split()[0] not in groups:
            groups.append(c.split()[0])
    return [c for g in groups for c in commands if c.split()[0] == g]


def _row(pack: Pack, own: tuple[str, ...]) -> dict[str, Any]:
    info = pack.info
    return {
        "id": info.id,
        "name": info.name,
        "players": [info.min_players, info.max_players],
        "players_text": info.players_shown(),
        "simultaneous": info.simultaneous,
        "hidden_information": info.hidden_information,
        "variants": [{"id": v.id, "summary": v.summary, "house_rule": v.house_rule} for v in info.variants],
        "files": list(info.file_kinds),
        # what the user can run for this game: every command listed here accepts it
        "supports": _ordered([*pack.commands(), *own]),
        "hooks": list(info.supports),
        # the example records it ships (kcal rules replay --example NAME --game ID)
        "examples": [e.name for e in examples.shipped(pack)],
        # the bots sim match and balance seat: the pack's own and the shared searcher (mcts:ITER, mcts:0.1s)
        "bots": _bots(pack),
        "rulebook": info.rulebook,
    }


def _bots(pack: Pack) -> list[str]:
    from kcal.sim.match import bot_names

    return bot_names(pack.hook("game")) if pack.has("game") else []


def _text(result: dict) -> str:
    lines = []
    for g in result["games"]:
        lines.append(f"{g['id']:<20} {g['name']}  (players: {g['players_text']})")
        by_group: dict[str, list[str]] = {}
        for c in g["supports"]:
            group, _, verb = c.partition(" ")
            by_group.setdefault(group, []).append(verb)
        shown = [f"{group} {'|'.join(verbs)}" for group, verbs in by_group.items()]
        if "schema export" in g["supports"] and g["files"]:
            shown = [s + f" {'|'.join(g['files'])}" if s.startswith("schema ") else s for s in shown]
        lines.append(f"{'':<20} commands: {'; '.join(shown)}")
        if g["bots"]:
            lines.append(f"{'':<20} bots: {', '.join(g['bots'])} (mcts:ITERATIONS, mcts:SECONDSs: its budget)")
        if g["examples"]:
            lines.append(f"{'':<20} examples: {', '.join(g['examples'])} (kcal rules replay --example NAME "
                         f"--game {g['id']})")
        for v in g["variants"]:
            label = " (kcal house rule)" if v["house_rule"] else ""
            lines.append(f"{'':<20} variant {v['id']}{label}: {v['summary']}")
    return "\n".join(lines)
