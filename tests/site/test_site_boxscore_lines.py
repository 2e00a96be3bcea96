"""The web site's box score has the NPB lines under 本塁打 the app's has (issue 29): 二塁打 and
三塁打 with each batter (his count when more than one) and each team's 残塁 — 2B, 3B and LOB
in English — the same words as the app's box score (league.engine.boxscore.extra_base_lines),
made from the same stored game."""
from __future__ import annotations

import re
from html import unescape

import pytest

from league.engine.boxscore import extra_base_lines
from tui import services as sv
from tui.site.generator import build_site


def _line(page: str, key: str) -> str | None:
    m = re.search(rf'<p class="{key}"><b>(.*?)</b> (.*?)</p>', page, re.S)
    if m is None:
        return None
    return unescape(m.group(1)) + " " + unescape(re.sub(r"<[^>]+>", "", m.group(2)))


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """Eight days of the six-team league and its web site, the pages made by two workers: the
    module's tests read the same league and pages (built once)."""
    tmp = tmp_path_factory.mktemp("boxscore_lines")
    db = str(tmp / "league.sqlite3")
    sv.create_league(db, "pacific", "pacific")
    sv.new_season(db, "pacific", games_per_opponent=4, seed=5)
    sv.sim_days(db, "pacific", days=8)
    out = tmp / "site"
    build_site(db, "pacific", out, workers=2)
    return db, out


def test_the_site_box_score_has_doubles_triples_and_left_on_base(site):
    db, out = site
    book = sv.name_book(db, league="pacific")
    games = [g for _d, gs in sv.schedule_days(db, "pacific") for g in gs if g.status == "final"]
    assert len(games) >= 10
    seen = {"doubles": 0, "triples": 0, "twice": 0}
    for g in games:
        result = sv.boxscore(db, g.number, "pacific").result
        for ja, prefix in ((True, ""), (False, "en/")):
            page = (out / f"{prefix}game-1-{g.number}.html").read_text(encoding="utf-8")

            def name(pid: str, ja: bool = ja) -> str:
                return book.player(pid, ja, result.players[pid].name)

            teams = [book.team(c, ja) for c in (result.away, result.home)]
            app = extra_base_lines(result, name, not ja, teams)
            heads = {"doubles": "二塁打" if ja else "2B", "triples": "三塁打" if ja else "3B",
                     "left_on_base": "残塁" if ja else "LOB"}
            for key, head in heads.items():
                said = next((x for x in app if x.startswith(head)), None)
                shown = _line(page, key)
                if said is None:
                    assert shown is None, (g.number, key, shown)
                    continue
                assert shown is not None, (g.number, key, said)
                words = {"doubles": ("二塁打", "Doubles"), "triples": ("三塁打", "Triples"),
                         "left_on_base": ("残塁", "Left on base")}[key]
                # the same names and counts in the same order; the heading is the page's word
                assert shown.removeprefix(words[0 if ja else 1] + " ") == \
                    said.removeprefix(head).lstrip(": ").lstrip(), (g.number, key)
                if key != "left_on_base" and ja:
                    seen[key] += 1
                    seen["twice"] += bool(re.search(r"\D[2-9](、|$)", said))
    assert seen["doubles"] and seen["triples"], seen


def test_the_site_box_score_numbers_each_home_run_in_the_season_as_the_app_does(site):
    """Each home run on a game's page carries its number in the batter's season (N号) and its
    kind (ソロ … 満塁; solo … grand slam), the numbers the app's box score gives (services
    boxscore's hr_numbers), even where the pages are made by two workers."""
    from league.engine.boxscore import HR_KIND_EN, HR_KIND_JA, home_run_men

    db, out = site
    book = sv.name_book(db, league="pacific")
    games = [g for _d, gs in sv.schedule_days(db, "pacific") for g in gs if g.status == "final"]
    second = 0
    for g in games:
        box = sv.boxscore(db, g.number, "pacific")
        r = box.result
        for ja, prefix in ((True, ""), (False, "en/")):
            page = (out / f"{prefix}game-1-{g.number}.html").read_text(encoding="utf-8")
            m = re.search(r"<h2>(?:本塁打|Home runs)</h2>\s*<ul>(.*?)</ul>", page, re.S)
            assert (m is None) == (not r.home_runs), g.number
            if m is None:
                continue
            items = [unescape(re.sub(r"<[^>]+>", "", x))
                     for x in re.findall(r"<li>(.*?)</li>", m.group(1), re.S)]
            assert len(items) == len(r.home_runs)
            for item, (_s, batter, _inn, _p), n, on in zip(items, r.home_runs, box.hr_numbers,
                                                           home_run_men(r)):
                name = book.player(batter, ja, r.players[batter].name)
                assert on is not None
                head = (f"{name} {n}号（{HR_KIND_JA[on]}） (" if ja
                        else f"{name} {n} ({HR_KIND_EN[on]}, ")
                assert item.startswith(head), (g.number, item, head)
                second += n > 1 and ja
    assert second, "no batter's second home run in the games made"
