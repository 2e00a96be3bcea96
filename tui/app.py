"""ImpactApp: the full-screen league manager. Each area is a Textual mode with its own stack."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, Iterable

from textual import work
from textual.app import App, SystemCommand
from textual.binding import Binding
from textual.reactive import reactive
from textual.screen import Screen

from league.errors import LeagueError
from tui import services
from tui.labels import label
from tui.settings import load_settings, save_setting
from tui.troop.app import TroopHost

AREAS = ("standings", "schedule", "teams", "players", "leaders", "games", "event", "history",
         "season")


def _area(name: str) -> Screen:
    if name == "standings":
        from tui.screens.standings import StandingsScreen
        return StandingsScreen()
    if name == "schedule":
        from tui.screens.schedule import ScheduleScreen
        return ScheduleScreen()
    if name == "teams":
        from tui.screens.teams import TeamsScreen
        return TeamsScreen()
    if name == "players":
        from tui.screens.players import PlayersScreen
        return PlayersScreen()
    if name == "leaders":
        from tui.screens.leaders import LeadersScreen
        return LeadersScreen()
    if name == "season":
        from tui.screens.season import SeasonScreen
        return SeasonScreen()
    if name == "event":
        from tui.troop.screens.events import EventsScreen
        return EventsScreen()
    if name == "history":
        from tui.screens.history import HistoryScreen
        return HistoryScreen()
    from tui.screens.games import GamesScreen
    return GamesScreen()


class ImpactApp(TroopHost, App[None]):
    """The league app: standings, schedule, teams, players, leaders and games of one league."""

    CSS_PATH = ["app.tcss", "troop/troop.tcss"]
    TITLE = "Impact League"
    MODES = {name: partial(_area, name) for name in AREAS}
    BINDINGS = [
        Binding("1", "switch_mode('standings')", "順位/Standings"),
        Binding("2", "switch_mode('schedule')", "日程/Schedule"),
        Binding("3", "switch_mode('teams')", "Teams"),
        Binding("4", "switch_mode('players')", "Players"),
        Binding("5", "switch_mode('leaders')", "Leaders"),
        Binding("6", "switch_mode('games')", "Games"),
        Binding("7", "switch_mode('event')", "Melting Pot"),
        Binding("8", "switch_mode('history')", "歴代/History"),
        Binding("9", "switch_mode('season')", "シーズン/Season"),
        Binding("L", "toggle_language", "日本語/English"),
        Binding("question_mark", "show_keys", "Keys"),
        Binding("ctrl+q", "quit", "Quit", priority=True),
    ]

    japanese: reactive[bool] = reactive(True)

    def __init__(self, db: str | None = None, league: str | None = None, *,
                 sample: str = "nippon") -> None:
        super().__init__()
        self.db = db
        self.league = league
        self.sample = sample
        self.data_version = 0
        self.japanese = bool(load_settings().get("japanese", True))
        # Melting Pot events live in the same database as the league
        from storage.db import resolve_url
        self.troop_db_url = resolve_url(db)
        self.export_dir = Path.cwd()
        self.access: services.Access | None = None   # who is connected (a shared league)
        self.event = None

    def on_mount(self) -> None:
        self.sub_title = "…"
        self._open_league_worker()

    @work(thread=True, exclusive=True, group="prepare")
    def _open_league_worker(self) -> None:
        """Open the league; on first run create it from the bundled sample with a season."""
        try:
            leagues = services.list_leagues(self.db)
            if not leagues:
                services.create_league(self.db, self.sample, self.sample)
                services.new_season(self.db, self.sample)
                leagues = services.list_leagues(self.db)
            names = [lg.name for lg in leagues]
            if self.league is None:
                self.league = names[0]
            elif self.league not in names:
                raise LeagueError(f"no league {self.league!r} in this database "
                                  f"(leagues: {', '.join(names)})")
            try:
                services.season_info(self.db, self.league)
            except LeagueError:
                services.new_season(self.db, self.league)
            self.access = services.whoami(self.db, self.league)
        except LeagueError as exc:
            self.call_from_thread(self.notify, str(exc), severity="error", timeout=10)
            return
        except Exception as exc:
            self.call_from_thread(self.notify, f"{type(exc).__name__}: {exc}", severity="error",
                                  timeout=10)
            return
        self.call_from_thread(self._league_opened)

    def on_unmount(self) -> None:
        self.close_troop_service()

    def _league_opened(self) -> None:
        who = self.access.describe(self.japanese) if self.access is not None else ""
        self.sub_title = f"{self.league or ''}  {label('connected_as', self.japanese)}: {who}" \
            if who else (self.league or "")
        self.switch_mode("standings")

    # ------------------------------------------------------------------ app-wide actions
    def data_changed(self) -> None:
        """Games were played or cards edited: every area reloads when it is shown next."""
        self.data_version += 1
        screen = self.screen
        if hasattr(screen, "refresh_data"):
            screen.refresh_data()

    def action_toggle_language(self) -> None:
        self.japanese = not self.japanese
        self.notify("日本語" if self.japanese else "English", timeout=2)
        problem = save_setting("japanese", self.japanese)
        if problem:
            self.notify(problem, severity="warning", timeout=6)
        screen = self.screen
        if hasattr(screen, "relabel"):
            screen.relabel()

    def action_show_keys(self) -> None:
        if self.screen.query("HelpPanel"):
            self.action_hide_help_panel()
        else:
            self.action_show_help_panel()

    def open_boxscore(self, number: int) -> None:
        from tui.screens.boxscore import BoxScoreScreen
        self.push_screen(BoxScoreScreen(number))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        yield from super().get_system_commands(screen)
        for name in AREAS:
            yield SystemCommand(f"{label(name, True)} / {label(name, False)}",
                                f"Open the {name} area", partial(self.switch_mode, name))
        yield SystemCommand("日本語 / English", "Switch the labels' language",
                            self.action_toggle_language)
        for key, text in (("day", "Sim one day"), ("week", "Sim a week"), ("end", "Sim to the end")):
            yield SystemCommand(text, "Simulate games of the season", partial(self.sim_from_palette, key))
        yield SystemCommand("Play an exhibition", "A game at the keyboard between two teams you choose",
                            self.play_exhibition)
        yield SystemCommand("Resume a game at the keyboard", "Carry on with a saved game (or abandon it)",
                            self.resume_live_game)
        if self.access is not None and self.access.shared:
            yield SystemCommand("League log / 変更履歴",
                                "Every change to this shared league: who, when, before and after",
                                self.open_league_log)

    def notify(self, message: str, *, markup: bool = False, **kwargs: Any) -> None:  # type: ignore[override]
        """Notifications carry names and refusals: plain text unless a caller asks for markup."""
        super().notify(message, markup=markup, **kwargs)

    def open_league_log(self) -> None:
        from tui.screens.league_log import LeagueLogScreen
        self.push_screen(LeagueLogScreen())

    def play_exhibition(self) -> None:
        from tui.screens.play import play_exhibition
        play_exhibition(self)

    def resume_live_game(self) -> None:
        from tui.screens.play import resume_games
        resume_games(self)

    def sim_from_palette(self, how: str) -> None:
        self.switch_mode("schedule")
        self.call_after_refresh(lambda: getattr(self.screen, "start_sim", lambda h: None)(how))
