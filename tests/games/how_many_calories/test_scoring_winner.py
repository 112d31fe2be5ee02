"""Rulebook: scores are the kcal taken in (0 if out); after the final round the highest total wins; a tie
goes to the tied player who took in the highest-number card in the final round (players out excluded)."""

from __future__ import annotations

from kcal.games.how_many_calories.rules.scoring import EndReason

THREE = ("A", "B", "C")
LAST_TRICK = {"A": "red 8", "B": "red 9", "C": "red 12"}  # C wins and takes A's red 8


def final_round(hmc, hands=LAST_TRICK, **fields):
    state = hmc.position(hands, THREE, round=4, leader="A", **fields)
    for p in THREE:
        if state.hands[state.rules.seat_of[p]]:
            hmc.play(state, f"{p} {hands[p]}")
    return hmc.game.outcome(state)


def test_highest_total_wins(hmc):
    outcome = final_round(hmc, totals={"A": 5_000, "B": 3_000, "C": 1_000})
    assert outcome.winners == ("A",)
    assert dict(outcome.scores) == {"A": 5_000, "B": 3_000, "C": 1_800}


def test_outcome_end_reason_is_rounds_complete(hmc):
    outcome = final_round(hmc)
    assert outcome.end_reason is EndReason.ROUNDS_COMPLETE and outcome.reason == "rounds_complete"


def test_no_outcome_before_the_last_round_ends(hmc):
    state = hmc.position(LAST_TRICK, THREE, round=3, leader="A")
    hmc.play(state, "A red 8", "B red 9", "C red 12")
    assert hmc.game.outcome(state) is None and hmc.game.to_move(state) == THREE


def test_moves_after_the_end_are_illegal(hmc):
    state = hmc.position(LAST_TRICK, THREE, round=4, leader="A")
    hmc.play(state, "A red 8", "B red 9", "C red 12")
    assert hmc.game.to_move(state) == ()
    assert hmc.why(state, "A red 1") == "the game is over: all 4 rounds are played"
    assert all(hmc.game.legal_moves(state, p) == [] for p in THREE)


def test_tie_goes_to_highest_card_taken_in_final_round(hmc):
    outcome = final_round(hmc, totals={"A": 2_000, "B": 2_300}, won={"A": "green 4", "B": "red 1"})
    assert dict(outcome.scores) == {"A": 2_400, "B": 2_400, "C": 800}
    assert outcome.winners == ("A",)  # A took green 4, B only red 1


def test_tied_player_out_in_final_round_is_excluded_from_tiebreak(hmc):
    hands = {"A": "red 8", "B": "", "C": "red 12"}
    outcome = final_round(hmc, hands, totals={"A": 2_000, "B": 2_400}, out=("B",),
                          won={"A": "green 4", "B": "red 25, yellow 30"})
    assert dict(outcome.scores) == {"A": 2_400, "B": 2_400, "C": 800}
    assert outcome.winners == ("A",)  # B's yellow 30 does not count: B went out


def test_tie_with_no_card_taken_is_a_shared_win(hmc):
    outcome = final_round(hmc, totals={"A": 2_400, "B": 2_400})
    assert outcome.winners == ("A", "B")


def test_scores_add_up_over_the_rounds(hmc):
    state = hmc.dealt(None, seed=8)
    hmc.play_out(state, "greedy")
    ends = [e[2] for e in state.events() if e[0] == "end"]
    assert len(ends) == 4
    assert state.totals == [sum(r[s] for r in ends) for s in range(4)]
    assert dict(hmc.game.outcome(state).scores) == dict(zip(hmc.PLAYERS, state.totals, strict=True))


def _equal_intakes(hmc, seed: int = 0):
    """Round 1 ends with B and C at 1,300 kcal each: B from green 13 alone, C from red 12 and, in the
    last trick, A's red 1. B holds the higher card (13 against 12)."""
    state = hmc.position({"A": "red 1", "B": "red 9", "C": "red 20"}, THREE, leader="A", seed=seed,
                         won={"B": "green 13", "C": "red 12"})
    hmc.play(state, "A red 1", "B red 9", "C red 20")  # C takes red 1
    assert state.round == 1
    return state


def test_equal_round_intake_scores_the_same_whatever_the_cards(hmc):
    """Ruling round-ranking: the higher card ranks a player within a round, but scores nothing."""
    state = _equal_intakes(hmc)
    from kcal.games.how_many_calories.files.record import round_history

    assert round_history(state)[0]["scores"] == {"A": 0, "B": 1_300, "C": 1_300}
    assert state.totals == [0, 1_300, 1_300]


def test_round_ranking_does_not_pick_the_next_start_player(hmc):
    """The next start player is the highest total; the tie between B and C is the rulebook's
    rock-paper-scissors (drawn from the seed), not the round ranking that puts B's green 13 first."""
    starts = {hmc.game.view(_equal_intakes(hmc, seed), "A")["start_player"] for seed in range(16)}
    assert starts == {"B", "C"}
