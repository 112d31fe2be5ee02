"""Real browsers at a real table: for each of the four games, ``kcal play`` in its own process, two
headless Chromium sessions at two seats and a bot at the rest; they play a whole game by clicking the
moves, and the record the table exports replays with ``kcal rules replay`` to the same end. One game's
server is killed with SIGKILL midway and started again: the pages reconnect and the game goes on.

The packs come from the registry (every installed pack gets a table); skipped on a machine without
Chromium, failed in CI (tests/viewer/conftest.py's rule)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
import urllib.request

import pytest

from kcal.core import registry
from tests.viewer.conftest import missing

PACK_IDS = registry.ids()
#: a whole game's wall-clock bound (the machine is shared; a stuck page fails, it does not hang CI)
GAME_SECONDS = 240


@pytest.fixture(scope="module")
def browsers():
    from kcal.viewer.browser import chromium, find

    if find() is None:
        missing("chromium and chromedriver are not installed")
    drivers = [chromium(1280, 900), chromium(390, 844)]
    yield drivers
    for d in drivers:
        d.quit()


def page_state(driver) -> dict:
    return driver.execute_script(
        "const b = document.body.dataset;"
        "return {moves: b.moves === undefined ? -1 : Number(b.moves), over: b.over === 'yes',"
        " connected: b.connected === 'yes', mine: document.getElementById('turn').className === 'you',"
        " sentence: document.getElementById('sentence').textContent};")


def play_by_clicking(drivers, rng: random.Random, until_moves: int | None = None, keyboard_first: bool = True) -> dict:
    """Each page clicks one of its listed moves whenever it is its turn, until the game is over (or has
    ``until_moves`` moves); the first move of the first page is made with the keyboard alone."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException
    from selenium.webdriver.common.keys import Keys

    clicked = [-1] * len(drivers)
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        states = [page_state(d) for d in drivers]
        if any(s["over"] for s in states):
            return next(s for s in states if s["over"])
        if until_moves is not None and max(s["moves"] for s in states) >= until_moves:
            return states[0]
        for k, (d, s) in enumerate(zip(drivers, states, strict=True)):
            if not s["mine"] or not s["connected"] or clicked[k] == s["moves"]:
                continue
            buttons = d.find_elements("css selector", "#moves button")
            if not buttons:
                continue
            try:
                button = buttons[rng.randrange(len(buttons))]
                if keyboard_first:
                    button.send_keys(Keys.ENTER)  # a focused button, activated from the keyboard
                    keyboard_first = False
                else:
                    button.click()
                clicked[k] = s["moves"]
            except (StaleElementReferenceException, WebDriverException):
                continue  # the page redrew under the click: look again
        time.sleep(0.03)
    raise AssertionError(f"no end in {GAME_SECONDS} s: {[page_state(d) for d in drivers]}")


def players_for(pack_id: str) -> int:
    info = registry.get(pack_id).hook("game").info
    return min(max(info.min_players, 3), info.max_players)


def replayed(path) -> dict:
    done = subprocess.run([sys.executable, "-m", "kcal", "rules", "replay", str(path), "--format", "json"],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


@pytest.mark.parametrize("pack_id", PACK_IDS)
def test_two_browsers_and_a_bot_play_a_whole_game(pack_id, browsers, kcal_play, tmp_path):
    n = players_for(pack_id)
    served = kcal_play(["--game", pack_id, "--players", str(n), "--seat", "A", "--seat", "B", "--bots", "random",
                        "--seed", "7", "--host", "127.0.0.1", "--port", "0"]).start()
    assert set(served.links) == {"A", "B"}
    for d, seat in zip(browsers, "AB", strict=True):
        d.get(served.links[seat])
    rng = random.Random(pack_id)
    kill_at = 6 if pack_id == PACK_IDS[0] else None
    if kill_at is not None:
        # the server is killed mid-game and started again on its port: the pages reconnect, nothing is lost
        before = play_by_clicking(browsers, rng, until_moves=kill_at)
        port = served.spectator.split(":")[2].split("/")[0]
        served.kill()
        saved = before["moves"]
        served.args = ["--resume", served.table, "--port", port]
        served.start()
        deadline = time.monotonic() + 30
        while not all(page_state(d)["connected"] and page_state(d)["moves"] >= saved for d in browsers):
            assert time.monotonic() < deadline, [page_state(d) for d in browsers]
            time.sleep(0.1)
    end = play_by_clicking(browsers, rng, keyboard_first=kill_at is None)
    assert end["sentence"].startswith("game over (")
    record = urllib.request.urlopen(f"{served.spectator}/record.yaml", timeout=30).read()
    path = tmp_path / "game.yaml"
    path.write_bytes(record)
    result = replayed(path)
    assert result["legal"] and result["ended"]
    assert result["end_reason"].replace("_", " ") in end["sentence"]
    for w in result["winners"]:
        assert w in end["sentence"].split(";")[-1]
    served.stop()


PICTURED = [p for p in PACK_IDS if registry.get(p).has("table")]


@pytest.mark.parametrize("pack_id", PICTURED)
def test_a_game_played_by_clicking_the_picture(pack_id, browsers, kcal_play):
    """A pack that draws its table (the ``table`` hook): one person plays a whole game
    against bots by clicking the picture: a card, a deck, a god, a field (a target with several moves
    narrows the list to them, whose first is clicked); a turn whose moves the picture has no place for is
    played from the list."""
    from selenium.common.exceptions import StaleElementReferenceException, WebDriverException

    served = kcal_play(["--game", pack_id, "--players", str(players_for(pack_id)), "--bots", "random", "--seed", "3",
                        "--port", "0"]).start()
    page = browsers[0]
    page.get(next(iter(served.links.values())))
    rng = random.Random(1)
    clicked, pictured, listed = -1, 0, 0
    # the hint: the shared searcher's move and its share of the visits, shown and marked on the list
    deadline = time.monotonic() + 60
    while not page_state(page)["mine"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    page.find_element("id", "hint").click()
    while not page.find_element("id", "hinted").is_displayed():
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert "% of the search's visits" in page.find_element("id", "hinted").text
    assert page.find_elements("css selector", "#moves button.hinted")
    deadline = time.monotonic() + GAME_SECONDS
    while time.monotonic() < deadline:
        s = page_state(page)
        if s["over"]:
            break
        if not s["mine"] or not s["connected"] or s["moves"] == clicked:
            time.sleep(0.03)
            continue
        try:
            targets = page.find_elements("css selector", "#picture .target")
            if not targets:  # a move the picture has no place for: the list, the fallback
                listed += 1
                buttons = page.find_elements("css selector", "#moves button")
                if buttons:
                    buttons[rng.randrange(len(buttons))].click()
                    clicked = s["moves"]
                continue
            targets[rng.randrange(len(targets))].click()
            pictured += 1
            if page_state(page)["moves"] == s["moves"]:  # several moves: the list narrowed to them
                buttons = page.find_elements("css selector", "#moves button")
                if buttons and page_state(page)["moves"] == s["moves"]:
                    buttons[0].click()
            clicked = s["moves"]
        except (StaleElementReferenceException, WebDriverException):
            continue
    assert page_state(page)["sentence"].startswith("game over (") and pictured > 3
    assert pictured >= 4 * listed, (pictured, listed)  # the picture is how the game is played
    served.stop()
