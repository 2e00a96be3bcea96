"""`impact site -o DIR`: the league as static HTML pages (Jinja2 templates, autoescaped).

Japanese pages at the top of DIR, English ones in DIR/en with the same names; every page is
named by ids (`player-EDO01.html`, `game-1-123.html`) and links relatively, so the folder opens
from disk or any static host. A page is written only when its bytes differ from the file
there (content hashes compared), so publishing after a day rewrites the pages that day changed.

The box scores (a season's biggest share of pages, each game replayed from its rolls for its
play-by-play) are made by worker processes while this process makes the rest; the league is read
through tui.services only (the publish module reads it in bulk).
"""
from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any

import jinja2
from markupsafe import Markup, escape

from league.engine.boxscore import (
    DECISION_JA,
    HR_KIND_EN,
    HR_KIND_JA,
    POSITION_JA,
    home_run_men,
    left_on_base,
)
from league.engine.lines import BAT_FIELDS, PIT_FIELDS, innings_text
from league.engine.playtext import note_lines, play_lines, play_text
from league.numbers import rate_text
from league.season.awards import award_name, slot_name
from league.season.standings import gb_text, savings_text, streak_english, tiebreak_english
from league.season.stats import (
    STAT_LABELS_JA,
    qualified_fielding_games,
    qualified_pa,
    stat_text,
)
from league.visible import visible
from tui.labels import interleague_note, season_title
from tui.services import publish
from tui.services.views import NameBook
from tui.site.charts import MonthText, line_chart
from tui.site.words import MONTHS_EN, word

MANIFEST = ".impact-site.json"
TEMPLATES = Path(__file__).parent / "templates"
STATIC = Path(__file__).parent / "static"
LANGS = (("ja", ""), ("en", "en/"))

STAT_NAMES_EN = {"avg": "AVG", "hr": "HR", "rbi": "RBI", "h": "H", "sb": "SB", "obp": "OBP",
                 "ops": "OPS", "era": "ERA", "wins": "W", "so": "SO", "saves": "SV",
                 "hold_points": "HP", "whip": "WHIP"}
_SAFE_ID = re.compile(r"^[A-Za-z0-9_-]{1,80}$")


def page_id(value: str) -> str:
    """An id as it stands in a file name: itself when plain letters, digits, _ and -, else its
    UTF-8 bytes in hex after an x (no id can name a folder or another page)."""
    if _SAFE_ID.match(value):
        return value
    return "x" + value.encode("utf-8").hex()[:120]


class SiteError(Exception):
    """The site cannot be written where asked (one line)."""


@dataclass
class Report:
    """What a run did: every page it made, those it (re)wrote, and those it removed; each page's
    content hash and, for a box score, the digest of what it was made from (the manifest keeps
    both, so the next run need not replay a game whose page is already there); how many box
    scores it made (replayed) rather than found."""

    pages: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    hashes: dict[str, str] = field(default_factory=dict)
    sources: dict[str, str] = field(default_factory=dict)
    games_made: int = 0

    def add(self, other: "Report") -> None:
        self.pages += other.pages
        self.written += other.written
        self.removed += other.removed
        self.hashes.update(other.hashes)
        self.sources.update(other.sources)
        self.games_made += other.games_made


def write_page(root: Path, rel: str, data: bytes, report: Report) -> None:
    """Write `data` to root/rel unless the file there already holds exactly it (its hash)."""
    path = root / rel
    report.pages.append(rel)
    new = hashlib.sha256(data).hexdigest()
    report.hashes[rel] = new
    try:
        old = path.read_bytes()
    except FileNotFoundError:
        old = None
    except OSError as exc:
        raise SiteError(f"{path}: cannot read it: {exc.strerror or exc}") from None
    if old is not None and hashlib.sha256(old).hexdigest() == new:
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_name(path.name + ".tmp")
        tmp.write_bytes(data)
        os.replace(tmp, path)
    except OSError as exc:
        raise SiteError(f"{path}: cannot write it: {exc.strerror or exc}") from None
    report.written.append(rel)


def _file_hash(path: Path) -> str | None:
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError:
        return None


