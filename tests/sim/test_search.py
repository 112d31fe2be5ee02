"""The shared searching bot ``mcts`` (kcal.sim.search, issue 22 item 1): how it is named, that the same
seed gives the same decisions, that it plays only legal moves to the end in every pack and player count
(simultaneous steps and solo games included), that its budget holds, and that it beats random."""

from __future__ import annotations

import math
import time
from typing import Any

import pytest

from kcal.core import registry
from kcal.core.errors import UsageError
from kcal.core.game import Setup, extras, play, win_shares
from kcal.core.rng import Rng
from kcal.core.stats import proportion
from kcal.sim import search
from kcal.sim.match import bot_names, bot_policy, resolve_bots, simulate

PACK_IDS = registry.ids()
by_pack = pytest.mark.parametrize("pack_id", PACK_IDS)


def _declaring(name: str) -> list[str]:
    """The packs whose game declares the optional attribute ``name`` (kcal.core.game.Extras)."""
    return [i for i in PACK_IDS if name in extras(registry.get(i).hook("game"))]


def test_kcals_own_packs_give_the_searcher_an_evaluation_and_a_playout_bot() -> None:
    """Optional for a pack (the example pack has neither), but every pack kcal ships declares both."""
    own = [i for i in PACK_IDS if registry.get(i).hooks["game"].startswith("kcal.games.")]
    assert own and set(own) <= set(_declaring("evaluate")) & set(_declaring("rollout_bot"))


def _game(pack_id: str) -> Any:
    return registry.get(pack_id).hook("game")


def _players(game: Any, n: int | None = None) -> tuple[str, ...]:
    info = game.info
    count = n if n is not None else max(info.min_players, 2)
    return tuple(f"P{i + 1}" for i in range(count))


def _midgame(game: Any, players: tuple[str, ...], seed: int, moves: int) -> Any:
    """A state ``moves`` random moves into a game, at a decision with more than one legal move."""
    state = game.new_state(Setup(players), seed)
    rng = Rng(seed)
    done = 0
    while game.to_move(state):
        player = game.to_move(state)[0]
        legal = game.legal_moves(state, player)
        if done >= moves and len(legal) > 1:
            return state
        game.apply(state, player, legal[rng.below(len(legal))])
        done += 1
    raise AssertionError("the game ended before a decision with a choice")


# --- the name -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("spec", "iterations", "seconds", "name"), [
    ("mcts", search.DEFAULT_ITERATIONS, None, f"mcts:{search.DEFAULT_ITERATIONS}"),
    ("MCTS:200", 200, None, "mcts:200"),
    (" mcts:0.1s", None, 0.1, "mcts:0.1s"),
    ("mcts:2s", None, 2.0, "mcts:2s"),
])
def test_a_budget_is_read_from_the_bot_name(spec: str, iterations: int | None, seconds: float | None,
                                            name: str) -> None:
    budget = search.parse_spec(spec)
    assert budget is not None
    assert (budget.iterations, budget.seconds, budget.name) == (iterations, seconds, name)


@pytest.mark.parametrize("spec", ["mcts:", "mcts:fast", "mcts:0", "mcts:-3", "mcts:0s", "mcts:1.5",
                                  "mcts:9999999", "mcts:1000s"])
def test_a_budget_that_cannot_be_read_is_a_usage_error(spec: str) -> None:
    with pytest.raises(UsageError, match="mcts"):
        search.parse_spec(spec)


def test_other_names_are_not_the_searchers() -> None:
    assert search.parse_spec("greedy") is None
    assert search.parse_spec("mctsx") is None


@by_pack
def test_every_pack_seats_the_searcher_by_name(pack_id: str) -> None:
    game = _game(pack_id)
    assert "mcts" in bot_names(game)
    assert set(game.bots()) < set(bot_names(game))  # the pack's own bots stay
    n = max(game.info.min_players, 2)
    assert resolve_bots(game, ["MCTS:0.1s"], n) == ("mcts:0.1s",) * n
    assert callable(bot_policy(game, "mcts:50"))


