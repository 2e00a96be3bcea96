"""Generate the bundled sample leagues: `python sample_leagues/generate.py`.

Deterministic (seeded). Every player has a hidden talent (a normal draw) that drives his card, so
better players really are better: more 1B/LG/HR room for batters, more K/G room for pitchers.
The tunable parameters are the dicts at the top; change them and re-run to re-calibrate. A league's
spec (LEAGUES) may tune its own cards on top: batter_shift (width added to every batter's columns)
and error_mark_chance (the share of weak gloves marked for errors); see pacific's.
After writing, the script loads each league back through league.season.roster and prints the average
card widths, so a calibration change can be checked at a glance.
"""
from __future__ import annotations

import csv
import io
import random
import re
import sys
from datetime import date
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from league.engine.cards import BAT_COLUMNS, PITCH_COLUMNS  # noqa: E402
from league.offseason.foreign import FOREIGN_SIDE, foreign_name  # noqa: E402
from league.offseason.people import plausible_born, season_age, stream  # noqa: E402
from league.season.roster import (  # noqa: E402
    BATTER_HEADER,
    PITCHER_HEADER,
    League,
    parse_league,
)

SEED = 20240601

# --- batters --------------------------------------------------------------------------------------
# Card widths (rolls of 1..100 per column, BB 1B LG HR OF G IF K) of an average player of each
# archetype; each row sums to 100. Power hitters fly out, slap hitters ground out (the OF share of
# the out room rises with HR, as league/cardmaking/cardgen.py assumes: of_per_hr).
BATTER_WIDTHS: dict[str, dict[str, float]] = {
    "regular":   {"BB": 3.2, "1B": 20.7, "LG": 6.6, "HR": 2.5, "OF": 34.5, "G": 19.3, "IF": 4.7, "K": 8.6},
    "slugger":   {"BB": 5.6, "1B": 15.1, "LG": 8.2, "HR": 6.5, "OF": 34, "G": 14.3, "IF": 4.2, "K": 12},
    "contact":   {"BB": 4, "1B": 24.8, "LG": 5.7, "HR": 0.8, "OF": 33, "G": 21.6, "IF": 4.9, "K": 5.2},
    "setter":    {"BB": 5.6, "1B": 22.4, "LG": 4.9, "HR": 0.6, "OF": 32.8, "G": 22, "IF": 4.9, "K": 6.9},
    "speedster": {"BB": 4.8, "1B": 22.4, "LG": 5.7, "HR": 0.8, "OF": 33, "G": 21.5, "IF": 4.9, "K": 6.9},
    "catcher":   {"BB": 4, "1B": 18.3, "LG": 5.7, "HR": 2.2, "OF": 35.3, "G": 20.1, "IF": 4.9, "K": 9.5},
    "bench":     {"BB": 3.2, "1B": 16.7, "LG": 4.9, "HR": 1.1, "OF": 35.8, "G": 22, "IF": 5.1, "K": 11.2},
}
# Width added per unit of talent (a standard-normal draw); the out columns (OF G IF K) give the room
# back in proportion to their size.
BATTER_TALENT = {"BB": 0.8, "1B": 2.0, "LG": 1.0, "HR": 1.1}
BATTER_NOISE = 0.10        # relative jitter (sd) of each column width
BATTER_TALENT_SD = {"regular": 0.95, "bench": 0.6, "farm": 0.7}  # bench and farm players sit lower
BATTER_TALENT_MEAN = {"regular": 0.15, "bench": -0.7, "farm": -0.9}
# Running: (mean speed, sd) per archetype; speed drives RR, SR and DP.
SPEED = {
    "regular": (0.0, 0.8), "slugger": (-1.0, 0.5), "contact": (0.4, 0.7), "setter": (0.6, 0.6),
    "speedster": (2.3, 0.35), "catcher": (-1.1, 0.4), "bench": (0.0, 0.9),
}
# The fastest base-stealers' SR: a steal leader of 30–40 a season (rules C.3), not 70.
SR_MAX = 46
# Bunting BT (low, high) per archetype.
BUNT = {
    "regular": (1, 3), "slugger": (0, 1), "contact": (2, 3), "setter": (4, 5),
    "speedster": (3, 4), "catcher": (1, 3), "bench": (1, 3),
}
# Glove: (mean, sd) of the glove skill per archetype; drives defence numbers and marks.
GLOVE = {
    "regular": (0.0, 0.8), "slugger": (-0.7, 0.6), "contact": (0.2, 0.7), "setter": (0.4, 0.6),
    "speedster": (0.6, 0.6), "catcher": (0.3, 0.7), "bench": (0.8, 0.6),
}
# Base defence number at a primary position (before glove); SS/CF/C are the demanding ones.
POSITION_BASE = {"C": 3.4, "SS": 3.4, "CF": 3.4, "2B": 2.8, "3B": 2.4, "1B": 1.6,
                 "LF": 1.8, "RF": 2.0}
