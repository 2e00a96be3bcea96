"""The services' unit of work (issue 30, docs/architecture.md): a service call opens the
league database once and passes it down; who is connected is asked once; no service imports
another in a circle."""
from __future__ import annotations

from pathlib import Path

import pytest

from tui import services as sv
from tui.services import db as services_db

from league_db import _fresh_engines, db, pg_server_url  # noqa: F401  (fixtures)

ROOT = Path(__file__).resolve().parents[2]


def _league(db: str) -> None:
    sv.create_league(db, "pac", "pacific")
    sv.new_season(db, "pac", games_per_opponent=2)


def _count(monkeypatch, module, name) -> list[object]:
    calls: list[object] = []
    real = getattr(module, name)

    def counted(*args, **kwargs):
        calls.append(args)
        return real(*args, **kwargs)

    monkeypatch.setattr(module, name, counted)
    return calls


def test_a_day_simulated_opens_the_database_once_and_asks_who_is_connected_once(db, monkeypatch):
    """`sim_days` resolved the database string into an engine six times and bounced between
    three services; now the string is resolved once, on SQLite and PostgreSQL alike, and the
    commissioner's right is asked of the database once for the whole call."""
    import storage.sharing

    _league(db)
    resolved = _count(monkeypatch, services_db, "resolve_url")
    asked = _count(monkeypatch, storage.sharing, "access")
    report = sv.sim_days(db, "pac", days=2)
    assert report.games > 0 and report.days == 2
    assert len(resolved) == 1
    assert len(asked) <= 1          # SQLite: nobody to ask (a single-user league)
    assert sv.standings(db, "pac").final == report.games


def test_a_service_given_a_work_uses_it_and_reads_what_the_database_string_reads(tmp_path,
                                                                               monkeypatch):
    db = str(tmp_path / "league.sqlite3")
    _league(db)
    sv.sim_days(db, "pac", days=1)
    w = sv.Work.of(db, "pac")
    resolved = _count(monkeypatch, services_db, "resolve_url")
    assert sv.standings(w, "pac") == sv.standings(db, "pac")
    assert sv.season_status(w, "pac") == sv.season_status(db, "pac")
    assert len(resolved) == 2        # once for each call given the string, never for the Work


def test_a_work_is_its_own_unit_for_its_league_and_refuses_another(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    w = sv.Work.of(db, "pac")
    assert sv.Work.of(w) is w and sv.Work.of(w, "pac") is w
    other = sv.Work.of(sv.Work.of(db), "pac")      # a Work of the database, then of a league
    assert other.engine is w.engine and other.league == "pac"
    with pytest.raises(sv.ServiceError, match="two leagues"):
        sv.Work.of(w, "nippon")


def test_no_circle_among_the_services_nor_anywhere_in_tui_and_storage():
    """tools/structure.py reads every import (at a module's top or in a function): no two
    modules of tui or storage reach each other."""
    from tool_modules import tool
    structure = tool("structure")
    facts = structure.facts(ROOT, top=1)
    circles = [c["modules"] for c in facts["circles"]
               if any(m.startswith(("tui.", "storage.")) for m in c["modules"])]
    assert circles == []
