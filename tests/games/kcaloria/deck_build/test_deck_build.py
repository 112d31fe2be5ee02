"""``kcal deck build`` (issue 22, item 5): MAP-Elites over two deck features, against a gauntlet.

Kept small: a gauntlet of one or two shipped decks, a batch of two candidates (the batch size is a
constant of the search; a smaller one here only makes more generations), and a race of two rounds (1 game
a pairing, then 2), not the shipped three (up to 4 times --games).
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core.errors import UsageError
from kcal.core.rng import Rng
from kcal.games.kcaloria.deck import build as b
from kcal.games.kcaloria.deck.features import FIXED, parse_feature, parse_features
from kcal.games.kcaloria.files.load import load_deck
from kcal.games.kcaloria.game import DECKS_DIR
from kcal.sim.parallel import Outcome

runner = CliRunner()
BAYOU = DECKS_DIR / "bayou-ambush.yaml"
SMALL = ["--gauntlet", "bayou-ambush", "--evaluations", "4", "--games", "1", "-q"]


@pytest.fixture(autouse=True)
def small_batches(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(b, "BATCH", 2)
    monkeypatch.setattr(b, "RACE", 2)


@pytest.fixture(scope="module")
def space() -> b.DeckSpace:
    return b.load_space()[0]


def spec(space: b.DeckSpace, evaluations: int = 4, seed: int = 0, games: int = 1) -> b.BuildSpec:
    gauntlet, _ = b.load_gauntlet(["bayou-ambush"])
    return b.check_build(space, gauntlet, parse_features("water,mean-cost"), bins=4, evaluations=evaluations,
                         games=games, seed=seed, bots=None)


def as_json(result: b.BuildResult) -> str:
    return json.dumps(b.to_json(result, Path("out")), sort_keys=True)


# --- features ------------------------------------------------------------------------------------


class TestFeatures:
    def test_water_and_mean_cost_of_a_shipped_deck_agree_with_deck_stats(self) -> None:
        from kcal.games.kcaloria.deck.stats import deck_stats

        loaded = load_deck(BAYOU)
        stats = deck_stats(loaded)
        assert FIXED["water"].value(loaded.tiles()) == stats["by_type"]["water"] == 17
        assert FIXED["mean-cost"].value(loaded.tiles()) == pytest.approx(stats["mean_cost"])

    def test_a_value_outside_the_range_goes_to_the_edge_bin(self) -> None:
        water = FIXED["water"]
        assert [water.bin(x, 6) for x in (-3, 0, 4.9, 5, 29.9, 30, 45)] == [0, 0, 0, 1, 5, 5, 5]

    def test_parametric_features_count_their_tiles(self) -> None:
        tiles = load_deck(BAYOU).tiles()
        assert parse_feature("type:carnivore").value(tiles) == 9
        assert parse_feature("class:fish").value(tiles) == sum(
            1 for t in tiles if t.klass.value in ("actinopterygii", "chondrichthyes", "petromyzontida",
                                                  "sarcopterygii"))
        assert parse_feature("biome:le").name == "biome:LE"

    @pytest.mark.parametrize(("text", "words"), [
        ("watr,mean-cost", "did you mean 'water'"),
        ("water", "name two features"),
        ("water,water", "two different"),
        ("type:carnivor,water", "did you mean 'carnivore'"),
        ("biome:XX,water", "unknown biome code"),
    ])
    def test_bad_features_are_usage_errors(self, text: str, words: str) -> None:
        with pytest.raises(UsageError, match=words):
            parse_features(text)


# --- mutation keeps decks legal (Deck Building: 60 tiles, at most 5 of a name; Setup: a water tile) ----


class TestDeckSpace:
    def test_random_decks_are_legal(self, space: b.DeckSpace) -> None:
        rng = Rng(1)
        for _ in range(50):
            assert space.legal(space.random(rng))

    def test_mutations_keep_the_deck_legal_and_change_it(self, space: b.DeckSpace) -> None:
        rng = Rng(2)
        counts = space.counts_of(load_deck(BAYOU).tiles())
        assert counts is not None
        for _ in range(300):
            child = space.mutate(counts, rng)
            assert space.legal(child) and child != counts
            counts = child

    def test_the_last_water_tile_is_never_swapped_out(self, space: b.DeckSpace) -> None:
        counts = [0] * len(space.tiles)
        counts[space.water[0]] = 1
        for k in range(len(space.tiles)):
            if k != space.water[0] and sum(counts) < 60:
                counts[k] = min(5, 60 - sum(counts))
        rng = Rng(3)
        for _ in range(200):
            assert space.legal(space.mutate(counts, rng))

    def test_a_swap_brings_in_each_tile_type_alike(self, space: b.DeckSpace) -> None:
        """A tile type first, then a name: a human comes in one swap in 8 (5 human names of 118 would
        make it one in 24), a plant as often, not 7 times as often."""
        from collections import Counter

        from kcal.games.kcaloria.rules.domain import TileType

        counts = space.counts_of(load_deck(BAYOU).tiles())
        assert counts is not None
        rng = Rng(4)
        seen = Counter(space.tiles[space._incoming(counts, 0, rng)].type for _ in range(4000))
        assert set(seen) == set(TileType)
        assert all(400 <= n <= 600 for n in seen.values()), seen

    def test_a_deck_over_the_copy_limit_is_not_a_seed(self, space: b.DeckSpace) -> None:
        bayou = space.tiles[space.index["bayou"]]
        assert space.counts_of([bayou] * 60) is None


# --- the search --------------------------------------------------------------------------------------


class TestSearch:
    def test_the_same_seed_gives_the_same_archive_for_any_jobs(self, space: b.DeckSpace) -> None:
        one = b.build_decks(spec(space, 6), jobs=1)
        two = b.build_decks(spec(space, 6), jobs=2)
        assert as_json(one) == as_json(two)
        assert one.evaluations == 6

    def test_every_elite_sits_in_the_cell_of_its_features_and_is_legal(self, space: b.DeckSpace) -> None:
        s = spec(space, 6)
        result = b.build_decks(s)
        assert result.archive
        fa, fb = s.features
        for cell, e in result.archive.items():
            deck = space.deck(e.counts)
            assert space.legal(e.counts)
            assert cell == e.cell == (fa.bin(fa.value(deck), 4), fb.bin(fb.value(deck), 4))
            assert e.games == 2 and len(e.rounds) == 2 and e.rounds[-1] == e.wins  # every elite ran the race

    def test_the_gauntlet_plays_itself_first_and_seeds_the_map(self, space: b.DeckSpace) -> None:
        result = b.build_decks(spec(space, 2))
        d = b.to_json(result, Path("out"))
        assert d["gauntlet"][0]["name"] == "Bayou Ambush" and d["gauntlet"][0]["games"] == 2
        seeds = [a for a in d["archive"] if a["seed_deck"]]
        assert len(seeds) <= 1 and all(a["evaluation"] == -1 for a in seeds)

    def test_ctrl_c_keeps_the_candidates_whose_games_finished(self, space: b.DeckSpace,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
        from kcal.sim.parallel import run_chunks

        monkeypatch.setattr(b, "RACE", 1)  # one round: a generation is one call of the runner

        calls = []

        def interrupted_second_generation(fn, tasks, **kw):
            calls.append(len(tasks))
            out = run_chunks(fn, tasks, **kw)
            if len(calls) == 3:  # the baseline, generation 1, then Ctrl-C half-way through generation 2
                half = len(tasks) // 2
                return Outcome([*out.results[:half], *[None] * (len(tasks) - half)], True)
            return out

        result = b.build_decks(spec(space, 8), runner=interrupted_second_generation)
        assert result.interrupted
        assert result.evaluations == 3  # two of generation 1, the first of generation 2
        assert result.archive


    def test_every_deck_plays_the_same_deals(self, space: b.DeckSpace) -> None:
        """Common random numbers: game i against a gauntlet deck is dealt alike for every candidate, so
        one deck scored as two candidates gets the same tallies, scores and lengths included."""
        from kcal.sim.parallel import run_chunks

        seen = []

        def keeping(fn, tasks, **kw):
            out = run_chunks(fn, tasks, **kw)
            seen.append(out.results)
            return out

        s = spec(space)
        bayou = list(s.gauntlet[0].tiles)
        b._play(b._Player(s, keeping, 1, None), [bayou, bayou], 0, 2)
        one, two = seen[0]
        assert one == two and one.games == 2


class TestRace:
    """Racing (successive halving against the cell's elite): a candidate plays ``games`` first, and more
    only while it could still beat its cell's elite on the same games."""

    def rival(self, s: b.BuildSpec, rate: Fraction) -> b.Elite:
        sizes = [n * len(s.gauntlet) for n in b.race_sizes(s.games)]
        return b.Elite((), (0.0, 0.0), (0, 0), sizes[-1], -1, tuple(rate * n for n in sizes))

    def test_the_rounds_double_up_to_race_times_the_games(self, monkeypatch: pytest.MonkeyPatch) -> None:
        assert b.race_sizes(12) == [12, 24]
        monkeypatch.setattr(b, "RACE", 4)
        assert b.race_sizes(12) == [12, 24, 48] and b.race_sizes(1) == [1, 2, 4]
        monkeypatch.setattr(b, "RACE", 1)
        assert b.race_sizes(12) == [12]

    def test_a_candidate_far_behind_its_elite_stops_after_its_first_round(self, space: b.DeckSpace) -> None:
        from kcal.sim.match_tally import Tally

        asked: list[int] = []

        def losing(fn, tasks, **kw):  # every game lost: the race's decisions, without playing
            asked.append(sum(t[3] for t in tasks))
            return Outcome([Tally(2, games=t[3]) for t in tasks], False)

        s = spec(space, games=2)
        deck = list(s.gauntlet[0].tiles)
        result = b.BuildResult(s)
        rounds, over, stopped = b._race(b._Player(s, losing, 1, None), [deck, deck],
                                        [self.rival(s, Fraction(1)), None], result)
        # against an elite that won every game it is out after its first 2 games; with no elite in its
        # cell, the same deck plays the whole race (2, then 4 games)
        assert rounds == [[Fraction(0)], [Fraction(0), Fraction(0)]]
        assert over == [True, True] and not stopped
        assert asked == [2 + 2, 2] and result.played == 2 + 4

    def test_a_candidate_level_with_its_elite_plays_every_round(self, space: b.DeckSpace) -> None:
        assert b._contender(Fraction(6), self.rival(spec(space, games=12), Fraction(1, 2)), 0, 12)
        assert b._contender(Fraction(5), self.rival(spec(space, games=12), Fraction(1, 2)), 0, 12)
        assert not b._contender(Fraction(1), self.rival(spec(space, games=12), Fraction(1, 2)), 0, 12)
        assert b._contender(Fraction(0), None, 0, 12)


# --- the command --------------------------------------------------------------------------------------


def build(*args: str):
    return runner.invoke(app, ["deck", "build", *args])


class TestCommand:
    def test_writes_decks_that_deck_validate_accepts_and_spec_json(self, tmp_path: Path) -> None:
        out = tmp_path / "arch"
        r = build("-o", str(out), *SMALL, "--chart", str(tmp_path / "map.svg"), "-f", "json")
        assert r.exit_code == 0, r.output
        d = json.loads(r.stdout)
        assert {"game", "seed", "evaluations", "features", "archive", "best"} <= set(d)
        assert d["game"] == "kcaloria" and d["features"] == ["water", "mean-cost"] and d["evaluations"] == 4
        for a in d["archive"]:
            assert {"deck", "cell", "features", "win_rate", "win_rate_ci95"} <= set(a)
        assert d["best"] == d["archive"][0]
        files = sorted(str(p) for p in out.glob("*.yaml"))
        assert files == sorted(a["deck"] for a in d["archive"])
        v = runner.invoke(app, ["deck", "validate", *files, "-f", "json"])
        assert v.exit_code == 0, v.output
        assert all(x["legal"] and x["tiles"] == 60 for x in json.loads(v.stdout)["decks"])
        assert (tmp_path / "map.svg").read_text().startswith("<")

    def test_a_second_run_replaces_kcals_files_but_not_a_users(self, tmp_path: Path) -> None:
        out = tmp_path / "arch"
        assert build("-o", str(out), *SMALL).exit_code == 0
        assert build("-o", str(out), *SMALL).exit_code == 0
        mine = out / "cell-0-0.yaml"
        mine.write_text("name: mine\n")
        r = build("-o", str(out), *SMALL)
        assert r.exit_code == 2 and "use --force" in r.output
        assert mine.read_text() == "name: mine\n"

    def test_specs_out_is_the_old_spelling_of_output(self, tmp_path: Path) -> None:
        from kcal.cli.vocabulary import rewrite

        warned: list[str] = []
        argv = ["deck", "build", "--out", str(tmp_path / "a")]
        assert rewrite(argv, "deck build", 2, warned.append) == ["deck", "build", "--output", str(tmp_path / "a")]
        assert "--out is now --output" in warned[0]

    def test_the_text_names_the_best_deck(self, tmp_path: Path) -> None:
        r = build("-o", str(tmp_path / "a"), *SMALL)
        assert r.exit_code == 0, r.output
        assert "gauntlet" in r.stdout and "best: " in r.stdout

    @pytest.mark.parametrize(("args", "words"), [
        (["--features", "water,costs"], "unknown deck feature"),
        (["--gauntlet", "bayou-ambsh"], "bayou-ambush"),
        (["--chart", "map.txt"], ".png or .svg"),
        (["--bots", "greddy"], "greedy"),
    ])
    def test_bad_input_is_exit_2_before_any_game(self, tmp_path: Path, args: list[str], words: str) -> None:
        r = build("-o", str(tmp_path / "a"), "--evaluations", "1", "--games", "1", *args)
        assert r.exit_code == 2 and words in r.output, r.output
        assert not (tmp_path / "a").exists()

    def test_ctrl_c_writes_the_archive_so_far_and_exits_130(self, tmp_path: Path,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
        import kcal.cli.options as options_cli
        from kcal.sim.parallel import run_chunks

        calls = []

        def interrupting(backend, address):
            def run(fn, tasks, **kw):
                calls.append(1)
                out = run_chunks(fn, tasks, **kw)
                return Outcome([None] * len(tasks), True) if len(calls) == 2 else out
            return run

        monkeypatch.setattr(options_cli, "runner_of", interrupting)
        out = tmp_path / "a"
        r = build("-o", str(out), *SMALL, "-f", "json")
        assert r.exit_code == 130
        d = json.loads(r.stdout)
        assert d["interrupted"] and d["evaluations"] == 0
        assert sorted(str(p) for p in out.glob("*.yaml")) == [a["deck"] for a in d["archive"]]
