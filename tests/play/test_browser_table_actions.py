"""Real browsers at a real table, for each pack of the registry: undo, rematch and a refused move, each
done through the page of ``kcal play`` running in its own process (``tests/play/conftest.py``), with the
server's store as the record that must agree with what the page shows.

- **Undo** (docs/play.md): a person alone with bots makes a move and presses Undo; the page draws the
  position before the move again and the store holds the moves it held before. With a second person at
  the table Undo is not offered on either page, and an undo sent from the page anyway is refused in the
  table's words, changing nothing.
- **Rematch**: two people and the bots finish a short game (the table starts from a record of a random
  game a few moves before its end, ``--start``); Rematch starts a new game at a new table, and both
  pages go to it.
- **A refused move**: the page lists only legal moves, so the test clicks a listed move whose entry it
  swaps, on its way out of the page's own socket, for one the rules refuse (found with the pack's
  ``why_illegal`` in the position the store holds); that page shows the engine's reason at the button,
  the position stays, and the other person's page does not change at all.

Skipped on a machine without Chromium, failed in CI (tests/viewer/conftest.py's rule).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from kcal.core import registry
from kcal.core.game import Setup
from kcal.play.store import Store
from kcal.play.table import Table, make_seats
from kcal.sim.match import seat_names
from kcal.sim.records import write_record
from tests.play.test_browser_play import browsers, page_state, play_by_clicking, players_for  # noqa: F401

PACK_IDS = registry.ids()
by_pack = pytest.mark.parametrize("pack_id", PACK_IDS)
#: how long a page may take to show what the server did (the machine is shared; a stuck page fails)
WAIT_SECONDS = 60
#: the moves left in the game a rematch table starts from (at least; it starts at a person's turn)
LEFT_AT_START = 3
#: a random game's bound, for the start record (no pack's random game is near it)
MAX_MOVES = 5000

NO_UNDO = "no undo in a game with other people"


def wait_for(check: Callable[[], Any], what: str, seconds: float = WAIT_SECONDS) -> Any:
    """``check()`` once it is true (polled), else a failure naming ``what``."""
    deadline = time.monotonic() + seconds
    while True:
        got = check()
        if got:
            return got
        if time.monotonic() > deadline:
            raise AssertionError(f"waited {seconds} s for {what}")
        time.sleep(0.05)


def stored(served: Any, table_id: str | None = None) -> Any:
    """The table as the server's store holds it (a connection of its own, closed at once)."""
    store = Store(served.data)
    try:
        return store.load(table_id or served.table)
    finally:
        store.close()


def entries(saved: Any) -> list[tuple[str, str]]:
    return [(m.player, json.dumps(m.entry, sort_keys=True)) for m in saved.moves]


def drawn(driver: Any) -> dict[str, Any]:
    """What the page shows of the position: the move count, its view, facts, log and listed moves."""
    return driver.execute_script(
        "const t = (id) => document.getElementById(id).textContent;"
        "return {moves: Number(document.body.dataset.moves), view: t('view'), facts: t('facts'), log: t('log'),"
        " buttons: Array.from(document.querySelectorAll('#moves button')).map((b) => b.dataset.key),"
        " undo: !document.getElementById('undo').hidden};")


def settled(pages: list[Any], served: Any) -> tuple[Any, int]:
    """Wait until a person is to move and the bots are done: every page drew the move count the store
    holds, twice in a row. The stored table and the index of the first page whose turn it is."""
    def ready() -> tuple[Any, int] | None:
        saved = stored(served)
        states = [page_state(p) for p in pages]
        if any(not s["connected"] or s["moves"] != len(saved.moves) for s in states):
            return None
        mine = [k for k, s in enumerate(states) if s["mine"]]
        if not mine:
            return None
        time.sleep(0.2)
        if len(stored(served).moves) != len(saved.moves):
            return None
        return saved, mine[0]

    got: tuple[Any, int] = wait_for(ready, "a person's turn with the bots done")
    return got


def click_a_move(driver: Any, rng: random.Random) -> None:
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    def clicked() -> bool:
        buttons = driver.find_elements("css selector", "#moves button")
        if not buttons:
            return False
        try:
            buttons[rng.randrange(len(buttons))].click()
        except (StaleElementReferenceException, WebDriverException):
            return False
        return True

    wait_for(clicked, "a move button to click")


def seat_of_page(served: Any, driver: Any) -> str:
    seat: str = driver.execute_script("return new URLSearchParams(location.hash.slice(1)).get('seat');")
    assert seat in served.links
    return seat


# -- undo -------------------------------------------------------------------------------------------


