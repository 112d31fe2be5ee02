"""``kcal sim match --game ID``: any pack's game played by bots, seats rotating, on any number of cores.

Shared code: it talks to a game only through :class:`kcal.core.game.Game` and the pack's optional
``sim`` hook, and never names a game.

- Game ``i`` deals with the engine seed :func:`engine_seed` ``(seed, i)``; the bot in seat ``s``
  draws from ``Rng(derive_seed(seed, "match-bot", i, s))``. So game ``i`` is the same game whatever
  else runs, and ``--save-game i`` plays it again alone.
- Seats rotate: bot slot ``k`` (the ``k``-th name of ``--bots``) sits in seat ``(k + i) mod n`` in game
  ``i``, so over ``n`` games every bot plays every seat once. Figures are given per seat (the seat's
  advantage) and per bot slot (the bot's strength).
- Games are cut into chunks of :data:`CHUNK_GAMES`, independent of ``--jobs``; a chunk returns an exact
  :class:`~kcal.sim.match_tally.Tally` and the tallies are added in chunk order, so the output is the
  same bytes for any ``--jobs`` and on Dask.
- Options whose value is a list sweep (:mod:`kcal.sim.options`): one block of games per combination,
  every block on the same seeds; the block whose seats are most even is named.
- Per-slot setup values (``slot_options``: an option name and one value per bot slot, such as each
  entrant's deck) travel with their slot: in game ``i`` seat ``s`` gets the value of the slot that sits
  in it, so a deck plays every seat as its bot does.
- A pack's ``sim`` hook may add ``tally(game, state) -> {name: int}`` per game,
  ``summarize(totals, games) -> dict`` (under ``pack`` in the JSON) and ``summary_lines(summary)``.
"""

from __future__ import annotations

import hashlib
import json
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from kcal.core.errors import KcalError, UsageError
from kcal.core.game import IllegalMove, Setup, extras, play
from kcal.core.rng import Rng
from kcal.core.seeding import derive_seed
from kcal.core.stats import sig
from kcal.sim.match_tally import MOVE_LIMIT, NO_OUTCOME, Tally, figures
from kcal.sim.options import plain, sweep_blocks
from kcal.sim.parallel import MAX_GAMES, check_count, chunk_size, game_done, run_chunks

if TYPE_CHECKING:
    from kcal.core.game import Game
    from kcal.core.gameinfo import GameInfo
    from kcal.core.registry import Pack

CHUNK_GAMES = 8
#: the move cap when the pack names none (its game's ``max_moves``, :class:`kcal.core.game.Extras`)
DEFAULT_MAX_MOVES = 10_000
#: engine seeds are 63-bit, as kCaloria's, so they fit every integer field a record goes through
_SEED_MASK = (1 << 63) - 1
SPREAD = "seat spread: the highest minus the lowest of the seats' win rates (0 = even seats)"
METHODS = ("seats rotate (bot slot k sits in seat (k + i) mod n in game i); win rates with 95 % Wilson "
           "intervals, a win shared by k players counts 1/k; mean scores over the games with an outcome, "
           "with standard errors; lengths count every move applied")


def engine_seed(master: int, index: int) -> int:
    return derive_seed(master, "match", index) & _SEED_MASK


def slot_in_seat(n: int, index: int) -> list[int]:
    """The bot slot in each seat in game ``index`` (slot ``k`` sits in seat ``(k + index) mod n``)."""
    return [(s - index) % n for s in range(n)]


def seat_names(n: int) -> tuple[str, ...]:
    return tuple(chr(ord("A") + s) if n <= 26 else f"P{s + 1}" for s in range(n))


def _hook(pack: Pack, name: str) -> Any:
    try:
        return pack.hook(name)
    except ImportError as exc:
        raise KcalError(f"{pack.info.name} ({pack.id}): its {name!r} hook cannot be loaded "
                        f"({type(exc).__name__}: {exc})", code="bad-pack") from None


def load_game(pack: Pack) -> Game[Any, Any]:
    return _hook(pack, "game")


