"""History services: titles, awards (proposed, confirmed), transactions and the news, careers
(年度別成績) and the league's history (champions, title holders, award winners, records, head to
head). Textual-free like tui.services; both the CLI and the History area call these.

A season is complete when every game of its schedule is final; its titles are then the season's
titles (before that `titles` shows them as they stand). The league's structure is read from the
season's league: every team is in one league (リーグ) until a league holds two.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from league.engine.events import POSITIONS_JA
from league.errors import LeagueError
from league.offseason.draft import SCHOOLS_EN
from league.offseason.people import pro_abroad
from league.offseason.renewal import FOREIGN_RELEASE, IKUSEI_EXPIRED
from league.offseason.trades import with_itself
from league.season import awards as aw
from league.season.careers import (
    RECORDS,
    Career,
    CareerSeason,
    HeadToHead,
    PlayerSeason,
    RecordRow,
    RecordSpec,
    add_stats,
    career,
    career_records,
    head_to_head_table,
    season_records,
)
from league.season.postseason import series_state
from league.season.roster import League, code_as_typed
from league.season.standings import Outcome, StandingRow, standings
from league.season.stats import FieldingStats
from league.season.titles import SeasonLine, Title, merge_lines
from league.season.titles import titles as league_titles
from storage import history_store as hs
from storage import repository as repo
from storage import roster_edit
from tui.services.db import Db, ServiceError, Work, db_error

# --- the season's leagues -----------------------------------------------------------------------


def league_groups(lg: League) -> dict[str, list[str]]:
    """{league (リーグ) name: team codes}: the leagues of league.toml, else one of every team."""
    return {g.name: list(g.teams) for g in lg.groups}


def _dh_of(lg: League, group: str) -> bool:
    return next((g.dh for g in lg.groups if g.name == group), lg.dh)


@dataclass
class _Season:
    """What history needs of one season, read once."""

    info: repo.SeasonInfo
    league: League
    rows: tuple[StandingRow, ...]
    outcomes: list[Outcome]
    groups: dict[str, list[str]]
    group_rows: dict[str, tuple[StandingRow, ...]]

    series: list[repo.StoredSeries] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """The regular season is over (its titles are the season's)."""
        return self.info.phase in ("postseason", "closed") or (
            self.info.games > 0 and self.info.final == self.info.games)

    @property
    def final_series(self) -> repo.StoredSeries | None:
        """The last series of the postseason (the Japan Series), once it has a winner."""
        last = [x for x in self.series if not x.feeds]
        return last[-1] if last and last[-1].winner else None

    @property
    def team_games(self) -> dict[str, int]:
        return {r.team: r.games for r in self.rows}

    @property
    def year(self) -> str:
        return str(getattr(self.info, "year", None) or self.info.start.year)


def _read_season(s: Any, league_id: int, info: repo.SeasonInfo) -> _Season:
    lg = repo.load_league(session=s, league_id=league_id, season_id=info.id)
    finals = repo.final_games(session=s, season_id=info.id)
    outcomes = [Outcome(g.number, g.day, g.away, g.home, g.away_runs or 0, g.home_runs or 0)
                for g in finals]
    rows = standings(outcomes, [t.code for t in lg.teams])
    groups = league_groups(lg)
    # each league's order: its teams in the order of the whole table (all their games count)
    group_rows = {name: tuple(r for r in rows if r.team in teams) for name, teams in groups.items()}
    series = repo.postseason_series(session=s, season_id=info.id)
    return _Season(info, lg, rows, outcomes, groups, group_rows, series)


def _league_id(s: Any, league: str | None) -> int:
    row = repo.find_league(session=s, name=league)
    assert row.id is not None
    return row.id


def _names(s: Any, league_id: int) -> dict[str, str]:
    from sqlmodel import select

    from storage.tables import PlayerRow
    return dict(s.exec(select(PlayerRow.pid, PlayerRow.name)
                       .where(PlayerRow.league_id == league_id)).all())


def _lines_of(totals: Sequence[hs.Totals],
              groups: Mapping[int, Mapping[str, Sequence[str]]] | None = None
              ) -> dict[int, list[SeasonLine]]:
    """Per season id, one SeasonLine per player and league (teams summed; his team is his last
    game's there): with `groups` (a season id's leagues: name → teams) a man traded between the
    two leagues has a line in each, for each league's titles (league.season.titles.league_lines,
    NPB's practice); without, one line a player."""
    league_of = {(sid, tm): name for sid, lgs in (groups or {}).items()
                 for name, teams in lgs.items() for tm in teams}
    by: dict[tuple[int, str], list[hs.Totals]] = {}
    for t in totals:
        by.setdefault((t.season_id, league_of.get((t.season_id, t.team), "")), []).append(t)
    out: dict[int, list[SeasonLine]] = {}
    for (sid, _lg), ts in sorted(by.items()):
        last: dict[str, tuple[date, int, str]] = {}
        for t in ts:
            k = (t.last_day, t.last_number, t.team)
            if t.player not in last or k > last[t.player]:
                last[t.player] = k
        out.setdefault(sid, []).extend(merge_lines(
            ((t.player, t.team, t.batting, t.pitching) for t in ts),
            {p: v[2] for p, v in last.items()}))
    return out


def _guard(fn: Any) -> Any:
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except SQLAlchemyError as exc:
            raise db_error(exc) from None
    wrapper.__doc__ = fn.__doc__
    wrapper.__name__ = fn.__name__
    return wrapper


# --- titles --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class TitlesView:
    season: int
    year: str
    complete: bool
    remaining: int
    titles: list[Title]
    names: dict[str, str]            # player id → name
    teams: dict[str, str]            # team code → short name


@_guard
def season_titles(db: Db, league: str | None = None, season: int | None = None) -> TitlesView:
    """The titles of every league of the season (as they stand while games remain)."""
    with Work.of(db, league).session() as s:
        lid = _league_id(s, league)
        info = repo.find_season(session=s, league_id=lid, number=season)
        se = _read_season(s, lid, info)
        totals = hs.season_totals(session=s, season_ids=[info.id])
        names = _names(s, lid)
    lines = _lines_of(totals, {info.id: se.groups}).get(info.id, [])
    ts = league_titles(lines, team_games=se.team_games, leagues=se.groups)
    return TitlesView(info.number, se.year, se.complete, info.games - info.final, ts, names,
                      {t.code: t.short or t.name for t in se.league.teams})


def title_dict(t: Title, names: Mapping[str, str]) -> dict[str, Any]:
    return {"key": t.key, "ja": t.ja, "en": t.en, "league": t.league,
            "holders": [{"player": h.player, "name": names.get(h.player, h.player),
                         "team": h.team, "value": h.value, "text": h.text} for h in t.holders]}


# --- awards --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class AwardSlot:
    """One award slot: the app's proposal, its candidates and the commissioner's stored choice."""

    league: str
    key: str
    award: str
    slot: str
    proposed: str | None
    candidates: tuple[aw.Candidate, ...]
    confirmed: bool
    chosen: str | None               # the stored choice (None with confirmed: 該当者なし)

    @property
    def winner(self) -> str | None:
        return self.chosen if self.confirmed else self.proposed


@dataclass(frozen=True)
class AwardsView:
    season: int
    year: str
    complete: bool
    slots: list[AwardSlot]
    names: dict[str, str]
    teams: dict[str, str]
    rules: aw.AwardRules
    sawamura_criteria: dict[str, list[tuple[str, str, bool]]] = field(default_factory=dict)


def _award_parts(mine: Sequence[hs.Totals],
                 positions: Mapping[tuple[int, str, str], Mapping[str, int]], sid: int,
                 groups: Mapping[str, Sequence[str]] | None = None
                 ) -> list[tuple[SeasonLine, FieldingStats | None, dict[str, int]]]:
    """Each player's season for the awards, from his per-club parts (`mine`: the season's totals,
    `positions`: games at each position per (season, player, team)): with `groups` (the
    season's leagues: name → teams) one per player and league — NPB's practice, as for the
    titles (league.season.titles.league_lines): a man traded between the two leagues has each
    league's line, fielding and games there, for that league's awards, his team the last he
    played for in it; without, his whole season (沢村賞 is both leagues')."""
    league_of = {tm: name for name, teams in (groups or {}).items() for tm in teams}
    fielding: dict[tuple[str, str], list[FieldingStats]] = {}
    for t in mine:
        if t.fielding is not None:
            fielding.setdefault((t.player, league_of.get(t.team, "")), []).append(t.fielding)
    at: dict[tuple[str, str], dict[str, int]] = {}
    for (season_id, pid, team), games in positions.items():
        if season_id == sid:
            d = at.setdefault((pid, league_of.get(team, "")), {})
            for pos, n in games.items():
                d[pos] = d.get(pos, 0) + n
    out = []
    for ln in _lines_of(mine, {sid: groups} if groups else None).get(sid, []):
        key = (ln.player, league_of.get(ln.team, ""))
        out.append((ln, add_stats(fielding[key]) if key in fielding else None, at.get(key, {})))
    return out


def _award_players(s: Any, lid: int, se: _Season, totals_all: Sequence[hs.Totals],
                   season_numbers: Mapping[int, int]
                   ) -> tuple[list[aw.AwardPlayer], list[aw.AwardPlayer]]:
    """The season's players as the awards see them: each league's (`_award_parts` by the
    season's leagues: a man traded between them in each, with his games there) and the whole
    season's (for 沢村賞)."""
    sid = se.info.id
    mine = [t for t in totals_all if t.season_id == sid]
    positions = hs.position_games(session=s, season_ids=[sid])
    cards = hs.card_seasons(session=s, league_id=lid)
    first_season = min(season_numbers.values()) if season_numbers else se.info.number
    prior_ab: dict[str, int] = {}
    prior_pa: dict[str, int] = {}
    prior_outs: dict[str, int] = {}
    for t in totals_all:
        if season_numbers.get(t.season_id, 10**9) < se.info.number:
            if t.batting:
                prior_ab[t.player] = prior_ab.get(t.player, 0) + t.batting.ab
                prior_pa[t.player] = prior_pa.get(t.player, 0) + t.batting.pa
            if t.pitching:
                prior_outs[t.player] = prior_outs.get(t.player, 0) + t.pitching.outs
    known: dict[str, tuple[dict[str, float], bool]] = {}

    def card(pid: str) -> tuple[dict[str, float], bool]:
        if pid not in known:
            try:
                c = se.league.player(pid)
                known[pid] = ({f.position: f.defence + aw.MARK_POINTS.get(f.fine or "", 0.0)
                               + aw.MARK_POINTS.get(f.error or "", 0.0) for f in c.fielding},
                              pro_abroad(c))
            except LeagueError:
                known[pid] = ({}, False)    # released since: his card is no longer on a team
        return known[pid]

    def players(groups: Mapping[str, Sequence[str]] | None) -> list[aw.AwardPlayer]:
        out = []
        for ln, fielding, at in _award_parts(mine, positions, sid, groups):
            pid = ln.player
            defence, abroad = card(pid)
            seasons_in = [n for n, _t in cards.get(pid, [])]
            out.append(aw.AwardPlayer(
                pid, ln.team, ln.batting, ln.pitching, fielding, at, defence,
                prior_years=len({n for n in seasons_in if n < se.info.number}),
                prior_ab=prior_ab.get(pid, 0), prior_outs=prior_outs.get(pid, 0),
                prior_pa=prior_pa.get(pid, 0),
                founder=bool(seasons_in) and min(seasons_in) == first_season, abroad=abroad))
        return out
    return players(se.groups), players(None)


def _proposals(s: Any, lid: int, se: _Season, rules: aw.AwardRules,
               totals_all: Sequence[hs.Totals], season_numbers: Mapping[int, int]
               ) -> tuple[list[aw.Proposal], list[aw.AwardPlayer]]:
    """Each league's awards from its players' lines there, 沢村賞 from the whole seasons; and
    the whole seasons' players (for 沢村賞's criteria)."""
    by_league, whole = _award_players(s, lid, se, totals_all, season_numbers)
    out: list[aw.Proposal] = []
    for name, teams in se.groups.items():
        group = [p for p in by_league if p.team in teams]
        rank = {r.team: r.rank for r in se.group_rows[name]}
        out += aw.propose(group, league=name if len(se.groups) > 1 else "",
                          dh=_dh_of(se.league, name), team_games=se.team_games, team_rank=rank,
                          rules=rules)
    out.append(aw.sawamura(whole, rules=rules, team_rank={r.team: r.rank for r in se.rows}))
    return out, whole


def _rules(s: Any, lid: int) -> aw.AwardRules:
    return aw.AwardRules.from_mapping(hs.award_rules(session=s, league_id=lid),
                                      "the league's award settings")


def _award_part(s: Any, lid: int, part: str, parts: Sequence[str]) -> str:
    """The league (リーグ) `part` names, as its awards store it (its name): given by its name,
    its code (CL, any case, as `impact leaders --part` takes it) or its short name; refused
    naming the leagues when none."""
    if part in parts:
        return part
    up = part.strip().upper()
    groups = repo.league_structure(session=s, league_id=lid).leagues
    for g in groups:
        if up in (g.code.upper(), g.short.upper(), g.name.upper()) and g.name in parts:
            return g.name
    known = ", ".join(f"{g.name} ({g.code})" for g in groups if g.name in parts) \
        or ", ".join(parts) or "one only"
    raise ServiceError(f"no league {part!r} in this season (leagues: {known})")


@_guard
def season_awards(db: Db, league: str | None = None, season: int | None = None, *,
                  part: str | None = None) -> AwardsView:
    """Every award slot of the season: the proposal, the candidates, what is confirmed; `part`
    (a league of two's code or name): its slots only, with 沢村賞 (both leagues')."""
    with Work.of(db, league).session() as s:
        lid = _league_id(s, league)
        info = repo.find_season(session=s, league_id=lid, number=season)
        se = _read_season(s, lid, info)
        ids = repo.season_ids(session=s, league_id=lid)
        numbers = {sid: repo.season_info(session=s, season_id=sid).number for sid in ids}
        totals_all = hs.season_totals(session=s, season_ids=ids)
        rules = _rules(s, lid)
        props, players = _proposals(s, lid, se, rules, totals_all, numbers)
        stored = {(a.league_part, a.award): a for a in hs.awards(session=s, season_ids=[info.id])}
        names = _names(s, lid)
        if part is not None:
            part = _award_part(s, lid, part, sorted({p.league for p in props if p.league}))
            props = [p for p in props if p.league in (part, "")]
    slots = []
    for p in props:
        st = stored.get((p.league, p.key))
        slots.append(AwardSlot(p.league, p.key, p.award, p.slot, p.player, p.candidates,
                               st is not None, st.player if st else None))
    crit = {}
    sawa = next(p for p in props if p.award == "sawamura")
    by = {p.player: p for p in players}
    for c in sawa.candidates:
        pit = by[c.player].pitching
        if pit is not None:
            crit[c.player] = [(cr.ja, text, met) for cr, text, met in aw.criteria_met(pit, rules)]
    return AwardsView(info.number, se.year, se.complete, slots, names,
                      {t.code: t.short or t.name for t in se.league.teams}, rules, crit)


@_guard
def confirm_awards(db: Db, choices: Mapping[str, str | None] | None = None, *,
                   league: str | None = None, season: int | None = None, part: str | None = None,
                   accept_all: bool = False) -> AwardsView:
    """Store the commissioner's choices: {award key: player id or name, or None / "none" for
    nobody}; with `accept_all` every slot not chosen yet takes the app's proposal. `part` names
    the league (リーグ) of a two-league structure (its code or name; `accept_all` then takes
    its slots and 沢村賞 only). A bad key or player refuses the whole call."""
    w = Work.of(db, league)
    view = season_awards(w, league, season)
    parts = sorted({sl.league for sl in view.slots if sl.award != "sawamura"})
    only = part is not None        # --accept for this league's slots alone (and 沢村賞)
    if part is None:
        if len(parts) > 1 and choices and any(not k.startswith("sawamura") for k in choices):
            raise ServiceError(f"this season has several leagues ({', '.join(parts)}): "
                               "choose one with --part CODE")
        part = parts[0] if parts else ""
    elif part not in parts:
        with w.session() as s:
            part = _award_part(s, _league_id(s, league), part, parts)
    by_key = {(sl.league, sl.key): sl for sl in view.slots}
    with w.session() as s:
        lid = _league_id(s, league)
        info = repo.find_season(session=s, league_id=lid, number=season)
        todo: list[tuple[AwardSlot, str | None]] = []
        for key, ref in (choices or {}).items():
            lp = "" if key == "sawamura" else part
            slot = by_key.get((lp, key))
            if slot is None:
                known = ", ".join(sl.key for sl in view.slots if sl.league in (lp, ""))
                raise ServiceError(f"no award {key!r} (the awards are {known})")
            if ref is None or str(ref).strip().lower() in ("none", "-", "該当者なし", ""):
                todo.append((slot, None))
                continue
            found, _name = repo.player_row(session=s, league_id=lid, ref=str(ref))
            todo.append((slot, found))
        chosen = {(sl.league, sl.key) for sl, _ in todo}
        if accept_all:
            todo += [(sl, sl.proposed) for sl in view.slots
                     if not sl.confirmed and (sl.league, sl.key) not in chosen
                     and (not only or sl.league in (part, ""))]
        # the same player twice in one position group (outfield) is refused
        for sl, pid in todo:
            if pid is None:
                continue
            base = sl.key.rstrip("123")
            same = [o for o in view.slots if o.league == sl.league and o.key != sl.key
                    and o.key.rstrip("123") == base and base != sl.key]
            for o in same:
                other = next((p for x, p in todo if x.key == o.key and x.league == o.league),
                             o.winner)
                if other == pid:
                    raise ServiceError(f"{view.names.get(pid, pid)} is already chosen for "
                                       f"{o.key}")
        for sl, pid in todo:
            hs.confirm_award(session=s, season_id=info.id, league_part=sl.league, award=sl.key,
                             player=pid, proposed=sl.proposed)
        s.commit()
    return season_awards(w, league, season, part=part if only else None)


@_guard
def set_award_rules(db: Db, changes: Mapping[str, Any], *, league: str | None = None
                    ) -> aw.AwardRules:
    """Change a league's award settings (e.g. rookie_max_prior_ab=60); checked whole first."""
    with Work.of(db, league).session() as s:
        lid = _league_id(s, league)
        data = {**hs.award_rules(session=s, league_id=lid)}
        for k, v in changes.items():
            if k.startswith("sawamura."):
                data.setdefault("sawamura", {})[k.split(".", 1)[1]] = v
            else:
                data[k] = v
        rules = aw.AwardRules.from_mapping(data, "award setting")
        hs.save_award_rules(session=s, league_id=lid, data=rules.to_mapping())
        s.commit()
        return rules


def award_rules(db: Db, league: str | None = None) -> aw.AwardRules:
    with Work.of(db, league).session() as s:
        return _rules(s, _league_id(s, league))


# --- transactions --------------------------------------------------------------------------------


# what an off-season's call-up (in place of a player who left) had for its note before it was
# data ({"offseason": true, "fill": true}): the leagues stored then read the same
_OLD_FILL_NOTE = "the off-season: in place of a player who left"


@dataclass(frozen=True)
class NewsItem:
    id: int
    season: int | None
    day: date | None
    kind: str
    moves: tuple[tuple[str, str, str], ...]
    note: str
    text_ja: str
    text_en: str

    @property
    def remark(self) -> str:
        """The note as a person reads it beside the text: a note typed with the transaction;
        the off-season's and the computer's notes are data (the text says what they mean, and
        `--json` has them), so nothing."""
        return "" if self.note.startswith("{") or self.note == _OLD_FILL_NOTE else self.note


def _team_name(teams: Mapping[str, str], code: str, ja: bool) -> str:
    """A team as the news names it: its short name in Japanese, its code in English (as the
    app's English shows a team's short name: "SAP call up …", never "札幌 call up …")."""
    if code == hs.FREE_AGENT:
        return "自由契約" if ja else "free agency"
    return teams.get(code, code) if ja else code


# a manager's saved lists, as the news names one set aside
_LISTS = {"order": ("打順", "batting order"), "rotation": ("先発ローテーション", "rotation"),
          "bullpen": ("ブルペンの順", "bullpen order"), "reserves": ("控え", "reserves")}


def _note_data(note: str) -> dict[str, Any]:
    """A transaction's note as data (the off-season's and the computer's are JSON objects); a
    note a person typed is no data: {}."""
    if note == _OLD_FILL_NOTE:
        return {"offseason": True, "fill": True}
    return hs.note_data(note)


def _news_text(kind: str, moves: Sequence[Sequence[str]], names: Mapping[str, str],
               teams: Mapping[str, str], ja: bool, note: str = "") -> str:
    """A transaction as one line of the news in one language, from its kind, its moves and its
    note's data (a conversion's position, free agency, a foreign player, the 現役ドラフト)."""
    def who(pid: str) -> str:
        return f"{names.get(pid, pid)} ({pid})"

    def club(code: str) -> str:
        return _team_name(teams, code, ja)
    data = _note_data(note)
    if kind == "trade":
        sides: dict[str, list[str]] = {}
        for pid, src, _dst in moves:
            sides.setdefault(src, []).append(who(pid))
        (a, pa), (b, pb) = list(sides.items())[:2]
        if ja:
            return (f"トレード: {_team_name(teams, a, ja)}の{'、'.join(pa)}と"
                    f"{_team_name(teams, b, ja)}の{'、'.join(pb)}")
        return (f"Trade: {_team_name(teams, a, ja)} send {', '.join(pa)} to "
                f"{_team_name(teams, b, ja)} for {', '.join(pb)}")
    if kind == hs.REFUSED:
        away, home = (_team_name(teams, c, ja) for c in (moves[0][1:3] if moves else ("", "")))
        return (f"キーボードの試合を無効: {away}対{home}" if ja
                else f"Keyboard game voided: {away} @ {home}")
    if kind == hs.RETIRE:
        pid, src, _dst = moves[0]
        return (f"引退: {_team_name(teams, src, ja)}の{who(pid)}が現役を引退" if ja
                else f"Retired: {who(pid)} of {_team_name(teams, src, ja)} retires")
    if kind == hs.DRAFT:
        pid, _src, dst = moves[0]
        if data.get("refused"):            # 入団拒否: he never joined, named by the note
            name = str(data.get("name", "") if ja else data.get("name_en") or data.get("name", ""))
            year, school = data.get("returns"), str(data.get("returns_as") or "")
            back = ((f"（{year}年に{school}から再び指名対象）" if ja else
                     f" (back in the {year} class from {SCHOOLS_EN.get(school, school)})")
                    if year else "")
            return (f"入団拒否: {_team_name(teams, dst, ja)}が指名した{name}が入団を拒否{back}"
                    if ja else f"Refused: {name}, drafted by {_team_name(teams, dst, ja)}, does "
                    f"not sign{back}")
        before = ""
        if data.get("refused_year"):       # a man who refused a club before, drafted again
            year, was = data["refused_year"], _team_name(teams, str(data.get("refused_team")), ja)
            before = (f"（{year}年に{was}の指名を拒否）" if ja
                      else f" (he refused {was} in {year})")
        return (f"ドラフト: {_team_name(teams, dst, ja)}が{who(pid)}を指名{before}" if ja
                else f"Draft: {_team_name(teams, dst, ja)} take {who(pid)}{before}")
    if kind == hs.CHANGE:
        team = _team_name(teams, moves[0][1] if moves else "", ja)
        return (f"変化: {team}の{len(moves)}人の成長と衰え" if ja
                else f"Changes: growth and decline of {len(moves)} players of {team}")
    if kind.startswith(hs.ASIDE):
        team = _team_name(teams, moves[0][1] if moves else "", ja)
        what = _LISTS.get(kind[len(hs.ASIDE):], ("", kind[len(hs.ASIDE):]))
        return (f"保存した{what[0]}を使わず: {team}はコンピューターが決める" if ja
                else f"Set aside: {team}'s saved {what[1]}; the computer decides")
    pid, src, dst = moves[0]
    special = _market_text(kind, data, who(pid), club(src), club(dst), src == dst, ja)
    if special is not None:
        return special
    if kind == "up" and data.get("fill"):
        return (f"一軍登録: {club(src)}が退団選手の補充に{who(pid)}を登録" if ja
                else f"Called up: {club(src)} call up {who(pid)} in place of a player who left")
    if kind == "up":
        return (f"一軍登録: {_team_name(teams, src, ja)}が{who(pid)}を登録" if ja
                else f"Called up: {_team_name(teams, src, ja)} call up {who(pid)}")
    if kind == "down":
        return (f"登録抹消: {_team_name(teams, src, ja)}が{who(pid)}の登録を抹消" if ja
                else f"Sent down: {_team_name(teams, src, ja)} send {who(pid)} to the farm")
    if kind == "release":
        return (f"自由契約: {_team_name(teams, src, ja)}が{who(pid)}を自由契約" if ja
                else f"Released: {_team_name(teams, src, ja)} release {who(pid)}")
    if kind == "sign":
        return (f"契約: {_team_name(teams, dst, ja)}が{who(pid)}と契約" if ja
                else f"Signed: {_team_name(teams, dst, ja)} sign {who(pid)}")
    return (f"移籍: {who(pid)}が{_team_name(teams, src, ja)}から{_team_name(teams, dst, ja)}へ"
            if ja else f"Moved: {who(pid)} from {_team_name(teams, src, ja)} to "
            f"{_team_name(teams, dst, ja)}")


def _market_text(kind: str, data: Mapping[str, Any], who: str, src: str, dst: str, same: bool,
                 ja: bool) -> str | None:
    """The news line of a move the off-season's market made, by its note (None for any other):
    a conversion (コンバート, {"convert": pos}), a pick of the 現役ドラフト, a declared free agent
    who stays, moves or goes abroad, a compensation (人的補償), a foreign player signed or
    released (§4-§7)."""
    if kind == "move" and data.get("convert") == "SP":     # renewal.ROTATION: 配置転換
        return (f"配置転換: {src}の{who}が先発へ" if ja
                else f"To the rotation: {src} move {who} from the bullpen to the rotation")
    if kind == "move" and data.get("convert"):
        pos = str(data["convert"])
        return (f"コンバート: {src}の{who}が{POSITIONS_JA.get(pos, pos)}へ" if ja
                else f"Converted: {src} move {who} to {pos}")
    if kind == "move" and data.get("active_draft"):
        return (f"現役ドラフト: {dst}が{src}の{who}を指名" if ja
                else f"Active-player draft: {dst} take {who} from {src}")
    fa = data.get("fa")
    if kind == "sign" and fa == "compensation":
        return (f"人的補償: {dst}が{src}から{who}を獲得" if ja
                else f"Compensation: {dst} take {who} from {src}")
    if kind == "sign" and fa:
        if same:
            return (f"FA残留: {who}が{src}に残留" if ja
                    else f"Free agency: {who} stays with {src}")
        return (f"FA移籍: {src}の{who}が{dst}へ" if ja
                else f"Free agency: {who} leaves {src} for {dst}")
    if kind == "release" and fa:
        return (f"海外FA: {src}の{who}が海外へ" if ja
                else f"Overseas free agency: {who} leaves {src} to play abroad")
    if kind == "sign" and data.get("shihaika"):
        return (f"支配下登録: {src}が育成の{who}と支配下契約" if ja
                else f"Promoted: {src} sign development player {who} to the 70")
    if kind == "sign" and data.get("ikusei_resigned"):
        return (f"育成再契約: {src}が育成契約の期限を迎えた{who}と再び育成契約" if ja
                else f"Signed again: {src} sign development player {who} again, his "
                "development contract at its limit")
    if kind == "release" and data.get("reason") == IKUSEI_EXPIRED:
        return (f"自由契約: {src}が育成契約の期限を迎えた{who}を自由契約" if ja
                else f"Released: {src} release development player {who}, his development "
                "contract at its limit")
    if kind == "sign" and data.get("foreign"):
        return (f"外国人選手と契約: {dst}が{who}と契約" if ja
                else f"Signed: {dst} sign foreign player {who}")
    if kind == "release" and data.get("reason") == FOREIGN_RELEASE:
        return (f"自由契約: {src}が外国人選手{who}を自由契約" if ja
                else f"Released: {src} release foreign player {who}")
    return None


def _team_codes(s: Any, lid: int) -> dict[str, str]:
    from sqlmodel import select

    from storage.tables import TeamRow
    return {c: sh or n for c, n, sh in s.exec(select(TeamRow.code, TeamRow.name, TeamRow.short)
                                              .where(TeamRow.league_id == lid)).all()}


@_guard
def transact(db: Db, kind: str, *, players: Sequence[str] = (), team: str | None = None,
             other_team: str | None = None, others: Sequence[str] = (), note: str = "",
             league: str | None = None) -> NewsItem:
    """A commissioner's transaction, checked whole and logged, or refused with one line:

    - trade: `players` of `team` go to `other_team`, `others` of `other_team` come back;
    - release: `players` (each on a team) become free agents;
    - sign: free agents `players` join `team`;
    - move: `players` (each on a team) move to `team`.
    The rosters after it must be legal: at most the roster size, and each active roster with
    what a game needs (a catcher, five starters, nine position players, ten with DH)."""
    if kind not in hs.TRANSACTION_KINDS:
        raise ServiceError(f"unknown transaction {kind!r}; use {', '.join(hs.TRANSACTION_KINDS)}")
    if not players:
        raise ServiceError(f"{kind}: name at least one player")
    w = Work.of(db, league)
    with w.session() as s:
        lid = _league_id(s, league)
        teams = _team_codes(s, lid)

        def check_team(code: str | None, what: str) -> str:
            if not code:
                raise ServiceError(f"{kind}: give {what}")
            known = code_as_typed(code, teams)
            if known is None:
                raise ServiceError(f"{kind}: no team {code!r} in this league "
                                   f"(teams: {', '.join(teams)})")
            return known

        try:
            info: repo.SeasonInfo | None = repo.find_season(session=s, league_id=lid)
        except repo.NotFound:
            info = None
        # a closed season's cards are its history: between `season close` and `season new` a
        # transaction moves the league's own cards (what the next season copies), no season's
        sid = info.id if info is not None and not info.closed else None
        current = hs.player_teams(session=s, league_id=lid, season_id=sid)
        own = hs.player_teams(session=s, league_id=lid, season_id=None)
        for pid, t in own.items():
            current.setdefault(pid, t)

        def resolve(refs: Sequence[str]) -> list[str]:
            out = []
            for r in refs:
                pid, _ = repo.player_row(session=s, league_id=lid, ref=r)
                if pid in out:
                    raise ServiceError(f"{kind}: {pid} is named twice")
                out.append(pid)
            return out

        pids = resolve(players)
        back = resolve(others) if kind == "trade" else []
        from tui.services.offseason import left_refusal, player_left
        for pid in pids + back:
            # a man who left the rosters: one line saying how and when (a released man may be
            # signed again; a retired one may not)
            left = player_left(s, lid, pid) if not current.get(pid) else None
            if left is not None and (kind != "sign" or left["how"] == "retired"):
                raise ServiceError(left_refusal(kind, pid, left))
        moves: list[tuple[str, str, str]] = []
        if kind == "trade":
            a = check_team(team, "the first team (--team)")
            b = check_team(other_team, "the other team (--with)")
            same = with_itself(a, b)
            if same is not None:
                raise ServiceError(f"trade: {same} (--with names another team)")
            if not back:
                raise ServiceError(f"trade: name the players {b} gives back (--for)")
            for pid in pids:
                if current.get(pid) != a:
                    raise ServiceError(f"trade: {pid} is not on {a} "
                                       f"(he is on {current.get(pid) or 'no team'})")
            for pid in back:
                if current.get(pid) != b:
                    raise ServiceError(f"trade: {pid} is not on {b} "
                                       f"(he is on {current.get(pid) or 'no team'})")
            moves = [(p, a, b) for p in pids] + [(p, b, a) for p in back]
        elif kind == "release":
            for pid in pids:
                if not current.get(pid):
                    raise ServiceError(f"release: {pid} is already a free agent")
            moves = [(p, current[p], hs.FREE_AGENT) for p in pids]
        elif kind == "sign":
            dst = check_team(team, "the team that signs him (--team)")
            for pid in pids:
                if current.get(pid):
                    raise ServiceError(f"sign: {pid} is on {current[pid]}, not a free agent "
                                       "(use move or trade)")
            moves = [(p, hs.FREE_AGENT, dst) for p in pids]
        else:
            dst = check_team(team, "the team he moves to (--team)")
            for pid in pids:
                if not current.get(pid):
                    raise ServiceError(f"move: {pid} is a free agent (use sign)")
                if current[pid] == dst:
                    raise ServiceError(f"move: {pid} is already on {dst}")
            moves = [(p, current[p], dst) for p in pids]
        hs.apply_moves(session=s, league_id=lid, season_id=sid, moves=moves)
        _drop_from_prefs(s, sid, moves)
        _check_rosters(s, lid, sid, {t for m in moves for t in m[1:] if t})
        day = None
        if sid is not None and info is not None:
            pending = repo.schedule(session=s, season_id=info.id, pending_only=True)
            day = pending[0].day if pending else (info.start if not info.final else None)
            if day is None:
                finals = repo.final_games(session=s, season_id=info.id)
                day = finals[-1].day if finals else None
        # dated by its season's next day, or none after the close (the off-season's: listed
        # with the closed season's number, as a trade offer's after the close)
        tid = hs.add_transaction(session=s, league_id=lid, season_id=info.id if info else None,
                                 day=day, kind=kind,
                                 moves=moves, note=note)
        names = _names(s, lid)
        s.commit()
    return NewsItem(tid, info.number if info else None, day, kind, tuple(moves), note,
                    _news_text(kind, moves, names, teams, True, note),
                    _news_text(kind, moves, names, teams, False, note))


def _drop_from_prefs(s: Any, sid: int | None, moves: Sequence[tuple[str, str, str]]) -> None:
    """A player who leaves a team leaves its saved orders: his place in the rotation, bullpen and
    reserves goes; a saved batting order with him in it goes back to the computer's."""
    if sid is None:
        return
    gone: dict[str, set[str]] = {}
    for pid, src, _dst in moves:
        if src:
            gone.setdefault(src, set()).add(pid)
    prefs = roster_edit.preferences(session=s, season_id=sid)
    for team, pids in gone.items():
        for kind, data in prefs.get(team, {}).items():
            if kind == "order":
                if any(entry[0] in pids for entry in data):
                    roster_edit.save_preference(session=s, season_id=sid, team=team,
                                                kind=kind, data=[])
            else:
                kept = [p for p in data if p not in pids]
                if kept != data:
                    roster_edit.save_preference(session=s, season_id=sid, team=team,
                                                kind=kind, data=kept)


def _check_rosters(s: Any, lid: int, sid: int | None, changed: set[str]) -> None:
    """Refuse (the caller rolls back) when a changed team's roster is not legal — the changed
    teams only: another club's roster is not this move's to answer for (a closed season's own
    cards need not make a legal league file; the renewal mends them)."""
    try:
        season = repo.load_league(session=s, league_id=lid, season_id=sid) \
            if sid is not None else None
        # the league's own cards, the changed teams by its rules: with no season (or after its
        # close) the rosters checked. Their cards alone are read and parsed (the other clubs'
        # rows are not this move's: a full parse of the league's own cards was most of a trade
        # day's time). In season the games are the season's rosters' (checked below); the own
        # cards keep the active rosters the season began with, held to their size and foreign
        # limit, but a club's catcher and starters may be anywhere on them (anywhere: a club
        # that called a catcher up may trade the ones its own cards held active)
        own = repo.stored_texts(session=s, league_id=lid, teams=changed).parse(
            judged=changed, keep=False, anywhere=sid is not None)
        lg = season if season is not None else own
        prefs = roster_edit.preferences(session=s, season_id=sid) if sid is not None else {}
        for team in sorted(changed):
            roster_edit.check_active(lg, team, set(prefs.get(team, {}).get("reserves", [])))
    except LeagueError as exc:
        # the parser names the files of a folder; a stored league has none
        text = str(exc).split(".csv: ")[-1].replace(" (roster_size in league.toml)", "")
        raise ServiceError(f"refused, the rosters would not be legal: {text}") from None


@_guard
def news(db: Db, league: str | None = None, *, limit: int | None = None) -> list[NewsItem]:
    """The transaction log, newest first."""
    with Work.of(db, league).session() as s:
        lid = _league_id(s, league)
        rows = hs.transactions(session=s, league_id=lid, limit=limit)
        names = _names(s, lid)
        teams = _team_codes(s, lid)
    return [NewsItem(t.id, t.season, t.day, t.kind, t.moves, t.note,
                     _news_text(t.kind, t.moves, names, teams, True, t.note),
                     _news_text(t.kind, t.moves, names, teams, False, t.note)) for t in rows]


def free_agents(db: Db, league: str | None = None) -> list[tuple[str, str]]:
    """(id, name) of the league's free agents."""
    with Work.of(db, league).session() as s:
        lid = _league_id(s, league)
        try:        # the latest season's cards; after its close the off-season's (own cards)
            info = repo.find_season(session=s, league_id=lid)
            sid: int | None = None if info.closed else info.id
        except repo.NotFound:
            sid = None
        teams = hs.player_teams(session=s, league_id=lid, season_id=sid)
        names = _names(s, lid)
        retired = hs.retired(session=s, league_id=lid)
    return sorted((p, names.get(p, p)) for p, t in teams.items()
                  if t == hs.FREE_AGENT and p not in retired)


# --- careers -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CareerView:
    id: str
    name: str
    team: str
    regular: Career
    postseason: Career | None       # kept apart; None until the league has postseason games
    awards: list[tuple[int, str, str]]    # (season, league, award key)
    titles: list[tuple[int, str, str]]    # (season, league, title key) of complete seasons
    # the changes (変化) of each off-season before a season: (season, year, change as stored:
    # age, mark, value, changes) — tui.services.offseason
    changes: list[tuple[int, int, dict[str, Any]]] = field(default_factory=list)
    born: str = ""                  # birth date (YYYY-MM-DD)
    # how and when he left the rosters, None while on one (tui.services.offseason.player_left)
    left: dict[str, Any] | None = None


@_guard
def player_career(db: Db, ref: str, league: str | None = None) -> CareerView:
    """A player's 年度別成績: every season's stats (teams summed) and the career totals."""
    with Work.of(db, league).session() as s:
        lid = _league_id(s, league)
        pid, name = repo.player_row(session=s, league_id=lid, ref=ref)
        ids = repo.season_ids(session=s, league_id=lid)
        infos = {sid: repo.season_info(session=s, season_id=sid) for sid in ids}
        mine = hs.season_totals(session=s, season_ids=ids, player=pid)
        post = hs.season_totals(session=s, season_ids=ids, player=pid, kind="postseason")
        stored = [a for a in hs.awards(session=s, season_ids=ids) if a.player == pid]
        # his club now: the latest season's, or after its close the off-season's (own cards)
        teams_now = hs.player_teams(session=s, league_id=lid, season_id=ids[-1] if ids and
                                    not infos[ids[-1]].closed else None)
        from tui.services.offseason import player_born, player_changes, player_left
        changes = player_changes(s, lid, pid)
        born = player_born(s, lid, pid)
        left = player_left(s, lid, pid)
        complete = [sid for sid in ids if infos[sid].phase in ("postseason", "closed")
                    or (infos[sid].games and infos[sid].final == infos[sid].games)]
        held: list[tuple[int, str, str]] = []
        if complete:
            all_totals = hs.season_totals(session=s, season_ids=complete)
            seasons_read = {sid: _read_season(s, lid, infos[sid]) for sid in complete}
            lines = _lines_of(all_totals, {sid: se.groups for sid, se in seasons_read.items()})
            for sid in complete:
                se = seasons_read[sid]
                for t in league_titles(lines.get(sid, []), team_games=se.team_games,
                                       leagues=se.groups):
                    if any(h.player == pid for h in t.holders):
                        held.append((infos[sid].number, t.league, t.key))
    number = {sid: infos[sid].number for sid in ids}
    post_seasons = _career_seasons(post, ids, infos)
    return CareerView(pid, name, teams_now.get(pid, ""),
                      career(pid, _career_seasons(mine, ids, infos)),
                      career(pid, post_seasons) if post_seasons else None,
                      [(number[a.season_id], a.league_part, a.award) for a in stored], held,
                      changes, born, left)


def _career_seasons(totals: Sequence[hs.Totals], ids: Sequence[int],
                    infos: Mapping[int, repo.SeasonInfo]) -> list[CareerSeason]:
    seasons = []
    for sid in ids:
        parts = sorted((t for t in totals if t.season_id == sid),
                       key=lambda t: (t.last_day, t.last_number))
        if not parts:
            continue

        def total(attr: str, parts: list[hs.Totals] = parts) -> Any:
            xs = [getattr(t, attr) for t in parts if getattr(t, attr) is not None]
            return add_stats(xs) if xs else None

        info = infos[sid]
        seasons.append(CareerSeason(info.number, str(getattr(info, "year", None)
                                                     or info.start.year),
                                    tuple(dict.fromkeys(t.team for t in parts)),
                                    total("batting"), total("pitching"), total("fielding")))
    return seasons


# --- history -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class SeasonHistory:
    season: int
    year: str
    complete: bool
    games: int
    final: int
    pennants: dict[str, str]                 # league → team first in its standings
    champion: str | None                     # the final series' winner (else the one pennant)
    series: list[dict[str, Any]]             # the postseason: name, teams, winner, wins
    titles: list[Title]
    awards: list[tuple[str, str, str | None]]     # (league, award key, player) confirmed
    # the players who retired (引退) in the off-season after it, with their career totals
    retired: list[Any] = field(default_factory=list)     # tui.services.offseason.DepartureView


@dataclass(frozen=True)
class HistoryView:
    league: str
    title: str
    seasons: list[SeasonHistory]
    season_records: list[tuple[RecordSpec, list[RecordRow]]]
    career_records: list[tuple[RecordSpec, list[RecordRow]]]
    head_to_head: dict[tuple[str, str], HeadToHead]
    teams: dict[str, str]
    names: dict[str, str]


@_guard
def history(db: Db, league: str | None = None, *, limit: int = 5) -> HistoryView:
    """Every season's pennant winners and champion, title holders and award winners; the
    single-season and career records; each pair of teams' record over all seasons."""
    with Work.of(db, league).session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        lid = row.id
        ids = repo.season_ids(session=s, league_id=lid)
        infos = [repo.season_info(session=s, season_id=sid) for sid in ids]
        seasons = [_read_season(s, lid, i) for i in infos]
        totals = hs.season_totals(session=s, season_ids=ids)
        stored = hs.awards(session=s, season_ids=ids)
        names = _names(s, lid)
        teams = _team_codes(s, lid)
        title = repo.load_league(session=s, league_id=lid).name
        from tui.services.offseason import retirements
        retired = retirements(s, lid)
    lines = _lines_of(totals, {se.info.id: se.groups for se in seasons})   # the titles'
    whole = _lines_of(totals)          # the records': a player's season across the leagues
    out = []
    per_player: list[PlayerSeason] = []
    outcomes: list[Outcome] = []
    for se in seasons:
        sid = se.info.id
        outcomes += se.outcomes
        ts = league_titles(lines.get(sid, []), team_games=se.team_games, leagues=se.groups) \
            if se.complete else []
        pennants = {g: rows[0].team for g, rows in se.group_rows.items()
                    if rows and rows[0].games and se.complete}
        final = se.final_series
        if final is not None:
            champion: str | None = final.winner
        else:
            champion = next(iter(pennants.values())) if len(pennants) == 1 and not se.series \
                else None
        out.append(SeasonHistory(se.info.number, se.year, se.complete, se.info.games,
                                 se.info.final, pennants, champion,
                                 [_series_dict(x) for x in se.series], ts,
                                 [(a.league_part, a.award, a.player) for a in stored
                                  if a.season_id == sid],
                                 retired.get(se.info.number, [])))
        if se.complete:
            per_player += [PlayerSeason(se.info.number, ln.player, ln.team,
                                        se.team_games.get(ln.team, 0), ln.batting, ln.pitching)
                           for ln in whole.get(sid, [])]
    srec = [(spec, season_records(per_player, spec, limit)) for spec in RECORDS]
    crec = [(spec, career_records(per_player, spec, limit)) for spec in RECORDS]
    h2h = head_to_head_table(outcomes, list(teams))
    return HistoryView(row.name, title, out, srec, crec, h2h, teams, names)


def _series_dict(x: repo.StoredSeries) -> dict[str, Any]:
    """A postseason series as history shows it: its name, teams, winner and each side's wins
    (games won), the higher seed's advantage wins (the Climax Series final stage's アドバンテージ)
    and `score`, the series as `impact postseason status` says it (advantage included and said:
    4-1 (incl. 1 advantage win))."""
    results = x.results()       # each final game: "high", "low" or None (drawn)
    high_wins, low_wins, draws = results.count("high"), results.count("low"), results.count(None)
    advantage, score = 0, f"{high_wins}-{low_wins}" + (f"-{draws}" if draws else "")
    try:        # the stored format: its advantage wins
        fmt = x.series_format()
    except (TypeError, ValueError):     # a format this program does not write: the games alone
        pass
    else:
        state = series_state(fmt, results)
        advantage, score = state.advantage, state.score_text(False)
    return {"key": x.key, "name": x.name, "league": x.league, "high": x.high, "low": x.low,
            "winner": x.winner, "high_wins": high_wins, "low_wins": low_wins,
            "draws": draws, "status": x.status, "advantage": advantage, "score": score}


def history_dict(view: HistoryView) -> dict[str, Any]:
    """The history as JSON-ready data."""
    def rec(rows: list[RecordRow]) -> list[dict[str, Any]]:
        return [{"rank": r.rank, "player": r.player, "name": view.names.get(r.player, r.player),
                 "team": r.team, "season": r.season, "value": r.value, "text": r.text}
                for r in rows]
    return {
        "league": view.league, "title": view.title,
        "seasons": [{"season": h.season, "year": h.year, "complete": h.complete,
                     "games": h.games, "final": h.final, "pennants": h.pennants,
                     "champion": h.champion, "postseason": h.series,
                     "titles": [title_dict(t, view.names) for t in h.titles],
                     "awards": [{"league": lp, "award": k, "player": p,
                                 "name": view.names.get(p, p) if p else None}
                                for lp, k, p in h.awards],
                     "retired": [{"player": d.player, "name": d.name, "team": d.team,
                                  "age": d.age, "seasons": d.seasons, "career": d.career}
                                 for d in h.retired]} for h in view.seasons],
        "records": {"season": {spec.key: rec(rows) for spec, rows in view.season_records},
                    "career": {spec.key: rec(rows) for spec, rows in view.career_records}},
        "head_to_head": [{"team": a, "opponent": b, "wins": r.wins, "losses": r.losses,
                          "draws": r.draws} for (a, b), r in view.head_to_head.items()],
    }
