"""EcoLogic: Europe speed: random playouts in placements per second as a ratio to python-chess's
random plies per second (measured in the same run), and full 4-player games per second with greedy
bots.

Run (from the checkout, with kcal's venv; ``pip install chess`` for the baseline)::

    python bench/bench_ecologic.py [--games 40] [--chess-games 20] [--greedy-games 4] [--rounds 3]

Each round measures, one after the other in the same process: random 4-player playouts through the Game
protocol (``legal_moves`` + ``apply`` for every move; a placement is a card placed on a board), random
playouts on the engine directly (``fast``: a random card tried at random places, as rollouts would),
python-chess random games (plies), and greedy 4-player games. CPU time (``time.process_time``). The report gives
the median of the rounds and the ratio placements/s : chess plies/s of each round (goal: at least 1).

Findings (2-core shared machine under load, Python 3.11, chess 1.11; 40 games per run). Before issue 13's
speed work (3 rounds): through the Game protocol 1,100-1,900 placements/s (8,380 moves for 1,339
placements: every step-1 exchange, step-2 move and step-3 hand-over was listed in full), ratio 0.12-0.13
to python-chess's 9,400-15,700 random plies/s; on the engine directly ratio 0.24-0.32; greedy 4-player
games 5.5-9 a second.

After it (2026-12-02; 5 alternating pairs of runs, each the tree before against the tree after, the
same 1,339 placements and 8,390 moves on both, same seeds, same games): the protocol playouts take
0.45-0.60 s CPU against 1.02-1.28 s before, **2.2x faster** (median of the pairs' ratios; 1.8-2.3x);
placements/s 2,224-2,984 against 1,047-1,310; ratio to chess **0.24** (0.18-0.30) against 0.12
(0.10-0.13) in the same runs. Engine directly: 1.4x faster (median; 0.98-1.46x), ratio 0.42 (0.25-0.46)
against 0.31 (0.24-0.34). Greedy games 6.4-8.8/s against 5.5-7.7/s. What did it: the legal moves are a
lazy sequence (movelist.py: counts, builds the chosen move only), the placements are checked once per
board for all its empty fields with place_problem's checks inlined, and place_problem refuses a habitat
mismatch at once when no words are asked for. The goal of 1 is still not reached: the rest is the checks
themselves (each legal placement must be found to count them) and resolving the steps.
"""

from __future__ import annotations

import argparse
import statistics
import time


def playouts(games: int) -> tuple[int, int, float]:
    """Random 4-player games: (placements, moves, CPU seconds)."""
    from kcal.core.game import Setup, play, random_mover
    from kcal.core.rng import Rng
    from kcal.games.ecologic_europe.game import GAME

    setup = Setup(("A", "B", "C", "D"))
    placements = moves = 0
    start = time.process_time()
    for seed in range(games):
        state = GAME.new_state(setup, seed)
        moves += play(GAME, state, random_mover(GAME, Rng(seed)), 10**9)
        placements += sum(1 for e in state.log or () if e[0] == "placed")
    return placements, moves, time.process_time() - start


def fast(games: int) -> tuple[int, int, float]:
    """Random 4-player games on the engine directly, as a search's rollouts would run: no exchange in
    step 1, in step 2 the hand in random order and each card's places in random order until one is legal
    (else a random card traded), in step 3 two random cards. (placements, moves, CPU seconds)."""
    from kcal.core.game import Setup
    from kcal.core.rng import Rng
    from kcal.games.ecologic_europe import engine
    from kcal.games.ecologic_europe.moves import Keep, Place, Trade, Transfer
    from kcal.games.ecologic_europe.setup import new_state

    setup = Setup(("A", "B", "C", "D"))
    placements = moves = 0
    start = time.process_time()
    for seed in range(games):
        state = new_state(setup, seed)
        state.log = None
        rng = Rng(seed)
        places = list(range(state.rules.places))
        n = state.rules.species_count
        while not state.ended:
            for seat in range(4):
                if not state.active[seat] or state.pending[seat] is not None:
                    continue
                hand = state.hands[seat]
                if state.step == 1:
                    move = Keep()
                elif state.step == 2:
                    move = None
                    cards = hand[:]
                    rng.shuffle(cards)
                    for card in cards:
                        if card >= n:
                            continue
                        rng.shuffle(places)
                        for q in places:
                            if engine.place_problem(state, seat, card, q, False) is None:
                                move = Place(card, state.rules.spot(q))
                                placements += 1
                                break
                        if move is not None:
                            break
                    if move is None:
                        move = Trade(hand[rng.below(len(hand))]) if hand else engine.Pass(False)
                else:
                    cards = hand[:]
                    rng.shuffle(cards)
                    move = Transfer(tuple(sorted(cards[:2])))
                engine.apply(state, seat, move)
                moves += 1
    return placements, moves, time.process_time() - start


def chess_plies(games: int) -> tuple[int, float]:
    """python-chess random games from the start position: (plies, CPU seconds)."""
    import random

    import chess

    rng = random.Random(0)
    plies = 0
    start = time.process_time()
    for _ in range(games):
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.ply() < 400:
            board.push(rng.choice(list(board.legal_moves)))
            plies += 1
    return plies, time.process_time() - start


def greedy_games(games: int) -> tuple[int, float]:
    from kcal.core.game import Setup, play
    from kcal.core.rng import Rng
    from kcal.games.ecologic_europe.game import GAME

    bot = GAME.bots()["greedy"]
    start = time.process_time()
    for seed in range(games):
        state = GAME.new_state(Setup(("A", "B", "C", "D")), seed)
        rng = Rng(seed)
        play(GAME, state, lambda s, p, rng=rng: bot(GAME, s, p, rng), 5000)
        assert GAME.outcome(state) is not None
    return games, time.process_time() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--chess-games", type=int, default=20)
    ap.add_argument("--greedy-games", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    ratios, fast_ratios, greedy_rates = [], [], []
    for r in range(args.rounds):
        placements, moves, sec = playouts(args.games)
        fplacements, fmoves, fsec = fast(args.games)
        plies, csec = chess_plies(args.chess_games)
        games, gsec = greedy_games(args.greedy_games)
        pr, fr, cr, gr = placements / sec, fplacements / fsec, plies / csec, games / gsec
        ratios.append(pr / cr)
        fast_ratios.append(fr / cr)
        greedy_rates.append(gr)
        print(f"round {r + 1}: protocol {placements} placements ({moves} moves) in {sec:.2f} s = {pr:,.0f}/s; "
              f"engine {fplacements} placements ({fmoves} moves) in {fsec:.2f} s = {fr:,.0f}/s; chess {plies} "
              f"plies in {csec:.2f} s = {cr:,.0f}/s; ratios {pr / cr:.3f} (protocol), {fr / cr:.3f} (engine); "
              f"greedy 4-player games {gr:.2f}/s")
    print(f"median ratio placements/s : chess plies/s: protocol {statistics.median(ratios):.3f}, engine "
          f"{statistics.median(fast_ratios):.3f}; greedy 4-player games/s {statistics.median(greedy_rates):.2f}")


if __name__ == "__main__":
    main()
