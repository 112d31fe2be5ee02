"""The catalog page in headless Chromium: filters and search, a deck built by clicking, live legality
and water odds, and the downloaded deck file judged by ``kcal deck validate`` the same way."""

from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path

import pytest
import selenium  # noqa: F401,E402  (in the test extra; the browser itself: see conftest)
from selenium.webdriver.common.by import By  # noqa: E402
from typer.testing import CliRunner  # noqa: E402

from kcal.cli.app import app  # noqa: E402

SHOTS = Path(os.environ.get("KCAL_SCREENSHOTS") or Path(tempfile.gettempdir()) / "kcal-screenshots")
runner = CliRunner()


@pytest.fixture(scope="module")
def catalog_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("catalog") / "catalog.html"
    r = runner.invoke(app, ["catalog", "browse", "-o", str(out)])
    assert r.exit_code == 0, r.output
    return out


def _shown(driver) -> list[str]:
    return [c.get_attribute("data-id") for c in driver.find_elements(By.CSS_SELECTOR, ".card") if c.is_displayed()]


def _tick(driver, facet: str, value: str) -> None:
    driver.find_element(By.CSS_SELECTOR, f'input[data-facet="{facet}"][value="{value}"]').click()


def _download(driver, folder: Path, name: str) -> str:
    driver.execute_cdp_cmd("Page.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(folder)})
    for old in folder.glob("deck*.yaml"):
        old.unlink()
    driver.find_element(By.ID, "deckname").clear()
    driver.find_element(By.ID, "deckname").send_keys(name)
    driver.find_element(By.ID, "download").click()
    for _ in range(100):
        got = list(folder.glob("deck*.yaml"))
        if got and not list(folder.glob("*.crdownload")):
            return got[0].read_text()
        time.sleep(0.05)
    raise AssertionError("the deck was not downloaded")


def _validate(tmp_path: Path, text: str) -> dict:
    deck = tmp_path / "deck.yaml"
    deck.write_text(text)
    r = runner.invoke(app, ["deck", "validate", str(deck), "--format", "json"])
    assert r.exit_code in (0, 1), r.output
    (report,) = json.loads(r.stdout)["decks"]
    assert (r.exit_code == 0) == report["legal"]
    return report


def test_filters_and_search(browser, catalog_page):
    browser.get(catalog_page.as_uri())
    total = browser.execute_script("return window.kcalCatalog.count")
    assert len(_shown(browser)) == total > 100
    _tick(browser, "type", "water")
    water = _shown(browser)
    assert 0 < len(water) < total
    assert browser.find_element(By.ID, "shown").text == f"{len(water)} of {total} cards shown"
    _tick(browser, "type", "plant")  # two values of one facet: either
    both = _shown(browser)
    assert set(water) < set(both)
    _tick(browser, "cost", "blue")  # and a second facet: both must hold
    assert set(water).isdisjoint(_shown(browser))  # water costs nothing
    _tick(browser, "type", "water"), _tick(browser, "type", "plant"), _tick(browser, "cost", "blue")
    browser.find_element(By.ID, "search").send_keys("phlox")
    names = [c.find_element(By.CSS_SELECTOR, ".name").text for c in browser.find_elements(By.CSS_SELECTOR, ".card")
             if c.is_displayed()]
    assert names and all("phlox" in n.lower() for n in names)
    browser.find_element(By.ID, "search").clear()
    browser.find_element(By.ID, "search").send_keys("trailing phlox")  # a common name
    assert len(_shown(browser)) >= 1


def test_a_deck_built_by_clicking_is_judged_as_deck_validate_judges_it(browser, catalog_page, tmp_path):
    browser.get(catalog_page.as_uri())
    cards = browser.find_elements(By.CSS_SELECTOR, ".card")
    for _ in range(6):  # six of one tile: over the copy limit, and far from 60
        cards[0].click()
    cards[20].click()
    assert browser.find_element(By.ID, "legality").get_attribute("data-legal") == "false"
    assert "more than 5 copies" in browser.find_element(By.ID, "legality").text
    report = _validate(tmp_path, _download(browser, browser.downloads, "Too many"))
    assert report["legal"] is False and report["tiles"] == 7
    assert any("5" in e["message"] for e in report["errors"])
    # now a legal deck: five each of twelve tiles, eight of them water
    browser.find_element(By.ID, "clear").click()
    for i in range(12):
        browser.execute_script("window.kcalCatalog.add(arguments[0], 5)", i)
    assert browser.find_element(By.ID, "legality").get_attribute("data-legal") == "true"
    p_none = float(browser.find_element(By.ID, "odds").get_attribute("data-p-none"))
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(SHOTS / "catalog-deck.png"))
    text = _download(browser, browser.downloads, 'A "quoted" deck: <b>yes</b>')
    report = _validate(tmp_path, text)
    assert report["legal"] is True and report["name"] == 'A "quoted" deck: <b>yes</b>' and report["tiles"] == 60
    assert abs(report["water"]["p_no_water_in_opening"] - p_none) < 1e-6


def test_markup_in_a_tile_name_is_text(browser, tmp_path):
    cat = tmp_path / "evil.yaml"
    cat.write_text("""set: {code: EVL, name: Evil}
tiles:
  - {id: EVL-1, name: "<script>alert(1)</script>", type: water, class: water, rarity: common, biomes: [LE],
     cost: [], yield: {blue: 2}}
""")
    out = tmp_path / "c.html"
    r = runner.invoke(app, ["catalog", "browse", "-o", str(out), "--no-builtin", "--catalog", str(cat)])
    assert r.exit_code == 0, r.output
    browser.get(out.as_uri())
    card = browser.find_element(By.CSS_SELECTOR, ".card")
    assert card.find_element(By.CSS_SELECTOR, ".name").text == "<script>alert(1)</script>"
    assert browser.find_elements(By.CSS_SELECTOR, "#grid script") == []
    card.click()
    assert "<script>alert(1)</script>" in browser.find_element(By.ID, "decklist").text


def test_another_game_s_catalog_filters_by_its_own_facets(browser, tmp_path):
    out = tmp_path / "h.html"
    r = runner.invoke(app, ["catalog", "browse", "--game", "how-many-calories", "-o", str(out)])
    assert r.exit_code == 0, r.output
    browser.get(out.as_uri())
    assert len(_shown(browser)) == 32 and not browser.find_element(By.ID, "deck").is_displayed()
    _tick(browser, "colour", "red")
    assert len(_shown(browser)) == 8
    browser.find_element(By.ID, "search").send_keys("salmon")
    assert [c.find_element(By.CSS_SELECTOR, ".name").text for c in browser.find_elements(By.CSS_SELECTOR, ".card")
            if c.is_displayed()] == ["red 8"]
    SHOTS.mkdir(parents=True, exist_ok=True)
    assert browser.save_screenshot(str(SHOTS / "catalog-hmc-filtered.png"))
