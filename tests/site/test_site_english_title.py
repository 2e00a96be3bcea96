"""The English pages of the web site name the league by its English name (league.toml's
`name_en`: "Nippon Impact Baseball" for the bundled `nippon`), as they name its teams and
players, where every English page's title, heading and brand read 日本インパクト野球機構; the
Japanese pages keep its name, and a league with no `name_en` keeps its name on both."""
from __future__ import annotations

import json
import re
import shutil
from html import unescape

from storage.plainfiles import load_league, sample_league_path
from tui import services as sv
from tui.site.generator import build_site


def _title_and_brand(path) -> tuple[str, str]:
    text = path.read_text(encoding="utf-8")
    title = unescape(re.search(r"<title>(.*?)</title>", text, re.S).group(1))
    brand = unescape(re.search(r'<a class="brand"[^>]*>(.*?)</a>', text, re.S).group(1))
    return title, brand


def test_english_pages_name_the_league_in_english(tmp_path):
    league = load_league(sample_league_path("nippon"))
    assert league.name_en == "Nippon Impact Baseball"
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    sv.new_season(db, "nippon", seed=1)
    sv.sim_days(db, "nippon", days=1)
    out = tmp_path / "site"
    build_site(db, "nippon", out, workers=0)
    for page in ("index.html", "standings-1.html", "game-1-1.html"):
        title, brand = _title_and_brand(out / "en" / page)
        assert title.endswith(" · Nippon Impact Baseball") and brand == "Nippon Impact Baseball"
        assert "日本インパクト野球機構" not in (out / "en" / page).read_text(encoding="utf-8")
        title, brand = _title_and_brand(out / page)
        assert title.endswith(f" · {league.name}") and brand == league.name


def test_a_league_without_an_english_name_keeps_its_name(tmp_path):
    folder = tmp_path / "plain"
    shutil.copytree(sample_league_path("mini"), folder)
    toml = folder / "league.toml"
    toml.write_text("".join(line for line in toml.read_text(encoding="utf-8").splitlines(True)
                            if not line.startswith("name_en")), encoding="utf-8")
    league = load_league(folder)
    assert not league.name_en
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "plain", folder)
    sv.new_season(db, "plain", seed=1)
    out = tmp_path / "site"
    build_site(db, "plain", out, workers=0)
    assert _title_and_brand(out / "en" / "index.html")[1] == league.name


def test_the_english_name_is_kept_by_the_database_and_its_exports(tmp_path):
    """It was dropped when the league was stored: `league export` wrote a league.toml (and a
    JSON document) without it, and the league made again from them had none."""
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "nippon", "nippon")
    assert sv.open_league(db, "nippon").name_en == "Nippon Impact Baseball"
    folder = tmp_path / "exported"
    _export(db, folder)
    assert 'name_en = "Nippon Impact Baseball"' in (folder / "league.toml").read_text(
        encoding="utf-8")
    sv.create_league(db, "again", folder)
    assert sv.open_league(db, "again").name_en == "Nippon Impact Baseball"
    document = tmp_path / "exported.json"
    document.write_text(sv.export_league(db, "nippon", None, "json") or "", encoding="utf-8")
    sv.create_league(db, "thrice", document)
    assert sv.open_league(db, "thrice").name_en == "Nippon Impact Baseball"


def _export(db: str, folder) -> None:
    from typer.testing import CliRunner

    from tui.cli.main import app
    result = CliRunner().invoke(app, ["league", "export", "nippon", "-o", str(folder), "--db", db])
    assert result.exit_code == 0, result.output
    result = CliRunner().invoke(app, ["league", "export", "nippon", "--json", "--db", db])
    assert json.loads(result.stdout)["league"]["name_en"] == "Nippon Impact Baseball"
