"""The replay page of every game uses a desktop's width: a table the pack draws as a narrow column (a
player's panel under another's) opened as a strip a quarter of a 1280-px window wide, with empty white on
both sides. The page now lays such a table out again in columns (its bands side by side) when the window
is wide, so the table takes at least about half of the board; on a phone it keeps the one column and the
page never scrolls sideways (the table pans inside it). Measured in headless Chromium (see conftest) on
each pack's shipped finished game, as the page opens at step 10."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pytest
from typer.testing import CliRunner

from kcal.cli.app import app
from kcal.core import examples
from kcal.core.registry import get, ids

#: the packs that draw their table (the ``draw`` hook)
PACKS = [g for g in ids() if get(g).has("draw")]
#: the least share of the board's width the table takes as the page opens on a desktop
SHARE = 0.45
SHOTS = Path(os.environ.get("KCAL_SCREENSHOTS") or Path(tempfile.gettempdir()) / "kcal-screenshots")
runner = CliRunner()

MEASURE = """
const board = document.getElementById("board").getBoundingClientRect();
const v = window.kcalViewer;
return {board: board.width, table: Math.min(v.box()[2] * v.camera().scale, board.width),
        page: document.documentElement.scrollWidth, window: window.innerWidth};
"""


def _page(tmp_path: Path, game: str) -> Path:
    out = tmp_path / f"{game}.html"
    r = runner.invoke(app, ["rules", "replay", str(examples.find(get(game), "finished-game")), "--html", str(out)])
    assert r.exit_code in (0, 1), r.output
    return out


@pytest.fixture
def screen(browser):
    def set_to(width: int, height: int, phone: bool) -> None:
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": phone})
    yield set_to
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


def _measured(driver, uri: str, seconds: float = 10.0) -> dict:
    """The widths, once the page's script has drawn its first step (on a loaded machine the load event
    can come first)."""
    from selenium.webdriver.support.ui import WebDriverWait

    driver.get(uri)
    WebDriverWait(driver, seconds, poll_frequency=0.1).until(
        lambda d: d.execute_script("return !!(window.kcalViewer && window.kcalViewer.readyAt)"))
    return driver.execute_script(MEASURE)  # type: ignore[no-any-return]


@pytest.mark.parametrize("game", PACKS)
@pytest.mark.parametrize(("width", "height"), [(1280, 900), (1920, 1080)])
def test_the_table_takes_half_a_desktop_s_board(browser, screen, tmp_path, game, width, height):
    screen(width, height, False)
    m = _measured(browser, _page(tmp_path, game).as_uri() + "?step=10")
    SHOTS.mkdir(parents=True, exist_ok=True)
    browser.save_screenshot(str(SHOTS / f"replay-desktop-{game}-{width}.png"))
    assert m["table"] >= SHARE * m["board"], f"{game} at {width}x{height}: {m}"
    assert m["page"] <= m["window"], f"{game} at {width}x{height} scrolls sideways: {m}"


@pytest.mark.parametrize("game", PACKS)
def test_a_phone_never_scrolls_the_page_sideways(browser, screen, tmp_path, game):
    screen(390, 844, True)
    m = _measured(browser, _page(tmp_path, game).as_uri() + "?step=10")
    assert m["page"] <= 390, f"{game} on a phone: {m}"
    assert m["board"] <= 390
