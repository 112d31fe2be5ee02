"""``kcal balance calibrate`` (issue 35, item 4): null what-ifs that diverge, and the power to find a stated
change, with intervals; small seeded runs."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kcal.balance import calibrate, whatif
from kcal.cli.app import app

runner = CliRunner()


def test_the_nulls_diverge_and_a_large_stated_change_is_found() -> None:
    d = calibrate.calibrate("how-many-calories", runs=2, games=400, bots=["greedy"], seed=1, effect=0.3)
    seeds, perturbed = d["nulls"]
    assert seeds["kind"] == "other_seeds" and seeds["runs"] == 2 and seeds["pairs_differing"] > 0.9
    # How many Calories?' greedy bot draws nothing from its generator: the perturbed arm is the base arm
    assert perturbed["pairs_differing"] == 0 and perturbed["any_mark"]["runs"] == 0
    for k in (seeds, perturbed):
        assert 0 <= k["any_mark"]["rate_ci95"][0] <= k["any_mark"]["rate"] <= k["any_mark"]["rate_ci95"][1] <= 1
        assert {f["figure"] for f in k["figures"]} >= {"win_rate.A", "score.A", "mean_length"}
    power = d["power"]
    assert power["runs"] == 2 and power["sprt_h1"]["runs"] == 2 and power["marked"]["runs"] == 2
    assert 0.2 < power["mean_change"] < 0.4
    text = calibrate.calibrate_text(d)
    assert "this null says nothing" in text and "SPRT decided H1 for seat A: 2 of 2" in text


def test_a_sampling_bot_makes_the_perturbed_arm_diverge() -> None:
    """A bot that draws from its generator (the random bot) plays other games after one extra draw."""
    pair = calibrate._pair(calibrate._plans("how-many-calories", None, 0, ["random"], 16)[4], 0, "perturbed", 0)
    played = whatif.play_plan(pair, 16, sequential=False)
    assert played.sums.differing > 8


def test_the_command_gives_its_json_and_refuses_a_bad_effect() -> None:
    common = ["balance", "calibrate", "--game", "how-many-calories", "--runs", "1", "--games", "130", "-b", "greedy",
              "-j", "1", "-q"]
    r = runner.invoke(app, [*common, "-f", "json"])
    assert r.exit_code == 0, r.stderr
    assert json.loads(r.stdout)["nulls"][0]["kind"] == "other_seeds"
    bad = runner.invoke(app, [*common, "--effect", "1.5"])
    assert bad.exit_code == 2 and "--effect" in bad.stderr
