"""Conformance checks on states met in random games: views and determinizing, clones, bots, records
replayed by the pack's own replay, and the replay's ``state`` given back as ``start:`` (see
:mod:`kcal.conformance`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

from kcal.conformance.common import Report, fail, key, plain, snapshot
from kcal.conformance.play import play_random
from kcal.core.errors import KcalError
from kcal.core.game import Game, Setup
from kcal.core.rng import Rng


def check_views(game: Game[Any, Any], samples: Sequence[tuple[Setup, Any]], seed: int = 1, *,
                report: Report | None = None) -> Report:
    """Views are plain JSON; ``determinize(state, p)`` keeps ``p``'s view, whose move it is and
    ``p``'s legal moves, leaves the state alone, is reproducible from its seed, gives a playable
    state; for a game with hidden information it changes some other player's view somewhere."""
    report = report or Report()
    for k, (setup, state) in enumerate(samples):
        players = setup.players
        w = f"{game.info.id} sample state {k}"
        before = snapshot(game, state, players)
        views = {p: game.view(state, p) for p in players}
        for p in players:
            plain(views[p], f"view for {p}", w)
            det = game.determinize(state, p, seed + k)
            report.determinizations += 1
            if game.view(det, p) != views[p]:
                fail(w, f"determinize for {p} changed {p}'s own view: the view shows something "
                        f"{p} cannot know, or determinize redeals something {p} has seen")
            if game.to_move(det) != game.to_move(state):
                fail(w, f"determinize for {p} changed whose move it is")
            if p in game.to_move(state) and ({key(game, m) for m in game.legal_moves(det, p)}
                                             != {key(game, m) for m in game.legal_moves(state, p)}):
                fail(w, f"determinize for {p} changed {p}'s legal moves")
            again = game.determinize(state, p, seed + k)
            if [game.view(again, q) for q in players] != [game.view(det, q) for q in players]:
                fail(w, "determinize with the same seed gave different states")
            changed = [q for q in players if q != p and game.view(det, q) != views[q]]
            if changed and not game.info.hidden_information:
                fail(w, f"determinize changed {changed[0]}'s view, but the game declares no hidden "
                        f"information")
            report.hidden_changes += bool(changed)
            for q in game.to_move(det):
                for m in game.legal_moves(det, q)[:5]:
                    if game.why_illegal(det, q, m) is not None:
                        fail(w, f"in a determinized state {q}'s generated move {game.encode_move(m)} "
                                f"is illegal: {game.why_illegal(det, q, m)}")
                game.apply(det, q, game.legal_moves(det, q)[0])
                break
        if snapshot(game, state, players) != before:
            fail(w, "view or determinize changed the state")
    many = any(len(setup.players) > 1 and game.to_move(s) for setup, s in samples)
    if game.info.hidden_information and many and not report.hidden_changes:
        fail(game.info.id, f"determinize never changed another player's view in {len(samples)} states: "
                           f"it redeals nothing hidden, so the view check proves nothing")
    return report


def check_clone(game: Game[Any, Any], samples: Sequence[tuple[Setup, Any]]) -> None:
    """``clone`` gives an equal state that goes on independently (and identically). Each sample
    state not over is advanced by one move; a new game of the first sample's setup is checked too."""
    checked = 0
    starts = [(setup, game.new_state(setup, 0)) for setup, _ in samples[:1]]
    for k, (setup, state) in enumerate([*starts, *samples]):
        players = setup.players
        w = f"{game.info.id} {'sample state ' + str(k - len(starts)) if k >= len(starts) else 'new game'}"
        before = snapshot(game, state, players)
        copy = game.clone(state)
        if snapshot(game, copy, players) != before:
            fail(w, "the clone differs from the state")
        acting = game.to_move(copy)
        if not acting:
            continue
        move = game.legal_moves(copy, acting[0])[0]
        game.apply(copy, acting[0], move)
        if snapshot(game, state, players) != before:
            fail(w, "a move applied to the clone changed the original")
        game.apply(state, acting[0], move)
        if snapshot(game, state, players) != snapshot(game, copy, players):
            fail(w, "the clone and the original went different ways after the same move")
        checked += 1
    if not checked:
        fail(game.info.id, f"no state of {len(samples)} samples had a player to move: clone was not checked")


def check_bots(game: Game[Any, Any], samples: Sequence[tuple[Setup, Any]], seed: int = 1) -> None:
    """Every bot returns a legal move for the player to move, the same one for the same generator,
    and leaves the state alone."""
    bots = game.bots()
    if not bots:
        fail(game.info.id, "bots() offers no bot")
    live = [(setup, state) for setup, state in samples if game.to_move(state)]
    if not live:
        fail(game.info.id, f"no state of {len(samples)} samples had a player to move: bots were not checked")
    for k, (setup, state) in enumerate(live):
        acting = game.to_move(state)
        players = setup.players
        before = snapshot(game, state, players)
        for name, bot in bots.items():
            w = f"{game.info.id} bot {name!r}, sample state {k}"
            a = bot(game, state, acting[0], Rng(seed + k))
            b = bot(game, state, acting[0], Rng(seed + k))
            if game.why_illegal(state, acting[0], a) is not None:
                fail(w, f"chose an illegal move: {game.why_illegal(state, acting[0], a)}")
            if key(game, a) != key(game, b):
                fail(w, "chose differently with the same generator")
            if snapshot(game, state, players) != before:
                fail(w, "changed the state it decided on")


