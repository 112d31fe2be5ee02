"""Rulebook: a round goes on until no player has a card left, or all but one player are out."""

from __future__ import annotations

from kcal.games.how_many_calories.rules.state import PASS

THREE = ("A", "B", "C")


def test_round_ends_when_no_player_still_in_holds_a_card(hmc):
    state = hmc.position({"A": "red 1", "B": "red 8", "C": "red 9", "D": "red 12"}, leader="A")
    hmc.play(state, "A red 1", "B red 8", "C red 9", "D red 12")
    assert state.round == 1 and state.phase == PASS
    assert state.totals == [0, 0, 0, 100]


def two_go_out(hmc, won_a: str | None = None):
    """B and C are one card from the 3-player limit (2,700); both go over, A keeps a card."""
    won = {"B": "red 25", "C": "blue 24"} | ({"A": won_a} if won_a else {})
    state = hmc.position({"A": "red 1, red 8, yellow 3, green 6", "B": "yellow 30, blue 31, green 4, red 12",
                          "C": "green 32, red 28, blue 2, yellow 7"}, THREE, won=won, leader="A")
    hmc.play(state, "A red 1", "B yellow 30", "C blue 2")  # 1, 35, 7: B takes red 1 -> 2,600
    assert not state.out[1]
    hmc.play(state, "A red 8", "B blue 31", "C green 32")  # 8, 36, 37: C takes red 8 -> 3,200
    assert state.out[2] and state.round == 0  # A and B are still in
    hmc.play(state, "A yellow 3", "B green 4")  # 3, 9: B takes yellow 3 -> 2,900
    return state


def test_round_ends_when_at_most_one_player_is_still_in(hmc):
    state = two_go_out(hmc)
    assert state.round == 1, "only A was still in (holding green 6): the round is over"
    assert state.totals == [0, 0, 0]


def test_last_player_in_scores_intake_when_others_are_out(hmc):
    state = two_go_out(hmc, won_a="green 13")
    assert state.totals == [1_300, 0, 0]


def test_next_round_start_player_has_highest_total(hmc):
    state = hmc.position({"A": "red 1", "B": "red 8", "C": "red 9", "D": "red 12"}, leader="A",
                         totals={"A": 500, "B": 900, "C": 100, "D": 0})
    hmc.play(state, "A red 1", "B red 8", "C red 9", "D red 12")  # D takes 100: totals 500 900 100 100
    assert state.rules.players[state.start_seat] == "B"


def _tied_round(hmc, seed: int = 0, **options):
    """Round 1's last trick leaves C and D tied for the highest total (800); round 2 is dealt."""
    state = hmc.position({"A": "red 1", "B": "red 8", "C": "red 9", "D": "red 12"}, leader="A", seed=seed,
                         totals={"A": 0, "B": 700, "C": 800, "D": 700}, **options)
    hmc.play(state, "A red 1", "B red 8", "C red 9", "D red 12")  # D takes red 1: B 700, C 800, D 800
    assert state.round == 1 and state.totals == [0, 700, 800, 800]
    return state


def test_tied_totals_start_player_is_drawn_from_the_seed(hmc):
    """The rulebook's rock-paper-scissors, drawn from the game's seed: either tied player, no seat
    favoured, the same for the same seed."""
    starts = [hmc.game.view(_tied_round(hmc, seed), "A")["start_player"] for seed in range(200)]
    assert set(starts) == {"C", "D"}
    assert 80 <= starts.count("C") <= 120, starts.count("C")  # 200 fair draws: 100 +- 2.8 sd
    assert starts == [hmc.game.view(_tied_round(hmc, seed), "A")["start_player"] for seed in range(200)]


def test_a_drawn_start_player_is_written_into_the_record(hmc):
    for seed in range(6):
        state = _tied_round(hmc, seed)
        record = hmc.game.record(state)
        assert record["rounds"][1]["start"] == state.rules.players[state.start_seat]
        assert "start" not in record["rounds"][0]  # round 1 had no tie to draw


def test_the_replay_account_says_a_start_player_was_drawn(hmc):
    from kcal.games.how_many_calories.replay import story

    state = _tied_round(hmc, 2)
    start = state.rules.players[state.start_seat]
    assert f"Round 2: {start} starts (tied for the highest total: the rock-paper-scissors is drawn from the " \
        "seed)" in story(state)
    assert "Round 2: C starts (named by the record)" in story(_tied_round(hmc, 2, starts=[None, "C"]))


def test_naming_the_tied_start_player_changes_no_later_deal(hmc):
    """The draw happens on a tie even when the start player is named, so the generator that deals the
    later rounds is where it would be without the name (ruling "deals-from-the-seed")."""
    for seed in range(6):
        drawn = _tied_round(hmc, seed)
        for named in ("C", "D"):
            state = _tied_round(hmc, seed, starts=[None, named])
            assert state.rules.players[state.start_seat] == named
            assert state.hands == drawn.hands
            mine, theirs = state.rng.copy(), drawn.rng.copy()
            assert [mine.below(1 << 30) for _ in range(3)] == [theirs.below(1 << 30) for _ in range(3)]