# Secondary positions a player at a primary position may also field.
SECONDARY = {
    "C": ["1B", "3B"], "1B": ["3B", "LF", "RF"], "2B": ["SS", "3B", "1B"], "3B": ["1B", "2B", "SS"],
    "SS": ["2B", "3B"], "LF": ["RF", "1B", "CF"], "CF": ["LF", "RF"], "RF": ["LF", "CF", "1B"],
}
MARKS = {
    "fine_glove": 0.7,     # glove above this may carry a fine-play mark
    "fine_chance": 0.7,
    "error_glove": 0.0,   # glove below this may carry an error mark (~1 regular in 4)
    "error_chance": 0.65,
}

# A team's 15 position players: (primary position, archetype or "a|b" to pick one, regular?).
# The ninth regular is the DH (listed at 1B).
POSITION_TEMPLATE = [
    ("C", "catcher", True), ("1B", "slugger", True), ("2B", "setter|contact", True),
    ("3B", "regular|slugger", True), ("SS", "speedster|regular|contact", True),
    ("LF", "slugger|regular", True), ("CF", "speedster", True),
    ("RF", "regular|contact|slugger", True), ("1B", "contact|slugger|regular", True),
    ("C", "bench", False), ("SS", "bench", False), ("3B", "bench", False),
    ("CF", "bench", False), ("RF", "bench", False),
]
# The 15th position player alternates between a third catcher and a utility man.
FIFTEENTH = [("C", "bench", False), ("2B", "bench", False)]

# The farm (二軍) of each team in a league with `farm` set: players under contract who are not on
# the active roster, weaker on average (a few prospects among them), so the computer manager has
# someone to call up for a tired bullpen, an injury or a slump. Drawn from their own seeded
# generator after the active rosters, so adding or tuning them leaves every active card alone.
FARM_BATTERS = [
    ("C", "catcher"), ("C", "bench"), ("1B", "slugger|regular"), ("2B", "contact|setter"),
    ("SS", "speedster|regular"), ("3B", "regular|slugger"), ("LF", "slugger|regular"),
    ("CF", "speedster"), ("RF", "regular|contact"),
]
FARM_PITCHERS = [   # (archetype, role, talent mean)
    ("average", "SP", -0.6), ("groundball", "SP", -0.7), ("control", "SP", -0.8),
    ("wild", "SP", -0.9), ("strikeout", "RP", -0.4), ("groundball", "RP", -0.6),
    ("control", "RP", -0.7), ("wild", "RP", -0.8), ("average", "RP", -0.9),
    ("average", "RP", -1.1),
]
FARM_SEED_OFFSET = 7_000_000

# --- pitchers -------------------------------------------------------------------------------------
# Condition row B widths (BS* BS+ BS BB X G IF K) of an average pitcher of each archetype.
PITCHER_WIDTHS: dict[str, dict[str, float]] = {
    "average":    {"BS*": 2, "BS+": 4, "BS": 47.5, "BB": 5, "X": 3, "G": 18, "IF": 6.5, "K": 14},
    "ace":        {"BS*": 2, "BS+": 4, "BS": 44.5, "BB": 4, "X": 2, "G": 18, "IF": 8.5, "K": 17},
    "groundball": {"BS*": 2, "BS+": 4, "BS": 46.5, "BB": 5, "X": 3, "G": 23, "IF": 4.5, "K": 12},
    "control":    {"BS*": 2, "BS+": 4, "BS": 48.5, "BB": 3, "X": 2, "G": 19, "IF": 6.5, "K": 15},
    "wild":       {"BS*": 2, "BS+": 4, "BS": 44.5, "BB": 8, "X": 4, "G": 15, "IF": 5.5, "K": 17},
    "strikeout":  {"BS*": 2, "BS+": 4, "BS": 46.5, "BB": 6, "X": 3, "G": 12, "IF": 5.5, "K": 21},
}
# Row deltas from B to the other conditions (BS absorbs the rounding).
CONDITION_SHIFT = {
    "A": {"BS": -8, "BB": -1, "G": 2, "IF": 1, "K": 6},
    "B": {},
    "C": {"BS+": 1, "BS": 5, "BB": 1, "G": -2, "IF": -1, "K": -4},
    "D": {"BS*": 1, "BS+": 1, "BS": 12, "BB": 2, "G": -4, "IF": -3, "K": -9},
}
PITCHER_MIN_WIDTH = {"BS*": 1, "BS+": 3, "BS": 20, "BB": 2, "X": 1, "G": 6, "IF": 4, "K": 3}
# Width moved out of BS per unit of talent, and where it goes.
PITCHER_TALENT = {"BS": -3.0, "K": 1.6, "G": 0.9, "IF": 0.5}
PITCHER_NOISE = 0.08
# League-wide nudge of row B: width moved from K to BS for every pitcher (the rosters hold more
# good pitchers than bad ones, so without it the league pitches better than the target row).
PITCHER_LEAGUE_SHIFT = 1.0
# Row B widths of BS* and BS+ are drawn from these (BS absorbs the difference).
BS_STAR_WIDTHS = (1, 2, 2, 2, 3, 4)
BS_PLUS_WIDTHS = (3, 4, 4, 5, 6)
# A team's 13 pitchers: (archetype, role, talent mean).
PITCHER_TEMPLATE = [
    ("ace", "SP", 1.0), ("groundball", "SP", 0.5), ("control", "SP", 0.3), ("average", "SP", 0.0),
    ("wild", "SP", -0.1), ("average", "SP", -0.5),
    ("strikeout", "CL", 1.0), ("strikeout", "RP", 0.5), ("groundball", "RP", 0.2),
    ("control", "RP", 0.0), ("wild", "RP", -0.3), ("average", "RP", -0.6), ("average", "RP", -1.0),
]
PITCHER_TALENT_SD = 0.5
STABILITY_CUTS = [(1.4, "S"), (0.8, "A"), (-0.9, "B")]  # talent at least → grade; below: C
BAT_RANKS = [("C", 0.66), ("B", 0.2), ("C+", 0.07), ("B+", 0.03), ("A", 0.04)]
ACE_NO_BS_PLUS = 1.1  # an ace at least this talented has no BS+ column ("-") in rows A and B

