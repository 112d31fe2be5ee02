"""``kcal sim solo``: the rulebook's solo mode (seven piles, refill, no discards) played by a bot.

:func:`simulate_solo` plays ``games`` games, game ``k`` from seeds derived from ``(seed, k)``, in
chunks on ``jobs`` processes; each chunk comes back as a :class:`SoloTally` (counts, not rows) that is
merged as it arrives, so memory stays flat for a million games and the result is the same for any
``jobs``. Per SPEC: mean score, p10/p50/p90, stagnation rate, mean turns, end reasons; beyond:
standard errors, the score histogram and the tiles that most often stay stuck in the piles.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from kcal.core.stats import IntTally, proportion, sig
from kcal.games.kcaloria.sim.games import end_reason, play_game, turns_played
from kcal.sim.parallel import MAX_GAMES, check_count, run_chunks

if TYPE_CHECKING:
    from kcal.games.kcaloria.rules.state import GameState

CHUNK_GAMES = 8
#: at most this many chunks: a long run takes bigger chunks, so its task list stays small (game k's
#: seeds come from (seed, k), whatever the chunk it is played in: the result is the same)
MAX_CHUNKS = 4096
PLAYER = "solo"


def solo_game_summary(tiles: Sequence, bot: str, master: int, index: int) -> tuple:
    """(score, end reason, turns, names face up at the end, names left in the piles)."""
    state = play_game([tiles], [PLAYER], [bot], master=master, kind="solo", index=index, mode="solo")
    score = state.scores()[PLAYER]
    piles = getattr(state, "piles", None) or []
    face_up = tuple(sorted({p[-1].name for p in piles if p}))
    left = tuple(sorted({t.name for p in piles for t in p}))
    return score, end_reason(state), turns_played(state), face_up, left


class SoloTally:
    """What the solo figures need of many games, in memory that does not grow with their number:
    scores and turns as value counts, end reasons, and the names stuck face up (in stagnated games)
    and left in the piles, counted. Merging is order-free, so any ``--jobs`` gives the same bytes."""

    __slots__ = ("scores", "turns", "reasons", "stuck", "left", "stagnated")

    def __init__(self, rows: Sequence[tuple] = ()) -> None:
        self.scores, self.turns = IntTally(), IntTally()
        self.reasons: Counter[str] = Counter()
        self.stuck: Counter[str] = Counter()
        self.left: Counter[str] = Counter()
        self.stagnated = 0
        for row in rows:
            self.add(row)

    def add(self, row: tuple) -> None:
        score, reason, turns, face_up, left = row
        self.scores.add(score)
        self.turns.add(turns)
        self.reasons[reason] += 1
        if reason == "stagnation":
            self.stagnated += 1
            self.stuck.update(face_up)
        self.left.update(left)

    def update(self, other: SoloTally) -> None:
        self.scores.update(other.scores)
        self.turns.update(other.turns)
        self.reasons.update(other.reasons)
        self.stuck.update(other.stuck)
        self.left.update(other.left)
        self.stagnated += other.stagnated


def _solo_chunk(shared: tuple, master: int, first: int, count: int) -> SoloTally:
    tiles, bot = shared
    return SoloTally([solo_game_summary(tiles, bot, master, k) for k in range(first, first + count)])


def replay_solo_game(tiles: Sequence, bot: str, master: int, index: int) -> GameState:
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
    from kcal.games.kcaloria.bots.basic import get_bot

    get_bot(bot)  # a usage error before any work
    check_count("games", games, MAX_GAMES, least=1)
    size = max(CHUNK_GAMES, -(-games // MAX_CHUNKS))
    tasks = [(seed, s, min(size, games - s)) for s in range(0, games, size)]

    def done(i: int) -> None:
        if on_progress:
            on_progress(tasks[i][2])

    total = SoloTally()
    out = (runner or run_chunks)(_solo_chunk, tasks, jobs=jobs, on_done=done, shared=(list(tiles), bot),
                                 estimate=games * 0.2, reduce=lambda _i, part: total.update(part))
    return summarize_tally(total, deck_name=deck_name, seed=seed, bot=bot, interrupted=out.interrupted,
                           top_stuck=top_stuck)


def summarize_solo(rows: list[tuple], *, deck_name: str, seed: int, bot: str, interrupted: bool = False,
                   top_stuck: int = 10) -> dict:
    """The solo figures of the games' rows (score, end reason, turns, face up, left in the piles)."""
    return summarize_tally(SoloTally(rows), deck_name=deck_name, seed=seed, bot=bot, interrupted=interrupted,
                           top_stuck=top_stuck)


def summarize_tally(tally: SoloTally, *, deck_name: str, seed: int, bot: str, interrupted: bool = False,
                    top_stuck: int = 10) -> dict:
    scores = tally.scores
    n = scores.n
    reasons, stuck, left = tally.reasons, tally.stuck, tally.left
    m, m_se = scores.mean_se()
    t, t_se = tally.turns.mean_se()
    stag = proportion(reasons.get("stagnation", 0), n)
    return {
        "deck": deck_name,
        "games": n,
        "seed": seed,
        "bot": bot,
        "mean_score": sig(m),
        "mean_score_se": sig(m_se),
        "score_quantiles": {
            "p10": scores.quantile(0.10), "p50": scores.quantile(0.50), "p90": scores.quantile(0.90),
        },
        "score_min": scores.min(),
        "score_max": scores.max(),
        "stagnation_rate": stag["value"] if n else 0.0,
        "stagnation": stag,
        "mean_turns": sig(t),
        "mean_turns_se": sig(t_se),
        "end_reasons": dict(sorted(reasons.items())),
        "score_histogram": scores.histogram(),
        "stuck_face_up": [
            {"tile": name, "games": c, "share": sig(c / tally.stagnated)}
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
