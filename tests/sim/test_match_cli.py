"""``kcal sim match --game ID --players N`` in-process: JSON per SPEC, same bytes for any --jobs,
text, sweeps, --save-game and --force, Ctrl-C, and exit 2 with one clear line for bad input."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from kcal.cli.sim import app
from kcal.core import registry

runner = CliRunner()
INSTALLED = registry.ids()[0]  # a pack kcal ships; a shared test names none


def run(*args):
    return runner.invoke(app, ["match", *[str(a) for a in args]])


def test_json_has_the_spec_keys(packs):
    r = run("--game", "dice-race", "--players", 3, "--games", 12, "--seed", 4, "--bots", "cautious,bold,random",
            "-f", "json")
    assert r.exit_code == 0, r.output
    data = json.loads(r.stdout)
    for key in ("game", "games", "seed", "players", "seats", "mean_length", "end_reasons", "bots", "interrupted",
                "pack"):
        assert key in data
    assert (data["game"], data["games"], data["seed"], data["players"]) == ("dice-race", 12, 4, 3)
    for seat in data["seats"]:
        assert {"bot", "win_rate", "win_ci95", "mean_score"} <= set(seat)
        lo, hi = seat["win_ci95"]
        assert 0 <= lo <= seat["win_rate"] <= hi <= 1
    assert [b["bot"] for b in data["bots"]] == ["Cautious", "bold", "random"]


def test_same_bytes_for_any_jobs(packs, monkeypatch):
    monkeypatch.setattr("kcal.sim.parallel.MIN_PARALLEL_SECONDS", 0.0)
    outs = [run("--game", "dice-race", "-p", 4, "-n", 40, "--bots", "random", "-j", j, "-f", "json").stdout
            for j in (1, 2, 3)]
    assert outs[0] == outs[1] == outs[2]
    assert json.loads(outs[0])["games"] == 40


def test_text_table(packs):
    r = run("--game", "dice-race", "-p", 2, "-n", 10, "--bots", "bold", "--bots", "random")
    assert r.exit_code == 0, r.output
    assert "match: Dice Race (dice-race), 2 players, seed 0" in r.stdout
    assert "seat player bot" in r.stdout and "slot bot" in r.stdout and "end reasons" in r.stdout
    assert r.stderr == ""


def test_option_sweep(packs):
    r = run("--game", "dice-race", "-p", 2, "-n", 10, "--option", "target=15,25", "-f", "json")
    assert r.exit_code == 0, r.output
    sweep = json.loads(r.stdout)["sweep"]
    assert [b["options"] for b in sweep["blocks"]] == [{"target": 15}, {"target": 25}]
    assert sweep["most_even"]["options"] in [b["options"] for b in sweep["blocks"]]
    t = run("--game", "dice-race", "-p", 2, "-n", 10, "--option", "target=15,25")
    assert "target=15: 10 games" in t.stdout and "most even seats" in t.stdout


def test_limit_is_a_shorthand_the_pack_checks(packs):
    r = run("--game", "dice-race", "-p", 2, "-n", 2, "--limit", "2400")
    assert r.exit_code == 2 and "unknown option 'limit'" in r.stderr
    r = run("--game", "dice-race", "-p", 2, "-n", 2, "--limit", "20", "--option", "limit=3")
    assert r.exit_code == 2 and "given twice" in r.stderr


def test_save_game_then_force(packs, tmp_path):
    from kcal.core.yamlsafe import load_yaml

    fake = packs
    out = tmp_path / "g.yaml"
    args = ("--game", "dice-race", "-p", 3, "-n", 6, "--bots", "random", "--save-game", 4, "-o", out, "-q")
    r = run(*args)
    assert r.exit_code == 0, r.output
    assert f"saved game 4 to {out}" in r.stderr
    record = load_yaml(out, cache=False).data
    assert record["game"] == "dice-race" and fake.GAME.outcome(fake.replay(record)) is not None
    assert out.read_text().startswith("# kcal sim match --game dice-race --players 3 --seed 0: game 4")
    assert run(*args).exit_code == 0  # kcal's own record, unchanged: replaced (docs/cli.md, "Writing files")
    out.write_text(out.read_text() + "# my note\n")  # now the user's
    before = out.read_bytes()
    again = run(*args)
    assert again.exit_code == 2 and "already exists and kcal did not write it" in again.stderr
    assert again.stdout == ""  # refused before any game
    assert out.read_bytes() == before
    assert run(*args, "--force", "--seed", 1).exit_code == 0
    assert out.read_bytes() != before


def test_ctrl_c_prints_partial_figures_and_exits_130(packs, monkeypatch):
    from kcal.sim import match

    real = match.match_chunk
    calls = []

    def flaky(*args):
        calls.append(1)
        if len(calls) == 3:
            raise KeyboardInterrupt
        return real(*args)

    monkeypatch.setattr(match, "match_chunk", flaky)
    r = run("--game", "dice-race", "-p", 2, "-n", 10 * match.CHUNK_GAMES, "-j", 1, "-f", "json")
    assert r.exit_code == 130
    data = json.loads(r.stdout)
    assert data["interrupted"] is True and data["games"] == 2 * match.CHUNK_GAMES
    assert "interrupted" in r.stderr


@pytest.mark.parametrize(("args", "message"), [
    (("--game", INSTALLED[:-1], "-p", 3), f"unknown game '{INSTALLED[:-1]}' (did you mean '{INSTALLED}'?)"),
    (("--game", "dice-race", "-p", 7), "Dice Race is played by 2 to 4 players, not 7"),
    (("--game", "dice-race", "-p", 5), "not 5 (or 5 with --variant crowd, a house rule)"),
    (("--game", "dice-race", "-p", 2, "--bots", "bold,,random"), "an empty bot name"),
    (("--game", "dice-race", "-p", 2, "--bots", "bold", "--bots", ""), "an empty bot name"),
    (("--game", "dice-race", "-p", 2, "--bots", "bodl"), "unknown bot 'bodl' for Dice Race (did you mean 'bold'?)"),
    (("--game", "dice-race", "-p", 2, "--variant", "crwd"), "no variant 'crwd' (did you mean 'crowd'?)"),
    (("--game", "dice-race", "-p", 2, "--option", "target"), "expected KEY=VALUE"),
    (("--game", "dice-race", "-p", 2, "--option", "target=9"), "option target: 9 is not a whole number"),
    (("--game", "dice-race", "-p", 2, "--save-game", 100), "--save-game 100: games are numbered 0 to 99"),
    (("--game", "dice-race", "-p", 2, "--backend", "spark"), "unknown backend 'spark'"),
    (("--game", "dice-broken", "-p", 2), "its 'game' hook cannot be loaded"),
    (("--option", "limit=1"), "--variant, --option and --limit go with --game ID"),
    ((), "give 2 to 4 kCaloria deck files, or --game ID --players N"),
])
def test_bad_input_exits_2_with_one_line(packs, args, message):
    r = run(*args)
    assert r.exit_code == 2, r.output
    assert message in r.stderr
    assert "Traceback" not in r.output and r.stdout == ""


def test_deck_files_belong_to_kcaloria(packs, tmp_path):
    deck = tmp_path / "d.yaml"
    deck.write_text("name: d\n")
    r = run(deck, deck, "--game", "dice-race", "-p", 2)
    assert r.exit_code == 2 and "--game dice-race plays without deck files" in r.stderr
    r = run(deck, deck, "--game", "dice-rase")
    assert r.exit_code == 2 and "unknown game 'dice-rase'" in r.stderr
    r = run(deck, deck, "--option", "limit=3")
    assert r.exit_code == 2 and "--variant, --option and --limit go with --game ID" in r.stderr
    r = run(deck, deck, "--players", 3)
    assert r.exit_code == 2 and "--players 3 with 2 deck files" in r.stderr


def test_an_illegal_bot_move_exits_1(packs):
    r = run("--game", "dice-race", "-p", 2, "--bots", "cheat,bold")
    assert r.exit_code == 1
    assert "game 0: the bot 'cheat' in seat 1 (A) chose an illegal move" in r.stderr


def test_players_default_to_the_games_fewest_as_in_the_balance_lab(packs):
    """Issue 34 item 7: ``--game ID`` without ``--players`` seats the game's fewest, at least 2, as the
    balance commands do."""
    r = run("--game", "dice-race", "--games", 4, "-f", "json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["players"] == 2


@pytest.mark.parametrize("game_id", sorted(__import__("kcal.core.registry", fromlist=["ids"]).ids()))
def test_one_default_for_players_in_every_command(game_id):
    """sim match, balance cards, balance bots and what-if seat the same number of players by default."""
    from kcal.balance import impact, ladder, whatif
    from kcal.core.registry import get
    from kcal.sim.match import default_players, load_game

    game = load_game(get(game_id))
    n = default_players(game.info)
    if get(game_id).has("impact"):  # balance cards asks for the impact hook
        assert len(impact.plan_for(game_id, None, 0, None)[2].players) == n
    assert ladder._players(game, None) == n
    assert whatif.default_players(game.info) == n
