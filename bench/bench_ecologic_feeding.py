"""EcoLogic: Europe, the beginning of a season's feeding: the order that loses the fewest cards (issue 32,
items 1-3) against kcal's fixed order before it, on the same ecosystems.

Run (from the checkout, with kcal's venv)::

    python bench/bench_ecologic_feeding.py [--games 100] [--players 3] [--seed 1] [--rounds 3]
    python bench/bench_ecologic_feeding.py --earthworm 300 [--seed 1] [--rounds 3]

Plays ``--games`` games with greedy bots and keeps every ecosystem as it stands at each beginning of a
season, after production. On each, in the same process: the fixed order kcal used before (cards holding
their consumption first, then up the food chain, then by place; passes without jokers while anyone gets
fed, then with jokers; the unfed die in one sweep, copied below as ``fixed_order``) and today's
(:func:`beginning.best_plan` and its turns), each on its own copy. The report: ecosystem turns, turns
where today's order loses fewer cards, the cards each loses, turns where ten times the search budget
would lose fewer cards still, and the CPU time of each (``time.process_time``, the median of ``--rounds``) with their ratio.

Findings (2-core shared machine, Python 3.11, 2026-12-05; ``--games 300 --rounds 3``, the budget of 300
feedings): 2,472 ecosystem turns with animals or fungi; in 180 (7.3 %) the best order loses fewer cards
than the fixed order; the cards lost fall from 1,224 to 977 (-20 %); in 13 turns a budget ten times larger
would lose fewer still. CPU of the feeding alone: 36 us a turn with the fixed order, 369 us with the
search, **10.4x** (the budget: 0 feedings, kcal's own order only, lost 204 cards on 488 turns of 60 games
at 74 us a turn; 100: 171 at 185 us; 300: 165 at 314 us; 600: 161 at 406 us; 3,000: 161 at 811 us).
Whole games, the tree before against after in alternating runs: ``kcal sim match --game ecologic-europe
--players 3 --games 30 --jobs 1`` 1.89-2.15 s CPU before, 2.05-2.36 s after (**1.09-1.12x**; the games
differ too: more cards survive); with ``--bots planner,planner,planner --games 6``, whose lookahead feeds
every candidate's next season, 1.77 s before, 3.43 s after (**1.94x**; each ecosystem's plan is kept per
game, so the seats a candidate does not change are searched once).

``--earthworm N`` (issue 32, item 2): N seeded ecosystems where an earthworm lies beside plant remains
(:func:`earthworm_positions`), fed by kcal: the cards lost, the plans where an earthworm takes fewer
than all, the CPU a feeding. The same script runs on the tree before (``PYTHONPATH=<old checkout>/src``).
Findings (2026-12-05, loaded 2-core machine, alternating runs, ``--rounds 3``): the search that tries
each earthworm's number of tokens (all, then one fewer down to none) loses the same cards as the
search over all or none: 204 on 300 earthworm ecosystems, 339 on the 826 turns of 100 greedy games
(20 of them with an earthworm beside plant remains; in none does an earthworm take fewer than all).
CPU: on the greedy turns 273 / 269 us against 275 / 266 us before (1.00x); on the earthworm
ecosystems 68 / 62 us against 56 / 62 us (1.00-1.21x). Feeding the groups of cards that share
jokers in each of their orders (when their own order loses more than each group would with every
joker) saves 3 more cards on the greedy turns (339 -> 336, 56 turns better than the fixed order instead
of 54) at 382 / 387 us against 356 / 332 us before both changes (1.07-1.17x); the earthworm ecosystems
74 / 69 us against 56 / 62 (1.11-1.32x, the noisiest figure).
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any


def fixed_order(state: Any, seat: int) -> int:
    """kcal's feeding before issue 32 (one seat, after production): the cards it lost."""
    from kcal.games.ecologic_europe.rules.beginning import die
    from kcal.games.ecologic_europe.rules.feeding import feed
    from kcal.games.ecologic_europe.rules.tables import tables

    tb = tables(state)
    producer, level, need, edible, remains = tb.producer, tb.level, tb.need, tb.edible, tb.remains
    stacks, bio, rem = state.stacks[seat], state.bio[seat], state.rem[seat]
    fed: set[tuple[int, int]] = set()
    lost = 0
    while True:
        order = []
        for q, st in enumerate(stacks):
            if st:
                top = st[-1]
                if not producer[top] and (q, top) not in fed:
                    held = bio[q] + (rem[q] if edible[top] & remains[top] else 0)
                    order.append((held < need[top], level[top], q))
        if not order:
            return lost
        order.sort()
        hungry = [q for _, _, q in order]
        progress = False
        for jokers in (False, True):
            for q in hungry:
                t = stacks[q][-1]
                if (q, t) in fed:
                    continue
                if feed(state, seat, q, jokers):
                    fed.add((q, t))
                    progress = True
            if progress:
                break
        if progress:
            continue
        for q in hungry:
            die(state, seat, q)
            lost += 1


