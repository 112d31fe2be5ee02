"""The replay page in headless Chromium: it opens from disk, steps by buttons, keys and slider, shows
the move in words and the reason of an illegal move, and shows markup in names as text."""

from __future__ import annotations

import json
import os
import re
import tempfile
from pathlib import Path

import pytest
import selenium  # noqa: F401,E402  (in the test extra; the browser itself: see conftest)
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from kcal.cli.app import app  # noqa: E402
from kcal.core import examples
from kcal.core.registry import get, ids
from tests.packs import folder

FIX = Path(__file__).parents[1] / "games" / "kcaloria" / "engine" / "fixtures"
EVIL = Path(__file__).with_name("evil-names.yaml")
#: screenshots for a person to look at (outside the tree; KCAL_SCREENSHOTS chooses the folder)
SHOTS = Path(os.environ.get("KCAL_SCREENSHOTS") or Path(tempfile.gettempdir()) / "kcal-screenshots")
runner = CliRunner()


def _page(tmp_path: Path, record: Path) -> Path:
    out = tmp_path / f"{record.stem}.html"
    r = runner.invoke(app, ["rules", "replay", str(record), "--html", str(out)])
    assert r.exit_code in (0, 1), r.output
    return out


def _open(driver, uri: str) -> None:
    """The page, with the details beside the table shown (below 1600 px wide they start folded away)."""
    driver.get(uri)
    if not driver.find_element(By.ID, "aside").is_displayed():
        driver.find_element(By.ID, "details").click()


def _shot(driver, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert driver.save_screenshot(str(SHOTS / name))


def _text(driver, css: str) -> str:
    return driver.find_element(By.CSS_SELECTOR, css).text


def test_the_page_opens_from_disk_and_steps(browser, tmp_path):
    page = _page(tmp_path, FIX / "pesticide-frog-starves.yaml")
    _open(browser, page.as_uri())
    assert browser.execute_script("return window.kcalViewer.count") == 13
    assert "before the first move" in _text(browser, "#caption")
    assert browser.find_elements(By.CSS_SELECTOR, "#layer0 > g") == []
    browser.find_element(By.ID, "next").click()
    assert _text(browser, "#caption").startswith("1. A places Bayou at [0, 0]")
    assert len(browser.find_elements(By.CSS_SELECTOR, "#layer0 > g")) == 1
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.END)
    assert browser.execute_script("return window.kcalViewer.current()") == 12
    browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_LEFT, Keys.ARROW_LEFT, Keys.ARROW_LEFT,
                                                        Keys.ARROW_LEFT)
    assert _text(browser, "#caption").startswith("8. B places Bacillus thuringiensis")
    sections = _text(browser, "#sections")
    assert "will be removed (die 1)" in sections and "Collapse dice and timers" in sections
    dice = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#layer1 text") if t.text in ("1", "2")]
    assert sorted(dice) == ["1", "2"]
    _shot(browser, "replay-collapse.png")
    # the slider, then a jump back: the board equals the one reached step by step
    browser.execute_script("const s = document.getElementById('slider'); s.value = '3';"
                           "s.dispatchEvent(new Event('input'));")
    jumped = browser.execute_script("return document.getElementById('board').innerHTML")
    browser.find_element(By.ID, "first").click()
    for _ in range(3):
        browser.find_element(By.ID, "next").click()
    assert browser.execute_script("return document.getElementById('board').innerHTML") == jumped


def test_the_board_in_the_page_is_the_board_of_the_replay(browser, tmp_path):
    page = _page(tmp_path, FIX / "two-sunlights-eichhornia.yaml")
    _open(browser, page.as_uri() + "?step=9")
    faces = browser.find_elements(By.CSS_SELECTOR, "#layer0 > g")
    r = runner.invoke(app, ["rules", "replay", str(FIX / "two-sunlights-eichhornia.yaml"), "--format", "json"])
    assert len(faces) == len(json.loads(r.stdout)["board"]) == 9
    assert "Eichhornia crassipes gets 6 green" in _text(browser, "#sections")
    assert "×6" in [t.get_attribute("textContent") for t in browser.find_elements(By.CSS_SELECTOR, "#layer1 text")]
    _shot(browser, "replay-sunlights.png")


