"""``kcal deck build``: legal decks that win most against a gauntlet, found by MAP-Elites.

MAP-Elites (Mouret & Clune 2015; Fontaine et al. 2019 searched Hearthstone decks this way) keeps an
*archive*: a map of cells over two deck features the user picks (:mod:`kcal.games.kcaloria.deck.features`),
each cell holding the best deck found whose features fall in it. The search:

1. plays every gauntlet deck against the gauntlet (its baseline win rate) and puts the legal ones in
   the map as the first elites;
2. then, generation after generation of :data:`BATCH` candidates, takes a uniformly chosen elite and
   mutates it (one or more swaps: a tile out, another name in, a tile type first and then one of its
   names, so the deck keeps 60 tiles, at most 5 of a name and a water tile), or now and then deals a
   random legal deck;
3. scores each candidate by its win rate against the gauntlet: seat-rotated 2-player games against each
   gauntlet deck, on the shared deck match (:mod:`kcal.sim.match`, the decks as per-slot setup values),
   a tie counting 1/k of a win. The games are *raced* (:func:`race_sizes`): ``games`` against each
   gauntlet deck first, then twice as many, up to :data:`RACE` times ``games``, the number every elite
   has played; a candidate plays the next round only while it could still beat its cell's elite on the
   games both have played (:func:`_contender`), and takes the cell if the cell is empty or it wins more
   of the full rounds than the elite did.

*Common random numbers*: game ``i`` against gauntlet deck ``o`` is dealt from the same seed for every deck
(``derive_seed(seed, "deck-build-games", o)``, game index ``i``), the gauntlet's own baseline included, so
two decks' tallies differ by the decks and the bots' choices, not by the deals, and a candidate is
compared with its elite game for game. Generation ``g`` draws its candidates from
``Rng(derive_seed(seed, "deck-build", g))``. A round's games are cut into chunks that do not depend on
``--jobs``, their tallies are exact, the race's decisions depend only on those tallies and the archive
is updated in candidate order, so the archive is the same bytes for any ``--jobs`` and on Dask. Ctrl-C
stops the search: the candidates whose race finished are kept, and the archive so far is the result
(``interrupted``).
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

from kcal.core.errors import UsageError
from kcal.core.rng import Rng
from kcal.core.seeding import derive_seed
from kcal.core.stats import proportion, sig
from kcal.games.kcaloria.deck.features import Feature
from kcal.games.kcaloria.files.cardset import Tile
from kcal.games.kcaloria.files.load import Library
from kcal.games.kcaloria.rules.domain import TileType, fold_name
from kcal.sim.match import CHUNK_GAMES, DEFAULT_MAX_MOVES, MatchPlan, match_chunk, seat_names
from kcal.sim.match_tally import Tally, win_unit
from kcal.sim.parallel import MAX_GAMES, check_count

#: candidates per generation (fixed: the search must not depend on --jobs)
BATCH = 16
#: the share of a generation's candidates dealt at random instead of mutated from an elite
RANDOM_EVERY = 8
#: most swaps in one mutation (1 + a geometric number, p = 1/2)
MAX_SWAPS = 8
MAX_EVALUATIONS = 100_000
DECK_SIZE = 60
MAX_COPIES = 5
#: the setup option each seat's deck goes into (kCaloria's deck match)
DECKS_OPTION = "decks"
#: an elite has played RACE times ``games`` games against each gauntlet deck; a candidate plays ``games``
#: first, then doubles them while it could still beat its cell's elite (a power of 2; 1: no racing)
#: (the help of deck build's --games and docs/balance.md say 4)
RACE = 4
#: how far behind its cell's elite a candidate may be after a round and still play the next, in standard
#: errors of the difference of two win rates over those games
RACE_SLACK = 1.0


@dataclass(frozen=True)
class Opponent:
    """A gauntlet deck: its name, the file it came from, its tiles."""

    name: str
    file: str
    tiles: tuple[Tile, ...]


class DeckSpace:
    """Legal decks over a library's tiles, as count vectors (one count per library tile, in library order)."""

    def __init__(self, library: Library) -> None:
        self.tiles: tuple[Tile, ...] = library.tiles
        self.index = {fold_name(t.name): k for k, t in enumerate(self.tiles)}
        self.water = [k for k, t in enumerate(self.tiles) if t.type is TileType.WATER]
        if not self.water:
            raise UsageError("the catalogs hold no water tile: no legal deck can be built")
        if len(self.tiles) * MAX_COPIES < DECK_SIZE:
            raise UsageError(f"the catalogs hold {len(self.tiles)} names: a 60-tile deck needs at least 12")

    def counts_of(self, tiles: Sequence[Tile]) -> tuple[int, ...] | None:
        """A deck's count vector, or None when it is not a legal deck over this library."""
        counts = [0] * len(self.tiles)
        for t in tiles:
            k = self.index.get(fold_name(t.name))
            if k is None or self.tiles[k] != t:
                return None
            counts[k] += 1
        return tuple(counts) if self.legal(counts) else None

    def legal(self, counts: Sequence[int]) -> bool:
        """kCaloria's standard format: 60 tiles, at most 5 of a name, a water tile (Setup)."""
        return (sum(counts) == DECK_SIZE and max(counts) <= MAX_COPIES
                and any(counts[k] for k in self.water))

    def deck(self, counts: Sequence[int]) -> list[Tile]:
        return [t for t, n in zip(self.tiles, counts, strict=True) for _ in range(n)]

    def random(self, rng: Rng) -> tuple[int, ...]:
        """A random legal deck: 6 to 30 water tiles (as far as the water names allow), the rest any names."""
        counts = [0] * len(self.tiles)
        water = min(6 + rng.below(25), MAX_COPIES * len(self.water))
        self._fill(counts, self.water, water, rng)
        self._fill(counts, range(len(self.tiles)), DECK_SIZE, rng)
        return tuple(counts)

    def _fill(self, counts: list[int], pool: Sequence[int], total: int, rng: Rng) -> None:
        room = [k for k in pool if counts[k] < MAX_COPIES]
        while sum(counts) < total and room:
            k = rng.choice(room)
            counts[k] += 1
            if counts[k] == MAX_COPIES:
                room.remove(k)

    def mutate(self, counts: Sequence[int], rng: Rng) -> tuple[int, ...]:
        """One or more swaps (a copy out, a copy of another name in); the deck stays legal."""
        out = list(counts)
        swaps = 1
        while swaps < MAX_SWAPS and rng.below(2):
            swaps += 1
        for _ in range(swaps):
            deck = [k for k, n in enumerate(out) for _ in range(n)]
            gone = rng.choice(deck)
            new = self._incoming(out, gone, rng)
            out[gone] -= 1
            out[new] += 1
            if not any(out[k] for k in self.water):  # the last water tile went: undo this swap
                out[gone] += 1
                out[new] -= 1
        return tuple(out)

    def _incoming(self, counts: Sequence[int], gone: int, rng: Rng) -> int:
        """The name a swap brings in: a tile type first, each type with room alike, then one of its names
        with room. Drawn by name, a swap would bring in one of the 38 plants seven times as often as one
        of the 5 humans, whose second copy on the table ends the game (rulebook, Winning)."""
        room = [k for k, n in enumerate(counts) if n < MAX_COPIES and k != gone]
        types = sorted({self.tiles[k].type for k in room}, key=list(TileType).index)
        kind = rng.choice(types)
        return rng.choice([k for k in room if self.tiles[k].type is kind])


