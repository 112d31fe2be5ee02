"""``kcal balance what-if --game ID --patch PATCH.yaml``: what a patch does to a game, with paired games.

Two arms play the same games: game ``i`` of the base arm and game ``i`` of the patched arm have the same
engine seed and the same bots' seeds (common random numbers, :mod:`kcal.sim.match`), so they differ only
by what the patch changed. Each pair gives one difference of every figure (each seat's win rate, the
game's length, each end reason's share), and
:mod:`kcal.balance.paired` turns them into changes with paired 95 % intervals and the sequential test
that stops the run when the answer is clear. Each card the patch changes or adds gets its impact in
each arm (:mod:`kcal.balance.impact`: the holder's win rate with the card minus without it, through the
pack's ``impact`` hook) and the change, from per-game counts paired over the games
(:class:`kcal.balance.paired.PairedImpact`).

Games are played in chunks of :data:`PAIR_CHUNK` game pairs through the shared runner
(``--jobs``, ``--backend dask``), a batch of chunks per look of the test; chunk results are merged in
chunk order and the sums are exact integers, so the output is the same bytes on one process, ``--jobs N``
or a Dask cluster.
"""

from __future__ import annotations

import hashlib
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kcal.balance.marks import check_correction, mark
from kcal.balance.paired import CARD_PARTS, Paired, PairedImpact, Sprt, looks
from kcal.balance.patch import Patch, load_patch
from kcal.core.errors import UsageError
from kcal.sim.match import MatchPlan, add_game, load_game, play_one
from kcal.sim.match_tally import Tally, win_unit
from kcal.sim.parallel import check_count, run_chunks

if TYPE_CHECKING:
    from kcal.core.game import Game
    from kcal.core.gameinfo import GameInfo
    from kcal.core.registry import Pack

#: game pairs per chunk (a task of the runner), fixed whatever --jobs or backend: a look of 128 pairs is
#: 8 tasks, enough for a few cores and few enough that a cluster's cost per task stays small
PAIR_CHUNK = 16
#: most game pairs one what-if may play
MAX_PAIRS = 10**6
METHOD = ("paired games: both arms play the same seeds (common random numbers); each change is the mean "
          "of the per-game differences, with a 95 % interval mean +- 1.96 sd / sqrt(n); a win shared by k "
          "players counts 1/k; a patched card's impact (win rate with it minus without it, over the "
          "player-games of games with a winner) in each arm, its change with a 95 % interval by the delta "
          "method over game pairs; the marks corrected for every figure of the run (Holm or Benjamini-Hochberg); SPRT "
          "on the seats' win-rate changes with fishtest's exact generalized likelihood ratio, no seat decided "
          "before the first look (docs/balance.md)")

MARKS = ("a figure is marked changed when its p-value (normal, from its paired interval), adjusted for "
         "every figure of the run, is at most alpha; diff_ci is every interval at the one level at which "
         "clearing 0 and the mark agree")



def default_bot(game: Game[Any, Any]) -> str:
    """The strongest bot a pack names (the ladder's), else its default, else greedy."""
    from kcal.balance.impact import strongest_bot

    return strongest_bot(game)


def default_players(info: GameInfo) -> int:
    return max(2, int(info.min_players))


@dataclass(frozen=True)
class PairPlan:
    """What every worker receives once: the plan of each arm and the names of the patched cards."""

    base: MatchPlan
    patched: MatchPlan
    cards: tuple[str, ...]
    key: str
    #: each changed or added card: its name and the names the impact hook gives it in each arm
    held_as: tuple[tuple[str, str | None, str], ...] = ()
    #: the patched arm's bots draw one extra number from their generator before each decision (a null
    #: what-if whose games diverge without a change of balance: ``kcal balance calibrate``)
    perturb: bool = False
    #: a stated change for measuring power (``kcal balance calibrate``): ``(seat, chance)``, the patched
    #: arm gives ``seat`` the whole win of game ``i`` when game ``i``'s own draw falls below ``chance``
    inject: tuple[int, float] | None = None


@dataclass
class _Arm:
    """What a worker plays one arm with: its plan, bots, and the impact hook's names of the patched
    cards in this arm, ``{hook's name: card}``."""

    plan: MatchPlan
    bots: list[Any]
    cards: dict[str, str]


_WORKER: dict[str, tuple[Any, list[_Arm], Any]] = {}


def _card_names(pair: PairPlan, arm: int) -> dict[str, str]:
    """The patched cards an arm holds, by the name the impact hook gives them (an added card is in the
    patched arm only)."""
    out: dict[str, str] = {}
    for card, *names in pair.held_as:
        name = names[arm]
        if name is not None:
            out[name] = card
    return out


