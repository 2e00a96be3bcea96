"""The service layer between the interfaces (CLI, Textual screens) and storage + league logic.

Textual-free and Typer-free. Each function opens its own short sessions (one per unit of work),
and returns league objects or plain dataclasses, never ORM rows. `db` is a path, an SQLAlchemy
URL or None (``IMPACT_DB``, else the SQLite file in the user data folder).

One module per area: `db` (engines, errors), `leagues`, `seasons` (calendar, simulation),
`stats` (standings, leaders, players), `games` (box scores, replays), `live` (games at the
keyboard), `roster` (the Teams area), `pennant` (pennant odds, magic numbers). Everything is
re-exported here, so
``from tui import services as sv; sv.standings(...)`` works whatever module holds it.
"""
from __future__ import annotations

from league.season import (
    SEED_STRIDE,
    SeasonState,
    SlotSetup,
    game_seed,
    rest_after,
    rotation,
    slot_setup,
    team_lineup,
)
from tui.services.db import (
    Db,
    ServiceError,
    StorageError,
    close_all,
    db_error,
    driver_errors,
    engine_for,
    require_commissioner,
)
from tui.services.games import BoxScore, boxscore, raw_rolls, replay
from tui.services.farm import FarmEntry, FarmView, move_player, team_farm
from tui.services.leagues import (
    Source,
    create_league,
    create_league_from_sample,
    export_league,
    import_league,
    list_leagues,
    open_league,
    read_source,
)
from tui.services.sharing import (
    Access,
    AuditEntry,
    SharingError,
    add_manager,
    keyboard_games,
    league_log,
    managers,
    remove_manager,
    require_team,
    share,
    void_game,
    whoami,
)
from tui.services.live import (
    LiveSetup,
    abandon_live,
    scheduled_teams,
    finish_live,
    list_live,
    resume_live,
    save_live,
    start_live,
)
from tui.services.postseason import (
    PostseasonView,
    SeasonStatus,
    SeriesView,
    next_game,
    postseason,
    season_status,
    sim_postseason,
    start_postseason,
)
from tui.services.roster import (
    RosterView,
    SeasonSeries,
    card_values,
    check_card,
    clear_preference,
    save_bullpen,
    save_card,
    save_order,
    save_rotation,
    season_league,
    season_series,
    set_reserve,
    team_roster,
)
from tui.services.names import NameBook, name_book
from tui.services.pennant import (
    OddsView,
    history_lines,
    odds,
    odds_history,
    odds_setup,
    report_dict,
    run_odds,
    sim_days_with_odds,
    sparkline,
)
from tui.services.seasons import (
    Progress,
    SeasonContext,
    SimReport,
    _context,
    close_season,
    new_season,
    play_slot,
    schedule_csv,
    schedule_days,
    season_info,
    sim_days,
)
from tui.services.stats import (
    DEFAULT_STAT,
    LeadersView,
    LeagueTable,
    league_tables,
    PlayerView,
    StandingsView,
    TeamGroup,
    TeamStatsView,
    leaders,
    player,
    standings,
    stats_dict,
    team_games,
    team_stats,
)

__all__ = [
    "FarmEntry", "FarmView", "move_player", "team_farm",
    "SEED_STRIDE", "SeasonState", "SlotSetup", "game_seed", "rest_after", "rotation",
    "slot_setup", "team_lineup",
    "Db", "ServiceError", "StorageError", "close_all", "db_error", "driver_errors", "engine_for",
    "require_commissioner",
    "Access", "AuditEntry", "SharingError", "add_manager", "keyboard_games", "league_log",
    "managers", "remove_manager", "require_team", "share", "void_game", "whoami",
    "BoxScore", "boxscore", "raw_rolls", "replay",
    "NameBook", "name_book",
    "Source", "create_league", "create_league_from_sample", "export_league", "import_league",
    "list_leagues", "open_league", "read_source",
    "LiveSetup", "abandon_live", "finish_live", "list_live", "resume_live", "save_live",
    "start_live", "scheduled_teams",
    "RosterView", "SeasonSeries", "card_values", "check_card", "clear_preference", "save_bullpen",
    "save_card", "save_order", "save_rotation", "season_league", "season_series", "set_reserve",
    "team_roster",
    "Progress", "SeasonContext", "SimReport", "_context", "close_season", "new_season", "play_slot",
    "schedule_csv", "schedule_days", "season_info", "sim_days",
    "PostseasonView", "SeasonStatus", "SeriesView", "next_game", "postseason", "season_status",
    "sim_postseason", "start_postseason", "LeagueTable", "league_tables",
    "DEFAULT_STAT", "LeadersView", "PlayerView", "StandingsView", "leaders", "player",
    "standings", "stats_dict", "team_games", "team_stats", "TeamStatsView", "TeamGroup",
    "OddsView", "history_lines", "odds", "odds_history", "odds_setup", "report_dict", "run_odds",
    "sim_days_with_odds", "sparkline",
]

# titles, awards, transactions (news), careers and the league's history
from tui.services.history import (  # noqa: E402
    AwardsView,
    CareerView,
    HistoryView,
    NewsItem,
    TitlesView,
    award_rules,
    confirm_awards,
    free_agents,
    history_dict,
    news,
    player_career,
    season_awards,
    season_titles,
    set_award_rules,
    title_dict,
    transact,
)
from tui.services.history import history as league_history  # noqa: E402  (the module keeps the name)

__all__ += [
    "AwardsView", "CareerView", "HistoryView", "NewsItem", "TitlesView", "award_rules",
    "confirm_awards", "free_agents", "league_history", "history_dict", "news", "player_career",
    "season_awards", "season_titles", "set_award_rules", "title_dict", "transact",
]
