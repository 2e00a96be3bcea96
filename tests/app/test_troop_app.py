"""The Melting Pot event app through the keyboard (Textual Pilot, 120×40)."""
import csv
import re

import pytest
from textual.widgets import DataTable, Static

from league.troop.rules import make_setup, play_event
from tui.services.troop import TroopService
from tui.troop.app import TroopApp

from tui_helpers import until

NAMES = ["Aiko", "Ben", "Chie", "Dai", "Emi", "Fumi", "Goro", "Hana", "Ken", "Mio"]
# slips as written on the paper; round 2 has a blank, a word and a number above troops left
ROUND_1 = ["2", "4", "5", "12", "18", "19", "21", "21", "25", "30"]
ROUND_2 = ["45", "30", "27", "25", "20", "17", "10", "9", "abc", ""]
ROUND_3 = ["0", "50", "50", "43", "30", "49", "51", "53", "50", "99"]
SIZE = (120, 40)


@pytest.fixture(autouse=True)
def _english():
    """These tests read the English labels (the app starts in the saved language)."""
    from tui.settings import save_setting

    save_setting("japanese", False)


def text(app, selector):
    return str(app.screen.query_one(selector, Static).content)


async def type_text(pilot, value):
    if value:
        await pilot.press(*value)


def make_app(tmp_path):
    app = TroopApp(db_url=f"sqlite:///{tmp_path / 'events.sqlite3'}", export_dir=tmp_path / "out")
    return app


async def set_up_event(pilot, names=NAMES, strengths=("15", "25", "45")):
    await pilot.press("n")
    await pilot.pause()
    await type_text(pilot, ", ".join(names))
    await pilot.press("enter")
    for value in strengths:
        await type_text(pilot, value)
        await pilot.press("enter")


def on_screen(app, name):
    return type(app.screen).__name__ == name


async def enter_slips(pilot, slips, confirm="y"):
    """Type each slip and press enter; a blank, invalid or capped slip asks first: answer it."""
    app = pilot.app
    for slip in slips:
        before = app.event
        await type_text(pilot, slip)
        await pilot.press("enter")
        await until(pilot, lambda: on_screen(app, "ConfirmDialog") or app.event is not before)
        if on_screen(app, "ConfirmDialog"):
            await pilot.press(confirm)
            await until(pilot, lambda: on_screen(app, "SlipEntryScreen"))


def assert_public_is_safe(app):
    """On the projector no line holds a player's name together with a committed amount."""
    lines = text(app, "#public-lines").splitlines() + [text(app, "#public-big")]
    for line in lines:
        named = [n for n in NAMES if re.search(rf"\b{n}\b", line)]
        if not named:
            continue
        if app.event.stage == "reveal":
            assert re.match(r"^(\d+(st|nd|rd|th) place( \(shared\))?: |Closest to the average: )",
                            line) or not re.search(r"\d", line), line
            assert "Commitment" not in line and "Total" not in line, line
        elif app.event.stage == "entry":
            raise AssertionError(f"a name on the public screen during slip entry: {line}")


async def run_reveal_on_projector(pilot, app):
    """From the facilitator's result screen: open the projector view and reveal every step."""
    await pilot.press("f2")
    await pilot.pause()
    assert type(app.screen).__name__ == "PublicScreen"
    seen = []
    while app.event.stage == "reveal":
        assert_public_is_safe(app)
        await pilot.press("space")
        await pilot.pause()
        seen.append(text(app, "#public-lines"))
    assert app.event.stage == "scoreboard"
    assert "points" in text(app, "#public-lines")
    return seen