def ecosystems(games: int, players: int, seed: int) -> list[tuple[Any, int]]:
    """(state after production, seat) at every beginning of a season of ``games`` greedy games."""
    from kcal.core.game import Setup
    from kcal.core.rng import Rng
    from kcal.games.ecologic_europe.game import GAME
    from kcal.games.ecologic_europe.rules import beginning, seasons

    kept: list[tuple[Any, int]] = []
    real = seasons.beginning_of_season

    def keep(state: Any) -> None:
        ahead = state.copy()
        ahead.log = None
        beginning.produce_all(ahead)
        kept.extend((ahead, s) for s in range(ahead.rules.n) if beginning.consumers(ahead, s))
        real(state)

    bot = GAME.bots()["greedy"]
    names = tuple("ABCDEFG"[:players])
    seasons.beginning_of_season = keep  # type: ignore[assignment]
    try:
        for g in range(games):
            state = GAME.new_state(Setup(names), seed + g)
            rng = Rng(seed + g)
            while GAME.to_move(state):
                for p in GAME.to_move(state):
                    GAME.apply(state, p, bot(GAME, state, p, rng))
    finally:
        seasons.beginning_of_season = real  # type: ignore[assignment]
    return kept


def run(kept: list[tuple[Any, int]]) -> dict[str, Any]:
    from kcal.games.ecologic_europe.rules import beginning

    old_lost = new_lost = better = spent = fewer = worms = 0
    t0 = time.process_time()
    for state, seat in kept:
        old_lost += fixed_order(beginning._fork(state, seat), seat)
    t1 = time.process_time()
    for state, seat in kept:
        state.rules.memo.pop("feeding", None)  # no plan kept from a round before
        trial = beginning._fork(state, seat)
        lost = sum(beginning._turn(trial, seat, q, p, {}) for q, p in beginning.best_plan(trial, seat))
        new_lost += lost
    t2 = time.process_time()
    for state, seat in kept:  # the comparison, outside the timed loops
        old = fixed_order(beginning._fork(state, seat), seat)
        trial = beginning._fork(state, seat)
        plan = beginning.best_plan(trial, seat)
        new = sum(beginning._turn(trial, seat, q, p, {}) for q, p in plan)
        fewer += any(p is not None and p is not True for _, p in plan)  # an earthworm took fewer than all
        worms += any(beginning._processes(state, seat, q) for q in beginning.consumers(state, seat))
        assert new <= old, "kcal's order lost more cards than the fixed order"
        better += new < old
        budget = beginning.SEARCH_BUDGET
        beginning.SEARCH_BUDGET = 10 * budget
        try:
            state.rules.memo.pop("feeding", None)
            trial = beginning._fork(state, seat)
            more = sum(beginning._turn(trial, seat, q, p, {}) for q, p in beginning.best_plan(trial, seat))
        finally:
            beginning.SEARCH_BUDGET = budget
            state.rules.memo.pop("feeding", None)
        spent += more < new
    return {"turns": len(kept), "better": better, "old_lost": old_lost, "new_lost": new_lost, "spent": spent,
            "fewer": fewer, "worms": worms, "old_s": t1 - t0, "new_s": t2 - t1}


#: the cards of the earthworm positions (meadows and deciduous forest): plants, eaters of plant remains and
#: of the earthworm, and others that compete with them
WORM_CARDS = ["Lolium perenne", "Fagus sylvatica", "Aglais io", "Coccinella septempunctata", "Boletus edulis",
              "Capreolus capreolus", "Corvus corax", "Alauda arvensis", "Vulpes vulpes", "Erinaceus europaeus",
              "Talpa europaea", "Sus scrofa", "Meles meles"]
WORM_PLACES = [f"h{b}.{f}" for b in (1, 2) for f in range(1, 5)]


