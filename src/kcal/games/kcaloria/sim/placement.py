"""The goldfish placement model: a deck played alone, turn by turn, without a board.

What it answers: the chance to place a tile on each turn, the turn by which a first herbivore,
carnivore or human can be placed, and the cubes on the table turn by turn (the colour curve).

The model (documented in ``docs/simulation.md``):

1. Shuffle, draw 7, reshuffle the whole deck while the 7 hold no water (the setup rule).
2. The table is one pool of unused cubes: adjacency and the board are ignored, every cube already
   on the table may pay any cost. Modifiers are ignored; a tile yields its printed yield.
3. A tile is *placeable* when it is free or one of its cost alternatives fits the pool.
4. Each turn, place one tile: while no water is on the table, a water tile; otherwise the
   placeable tile highest up the food chain (human > carnivore > omnivore > herbivore > plant >
   microbe/event > water), ties broken by the cheaper cost in points, then the larger yield, then
   the hand order. Pay with the alternative that costs the fewest points. Then draw back to 7.
5. With nothing placeable the turn passes (no discard; the hand stays as it is).
"""

from __future__ import annotations

from kcal.core.seeding import rng_for
from kcal.games.kcaloria.rules.domain import HAND_SIZE, TileType
from kcal.games.kcaloria.sim.profile import POINTS, TYPES, WATER, DeckProfile

CHUNK_GAMES = 1000
#: The types whose first placeable turn is reported.
MILESTONES: tuple[TileType, ...] = (TileType.HERBIVORE, TileType.CARNIVORE, TileType.HUMAN)

_RANK = {
    TileType.WATER: 0, TileType.MICROBE: 1, TileType.EVENT: 1, TileType.PLANT: 2,
    TileType.HERBIVORE: 3, TileType.OMNIVORE: 4, TileType.CARNIVORE: 5, TileType.HUMAN: 6,
}


def _compile(profile: DeckProfile) -> list[tuple]:
    """Per tile: (alternatives cheapest first, yield pairs, priority, milestone index or -1)."""
    milestone_idx = [TYPES.index(m) for m in MILESTONES]
    out = []
    for t in profile.tiles:
        alts = sorted(t.costs, key=lambda alt: sum(POINTS[c] * a for c, a in alt))
        cheapest = sum(POINTS[c] * a for c, a in alts[0]) if alts else 0
        ypts = sum(POINTS[c] * a for c, a in t.yield_)
        # higher is better: food-chain rank, then cheaper cost, then larger yield (all < 1000)
        priority = _RANK[TYPES[t.type]] * 1_000_000 + (999 - min(cheapest, 999)) * 1000 + min(ypts, 999)
        ms = milestone_idx.index(t.type) if t.type in milestone_idx else -1
        out.append((tuple(alts), t.yield_, priority, ms))
    return out


# kept whole: the goldfish model's inner loop over hands and turns; bench/bench_goldfish.py measures it, and a call per turn would cost a share of it
def placement_chunk(profile: DeckProfile, master: int, chunk: int, games: int, turns: int) -> dict:
    """Play ``games`` solitaire goldfish games of ``turns`` turns; return integer tallies."""
    tiles = _compile(profile)
    alts_of = [t[0] for t in tiles]
    yield_of = [t[1] for t in tiles]
    prio_of = [t[2] for t in tiles]
    ms_of = [t[3] for t in tiles]
    n = len(tiles)
    is_water = [t.type == WATER for t in profile.tiles]
    n_ms = len(MILESTONES)
    placed = [0] * turns
    first = [[0] * (turns + 1) for _ in range(n_ms)]  # first[m][t-1]; last slot = not by horizon
    curve = [[0] * 6 for _ in range(turns)]
    curve_sq = [[0] * 6 for _ in range(turns)]
    rng = rng_for(master, "goldfish-turns", chunk)
    getrandbits = rng.getrandbits
    six = range(6)
    for _ in range(games):
        order = list(range(n))
        while True:  # draw 7 (partial Fisher-Yates), reshuffle while no water
            for p in range(HAND_SIZE):
                m = n - p
                k = m.bit_length()
                j = getrandbits(k)
                while j >= m:
                    j = getrandbits(k)
                order[p], order[p + j] = order[p + j], order[p]
            if any(is_water[i] for i in order[:HAND_SIZE]):
                break
        hand = order[:HAND_SIZE]
        top = HAND_SIZE
        pool = [0, 0, 0, 0, 0, 0]
        water_down = False
        seen = [False] * n_ms
        for turn in range(turns):
            best = -1
            best_p = -1
            best_alt: tuple[tuple[int, int], ...] = ()
            for h, ti in enumerate(hand):
                alts = alts_of[ti]
                alt: tuple[tuple[int, int], ...] | None = ()
                if alts:
                    alt = None
                    for a in alts:
                        for c, amt in a:
                            if pool[c] < amt:
                                break
                        else:
                            alt = a
                            break
                    if alt is None:
                        continue
                mi = ms_of[ti]
                if mi >= 0 and not seen[mi]:
                    seen[mi] = True
                    first[mi][turn] += 1
                if not water_down and not is_water[ti]:
                    continue
                if prio_of[ti] > best_p:
                    assert alt is not None  # an unpayable tile was skipped above
                    best, best_p, best_alt = h, prio_of[ti], alt
            if best >= 0:
                ti = hand[best]
                for c, amt in best_alt:
                    pool[c] -= amt
                for c, amt in yield_of[ti]:
                    pool[c] += amt
                if is_water[ti]:
                    water_down = True
                placed[turn] += 1
                if top < n:  # draw back to 7 (next step of the Fisher-Yates shuffle)
                    m = n - top
                    k = m.bit_length()
                    j = getrandbits(k)
                    while j >= m:
                        j = getrandbits(k)
                    order[top], order[top + j] = order[top + j], order[top]
                    hand[best] = order[top]
                    top += 1
                else:
                    del hand[best]
            row, row_sq = curve[turn], curve_sq[turn]
            for c in six:
                v = pool[c]
                if v:
                    row[c] += v
                    row_sq[c] += v * v
        for mi in range(n_ms):
            if not seen[mi]:
                first[mi][turns] += 1
    return {"games": games, "placed": placed, "first": first, "curve": curve, "curve_sq": curve_sq}


def merge(parts: list[dict]) -> dict:
    out: dict | None = None
    for p in parts:
        if out is None:
            out = {
                "games": p["games"],
                "placed": list(p["placed"]),
                "first": [list(r) for r in p["first"]],
                "curve": [list(r) for r in p["curve"]],
                "curve_sq": [list(r) for r in p["curve_sq"]],
            }
            continue
        out["games"] += p["games"]
        for key in ("placed",):
            out[key] = [a + b for a, b in zip(out[key], p[key], strict=True)]
        for key in ("first", "curve", "curve_sq"):
            out[key] = [[a + b for a, b in zip(r1, r2, strict=True)] for r1, r2 in zip(out[key], p[key], strict=True)]
    assert out is not None, "merge() of no parts"
    return out
