"""The league database: SQLModel table classes (``…Row``), one per kind of stored thing.

Cards are stored as the very cells of the plain-file CSV (a JSON object of column → text),
versioned per season: the league's own cards have no season, each season copies them. A played
game keeps its roll log, play log and line-ups as one compact JSON text, and one row per player
per game for batting, pitching and fielding lines. Tables are prefixed league_/season_/game_.
"""
from __future__ import annotations

from collections.abc import Collection, Sequence
from datetime import date, datetime, timezone
from typing import Any, Optional

from sqlalchemy import Column, Index, Text, UniqueConstraint, select
from sqlmodel import Field

from storage.rowbase import Row


def _now() -> datetime:
    return datetime.now(timezone.utc)


class LeagueRow(Row, table=True):
    """A league as created by its commissioner; `name` is how commands refer to it."""

    __tablename__ = "league_league"

    id: Optional[int] = Field(default=None, primary_key=True)
    name: str = Field(unique=True)
    title: str
    code: str
    dh: bool
    extra_innings: int
    roster_size: int
    # the league's leagues (リーグ) and season tables of league.toml, as JSON:
    # {"leagues": [...], "schedule": {...}, "postseason": {...}}
    settings: str = Field(default="{}", sa_column=Column(Text, nullable=False,
                                                         server_default="{}"))
    created_at: datetime = Field(default_factory=_now)


class RulesetRow(Row, table=True):
    """The league's ruleset: a shipped ruleset's name or the text stored with the league, and its
    option overrides (JSON object, may be empty)."""

    __tablename__ = "league_ruleset"

    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", unique=True)
    name: str = "standard"
    options: str = Field(default="{}", sa_column=Column(Text, nullable=False))
    # the TOML of a ruleset the league brought with it (None: the shipped ruleset `name`)
    text: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))


