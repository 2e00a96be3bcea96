"""The site's words in both languages (Japanese first); what the app already names is read from
tui.labels, so a word means the same on the web and in the terminal."""
from __future__ import annotations

from league.season.stats import POSITION_LABELS_JA
from tui.labels import label

WORDS: dict[str, tuple[str, str]] = {
    "home": ("トップ", "Home"),
    "standings": ("順位表", "Standings"),
    "schedule": ("日程・結果", "Schedule and results"),
    "leaders": ("個人成績上位", "Leaders"),
    "postseason": ("ポストシーズン", "Postseason"),
    "teams": ("チーム", "Teams"),
    "players": ("選手一覧", "Players"),
    "history": ("歴代記録", "History"),
    "news": ("ニュース", "News"),
    "seasons": ("シーズン", "Seasons"),
    "other_language": ("English", "日本語"),
    "pennant_race": ("ペナントレース (貯金の推移)", "Pennant race (games above .500)"),
    "odds_over_time": ("優勝確率の推移", "Pennant odds over time"),
    "odds_none": ("優勝確率はまだ計算されていません", "No pennant odds taken yet"),
    "chart_games_above": ("貯金", "Games above .500"),
    "chart_odds": ("優勝確率 (%)", "Pennant odds (%)"),
    "interleague": ("交流戦", "Interleague"),
    "linescore": ("スコア", "Line score"),
    "batting": ("打撃", "Batting"),
    "pitching": ("投手", "Pitching"),
    "fielding": ("守備", "Fielding"),
    "plays": ("一球速報", "Play-by-play"),
    "home_runs": ("本塁打", "Home runs"),
    "doubles": ("二塁打", "Doubles"),
    "triples": ("三塁打", "Triples"),
    "left_on_base": ("残塁", "Left on base"),
    "notes": ("備考", "Notes"),
    "roster": ("一軍", "Active roster"),
    "farm": ("二軍", "Farm"),
    "team_stats": ("チーム成績", "Team stats"),
    "career": ("年度別成績", "Career by year"),
    "career_post": ("ポストシーズン成績", "Postseason by year"),
    "total": ("通算", "Total"),
    "splits": ("成績の内訳", "Splits"),
    "vs_L": ("対左投手", "vs LHP"),
    "vs_R": ("対右投手", "vs RHP"),
    "split_home": ("本拠地", "Home"),
    "split_away": ("ビジター", "Away"),
    "titles_awards": ("タイトル・表彰", "Titles and awards"),
    "champions": ("歴代優勝", "Champions"),
    "titles": ("タイトル", "Titles"),
    "awards": ("表彰", "Awards"),
    "records_season": ("シーズン記録", "Single-season records"),
    "records_career": ("通算記録", "Career records"),
    "pennant": ("リーグ優勝", "Pennant"),
    "champion": ("日本一", "Champion"),
    "series": ("シリーズ", "Series"),
    "winner": ("勝者", "Winner"),
    "games_played": ("試合消化", "games played"),
    "qualifier_pa": ("規定打席", "Qualifying PA"),
    "qualifier_ip": ("規定投球回", "Qualifying IP"),
    "qualifier_note": ("チーム試合数 × {factor} (最多 {games} 試合で {value})",
                       "team games × {factor} ({value} at {games} games, the most played)"),
    "fielding_boards": ("守備率 (ポジション別)", "Fielding percentage by position"),
    "qualifier_fg": ("規定試合数 (守備)", "Qualifying games in the field"),
    "qualifier_fg_note": ("そのポジションでチーム試合数 × 2/3 (最多 {games} 試合で {value}; 捕手は "
                          "× 1/2 で {catchers}、投手は規定投球回)",
                          "games at the position: team games × 2/3 ({value} at {games} games, "
                          "the most played; catchers × 1/2, {catchers}; pitchers the "
                          "qualifying IP)"),
    # a 守備率 board's position: the Japanese name as league.season.stats writes it
    **{f"pos_{pos}": (POSITION_LABELS_JA[pos], en) for pos, en in (
        ("P", "Pitchers"), ("C", "Catchers"), ("1B", "First basemen"), ("2B", "Second basemen"),
        ("3B", "Third basemen"), ("SS", "Shortstops"), ("OF", "Outfielders"))},
    "games_chances": ("{games} 試合 {chances} 機会", "{games} G, {chances} TC"),
    "nobody": ("該当者なし", "Nobody"),
    "no_games": ("試合はまだありません", "No games yet"),
    "not_started": ("まだ始まっていません", "Not started yet"),
    "scheduled": ("予定", "Scheduled"),
    "player": ("選手", "Player"),
    "value": ("記録", "Value"),
    "season": ("年度", "Season"),
    "year": ("年", "Year"),
    "role": ("役割", "Role"),
    "bats_throws": ("投打", "B/T"),
    "injury": ("故障", "Injury"),
    "injury_light": ("軽", "light"),
    "injury_heavy": ("重", "heavy"),
    "back_on": ("登録可能日", "May return"),
    "free_agent": ("自由契約", "Free agent"),
    "gone": ("退団", "Left the league"),
    "status_active": ("一軍", "Active"),
    "status_farm": ("二軍", "Farm"),
    "league_total": ("リーグ計", "League total"),
    "record": ("成績", "Record"),
    "latest": ("最新の結果", "Latest results"),
    "month": ("{year}年{month}月", "{month_name} {year}"),
    "game_title": ("第{number}試合", "Game {number}"),
    "top": ("表", "Top"),
    "bottom": ("裏", "Bottom"),
    "inning": ("回", "Inn"),
    "R": ("計", "R"),
    "H": ("安", "H"),
    "E": ("失", "E"),
    "decision": ("勝敗", "Dec"),
    "no_odds": ("—", "—"),
    "made_with": ("Impact League で作成", "Made with Impact League"),
}


def word(key: str, ja: bool) -> str:
    """A word of the site (else one of the app's labels) in the page's language."""
    pair = WORDS.get(key)
    if pair is None:
        return label(key, ja)
    return pair[0] if ja else pair[1]


MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December")
