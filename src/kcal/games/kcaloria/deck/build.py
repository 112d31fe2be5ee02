"""``kcal deck build``: legal decks that win most against a gauntlet, found by MAP-Elites.

MAP-Elites (Mouret & Clune 2015; Fontaine et al. 2019 searched Hearthstone decks this way) keeps an
*archive*: a map of cells over two deck features the user picks (:mod:`kcal.games.kcaloria.deck.features`),
each cell holding the best deck found whose features fall in it. The search:

1. plays every gauntlet deck against the gauntlet (its baseline win rate) and puts the legal ones in
   the map as the first elites;
2. then, generation after generation of :data:`BATCH` candidates, takes a uniformly chosen elite and
   mutates it (one or more swaps: a tile out, another name in, so the deck keeps 60 tiles, at most 5
   of a name and a water tile), or now and then deals a random legal deck;
3. scores each candidate by its win rate against the gauntlet: ``games`` seat-rotated 2-player games
   against each gauntlet deck, on the shared deck match (:mod:`kcal.sim.match`, the decks as per-slot
   setup values), a tie counting 1/k of a win; a candidate takes its cell if the cell is empty or it
   wins more often than the elite there.

Reproducible: generation ``g`` draws from ``Rng(derive_seed(seed, "deck-build", g))``; the games of
candidate ``e`` against gauntlet deck ``o`` from ``derive_seed(seed, "deck-build-games", e, o)``. A
generation's games are cut into chunks that do not depend on ``--jobs``, their tallies are exact and
the archive is updated in candidate order, so the archive is the same bytes for any ``--jobs`` and on
Dask. Ctrl-C stops the search: the candidates whose games all finished are kept, and the archive so
far is the result (``interrupted``).
"""

from __future__ import annotations

import hashlib
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
            room = [k for k, n in enumerate(out) if n < MAX_COPIES and k != gone]
            new = rng.choice(room)
            out[gone] -= 1
            out[new] += 1
            if not any(out[k] for k in self.water):  # the last water tile went: undo this swap
                out[gone] += 1
                out[new] -= 1
        return tuple(out)


@dataclass
class Elite:
    """A deck in the map: its counts, features, cell, and the games that scored it."""

    counts: tuple[int, ...]
    values: tuple[float, float]
    cell: tuple[int, int]
    wins: Fraction
    games: int
    evaluation: int

    @property
    def win_rate(self) -> Fraction:
        return self.wins / self.games


@dataclass(frozen=True)
class EvalBatch:
    """What every worker receives once per generation: one match plan per (candidate, opponent)."""

    key: str
    plans: tuple[MatchPlan, ...]


def eval_chunk(batch: EvalBatch, key: str, p: int, first: int, count: int) -> Tally:
    """Games ``first .. first + count - 1`` of plan ``p`` (a candidate against a gauntlet deck)."""
    if key != batch.key:
        from kcal.core.errors import KcalError

        raise KcalError("a chunk reached a worker with another generation's decks", code="internal")
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
    interrupted: bool = False

    def elites(self) -> list[Elite]:
        """The archive, best first (ties: the lower cell)."""
        return sorted(self.archive.values(), key=lambda e: (-e.win_rate, e.cell))


def load_gauntlet(paths: Sequence[str | Path], catalogs: Sequence[str | Path] = ()) -> tuple[list[Opponent], list[Path]]:
    """The gauntlet's decks (files, or shipped decks by name; none given: the shipped standard decks)
    and every file they read (outputs must never replace one)."""
    from kcal.core import examples
    from kcal.games.kcaloria import PACK
    from kcal.games.kcaloria.deck.check import playable_tiles
    from kcal.games.kcaloria.files.load import load_deck
    from kcal.games.kcaloria.game import DECKS_DIR, STANDARD_DECKS

    files = [examples.resolve(PACK, p, examples.DECKS) for p in paths] or [
        DECKS_DIR / f"{name}.yaml" for name in STANDARD_DECKS]
    opponents, inputs = [], []
    for f in files:
        loaded = load_deck(f, tuple(catalogs))
        opponents.append(Opponent(loaded.deck.name, loaded.display, tuple(playable_tiles(loaded))))
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
    check_count("games in all", (evaluations + len(gauntlet)) * games * len(gauntlet), MAX_GAMES, least=1)
    names = resolve_bots(load_game(PACK), list(bots) if bots else ["greedy"], 2)
    return BuildSpec(space, tuple(gauntlet), features, bins, evaluations, games, seed, (names[0], names[1]))


