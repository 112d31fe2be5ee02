"""Game records and ``rules replay``: seeded or typed in with explicit draws, ``start:`` positions, the
move vocabulary, illegal moves with their reasons (exit 1), and a record of any game replaying to it."""

from __future__ import annotations

import pytest

from kcal.core.game import Setup
from kcal.core.rng import Rng
from kcal.games.kalua.files.recordfile import RecordFile, StartEntry
from kcal.games.kalua.game import GAME
from kcal.games.kalua.replay import replay
from kcal.games.kalua.rules.domain import Deck, LeaderAction
from kcal.games.kalua.rules.moves import (
    Buy,
    Convert,
    Discard,
    Draw,
    Lead,
    Play,
    Reply,
    Target,
    decode_move,
    encode_move,
)

ILLEGAL = {
    "pays-pp-the-god-does-not-have.yaml": (1, "B cannot pay 6 PP for protection: B has 4", 13),
    "replies-twice-to-one-card.yaml": (2, "B has already answered A's Drought (with Festival); each god "
                                          "answers each card once, and now C is to answer A's Drought "
                                          "(phase 3)", 14),
    "targets-an-eliminated-god.yaml": (3, "C is out of the game (no families, no leader): a card cannot "
                                          "target them", 15),
    "plays-out-of-phase.yaml": (0, "cards are played by the active god in phase 3; now it is phase 2 "
                                   "(leaders): A is to activate their leader (phase 2)", 12),
}


@pytest.mark.parametrize("name", sorted(ILLEGAL))
def test_an_illegal_move_stops_the_replay_with_its_reason_and_exit_1(kalua, name):
    result = replay(kalua.FIXTURES / "illegal" / name)
    index, reason, line = ILLEGAL[name]
    data = result.to_json()
    assert result.exit_code == 1 and not data["legal"] and data["moves_applied"] == index
    assert data["illegal_move"]["index"] == index and data["illegal_move"]["reason"] == reason
    assert data["illegal_move"]["line"] == line and data["illegal_move"]["column"] == 5
    assert f"{name}:{line}:5: move {index + 1}" in result.to_text()


def test_a_game_typed_in_with_explicit_draws_replays_without_a_seed(kalua):
    result = replay(kalua.FIXTURES / "examples" / "table-game.yaml")
    data = result.to_json()
    assert result.exit_code == 0 and data["moves_applied"] == 32 and not data["ended"]
    gods = data["state"]["gods"]
    assert gods["Cy"]["kept"] == ["Amulets"] and "Tornado" in data["state"]["discards"]["disaster"]
    assert data["scores"] == {"Ana": 8, "Ben": 13, "Cy": 9} and data["state"]["active"] == "Ana"
    assert "Tornado (Ben) resolves on Cy" in result.to_text()


def test_the_replay_json_has_the_spec_keys(kalua):
    data = replay(kalua.FIXTURES / "examples" / "table-game.yaml").to_json()
    assert {"game", "legal", "moves_applied", "illegal_move", "ended", "end_reason", "winners", "scores",
            "state"} <= set(data)
    assert data["game"] == "kalua" and data["illegal_move"] is None and data["winners"] == []


def test_the_replay_state_has_the_shape_of_a_start_position(kalua):
    data = replay(kalua.FIXTURES / "examples" / "table-game.yaml").to_json()
    assert set(StartEntry.model_fields) <= set(data["state"])
    start = {k: data["state"][k] for k in StartEntry.model_fields}
    StartEntry.model_validate(start)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_record_of_a_finished_game_replays_to_the_same_end(kalua, tmp_path, seed):
    state = kalua.play_out(kalua.new(seed=seed), bot="greedy", seed=seed)
    path = kalua.write_yaml(tmp_path / "game.yaml", GAME.record(state))
    data = replay(path).to_json()
    out = GAME.outcome(state)
    assert data["legal"] and data["ended"] and data["end_reason"] == out.reason
    assert data["winners"] == list(out.winners) and data["scores"] == dict(out.scores)


def test_a_record_names_every_card_drawn(kalua):
    state = kalua.play_out(kalua.new(seed=4), seed=4, max_moves=60)
    record = GAME.record(state)
    draws = [m for m in record["moves"] if "draw" in m or "buy" in m]
    assert draws and all("card" in m for m in draws)
    assert record["start_player"] == state.rules.players[state.rules.first]


