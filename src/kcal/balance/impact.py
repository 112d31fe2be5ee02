"""Per-card impact (``kcal balance cards``): how a card moves its holder's win rate, for every pack.

The model is 17lands' "game in hand" win rate: over the *player-games* of a match (one player in one
game), a card's win rate when the player had it against its win rate when the player could have had it
and did not. What "had" means is each pack's (its ``impact`` hook, :class:`kcal.core.hooks.ImpactHook`:
kCaloria's tiles drawn, How many Calories?' cards dealt, Kalua's cards drawn, EcoLogic's species placed;
the rulings are in each pack's docs/rulings.md); "could have had" keeps a card to the players whose deck
holds it (kCaloria's decks differ by seat).

- Games: bots play on the shared simulator (:mod:`kcal.sim.match`): seats rotate, game ``i`` deals with
  the match's engine seed, chunks of :data:`kcal.sim.match.CHUNK_GAMES` games each return integer
  counters that are added in chunk order -- the same bytes for any ``--jobs`` and on Dask.
- Only games with a winner count (a game cut at the move cap, or won by nobody, says nothing of which
  cards win); a win shared by ``k`` players counts ``1/k`` (integers in units of ``lcm(1..n)``).
- ``impact`` = win rate with - win rate without; its interval is Newcombe's hybrid score interval on the
  counts divided by the card's design effect (Rao and Scott 1992: the variance clustered by game over the
  variance of independent player-games, :func:`design_effect`), and its p-value the one that interval
  gives (:mod:`kcal.balance.compare`). So the game is the unit: one player's win is another's loss in the
  same game. The p-values of all the cards
  compared (those seen both with and without) are adjusted by Holm (default) or Benjamini-Hochberg; a card
  is *strong* (impact above 0) or *weak* (below) when its adjusted p-value is at most 5 %, and every
  interval is drawn at the one level that makes "clear of 0" and the flag agree.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from kcal.balance.compare import ALPHA, CORRECTIONS, adjust, corrected_alpha, newcombe, p_value, z_of
from kcal.core.errors import KcalError, UsageError
from kcal.core.game import extras
from kcal.core.plural import count
from kcal.core.stats import sig
from kcal.sim.match import (
    CHUNK_GAMES,
    DEFAULT_MAX_MOVES,
    MatchPlan,
    load_game,
    play_one,
    resolve_bots,
    seat_names,
)
from kcal.sim.match_tally import win_unit
from kcal.sim.parallel import MAX_GAMES, Outcome, check_count, chunk_size, run_chunks

if TYPE_CHECKING:
    from kcal.core.game import Game
    from kcal.core.registry import Pack

#: the counters of a chunk: games played, decided (with a winner), player-games and their wins, and per
#: card ``with:``/``won_with:`` (had it) and ``could:``/``won_could:`` (could have had it)
GAMES, DECIDED, PLAYER_GAMES, WINS = "games", "decided", "player_games", "wins"
#: the products of a game's four counts of a card (with, won with, without, won without: 0..3) summed per
#: card as ``x{i}{j}:CARD``, for the variance of the impact clustered by game
PRODUCTS = tuple((i, j) for i in range(4) for j in range(i, 4))

METHODS = ("seats rotate (bot slot k sits in seat (k + i) mod n in game i); over the player-games of the games "
           "with a winner, a card's win rate when its player had it against when the player could have had it "
           "and did not (a win shared by k players counts 1/k); impact = the difference, with Newcombe's hybrid "
           "score interval on the counts divided by the design effect (the variance clustered by game over the "
           "independent one, at least 1); p-values from the same interval, adjusted for the number of cards compared (Holm, "
           "family-wise, or Benjamini-Hochberg, false discovery rate); a card is strong or weak when its "
           "adjusted p-value is at most 5%, and every interval is drawn at the level at which clearing 0 and "
           "the flag agree")


def strongest_bot(game: Game[Any, Any]) -> str:
    """The bot a balance figure is measured with unless the user names one: the strongest on the ladder
    (``strongest_bot``), else the pack's default bot, else greedy."""
    found = extras(game)
    return found.get("strongest_bot") or found.get("default_bot") or "greedy"