async def test_setup_shows_guidelines_and_refuses_five_players(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await set_up_event(pilot, names=NAMES[:5])
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert type(app.screen).__name__ == "SetupScreen"
        labels = " ".join(str(label.content) for label in app.screen.query("Label"))
        assert "guideline 10–20" in labels and "guideline 20–30" in labels
        assert "guideline 40–60" in labels
        assert "6–15 players, got 5" in text(app, "#setup-error")
        assert "5 players" in text(app, "#players-hint")
        assert app.service.events_to_resume() == []


async def test_slip_entry_shows_the_reading_and_hides_the_number(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await set_up_event(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert type(app.screen).__name__ == "SlipEntryScreen"
        assert "enemy force 150" in text(app, "#round-info")
        await enter_slips(pilot, ["120"])
        assert text(app, "#reading") == "Aiko's slip read as: 120 → 100, all troops left"
        table = app.screen.query_one("#slips", DataTable)
        row = table.get_row("Aiko")
        # a capped slip stays marked, without the amount
        assert row[3] == "⚠ over troops left" and "120" not in row and "100" not in row[3]
        assert app.screen.query_one("#slip").value == ""
        await type_text(pilot, "7")
        assert text(app, "#reading") == ""  # the reading goes as the next slip is typed
        await pilot.press("enter")
        await enter_slips(pilot, ["", "seven"])
        assert text(app, "#reading") == "Dai's slip read as: seven → 0, invalid"
        slips = app.event.slips_of(1)
        assert (slips["Aiko"].written, slips["Aiko"].value) == ("120", 100)
        assert (slips["Ben"].value, slips["Chie"].written, slips["Chie"].note) == (7, None, "blank")
        # battle refused until every slip is in
        await pilot.press("f5")
        assert app.event.stage == "entry"
        assert "no slip yet from Emi" in text(app, "#message")
        # up moves back to correct a slip
        await pilot.press("up", "up")
        assert "Chie" in text(app, "#current-player")
        assert "already entered" in text(app, "#current-player")
        await enter_slips(pilot, ["3"])
        assert app.event.slips_of(1)["Chie"].value == 3


async def test_whole_ten_player_event_with_crash_and_resume(tmp_path):
    # first sitting: set up, play round 1 with the public reveal, then die mid round 2
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await set_up_event(pilot)
        await pilot.press("ctrl+s")
        await pilot.pause()
        await pilot.press("f2")
        await pilot.pause()
        assert "Round 1: enemy force 150" in text(app, "#public-lines")
        assert_public_is_safe(app)
        await pilot.press("f2")
        await pilot.pause()
        await enter_slips(pilot, ROUND_1)
        await pilot.press("f5")
        await pilot.pause()
        assert type(app.screen).__name__ == "ResultScreen"
        assert "total 157: VICTORY" in text(app, "#result-summary").replace("[b]", "").replace(
            "[/b]", "")
        seen = await run_reveal_on_projector(pilot, app)
        assert seen[0] == "10th place: Aiko"
        reveal = seen[-2]  # the last reveal step; seen[-1] is the scoreboard
        assert "3rd place (shared): Goro, Hana" in reveal
        assert "Total committed: 157 — enemy force 150: VICTORY" in reveal
        assert reveal.endswith("Closest to the average: Emi")
        assert text(app, "#public-big") == "VICTORY"
        assert "Mio: 30 points" in text(app, "#public-lines")
        await pilot.press("space")  # on to round 2
        await pilot.pause()
        assert (app.event.current_round, app.event.stage) == (2, "entry")
        await pilot.press("f2")
        await pilot.pause()
        assert type(app.screen).__name__ == "SlipEntryScreen"
        await enter_slips(pilot, ROUND_2[:5])
        assert len(app.event.slips_of(2)) == 5
        await pilot.press("ctrl+q")  # the laptop closes mid round
    assert not app.is_running

    # second sitting: a new app on the same database resumes the event
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        assert type(app.screen).__name__ == "EventsScreen"
        await pilot.press("enter")
        await pilot.pause()
        assert [type(s).__name__ for s in app.screen_stack][1:] == [
            "EventsScreen", "SlipEntryScreen"]
        assert (app.event.current_round, app.event.stage) == (2, "entry")
        assert {n: s.written for n, s in app.event.slips_of(2).items()} == dict(
            zip(NAMES[:5], ROUND_2[:5]))
        assert "Fumi" in text(app, "#current-player")
        assert "Waiting for 5 of 10 slips" in text(app, "#message")
        await enter_slips(pilot, ROUND_2[5:])
        await pilot.press("f5")
        await pilot.pause()
        assert "DEFEAT" in text(app, "#result-summary")
        # the facilitator can step the reveal from the secret screen too
        while app.event.stage == "reveal":
            await pilot.press("space")
            await pilot.pause()
        assert type(app.screen).__name__ == "ResultScreen"
        await pilot.press("space")
        await pilot.pause()
        assert (app.event.current_round, app.event.stage) == (3, "entry")
        assert type(app.screen).__name__ == "SlipEntryScreen"
        await enter_slips(pilot, ROUND_3)
        assert "all troops left" in text(app, "#reading")  # Mio wrote 99
        await pilot.press("f5")
        await pilot.pause()
        await run_reveal_on_projector(pilot, app)
        await pilot.press("space")
        await pilot.pause()
        assert app.event.stage == "finished"
        assert text(app, "#public-heading") == "Final ranking"
        await pilot.press("f2")
        await pilot.pause()
        assert type(app.screen).__name__ == "FinalScreen"
        await pilot.press("ctrl+e")
        await pilot.pause()

        expected = play_event(make_setup(NAMES, [15, 25, 45]), [
            dict(zip(NAMES, [s or None for s in r])) for r in (ROUND_1, ROUND_2, ROUND_3)])
        results = app.event.results()
        assert [r.total for r in results] == [r.total for r in expected.rounds]
        assert results[0].total == 157 and results[0].victory
        assert results[1].read["Ken"] == 0 and results[1].read["Mio"] == 0
        table = app.screen.query_one("#final-table", DataTable)
        first = table.get_row_at(0)
        assert str(first[1]) in expected.winners
        assert int(first[4]) == expected.final[str(first[1])].score
        assert ", ".join(expected.winners) in text(app, "#winners")
        assert app.service.events_to_resume() == []

    rows = list(csv.DictReader((tmp_path / "out" / "melting-pot-1.csv").open(encoding="utf-8")))
    final_rows = {r["player"]: int(r["score"]) for r in rows if r["round"] == "final"}
    assert final_rows == {n: f.score for n, f in expected.final.items()}
    markdown = (tmp_path / "out" / "melting-pot-1.md").read_text(encoding="utf-8")
    assert "## Final ranking" in markdown and "abc (invalid)" in markdown


async def test_original_procedure_reveals_numbers_only_in_ascending_order(tmp_path):
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await set_up_event(pilot)
        # focus is on the reveal procedure now: move to the original rule and pick it
        assert app.focused is not None and app.focused.id == "procedure"
        await pilot.press("down", "enter")
        await pilot.press("ctrl+s")
        await pilot.pause()
        assert app.event.setup.procedure == "original"
        await enter_slips(pilot, ROUND_1)
        await pilot.press("f5")
        await pilot.pause()
        seen = await run_reveal_on_projector(pilot, app)
        lines = seen[-2].splitlines()
        numbers = [int(line.rsplit(": ", 1)[1]) for line in lines if line.startswith("Commitment")]
        assert numbers == [2, 4, 5, 12, 18, 19, 21, 21, 25, 30]
        assert lines[-1] == "Total committed: 157 — enemy force 150: VICTORY"
        assert not any(name in "\n".join(seen[:-1]) for name in NAMES)


async def test_round3_strength_adjusted_and_lowered_by_hand(tmp_path):
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    service = TroopService(url)
    names = NAMES[:6]
    event = service.create_event(title="t", players_text=", ".join(names),
                                 strength_texts=("20", "30", "60"), procedure="current")
    for round_slips in (["50"] * 6, ["40"] * 6):
        for name, slip in zip(names, round_slips):
            event, _ = service.enter_slip(event, name, slip)
        event = service.fight(event)
        while event.stage != "entry":
            event = service.advance(event)
    assert (event.current_round, event.stage) == (3, "entry")
    service.close()

    app = TroopApp(db_url=url, export_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await pilot.press("enter")
        await pilot.pause()
        info = text(app, "#round-info")
        assert "strength 9, enemy force 54 (lowered from 60: enemy force was 360)" in info
        await pilot.press("ctrl+l")
        await pilot.pause()
        await type_text(pilot, "12")
        await pilot.press("enter")
        await pilot.pause()
        assert "may only be lowered, to 9 or less" in text(app, "#message")
        await pilot.press("ctrl+l")
        await pilot.pause()
        await type_text(pilot, "5")
        await pilot.press("enter")
        await pilot.pause()
        assert "strength 5, enemy force 30" in text(app, "#round-info")
        await pilot.press("f2")
        await pilot.pause()
        assert "Round 3 adjusted: enemy force 360 → 30" in text(app, "#public-lines")
        assert text(app, "#public-big") == "" and "30" in str(
            app.screen.query_one("#public-digits").value)


async def test_a_damaged_event_is_refused_with_a_message_not_a_crash(tmp_path):
    url = f"sqlite:///{tmp_path / 'events.sqlite3'}"
    service = TroopService(url)
    event = service.create_event(title="broken", players_text=", ".join(NAMES),
                                 strength_texts=("15", "25", "45"), procedure="current")
    # a stage that claims the battle was fought although no slip is stored
    service.store.set_progress(event_id=event.id, current_round=1, stage="reveal")
    service.close()
    app = TroopApp(db_url=url, export_dir=tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        app.animation_level = "none"
        await pilot.press("enter")
        await pilot.pause()
        assert type(app.screen).__name__ == "EventsScreen"
        assert app.event is None
        messages = [n.message for n in app._notifications]
        assert any("event 1 cannot be resumed" in m and "no slip stored" in m for m in messages)