def test_an_illegal_move_shows_its_reason(browser, tmp_path):
    page = _page(tmp_path, FIX / "heron-cannot-be-paid.yaml")
    _open(browser, page.as_uri())
    browser.find_element(By.ID, "last").click()
    assert _text(browser, "#illegal").startswith("Illegal move: ")
    assert "(refused)" in _text(browser, "#caption")
    _shot(browser, "replay-illegal.png")


def test_markup_in_names_is_shown_as_text(browser, tmp_path):
    page = _page(tmp_path, EVIL)
    _open(browser, page.as_uri())
    browser.execute_script("window.alerted = 0; window.alert = function () { window.alerted++; };")
    browser.find_element(By.ID, "last").click()
    assert browser.execute_script("return window.alerted") == 0
    assert browser.find_elements(By.CSS_SELECTOR, "#board script, #sections script, #board img, aside b") == []
    words = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#board text")]
    assert "<script>alert(1)…" in words or any("<script>" in w for w in words)
    assert "<img src=x onerror=alert(2)>" in _text(browser, "#summary")
    assert re.search(r"Reed & <b>Rush</b>", _text(browser, "#caption"))
    assert browser.title.startswith("kCaloria: evil-names.yaml (<img src=x")
    _shot(browser, "replay-markup-names.png")


def test_another_game_s_table_in_the_same_viewer(browser, tmp_path):
    """How many Calories?: the trick just played with its +5 stacks and who took which card."""
    fix = Path(__file__).parents[1] / "games" / "how_many_calories" / "fixtures" / "examples"
    page = _page(tmp_path, fix / "rulebook-plus-five.yaml")
    _open(browser, page.as_uri())
    for _ in range(4):
        browser.find_element(By.TAG_NAME, "body").send_keys(Keys.ARROW_RIGHT)
    assert _text(browser, "#caption") == "4. D plays yellow 14"
    assert "C (highest) takes green 4, 400 kcal; B (lowest) leads next" in _text(browser, "#sections")
    board = [t.text for t in browser.find_elements(By.CSS_SELECTOR, "#board text")]
    assert "Trick just played" in board and board.count("+5") == 2 and "= 30" in board
    assert any(t.startswith("400 of 2,400 kcal") for t in board)
    _shot(browser, "replay-hmc-trick.png")


@pytest.mark.parametrize("game", [g for g in ids() if get(g).has("draw")])
def test_the_refused_move_s_mark_shows_on_its_step_only(browser, tmp_path, game):
    """Issue 23, item 4: stepping to the refused move draws its mark (with the pack's ``refused_shows``
    sample, a text drawn beside it: Kalua: the Miracle card in the action-card window; How many
    Calories?: yellow 30 in the trick); a step back takes it away again."""
    pack = folder(get(game)).name
    page = _page(tmp_path, examples.find(get(game), "illegal-move"))
    _open(browser, page.as_uri())
    labels = "return Array.from(document.querySelectorAll('#board text')).map(function (t) { return t.textContent; })" \
             ".filter(function (t) { return t.startsWith('refused: '); });"
    body = browser.find_element(By.TAG_NAME, "body")
    body.send_keys(Keys.END)
    assert len(browser.execute_script(labels)) == 1
    tried = get(game).samples.get("refused_shows")
    if tried is not None:
        group = browser.execute_script("""
            const t = Array.from(document.querySelectorAll('#board text'))
              .find(function (t) { return t.textContent.startsWith('refused: '); });
            return Array.from(t.parentNode.querySelectorAll('text')).map(function (e) { return e.textContent; });""")
        assert tried in group
    body.send_keys(Keys.ARROW_LEFT)
    assert browser.execute_script(labels) == []
    assert browser.find_elements(By.CSS_SELECTOR, '#board polygon[stroke="#b00020"]') == []
    body.send_keys(Keys.ARROW_RIGHT)
    assert len(browser.execute_script(labels)) == 1
    _shot(browser, f"replay-refused-{pack}.png")
