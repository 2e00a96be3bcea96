"""Keys that do what the user expects: number keys switch areas except while typing in a field,
Esc leaves a field and closes the keys panel, typing in a list starts its filter, the calendar
follows the simulation and jumps to today, the end of the season is said, and an area key never
leaves a game at the keyboard unseen."""
from __future__ import annotations

from textual.widgets import DataTable, Input

from tui import services
from tui.app import ImpactApp

from tui_helpers import schedule_area, until

SIZE = (120, 36)


async def _opened(app, pilot):
    app.animation_level = "none"
    await until(pilot, lambda: app.current_mode == "standings")


def _messages(app) -> list[str]:
    return [n.message for n in app._notifications]


async def test_games_typing_starts_the_filter_esc_leaves_it_and_numbers_switch_areas(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        services.sim_days(db, days=2)
        app.data_changed()
        await pilot.press("6")
        await until(pilot, lambda: app.current_mode == "games"
                    and app.screen.query_one("#games-table").row_count == 6)
        assert isinstance(app.screen.focused, DataTable)     # the list, not the field
        await pilot.press("S", "A", "P")                      # typing starts the filter
        field = app.screen.query_one("#games-filter", Input)
        assert field.has_focus and field.value == "SAP"
        await until(pilot, lambda: app.screen.query_one("#games-table").row_count == 2)
        await pilot.press("1")                                # typed while in the field
        assert app.current_mode == "games" and field.value == "SAP1"
        await pilot.press("backspace", "escape")              # Esc leaves the field
        assert isinstance(app.screen.focused, DataTable)
        await pilot.press("1")                                # now the number switches areas
        await until(pilot, lambda: app.current_mode == "standings")


async def test_players_typing_in_the_list_starts_the_filter(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    app = ImpactApp(db=db, sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        await pilot.press("4")
        await until(pilot, lambda: app.current_mode == "players"
                    and app.screen.query("#players-table")
                    and app.screen.query_one("#players-table").row_count > 100
                    and isinstance(app.screen.focused, DataTable))
        await pilot.press("S", "E", "N", "0", "6")
        field = app.screen.query_one("#players-filter", Input)
        assert field.value == "SEN06"
        await until(pilot, lambda: app.screen.query_one("#players-table").row_count == 1)
        await pilot.press("escape")
        await until(pilot, lambda: isinstance(app.screen.focused, DataTable))
        await pilot.press("5")
        await until(pilot, lambda: app.current_mode == "leaders")


async def test_esc_closes_the_keys_panel(tmp_path):
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        await pilot.press("question_mark")
        await until(pilot, lambda: app.screen.query("HelpPanel"))
        await pilot.press("escape")
        await until(pilot, lambda: not app.screen.query("HelpPanel"))
        assert app.current_mode == "standings"


async def test_the_calendar_jumps_to_today_and_says_when_the_season_is_over(tmp_path):
    db = str(tmp_path / "league.sqlite3")

    async def three_days_played(app, pilot):
        services.sim_days(db, days=3)
        app.data_changed()

    async with schedule_area(db, SIZE, before=three_days_played, sample="mini") as (app, pilot):
        days = lambda: app.screen.query_one("#days-table", DataTable)  # noqa: E731
        today = next(i for i, (_d, games) in enumerate(app.screen.days)
                     if any(g.status != "final" for g in games))
        days().move_cursor(row=0)
        await pilot.press("j")
        assert days().cursor_row == today
        await pilot.press("d")                         # the calendar follows: the next day
        await until(pilot, lambda: not app.screen.simulating and days().cursor_row == today + 1)
        services.sim_days(db, to_end=True)
        app.data_changed()
        await until(pilot, lambda: app.screen.days and all(
            g.status == "final" for _d, gs in app.screen.days for g in gs))
        await pilot.press("d")
        await until(pilot, lambda: any("season is over" in m or "すべて終わりました" in m
                                       for m in _messages(app)))
        assert not app.screen.simulating


async def test_an_area_key_during_a_game_at_the_keyboard_does_not_leave_it(tmp_path):
    from tui.screens.play import PlayScreen

    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        app.play_exhibition()
        await until(pilot, lambda: app.screen.query("#play-setup"))
        await pilot.press("h", "enter")           # the home side, computer dice
        await until(pilot, lambda: isinstance(app.screen, PlayScreen)
                    and app.screen.question is not None)
        screen = app.screen
        await pilot.press("7")                    # handled before the next event: no area switch
        assert app.screen is screen and app.current_mode == "standings"
        # where the play screen lets a number key through, the app itself refuses it and says why
        app.action_area("event")
        assert app.screen is screen
        await until(pilot, lambda: any("q" in m and "7" in m for m in _messages(app)))


async def test_the_footer_is_rebuilt_only_when_its_keys_change(tmp_path):
    """The footer's keys are widgets: refreshing the bindings without a change keeps them (an
    area opened rebuilt them several times, a good part of the app's start); a change of
    language rebuilds them with the new words."""
    from textual.widgets._footer import FooterKey

    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    app.japanese = True
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        await until(pilot, lambda: len(app.screen.query(FooterKey)) > 3)
        keys = list(app.screen.query(FooterKey))
        app.screen.refresh_bindings()
        await pilot.pause()
        assert list(app.screen.query(FooterKey)) == keys
        await pilot.press("L")
        await until(pilot, lambda: any(k.description == "Keys, 1–9 areas"
                                       for k in app.screen.query(FooterKey)))
        assert list(app.screen.query(FooterKey)) != keys


async def test_the_footer_keys_look_as_in_textuals_footer():
    """KeyFooter makes each key with the `compact` value it ends with (one styling instead of
    three) and builds a new screen's keys once: the keys have the same classes and values as
    Textual's own Footer, compact or not."""
    from textual.app import App
    from textual.binding import Binding
    from textual.widgets import Footer
    from textual.widgets._footer import FooterKey

    from tui.widgets.footer import KeyFooter

    made = []

    class Counted(KeyFooter):
        def compose(self):
            for widget in super().compose():
                if isinstance(widget, FooterKey):
                    made.append(widget)
                yield widget

    class Keys(App[None]):
        BINDINGS = [Binding("a", "bell", "Ring"), Binding("b", "bell", "Again"),
                    Binding("c", "app.quit", "Quit")]

        def __init__(self, compact: bool) -> None:
            super().__init__()
            self.compact = compact

        def compose(self):
            yield Footer(compact=self.compact, id="textual")
            yield Counted(compact=self.compact, id="ours")

    def keys(app, footer_id):
        return [(k.key, k.description, sorted(k.classes), k.compact)
                for k in app.query_one(f"#{footer_id}").query(FooterKey)]

    for compact in (False, True):
        made.clear()
        app = Keys(compact)
        async with app.run_test(size=(100, 10)) as pilot:
            await until(pilot, lambda: len(keys(app, "ours")) == 3
                        and len(keys(app, "textual")) == 3)
            await pilot.pause()
            assert keys(app, "ours") == keys(app, "textual")
            assert any(k[2] == ["-command-palette", "-compact"] for k in keys(app, "ours"))
            assert len(made) == len(keys(app, "ours"))         # built once
            app.query_one("#ours", KeyFooter).compact = not compact
            app.query_one("#textual", Footer).compact = not compact
            await until(pilot, lambda: keys(app, "ours") == keys(app, "textual"))


async def test_an_area_builds_and_styles_its_footer_keys_once(tmp_path, monkeypatch):
    """The first area's footer: each key is made once and never restyled while it opens (the
    keys were made twice and each restyled twice, a tenth of the app's start)."""
    from textual.dom import DOMNode
    from textual.widgets._footer import FooterKey

    made, restyled = [], []
    init, update = FooterKey.__init__, DOMNode.update_node_styles

    def counted_init(self, *args, **kwargs):
        made.append(self)
        init(self, *args, **kwargs)

    def counted_update(self, *args, **kwargs):
        if isinstance(self, FooterKey):
            restyled.append(self)
        update(self, *args, **kwargs)

    monkeypatch.setattr(FooterKey, "__init__", counted_init)
    monkeypatch.setattr(DOMNode, "update_node_styles", counted_update)
    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        await until(pilot, lambda: len(app.screen.query(FooterKey)) > 3)
        await app.workers.wait_for_complete()
        for _ in range(3):          # a second rebuild, were one asked for, is done by then
            await pilot.pause()
        shown = list(app.screen.query(FooterKey))
        assert made == shown and restyled == []


async def test_opening_an_area_does_not_parse_the_stylesheet_again(tmp_path, monkeypatch):
    """A new area's screen is styled as it mounts: Textual's switch_mode reparsed the whole
    stylesheet twice for it (tui.app._area). A change of theme still restyles every area."""
    from textual.css.stylesheet import Stylesheet

    parsed = []
    reparse = Stylesheet.reparse

    def counted(self):
        parsed.append(self)
        reparse(self)

    app = ImpactApp(db=str(tmp_path / "league.sqlite3"), sample="pacific")
    async with app.run_test(size=SIZE) as pilot:
        await _opened(app, pilot)
        await app.workers.wait_for_complete()
        monkeypatch.setattr(Stylesheet, "reparse", counted)
        await pilot.press("3")
        await until(pilot, lambda: app.current_mode == "teams")
        assert parsed == []
        before = app.screen.query_one("Header").styles.background
        app.theme = "textual-light" if app.theme != "textual-light" else "nord"
        await until(pilot, lambda: app.screen.query_one("Header").styles.background != before)
        await pilot.press("1")
        await until(pilot, lambda: app.current_mode == "standings"
                    and app.screen.query_one("Header").styles.background
                    == app.get_screen_stack("teams")[0].query_one("Header").styles.background)