def _impact_hook(pack: Pack) -> Any:
    from kcal.balance.impact import load_impact

    return load_impact(pack) if pack.has("impact") else None


def _setup(pair: PairPlan) -> tuple[Any, list[_Arm], Any]:
    if pair.key not in _WORKER:
        _WORKER.clear()
        game = load_game(pair.base.pack)
        table = game.bots()
        arms = [_Arm(plan, [_perturbed(table[b]) if k and pair.perturb else table[b] for b in plan.bots],
                     _card_names(pair, k))
                for k, plan in enumerate((pair.base, pair.patched))]
        hook = _impact_hook(pair.base.pack) if pair.held_as else None
        _WORKER[pair.key] = (game, arms, hook)
    return _WORKER[pair.key]


#: one game of one arm: each seat's win (units), the moves, the end reason, the patched cards'
#: figures (:func:`kcal.balance.impact.card_figures`, by the card's patch name), each seat's score (None: the
#: game has no outcome) and each seat's label (the pack's optional ``seat_labels``, such as its deck)
Result = tuple[tuple[int, ...], int, str, tuple[tuple[str, tuple[int, ...]], ...], tuple[Fraction, ...] | None,
               tuple[str, ...] | None]


def _result(game: Game[Any, Any], arm: _Arm, state: Any, moves: int, slots: list[int], hook: Any) -> Result:
    from kcal.balance.impact import card_figures

    plan = arm.plan
    t = Tally(len(plan.players))
    add_game(t, game, plan, state, moves, slots, None)
    reason = next(iter(t.reasons))
    cards = card_figures(game, hook, plan, state, list(arm.cards)) if hook is not None else {}
    scores = tuple(m.total for m in t.seat_scores) if t.seat_scores[0].count else None
    labels = seat_labels(game, state, len(plan.players))
    return (tuple(t.seat_wins), moves, reason, tuple(sorted((arm.cards[name], v) for name, v in cards.items())),
            scores, labels)


def seat_labels(game: Game[Any, Any], state: Any, seats: int) -> tuple[str, ...] | None:
    """What the pack says each seat played with (its optional ``seat_labels(state)``, such as each seat's deck),
    checked; None when the pack says nothing."""
    from kcal.core.errors import KcalError

    fn = getattr(game, "seat_labels", None)
    if fn is None:
        return None
    labels = fn(state)
    if labels is None:
        return None
    labels = tuple(str(x) for x in labels)
    if len(labels) != seats:
        raise KcalError(f"the pack's seat_labels gave {len(labels)} labels for {seats} seats", code="bad-pack")
    return labels


def _perturbed(policy: Any) -> Any:
    """The bot drawing one extra number from its generator before each decision: the same bot, other
    tie-breaks and samples, so its games diverge from the unperturbed bot's with no change of balance."""
    def choose(game: Game[Any, Any], state: Any, player: str, rng: Any) -> Any:
        rng.next64()
        return policy(game, state, player, rng)

    return choose


def _injected(result: Result, pair: PairPlan, index: int) -> Result:
    """The patched arm's result with the stated change of :attr:`PairPlan.inject` applied to game ``index``."""
    from kcal.core.rng import Rng
    from kcal.core.seeding import derive_seed

    assert pair.inject is not None
    seat, chance = pair.inject
    if Rng(derive_seed(pair.patched.seed, "calibrate-effect", index)).next64() >= chance * 2**64:
        return result
    wins = tuple(win_unit(len(result[0])) if s == seat else 0 for s in range(len(result[0])))
    return (wins, *result[1:])  # type: ignore[return-value]


def pair_chunk(pair: PairPlan, key: str, first: int, count: int) -> list[tuple[Result, Result]]:
    """Game pairs ``first .. first + count - 1``: each game of the base arm and the same game patched."""
    if key != pair.key:
        raise UsageError("a chunk reached a worker with another what-if's plan")
    game, arms, hook = _setup(pair)
    out = []
    for i in range(first, first + count):
        results = []
        for arm in arms:
            state, moves, slots = play_one(game, arm.plan, arm.bots, 0, i)
            results.append(_result(game, arm, state, moves, slots, hook))
        if pair.inject is not None:
            results[1] = _injected(results[1], pair, i)
        out.append((results[0], results[1]))
    return out


