"""``kcal sim match``: 2 to 4 decks played by bots in standard games.

Seats rotate: in game ``k`` deck ``(k + s) mod n`` sits in seat ``s``, so every deck plays first
equally often (when ``games`` is a multiple of ``n``) and the first-seat advantage can be measured
apart from deck strength. Ties split the win (two winners get half a win each).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from kcal.core.stats import mean_se, proportion, sig
from kcal.games.kcaloria.sim.games import end_reason, play_game, turns_played
from kcal.sim.parallel import MAX_GAMES, check_count, run_chunks

CHUNK_GAMES = 4
LABELS = ("A", "B", "C", "D")


def seating(n: int, index: int) -> list[int]:
    """Deck index per seat in game ``index``."""
    return [(index + s) % n for s in range(n)]


def match_game(decks: Sequence[Sequence], bots: Sequence[str], master: int, index: int, *,
               save: bool = False) -> Any:
    n = len(decks)
    order = seating(n, index)
    players = [LABELS[d] for d in order]
    state = play_game([decks[d] for d in order], players, [bots[d] for d in order], master=master,
                      kind="match", index=index, mode="standard")
    if save:
        return state
    scores = state.scores()
    out = state.outcome()
    winners = list(out.winners) if out is not None else []
    return (
        tuple(scores[LABELS[d]] for d in range(n)),  # by deck
        tuple(LABELS.index(w) for w in winners),  # winning decks
        order[0],  # deck in the first seat
        end_reason(state),
        turns_played(state),
    )


def _match_chunk(shared: tuple, master: int, first: int, count: int) -> list[tuple]:
    decks, bots = shared
    return [match_game(decks, bots, master, k) for k in range(first, first + count)]


def simulate_match(
    decks: Sequence[Sequence],
    *,
    names: Sequence[str] | None = None,
    games: int = 100,
    seed: int = 0,
    bots: Sequence[str] = ("greedy",),
    jobs: int = 1,
    on_progress: Callable[[int], None] | None = None,
    runner: Callable[..., Any] | None = None,
    formats: Sequence[str] | None = None,
) -> dict:
    """Play ``games`` standard games of ``decks`` (tile lists); ``formats`` are the decks' declared
    formats (``standard`` / ``solo``), when known: a solo deck gets a warning in ``warnings``."""
    from kcal.core.errors import UsageError
    from kcal.games.kcaloria.bots.basic import get_bot

    n = len(decks)
    if not 2 <= n <= 4:
        raise UsageError(f"a match takes 2 to 4 decks, not {n}")
    bots = list(bots) * n if len(bots) == 1 else list(bots)
    if len(bots) != n:
        raise UsageError(f"give one bot for all decks or one per deck ({n}), not {len(bots)}")
    for b in bots:
        get_bot(b)
    if formats is not None and len(formats) != n:
        raise UsageError(f"give one format per deck ({n}), not {len(formats)}")
    check_count("games", games, MAX_GAMES, least=1)
    names = list(names) if names else [f"deck {LABELS[i]}" for i in range(n)]
    starts = list(range(0, games, CHUNK_GAMES))
    tasks = [(seed, s, min(CHUNK_GAMES, games - s)) for s in starts]

    def done(i: int) -> None:
        if on_progress:
            on_progress(tasks[i][2])

    out = (runner or run_chunks)(_match_chunk, tasks, jobs=jobs, on_done=done, shared=([list(d) for d in decks], bots),
                     estimate=games * 0.5)
    rows = [r for chunk in out.results if chunk is not None for r in chunk]
    result = summarize_match(rows, names=names, bots=bots, seed=seed, interrupted=out.interrupted)
    result["warnings"] = format_warnings(names, formats)
    return result


def format_warnings(names: Sequence[str], formats: Sequence[str] | None) -> list[dict[str, str]]:
    """A warning for each deck declared for solo play: a match plays the standard rules (hands of
    7, discards, opponents), which a solo deck was not built for (it may still be legal)."""
    from kcal.games.kcaloria.deck.formats import FORMATS

    out = []
    for k, (name, fmt) in enumerate(zip(names, formats or (), strict=False)):
        spec = FORMATS.get(str(fmt)) if fmt is not None else None
        if spec is not None and spec.solo:
            out.append({"code": "solo-deck-in-match", "deck": name, "label": LABELS[k],
                        "message": f"{name} is a solo-format deck; a match plays it by the standard "
                                   f"rules (hands of 7, discards, opponents), which it was not built for"})
    return out


def summarize_match(rows: list[tuple], *, names: Sequence[str], bots: Sequence[str], seed: int,
                    interrupted: bool = False) -> dict:
    n = len(names)
    g = len(rows)
    wins = [0.0] * n
    first_seat_wins = 0.0
    draws = 0
    for _scores, winners, first, _, _ in rows:
        if len(winners) > 1:
            draws += 1
        for w in winners:
            wins[w] += 1 / len(winners)
        if first in winners:
            first_seat_wins += 1 / len(winners)
    per_deck = []
    for d in range(n):
        m, se = mean_se([r[0][d] for r in rows])
        per_deck.append({
            "label": LABELS[d],
            "deck": names[d],
            "bot": bots[d],
            "wins": sig(wins[d]),
            "win_rate": proportion(wins[d], g),
            "mean_score": sig(m),
            "mean_score_se": sig(se),
        })
    t, t_se = mean_se([r[4] for r in rows])
    return {
        "games": g,
        "seed": seed,
        "decks": per_deck,
        "draws": draws,
        "first_seat": {"win_rate": proportion(first_seat_wins, g), "no_advantage": sig(1 / n)},
        "mean_turns": sig(t),
        "mean_turns_se": sig(t_se),
        "end_reasons": dict(sorted(Counter(r[3] for r in rows).items())),
        "interrupted": interrupted,
        "methods": "win rates with 95 % Wilson intervals (a tie splits the win); seats rotate every game; "
                   "means with standard errors",
    }