def test_a_record_from_a_start_position_replays(kalua, tmp_path):
    state = kalua.position({"A": {"hand": ["Tornado"], "families": 3}, "B": {"kept": ["Amulets"]}}, seed=9)
    kalua.play_out(state, seed=2, max_moves=80)
    path = kalua.write_yaml(tmp_path / "game.yaml", GAME.record(state))
    data = replay(path).to_json()
    assert data["legal"] and data["moves_applied"] == len(GAME.record(state)["moves"])
    from kcal.games.kalua.files.position import state_json

    assert data["state"] == state_json(state)
    assert data["scores"] == kalua.fams(state)


def test_moves_round_trip_through_their_record_entries():
    for move in (Draw(Deck.BONUS), Draw(Deck.DISASTER, "Tsunami"), Buy(Deck.BONUS), Lead(LeaderAction.SPEECH),
                 Lead(LeaderAction.BELIEVER, "B"), Play("Tsunami", 6), Play("Festival"), Reply(None),
                 Reply("Drought", 4), Target("C"), Discard("Festival"), Convert()):
        assert decode_move(encode_move(move)) == move


def test_a_misspelt_move_key_gets_a_did_you_mean():
    from kcal.core.errors import KcalError

    with pytest.raises(KcalError, match="unknown key 'targte' in a move .did you mean 'target'"):
        decode_move({"player": "A", "targte": "B"})


def test_the_same_seed_gives_the_same_game(kalua):
    def game(seed):
        state = GAME.new_state(Setup(("A", "B", "C")), seed)
        rng = Rng(seed)
        while GAME.to_move(state):
            p = GAME.to_move(state)[0]
            moves = GAME.legal_moves(state, p)
            GAME.apply(state, p, moves[rng.below(len(moves))])
        return GAME.record(state)

    assert game(3) == game(3) and game(3) != game(4)


def test_the_record_schema_documents_the_move_vocabulary():
    fields = RecordFile.model_json_schema(by_alias=True)["$defs"]["MoveEntry"]["properties"]
    assert {"player", "draw", "buy", "leader", "play", "reply", "target", "discard", "convert", "card",
            "from", "pay"} == set(fields)


def test_a_replay_from_a_start_position_tells_no_deal(kalua):
    from kcal.games.kalua.replay import story

    state = kalua.position({"A": {"hand": ["Drought"]}})
    lines = story(state)
    assert lines[0] == "from the start position: turn 1, cards"
    assert not any("each god draws" in line for line in lines)
    assert story(kalua.new())[0].endswith("starts; each god draws 5 cards")


def _given_back(kalua, tmp_path, state):
    """The replay's state of ``state``'s record, and the replay's state of that state given back as start:."""
    path = kalua.write_yaml(tmp_path / "game.yaml", GAME.record(state))
    first = replay(path).to_json()
    record = {"game": "kalua", "players": list(state.rules.players), "seed": 5, "start": first["state"]}
    return first, replay(kalua.write_yaml(tmp_path / "again.yaml", record)).to_json()


def test_the_replay_state_given_back_as_start_replays_to_the_same_state(kalua, tmp_path):
    gods = {"A": {"hand": ["Tsunami", "Festival"], "pp": 9}, "B": {"hand": ["Drought"]}, "C": {"hand": ["Heresy"]}}
    state = kalua.position(gods, players=("A", "B", "C"))
    kalua.do(state, "A", play="Tsunami", pay=6)  # a global disaster on the table, B to answer
    first, again = _given_back(kalua, tmp_path, state)
    assert first["state"]["step"] == "reply" and first["state"]["table"][0]["families_before"]
    assert again["legal"] and again["moves_applied"] == 0
    assert again["state"] == first["state"] and again["to_move"] == ["B"]


def test_a_finished_games_state_given_back_as_start_is_over_with_the_same_end(kalua, tmp_path):
    state = kalua.play_out(kalua.new(seed=2), bot="greedy", seed=2)
    first, again = _given_back(kalua, tmp_path, state)
    assert first["ended"] and {k: again[k] for k in ("ended", "end_reason", "winners", "scores", "state")} == \
        {k: first[k] for k in ("ended", "end_reason", "winners", "scores", "state")}


def test_a_start_step_outside_its_phase_is_bad_input(kalua, tmp_path):
    from kcal.core.errors import KcalError

    god = {"families": 10, "leader": True, "pp": 5, "happiness": 5, "hand": [], "kept": []}
    record = {"game": "kalua", "players": ["A", "B", "C"], "seed": 1,
              "start": {"phase": "leaders", "step": "reply", "gods": {p: god for p in "ABC"}}}
    with pytest.raises(KcalError, match="start.step: step reply is not in phase leaders"):
        replay(kalua.write_yaml(tmp_path / "bad.yaml", record))
