"""The shared match runner on a fake pack: same bytes for any --jobs and chunk size, seats rotate,
figures per seat and per bot, Wilson intervals, the move cap, Ctrl-C, sweeps, saved games, bad input."""

from __future__ import annotations

import json
from fractions import Fraction
from math import sqrt

import pytest

from kcal.core.errors import KcalError, UsageError
from kcal.core.game import IllegalMove
from kcal.sim import match as m
from kcal.sim.match_tally import Tally, figures


def dumps(result) -> str:
    return json.dumps(result.to_json(), indent=2)


def plan_of(fake, players=3, bots=("Cautious", "bold", "random"), seed=0, options=None):
    blocks = ({} if options is None else options,)
    return m.MatchPlan(fake.PACK, m.seat_names(players), tuple(bots), None, blocks, seed, 10_000).keyed()


class TestSameBytes:
    def test_any_jobs(self, packs, monkeypatch):
        monkeypatch.setattr("kcal.sim.parallel.MIN_PARALLEL_SECONDS", 0.0)
        one = m.simulate("dice-race", 3, 60, seed=5, bots=["cautious", "bold", "random"], jobs=1)
        two = m.simulate("dice-race", 3, 60, seed=5, bots=["cautious", "bold", "random"], jobs=2)
        assert dumps(one) == dumps(two)

    def test_any_chunk_size(self, packs, monkeypatch):
        a = dumps(m.simulate("dice-race", 4, 50, seed=2, bots=["random"]))
        monkeypatch.setattr(m, "CHUNK_GAMES", 3)
        assert dumps(m.simulate("dice-race", 4, 50, seed=2, bots=["random"])) == a

    def test_another_seed_gives_other_games(self, packs):
        a = m.simulate("dice-race", 2, 40, seed=1, bots=["random"]).to_json()
        b = m.simulate("dice-race", 2, 40, seed=2, bots=["random"]).to_json()
        assert a["seats"] != b["seats"]


class TestSeats:
    def test_bot_k_sits_in_seat_k_plus_i(self):
        for n in (2, 3, 5):
            for i in range(7):
                slots = m.slot_in_seat(n, i)
                assert sorted(slots) == list(range(n))
                assert all(slots[(k + i) % n] == k for k in range(n))

    def test_rotation_balances_bots_over_seats(self, packs):
        r = m.simulate("dice-race", 3, 30, seed=4, bots=["Cautious", "bold", "random"]).to_json()
        assert [s["games_by_bot"] for s in r["seats"]] == [[10, 10, 10]] * 3
        assert [b["games_by_seat"] for b in r["bots"]] == [[10, 10, 10]] * 3
        assert [b["bot"] for b in r["bots"]] == ["Cautious", "bold", "random"]
        assert {s["bot"] for s in r["seats"]} == {"rotating"}

    def test_one_bot_for_all_seats_names_it(self, packs):
        r = m.simulate("dice-race", 2, 4, bots=["BOLD"]).to_json()
        assert [s["bot"] for s in r["seats"]] == ["bold", "bold"]

    def test_figures_match_games_played_one_by_one(self, packs):
        """Per seat and per bot, the runner's wins are those of the games replayed here alone."""
        fake = packs
        plan = plan_of(fake, seed=9)
        policies = [fake.BOTS[b] for b in plan.bots]
        seat_wins, bot_wins = [Fraction(0)] * 3, [Fraction(0)] * 3
        for i in range(21):
            state, _, slots = m.play_one(fake.GAME, plan, policies, 0, i)
            out = fake.GAME.outcome(state)
            for w in out.winners:
                s = plan.players.index(w)
                seat_wins[s] += Fraction(1, len(out.winners))
                bot_wins[slots[s]] += Fraction(1, len(out.winners))
        r = m.simulate("dice-race", 3, 21, seed=9, bots=list(plan.bots)).to_json()
        assert [s["wins"] for s in r["seats"]] == pytest.approx([float(w) for w in seat_wins], abs=1e-5)
        assert [b["wins"] for b in r["bots"]] == pytest.approx([float(w) for w in bot_wins], abs=1e-5)

    def test_a_stronger_bot_wins_more_in_every_seat_mix(self, packs):
        r = m.simulate("dice-race", 2, 200, seed=3, bots=["Cautious", "random"]).to_json()
        assert r["bots"][0]["win_rate"] > r["bots"][1]["win_rate"]
        assert sum(s["wins"] for s in r["seats"]) == sum(b["wins"] for b in r["bots"])


