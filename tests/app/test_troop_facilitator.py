"""The Melting Pot facilitator's tools (issue 13): doubtful slips, corrections kept in the log,
players edited after setup, the projector in its own window, names that look like markup."""
import html

from test_troop_app import (  # noqa: F401  (_english: these tests read English)
    NAMES,
    SIZE,
    _english,
    enter_slips,
    make_app,
    on_screen,
    set_up_event,
    text,
    type_text,
)
from textual.widgets import DataTable, Input, OptionList

from tui.services.troop import TroopService
from tui.troop.app import ProjectorApp, TroopApp

from tui_helpers import until

MARKUP_NAMES = ["[/b]", "Ann[/]", "Ken [guest]", "[bold red]Bo", "Eve", "Fay"]


async def start(pilot, app, names=NAMES, strengths=("15", "25", "45")):
    app.animation_level = "none"
    await set_up_event(pilot, names=names, strengths=strengths)
    await pilot.press("ctrl+s")
    await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))


def service_event(tmp_path, names=NAMES, rounds=()):
    """An event stored through the service, with the given rounds played to the next entry."""
    service = TroopService(f"sqlite:///{tmp_path / 'events.sqlite3'}")
    event = service.create_event(title="night", players_text=", ".join(names),
                                 strength_texts=("20", "30", "60"), procedure="current")
    for slips in rounds:
        for name, slip in zip(names, slips):
            event, _ = service.enter_slip(event, name, slip)
        event = service.fight(event)
        while event.stage != "entry":
            event = service.advance(event)
    return service, event


async def test_an_empty_enter_asks_and_a_no_records_nothing(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app)
        await pilot.press("enter")           # an empty field: a slip not typed yet
        await until(pilot, lambda: on_screen(app, "ConfirmDialog"))
        assert "BLANK slip for Aiko" in text(app, "#confirm-question")
        await pilot.press("n")
        await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
        assert app.event.slips_of(1) == {}
        assert "Not recorded" in text(app, "#message")
        # a word is invalid: declined it stays in the field to be corrected
        await type_text(pilot, "ten")
        await pilot.press("enter")
        await until(pilot, lambda: on_screen(app, "ConfirmDialog"))
        await pilot.press("escape")
        await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
        assert app.screen.query_one("#slip", Input).value == "ten"
        assert app.event.slips_of(1) == {}
        # confirmed, it is stored and marked ⚠ without an amount
        await pilot.press("enter")
        await until(pilot, lambda: on_screen(app, "ConfirmDialog"))
        await pilot.press("y")
        await until(pilot, lambda: "Aiko" in app.event.slips_of(1))
        row = app.screen.query_one("#slips", DataTable).get_row("Aiko")
        assert row[3] == "⚠ invalid"
        await enter_slips(pilot, [""])      # Ben: a blank, confirmed
        assert app.screen.query_one("#slips", DataTable).get_row("Ben")[3] == "⚠ blank"
        await enter_slips(pilot, ["12"])    # Chie: a plain number asks nothing
        assert app.screen.query_one("#slips", DataTable).get_row("Chie")[3] == "✓ entered"


async def test_a_correction_is_kept_in_the_log_and_shown(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app)
        await enter_slips(pilot, ["5", "7"])
        await pilot.press("up", "up")
        await until(pilot, lambda: "Aiko" in text(app, "#current-player"))
        await enter_slips(pilot, ["9"])
        assert app.event.slips_of(1)["Aiko"].value == 9
        await pilot.press("f3")
        await until(pilot, lambda: on_screen(app, "LogDialog"))
        assert "Aiko's slip corrected: 5 → 5 ⇒ 9 → 9" in text(app, "#log-text")
        await pilot.press("escape")
        await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
    # stored: a new service on the same file reads it back, and the record sheet prints it
    service = TroopService(f"sqlite:///{tmp_path / 'events.sqlite3'}")
    event = service.load(1)
    assert [e.text for e in service.log(event)] == ["Aiko's slip corrected: 5 → 5 ⇒ 9 → 9"]
    service.close()


