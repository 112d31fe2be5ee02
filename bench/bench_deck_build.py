"""Does ``kcal deck build`` find a deck that beats the gauntlet more often than the best shipped deck does?
(issue 22, item 5, Measure: the best deck found, its win rate against the gauntlet with a 95% interval,
against the best shipped deck's on the same gauntlet; goal: its interval above the shipped deck's,
within 10 minutes on 2 cores.)

    PYTHONPATH=src python bench/bench_deck_build.py [--evaluations 160] [--games 12] [--jobs 2]
        [--seed 0] [--features water,mean-cost] [--shortlist 4] [--screen 50] [--confirm 200] [--cpu 1150]

Three steps, each on its own seeds:

1. **search**: :func:`kcal.games.kcaloria.deck.build.build_decks` (what ``kcal deck build`` runs) with
   the shipped standard decks as the gauntlet, the greedy bot, ``--evaluations`` candidates raced from
   ``--games`` games against each gauntlet deck up to 4 times as many (the games played in all are
   printed), on ``--jobs`` processes. Timed in wall time and in CPU
   time (this process and its workers): other work on the machine slows the wall clock, not the CPU
   count, so "10 minutes on 2 cores" is read as at most 1,200 CPU seconds. The load average is printed.
   A racing search's cost per candidate is not known in advance: ``--cpu N`` stops the search once it
   has used ``N`` CPU seconds (checked after each round, stopping as Ctrl-C does: the candidates whose
   race finished are kept), so ``--evaluations`` can be set high and the budget holds.
2. **screen**: the archive's ``--shortlist`` best decks (by the search's own, upward-biased rates) play
   ``--screen`` fresh games against each gauntlet deck; the best of them is the deck found.
3. **confirm**: the deck found and every shipped standard deck play ``--confirm`` fresh games against
   each gauntlet deck (seats rotating, a tie 1/2 a win); win rates with 95% Wilson intervals. The best
   shipped deck is the one with the highest of those rates (which favours the shipped side).

The deck found is written to ``bench-deck-build-best.yaml`` in the working folder (``kcal deck validate``
accepts it; replaced when kcal wrote it).

    PYTHONPATH=src python bench/bench_deck_build.py --neighbours 12 [--around "Longleaf Canopy"] [--confirm 40]

``--neighbours N`` asks instead whether the search has a slope to climb near a deck: ``N`` mutants of the
shipped deck ``--around`` (one mutation each, as the search makes them: :meth:`DeckSpace.mutate`) and
the deck itself play ``--confirm`` games against each gauntlet deck, all on the same seeds, so that a
mutant's rate differs from its parent's by what the swaps did and by the bots' choices, not by the deals.
"""

from __future__ import annotations

import argparse
import os
import resource
import sys
import time
from fractions import Fraction
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))


def cpu_seconds() -> float:
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def against_gauntlet(tiles: tuple, gauntlet: list, games: int, seed: int, jobs: int) -> tuple[Fraction, int]:
    """(wins, games) of ``tiles`` against every gauntlet deck, ``games`` seat-rotated games each."""
    from kcal.games.kcaloria.sim.deckmatch import deck_match

    wins, played = Fraction(0), 0
    for o, opp in enumerate(gauntlet):
        r = deck_match([list(tiles), list(opp.tiles)], games=games, seed=seed + 1000 * o, jobs=jobs).data
        slot = r["bots"][0]
        wins += Fraction(slot["wins"]).limit_denominator(2)
        played += slot["games"]
    return wins, played


