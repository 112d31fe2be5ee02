"""Rulebook phase 1 "Draw Cards", buying at any time, and an empty deck (ruling "empty-deck"); and the
``draw`` hook (issue 10 item 3): a record told step by step for ``rules replay --svg/--png/--html``."""

from __future__ import annotations

import io
import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

from PIL import Image
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.games.kalua import PACK
from kcal.games.kalua.draw import CELL, caption, story
from kcal.games.kalua.files.recordfile import load_record
from kcal.games.kalua.replay import replay
from kcal.games.kalua.replay import story as story_lines
from kcal.games.kalua.rules.state import DRAW, LEADERS
from kcal.viewer.scene import Circle, Text


def test_a_god_with_fewer_than_5_cards_draws_up_to_5(kalua):
    state = kalua.position({"A": {"hand": ["Tornado", "Drought"]}}, phase="draw")
    assert state.step == DRAW and state.draws_left == 3
    for _ in range(3):
        kalua.do(state, "A", draw="bonus")
    assert len(kalua.hand(state, "A")) == 5 and state.step == LEADERS


def test_a_god_with_5_or_more_cards_draws_exactly_1(kalua):
    six = ["Tornado", "Drought", "Flood", "Festival", "Temple", "Amulets"]
    state = kalua.position({"A": {"hand": six}}, phase="draw")
    kalua.do(state, "A", draw="disaster")
    assert len(kalua.hand(state, "A")) == 7 and state.step == LEADERS


def test_a_draw_may_name_the_card_drawn(kalua):
    state = kalua.position(phase="draw")
    kalua.do(state, "A", draw="disaster", card="Tsunami")
    assert kalua.hand(state, "A") == ["Tsunami"]


def test_a_named_card_that_is_not_in_the_deck_is_refused(kalua):
    state = kalua.position({"B": {"hand": ["Tsunami"]}}, phase="draw")
    assert kalua.why(state, "A", draw="disaster", card="Tsunami") == \
        "no Tsunami is left in the disaster deck (1 in the game: B's hand)"
    assert kalua.why(state, "A", draw="bonus", card="Tornado") == \
        "Tornado is a disaster card, not in the bonus deck"


def test_an_empty_deck_is_refilled_from_its_shuffled_discard_pile(kalua):
    bonus = ["Good Harvest"] * 3 + ["Festival"] * 2 + ["Miracle"] + ["Pilgrimage"] * 2 + ["Prophet's Sermon"] * 2
    rest = ["Abundant Offerings"] * 2 + ["Temple"] * 2 + ["Amulets"] * 2 + ["New Leader"] * 2
    rest += ["Sacred Spring"] + ["Bountiful Fishing"] * 2
    state = kalua.position({"A": {"hand": []}, "B": {"hand": rest}}, discards={"bonus": bonus}, phase="draw")
    assert state.piles[0] == [] and len(state.discards[0]) == 10
    kalua.do(state, "A", draw="bonus")
    assert len(state.piles[0]) == 9 and state.discards[0] == []
    assert any(e[0] == "reshuffle" for e in state.events())


def test_a_deck_with_no_cards_and_no_discards_cannot_be_chosen(kalua):
    bonus = ["Good Harvest"] * 3 + ["Festival"] * 2 + ["Miracle"] + ["Pilgrimage"] * 2 + ["Prophet's Sermon"] * 2
    bonus += ["Abundant Offerings"] * 2 + ["Temple"] * 2 + ["Amulets"] * 2 + ["New Leader"] * 2
    bonus += ["Sacred Spring"] + ["Bountiful Fishing"] * 2
    state = kalua.position({"B": {"hand": bonus}}, phase="draw")
    assert kalua.why(state, "A", draw="bonus") == "the bonus deck and its discard pile are empty"
    assert all(m.deck.value == "disaster" for m in kalua.game.legal_moves(state, "A"))


def test_a_card_can_be_bought_for_5_pp_at_a_decision(kalua):
    state = kalua.position({"A": {"pp": 7}})
    kalua.do(state, "A", buy="bonus")
    assert kalua.pp(state)["A"] == 2 and len(kalua.hand(state, "A")) == 1
    assert kalua.why(state, "A", buy="bonus") == "A cannot buy a card: it costs 5 PP and A has 2"


def test_buying_is_allowed_while_answering_a_card(kalua):
    state = kalua.position({"A": {"hand": ["Drought"]}, "B": {"pp": 5}})
    kalua.do(state, "A", play="Drought")
    assert kalua.to_move(state) == "B"
    kalua.do(state, "B", buy="disaster")
    assert kalua.to_move(state) == "B" and len(kalua.hand(state, "B")) == 1


# --- the draw hook: the step-by-step viewer ---------------------------------------------------------

