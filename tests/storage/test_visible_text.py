"""Stored text with control characters (issue 28, attack 8): a name holding a terminal sequence
or a bidirectional override is shown as visible escapes by the command line, the app and CSV;
JSON keeps the data, escaped, and reads back unchanged."""
from __future__ import annotations

import json
import shutil
from pathlib import Path

from typer.testing import CliRunner

from league.visible import visible, visible_json
from tui import services
from tui.app import ImpactApp
from tui.cli.main import app as cli_app

from tui_helpers import opened, screen_text, until

SAMPLE = Path(__file__).resolve().parents[2] / "sample_leagues" / "mini"
# clears the screen and paints red; turns the rest of the line around; a C1 CSI and a DEL
EVIL = "Ann\x1b[2J\x1b[31m\u202eXE\x9b\x7f"
SHOWN = "Ann\\x1b[2J\\x1b[31m\\u202eXE\\x9b\\x7f"
RAW = ("\x1b", "\u202e", "\x9b", "\x7f")


def test_control_characters_are_shown_as_escapes():
    assert visible(EVIL) == SHOWN
    assert visible("tab\tand\nnewline stay") == "tab\tand\nnewline stay"
    assert visible("\x00\x08\x0b\x0c\x0d\x1f") == "\\x00\\x08\\x0b\\x0c\\x0d\\x1f"
    assert visible("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069") == \
        "\\u202a\\u202b\\u202c\\u202d\\u202e\\u2066\\u2067\\u2068\\u2069"
    assert visible("鈴木 一朗 é ∑") == "鈴木 一朗 é ∑"          # letters are letters
    text = visible_json(json.dumps({"name": EVIL}, ensure_ascii=False))
    assert not any(c in text for c in RAW) and json.loads(text)["name"] == EVIL


def _evil_league(tmp_path: Path) -> str:
    folder = tmp_path / "evil"
    shutil.copytree(SAMPLE, folder)
    f = folder / "batters.csv"
    f.write_text(f.read_text(encoding="utf-8").replace("小山 圭介", EVIL), encoding="utf-8")
    db = str(tmp_path / "league.sqlite3")
    services.create_league(db, "evil", folder)
    services.new_season(db, "evil")
    services.sim_days(db, "evil", days=2)
    return db


def test_the_command_line_shows_a_stored_name_harmlessly(tmp_path):
    db = _evil_league(tmp_path)
    runner = CliRunner()
    out = runner.invoke(cli_app, ["player", "KYO01", "--db", db])
    assert out.exit_code == 0, out.output
    assert SHOWN in out.output and not any(c in out.output for c in RAW)
    out = runner.invoke(cli_app, ["player", "KYO01", "--db", db, "--json"])
    assert out.exit_code == 0 and not any(c in out.output for c in RAW)
    assert json.loads(out.output)["name"] == EVIL           # the data, unchanged
    out = runner.invoke(cli_app, ["roster", "list", "KYO", "--db", db])
    assert SHOWN in out.output and not any(c in out.output for c in RAW)
    out = runner.invoke(cli_app, ["league", "export", "--json", "--db", db])
    assert out.exit_code == 0 and not any(c in out.output for c in RAW)
    kyo01 = next(b for b in json.loads(out.output)["batters"] if b["id"] == "KYO01")
    assert kyo01["name"] == EVIL            # the data kept



def test_exported_csv_files_show_a_stored_name_harmlessly(tmp_path):
    """The plain-file export is read by people too (cat, a spreadsheet): its CSV files hold the
    visible escapes, never the raw controls, and the folder imports again as a league."""
    db = _evil_league(tmp_path)
    out = tmp_path / "exported"
    result = CliRunner().invoke(cli_app, ["league", "export", "evil", "--out", str(out), "--db", db])
    assert result.exit_code == 0, result.output
    for name in ("batters.csv", "pitchers.csv", "league.toml"):
        text = (out / name).read_text(encoding="utf-8")
        assert not any(c in text for c in RAW), name
    assert SHOWN in (out / "batters.csv").read_text(encoding="utf-8")
    again = str(tmp_path / "again.sqlite3")
    result = CliRunner().invoke(cli_app, ["league", "import", str(out), "--db", again])
    assert result.exit_code == 0, result.output
    shown = CliRunner().invoke(cli_app, ["league", "export", "--json", "--db", again])
    kyo01 = next(b for b in json.loads(shown.output)["batters"] if b["id"] == "KYO01")
    assert kyo01["name"] == SHOWN           # the escape, now plain text

async def test_the_app_shows_a_stored_name_harmlessly(tmp_path):
    db = _evil_league(tmp_path)
    app = ImpactApp(db=db, league="evil")
    async with app.run_test(size=(120, 40)) as pilot:
        await opened(app, pilot)
        await pilot.press("3")          # Teams: the first team is KYO, its batters and a card
        await until(pilot, lambda: SHOWN in screen_text(app))
        assert not any(c in screen_text(app) for c in RAW)
        await pilot.press("4")          # Players
        await until(pilot, lambda: app.screen.query("#players-table")
                    and app.screen.query_one("#players-table").row_count
                    and SHOWN in screen_text(app))
        assert not any(c in screen_text(app) for c in RAW)


def test_the_web_site_shows_a_stored_name_harmlessly(tmp_path):
    """`impact site`: every page names the player with escapes, never the raw characters."""
    db = _evil_league(tmp_path)
    out = tmp_path / "site"
    result = CliRunner().invoke(cli_app, ["--db", db, "site", "-o", str(out), "--workers", "0"])
    assert result.exit_code == 0, result.output
    pages = list(out.rglob("*.html"))
    texts = [p.read_text(encoding="utf-8") for p in pages]
    assert pages and not [p for p, t in zip(pages, texts) if any(c in t for c in RAW)]
    assert any(SHOWN in t for t in texts)
