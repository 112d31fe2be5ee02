"""Conformance checks by random play: games from many seeds, every step checked, probes of illegal
moves, and the same seed giving the same game (see :mod:`kcal.conformance`).

Random games pick uniformly among the legal moves with a generator derived from the seed; the checks
draw from a second generator, so a failing seed replays the same game with or without checks.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from kcal.conformance.common import JUNK, Report, fail, key, plain, players_for, snapshot
from kcal.conformance.info import configurations
from kcal.core.errors import KcalError
from kcal.core.game import Game, IllegalMove, Setup
from kcal.core.rng import Rng
from kcal.core.seeding import derive_seed


@dataclass
class _Play:
    game: Game[Any, Any]
    setup: Setup
    seed: int
    report: Report
    every: int = 5  # deep checks every this many steps
    pool: list[tuple[str, Any, str]] = field(default_factory=list)  # earlier (player, move, key)

    def where(self, step: int) -> str:
        v = f", variant {self.setup.variant}" if self.setup.variant else ""
        return f"{self.game.info.id}, {len(self.setup.players)} players{v}, seed {self.seed}, step {step}"


def _garbage(entry: Any, players: Sequence[str]) -> list[Any]:
    def mapped(x: Any, leaf: Callable[[Any], Any]) -> Any:
        if isinstance(x, Mapping):
            return {k: mapped(v, leaf) for k, v in x.items()}
        if isinstance(x, (list, tuple)):
            return [mapped(v, leaf) for v in x]
        return leaf(x)

    return [{}, {JUNK: [1, 2]},
            mapped(entry, lambda x: JUNK if isinstance(x, str) and x not in players else x),
            mapped(entry, lambda x: JUNK if isinstance(x, str) else x),
            mapped(entry, lambda x: x if isinstance(x, str) else JUNK)]


def _expect_illegal(p: _Play, state: Any, player: str, move: Any, what: str, step: int,
                    refuse: bool) -> None:
    game = p.game
    reason = game.why_illegal(state, player, move)
    if not isinstance(reason, str) or not reason:
        fail(p.where(step), f"{what} for {player} ({game.encode_move(move)}) is not generated here, "
                            f"yet why_illegal gives {reason!r} instead of a reason")
    p.report.illegal_probes += 1
    if not refuse:
        return
    before = snapshot(game, state, p.setup.players)
    try:
        game.apply(state, player, move)
    except IllegalMove:
        pass
    except Exception as exc:  # the finding is the wrong exception type
        fail(p.where(step), f"apply raised {type(exc).__name__} for {what} ({exc}); an illegal move "
                            f"raises IllegalMove")
    else:
        fail(p.where(step), f"apply accepted {what} for {player} although why_illegal says {reason!r}")
    if snapshot(game, state, p.setup.players) != before:
        fail(p.where(step), f"apply refused {what} for {player} but changed the state")
    p.report.refused_applies += 1


def _deep(p: _Play, state: Any, acting: Sequence[str], rng: Rng, step: int) -> None:
    game = p.game
    legal = {x: {key(game, m) for m in game.legal_moves(state, x)} for x in acting}
    probes = [p.pool[rng.below(len(p.pool))] for _ in range(min(6, len(p.pool)))]
    refused = False
    for owner, move, k in probes:  # other players' moves, moves of other states
        for x in dict.fromkeys([owner, *acting]):
            if k not in legal.get(x, ()):
                _expect_illegal(p, state, x, move, "a move from an earlier state", step, not refused)
                refused = True
    sample = game.legal_moves(state, acting[0])
    entry = game.encode_move(sample[rng.below(len(sample))])
    for junk in _garbage(entry, p.setup.players):
        if junk == entry:
            continue
        try:
            move = game.decode_move(junk)
        except KcalError:
            continue
        except Exception as exc:  # the finding is the wrong exception type
            fail(p.where(step), f"decode_move({junk!r}) raised {type(exc).__name__}: {exc}; bad input "
                                f"must raise KcalError")
        for x in acting:
            if key(game, move) not in legal[x]:
                _expect_illegal(p, state, x, move, "a decoded garbage entry", step, not refused)
                refused = True


def _step_checks(p: _Play, state: Any, acting: tuple[str, ...], moves: Sequence[Any], rng: Rng,
                 step: int) -> None:
    game = p.game
    players = p.setup.players
    w = p.where(step)
    if len(set(acting)) != len(acting) or not set(acting) <= set(players):
        fail(w, f"to_move {acting} must name distinct players of {players}")
    for x in players:
        if x not in acting and game.legal_moves(state, x):
            fail(w, f"{x} is not to move but has legal moves")
    for x in acting:
        if not game.legal_moves(state, x):
            fail(w, f"{x} is to move but has no legal move, and the game is not over")
    deep = step % p.every == 0
    chosen = moves if deep else [moves[rng.below(len(moves))] for _ in range(min(3, len(moves)))]
    for n, m in enumerate(chosen):
        reason = game.why_illegal(state, acting[0], m)
        if reason is not None:
            fail(w, f"generated move {game.encode_move(m)} is illegal: {reason}")
        if n % max(1, len(chosen) // 8):
            continue  # every generated move is checked; a sample of them goes through the record codec
        entry = game.encode_move(m)
        plain(entry, f"encode_move({m!r})", w)
        again = game.decode_move(entry)
        if game.encode_move(again) != entry or game.why_illegal(state, acting[0], again) is not None:
            fail(w, f"{entry} does not survive encode_move/decode_move")
    p.report.legal_checked += len(chosen)
    if deep:
        _deep(p, state, acting, rng, step)
    for _ in range(2):
        m = moves[rng.below(len(moves))]
        p.pool.append((acting[0], m, key(game, m)))
    del p.pool[:-64]


def _check_outcome(game: Game[Any, Any], state: Any, players: Sequence[str], where: str) -> None:
    out = game.outcome(state)
    if out is None:
        return
    if not set(out.winners) <= set(players) or len(set(out.winners)) != len(out.winners):
        fail(where, f"winners {out.winners} must be distinct players of {tuple(players)}")
    if set(out.scores) != set(players):
        fail(where, f"scores {dict(out.scores)} must have exactly the players {tuple(players)}")
    for pl, v in out.scores.items():
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            fail(where, f"{pl}'s score {v!r} is not a number")
    if not isinstance(out.reason, str) or not out.reason:
        fail(where, f"end_reason {out.end_reason!r} has no string value")


def play_random(game: Game[Any, Any], setup: Setup, seed: int, *, max_moves: int = 5_000,
                report: Report | None = None, checks: bool = True, sample_every: int = 0,
                stop_after: int | None = None) -> Any:
    """Play one game with uniformly random legal moves (from a generator derived from ``seed``);
    with ``checks``, check every step as the module docstring says. Returns the final state (or the
    state after ``stop_after`` moves)."""
    p = _Play(game, setup, seed, report or Report())
    state = game.new_state(setup, seed)
    rng = Rng(derive_seed(seed, "conformance", game.info.id))  # the moves: the same game with or without checks
    crng = Rng(derive_seed(seed, "conformance-checks", game.info.id))
    for step in range(max_moves + 1):
        acting = game.to_move(state)
        if (not acting) != (game.outcome(state) is not None):
            fail(p.where(step), f"to_move is {acting} but outcome is {game.outcome(state)!r}: "
                                f"to_move must be empty exactly when the game is over")
        if not acting or step == stop_after:
            break
        if step == max_moves:
            fail(p.where(step), f"no outcome after {max_moves} moves")
        player = acting[rng.below(len(acting))]
        moves = game.legal_moves(state, player)
        if checks:
            _step_checks(p, state, (player, *(a for a in acting if a != player)), moves, crng, step)
        if sample_every and step % sample_every == sample_every // 2:
            p.report.samples.append((setup, game.clone(state)))
        move = moves[rng.below(len(moves))]
        game.apply(state, player, move)
        p.report.moves += 1
    _check_outcome(game, state, setup.players, p.where(-1))
    if stop_after is not None and game.to_move(state):
        return state
    if checks:
        for x in setup.players:
            if game.legal_moves(state, x):
                fail(p.where(-1), f"the game is over but {x} still has legal moves")
        for owner, move, _ in p.pool[-4:]:
            _expect_illegal(p, state, owner, move, "a move after the end", -1, True)
    out = game.outcome(state)
    p.report.games += 1
    p.report.end_reasons[out.reason if out else "?"] += 1
    return state


def check_random_games(game: Game[Any, Any], seeds: Iterable[int] = range(30), *, max_moves: int = 5_000,
                       report: Report | None = None) -> Report:
    """Random games from every seed, the configurations taken in turn, every step checked."""
    report = report or Report()
    configs = configurations(game)
    done: set[tuple[int, str | None]] = set()
    for k, seed in enumerate(seeds):
        n, variant = configs[k % len(configs)]
        setup = Setup(players_for(n), variant)
        moves = report.moves
        state = play_random(game, setup, seed, max_moves=max_moves, report=report, sample_every=11)
        if (n, variant) not in done:
            done.add((n, variant))
            report.finished.append((setup, seed, state, report.moves - moves))
    return report


def check_same_seed_same_game(game: Game[Any, Any], seeds: Iterable[int] = range(3), *,
                              max_moves: int = 5_000) -> None:
    """The same setup and seed give the same game (equal records); with chance, seeds matter."""
    starts = []
    for n, variant in configurations(game):
        setup = Setup(players_for(n), variant)
        for seed in seeds:
            a = play_random(game, setup, seed, max_moves=max_moves, checks=False)
            b = play_random(game, setup, seed, max_moves=max_moves, checks=False)
            if game.record(a) != game.record(b):
                fail(f"{game.info.id}, {n} players, seed {seed}", "the same seed gave different games")
            starts.append(json.dumps(game.view(game.new_state(setup, seed), setup.players[0]), sort_keys=True))
        if game.info.chance and len(set(starts)) == 1 and len(starts) > 1:
            fail(f"{game.info.id}, {n} players", "every seed deals the same start: the seed is ignored")
        starts.clear()
