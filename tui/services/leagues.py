"""Leagues in the database: create (from a folder, a JSON document or a sample's name), list,
open, export."""
from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from league.season.roster import League
from league.visible import visible
from storage import repository as repo
from storage.mappers import LeagueTexts
from storage.plainfiles import sample_league_names, sample_league_path
from tui.services.db import Db, ServiceError, Work


@dataclass(frozen=True)
class Source:
    """Where a league comes from: plain-file texts, or a JSON document."""

    texts: LeagueTexts
    options: Mapping[str, Any]
    league: League
    seasons: Sequence[Any] = ()
    where: str = ""


def read_source(ref: str | Path) -> Source:
    """A league folder, its league.toml, a league JSON document, or a sample league's name."""
    text_ref = str(ref)
    path = Path(text_ref)
    if not path.exists() and "/" not in text_ref and text_ref in sample_league_names():
        path = sample_league_path(text_ref)
    elif not path.exists():
        known = ", ".join(sample_league_names())
        raise ServiceError(f"{ref}: no such league folder or file (sample leagues: {known})")
    if path.is_file() and path.suffix.lower() == ".json":
        try:
            text = path.read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError) as exc:
            raise ServiceError(f"{path}: cannot be read: {exc}") from None
        texts, league, options, seasons = repo.parse_document(text, str(path))
        return Source(texts, options, league, seasons, str(path))
    texts = repo.read_plain_folder(path)
    league = texts.parse()
    # league.toml's [options]: the league's rule options (a league made from statistics plays
    # without injuries: docs/cards.md)
    from league.tomltext import load_toml
    options = load_toml(texts.toml).get("options") or {}
    return Source(texts, dict(options), league)


def default_source(name: str) -> Path:
    """What `impact league new NAME` reads without --from: the sample league of that name
    (`impact league new pacific` is the six-team sample a newcomer asks for, not nippon's twelve
    teams under the name pacific), else the bundled 12-team league nippon."""
    return sample_league_path(name if name in sample_league_names() else "nippon")


def create_league(db: Db, name: str, source: str | Path) -> repo.LeagueSummary:
    """Store a new league read (and checked whole) from a folder, a JSON file or a sample name."""
    src = read_source(source)
    w = Work.of(db)
    w.require_commissioner("create or import leagues")
    with w.session() as s:
        league_id = repo.create_league(session=s, name=name, texts=src.texts,
                                       options=src.options)
        for k, season in enumerate(src.seasons):
            repo.import_season(session=s, league_id=league_id, doc=season,
                               where=f"{src.where}: seasons[{k}]", league_texts_=src.texts)
        s.commit()
        return next(x for x in repo.list_leagues(session=s) if x.id == league_id)


create_league_from_sample = create_league
import_league = create_league


def list_leagues(db: Db) -> list[repo.LeagueSummary]:
    with Work.of(db).session() as s:
        return repo.list_leagues(session=s)


def open_league(db: Db, name: str | None = None) -> League:
    """The league (its own cards) as a league object."""
    with Work.of(db).session() as s:
        row = repo.find_league(session=s, name=name)
        assert row.id is not None
        return repo.load_league(session=s, league_id=row.id)


def export_league(db: Db, name: str | None, out: Path | None, fmt: str = "plain") -> str | None:
    """Write the league as a folder (league.toml, batters.csv, pitchers.csv) or one JSON file.

    With `out` None, the JSON document is returned instead of written.
    """
    w = Work.of(db, name)
    w.require_commissioner("export the league")
    with w.session() as s:
        row = repo.find_league(session=s, name=name)
        assert row.id is not None
        if fmt == "json":
            text = json.dumps(repo.league_document(session=s, league_id=row.id),
                              ensure_ascii=False, indent=1) + "\n"
            if out is None:
                return text
            _write(out, text)
            return None
        texts = repo.stored_texts(session=s, league_id=row.id)
        rs_name, rs_text = repo.ruleset_text(session=s, league_id=row.id)
    if out is None:
        raise ServiceError("give a folder to export the plain files into")
    if out.exists() and not out.is_dir():
        raise ServiceError(f"{out}: exists and is not a folder")
    out.mkdir(parents=True, exist_ok=True)
    _write(out / "league.toml", texts.toml)
    # the CSV files are text a person opens (cat, a spreadsheet): control characters in a name are
    # written as visible escapes, as every face shows them (league.visible); league.toml's TOML
    # writer escapes them itself, so the league's names there read back unchanged
    _write(out / "batters.csv", visible(texts.batters))
    _write(out / "pitchers.csv", visible(texts.pitchers))
    if rs_text is not None:  # the league's own ruleset, beside league.toml that names it
        _write(out / Path(rs_name).name, rs_text)
    return None


def _write(path: Path, text: str) -> None:
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise ServiceError(f"{path}: cannot be written: {exc.strerror or exc}") from None


__all__ = ["Source", "read_source", "create_league", "create_league_from_sample",
           "import_league", "list_leagues", "open_league", "export_league"]
