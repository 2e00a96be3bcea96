"""Japanese and English labels for the interface (a setting of the app)."""
from __future__ import annotations

LABELS: dict[str, tuple[str, str]] = {
    # key: (日本語, English)
    "standings": ("順位表", "Standings"),
    "schedule": ("日程", "Schedule"),
    "teams": ("チーム", "Teams"),
    "players": ("選手", "Players"),
    "leaders": ("成績上位", "Leaders"),
    "games": ("試合", "Games"),
    "event": ("メルティングポット", "Melting Pot"),
    "rank": ("順", "#"),
    "team": ("チーム", "Team"),
    "g": ("試合", "G"),
    "w": ("勝", "W"),
    "l": ("敗", "L"),
    "d": ("分", "D"),
    "pct": ("勝率", "PCT"),
    "gb": ("ゲーム差", "GB"),
    "savings": ("貯金", "+/-"),
    "streak": ("連続", "Streak"),
    "last10": ("直近10", "Last 10"),
    "rs": ("得点", "RS"),
    "ra": ("失点", "RA"),
    "tiebreak": ("順位決定", "Tiebreak"),
    "recent": ("最近の結果", "Recent results"),
    "today": ("次の試合", "Next games"),
    "day": ("日付", "Date"),
    "away": ("ビジター", "Away"),
    "home": ("ホーム", "Home"),
    "score": ("スコア", "Score"),
    "status": ("状態", "Status"),
    "final": ("試合終了", "Final"),
    "scheduled": ("予定", "Scheduled"),
    "boxscore": ("ボックススコア", "Box score"),
    "plays": ("一球速報", "Play-by-play"),
    "rolls": ("ダイス記録", "Roll log"),
    "no_season": ("シーズンがありません", "No season yet"),
    "sim_day": ("1日進める", "Sim day"),
    "sim_week": ("1週間進める", "Sim week"),
    "sim_to": ("日付まで進める", "Sim to date"),
    "sim_end": ("最後まで進める", "Sim to end"),
    "cancel": ("中止", "Cancel"),
    "language": ("English", "日本語"),
    "keys": ("キー一覧", "Keys"),
}


def label(key: str, japanese: bool) -> str:
    """The label for `key` in the chosen language (the key itself when unknown)."""
    pair = LABELS.get(key)
    if pair is None:
        return key
    return pair[0] if japanese else pair[1]

