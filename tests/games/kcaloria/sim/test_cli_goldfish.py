"""``kcal sim goldfish`` in-process: exit codes, JSON on stdout, byte-identical output for any --jobs."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from kcal.cli.sim import app

runner = CliRunner()


def run(*args):
    return runner.invoke(app, [str(a) for a in args])


def test_json_has_spec_keys(fixtures):
    r = run("goldfish", fixtures / "piney.yaml", "--hands", 5000, "--games", 200, "--seed", 4, "-f", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    assert data["hands"] == 5000 and data["seed"] == 4
    assert 0 < data["p_water_exact"] < 1
    assert data["figures"]["p_water_in_opening"]["exact"] == data["p_water_exact"]


def test_same_seed_same_bytes_any_jobs(fixtures, monkeypatch):
    monkeypatch.setattr("kcal.sim.parallel.MIN_PARALLEL_SECONDS", 0.0)
    outs = [
        run("goldfish", fixtures / "piney.yaml", "--hands", 70_000, "--games", 1500, "--seed", 9, "-j", j, "-f", "json").stdout
        for j in (1, 2)
    ]
    assert outs[0] == outs[1]


def test_text_output_names_exact_and_simulated(fixtures):
    r = run("goldfish", fixtures / "piney.yaml", "--hands", 2000, "--games", 100)
    assert r.exit_code == 0
    assert "exact" in r.stdout and "(simulated)" in r.stdout


def test_deck_without_water_exits_2(fixtures):
    r = run("goldfish", fixtures / "dry.yaml", "--hands", 100)
    assert r.exit_code == 2
    assert "no water" in r.output


def test_missing_file_exits_2(fixtures):
    r = run("goldfish", fixtures / "nope.yaml")
    assert r.exit_code == 2


def test_no_progress_on_stderr_when_not_a_terminal(fixtures):
    r = run("goldfish", fixtures / "piney.yaml", "--hands", 3000, "--games", 50)
    assert r.exit_code == 0
    assert r.stderr == ""


def test_cli_module_top_imports_stay_light():
    import subprocess
    import sys

    code = (
        "import sys, kcal.cli.sim; "
        "heavy = [m for m in ('numpy', 'reportlab', 'PIL', 'kcal.games.kcaloria.rules', 'multiprocessing') if m in sys.modules]; "
        "print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