@dataclass
class Elite:
    """A deck in the map: its counts, features, cell, and the games that scored it."""

    counts: tuple[int, ...]
    values: tuple[float, float]
    cell: tuple[int, int]
    games: int
    evaluation: int
    #: the wins after each round of the race (:func:`race_sizes`), the last one of all its games
    rounds: tuple[Fraction, ...]

    @property
    def wins(self) -> Fraction:
        return self.rounds[-1]

    @property
    def win_rate(self) -> Fraction:
        return self.wins / self.games


@dataclass(frozen=True)
class EvalBatch:
    """What every worker receives once per round of a race: one match plan per (deck, gauntlet deck)."""

    key: str
    plans: tuple[MatchPlan, ...]


def eval_chunk(batch: EvalBatch, key: str, p: int, first: int, count: int) -> Tally:
    """Games ``first .. first + count - 1`` of plan ``p`` (a candidate against a gauntlet deck)."""
    if key != batch.key:
        from kcal.core.errors import KcalError

        raise KcalError("a chunk reached a worker with another round's decks", code="internal")
    plan = batch.plans[p]
    return match_chunk(plan, plan.key, 0, first, count)


@dataclass
class BuildSpec:
    """A search, checked: the space, the gauntlet, the features, the budget, the bots."""

    space: DeckSpace
    gauntlet: tuple[Opponent, ...]
    features: tuple[Feature, Feature]
    bins: int
    evaluations: int
    games: int
    seed: int
    bots: tuple[str, str]


