"""EcoLogic: Europe speed: random playouts in placements per second as a ratio to python-chess's
random plies per second (measured in the same run), and full 4-player games per second with greedy
bots.

Run (from the checkout, with kcal's venv; ``pip install chess`` for the baseline)::

    python bench/bench_ecologic.py [--games 40] [--chess-games 20] [--greedy-games 4] [--rounds 3]

Each round measures, one after the other in the same process: random 4-player playouts through the Game
protocol (``legal_moves`` + ``apply`` for every move; a placement is a card placed on a board), random
playouts on the engine directly (``fast``: a random card tried at random places, as rollouts would; and
``rollouts``: a placement drawn uniformly from ``placements_by_card``, as a search's rollouts would run),
python-chess random games (plies), and greedy 4-player games. CPU time (``time.process_time``). The report
gives the median of the rounds and the ratio placements/s : chess plies/s of each round (goal: at least 1).

To compare two trees, copy the checkout (without .venv) to ``/tmp/eco_before/kcal`` and run the copy's
own bench file with ``PYTHONPATH=/tmp/eco_before`` (the copy is imported instead of the installed tree; its
own file, because ``rollouts`` uses the engine API of its tree), alternating with runs without it.
Instruction counts (load-independent): ``valgrind --tool=callgrind`` of a script that runs ``rollouts(30)``
(or ``playouts``, ``fast``), minus the same script running ``rollouts(10)``: games 11-30, so that start-up
and compiling (no .pyc is written here) cancel out.

Findings (2-core shared machine, Python 3.11, chess 1.11; 40 games per run). Before issue 13's speed
work: through the protocol 0.12 of python-chess (every step-1 exchange listed in full); the first pass
(lazy move lists, placements checked once per board) made it 0.24.

Second pass (2026-12-02; 10 alternating pairs of ``--rounds 1`` runs under varying load, the tree
before against the tree after, the same 1,339 placements in 8,390 moves (protocol), 3,131 in 14,764
(fast), 3,063 in 14,764 (rollouts) on both): protocol 0.32-0.57 s CPU before, 0.23-0.27 s after, **1.45x
faster** (median of the pairs; 1.35-2.2x), ratio to chess **0.33** (0.30-0.42) against 0.23 (0.16-0.30);
callgrind, 10 playouts: 441 M instructions before, 273 M after (**1.62x**). ``rollouts`` 1.23x faster
(1.04-1.96x), ratio **0.74** (0.71-0.87) against 0.62 (0.51-0.74); 465 M against 333 M instructions
(1.40x). ``fast`` 1.04x, ratio 0.36 against 0.36 (its cost is its own shuffling and one place_problem
per place tried; 1,186 M against 1,162 M instructions). Greedy games 13.0/s against 11.6/s (medians). What did it: the card set
compiled into integer tables and bit sets over card numbers (``tables.Tables``: habitats, food keys,
who eats and who may cover each card); per seat an ``Ecosystem`` kept while its stacks, biomass and
remains stay the same, each board's part rebuilt only when its stacks change; a hand's placements
counted with a few bit operations per board and per covered place (``placing.placeable``), a card's
places listed only for the move chosen; ``apply`` trusts the move a MoveList just built for the same
seat at the same state version (``State.version``, ``State.trust``); feeding walks the area once; the
step-1 backs kept while the stack stays the same; a small-bird-follow card tries no follow when no small
bird is left in hand. Goal not met: a placement takes 6.3 moves through the protocol, and a trivial move
(a step-3 hand-over) already costs about 10 us in the protocol's machinery (an average move 30 us), so
6.3 moves are about one python-chess ply (55-90 us here) before any rule is checked; counting the
placements is still about a third of the time (the ecosystem changes after almost every step), resolving
the steps the rest.

Third pass (2026-12-02, goal: ``rollouts`` at least 1x chess; 20 alternating pairs of ``--rounds 1`` runs,
the copy before against the tree after, the same placements and moves in every measure; instructions for
games 11-30 as above). ``rollouts``: ratio **1.03** (0.91-1.14) against 0.73 (0.66-1.02), **1.36x faster**
(median of the pairs; 1.00-1.63x); 666 M -> 491 M instructions (**1.36x**), 442 k -> 326 k a placement
(python-chess: 420 k a ply, but its instructions run faster: ours go at about 0.8 of its rate).
Protocol: ratio 0.37 (0.27-0.50) against 0.33, 1.10x (0.74-1.62x); 604 M -> 524 M (1.15x). ``fast``
2,399 M -> 2,332 M (1.03x). What did it: the rollout asks ``placing.count_placements`` (the number of a
seat's placements, and the k-th in ``placements_by_card``'s order: nothing listed, no small-bird follows
tried); a seat's ``Ecosystem`` depends on its stacks only (biomass and remains are read at each count) and
``do_place``/``die`` mark the group they changed, so only that group and (when the food it offers
changed) the groups around it are walked again, any other change being found by comparing the stacks;
production, feeding and the resolutions on the tables (no ``Species`` lookups, no property calls, the
places' ``Place`` objects and numbers made once per board count); ``Rules``' area tables made once per
board count. Measured and not kept: per group lists of the cards around (made the refresh dearer than the
counts saved), skipping the remains check when no remains lie in the ecosystem (no change). Aim of 1.15
not met: in instructions the rollout (326 k) is below a chess ply (420 k), but it runs them at about 0.8
of python-chess's rate (tuple, list and dict work against integer arithmetic); a quarter of the time is
the policy itself (step 3's shuffle alone 10 %), counting is 38 %, resolving the steps 30 % (sampled).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any


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
    from kcal.games.ecologic_europe.rules import placing
    from kcal.games.ecologic_europe.rules.moves import Place

    def first_legal(state: Any, rng: Any) -> Any:
        places = list(range(state.rules.places))
        n = state.rules.species_count

        def choose(seat: int, hand: list[int]) -> Any:
            cards = hand[:]
            rng.shuffle(cards)
            for card in cards:
                if card >= n:
                    continue
                rng.shuffle(places)
                for q in places:
                    if placing.place_problem(state, seat, card, q, False) is None:
                        return Place(card, state.rules.spot(q))
            return None

        return choose

    return _engine_games(games, first_legal)


def rollouts(games: int, trace: list[tuple[int, Any]] | None = None) -> tuple[int, int, float]:
    """Random 4-player games on the engine directly with a search's rollout policy: no exchange in step
    1; in step 2 a placement drawn uniformly from the seat's legal placements (``placements.count_placements``:
    their number, and the k-th in ``placements_by_card``'s order, the card alone where a small bird could
    follow), else a random card traded; in step 3 two random cards. (placements, moves, CPU seconds).
    ``trace``: a list that gets every ``(seat, move)`` (tests/games/ecologic_europe/test_speed_identity.py
    pins it)."""
    from kcal.games.ecologic_europe.rules import placements

    count_placements = placements.count_placements

    def uniform(state: Any, rng: Any) -> Any:
        def choose(seat: int, hand: list[int]) -> Any:
            counted = count_placements(state, seat)
            return counted.move(state, rng.below(counted.count)) if counted.count else None

        return choose

    return _engine_games(games, uniform, trace)


def _engine_games(games: int, policy: Any, trace: list[tuple[int, Any]] | None = None) -> tuple[int, int, float]:
    """The engine-level playouts of :func:`fast` and :func:`rollouts`: ``policy(state, rng)`` gives, per
    game, ``choose(seat, hand)``: step 2's placement, or None (then a random card is traded); step 1 keeps
    the hand and step 3 hands over two random cards. (placements, moves, CPU seconds)."""
    from kcal.core.game import Setup
    from kcal.core.rng import Rng
    from kcal.games.ecologic_europe.game import new_state
    from kcal.games.ecologic_europe.rules import seasons
    from kcal.games.ecologic_europe.rules.moves import Keep, Pass, Trade, Transfer

    apply = seasons.apply
    setup = Setup(("A", "B", "C", "D"))
    placements = moves = 0
    start = time.process_time()
    for seed in range(games):
        state = new_state(setup, seed)
        state.log = None
        rng = Rng(seed)
        choose = policy(state, rng)
        while not state.ended:
            for seat in range(4):
                if not state.active[seat] or state.pending[seat] is not None:
                    continue
                hand = state.hands[seat]
                if state.step == 1:
                    move = Keep()
                elif state.step == 2:
                    move = choose(seat, hand)
                    if move is None:
                        move = Trade(hand[rng.below(len(hand))]) if hand else Pass(False)
                    else:
                        placements += 1
                else:
                    cards = hand[:]
                    rng.shuffle(cards)
                    move = Transfer(tuple(sorted(cards[:2])))
                if trace is not None:
                    trace.append((seat, move))
                apply(state, seat, move)
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
    ratios, fast_ratios, roll_ratios, greedy_rates = [], [], [], []
    for r in range(args.rounds):
        placements, moves, sec = playouts(args.games)
        fplacements, fmoves, fsec = fast(args.games)
        rplacements, rmoves, rsec = rollouts(args.games)
        plies, csec = chess_plies(args.chess_games)
        games, gsec = greedy_games(args.greedy_games)
        pr, fr, rr, cr, gr = placements / sec, fplacements / fsec, rplacements / rsec, plies / csec, games / gsec
        ratios.append(pr / cr)
        fast_ratios.append(fr / cr)
        roll_ratios.append(rr / cr)
        greedy_rates.append(gr)
        print(f"round {r + 1}: protocol {placements} placements ({moves} moves) in {sec:.2f} s = {pr:,.0f}/s; "
              f"engine {fplacements} placements ({fmoves} moves) in {fsec:.2f} s = {fr:,.0f}/s; rollouts "
              f"{rplacements} placements ({rmoves} moves) in {rsec:.2f} s = {rr:,.0f}/s; chess {plies} "
              f"plies in {csec:.2f} s = {cr:,.0f}/s; ratios {pr / cr:.3f} (protocol), {fr / cr:.3f} (engine), "
              f"{rr / cr:.3f} (rollouts); greedy 4-player games {gr:.2f}/s")
    print(f"median ratio placements/s : chess plies/s: protocol {statistics.median(ratios):.3f}, engine "
          f"{statistics.median(fast_ratios):.3f}, rollouts {statistics.median(roll_ratios):.3f}; greedy 4-player "
          f"games/s {statistics.median(greedy_rates):.2f}")


if __name__ == "__main__":
    main()