# --- teams ---------------------------------------------------------------------------------------
# Strong and weak clubs: a talent offset added to every player of a team (batters and pitchers),
# one of these per team of a league of six (リーグ), dealt out by the league's own shuffle (a
# second random stream, so the players' draws and names stay what they were). The best and worst
# records of a season then land near the professional game's (rules C.3: .570–.640 / .380–.440).
TEAM_STRENGTH = (0.36, 0.22, 0.07, -0.07, -0.17, -0.25)
TEAM_STRENGTH_BAT = 1.3    # share of a team's offset its batters get
TEAM_STRENGTH_PIT = 0.8    # and its pitchers

# --- people and places ----------------------------------------------------------------------------
FAMILY = (
    "佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 林 清水 "
    "山崎 森 池田 橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 遠藤 青木 "
    "坂本 斉藤 福田 太田 西村 藤井 金子 岡本 藤原 中野 三浦 原田 松田 竹内 中山 和田 石田 上田 森田 "
    "小島 柴田 原 宮崎 酒井 工藤 横山 宮本 内田 高木 安藤 島田 谷口 大野 丸山 今井 河野 藤本 村田 "
    "武田 上野 杉山 増田 小山 大塚 平野 菅原 久保 松井 千葉 岩崎 桜井 木下 野口 松尾 菊地 野村 新井"
).split()
GIVEN = (
    "翔太 大輝 拓海 健太 雄大 直樹 大地 亮 翼 颯太 悠斗 蓮 陽向 湊 大和 海斗 颯 蒼 陸 悠真 "
    "和也 達也 哲也 隆之 誠 剛 勇気 浩二 真一 慎吾 光 聡 智也 裕太 優斗 圭介 恭平 将太 健 "
    "康介 俊介 貴之 匠 駿 航 涼 瑛太 一輝 直人 雅人 純平 大樹 晃 修 龍之介 亮太 祐介 友哉 "
    "信 賢治 崇 彰 秀樹 英明 正人 洋平 健吾 慶太 秀人 大介"
).split()

# The same names in Latin letters, in the same order (given name first, as in English).
FAMILY_EN = (
    "Sato Suzuki Takahashi Tanaka Ito Watanabe Yamamoto Nakamura Kobayashi Kato Yoshida "
    "Yamada Sasaki Yamaguchi Matsumoto Inoue Kimura Hayashi Shimizu Yamazaki Mori Ikeda "
    "Hashimoto Abe Ishikawa Yamashita Nakajima Ishii Ogawa Maeda Okada Hasegawa Fujita Goto "
    "Kondo Murakami Endo Aoki Sakamoto Saito Fukuda Ota Nishimura Fujii Kaneko Okamoto "
    "Fujiwara Nakano Miura Harada Matsuda Takeuchi Nakayama Wada Ishida Ueda Morita Kojima "
    "Shibata Hara Miyazaki Sakai Kudo Yokoyama Miyamoto Uchida Takagi Ando Shimada Taniguchi "
    "Ono Maruyama Imai Kono Fujimoto Murata Takeda Ueno Sugiyama Masuda Koyama Otsuka Hirano "
    "Sugawara Kubo Matsui Chiba Iwasaki Sakurai Kinoshita Noguchi Matsuo Kikuchi Nomura Arai"
).split()
GIVEN_EN = (
    "Shota Daiki Takumi Kenta Yudai Naoki Daichi Ryo Tsubasa Sota Yuto Ren Hinata Minato "
    "Yamato Kaito Hayate Aoi Riku Yuma Kazuya Tatsuya Tetsuya Takayuki Makoto Tsuyoshi Yuki "
    "Koji Shinichi Shingo Hikaru Satoshi Tomoya Yuta Yuto Keisuke Kyohei Shota Ken Kosuke "
    "Shunsuke Takayuki Takumi Shun Wataru Ryo Eita Kazuki Naoto Masato Junpei Daiki Akira "
    "Osamu Ryunosuke Ryota Yusuke Tomoya Makoto Kenji Takashi Akira Hideki Hideaki Masato "
    "Yohei Kengo Keita Hideto Daisuke"
).split()
ROMAJI = dict(zip(FAMILY, FAMILY_EN)) | dict(zip(GIVEN, GIVEN_EN))