@dataclass
class BuildResult:
    """The archive (cell to elite), the gauntlet's own win rates, and how the search went."""

    spec: BuildSpec
    archive: dict[tuple[int, int], Elite] = field(default_factory=dict)
    baseline: list[tuple[Fraction, int] | None] = field(default_factory=list)
    evaluations: int = 0
    #: the games played in all (the baseline's, every round of every candidate's)
    played: int = 0
    interrupted: bool = False

    def elites(self) -> list[Elite]:
        """The archive, best first (ties: the lower cell)."""
        return sorted(self.archive.values(), key=lambda e: (-e.win_rate, e.cell))


def _tile_key(tile: Any) -> str:
    return str(getattr(tile, "key", None) or getattr(tile, "name", tile))


#: decks a gauntlet may hold (every candidate plays each): more is refused before any game
MAX_GAUNTLET = 16


def load_gauntlet(paths: Sequence[str | Path], catalogs: Sequence[str | Path] = ()) -> tuple[list[Opponent], list[Path]]:
    """The gauntlet's decks (files, or shipped decks by name; none given: the shipped standard decks)
    and every file they read (outputs must never replace one)."""
    from kcal.core import examples
    from kcal.games.kcaloria import PACK
    from kcal.games.kcaloria.deck.check import playable_tiles
    from kcal.games.kcaloria.files.load import load_deck
    from kcal.games.kcaloria.game import DECKS_DIR, STANDARD_DECKS

    if len(paths) > MAX_GAUNTLET:
        raise UsageError(f"--gauntlet is given {len(paths)} times; a gauntlet holds at most {MAX_GAUNTLET} decks")
    files = [examples.resolve(PACK, p, examples.DECKS) for p in paths] or [
        DECKS_DIR / f"{name}.yaml" for name in STANDARD_DECKS]
    opponents, inputs = [], []
    seen: dict[tuple[str, ...], str] = {}
    for f in files:
        loaded = load_deck(f, tuple(catalogs))
        if loaded.deck.format == "solo":
            raise UsageError(f"--gauntlet {loaded.display}: {loaded.deck.name!r} is a solo deck; a gauntlet plays "
                             "2-player games against standard decks")
        tiles = tuple(playable_tiles(loaded))
        same = tuple(sorted(_tile_key(t) for t in tiles))
        if same in seen:
            raise UsageError(f"--gauntlet {loaded.display}: the same deck as {seen[same]}; give each gauntlet "
                             "deck once")
        seen[same] = loaded.display
        opponents.append(Opponent(loaded.deck.name, loaded.display, tiles))
        inputs += loaded.input_paths()
    return opponents, inputs