FIX = Path(__file__).parent / "fixtures"
TABLE = FIX / "examples" / "table-game.yaml"
ILLEGAL = sorted((FIX / "illegal").glob("*.yaml"))
NS = "{http://www.w3.org/2000/svg}"
runner = CliRunner()


def _texts(frame, key: str | None = None) -> list[str]:
    return [s.text for it in frame.items if key is None or it.key == key for s in it.shapes if isinstance(s, Text)]


def test_the_pack_declares_the_draw_hook():
    assert PACK.hook("draw").story is story


def test_every_step_has_a_frame_with_the_table_and_the_move_in_words():
    checked = replay(TABLE)
    st = story(TABLE)
    moves = load_record(TABLE).moves
    assert [f.step for f in st.frames] == list(range(checked.moves_applied + 1)) and checked.moves_applied == len(moves)
    for f in st.frames:
        assert {it.key for it in f.items} == {"phase", "god0", "god1", "god2", "track", "island", "cards"}
    assert [f.caption for f in st.frames[1:]] == [f"{m.index + 1}. {caption(m.player, m.move)}" for m in moves]
    assert st.frames[1].caption == "1. Ben draws from the bonus deck (Festival)"
    assert st.frames[17].caption == "17. Ben's leader gives a speech"
    # what each step did, in rules replay's words: all steps together tell the whole game
    told = [line for f in st.frames for s in f.sections for line in s.lines]
    assert told == [line.strip() for line in story_lines(checked.state)]


def test_phase_3_the_action_card_window_shows_payment_answers_and_targets():
    """Rulebook phase 3: Ben plays Tornado paying 5 PP, Cy answers with Amulets paying 2, Ana does not
    answer; Ben must choose the god Tornado punishes; after his target the cards resolve in play order
    (Tornado first, so the Amulets answered too late to stop it)."""
    st = story(TABLE)
    waiting = st.frames[22]
    assert "to move: Ben chooses the god the disaster punishes" in _texts(waiting, "phase")
    assert "3 cards" in _texts(waiting, "phase")
    cards = _texts(waiting, "cards")
    assert cards[:2] == ["Action cards this turn", "L"]
    assert "Tornado" in cards and "played by Ben, paid 5 PP" in cards
    assert "Amulets" in cards and "answered by Cy, paid 2 PP" in cards
    assert cards.count("waiting to resolve") == 2 and "no answer: Ana" in cards
    targeted = _texts(st.frames[23], "cards")
    assert "resolved on Cy" in targeted and "resolved" in targeted and "waiting to resolve" not in targeted
    happened = next(s.lines for s in st.frames[23].sections if s.title == "What happened")
    assert happened[:2] == ("Tornado (Ben) resolves on Cy", "Cy -2 families, -1 happiness")
    # a new turn opens an empty window
    assert "no card played yet this turn" in _texts(st.frames[24], "cards")
    assert _texts(st.frames[24], "phase")[0] == "Turn 2: Cy's turn"


def test_each_god_shows_families_leader_pp_happiness_kept_cards_and_hand_size():
    checked = replay(TABLE)
    last = story(TABLE).frames[-1]
    state = checked.state
    for s, name in enumerate(state.rules.players):
        texts = _texts(last, f"god{s}")
        assert any(t.startswith(name) for t in texts)
        assert str(state.families[s]) in texts and f"{state.pp[s]} PP" in texts
        assert f"happiness {state.happy[s]}" in texts
        assert ("leader" if state.leader[s] else "no leader") in texts
        assert f"hand: {len(state.hands[s])} cards" in texts
        kept = [state.card_name(c) for c in state.kept[s]]
        assert all(k in texts for k in kept) and (kept or "no cards kept" in texts)
    assert f"{state.island} atheists" in _texts(last, "island")


