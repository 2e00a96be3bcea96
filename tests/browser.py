"""A headless Chromium for the browser tests: the distribution's (`apt-get install chromium
chromium-driver`, as .ci/run does), driven by Selenium through /usr/bin/chromedriver — no
browser is downloaded. Where it is missing the tests skip, except in CI (IMPACT_BROWSER_TESTS=
required), where they fail."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

CHROMIUM = os.environ.get("IMPACT_CHROMIUM", "/usr/bin/chromium")
DRIVER = os.environ.get("IMPACT_CHROMEDRIVER", "/usr/bin/chromedriver")
REQUIRED = os.environ.get("IMPACT_BROWSER_TESTS", "") == "required"
ARTIFACTS = Path(__file__).resolve().parent / "artifacts"
# what Chromium needs to run headless as root, quietly, without reaching the network
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync",
         "--disable-dev-shm-usage", "--hide-scrollbars")


def unavailable(reason: str) -> None:
    if REQUIRED:
        pytest.fail(f"the browser tests are required here (IMPACT_BROWSER_TESTS=required): {reason}")
    pytest.skip(reason)


def chrome(*extra: str):
    """A new headless Chromium with a fresh profile (the caller quits it)."""
    try:
        from selenium import webdriver
        from selenium.webdriver.chrome.service import Service
    except ImportError:
        unavailable("selenium is not installed (pip install -e '.[test]')")
    for path in (CHROMIUM, DRIVER):
        if not os.access(path, os.X_OK):
            unavailable(f"{path} is missing (apt-get install -y chromium chromium-driver)")
    profile = tempfile.mkdtemp(prefix="impact-chromium-")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (*FLAGS, f"--user-data-dir={profile}", *extra):
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(DRIVER), options=options)
    driver.impact_profile = profile
    return driver


def quit(driver) -> None:
    try:
        driver.quit()
    finally:
        shutil.rmtree(getattr(driver, "impact_profile", ""), ignore_errors=True)


def artifacts(name: str) -> Path:
    """The folder a test writes what a person may look at (screenshots); kept out of git."""
    folder = ARTIFACTS / name
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def screenshot(driver, path: Path, width: int) -> None:
    """The whole page at `width` CSS pixels wide."""
    driver.set_window_size(width, 900)
    height = driver.execute_script("return document.documentElement.scrollHeight")
    driver.set_window_size(width, min(int(height) + 120, 6000))
    driver.save_screenshot(str(path))
    driver.set_window_size(width, 900)