def load_space(catalogs: Sequence[str | Path] = ()) -> tuple[DeckSpace, list[Path]]:
    """The tiles a deck may hold: the built-in catalogs and ``catalogs``; and the files read."""
    from kcal.games.kcaloria.files.load import BUILTIN, load_library

    library = load_library([BUILTIN, *catalogs], base=Path.cwd())
    return DeckSpace(library), library.source_paths()


def check_build(space: DeckSpace, gauntlet: Sequence[Opponent], features: tuple[Feature, Feature], *,
                bins: int, evaluations: int, games: int, seed: int, bots: Sequence[str] | None) -> BuildSpec:
    """Every input checked before the first game: counts in range, bots known, a gauntlet to play."""
    from kcal.games.kcaloria import PACK
    from kcal.games.kcaloria.deck.features import MAX_BINS
    from kcal.sim.match import load_game, resolve_bots

    if not gauntlet:
        raise UsageError("the gauntlet is empty: give --gauntlet DECK (repeatable)")
    check_count("--bins", bins, MAX_BINS, least=2)
    check_count("--evaluations", evaluations, MAX_EVALUATIONS, least=1)
    check_count("--games", games, MAX_GAMES, least=1)
    check_count("games in all", (evaluations + len(gauntlet)) * games * RACE * len(gauntlet), MAX_GAMES, least=1)
    names = resolve_bots(load_game(PACK), list(bots) if bots else ["greedy"], 2)
    return BuildSpec(space, tuple(gauntlet), features, bins, evaluations, games, seed, (names[0], names[1]))


def race_sizes(games: int) -> list[int]:
    """The games against each gauntlet deck a deck has played after each round of its race: ``games``,
    then twice as many, up to :data:`RACE` times ``games``."""
    sizes = [games]
    while sizes[-1] < games * RACE:
        sizes.append(min(sizes[-1] * 2, games * RACE))
    return sizes


def build_decks(spec: BuildSpec, *, jobs: int = 1, runner: Callable[..., Any] | None = None,
                on_progress: Callable[[int], None] | None = None) -> BuildResult:
    """Run the search (see the module docstring); ``on_progress(k)``: ``k`` more decks evaluated (the
    gauntlet's included)."""
    from kcal.sim.parallel import run_chunks

    result = BuildResult(spec)
    play = _Player(spec, runner or run_chunks, jobs, on_progress)
    try:
        # generation 0: the gauntlet against itself, the baseline and the first elites
        base = [(o.tiles, spec.space.counts_of(o.tiles)) for o in spec.gauntlet]
        rounds, _, stopped = _race(play, [t for t, _ in base], [None] * len(base), result)
        full = race_sizes(spec.games)[-1] * len(spec.gauntlet)
        result.baseline = [(r[-1], full) if len(r) == len(race_sizes(spec.games)) else None for r in rounds]
        if stopped:
            result.interrupted = True
            return result
        for (_, counts), r in zip(base, rounds, strict=True):
            if counts is not None:
                _insert(result, counts, tuple(r), -1)
        generation = 0
        while result.evaluations < spec.evaluations and not result.interrupted:
            generation += 1
            rng = Rng(derive_seed(spec.seed, "deck-build", generation))
            n = min(BATCH, spec.evaluations - result.evaluations)
            _generation(result, play, [_candidate(result, rng) for _ in range(n)])
    except KeyboardInterrupt:
        result.interrupted = True
    return result


def _generation(result: BuildResult, play: _Player, candidates: list[tuple[int, ...]]) -> None:
    """Race a generation's candidates against their cells' elites (as the generation began), then put
    the ones that played every round into the map, in candidate order."""
    first = result.evaluations
    rivals = [result.archive.get(_cell(result.spec, c)[1]) for c in candidates]
    rounds, over, stopped = _race(play, [result.spec.space.deck(c) for c in candidates], rivals, result)
    full = len(race_sizes(result.spec.games))
    for k, (counts, r) in enumerate(zip(candidates, rounds, strict=True)):
        if over[k]:
            result.evaluations += 1
            if len(r) == full:
                _insert(result, counts, tuple(r), first + k)
    result.interrupted = stopped