class TeamRow(Row, table=True):
    __tablename__ = "league_team"
    __table_args__ = (UniqueConstraint("league_id", "code", name="uq_league_team_code"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    seq: int
    code: str
    name: str
    short: str
    league: str = Field(default="", sa_column_kwargs={"server_default": ""})
    division: str = Field(default="", sa_column_kwargs={"server_default": ""})
    name_en: str = Field(default="", sa_column_kwargs={"server_default": ""})


class PlayerRow(Row, table=True):
    """A player of the league by his plain-file id (``SAP01``); his cards are in CardRow."""

    __tablename__ = "league_player"
    __table_args__ = (UniqueConstraint("league_id", "pid", name="uq_league_player_pid"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    pid: str
    name: str


class CardRow(Row, table=True):
    """A player's cards for one season (season_id NULL: the league's own version).

    `batting` / `pitching` hold the CSV cells of batters.csv / pitchers.csv as a JSON object.
    """

    __tablename__ = "league_card"
    __table_args__ = (UniqueConstraint("player_id", "season_id", name="uq_league_card_season"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    player_id: int = Field(foreign_key="league_player.id", ondelete="CASCADE", index=True)
    season_id: Optional[int] = Field(default=None, foreign_key="season_season.id",
                                     ondelete="CASCADE", index=True)
    team: str
    batting: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))
    pitching: Optional[str] = Field(default=None, sa_column=Column(Text, nullable=True))


class SeasonRow(Row, table=True):
    """A season: its number and year, the seed of its schedule and games, and its phase
    (``regular`` → ``postseason`` → ``closed``; a closed season is frozen)."""

    __tablename__ = "season_season"
    __table_args__ = (UniqueConstraint("league_id", "number", name="uq_season_number"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    league_id: int = Field(foreign_key="league_league.id", ondelete="CASCADE", index=True)
    number: int
    seed: int
    games_per_opponent: int
    series_length: int
    start: date
    year: Optional[int] = None
    phase: str = Field(default="regular", sa_column_kwargs={"server_default": "regular"})
    closed_at: Optional[datetime] = None
    created_at: datetime = Field(default_factory=_now)


class ScheduleRow(Row, table=True):
    """One game of a season's calendar; status and score once it is final."""

    __tablename__ = "season_schedule"
    __table_args__ = (
        UniqueConstraint("season_id", "number", name="uq_season_schedule_number"),
        Index("ix_season_schedule_day", "season_id", "day"),
    )

    id: Optional[int] = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season_season.id", ondelete="CASCADE")
    number: int
    day: date
    away: str
    home: str
    series: int                        # regular: the series' number; postseason: its row id
    status: str = "scheduled"          # scheduled | final
    away_runs: Optional[int] = None
    home_runs: Optional[int] = None
    # "regular" or "postseason": postseason games and their lines are kept apart in the stats
    kind: str = Field(default="regular", sa_column_kwargs={"server_default": "regular"})


class PostseasonSeriesRow(Row, table=True):
    """One series of a season's postseason (a Climax Series stage, the Japan Series, a round of
    a bracket): its teams once known, its format frozen as JSON, and its winner once decided.

    `high` is the higher seed (the one with the advantage and the park); `feeds` names the
    series (key) the winner goes on to, and as which side ("high"/"low").
    """

    __tablename__ = "season_postseason_series"
    __table_args__ = (UniqueConstraint("season_id", "key", name="uq_season_postseason_key"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season_season.id", ondelete="CASCADE", index=True)
    seq: int
    key: str
    name: str
    league: str = ""                   # the league (リーグ) of a Climax Series; "" across leagues
    high: Optional[str] = None
    low: Optional[str] = None
    high_seed: Optional[int] = None
    low_seed: Optional[int] = None
    format: str = Field(sa_column=Column(Text, nullable=False))
    feeds: str = Field(default="", sa_column_kwargs={"server_default": ""})
    status: str = "waiting"            # waiting | playing | final
    winner: Optional[str] = None


class SeasonTeamRow(Row, table=True):
    """What a team carries from game to game: the last starter of its rotation."""

    __tablename__ = "season_team"
    __table_args__ = (UniqueConstraint("season_id", "team", name="uq_season_team"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season_season.id", ondelete="CASCADE")
    team: str
    last_starter: Optional[str] = None


class PitcherRestRow(Row, table=True):
    """A pitcher's rest and fatigue carried between games of a season."""

    __tablename__ = "season_pitcher_rest"
    __table_args__ = (UniqueConstraint("season_id", "player", name="uq_season_pitcher_rest"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    season_id: int = Field(foreign_key="season_season.id", ondelete="CASCADE")
    player: str
    available_on: date
    fatigue: int = 0


class GameRow(Row, table=True):
    """A played game: the seed and one JSON text with line score, line-ups, plays and rolls."""

    __tablename__ = "game_game"

    id: Optional[int] = Field(default=None, primary_key=True)
    schedule_id: int = Field(foreign_key="season_schedule.id", ondelete="CASCADE", unique=True)
    season_id: int = Field(foreign_key="season_season.id", ondelete="CASCADE", index=True)
    seed: Optional[int] = None
    data: str = Field(sa_column=Column(Text, nullable=False))
    played_at: datetime = Field(default_factory=_now)
    # a keyboard game whose rolls were not all the computer's: who typed them ("" a single user;
    # migration 0013_typed_dice); None: the computer's dice
    typed_by: Optional[str] = None


# The line tables' season_id is their game's season, copied for the indexes. It has no foreign
# key on PostgreSQL since 0024_line_season_fk (the game's key guards the line and deletes it with
# its season; the season's key was a per-row trigger on every insert); SQLite leagues keep theirs.
# On PostgreSQL the game's key itself is kept by statement triggers since 0027_line_game_check
# (each COPY's games looked up and locked once, not once a row; the lines deleted with their game),
# and `TRUNCATE game_game` refused while lines remain since 0028_game_truncate_guard.


class BattingLineRow(Row, table=True):
    """One batter's line in one game, in league.engine.game.BAT_FIELDS order (2b → d2, 3b → d3)."""

    __tablename__ = "game_batting"
    __table_args__ = (Index("ix_game_batting_player", "season_id", "player"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game_game.id", ondelete="CASCADE", index=True)
    season_id: int                     # its game's season (no key of its own: 0024)
    seq: int
    side: int
    team: str
    player: str
    pos: str
    pa: int
    ab: int
    r: int
    h: int
    d2: int
    d3: int
    hr: int
    rbi: int
    bb: int
    ibb: int
    hbp: int
    so: int
    sb: int
    cs: int
    sh: int
    sf: int
    gidp: int
    e: int


class BattingSplitRow(Row, table=True):
    """One batter's line in one game against the pitchers of one hand (`hand` L or R), in
    league.engine.game.BAT_FIELDS order: the lines of a game's batter against L and R add up to his
    game line (migration 0011_splits; games stored before it have none)."""

    __tablename__ = "game_batting_split"
    # no index by season (0029_line_season_indexes): a season's splits are found through its
    # games (in_seasons), a player's through the games of his lines (of_player)

    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game_game.id", ondelete="CASCADE", index=True)
    season_id: int                     # its game's season (no key of its own: 0024)
    side: int
    team: str
    player: str
    hand: str
    pa: int
    ab: int
    r: int
    h: int
    d2: int
    d3: int
    hr: int
    rbi: int
    bb: int
    ibb: int
    hbp: int
    so: int
    sb: int
    cs: int
    sh: int
    sf: int
    gidp: int
    e: int


class PitchingLineRow(Row, table=True):
    """One pitcher's line in one game, in league.engine.game.PIT_FIELDS order, with his decision."""

    __tablename__ = "game_pitching"
    __table_args__ = (Index("ix_game_pitching_player", "season_id", "player"),)

    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game_game.id", ondelete="CASCADE", index=True)
    season_id: int                     # its game's season (no key of its own: 0024)
    seq: int
    side: int
    team: str
    player: str
    decision: Optional[str] = None
    started: bool
    finished: bool
    outs: int
    bf: int
    h: int
    hr: int
    bb: int
    ibb: int
    hbp: int
    so: int
    r: int
    er: int
    wp: int
    bk: int


class FieldingLineRow(Row, table=True):
    """One fielder's line in one game, in league.season.stats.FIELD_FIELDS order."""

    __tablename__ = "game_fielding"
    # no index by season, as the splits (0029_line_season_indexes): a season's fielding is found
    # through its games (in_seasons), a player's through the games of his batting and pitching
    # lines (of_player)

    id: Optional[int] = Field(default=None, primary_key=True)
    game_id: int = Field(foreign_key="game_game.id", ondelete="CASCADE", index=True)
    season_id: int                     # its game's season (no key of its own: 0024)
    seq: int
    side: int
    team: str
    player: str
    po: int
    a: int
    e: int
    dp: int
    pb: int
    sb_allowed: int
    cs: int


BAT_COLUMNS = ("pa", "ab", "r", "h", "d2", "d3", "hr", "rbi", "bb", "ibb", "hbp", "so", "sb", "cs",
               "sh", "sf", "gidp", "e")
PIT_COLUMNS = ("outs", "bf", "h", "hr", "bb", "ibb", "hbp", "so", "r", "er", "wp", "bk")
FIELD_COLUMNS = ("po", "a", "e", "dp", "pb", "sb_allowed", "cs")


def in_seasons(table: Any, season_ids: Sequence[int]) -> list[Any]:
    """The conditions that pick the lines of `table` (any of the game line tables) of the games
    of `season_ids`. The split and fielding lines have no index by season (0029): theirs are
    found through their games (game_game's season index, then the lines' game_id index)."""
    t = table.__table__
    found = [t.c.season_id.in_(season_ids)]
    if table is FieldingLineRow or table is BattingSplitRow:
        g = GameRow.__table__
        found.append(t.c.game_id.in_(select(g.c.id).where(g.c.season_id.in_(season_ids))))
    return found


def of_player(table: Any, player: str, season_ids: Sequence[int]) -> list[Any]:
    """The conditions that pick a player's lines of `table` (any of the game line tables), for a
    query of `season_ids` (the lines of those seasons, his). The split and fielding lines have
    no index by player (0012) nor season (0029): theirs are found through the games of his
    batting and pitching lines (every game he played: a fielder bats or pitches), which keep
    their (season_id, player) index."""
    t = table.__table__
    found = [t.c.season_id.in_(season_ids), t.c.player == player]
    if table is FieldingLineRow or table is BattingSplitRow:
        b, p = BattingLineRow.__table__, PitchingLineRow.__table__
        found.append(t.c.game_id.in_(
            select(b.c.game_id).where(b.c.season_id.in_(season_ids), b.c.player == player)
            .union(select(p.c.game_id).where(p.c.season_id.in_(season_ids),
                                             p.c.player == player))))
    return found


# past this many players named, a league's players are read whole (a statement's parameters)
_NAMED_AT_MOST = 500


def players_named(league_id: int, pids: Collection[str]) -> list[Any]:
    """The conditions that pick the league's players `pids` (PlayerRow: their rows, ids): by
    their (league_id, pid) key when a few are named (a trade's men, not every player of the
    league read to find them); every player of the league when many are (the caller keeps
    those it named)."""
    t = PlayerRow.__table__
    found = [t.c.league_id == league_id]
    if len(pids) <= _NAMED_AT_MOST:
        found.append(t.c.pid.in_(sorted(set(pids))))
    return found


LEAGUE_TABLES = [
    LeagueRow.__table__, RulesetRow.__table__, TeamRow.__table__, PlayerRow.__table__,
    SeasonRow.__table__, CardRow.__table__, ScheduleRow.__table__, SeasonTeamRow.__table__,
    PostseasonSeriesRow.__table__,
    PitcherRestRow.__table__, GameRow.__table__, BattingLineRow.__table__,
    PitchingLineRow.__table__, FieldingLineRow.__table__, BattingSplitRow.__table__,
]
