"""``kcal balance calibrate --game ID``: how often the what-if finds what is not there, and how often it
finds what is.

An empty patch cannot calibrate a what-if: both arms play the same games, every difference is 0, and
nothing can be marked. The calibration runs null what-ifs whose games *do* diverge, with no change of
balance, each at the what-if's own budget and rules (the sequential test, its looks, the corrected marks):

- ``other_seeds``: the unchanged game against itself on other seeds (run ``r``'s arms deal from two
  different master seeds): unpaired games, the widest spread a what-if can meet.
- ``perturbed``: the unchanged game on the same seeds, its patched arm's bots drawing one extra number
  from their generator before each decision (the same bots, other tie-breaks and samples): pairs that
  start alike and drift apart, as a patch that every game meets makes them.

and, for power, ``stated_change``: the ``other_seeds`` null with a known change added: the patched arm
gives seat A the whole win of a game with a chance ``q`` drawn from the game's own seed, ``q`` chosen
from seat A's win rate ``p`` in the other-seeds runs so far so that seat A's win rate rises by
``--effect`` on average (``q = effect / (1 - p)``; JSON ``chance`` is its mean over the runs). The runs go
round by round (other seeds, perturbed, stated change), so Ctrl-C leaves whole rounds of each kind. It names no game: it moves a seat's win rate, as a card or a rule would.
On unpaired games it is the power of the worst case: a patch whose pairs stay alike in part (most
patches) has narrower intervals and is found sooner.

A bot that draws nothing from its generator (a deterministic greedy bot) plays the ``perturbed`` arm's
games exactly as the base arm's: that null then has no differing pairs (``pairs_differing`` 0) and says
nothing; the text says so.

Each figure is reported as runs out of runs with a 95 % Wilson interval: the runs that marked any figure,
the SPRT's false accepts (a seat decided H1), each figure's false marks; and for the stated change, the
runs whose SPRT decided H1 for seat A and those that marked seat A's win rate.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from kcal.balance.marks import CORRECTION_WORDS, check_correction, mark
from kcal.balance.paired import EFFECT
from kcal.balance.whatif import MAX_PAIRS, PairPlan, Played, default_bot, default_players, play_plan
from kcal.core.errors import UsageError
from kcal.core.seeding import derive_seed
from kcal.core.stats import proportion, sig
from kcal.sim.parallel import check_count

NULLS = ("other_seeds", "perturbed")
POWER = "stated_change"
#: runs of each kind unless --runs says otherwise
RUNS = 20
MAX_RUNS = 10_000
_SEED_MASK = (1 << 63) - 1
WHAT = {
    "other_seeds": "the unchanged game against itself on other seeds (unpaired games)",
    "perturbed": "the unchanged game on the same seeds, the patched arm's bots drawing one extra random "
                 "number before each decision",
    POWER: "the other-seeds null with seat A given the win of a game by a seeded draw, so that its win rate "
           "rises by the effect on average",
}
METHODS = ("null what-ifs whose games diverge with no change of balance (other seeds; bots perturbed by an "
           "extra random draw), each at the what-if's budget, sequential test and corrected marks; power from "
           "the perturbed null with a stated change of seat A's win rate; rates of runs with 95 % Wilson "
           "intervals (docs/balance.md)")


def _rate(k: int, n: int) -> dict[str, Any]:
    p = proportion(k, n)
    return {"runs": k, "rate": p["value"], "rate_ci95": p["ci95"]}


def _plans(game_id: str, players: int | None, seed: int, bots: Sequence[str] | None, games: int
           ) -> tuple[Any, Any, int, tuple[str, ...], Callable[[int, int], Any]]:
    """The pack, its game, the players, the bots and a maker of run ``r``'s arm plans on master seed ``s``."""
    from kcal.core import registry
    from kcal.sim.match import load_game, prepare_match

    pack = registry.get(game_id)
    game = load_game(pack)
    n = players if players is not None else default_players(game.info)
    names = list(bots) if bots else [default_bot(game)]

    def plan(_r: int, s: int) -> Any:
        return prepare_match(game_id, n, games, s, names, None, {}, None, None).plan

    first = plan(0, seed)
    return pack, game, n, first.bots, plan


