"""The `impact` command line."""
from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any, Optional

import typer

from league.errors import DiceError, LeagueError
from league.season.margins import MAX_RUNS, MAX_WORKERS
from tui.cli.common import GlobalOptions, GlobalOptionsGroup, OneLineHelpGroup, engine_build, fail

if TYPE_CHECKING:
    from league.engine.ruleset import Ruleset
    from league.season.roster import League

app = typer.Typer(
    name="impact",
    cls=GlobalOptionsGroup,
    help="Impact League: run leagues of Impact Baseball and Melting Pot events. "
         "With no command, opens the league app. The global options --db and --league-name "
         "may stand before or after the command name.",
    add_completion=False,
)


@app.callback(invoke_without_command=True)
def root(
    ctx: typer.Context,
    db: Optional[str] = typer.Option(None, "--db", envvar="IMPACT_DB",
                                     help="League database (also the Melting Pot events): a "
                                          "file path or an SQLAlchemy URL. Default: IMPACT_DB, "
                                          "else league.sqlite3 in the user data folder."),
    league: Optional[str] = typer.Option(None, "--league-name",
                                         help="Which stored league (default: the only one)."),
) -> None:
    """With no command: open the full-screen league app (the bundled sample league on first run)."""
    ctx.obj = GlobalOptions(db=db or None, league=league or None)
    if ctx.invoked_subcommand is not None:
        return
    from tui.app import ImpactApp

    ImpactApp(db=db, league=league).run()
sim_app = typer.Typer(help="Simulate games with computer managers.", no_args_is_help=True,
                      cls=OneLineHelpGroup)
rules_app = typer.Typer(help="Rulesets: check a ruleset file.", no_args_is_help=True,
                        cls=OneLineHelpGroup)
app.add_typer(sim_app, name="sim")
app.add_typer(rules_app, name="rules")

from tui.cli.troop import troop_app  # noqa: E402

app.add_typer(troop_app, name="troop")
from tui.cli.referee import register as register_referee  # noqa: E402

register_referee(app)
from tui.cli.league import register as register_league  # noqa: E402

register_league(app)
from tui.cli.history import register as register_history  # noqa: E402

register_history(app)
from tui.cli.cards import register as register_cards  # noqa: E402

register_cards(app)
import tui.cli.share  # noqa: E402,F401  (impact league share|manager|whoami|log|keyboard|void)
from tui.cli.odds import register as register_odds  # noqa: E402

register_odds(app)
from tui.cli.stats import register as register_stats  # noqa: E402

register_stats(app)
from tui.cli.roster import register as register_roster  # noqa: E402

register_roster(app)
from tui.cli.offseason import register as register_offseason  # noqa: E402

register_offseason(app)
from tui.cli.trade import register as register_trade  # noqa: E402

register_trade(app)
from tui.cli.site import register as register_site  # noqa: E402

register_site(app)
from tui.cli.common import echo, echo_json_text  # noqa: E402
from tui.cli.serve import register as register_serve  # noqa: E402

register_serve(app)


def _league(path: Optional[Path]) -> League:
    from tui.services.folders import read_league
    try:
        return read_league(path)
    except LeagueError as exc:
        fail(str(exc))


def _league_folder(ref: Optional[str], default: str) -> Path:
    """--league as a folder (or its league.toml), else a bundled sample league's name."""
    from tui.services.folders import league_folder
    try:
        return league_folder(ref, default)
    except LeagueError as exc:
        fail(str(exc))


def _ruleset(league: League, ref: Optional[str], folder: Optional[Path] = None) -> Ruleset:
    """--ruleset (a name or a file), else the league's: shipped by name, or the file its folder
    names (relative to the folder)."""
    from tui.services.folders import folder_ruleset
    try:
        return folder_ruleset(league, ref, folder)
    except LeagueError as exc:
        fail(str(exc))


LEAGUE_OPT = typer.Option(None, "--league", help="League folder or sample league name (default: "
                          "the bundled 12-team league nippon).")