def build_decks(spec: BuildSpec, *, jobs: int = 1, runner: Callable[..., Any] | None = None,
                on_progress: Callable[[int], None] | None = None) -> BuildResult:
    """Run the search (see the module docstring); ``on_progress(k)``: ``k`` more games played."""
    from kcal.sim.parallel import run_chunks

    result = BuildResult(spec)
    run = runner or run_chunks
    try:
        # generation 0: the gauntlet against itself, the baseline and the first elites
        base = [(o.tiles, spec.space.counts_of(o.tiles)) for o in spec.gauntlet]
        scored = _play(spec, [t for t, _ in base], lambda e, o: derive_seed(spec.seed, "deck-build-gauntlet", e, o),
                       run, jobs, on_progress)
        result.baseline = scored
        if any(s is None for s in scored):
            result.interrupted = True
            return result
        for (_, counts), s in zip(base, scored, strict=True):
            if counts is not None and s is not None:
                _insert(result, counts, s, -1)
        generation = 0
        while result.evaluations < spec.evaluations:
            generation += 1
            rng = Rng(derive_seed(spec.seed, "deck-build", generation))
            n = min(BATCH, spec.evaluations - result.evaluations)
            candidates = [_candidate(result, rng) for _ in range(n)]
            first = result.evaluations
            def seed_of(e: int, o: int, first: int = first) -> int:
                return derive_seed(spec.seed, "deck-build-games", first + e, o)

            scored = _play(spec, [spec.space.deck(c) for c in candidates], seed_of, run, jobs, on_progress)
            for k, (counts, s) in enumerate(zip(candidates, scored, strict=True)):
                if s is not None:
                    _insert(result, counts, s, first + k)
                    result.evaluations += 1
            if any(s is None for s in scored):
                result.interrupted = True
                break
    except KeyboardInterrupt:
        result.interrupted = True
    return result


def _candidate(result: BuildResult, rng: Rng) -> tuple[int, ...]:
    space = result.spec.space
    if not result.archive or rng.below(RANDOM_EVERY) == 0:
        return space.random(rng)
    cells = sorted(result.archive)
    return space.mutate(result.archive[rng.choice(cells)].counts, rng)


def _insert(result: BuildResult, counts: tuple[int, ...], score: tuple[Fraction, int], evaluation: int) -> None:
    spec = result.spec
    deck = spec.space.deck(counts)
    fa, fb = spec.features
    values = (fa.value(deck), fb.value(deck))
    cell = (fa.bin(values[0], spec.bins), fb.bin(values[1], spec.bins))
    wins, games = score
    old = result.archive.get(cell)
    if old is None or wins / games > old.win_rate:
        result.archive[cell] = Elite(counts, values, cell, wins, games, evaluation)


def _play(spec: BuildSpec, decks: Sequence[Sequence[Tile]], seed_of: Callable[[int, int], int],
          run: Callable[..., Any], jobs: int, on_progress: Callable[[int], None] | None
          ) -> list[tuple[Fraction, int] | None]:
    """Each deck against each gauntlet deck, ``spec.games`` games each (deck ``e`` against gauntlet deck
    ``o`` on the seed ``seed_of(e, o)``): (wins, games) per deck, None for a deck whose games did not all
    finish (Ctrl-C)."""
    from kcal.games.kcaloria import PACK
    from kcal.sim.match import load_game

    game = load_game(PACK)
    cap = int(getattr(game, "max_moves", None) or DEFAULT_MAX_MOVES)
    plans = []
    for e, deck in enumerate(decks):
        for o, opp in enumerate(spec.gauntlet):
            plans.append(MatchPlan(PACK, seat_names(2), spec.bots, None, ({},), seed_of(e, o), cap,
                                   ((DECKS_OPTION, (tuple(deck), opp.tiles)),)).keyed())
    key = hashlib.sha256("\n".join(p.key for p in plans).encode()).hexdigest()[:16]
    batch = EvalBatch(key, tuple(plans))
    tasks = [(key, p, f, min(CHUNK_GAMES, spec.games - f)) for p in range(len(plans))
             for f in range(0, spec.games, CHUNK_GAMES)]

    def done(i: int) -> None:
        if on_progress is not None:
            on_progress(tasks[i][3])

    out = run(eval_chunk, tasks, jobs=jobs, on_done=done, shared=batch)
    n_opp = len(spec.gauntlet)
    per_chunk = -(-spec.games // CHUNK_GAMES)
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
        "gauntlet": gauntlet,
        "cells": {"filled": len(archive), "total": spec.bins * spec.bins},
        "archive": archive,
        "best": archive[0] if archive else None,
        "interrupted": result.interrupted,
        "files": [a["deck"] for a in archive],
    }
