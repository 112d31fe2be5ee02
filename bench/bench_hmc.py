"""How many Calories? speed: random playouts in tricks per second, ISMCTS decisions per second at
default strength, and python-chess random playouts for scale.

Run (from the checkout, with kcal's venv)::

    python bench/bench_hmc.py playouts [--games 300]     # Game protocol: legal_moves + apply, random
    python bench/bench_hmc.py fast [--games 300]         # the engine's ints (flow.play), random
    python bench/bench_hmc.py ismcts [--decisions 60]    # the search bot, default strength
    python bench/bench_hmc.py chess [--games 20]         # python-chess (PyPI ``chess``) random playouts
    python bench/bench_hmc.py alternate [--rounds 5]     # the playouts and chess commands, whole,
                                                         # alternately, R times each

Each mode prints one line: the work done, the CPU seconds (``time.process_time``, so a busy shared
machine disturbs little) and the rate. ``alternate`` runs ``playouts`` and ``chess`` as separate
processes one after the other (kcal, chess, kcal, chess, ...) so both see the same machine, and
reports the median CPU time of each whole command (children's rusage, start-up included) and the
median rates. A trick is 2-4 plays; a playout is a whole 4-player game (4 rounds) from seed 0, 1, ...
(a pass counts as a move, not a trick).

Findings (2-core shared machine under load 3-13, Python 3.11, chess 1.11; CPU time, +-25 % with load):
through the Game protocol 7-12 k tricks/s (32-51 k moves/s: legal_moves, why_illegal and apply every
move, 28 pass objects a pass); on the engine's ints 31-49 k tricks/s; ISMCTS at its default strength
(160 sampled worlds a decision) 27-44 decisions/s, 23-37 ms a decision; python-chess 7.5-11.4 k random
plies/s. Whole commands, alternately: 300 HMC playouts 1.35-1.42 s CPU, 20 chess games 0.90-0.96 s.
"""

from __future__ import annotations

import argparse
import resource
import statistics
import subprocess
import sys
import time


def playouts(games: int) -> tuple[int, int, float]:
    """Random games through the public Game protocol: (tricks, moves, CPU seconds)."""
    from kcal.core.game import Setup, play, random_mover
    from kcal.core.rng import Rng
    from kcal.games.how_many_calories.game import GAME

    setup = Setup(("A", "B", "C", "D"))
    tricks = moves = 0
    start = time.process_time()
    for seed in range(games):
        state = GAME.new_state(setup, seed)
        moves += play(GAME, state, random_mover(GAME, Rng(seed)), 10**9)
        tricks += sum(1 for e in state.events() if e[0] == "trick")
    return tricks, moves, time.process_time() - start


def fast(games: int) -> tuple[int, int, float]:
    """Random games on the engine's ints, as the search's rollouts run: (tricks, plays, CPU seconds)."""
    from kcal.core.game import Setup
    from kcal.core.rng import Rng
    from kcal.games.how_many_calories.game import new_state
    from kcal.games.how_many_calories.rules import flow
    from kcal.games.how_many_calories.rules.state import OVER, PASS

    setup = Setup(("A", "B", "C", "D"))
    tricks = plays = 0
    start = time.process_time()
    for seed in range(games):
        state = new_state(setup, seed)
        state.log = None
        rng = Rng(seed)
        while state.phase != OVER:
            if state.phase == PASS:
                for seat in range(4):
                    hand = state.hands[seat][:]
                    rng.shuffle(hand)
                    flow.choose_pass(state, seat, (hand[0], hand[1]))
                continue
            hand = state.hands[state.turn]
            flow.play(state, state.turn, hand[rng.below(len(hand))])
            plays += 1
            tricks += not state.trick  # the play completed a trick
    return tricks, plays, time.process_time() - start


def ismcts(decisions: int) -> tuple[int, float]:
    """Decisions of the search bot at its default strength in greedy 4-player games."""
    from kcal.core.game import Setup
    from kcal.core.rng import Rng
    from kcal.games.how_many_calories.bots.basic import greedy_bot
    from kcal.games.how_many_calories.bots.search import search
    from kcal.games.how_many_calories.game import GAME

    done = 0
    spent = 0.0
    seed = 0
    while done < decisions:
        state = GAME.new_state(Setup(("A", "B", "C", "D")), seed)
        rng = Rng(seed)
        seed += 1
        while done < decisions and GAME.to_move(state):
            for player in GAME.to_move(state):
                if player == "A":
                    start = time.process_time()
                    move = search(state, player, rng)
                    spent += time.process_time() - start
                    done += 1
                else:
                    move = greedy_bot(GAME, state, player, rng)
                GAME.apply(state, player, move)
    return done, spent


def chess_playouts(games: int) -> tuple[int, float]:
    import random

    import chess

    rng = random.Random(0)
    plies = 0
    start = time.process_time()
    for _ in range(games):
        board = chess.Board()
        while board.outcome() is None:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies, time.process_time() - start


def alternate(rounds: int, games: int, chess_games: int) -> None:
    commands = {
        "playouts": [sys.executable, __file__, "playouts", "--games", str(games)],
        "chess": [sys.executable, __file__, "chess", "--games", str(chess_games)],
    }
    cpu: dict[str, list[float]] = {k: [] for k in commands}
    lines: dict[str, list[str]] = {k: [] for k in commands}
    for _ in range(rounds):
        for name, cmd in commands.items():
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.strip()
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu[name].append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            lines[name].append(out)
            print(f"  {name:8} {cpu[name][-1]:6.2f} s CPU  | {out}", flush=True)
    for name in commands:
        print(f"{name}: median whole-command CPU {statistics.median(cpu[name]):.2f} s over {rounds} runs")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", choices=("playouts", "fast", "ismcts", "chess", "alternate"))
    parser.add_argument("--games", type=int, default=None)
    parser.add_argument("--decisions", type=int, default=60)
    parser.add_argument("--rounds", type=int, default=5)
    args = parser.parse_args()
    if args.mode == "playouts":
        games = args.games or 300
        tricks, moves, s = playouts(games)
        print(f"playouts: {games} games, {tricks} tricks, {moves} moves in {s:.2f} s CPU: "
              f"{tricks / s:,.0f} tricks/s, {moves / s:,.0f} moves/s")
    elif args.mode == "fast":
        games = args.games or 300
        tricks, plays, s = fast(games)
        print(f"fast: {games} games, {tricks} tricks, {plays} plays in {s:.2f} s CPU: {tricks / s:,.0f} tricks/s")
    elif args.mode == "ismcts":
        done, s = ismcts(args.decisions)
        print(f"ismcts: {done} decisions in {s:.2f} s CPU: {done / s:,.1f} decisions/s, "
              f"{1000 * s / done:.1f} ms a decision")
    elif args.mode == "chess":
        games = args.games or 20
        plies, s = chess_playouts(games)
        print(f"chess: {games} games, {plies} plies in {s:.2f} s CPU: {plies / s:,.0f} plies/s")
    else:
        alternate(args.rounds, args.games or 300, 20)


if __name__ == "__main__":
    main()