def test_a_drawn_start_player_leaves_the_later_deals_alike(hmc):
    """Ruling start-player-tie: the draw comes from a generator of its own, so a table that drew (C and
    D tied) and one that did not (C ahead) deal round 2 alike and hold the same dealing generator for
    the rounds after it: the two arms of a what-if keep their deals."""
    for seed in range(6):
        drawn = _tied_round(hmc, seed)
        assert drawn.start_how == "drawn"
        ahead = hmc.position({"A": "red 1", "B": "red 8", "C": "red 9", "D": "red 12"}, leader="A", seed=seed,
                             totals={"A": 0, "B": 700, "C": 900, "D": 700})
        hmc.play(ahead, "A red 1", "B red 8", "C red 9", "D red 12")
        assert ahead.start_how == "highest" and ahead.round == 1
        assert ahead.hands == drawn.hands
        assert ahead.rng.state == drawn.rng.state


def test_out_of_turn_in_a_round_says_how_its_start_player_was_chosen(hmc):
    state = _tied_round(hmc, 3)
    start = state.rules.players[state.start_seat]
    other = "C" if start == "D" else "D"
    hmc.passes(state, {p: ", ".join(str(c) for c in hmc.game.legal_moves(state, p)[0].cards) for p in "ABCD"})
    card = hmc.game.view(state, other)["hand"][0]
    assert hmc.why(state, f"{other} {card}") == (
        f"it is {start}'s turn, not {other}'s: {start} leads trick 1 as the start player of round 2: C and D "
        f"tie for the highest total (800 kcal), and {start} won the rock-paper-scissors, drawn from the seed "
        "(a record names the table's winner in rounds[].start)")
    state = hmc.position({"A": "red 1", "B": "red 8", "C": "red 9", "D": "red 12"}, leader="A",
                         totals={"A": 0, "B": 700, "C": 900, "D": 700})
    hmc.play(state, "A red 1", "B red 8", "C red 9", "D red 12")
    hmc.passes(state, {p: ", ".join(str(c) for c in hmc.game.legal_moves(state, p)[0].cards) for p in "ABCD"})
    card = hmc.game.view(state, "A")["hand"][0]
    assert hmc.why(state, f"A {card}") == ("it is C's turn, not A's: C leads trick 1 as the start player of "
                                           "round 2: the highest total, 900 kcal")


def test_round_score_is_intake_or_zero(hmc):
    state = hmc.position({"A": "red 1", "B": "red 8", "C": "red 9", "D": "red 12"}, leader="A",
                         won={"A": "green 4", "C": "green 18"}, intake={"A": 400, "C": 1_800})
    hmc.play(state, "A red 1", "B red 8", "C red 9", "D red 12")
    assert state.totals == [400, 0, 1_800, 100]


def test_a_rounds_last_trick_names_no_next_leader(hmc, tmp_path):
    """Nobody leads after the last trick of a round: the account says who played the lowest card, not
    who "leads next" (the next round's start player is the highest total)."""
    from kcal.games.how_many_calories.draw import story
    from kcal.games.how_many_calories.replay import replay

    path = hmc.write_yaml(tmp_path / "last.yaml", {
        "game": "how-many-calories", "players": ["A", "B", "C", "D"], "seed": 1, "rounds_to_play": 1,
        "start": {"hands": {"A": ["red 1", "red 8"], "B": ["red 9", "red 12"], "C": ["red 17", "red 20"],
                            "D": ["red 25", "red 28"]}, "leader": "A"},
        "rounds": [{"plays": [{"player": p, "card": c} for p, c in (
            ("A", "red 8"), ("B", "red 9"), ("C", "red 17"), ("D", "red 25"),
            ("A", "red 1"), ("B", "red 12"), ("C", "red 20"), ("D", "red 28"))]}]})
    lines = [line for line in replay(path).to_text().splitlines() if line.startswith("  trick")]
    assert lines == ["  trick 7: A leads red 8; B red 9; C red 17; D red 25 -> D takes red 8 (800 kcal); "
                     "A leads next",
                     "  trick 8: A leads red 1; B red 12; C red 20; D red 28 -> D takes red 1 (100 kcal)"]
    tricks = replay(path).to_json()["state"]["rounds"][0]["tricks"]
    assert [t["next_leader"] for t in tricks[-2:]] == ["A", None]  # the JSON says so too
    frames = story(path).frames
    table = [s.text for it in frames[-1].items if it.key == "trick" for s in it.shapes if hasattr(s, "text")]
    assert {"D takes red 1 (100 kcal)", "A played it"} <= set(table)  # the trick's outcome in lines
    happened = [line for f in frames for s in f.sections if s.title == "What happened"
                for line in s.lines if "(lowest)" in line]
    assert happened == ["D (highest) takes red 8, 800 kcal; A (lowest) leads next",
                        "D (highest) takes red 1, 100 kcal; A (lowest) played it"]
