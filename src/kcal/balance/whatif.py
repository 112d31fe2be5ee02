"""``kcal balance what-if --game ID --patch PATCH.yaml``: what a patch does to a game, with paired games.

Two arms play the same games: game ``i`` of the base arm and game ``i`` of the patched arm have the same
engine seed and the same bots' seeds (common random numbers, :mod:`kcal.sim.match`), so they differ only
by what the patch changed. Each pair gives one difference of every figure (each seat's win rate, the
game's length, each end reason's share, and the figures of :data:`FIGURE_SOURCES`), and
:mod:`kcal.balance.paired` turns them into changes with paired 95 % intervals and the sequential test
that stops the run when the answer is clear.

Games are played in chunks of :data:`PAIR_CHUNK` game pairs through the shared runner
(``--jobs``, ``--backend dask``), a batch of chunks per look of the test; chunk results are merged in
chunk order and the sums are exact integers, so the output is the same bytes on one process, ``--jobs N``
or a Dask cluster.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kcal.balance.paired import Paired, Sprt, looks
from kcal.balance.patch import Patch, load_patch
from kcal.core.errors import UsageError
from kcal.sim.match import MatchPlan, add_game, load_game, play_one
from kcal.sim.match_tally import Tally, win_unit
from kcal.sim.parallel import check_count, run_chunks

#: game pairs per chunk (a task of the runner), fixed whatever --jobs or backend: a look of 128 pairs is
#: 8 tasks, enough for a few cores and few enough that a cluster's cost per task stays small
PAIR_CHUNK = 16
#: most game pairs one what-if may play
MAX_PAIRS = 10**6
#: Further per-game figures, each ``(name, make)``: ``make(game, pack, cards)`` (the patched cards' names)
#: returns None (nothing to add for this game) or ``figure(game, state, plan) -> {figure name: integer}``,
#: called on every finished game of both arms; its integers are paired like the built-in figures (a
#: figure absent from a game counts 0). This is the seam for the patched cards' impact
#: (:mod:`kcal.balance.impact` and a pack's presence hook). Sources are listed in this module, so that
#: every worker process and cluster machine, importing it, has the same list.
FIGURE_SOURCES: list[tuple[str, Callable[[Any, Any, tuple[str, ...]], Any]]] = []
METHOD = ("paired games: both arms play the same seeds (common random numbers); each change is the mean "
          "of the per-game differences, with a 95 % interval mean +- 1.96 sd / sqrt(n); a win shared by k "
          "players counts 1/k; SPRT on the seats' win-rate changes (docs/balance.md)")


def default_bot(game: Any) -> str:
    """The strongest bot a pack names (the ladder's), else its default, else greedy."""
    from kcal.balance.impact import strongest_bot

    return strongest_bot(game)


def default_players(info: Any) -> int:
    return max(2, int(info.min_players))


@dataclass(frozen=True)
class PairPlan:
    """What every worker receives once: the plan of each arm and the names of the patched cards."""

    base: MatchPlan
    patched: MatchPlan
    cards: tuple[str, ...]
    key: str


_WORKER: dict[str, tuple[Any, list[Any], list[Any], list[Any]]] = {}


def _setup(pair: PairPlan) -> tuple[Any, list[Any], list[Any], list[Any]]:
    if pair.key not in _WORKER:
        _WORKER.clear()
        game = load_game(pair.base.pack)
        table = game.bots()
        sources = [make(game, pair.base.pack, pair.cards) for _, make in FIGURE_SOURCES]
        _WORKER[pair.key] = (game, [table[b] for b in pair.base.bots], [table[b] for b in pair.patched.bots],
                             [s for s in sources if s is not None])
    return _WORKER[pair.key]


Result = tuple[tuple[int, ...], int, str, tuple[tuple[str, int], ...]]


def _result(game: Any, plan: MatchPlan, state: Any, moves: int, slots: list[int], extra: list[Any]
            ) -> Result:
    t = Tally(len(plan.players))
    add_game(t, game, plan, state, moves, slots, None)
    figures: dict[str, int] = {}
    for source in extra:
        for k, v in source(game, state, plan).items():
            figures[str(k)] = figures.get(str(k), 0) + int(v)
    reason = next(iter(t.reasons))
    return tuple(t.seat_wins), moves, reason, tuple(sorted(figures.items()))


def pair_chunk(pair: PairPlan, key: str, first: int, count: int) -> list[tuple[Result, Result]]:
    """Game pairs ``first .. first + count - 1``: each game of the base arm and the same game patched."""
    if key != pair.key:
        raise UsageError("a chunk reached a worker with another what-if's plan")
    game, base_bots, patched_bots, extra = _setup(pair)
    out = []
    for i in range(first, first + count):
        arms = []
        for plan, bots in ((pair.base, base_bots), (pair.patched, patched_bots)):
            state, moves, slots = play_one(game, plan, bots, 0, i)
            arms.append(_result(game, plan, state, moves, slots, extra))
        out.append((arms[0], arms[1]))
    return out


class Sums:
    """Every paired figure of a what-if, filled game pair by game pair in game order."""

    def __init__(self, seats: Sequence[str]) -> None:
        self.seats = tuple(seats)
        self.unit = win_unit(len(seats))
        self.wins = [Paired(self.unit) for _ in seats]
        self.length = Paired()
        self.reasons: dict[str, Paired] = {}
        self.extra: dict[str, Paired] = {}
        self.games = 0

    def add(self, base: Result, patched: Result) -> None:
        self.games += 1
        for s, p in enumerate(self.wins):
            p.add(base[0][s], patched[0][s])
        self.length.add(base[1], patched[1])
        for r in {base[2], patched[2]}:
            self.reasons.setdefault(r, _caught_up(self.games - 1))
        for r, p in self.reasons.items():
            p.add(int(base[2] == r), int(patched[2] == r))
        b, q = dict(base[3]), dict(patched[3])
        for k in {*b, *q}:
            self.extra.setdefault(k, _caught_up(self.games - 1))
        for k, p in self.extra.items():
            p.add(b.get(k, 0), q.get(k, 0))

    def changes(self) -> list[dict[str, Any]]:
        out = [p.change(f"win_rate.{s}") for s, p in zip(self.seats, self.wins, strict=True)]
        out.append(self.length.change("mean_length"))
        out += [self.reasons[r].change(f"end_reason.{r}") for r in sorted(self.reasons)]
        out += [self.extra[k].change(k) for k in sorted(self.extra)]
        return out


def _caught_up(games: int) -> Paired:
    """A figure first seen after ``games`` pairs: those pairs had it 0 in both arms."""
    p = Paired()
    p.n = games
    return p


@dataclass
class WhatIf:
    """A what-if checked and planned, before any game is played."""

    pack: Any
    game: Any
    patch: Patch
    pair: PairPlan
    players: int
    bots: tuple[str, ...]


def prepare(game_id: str, patch_path: str | Path, *, players: int | None = None, games: int = 2000,
            seed: int = 0, bots: Sequence[str] | None = None) -> WhatIf:
    """Every input checked (the patch, the players, the bots, a state of each arm) before any game."""
    from kcal.core import registry
    from kcal.core.game import Setup
    from kcal.sim.match import _prepare, engine_seed

    check_count("games", games, MAX_PAIRS, least=2)
    pack = registry.get(game_id)
    game = load_game(pack)
    patch = load_patch(patch_path, pack)
    n = players if players is not None else default_players(game.info)
    names = list(bots) if bots else [default_bot(game)]
    base = _prepare(game_id, n, games, seed, names, None, {}, None, None).plan
    patched = _prepare(game_id, n, games, seed, names, None, dict(patch.options), None, None).plan
    for plan in (base, patched):  # the options of each arm, before any game
        game.new_state(Setup(plan.players, None, plan.options(0, list(range(n)))), engine_seed(seed, 0))
    key = hashlib.sha256(f"{base.key} {patched.key} {patch.cards}".encode()).hexdigest()[:16]
    return WhatIf(pack, game, patch, PairPlan(base, patched, patch.cards, key), n, base.bots)


@dataclass
class Played:
    """The pairs played: their figures, the sequential test, why the run stopped."""

    sums: Sums
    sprt: Sprt
    stopped: str
    interrupted: bool


def play_pairs(w: WhatIf, games: int, *, jobs: int = 1, runner: Callable[..., Any] | None = None,
               on_done: Callable[[int], None] | None = None, sequential: bool = True) -> Played:
    """Play game pairs look by look (:func:`kcal.balance.paired.looks`) until the SPRT has decided every
    seat (``sequential``) or ``games`` pairs are played."""
    pair = w.pair
    seats = pair.base.players
    sums = Sums(seats)
    sprt = Sprt(seats)
    done = 0
    for upto in looks(games):
        tasks = [(pair.key, f, min(PAIR_CHUNK, upto - f)) for f in range(done, upto, PAIR_CHUNK)]

        def told(i: int, tasks: list[tuple[str, int, int]] = tasks) -> None:
            if on_done is not None:
                on_done(tasks[i][2])

        out = (runner or run_chunks)(pair_chunk, tasks, jobs=jobs, on_done=told, shared=pair)
        for chunk in out.results:
            for base, patched in chunk or ():
                sums.add(base, patched)
        done = upto
        decided = sprt.update(sums.wins)
        if out.interrupted:
            return Played(sums, sprt, "cap", True)
        if decided and sequential:
            return Played(sums, sprt, "sprt", False)
    return Played(sums, sprt, "cap", False)


def what_if(game_id: str, patch_path: str | Path, *, players: int | None = None, games: int = 2000,
            seed: int = 0, bots: Sequence[str] | None = None, jobs: int = 1,
            runner: Callable[..., Any] | None = None, on_done: Callable[[int], None] | None = None,
            sequential: bool = True) -> dict[str, Any]:
    """Play the patched game against the base game on the same seeds (:func:`play_pairs`); SPEC's
    what-if JSON."""
    w = prepare(game_id, patch_path, players=players, games=games, seed=seed, bots=bots)
    played = play_pairs(w, games, jobs=jobs, runner=runner, on_done=on_done, sequential=sequential)
    return {
        "game": w.pack.id,
        "name": w.game.info.name,
        "games": played.sums.games,
        "seed": seed,
        "players": w.players,
        "bots": list(w.bots),
        "patch": w.patch.to_json(),
        "patch_lines": list(w.patch.lines),
        "cap": games,
        "stopped": played.stopped,
        "sprt": played.sprt.to_json(),
        "changes": played.sums.changes(),
        "interrupted": played.interrupted,
        "methods": METHOD,
    }


def what_if_text(d: Mapping[str, Any]) -> str:
    """The what-if for people: the patch, how the test stopped, each change with its interval."""
    from kcal.core.stats import sig

    lines = [f"{d['name']}: what-if {d['patch']['file']} ({d['players']} players, bots "
             f"{', '.join(sorted(set(d['bots'])))}, seed {d['seed']})"]
    lines += [f"  patch: {line}" for line in d["patch_lines"]] or ["  patch: no change (an A/A test)"]
    how = ("the sequential test decided every seat" if d["stopped"] == "sprt"
           else f"the cap of {d['cap']:,} games was reached")
    lines.append(f"{d['games']:,} games per arm, on the same seeds; stopped: {d['stopped']} ({how})"
                 + ("; interrupted" if d["interrupted"] else ""))
    lines.append(f"  {'figure':<26} {'base':>10} {'patched':>10} {'change':>10}  95% interval")
    for c in d["changes"]:
        if c["diff"] is None:
            continue
        pct = c["figure"].startswith(("win_rate.", "end_reason."))

        def f(v: float | None, pct: bool = pct, sign: str = "") -> str:
            if v is None:
                return "-"
            return f"{v * 100:{sign}.1f}%" if pct else f"{sig(v, 4):{sign}g}"

        lo, hi = c["diff_ci95"]
        flag = "  *" if lo is not None and (lo > 0 or hi < 0) else ""
        lines.append(f"  {c['figure']:<26} {f(c['base']):>10} {f(c['patched']):>10} {f(c['diff'], sign='+'):>10}"
                     f"  [{f(lo, sign='+')}, {f(hi, sign='+')}]{flag}")
    decided = ", ".join(f"{s['seat']} {s['decision'] or 'undecided'}" for s in d["sprt"]["seats"])
    lines.append(f"SPRT (H0 no change, H1 {d['sprt']['effect'] * 100:g} points; alpha {d['sprt']['alpha']}, "
                 f"beta {d['sprt']['beta']}): {decided}")
    lines.append("* the interval excludes 0: the patch changed this figure")
    return "\n".join(lines)


def draw_what_if(d: Mapping[str, Any], path: Path) -> None:
    """Each share's change (seats' win rates, end reasons) in points, with its paired 95 % interval."""
    from kcal.print.charts import interval_chart, save_chart

    rows = []
    marks = []
    for c in d["changes"]:
        if c["diff"] is None or c["diff_ci95"][0] is None or not c["figure"].startswith(("win_rate.", "end_reason.")):
            continue
        lo, hi = c["diff_ci95"]
        rows.append((c["figure"], c["diff"] * 100, lo * 100, hi * 100))
        marks.append("above" if lo > 0 else "below" if hi < 0 else "")

    def draw(surface: Any, box: Any) -> None:
        interval_chart(surface, box, f"{d['name']}: what the patch changed ({d['games']:,} paired games)", rows,
                       reference=0.0, x_fmt=lambda v: f"{v:+g}", x_label="change, points (95% paired interval)",
                       marks=marks)

    save_chart(path, 480, 60 + 22 * max(1, len(rows)), draw)
