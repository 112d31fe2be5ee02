"""Headless Chromium for tests and benches: Debian's ``chromium`` and ``chromium-driver`` through
Selenium, found on PATH. Nothing is downloaded: both paths are given to Selenium, and its driver
manager is told to stay offline."""

from __future__ import annotations

import os
import shutil
from typing import Any

BROWSERS = ("chromium", "chromium-browser", "google-chrome")


def find() -> tuple[str, str] | None:
    """The browser and its driver, or None when either is missing."""
    browser = next((p for p in map(shutil.which, BROWSERS) if p), None)
    driver = shutil.which("chromedriver")
    return (browser, driver) if browser and driver else None


def chromium(width: int = 1500, height: int = 1000, downloads: str | None = None) -> Any:
    """A headless Chromium WebDriver; raises RuntimeError when Chromium or its driver is missing."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    found = find()
    if found is None:
        raise RuntimeError("chromium and chromedriver are not installed (Debian: apt-get install chromium "
                           "chromium-driver)")
    os.environ["SE_OFFLINE"] = "true"
    opts = webdriver.ChromeOptions()
    opts.binary_location = found[0]
    for a in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
              f"--window-size={width},{height}", "--hide-scrollbars", "--no-first-run"):
        opts.add_argument(a)
    if downloads is not None:
        opts.add_experimental_option("prefs", {"download.default_directory": downloads,
                                               "download.prompt_for_download": False})
    return webdriver.Chrome(options=opts, service=Service(executable_path=found[1]))
