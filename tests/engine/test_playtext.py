"""The play-by-play in Japanese (league/engine/playtext.py): every line the engine writes in 120 seeded
games reads in Japanese, with the names kept; lines it does not know are left as they were."""
from __future__ import annotations

import re

from league.engine.playtext import japanese, roll_purpose, roll_table
from league.season.simulate import schedule, seeded_games
from tui.refusals import japanese as refusal_ja

ENGLISH_WORD = re.compile(r"[a-z]{3,}")


def test_every_line_of_seeded_games_reads_in_japanese(pacific, ruleset):
    lines = [p.text for _seed, result in
             seeded_games(pacific, ruleset, schedule(pacific, 120), 11) for p in result.plays]
    assert len(lines) > 5000
    left = sorted({x for x in lines if ENGLISH_WORD.search(japanese(x))})
    assert left == []


def test_every_line_of_the_league_without_dh_reads_in_japanese_and_has_its_code(ruleset):
    """The 12-team league (one of its leagues without the DH: pitchers hit for, relievers
    brought in for them, pinch hitters taking the field): every play-by-play line reads in
    Japanese and has its short code in the compact JSON."""
    from league.engine.boxscore import play_code
    from storage.plainfiles import load_league, sample_league_path

    nippon = load_league(sample_league_path("nippon"))
    plays = [(p, result.players) for _seed, result in
             seeded_games(nippon, ruleset, schedule(nippon, 120), 5) for p in result.plays]
    texts = [p.text for p, _ in plays]
    assert any(" goes in at " in t for t in texts) and any("pitching change" in t for t in texts)
    assert sorted({t for t in texts if ENGLISH_WORD.search(japanese(t))}) == []
    assert sorted({p.text for p, players in plays if play_code(p, players) == "?"}) == []


def test_lines_read_as_a_japanese_play_by_play():
    assert japanese("佐藤 一郎: intentional walk") == "佐藤 一郎: 敬遠"
    assert japanese("佐藤 一郎: home run, 4 runs") == "佐藤 一郎: 満塁ホームラン"
    assert japanese("佐藤 一郎: single, 鈴木 次郎 to 3rd, 田中 三郎 scores (田中 三郎 tries for "
                    "home: safe)") == ("佐藤 一郎: ヒット、鈴木 次郎は三塁へ、田中 三郎生還 "
                                       "(田中 三郎は本塁を狙いセーフ)")
    assert japanese("pitching change: 山田 太郎 replaces 佐藤 一郎") == "投手交代: 佐藤 一郎 → 山田 太郎"
    assert japanese("鈴木 次郎 caught stealing 2nd") == "鈴木 次郎が二盗失敗 (盗塁死)"
    assert japanese("wild pitch, 1 run score") == "ワイルドピッチ、1点"     # as older games say it
    assert japanese("passed ball: 田中 三郎 scores, 鈴木 次郎 to 3rd") == \
        "パスボール: 田中 三郎生還、鈴木 次郎は三塁へ"
    assert japanese("石井 駿 goes in at SS") == "石井 駿がそのまま遊撃の守備へ"
    assert japanese("石井 駿 goes in at SS for 小川 颯") == "石井 駿が小川 颯に代わって遊撃の守備へ"
    assert japanese("something new the table does not know") == \
        "something new the table does not know"


def test_refusals_keep_their_place_and_say_the_problem_in_japanese():
    assert refusal_ja("中山 悠斗 (EDO01): BB..K: 1B bound ~20 is below the bound before it (~28)") \
        == "中山 悠斗 (EDO01): BB..K: 1B の境界 ~20 が一つ前の境界 (~28) より小さい"
    assert refusal_ja("roll 3: die roll 'x' is not a number from 1 to 100") == \
        "3 個目の出目: 出目 'x' は 1〜100 の数ではありません"
    assert refusal_ja("an unknown problem") == "an unknown problem"


def test_the_roll_log_says_its_tables_and_purposes_in_the_chosen_language():
    """Issue 13: one language at a time — the roll log's defense tables (named in Japanese by
    the ruleset) read in English in English mode, its cards and purposes in Japanese in
    Japanese mode; a table a ruleset names in its own words is read by its key."""
    assert roll_table("単打守備表", False) == "single table"
    assert roll_table("単打守備表", True) == "単打守備表"
    assert roll_table("batter card", True) == "打者カード"
    assert roll_table("X", False) == "X table"
    assert roll_table("my own table", False, {"my own table": "ground"}) == "ground-ball table"
    assert roll_table("my own table", False) == "my own table"
    assert (roll_purpose("pitch", True), roll_purpose("pitch", False)) == ("投球", "pitch")