@dataclass
class _Player:
    """How the games are played: the spec, the runner, the jobs, and who hears of progress."""

    spec: BuildSpec
    run: Callable[..., Any]
    jobs: int
    on_progress: Callable[[int], None] | None


def _race(play: _Player, decks: Sequence[Sequence[Tile]], rivals: Sequence[Elite | None], result: BuildResult
          ) -> tuple[list[list[Fraction]], list[bool], bool]:
    """Play ``decks`` round by round (:func:`race_sizes`), deck ``k`` going on while it could still beat
    ``rivals[k]`` (None: always). Returns each deck's wins after each round it finished, whether its race
    is over (every round played, or stopped), and whether Ctrl-C cut it."""
    spec = play.spec
    sizes = race_sizes(spec.games)
    wins: list[list[Fraction]] = [[] for _ in decks]
    over = [False] * len(decks)
    alive = list(range(len(decks)))
    for r, upto in enumerate(sizes):
        scored = _play(play, [decks[k] for k in alive], sizes[r - 1] if r else 0, upto)
        for k, s in zip(alive, scored, strict=True):
            if s is None:
                continue
            result.played += s[1]
            wins[k].append((wins[k][-1] if wins[k] else Fraction(0)) + s[0])
            over[k] = r == len(sizes) - 1 or not _contender(wins[k][-1], rivals[k], r, upto * len(spec.gauntlet))
        done = [k for k in alive if over[k]]
        if done and play.on_progress is not None:
            play.on_progress(len(done))
        if any(s is None for s in scored):
            return wins, over, True
        alive = [k for k in alive if not over[k]]
        if not alive:
            break
    return wins, over, False


def _contender(wins: Fraction, rival: Elite | None, r: int, games: int) -> bool:
    """Whether a deck with ``wins`` of its first ``games`` games could still beat ``rival``, who won
    ``rival.rounds[r]`` of the same games (the same deals): it is behind by at most :data:`RACE_SLACK`
    standard errors of the difference of two rates (pooled)."""
    if rival is None:
        return True
    behind = float(rival.rounds[r] - wins)
    p = float(rival.rounds[r] + wins) / (2 * games)
    return behind <= RACE_SLACK * math.sqrt(2 * games * p * (1 - p))


def _candidate(result: BuildResult, rng: Rng) -> tuple[int, ...]:
    space = result.spec.space
    if not result.archive or rng.below(RANDOM_EVERY) == 0:
        return space.random(rng)
    cells = sorted(result.archive)
    return space.mutate(result.archive[rng.choice(cells)].counts, rng)


def _cell(spec: BuildSpec, counts: tuple[int, ...]) -> tuple[tuple[float, float], tuple[int, int]]:
    deck = spec.space.deck(counts)
    fa, fb = spec.features
    values = (fa.value(deck), fb.value(deck))
    return values, (fa.bin(values[0], spec.bins), fb.bin(values[1], spec.bins))


def _insert(result: BuildResult, counts: tuple[int, ...], rounds: tuple[Fraction, ...], evaluation: int) -> None:
    """A deck that played every round takes its cell if the cell is empty or it won more of the same
    games than the elite there."""
    spec = result.spec
    values, cell = _cell(spec, counts)
    wins, games = rounds[-1], race_sizes(spec.games)[-1] * len(spec.gauntlet)
    old = result.archive.get(cell)
    if old is None or wins / games > old.win_rate:
        result.archive[cell] = Elite(counts, values, cell, games, evaluation, rounds)


