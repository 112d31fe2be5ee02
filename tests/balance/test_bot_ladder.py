"""``kcal balance bots`` (kcal.balance.ladder, issue 22 item 2): the Bradley-Terry/Luce fit behind the
ratings, the round robins on the shared simulator (same bytes for any --jobs and on Dask), the JSON keys
SPEC names, the chart, and bad input refused before any game."""

from __future__ import annotations

import json
import math
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.balance import ladder as lad
from kcal.cli.app import app
from kcal.core.errors import UsageError
from kcal.sim.backends import choose
from tests.sim.conftest import packs  # noqa: F401  (the fake dice-race pack, as a fixture)

BOTS = ["Cautious", "bold", "random"]


def _mu(slots: tuple[int, ...], wins: tuple[float, ...]) -> lad.Matchup:
    return lad.Matchup(slots, tuple(Fraction(w) for w in wins), int(sum(wins)))


# --- the model --------------------------------------------------------------------------------------
def test_two_bots_get_the_elo_difference_of_their_score() -> None:
    """75 wins in 100 games: 400 log10(75/25) Elo (a little less: the prior shrinks), and the standard
    error of a logit, 1 / sqrt(n p (1 - p)), on the Elo scale."""
    ratings, ses = lad.fit(2, [_mu((0, 1), (75, 25))], anchor=1)
    expected = 400 * math.log10(75 / 25)
    assert ratings[1] == 0.0
    assert expected - 6 < ratings[0] < expected
    assert ses[0] == pytest.approx(lad.ELO / math.sqrt(100 * 0.75 * 0.25), rel=0.05)
    assert ses[1] == 0.0


def test_the_luce_model_recovers_strengths_from_three_player_games() -> None:
    """Bots of strengths 1 : 2 : 4 winning their expected shares of 7,000 games: ratings 400 log10 2 and
    400 log10 4 above the first."""
    ratings, _ = lad.fit(3, [_mu((0, 1, 2), (1000, 2000, 4000))], anchor=0)
    assert ratings[1] == pytest.approx(400 * math.log10(2), abs=1)
    assert ratings[2] == pytest.approx(400 * math.log10(4), abs=1)


def test_a_bot_that_won_every_game_gets_a_finite_rating() -> None:
    ratings, ses = lad.fit(2, [_mu((0, 1), (30, 0))], anchor=1)
    assert 0 < ratings[0] < 3 * lad.PRIOR_SD_ELO and math.isfinite(ses[0])


def test_games_nobody_won_and_repeated_bots_are_counted_as_the_model_says() -> None:
    """A matchup of bot 0 against two copies of bot 1 where each slot won a third is even: 0 Elo."""
    ratings, _ = lad.fit(2, [_mu((0, 1, 1), (10, 10, 10)), _mu((0, 1, 1), (0, 0, 0))], anchor=1)
    assert ratings[0] == pytest.approx(0.0, abs=1e-6)


# --- the ladder -------------------------------------------------------------------------------------
def test_the_ladder_has_spec_keys_and_its_figures_agree(packs) -> None:  # noqa: F811
    data = lad.ladder("dice-race", players=3, games=10, seed=4, bots=BOTS)
    assert {"game", "games", "method", "bots", "skill_spread"} <= set(data)
    assert data["games_per_matchup"] == 12  # rounded up to a multiple of 3 seats
    assert data["games"] == 12 * len(data["matchups"]) == 12  # 3 bots, 3 seats: one matchup
    ratings = [row["rating"] for row in data["bots"]]
    assert ratings == sorted(ratings, reverse=True)
    for row in data["bots"]:
        assert set(row) >= {"bot", "rating", "rating_ci95"}
        low, high = row["rating_ci95"]
        assert low <= row["rating"] <= high
    by_bot = {row["bot"]: row for row in data["bots"]}
    assert by_bot["random"]["rating"] == 0.0
    assert data["skill_spread"] == data["bots"][0]["rating"] - by_bot["random"]["rating"]
    assert data["strongest"] == data["bots"][0]["bot"]