class Sums:
    """Every paired figure of a what-if, filled game pair by game pair in game order."""

    def __init__(self, seats: Sequence[str], cards: Sequence[str] = ()) -> None:
        self.seats = tuple(seats)
        self.unit = win_unit(len(seats))
        self.wins = [Paired(self.unit) for _ in seats]
        self.scores = [Paired() for _ in seats]
        self.length = Paired()
        #: each seat's labels in the base arm and the patched arm: how many pairs gave each
        self.labels: list[Counter[tuple[str, str]]] = [Counter() for _ in seats]
        self.reasons: dict[str, Paired] = {}
        self.cards = {c: PairedImpact(self.unit) for c in cards}
        self.games = 0
        #: pairs whose two games ended differently (a seat's win or score, the length or the end reason)
        self.differing = 0

    def add(self, base: Result, patched: Result) -> None:
        self.games += 1
        if base[:3] != patched[:3] or base[4] != patched[4]:
            self.differing += 1
        for s, p in enumerate(self.wins):
            p.add(base[0][s], patched[0][s])
        self.length.add(base[1], patched[1])
        if base[4] is not None and patched[4] is not None:
            for s, p in enumerate(self.scores):
                p.add(base[4][s], patched[4][s])
        if base[5] is not None and patched[5] is not None:
            for s, c in enumerate(self.labels):
                c[(base[5][s], patched[5][s])] += 1
        for r in {base[2], patched[2]}:
            self.reasons.setdefault(r, _caught_up(self.games - 1))
        for r, p in self.reasons.items():
            p.add(int(base[2] == r), int(patched[2] == r))
        cb, cq = dict(base[3]), dict(patched[3])
        for card in {*cb, *cq}:
            self.cards[card].add(cb.get(card, _NONE), cq.get(card, _NONE))

    def changes(self) -> list[dict[str, Any]]:
        out = [p.change(f"win_rate.{s}") for s, p in zip(self.seats, self.wins, strict=True)]
        out += [p.change(f"score.{s}") for s, p in zip(self.seats, self.scores, strict=True) if p.n]
        out.append(self.length.change("mean_length"))
        out += [self.reasons[r].change(f"end_reason.{r}") for r in sorted(self.reasons)]
        out += [p.change(f"impact.{card}", self.games) for card, p in self.cards.items()]
        return out

    def played(self) -> list[dict[str, Any]] | None:
        """Each seat's labels (the pack's ``seat_labels``, such as its deck) over both arms, with the pairs
        that gave each; None when the pack labels no seat."""
        if not any(self.labels):
            return None
        out = []
        for seat, c in zip(self.seats, self.labels, strict=True):
            seen: Counter[str] = Counter()
            for (b, q), k in c.items():
                seen[b] += k
                if q != b:
                    seen[q] += k
            out.append({"seat": seat, "labels": sorted(seen)})
        return out

    def card_counts(self, held_as: Sequence[tuple[str, str | None, str]]) -> list[dict[str, Any]]:
        """SPEC's what-if ``cards``: each patched card's name in each arm (null: not in the base arm) and
        the player-games with it and without it (could have had it) in each arm."""
        out = []
        for card, base_name, patched_name in held_as:
            arms = [self.cards[card].arm(k) for k in (0, 1)]
            out.append({"card": card, "held_as": [base_name, patched_name],
                        "games_with": [a[0] for a in arms], "games_without": [a[2] for a in arms]})
        return out


_NONE = (0,) * CARD_PARTS


def _caught_up(games: int) -> Paired:
    """A figure first seen after ``games`` pairs: those pairs had it 0 in both arms."""
    p = Paired()
    p.n = games
    return p


@dataclass
class WhatIf:
    """A what-if checked and planned, before any game is played."""

    pack: Any
    game: Any
    patch: Patch
    pair: PairPlan
    players: int
    bots: tuple[str, ...]


def prepare(game_id: str, patch_path: str | Path, *, players: int | None = None, games: int = 2000,
            seed: int = 0, bots: Sequence[str] | None = None) -> WhatIf:
    """Every input checked (the patch, the players, the bots, a state of each arm) before any game."""
    from kcal.core import registry
    from kcal.core.game import Setup
    from kcal.sim.match import engine_seed, prepare_match

    check_count("games", games, MAX_PAIRS, least=2)
    pack = registry.get(game_id)
    game = load_game(pack)
    patch = load_patch(patch_path, pack)
    n = players if players is not None else default_players(game.info)
    names = list(bots) if bots else [default_bot(game)]
    base = prepare_match(game_id, n, games, seed, names, None, {}, None, None).plan
    patched = prepare_match(game_id, n, games, seed, names, None, dict(patch.options), None, None).plan
    for plan in (base, patched):  # the options of each arm, before any game
        game.new_state(Setup(plan.players, None, plan.options(0, list(range(n)))), engine_seed(seed, 0))
    held_as = patch.held_as if _impact_hook(pack) is not None else ()
    key = hashlib.sha256(f"{base.key} {patched.key} {patch.cards} {held_as}".encode()).hexdigest()[:16]
    return WhatIf(pack, game, patch, PairPlan(base, patched, patch.cards, key, held_as), n, base.bots)


