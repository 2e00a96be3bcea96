"""A league shared by several managers (PostgreSQL): set-up, managers, who is connected, the
audit log as the league's news, and voiding a keyboard game. The guard is the database itself
(storage.sharing); these functions only open the engine and tell a refusal in one line."""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from sqlalchemy.exc import SQLAlchemyError

from storage import repository as repo
from storage import sharing as store
from storage.sharing import KINDS, Access, AuditEntry, SharingError  # noqa: F401  (for the screens)
from tui.services.db import Db, ServiceError, Work, db_error

if TYPE_CHECKING:   # keyboard games (and the engine they load) only where they are listed
    from storage import live_store


def share(db: Db, commissioner: str | None = None) -> dict[str, Any]:
    """Set a PostgreSQL league up for sharing (the database owner runs it; safe to run again)."""
    try:
        return store.share(Work.of(db).engine, commissioner)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def add_manager(db: Db, name: str, team: str, *, league: str | None = None,
                password: str | None = None) -> dict[str, Any]:
    try:
        return store.add_manager(Work.of(db, league).engine, name, team, league=league, password=password)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def remove_manager(db: Db, name: str, *, league: str | None = None) -> dict[str, Any]:
    try:
        return store.remove_manager(Work.of(db, league).engine, name, league=league)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def managers(db: Db, league: str | None = None) -> list[dict[str, str]]:
    try:
        return store.managers(Work.of(db, league).engine, league)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def whoami(db: Db, league: str | None = None) -> Access:
    """Who this connection is and what it may do (single-user for SQLite)."""
    return Work.of(db, league).access()


def league_log(db: Db, *, team: str | None = None, kind: str | None = None,
               who: str | None = None, limit: int = 200) -> list[AuditEntry]:
    """The audit log, newest first: every change to a shared league, by whom, before and after."""
    try:
        return store.audit_log(Work.of(db).engine, team=team, kind=kind, who=who, limit=limit)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def require_team(db: Db, team: str, league: str | None = None) -> None:
    """Refuse early, in words, a manager's change to a team that is not his (the database
    would refuse it anyway: this only names the team's manager)."""
    w = Work.of(db, league)
    if not w.postgres:
        w.require_commissioner(f"change {team}")   # refused when read-only
        return
    who = w.access()
    if who.may_manage(team):
        return
    try:
        owner = store.team_manager(w.engine, team, league)
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
        with Work.of(db, league).session() as s:
            row = repo.find_league(session=s, name=league)
            assert row.id is not None
            return live_store.list_live(session=s, league_id=row.id, playing_only=False)
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


def void_game(db: Db, live_id: int) -> live_store.LiveGameInfo:
    """The commissioner voids a keyboard game: it stays in the record, marked voided."""
    from storage import live_store

    w = Work.of(db)
    w.require_commissioner("void or replay games")
    try:
        with w.session() as s:
            info = live_store.void_live(session=s, live_id=live_id)
            s.commit()
            return info
    except SQLAlchemyError as exc:
        raise db_error(exc) from None


__all__ = ["Access", "AuditEntry", "SharingError", "share", "add_manager", "remove_manager",
           "managers", "whoami", "league_log", "require_team", "keyboard_games", "void_game"]