def test_pairs_play_every_pair_in_two_player_games(packs) -> None:  # noqa: F811
    data = lad.ladder("dice-race", players=2, games=6, seed=1, bots=BOTS)
    assert sorted(tuple(mu["bots"]) for mu in data["matchups"]) == sorted(
        [("Cautious", "bold"), ("Cautious", "random"), ("bold", "random")])
    assert all(mu["games"] == 6 for mu in data["matchups"])


def test_fewer_bots_than_seats_fill_the_seats_with_repeats(packs) -> None:  # noqa: F811
    data = lad.ladder("dice-race", players=3, games=3, seed=1, bots=["bold", "random"])
    assert sorted(tuple(mu["bots"]) for mu in data["matchups"]) == [("bold", "bold", "random"),
                                                                   ("bold", "random", "random")]


def test_the_searcher_is_on_the_default_ladder(packs) -> None:  # noqa: F811
    plan = lad.planned_games("dice-race", 2, 2, None)
    entrants = lad._entrants(packs.PACK.hook("game"), None)
    assert entrants[-2:] == list(lad.DEFAULT_SEARCHERS)
    assert plan == 2 * math.comb(len(entrants), 2)


def test_the_same_seed_gives_the_same_bytes_for_any_jobs_and_on_dask(packs) -> None:  # noqa: F811
    args = dict(players=2, games=8, seed=9, bots=["bold", "random", "mcts:4"])
    one = json.dumps(lad.ladder("dice-race", jobs=1, **args))
    two = json.dumps(lad.ladder("dice-race", jobs=2, **args))
    dask = json.dumps(lad.ladder("dice-race", runner=choose("dask", None), **args))
    assert one == two == dask


@pytest.mark.parametrize(("bots", "players", "message"), [
    (["bold"], 2, "2 to"),
    (["bold", "BOLD"], 2, "twice"),
    (["bold", "rnadom"], 2, "random"),
    (["bold", "mcts:fast"], 2, "mcts"),
    (["bold", "random"], 9, "player"),
])
def test_bad_entrants_are_refused_before_any_game(packs, bots, players, message) -> None:  # noqa: F811
    with pytest.raises(Exception, match=message) as info:
        lad.planned_games("dice-race", players, 4, bots)
    assert getattr(info.value, "exit_code", 2) == 2


def test_cli_table_json_and_chart(packs, tmp_path: Path) -> None:  # noqa: F811
    runner = CliRunner()
    chart = tmp_path / "ladder.svg"
    common = ["balance", "bots", "--game", "dice-race", "-p", "2", "-n", "4", "--bots", "bold,random", "-j", "1"]
    text = runner.invoke(app, [*common, "--chart", str(chart)])
    assert text.exit_code == 0, text.output
    assert "skill spread" in text.stdout and "bold" in text.stdout
    svg = chart.read_text(encoding="utf-8")
    assert "<svg" in svg and "bold" in svg and "random" in svg
    out = runner.invoke(app, [*common, "--format", "json"])
    assert out.exit_code == 0
    assert json.loads(out.stdout)["method"] == lad.METHOD


def test_cli_refuses_a_bad_chart_before_any_game(packs, tmp_path: Path) -> None:  # noqa: F811
    out = CliRunner().invoke(app, ["balance", "bots", "--game", "dice-race", "--chart", str(tmp_path / "x.gif"),
                                   "--format", "json"])
    assert out.exit_code == 2
    assert ".png or .svg" in json.loads(out.stdout)["errors"][0]["message"]


def test_an_unknown_bot_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="did you mean"):
        lad.planned_games("kalua", None, 3, ["greedy", "greddy"])


def test_every_pack_names_a_strongest_bot_it_can_seat() -> None:
    """Set from the ladders (docs/balance.md): a bot ``sim match`` resolves, so the other balance commands
    can default to it."""
    from kcal.core import registry
    from kcal.sim.match import resolve_bots

    for pack_id in registry.ids():
        game = registry.get(pack_id).hook("game")
        name = getattr(game, "strongest_bot", None)
        assert isinstance(name, str), f"{pack_id} names no strongest_bot"
        n = min(max(game.info.min_players, 2), game.info.max_players)
        assert resolve_bots(game, [name], n) == (name,) * n