def two_people_seated(pack_id: str, pages: list[Any], kcal_play: Any, seed: int) -> tuple[Any, Any, int]:
    """A table of two people (A and B, a browser each) and bots, settled: ``(served, saved, k)``, ``k`` the
    index of the browser whose seat is to move."""
    served = kcal_play(["--game", pack_id, "--players", str(players_for(pack_id)), "--seat", "A", "--seat", "B",
                        "--bots", "random", "--seed", str(seed), "--port", "0"]).start()
    for d, seat in zip(pages, "AB", strict=True):
        d.get(served.links[seat])
    saved, k = settled(pages, served)
    return served, saved, k


@by_pack
def test_undo_alone_with_bots_shows_the_position_before_the_move(pack_id, browsers, kcal_play):  # noqa: F811
    served = kcal_play(["--game", pack_id, "--players", str(players_for(pack_id)), "--bots", "random", "--seed", "5",
                        "--port", "0"]).start()
    (seat, link), = served.links.items()
    page = browsers[0]
    page.get(link)
    saved, _ = settled([page], served)
    before, moves_before = drawn(page), entries(saved)
    assert before["undo"] == any(p == seat for p, _ in moves_before)  # offered only with a move to take back
    click_a_move(page, random.Random(pack_id))
    wait_for(lambda: drawn(page)["moves"] > before["moves"] and drawn(page)["undo"], "the move and Undo offered")
    settled([page], served)
    page.find_element("id", "undo").click()
    wait_for(lambda: drawn(page)["moves"] == before["moves"], "the page to go back")
    saved_after, _ = settled([page], served)
    assert drawn(page) == before
    assert entries(saved_after) == moves_before
    served.stop()


@by_pack
def test_no_undo_with_another_person_at_the_table(pack_id, browsers, kcal_play):  # noqa: F811
    served, _, k = two_people_seated(pack_id, browsers, kcal_play, 6)
    mover = browsers[k]
    count = page_state(mover)["moves"]
    click_a_move(mover, random.Random(pack_id))
    wait_for(lambda: all(page_state(d)["moves"] > count for d in browsers), "the move on both pages")
    saved, _ = settled(browsers, served)
    assert not any(drawn(d)["undo"] for d in browsers), "Undo is offered with another person at the table"
    shown = [drawn(d) for d in browsers]
    # the message sent anyway, from the page's own button: refused in the table's words, nothing changes
    mover.execute_script("document.getElementById('undo').hidden = false;")
    mover.find_element("id", "undo").click()
    box = mover.find_element("id", "refusal")
    wait_for(box.is_displayed, "the refusal of the undo")
    assert box.text == f"Refused: {NO_UNDO}"
    time.sleep(0.3)
    assert entries(stored(served)) == entries(saved)
    assert [drawn(d) | {"undo": False} for d in browsers] == shown
    served.stop()


# -- rematch ----------------------------------------------------------------------------------------


def near_the_end(pack_id: str, folder: Path, people: tuple[str, ...]) -> Path:
    """A record of a random game of ``pack_id`` cut at the last turn of one of ``people`` at least
    :data:`LEFT_AT_START` moves before its end: a short game for ``--start``."""
    game = registry.get(pack_id).hook("game")
    players = seat_names(players_for(pack_id))
    table = Table.create(pack_id, Setup(players), 17, make_seats(players, players, ["random"]))
    rng = random.Random(pack_id)
    acting: list[tuple[str, ...]] = []
    while not table.over and len(acting) < MAX_MOVES:
        to_move = tuple(game.to_move(table.state))
        acting.append(to_move)
        legal = table.legal(to_move[0])
        table.play(to_move[0], game.encode_move(legal[rng.randrange(len(legal))]))
    assert table.over
    cut = max(i for i, who in enumerate(acting[:len(acting) - LEFT_AT_START + 1]) if set(who) & set(people))
    table._rebuild(cut)
    return write_record(table.record(), folder / f"{pack_id}-near-the-end.yaml")


def loading_or(check: Callable[[Any], Any], driver: Any) -> Any:
    """``check(driver)``, or False while the page is between two documents (a page being loaded)."""
    from selenium.common.exceptions import WebDriverException

    try:
        return check(driver)
    except WebDriverException:
        return False


def table_of(driver: Any) -> str:
    return str(driver.execute_script("return decodeURIComponent(location.pathname.split('/')[2]);"))