def _run_seed(seed: int, kind: str, r: int, arm: int = 0) -> int:
    return derive_seed(seed, "calibrate", kind, r, arm) & _SEED_MASK


def _pair(plan: Callable[[int, int], Any], seed: int, kind: str, r: int, inject: tuple[int, float] | None = None
          ) -> PairPlan:
    import hashlib

    base = plan(r, _run_seed(seed, kind, r))
    patched = plan(r, _run_seed(seed, kind, r, 1)) if kind != "perturbed" else base
    perturb = kind == "perturbed"
    key = hashlib.sha256(f"calibrate {kind} {base.key} {patched.key} {perturb} {inject}".encode()).hexdigest()[:16]
    return PairPlan(base, patched, (), key, (), perturb, inject)


class _Kind:
    """The runs of one kind so far."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.runs = 0
        self.games = 0
        self.differing = 0
        self.any_mark = 0
        self.false_h1 = 0
        self.undecided = 0
        self.marked: Counter[str] = Counter()
        self.seen: dict[str, None] = {}
        self.seat_a_h1 = 0
        self.seat_a_marked = 0
        self.seat_a_diff = 0.0
        self.seat_a_patched = 0.0
        self.seat_a_base = 0.0

    def add(self, played: Played, correction: str) -> None:
        sums = played.sums
        changes, _ = mark(sums.changes(), correction)
        self.runs += 1
        self.games += sums.games
        self.differing += sums.differing
        self.any_mark += any(c["changed"] for c in changes)
        decisions = [d.decision for d in played.sprt.decisions]
        self.false_h1 += "H1" in decisions
        self.undecided += None in decisions
        for c in changes:
            self.seen.setdefault(c["figure"], None)
            self.marked[c["figure"]] += c["changed"]
        a = changes[0]
        first = played.sprt.decisions[0]
        self.seat_a_h1 += first.decision == "H1" and first.llr_up > first.llr_down  # H1 upwards
        self.seat_a_marked += bool(a["changed"]) and (a["diff"] or 0) > 0
        base, patched, diff = sums.wins[0].means()
        self.seat_a_diff += diff
        self.seat_a_patched += patched
        self.seat_a_base += base

    def null_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "what": WHAT[self.kind], "runs": self.runs, "games": self.games,
                "mean_games": sig(self.games / self.runs) if self.runs else None,
                "pairs_differing": sig(self.differing / self.games) if self.games else None,
                "any_mark": _rate(self.any_mark, self.runs),
                "sprt_false_accepts": _rate(self.false_h1, self.runs),
                "sprt_undecided": _rate(self.undecided, self.runs),
                "figures": [{"figure": f, **_rate(self.marked[f], self.runs)} for f in self.seen]}

    def power_json(self, effect: float, chance: float) -> dict[str, Any]:
        return {"kind": self.kind, "what": WHAT[self.kind], "seat": "A", "effect": effect, "chance": sig(chance),
                "mean_change": sig(self.seat_a_diff / self.runs) if self.runs else None,
                "runs": self.runs, "games": self.games,
                "mean_games": sig(self.games / self.runs) if self.runs else None,
                "sprt_h1": _rate(self.seat_a_h1, self.runs), "marked": _rate(self.seat_a_marked, self.runs)}


def calibrate(game_id: str, *, runs: int = RUNS, games: int = 2000, players: int | None = None, seed: int = 0,
              bots: Sequence[str] | None = None, effect: float = EFFECT, correction: str = "holm", jobs: int = 1,
              runner: Callable[..., Any] | None = None, on_done: Callable[[int], None] | None = None,
              power: bool = True) -> dict[str, Any]:
    """``runs`` null what-ifs of each kind and ``runs`` with the stated change, each capped at ``games``
    pairs (the what-if's default budget); the calibration JSON (docs/json.md)."""
    check_correction(correction)
    check_count("runs", runs, MAX_RUNS, least=1)
    check_count("games", games, MAX_PAIRS, least=2)
    if not 0.0 < effect < 1.0:
        raise UsageError(f"--effect {effect}: a change of a win rate, above 0 and below 1 (0.05 is 5 points)")
    pack, game, n, bot_names, plan = _plans(game_id, players, seed, bots, games)
    kinds = {k: _Kind(k) for k in (*NULLS, POWER)}
    interrupted = False

    def one(pair: PairPlan, kind: _Kind) -> bool:
        played = play_plan(pair, games, jobs=jobs, runner=runner, on_done=on_done)
        if played.interrupted:
            return False
        kind.add(played, correction)
        return True

    base = kinds["other_seeds"]
    chances: list[float] = []
    for r in range(runs):  # each run of every kind in turn, so that Ctrl-C leaves whole rounds of each
        for k in NULLS:
            if not one(_pair(plan, seed, k, r), kinds[k]):
                interrupted = True
                break
        if interrupted or not power:
            if interrupted:
                break
            continue
        # seat A's win rate over the other-seeds runs so far (its base and patched arms: the unchanged game)
        p = (base.seat_a_patched + base.seat_a_base) / (2 * base.runs)
        chances.append(min(1.0, effect / max(1e-9, 1.0 - p)))
        if not one(_pair(plan, seed, POWER, r, (0, round(chances[-1], 6))), kinds[POWER]):
            interrupted = True
            break
    chance = sum(chances) / len(chances) if chances else 0.0
    return {"game": pack.id, "name": game.info.name, "players": n, "bots": list(bot_names), "seed": seed,
            "runs": runs, "games": games, "effect": effect,
            "correction": correction, "nulls": [kinds[k].null_json() for k in NULLS],
            "power": kinds[POWER].power_json(effect, chance) if power else None,
            "interrupted": interrupted, "methods": METHODS}


def calibrate_text(d: Mapping[str, Any]) -> str:
    """The calibration for people: each null's false-alarm rates, then the power."""
    def pct(x: Mapping[str, Any]) -> str:
        lo, hi = x["rate_ci95"]
        return (f"{x['runs']} of {runs} ({100 * x['rate']:.1f}% [{100 * lo:.1f}, {100 * hi:.1f}])"
                if x["rate"] is not None else "no runs")

    lines = [f"{d['name']}: calibration of kcal balance what-if ({d['players']} players, bots "
             f"{', '.join(sorted(set(d['bots'])))}, seed {d['seed']}; at most {d['games']:,} games per arm a run, "
             f"marks corrected by {CORRECTION_WORDS[d['correction']]})"]
    for k in d["nulls"]:
        runs = k["runs"]
        if not runs:
            continue
        lines.append(f"null {k['kind']}: {k['what']}")
        lines.append(f"  {runs} runs, {k['mean_games']:g} games per arm on average, "
                     f"{100 * (k['pairs_differing'] or 0):.1f}% of pairs differing"
                     + (" (the bots draw nothing from their generator: this null says nothing)"
                        if not k["pairs_differing"] else ""))
        lines.append(f"  runs with any figure marked: {pct(k['any_mark'])}  (goal: 5% or less)")
        lines.append(f"  SPRT false accepts (a seat decided H1): {pct(k['sprt_false_accepts'])}; "
                     f"undecided at the cap: {pct(k['sprt_undecided'])}")
        marked = [f for f in k["figures"] if f["runs"]]
        lines.append("  figures falsely marked: " + (", ".join(f"{f['figure']} {f['runs']}" for f in marked)
                                                     if marked else "none"))
    pw = d.get("power")
    if pw and pw["runs"]:
        runs = pw["runs"]
        lines.append(f"power for a stated change: seat A's win rate +{100 * pw['effect']:g} points "
                     f"({pw['what']}; measured change {100 * (pw['mean_change'] or 0):+.1f} points)")
        lines.append(f"  {runs} runs, {pw['mean_games']:g} games per arm on average")
        lines.append(f"  SPRT decided H1 for seat A: {pct(pw['sprt_h1'])}")
        lines.append(f"  seat A's win rate marked (raised): {pct(pw['marked'])}")
    if d["interrupted"]:
        lines.append("interrupted: the figures cover the runs finished before Ctrl-C")
    return "\n".join(lines)
