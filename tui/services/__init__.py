"""The service layer between the interfaces (CLI, Textual screens) and storage + league logic.

Textual-free and Typer-free. Each public function opens one unit of work (`Work.of(db,
league)`: the database resolved once, who is connected asked once) and passes it down; it
returns league objects or plain dataclasses, never ORM rows. `db` is a path, an SQLAlchemy URL,
None (``IMPACT_DB``, else the SQLite file in the user data folder) or a `Work` already open.

One module per subject: `db` (engines, the unit of work, errors), `context` (the season a game
is played in), `leagues`, `seasons` (calendar, simulation), `stats` (standings, leaders,
players), `games` (box scores, replays), `live` (games at the keyboard), `postseason`, `roster`
(the Teams area), `farm`, `history`, `cards`, `sharing`, `pennant` (pennant odds, magic numbers),
`opening` (the app's first read), `folders` (league folders and rulesets from files), `troop`
(Melting Pot events). Everything is re-exported here (loaded when first used, so the app starts
without importing every service), so ``from tui import services as sv; sv.standings(...)``
works whatever module holds it. docs/architecture.md describes the pattern a new service follows.
"""
from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING, Any

# name → (module, name in it): what `from tui import services as sv; sv.NAME` reaches
_WHERE: dict[str, tuple[str, str]] = {
    'SEED_STRIDE': ('league.season.state', 'SEED_STRIDE'),
    'SeasonState': ('league.season.state', 'SeasonState'),
    'SlotSetup': ('league.season.state', 'SlotSetup'),
    'game_seed': ('league.season.state', 'game_seed'),
    'rest_after': ('league.season.state', 'rest_after'),
    'rotation': ('league.season.state', 'rotation'),
    'slot_setup': ('league.season.state', 'slot_setup'),
    'team_lineup': ('league.season.state', 'team_lineup'),
    'Db': ('tui.services.db', 'Db'),
    'Work': ('tui.services.db', 'Work'),
    'ServiceError': ('tui.services.db', 'ServiceError'),
    'StorageError': ('tui.services.db', 'StorageError'),
    'close_all': ('tui.services.db', 'close_all'),
    'db_error': ('tui.services.db', 'db_error'),
    'driver_errors': ('tui.services.db', 'driver_errors'),
    'database_errors': ('tui.services.db', 'database_errors'),
    'engine_for': ('tui.services.db', 'engine_for'),
    'require_commissioner': ('tui.services.db', 'require_commissioner'),
    'BoxScore': ('tui.services.games', 'BoxScore'),
    'boxscore': ('tui.services.games', 'boxscore'),
    'raw_rolls': ('tui.services.games', 'raw_rolls'),
    'replay': ('tui.services.games', 'replay'),
    'FarmEntry': ('tui.services.farm', 'FarmEntry'),
    'FarmView': ('tui.services.farm', 'FarmView'),
    'move_player': ('tui.services.farm', 'move_player'),
    'team_farm': ('tui.services.farm', 'team_farm'),
    'league_farm': ('tui.services.farm', 'league_farm'),
    'Source': ('tui.services.leagues', 'Source'),
    'create_league': ('tui.services.leagues', 'create_league'),
    'default_source': ('tui.services.leagues', 'default_source'),
    'create_league_from_sample': ('tui.services.leagues', 'create_league_from_sample'),
    'export_league': ('tui.services.leagues', 'export_league'),
    'import_league': ('tui.services.leagues', 'import_league'),
    'list_leagues': ('tui.services.leagues', 'list_leagues'),
    'open_league': ('tui.services.leagues', 'open_league'),
    'read_source': ('tui.services.leagues', 'read_source'),
    'Access': ('storage.views', 'Access'),
    'AuditEntry': ('tui.services.sharing', 'AuditEntry'),
    'SharingError': ('tui.services.sharing', 'SharingError'),
    'add_manager': ('tui.services.sharing', 'add_manager'),
    'keyboard_games': ('tui.services.sharing', 'keyboard_games'),
    'league_log': ('tui.services.sharing', 'league_log'),
    'managers': ('tui.services.sharing', 'managers'),
    'remove_manager': ('tui.services.sharing', 'remove_manager'),
    'require_team': ('tui.services.sharing', 'require_team'),
    'share': ('tui.services.sharing', 'share'),
    'void_game': ('tui.services.sharing', 'void_game'),
    'whoami': ('tui.services.sharing', 'whoami'),
    'LiveSetup': ('tui.services.live', 'LiveSetup'),
    'abandon_live': ('tui.services.live', 'abandon_live'),
    'scheduled_teams': ('tui.services.live', 'scheduled_teams'),
    'finish_live': ('tui.services.live', 'finish_live'),
    'list_live': ('tui.services.live', 'list_live'),
    'resume_live': ('tui.services.live', 'resume_live'),
    'save_live': ('tui.services.live', 'save_live'),
    'start_live': ('tui.services.live', 'start_live'),
    'PostseasonView': ('tui.services.postseason', 'PostseasonView'),
    'SeasonStatus': ('tui.services.postseason', 'SeasonStatus'),
    'SeriesView': ('tui.services.postseason', 'SeriesView'),
    'next_game': ('tui.services.postseason', 'next_game'),
    'postseason': ('tui.services.postseason', 'postseason'),
    'season_status': ('tui.services.postseason', 'season_status'),
    'has_postseason': ('tui.services.postseason', 'has_postseason'),
    'sim_postseason': ('tui.services.postseason', 'sim_postseason'),
    'start_postseason': ('tui.services.postseason', 'start_postseason'),
    'RosterView': ('tui.services.roster', 'RosterView'),
    'SeasonSeries': ('tui.services.roster', 'SeasonSeries'),
    'card_values': ('tui.services.roster', 'card_values'),
    'check_card': ('tui.services.roster', 'check_card'),
    'clear_preference': ('tui.services.roster', 'clear_preference'),
    'save_bullpen': ('tui.services.roster', 'save_bullpen'),
    'save_card': ('tui.services.roster', 'save_card'),
    'save_order': ('tui.services.roster', 'save_order'),
    'save_rotation': ('tui.services.roster', 'save_rotation'),
    'season_league': ('tui.services.roster', 'season_league'),
    'season_series': ('tui.services.roster', 'season_series'),
    'set_reserve': ('tui.services.roster', 'set_reserve'),
    'team_roster': ('tui.services.roster', 'team_roster'),
    'NameBook': ('tui.services.views', 'NameBook'),
    'name_book': ('tui.services.names', 'name_book'),
    'OddsView': ('tui.services.pennant', 'OddsView'),
    'history_lines': ('tui.services.views', 'history_lines'),
    'odds': ('tui.services.pennant', 'odds'),
    'odds_history': ('tui.services.pennant', 'odds_history'),
    'odds_setup': ('tui.services.pennant', 'odds_setup'),
    'report_dict': ('tui.services.pennant', 'report_dict'),
    'run_odds': ('tui.services.pennant', 'run_odds'),
    'sim_days_with_odds': ('tui.services.pennant', 'sim_days_with_odds'),
    'sparkline': ('tui.services.views', 'sparkline'),
    'Progress': ('tui.services.context', 'Progress'),
    'SeasonContext': ('tui.services.context', 'SeasonContext'),
    'SimReport': ('tui.services.context', 'SimReport'),
    '_context': ('tui.services.context', '_context'),
    'season_context': ('tui.services.context', 'season_context'),
    'store_roster': ('tui.services.context', 'store_roster'),
    'close_season': ('tui.services.seasons', 'close_season'),
    'new_season': ('tui.services.seasons', 'new_season'),
    'play_slot': ('tui.services.context', 'play_slot'),
    'schedule_csv': ('tui.services.seasons', 'schedule_csv'),
    'sim_days': ('tui.services.seasons', 'sim_days'),
    'games_to_play': ('tui.services.seasons', 'games_to_play'),
    'DEFAULT_STAT': ('tui.services.stats', 'DEFAULT_STAT'),
    'LeadersView': ('tui.services.stats', 'LeadersView'),
    'LeadersBoard': ('tui.services.stats', 'LeadersBoard'),
    'LeagueTable': ('tui.services.views', 'LeagueTable'),
    'league_tables': ('tui.services.stats', 'league_tables'),
    'PlayerView': ('tui.services.stats', 'PlayerView'),
    'StandingsView': ('tui.services.views', 'StandingsView'),
    'TeamGroup': ('tui.services.stats', 'TeamGroup'),
    'TeamStatsView': ('tui.services.stats', 'TeamStatsView'),
    'leaders': ('tui.services.stats', 'leaders'),
    'player': ('tui.services.stats', 'player'),
    'days_around': ('tui.services.stats', 'days_around'),
    'schedule_days': ('tui.services.stats', 'schedule_days'),
    'series_games': ('tui.services.stats', 'series_games'),
    'season_info': ('tui.services.stats', 'season_info'),
    'standings': ('tui.services.stats', 'standings'),
    'stats_dict': ('tui.services.stats', 'stats_dict'),
    'team_games': ('tui.services.stats', 'team_games'),
    'team_stats': ('tui.services.stats', 'team_stats'),
    'RaceView': ('tui.services.stats', 'RaceView'),
    'pennant_race': ('tui.services.stats', 'pennant_race'),
    'AwardsView': ('tui.services.history', 'AwardsView'),
    'CareerView': ('tui.services.history', 'CareerView'),
    'HistoryView': ('tui.services.history', 'HistoryView'),
    'NewsItem': ('tui.services.history', 'NewsItem'),
    'TitlesView': ('tui.services.history', 'TitlesView'),
    'award_rules': ('tui.services.history', 'award_rules'),
    'confirm_awards': ('tui.services.history', 'confirm_awards'),
    'free_agents': ('tui.services.history', 'free_agents'),
    'history_dict': ('tui.services.history', 'history_dict'),
    'news': ('tui.services.history', 'news'),
    'offseason': ('tui.services.offseason', 'offseason'),
    'departed_players': ('tui.services.offseason', 'departed_players'),
    'refusers': ('tui.services.offseason', 'refusers'),
    'RefuserView': ('tui.services.offseason', 'RefuserView'),
    'lived': ('tui.services.lived', 'lived'),
    'LivedReport': ('tui.services.lived', 'LivedReport'),
    'OffseasonView': ('tui.services.offseason', 'OffseasonView'),
    'ChangeView': ('tui.services.offseason', 'ChangeView'),
    'StepsView': ('tui.services.offseason', 'StepsView'),
    'FaView': ('tui.services.offseason', 'FaView'),
    'ProspectView': ('tui.services.offseason', 'ProspectView'),
    'PickView': ('tui.services.offseason', 'PickView'),
    'offseason_steps': ('tui.services.offseason', 'offseason_steps'),
    'offseason_step': ('tui.services.offseason', 'offseason_step'),
    'offseason_finish': ('tui.services.seasons', 'offseason_finish'),
    'draft_pick': ('tui.services.offseason', 'draft_pick'),
    'fa_offer': ('tui.services.offseason', 'fa_offer'),
    'foreign_choice': ('tui.services.offseason', 'foreign_choice'),
    'ForeignView': ('tui.services.offseason', 'ForeignView'),
    'AgentView': ('tui.services.offseason', 'AgentView'),
    'TradeView': ('tui.services.trades', 'TradeView'),
    'trade_offer': ('tui.services.trades', 'trade_offer'),
    'trade_proposals': ('tui.services.trades', 'trade_proposals'),
    'trade_accept': ('tui.services.trades', 'trade_accept'),
    'trade_refuse': ('tui.services.trades', 'trade_refuse'),
    'trade_list': ('tui.services.trades', 'trade_list'),
    'trade_rosters': ('tui.services.trades', 'trade_rosters'),
    'trade_answer': ('tui.services.trades', 'trade_answer'),
    'TradeMan': ('tui.services.trades', 'TradeMan'),
    'DepartureView': ('tui.services.offseason', 'DepartureView'),
    'player_career': ('tui.services.history', 'player_career'),
    'season_awards': ('tui.services.history', 'season_awards'),
    'season_titles': ('tui.services.history', 'season_titles'),
    'set_award_rules': ('tui.services.history', 'set_award_rules'),
    'title_dict': ('tui.services.history', 'title_dict'),
    'transact': ('tui.services.history', 'transact'),
    'league_history': ('tui.services.history', 'history'),
}