def read_manifest(out: Path) -> dict[str, dict[str, str]]:
    """What the last run wrote: page → {"hash": its content's, "source": what it was made from}."""
    try:
        pages = json.loads((out / MANIFEST).read_text(encoding="utf-8")).get("pages", {})
    except (OSError, ValueError, AttributeError):
        return {}
    if isinstance(pages, list):
        return {rel: {} for rel in pages if isinstance(rel, str)}
    return {rel: v for rel, v in pages.items() if isinstance(rel, str) and isinstance(v, dict)}


_CODE_DIGEST: list[str] = []


def code_digest() -> str:
    """A digest of what makes a box score page besides the game: the site's templates, styles and
    code, and the league package (the play-by-play is made by replaying the game)."""
    if not _CODE_DIGEST:
        import league
        h = hashlib.sha256()
        for folder in (Path(__file__).parent, Path(league.__file__).parent):
            for f in sorted(folder.rglob("*")):
                if f.is_file() and f.suffix in (".py", ".html", ".css", ".toml"):
                    h.update(str(f.relative_to(folder)).encode() + b"\0" + f.read_bytes())
        _CODE_DIGEST.append(h.hexdigest())
    return _CODE_DIGEST[0]


def names_digest(names: NameBook) -> str:
    data = json.dumps([sorted(names.teams.items()), sorted(names.players.items())],
                      ensure_ascii=False)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()


def environment() -> jinja2.Environment:
    """The templates, every value escaped (names, labels, SVG texts)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             trim_blocks=True, lstrip_blocks=True,
                             undefined=jinja2.StrictUndefined, finalize=_shown)
    env.filters["pct"] = _pct
    env.filters["gb"] = gb_text
    env.filters["stat"] = lambda value, name: stat_text(name, value)
    env.filters["ip"] = innings_text
    # 規定打席 as the app's Leaders area writes it: 62 at 20 games, 65 at 21 (65.1 rounded)
    env.filters["qualified_pa"] = qualified_pa
    # games in the field a 守備率 board needs at `position` (C: half the team's, else 2/3)
    env.filters["qualified_fg"] = lambda games, position=None: \
        f"{qualified_fielding_games(games, position):.1f}".removesuffix(".0")
    env.filters["savings"] = savings_text
    return env


def _shown(value: Any) -> Any:
    """Every text a template prints shows its control characters as escapes (league.visible);
    Markup (made here, its names already shown so) is left as it is."""
    return visible(value) if type(value) is str else value


def _pct(value: float) -> str:
    return rate_text(value)


class Page:
    """What every template of one language is given: words, names, links."""

    def __init__(self, ja: bool, names: NameBook, title: str, latest: int | None,
                 groups: Sequence[tuple[str, str, str, tuple[str, ...]]],
                 title_en: str = "") -> None:
        self.ja = ja
        self.lang = "ja" if ja else "en"
        self.names = names
        # the English pages name the league by its name_en when it has one, as its teams
        self.site_title = title if ja or not title_en else title_en
        self.latest = latest
        self.css = "style.css" if ja else "../style.css"
        self.groups = groups
        self.month_text = MonthText(ja)
        self._team_links: dict[tuple[str, bool], Markup] = {}
        self._player_links: dict[tuple[str, str | None], Markup] = {}

    def w(self, key: str) -> str:
        return word(key, self.ja)

    def interleague_note(self, first_day: date | None) -> str:
        """The day 交流戦 begins, where its table stands once a game of it is played."""
        return interleague_note(first_day, self.ja)

    def team(self, code: str | None, full: bool = False) -> str:
        if not code:
            return "—"
        return visible(self.names.team(code, self.ja, full=full))

    def player(self, pid: str, default: str | None = None) -> str:
        return visible(self.names.player(pid, self.ja, default))

    def group_name(self, name: str, name_en: str) -> str:
        return visible(name if self.ja or not name_en else name_en)

    def season(self, year: int | None, number: int) -> str:
        return season_title(year, number, self.ja)

    def month(self, year: int, month: int) -> str:
        return word("month", self.ja).format(year=year, month=month,
                                             month_name=MONTHS_EN[month - 1])

    def older_play(self, text: str) -> str:
        """A note the engine did not make, or a stored line of a game stored before its plays
        were recorded, as the page's language says it (一球速報 in Japanese)."""
        return play_text(text, True) if self.ja else self.names.english(text)

    def pos(self, pos: str) -> str:
        if not pos:
            return ""
        if self.ja:
            return "".join(POSITION_JA.get(p, p) for p in pos.split("-"))
        return "-".join(p.lower() if p in ("PH", "PR") else p for p in pos.split("-"))

    def position(self, pos: str) -> str:
        """A 守備率 board's position (FIELDING_POSITIONS): 遊撃手 (SS), Shortstops (SS)."""
        return f"{word('pos_' + pos, self.ja)} ({pos})"

    def award(self, key: str) -> str:
        award, _, slot = key.partition(":")
        return award_name(award, self.ja) + (f" {slot_name(slot, self.ja)}" if slot else "")

    def stat_name(self, kind: str, stat: str) -> str:
        if self.ja:
            return STAT_LABELS_JA[kind][stat]
        return STAT_NAMES_EN.get(stat, stat.upper())

    def streak(self, text: str) -> str:
        return text if self.ja else streak_english(text)

    def tiebreak(self, text: str | None) -> str:
        if not text:
            return ""
        return text if self.ja else tiebreak_english(text)

    def tlink(self, code: str | None, full: bool = False) -> Markup:
        """A link to a team's page, its name escaped (made once per team and form)."""
        if not code:
            return Markup("—")
        key = (code, full)
        link = self._team_links.get(key)
        if link is None:
            link = self._team_links[key] = Markup('<a href="{}">{}</a>').format(
                self.team_href(code), self.team(code, full))
        return link

    def plink(self, pid: str, default: str | None = None) -> Markup:
        """A link to a player's page, his name escaped (made once per player)."""
        key = (pid, default)
        link = self._player_links.get(key)
        if link is None:
            link = self._player_links[key] = Markup('<a href="{}">{}</a>').format(
                self.player_href(pid), self.player(pid, default))
        return link

    # links: every page of a language lives in one folder
    @staticmethod
    def team_href(code: str) -> str:
        return f"team-{page_id(code)}.html"

    @staticmethod
    def player_href(pid: str) -> str:
        return f"player-{page_id(pid)}.html"

    @staticmethod
    def game_href(season: int, number: int) -> str:
        return f"game-{season}-{number}.html"

    @staticmethod
    def month_href(season: int, d: date) -> str:
        return f"schedule-{season}-{d.year:04d}-{d.month:02d}.html"