def wilson(k: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    p = k / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


class TestWilson:
    def test_textbook_interval(self):
        t = Tally(2)
        for i in range(10):
            t.add_game([0, 1], [i % 2], [1, 0], 5, "end")
        f = figures(t, ("A", "B"), ("x", "y"), None)
        lo, hi = f["seats"][0]["win_ci95"]
        assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)

    def test_a_shared_win_counts_one_over_k(self):
        t = Tally(3)
        t.add_game([0, 1, 2], [0, 1], [3, 3, 1], 4, "end")  # A and B share
        t.add_game([2, 0, 1], [0, 1, 2], [2, 2, 2], 4, "end")  # all three share
        t.add_game([1, 2, 0], [], [0, 0, 0], 4, "end")  # nobody wins
        t.add_game([0, 1, 2], [2], [0, 0, 5], 4, "end")
        f = figures(t, ("A", "B", "C"), ("x", "y", "z"), None)
        wins = [Fraction(1, 2) + Fraction(1, 3), Fraction(1, 2) + Fraction(1, 3), Fraction(1, 3) + 1]
        assert [s["wins"] for s in f["seats"]] == pytest.approx([float(w) for w in wins], abs=1e-5)
        for s, w in zip(f["seats"], wins, strict=True):
            assert s["win_ci95"] == pytest.approx(list(wilson(float(w), 4)), abs=1e-5)
        assert f["shared_wins"] == 2 and f["no_winner"] == 1

    def test_runner_intervals_are_wilson(self, packs):
        r = m.simulate("dice-race", 3, 45, seed=1, bots=["random"]).to_json()
        for s in r["seats"]:
            assert s["win_ci95"] == pytest.approx(list(wilson(s["wins"], 45)), abs=1e-5)

    def test_merge_is_addition(self):
        a, b, whole = Tally(2), Tally(2), Tally(2)
        games = [([0, 1], [0], [2.5, 1], 7), ([1, 0], [1], [0, 3], 9), ([0, 1], [0, 1], [1, 1], 4)]
        for i, g in enumerate(games):
            (a if i < 2 else b).add_game(*g, "end")
            whole.add_game(*g, "end")
        a.merge(b)
        f1, f2 = figures(a, "AB", "xy", None), figures(whole, "AB", "xy", None)
        assert f1 == f2 and f1["length_quantiles"] == {"p10": 4, "p50": 7, "p90": 9, "min": 4, "max": 9}


class TestEnds:
    def test_move_cap_counts_as_move_limit(self, packs):
        r = m.simulate("dice-race", 2, 6, bots=["waiter"], max_moves=40).to_json()
        assert r["end_reasons"] == {"move_limit": 6}
        assert r["no_winner"] == 6 and r["max_moves"] == 40
        assert all(s["win_rate"] == 0.0 and s["mean_score"] is None for s in r["seats"])
        assert r["length_quantiles"]["max"] == 40

    def test_interrupt_keeps_finished_chunks(self, packs):
        calls = []

        def on_done(k):
            calls.append(k)
            if len(calls) == 2:
                raise KeyboardInterrupt

        r = m.simulate("dice-race", 3, 10 * m.CHUNK_GAMES, seed=1, bots=["random"], jobs=1, on_done=on_done)
        assert r.interrupted and r.to_json()["interrupted"] is True
        assert r.to_json()["games"] == 2 * m.CHUNK_GAMES
        assert "INTERRUPTED" in r.to_text()

    def test_pack_extras_come_from_its_tallies(self, packs):
        fake = packs
        plan = plan_of(fake, players=2, bots=("bold", "bold"), seed=6)
        policies = [fake.BOTS["bold"]] * 2
        busts = sum(len(m.play_one(fake.GAME, plan, policies, 0, i)[0].bust) for i in range(16))
        r = m.simulate("dice-race", 2, 16, seed=6, bots=["bold"])
        assert r.to_json()["pack"]["busts_per_game"] == busts / 16
        assert "busts per game" in r.to_text()

    def test_a_pack_without_sim_hook_has_no_extras(self, packs):
        assert m.simulate("dice-bare", 2, 4, bots=["bold"]).to_json()["pack"] == {}


class TestSweep:
    def test_one_block_per_value_on_the_same_deals(self, packs):
        r = m.simulate("dice-race", 2, 24, seed=3, bots=["Cautious", "bold"],
                       options={"target": [15, 30]}).to_json()
        blocks = r["sweep"]["blocks"]
        assert [b["options"] for b in blocks] == [{"target": 15}, {"target": 30}]
        assert r["games"] == 48 and [b["games"] for b in blocks] == [24, 24]
        alone = m.simulate("dice-race", 2, 24, seed=3, bots=["Cautious", "bold"], options={"target": 30}).to_json()
        for key in ("seats", "bots", "mean_length", "end_reasons", "pack", "seat_spread"):
            assert blocks[1][key] == alone[key]

    def test_most_even_is_the_smallest_seat_spread(self, packs):
        r = m.simulate("dice-race", 3, 30, seed=8, bots=["random"], options={"target": [12, 20, 28, 40]})
        data = r.to_json()
        spreads = [b["seat_spread"] for b in data["sweep"]["blocks"]]
        best = data["sweep"]["most_even"]
        assert best["seat_spread"] == min(spreads)
        assert best["options"] == data["sweep"]["blocks"][spreads.index(min(spreads))]["options"]
        assert "highest minus" in data["sweep"]["statistic"]
        assert "most even seats: target=" in r.to_text()

    def test_a_bad_value_in_a_sweep_stops_before_any_game(self, packs):
        calls = []
        with pytest.raises(KcalError, match="option target: 5 "):
            m.simulate("dice-race", 2, 8, options={"target": [15, 5]}, on_done=calls.append)
        assert calls == []


