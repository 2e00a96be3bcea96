"""History (歴代): each season's champion, title holders and award winners; the awards of a
season with the commissioner's confirmation; single-season and career records; head-to-head
records between teams; and the news (the transaction log).

Keys: the season highlighted in 年度別 is the one the タイトル and 表彰 tabs show; in 表彰 Enter
chooses the winner of the highlighted award among its candidates (or nobody), `c` confirms the
proposal, `a` confirms every proposal not yet confirmed; `t` opens a trade, release, signing or
move, stored and shown in ニュース.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Header, Static, TabbedContent, TabPane

from league.errors import LeagueError
from league.season.awards import award_name, slot_name
from league.visible import visible
from tui import services
from tui.labels import label, season_title
from tui.messages import AwardsConfirmed, WorkFailed
from tui.screens.base import AreaScreen
from tui.screens.season import career_text
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable

NONE_ID = "__none__"


@dataclass
class HistoryData:
    history: services.HistoryView
    awards: services.AwardsView | None
    news: list[services.NewsItem]


class HistoryScreen(AreaScreen):
    """歴代: seasons, titles, awards, records, head to head, news."""

    BINDINGS = [
        Binding("c", "confirm_award", "key_confirm"),
        Binding("a", "accept_all", "key_accept_all"),
        Binding("t", "transaction", "key_transaction"),
        Binding("v", "next_part", "key_next_table"),
    ]
    # records read for the table of one league (リーグ): its three best among the league's best
    RECORDS_READ = 40

    def __init__(self) -> None:
        super().__init__()
        self.season: int | None = None
        self.data: HistoryData | None = None
        # a league of two: the league (リーグ) the records and head-to-head show (None: both)
        self.parts: list[tuple[str, str, str, frozenset[str]]] = []
        self.part: str | None = None
        self._part_chosen = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="history-body"):
            yield Plain(id="history-title", classes="area-title")
            with TabbedContent(id="history-tabs"):
                with TabPane("年度別", id="tab-seasons"):
                    yield FitTable(id="seasons-table", cursor_type="row", zebra_stripes=True)
                    yield Plain(id="season-titles-title", classes="section-title")
                    yield FitTable(id="season-titles", cursor_type="row")
                    yield Plain(id="season-retired-title", classes="section-title")
                    yield FitTable(id="season-retired", cursor_type="row", zebra_stripes=True)
                with TabPane("表彰", id="tab-awards"):
                    yield Plain(id="awards-note", classes="note")
                    yield FitTable(id="awards-table", cursor_type="row", zebra_stripes=True)
                with TabPane("記録", id="tab-records"):
                    yield FitTable(id="records-table", cursor_type="row", zebra_stripes=True)
                with TabPane("対戦成績", id="tab-h2h"):
                    yield Plain(id="h2h-note", classes="note")
                    yield FitTable(id="h2h-table", cursor_type="row")
                with TabPane("ニュース", id="tab-news"):
                    yield FitTable(id="news-table", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    # ------------------------------------------------------------------ loading
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """`v` (the other league, then both) only in a league of two leagues (リーグ)."""
        if action == "next_part" and not self.parts:
            return False
        return super().check_action(action, parameters)

    def action_next_part(self) -> None:
        """`v`: the records and head-to-head of the next league (リーグ), then of both."""
        if not self.parts:
            return
        choices: list[str | None] = [c for c, _n, _e, _t in self.parts] + [None]
        i = choices.index(self.part) if self.part in choices else 0
        self.part = choices[(i + 1) % len(choices)]
        self._part_chosen = True
        if self.data is not None:
            self.show(self.data)

    def _part(self, ja: bool) -> tuple[str, frozenset[str] | None]:
        """The league chosen: its name and its teams (None: both, or a league of one)."""
        for code, name, name_en, teams in self.parts:
            if code == self.part:
                return (name if ja else (name_en or name)), teams
        return (label("ld_all_teams", ja) if self.parts else ""), None

    def load(self) -> HistoryData:
        tables = self.call_service(services.standings).tables
        self.parts = [(t.code, t.name, t.name_en, frozenset(r.team for r in t.rows))
                      for t in tables] if len(tables) > 1 else []
        if not self._part_chosen:
            self.part = self.parts[0][0] if self.parts else None
        view = self.call_service(services.league_history, limit=self.RECORDS_READ)
        awards = None
        if view.seasons:
            season = self.season if self.season in {s.season for s in view.seasons} \
                else view.seasons[-1].season
            awards = self.call_service(services.season_awards, season=season)
        return HistoryData(view, awards, self.call_service(services.news, limit=200))

    def show(self, data: HistoryData) -> None:
        self.data = data
        ja = self.app.japanese
        view = data.history
        if data.awards is not None:
            self.season = data.awards.season
        self.query_one("#history-title", Static).update(
            Text(visible(f"{label('history', ja)}  {self.league_title(view.title)}"
                         + (f"  [{self._part(ja)[0]}]" if self.parts else ""))))
        tabs = self.query_one("#history-tabs", TabbedContent)
        for pane, key in (("tab-seasons", "hs_seasons"), ("tab-awards", "hs_awards"),
                          ("tab-records", "hs_records"), ("tab-h2h", "hs_h2h"),
                          ("tab-news", "hs_news")):
            tabs.get_tab(pane).label = label(key, ja)
        self._fill_seasons(view, ja)
        self._fill_titles(ja)
        self._fill_awards(ja)
        self._fill_records(view, ja)
        self._fill_h2h(view, ja)
        self._fill_news(data.news, ja)

    def _team_name(self, code: str | None) -> str:
        if not code or self.data is None:
            return "-"
        if not self.ja or code in self._book.teams:
            return self.team_name(code)
        return self.data.history.teams.get(code, code)

    def _player_name(self, pid: str | None, ja: bool) -> str:
        if pid is None or self.data is None:
            return label("hs_nobody", ja)
        return self.player_name(pid, self.data.history.names.get(pid, pid))

    def _fill_seasons(self, view: services.HistoryView, ja: bool) -> None:
        t = self.query_one("#seasons-table", DataTable)
        t.clear(columns=True)
        t.add_columns(label("hs_season", ja), label("hs_year", ja), label("status", ja),
                      label("hs_champion", ja), label("hs_mvp", ja))
        for h in view.seasons:
            state = label("hs_complete", ja) if h.complete else f"{h.final}/{h.games}"
            mvp = next((p for lp, k, p in h.awards if k == "mvp"), None)
            t.add_row(str(h.season), h.year, state, self._team_name(h.champion),
                      Text(self._player_name(mvp, ja)) if mvp else "-", key=str(h.season))
        if not view.seasons:
            t.add_row("", "", label("hs_no_seasons", ja))
        if self.season is not None:
            try:
                t.move_cursor(row=t.get_row_index(str(self.season)))
            except LeagueError:
                pass
            except Exception:  # noqa: BLE001 - the season may be gone
                pass

    def _season_history(self) -> services.history.SeasonHistory | None:
        if self.data is None:
            return None
        return next((h for h in self.data.history.seasons if h.season == self.season), None)

    def _fill_retired(self, h: services.history.SeasonHistory | None, ja: bool) -> None:
        """The season's retirements (引退, the off-season after it) with career totals; hidden
        when nobody retired."""
        title = self.query_one("#season-retired-title", Static)
        t = self.query_one("#season-retired", DataTable)
        t.clear(columns=True)
        shown = h is not None and bool(h.retired)
        title.display = t.display = shown
        if h is None or not shown:
            return
        title.update(label("hs_retired", ja).format(n=len(h.retired)))
        t.add_columns(label("tm_name", ja), label("team", ja), label("tm_age", ja),
                      label("os_what", ja))
        for d in h.retired:
            t.add_row(Text(self._player_name(d.player, ja)), self._team_name(d.team), str(d.age),
                      career_text(d, ja), key=d.player)

    def _fill_titles(self, ja: bool) -> None:
        h = self._season_history()
        self._fill_retired(h, ja)
        self.query_one("#season-titles-title", Static).update(
            f"{label('hs_titles', ja)}  {h.season if h else ''}"
            + ("" if h is None or h.complete else f"  ({label('hs_in_progress', ja)})"))
        t = self.query_one("#season-titles", DataTable)
        t.clear(columns=True)
        t.add_columns(label("hs_title", ja), label("hs_value", ja), label("tm_name", ja),
                      label("team", ja))
        if h is None or not any(x.holders for x in h.titles):
            t.add_row(label("hs_no_titles", ja), "", "", "")
            return
        multi = len({x.league for x in h.titles}) > 1
        for x in h.titles:
            name = (x.ja if ja else x.en) + (f" ({self.in_language(x.league)})" if multi else "")
            shown = x.holders[:2]
            more = f" +{len(x.holders) - 2}" if len(x.holders) > 2 else ""
            who = (", ".join(self._player_name(p.player, ja) for p in shown) + more) \
                or label("hs_nobody", ja)
            teams = ", ".join(self._team_name(p.team) for p in shown) or "-"
            t.add_row(name, x.holders[0].text if x.holders else "-", Text(who), teams)

    def _fill_awards(self, ja: bool) -> None:
        t = self.query_one("#awards-table", DataTable)
        t.clear(columns=True)
        t.add_columns(label("hs_award", ja), label("tm_name", ja), label("team", ja),
                      label("hs_value", ja), label("status", ja))
        a = self.data.awards if self.data else None
        if a is None:
            self.query_one("#awards-note", Static).update(label("no_season", ja))
            return
        self.query_one("#awards-note", Static).update(
            f"{season_title(None, a.season, ja)}  {label('hs_awards_keys', ja)}"
            + ("" if a.complete else f"  ({label('hs_in_progress', ja)})"))
        if not any(sl.candidates for sl in a.slots):   # before any game: nothing to choose
            t.add_row(label("hs_no_awards", ja), "", "", "", "")
            return
        for sl in a.slots:
            name = f"{award_name(sl.award, ja)} {slot_name(sl.slot, ja)}".strip()
            if sl.league:
                name += f" ({self.in_language(sl.league)})"
            value = next((c.value for c in sl.candidates if c.player == sl.winner), None)
            team = next((c.team for c in sl.candidates if c.player == sl.winner), None)
            state = label("hs_confirmed", ja) if sl.confirmed else label("hs_proposed", ja)
            t.add_row(name, Text(self._player_name(sl.winner, ja)), self._team_name(team),
                      f"{value:.1f}" if value is not None else "-", state,
                      key=f"{sl.league}|{sl.key}")

    def _fill_records(self, view: services.HistoryView, ja: bool) -> None:
        t = self.query_one("#records-table", DataTable)
        t.clear(columns=True)
        t.add_columns(label("hs_record", ja), label("rank", ja), label("tm_name", ja),
                      label("team", ja), label("hs_season", ja), label("hs_value", ja))
        for kind, records in (("hs_single", view.season_records),
                              ("hs_career", view.career_records)):
            for spec, rows in records:
                title = f"{label(kind, ja)} {spec.ja if ja else spec.en}"
                for r, rank in _best_of(rows, self._part(ja)[1]):
                    t.add_row(title, str(rank), Text(self._player_name(r.player, ja)),
                              self._team_name(r.team), str(r.season) if r.season else "-", r.text)
                    title = ""
        if not t.row_count:
            t.add_row(label("hs_no_records", ja), "", "", "", "", "")

    def _fill_h2h(self, view: services.HistoryView, ja: bool) -> None:
        played = any(r.wins or r.losses or r.draws for r in view.head_to_head.values())
        self.query_one("#h2h-note", Static).update(
            label("hs_h2h_note", ja) if played else label("hs_no_h2h", ja))
        t = self.query_one("#h2h-table", DataTable)
        t.clear(columns=True)
        teams = self._part(ja)[1]
        codes = [c for c in view.teams if teams is None or c in teams]
        t.add_columns(label("team", ja), *[c if not ja else view.teams.get(c, c) for c in codes])
        for a in codes:
            t.add_row(self._team_name(a) if not ja else view.teams[a], *["-" if a == b else view.head_to_head[(a, b)].text
                                       for b in codes], key=a)

    def _fill_news(self, items: list[services.NewsItem], ja: bool) -> None:
        t = self.query_one("#news-table", DataTable)
        t.clear(columns=True)
        t.add_columns("#", label("day", ja), label("hs_news_item", ja))
        for n in items:
            text = n.text_ja if ja else self.in_language(n.text_en)
            if n.remark:       # the off-season's notes are data: the text says what they mean
                text += f"  ({n.remark})"
            t.add_row(str(n.id), n.day.isoformat() if n.day else "-", Text(text), key=str(n.id))
        if not items:
            t.add_row("", "", label("hs_no_news", ja))

    # ------------------------------------------------------------------ choosing a season
    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id != "seasons-table" or event.row_key.value is None:
            return
        season = int(event.row_key.value)
        if season != self.season:
            self.season = season
            self._fill_titles(self.app.japanese)
            self.refresh_data()

    # ------------------------------------------------------------------ transactions
    def action_transaction(self) -> None:
        """A trade, release, signing or move by the commissioner (logged in the news)."""
        from tui.dialogs.transaction import TransactionDialog

        def stored(item: object) -> None:
            if item is not None:
                self.app.notify(label("tx_stored", self.app.japanese), timeout=2)
                self.query_one("#history-tabs", TabbedContent).active = "tab-news"
                self.app.data_changed()

        self.app.push_screen(TransactionDialog(self.app.db, self.app.league, self.app.japanese),
                             stored)

    # ------------------------------------------------------------------ awards
    def _highlighted_slot(self) -> services.history.AwardSlot | None:
        if self.data is None or self.data.awards is None:
            return None
        t = self.query_one("#awards-table", DataTable)
        if not t.row_count:
            return None
        key = t.coordinate_to_cell_key(t.cursor_coordinate).row_key.value or ""
        lg, _, k = key.partition("|")
        return next((s for s in self.data.awards.slots if s.league == lg and s.key == k), None)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "awards-table":
            self.choose_award()

    def choose_award(self) -> None:
        """Choose the highlighted award's winner among its candidates, or nobody."""
        from tui.dialogs.pick_player import PickPlayerDialog

        slot = self._highlighted_slot()
        if slot is None or self.data is None or self.data.awards is None:
            return
        ja = self.app.japanese
        options = [(c.player, f"{self._player_name(c.player, ja)}  {self._team_name(c.team)}"
                              f"  {c.value:.1f} {c.note}".rstrip()) for c in slot.candidates]
        options.append((NONE_ID, label("hs_nobody", ja)))
        title = f"{award_name(slot.award, ja)} {slot_name(slot.slot, ja)}".strip()

        def chosen(pid: str | None) -> None:
            if pid is not None:
                self._confirm({slot.key: None if pid == NONE_ID else pid}, slot.league)

        self.app.push_screen(PickPlayerDialog(title, options), chosen)

    def action_confirm_award(self) -> None:
        slot = self._highlighted_slot()
        if slot is not None:
            self._confirm({slot.key: slot.proposed}, slot.league)

    def action_accept_all(self) -> None:
        if self.data is not None and self.data.awards is not None:
            self._confirm({}, None, accept_all=True)

    @work(thread=True, exclusive=True, group="awards")
    def _confirm(self, choices: dict[str, str | None], part: str | None,
                 accept_all: bool = False) -> None:
        try:
            self.call_service(services.confirm_awards, choices, season=self.season,
                              part=part or None, accept_all=accept_all)
        except Exception as exc:  # noqa: BLE001 - a broken database is a notification
            self.app.post_message(WorkFailed.of(exc))
            return
        self.post_message(AwardsConfirmed())

    def on_awards_confirmed(self, message: AwardsConfirmed) -> None:
        message.stop()
        self.app.notify(label("hs_saved", self.app.japanese), timeout=2)
        self.app.data_changed()


def _best_of(rows: list, teams: frozenset[str] | None, n: int = 3) -> list[tuple[Any, int]]:
    """The `n` best record rows of the teams' players (all rows: `teams` None), each with its
    rank among them (ties share a rank, as the records rank them)."""
    mine = [r for r in rows if teams is None or r.team in teams]
    return [(r, 1 + sum(1 for o in mine if o.rank < r.rank)) for r in mine[:n]]