LEAGUES = {
    "pacific": {
        "name": "パシフィック・インパクトリーグ", "title_en": "Pacific Impact League",
        "code": "PAC", "dh": True, "extra_innings": 12,
        "seed": SEED,
        "teams": [
            ("SAP", "北星電機札幌スノーオウルズ", "札幌"),
            ("SEN", "青葉通信仙台グリーンファルコンズ", "仙台"),
            ("CHB", "房総電鉄千葉シーガルズ", "千葉"),
            ("TKZ", "武蔵野開発所沢ブルーアローズ", "所沢"),
            ("OSK", "浪速食品大阪ゴールデンスピリッツ", "大阪"),
            ("FUK", "玄海ホールディングス福岡ブレイザーズ", "福岡"),
        ],
        "own_bat": [], "team_strength": True,
        # The league's own tuning (rules C.3, the per-game bands), which its random draws alone
        # miss: its cards, drawn from the same seed stream as ever, gave AVG .234 under the floor
        # .238 with OBP .301 at its floor and HR 1.98 % of PA near its ceiling. batter_shift:
        # width added to every batter's column before his talent (the out columns give it back in
        # proportion to their size, as the talent's does): more single and long-hit room, a
        # little less home-run room, walks and strikeouts kept. error_mark_chance: the share of
        # the weak gloves carrying an error mark (MARKS["error_chance"] elsewhere), so the extra
        # balls in play do not push errors over their ceiling. Neither draws a random number, so
        # names, hands, speed and gloves stay what they were; the other leagues have neither.
        "batter_shift": {"1B": 1.6, "LG": 0.4, "HR": -0.5},
        "error_mark_chance": 0.35,
    },
    "mini": {
        "name": "ミニ・リーグ", "title_en": "Mini League",
        "code": "MINI", "dh": False, "extra_innings": 12,
        "seed": SEED + 1,
        "teams": [
            ("KYO", "平安物産京都ミヤコキングス", "京都"),
            ("KOB", "六甲汽船神戸ハーバーズ", "神戸"),
        ],
        # (team, pitcher slot in PITCHER_TEMPLATE) who also has his own batting card.
        "own_bat": [("KYO", 1)],
    },
    # Twelve teams in two leagues of six, as the professional game is organised: the Cosmo
    # League plays without DH, the Panorama League with it. Teams and players carry Latin names.
    "nippon": {
        "name": "日本インパクト野球機構", "title_en": "Nippon Impact Baseball",
        "code": "NIB", "dh": True, "extra_innings": 12,
        "seed": SEED + 2, "name_en": True, "farm": True,
        "leagues": [
            {"code": "CL", "name": "コスモ・リーグ", "short": "コ", "name_en": "Cosmo League",
             "dh": False},
            {"code": "PL", "name": "パノラマ・リーグ", "short": "パ",
             "name_en": "Panorama League", "dh": True},
        ],
        "teams": [
            ("EDO", "江戸川精機東京サンダーバーズ", "東京", "CL",
             "Edogawa Seiki Tokyo Thunderbirds"),
            ("YKH", "港みらい横浜ベイランナーズ", "横浜", "CL", "Minato Mirai Yokohama Bayrunners"),
            ("NGY", "尾張鋼業名古屋ゴールデンオルカズ", "名古屋", "CL",
             "Owari Steel Nagoya Golden Orcas"),
            ("NSM", "甲子電鉄西宮ストームライダーズ", "西宮", "CL",
             "Koshi Railway Nishinomiya Stormriders"),
            ("HRS", "瀬戸内造船広島クリムゾンウィングス", "広島", "CL",
             "Setouchi Shipbuilding Hiroshima Crimson Wings"),
            ("KNZ", "加賀友禅金沢キングフィッシャーズ", "金沢", "CL", "Kaga Yuzen Kanazawa Kingfishers"),
            ("SAP", "北星電機札幌スノーオウルズ", "札幌", "PL", "Hokusei Electric Sapporo Snow Owls"),
            ("SEN", "青葉通信仙台グリーンファルコンズ", "仙台", "PL",
             "Aoba Telecom Sendai Green Falcons"),
            ("CHB", "房総電鉄千葉シーガルズ", "千葉", "PL", "Boso Railway Chiba Seagulls"),
            ("TKZ", "武蔵野開発所沢ブルーアローズ", "所沢", "PL",
             "Musashino Development Tokorozawa Blue Arrows"),
            ("OSK", "浪速食品大阪ゴールデンスピリッツ", "大阪", "PL", "Naniwa Foods Osaka Golden Spirits"),
            ("FUK", "玄海ホールディングス福岡ブレイザーズ", "福岡", "PL",
             "Genkai Holdings Fukuoka Blazers"),
        ],
        "own_bat": [("NGY", 1)], "team_strength": True,
    },
}