class TestSavedGame:
    def test_record_replays_to_the_same_end(self, packs):
        fake = packs
        r = m.simulate("dice-race", 3, 12, seed=7, bots=["Cautious", "bold", "random"], save_game=5)
        rec = r.record
        assert rec["seed"] == m.engine_seed(7, 5) and rec["players"] == ["A", "B", "C"]
        plan = plan_of(fake, seed=7)
        played, moves, _ = m.play_one(fake.GAME, plan, [fake.BOTS[b] for b in plan.bots], 0, 5)
        again = fake.replay(rec)
        assert len(rec["moves"]) == moves
        assert fake.GAME.outcome(again) == fake.GAME.outcome(played) is not None
        assert again.totals == played.totals

    def test_written_record_loads_and_replays(self, packs, tmp_path):
        from kcal.core.yamlsafe import load_yaml

        fake = packs
        r = m.simulate("dice-race", 2, 4, seed=1, bots=["random"], save_game=3)
        out = tmp_path / "g.yaml"
        m.save_record(r, 3, out)
        doc = load_yaml(out, cache=False)
        assert doc.data == r.record
        assert fake.GAME.outcome(fake.replay(doc.data)) is not None
        m.save_record(r, 3, out)  # kcal's own record, unchanged: replaced
        out.write_bytes(out.read_bytes() + b"# mine\n")  # now the user's
        before = out.read_bytes()
        with pytest.raises(UsageError, match="already exists and kcal did not write it"):
            m.save_record(r, 3, out)
        assert out.read_bytes() == before
        m.save_record(m.simulate("dice-race", 2, 4, seed=2, bots=["random"], save_game=0), 0, out, force=True)
        assert out.read_bytes() != before
        assert [p.name for p in tmp_path.iterdir()] == ["g.yaml"]

    def test_save_game_checks(self, packs):
        with pytest.raises(UsageError, match="numbered 0 to 3"):
            m.simulate("dice-race", 2, 4, save_game=4)
        with pytest.raises(UsageError, match="sweep"):
            m.simulate("dice-race", 2, 4, save_game=0, options={"target": [15, 20]})


class TestBadInput:
    def test_unknown_game_has_did_you_mean(self):
        from kcal.core import registry

        installed = registry.ids()[0]
        with pytest.raises(KcalError, match=f"unknown game '{installed[:-1]}' .did you mean '{installed}'"):
            m.simulate(installed[:-1], 3, 1)

    def test_player_count_from_check_players(self, packs):
        with pytest.raises(KcalError, match="played by 2 to 4 players, not 5 .or 5 with --variant crowd"):
            m.simulate("dice-race", 5, 2)
        with pytest.raises(KcalError, match="not 1"):
            m.simulate("dice-race", 1, 2)
        assert m.simulate("dice-race", 5, 5, variant="crowd", bots=["bold"]).to_json()["players"] == 5

    def test_unknown_variant(self, packs):
        with pytest.raises(KcalError, match="no variant 'crowed' .did you mean 'crowd'"):
            m.simulate("dice-race", 2, 2, variant="crowed")

    def test_bots(self, packs):
        with pytest.raises(UsageError, match="unknown bot 'bald' .* .did you mean 'bold'.*bots: Cautious, bold"):
            m.simulate("dice-race", 2, 2, bots=["bald"])
        with pytest.raises(UsageError, match="one per seat .3., not 2"):
            m.simulate("dice-race", 3, 2, bots=["bold", "random"])

    def test_options_are_the_packs_to_check(self, packs):
        with pytest.raises(KcalError, match="unknown option 'targte' .did you mean 'target'"):
            m.simulate("dice-race", 2, 2, options={"targte": 20})

    def test_games_out_of_range(self, packs):
        with pytest.raises(UsageError, match="games: 0 is out of range"):
            m.simulate("dice-race", 2, 0)

    def test_a_bot_playing_an_illegal_move_is_named(self, packs):
        with pytest.raises(IllegalMove, match="game 0: the bot 'cheat' in seat 1 .A. chose an illegal move"):
            m.simulate("dice-race", 2, 2, bots=["cheat", "bold"])

    def test_a_pack_that_cannot_load(self, packs):
        with pytest.raises(KcalError, match="its 'game' hook cannot be loaded .ModuleNotFoundError"):
            m.simulate("dice-broken", 2, 2)
