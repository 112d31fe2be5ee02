"""EcoLogic's words in two messages every pack gives (issue 20); moved here from the shared tests
(tests/cli/test_results_vocabulary.py, tests/core/test_players_and_turns.py), which run on every pack."""

from __future__ import annotations

from kcal.core.game import Setup
from kcal.games.ecologic_europe.explain import TOPICS
from kcal.games.ecologic_europe.game import GAME


def test_ecologic_setup_does_not_say_kcal_deals_from_the_seed() -> None:
    """The printed rule sheet takes its topics from explain's: it said 'kcal deals them ... from the seed'."""
    assert all("from the seed" not in rule and "kcal deals" not in rule for _, rule in TOPICS.values())


def test_ecologic_a_second_move_in_a_step_names_the_players_still_to_move() -> None:
    """EcoLogic's steps are simultaneous: a move out of turn is a second move in the same step."""
    game, players = GAME, ("A", "B", "C")
    state = game.new_state(Setup(players), 4)
    game.apply(state, "A", game.legal_moves(state, "A")[0])
    assert game.why_illegal(state, "A", game.legal_moves(state, "B")[0]) == (
        "A has already moved in step 1: every player moves once a step, all at the same time, and the step "
        "resolves when the last has moved; still to move: B, C")