__all__ = list(_WHERE)


def __getattr__(name: str) -> Any:
    """Import the module that holds `name` on first use (PEP 562); a submodule by its name."""
    place = _WHERE.get(name)
    if place is None:
        if name.startswith("__"):
            raise AttributeError(name)
        try:
            return importlib.import_module(f"{__name__}.{name}")
        except ModuleNotFoundError:
            raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(place[0]), place[1])
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_WHERE))


class _Services(types.ModuleType):
    """The package keeps an exported name whose module has the same name (`postseason`): the
    import system sets the submodule on its package when it is loaded, which must not replace
    the function the package exports (the eager package bound the function after it)."""

    def __setattr__(self, name: str, value: Any) -> None:
        if isinstance(value, types.ModuleType) and name in _WHERE:
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Services


if TYPE_CHECKING:  # the names for type checkers and editors
    from league.season.state import (  # noqa: F401
        SEED_STRIDE,
        SeasonState,
        SlotSetup,
        game_seed,
        rest_after,
        rotation,
        slot_setup,
        team_lineup,
    )
    from tui.services.context import (  # noqa: F401
        Progress,
        SeasonContext,
        SimReport,
        _context,
        play_slot,
        season_context,
        store_roster,
    )
    from tui.services.db import (  # noqa: F401
        Db,
        ServiceError,
        StorageError,
        Work,
        close_all,
        database_errors,
        db_error,
        driver_errors,
        engine_for,
        require_commissioner,
    )
    from tui.services.farm import FarmEntry, FarmView, league_farm, move_player, team_farm  # noqa: F401
    from tui.services.games import BoxScore, boxscore, raw_rolls, replay  # noqa: F401
    from tui.services.history import (  # noqa: F401
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
    from tui.services.history import history as league_history  # noqa: F401
    from tui.services.leagues import (  # noqa: F401
        Source,
        create_league,
        create_league_from_sample,
        default_source,
        export_league,
        import_league,
        list_leagues,
        open_league,
        read_source,
    )
    from tui.services.live import (  # noqa: F401
        LiveSetup,
        abandon_live,
        finish_live,
        list_live,
        resume_live,
        save_live,
        scheduled_teams,
        start_live,
    )
    from tui.services.lived import LivedReport, lived  # noqa: F401
    from tui.services.names import NameBook, name_book  # noqa: F401
    from tui.services.offseason import (  # noqa: F401
        AgentView,
        ChangeView,
        DepartureView,
        FaView,
        ForeignView,
        OffseasonView,
        PickView,
        ProspectView,
        RefuserView,
        StepsView,
        departed_players,
        draft_pick,
        fa_offer,
        foreign_choice,
        offseason,
        offseason_step,
        offseason_steps,
        refusers,
    )
    from tui.services.pennant import (  # noqa: F401
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
    from tui.services.postseason import (  # noqa: F401
        PostseasonView,
        SeasonStatus,
        SeriesView,
        has_postseason,
        next_game,
        postseason,
        season_status,
        sim_postseason,
        start_postseason,
    )
    from tui.services.roster import (  # noqa: F401
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
    from tui.services.seasons import close_season, games_to_play, new_season, offseason_finish, schedule_csv, sim_days  # noqa: F401
    from tui.services.sharing import (  # noqa: F401
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
    from tui.services.stats import (  # noqa: F401
        DEFAULT_STAT,
        LeadersBoard,
        LeadersView,
        LeagueTable,
        PlayerView,
        RaceView,
        StandingsView,
        TeamGroup,
        TeamStatsView,
        days_around,
        leaders,
        league_tables,
        pennant_race,
        player,
        schedule_days,
        season_info,
        series_games,
        standings,
        stats_dict,
        team_games,
        team_stats,
    )
    from tui.services.trades import (  # noqa: F401
        TradeMan,
        TradeView,
        trade_accept,
        trade_answer,
        trade_list,
        trade_offer,
        trade_proposals,
        trade_refuse,
        trade_rosters,
    )