def default_players(info: GameInfo) -> int:
    """Seats when ``--players`` is not given, in every command that plays games (sim match, the balance
    lab): the game's fewest, at least 2 (a match, and every comparison the lab makes, needs two), within
    its most."""
    return int(min(max(2, int(info.min_players)), int(info.max_players)))


def load_sim(pack: Pack) -> Any:
    """The pack's ``sim`` hook, or None when it has none."""
    return _hook(pack, "sim") if pack.has("sim") else None


def bot_names(game: Game[Any, Any]) -> list[str]:
    """The bots a match can seat: the pack's own, then the shared searcher (:mod:`kcal.sim.search`:
    ``mcts``, ``mcts:ITER``, ``mcts:SECONDSs``) unless the pack has a bot of that name."""
    from kcal.sim import search

    own = list(game.bots())
    return own if search.NAME in (b.casefold() for b in own) else [*own, search.NAME]


def bot_policy(game: Game[Any, Any], name: str) -> Any:
    """The bot (``bot(game, state, player, rng)``) a name resolved by :func:`resolve_bots` stands for."""
    from kcal.sim import search

    table = game.bots()
    if name in table:
        return table[name]
    budget = search.parse_spec(name)
    if budget is None:
        raise UsageError(f"unknown bot {name!r} for {game.info.name}")
    return search.mcts_bot(budget)


def resolve_bots(game: Game[Any, Any], names: Sequence[str] | None, n: int) -> tuple[str, ...]:
    """One bot name per slot, spelled as the pack spells it (matching ignores case); the shared searcher
    as its budget spells it (``mcts``, ``mcts:200``, ``mcts:0.1s``)."""
    from kcal.core.suggest import did_you_mean
    from kcal.sim import search

    own = list(game.bots())
    if not own:
        raise KcalError(f"{game.info.name} offers no bots to play a match", code="bad-pack")
    available = bot_names(game)
    by_fold = {b.casefold(): b for b in own}
    if not names:
        default = extras(game).get("default_bot")
        names = [default if isinstance(default, str) and default in own
                 else by_fold.get("greedy", own[0])]
    names = list(names) * n if len(names) == 1 else list(names)
    if len(names) != n:
        raise UsageError(f"give one bot for every seat or one per seat ({n}), not {len(names)}")
    out = []
    for name in names:
        found = by_fold.get(name.strip().casefold())
        if found is None:
            budget = search.parse_spec(name)
            if budget is None:
                raise UsageError(f"unknown bot {name!r} for {game.info.name}{did_you_mean(name, available)}; "
                                 f"bots: {', '.join(available)}")
            found = budget.name
        out.append(found)
    return tuple(out)


@dataclass(frozen=True)
class MatchPlan:
    """What every worker receives once: the pack (hooks are names, imported in the worker), the
    players, the bot of each slot, and the options of each block."""

    pack: Any
    players: tuple[str, ...]
    bots: tuple[str, ...]
    variant: str | None
    blocks: tuple[Mapping[str, Any], ...]
    seed: int
    max_moves: int
    #: per-slot setup values: (option name, one value per bot slot), seated with their slot
    slot_options: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    key: str = field(default="", compare=False)

    def keyed(self) -> MatchPlan:
        text = json.dumps([self.pack.id, self.players, self.bots, self.variant, plain(list(self.blocks)),
                           self.seed, self.max_moves, [[k, [repr(v) for v in vs]] for k, vs in self.slot_options]],
                          sort_keys=True)
        return MatchPlan(self.pack, self.players, self.bots, self.variant, self.blocks, self.seed,
                         self.max_moves, self.slot_options, hashlib.sha256(text.encode()).hexdigest()[:16])

    def options(self, block: int, slots: Sequence[int]) -> Mapping[str, Any]:
        """The setup options of a game of ``block`` whose seat ``s`` holds bot slot ``slots[s]``."""
        if not self.slot_options:
            return self.blocks[block]
        seated = {name: [values[k] for k in slots] for name, values in self.slot_options}
        return {**self.blocks[block], **seated}