# --- helpers --------------------------------------------------------------------------------------


def clamp(x: float, lo: float, hi: float) -> float:
    return max(lo, min(hi, x))


def round_widths(widths: dict[str, float], columns: tuple[str, ...]) -> list[int]:
    """Largest-remainder rounding to integers summing to 100."""
    raw = [max(0.0, widths.get(c, 0.0)) for c in columns]
    total = sum(raw)
    raw = [w * 100.0 / total for w in raw]
    ints = [int(w) for w in raw]
    order = sorted(range(len(raw)), key=lambda i: raw[i] - ints[i], reverse=True)
    for i in order[: 100 - sum(ints)]:
        ints[i] += 1
    return ints


def bounds_of(widths: list[int]) -> list[int]:
    out, acc = [], 0
    for w in widths:
        acc += w
        out.append(acc)
    return out


def pick_name(rng: random.Random, used: set[str]) -> str:
    while True:
        name = f"{rng.choice(FAMILY)} {rng.choice(GIVEN)}"
        if name not in used:
            used.add(name)
            return name


def name_en(name: str) -> str:
    """「佐藤 翔太」 → "Shota Sato" (given name first)."""
    family, given = name.split(" ")
    return f"{ROMAJI[given]} {ROMAJI[family]}"


def hands(rng: random.Random, position: str | None) -> tuple[str, str]:
    """(bats, throws): catchers and infielders other than 1B throw right."""
    lefty_ok = position in (None, "1B", "LF", "CF", "RF")
    throws = "L" if lefty_ok and rng.random() < 0.3 else "R"
    r = rng.random()
    if throws == "L":
        bats = "L" if r < 0.85 else "R"
    else:
        bats = "L" if r < 0.33 else ("S" if r < 0.41 else "R")
    return bats, throws


# --- batters --------------------------------------------------------------------------------------


def batter_card(rng: random.Random, archetype: str, talent: float,
                shift: dict[str, float] | None = None) -> list[int]:
    w = dict(BATTER_WIDTHS[archetype])
    gained = 0.0
    for col, add in (shift or {}).items():    # the league's batter_shift, before the talent
        w[col] += add
        gained += add
    for col, per in BATTER_TALENT.items():
        add = per * talent
        if col == "HR" and archetype == "slugger":
            add *= 1.5
        add = max(add, 1 - w[col])  # keep every hit column at least 1 wide
        w[col] += add
        gained += add
    outs = ("OF", "G", "IF", "K")
    room = sum(w[c] for c in outs)
    for c in outs:
        w[c] -= gained * w[c] / room
    for c in w:
        w[c] = max(0.5, w[c] * (1 + rng.gauss(0, BATTER_NOISE)))
    return bounds_of(round_widths(w, BAT_COLUMNS))


def fielding_text(rng: random.Random, primary: str, glove: float, regular: bool,
                  error_chance: float = MARKS["error_chance"]) -> str:
    base = POSITION_BASE[primary]
    main = int(round(clamp(base + glove + rng.gauss(0, 0.3), 0, 5)))
    fine = ""
    if glove > MARKS["fine_glove"] and rng.random() < MARKS["fine_chance"]:
        fine = rng.choice(["+", "+", "#", "(#)"])
    error = ""
    if glove < MARKS["error_glove"] and rng.random() < error_chance:
        error = "*" if glove < -0.8 else "-"
    entries = [f"{primary}{main}{fine}{error}"]
    n_more = rng.choice([1, 1, 2]) if primary != "C" else rng.choice([0, 0, 1])
    if not regular and primary != "C":
        n_more = 2  # bench players are utility men
    for pos in rng.sample(SECONDARY[primary], min(n_more, len(SECONDARY[primary]))):
        drop = 1 if POSITION_BASE[pos] >= base else 0
        num = int(round(clamp(POSITION_BASE[pos] + glove - 0.6 - drop + rng.gauss(0, 0.3), 0, 5)))
        entries.append(f"{pos}{num}")
    return ";".join(entries)