def test_an_unknown_bot_names_the_searcher_among_the_bots() -> None:
    game = _game("kalua")
    with pytest.raises(UsageError, match=r"bots: .*mcts"):
        resolve_bots(game, ["nobody"], 3)


# --- the same seed, the same decisions ------------------------------------------------------------
@by_pack
def test_the_same_seed_gives_the_same_decision(pack_id: str) -> None:
    game = _game(pack_id)
    players = _players(game)
    budget = search.Budget(iterations=30)
    for seed in range(3):
        state = _midgame(game, players, seed, 6 + seed)
        player = game.to_move(state)[0]
        before = game.record(state)
        first = search.search(game, state, player, Rng(seed), budget)
        again = search.search(game, game.clone(state), player, Rng(seed), budget)
        assert first == again
        assert first[1] == 30
        assert game.record(state) == before  # the state searched is not changed
        assert game.why_illegal(state, player, first[0]) is None


# --- legal to the end, in every pack and player count ---------------------------------------------
def _counts(game: Any) -> list[int]:
    info = game.info
    return sorted({info.min_players, max(info.min_players, 2), min(info.max_players, 4)})


@by_pack
def test_the_searcher_plays_only_legal_moves_to_the_end(pack_id: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Conformance style: whole games with the searcher in every seat, every move checked by ``apply``
    (an illegal one raises), each game ends with an outcome, for the smallest and largest tables. The
    root's prior is off (Kalua's, its search bot, costs more than these 3 iterations; the decision is
    one of the legal moves either way, and the prior is tested on its own below)."""
    monkeypatch.setattr(search, "PRIOR_WEIGHT", 0.0)
    game = _game(pack_id)
    bot = bot_policy(game, "mcts:3")
    for n in _counts(game):
        players = _players(game, n)
        state = game.new_state(Setup(players), n)
        rngs = {p: Rng(n * 31 + i) for i, p in enumerate(players)}
        play(game, state, lambda st, p, rngs=rngs: bot(game, st, p, rngs[p]), 20_000)
        assert game.outcome(state) is not None, f"{pack_id}, {n} players: no end"


def test_the_searcher_plays_simultaneous_steps(packs: Any) -> None:
    """The dice race's warm-up is simultaneous: every player of 2 to 4 moves at once."""
    game = packs.PACK.hook("game")
    bot = bot_policy(game, "mcts:20")
    for n in (2, 3, 4):
        players = tuple("ABCD"[:n])
        state = game.new_state(Setup(players), n)
        assert len(game.to_move(state)) == n
        rng = Rng(n)
        play(game, state, lambda st, p, rng=rng: bot(game, st, p, rng), 500)
        assert game.outcome(state) is not None


def test_in_a_simultaneous_step_the_root_is_the_deciding_players_choice(packs: Any) -> None:
    """B decides first while A is to move too: every sampled world starts with a move of B (the move
    returned is one of B's, chosen by the search, not A's tree read with B's moves)."""
    game = packs.PACK.hook("game")
    first: list[str] = []

    class Watched:
        def __getattr__(self, name: str) -> Any:
            return getattr(game, name)

        def determinize(self, state: Any, player: str, seed: int) -> Any:
            first.append("")
            return game.determinize(state, player, seed)

        def apply(self, state: Any, player: str, move: Any) -> None:
            if first and first[-1] == "":
                first[-1] = player
            game.apply(state, player, move)

    state = game.new_state(Setup(("A", "B")), 3)
    assert game.to_move(state) == ("A", "B")
    move, done = search.search(Watched(), state, "B", Rng(2), search.Budget(iterations=12))
    assert done == 12 and first == ["B"] * 12
    assert move in game.legal_moves(state, "B")


# --- the budget -------------------------------------------------------------------------------------
def test_an_iteration_budget_runs_that_many_iterations() -> None:
    game = _game("how-many-calories")
    state = _midgame(game, _players(game), 4, 5)
    player = game.to_move(state)[0]
    for iterations in (1, 7, 40):
        assert search.search(game, state, player, Rng(1), search.Budget(iterations=iterations))[1] == iterations