def load_impact(pack: Pack) -> Any:
    """The pack's ``impact`` hook; a usage error when the pack has none."""
    if not pack.has("impact"):
        raise UsageError(f"{pack.info.name} ({pack.id}) does not say which cards a player had in a game "
                         "(it has no 'impact' hook), so kcal balance cards cannot measure it")
    try:
        return pack.hook("impact")
    except ImportError as exc:
        raise KcalError(f"{pack.info.name} ({pack.id}): its 'impact' hook cannot be loaded "
                        f"({type(exc).__name__}: {exc})", code="bad-pack") from None


def seat_shares(game: Game[Any, Any], plan: MatchPlan, state: Any) -> list[int] | None:
    """Each seat's share of a finished game's win in units of ``win_unit(n)`` (a win shared by ``k``
    players is ``1/k``); None for a game with no winner (cut at the move cap, or won by nobody)."""
    n = len(plan.players)
    out = game.outcome(state)
    if out is None or not out.winners:
        return None
    seat_of = {p: s for s, p in enumerate(plan.players)}
    winners = {seat_of[w] for w in out.winners if w in seat_of}
    if not winners:
        return None
    share = win_unit(n) // len(winners)
    return [share if seat in winners else 0 for seat in range(n)]


def held_cards(game: Game[Any, Any], hook: Any, plan: MatchPlan, state: Any) -> list[tuple[set[str], set[str]]]:
    """Per seat: the cards it had and those it could have had (the pack's hook, checked)."""
    n = len(plan.players)
    held = [(set(had), set(had) | set(could)) for had, could in hook.held(game, state)]
    if len(held) != n:
        raise KcalError(f"the pack's impact hook gave {len(held)} seats' cards for {n} players", code="bad-pack")
    return held


def tally_game(counts: Counter[str], game: Game[Any, Any], hook: Any, plan: MatchPlan, state: Any) -> None:
    """Add one finished game's counters to ``counts``."""
    counts[GAMES] += 1
    shares = seat_shares(game, plan, state)
    if shares is None:
        return
    counts[DECIDED] += 1
    game_parts: dict[str, list[int]] = {}
    for won, (had, could) in zip(shares, held_cards(game, hook, plan, state), strict=True):
        counts[PLAYER_GAMES] += 1
        counts[WINS] += won
        for name in could:
            counts[f"could:{name}"] += 1
            counts[f"won_could:{name}"] += won
            parts = game_parts.setdefault(name, [0, 0, 0, 0])
            k = 0 if name in had else 2
            parts[k] += 1
            parts[k + 1] += won
        for name in had:
            counts[f"with:{name}"] += 1
            counts[f"won_with:{name}"] += won
    for name, parts in game_parts.items():  # the game's products, for the variance clustered by game
        for i, j in PRODUCTS:
            if parts[i] and parts[j]:
                counts[f"x{i}{j}:{name}"] += parts[i] * parts[j]


def card_figures(game: Game[Any, Any], hook: Any, plan: MatchPlan, state: Any, names: Sequence[str]
                 ) -> dict[str, tuple[int, int, int, int]]:
    """One finished game's figures of each card of ``names`` (``kcal balance what-if``): the player-games
    with the card and their wins, the player-games without it (could have had it) and their wins, wins in
    units of ``win_unit(n)``; a card with none of them, or a game with no winner, gives nothing."""
    shares = seat_shares(game, plan, state)
    if shares is None or not names:
        return {}
    held = held_cards(game, hook, plan, state)
    out: dict[str, tuple[int, int, int, int]] = {}
    for name in names:
        n_with = won_with = n_without = won_without = 0
        for won, (had, could) in zip(shares, held, strict=True):
            if name in had:
                n_with, won_with = n_with + 1, won_with + won
            elif name in could:
                n_without, won_without = n_without + 1, won_without + won
        if n_with or n_without:
            out[name] = (n_with, won_with, n_without, won_without)
    return out


_WORKER: dict[str, tuple[Any, Any, list[Any]]] = {}