async def test_round3_strength_change_after_slips_needs_confirmation(tmp_path):
    names = NAMES[:6]
    service, event = service_event(tmp_path, names, rounds=(["50"] * 6, ["40"] * 6))
    event, _ = service.enter_slip(event, names[0], "3")
    try:
        service.lower_round3(event, "5")
        raise AssertionError("lowered without confirmation")
    except ValueError as error:
        assert "1 slips are in" in str(error)
    service.close()
    app = TroopApp(db_url=f"sqlite:///{tmp_path / 'events.sqlite3'}", export_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await pilot.press("enter")
        await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
        await pilot.press("ctrl+l")
        await until(pilot, lambda: on_screen(app, "ConfirmDialog"))
        assert "1 slips are already in" in text(app, "#confirm-question")
        await pilot.press("n")                      # declined: nothing changes
        await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
        assert app.event.round3_override is None
        await pilot.press("ctrl+l")
        await until(pilot, lambda: on_screen(app, "ConfirmDialog"))
        await pilot.press("y")
        await until(pilot, lambda: on_screen(app, "LowerStrengthDialog"))
        await type_text(pilot, "5")
        await pilot.press("enter")
        await until(pilot, lambda: app.event.round3_override == 5)
        assert "strength 5, enemy force 30" in text(app, "#round-info")
        log = [e.text for e in app.service.log(app.event)]
        assert log == ["round 3 strength changed from 9 to 5 with 1 slips in"]


async def test_players_renamed_and_reseated_after_setup_keep_their_slips(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await start(pilot, app)
        await enter_slips(pilot, ["5"])                      # Aiko's slip
        await pilot.press("f4")
        await until(pilot, lambda: on_screen(app, "PlayersDialog"))
        field = app.screen.query_one("#player-1", Input)
        field.value = ""
        await type_text(pilot, "Aya")
        await pilot.press("shift+down")                      # Aya to seat 2, Ben to seat 1
        await pilot.press("ctrl+s")
        await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
        players = app.event.setup.players
        assert players[:3] == ("Ben", "Aya", "Chie") and "Aiko" not in players
        assert app.event.slips_of(1)["Aya"].value == 5
        table = app.screen.query_one("#slips", DataTable)
        assert str(table.get_row("Aya")[1]) == "Aya" and table.get_row("Aya")[0] == "2"
        log = [e.text for e in app.service.log(app.event)]
        assert "Aiko renamed Aya" in log and "Aya moved from seat 1 to seat 2" in log
        # a name used twice is refused with a line, nothing stored
        await pilot.press("f4")
        await until(pilot, lambda: on_screen(app, "PlayersDialog"))
        app.screen.query_one("#player-1", Input).value = "Aya"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
        assert "used twice" in text(app, "#message")
        assert app.event.setup.players[:2] == ("Ben", "Aya")


async def test_markup_like_names_and_slips_show_literally_everywhere(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await pilot.press("n")
        await until(pilot, lambda: on_screen(app, "SetupScreen"))
        title = app.screen.query_one("#title", Input)
        title.value = ""
        title.focus()
        await type_text(pilot, "[b]Night[/b]")        # the title field
        await pilot.press("enter")
        assert app.focused.id == "players"
        await type_text(pilot, ", ".join(MARKUP_NAMES))  # the players field
        await until(pilot, lambda: "6 players" in text(app, "#players-hint"))
        await pilot.press("enter")
        for value in ("15", "25", "45"):
            await type_text(pilot, value)
            await pilot.press("enter")
        await pilot.press("ctrl+s")
        await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
        assert app.event.setup.players == tuple(MARKUP_NAMES)
        assert "[/b]" in text(app, "#current-player")
        await enter_slips(pilot, ["[/]", "Ann[/]"])
        assert "Ann[/]'s slip read as: Ann[/] → 0, invalid" == text(app, "#reading")
        await enter_slips(pilot, ["3", "4", "5", "6"])
        table = app.screen.query_one("#slips", DataTable)
        assert str(table.get_row("Ken [guest]")[1]) == "Ken [guest]"
        await pilot.press("f2")
        await until(pilot, lambda: on_screen(app, "PublicScreen"))
        await pilot.press("w")
        await until(pilot, lambda: "Slips received: 6 of 6" in text(app, "#public-lines"))
        await pilot.press("f2")
        await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
        # the players dialog with markup in it
        await pilot.press("f4")
        await until(pilot, lambda: on_screen(app, "PlayersDialog"))
        app.screen.query_one("#player-6", Input).value = "[i]Fay"
        await pilot.press("ctrl+s")
        await until(pilot, lambda: "[i]Fay" in app.event.setup.players)
        await pilot.press("f5")
        await until(pilot, lambda: on_screen(app, "ResultScreen"))
        assert str(app.screen.query_one("#result-table", DataTable).get_row("[/b]")[0]) == "[/b]"
        await pilot.press("f2")
        await until(pilot, lambda: on_screen(app, "PublicScreen"))
        while app.event.stage == "reveal":
            await pilot.press("space")
            await pilot.pause()
        assert "Ken [guest]:" in text(app, "#public-lines")
        for _round in (2, 3):
            await pilot.press("space")
            await pilot.pause()
            await pilot.press("f2")
            await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
            await enter_slips(pilot, ["1", "2", "3", "4", "5", "6"])
            await pilot.press("f5")
            await until(pilot, lambda: on_screen(app, "ResultScreen"))
            while app.event.stage != "scoreboard":
                await pilot.press("space")
                await pilot.pause()
            await pilot.press("f2")
            await until(pilot, lambda: on_screen(app, "PublicScreen"))
        await pilot.press("space")
        await until(pilot, lambda: app.event.stage == "finished")
        await pilot.press("f2")
        await until(pilot, lambda: on_screen(app, "FinalScreen"))
        assert str(app.screen.query_one("#final-table", DataTable).get_row("Ann[/]")[1]) \
            == "Ann[/]"
        await pilot.press("f3")
        await until(pilot, lambda: on_screen(app, "LogDialog"))
        assert "Fay renamed [i]Fay" in text(app, "#log-text")
        await pilot.press("escape")
        await until(pilot, lambda: on_screen(app, "FinalScreen"))
        await pilot.press("ctrl+e")
        await until(pilot, lambda: (tmp_path / "out" / "melting-pot-1.html").is_file())
    sheet = (tmp_path / "out" / "melting-pot-1.html").read_text(encoding="utf-8")
    assert "<title>[b]Night[/b]</title>" in sheet
    assert html.escape("Ken [guest]") in sheet and "&lt;" not in "".join(MARKUP_NAMES)
    assert "Final ranking" in sheet and "Fay renamed [i]Fay" in sheet


async def test_html_sheet_escapes_html_in_names_and_slips(tmp_path):
    names = ["<script>x</script>", "A&B", "C", "D", "E", "F"]
    service, event = service_event(tmp_path, names, rounds=(["<b>9</b>", "1", "2", "3", "4",
                                                             "5"],))
    sheet = service.store.export_html(event.id)
    assert "<script>" not in sheet and "&lt;script&gt;x&lt;/script&gt;" in sheet
    assert "A&amp;B" in sheet and "&lt;b&gt;9&lt;/b&gt; (invalid)" in sheet
    service.close()


async def test_events_list_shows_how_many_slips_are_in(tmp_path):
    service, event = service_event(tmp_path, NAMES)
    for name in NAMES[:4]:
        event, _ = service.enter_slip(event, name, "3")
    service.close()
    app = TroopApp(db_url=f"sqlite:///{tmp_path / 'events.sqlite3'}", export_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        options = app.screen.query_one("#events", OptionList)
        await until(pilot, lambda: options.option_count == 1)
        prompt = str(options.get_option_at_index(0).prompt)
        assert "round 1, entry, 4 of 10 slips in" in prompt


async def test_projector_window_follows_the_event_live_and_shows_no_entry(tmp_path):
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    projector = ProjectorApp(db_url=url)
    async with projector.run_test(size=(80, 24)) as pilot:
        projector.animation_level = "none"
        await until(pilot, lambda: on_screen(projector, "PublicScreen"))
        await until(pilot, lambda: "Waiting for the facilitator" in text(projector,
                                                                           "#public-lines"))
        # the facilitator (another process in real life) sets up and enters slips
        service, event = service_event(tmp_path, NAMES)
        await until(pilot, lambda: "Slips received: 0 of 10" in text(projector,
                                                                     "#public-lines"))
        for name, slip in zip(NAMES, ["2", "4", "5", "12", "18"]):
            event, _ = service.enter_slip(event, name, slip)
        await until(pilot, lambda: "Slips received: 5 of 10" in text(projector,
                                                                     "#public-lines"))
        assert not projector.screen.query(Input) and not projector.screen.query("#slips")
        # who has not handed in: names only, on request
        await pilot.press("w")
        await until(pilot, lambda: "Still to hand in: Fumi, Goro, Hana, Ken, Mio"
                    in text(projector, "#public-lines"))
        # space and F2 do nothing here: the facilitator runs the event
        await pilot.press("space", "f2")
        assert on_screen(projector, "PublicScreen") and projector.event.stage == "entry"
        for name, slip in zip(NAMES[5:], ["19", "21", "21", "25", "30"]):
            event, _ = service.enter_slip(event, name, slip)
        event = service.fight(event)
        event = service.advance(event)
        await until(pilot, lambda: text(projector, "#public-lines") == "10th place: Aiko")
        lines = text(projector, "#public-lines")
        assert not any(ch.isdigit() for ch in lines.replace("10th", ""))
        while event.stage == "reveal":
            event = service.advance(event)
        await until(pilot, lambda: text(projector, "#public-big") == "DEFEAT")
        service.close()


def test_projector_command_refuses_an_unknown_event(tmp_path):
    from typer.testing import CliRunner

    from tui.cli.main import app as cli

    TroopService(f"sqlite:///{tmp_path / 'e.sqlite3'}").close()
    result = CliRunner().invoke(cli, ["troop", "projector", "--db",
                                      f"sqlite:///{tmp_path / 'e.sqlite3'}", "--event", "7"])
    assert result.exit_code == 1 and "no event with id 7" in result.output


def _visible(app):
    """Every text shown on the screen (statics, labels, table headers and cells)."""
    parts = [str(w.render()) for w in app.screen.query("Static, Label")]
    for table in app.screen.query(DataTable):
        parts += [str(c.label) for c in table.columns.values()]
    for options in app.screen.query(OptionList):
        parts += [str(options.get_option_at_index(i).prompt)
                  for i in range(options.option_count)]
    return "\n".join(parts)


async def test_event_screens_follow_the_language_setting_and_L(tmp_path):
    from tui.settings import save_setting

    save_setting("japanese", True)       # the league app's saved setting: Japanese
    service, event = service_event(tmp_path, NAMES)
    service.close()
    app = TroopApp(db_url=f"sqlite:///{tmp_path / 'events.sqlite3'}", export_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await until(pilot, lambda: on_screen(app, "EventsScreen"))
        assert app.japanese is True
        assert "未終了のイベント" in _visible(app) and "投入票 0/10 枚" in _visible(app)
        await pilot.press("L")                       # English, on the screen in front
        await until(pilot, lambda: "Unfinished events" in _visible(app))
        assert "未終了" not in _visible(app) and "0 of 10 slips in" in _visible(app)
        await pilot.press("L")
        await until(pilot, lambda: "未終了のイベント" in _visible(app))
        await pilot.press("enter")
        await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))
        shown = _visible(app)
        assert "第1ラウンド" in shown and "残り兵力" in shown and "投入票 10/10 枚待ち" in shown
        app.japanese = False                          # (L types into the slip field here)
        await until(pilot, lambda: "Round 1 of 3" in _visible(app))
        shown = _visible(app)
        assert "Troops left" in shown and "Waiting for 10 of 10 slips" in shown
        # nothing left in Japanese (the header follows a moment later)
        await until(pilot, lambda: not any("\u3040" <= ch <= "\u30ff" for ch in _visible(app)))
        app.japanese = True
        await until(pilot, lambda: "第1ラウンド" in _visible(app))
        await pilot.press("f2")
        await until(pilot, lambda: on_screen(app, "PublicScreen"))
        assert "第1ラウンド — 投入票を提出してください" in _visible(app)
        await pilot.press("L")
        await until(pilot, lambda: "Round 1 — hand in your slips" in _visible(app))
        assert "Slips received: 0 of 10" in _visible(app)
