"""A league shared by several managers (PostgreSQL): set-up, managers, who is connected, the
audit log as the league's news, and voiding a keyboard game. The guard is the database itself
(storage.sharing); these functions only open the engine and tell a refusal in one line."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from storage import repository as repo
from storage import sharing as store
from storage.db import session
from storage.sharing import Access, AuditEntry, SharingError
from tui.services.db import Db, ServiceError, db_error, engine_for, require_commissioner

if TYPE_CHECKING:   # keyboard games (and the engine they load) only where they are listed
    from storage import live_store


def share(db: Db, commissioner: str | None = None) -> dict[str, Any]:
    """Set a PostgreSQL league up for sharing (the database owner runs it; safe to run again)."""
    try:
        return store.share(engine_for(db), commissioner)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def add_manager(db: Db, name: str, team: str, *, league: str | None = None,
                password: str | None = None) -> dict[str, Any]:
    try:
        return store.add_manager(engine_for(db), name, team, league=league, password=password)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def remove_manager(db: Db, name: str, *, league: str | None = None) -> dict[str, Any]:
    try:
        return store.remove_manager(engine_for(db), name, league=league)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def managers(db: Db, league: str | None = None) -> list[dict[str, str]]:
    try:
        return store.managers(engine_for(db), league)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def whoami(db: Db, league: str | None = None) -> Access:
    """Who this connection is and what it may do (single-user for SQLite)."""
    try:
        return store.access(engine_for(db), league)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def league_log(db: Db, *, team: str | None = None, kind: str | None = None,
               who: str | None = None, limit: int = 200) -> list[AuditEntry]:
    """The audit log, newest first: every change to a shared league, by whom, before and after."""
    try:
        return store.audit_log(engine_for(db), team=team, kind=kind, who=who, limit=limit)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def require_team(db: Db, team: str, league: str | None = None) -> None:
    """Refuse early, in words, a manager's change to a team that is not his (the database
    would refuse it anyway: this only names the team's manager)."""
    engine = engine_for(db)
    if not store.is_postgres(engine):
        require_commissioner(db, f"change {team}", league)   # refused when read-only
        return
    try:
        who = store.access(engine, league)
        if who.may_manage(team):
            return
        owner = store.team_manager(engine, team, league)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None
    mine = f" (you manage {', '.join(who.teams)})" if who.teams else ""
    if owner:
        raise ServiceError(f"{team} is managed by {owner}{mine}")
    raise ServiceError(f"{team} has no manager: only the commissioner may change it{mine}")


def keyboard_games(db: Db, league: str | None = None) -> list[live_store.LiveGameInfo]:
    """Every game played at the keyboard, finished, being played or voided (newest first)."""
    from storage import live_store

    try:
        with session(engine_for(db)) as s:
            row = repo.find_league(session=s, name=league)
            assert row.id is not None
            return live_store.list_live(session=s, league_id=row.id, playing_only=False)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def void_game(db: Db, live_id: int) -> live_store.LiveGameInfo:
    """The commissioner voids a keyboard game: it stays in the record, marked voided."""
    from storage import live_store

    require_commissioner(db, "void or replay games")
    try:
        with session(engine_for(db)) as s:
            info = live_store.void_live(session=s, live_id=live_id)
            s.commit()
            return info
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


__all__ = ["Access", "AuditEntry", "SharingError", "share", "add_manager", "remove_manager",
           "managers", "whoami", "league_log", "require_team", "keyboard_games", "void_game"]