def impact_chunk(plan: MatchPlan, key: str, first: int, count: int) -> Counter[str]:
    """Games ``first .. first + count - 1`` of the plan, as counters (``key`` names the plan)."""
    if key != plan.key:
        raise KcalError("a chunk reached a worker with another run's plan", code="internal")
    if plan.key not in _WORKER:
        _WORKER.clear()
        game = load_game(plan.pack)
        table = game.bots()
        _WORKER[plan.key] = (game, load_impact(plan.pack), [table[b] for b in plan.bots])
    game, hook, policies = _WORKER[plan.key]
    counts: Counter[str] = Counter()
    for i in range(first, first + count):
        state, _moves, _slots = play_one(game, plan, policies, 0, i)
        tally_game(counts, game, hook, plan, state)
    return counts


def plan_for(game_id: str, players: int | None, seed: int, bots: Sequence[str] | None) -> tuple[Any, Any, MatchPlan]:
    """The pack, its game and the match plan, every input checked before any game is played."""
    from kcal.core import registry

    pack = registry.get(game_id)
    game = load_game(pack)
    load_impact(pack)
    info = game.info
    n = players if players is not None else max(2, info.min_players)
    if n < 2:
        raise UsageError(f"--players {n}: a card's impact compares its holder with the other players; give 2 or more")
    info.check_players(n, None)
    names = resolve_bots(game, list(bots) if bots else [strongest_bot(game)], n)
    cap = extras(game).get("max_moves") or DEFAULT_MAX_MOVES
    plan = MatchPlan(pack, seat_names(n), names, None, ({},), seed, int(cap)).keyed()
    return pack, game, plan


def card_impact(game_id: str, games: int = 1000, seed: int = 0, bots: Sequence[str] | None = None,
                players: int | None = None, correction: str = "holm", jobs: int = 1,
                runner: Callable[..., Any] | None = None, on_done: Callable[[int], None] | None = None,
                alpha: float = ALPHA) -> dict[str, Any]:
    """Play ``games`` games of ``game_id`` and give every card's impact (SPEC's ``balance cards`` JSON).

    ``bots``: one for every seat or one per seat (default: :func:`strongest_bot`); ``players``: default
    the game's fewest, at least 2. ``runner`` is a ``run_chunks``-compatible callable (the Dask backend);
    ``on_done(k)`` is told that ``k`` more games are done. Ctrl-C keeps the finished chunks
    (``interrupted``: true).
    """
    if correction not in CORRECTIONS:
        raise UsageError(f"--correction {correction!r}: choose from {', '.join(CORRECTIONS)}")
    check_count("games", games, MAX_GAMES, least=1)
    pack, game, plan = plan_for(game_id, players, seed, bots)
    # game 0 alone checks the bots and times the work (one game: a slow game's first chunk would keep the
    # run silent, and Ctrl-C empty-handed, for minutes); the chunks play the rest
    start = time.perf_counter()
    tasks = [(plan.key, 0, 1)]
    try:
        first = impact_chunk(plan, plan.key, 0, 1)
    except KeyboardInterrupt:
        first = Counter()
        out = Outcome([], True)
    else:
        if on_done is not None:
            on_done(1)
        per_game = time.perf_counter() - start
        estimate = per_game * games
        size = chunk_size(per_game, CHUNK_GAMES)  # slow games: smaller chunks (the counts are the same)
        tasks += [(plan.key, f, min(size, games - f)) for f in range(1, games, size)]

        def done(i: int) -> None:
            if on_done is not None:
                on_done(tasks[1:][i][2])

        out = (runner or run_chunks)(impact_chunk, tasks[1:], jobs=jobs, on_done=done, shared=plan,
                                     estimate=estimate)
    totals: Counter[str] = Counter(first)
    for counts in out.results:
        if counts is not None:
            totals.update(counts)
    hook = load_impact(pack)
    return {"game": pack.id, "name": game.info.name, "games": totals[GAMES], "decided": totals[DECIDED],
            "seed": seed, "players": len(plan.players), "bots": list(plan.bots), "had": hook.HAD,
            **impact_table(totals, len(plan.players), correction, alpha),
            "interrupted": bool(out.interrupted), "methods": METHODS}


