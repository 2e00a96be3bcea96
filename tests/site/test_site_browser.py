"""The league's site in a real browser (headless Chromium from the distribution, Selenium):
every page is reached from the front page with no broken link, the standings match `impact
standings --json`, a box score's line score matches the stored game, names with markup and
quotes show literally, no page is wider than a 390 px window, and screenshots at 1280 and 390 px
are written under tests/artifacts/site/ (issue 35)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from league.numbers import rate_text
from tui import services as sv
from tui.cli.main import app as cli_app

import browser
import site_league as sl

CRAWL = """
const done = arguments[arguments.length - 1];
const load = (url) => new Promise((resolve) => {
  const x = new XMLHttpRequest();
  x.open('GET', url);
  x.onload = () => resolve(x.status === 0 || x.status === 200 ? x.responseText : null);
  x.onerror = () => resolve(null);
  x.send();
});
(async () => {
  const seen = new Map(), broken = [], queue = [location.href], assets = new Set();
  while (queue.length) {
    const url = queue.pop();
    if (seen.has(url)) continue;
    const text = await load(url);
    if (text === null) { broken.push(url); seen.set(url, null); continue; }
    const doc = new DOMParser().parseFromString(text, 'text/html');
    seen.set(url, doc.documentElement.lang);
    for (const a of doc.querySelectorAll('a[href], link[href]')) {
      const target = new URL(a.getAttribute('href'), url);
      target.hash = '';
      const u = target.href;
      if (u.endsWith('.html')) { if (!seen.has(u)) queue.push(u); }
      else assets.add(u);
    }
  }
  for (const u of assets) if (await load(u) === null) broken.push(u);
  done({pages: [...seen.entries()], broken: broken});
})();
"""

ROWS = """
const out = {};
for (const t of document.querySelectorAll('table.standings')) {
  out[t.dataset.table] = [...t.querySelectorAll('tbody tr')].map(tr => [
    tr.dataset.team, +tr.querySelector('.w').textContent, +tr.querySelector('.l').textContent,
    +tr.querySelector('.d').textContent, tr.querySelector('.pct').textContent,
    tr.querySelector('.name').textContent]);
}
return out;
"""


@pytest.fixture(scope="module")
def site(odd_site_league, odd_site):
    # the league and its site made once a session (tests/conftest.py), as test_site.py reads them
    out, report = odd_site
    yield odd_site_league, out, report
    sv.close_all()


@pytest.fixture(scope="module")
def chrome():
    driver = browser.chrome("--allow-file-access-from-files")
    driver.set_script_timeout(300)
    yield driver
    browser.quit(driver)


def _url(out: Path, rel: str) -> str:
    return (out / rel).resolve().as_uri()


def test_every_page_is_reached_from_the_front_page_with_no_broken_link(site, chrome):
    _league, out, report = site
    chrome.get(_url(out, "index.html"))
    found = chrome.execute_async_script(CRAWL)
    assert found["broken"] == []
    root = out.resolve().as_uri() + "/"
    pages = {u[len(root):]: lang for u, lang in found["pages"]}
    assert set(pages) == {p for p in report.pages if p.endswith(".html")}
    assert all(lang == ("en" if rel.startswith("en/") else "ja") for rel, lang in pages.items())
    # and by following links as a reader does: front page → standings → a team → a player
    chrome.get(_url(out, "index.html"))
    chrome.find_element("css selector", "header nav a[href^='standings-']").click()
    chrome.find_element("css selector", f"tr[data-team='{sl.TEAM}'] a").click()
    chrome.find_element("css selector", f"tr[data-player='{sl.BATTER}'] a").click()
    assert chrome.current_url.endswith(f"player-{sl.BATTER}.html")
    chrome.find_element("css selector", "header a.lang").click()
    assert chrome.current_url.endswith(f"en/player-{sl.BATTER}.html")
    assert chrome.execute_script("return document.documentElement.lang") == "en"


def test_the_standings_page_rows_match_impact_standings_json(site, chrome):
    league, out, _ = site
    result = CliRunner().invoke(cli_app, ["--db", league.full, "standings", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    expected = {t["code"]: t["rows"] for t in data["leagues"]}
    expected["interleague"] = data["interleague"]
    chrome.get(_url(out, "standings-1.html"))
    shown = chrome.execute_script(ROWS)
    assert set(shown) == set(expected)
    for code, rows in expected.items():
        assert [r[:4] for r in shown[code]] == [[r["team"], r["wins"], r["losses"], r["draws"]]
                                                for r in rows]
        for cells, r in zip(shown[code], rows):
            assert cells[4] == rate_text(r["pct"])      # .313 for 5-11, as NPB rounds
    edo = next(c for c in shown["CL"] if c[0] == sl.TEAM)
    assert edo[5] == sl.TEAM_SHORT                  # the short name, as written


def test_a_box_score_line_score_matches_the_stored_game(site, chrome):
    league, out, _ = site
    games = [g for _d, gs in sv.schedule_days(league.full, "odd") for g in gs
             if g.status == "final"]
    # the game with the most innings (an extra-inning game when there is one), and the first
    number = max(games, key=lambda g: (len(sv.boxscore(league.full, g.number, "odd", plays=False)
                                           .data["away"]["innings"]), -g.number)).number
    for n in (number, games[0].number):
        result = CliRunner().invoke(cli_app, ["--db", league.full, "boxscore", str(n), "--json"])
        stored = json.loads(result.output)
        chrome.get(_url(out, f"game-1-{n}.html"))
        rows = chrome.execute_script("""
            return [...document.querySelectorAll('table.linescore tbody tr')].map(tr => ({
              team: tr.dataset.team,
              innings: [...tr.querySelectorAll('td.inning')].map(td => td.textContent),
              runs: +tr.querySelector('.runs').textContent, hits: +tr.querySelector('.hits').textContent,
              errors: +tr.querySelector('.errors').textContent}));""")
        for row, side in zip(rows, ("away", "home")):
            s = stored[side]
            cells = [c for c in row["innings"] if c not in ("", "x")]
            assert row["team"] == s["team"]
            assert [int(c) for c in cells] == s["innings"]
            assert (row["runs"], row["hits"], row["errors"]) == (s["runs"], s["hits"], s["errors"])


def test_names_with_markup_and_quotes_show_literally(site, chrome):
    _league, out, _ = site
    checks = [
        (f"player-{sl.BATTER}.html", "h1", sl.BATTER_NAME),
        (f"en/player-{sl.BATTER}.html", "h1", sl.BATTER_NAME_EN),
        (f"player-{sl.PITCHER}.html", "h1", sl.PITCHER_NAME),
        (f"team-{sl.TEAM}.html", "h1", sl.TEAM_NAME),
        (f"en/team-{sl.TEAM}.html", "h1", sl.TEAM_NAME),
    ]
    for rel, selector, text in checks:
        chrome.get(_url(out, rel))
        assert chrome.find_element("css selector", selector).text == text, rel
        assert chrome.execute_script(f"return document.querySelectorAll('{selector} *').length") == 0
        assert sl.TEAM_NAME in chrome.title or text in chrome.title
    chrome.get(_url(out, "standings-1.html"))
    labels = chrome.execute_script(
        "return [...document.querySelectorAll('svg text.label')].map(t => t.textContent)")
    assert sl.TEAM_SHORT in labels
    assert chrome.execute_script("return document.querySelectorAll('svg b, svg i').length") == 0


def _one_of_each(out: Path, report) -> list[str]:
    pages = [p for p in report.pages if p.endswith(".html") and not p.startswith("en/")]
    kinds: dict[str, list[str]] = {}
    for p in pages:
        kinds.setdefault(p.split("-")[0].removesuffix(".html"), []).append(p)
    chosen = []
    for kind, names in sorted(kinds.items()):
        # the biggest page of each kind: the widest tables and the longest names
        chosen.append(max(names, key=lambda n: (out / n).stat().st_size))
    chosen += [f"player-{sl.BATTER}.html", f"team-{sl.TEAM}.html"]
    return sorted(set(chosen)) + sorted("en/" + p for p in set(chosen))


def test_no_page_is_wider_than_a_phone_and_screenshots_are_written(site, chrome):
    _league, out, report = site
    shots = browser.artifacts("site")
    pages = _one_of_each(out, report)
    assert {"index.html", "standings-1.html", "history.html", "news.html"} <= set(pages)
    too_wide = []
    for rel in pages:
        chrome.set_window_size(390, 844)
        chrome.get(_url(out, rel))
        width = chrome.execute_script("return document.documentElement.scrollWidth")
        inner = chrome.execute_script("return window.innerWidth")
        assert inner == 390
        if width > 390:
            too_wide.append((rel, width))
    assert too_wide == []
    for rel in ("index.html", "standings-1.html", f"team-{sl.TEAM}.html",
                f"player-{sl.BATTER}.html", "en/standings-1.html"):
        chrome.get(_url(out, rel))
        stem = rel.replace("/", "_").removesuffix(".html")
        for width in (1280, 390):
            browser.screenshot(chrome, shots / f"{stem}-{width}.png", width)
            assert (shots / f"{stem}-{width}.png").stat().st_size > 5000
    # on paper: no navigation, the wide tables printed whole rather than in a scrolling box
    chrome.set_window_size(1280, 900)
    chrome.get(_url(out, f"player-{sl.BATTER}.html"))
    chrome.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": "print"})
    try:
        printed = chrome.execute_script("""return {
            nav: getComputedStyle(document.querySelector('header.site nav')).display,
            lang: getComputedStyle(document.querySelector('header.site .lang')).display,
            scroll: getComputedStyle(document.querySelector('.scroll')).overflowX};""")
    finally:
        chrome.execute_cdp_cmd("Emulation.setEmulatedMedia", {"media": ""})
    assert printed == {"nav": "none", "lang": "none", "scroll": "visible"}
    print(f"screenshots in {shots}")