def play_one(game: Game[Any, Any], plan: MatchPlan, policies: Sequence[Any], block: int, index: int
             ) -> tuple[Any, int, list[int]]:
    """Play game ``index`` of ``block``: the final state, the moves applied, the slot in each seat."""
    n = len(plan.players)
    slots = slot_in_seat(n, index)
    state = game.new_state(Setup(plan.players, plan.variant, plan.options(block, slots)),
                           engine_seed(plan.seed, index))
    rngs = [Rng(derive_seed(plan.seed, "match-bot", index, s)) for s in range(n)]
    seat_of = {p: s for s, p in enumerate(plan.players)}
    last = [0]

    def choose(st: Any, player: str) -> Any:
        s = _seat(seat_of, player, "to move")
        last[0] = s
        return policies[slots[s]](game, st, player, rngs[s])

    try:
        moves = play(game, state, choose, plan.max_moves)
    except IllegalMove as exc:
        s = last[0]
        raise IllegalMove(f"game {index}: the bot {plan.bots[slots[s]]!r} in seat {s + 1} "
                               f"({plan.players[s]}) chose an illegal move: {exc.reason}") from None
    game_done()
    return state, moves, slots


def _seat(seat_of: Mapping[str, int], player: str, what: str) -> int:
    s = seat_of.get(player)
    if s is None:
        raise KcalError(f"the rules named {player!r} {what}, who is not a player "
                        f"({', '.join(seat_of)})", code="bad-pack")
    return s


def add_game(t: Tally, game: Game[Any, Any], plan: MatchPlan, state: Any, moves: int, slots: list[int],
             tally_fn: Callable[[Any, Any], Mapping[str, int]] | None) -> None:
    seat_of = {p: s for s, p in enumerate(plan.players)}
    out = game.outcome(state)
    extra = tally_fn(game, state) if tally_fn is not None else None
    if out is None:
        reason = MOVE_LIMIT if game.to_move(state) else NO_OUTCOME
        t.add_game(slots, (), None, moves, reason, extra)
        return
    missing = [p for p in plan.players if p not in out.scores]
    if missing:
        raise KcalError(f"the outcome gives no score for {', '.join(missing)}", code="bad-pack")
    winners = sorted({_seat(seat_of, w, "a winner") for w in out.winners})
    t.add_game(slots, winners, [out.scores[p] for p in plan.players], moves, out.reason, extra)


_WORKER: dict[str, tuple[Any, list[Any], Any]] = {}


def _worker_setup(plan: MatchPlan) -> tuple[Any, list[Any], Any]:
    """The game, the bot of each slot and the pack's tally function, once per worker and plan."""
    if plan.key not in _WORKER:
        _WORKER.clear()
        game = load_game(plan.pack)
        sim = load_sim(plan.pack)
        _WORKER[plan.key] = (game, [bot_policy(game, b) for b in plan.bots], getattr(sim, "tally", None))
    return _WORKER[plan.key]


def match_chunk(plan: MatchPlan, key: str, block: int, first: int, count: int) -> Tally:
    """Games ``first .. first + count - 1`` of ``block``. ``key`` names the plan (a Dask task key
    must differ between runs with different plans)."""
    if key != plan.key:
        raise KcalError("a chunk reached a worker with another match's plan", code="internal")
    game, policies, tally_fn = _worker_setup(plan)
    t = Tally(len(plan.players))
    for i in range(first, first + count):
        state, moves, slots = play_one(game, plan, policies, block, i)
        add_game(t, game, plan, state, moves, slots, tally_fn)
    return t


@dataclass
class MatchResult:
    """The figures (``to_json``), their text, and the record of the saved game (if one was asked)."""

    data: dict[str, Any]
    record: dict[str, Any] | None = None
    lines: Callable[[Mapping[str, Any]], list[str]] | None = None

    @property
    def interrupted(self) -> bool:
        return bool(self.data["interrupted"])

    def to_json(self) -> dict[str, Any]:
        return self.data

    def to_text(self) -> str:
        from kcal.sim.match_text import match_text

        return match_text(self.data, self.lines)


@dataclass(frozen=True)
class _Match:
    """A match checked and planned, before any game is played."""

    pack: Any
    game: Any
    sim: Any
    plan: MatchPlan
    keys: list[str]
    blocks: list[dict[str, Any]]
    policies: list[Any]