def earthworm_positions(count: int, seed: int) -> list[tuple[Any, int]]:
    """``count`` seeded ecosystems (after production) where an earthworm lies beside plant remains: the
    earthworm and 2-5 other cards of :data:`WORM_CARDS` on random places of a meadow and a deciduous
    forest, 0-3 biomass and 0-4 remains each, 0-2 jokers, summer to winter."""
    import random

    from kcal.core.errors import KcalError
    from kcal.core.game import Setup
    from kcal.games.ecologic_europe.game import GAME
    from kcal.games.ecologic_europe.rules import beginning

    rnd = random.Random(seed)
    kept: list[tuple[Any, int]] = []
    while len(kept) < count:
        latins = ["Lumbricus terrestris", *rnd.sample(WORM_CARDS, rnd.randint(2, 5))]
        places = {spot: {"cards": [c], "biomass": rnd.randint(0, 3), "remains": rnd.randint(0, 4)}
                  for c, spot in zip(latins, rnd.sample(WORM_PLACES, len(latins)), strict=False)}
        start = {"season": "spring", "habitats": {p: ["meadows", "deciduous", "rivers", "wetlands"] for p in "AB"},
                 "places": {"A": places}, "hands": {"A": ["Ursus arctos"], "B": ["Canis lupus"]}, "stack": [],
                 "jokers": {"A": rnd.randint(0, 2)}}
        try:
            state = GAME.new_state(Setup(("A", "B"), None, {"start": start}), 1)
        except KcalError:
            continue  # a card out of its habitat
        state.season = rnd.randint(1, 3)
        beginning.produce_all(state)
        if any(beginning._processes(state, 0, q) for q in beginning.consumers(state, 0)):
            kept.append((state, 0))
    return kept


def worms(kept: list[tuple[Any, int]]) -> dict[str, Any]:
    """kcal's feeding of each earthworm position: the cards lost, the plans where an earthworm takes
    fewer than all, and the CPU time (the same code runs on the tree before: a plan's step then says
    True or False)."""
    from kcal.games.ecologic_europe.rules import beginning

    lost = fewer = 0
    t0 = time.process_time()
    for state, seat in kept:
        state.rules.memo.pop("feeding", None)
        trial = beginning._fork(state, seat)
        plan = beginning.best_plan(trial, seat)
        lost += sum(beginning._turn(trial, seat, q, p, {}) for q, p in plan)
        fewer += any(p is not None and p is not True for _, p in plan)
    return {"lost": lost, "fewer": fewer, "s": time.process_time() - t0}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--players", type=int, default=3)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--earthworm", type=int, default=0, metavar="N",
                    help="instead: N seeded ecosystems with an earthworm beside plant remains")
    args = ap.parse_args()
    if args.earthworm:
        positions = earthworm_positions(args.earthworm, args.seed)
        found = [worms(positions) for _ in range(args.rounds)]
        cpu = statistics.median(x["s"] for x in found)
        print(f"{len(positions)} ecosystems with an earthworm beside plant remains, seed {args.seed}: cards lost "
              f"{found[0]['lost']}, plans where an earthworm takes fewer than all {found[0]['fewer']}, "
              f"{1e6 * cpu / len(positions):.0f} us a feeding (median of {args.rounds})")
        return
    kept = ecosystems(args.games, args.players, args.seed)
    runs = [run(kept) for _ in range(args.rounds)]
    r = runs[0]
    old_s = statistics.median(x["old_s"] for x in runs)
    new_s = statistics.median(x["new_s"] for x in runs)
    print(f"{args.games} greedy games, {args.players} players, seed {args.seed}: {r['turns']} ecosystem turns "
          f"with animals or fungi")
    print(f"  turns where the best order loses fewer cards than the fixed order: {r['better']} "
          f"({100 * r['better'] / max(1, r['turns']):.1f} %)")
    print(f"  cards lost: fixed order {r['old_lost']}, best order {r['new_lost']}")
    print(f"  turns where ten times the search budget would lose fewer cards: {r['spent']}")
    print(f"  turns with an earthworm beside plant remains: {r['worms']}; where it takes fewer than all of "
          f"them: {r['fewer']}")
    print(f"  CPU: fixed order {1e6 * old_s / max(1, r['turns']):.0f} us a turn, best order "
          f"{1e6 * new_s / max(1, r['turns']):.0f} us a turn: {new_s / old_s:.2f}x (median of {args.rounds})")


if __name__ == "__main__":
    main()
