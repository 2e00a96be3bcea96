"""Team and player names in either language: the league's names, and the Latin-letter ones
(``name_en``) where the league gives them."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from storage import repository as repo
from storage.db import session
from tui.services.db import engine_for


@dataclass(frozen=True)
class NameBook:
    """Every team's (short, full, English full) name by code and every player's (name, English
    name) by id. English mode shows the team code where a short name is wanted (the league
    gives no short English name) and the league's own names where it gives no English ones."""

    teams: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    players: dict[str, tuple[str, str]] = field(default_factory=dict)

    def team(self, code: str, japanese: bool, *, full: bool = False) -> str:
        """A team's name: short (the code in English) or full (`name_en` in English)."""
        names = self.teams.get(code)
        if names is None:
            return code
        short, name, name_en = names
        if japanese:
            return (name or short) if full else (short or name)
        return (name_en or name or code) if full else code

    def player(self, pid: str, japanese: bool, default: str | None = None) -> str:
        """A player's name (his `name_en` in English, when the league gives one)."""
        names = self.players.get(pid)
        if names is None:
            return default if default is not None else pid
        name, name_en = names
        return name if japanese or not name_en else name_en

    def english(self, text: str) -> str:
        """`text` with every player's and team's name the league gives in Latin letters
        replaced by it (play-by-play lines, notes made in the league's language)."""
        pattern = self._pattern()
        if pattern is None:
            return text
        table = self._table()
        return pattern.sub(lambda m: table[m.group(0)], text)

    def _table(self) -> dict[str, str]:
        cached = self.__dict__.get("_table_cache")
        if cached is None:
            cached = {name: en for name, en in self.players.values() if en and name != en}
            cached.update({name: en for _s, name, en in self.teams.values() if en and name})
            object.__setattr__(self, "_table_cache", cached)
        return cached

    def _pattern(self) -> re.Pattern[str] | None:
        if "_pattern_cache" not in self.__dict__:
            names = sorted(self._table(), key=len, reverse=True)
            # a name is never part of a longer word (原 悠斗 inside 石原 悠斗)
            pattern = (re.compile(r"(?<![\w])(?:" + "|".join(map(re.escape, names)) + r")(?![\w])")
                       if names else None)
            object.__setattr__(self, "_pattern_cache", pattern)
        return self.__dict__["_pattern_cache"]


def name_book(db: str | Path | None, league: str | None = None) -> NameBook:
    """The names of the league's current season (its teams, the players on its rosters, and
    every player the league has had, by the name he was stored under)."""
    with session(engine_for(db)) as s:
        row = repo.find_league(session=s, name=league)
        assert row.id is not None
        players = {pid: (name, "") for pid, name in
                   repo.player_names(session=s, league_id=row.id).items()}
        try:
            info = repo.find_season(session=s, league_id=row.id)
            season_id = info.id
        except repo.NotFound:
            season_id = None
        texts = repo.stored_texts(session=s, league_id=row.id, season_id=season_id)
    # names only: the teams from league.toml and two columns of the cards' CSV, no card parsed
    # (parsing every card of a league with farms took a fifth of a second at every start)
    from storage.mappers import csv_rows
    teams = {t.code: (t.short, t.name, t.name_en) for t in texts.structure().teams}
    for text in (texts.batters, texts.pitchers):
        for r in csv_rows(text):
            if r.get("id"):
                players[r["id"]] = (r.get("name", ""), r.get("name_en", ""))
    return NameBook(teams, players)