def shown(wins: Fraction, games: int) -> str:
    from kcal.core.stats import proportion

    p = proportion(float(wins), games)
    lo, hi = p["ci95"]
    return f"{p['value'] * 100:5.1f}% [95% CI {lo * 100:.1f}-{hi * 100:.1f}] of {games} games"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--evaluations", type=int, default=160)
    ap.add_argument("--games", type=int, default=12)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--features", default="water,mean-cost")
    ap.add_argument("--shortlist", type=int, default=4)
    ap.add_argument("--screen", type=int, default=50)
    ap.add_argument("--confirm", type=int, default=200)
    ap.add_argument("--cpu", type=float, default=0, help="stop the search after this many CPU seconds")
    ap.add_argument("--neighbours", type=int, default=0, help="N mutants of --around against the gauntlet")
    ap.add_argument("--around", default="Longleaf Canopy", help="--neighbours: the shipped deck to mutate")
    a = ap.parse_args()
    if a.neighbours:
        neighbours(a.neighbours, a.around, a.confirm, a.seed, a.jobs)
        return

    from kcal.core.atomic import atomic_write_text
    from kcal.games.kcaloria.deck.build import build_decks, check_build, load_gauntlet, load_space
    from kcal.games.kcaloria.deck.buildout import deck_yaml
    from kcal.games.kcaloria.deck.features import parse_features

    space, _ = load_space()
    gauntlet, _ = load_gauntlet([])
    spec = check_build(space, gauntlet, parse_features(a.features), bins=6, evaluations=a.evaluations,
                       games=a.games, seed=a.seed, bots=None)
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    t0, c0 = time.perf_counter(), cpu_seconds()
    decided = [0]

    def progress(k: int) -> None:
        decided[0] += k
        used = cpu_seconds() - c0
        if decided[0] // 32 != (decided[0] - k) // 32:
            print(f"  {decided[0]} decks decided, {used:.0f} s CPU", flush=True)
        if a.cpu and used > a.cpu:
            raise KeyboardInterrupt  # the budget is spent: stop as Ctrl-C does

    result = build_decks(spec, jobs=a.jobs, on_progress=progress)
    wall, cpu = time.perf_counter() - t0, cpu_seconds() - c0
    print(f"search: {result.evaluations} candidates, {result.played} games, {len(result.archive)} of "
          f"{spec.bins ** 2} cells filled; {wall:.0f} s wall, {cpu:.0f} s CPU "
          f"({cpu / 2 / 60:.1f} min on 2 cores){'; stopped at --cpu' if result.interrupted else ''}; "
          f"load average after: "
          f"{' '.join(f'{x:.2f}' for x in os.getloadavg())}")

    shortlist = result.elites()[:a.shortlist]
    screened = []
    for k, e in enumerate(shortlist):
        w, n = against_gauntlet(tuple(space.deck(e.counts)), gauntlet, a.screen, 10_000 + 97 * k, a.jobs)
        print(f"screen: cell {e.cell} (search rate {float(e.win_rate) * 100:.1f}%): {shown(w, n)}")
        screened.append((w / n, k))
    best = shortlist[max(screened)[1]]
    w, n = against_gauntlet(tuple(space.deck(best.counts)), gauntlet, a.confirm, 20_000, a.jobs)
    lo_found = shown(w, n)
    print(f"confirm: deck found (cell {best.cell}, features {best.values}): {lo_found}")
    rows = []
    for o in gauntlet:
        sw, sn = against_gauntlet(o.tiles, gauntlet, a.confirm, 20_000, a.jobs)
        rows.append((sw / sn, o.name, sw, sn))
        print(f"confirm: shipped {o.name}: {shown(sw, sn)}")
    top = max(rows)
    print(f"best shipped deck: {top[1]}: {shown(top[2], top[3])}")
    from kcal.core.stats import proportion

    found_lo = proportion(float(w), n)["ci95"][0]
    shipped_hi = proportion(float(top[2]), top[3])["ci95"][1]
    print(f"goal (the found deck's interval above the best shipped deck's): "
          f"{'met' if found_lo > shipped_hi else 'not met'} ({found_lo * 100:.1f} vs {shipped_hi * 100:.1f})")
    print(f"total: {time.perf_counter() - t0:.0f} s wall, {cpu_seconds() - c0:.0f} s CPU")
    atomic_write_text("bench-deck-build-best.yaml", deck_yaml(result, best, None))


def neighbours(count: int, around: str, games: int, seed: int, jobs: int) -> None:
    """``count`` one-mutation neighbours of the shipped deck ``around`` and the deck itself against the
    gauntlet, on the same seeds."""
    from kcal.core.rng import Rng
    from kcal.games.kcaloria.deck.build import load_gauntlet, load_space

    space, _ = load_space()
    gauntlet, _ = load_gauntlet([])
    parent = next(o for o in gauntlet if o.name == around)
    counts = space.counts_of(parent.tiles)
    assert counts is not None, f"{around} is not a legal deck over the built-in catalogs"
    print(f"load average before: {' '.join(f'{x:.2f}' for x in os.getloadavg())} on {os.cpu_count()} cores")
    t0, c0 = time.perf_counter(), cpu_seconds()
    w, n = against_gauntlet(parent.tiles, gauntlet, games, 30_000, jobs)
    print(f"{around} itself: {shown(w, n)}")
    rng = Rng(seed)
    rates = []
    for _ in range(count):
        m = space.mutate(counts, rng)
        swaps = ", ".join(f"{space.tiles[k].name} {m[k] - counts[k]:+d}" for k in range(len(m)) if m[k] != counts[k])
        mw, mn = against_gauntlet(tuple(space.deck(m)), gauntlet, games, 30_000, jobs)
        rates.append(float(mw / mn))
        print(f"neighbour ({swaps}): {shown(mw, mn)}")
    print(f"neighbours: {min(rates) * 100:.1f}% to {max(rates) * 100:.1f}%, mean {sum(rates) / len(rates) * 100:.1f}%,"
          f" against {float(w / n) * 100:.1f}% for {around}; {time.perf_counter() - t0:.0f} s wall, "
          f"{cpu_seconds() - c0:.0f} s CPU")


if __name__ == "__main__":
    main()
