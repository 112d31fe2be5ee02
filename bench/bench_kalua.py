"""Kalua speed and game length: random playouts in moves per second as a ratio to python-chess random
plies per second measured in the same run, and how long games of 4 greedy bots last.

Run (from the checkout, with kcal's venv; ``pip install chess`` -- it is in the ``bench`` extra)::

    python bench/bench_kalua.py ratio [--rounds 5] [--games 100] [--chess-games 20]
        # random Kalua playouts (4 gods, through the Game protocol: to_move, legal_moves, apply with
        # its legality check) and python-chess random playouts, alternately, ROUNDS times each, in one
        # process; prints each block's rate and the ratio of the median rates (goal: at least 1)
    python bench/bench_kalua.py greedy [--games 40] [--players 4]
        # 4 greedy bots: the share of games that end (with a winner) within 200 turns, with its 95 %
        # interval, the median length in turns and the end reasons

Rates are per CPU second (``time.process_time``), so a busy shared machine disturbs them little; the
ratio compares two blocks measured back to back, alternately, so both see the same machine. A move is
one decision of one god (a draw, a leader action, a card, an answer, a target, "Convert!"); a chess
ply is one move of python-chess's ``Board.push`` after listing ``legal_moves``.

Findings (2-core shared machine under load, Python 3.11, chess 1.11.2, 2026-12-01): ``ratio`` with the
defaults: Kalua 32.6-36.9 k moves/s (a random 4-god game is about 170 moves), python-chess 8.8-9.5 k
plies/s, ratio of the medians 3.93 (3.62-4.01 per round). ``greedy --games 100``: 100 of 100 games
end within 200 turns (95 % interval 96.3-100 %), median 24 turns (p10 16, p90 32, longest 48); 99 end
with one religion left, 1 by a global disaster.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter


def kalua_playouts(games: int, first_seed: int = 0, players: int = 4) -> tuple[int, int, float]:
    """Random games through the public Game protocol: (games, moves, CPU seconds)."""
    from kcal.core.game import Setup, play, random_mover
    from kcal.core.rng import Rng
    from kcal.games.kalua.game import GAME

    setup = Setup(tuple("ABCDE"[:players]))
    moves = 0
    start = time.process_time()
    for seed in range(first_seed, first_seed + games):
        state = GAME.new_state(setup, seed)
        moves += play(GAME, state, random_mover(GAME, Rng(seed)), 10**9)
    return games, moves, time.process_time() - start


def chess_playouts(games: int, seed: int = 0) -> tuple[int, int, float]:
    """python-chess random games: (games, plies, CPU seconds)."""
    import random

    import chess

    rng = random.Random(seed)
    plies = 0
    start = time.process_time()
    for _ in range(games):
        board = chess.Board()
        while board.outcome() is None:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return games, plies, time.process_time() - start


def ratio(rounds: int, games: int, chess_games: int) -> None:
    kalua_rates: list[float] = []
    chess_rates: list[float] = []
    for r in range(rounds):
        n, moves, s = kalua_playouts(games, first_seed=r * games)
        kalua_rates.append(moves / s)
        print(f"  kalua  round {r + 1}: {n} games, {moves} moves in {s:.2f} s CPU: {moves / s:,.0f} moves/s",
              flush=True)
        n, plies, s = chess_playouts(chess_games, seed=r)
        chess_rates.append(plies / s)
        print(f"  chess  round {r + 1}: {n} games, {plies} plies in {s:.2f} s CPU: {plies / s:,.0f} plies/s",
              flush=True)
    k, c = statistics.median(kalua_rates), statistics.median(chess_rates)
    per_round = [a / b for a, b in zip(kalua_rates, chess_rates, strict=True)]
    print(f"kalua random playouts: median {k:,.0f} moves/s; python-chess: median {c:,.0f} plies/s")
    print(f"ratio kalua/chess: {k / c:.2f} (per round {min(per_round):.2f} to {max(per_round):.2f}; goal >= 1)")


def greedy(games: int, players: int, within: int = 200) -> None:
    from kcal.core.game import Setup
    from kcal.core.rng import Rng
    from kcal.core.stats import proportion
    from kcal.games.kalua.bots.basic import BOTS
    from kcal.games.kalua.game import GAME

    bot = BOTS["greedy"]
    setup = Setup(tuple("ABCDE"[:players]))
    lengths: list[int] = []
    ended_within = 0
    reasons: Counter[str] = Counter()
    start = time.process_time()
    for seed in range(games):
        state = GAME.new_state(setup, seed)
        rng = Rng(seed + 1_000_003)
        while True:
            acting = GAME.to_move(state)
            if not acting:
                break
            for player in acting:
                GAME.apply(state, player, bot(GAME, state, player, rng))
        lengths.append(state.turn)
        reasons[str(state.end_reason)] += 1
        ended_within += bool(state.winners) and state.turn <= within
    spent = time.process_time() - start
    share = proportion(ended_within, games)
    print(f"greedy x{players}: {games} games in {spent:.1f} s CPU")
    low, high = share["ci95"]
    print(f"ended within {within} turns: {ended_within}/{games} = {100 * ended_within / games:.1f}% "
          f"[95% CI {100 * low:.1f}-{100 * high:.1f}]")
    print(f"length in turns: median {statistics.median(lengths):g}, p10 {_q(lengths, 0.1)}, p90 {_q(lengths, 0.9)}, "
          f"max {max(lengths)}")
    print("end reasons: " + ", ".join(f"{k} {v}" for k, v in sorted(reasons.items())))


def _q(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("mode", choices=("ratio", "greedy", "playouts", "chess"))
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--chess-games", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--players", type=int, default=4)
    args = parser.parse_args()
    if args.mode == "ratio":
        ratio(args.rounds, args.games or 100, args.chess_games)
    elif args.mode == "greedy":
        greedy(args.games or 40, args.players)
    elif args.mode == "playouts":
        n, moves, s = kalua_playouts(args.games or 20, players=args.players)
        print(f"playouts: {n} games, {moves} moves in {s:.2f} s CPU: {moves / s:,.0f} moves/s")
    else:
        n, plies, s = chess_playouts(args.games or 10)
        print(f"chess: {n} games, {plies} plies in {s:.2f} s CPU: {plies / s:,.0f} plies/s")


if __name__ == "__main__":
    main()