def make_batter(rng: random.Random, team: str, pid: str, name: str, primary: str,
                archetype: str, regular: bool, group: str = "", offset: float = 0.0,
                spec: dict | None = None) -> dict[str, str]:
    group = group or ("regular" if regular else "bench")
    talent = rng.gauss(BATTER_TALENT_MEAN[group], BATTER_TALENT_SD[group]) + offset
    talent = clamp(talent, -2.2, 2.2)
    bounds = batter_card(rng, archetype, talent, (spec or {}).get("batter_shift"))
    sp_mean, sp_sd = SPEED[archetype]
    speed = rng.gauss(sp_mean, sp_sd)
    rr = int(round(clamp(2 + speed * 1.1, -1, 5)))
    if archetype == "speedster":
        rr = max(rr, 4)
    sr = int(round(clamp(15 + speed * 14 + rng.gauss(0, 4), 1, SR_MAX)))
    if archetype == "speedster":
        sr = max(sr, SR_MAX - 6)
    dp = int(round(clamp(5 + speed * 2 + rng.gauss(0, 1), 1, 12)))
    lo, hi = BUNT[archetype]
    bt = rng.randint(lo, hi)
    g_mean, g_sd = GLOVE[archetype]
    glove = rng.gauss(g_mean, g_sd)
    bats, throws = hands(rng, primary)
    rank = rng.choice("AABBC") if regular else rng.choice("BCCDE")
    row = {
        "team": team, "id": pid, "name": name, "bats": bats, "throws": throws, "rank": rank,
        **{c: str(b) for c, b in zip(BAT_COLUMNS, bounds)},
        "BT": str(bt), "RR": str(rr), "SR": str(sr), "DP": str(dp),
        "positions": fielding_text(rng, primary, glove, regular,
                                   (spec or {}).get("error_mark_chance", MARKS["error_chance"])),
        "arm": "", "block": "", "lead": "",
    }
    if "C" in [e.rstrip("+#()*-").rstrip("0123456789") for e in row["positions"].split(";")]:
        row["arm"] = str(int(round(clamp(3 + glove * 1.2 + rng.gauss(0, 0.6), 1, 5))))
        row["block"] = str(int(round(clamp(1.5 + glove + rng.gauss(0, 0.5), 0, 3))))
        row["lead"] = str(int(round(clamp(0.5 + glove * 0.8 + rng.gauss(0, 0.7), -1, 2))))
    return row


# --- pitchers -------------------------------------------------------------------------------------


def pitcher_rows(rng: random.Random, archetype: str, talent: float) -> dict[str, str]:
    base = dict(PITCHER_WIDTHS[archetype])
    for col, per in PITCHER_TALENT.items():
        base[col] += per * talent
    base["BS"] += PITCHER_LEAGUE_SHIFT
    for col, choices in (("BS*", BS_STAR_WIDTHS), ("BS+", BS_PLUS_WIDTHS)):
        drawn = rng.choice(choices)
        base["BS"] -= drawn - base[col]
        base[col] = drawn
    base["K"] -= PITCHER_LEAGUE_SHIFT
    for c in base:
        if c not in ("BS", "BS*", "BS+"):
            base[c] = max(0.5, base[c] * (1 + rng.gauss(0, PITCHER_NOISE)))
    no_bs_plus = archetype == "ace" and talent >= ACE_NO_BS_PLUS
    rows = {}
    for cond, shift in CONDITION_SHIFT.items():
        w = {c: base[c] + shift.get(c, 0) for c in PITCH_COLUMNS}
        for c in PITCH_COLUMNS:
            w[c] = max(PITCHER_MIN_WIDTH[c], w[c])
        if no_bs_plus and cond in ("A", "B"):
            w["BS"] += w["BS+"]
            w["BS+"] = 0
        w["BS"] += 100 - sum(w.values())  # BS absorbs what the clamps moved
        ints = round_widths(w, PITCH_COLUMNS)
        rows[cond] = " ".join(
            "-" if wi == 0 else str(b) for wi, b in zip(ints, bounds_of(ints))
        )
    return rows


def make_pitcher(rng: random.Random, team: str, pid: str, name: str, archetype: str, role: str,
                 talent_mean: float) -> dict[str, str]:
    talent = clamp(rng.gauss(talent_mean, PITCHER_TALENT_SD), -2.0, 2.4)
    rows = pitcher_rows(rng, archetype, talent)
    stability = "C"
    for cut, grade in STABILITY_CUTS:
        if talent >= cut:
            stability = grade
            break
    if archetype == "wild" and stability in ("S", "A"):
        stability = "B"
    if archetype == "ace" and stability not in ("S", "A"):
        stability = "A"
    if role == "SP":
        innings = clamp(6.0 + 0.5 * round(talent + rng.gauss(0, 0.5)), 6.0, 7.0)
        starter = int(clamp(round(7 + talent * 0.7 + rng.gauss(0, 0.4)), 6, 8))
        rest = rng.choice([5, 6, 6])
    else:
        innings = 1.0 if role == "CL" or rng.random() < 0.6 else 1.5
        starter = 0
        rest = rng.choice([1, 1, 2])
    r = rng.random()
    acc = 0.0
    bat = "C"
    for rank, p in BAT_RANKS:
        acc += p
        if r < acc:
            bat = rank
            break
    pf = int(round(clamp(1.5 + rng.gauss(0, 0.9), 0, 3)))
    mark = rng.choices(["", "+", "#", "*", "-"], weights=[80, 6, 5, 5, 4])[0]
    bats, throws = hands(rng, None)
    rank = rng.choice("ABBC") if role == "SP" else rng.choice("BBCD")
    return {
        "team": team, "id": pid, "name": name, "throws": throws, "bats": bats, "rank": rank,
        **rows, "stability": stability, "innings": f"{innings:g}", "starter": str(starter),
        "rest": str(rest), "bat": bat, "fielding": f"P{pf}{mark}",
    }