@by_pack
def test_rematch_starts_a_new_game_both_pages_see(pack_id, browsers, kcal_play, tmp_path):  # noqa: F811
    start = near_the_end(pack_id, tmp_path, ("A", "B"))
    served = kcal_play(["--start", str(start), "--seat", "A", "--seat", "B", "--bots", "random", "--seed", "8",
                        "--port", "0"]).start()
    for d, seat in zip(browsers, "AB", strict=True):
        d.get(served.links[seat])
    settled(browsers, served)
    end = play_by_clicking(browsers, random.Random(pack_id), keyboard_first=False)
    assert end["sentence"].startswith("game over (")
    wait_for(lambda: all(page_state(d)["over"] for d in browsers), "the end on both pages")
    old = served.table
    assert {table_of(d) for d in browsers} == {old}
    rematch = browsers[1].find_element("id", "rematch")
    assert rematch.is_displayed()
    rematch.click()
    wait_for(lambda: all(loading_or(lambda d: table_of(d) != old, d) for d in browsers), "both pages at the new table")
    new = table_of(browsers[0])
    assert table_of(browsers[1]) == new
    wait_for(lambda: all(loading_or(lambda d: page_state(d)["connected"] and page_state(d)["moves"] >= 0, d)
                         for d in browsers), "both pages drawn at the new table")
    saved = stored(served, new)
    assert saved.game == pack_id and saved.seed != stored(served).seed
    assert [s["kind"] for s in saved.seats] == [s["kind"] for s in stored(served).seats]
    for d in browsers:
        s = page_state(d)
        assert not s["over"] and s["moves"] == len(saved.moves), s
    # the new game starts where the old one started: a person's turn, as the record left it
    assert any(page_state(d)["mine"] for d in browsers)
    served.stop()


# -- a refused move ---------------------------------------------------------------------------------


def illegal_entry(table: Table, player: str) -> tuple[dict[str, Any], str]:
    """A record entry that decodes to a move of the pack which the rules refuse for ``player`` now, and
    the rules' reason (one about the move itself, not about whose it is): taken from the other seats'
    moves now and from the moves of a random game on."""
    game = table.game
    legal = {json.dumps(game.encode_move(m), sort_keys=True) for m in table.legal(player)}

    def candidates() -> Iterator[Any]:
        for p in game.to_move(table.state):
            if p != player:
                yield from (game.encode_move(m) for m in game.legal_moves(table.state, p))
        state, rng = game.clone(table.state), random.Random(0)
        for _ in range(400):
            acting = game.to_move(state)
            if not acting:
                return
            moves = list(game.legal_moves(state, acting[0]))
            yield from (game.encode_move(m) for m in moves[:40])
            game.apply(state, acting[0], moves[rng.randrange(len(moves))])

    for entry in candidates():
        entry = json.loads(json.dumps(entry))
        key = json.dumps(entry, sort_keys=True)
        if key in legal or entry.get("player", player) != player:  # another seat's move: refused for whose it is
            continue
        legal.add(key)
        try:
            move = game.decode_move(entry)
        except Exception:  # noqa: BLE001 - an entry of another position may not decode here: not a candidate
            continue
        reason = game.why_illegal(table.state, player, move)
        if reason:
            return entry, reason
    raise AssertionError(f"no refused move found for {player}")


WATCH = ("window.kcalChanges = 0; new MutationObserver((l) => { window.kcalChanges += l.length; })"
         ".observe(document.documentElement, {subtree: true, childList: true, characterData: true, attributes: true});")

FORGE = ("const forged = arguments[0]; const send = WebSocket.prototype.send;"
         "WebSocket.prototype.send = function (text) {"
         "  const m = JSON.parse(text);"
         "  if (m.type !== 'move') return send.call(this, text);"
         "  WebSocket.prototype.send = send; m.entry = forged; return send.call(this, JSON.stringify(m)); };")


@by_pack
def test_an_illegal_move_is_refused_with_the_rules_reason_to_that_seat_only(pack_id, browsers, kcal_play):  # noqa: F811
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    served, saved, k = two_people_seated(pack_id, browsers, kcal_play, 9)
    page, other = browsers[k], browsers[1 - k]
    player = seat_of_page(served, page)
    entry, reason = illegal_entry(Table.restore(saved), player)
    shown = [drawn(d) for d in browsers]
    other.execute_script(WATCH)
    page.execute_script(FORGE, entry)

    def click() -> bool:
        try:
            page.find_elements("css selector", "#moves button")[0].click()
        except (StaleElementReferenceException, WebDriverException, IndexError):
            return False
        return True

    wait_for(click, "a move button to click")
    said = wait_for(lambda: [e.text for e in page.find_elements("css selector", "#moves .refusal")], "the refusal")
    assert said == [f"Refused: {reason}"]
    assert page.find_elements("css selector", "#moves button.refused")
    time.sleep(0.5)  # anything the server sent the other page would have arrived
    assert entries(stored(served)) == entries(saved)
    assert [drawn(d) for d in browsers] == shown
    assert other.execute_script("return window.kcalChanges;") == 0, "the other page changed"
    assert reason not in other.find_element("tag name", "body").text
    assert not other.find_elements("css selector", ".refused, .refusal:not([hidden])")
    served.stop()
