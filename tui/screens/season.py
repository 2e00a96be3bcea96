"""Season: the season's phase, what comes next, and the postseason bracket with series scores.

Keys offer what the season allows now: `s` starts the postseason once the regular season is
played, `n` simulates the next postseason game and `e` the rest, `p` plays the next one at the
keyboard, `c` closes the season, `N` starts the next. Between a closed season and the next the
off-season's steps (npb_offseason.md §7) show with their state; `o` does the next one: the
retirements, then the draft (asked first which club you pick for, if any), then each of your
club's picks from a list of the class when the draft waits for it; free agency the same way
(for the draft's clubs a person picks for, else asked which; then, while it waits for your
club, a declared free agent from a list, the role and years from another, and "done" to let
the players choose). Enter on a series lists its games; Enter on a game opens its box score.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import DataTable, Header, Static

from league.errors import LeagueError
from league.visible import visible
from tui import services
from tui.labels import label, season_title
from tui.messages import SeasonActed, WorkFailed
from tui.screens.base import AreaScreen
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable

# what each key does, and the season's next action it belongs to
ACTIONS = {"start_postseason": "s", "sim_postseason": "n", "close": "c", "new_season": "N",
           "sim": ""}


@dataclass
class SeasonData:
    status: services.SeasonStatus
    post: services.PostseasonView
    offseason: services.OffseasonView | None = None
    steps: services.StepsView | None = None            # the off-season under way, if any
    postseason: bool = True                             # the league plays one (format not "none")


class SeasonScreen(AreaScreen):
    """シーズン: phase, next step and the bracket (series, seeds, score, winner)."""

    BINDINGS = [
        Binding("s", "start_postseason", "key_start_postseason"),
        Binding("n", "sim_game", "key_sim_game"),
        Binding("e", "sim_rest", "key_sim_rest"),
        Binding("p", "play_game", "key_play_ps"),
        Binding("c", "close_season", "key_close_season"),
        Binding("N", "new_season", "key_new_season"),
        Binding("o", "offseason_step", "key_offseason_step"),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.data: SeasonData | None = None
        self.selected: str | None = None
        self.busy = False

    def compose(self) -> ComposeResult:
        yield Header()
        with Vertical(id="season-body"):
            yield Plain(id="season-title", classes="area-title")
            yield Plain(id="season-next", classes="note")
            yield FitTable(id="bracket-table", cursor_type="row", zebra_stripes=True)
            yield Plain(id="series-title", classes="section-title")
            yield FitTable(id="series-games", cursor_type="row")
            # the off-season under way (after a closed season): its steps, the draft so far
            yield Plain(id="steps-title", classes="section-title")
            yield FitTable(id="steps-table", cursor_type="row", zebra_stripes=True)
            # the off-season before this season (npb_offseason.md §7), when there was one
            yield Plain(id="offseason-title", classes="section-title")
            yield FitTable(id="offseason-table", cursor_type="row", zebra_stripes=True)
        yield KeyFooter()

    def load(self) -> SeasonData:
        status = self.call_service(services.season_status)
        steps = None
        if status.phase == "closed":
            try:
                steps = self.call_service(services.offseason_steps)
            except LeagueError:
                steps = None          # a league renewed by statistics has no off-season steps
        return SeasonData(status, self.call_service(services.postseason),
                          self.call_service(services.offseason), steps,
                          self.call_service(services.has_postseason))

    def show(self, data: SeasonData) -> None:
        self.data = data
        ja = self.app.japanese
        st, post = data.status, data.post
        champion = (f"  {label('ps_champion', ja)}: {self.team_name(st.champion)}"
                    if st.champion else "")
        self.query_one("#season-title", Static).update(Text(visible(
            f"{season_title(st.year, st.number, ja)} ({st.number})  "
            f"{label('phase_' + st.phase, ja)}  {st.final}/{st.games}{champion}")))
        key = ACTIONS.get(st.next_action, "")
        self.query_one("#season-next", Static).update(Text(visible(
            f"{label('ps_next', ja)}: {label('ps_do_' + st.next_action, ja)}"
            + (f"  ({key})" if key else ""))))
        t = self.query_one("#bracket-table", DataTable)
        t.clear(columns=True)
        for k in ("ps_series", "ps_high", "ps_score", "ps_low", "ps_status"):
            t.add_column(label(k, ja), key=k)
        for x in post.series:
            def side(team: str | None, seed: int | None) -> str:
                if team is None:
                    return "-"
                return self.team_name(team) + (f" ({seed})" if seed else "")
            status = (f"→ {self.team_name(x.winner)}" if x.winner
                      else label("ps_" + x.status, ja))
            t.add_row(x.name if ja else (x.name_en or x.name), side(x.high, x.high_seed),
                      x.state.score_text(ja) if x.high and x.low else "", side(x.low, x.low_seed),
                      status, key=x.key)
        self._fill_offseason(data.offseason, ja)
        self._fill_steps(data.steps, ja)
        if not post.series:
            self.query_one("#series-title", Static).update(
                label("ps_none" if data.postseason else "ps_no_postseason", ja))
            self.query_one("#series-games", DataTable).clear(columns=True)
            return
        keys = [x.key for x in post.series]
        if self.selected not in keys:
            under_way = [x.key for x in post.series if x.status == "playing"]
            self.selected = under_way[0] if under_way else keys[-1]
        t.move_cursor(row=keys.index(self.selected))
        self._fill_games()

    def _fill_offseason(self, off: services.OffseasonView | None, ja: bool) -> None:
        """The off-season in §7's order: who left (with his career), the draft, the biggest
        changes (変化). Hidden before any renewal."""
        title = self.query_one("#offseason-title", Static)
        t = self.query_one("#offseason-table", DataTable)
        shown = off is not None and bool(off.changes or off.departures or off.picks or off.fa)
        title.display = t.display = shown
        if off is None or not shown:
            return
        title.update(Text(visible(label("os_title", ja).format(
            gone=len(off.departures), picks=len(off.picks), changed=len(off.changes),
            fa=sum(1 for f in off.fa if f.right != "compensation")))))
        t.clear(columns=True)
        for k in ("os_step", "os_player", "tm_age", "os_what"):
            t.add_column(label(k, ja), key=k)
        for d in off.departures:
            # a 育成 contract at its limit not renewed (§3) is a release of its own kind
            t.add_row(label("os_ikusei_expired" if d.reason == "ikusei" else "os_" + d.kind, ja),
                      f"{self.player_name(d.player, d.name)} ({self.team_name(d.team)})",
                      str(d.age), career_text(d, ja), key=f"d-{d.player}")
        for p in off.picks:
            lot = (" " + label("os_lottery", ja).format(n=len(p.lottery))) if p.lottery else ""
            hz = (" " + label("os_hazure", ja) if p.hazure else "") + (
                " " + label("os_ikusei", ja) if p.ikusei else "") + self._refusal(p, ja)
            # a man who refused (入団拒否) has no player id: his name is the note's
            who = visible(p.name) if p.refused else self.player_name(p.player, p.name)
            t.add_row(label("os_draft", ja).format(r=p.round, n=p.number),
                      f"{who} ({self.team_name(p.team)})",
                      str(p.age), f"{label('os_school_' + p.school, ja)}{lot}{hz}",
                      key=f"p-{p.player}" if p.player else f"p-refused-{p.number}")
        for pid, name, team in off.promoted:        # 育成 → 支配下 (§3)
            t.add_row(label("os_promoted", ja),
                      f"{self.player_name(pid, name)} ({self.team_name(team)})", "",
                      label("os_promoted_what", ja), key=f"s-{pid}")
        for pid, name, team in off.resigned:        # 育成 at its limit, signed again (§3)
            t.add_row(label("os_resigned", ja),
                      f"{self.player_name(pid, name)} ({self.team_name(team)})", "",
                      label("os_resigned_what", ja), key=f"r-{pid}")
        self._fa_rows(t, off.fa, ja, "f")
        for i, moves in enumerate(off.trades):      # the computer's trades (§6)
            for pid, name, src, dst in moves:
                t.add_row(label("os_trade", ja), self.player_name(pid, name), "",
                          label("os_trade_what", ja).format(a=self.team_name(src),
                                                            b=self.team_name(dst)),
                          key=f"t-{i}-{pid}")
        for pid, name, src, dst in off.active_draft:    # the 現役ドラフト (§6)
            t.add_row(label("os_active_draft", ja), self.player_name(pid, name), "",
                      label("os_trade_what", ja).format(a=self.team_name(src),
                                                        b=self.team_name(dst)),
                      key=f"a-{pid}")
        for c in off.changes[:20]:
            moved = " ".join(f"{k}{v:+g}" for k, v in c.changes.items())
            mark = f"  {label('os_' + c.mark, ja)}" if c.mark else ""
            t.add_row(label("os_change", ja),
                      f"{self.player_name(c.player, c.name)} ({self.team_name(c.team)})",
                      str(c.age), moved + mark, key=f"c-{c.player}")

    def _refusal(self, p: services.PickView, ja: bool) -> str:
        """A pick's 入団拒否 (§3): refused to sign and the class he comes back in, or a man who
        refused a club before, drafted again."""
        if p.refused:
            back = (" " + label("os_returns", ja).format(
                year=p.returns, school=label("os_school_" + p.returns_as, ja))
                if p.returns else "")
            return " " + label("os_refused", ja) + back
        if p.refused_year:
            return " " + label("os_refused_before", ja).format(
                year=p.refused_year, team=self.team_name(p.refused_team))
        return ""

    def _fa_rows(self, t: DataTable, rows: Sequence[services.FaView], ja: bool, tag: str
                 ) -> None:
        """Free agency (§4): each declared player, where he signed, the role, the offers; each
        player taken as compensation (人的補償)."""
        for f in rows:
            who = f"{self.player_name(f.player, f.name)} ({self.team_name(f.team)})"
            if f.right == "compensation":
                what = label("os_fa_for", ja).format(team=self.team_name(f.signed),
                                                     lost=self.player_name(f.role, f.role))
            elif f.abroad:
                what = label("os_fa_abroad", ja)
            else:
                where = "os_fa_stays" if f.signed == f.team else "os_fa_signs"
                what = (label(where, ja).format(team=self.team_name(f.signed)) + "  "
                        + label("os_fa_role", ja).format(role=label("os_role_" + f.role, ja),
                                                         years=f.years)
                        + "  " + label("os_fa_offers", ja).format(n=len(f.offers)))
            t.add_row(label("os_fa_" + f.right, ja), who, str(f.age or ""), what,
                      key=f"{tag}-{f.right}-{f.player}")

    def _waiting_todo(self, waiting: Sequence[str], done: Sequence[str], sealed: Sequence[str],
                      do: str, waits: Callable[[str], str], ja: bool) -> str:
        """What `o` does while a step waits for people's clubs: act for the first club of his
        own not done; in a manager's view with none, the rivals' clubs it waits for (sealed:
        done or not, he cannot know) as of the commissioner's last look, else (his own done)
        that the step goes on at the commissioner's next look."""
        free = [t for t in waiting if t not in done and t not in sealed]
        if free:
            return label(do, ja).format(team=self.team_name(free[0]))
        if sealed:
            return (waits(", ".join(self.team_name(t) for t in sealed))
                    + f" ({label('os_last_look', ja)})")
        return label("os_next_look", ja)

    def _fill_steps(self, v: services.StepsView | None, ja: bool) -> None:
        """The off-season under way: each step and its state, what to do next (its key), who
        left, and the draft's picks so far."""
        title = self.query_one("#steps-title", Static)
        t = self.query_one("#steps-table", DataTable)
        title.display = t.display = v is not None
        if v is None:
            return
        states = "  ".join(f"{label('os_step_' + k, ja)}: {label('os_state_' + st, ja)}"
                           for k, _r, st in v.steps)
        if v.waiting:
            todo = label("os_do_pick", ja).format(team=self.team_name(v.waiting[0]),
                                                  round=v.round)
        elif v.fa_waiting:
            todo = self._waiting_todo(v.fa_waiting, v.fa_done, v.fa_sealed, "os_do_offer",
                                      lambda teams: label("os_fa_waiting", ja).format(
                                          team=teams), ja)
        elif v.foreign is not None and v.foreign.waiting:
            fv = v.foreign
            todo = self._waiting_todo(fv.waiting, fv.done, fv.sealed, "os_do_foreign_team",
                                      lambda teams: label("os_foreign_waits", ja).format(
                                          teams=teams), ja)
        elif v.draft_named:
            todo = label("os_draft_named", ja)
        else:
            todo = label("os_do_" + v.current, ja)
        title.update(Text(visible(f"{label('os_steps', ja)} {v.year}: {states}  [{todo}]")))
        t.clear(columns=True)
        for k in ("os_step", "os_player", "tm_age", "os_what"):
            t.add_column(label(k, ja), key=k)
        for p in v.picks:
            lot = (" " + label("os_lottery", ja).format(n=len(p.lottery))) if p.lottery else ""
            hz = (" " + label("os_hazure", ja) if p.hazure else "") + (
                " " + label("os_ikusei", ja) if p.ikusei else "") + self._refusal(p, ja)
            t.add_row(label("os_draft", ja).format(r=p.round, n=p.number),
                      f"{visible(p.name)} ({self.team_name(p.team)})", str(p.age),
                      f"{label('os_school_' + p.school, ja)}{lot}{hz}", key=f"sp-{p.number}")
        for team in v.waiting:
            t.add_row(label("os_draft", ja).format(r=v.round, n=len(v.picks) + 1),
                      label("os_waiting", ja).format(team=self.team_name(team)), "", "",
                      key=f"sw-{team}")
        for i, tr in enumerate(v.trades):
            for pid, src, dst in tr.moves():
                t.add_row(label("os_trade", ja), self.player_name(pid, pid), "",
                          label("os_trade_what", ja).format(a=self.team_name(src),
                                                            b=self.team_name(dst)),
                          key=f"st-{i}-{pid}")
        taken = v.active_draft.moves() if v.active_draft is not None else []
        for pid, src, dst in taken:                   # the 現役ドラフト (§6)
            t.add_row(label("os_active_draft", ja), self.player_name(pid, pid), "",
                      label("os_trade_what", ja).format(a=self.team_name(src),
                                                        b=self.team_name(dst)),
                      key=f"sa-{pid}")
        for d in v.departures:
            t.add_row(label("os_" + d.kind, ja),
                      f"{self.player_name(d.player, d.name)} ({self.team_name(d.team)})",
                      str(d.age), d.reason, key=f"sd-{d.player}")
        self._fa_rows(t, v.fa, ja, "sf")
        for a in v.agents:                            # free agency open (§4)
            made = ", ".join(f"{self.team_name(tm)} {label('os_role_' + r, ja)} {y}"
                             for tm, r, y in a.offers)
            t.add_row(label("os_fa_" + a.right, ja),
                      f"{self.player_name(a.player, a.name)} ({self.team_name(a.team)})",
                      str(a.age), label("os_service", ja).format(seasons=a.seasons, days=a.days)
                      # how many offers he has; from whom only the person's own (§4, sealed)
                      + (f"  {label('os_fa_offers', ja).format(n=a.count)}" if a.count else "")
                      + (f"  {label('os_offered', ja)}: {made}" if made else ""),
                      key=f"sg-{a.player}")
        for team in v.fa_waiting:
            what = (f"{self.team_name(team)}: {label('os_next_look', ja)}" if team in v.fa_done
                    else label("os_fa_waiting", ja).format(team=self.team_name(team))
                    + (f" ({label('os_last_look', ja)})" if team in v.fa_sealed else ""))
            t.add_row(label("os_step_fa", ja), what, "", "", key=f"sfw-{team}")
        f = v.foreign
        for m in (f.signed if f is not None else ()):          # foreign players (§5)
            t.add_row(label("os_foreign_signed", ja),
                      f"{visible(m.name)} ({self.team_name(m.team)})", str(m.age), m.side,
                      key=f"sxs-{m.player}")
        for m in (f.released if f is not None else ()):
            t.add_row(label("os_foreign_released", ja),
                      f"{self.player_name(m.player, m.name)} ({self.team_name(m.team)})",
                      str(m.age), "", key=f"sxr-{m.player}")

    def _fill_games(self) -> None:
        if self.data is None:
            return
        ja = self.app.japanese
        post = self.data.post
        x = next((s for s in post.series if s.key == self.selected), None)
        g = self.query_one("#series-games", DataTable)
        g.clear(columns=True)
        if x is None:
            return
        self.query_one("#series-title", Static).update(Text(visible(x.name if ja else (x.name_en or x.name))))
        g.add_columns("#", label("day", ja), label("away", ja), label("score", ja),
                      label("home", ja))
        for game in x.games:
            score = (f"{game.away_runs} - {game.home_runs}" if game.status == "final" else "-")
            g.add_row(str(game.number), game.day.isoformat(), self.team_name(game.away),
                      score, self.team_name(game.home), key=str(game.number))

    def on_data_table_row_highlighted(self, event: DataTable.RowHighlighted) -> None:
        if event.data_table.id == "bracket-table" and event.row_key.value:
            if event.row_key.value != self.selected:
                self.selected = event.row_key.value
                self._fill_games()

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id == "series-games" and event.row_key.value:
            self.app.open_boxscore(int(event.row_key.value))

    # ------------------------------------------------------------------ actions
    # the keys of the postseason, left out of the footer in a league that plays none
    POSTSEASON_ACTIONS = frozenset({"start_postseason", "sim_game", "sim_rest", "play_game"})

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in self.POSTSEASON_ACTIONS and self.data is not None and not self.data.postseason:
            return False
        return super().check_action(action, parameters)

    def _allowed(self, action: str) -> bool:
        st = self.data.status if self.data else None
        ok = st is not None and st.next_action == action
        if not ok and st is not None:
            ja = self.app.japanese
            self.app.notify(f"{label('ps_next', ja)}: {label('ps_do_' + st.next_action, ja)}",
                            timeout=3)
        if ok and self.busy:
            return False
        return ok

    def action_start_postseason(self) -> None:
        if self._allowed("start_postseason"):
            self._run(lambda: self.call_service(services.start_postseason))

    def action_sim_game(self) -> None:
        if self._allowed("sim_postseason"):
            self._run(lambda: self.call_service(services.sim_postseason, games=1))

    def action_sim_rest(self) -> None:
        if self._allowed("sim_postseason"):
            self._run(lambda: self.call_service(services.sim_postseason))

    def action_close_season(self) -> None:
        """Closing a season is final (awards, records): asked first."""
        if not self._allowed("close"):
            return
        from tui.dialogs.confirm import ConfirmScreen

        def answered(yes: bool | None) -> None:
            if yes and self._allowed("close"):
                self._run(lambda: self.call_service(services.close_season))

        assert self.data is not None
        self.app.push_screen(ConfirmScreen("confirm_close_season",
                                           season=self.data.status.number), answered)

    def action_new_season(self) -> None:
        if self._allowed("new_season"):
            if self.data is not None and self.data.steps is not None:
                # the off-season's last step: refused while the draft waits for your pick
                self._run(lambda: self.call_service(services.offseason_finish))
            else:
                self._run(lambda: self.call_service(services.new_season))

    def action_offseason_step(self) -> None:
        """The off-season's next step: the retirements; the draft (asked first which club you
        pick for); your club's pick from the class when the draft waits for it."""
        v = self.data.steps if self.data is not None else None
        if v is None or self.busy:
            self.app.notify(label("ps_next", self.app.japanese) + ": "
                            + label("ps_do_" + (self.data.status.next_action
                                                if self.data else "sim"), self.app.japanese),
                            timeout=3)
            return
        from tui.dialogs.pick_player import PickPlayerDialog
        ja = self.app.japanese
        if v.waiting:
            # the first club it waits for that this person picks for (a manager: his own)
            access = getattr(self.app, "access", None)
            team = next((t for t in v.waiting if access is None or access.may_manage(t)),
                        v.waiting[0])
            round_ = v.round
            rows = [(p.key, f"{visible(p.name):<12} {label('os_school_' + p.school, ja)} "
                            f"{p.age} {p.kind} {visible(p.positions)}  {p.value:+.1f}"
                            + (" " + label("os_refused_before", ja).format(
                                year=p.refused_year, team=self.team_name(p.refused_team))
                               if p.refused_year else ""))
                    for p in v.left]

            def picked(key: str | None) -> None:
                if key:
                    self._run(lambda: self.call_service(services.draft_pick, team=team,
                                                        player=key))

            self.app.push_screen(PickPlayerDialog(label("os_pick_title", ja).format(
                team=self.team_name(team), round=round_, n=len(v.left)), rows), picked)
        elif v.draft_named:
            # a manager's view: every club has named; look again (the commissioner's program
            # carries the draft on)
            self.app.notify(label("os_draft_named", ja), timeout=3)
            self._run(lambda: self.call_service(services.offseason_steps))
        elif v.current == "retire":
            self._run(lambda: self.call_service(services.offseason_step, step="retire"))
        elif v.current == "fa":
            self._free_agency(v)
        elif v.current == "foreign":
            self._foreign(v)
        elif v.current == "trades":
            self._run(lambda: self.call_service(services.offseason_step, step="trades"))
        elif v.current == "active_draft":
            self._run(lambda: self.call_service(services.offseason_step, step="active_draft"))
        elif v.current == "draft" and getattr(getattr(self.app, "access", None), "shared", False):
            # a shared league: each club with a manager is one a person picks for
            self._run(lambda: self.call_service(services.offseason_step, step="draft"))
        elif v.current == "draft":
            teams = [("-", label("os_nobody", ja))] + [
                (code, self.team_name(code, full=True)) for code in self._book.teams]

            def chosen(code: str | None) -> None:
                if code is not None:
                    people = [] if code == "-" else [code]
                    self._run(lambda: self.call_service(services.offseason_step, step="draft",
                                                        people=people))

            self.app.push_screen(PickPlayerDialog(label("os_who_picks", ja), teams), chosen)
        else:
            self.action_new_season()

    def _free_agency(self, v: services.StepsView) -> None:
        """Free agency's step (§4): opened (asked first which club you offer for; in a shared
        league each managed club); while it waits for your club, a declared free agent from a
        list (or "done"), then the role and years from another."""
        from tui.dialogs.pick_player import PickPlayerDialog
        ja = self.app.japanese
        access = getattr(self.app, "access", None)
        shared = bool(getattr(access, "shared", False))
        if not v.fa_people and not v.fa_waiting:
            if shared or v.people:
                # the draft's clubs a person picks for (a shared league: the managed clubs)
                self._run(lambda: self.call_service(services.offseason_step, step="fa"))
                return
            teams = [("-", label("os_nobody_offers", ja))] + [
                (code, self.team_name(code, full=True)) for code in self._book.teams]

            def chosen(code: str | None) -> None:
                if code is not None:
                    people = [] if code == "-" else [code]
                    self._run(lambda: self.call_service(services.offseason_step, step="fa",
                                                        people=people))

            self.app.push_screen(PickPlayerDialog(label("os_who_offers", ja), teams), chosen)
            return
        mine = [t for t in v.fa_waiting
                if t not in v.fa_done and (access is None or access.may_manage(t))]
        if not mine or (shared and access is not None and access.commissioner):
            # the commissioner's look carries free agency on once every club is done
            waits = [t for t in v.fa_waiting if t not in v.fa_done]
            if waits:
                self.app.notify(label("os_fa_waiting", ja).format(
                    team=", ".join(self.team_name(t) for t in waits))
                    + (f" ({label('os_last_look', ja)})" if v.fa_sealed else ""), timeout=3)
            self._run(lambda: self.call_service(services.offseason_steps))
            return
        team = mine[0]
        rows = [("-", label("os_offer_done", ja))]
        for a in v.agents:
            roles = dict(a.roles).get(team, ())
            offered = any(t == team for t, _r, _y in a.offers)
            what = (label("os_offered", ja) if offered else
                    "/".join(label("os_role_" + r, ja) for r in roles) or label("os_no_room", ja))
            rows.append((a.player, f"{visible(a.name):<12} {self.team_name(a.team)} {a.age} "
                                   f"{a.kind} {a.value:+.1f}  {label('os_fa_' + a.right, ja)}  "
                                   f"{what}"))

        def picked(pid: str | None) -> None:
            if pid == "-":
                self._run(lambda: self.call_service(services.fa_offer, team=team, done=True))
            elif pid:
                self._terms(v, team, pid)

        self.app.push_screen(PickPlayerDialog(label("os_offer_title", ja).format(
            team=self.team_name(team), n=len(v.agents)), rows), picked)

    def _terms(self, v: services.StepsView, team: str, pid: str) -> None:
        """The role and years of `team`'s offer to `pid`, from a list (each role it may promise
        him, the most years first)."""
        from tui.dialogs.pick_player import PickPlayerDialog
        ja = self.app.japanese
        a = next(x for x in v.agents if x.player == pid)
        most = dict(a.years)
        rows = [(f"{r}:{y}", label("os_fa_role", ja).format(role=label("os_role_" + r, ja),
                                                             years=y))
                for r in dict(a.roles).get(team, ()) for y in range(most[r], 0, -1)]
        if not rows:
            self.app.notify(label("os_no_room", ja), timeout=3)
            return

        def chosen(key: str | None) -> None:
            if key:
                role, years = key.split(":")
                self._run(lambda: self.call_service(services.fa_offer, team=team, player=pid,
                                                    role=role, years=int(years)))

        self.app.push_screen(PickPlayerDialog(label("os_offer_terms", ja).format(
            player=self.player_name(a.player, a.name)), rows), chosen)

    def _foreign(self, v: services.StepsView) -> None:
        """The foreign step (§5): opened (the computer deciding for its clubs); while it waits
        for your club (a manager: his own), a list of its pool (Enter signs) and its foreign
        players (Enter releases), "done" first; a choice stands once made."""
        from tui.dialogs.pick_player import PickPlayerDialog
        ja = self.app.japanese
        f = v.foreign
        if f is None:
            self._run(lambda: self.call_service(services.offseason_step, step="foreign"))
            return
        access = getattr(self.app, "access", None)
        mine = [t for t in f.waiting
                if t not in f.done and (access is None or access.may_manage(t))]
        if not mine or (getattr(access, "shared", False) and access is not None
                        and access.commissioner):
            # the commissioner's look carries the step on once every club is done
            self._run(lambda: self.call_service(services.offseason_steps))
            return
        team = mine[0]
        rows = [("-", label("os_foreign_done", ja))]
        for m in [*f.pool, *f.players]:
            if m.team != team:
                continue
            kind = "os_foreign_sign" if m in f.pool else "os_foreign_release"
            marks = "  ".join(x for x in (label("os_foreign_chosen", ja) if m.chosen else "",
                                          label("os_foreign_computer", ja) if m.computer else "")
                              if x)
            rows.append((m.player, f"{label(kind, ja)}  {visible(m.name):<16} {m.age} {m.side} "
                                   + (f"{m.value:+.1f}" if m in f.pool else
                                      f"PA {m.pa} BF {m.bf}") + (f"  [{marks}]" if marks else "")))
        chosen = {m.player for m in [*f.pool, *f.players] if m.team == team and m.chosen}
        own = {m.player for m in f.players if m.team == team}

        def picked(pid: str | None) -> None:
            if pid == "-":
                self._run(lambda: self.call_service(services.foreign_choice, team=team,
                                                    done=True))
            elif pid in chosen:
                self.app.notify(label("os_foreign_chosen", ja), timeout=3)
            elif pid in own:
                self._run(lambda: self.call_service(services.foreign_choice, team=team,
                                                    release=pid))
            elif pid:
                self._run(lambda: self.call_service(services.foreign_choice, team=team,
                                                    sign=pid))

        self.app.push_screen(PickPlayerDialog(label("os_foreign_title", ja).format(
            team=self.team_name(team), room=dict(f.room).get(team, 0)), rows), picked)

    def action_play_game(self) -> None:
        if not self._allowed("sim_postseason"):
            return
        from tui.screens.play import play_scheduled

        def then(slot) -> None:
            if slot is not None:
                play_scheduled(self.app, slot.number)

        self._run(lambda: self.call_service(services.next_game), then)

    @work(thread=True, exclusive=True, group="season-action")
    def _run(self, job, then=None) -> None:
        self.busy = True
        try:
            result = job()
        except LeagueError as exc:
            self.app.post_message(WorkFailed.of(exc))
            return
        finally:
            self.busy = False
        self.post_message(SeasonActed(result, then))

    def on_season_acted(self, message: SeasonActed) -> None:
        self.app.data_changed()
        if message.then is not None:
            message.then(message.result)


def career_text(d: services.DepartureView, ja: bool) -> str:
    """A departing player's career totals as the off-season and History list them."""
    cr = d.career
    return (f"{d.seasons} " + label("os_seasons", ja) + f"  PA {cr.get('pa', 0)}"
            f" H {cr.get('h', 0)} HR {cr.get('hr', 0)}"
            + (f"  IP {cr['outs'] // 3} W {cr['wins']} SV {cr['saves']}"
               if cr.get("outs") else ""))