def check_replay(game: Game[Any, Any], finished: Sequence[tuple[Setup, int, Any, int]],
                 replay: Callable[[Path], Any], folder: Path) -> int:
    """Each game's record, written as YAML (``kcal.sim.records.record_yaml``), replays with every move
    legal to the same end, winners and scores; so do the first two games stopped half way."""
    from kcal.sim.records import record_yaml

    count = 0
    for n, (setup, seed, state, moves) in enumerate(finished):
        w = f"{game.info.id}, {len(setup.players)} players, seed {seed}"
        half = play_random(game, setup, seed, checks=False, stop_after=moves // 2) \
            if moves > 1 and n < 2 else None
        for label, st in (("finished", state), ("half-way", half)):
            if st is None:
                continue
            path = folder / f"{game.info.id}-{len(setup.players)}-{setup.variant}-{seed}-{label}.yaml"
            path.write_text(record_yaml(game.record(st)), encoding="utf-8")
            result = replay(path)
            got = result.to_json()
            out = game.outcome(st)
            expected = {"legal": True, "ended": out is not None, "end_reason": out.reason if out else None}
            for k, v in expected.items():
                if got.get(k) != v:
                    fail(w, f"the {label} game's record replays with {k} = {got.get(k)!r}, not {v!r}"
                            f" ({path})")
            if getattr(result, "exit_code", 0) != 0:
                fail(w, f"replaying the {label} game's record exits {result.exit_code}")
            if out is not None:
                if sorted(got.get("winners") or ()) != sorted(out.winners):
                    fail(w, f"the replay's winners {got.get('winners')} are not {list(out.winners)}")
                if {p: float(v) for p, v in (got.get("scores") or {}).items()} != \
                        {p: float(v) for p, v in out.scores.items()}:
                    fail(w, f"the replay's scores {got.get('scores')} are not {dict(out.scores)}")
            count += 1
    return count


#: the keys of a record that every pack's records share (SPEC "Game packs"): a record of these and a
#: ``start:`` alone is a whole record for a pack that reads start positions
HEADER_KEYS = ("game", "players", "variant", "seed")
#: what a replay's JSON says of where it came from, not of the state it reached
_NOT_STATE = ("record", "moves_applied")


def start_record(record: Mapping[str, Any], state: Any) -> dict[str, Any]:
    """The record that begins at ``state`` (a replay's JSON ``state``): ``record``'s header and ``start:``."""
    out = {k: record[k] for k in HEADER_KEYS if k in record}
    out["start"] = state
    return out


def check_start_round_trip(game: Game[Any, Any], finished: Sequence[tuple[Setup, int, Any, int]],
                           replay: Callable[[Path], Any], folder: Path, points: int = 5) -> int:
    """For a game that reads ``start:`` positions (``GameInfo.start_positions``): the ``state`` of a
    replay, given back as ``start:`` (:func:`start_record`), replays to the same state: the same replay
    JSON but where it came from (the ``state``, whose move it is, the end, winners and scores). Checked
    at ``points`` moments of each finished game, its first and last states included. Returns how many
    states were checked."""
    from kcal.sim.records import record_yaml

    count = 0
    for setup, seed, final, moves in finished:
        stops = sorted({moves * k // max(1, points - 1) for k in range(points)})
        for stop in stops:
            w = f"{game.info.id}, {len(setup.players)} players, seed {seed}, after {stop} moves"
            st = final if stop >= moves else play_random(game, setup, seed, checks=False, stop_after=stop)
            name = f"{game.info.id}-{len(setup.players)}-{setup.variant}-{seed}-{stop}"
            record = game.record(st)
            path = folder / f"{name}.yaml"
            path.write_text(record_yaml(record), encoding="utf-8")
            first = replay(path).to_json()
            again = folder / f"{name}-start.yaml"
            again.write_text(record_yaml(start_record(record, first["state"])), encoding="utf-8")
            try:
                second = replay(again).to_json()
            except KcalError as exc:
                fail(w, f"the replay's state, given back as start:, is refused ({again}): {exc.message}")
            if not second.get("legal") or second.get("moves_applied") != 0:
                fail(w, f"the start record {again} replays with legal = {second.get('legal')!r}, "
                        f"moves_applied = {second.get('moves_applied')!r}")
            for k in sorted(set(first) | set(second)):
                if k not in _NOT_STATE and first.get(k) != second.get(k):
                    fail(w, f"the replay's state, given back as start: ({again}), replays to {k} = "
                            f"{_diff(first.get(k), second.get(k))}")
            count += 1
    return count


def _diff(was: Any, now: Any) -> str:
    """Where two JSON values differ, shortly: the first differing key of two mappings, else both."""
    if isinstance(was, Mapping) and isinstance(now, Mapping):
        for k in sorted(set(was) | set(now), key=str):
            if was.get(k) != now.get(k):
                return f"...{k}: {now.get(k)!r:.200}, not {was.get(k)!r:.200}"
    return f"{now!r:.300}, not {was!r:.300}"
