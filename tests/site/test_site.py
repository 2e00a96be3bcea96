"""`impact site`: the league as static pages (issue 35) — read back from the files: every page is
reached from the front page, every link lands on a page, each page says its language, names
are escaped, the standings are the service's, and a run after one more day rewrites only the
pages that day changed (their file hashes). The same site in a real browser:
tests/site/test_site_browser.py."""
from __future__ import annotations

import hashlib
import json
import shutil
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tui import services as sv
from tui.cli.main import app as cli_app
from tui.site.generator import build_site, page_id

import site_league as sl
from league_db import pg_server_url  # noqa: F401  (the fixture)

# the web site of a league with a simulated season behind it (tests/site_league.py)
pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def league(odd_site_league):
    # made once a session, with the site (tests/conftest.py): test_site_browser.py reads them too
    return odd_site_league


@pytest.fixture(scope="module")
def site(odd_site):
    return odd_site


class _Page(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.lang: str | None = None
        self.links: list[str] = []
        self.tags: list[str] = []
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        a = dict(attrs)
        if tag == "html":
            self.lang = a.get("lang")
        if tag in ("a", "link") and a.get("href"):
            self.links.append(a["href"])

    def handle_data(self, data):
        self.text.append(data)


def _parse(path: Path) -> _Page:
    page = _Page()
    page.feed(path.read_text(encoding="utf-8"))
    return page


def _hashes(root: Path) -> dict[str, str]:
    return {str(p.relative_to(root)): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in root.rglob("*") if p.is_file() and p.suffix in (".html", ".css")}


def test_every_page_is_reached_from_the_front_page_and_every_link_lands(site):
    out, report = site
    html = {p for p in report.pages if p.endswith(".html")}
    assert len(html) > 1000 and "index.html" in html and "en/index.html" in html
    seen, todo = set(), ["index.html"]
    while todo:
        rel = todo.pop()
        if rel in seen:
            continue
        seen.add(rel)
        page = _parse(out / rel)
        assert page.lang == ("en" if rel.startswith("en/") else "ja"), rel
        assert "script" not in page.tags, rel        # nothing needs JavaScript to read
        for href in page.links:
            assert "://" not in href and not href.startswith("/"), (rel, href)   # relative
            target = (out / rel).parent / href
            assert target.is_file(), f"{rel}: broken link {href}"
            if href.endswith(".html"):
                todo.append(str(target.resolve().relative_to(out.resolve())))
    assert seen == html


def test_pages_are_named_by_ids(site):
    out, report = site
    assert (out / "player-EDO01.html").is_file() and (out / "en/player-EDO01.html").is_file()
    assert (out / "team-EDO.html").is_file()
    assert page_id("EDO01") == "EDO01"
    assert page_id("../x") == "x2e2e2f78" and "/" not in page_id("a/b")


def test_names_like_markup_are_escaped_on_every_page(site):
    out, report = site
    for rel in report.pages:
        text = (out / rel).read_text(encoding="utf-8")
        for raw in (sl.BATTER_NAME, "<i>Co</i>"):
            assert raw not in text, f"{rel} holds {raw} unescaped"
    player = _parse(out / f"player-{sl.BATTER}.html")
    assert sl.BATTER_NAME in "".join(player.text)
    assert "b" not in player.tags[player.tags.index("h1"):]
    en = _parse(out / f"en/player-{sl.BATTER}.html")
    assert sl.BATTER_NAME_EN in "".join(en.text)               # name_en on the English page
    team = (out / f"team-{sl.TEAM}.html").read_text(encoding="utf-8")
    assert "&#34;Q&#39; &amp; &lt;i&gt;Co&lt;/i&gt;" in team
    pitcher = _parse(out / f"player-{sl.PITCHER}.html")
    assert sl.PITCHER_NAME in "".join(pitcher.text)
    # the SVG charts' labels are text too
    standings = (out / "standings-1.html").read_text(encoding="utf-8")
    assert f'class="label">{sl.TEAM_SHORT}</text>' in standings
    assert "<polyline" in standings


def test_the_standings_page_holds_the_services_standings(site, league):
    out, _ = site
    view = sv.standings(league.full, "odd")
    text = (out / "standings-1.html").read_text(encoding="utf-8")
    tables = [(t.code, t.rows) for t in view.tables] + [("interleague", view.interleague)]
    for code, rows in tables:
        part = text.split(f'data-table="{code}"', 1)[1].split("</table>", 1)[0]
        teams = [chunk.split('"', 1)[0] for chunk in part.split('data-team="')[1:]]
        assert teams == [r.team for r in rows]
        for r in rows:
            row = part.split(f'data-team="{r.team}"', 1)[1].split("</tr>", 1)[0]
            assert f'<td class="w">{r.wins}</td><td class="l">{r.losses}</td>' \
                   f'<td class="d">{r.draws}</td>' in row


def test_a_day_later_only_the_pages_that_day_changed_are_written(league, tmp_path):
    db = str(tmp_path / "league.sqlite3")
    shutil.copyfile(league.partial, db)
    out = tmp_path / "site"
    first = build_site(db, "odd", out, workers=0)
    assert sorted(first.written) == sorted(first.pages)
    before = _hashes(out)
    again = build_site(db, "odd", out, workers=0)
    assert again.written == [] and _hashes(out) == before     # nothing changed, nothing written
    assert first.games_made > 0 and again.games_made == 0      # no game replayed again
    # a box score changed by hand is made again (its hash is not the one the manifest keeps)
    page = out / sorted(p for p in first.pages if p.startswith("game-"))[0]
    page.write_text("changed by hand", encoding="utf-8")
    mended = build_site(db, "odd", out, workers=2)
    assert mended.written == [page.name] and mended.games_made == 1
    assert _hashes(out) == before

    report = sv.sim_days(db, "odd", days=1)
    day = report.last_day
    games = [g for d, gs in sv.schedule_days(db, "odd") if d == day for g in gs]
    assert games and all(g.status == "final" for g in games)
    played = set()
    for g in games:
        data = sv.boxscore(db, g.number, "odd").data
        played |= {x["player"] for x in data["batting"] + data["pitching"]}
    moved = {m[0] for n in sv.news(db, "odd") if n.day == day for m in n.moves}
    after = build_site(db, "odd", out, workers=2)
    assert after.games_made == len(games)                     # only the day's games replayed
    now = _hashes(out)
    changed = {rel for rel in now if now[rel] != before.get(rel)}
    assert changed == set(after.written)          # the report says what the hashes say

    month = f"schedule-1-{day.year:04d}-{day.month:02d}.html"
    must = {f"game-1-{g.number}.html" for g in games} | {month, "standings-1.html", "index.html"}
    for rel in must:
        assert rel in changed and "en/" + rel in changed
    league_wide = {"index.html", "standings-1.html", "leaders-1.html", "postseason-1.html",
                   "history.html", "news.html", "players.html", month}
    teams = {f"team-{code}.html" for code in sv.standings(db, "odd").names}
    people = {f"player-{page_id(pid)}.html" for pid in played | moved}
    allowed = must | league_wide | teams | people
    for rel in changed:
        assert rel.removeprefix("en/") in allowed, f"{rel} was rewritten, but the day did not change it"
    # the games of the days before, and the players who did not play, were not touched
    untouched = [rel for rel in before if rel.startswith("game-")]
    assert untouched and all(now[rel] == before[rel] for rel in untouched)
    assert len(changed) < len(now) / 2


def test_the_command_writes_the_site_and_says_what_it_did(league, tmp_path):
    runner = CliRunner()
    out = tmp_path / "web"
    result = runner.invoke(cli_app, ["--db", league.partial, "site", "-o", str(out), "--json",
                                     "--workers", "0"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["pages"] == len(data["written"]) > 100 and data["removed"] == []
    result = runner.invoke(cli_app, ["--db", league.partial, "site", "-o", str(out),
                                      "--workers", "0"])
    assert result.exit_code == 0 and "0 written" in result.output
    bad = tmp_path / "a-file"
    bad.write_text("x")
    result = runner.invoke(cli_app, ["--db", league.partial, "site", "-o", str(bad)])
    assert result.exit_code == 2 and "not a folder" in result.output


def test_pages_no_longer_made_are_removed_and_nothing_else(league, tmp_path):
    out = tmp_path / "site"
    build_site(league.partial, "odd", out, workers=0)
    stale = out / "player-GONE01.html"
    stale.write_text("old")
    manifest = json.loads((out / ".impact-site.json").read_text(encoding="utf-8"))
    manifest["pages"]["player-GONE01.html"] = {"hash": "", "source": ""}
    (out / ".impact-site.json").write_text(json.dumps(manifest), encoding="utf-8")
    mine = out / "README.txt"
    mine.write_text("the publisher's own file")
    report = build_site(league.partial, "odd", out, workers=0)
    assert report.removed == ["player-GONE01.html"] and not stale.exists() and mine.exists()


def test_the_generator_imports_no_textual():
    code = ("import sys, tui.site.generator, tui.cli.site; "
            "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')); "
            "print(bad); sys.exit(1 if bad else 0)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          cwd=Path(__file__).resolve().parents[2])
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_postgresql_league_site_with_worker_processes(pg_server_url, tmp_path):
    """The box-score workers are forked with no connection open, so the main process's own
    PostgreSQL session lives on while they work and after they end."""
    from league_db import clean_pg
    clean_pg(pg_server_url)
    sv.create_league(pg_server_url, "pacific", "pacific")
    sv.new_season(pg_server_url, "pacific", games_per_opponent=2)
    sv.sim_days(pg_server_url, "pacific", days=3)
    first = build_site(pg_server_url, "pacific", tmp_path / "site", workers=2)
    assert first.games_made == 9 and "standings-1.html" in first.pages
    sv.sim_days(pg_server_url, "pacific", days=1)
    again = build_site(pg_server_url, "pacific", tmp_path / "site", workers=2)
    assert again.games_made == 3 and sv.standings(pg_server_url, "pacific").final == 12