def impact_table(totals: Mapping[str, int], players: int, correction: str = "holm",
                 alpha: float = ALPHA) -> dict[str, Any]:
    """The cards' rows from summed counters (:func:`tally_game`): ``correction``, the intervals'
    ``confidence``, ``cards_compared``, ``mean_impact`` (over the cards compared: where every card leans),
    ``flagged`` and ``cards`` (compared cards by impact, highest first; then the cards never had, or had by
    every player who could)."""
    unit = win_unit(players)
    names = sorted(k.removeprefix("could:") for k in totals if k.startswith("could:"))
    rows: list[dict[str, Any]] = []
    compared: list[tuple[int, float, float, float, float]] = []  # row index, k1, n1, k2, n2
    for name in names:
        n_with, n_could = totals.get(f"with:{name}", 0), totals[f"could:{name}"]
        w_with = Fraction(totals.get(f"won_with:{name}", 0), unit)
        w_could = Fraction(totals.get(f"won_could:{name}", 0), unit)
        n_without, w_without = n_could - n_with, w_could - w_with
        row: dict[str, Any] = {
            "card": name, "games_with": n_with,
            "win_rate_with": sig(float(w_with / n_with)) if n_with else None,
            "games_without": n_without,
            "win_rate_without": sig(float(w_without / n_without)) if n_without else None,
            "impact": None, "impact_ci95": [None, None], "p_value": None, "p_adjusted": None, "flag": None,
            "design_effect": None}
        if n_with and n_without:
            deff = design_effect(totals, name, unit)
            row["design_effect"] = sig(deff)
            # Rao and Scott (1992): the counts divided by the design effect, then the interval of independent shares
            compared.append((len(rows), float(w_with) / deff, n_with / deff, float(w_without) / deff,
                             n_without / deff))
        rows.append(row)
    raw = [p_value(k1, n1, k2, n2) for _, k1, n1, k2, n2 in compared]
    adjusted = adjust(raw, correction)
    level = corrected_alpha(adjusted, correction, alpha)
    z = z_of(level)
    for (i, k1, n1, k2, n2), p, q in zip(compared, raw, adjusted, strict=True):
        low, high = newcombe(k1, n1, k2, n2, z)
        impact = k1 / n1 - k2 / n2
        rows[i].update({"impact": sig(impact), "impact_ci95": [sig(low), sig(high)], "p_value": sig(p),
                        "p_adjusted": sig(q),
                        "flag": ("strong" if impact > 0 else "weak") if q <= alpha else None})
    rows.sort(key=lambda r: (r["impact"] is None, -(r["impact"] or 0.0), r["card"]))
    flagged = Counter(r["flag"] for r in rows if r["flag"])
    impacts = [k1 / n1 - k2 / n2 for _, k1, n1, k2, n2 in compared]
    return {"correction": correction, "alpha": alpha, "confidence": sig(1 - level), "cards_compared": len(compared),
            "mean_impact": sig(sum(impacts) / len(impacts)) if impacts else None,
            "flagged": {"strong": flagged["strong"], "weak": flagged["weak"]}, "cards": rows}


def design_effect(totals: Mapping[str, int], name: str, unit: int) -> float:
    """How much wider the impact's variance is with the game as the unit than with independent
    player-games: the variance of the impact clustered by game (the delta method over games, from the
    summed products of each game's four counts of the card) over the variance of two independent
    binomial shares, at least 1 (1 when either cannot be estimated: no product sums, under two games, a
    share of 0 or 1 on both sides). One player's win is another's loss in the same game, so the
    independent variance is too small (docs/balance.md)."""
    games = totals.get(DECIDED, 0)
    n1, n2 = totals.get(f"with:{name}", 0), totals[f"could:{name}"] - totals.get(f"with:{name}", 0)
    w1 = Fraction(totals.get(f"won_with:{name}", 0), unit)
    w2 = Fraction(totals.get(f"won_could:{name}", 0), unit) - w1
    if games < 2 or not n1 or not n2 or f"x00:{name}" not in totals and f"x22:{name}" not in totals:
        return 1.0
    r1, r2 = w1 / n1, w2 / n2
    independent = r1 * (1 - r1) / n1 + r2 * (1 - r2) / n2
    if independent <= 0:
        return 1.0
    # t_i = a . x_i with x_i = (n_with, won_with, n_without, won_without) of game i (wins in units)
    a = [-r1 / n1, Fraction(1, unit * n1), r2 / n2, -Fraction(1, unit * n2)]
    quad = Fraction(0)
    for i, j in PRODUCTS:
        quad += (1 if i == j else 2) * a[i] * a[j] * totals.get(f"x{i}{j}:{name}", 0)
    clustered = quad * games / (games - 1)
    return max(1.0, float(clustered / independent))