def test_all_gods_stand_on_one_happiness_track_at_their_happiness():
    checked = replay(TABLE)
    state = checked.state
    track = next(it for it in story(TABLE).frames[-1].items if it.key == "track")
    discs = [s for s in track.shapes if isinstance(s, Circle)]
    assert len(discs) == 3
    for s, name in enumerate(state.rules.players):
        initial = next(t for t in track.shapes if isinstance(t, Text) and t.text == name[0])
        assert int((initial.x + 1) // CELL) == state.happy[s]


def test_upto_draws_the_table_after_n_moves():
    st = story(TABLE, upto=5, every=False)
    assert len(st.frames) == 1 and st.frames[0].step == 5
    assert st.frames[0].caption == "5. Ben draws from the disaster deck (Drought)"
    assert story(TABLE).upto(5) == st.frames[0]
    assert story(TABLE, upto=0, every=False).frames[0].caption == "the table before the first move"


def test_an_illegal_move_is_the_last_step_with_its_reason():
    for path in ILLEGAL:
        checked = replay(path)
        assert checked.illegal is not None, path
        last = story(path).frames[-1]
        assert last.illegal == checked.illegal.reason and last.caption.endswith("(refused)")
        assert last.step == checked.moves_applied
        section = next(s for s in last.sections if s.title == "Illegal move")
        assert section.lines[0] == checked.illegal.reason
        assert section.lines[1].endswith(f":{checked.illegal.line}:{checked.illegal.column}")


def test_an_eliminated_god_is_shown_out_and_off_the_track():
    path = FIX / "illegal" / "targets-an-eliminated-god.yaml"
    last = story(path).frames[-1]
    assert last.illegal == "C is out of the game (no families, no leader): a card cannot target them"
    texts = _texts(last, "god2")
    assert "C  (out of the game)" in texts and "no leader" in texts and "0" in texts
    assert "C" not in _texts(last, "track")


def test_rules_replay_writes_svg_png_and_html(tmp_path):
    r = runner.invoke(app, ["rules", "replay", str(TABLE), "--png", str(tmp_path / "k.png"), "--svg",
                            str(tmp_path / "k.svg"), "--html", str(tmp_path / "k.html"), "--upto", "22"])
    assert r.exit_code == 0, r.output
    assert Image.open(io.BytesIO((tmp_path / "k.png").read_bytes())).size[0] > 1000
    texts = [t.text for t in ET.parse(tmp_path / "k.svg").getroot().iter(f"{NS}text")]
    assert "after 22 move(s): 22. Ana does not answer" in texts and "played by Ben, paid 5 PP" in texts
    page = (tmp_path / "k.html").read_text()
    data = json.loads(re.search(r'id="game-data">(.*?)</script>', page, re.S).group(1))
    assert len(data["frames"]) == 23
    r = runner.invoke(app, ["rules", "replay", str(FIX / "illegal" / "plays-out-of-phase.yaml"), "--svg",
                            str(tmp_path / "bad.svg")])
    assert r.exit_code == 1, r.output
    texts = [t.text or "" for t in ET.parse(tmp_path / "bad.svg").getroot().iter(f"{NS}text")]
    assert any(t.startswith("illegal: ") for t in texts)


def test_a_player_named_like_a_script_shows_as_text(tmp_path):
    evil = "<script>alert(1)</script>"
    rec = tmp_path / "evil.yaml"
    rec.write_text(TABLE.read_text().replace("Ana", f"'{evil}'"), encoding="utf-8")
    assert replay(rec).legal
    r = runner.invoke(app, ["rules", "replay", str(rec), "--svg", str(tmp_path / "e.svg"), "--html",
                            str(tmp_path / "e.html")])
    assert r.exit_code == 0, r.output
    root = ET.parse(tmp_path / "e.svg").getroot()  # well-formed: the name did not open an element
    assert not list(root.iter(f"{NS}script")) and not list(root.iter("script"))
    names = [t.text or "" for t in root.iter(f"{NS}text")]
    assert f"Turn 3: {evil}'s turn" in names and any(t.startswith(evil) for t in names[1:])
    page = (tmp_path / "e.html").read_text()
    assert evil not in page and page.count("<script") == 2  # the data block and the viewer's own script
    data = json.loads(re.search(r'id="game-data">(.*?)</script>', page, re.S).group(1))
    assert evil in json.dumps(data, ensure_ascii=False)


def test_the_catalog_page_shows_every_action_card_with_its_cost_and_effects(tmp_path):
    from kcal.games.kalua.draw import catalog_page
    from kcal.viewer.catalog import page

    cat = catalog_page()
    assert len(cat.cards) == 30 and cat.deck is None
    kinds = [c.facets["kind"][0] for c in cat.cards]
    assert {k: kinds.count(k) for k in set(kinds)} == {"bonus": 11, "local disaster": 11, "global disaster": 8}
    copies = sum(int(next(t.text for t in c.face if isinstance(t, Text) and t.text.endswith("in the deck"))
                     .split()[0]) for c in cat.cards)
    assert copies == 50
    tornado = next(c for c in cat.cards if c.name == "Tornado")
    face = [s.text for s in tornado.face if isinstance(s, Text)]
    assert face[:3] == ["LOCAL DISASTER", "Tornado", "costs 5 PP"]
    assert "the chosen god loses 2" in face
    comet = next(c for c in cat.cards if c.name == "Comet")
    assert "pay 0, 6 or 12 PP" in [s.text for s in comet.face if isinstance(s, Text)]
    assert '"deck":null' in page(cat)
    r = runner.invoke(app, ["catalog", "browse", "--game", "kalua", "-o", str(tmp_path / "c.html")])
    assert r.exit_code == 0, r.output
    assert "Temple destroyed!" in (tmp_path / "c.html").read_text()
