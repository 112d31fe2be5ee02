"""``kcal balance sweep --game ID --param NAME=A:B:STEP``: a declared rule parameter stepped over a range.

How many Calories?' ``kcal sim match --limit 2200,2400,2600`` for every parameter every pack declares
(``kcal balance params``): one block of games per value, every block on the same seeds (common random
numbers, :mod:`kcal.sim.options`), through the shared runner. Each point gives every seat's win rate
with its 95 % Wilson interval, the seat spread and the mean game length with its interval.

The range is checked before any game: its values must lie in the parameter's declared range, and a
range with no value, or with more than :data:`MAX_POINTS` values, is refused.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.balance.patch import find_param
from kcal.core.errors import UsageError
from kcal.core.plural import count
from kcal.core.stats import Z95, sig
from kcal.sim.options import Param, parse_value

if TYPE_CHECKING:
    from kcal.core.registry import Pack

#: most values one sweep may step through
MAX_POINTS = 64


def parse_range(pack: Pack, text: str) -> tuple[Param, list[int | float]]:
    """``NAME=A:B:STEP`` -> the declared parameter and its values ``A, A + STEP, ... <= B``."""
    where = f"--param {text!r}"
    name, eq, raw = text.partition("=")
    name = name.strip()
    if not eq or not name:
        raise UsageError(f"{where}: expected NAME=A:B:STEP (kcal balance params --game {pack.id} lists the names)")
    param = find_param(pack, name)
    parts = [p.strip() for p in raw.split(":")]
    if len(parts) != 3 or not all(parts):
        raise UsageError(f"{where}: expected A:B:STEP after '{name}=' (from A to B in steps of STEP)")
    start, stop, step = (parse_value(p, where) for p in parts)
    for label, v in (("A", start), ("B", stop), ("STEP", step)):
        if isinstance(v, str):
            raise UsageError(f"{where}: {label} = {v!r} is not a number")
        if param.kind == "int" and not isinstance(v, int):
            raise UsageError(f"{where}: {name} is a whole number; {label} = {v!r} is not")
    assert not isinstance(start, str) and not isinstance(stop, str) and not isinstance(step, str)
    if step <= 0:
        raise UsageError(f"{where}: STEP must be above 0, not {step!r}")
    if start > stop:
        raise UsageError(f"{where}: the range is empty (A = {start!r} is above B = {stop!r})")
    count = math.floor((stop - start) / step + 1e-9) + 1
    if count > MAX_POINTS:
        raise UsageError(f"{where}: {count:,} values; a sweep steps through at most {MAX_POINTS} (use a larger STEP)")
    values: list[int | float] = [start + k * step for k in range(count)]
    if param.kind == "float":
        values = [float(sig(v, 12) or 0.0) for v in values]
    for v in (values[0], values[-1]):
        problem = param.problem(v)
        if problem is not None:
            raise UsageError(f"{where}: {problem}")
    return param, values


def sweep(game_id: str, param_text: str, *, players: int | None = None, games: int = 200, seed: int = 0,
          bots: Sequence[str] | None = None, jobs: int = 1, runner: Callable[..., Any] | None = None,
          on_done: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games at each value of the range; SPEC's sweep JSON."""
    from kcal.balance.whatif import default_bot, default_players
    from kcal.core import registry
    from kcal.sim.match import load_game, simulate

    pack = registry.get(game_id)
    param, values = parse_range(pack, param_text)
    game = load_game(pack)
    n = players if players is not None else default_players(game.info)
    names = list(bots) if bots else [default_bot(game)]
    options: dict[str, Any] = {param.key: values if len(values) > 1 else values[0]}
    result = simulate(game_id, n, games, seed, names, jobs, None, options, runner=runner, on_done=on_done).data
    blocks = result["sweep"]["blocks"] if "sweep" in result else [{"options": {param.key: values[0]}, **result}]
    points = [_point(v, block) for v, block in zip(values, blocks, strict=True)]
    return {"game": pack.id, "name": game.info.name, "param": param.name, "option": param.key,
            "players": n, "bots": sorted(set(result["bots"][k]["bot"] for k in range(n))), "seed": seed,
            "games": games, "points": points, "interrupted": result["interrupted"],
            "methods": "one block of games per value, every block on the same seeds; win rates with 95 % "
                       "Wilson intervals (a win shared by k players counts 1/k); mean length +- 1.96 se"}


def _point(value: int | float, block: Mapping[str, Any]) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    ci: dict[str, Any] = {}
    for seat in block["seats"]:
        name = f"win_rate.{seat['player']}"
        figures[name] = seat["win_rate"]
        ci[name] = seat["win_ci95"]
    figures["seat_spread"] = block["seat_spread"]
    mean, se = block["mean_length"], block["mean_length_se"]
    figures["mean_length"] = mean
    ci["mean_length"] = [None, None] if mean is None or se is None else [sig(mean - Z95 * se), sig(mean + Z95 * se)]
    return {"value": value, "games": block["games"], "figures": figures, "figures_ci95": ci}


def sweep_text(d: Mapping[str, Any]) -> str:
    seats = [k for k in d["points"][0]["figures"] if k.startswith("win_rate.")] if d["points"] else []
    head = "".join(f"{s.split('.', 1)[1]:>16}" for s in seats)
    lines = [f"{d['name']}: sweep of {d['param']} ({d['players']} players, bots {', '.join(d['bots'])}, "
             f"{count(d['games'], 'game')} per value, seed {d['seed']}, the same seeds for every value)",
             f"  {d['param']:>12}{head}{'spread':>9}{'mean length':>14}"]
    for p in d["points"]:
        cells = ""
        for s in seats:
            lo, hi = p["figures_ci95"][s]
            v = p["figures"][s]
            cells += "               -" if v is None else f"{v * 100:5.1f}% [{lo * 100:3.0f}-{hi * 100:3.0f}]"
        spread = p["figures"]["seat_spread"]
        length = p["figures"]["mean_length"]
        lines.append(f"  {p['value']:>12,}{cells}{'-' if spread is None else f'{spread * 100:.1f}':>9}"
                     f"{'-' if length is None else f'{length:.1f}':>14}")
    lines.append("win rates with 95% intervals; spread: the highest minus the lowest seat's win rate")
    return "\n".join(lines)


def draw_sweep(d: Mapping[str, Any], path: Path) -> None:
    """The sweep curve: each seat's win rate (and the spread) against the parameter's value."""
    from kcal.print.charts import line_chart, save_chart

    xs = [float(p["value"]) for p in d["points"]]
    seats = [k for k in d["points"][0]["figures"] if k.startswith("win_rate.")]
    palette = [(0.16, 0.38, 0.67), (0.80, 0.33, 0.10), (0.20, 0.55, 0.30), (0.55, 0.30, 0.60),
               (0.60, 0.50, 0.10), (0.30, 0.60, 0.70), (0.50, 0.50, 0.50)]
    series = [(f"seat {s.split('.', 1)[1]}", [(p["figures"][s] or 0.0) * 100 for p in d["points"]],
               palette[k % len(palette)]) for k, s in enumerate(seats)]

    def draw(surface: Any, box: Any) -> None:
        line_chart(surface, box, f"{d['name']}: win rate by {d['param']} ({d['games']:,} games a value)",
                   xs, series, y_fmt=lambda v: f"{v:g}%", x_label=d["param"])

    save_chart(path, 480, 300, draw)