# --- text and chart ---------------------------------------------------------------------------------

_CORRECTION_WORDS = {"holm": "Holm, family-wise", "bh": "Benjamini-Hochberg, false discovery rate"}


def _pct(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:.1f}%"


def _pts(x: float | None) -> str:
    return "n/a" if x is None else f"{100 * x:+.1f}"


def impact_text(d: Mapping[str, Any]) -> str:
    """The table for people: one line per card, highest impact first."""
    m = d["cards_compared"]
    lines = [
        f"{d['name']}: per-card impact over {count(d['games'], 'game')} ({d['decided']:,} with a winner), {d['players']} "
        f"players, bots {', '.join(dict.fromkeys(d['bots']))} (seats rotate), seed {d['seed']}",
        f"had: {d['had']}",
        f"impact: the holder's win rate with the card minus without it, in points; intervals at "
        f"{100 * d['confidence']:.4g}% so that {m} cards compared keep a {100 * d['alpha']:.0f}% error rate "
        f"({_CORRECTION_WORDS[d['correction']]})",
    ]
    rows = d["cards"]
    width = max([4, *(len(r["card"]) for r in rows)])
    lines.append(f"  {'card':<{width}}  {'with':>6} {'win':>6}  {'without':>7} {'win':>6}  {'impact':>6}  "
                 f"{'interval':<15} flag")
    for r in rows:
        low, high = r["impact_ci95"]
        interval = "" if low is None else f"[{100 * low:+.1f}, {100 * high:+.1f}]"
        lines.append(f"  {r['card']:<{width}}  {r['games_with']:>6} {_pct(r['win_rate_with']):>6}  "
                     f"{r['games_without']:>7} {_pct(r['win_rate_without']):>6}  {_pts(r['impact']):>6}  "
                     f"{interval:<15} {(r['flag'] or '').upper()}".rstrip())
    f = d["flagged"]
    lines.append(f"flagged: {f['strong']} strong, {f['weak']} weak of {m} cards compared; mean impact "
                 f"{_pts(d['mean_impact'])} points (far from 0: having cards goes with longer games, see docs/balance.md)"
                 if d["mean_impact"] is not None and abs(d["mean_impact"]) >= 0.02 else
                 f"flagged: {f['strong']} strong, {f['weak']} weak of {m} cards compared; mean impact "
                 f"{_pts(d['mean_impact'])} points")
    if d.get("interrupted"):
        lines.append("interrupted: the figures cover the games finished before Ctrl-C")
    return "\n".join(lines)


def chart_size(d: Mapping[str, Any]) -> tuple[float, float]:
    """The chart's width and height in points: a row per compared card."""
    rows = sum(1 for r in d["cards"] if r["impact"] is not None)
    return 560.0, 80.0 + 11.0 * max(rows, 1)


def draw_chart(d: Mapping[str, Any]) -> Callable[[Any, Any], None]:
    """The impact of every compared card with its interval, against the zero line (green: strong, red:
    weak), highest first."""
    from kcal.print.charts import interval_chart

    shown = [r for r in d["cards"] if r["impact"] is not None]
    rows = [(r["card"], 100 * r["impact"], 100 * r["impact_ci95"][0], 100 * r["impact_ci95"][1]) for r in shown]
    marks = ["above" if r["flag"] == "strong" else "below" if r["flag"] == "weak" else "" for r in shown]
    title = (f"{d['name']}: per-card impact, {count(d['games'], 'game')}, bots {', '.join(dict.fromkeys(d['bots']))} "
             f"({100 * d['confidence']:.4g}% intervals, {d['correction']})")

    def draw(surface: Any, box: Any) -> None:
        interval_chart(surface, box, title, rows, reference=0.0, x_fmt=lambda v: f"{v:+.0f}", marks=marks,
                       x_label="win-rate points with the card minus without it")

    return draw