def prepare_match(game_id: str, players: int, games: int, seed: int, bots: Sequence[str] | None,
             save_game: int | None, options: Mapping[str, Any] | None, variant: str | None,
             max_moves: int | None, slot_options: Mapping[str, Sequence[Any]] | None = None) -> _Match:
    """Every input checked before the first game: the game id, the variant, the player count, the bot
    names, the option values (a state is made for each block) and ``save_game``."""
    from kcal.core import registry

    check_count("games", games, MAX_GAMES, least=1)
    pack = registry.get(game_id)
    game = load_game(pack)
    info = game.info
    if variant is not None:
        info.variant(variant)
    info.check_players(players, variant)
    names = resolve_bots(game, bots, players)
    keys, blocks = sweep_blocks(dict(options or {}))
    seated = tuple((str(k), tuple(v)) for k, v in (slot_options or {}).items())
    for name, values in seated:
        if len(values) != players:
            raise UsageError(f"{name}: give one value per seat ({players}), not {len(values)}")
        if name in (options or {}):
            raise UsageError(f"{name} is given per seat; do not give it as an option too")
    if save_game is not None:
        if keys:
            raise UsageError("--save-game with a sweep: give one value to each option to save a game")
        if not 0 <= save_game < games:
            raise UsageError(f"--save-game {save_game}: games are numbered 0 to {games - 1}")
    check_count("games in all sweep blocks", games * len(blocks), MAX_GAMES, least=1)
    sim = load_sim(pack)
    cap = max_moves or extras(game).get("max_moves") or DEFAULT_MAX_MOVES
    check_count("max moves", int(cap), 10**9, least=1)
    plan = MatchPlan(pack, seat_names(players), names, variant, tuple(blocks), seed, int(cap), seated).keyed()
    policies = [bot_policy(game, b) for b in names]
    for b in range(1, len(blocks)):  # the option values of every block, before any work
        game.new_state(Setup(plan.players, variant, plan.options(b, slot_in_seat(players, 0))),
                       engine_seed(seed, 0))
    return _Match(pack, game, sim, plan, keys, blocks, policies)


def simulate(
    game_id: str,
    players: int,
    games: int,
    seed: int = 0,
    bots: Sequence[str] | None = None,
    jobs: int = 1,
    save_game: int | None = None,
    options: Mapping[str, Any] | None = None,
    variant: str | None = None,
    runner: Callable[..., Any] | None = None,
    on_done: Callable[[int], None] | None = None,
    max_moves: int | None = None,
    slot_options: Mapping[str, Sequence[Any]] | None = None,
) -> MatchResult:
    """Play ``games`` games of ``game_id`` (per sweep block) with ``players`` bots. ``slot_options`` are
    setup values given per bot slot (see the module docstring), seated with their slot in every game.

    Every input is checked before the first game (:func:`prepare_match`). ``on_done(k)`` is told after each
    chunk that ``k`` more games are done; a KeyboardInterrupt there or from the pool stops the run, and
    the figures cover the finished chunks (``interrupted``: true).
    """
    m = prepare_match(game_id, players, games, seed, bots, save_game, options, variant, max_moves, slot_options)
    game, plan = m.game, m.plan
    per_block, pooled, interrupted = _play_all(m, games, jobs, runner, on_done)
    summarize = getattr(m.sim, "summarize", None)
    data: dict[str, Any] = {"game": m.pack.id, "name": game.info.name, "games": pooled.games, "seed": seed,
                            "players": players, "variant": variant, "options": plain(dict(options or {})),
                            "max_moves": plan.max_moves}
    data.update(figures(pooled, plan.players, plan.bots, summarize))
    if m.keys:
        data["sweep"] = _sweep(m.keys, m.blocks, per_block, plan, summarize)
    data["interrupted"] = interrupted
    data["methods"] = METHODS
    record = _record(game, plan, m.policies, save_game) if save_game is not None else None
    return MatchResult(data, record, getattr(m.sim, "summary_lines", None))


