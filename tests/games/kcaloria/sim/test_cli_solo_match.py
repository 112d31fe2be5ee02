"""``kcal sim solo`` and ``kcal sim match`` in-process: JSON per SPEC, same bytes for any --jobs,
``--save-game`` writes a record that ``kcal rules replay`` accepts."""

from __future__ import annotations

import json

from typer.testing import CliRunner

import kcal.games.kcaloria.rules  # noqa: F401  (a broken engine fails here, it is never skipped)
from kcal.cli.sim import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_solo_json(fixtures):
    r = run("solo", fixtures / "piney.yaml", "-n", 4, "--bots", "random", "--seed", 3, "-f", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["games"] == 4 and data["seed"] == 3 and data["bot"] == "random"
    assert set(data["score_quantiles"]) == {"p10", "p50", "p90"}


def test_solo_same_bytes_any_jobs(fixtures, monkeypatch):
    monkeypatch.setattr("kcal.sim.parallel.MIN_PARALLEL_SECONDS", 0.0)
    outs = [run("solo", fixtures / "piney.yaml", "-n", 10, "-b", "random", "-j", j, "-f", "json").stdout for j in (1, 2)]
    assert outs[0] == outs[1]


def test_solo_unknown_bot_exits_2(fixtures):
    r = run("solo", fixtures / "piney.yaml", "-n", 1, "--bots", "clever")
    assert r.exit_code == 2 and "unknown bot" in r.output


def test_solo_no_water_exits_2(fixtures):
    assert run("solo", fixtures / "dry.yaml", "-n", 1).exit_code == 2


def test_solo_save_game_replays(fixtures, tmp_path):
    from kcal.games.kcaloria.replay import replay

    out = tmp_path / "g.yaml"
    r = run("solo", fixtures / "piney.yaml", "-n", 3, "-b", "random", "--save-game", 2, "--output", out, "-f", "json")
    assert r.exit_code == 0, r.output
    result = replay(out)
    assert result.illegal_index is None and result.state.outcome() is not None


def test_save_game_out_of_range_exits_2(fixtures, tmp_path):
    r = run("solo", fixtures / "piney.yaml", "-n", 2, "-b", "random", "--save-game", 5, "--output", tmp_path / "x.yaml")
    assert r.exit_code == 2


def test_match_json_and_text(fixtures):
    r = run("match", fixtures / "piney.yaml", fixtures / "piney.yaml", "-n", 2, "-b", "random", "-f", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert len(data["decks"]) == 2 and data["games"] == 2
    t = run("match", fixtures / "piney.yaml", fixtures / "piney.yaml", "-n", 2, "-b", "random")
    assert "first seat" in t.stdout


def test_match_needs_two_decks(fixtures):
    assert run("match", fixtures / "piney.yaml", "-n", 1).exit_code == 2


def test_saved_game_replays_through_kcal_rules_replay(fixtures, tmp_path):
    import kcal.cli.rules  # noqa: F401
    from kcal.cli.app import app as root

    out = tmp_path / "m.yaml"
    r = run("match", fixtures / "piney.yaml", fixtures / "piney.yaml", "-n", 2, "-b", "random",
            "--save-game", 1, "--output", out, "-f", "json")
    assert r.exit_code == 0, r.output
    rep = runner.invoke(root, ["rules", "replay", str(out), "--format", "json"])
    assert rep.exit_code == 0, rep.output
    data = json.loads(rep.stdout)
    assert data["legal"] is True and data["ended"] is True
