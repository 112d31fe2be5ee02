"""``kcal sim goldfish``: opening-hand odds and the solitaire placement model, exact beside simulated.

:func:`simulate_goldfish` returns plain data (the CLI renders it as text or JSON). Every figure is a
mapping ``{"simulated": x, "se": s, "exact": y}``: ``exact`` is null where no closed form exists and
``se`` is the Monte Carlo standard error of ``simulated``. The SPEC's flat keys
(``p_water_in_opening``, ``p_water_exact``, ``mean_reshuffles``, ``mean_by_type``) are there too.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import sqrt
from typing import Any

from kcal.games.kcaloria.rules.domain import HAND_SIZE, Color
from kcal.games.kcaloria.sim import opening, placement
from kcal.games.kcaloria.sim.exact import (
    expected_reshuffles,
    hypergeom_pmf,
    kept_mean,
    kept_p_at_least_one,
    p_none,
    p_reshuffles,
)
from kcal.games.kcaloria.sim.profile import TYPES, WATER, DeckProfile
from kcal.sim.parallel import MAX_HANDS, MAX_MODEL_GAMES, check_count, run_chunks

DEFAULT_HANDS = 100_000
DEFAULT_GAMES = 5_000
DEFAULT_TURNS = 10


def _r(x: float) -> float:
    """Round for output to 6 significant digits (stable bytes, no float noise)."""
    return float(f"{float(x):.6g}")


def figure(sim: float | None, se: float | None, exact: float | None) -> dict:
    """One figure: the simulated value, its standard error, the exact value (or None), and a
    ``kind`` saying which of them exist."""
    return {
        "simulated": None if sim is None else _r(sim),
        "se": None if se is None else _r(se),
        "exact": None if exact is None else float(exact),  # exact values keep full precision
        "kind": "simulated" if exact is None else "simulated, exact known",
    }


def _chunks(total: int, size: int) -> list[int]:
    out = [size] * (total // size)
    if total % size:
        out.append(total % size)
    return out


def simulate_goldfish(
    profile: DeckProfile,
    *,
    hands: int = DEFAULT_HANDS,
    games: int = DEFAULT_GAMES,
    turns: int = DEFAULT_TURNS,
    seed: int = 0,
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    runner: Callable[..., Any] | None = None,
) -> dict:
    """Simulate ``hands`` opening sequences and ``games`` placement-model games.

    ``on_progress(k)`` is called with the number of hands (or games) just finished; a run with
    ``hands + games`` total units is complete. The result depends on ``seed`` only, never on ``jobs``.
    """
    check_count("hands", hands, MAX_HANDS, least=1)
    check_count("games", games, MAX_MODEL_GAMES)
    counts = profile.type_counts()
    N, K = profile.size, counts[WATER]
    table = opening.OpeningTable.build(counts, WATER)
    sizes = _chunks(hands, opening.CHUNK_HANDS)
    gsizes = _chunks(games, placement.CHUNK_GAMES) if games > 0 else []
    tasks: list[tuple] = [(0, (seed, i, n)) for i, n in enumerate(sizes)]
    tasks += [(1, (seed, i, g, turns)) for i, g in enumerate(gsizes)]
    weights = sizes + gsizes

    def done(i: int) -> None:
        if on_progress:
            on_progress(weights[i])

    estimate = hands * 0.2e-6 + games * turns * 3.5e-6
    out = (runner or run_chunks)(_dispatch, tasks, jobs=jobs, on_done=done, shared=(table, profile), estimate=estimate)
    open_parts = [r for (kind, _), r in zip(tasks, out.results, strict=True) if kind == 0 and r is not None]
    turn_parts = [r for (kind, _), r in zip(tasks, out.results, strict=True) if kind == 1 and r is not None]
    result = {"deck": profile.name, "hands": 0, "seed": seed}
    if open_parts:
        result.update(_opening_figures(table, opening.merge(open_parts), N, K, counts))
    if turn_parts:
        result["turns"] = _turn_figures(placement.merge(turn_parts), turns)
    result["interrupted"] = out.interrupted
    return result


def _dispatch(shared: tuple, kind: int, args: tuple) -> dict:
    table, profile = shared
    if kind == 0:
        return opening.opening_chunk(table, *args)
    return placement.placement_chunk(profile, *args)


def _opening_figures(table: opening.OpeningTable, tally: dict, N: int, K: int, counts: Sequence[int]) -> dict:
    s = opening.summarize(table, tally)
    n = tally["n"]
    q = p_none(N, K, HAND_SIZE)
    p_water_exact = float(1 - q)
    mean_exact = {
        TYPES[t].value: float(kept_mean(N, K, HAND_SIZE, counts[t], is_kept_kind=(t == WATER)))
        for t in range(len(TYPES))
    }
    p_any_exact = {}
    for t in range(len(TYPES)):
        if t == WATER:
            p_any_exact[TYPES[t].value] = 1.0
        else:
            p_any_exact[TYPES[t].value] = float(kept_p_at_least_one(N, K, HAND_SIZE, counts[t]))
    hist = s["reshuffle_hist"]
    reshuffles = []
    for r in range(max(4, len(hist))):
        sim = hist[r] / n if r < len(hist) else 0.0
        reshuffles.append({"reshuffles": r, **figure(sim, sqrt(sim * (1 - sim) / n), float(p_reshuffles(N, K, HAND_SIZE, r)))})
    water_hist = []
    for k, c in enumerate(s["first_water_hist"]):
        sim = c / n
        water_hist.append({"water": k, **figure(sim, sqrt(sim * (1 - sim) / n), float(hypergeom_pmf(N, K, HAND_SIZE, k)))})
    p, p_se = s["p_water"]
    r_mean, r_se = s["reshuffles"]
    return {
        "hands": n,
        "deck_size": N,
        "water_tiles": K,
        "p_water_in_opening": _r(p),
        "p_water_exact": p_water_exact,  # the exact value, at full precision
        "mean_reshuffles": _r(r_mean),
        "mean_by_type": {TYPES[t].value: _r(s["kept_mean"][t][0]) for t in range(len(TYPES))},
        "figures": {
            "p_water_in_opening": figure(p, p_se, p_water_exact),
            "p_no_water": figure(1 - p, p_se, float(q)),
            "mean_reshuffles": figure(r_mean, r_se, float(expected_reshuffles(N, K, HAND_SIZE))),
            "max_reshuffles_seen": s["max_reshuffles"],
            "reshuffles": reshuffles,
            "water_in_first_draw": water_hist,
            "kept_mean_by_type": {
                TYPES[t].value: figure(s["kept_mean"][t][0], s["kept_mean"][t][1], mean_exact[TYPES[t].value])
                for t in range(len(TYPES))
            },
            "kept_p_at_least_one": {
                TYPES[t].value: figure(s["kept_p_any"][t][0], s["kept_p_any"][t][1], p_any_exact[TYPES[t].value])
                for t in range(len(TYPES))
            },
        },
    }


def _turn_figures(tally: dict, turns: int) -> dict:
    g = tally["games"]

    def prop(k: int) -> tuple[float, float]:
        p = k / g
        return p, sqrt(p * (1 - p) / g)

    p_place = []
    for t in range(turns):
        p, se = prop(tally["placed"][t])
        # Turn 1 is exact: the kept hand holds water and water is free.
        p_place.append({"turn": t + 1, **figure(p, se, 1.0 if t == 0 else None)})
    first = {}
    for mi, m in enumerate(placement.MILESTONES):
        row = tally["first"][mi]
        cum, by_turn = 0, []
        for t in range(turns):
            cum += row[t]
            p, se = prop(cum)
            by_turn.append({"turn": t + 1, **figure(p, se, None)})
        reached = g - row[turns]
        median = None
        acc = 0
        for t in range(turns):
            acc += row[t]
            if acc * 2 >= g:
                median = t + 1
                break
        s1 = sum((t + 1) * row[t] for t in range(turns))
        s2 = sum((t + 1) ** 2 * row[t] for t in range(turns))
        mean, mse = opening.mean_se(s1, s2, reached) if reached else (None, None)
        first[m.value] = {
            "p_by_turn": by_turn,
            "median_turn": median,
            "mean_turn_if_reached": figure(mean, mse, None) if reached else figure(None, None, None),
            "never_within_horizon": _r(row[turns] / g),
        }
    curve = []
    for t in range(turns):
        row = {"turn": t + 1}
        for c, color in enumerate(Color):
            mean, se = opening.mean_se(tally["curve"][t][c], tally["curve_sq"][t][c], g)
            row[color.value] = figure(mean, se, None)
        curve.append(row)
    return {
        "games": g,
        "turns": turns,
        "model": "solitaire pool: adjacency and modifiers ignored (docs/simulation.md)",
        "p_place": p_place,
        "first_placeable": first,
        "colour_curve": curve,
    }


__all__ = ["simulate_goldfish", "figure", "DEFAULT_HANDS", "DEFAULT_GAMES", "DEFAULT_TURNS"]
