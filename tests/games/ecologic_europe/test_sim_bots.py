"""Bots and ``sim match``: every bot plays legal moves to the end; the pack's figures are there."""

from __future__ import annotations

import json
import subprocess
import sys

from kcal.core.game import Setup, play
from kcal.core.rng import Rng
from kcal.games.ecologic_europe.game import GAME


def test_every_bot_finishes_games_in_every_variant():
    for name, bot in GAME.bots().items():
        for variant in (None, "express", "weather", "human-impact"):
            st = GAME.new_state(Setup(("A", "B", "C"), variant), 9)
            rng = Rng(1)
            play(GAME, st, lambda s, p, bot=bot, rng=rng: bot(GAME, s, p, rng), 5000)
            assert GAME.outcome(st) is not None, (name, variant)


def test_greedy_beats_random_most_of_the_time():
    wins = 0
    for seed in range(6):
        st = GAME.new_state(Setup(("G", "R")), seed)
        rngs = {"G": Rng(seed), "R": Rng(seed + 100)}
        bots = {"G": GAME.bots()["greedy"], "R": GAME.bots()["random"]}
        play(GAME, st, lambda s, p, bots=bots, rngs=rngs: bots[p](GAME, s, p, rngs[p]), 5000)
        out = GAME.outcome(st)
        wins += out is not None and out.winners == ("G",)
    assert wins >= 4


def test_sim_match_reports_the_packs_figures():
    r = subprocess.run([sys.executable, "-m", "kcal", "sim", "match", "--game", "ecologic-europe", "--players", "2",
                        "--games", "4", "--seed", "3", "--bots", "greedy,random", "--format", "json"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    pack = data["pack"]
    assert data["games"] == 4 and len(data["seats"]) == 2
    assert pack["mean_diversity_points"] is not None and pack["mean_card_points"] is not None
    assert pack["survival"] and "card_impact" not in pack  # per-card impact: kcal balance cards