@sim_app.command("game")
def sim_game(
    league: Optional[Path] = LEAGUE_OPT,
    away: Optional[str] = typer.Option(None, "--away", help="Visiting team code."),
    home: Optional[str] = typer.Option(None, "--home", help="Home team code."),
    seed: int = typer.Option(1, "--seed", max=10 ** 12,
                             help="Seed of the first game; game k uses seed+k."),
    count: int = typer.Option(1, "--count", min=1, help="How many games."),
    as_json: bool = typer.Option(False, "--json", help="One JSON object per game per line (compact: raw rolls, lines, plays as short codes)."),
    detail: bool = typer.Option(False, "--detail", help="With --json: the full roll log and play-by-play text."),
    rolls: Optional[Path] = typer.Option(None, "--rolls", help="Raw rolls, one per line, instead of the seed."),
    rotation: int = typer.Option(0, "--rotation", min=0, help="Turn of the rotation that starts game 1."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", help="Ruleset name or file."),
    plays: bool = typer.Option(True, "--plays/--no-plays", help="Print the play-by-play."),
    typed: bool = typer.Option(False, "--typed", help="Roll real dice and type each roll in."),
) -> None:
    """Play games with computer managers on both sides and print the box scores."""
    from league.engine.boxscore import compact_dict, render, result_dict
    from league.engine.dice import Dice, ScriptedDice
    from league.season.roster import code_as_typed
    from league.season.simulate import play_game, players_of, schedule

    lg = _league(league)
    rs = _ruleset(lg, ruleset, league)
    # a code as typed (edo is EDO), as `impact roster list` and `impact leaders --team` take it
    codes = [t.code for t in lg.teams]
    away, home = (code_as_typed(c, codes) or c if c is not None else None for c in (away, home))
    try:
        matchups = schedule(lg, count, away, home, rotation)
    except (LeagueError, ValueError) as exc:
        fail(str(exc))
    names = {t.code: t.short or t.name for t in lg.teams}
    players = players_of(lg)
    scripted: Dice | None = None
    if rolls is not None:
        try:
            lines = [ln.strip() for ln in rolls.read_text(encoding="utf-8").splitlines()]
        except (OSError, UnicodeDecodeError) as exc:
            fail(f"{rolls}: cannot read the rolls: {exc}")
        values = []
        for no, ln in enumerate(lines, start=1):
            if not ln or ln.startswith("#"):
                continue
            try:
                from league.engine.dice import read_d100
                values.append(read_d100(ln))
            except DiceError as exc:
                fail(f"{rolls} line {no}: {exc}")
        scripted = ScriptedDice(values)
    if typed:
        from league.engine.dice import TypedDice

        def ask(purpose: str) -> str:
            return typer.prompt(f"{purpose} roll (two d10, 00 = 100)", err=True)

        scripted = TypedDice(ask, lambda msg: echo(f"  {msg}; roll again", err=True))
    for k, m in enumerate(matchups):
        from league.engine.dice import SeededDice
        dice = scripted if scripted is not None else SeededDice(seed + k)
        try:
            result = play_game(lg, rs, m, dice, players)
        except DiceError as exc:
            fail(f"{rolls}: {exc} (game {k + 1}, {dice.used} rolls used)")
        except LeagueError as exc:
            fail(str(exc))
        if as_json:
            as_data = result_dict if detail else compact_dict
            echo_json_text(json.dumps(as_data(result, None if scripted else seed + k),
                                  ensure_ascii=False, separators=None if detail else (",", ":")))
        else:
            if k:
                echo("\n" + "=" * 72 + "\n")
            header = f"{names[m.away]} @ {names[m.home]}"
            header += f"  (rolls from {rolls or 'the table'})" if scripted else f"  (seed {seed + k})"
            echo(header)
            echo(render(result, names, plays=plays))


@app.command("calibrate")
def calibrate(
    games: int = typer.Option(2000, "--games", min=1,
                              help="Games for the per-game table (the first N of the seasons)."),
    seasons: Optional[int] = typer.Option(
        None, "--seasons", min=1, max=100,
        help="Play N whole seasons instead: the season-level table and the per-game one."),
    seed: int = typer.Option(1, "--seed", min=0, max=10 ** 9,
                             help="Seed of the first season (season s uses seed+s)."),
    league: Optional[str] = typer.Option(
        None, "--league", help="League folder or bundled sample league name (default: nippon)."),
    ruleset: Optional[str] = typer.Option(None, "--ruleset", help="Ruleset name or file."),
    as_json: bool = typer.Option(False, "--json", help="The figures as one JSON object."),
    quiet: bool = typer.Option(False, "--quiet", "-q", help="No progress on stderr."),
    lived: Optional[int] = typer.Option(
        None, "--lived", min=1, max=30,
        help="Live N seasons instead (played, closed and renewed: retirements, the draft, growth "
             "and decline) and measure the last five (C.3's mean of five seasons), with what "
             "the off-seasons did."),
) -> None:
    """Play the league's seasons with computer managers and print each figure of rules C.3
    beside its band, PASS or FAIL; exit 1 when any figure is outside its band."""
    from league.season.calibration import calibrate as measure

    folder = _league_folder(league, "nippon")
    lg = _league(folder)
    if lived is not None:
        _lived(folder, lg, lived, seed, as_json, quiet)
        return
    rs = _ruleset(lg, ruleset, folder)
    last: dict[int, int] = {}

    def progress(season: int, done: int, total: int) -> None:
        step = max(1, total // 10)
        if done == total or done - last.get(season, 0) >= step:
            last[season] = done
            sys.stderr.write(f"\rseason {season}: {done}/{total} games"
                             + ("\n" if done == total else ""))
            sys.stderr.flush()

    try:
        report = measure(lg, rs, games=None if seasons else games, seasons=seasons, seed=seed,
                         progress=None if quiet or as_json else progress)
    except LeagueError as exc:
        fail(str(exc))
    _print_report(report, lg, as_json)


def _lived(folder: Any, lg: Any, seasons: int, seed: int, as_json: bool, quiet: bool) -> None:
    """`impact calibrate --lived N`: the league lived N seasons (tui.services.lived)."""
    from tui.services.lived import lived as live

    def progress(n: int, what: str) -> None:
        sys.stderr.write(f"season {n}/{seasons}: {what}\n")
        sys.stderr.flush()

    try:
        out = live(folder, seasons, seed=seed, progress=None if quiet or as_json else progress)
    except LeagueError as exc:
        fail(str(exc))
    if as_json:
        echo_json_text(json.dumps(out.as_dict(), ensure_ascii=False, indent=1))
        if out.report.failed:
            raise typer.Exit(1)
        return
    echo(f"{lg.name}: {seasons} seasons lived (seed {seed}), each closed and renewed")
    for n, year, age in out.ages:
        echo(f"  season {n} ({year}): mean age under contract {age:.2f}")
    echo(f"  players of season one gone by season {seasons}: {out.gone:.1%}")
    echo(f"  newcomers' share of season {seasons}'s plate appearances: {out.newcomers:.1%}")
    by_season: dict[int, list[str]] = {}
    for n, code, pid in out.rookies:
        by_season.setdefault(n, []).append(f"{code or 'all'} {pid or '該当者なし'}")
    for n, names in sorted(by_season.items()):
        echo(f"  新人王 season {n}: " + ", ".join(names))
    for f in out.foreign:
        echo(f"  外国人 season {f.season}: {f.signed} signed, {f.released} released before it; "
             f"active rosters checked on {f.days_checked} days ({f.game_days} with games), at "
             f"most {f.most_active} foreign active, {f.most_in_games} in one day's games, "
             f"{f.days_over_limit} days over the limit, {f.played_off_roster} played off the "
             "active roster")
    for n, declared, moved, comp in out.fa:
        echo(f"  FA before season {n}: {declared} declared (FA宣言), {moved} moved"
             + (f", {comp} compensation" if comp else ""))
    for n, off, during, late in out.trades:
        after = f", {late} after the deadline" if late else ""
        if n == out.trades[0][0]:
            echo(f"  トレード season {n}: {during} in the season{after} (no off-season before it)")
        else:
            echo(f"  トレード season {n}: {off} in the off-season before it, {during} in the "
                 f"season{after}")
    by_year: dict[int, list[str]] = {}
    for b in out.balance:
        by_year.setdefault(b.season, []).append(
            f"{b.league} sd {b.sd:.3f} (best {b.best:.3f}, worst {b.worst:.3f})")
    for n, parts in sorted(by_year.items()):
        echo(f"  勝率 season {n}: " + "; ".join(parts))
    if out.balance:
        luck = sum(b.luck for b in out.balance) / len(out.balance)
        echo(f"  勝率's sd from luck alone (clubs of equal strength): {luck:.3f}"
             + ("" if out.carry is None else
                f"; a club's W% against its W% the season before: r {out.carry:.2f}"))
    last = out.last
    if last is not None and out.report.seasons > 1:
        outside = ", ".join(f"{f.where} {f.shown}" for f in last.failed) or "none"
        echo(f"  season {seasons} alone (one season's noise; C.3 reads five): figures outside "
             f"their band: {outside}")
    span = (f"seasons {out.first_measured}-{seasons}, the mean of {out.report.seasons} as C.3 "
            "measures" if out.report.seasons > 1 else f"season {seasons}")
    echo(f"\nrules C.3 over {span}:")
    _print_report(out.report, lg, False)


def _print_report(report: Any, lg: Any, as_json: bool) -> None:
    if as_json:
        echo_json_text(json.dumps(report.as_dict(), ensure_ascii=False, indent=1))
    else:
        played = (f"{report.seasons} season(s), {report.games} games" if report.seasons
                  else f"{report.games} games")
        echo(f"{played} of {report.league}, ruleset {report.ruleset}, seed {report.seed}")
        tables = [("per team per game", list(report.per_game))]
        groups = {g.code: g for g in lg.groups}
        for code, figures in report.season_by_league():
            g = groups.get(code)
            title = ("season (mean over seasons)" if not code else
                     f"season, {code} {g.name_en or g.name if g else ''} "
                     f"({'DH' if g is None or g.dh else 'no DH'}; mean over seasons)")
            tables.append((title, figures))
        for title, figures in tables:
            echo(f"\n{title}")
            echo(f"{'figure':20}{'value':>10}   {'band':22} result")
            for f in figures:
                echo(f"{f.name:20}{f.shown:>10}   {f.band_text():22} "
                           f"{'PASS' if f.passed else 'FAIL'}")
        failed = report.failed
        echo("")
        if failed:
            echo(f"{len(failed)} figure(s) outside their band: "
                       + ", ".join(f.where for f in failed))
        else:
            echo("all figures inside their bands")
    if report.failed:
        raise typer.Exit(1)


# how many times a round of `impact bench` times its d100 draws (the best counts)
DICE_REPEATS = 5


@app.command("bench")
def bench(
    games: int = typer.Option(500, "--games", min=1, help="How many games to time."),
    seed: int = typer.Option(1, "--seed", max=10 ** 12),
    league: Optional[Path] = LEAGUE_OPT,
    season: bool = typer.Option(False, "--season", help="Time full stored seasons beside the engine alone."),
    games_per_opponent: Optional[int] = typer.Option(
        None, "--games-per-opponent", min=1,
        help="With --season: games against each rival (default: the league's own calendar)."),
    rounds: int = typer.Option(3, "--rounds", min=1,
                               help="Rounds timed, the best shown (the machine's other work only adds)."),
    postgres: Optional[str] = typer.Option(
        None, "--postgres", metavar="URL",
        help="With --season: the same season stored on this PostgreSQL server too (a scratch "
             "database made and dropped; the URL's role may create databases)."),
    odds: bool = typer.Option(False, "--odds", help="Time the pennant odds from mid-season."),
    runs: int = typer.Option(100, "--runs", min=1, max=MAX_RUNS, help="With --odds: how many runs."),
    workers: Optional[int] = typer.Option(None, "--workers", min=1, max=MAX_WORKERS,
                                          help="With --odds: processes (default: every core)."),
) -> None:
    """Time the engine: which build runs, games and plate appearances per second, rolls per game,
    and the engine's time against drawing as many d100 rolls from `random` (engine/dice).

    With --season: the 12-team league's 858-game season and a 6-team league's season, each
    simulated and stored (`--league` times one league: a folder or a sample league's name),
    beside the engine alone and as many bench games; --postgres URL stores it there too.
    With --odds: the pennant odds of the 12-team league from mid-season (`--runs`)."""
    if odds:
        from tui.cli.league import bench_odds, guarded
        return guarded(bench_odds)(seed, league, runs, workers)
    if season:
        from tui.cli.league import bench_season, guarded
        return guarded(bench_season)(seed, league, games_per_opponent, rounds, postgres)
    from league.engine import game as engine_module
    from league.engine.game import PA
    from league.season.simulate import schedule, seeded_games

    lg = _league(league)
    rs = _ruleset(lg, None, league)
    matchups = schedule(lg, games)
    echo(f"build            {engine_build(engine_module.__file__)}")
    echo(f"games            {games} of {lg.name}, seeds {seed}..{seed + games - 1}, "
               f"best of {rounds} rounds")
    from tui.bulkgc import bulk

    kinds = (("quiet (what a season plays: no roll log, no play text)", True, True),
             ("the odds' (no box score either: the score and the pitchers' lines)", True, False),
             ("full record (roll log and plays)", False, True))
    # a game without its box score keeps no batting lines: its plate appearances are the same
    # game's with them (the quiet games, timed first)
    per_game: list[int] = []
    for what, quiet, box in kinds:
        engine = dice = float("inf")
        # the same in CPU time (this process's): what the machine's other work moves least
        engine_cpu = dice_cpu = float("inf")
        pas = nrolls = 0
        for _ in range(rounds):
            t0, c0 = time.perf_counter(), time.process_time()
            pas = nrolls = 0
            # with the cyclic collector as a season's days and the odds' workers run it
            with bulk():
                for _, result in seeded_games(lg, rs, matchups, seed, quiet=quiet, box=box):
                    if box:
                        pas += sum(line[PA] for _, _, line, _ in result.batting)
                    nrolls += len(result.raws)
            engine = min(engine, time.perf_counter() - t0)
            engine_cpu = min(engine_cpu, time.process_time() - c0)
            if box and not per_game:
                per_game.append(pas)
            pas = pas if box else per_game[0]
            # the same number of d100 draws, timed right after under the same load: the best of
            # DICE_REPEATS (some 30 ms each, where one timing moved the ratio more than the
            # engine's changes did; the games' time is the best of `rounds` as long runs)
            for _ in range(DICE_REPEATS):
                randint = random.Random(seed).randint
                t0, c0 = time.perf_counter(), time.process_time()
                for _ in range(nrolls):
                    randint(1, 100)
                dice = min(dice, time.perf_counter() - t0)
                dice_cpu = min(dice_cpu, time.process_time() - c0)
        echo(f"--- {what}")
        echo(f"time             {engine:.3f} s ({engine_cpu:.3f} s CPU)")
        echo(f"games/s          {games / engine:.1f}")
        echo(f"PA/s             {pas / engine:.0f}")
        echo(f"rolls/game       {nrolls / games:.1f}")
        echo(f"dice time        {dice:.4f} s ({dice_cpu:.4f} s CPU) for {nrolls} "
             "random.randint(1, 100) draws")
        echo(f"engine/dice      {engine / dice:.1f} (CPU {engine_cpu / max(dice_cpu, 1e-9):.1f})")


@rules_app.command("check")
def rules_check(file: Path = typer.Argument(..., help="A ruleset TOML file.")) -> None:
    """Validate a ruleset file: every error names the file, table, row and problem."""
    from tui.services.folders import read_ruleset
    if not file.exists():
        fail(f"{file}: no such file")
    try:
        rs = read_ruleset(file)
    except LeagueError as exc:
        echo(str(exc), err=True)
        raise typer.Exit(2)
    echo(f"{file}: ruleset {rs.name!r} is valid ({len(rs.tables)} defense tables)")


def main() -> None:
    """Console-script entry point. Output piped into a program that stops reading (`| head`)
    ends the command quietly, as a Unix tool does, instead of with a traceback."""
    import os
    try:
        app()
        sys.stdout.flush()
    except BrokenPipeError:
        # Python would complain again when it flushes stdout at exit: point it at /dev/null
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        sys.exit(141)  # 128 + SIGPIPE, as a shell reports a program stopped by a closed pipe


if __name__ == "__main__":
    main()