# Teams, Players and Leaders areas (tm_ / pl_ / ld_ keys)
LABELS.update({
    "tm_batters": ("野手", "Batters"),
    "tm_pitchers": ("投手", "Pitchers"),
    "tm_status": ("登録", "Roster"),
    "tm_active": ("一軍", "28"),
    "tm_reserve": ("控え", "Reserve"),
    "tm_id": ("ID", "ID"),
    "tm_name": ("選手名", "Name"),
    "tm_bats": ("打", "B"),
    "tm_throws": ("投", "T"),
    "tm_positions": ("守備", "Positions"),
    "tm_role": ("役割", "Role"),
    "tm_starter": ("先発", "SP"),
    "tm_reliever": ("救援", "RP"),
    "tm_stability": ("安定", "Stab"),
    "tm_innings": ("回", "回"),
    "tm_start": ("先", "先"),
    "tm_rest": ("休", "休"),
    "tm_order": ("打順", "Batting order"),
    "tm_rotation": ("先発ローテーション", "Rotation"),
    "tm_bullpen": ("ブルペン", "Bullpen"),
    "tm_pos": ("守", "Pos"),
    "tm_saved": ("保存済み", "saved"),
    "tm_computer": ("自動", "computer's"),
    "tm_unsaved": ("未保存", "unsaved"),
    "tm_roster_count": ("出場選手登録", "Active roster"),
    "tm_widths": ("幅", "widths"),
    "tm_bounds": ("上限", "bounds"),
    "tm_next_team": ("次のチーム", "Next team"),
    "tm_prev_team": ("前のチーム", "Prev team"),
    "tm_edit": ("カード編集", "Edit card"),
    "tm_toggle_reserve": ("一軍/控え", "28/Reserve"),
    "tm_toggle_widths": ("幅/上限", "Widths/bounds"),
    "tm_move_up": ("上へ", "Move up"),
    "tm_move_down": ("下へ", "Move down"),
    "tm_save_pref": ("順番を保存", "Save order"),
    "tm_clear_pref": ("自動に戻す", "Back to computer"),
    "tm_card_saved": ("カードを保存しました", "Card saved"),
    "tm_pref_saved": ("保存しました", "Saved"),
    "tm_not_simulated": ("※保存した打順・ローテは表示用です。シミュレーションは自動采配",
                         "Saved orders are shown; the season sim still uses the computer manager"),
    "ce_title": ("カード編集", "Edit card"),
    "ce_batting": ("打撃カード", "Batting card"),
    "ce_pitching": ("投手カード", "Pitching card"),
    "ce_bounds": ("BB 1B LG HR OF G IF K (上限)", "BB 1B LG HR OF G IF K (bounds)"),
    "ce_positions": ("守備位置 (例 SS4+;2B3)", "Positions (e.g. SS4+;2B3)"),
    "ce_arm": ("肩", "arm"),
    "ce_block": ("捕", "block"),
    "ce_lead": ("リード", "lead"),
    "ce_row": ("列", "row"),
    "ce_save": ("保存", "Save"),
    "ce_cancel": ("取消", "Cancel"),
    "ce_refused": ("保存できません", "Refused"),
    "pl_search": ("選手を検索 (名前・ID・チーム)", "Search players (name, id, team)"),
    "pl_kind": ("種別", "Kind"),
    "pl_season": ("今季成績", "Season"),
    "pl_career": ("通算成績", "Career"),
    "pl_game_log": ("試合記録", "Game log"),
    "pl_chart_avg": ("打率の推移 (直近10試合)", "Rolling AVG (last 10 games)"),
    "pl_chart_era": ("防御率の推移", "Running ERA"),
    "pl_opponent": ("相手", "Opp"),
    "pl_no_games": ("出場記録なし", "No games yet"),
    "pl_focus_search": ("検索", "Search"),
    "pl_focus_list": ("一覧", "List"),
    "ld_batting": ("打撃成績", "Batting leaders"),
    "ld_pitching": ("投手成績", "Pitching leaders"),
    "ld_all_teams": ("全チーム", "All teams"),
    "ld_qualifier_pa": ("規定打席", "Qualifying PA"),
    "ld_qualifier_ip": ("規定投球回", "Qualifying IP"),
    "ld_team_games": ("チーム試合数", "team games"),
    "ld_kind": ("打撃/投手", "Batting/Pitching"),
    "ld_next_stat": ("次の項目", "Next stat"),
    "ld_prev_stat": ("前の項目", "Prev stat"),
    "ld_team": ("チーム絞込", "Team filter"),
    "ld_open": ("選手を開く", "Open player"),
    "ld_none": ("該当者なし", "Nobody qualifies yet"),
})

STAT_LABELS_EN = {
    "avg": "AVG", "games": "G", "pa": "PA", "ab": "AB", "r": "R", "h": "H", "doubles": "2B",
    "triples": "3B", "hr": "HR", "tb": "TB", "rbi": "RBI", "sb": "SB", "cs": "CS", "sh": "SH",
    "sf": "SF", "bb": "BB", "ibb": "IBB", "hbp": "HBP", "so": "SO", "gidp": "GIDP", "e": "E",
    "obp": "OBP", "slg": "SLG", "ops": "OPS", "starts": "GS", "wins": "W", "losses": "L",
    "saves": "SV", "holds": "HLD", "hold_points": "HP", "complete_games": "CG",
    "shutouts": "SHO", "outs": "IP", "ip_text": "IP", "bf": "BF", "wp": "WP", "bk": "BK",
    "er": "ER", "era": "ERA", "whip": "WHIP", "po": "PO", "a": "A", "dp": "DP",
    "fielding_pct": "FPCT", "pb": "PB", "sb_allowed": "SBA", "cs_rate": "CS%",
}


def stat_name(kind: str, stat: str, japanese: bool) -> str:
    """A stat's column label: the league's Japanese name of that kind, or the English short one."""
    if japanese:
        from league.stats import STAT_LABELS_JA
        return STAT_LABELS_JA.get(kind, {}).get(stat, stat)
    return STAT_LABELS_EN.get(stat, stat.upper())