# --- output ---------------------------------------------------------------------------------------


FIRST_YEAR = 2026      # the year of a bundled league's first season


def csv_text(header: tuple[str, ...], rows: list[dict[str, str]]) -> str:
    buf = io.StringIO()
    w = csv.DictWriter(buf, fieldnames=list(header), lineterminator="\n")
    w.writeheader()
    w.writerows(rows)
    return buf.getvalue()


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    return str(value)


def toml_text(spec: dict) -> str:
    lines = [
        "# Generated by sample_leagues/generate.py; edit by hand or re-run the script.",
        f'name = "{spec["name"]}"',
        *([f'name_en = "{spec["title_en"]}"'] if spec.get("title_en") else []),
        f'code = "{spec["code"]}"',
        'ruleset = "standard"',
        f'dh = {"true" if spec["dh"] else "false"}',
        f'extra_innings = {spec["extra_innings"]}',
        f"roster_size = {70 if spec.get('farm') else 28}",
    ]
    for table in ("schedule", "postseason"):
        if table in spec:
            lines += ["", f"[{table}]", *(f"{k} = {_toml(v)}" for k, v in spec[table].items())]
    for lg in spec.get("leagues", []):
        lines += ["", "[[leagues]]", *(f"{k} = {_toml(v)}" for k, v in lg.items())]
    for code, name, short, *more in spec["teams"]:
        lines += ["", "[[teams]]", f'code = "{code}"', f'name = "{name}"', f'short = "{short}"']
        if more:
            league, english = more
            lines += [f'league = "{league}"', f'name_en = "{english}"']
    return "\n".join(lines) + "\n"


def team_strengths(spec: dict) -> dict[str, float]:
    """Each team's talent offset: TEAM_STRENGTH dealt out within each league of six."""
    if not spec.get("team_strength"):
        return {}
    deal = random.Random(spec["seed"] * 7 + 1)
    groups: dict[str, list[str]] = {}
    for code, *more in spec["teams"]:
        groups.setdefault(more[2] if len(more) > 2 else "", []).append(code)
    out: dict[str, float] = {}
    for codes in groups.values():
        offsets = list(TEAM_STRENGTH[:len(codes)])
        deal.shuffle(offsets)
        out.update(zip(codes, offsets))
    return out


def build(spec: dict) -> tuple[str, str, str]:
    rng = random.Random(spec["seed"])
    used: set[str] = set()
    batters: list[dict[str, str]] = []
    pitchers: list[dict[str, str]] = []
    strength = team_strengths(spec)
    for t_index, (code, *_) in enumerate(spec["teams"]):
        template = POSITION_TEMPLATE + [FIFTEENTH[t_index % 2]]
        bat_off = strength.get(code, 0.0) * TEAM_STRENGTH_BAT
        pit_off = strength.get(code, 0.0) * TEAM_STRENGTH_PIT
        for n, (pos, arch, regular) in enumerate(template, start=1):
            arch = rng.choice(arch.split("|"))
            batters.append(make_batter(rng, code, f"{code}{n:02d}", pick_name(rng, used), pos,
                                       arch, regular, offset=bat_off, spec=spec))
        for n, (arch, role, tmean) in enumerate(PITCHER_TEMPLATE, start=len(template) + 1):
            p = make_pitcher(rng, code, f"{code}{n:02d}", pick_name(rng, used), arch, role,
                             tmean + pit_off)
            if (code, n - len(template) - 1) in spec["own_bat"]:
                p["bat"] = "own"
                b = make_batter(rng, code, p["id"], p["name"], "RF", "regular", True,
                                offset=bat_off, spec=spec)
                b.update(bats=p["bats"], throws=p["throws"], rank=p["rank"], positions="RF1")
                batters.append(b)
            pitchers.append(p)
    if spec.get("farm"):
        add_farm(spec, used, batters, pitchers, strength)
    bat_header, pit_header = BATTER_HEADER, PITCHER_HEADER
    if spec.get("name_en"):
        for row in batters + pitchers:
            row["name_en"] = name_en(row["name"])
        bat_header, pit_header = BATTER_HEADER + ("name_en",), PITCHER_HEADER + ("name_en",)
    if spec.get("farm"):
        bat_header, pit_header = bat_header + ("roster",), pit_header + ("roster",)
    # birth dates from their own seeded stream (league.offseason.people), so adding them left
    # every card alone; a pitcher who bats has one date on both rows
    for row in batters + pitchers:
        row["born"] = plausible_born(f"sample-{spec['seed']}", row["id"], FIRST_YEAR).isoformat()
    bat_header, pit_header = bat_header + ("born",), pit_header + ("born",)
    if spec.get("farm"):
        add_foreign(spec, batters, pitchers)
        bat_header, pit_header = bat_header + ("foreign",), pit_header + ("foreign",)
    return toml_text(spec), csv_text(bat_header, batters), csv_text(pit_header, pitchers)


