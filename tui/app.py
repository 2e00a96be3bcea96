"""ImpactApp: the full-screen league manager. Each area is a Textual mode with its own stack."""
from __future__ import annotations

from functools import partial
from pathlib import Path
from typing import Any, Iterable

from textual import work
from textual.app import SystemCommand
from textual.binding import Binding
from textual.screen import Screen

from league.visible import visible
from tui import services
from tui.bulkgc import resume_after_start
from tui.host import KeepsItsArea, LeagueApp
from tui.labels import label
from tui.language import translate_bindings
from tui.messages import LeagueOpened, WorkFailed
from tui.settings import load_settings, save_setting
from tui.troop.app import TroopHost

# Textual's own palette commands: their English titles and help texts, and our label keys
_TEXTUAL_COMMANDS = {
    "Theme": "pal_theme", "Quit": "pal_quit", "Keys": "pal_keys", "Screenshot": "pal_screenshot",
    "Maximize": "pal_maximize", "Minimize": "pal_minimize",
    "Change the current theme": "pal_theme_help",
    "Quit the application as soon as possible": "pal_quit_help",
    "Hide the keys and widget help panel": "pal_keys_hide_help",
    "Show help for the focused widget and a summary of available keys": "pal_keys_help",
    "Minimize the widget and restore to normal size": "pal_minimize_help",
    "Maximize the focused widget": "pal_maximize_help",
    "Save an SVG 'screenshot' of the current screen": "pal_screenshot_help",
}

AREAS = ("standings", "schedule", "teams", "players", "leaders", "games", "event", "history",
         "season")


def _area(name: str) -> Screen:
    screen = _new_area(name)
    # Textual's switch_mode reparses the whole stylesheet twice for a screen never shown (once
    # while the old screen is still in front, and again for the new one): a tenth of the first
    # screen's start. A new screen's widgets are styled from the current stylesheet as they
    # mount, so it starts as up to date as the app (a change of theme still restyles it).
    screen._css_update_count = screen.app._css_update_count
    return screen


def _new_area(name: str) -> Screen:
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


