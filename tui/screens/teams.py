"""Teams: a team's roster with its card ratings, the card editor, call-ups and demotions between
the active roster (一軍) and the farm (二軍), moves between the active roster and the reserves,
injuries, and the batting order, rotation and bullpen (the computer's, or a saved preference)."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import DataTable, Header, Static
from textual.widgets.data_table import CellDoesNotExist, RowDoesNotExist

from league.engine.cards import BAT_COLUMNS, PITCH_COLUMNS, Player
from tui import services
from tui.dialogs.card_editor import CardEdit, CardEditor
from tui.labels import label
from tui.messages import EditRefused, EditSaved, TradeAnswered
from tui.refusals import refusal
from tui.screens.base import AreaScreen
from tui.widgets.footer import KeyFooter
from tui.widgets.plain import Plain
from tui.widgets.table import FitTable

PREF_TABLES = {"order-table": "order", "rotation-table": "rotation", "bullpen-table": "bullpen"}


class TeamsScreen(AreaScreen):
    """チーム: n / p cycle the teams, e (or Enter) edits the card under the cursor, f calls a
    farm player up or sends an active one down (登録抹消; the ten-day rule), r moves a player
    between the active roster and the reserves; in the order / rotation / bullpen tables
    shift+↑/↓ move a player and s saves the order."""

    COMMISSIONER_ACTIONS = frozenset({"edit_card"})
    TEAM_ACTIONS = frozenset({"toggle_reserve", "toggle_farm", "move", "save_pref", "clear_pref",
                              "trade"})

    BINDINGS = [
        Binding("n", "cycle_team(1)", "key_next_team"),
        Binding("p", "cycle_team(-1)", "key_prev_team"),
        Binding("e", "edit_card", "key_edit_card"),
        Binding("f", "toggle_farm", "key_farm"),
        Binding("r", "toggle_reserve", "key_reserve"),
        Binding("t", "trade", "key_trade"),
        Binding("w", "toggle_widths", "key_widths"),
        Binding("shift+up", "move(-1)", "key_up", show=False),
        Binding("shift+down", "move(1)", "key_down", show=False),
        Binding("s", "save_pref", "key_save_order"),
        Binding("c", "clear_pref", "key_computer", show=False),
    ]

    def __init__(self) -> None:
        super().__init__()
        self.team: str | None = None
        self.view: services.RosterView | None = None
        self.widths = False
        self.lists: dict[str, list] = {"order": [], "rotation": [], "bullpen": []}
        self.dirty: set[str] = set()

    def compose(self) -> ComposeResult:
        yield Header()
        yield Plain(id="teams-title", classes="area-title")
        with Horizontal(id="teams-body"):
            with Vertical(id="teams-roster"):
                yield Plain(id="batters-title", classes="section-title")
                yield FitTable(id="batters-table", cursor_type="row", zebra_stripes=True)
                yield Plain(id="pitchers-title", classes="section-title")
                yield FitTable(id="pitchers-table", cursor_type="row", zebra_stripes=True)
            with Vertical(id="teams-side"):
                yield Plain(id="order-title", classes="section-title")
                yield FitTable(id="order-table", cursor_type="row")
                yield Plain(id="rotation-title", classes="section-title")
                yield FitTable(id="rotation-table", cursor_type="row")
                yield Plain(id="bullpen-title", classes="section-title")
                yield FitTable(id="bullpen-table", cursor_type="row")
                yield Plain(id="teams-note", classes="note")
        yield KeyFooter()

    # ------------------------------------------------------------------ loading
    def load(self) -> services.RosterView:
        return self.call_service(services.team_roster, self.team)

    def show(self, data: services.RosterView) -> None:
        # an order, rotation or bullpen edited and not yet saved survives a reload of the same
        # team (a pitcher reserved meanwhile, another list saved); another team's drops it
        same = self.view is not None and self.view.team == data.team
        kept = {kind: self.lists[kind] for kind in self.dirty} if same else {}
        self.view = data
        self.team = data.team
        self.lists = {"order": list(data.order), "rotation": list(data.rotation),
                      "bullpen": list(data.bullpen)}
        self.lists.update(kept)
        self.dirty = set(kept)
        self._draw()

    def _draw(self) -> None:
        v = self.view
        if v is None:
            return
        ja = self.app.japanese
        active = len(v.active)
        names = dict(v.teams)
        self.query_one("#teams-title", Static).update(
            f"{label('teams', ja)}  {names.get(v.team, v.team) if ja else v.team}  "
            f"{self.team_name(v.team, full=True) if v.team in self._book.teams else v.team_name}  "
            f"{label('tm_roster_count', ja)} {active}/{v.active_size}  "
            f"{label('tm_farm', ja)} {len(v.farm)}  "
            + (f"{label('tm_injured', ja)} {len(v.injuries)}  " if v.injuries else "")
            +
            f"({label('tm_widths' if self.widths else 'tm_bounds', ja)})")
        self._draw_batters(v, ja)
        self._draw_pitchers(v, ja)
        self._draw_prefs()
        self.query_one("#teams-note", Static).update(label("tm_not_simulated", ja))

    def _status(self, p: Player, v: services.RosterView, ja: bool) -> str:
        key = ("tm_farm" if p.id in v.farm else "tm_reserve" if p.id in v.reserves
               else "tm_active")
        # a foreign player (外国人枠: at most four of them active) is marked beside his status
        return label(key, ja) + (f" {label('tm_foreign', ja)}" if p.foreign else "")

    def _injury(self, p: Player, v: services.RosterView, ja: bool) -> str:
        """The injury cell: light / heavy with its points, or the ten-day rule's date."""
        hurt = v.injuries.get(p.id)
        if hurt:
            return f"{label('tm_' + hurt[1], ja)}{hurt[0]}"
        back = v.back_on.get(p.id)
        return f"{back:%m/%d}〜" if back is not None else ""

    def _cells(self, bounds: Any) -> list[str]:
        if self.widths:
            return [str(bounds.width(c)) if b is not None else "-"
                    for c, b in zip(bounds.columns, bounds.bounds)]
        return ["-" if b is None else str(b) for b in bounds.bounds]

    def _draw_batters(self, v: services.RosterView, ja: bool) -> None:
        t = self.query_one("#batters-table", DataTable)
        keep = _cursor_key(t)
        t.clear(columns=True)
        self.query_one("#batters-title", Static).update(label("tm_batters", ja))
        t.add_column(label("tm_status", ja), key="status")
        t.add_column(label("tm_injury", ja), key="injury")
        t.add_column(label("tm_id", ja), key="id")
        t.add_column(label("tm_name", ja), key="name")
        t.add_column(label("tm_age", ja), key="age")
        t.add_column(label("tm_bats", ja), key="bats")
        t.add_column(label("tm_positions", ja), key="positions")
        for c in BAT_COLUMNS:
            t.add_column(c, key=f"b-{c}")
        for c in ("BT", "RR", "SR", "DP"):
            t.add_column(c, key=c)
        for p in v.players:
            if p.batting is None or (p.pitching is not None
                                     and not any(f.position != "P" for f in p.fielding)):
                continue
            b = p.batting
            pos = ";".join(f.text() for f in p.fielding if f.position != "P")
            t.add_row(self._status(p, v, ja), self._injury(p, v, ja), p.id,
                      self.player_name(p.id, p.name), _age(v, p), p.bats, pos,
                      *self._cells(b.bounds),
                      str(b.BT), str(b.RR), str(b.SR), str(b.DP), key=p.id)
        _restore(t, keep)

    def _draw_pitchers(self, v: services.RosterView, ja: bool) -> None:
        t = self.query_one("#pitchers-table", DataTable)
        keep = _cursor_key(t)
        t.clear(columns=True)
        self.query_one("#pitchers-title", Static).update(
            f"{label('tm_pitchers', ja)}  ({'B列' if ja else 'row B'})")
        t.add_column(label("tm_status", ja), key="status")
        t.add_column(label("tm_injury", ja), key="injury")
        t.add_column(label("tm_id", ja), key="id")
        t.add_column(label("tm_name", ja), key="name")
        t.add_column(label("tm_age", ja), key="age")
        t.add_column(label("tm_throws", ja), key="throws")
        t.add_column(label("tm_role", ja), key="role")
        for c in PITCH_COLUMNS:
            t.add_column(c, key=f"p-{c}")
        for key in ("tm_stability", "tm_innings", "tm_start", "tm_rest"):
            t.add_column(label(key, ja), key=key)
        for p in v.players:
            if p.pitching is None:
                continue
            card = p.pitching
            role = label("tm_starter" if card.starter > 0 else "tm_reliever", ja)
            t.add_row(self._status(p, v, ja), self._injury(p, v, ja), p.id,
                      self.player_name(p.id, p.name), _age(v, p), p.throws, role,
                      *self._cells(card.rows["B"]), card.stability, f"{card.innings:g}",
                      str(card.starter), str(card.rest), key=p.id)
        _restore(t, keep)

    def _draw_prefs(self) -> None:
        v = self.view
        if v is None:
            return
        ja = self.app.japanese
        people = {p.id: p for p in v.players}
        saved = {"order": v.order_saved, "rotation": v.rotation_saved, "bullpen": v.bullpen_saved}
        for table_id, kind in PREF_TABLES.items():
            state = ("tm_unsaved" if kind in self.dirty else
                     "tm_saved" if saved[kind] else "tm_computer")
            self.query_one(f"#{kind}-title", Static).update(
                f"{label('tm_' + kind, ja)}  ({label(state, ja)})")
            t = self.query_one(f"#{table_id}", DataTable)
            row = t.cursor_row if t.row_count else 0
            t.clear(columns=True)
            if kind == "order":
                t.add_columns("#", label("tm_pos", ja), label("tm_name", ja))
                for i, (pid, pos) in enumerate(self.lists["order"], start=1):
                    p = people.get(pid)
                    t.add_row(str(i), pos, self.player_name(pid, p.name) if p else pid, key=pid)
            else:
                t.add_columns("#", label("tm_name", ja), label("tm_stability", ja))
                for i, pid in enumerate(self.lists[kind], start=1):
                    p = people.get(pid)
                    stab = p.pitching.stability if p and p.pitching else ""
                    t.add_row(str(i), self.player_name(pid, p.name) if p else pid, stab, key=pid)
            if t.row_count:
                t.move_cursor(row=min(row, t.row_count - 1))

    # ------------------------------------------------------------------ actions
    def action_cycle_team(self, step: int) -> None:
        if self.view is None:
            return
        codes = [c for c, _ in self.view.teams]
        # from the team asked for last, not the one shown: `n` or `p` pressed again before the
        # roster has loaded moves on from there (as the leaders' and the log's keys do)
        current = self.team if self.team in codes else self.view.team
        i = codes.index(current) if current in codes else 0
        self.team = codes[(i + step) % len(codes)]
        self.refresh_data()

    def action_toggle_widths(self) -> None:
        self.widths = not self.widths
        self._draw()

    def _selected_player(self) -> Player | None:
        if self.view is None:
            return None
        focused = self.focused
        tables = [self.query_one("#batters-table", DataTable),
                  self.query_one("#pitchers-table", DataTable)]
        if isinstance(focused, DataTable) and focused.id in PREF_TABLES:
            tables.insert(0, focused)
        elif isinstance(focused, DataTable) and focused.id == "pitchers-table":
            tables.reverse()
        for t in tables:
            pid = _cursor_key(t)
            if pid is not None:
                return next((p for p in self.view.players if p.id == pid), None)
        return None

    def action_edit_card(self) -> None:
        player = self._selected_player()
        if player is None:
            return
        self.edit_player(player)

    def edit_player(self, player: Player) -> None:
        """Open the card editor on a player; a checked edit is saved in a worker."""
        def done(edit: CardEdit | None) -> None:
            if edit:
                self._save_card_worker(player.id, edit)

        self.app.push_screen(CardEditor(player, self.app.japanese), done)

    def on_data_table_row_selected(self, event: DataTable.RowSelected) -> None:
        if event.data_table.id in ("batters-table", "pitchers-table") and self.view is not None:
            pid = event.row_key.value
            player = next((p for p in self.view.players if p.id == pid), None)
            if player is not None:
                self.edit_player(player)

    @work(thread=True, exclusive=True, group="save")
    def _save_card_worker(self, pid: str, edit: CardEdit) -> None:
        self._save_in_thread(lambda: self.call_service(
            services.save_card, pid, batting=edit.get("batting"),
            pitching=edit.get("pitching")), "tm_card_saved")

    def _save_in_thread(self, save: Callable[[], object], saved: str,
                        kinds: tuple[str, ...] = ()) -> None:
        """Worker thread: store an edit (of the saved lists `kinds`); a refusal or a broken
        database is a notification."""
        try:
            save()
        except Exception as exc:  # noqa: BLE001 - a refusal or a broken database is a notification
            self.post_message(EditRefused.of(exc))
            return
        self.post_message(EditSaved(saved, kinds))

    def on_edit_refused(self, message: EditRefused) -> None:
        message.stop()
        self.app.notify(refusal(message.text, self.app.japanese),
                        title=label("ce_refused", self.app.japanese), severity="error", timeout=8)

    def on_edit_saved(self, message: EditSaved) -> None:
        message.stop()
        self.dirty.difference_update(message.kinds)     # stored: the reload shows what was saved
        self.app.notify(label(message.label_key, self.app.japanese), timeout=3)
        self.app.data_changed()

    def action_trade(self) -> None:
        """A trade for the team shown (§6): asked first with which club (or the computer's
        proposals), then the trade dialog; the roster reloads after a trade."""
        if self.view is None or self.team is None:
            return
        from tui.dialogs.pick_player import PickPlayerDialog
        from tui.dialogs.trade import ProposalsDialog, TradeDialog
        ja = self.app.japanese
        team = self.team
        codes = [code for code, _name in self.view.teams if code != team]
        rows: list[tuple[str, Any]] = [("*", label("tr_see_proposals", ja))] + [
            (code, self.team_name(code, full=True)) for code in codes]
        access = getattr(self.app, "access", None)
        if access is not None and access.shared and access.commissioner:
            rows.insert(0, ("!", label("tr_answer_offers", ja)))

        def done(made: bool | None) -> None:
            if made:
                self.refresh_data()

        def chosen(code: str | None) -> None:
            if code == "!":
                self._answer_offers()
            elif code == "*":
                self.app.push_screen(ProposalsDialog(self.app.db, self.app.league, team, ja),
                                     done)
            elif code:
                others = [code] + [c for c in codes if c != code]
                self.app.push_screen(TradeDialog(self.app.db, self.app.league, team,
                                                 [team, *others], ja), done)

        self.app.push_screen(PickPlayerDialog(label("tr_which", ja), rows), chosen)

    @work(thread=True, exclusive=True, group="trade-answer")
    def _answer_offers(self) -> None:
        """The commissioner's program answers the managers' offers (a shared league)."""
        try:
            answered = self.call_service(services.trade_answer)
        except Exception as exc:  # noqa: BLE001 - a broken database is shown, not a crash
            self.post_message(EditRefused.of(exc))
            return
        self.post_message(TradeAnswered(answered))

    def on_trade_answered(self, message: TradeAnswered) -> None:
        """The managers' offers answered: how many, how many made; the rosters read again."""
        message.stop()
        answered = message.answer
        made = sum(1 for v in answered if v.accepted)
        self.app.notify(label("tr_answered", self.app.japanese).format(n=len(answered),
                                                                       made=made), timeout=4)
        if made:
            self.app.data_changed()

    def action_toggle_reserve(self) -> None:
        player = self._selected_player()
        if player is None or self.view is None:
            return
        self._reserve_worker(player.id, player.id not in self.view.reserves)

    def action_toggle_farm(self) -> None:
        """Call the player under the cursor up from the farm, or send him down (登録抹消)."""
        player = self._selected_player()
        if player is None or self.view is None:
            return
        self._farm_worker(player.id, "up" if player.id in self.view.farm else "down")

    @work(thread=True, exclusive=True, group="save")
    def _farm_worker(self, pid: str, kind: str) -> None:
        self._save_in_thread(lambda: self.call_service(services.move_player, pid, kind),
                             "tm_called_up" if kind == "up" else "tm_sent_down")

    @work(thread=True, exclusive=True, group="save")
    def _reserve_worker(self, pid: str, reserve: bool) -> None:
        self._save_in_thread(lambda: self.call_service(services.set_reserve, pid, reserve),
                             "tm_pref_saved")

    def _pref_table(self) -> tuple[str, DataTable] | None:
        focused = self.focused
        if isinstance(focused, DataTable) and focused.id in PREF_TABLES:
            return PREF_TABLES[focused.id], focused
        return None

    def action_move(self, step: int) -> None:
        found = self._pref_table()
        if found is None:
            return
        kind, table = found
        items = self.lists[kind]
        i = table.cursor_row
        j = i + step
        if not (0 <= i < len(items) and 0 <= j < len(items)):
            return
        if kind == "order":
            # the batting order changes; each player keeps his position
            items[i], items[j] = items[j], items[i]
        else:
            items[i], items[j] = items[j], items[i]
        self.dirty.add(kind)
        self._draw_prefs()
        table.move_cursor(row=j)

    def action_save_pref(self) -> None:
        found = self._pref_table()
        if found is None or self.view is None:
            kinds = sorted(self.dirty)
        else:
            kinds = [found[0]]
        if not kinds:
            return
        self._pref_worker(self.view.team if self.view else "", kinds,
                          {k: list(self.lists[k]) for k in kinds})

    def action_clear_pref(self) -> None:
        found = self._pref_table()
        if found is None or self.view is None:
            return
        self._pref_worker(self.view.team, [found[0]], {found[0]: []})

    @work(thread=True, exclusive=True, group="save")
    def _pref_worker(self, team: str, kinds: list[str], data: dict[str, list]) -> None:
        def save() -> None:
            for kind in kinds:
                items = data[kind]
                if not items:
                    self.call_service(services.clear_preference, team, kind)
                elif kind == "order":
                    self.call_service(services.save_order, team, items)
                elif kind == "rotation":
                    self.call_service(services.save_rotation, team, items)
                else:
                    self.call_service(services.save_bullpen, team, items)

        self._save_in_thread(save, "tm_pref_saved", tuple(kinds))


def _cursor_key(table: DataTable) -> str | None:
    if not table.row_count:
        return None
    try:
        key = table.coordinate_to_cell_key(table.cursor_coordinate).row_key
    except CellDoesNotExist:
        return None
    return key.value


def _restore(table: DataTable, key: str | None) -> None:
    if key is None or not table.row_count:
        return
    try:
        table.move_cursor(row=table.get_row_index(key))
    except RowDoesNotExist:
        pass    # the player is no longer in this table (another team shown)


def _age(v: services.RosterView, p: Any) -> str:
    age = v.age(p)
    return "-" if age is None else str(age)