def _play(play: _Player, decks: Sequence[Sequence[Tile]], first: int, upto: int
          ) -> list[tuple[Fraction, int] | None]:
    """Games ``first .. upto - 1`` of each deck against each gauntlet deck (game ``i`` against gauntlet
    deck ``o`` dealt from ``derive_seed(seed, "deck-build-games", o)`` and ``i`` for every deck: common
    random numbers): (wins, games) per deck, None for a deck whose games did not all finish (Ctrl-C)."""
    from kcal.games.kcaloria import PACK
    from kcal.sim.match import load_game

    spec = play.spec
    game = load_game(PACK)
    cap = int(getattr(game, "max_moves", None) or DEFAULT_MAX_MOVES)
    plans = []
    for deck in decks:
        for o, opp in enumerate(spec.gauntlet):
            plans.append(MatchPlan(PACK, seat_names(2), spec.bots, None, ({},),
                                   derive_seed(spec.seed, "deck-build-games", o), cap,
                                   ((DECKS_OPTION, (tuple(deck), opp.tiles)),)).keyed())
    key = hashlib.sha256("\n".join(p.key for p in plans).encode()).hexdigest()[:16]
    batch = EvalBatch(key, tuple(plans))
    starts = range(first, upto, CHUNK_GAMES)
    tasks = [(key, p, f, min(CHUNK_GAMES, upto - f)) for p in range(len(plans)) for f in starts]
    out = play.run(eval_chunk, tasks, jobs=play.jobs, shared=batch)
    n_opp, per_chunk = len(spec.gauntlet), len(starts)
    unit = win_unit(2)
    scores: list[tuple[Fraction, int] | None] = []
    for e in range(len(decks)):
        mine = out.results[e * n_opp * per_chunk:(e + 1) * n_opp * per_chunk]
        if any(t is None for t in mine):
            scores.append(None)
            continue
        scores.append((Fraction(sum(t.bot_wins[0] for t in mine), unit), sum(t.games for t in mine)))
    return scores


# --- the result as plain data -------------------------------------------------------------------------


def cell_file(folder: Path, cell: tuple[int, int]) -> Path:
    return folder / f"cell-{cell[0]}-{cell[1]}.yaml"


def _rate(wins: Fraction, games: int) -> dict[str, Any]:
    p = proportion(float(wins), games)
    return {"win_rate": p["value"], "win_rate_ci95": p["ci95"], "wins": sig(float(wins)), "games": games}


def _value(f: Feature, x: float) -> float | int:
    return int(x) if f.integer else sig(x)  # type: ignore[return-value]


def to_json(result: BuildResult, folder: Path) -> dict[str, Any]:
    """SPEC's ``deck build`` document (``game, seed, evaluations, features, archive, best``) and more."""
    spec = result.spec
    fa, fb = spec.features
    archive = [{"deck": str(cell_file(folder, e.cell)), "cell": list(e.cell),
                "features": [_value(fa, e.values[0]), _value(fb, e.values[1])], **_rate(e.wins, e.games),
                "evaluation": e.evaluation, "seed_deck": e.evaluation < 0}
               for e in result.elites()]
    gauntlet = [{"deck": o.file, "name": o.name, **(_rate(*s) if s is not None else
                                                     {"win_rate": None, "win_rate_ci95": [None, None]})}
                for o, s in zip(spec.gauntlet, result.baseline or [None] * len(spec.gauntlet), strict=True)]
    return {
        "game": "kcaloria",
        "seed": spec.seed,
        "evaluations": result.evaluations,
        "features": [fa.name, fb.name],
        "bins": spec.bins,
        "ranges": {fa.name: [fa.low, fa.high], fb.name: [fb.low, fb.high]},
        "games": spec.games,
        "bots": list(spec.bots),
        "batch": BATCH,
        "race": RACE,
        "games_played": result.played,
        "gauntlet": gauntlet,
        "cells": {"filled": len(archive), "total": spec.bins * spec.bins},
        "archive": archive,
        "best": archive[0] if archive else None,
        "interrupted": result.interrupted,
        "files": [a["deck"] for a in archive],
    }
