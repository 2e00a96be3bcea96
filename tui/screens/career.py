"""A player's year-by-year page (年度別成績): each season's batting and pitching with the career
totals (通算), and the titles and awards he won. Opened from the Players area with `y`."""
from __future__ import annotations

from rich.text import Text
from textual import getters, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import DataTable, Header, Static

from league.season.awards import award_name, slot_name
from league.season.stats import stat_text
from league.season.titles import title_spec
from league.visible import visible
from tui import services
from tui.host import LeagueApp
from tui.labels import label, stat_name
from tui.language import Bilingual
from tui.messages import CareerRead, WorkFailed
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable

BAT = ("games", "pa", "ab", "h", "hr", "rbi", "sb", "bb", "so", "avg", "obp", "ops")
PIT = ("games", "starts", "wins", "losses", "saves", "hold_points", "outs", "so", "era", "whip")


class CareerScreen(Bilingual, Screen):
    """年度別成績 of one player; Esc goes back to the Players area."""

    app = getters.app(LeagueApp)

    BINDINGS = [Binding("escape", "app.pop_screen", "key_back")]
    _book: services.NameBook = services.NameBook()

    def __init__(self, pid: str) -> None:
        super().__init__()
        self.pid = pid
        self.view: services.CareerView | None = None

    def compose(self) -> ComposeResult:
        yield Header()
        with VerticalScroll(id="career-body"):
            yield Plain(id="career-title", classes="area-title")
            yield Plain(id="career-batting-title", classes="section-title")
            yield FitTable(id="career-batting", cursor_type="row", zebra_stripes=True)
            yield Plain(id="career-pitching-title", classes="section-title")
            yield FitTable(id="career-pitching", cursor_type="row", zebra_stripes=True)
            yield Plain(id="career-post-title", classes="section-title")
            yield FitTable(id="career-post", cursor_type="row", zebra_stripes=True)
            yield Plain(id="career-honours", classes="note")
            yield Plain(id="career-changes-title", classes="section-title")
            yield FitTable(id="career-changes", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def on_mount(self) -> None:
        self._load()

    @work(thread=True, exclusive=True, group="career")
    def _load(self) -> None:
        app = self.app
        try:
            view = services.player_career(app.db, self.pid, league=app.league)
            self._book = app.league_names()
        except Exception as exc:  # noqa: BLE001 - a broken database is a notification
            app.post_message(WorkFailed.of(exc))
            return
        self.post_message(CareerRead(view))

    def on_career_read(self, message: CareerRead) -> None:
        message.stop()
        self.show(message.view)

    def relabel(self) -> None:
        if self.view is not None:
            self.show(self.view)

    def show(self, view: services.CareerView) -> None:
        self.view = view
        ja = self.app.japanese
        team = (self._book.team(view.team, ja) if view.team else
                label(f"pl_gone_{view.left['how']}", ja) if view.left else
                label("cr_free_agent", ja))
        self.query_one("#career-title", Static).update(
            Text(visible(f"{self._book.player(view.id, ja, view.name)} ({view.id}, {team})"
                         f"  {label('cr_title', ja)}")))
        c = view.regular
        for kind, keys, title in (("batting", BAT, "ld_batting"), ("pitching", PIT, "ld_pitching")):
            table = self.query_one(f"#career-{kind}", DataTable)
            heading = self.query_one(f"#career-{kind}-title", Static)
            total = getattr(c, kind)
            table.clear(columns=True)
            table.display = heading.display = total is not None
            if total is None:
                continue
            heading.update(label("tm_batters" if kind == "batting" else "tm_pitchers", ja))
            table.add_columns(label("hs_season", ja), label("hs_year", ja), label("team", ja),
                              *[stat_name(kind, k, ja) for k in keys])
            for s in c.seasons:
                st = getattr(s, kind)
                if st is None:
                    continue
                table.add_row(str(s.season), s.year, "/".join(self._book.team(t, ja) for t in s.teams),
                              *[stat_text(k, getattr(st, k)) for k in keys], key=str(s.season))
            table.add_row(Text(label("cr_total", ja), style="bold"),
                          f"{c.years}{'年' if ja else ' yrs'}", "",
                          *[Text(stat_text(k, getattr(total, k)), style="bold") for k in keys],
                          key="total")
        self._fill_postseason(view, ja)
        honours = []
        for n, lg, key in view.titles:
            spec = title_spec(key)
            honours.append(f"{n}: {spec.ja if ja else spec.en}")
        for n, lg, key in view.awards:
            award, _, slot = key.partition(":")
            honours.append(f"{n}: {award_name(award, ja)} {slot_name(slot, ja)}".rstrip())
        self.query_one("#career-honours", Static).update(
            Text(f"{label('cr_titles', ja)}: " + (", ".join(honours) or label("cr_none", ja))))
        self._fill_changes(view, ja)

    def _fill_changes(self, view: services.CareerView, ja: bool) -> None:
        """His changes by year (変化): each off-season's age, the columns and ratings that moved,
        breakout or collapse; hidden for a player who has been through none."""
        table = self.query_one("#career-changes", DataTable)
        heading = self.query_one("#career-changes-title", Static)
        table.clear(columns=True)
        table.display = heading.display = bool(view.changes)
        if not view.changes:
            return
        heading.update(label("cr_changes", ja))
        table.add_columns(label("hs_season", ja), label("hs_year", ja), label("tm_age", ja),
                          label("os_change", ja))
        for n, year, d in view.changes:
            moved = " ".join(f"{k}{v:+g}" for k, v in (d.get("changes") or {}).items()) or "-"
            mark = f"  {label('os_' + d['mark'], ja)}" if d.get("mark") else ""
            table.add_row(str(n), str(year), str(d.get("age", "")), moved + mark, key=str(n))

    def _fill_postseason(self, view: services.CareerView, ja: bool) -> None:
        """The postseason, kept apart: one row per season and kind, and its totals."""
        table = self.query_one("#career-post", DataTable)
        heading = self.query_one("#career-post-title", Static)
        table.clear(columns=True)
        post = view.postseason
        table.display = heading.display = post is not None
        if post is None:
            return
        heading.update(label("cr_postseason", ja))
        table.add_columns(label("hs_season", ja), label("hs_year", ja), "",
                          *[f"{stat_name('batting', k, ja)}" for k in POST_BAT],
                          *[f"{stat_name('pitching', k, ja)}" for k in POST_PIT])
        rows = [(str(s.season), s.year, s.batting, s.pitching) for s in post.seasons]
        rows.append((label("cr_total", ja), f"{post.years}", post.batting, post.pitching))
        for season, year, b, p in rows:
            cells = [stat_text(k, getattr(b, k)) if b else "-" for k in POST_BAT]
            cells += [stat_text(k, getattr(p, k)) if p else "-" for k in POST_PIT]
            table.add_row(season, year, "", *cells)


POST_BAT = ("games", "ab", "h", "hr", "rbi", "avg")
POST_PIT = ("wins", "losses", "saves", "outs", "era")