class ImpactApp(TroopHost, LeagueApp):
    """The league app: standings, schedule, teams, players, leaders and games of one league."""

    CSS_PATH = ["app.tcss", "troop/troop.tcss"]
    TITLE = "Impact League"
    MODES = {name: partial(_area, name) for name in AREAS}
    BINDINGS = [
        Binding("1", "area('standings')", "key_standings"),
        Binding("2", "area('schedule')", "key_schedule"),
        Binding("3", "area('teams')", "key_teams"),
        Binding("4", "area('players')", "key_players"),
        Binding("5", "area('leaders')", "key_leaders"),
        Binding("6", "area('games')", "key_games"),
        Binding("7", "area('event')", "key_event"),
        Binding("8", "area('history')", "key_history"),
        Binding("9", "area('season')", "key_season"),
        Binding("L", "toggle_language", "key_language"),
        Binding("question_mark", "show_keys", "key_keys", show=False),
        Binding("ctrl+q", "quit", "key_quit", priority=True),
    ]

    def __init__(self, db: str | None = None, league: str | None = None, *,
                 sample: str = "nippon", prefetch: Any = None) -> None:
        super().__init__()
        self.db = db
        self.league = league
        self.sample = sample
        self.data_version = 0
        self.access: services.Access | None = None   # who is connected (a shared league)
        self.japanese = bool(load_settings().get("japanese", True))
        # Melting Pot events live in the same database as the league
        from tui.services.opening import database_url  # no SQLAlchemy: the app starts sooner
        self.troop_db_url = database_url(db)
        self.export_dir = Path.cwd()
        self.event = None
        self._first_data: tuple[int, str, Any] | None = None
        self._name_book: tuple[int, services.NameBook] | None = None
        self._warmed = False
        # the first screen's data being read by the launcher's child process (tui.prefetch)
        self._prefetch = prefetch
        # tools/startup_bench.py: the time the first screen showed its data goes to this file,
        # and the app closes (a cold start measured as a whole process)
        import os
        self._ready_file = os.environ.get("IMPACT_READY_FILE")

    def screen_shown(self) -> None:
        """An area screen has shown its data (the first one ends a startup measurement)."""
        if not self._warmed:
            self._warmed = True
            self._warm_up()
        if self._ready_file:
            import time
            # the moment, and the CPU time the process has used until then (all its threads)
            Path(self._ready_file).write_text(f"{time.time():.6f} {time.process_time():.6f}\n",
                                              encoding="utf-8")
            self._ready_file = None
            self.exit()

    @work(thread=True, exclusive=True, group="warm-up")
    def _warm_up(self) -> None:
        """After the first screen: the database layer the other areas use (SQLAlchemy, the
        tables, the league's engine), which the first screen was read without (tui.services.opening);
        then what a box score needs: the game engine it replays a game with and the season's
        league with its cards parsed (kept by its texts in storage.mappers, so a box score, the
        teams and the players read it without parsing it again). The first box score opened
        then in 241-300 ms against 415-678 ms without (tools/startup_bench.py, five alternate
        runs)."""
        try:
            from tui.services.opening import warm_up
            warm_up(self.db, self.league)
        except Exception:      # the area that needs it says what is wrong
            pass
        finally:
            resume_after_start()   # the start is over (tui/bulkgc.py)

    def on_mount(self) -> None:
        self.sub_title = "…"
        translate_bindings(self, self.japanese)
        self._open_league_worker()
        # the collector paused by the launcher runs again after the warm-up, or ten seconds
        # after the start whatever kept the first screen from showing (tui/bulkgc.py)
        self.set_timer(10, resume_after_start)

    @work(thread=True, exclusive=True, group="prepare")
    def _open_league_worker(self) -> None:
        """Open the league; on first run create it from the bundled sample with a season; read
        the first area's data and the league's names (tui.services.opening)."""
        from tui.services.opening import open_league
        prefetched, self._prefetch = self._prefetch, None
        try:
            opened = prefetched.take(self.db, self.league) if prefetched is not None else None
            if opened is None:
                opened = open_league(self.db, self.league, self.sample)
        except Exception as exc:   # LeagueError's own words, anything else with its type
            self.post_message(WorkFailed.of(exc, timeout=10))
            return
        self.league = opened.league
        self.access = opened.access
        if opened.first is not None and opened.names is not None:
            # the first area's data and the league's names: the first screen shows its data in
            # its first frame
            self._name_book = (self.data_version, opened.names)
            self._first_data = (self.data_version, "StandingsScreen", opened.first)
        self.post_message(LeagueOpened())

    def league_names(self) -> services.NameBook:
        """The league's names in both languages, read once per change of the data (any thread:
        the areas' loads and the thread that opens the league)."""
        cached = self._name_book
        if cached is None or cached[0] != self.data_version:
            cached = self._name_book = (self.data_version,
                                        services.name_book(self.db, league=self.league))
        return cached[1]

    def take_first_data(self, screen: str) -> Any:
        """What `_read_first_area` read for the area `screen`, once, if nothing changed since."""
        first, self._first_data = self._first_data, None
        if first is None or first[1] != screen or first[0] != self.data_version:
            return None
        return first[2]

    def on_unmount(self) -> None:
        self.close_troop_service()

    def on_league_opened(self, message: LeagueOpened) -> None:
        self._show_sub_title()
        self.switch_mode("standings")

    def _show_sub_title(self) -> None:
        if self.access is None:
            return
        who = self.access.describe(self.japanese)
        self.sub_title = visible(
            f"{self.league or ''}  {label('connected_as', self.japanese)}: {who}" if who
            else (self.league or ""))

    def watch_japanese(self, japanese: bool) -> None:
        """The one place the language changes: the app's own keys and title here; every
        screen, in front or not, watches the same reactive (tui.language.Bilingual)."""
        if not self.is_running:   # set in __init__ from the settings
            return
        translate_bindings(self, japanese)
        self._show_sub_title()
        self.screen.refresh_bindings()

    # ------------------------------------------------------------------ app-wide actions
    def data_changed(self) -> None:
        """Games were played or cards edited: every area reloads when it is shown next."""
        self.data_version += 1
        from tui.screens.base import AreaScreen  # loaded with the first area already
        screen = self.screen
        if isinstance(screen, AreaScreen):
            screen.refresh_data()

    def action_area(self, name: str) -> None:
        """Switch to an area (its number key) — but never away from a game being played at the
        keyboard: it would go on unseen, so the key says how to leave it instead."""
        screen = self.screen
        if isinstance(screen, KeepsItsArea) and screen.keeps_area():
            self.notify(label("keys_game_under_way", self.japanese).format(key=AREAS.index(name) + 1),
                        severity="warning", timeout=5)
            return
        self.switch_mode(name)

    def action_toggle_language(self) -> None:
        self.japanese = not self.japanese
        self.notify("日本語" if self.japanese else "English", timeout=2)
        problem = save_setting("japanese", self.japanese)
        if problem:
            self.notify(problem, severity="warning", timeout=6)

    def action_show_keys(self) -> None:
        if self.screen.query("HelpPanel"):
            self.action_hide_help_panel()
        else:
            self.action_show_help_panel()

    def action_show_help_panel(self) -> None:
        """The keys panel: the area's own keys first, in the chosen language (tui.widgets.keys)."""
        from tui.widgets.keys import KeysPanel
        if not self.screen.query("HelpPanel"):
            self.screen.mount(KeysPanel())

    def open_boxscore(self, number: int) -> None:
        from tui.screens.boxscore import BoxScoreScreen
        self.push_screen(BoxScoreScreen(number))

    def get_system_commands(self, screen: Screen) -> Iterable[SystemCommand]:
        ja = self.japanese
        for command in super().get_system_commands(screen):
            title = _TEXTUAL_COMMANDS.get(command.title, command.title)
            help = _TEXTUAL_COMMANDS.get(command.help, command.help)
            yield SystemCommand(label(title, ja), label(help, ja), command.callback,
                                command.discover)
        for name in AREAS:
            yield SystemCommand(label(name, ja), label("pal_open_area", ja).format(
                area=label(name, ja)), partial(self.switch_mode, name))
        yield SystemCommand(label("key_language", ja), label("pal_language", ja),
                            self.action_toggle_language)
        for key, text in (("day", "pal_sim_day"), ("week", "pal_sim_week"), ("end", "pal_sim_end")):
            yield SystemCommand(label(text, ja), label("pal_sim", ja),
                                partial(self.sim_from_palette, key))
        yield SystemCommand(label("pal_exhibition", ja), label("pal_exhibition_help", ja),
                            self.play_exhibition)
        yield SystemCommand(label("pal_resume", ja), label("pal_resume_help", ja),
                            self.resume_live_game)
        if self.access is not None and self.access.shared:
            yield SystemCommand(label("league_log", ja), label("pal_league_log_help", ja),
                                self.open_league_log)

    def action_command_palette(self) -> None:
        """Textual's command palette with its prompt in the chosen language."""
        from textual.command import CommandPalette
        if self.use_command_palette and not CommandPalette.is_open(self.app):
            self.push_screen(CommandPalette(id="--command-palette",
                                            placeholder=label("pal_search", self.japanese)))

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
