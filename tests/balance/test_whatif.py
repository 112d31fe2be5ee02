"""``kcal balance params|what-if|sweep`` (issue 22, item 4): declared parameters, patches checked at their
file:line:column, paired games on the same seeds with an SPRT, and sweeps of any declared parameter;
the same bytes for any --jobs and on Dask's local pool."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.balance import paired, whatif, whatif_text
from kcal.balance.patch import load_patch
from kcal.cli.app import app
from kcal.core.errors import UsageError
from kcal.core.registry import get, ids
from tests import badpatch

GAMES = [g for g in ids() if get(g).has("patch")]  # the games a what-if can patch
runner = CliRunner()


def write(tmp_path: Path, text: str, name: str = "patch.yaml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


# --- parameters ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_every_game_declares_its_parameters(game: str) -> None:
    r = runner.invoke(app, ["balance", "params", "--game", game, "-f", "json"])
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["game"] == game and data["params"]
    for p in data["params"]:
        assert set(p) == {"name", "type", "low", "high", "default", "option", "help"}
        assert p["low"] <= p["high"] and p["help"]
        if isinstance(p["default"], int):
            assert p["low"] <= p["default"] <= p["high"]
    text = runner.invoke(app, ["balance", "params", "--game", game]).stdout
    assert all(p["name"] in text for p in data["params"])


# --- patches: bad input -------------------------------------------------------------------------------

def _bad(game: str) -> list[tuple[str, str, str, str]]:
    """Bad patches of ``game`` made from what its ``patch`` hook declares (each game's own, breaking its
    card-set checks, are in tests/games/*/test_balance_patch.py): ``(text, where, message, hint)``."""
    hook = get(game).hook("patch")
    name = hook.card_name(hook.base_cards()[0])
    typo, key = name[:2] + name[3:], json.dumps(name)  # a letter dropped; a name as a quoted YAML key
    whole = next(p for p in hook.PARAMS if p.kind == "int")
    other = next(g for g in ids() if g != game)
    return [
        (f"game: {game}\ncards:\n  {json.dumps(typo)}: {{colour: red}}\n", "3:3", f"no card '{typo}'",
         f"did you mean '{name}'"),
        (f"game: {game}\ncards:\n  {key}: {{colur: red}}\n", f"3:{len(key) + 6}", "unknown field 'colur'", ""),
        (f"game: {game}\nparams: {{{whole.name[:-1]}: 3}}\n", "2:10", f"unknown parameter '{whole.name[:-1]}'",
         f"did you mean '{whole.name}'"),
        (f"game: {game}\nparams:\n  {whole.name}: {whole.high + 1}\n", f"3:{len(whole.name) + 5}", "out of range",
         f"{whole.low:,} to {whole.high:,}"),
        (f"game: {game}\nparams:\n  {whole.name}: 2.5\n", f"3:{len(whole.name) + 5}",
         f"{whole.name} is a whole number", ""),
        (f"game: {other}\nparams: {{}}\n", "1:7", f"this is a {other} file", ""),
        (f"game: {game}\nparamz: {{}}\n", "2:1", "unknown key 'paramz'", "did you mean 'params'"),
    ]


@pytest.mark.parametrize("game,text,where,message,hint", [pytest.param(g, *row, id=f"{g}-{k}")
                                                          for g in GAMES for k, row in enumerate(_bad(g))])
def test_a_bad_patch_is_one_line_at_its_position_exit_2(tmp_path: Path, game: str, text: str, where: str,
                                                          message: str, hint: str) -> None:
    badpatch.check(tmp_path, game, text, where, message, hint)


@pytest.mark.parametrize("game", GAMES)
def test_a_bad_patch_in_json_is_a_problem_document(tmp_path: Path, game: str) -> None:
    whole = next(p for p in get(game).hook("patch").PARAMS if p.kind == "int")
    path = write(tmp_path, f"game: {game}\nparams: {{{whole.name}: {whole.high + 1}}}\n")
    r = runner.invoke(app, ["balance", "what-if", "--game", game, "--patch", str(path), "-f", "json"])
    assert r.exit_code == 2
    problem = json.loads(r.stdout or r.stderr)
    text = json.dumps(problem)
    assert "out of range" in text and '"line": 2' in text


@pytest.mark.parametrize("path", sorted((Path(__file__).resolve().parents[2] / "docs" / "examples" / "patches")
                                        .glob("*.yaml")), ids=lambda p: p.name)
def test_every_example_patch_loads(path: Path) -> None:
    from kcal.core.yamlsafe import load_yaml

    patch = load_patch(path, get(load_yaml(path).data["game"]))
    assert patch.lines


# --- paired statistics and the SPRT ---------------------------------------------------------------------

def test_the_paired_interval_comes_from_the_differences() -> None:
    p = paired.Paired()
    for base, patched in [(1, 2), (3, 3), (2, 5), (4, 4)]:
        p.add(base, patched)
    change = p.change("x")
    assert change["diff"] == 1.0 and change["base"] == 2.5 and change["patched"] == 3.5
    # differences 1, 0, 3, 0: variance 2, se sqrt(2/4)
    half = paired.Z95 * (2 / 4) ** 0.5
    assert change["diff_ci95"] == [pytest.approx(1 - half, rel=1e-5), pytest.approx(1 + half, rel=1e-5)]
    assert p.var_diff() == Fraction(2)
    assert p.var_arms() == p._var(p.base, p.base_sq) + p._var(p.patched, p.patched_sq)


def test_the_sprt_accepts_h0_when_nothing_changes_and_h1_for_a_large_change() -> None:
    same, big = paired.Paired(), paired.Paired()
    for i in range(200):
        same.add(i % 2, i % 2)
        big.add(0, int(i % 3 != 0))  # +67 points
    assert paired.Sprt(["A"]).update([same])
    sprt = paired.Sprt(["A"])
    assert sprt.update([big]) and sprt.decisions[0].decision == "H1"
    undecided = paired.Paired()
    for i in range(6):
        undecided.add(i % 2, (i + 1) % 2)
    assert not paired.Sprt(["A"]).update([undecided])


def test_the_looks_are_fixed_by_the_cap() -> None:
    assert paired.looks(100) == [100]
    assert paired.looks(2000) == [128, 384, 896, 1920, 2000]
    assert paired.looks(5000)[-3:] == [3968, 4992, 5000]


# --- what-if runs -----------------------------------------------------------------------------------------

def test_an_empty_patch_changes_nothing_and_the_sprt_stops_at_the_first_look(tmp_path: Path) -> None:
    """An A/A test: both arms are the same games, every difference is 0, H0 for every seat."""
    path = write(tmp_path, "game: how-many-calories\nparams: {limit_kcal: 2700}\n")  # 3 players: the default
    data = whatif.what_if("how-many-calories", path, games=1000, seed=3, bots=["greedy"])
    assert data["stopped"] == "sprt" and data["games"] == paired.LOOKS[0]
    assert all(c["diff"] == 0 and c["diff_ci95"] == [0, 0] for c in data["changes"])
    assert [s["decision"] for s in data["sprt"]["seats"]] == ["H0"] * 3


def test_a_large_change_is_found_and_the_figures_are_spec_shaped(tmp_path: Path) -> None:
    path = write(tmp_path, "game: how-many-calories\nparams: {limit_kcal: 20000, rounds: 1}\n")
    data = whatif.what_if("how-many-calories", path, games=128, seed=1, bots=["greedy"])
    assert set(data) >= {"game", "games", "seed", "stopped", "changes"}
    figures = [c["figure"] for c in data["changes"]]
    assert figures[:7] == ["win_rate.A", "win_rate.B", "win_rate.C", "score.A", "score.B", "score.C", "mean_length"]
    length = data["changes"][6]
    assert length["diff"] < 0 and length["diff_ci95"][1] < 0  # one round instead of four
    assert length["changed"] and length["diff_ci"][1] < 0 and length["p_adjusted"] <= 0.05
    for c in data["changes"]:
        assert set(c) == {"figure", "base", "patched", "diff", "diff_ci95", "diff_ci", "p_value", "p_adjusted",
                          "changed"}
    assert data["marks"]["correction"] == "holm" and data["marks"]["figures_compared"] == len(figures)


def test_without_the_sequential_test_every_look_goes_out_in_one_run(tmp_path: Path) -> None:
    """With the test off the chunks of every look are one run (one pool, one round trip to a cluster),
    and the looks read them in order: the same sums, decisions and bytes as a run per look, which is what
    the test on does (each look one run, so that it may stop)."""
    from kcal.sim.parallel import run_chunks

    calls: list[int] = []

    def counting(fn, tasks, **kw):  # type: ignore[no-untyped-def]
        calls.append(len(tasks))
        return run_chunks(fn, tasks, **kw)

    def per_look(fn, tasks, **kw):  # type: ignore[no-untyped-def]
        """The same chunks, each look's alone: the looks of 200 pairs end at 128 and 200."""
        out = [run_chunks(fn, [t for t in tasks if lo <= t[1] < hi], **kw) for lo, hi in ((0, 128), (128, 200))]
        merged = out[0]
        merged.results = [r for o in out for r in o.results]
        return merged

    path = write(tmp_path, "game: how-many-calories\nparams: {limit_kcal: 2400}\n")
    one = whatif.what_if("how-many-calories", path, games=200, seed=5, bots=["greedy"], sequential=False,
                         runner=counting)
    assert calls == [13]  # 200 pairs in chunks of 16, one run
    looked = whatif.what_if("how-many-calories", path, games=200, seed=5, bots=["greedy"], sequential=False,
                            runner=per_look)
    assert json.dumps(one) == json.dumps(looked)
    calls.clear()
    whatif.what_if("how-many-calories", path, games=200, seed=5, bots=["greedy"], sequential=True, runner=counting)
    assert calls[:2] == [8, 5]  # the looks at 128 and 200 pairs, each its own run


def test_both_arms_play_the_same_seeds(tmp_path: Path) -> None:
    """Common random numbers: game i of each arm deals from the same seed; a patch of the rounds alone
    leaves the first round's deal, so the base arm's games are those of kcal sim match."""
    from kcal.sim.match import simulate

    path = write(tmp_path, "game: kalua\nparams: {start_pp: 8}\n")
    data = whatif.what_if("kalua", path, games=16, seed=2, bots=["greedy"], sequential=False)
    base = simulate("kalua", 3, 16, seed=2, bots=["greedy"]).to_json()
    win = [c for c in data["changes"] if c["figure"] == "win_rate.A"][0]
    assert win["base"] == base["seats"][0]["win_rate"]
    length = [c for c in data["changes"] if c["figure"] == "mean_length"][0]
    assert length["base"] == base["mean_length"]
    score = [c for c in data["changes"] if c["figure"] == "score.A"][0]
    assert score["base"] == base["seats"][0]["mean_score"]


def test_the_same_bytes_for_any_jobs_and_on_dasks_local_pool(tmp_path: Path) -> None:
    path = write(tmp_path, "game: how-many-calories\ncards:\n  yellow 14: {kcal: 4000}\n")
    common = ["balance", "what-if", "--game", "how-many-calories", "--patch", str(path), "-n", "40", "-s", "9",
              "-b", "greedy", "-f", "json"]
    one = runner.invoke(app, [*common, "-j", "1"])
    two = runner.invoke(app, [*common, "-j", "2"])
    pool = runner.invoke(app, [*common, "--backend", "dask"])
    assert one.exit_code == two.exit_code == pool.exit_code == 0, one.stderr + two.stderr + pool.stderr
    assert one.stdout == two.stdout == pool.stdout
    impact = [c for c in json.loads(one.stdout)["changes"] if c["figure"] == "impact.yellow 14"]
    assert impact and impact[0]["diff"] is not None  # the patched card's impact is in the bytes compared


def test_the_text_and_the_chart(tmp_path: Path) -> None:
    path = write(tmp_path, "game: ecologic-europe\nparams: {hand_size: 6}\n")
    chart = tmp_path / "c.svg"
    r = runner.invoke(app, ["balance", "what-if", "--game", "ecologic-europe", "--patch", str(path), "-n", "8",
                            "-j", "1", "-q", "--chart", str(chart)])
    assert r.exit_code == 0, r.stderr
    assert "hand_size = 6" in r.stdout and "win_rate.A" in r.stdout and "stopped: cap" in r.stdout
    assert chart.read_text(encoding="utf-8").startswith("<?xml") or "<svg" in chart.read_text(encoding="utf-8")


def test_a_bad_chart_name_is_refused_before_any_game(tmp_path: Path) -> None:
    path = write(tmp_path, "game: kalua\nparams: {start_pp: 6}\n")
    r = runner.invoke(app, ["balance", "what-if", "--game", "kalua", "--patch", str(path), "--chart",
                            str(tmp_path / "c.pdf")])
    assert r.exit_code == 2 and ".png or .svg" in r.stderr


# --- sweeps -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("param,message", [
    ("limit_kcal=3000:2000:100", "the range is empty"),
    ("limit_kcal=2000:3000:0", "STEP must be above 0"),
    ("limit_kcal=500:20000:1", "at most 64"),
    ("limit_kcal=100:1000:100", "out of range"),
    ("limit_kcal=2000:2500", "expected A:B:STEP"),
    ("limit_kcal=2000:2500:12.5", "whole number"),
    ("limit=2000:2500:100", "did you mean 'limit_kcal'"),
])
def test_a_bad_range_is_refused_before_any_game(monkeypatch: pytest.MonkeyPatch, param: str, message: str) -> None:
    from kcal.sim import match

    def no_games(*args: object, **kwargs: object) -> None:
        raise AssertionError("a game was played")

    monkeypatch.setattr(match, "simulate", no_games)
    r = runner.invoke(app, ["balance", "sweep", "--game", "how-many-calories", "--param", param])
    assert r.exit_code == 2, r.stdout
    assert message in r.stderr and len(r.stderr.strip().splitlines()) == 1, r.stderr


def test_a_sweep_steps_any_declared_parameter(tmp_path: Path) -> None:
    chart = tmp_path / "s.png"
    r = runner.invoke(app, ["balance", "sweep", "--game", "kalua", "--param", "start_pp=3:7:2", "-n", "6", "-j", "1",
                            "-b", "greedy", "-f", "json", "--chart", str(chart)])
    assert r.exit_code == 0, r.stderr
    data = json.loads(r.stdout)
    assert data["param"] == "start_pp" and [p["value"] for p in data["points"]] == [3, 5, 7]
    for p in data["points"]:
        assert p["games"] == 6 and set(p["figures"]) == {"win_rate.A", "win_rate.B", "win_rate.C", "seat_spread",
                                                         "mean_length"}
        assert set(p["figures_ci95"]) == {"win_rate.A", "win_rate.B", "win_rate.C", "mean_length"}
    assert chart.read_bytes()[:4] == b"\x89PNG"


def test_a_sweep_gives_the_bytes_of_sim_match_with_its_option() -> None:
    """The sweep is --option over the same runner: its points are sim match's blocks."""
    from kcal.balance.sweep import sweep
    from kcal.sim.match import simulate

    data = sweep("how-many-calories", "rounds=1:2:1", games=8, seed=4, bots=["greedy"])
    match = simulate("how-many-calories", 3, 8, seed=4, bots=["greedy"], options={"rounds": [1, 2]}).to_json()
    for point, block in zip(data["points"], match["sweep"]["blocks"], strict=True):
        assert point["figures"]["mean_length"] == block["mean_length"]
        assert point["figures"]["win_rate.A"] == block["seats"][0]["win_rate"]


def test_a_game_without_parameters_is_named() -> None:
    class Bare:
        id = "bare"

        class info:  # stands for GameInfo
            name = "Bare"

        @staticmethod
        def has(hook: str) -> bool:
            return False

    from kcal.balance.patch import params_of

    with pytest.raises(UsageError, match="Bare"):
        params_of(Bare())


# --- the patched cards' impact ------------------------------------------------------------------------------

def test_the_paired_impact_is_a_difference_of_rates_with_a_delta_method_interval() -> None:
    """Each arm's impact is (wins with / player-games with) - (wins without / player-games without); the
    interval is 1.96 times the standard error of the linearized per-game terms, paired over games."""
    import math
    import statistics

    games = [((1, 1, 2, 0), (1, 0, 2, 1)), ((2, 1, 1, 0), (2, 2, 1, 0)), ((0, 0, 3, 1), (0, 0, 3, 1)),
             ((1, 0, 2, 1), (1, 1, 2, 0)), ((3, 1, 0, 0), (3, 1, 0, 0))]
    p = paired.PairedImpact()
    for base, patched in games:
        p.add(base, patched)
    p.add((0, 0, 0, 0), (0, 0, 0, 0))  # a game without the card adds nothing but a game
    n = len(games) + 1
    rates = []
    for k in (0, 1):
        nw, ww, no, wo = (sum(g[k][i] for g in games) for i in range(4))
        rates.append((ww / nw, wo / no, nw / n, no / n))
    assert p.impact(0) == pytest.approx(rates[0][0] - rates[0][1])
    terms = [0.0] * n
    for i, g in enumerate(games):
        for k, sign in ((0, -1), (1, 1)):
            rw, ro, mw, mo = rates[k]
            nw, ww, no, wo = g[k]
            terms[i] += sign * ((ww - rw * nw) / mw - (wo - ro * no) / mo)
    half = paired.Z95 * math.sqrt(statistics.variance(terms) / n)
    c = p.change("impact.x", n)
    diff = (rates[1][0] - rates[1][1]) - (rates[0][0] - rates[0][1])
    assert c["diff"] == pytest.approx(diff, rel=1e-5)
    assert c["diff_ci95"] == [pytest.approx(diff - half, rel=1e-4), pytest.approx(diff + half, rel=1e-4)]


def test_an_arm_without_player_games_without_the_card_has_no_impact() -> None:
    p = paired.PairedImpact()
    p.add((2, 1, 0, 0), (1, 1, 1, 0))
    c = p.change("impact.x", 1)
    assert c["base"] is None and c["patched"] == 1.0 and c["diff"] is None and c["diff_ci95"] == [None, None]


def test_the_patched_cards_impact_in_each_arm_as_balance_cards_counts_it(tmp_path: Path) -> None:
    """The base arm's impact of a patched card is kcal balance cards' figure over the base arm's games;
    a card the patch renames (yellow 14 at 4,000 kcal is yellow 40) is followed under its new name."""
    from collections import Counter

    from kcal.balance.impact import impact_table, load_impact, tally_game
    from kcal.sim.match import play_one

    path = write(tmp_path, "game: how-many-calories\ncards:\n  yellow 14: {kcal: 4000}\n  red 9: {food: Cake}\n")
    data = whatif.what_if("how-many-calories", path, games=24, seed=5, bots=["greedy"], sequential=False)
    w = whatif.prepare("how-many-calories", path, games=24, seed=5, bots=["greedy"])
    game = w.game
    bots = [game.bots()[b] for b in w.pair.base.bots]
    hook = load_impact(w.pack)
    expected = {}
    for arm, plan, name in ((0, w.pair.base, "yellow 14"), (1, w.pair.patched, "yellow 40")):
        counts: Counter[str] = Counter()
        for i in range(24):
            state, _, _ = play_one(game, plan, bots, 0, i)
            tally_game(counts, game, hook, plan, state)
        row = next(r for r in impact_table(counts, 3)["cards"] if r["card"] == name)
        expected[arm] = (row["impact"], row["games_with"], row["games_without"])
    change = next(c for c in data["changes"] if c["figure"] == "impact.yellow 14")
    assert change["base"] == pytest.approx(expected[0][0], rel=1e-5)
    assert change["patched"] == pytest.approx(expected[1][0], rel=1e-5)
    assert change["diff_ci95"][0] <= change["diff"] <= change["diff_ci95"][1]
    card = data["cards"][0]
    assert card == {"card": "yellow 14", "held_as": ["yellow 14", "yellow 40"],
                    "games_with": [expected[0][1], expected[1][1]],
                    "games_without": [expected[0][2], expected[1][2]]}
    assert [c["card"] for c in data["cards"]] == ["yellow 14", "red 9"]
    text = whatif_text.what_if_text(data)
    assert "impact.yellow 14" in text and "yellow 14 (held as yellow 40 when patched)" in text


@pytest.mark.parametrize("game,patch,games", [("kcaloria", "kcaloria-nyssa.yaml", 4), ("kalua", "kalua-famine.yaml", 8),
                                              ("ecologic-europe", "ecologic-europe-deer.yaml", 16),
                                              ("how-many-calories", "how-many-calories-cards.yaml", 8)])
def test_every_pack_reports_its_patched_cards_impact(game: str, patch: str, games: int) -> None:
    """Each pack names a patched card as its impact hook does (EcoLogic's species by their Latin names),
    so the card is found held in some games and not in others."""
    path = Path(__file__).resolve().parents[2] / "docs" / "examples" / "patches" / patch
    data = whatif.what_if(game, path, games=games, seed=0, bots=["greedy"], sequential=False)
    cards = load_patch(path, get(game)).cards
    assert [c["card"] for c in data["cards"]] == list(cards)
    for card in data["cards"]:
        assert sum(card["games_with"]) > 0 and sum(card["games_without"]) > 0, card
        change = next(c for c in data["changes"] if c["figure"] == f"impact.{card['card']}")
        assert change["base"] is not None and change["patched"] is not None
    # issue 34, item 4: a kCaloria what-if says which deck each seat played; the other packs label no seat
    if game == "kcaloria":
        assert data["seat_labels"] == [{"seat": "A", "labels": ["bayou-ambush"]},
                                       {"seat": "B", "labels": ["caddo-harvest"]}]
        assert "seats played: A bayou-ambush; B caddo-harvest" in whatif_text.what_if_text(data)
    else:
        assert data["seat_labels"] is None


def test_an_added_card_has_an_impact_in_the_patched_arm_only(tmp_path: Path) -> None:
    path = write(tmp_path, "game: kalua\nadd:\n  - {name: Second Harvest, kind: bonus, icon: wheat, cost: 2, "
                           "copies: 2, effects: [{kind: happiness, amount: 2, target: self}], text: More yams.}\n")
    data = whatif.what_if("kalua", path, games=8, seed=1, bots=["greedy"], sequential=False)
    change = next(c for c in data["changes"] if c["figure"] == "impact.Second Harvest")
    assert change["base"] is None and change["diff"] is None and change["patched"] is not None
    assert data["cards"][0]["held_as"] == [None, "Second Harvest"]
    assert data["cards"][0]["games_with"][0] == 0 < data["cards"][0]["games_with"][1]
    assert "Second Harvest (added)" in whatif_text.what_if_text(data)