def match_tally(game_id: str, players: int, games: int, seed: int = 0, bots: Sequence[str] | None = None,
                jobs: int = 1, runner: Callable[..., Any] | None = None,
                on_done: Callable[[int], None] | None = None) -> tuple[Tally, tuple[str, ...], bool]:
    """The exact pooled tally of a plain match (no options, no saved game), the bot of each slot as
    resolved, and whether Ctrl-C stopped it: for code that fits its own model to the games (the bot
    ladder, :mod:`kcal.balance.ladder`). The same games as :func:`simulate` plays."""
    m = prepare_match(game_id, players, games, seed, bots, None, None, None, None)
    _, pooled, interrupted = _play_all(m, games, jobs, runner, on_done)
    return pooled, m.plan.bots, interrupted


def _play_all(m: _Match, games: int, jobs: int, runner: Callable[..., Any] | None,
              on_done: Callable[[int], None] | None) -> tuple[list[Tally], Tally, bool]:
    """Every game of every block: the tally of each block, of all of them, and whether Ctrl-C stopped it."""
    game, plan, players = m.game, m.plan, len(m.plan.players)
    start = time.perf_counter()
    # game 0 of block 0 checks the block and the bots, and is timed; its tally is kept, not played again
    state, moves, slots = play_one(game, plan, m.policies, 0, 0)
    first = Tally(players)
    add_game(first, game, plan, state, moves, slots, getattr(m.sim, "tally", None))
    per_game = time.perf_counter() - start
    estimate = per_game * games * len(m.blocks)
    size = chunk_size(per_game, CHUNK_GAMES)  # slow games: smaller chunks (the tallies are the same)

    firsts = range(0, games, size)
    tasks = [(plan.key, b, f + (b == 0 == f), min(size, games - f) - (b == 0 == f))
             for f in firsts for b in range(len(m.blocks))]
    tasks = [t for t in tasks if t[3] > 0]
    told_first = not tasks or tasks[0][2] != 1  # the first chunk's report counts game 0 too

    def done(i: int) -> None:
        if on_done is not None:
            on_done(tasks[i][3] + (i == 0 and not told_first))

    out = (runner or run_chunks)(match_chunk, tasks, jobs=jobs, on_done=done, shared=plan, estimate=estimate)
    per_block = [Tally(players) for _ in m.blocks]
    pooled = Tally(players)
    per_block[0].merge(first)
    pooled.merge(first)
    if told_first and on_done is not None and not out.interrupted:
        on_done(1)
    for task, tally in zip(tasks, out.results, strict=True):
        if tally is not None:
            per_block[task[1]].merge(tally)
            pooled.merge(tally)
    return per_block, pooled, bool(out.interrupted)


def _sweep(keys: list[str], blocks: list[dict[str, Any]], tallies: list[Tally], plan: MatchPlan,
           summarize: Any) -> dict[str, Any]:
    rows = [{"options": {k: plain(block[k]) for k in keys}, **figures(t, plan.players, plan.bots, summarize)}
            for block, t in zip(blocks, tallies, strict=True)]
    played = [i for i, t in enumerate(tallies) if t.games]
    best = min(played, key=lambda i: tallies[i].spread(), default=None)  # ties: the first value given
    return {
        "keys": keys,
        "statistic": SPREAD,
        "blocks": rows,
        "most_even": None if best is None else {"options": rows[best]["options"],
                                                "seat_spread": sig(float(tallies[best].spread()))},
    }


def _record(game: Game[Any, Any], plan: MatchPlan, policies: Sequence[Any], index: int) -> dict[str, Any]:
    state, _, _ = play_one(game, plan, policies, 0, index)
    return dict(game.record(state))


def save_record(result: MatchResult, index: int, path: Any, *, force: bool = False) -> None:
    """Write the saved game's record as YAML (``kcal rules replay`` replays it), atomically. Without
    ``force`` the file is created exclusively: an existing one is refused, never replaced."""
    from kcal.sim.records import write_record

    if result.record is None:
        raise UsageError("no game was saved (give --save-game K)")
    d = result.data
    comment = (f"kcal sim match --game {d['game']} --players {d['players']} --seed {d['seed']}: game {index}\n"
               f"replay with: kcal rules replay {path}")
    write_record(result.record, path, comment=comment, force=force)
