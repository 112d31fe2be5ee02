"""What a player sees: their own hand and move, everyone's ecosystems, counts of the rest; determinize
redeals only what the player cannot see."""

from __future__ import annotations

import json

from kcal.core.game import Setup
from kcal.games.ecologic_europe.game import GAME
from kcal.games.ecologic_europe.rules.moves import Keep, Transfer


def test_view_shows_own_hand_and_counts_of_the_others():
    st = GAME.new_state(Setup(("A", "B", "C")), 5)
    v = GAME.view(st, "A")
    json.dumps(v)
    assert len(v["hand"]) == 8 and v["hand_sizes"] == {"A": 8, "B": 8, "C": 8}
    text = json.dumps(v)
    for card in st.hands[1]:
        name = st.rules.cards.species[card].latin if card < st.rules.species_count else ""
        if name and name not in v["hand"]:
            assert name not in text  # another player's hand is never shown
    assert sum(v["stack"].values()) == len(st.pile)  # the stack by backs only


def test_view_hides_other_players_prepared_moves():
    st = GAME.new_state(Setup(("A", "B")), 5)
    GAME.apply(st, "A", Keep())
    assert GAME.view(st, "A")["my_move"] == {"exchange": "none"}
    assert GAME.view(st, "B")["my_move"] is None and GAME.view(st, "B")["waiting_for"] == ["B"]


def test_determinize_keeps_the_view_and_the_cards_handed_over():
    st = GAME.new_state(Setup(("A", "B", "C")), 8)
    moved = 0
    while st.step != 3 and moved < 50:  # play greedy moves until step 3
        for p in GAME.to_move(st):
            GAME.apply(st, p, GAME.bots()["greedy"](GAME, st, p, None))
            moved += 1
    given = tuple(sorted(st.hands[0])[:2])
    GAME.apply(st, "A", Transfer(given))
    for seed in range(5):
        d = GAME.determinize(st, "A", seed)
        assert GAME.view(d, "A") == GAME.view(st, "A")
        assert d.pending[0] == Transfer(given) and all(c in d.hands[0] for c in given)


def test_determinize_keeps_the_small_bird_a_hidden_placement_brings_along():
    """A placement with its small bird (``then``, the small-bird-follow rule) names two cards of the
    placer's hand; another player's world keeps both there, and the step resolves in it (before, the bird
    was redealt and resolving the step raised: found by the shared searcher in a ladder game)."""
    from kcal.games.ecologic_europe.rules.moves import Place

    st = GAME.new_state(Setup(("A", "B")), 7)
    move = None
    for _ in range(400):  # greedy moves until A may place a card with its small bird
        for p in GAME.to_move(st):
            if p == "A":
                move = next((m for m in GAME.legal_moves(st, p) if isinstance(m, Place) and m.then), None)
                if move is not None:
                    break
            GAME.apply(st, p, GAME.bots()["greedy"](GAME, st, p, None))
        if move is not None:
            break
    assert move is not None and move.then is not None
    GAME.apply(st, "A", move)
    for seed in range(20):
        d = GAME.determinize(st, "B", seed)
        assert move.card in d.hands[0] and move.then[0] in d.hands[0], seed
        if "B" in GAME.to_move(d):
            GAME.apply(d, "B", GAME.bots()["greedy"](GAME, d, "B", None))  # resolves the step
