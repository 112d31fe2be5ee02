"""``kcal games``: the installed game packs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import typer

from kcal.cli.common import FormatOption, OutputFormat, emit, guarded

if TYPE_CHECKING:
    from kcal.core.gameinfo import GameInfo

app = typer.Typer(rich_markup_mode=None, invoke_without_command=True)


@app.callback()
def games(fmt: OutputFormat = FormatOption) -> None:
    """List the installed games: id, name, players, variants and what kcal supports for each."""
    from kcal.core.registry import packs

    with guarded():
        rows = [_row(p.info) for p in packs()]
    emit({"games": rows}, fmt, _text)


def _row(info: GameInfo) -> dict[str, Any]:
    return {
        "id": info.id,
        "name": info.name,
        "players": [info.min_players, info.max_players],
        "players_text": info.players_shown(),
        "simultaneous": info.simultaneous,
        "hidden_information": info.hidden_information,
        "variants": [{"id": v.id, "summary": v.summary, "house_rule": v.house_rule} for v in info.variants],
        "files": list(info.file_kinds),
        "supports": list(info.supports),
        "rulebook": info.rulebook,
    }


def _text(result: dict) -> str:
    lines = []
    for g in result["games"]:
        lines.append(f"{g['id']:<20} {g['name']}  (players: {g['players_text']})")
        lines.append(f"{'':<20} supports: {', '.join(g['supports'])}")
        for v in g["variants"]:
            label = " (kcal house rule)" if v["house_rule"] else ""
            lines.append(f"{'':<20} variant {v['id']}{label}: {v['summary']}")
    return "\n".join(lines)