LABELS.update({
    "pl_season_short": ("今季", "Season"),
    "pl_career_short": ("通算", "Career"),
})

# History area (hs_ keys) and a player's year-by-year page (cr_ keys)
LABELS.update({
    "history": ("歴代", "History"),
    "hs_seasons": ("年度別", "Seasons"),
    "hs_awards": ("表彰", "Awards"),
    "hs_records": ("記録", "Records"),
    "hs_h2h": ("対戦成績", "Head to head"),
    "hs_news": ("ニュース", "News"),
    "hs_season": ("年度", "Season"),
    "hs_year": ("年", "Year"),
    "hs_champion": ("優勝", "Champion"),
    "hs_mvp": ("MVP", "MVP"),
    "hs_complete": ("終了", "Final"),
    "hs_in_progress": ("途中経過", "in progress"),
    "hs_titles": ("タイトル", "Titles"),
    "hs_title": ("タイトル", "Title"),
    "hs_value": ("値", "Value"),
    "hs_nobody": ("該当者なし", "Nobody"),
    "hs_award": ("賞", "Award"),
    "hs_confirmed": ("確定", "Confirmed"),
    "hs_proposed": ("候補", "Proposed"),
    "hs_awards_keys": ("Enter 選択  c 確定  a 全て確定", "Enter choose  c confirm  a accept all"),
    "hs_saved": ("表彰を保存しました", "Awards saved"),
    "hs_record": ("記録", "Record"),
    "hs_single": ("シーズン", "Season"),
    "hs_career": ("通算", "Career"),
    "hs_h2h_note": ("行のチームの対戦成績 (勝-敗-分、全シーズン)",
                    "Row team's record against the column team (W-L-D, all seasons)"),
    "hs_news_item": ("内容", "Transaction"),
    "hs_no_news": ("トレード・契約はまだありません", "No transactions yet"),
    "cr_title": ("年度別成績", "Year by year"),
    "cr_total": ("通算", "Career"),
    "cr_open": ("年度別成績", "Year by year"),
    "cr_titles": ("タイトル・表彰", "Titles and awards"),
    "cr_none": ("なし", "none"),
    "cr_free_agent": ("自由契約", "free agent"),
})

LABELS.update({
    "odds": ("優勝確率", "Pennant odds"),
    "odds_toggle": ("優勝確率/試合", "Odds/games"),
    "odds_run": ("確率を計算", "Run the odds"),
    "pennant_pct": ("優勝%", "Pennant%"),
    "climax_pct": ("CS%", "CS%"),
    "magic": ("M", "Magic"),
    "expected": ("予想成績", "Expected"),
    "odds_trend": ("優勝確率の推移", "Pennant odds through the season"),
    "odds_none": ("まだ計算していません (r で計算)", "Not taken yet (r runs them)"),
    "odds_running": ("計算中", "Running"),
    "odds_cancelled": ("中止しました", "Cancelled"),
    "odds_clinched": ("優勝", "Clinched"),
})

# the transaction dialog (tx_ keys)
LABELS.update({
    "tx_title": ("トレード・契約 (Enter で保存、Esc で取消)", "Transaction (Enter stores, Esc cancels)"),
    "tx_kind": ("種類", "Kind"),
    "tx_kind_hint": ("trade / release / sign / move", "trade / release / sign / move"),
    "tx_players": ("選手 (ID か名前、カンマ区切り)", "Players (ids or names, commas)"),
    "tx_players_hint": ("例 SAP06", "e.g. SAP06"),
    "tx_team": ("チーム", "Team"),
    "tx_team_hint": ("trade: 放出側 / sign, move: 行き先", "trade: giving team / sign, move: to"),
    "tx_other": ("相手チーム (trade)", "Other team (trade)"),
    "tx_other_hint": ("例 SEN", "e.g. SEN"),
    "tx_for": ("相手の放出選手 (trade)", "Players coming back (trade)"),
    "tx_for_hint": ("例 SEN06", "e.g. SEN06"),
    "tx_note": ("メモ", "Note"),
    "tx_stored": ("記録しました", "Stored"),
    "tx_new": ("トレード・契約", "Transaction"),
})

LABELS.update({
    "cr_postseason": ("ポストシーズン (別集計)", "Postseason (kept apart)"),
})
