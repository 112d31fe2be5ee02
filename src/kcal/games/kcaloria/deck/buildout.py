"""What ``kcal deck build`` hands back: the archive as deck files, as text, and as a map (``--chart``).

Each elite is written to ``DIR/cell-I-J.yaml`` (``I``, ``J``: its cell on the two features), a deck file
``kcal deck validate`` accepts, under kcal's overwrite policy (:mod:`kcal.core.atomic`): the whole archive
is one transaction, a file kcal wrote and nobody changed is replaced, any other only with ``--force``.
The targets are checked before the search starts (:func:`check_folder`), so a long search never ends
in a refusal.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from kcal.games.kcaloria.deck.build import BuildResult, Elite, cell_file
from kcal.games.kcaloria.rules.domain import TileType


def check_folder(folder: Path, bins: int, inputs: Sequence[Path]) -> None:
    """Before any game: the folder can be made or written (the one output check, :func:`kcal.core.atomic.
    check_output_path`), and no cell file there is refused."""
    from kcal.core.atomic import check_output_path

    check_output_path(folder, inputs=inputs, folder=True)
    if not folder.is_dir():
        return
    for i in range(bins):
        for j in range(bins):
            target = cell_file(folder, (i, j))
            if os.path.lexists(target):
                check_output_path(target, inputs=inputs)


def deck_yaml(result: BuildResult, elite: Elite, catalogs: Sequence[str] | None) -> str:
    """One elite as a deck file: a comment saying where it came from, then name, format, tiles."""
    from kcal.games.kcaloria.deck.importer import yaml_scalar

    spec = result.spec
    fa, fb = spec.features
    x, y = (_shown(fa.integer, elite.values[0]), _shown(fb.integer, elite.values[1]))
    rate = float(elite.win_rate)
    against = ", ".join(o.name for o in spec.gauntlet)
    lines = [
        f"# Found by kcal deck build (seed {spec.seed}, features {fa.name},{fb.name}): cell {elite.cell[0]},"
        f"{elite.cell[1]}.",
        f"# Won {rate:.1%} of {elite.games} games against the gauntlet ({against}); bots "
        f"{spec.bots[0]} / {spec.bots[1]}.",
        f"name: {yaml_scalar(f'Deck build {fa.name} {x}, {fb.name} {y}')}",
        "format: standard",
    ]
    if catalogs is not None:
        lines.append(f"catalogs: [{', '.join(yaml_scalar(c, flow=True) for c in catalogs)}]")
    lines.append("tiles:")
    order = list(TileType)
    held = sorted((order.index(t.type), k) for k, t in enumerate(spec.space.tiles) if elite.counts[k])
    for _, k in held:
        lines.append(f"  {yaml_scalar(spec.space.tiles[k].name)}: {elite.counts[k]}")
    return "\n".join(lines) + "\n"


def _shown(integer: bool, v: float) -> str:
    return str(int(v)) if integer else f"{v:.2f}"


def deck_catalogs(catalogs: Sequence[Path], folder: Path) -> list[str] | None:
    """The decks' ``catalogs:``: builtin and the --catalog files relative to the folder (None: none given)."""
    if not catalogs:
        return None
    base = folder.resolve()
    return ["builtin", *(Path(os.path.relpath(c.resolve(), base)).as_posix() for c in catalogs)]


def write_archive(result: BuildResult, folder: Path, catalogs: Sequence[Path], inputs: Sequence[Path]
                  ) -> list[Path]:
    """Every elite's deck file, written together (one transaction); returns the files written."""
    from kcal.core.atomic import output_folder, write_all

    if not result.archive:
        return []
    with output_folder(folder):  # free when checked: made exclusively, and removed again if the write fails
        listed = deck_catalogs(catalogs, folder)
        files: list[tuple[str | Path, bytes | Any]] = [
            (cell_file(folder, e.cell), deck_yaml(result, e, listed).encode("utf-8")) for e in result.elites()]
        return write_all(files, inputs=inputs)


def build_text(d: dict[str, Any]) -> str:
    """The archive for people: the gauntlet's own win rates, then every elite, best first."""
    fa, fb = d["features"]
    lines = [f"deck build: {d['evaluations']} decks evaluated, {d['games']} to {d['games'] * d['race']} games "
             f"against each of {len(d['gauntlet'])} gauntlet decks ({d['games_played']} games in all; bots "
             f"{' / '.join(d['bots'])}, seed {d['seed']}); {d['cells']['filled']} of {d['cells']['total']} "
             "cells filled"]
    lines.append("gauntlet (each deck's own win rate against the gauntlet):")
    width = max(len(g["name"]) for g in d["gauntlet"])
    for g in d["gauntlet"]:
        lines.append(f"  {g['name']:<{width}}  {_rate(g)}")
    if d["archive"]:
        w1, w2 = max(len(fa), 5), max(len(fb), 5)
        lines.append(f"  {'cell':<7} {fa:>{w1}} {fb:>{w2}}  win rate [95% CI]        deck")
        for a in d["archive"]:
            cell = f"{a['cell'][0]},{a['cell'][1]}"
            lines.append(f"  {cell:<7} {a['features'][0]:>{w1}} {a['features'][1]:>{w2}}  {_rate(a):<24} "
                         f"{a['deck']}{' (a gauntlet deck)' if a['seed_deck'] else ''}")
        b = d["best"]
        lines.append(f"best: {b['deck']}, {_rate(b)}")
        lines.append("note: a win rate here comes from the games that put the deck in its cell; the best of many "
                     "noisy rates is biased upward: play it again (kcal sim match) to measure it")
    if d["interrupted"]:
        lines.append("interrupted: the archive holds the decks evaluated before Ctrl-C")
    return "\n".join(lines)


def _rate(r: dict[str, Any]) -> str:
    if r["win_rate"] is None:
        return "not played"
    lo, hi = r["win_rate_ci95"]
    return f"{r['win_rate'] * 100:.1f}% [{lo * 100:.1f}-{hi * 100:.1f}]"


def save_build_chart(result: BuildResult, d: dict[str, Any], path: Path, inputs: Sequence[Path]) -> Path:
    """The map as a picture: one cell per elite, shaded and labelled by its win rate."""
    from kcal.print.charts import grid_chart, save_chart

    spec = result.spec
    fa, fb = spec.features
    cells = {e.cell: float(e.win_rate) for e in result.elites()}
    title = (f"kcal deck build: win rate against the gauntlet ({d['evaluations']} decks, "
             f"{d['cells']['filled']}/{d['cells']['total']} cells)")

    def draw(s: Any, box: Any) -> None:
        grid_chart(s, box, title, fa.edges(spec.bins), fb.edges(spec.bins), cells,
                   x_label=f"{fa.name}: {fa.meaning}", y_label=f"{fb.name}: {fb.meaning}")

    return Path(save_chart(path, 520, 420, draw, inputs=inputs))