def test_a_time_budget_is_kept() -> None:
    """A time budget stops at its first iteration past the time (CPU time of the thread): the time spent
    is the budget plus at most one iteration, and more time allows more iterations."""
    game = _game("kalua")
    state = _midgame(game, _players(game), 2, 4)
    player = game.to_move(state)[0]
    spent, runs = [], []
    for seconds in (0.02, 0.2):
        start = time.thread_time()
        _, done = search.search(game, state, player, Rng(3), search.Budget(iterations=None, seconds=seconds))
        spent.append(time.thread_time() - start)
        runs.append(done)
    assert runs[0] >= 1 and runs[1] > runs[0]
    per_iteration = spent[1] / runs[1]
    assert spent[1] < 0.2 + 3 * per_iteration + 0.05


# --- strength -----------------------------------------------------------------------------------------
def test_the_searcher_beats_random_clearly(monkeypatch: pytest.MonkeyPatch) -> None:
    """A small match on a fixed seed, the searcher against two random bots in Kalua: its win rate's 95 %
    interval lies above the 1/3 a random bot gets (computed by the match, not written here). Kalua's
    prior, its search bot, runs 12 iterations here instead of 200, to keep the test fast."""
    from kcal.games.kalua.bots import basic

    monkeypatch.setattr(basic, "PRIOR_ITERATIONS", 12)
    result = simulate("kalua", 3, 9, seed=7, bots=["mcts:20", "random", "random"]).to_json()
    wins = result["bots"][0]["wins"]
    low = proportion(wins, result["games"])["ci95"][0]
    assert low > 1 / 3


# --- the playouts: the pack's bot, cut short and judged by the pack's evaluation --------------------
def test_win_shares_are_shares_of_one_win_ordered_by_points() -> None:
    shares = win_shares({"A": 30.0, "B": 15.0, "C": 15.0}, 15.0)
    assert sum(shares.values()) == pytest.approx(1.0)
    assert shares["B"] == shares["C"] < shares["A"]
    assert shares["A"] / shares["B"] == pytest.approx(math.e)  # a lead of one scale: e to 1
    assert win_shares({"A": 1e6, "B": 0.0}, 1.0) == {"A": 1.0, "B": 0.0}  # no overflow
    assert win_shares({"A": 5.0}, 2.0) == {"A": 1.0}


@pytest.mark.parametrize("pack_id", _declaring("evaluate"))
def test_each_pack_evaluates_a_position_as_shares_of_the_win(pack_id: str) -> None:
    """The optional ``evaluate`` hook (docs/packs.md) of every built-in pack: a share in [0, 1] for every
    player, adding up to 1, from a state it leaves alone; and the shares move as the game goes on."""
    game = _game(pack_id)
    players = _players(game, 3 if game.info.max_players >= 3 else 2)
    seen = set()
    state = game.new_state(Setup(players), 1)
    rng, random_bot = Rng(1), dict(game.bots())["random"]  # kCaloria's places tiles: scores change
    for moves in range(60):
        if not game.to_move(state):
            break
        player = game.to_move(state)[0]
        game.apply(state, player, random_bot(game, state, player, rng))
        if moves % 15:
            continue
        before = game.record(state)
        shares = game.evaluate(state)
        assert game.record(state) == before
        assert set(shares) == set(players)
        assert all(0.0 <= v <= 1.0 for v in shares.values())
        assert sum(shares.values()) == pytest.approx(1.0)
        seen.add(tuple(round(shares[p], 6) for p in players))
    assert len(seen) > 1


@pytest.mark.parametrize("pack_id", _declaring("rollout_bot"))
def test_each_pack_names_a_playout_bot_of_its_own(pack_id: str) -> None:
    game = _game(pack_id)
    playout = search.playout_of(game)
    bots = dict(game.bots())  # kCaloria wraps its engine's bots anew on each call: compare names
    named = game.rollout_bot
    assert named != "random"
    assert playout.bot.__name__ == (named.__name__ if callable(named) else bots[named].__name__)
    assert playout.noise.__name__ == bots["random"].__name__
    assert playout.depth == getattr(game, "rollout_depth", search.ROLLOUT_DEPTH)