FOREIGN_AGES = (25, 34)     # the bundled clubs' foreign players: signed at 26-32, a few years in


def add_foreign(spec: dict, batters: list[dict[str, str]], pitchers: list[dict[str, str]]) -> None:
    """Four to seven foreign players (外国人, league.offseason.foreign) at each club, as NPB clubs
    have under contract, from its players aged 25-34 (catchers and two-way players aside): two
    or three on the active roster as pitchers and one or two as batters (never past the limit),
    the rest on the farm. Their own seeded stream chooses them and their names (katakana and
    Latin letters), so adding them left every card alone."""
    taken = {row["name"] for row in batters + pitchers}
    own = {row["id"] for row in pitchers if row.get("bat") == "own"}
    for code, *_ in spec["teams"]:
        rng = stream("foreign", f"sample-{spec['seed']}", code)

        def of(rows: list[dict[str, str]], farm: bool) -> list[dict[str, str]]:
            return [r for r in rows if r["team"] == code and r["id"] not in own
                    and (r.get("roster") == "farm") == farm and not re.search(r"(^|;)C\d", r.get("positions", ""))
                    and FOREIGN_AGES[0] <= season_age(date.fromisoformat(r["born"]), FIRST_YEAR)
                    <= FOREIGN_AGES[1]]

        arms = rng.randint(2, FOREIGN_SIDE)
        bats = rng.randint(1, 4 - arms)
        arm_pool, bat_pool = of(pitchers, False), of(batters, False)
        chosen = (rng.sample(arm_pool, min(arms, len(arm_pool)))
                  + rng.sample(bat_pool, min(bats, len(bat_pool))))
        farm = of(pitchers, True) + of(batters, True)
        chosen += rng.sample(farm, rng.randint(max(0, 4 - len(chosen)), 7 - len(chosen)))
        for row in chosen:
            row["foreign"] = "yes"
            row["name"], en = foreign_name(rng, taken)
            if "name_en" in row:
                row["name_en"] = en


def add_farm(spec: dict, used: set[str], batters: list[dict[str, str]],
             pitchers: list[dict[str, str]], strength: dict[str, float]) -> None:
    """Each team's farm players (roster = farm), numbered after its active ones; a strong
    club's farm is as much stronger as its active roster (TEAM_STRENGTH)."""
    rng = random.Random(spec["seed"] + FARM_SEED_OFFSET)
    for code, *_ in spec["teams"]:
        n = len({row["id"] for row in batters + pitchers if row["team"] == code})
        bat_off = strength.get(code, 0.0) * TEAM_STRENGTH_BAT
        pit_off = strength.get(code, 0.0) * TEAM_STRENGTH_PIT
        for pos, arch in FARM_BATTERS:
            n += 1
            row = make_batter(rng, code, f"{code}{n:02d}", pick_name(rng, used), pos,
                              rng.choice(arch.split("|")), False, group="farm", offset=bat_off,
                              spec=spec)
            row["roster"] = "farm"
            batters.append(row)
        for arch, role, tmean in FARM_PITCHERS:
            n += 1
            row = make_pitcher(rng, code, f"{code}{n:02d}", pick_name(rng, used), arch, role,
                               tmean + pit_off)
            row["roster"] = "farm"
            pitchers.append(row)


def summary(league: League) -> str:
    bat = {c: 0.0 for c in BAT_COLUMNS}
    pit = {c: 0.0 for c in PITCH_COLUMNS}
    nb = np = 0
    for team in league.teams:
        for p in team.players:
            if p.batting is not None and p.pitching is None:
                nb += 1
                for c in BAT_COLUMNS:
                    bat[c] += p.batting.bounds.width(c)
            if p.pitching is not None:
                np += 1
                for c in PITCH_COLUMNS:
                    pit[c] += p.pitching.row("B").width(c)
    b = " ".join(f"{c} {bat[c] / nb:.1f}" for c in BAT_COLUMNS)
    q = " ".join(f"{c} {pit[c] / np:.1f}" for c in PITCH_COLUMNS)
    return f"  batters ({nb}): {b}\n  pitchers row B ({np}): {q}"


def main() -> None:
    for folder, spec in LEAGUES.items():
        toml, bats, pits = build(spec)
        out = HERE / folder
        out.mkdir(exist_ok=True)
        (out / "league.toml").write_text(toml, encoding="utf-8")
        (out / "batters.csv").write_text(bats, encoding="utf-8")
        (out / "pitchers.csv").write_text(pits, encoding="utf-8")
        league = parse_league(toml, bats, pits, where=str(out))
        print(f"{out}: {len(league.teams)} teams")
        print(summary(league))


if __name__ == "__main__":
    main()