def _render(env: jinja2.Environment, template: str, page: Page, rel: str, **ctx: Any) -> bytes:
    other = ("en/" + rel) if page.ja else ("../" + rel)
    return env.get_template(template).render(p=page, other=other, **ctx).encode("utf-8")


# ------------------------------------------------------------------------------------ the site
def build_site(db: Any, league: str | None, out: Path, *, workers: int | None = None,
               progress: Callable[[str], None] | None = None) -> Report:
    """Write the league's site into `out` (made if missing); see the module's docstring.
    `workers` processes make the box scores (0: all in this process; None: one per core)."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise SiteError(f"{out}: not a folder")
    try:
        out.mkdir(parents=True, exist_ok=True)
        (out / "en").mkdir(exist_ok=True)
    except OSError as exc:
        raise SiteError(f"{out}: cannot make the folder: {exc.strerror or exc}") from None
    say = progress or (lambda text: None)
    count = (os.cpu_count() or 1) if workers is None else workers
    index = publish.site_index(db, league)
    name = index.league
    pool = None
    futures = []
    report = Report()
    if count > 0 and index.seasons:
        # forked with no database connection open: a child that inherited one would close it
        # at its exit for the parent too (a PostgreSQL session ends when either side says so)
        from tui.services import close_all
        from tui.site.workers import start_pool
        close_all()
        pool = start_pool(count)
        futures = [pool.submit(_game_shard, db, name, str(out), k, count)
                   for k in range(count)]
    try:
        if not futures:
            say("box scores")
            report.add(_game_shard(db, name, str(out), 0, 1))
        say("league")
        data = publish.site_data(db, name)
        report.add(_league_pages(data, out))
        for f in futures:
            report.add(f.result())
    finally:
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)
    _static(out, report)
    report.removed = _prune(out, report)
    return report


def _static(out: Path, report: Report) -> None:
    write_page(out, "style.css", (STATIC / "style.css").read_bytes(), report)


def _prune(out: Path, report: Report) -> list[str]:
    """Remove the pages an earlier run wrote that this one did not make (a player who left the
    league's records, a month no longer scheduled): the manifest lists them, so nothing else in
    the folder is touched. Then keep this run's pages in the manifest."""
    before = set(read_manifest(out))
    now = set(report.pages)
    removed = []
    for rel in sorted(before - now):
        target = (out / rel)
        if ".." in Path(rel).parts or not target.is_file():
            continue
        try:
            target.unlink()
            removed.append(rel)
        except OSError:
            pass
    pages = {rel: {"hash": report.hashes.get(rel, ""), "source": report.sources.get(rel, "")}
             for rel in sorted(now)}
    text = json.dumps({"pages": pages}, ensure_ascii=False, indent=0, sort_keys=True)
    path = out / MANIFEST
    try:
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise SiteError(f"{path}: cannot write it: {exc.strerror or exc}") from None
    return removed


def _game_shard(db: Any, league: str, out: str, shard: int, shards: int) -> Report:
    """The box-score pages of every `shards`-th finished game from `shard` (both languages). A
    game whose two pages the last run made from the same record, names and code, and which are
    still there as it wrote them, is not replayed again."""
    index = publish.site_index(db, league)
    env = environment()
    root = Path(out)
    report = Report()
    known = read_manifest(root)
    common = code_digest() + names_digest(index.names)
    pages = [Page(ja, index.names, index.title, index.seasons[-1] if index.seasons else None,
                  index.groups, index.title_en) for ja, _ in ((True, ""), (False, "en/"))]
    for season in index.seasons:
        digests = publish.game_digests(db, league, season)
        keys = {}
        for number in sorted(digests)[shard::shards]:
            key = hashlib.sha256(f"{common}|{season}|{digests[number]}".encode()).hexdigest()
            rels = [prefix + Page.game_href(season, number) for _lang, prefix in LANGS]
            entries = [known.get(rel, {}) for rel in rels]
            if all(e.get("source") == key and e.get("hash") == _file_hash(root / rel)
                   for e, rel in zip(entries, rels)):
                for e, rel in zip(entries, rels):
                    report.pages.append(rel)
                    report.hashes[rel] = e["hash"]
                    report.sources[rel] = key
                continue
            keys[number] = key
        if not keys:
            continue
        for box in publish.season_games(db, league, season, numbers=sorted(keys)):
            report.games_made += 1
            for page, (_lang, prefix) in zip(pages, LANGS):
                rel = page.game_href(season, box.slot.number)
                write_page(root, prefix + rel, _render(
                    env, "game.html", page, rel, **_game_context(page, box)), report)
                report.sources[prefix + rel] = keys[box.slot.number]
    return report


def _game_context(p: Page, box: publish.GameBox) -> dict[str, Any]:
    r = box.result
    codes = (r.away, r.home)
    n = max(len(r.innings[0]), len(r.innings[1]), 9)
    line = []
    for i in range(2):
        cells = []
        for k in range(n):
            if k < len(r.innings[i]):
                cells.append(str(r.innings[i][k]))
            elif i == 1 and k == len(r.innings[1]) and k < len(r.innings[0]):
                cells.append("x")
            else:
                cells.append("")
        line.append({"team": codes[i], "cells": cells, "runs": r.runs[i], "hits": r.hits[i],
                     "errors": r.errors[i]})
    # the lines and the play-by-play are most of a box score: their rows are made here, every
    # name through plink (escaped by markupsafe, as the templates' autoescape would); a Jinja
    # loop over them took as long as all the rest of the page
    names = {pid: pl.name for pid, pl in r.players.items()}
    sides = []
    for i in range(2):
        rows = []
        for side, pid, ln, pos in r.batting:
            if side != i:
                continue
            f = dict(zip(BAT_FIELDS, ln))
            if f["pa"] == 0 and pos in ("P", ""):
                continue
            rows.append(f"<tr><td>{escape(p.pos(pos))}</td><td class=\"name\">"
                        f"{p.plink(pid, names.get(pid))}</td><td>{f['ab']}</td><td>{f['r']}</td>"
                        f"<td>{f['h']}</td><td>{f['rbi']}</td><td>{f['so']}</td>"
                        f"<td>{f['bb'] + f['hbp']}</td><td>{f['sb']}</td><td>{f['e']}</td></tr>")
        tot = [sum(ln[j] for s, _, ln, _ in r.batting if s == i) for j in range(len(BAT_FIELDS))]
        pitchers = []
        for side, pid, ln in r.pitching:
            if side != i:
                continue
            f = dict(zip(PIT_FIELDS, ln))
            dec = r.decisions.get(pid, "")
            dec = DECISION_JA.get(dec, dec) if p.ja else dec
            pitchers.append(f"<tr><td>{escape(dec)}</td><td class=\"name\">"
                            f"{p.plink(pid, names.get(pid))}</td><td>{innings_text(f['outs'])}</td>"
                            f"<td>{f['bf']}</td><td>{f['h']}</td><td>{f['hr']}</td>"
                            f"<td>{f['bb'] + f['hbp']}</td><td>{f['so']}</td><td>{f['r']}</td>"
                            f"<td>{f['er']}</td></tr>")
        sides.append({"team": codes[i], "batter_rows": Markup("\n".join(rows)),
                      # the team's errors, as the line score's (a DH game's pitcher has
                      # no batting line for his: engine version 7)
                      "totals": {**dict(zip(BAT_FIELDS, tot)), "e": r.errors[i]},
                      "pitcher_rows": Markup("\n".join(pitchers))})
    # the NPB box score's lines under 本塁打 (league.engine.boxscore.extra_base_lines, the
    # app's): 二塁打 and 三塁打 with each batter (his count when more than one), each team's 残塁
    extra_base = []
    for field_, key in (("2b", "doubles"), ("3b", "triples")):
        k = BAT_FIELDS.index(field_)
        who = [p.plink(pid, names.get(pid)) + ("" if ln[k] < 2 else f"{ln[k]}" if p.ja
                                                else f" {ln[k]}")
               for _s, pid, ln, _pos in r.batting if ln[k]]
        if who:
            extra_base.append((key, Markup(escape("、" if p.ja else ", ").join(who))))
    extra_base.append(("left_on_base", Markup(escape("、" if p.ja else ", ").join(
        Markup("{} {}").format(p.team(codes[i]), left_on_base(r, i)) for i in range(2)))))
    # the play-by-play, the page's longest part, is escaped here in one pass (markupsafe's
    # escape, as the templates' autoescape would): a Jinja loop over it took as long as the
    # rest of the page
    halves: list[dict[str, Any]] = []
    out_word = "アウト" if p.ja else " out"
    # each play's line from its record, the players named in the page's language
    def name(pid: str) -> str:
        return p.names.player(pid, p.ja, names.get(pid, pid))

    lines = play_lines(r, p.ja, name, older=p.older_play)
    for play, said in zip(r.plays, lines):
        if not halves or (halves[-1]["inning"], halves[-1]["half"]) != (play.inning, play.half):
            halves.append({"inning": play.inning, "half": play.half,
                           "team": codes[0] if play.half == "top" else codes[1], "plays": []})
        halves[-1]["plays"].append(
            f'<li>{escape(visible(said))} <span class="after">{play.outs}{out_word} '
            f'{play.score[0]}-{play.score[1]}</span></li>')
    for h in halves:
        h["plays"] = Markup("\n".join(h["plays"]))
    # each home run as the papers write it: his number in the season (N号) and the kind (ソロ,
    # 2ラン …: the men on base in the play record), as the app's box score says them
    kinds = HR_KIND_JA if p.ja else HR_KIND_EN
    home_runs = [(batter, inning, pitcher, number, kinds[on] if on is not None else "")
                 for (_side, batter, inning, pitcher), number, on
                 in zip(r.home_runs, box.hr_numbers or (0,) * len(r.home_runs),
                        home_run_men(r))]
    return {"season": box.season, "slot": box.slot, "result": r, "line": line, "sides": sides,
            "home_runs": home_runs,
            "notes": [visible(n) for n in note_lines(r, p.ja, name, older=p.older_play)],
            "halves": halves, "stored_names": names, "extra_base": extra_base,
            "decisions": [(code, [pid for pid, d in r.decisions.items() if d == code])
                          for code in ("W", "L", "S", "H")]}


# ------------------------------------------------------------------------- the league's pages
def _league_pages(data: publish.SiteData, out: Path) -> Report:
    env = environment()
    report = Report()
    latest = data.seasons[-1].number if data.seasons else None
    awards_of = _honours(data)
    for ja, prefix in ((True, ""), (False, "en/")):
        p = Page(ja, data.names, data.title, latest, data.groups, data.title_en)

        def put(rel: str, template: str, **ctx: Any) -> None:
            write_page(out, prefix + rel, _render(env, template, p, rel, data=data, **ctx),
                       report)

        put("index.html", "index.html", latest=data.seasons[-1] if data.seasons else None)
        for season in data.seasons:
            n = season.number
            put(f"standings-{n}.html", "standings.html", season=season,
                charts=_standings_charts(p, season))
            months = _months(season)
            for first, days in months:
                put(p.month_href(n, first), "schedule.html", season=season, first=first,
                    days=days, months=[m for m, _ in months])
            put(f"leaders-{n}.html", "leaders.html", season=season)
            put(f"postseason-{n}.html", "postseason.html", season=season)
        for code, roster in data.rosters.items():
            put(p.team_href(code), "team.html", code=code, roster=roster,
                season=data.seasons[-1], team_players=_team_players(data, code))
        put("players.html", "players.html", by_team=_players_by_team(data))
        for pid, player in data.players.items():
            put(p.player_href(pid), "player.html", player=player,
                honours=awards_of.get(pid, []))
        put("history.html", "history.html", history=data.history)
        put("news.html", "news.html", news=data.news)
    return report


def _months(season: publish.SiteSeason) -> list[tuple[date, list[tuple[date, list[Any]]]]]:
    """The season's games by month, then by day."""
    months: dict[tuple[int, int], dict[date, list[Any]]] = {}
    for g in season.games:
        months.setdefault((g.day.year, g.day.month), {}).setdefault(g.day, []).append(g)
    return [(date(y, m, 1), list(days.items())) for (y, m), days in sorted(months.items())]


def _standings_charts(p: Page, season: publish.SiteSeason) -> list[dict[str, Any]]:
    """Per league (リーグ): the pennant race (貯金 by date) and the pennant odds over time."""
    out = []
    for code, name, name_en, teams in p.groups:
        race = season.race[code]
        label = p.group_name(name, name_en) if len(p.groups) > 1 else ""
        chart = line_chart(" ".join(x for x in (label, p.w("pennant_race")) if x),
                           [(p.team(t), [(d, float(v)) for d, v in race[t]]) for t in teams],
                           y_label=p.w("chart_games_above"), month_text=p.month_text)
        odds: dict[str, list[tuple[date, float]]] = {t: [] for t in teams}
        for point in season.odds:
            if point.team in odds and point.day is not None:
                odds[point.team].append((point.day, point.pennant * 100))
        odds_chart = line_chart(" ".join(x for x in (label, p.w("odds_over_time")) if x),
                                [(p.team(t), odds[t]) for t in teams],
                                y_label=p.w("chart_odds"), month_text=p.month_text,
                                y_min=0, y_max=100)
        out.append({"code": code, "race": chart, "odds": odds_chart})
    return out


def _team_players(data: publish.SiteData, code: str) -> dict[str, Any]:
    """The latest season's batting and pitching of each of the team's players (for the roster)."""
    if not data.seasons:
        return {}
    out: dict[str, Any] = {}
    for pid, player in data.players.items():
        career = player.regular
        if career is None or not career.seasons:
            continue
        last = career.seasons[-1]
        if last.season == data.seasons[-1].number and code in last.teams:
            out[pid] = last
    return out


def _players_by_team(data: publish.SiteData) -> list[tuple[str, list[str]]]:
    teams: dict[str, list[str]] = {code: [] for code in data.rosters}
    others: list[str] = []
    for pid, player in sorted(data.players.items()):
        (teams[player.team] if player.team in teams else others).append(pid)
    return [*teams.items(), ("", others)]


def _honours(data: publish.SiteData) -> dict[str, list[tuple[int, str, str]]]:
    """Each player's titles and confirmed awards by season: (season, Japanese, English)."""
    out: dict[str, list[tuple[int, str, str]]] = {}
    for h in data.history.seasons:
        for t in h.titles:
            for holder in t.holders:
                out.setdefault(holder.player, []).append((h.season, t.ja, t.en))
        for _league, key, pid in h.awards:
            if pid:
                award, _, slot = key.partition(":")
                out.setdefault(pid, []).append((
                    h.season, award_name(award, True) + (f" {slot_name(slot, True)}" if slot else ""),
                    award_name(award, False) + (f" {slot_name(slot, False)}" if slot else "")))
    return out