def test_a_game_without_the_hooks_plays_out_to_the_end_with_its_random_bot(packs: Any) -> None:
    game = packs.PACK.hook("game")
    playout = search.playout_of(game)
    assert playout.evaluate is None and playout.noise is None
    assert playout.bot is dict(game.bots()).get("random")
    assert playout.depth == search.ROLLOUT_CAP


def test_the_first_move_searched_is_the_playout_bots() -> None:
    """One iteration tries one move: the pack's playout bot's (How many Calories?' greedy plays from
    what the player sees, so it chooses the same in every sampled world)."""
    game = _game("how-many-calories")
    greedy = dict(game.bots())["greedy"]
    for seed in range(3):
        state = _midgame(game, _players(game, 3), seed, 20)
        player = game.to_move(state)[0]
        move, _ = search.search(game, state, player, Rng(seed), search.Budget(iterations=1))
        assert move == greedy(game, state, player, Rng(seed))


def test_the_first_move_searched_at_the_root_is_the_prior_bots() -> None:
    """A pack that names a ``prior_bot`` (Kalua: its search bot at more iterations, a bot of the pack's
    own) has the searcher's first iteration try that bot's move, asked in the real position with the
    searcher's generator."""
    game = _game("kalua")
    prior = search.playout_of(game).prior
    assert prior is not None
    for seed in range(3):
        state = _midgame(game, _players(game, 3), seed, 30)
        player = game.to_move(state)[0]
        move, _ = search.search(game, state, player, Rng(seed), search.Budget(iterations=1))
        assert move == prior(game, game.clone(state), player, Rng(seed))


def _child(visits: int, reward: float) -> search._Node:
    node = search._Node("P1", None)
    node.visits, node.reward, node.avail = visits, reward, visits + 1
    return node


def test_the_prior_move_is_left_only_on_clear_evidence() -> None:
    """The root's progressive bias: of two moves equal on the evidence, or the prior a little worse,
    the prior is walked; a move much better on many visits overtakes it."""
    root = search._Node(None, None)
    root.visits, root.prior = 100, "a"
    even = _child(50, 25.0)
    assert search._select(root, [("b", _child(50, 25.0)), ("a", even)]) is even
    prior, other = _child(50, 24.0), _child(50, 25.0)
    assert search._select(root, [("b", other), ("a", prior)]) is prior
    better = _child(50, 45.0)
    assert search._select(root, [("b", better), ("a", _child(50, 25.0))]) is better
    root.prior = None
    assert search._select(root, [("b", other), ("a", prior)]) is other


def test_a_playout_runs_on_to_where_the_pack_lets_it_stop() -> None:
    """``rollout_cut`` (Kalua: the start of a god's turn): a playout past ``rollout_depth`` moves stops at
    the first state where the cut holds, or at the end of the game."""
    game = _game("kalua")
    playout = search.playout_of(game)
    assert playout.cut is game.rollout_cut
    for seed in range(4):
        state = _midgame(game, _players(game, 3), seed, 25 + 7 * seed)
        search._rollout(game, state, Rng(seed), playout)
        assert not game.to_move(state) or game.rollout_cut(state)


def test_progressive_widening_bounds_the_moves_a_node_tries() -> None:
    """A node visited v times has tried at most 1 + sqrt(v) of its moves: in a kCaloria opening of many
    placements, 16 iterations try at most 5 root moves, not 16."""
    game = _game("kcaloria")
    state = _midgame(game, _players(game), 0, 2)
    player = game.to_move(state)[0]
    assert len(game.legal_moves(state, player)) > 16
    root = search._Node(None, None)
    playout = search.playout_of(game)
    rng = Rng(5)
    for _ in range(16):
        search._iterate(game, state, player, root, rng, playout)
    assert root.visits == 16
    assert 2 <= len(root.children) <= 1 + math.isqrt(15) + 1
