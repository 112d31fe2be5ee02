"""``kcal sim solo``: the rulebook's solo mode (seven piles, refill, no discards) played by a bot.

:func:`simulate_solo` plays ``games`` games, game ``k`` from seeds derived from ``(seed, k)``, in
chunks on ``jobs`` processes, and summarises them in game order, so the result is the same for
any ``jobs``. Per SPEC: mean score, p10/p50/p90, stagnation rate, mean turns, end reasons; beyond:
standard errors, the score histogram and the tiles that most often stay stuck in the piles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from kcal.core.stats import histogram, mean_se, proportion, quantile, sig
from kcal.games.kcaloria.sim.games import end_reason, play_game, turns_played
from kcal.sim.parallel import MAX_GAMES, check_count, run_chunks

CHUNK_GAMES = 8
PLAYER = "solo"


def solo_game_summary(tiles: Sequence, bot: str, master: int, index: int) -> tuple:
    """(score, end reason, turns, names face up at the end, names left in the piles)."""
    state = play_game([tiles], [PLAYER], [bot], master=master, kind="solo", index=index, mode="solo")
    score = state.scores()[PLAYER]
    piles = getattr(state, "piles", None) or []
    face_up = tuple(sorted({p[-1].name for p in piles if p}))
    left = tuple(sorted({t.name for p in piles for t in p}))
    return score, end_reason(state), turns_played(state), face_up, left


def _solo_chunk(shared: tuple, master: int, first: int, count: int) -> list[tuple]:
    tiles, bot = shared
    return [solo_game_summary(tiles, bot, master, k) for k in range(first, first + count)]


def replay_solo_game(tiles: Sequence, bot: str, master: int, index: int):
    """The final state of game ``index`` (for ``--save-game``): the same seeds, the same game."""
    return play_game([tiles], [PLAYER], [bot], master=master, kind="solo", index=index, mode="solo")


def simulate_solo(
    tiles: Sequence,
    *,
    deck_name: str = "deck",
    games: int = 200,
    seed: int = 0,
    bot: str = "greedy",
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    runner: Callable[..., Any] | None = None,
    top_stuck: int = 10,
) -> dict:
    from kcal.games.kcaloria.sim.bots import get_bot

    get_bot(bot)  # a usage error before any work
    check_count("games", games, MAX_GAMES, least=1)
    starts = list(range(0, games, CHUNK_GAMES))
    tasks = [(seed, s, min(CHUNK_GAMES, games - s)) for s in starts]

    def done(i: int) -> None:
        if on_progress:
            on_progress(tasks[i][2])

    out = (runner or run_chunks)(_solo_chunk, tasks, jobs=jobs, on_done=done, shared=(list(tiles), bot),
                     estimate=games * 0.2)
    rows = [r for chunk in out.results if chunk is not None for r in chunk]
    return summarize_solo(rows, deck_name=deck_name, seed=seed, bot=bot, interrupted=out.interrupted,
                          top_stuck=top_stuck)


def summarize_solo(rows: list[tuple], *, deck_name: str, seed: int, bot: str, interrupted: bool = False,
                   top_stuck: int = 10) -> dict:
    n = len(rows)
    scores = [r[0] for r in rows]
    reasons = Counter(r[1] for r in rows)
    turns = [r[2] for r in rows]
    ordered = sorted(scores)
    m, m_se = mean_se(scores)
    t, t_se = mean_se(turns)
    stagnated = [r for r in rows if r[1] == "stagnation"]
    stuck = Counter(name for r in stagnated for name in r[3])
    left = Counter(name for r in rows for name in r[4])
    stag = proportion(reasons.get("stagnation", 0), n)
    return {
        "deck": deck_name,
        "games": n,
        "seed": seed,
        "bot": bot,
        "mean_score": sig(m),
        "mean_score_se": sig(m_se),
        "score_quantiles": {
            "p10": quantile(ordered, 0.10), "p50": quantile(ordered, 0.50), "p90": quantile(ordered, 0.90),
        },
        "score_min": ordered[0] if ordered else None,
        "score_max": ordered[-1] if ordered else None,
        "stagnation_rate": stag["value"] if n else 0.0,
        "stagnation": stag,
        "mean_turns": sig(t),
        "mean_turns_se": sig(t_se),
        "end_reasons": dict(sorted(reasons.items())),
        "score_histogram": histogram(scores),
        "stuck_face_up": [
            {"tile": name, "games": c, "share": sig(c / len(stagnated))}
            for name, c in sorted(stuck.items(), key=lambda kv: (-kv[1], kv[0]))[:top_stuck]
        ],
        "left_in_piles": [
            {"tile": name, "games": c, "share": sig(c / n)}
            for name, c in sorted(left.items(), key=lambda kv: (-kv[1], kv[0]))[:top_stuck]
        ],
        "interrupted": interrupted,
        "methods": "means with standard errors (sample sd / sqrt(n)); quantiles by nearest rank; "
                   "stagnation rate with a 95 % Wilson interval",
    }