@dataclass
class Played:
    """The pairs played: their figures, the sequential test, why the run stopped."""

    sums: Sums
    sprt: Sprt
    stopped: str
    interrupted: bool


def play_pairs(w: WhatIf, games: int, *, jobs: int = 1, runner: Callable[..., Any] | None = None,
               on_done: Callable[[int], None] | None = None, sequential: bool = True) -> Played:
    """Play game pairs look by look (:func:`kcal.balance.paired.looks`) until the SPRT has decided every
    seat (``sequential``) or ``games`` pairs are played."""
    return play_plan(w.pair, games, jobs=jobs, runner=runner, on_done=on_done, sequential=sequential)


def play_plan(pair: PairPlan, games: int, *, jobs: int = 1, runner: Callable[..., Any] | None = None,
              on_done: Callable[[int], None] | None = None, sequential: bool = True) -> Played:
    """:func:`play_pairs` on a pair plan (a what-if's, or a calibration's null)."""
    from kcal.sim.backends import session

    with session(runner or run_chunks) as run:  # one cluster client, and one copy of the plan, for every look
        return _looks(pair, games, jobs, run, on_done, sequential)


def _looks(pair: PairPlan, games: int, jobs: int, run: Callable[..., Any], on_done: Callable[[int], None] | None,
           sequential: bool) -> Played:
    """The pairs, look by look. With the sequential test on, each look's chunks are one run, so that the
    test may stop before the next; with it off, every look's chunks go out in one run (one pool, one round
    trip to a cluster, no look waiting on its slowest chunk) and the looks read their results in order:
    the same sums and the same decisions at the same looks, so the same bytes."""
    sums = Sums(pair.base.players, [card for card, _, _ in pair.held_as])
    sprt = Sprt(pair.base.players)
    segments, done = [], 0
    for upto in looks(games):
        segments.append([(pair.key, f, min(PAIR_CHUNK, upto - f)) for f in range(done, upto, PAIR_CHUNK)])
        done = upto

    def played(tasks: list[tuple[str, int, int]]) -> tuple[list[Any], bool]:
        def told(i: int) -> None:
            if on_done is not None:
                on_done(tasks[i][2])

        out = run(pair_chunk, tasks, jobs=jobs, on_done=told, shared=pair)
        return list(out.results), bool(out.interrupted)

    everything, interrupted = ([], False) if sequential else played([t for seg in segments for t in seg])
    k = 0
    for seg in segments:
        if sequential:
            results, interrupted = played(seg)
        else:
            results, k = everything[k:k + len(seg)], k + len(seg)
        for chunk in results:
            for base, patched in chunk or ():
                sums.add(base, patched)
        decided = sprt.update(sums.wins)
        if sequential and interrupted:
            return Played(sums, sprt, "cap", True)
        if sequential and decided:
            return Played(sums, sprt, "sprt", False)
    return Played(sums, sprt, "cap", interrupted)


def what_if(game_id: str, patch_path: str | Path, *, players: int | None = None, games: int = 2000,
            seed: int = 0, bots: Sequence[str] | None = None, jobs: int = 1,
            runner: Callable[..., Any] | None = None, on_done: Callable[[int], None] | None = None,
            sequential: bool = True, correction: str = "holm") -> dict[str, Any]:
    """Play the patched game against the base game on the same seeds (:func:`play_pairs`); SPEC's
    what-if JSON."""
    check_correction(correction)
    w = prepare(game_id, patch_path, players=players, games=games, seed=seed, bots=bots)
    played = play_pairs(w, games, jobs=jobs, runner=runner, on_done=on_done, sequential=sequential)
    return report(w, played, games, seed, correction)


def report(w: WhatIf, played: Played, games: int, seed: int, correction: str = "holm") -> dict[str, Any]:
    """SPEC's what-if JSON from the pairs played."""
    changes, family = mark(played.sums.changes(), correction)
    return {
        "game": w.pack.id,
        "name": w.game.info.name,
        "games": played.sums.games,
        "seed": seed,
        "players": w.players,
        "bots": list(w.bots),
        "patch": w.patch.to_json(),
        "patch_lines": list(w.patch.lines),
        "cap": games,
        "stopped": played.stopped,
        "sprt": played.sprt.to_json(),
        "marks": {**family, "method": MARKS},
        "changes": changes,
        "seat_labels": played.sums.played(),
        "cards": played.sums.card_counts(w.pair.held_as),
        "interrupted": played.interrupted,
        "methods": METHOD,
    }
