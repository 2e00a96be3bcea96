"""Foreign players between seasons (外国人, npb_offseason.md §5): their names, who is let go and
whom each club signs abroad, within the foreign limit on the active roster (外国人枠), which is
the season's rule: league.season.foreign_limit (its names stay importable from here).
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Final

from league.offseason.people import stream

# the foreign limit is the season's rule (one home: league.season.foreign_limit); its names stay
# importable from here for the code that has always found them here
from league.season.foreign_limit import (  # noqa: F401
    FOREIGN_ACTIVE,
    FOREIGN_FULL,
    FOREIGN_SIDE,
    FOREIGN_SIDE_FULL,
    FOREIGN_VALUES,
    counts,
    fits,
    over,
    parse_foreign,
    refusal,
    room_for,
    side_of,
)

# names of the players clubs sign abroad (katakana as the papers write them, and in Latin
# letters): a given name and a family name each drawn from a seeded stream
GIVEN: Final = (
    ("ホセ", "Jose"), ("カルロス", "Carlos"), ("ルイス", "Luis"), ("ミゲル", "Miguel"),
    ("ラファエル", "Rafael"), ("フアン", "Juan"), ("ペドロ", "Pedro"), ("アンヘル", "Angel"),
    ("マイケル", "Michael"), ("ジョン", "John"), ("デビッド", "David"), ("ジェームズ", "James"),
    ("ロバート", "Robert"), ("タイラー", "Tyler"), ("ライアン", "Ryan"), ("ブランドン", "Brandon"),
    ("ジャスティン", "Justin"), ("ケビン", "Kevin"), ("ダニエル", "Daniel"), ("アダム", "Adam"),
    ("ネルソン", "Nelson"), ("ヨアン", "Yoan"), ("アリエル", "Ariel"), ("ウィリー", "Willy"),
    ("クリス", "Chris"), ("マット", "Matt"), ("ザック", "Zack"), ("ジョシュ", "Josh"),
    ("オースティン", "Austin"), ("ドミンゴ", "Domingo"), ("エンジェル", "Enyel"), ("チェン", "Chen"),
)
FAMILY: Final = (
    ("ロペス", "Lopez"), ("マルティネス", "Martinez"), ("ゴンザレス", "Gonzalez"),
    ("ロドリゲス", "Rodriguez"), ("ペレス", "Perez"), ("サンチェス", "Sanchez"),
    ("ラミレス", "Ramirez"), ("ヘルナンデス", "Hernandez"), ("ガルシア", "Garcia"),
    ("スミス", "Smith"), ("ジョンソン", "Johnson"), ("ウィリアムズ", "Williams"),
    ("ブラウン", "Brown"), ("ジョーンズ", "Jones"), ("ミラー", "Miller"), ("デービス", "Davis"),
    ("ウィルソン", "Wilson"), ("アンダーソン", "Anderson"), ("テイラー", "Taylor"),
    ("トーマス", "Thomas"), ("ムーア", "Moore"), ("ジャクソン", "Jackson"), ("マーティン", "Martin"),
    ("リー", "Lee"), ("ウォーカー", "Walker"), ("ホワイト", "White"), ("ハリス", "Harris"),
    ("クラーク", "Clark"), ("ルイス", "Lewis"), ("ロバートソン", "Robertson"), ("ヤング", "Young"),
    ("アレン", "Allen"), ("キング", "King"), ("ライト", "Wright"), ("スコット", "Scott"),
    ("グリーン", "Green"), ("ベイカー", "Baker"), ("アダムス", "Adams"), ("ネルソン", "Nelson"),
    ("ヒル", "Hill"), ("カブレラ", "Cabrera"), ("ソト", "Soto"), ("オルティス", "Ortiz"),
    ("メヒア", "Mejia"), ("マルテ", "Marte"), ("ソサ", "Sosa"),
    ("レイエス", "Reyes"), ("クルーズ", "Cruz"), ("トレス", "Torres"), ("フローレス", "Flores"),
    ("リベラ", "Rivera"), ("ゴメス", "Gomez"), ("ディアス", "Diaz"), ("モラレス", "Morales"),
    ("ワン", "Wang"), ("リン", "Lin"),
)


def foreign_name(rng: random.Random, taken: set[str]) -> tuple[str, str]:
    """A foreign player's name (katakana "given・family", and in Latin letters) not in `taken`
    (which it joins): drawn from `rng`, a number after the Latin name only when every pair is
    taken."""
    for _ in range(200):
        (g, ge), (f, fe) = rng.choice(GIVEN), rng.choice(FAMILY)
        name = f"{g}・{f}"
        if name not in taken:
            taken.add(name)
            return name, f"{ge} {fe}"
    n = 2
    while f"{g}・{f}{n}" in taken:
        n += 1
    taken.add(f"{g}・{f}{n}")
    return f"{g}・{f}{n}", f"{ge} {fe} {n}"


# --- the off-season (§5, §7): releases and signings ------------------------------------------
# A foreign player who disappointed is released (自由契約): one who hardly played in the season
# just closed — under DISAPPOINT_PA plate appearances as a batter, DISAPPOINT_BF batters faced
# as a pitcher — goes with the chance RELEASE_IDLE, one of 35 or more with RELEASE_OLD, the draw
# the seeded stream of (league, player, year). Each club then signs foreign players from a
# generated pool to its number for the year (seeded, FOREIGN_HELD: NPB clubs hold 4-7), room
# under roster_size permitting: a pitcher while its foreign pitchers are fewer than its batters
# and two, else a batter; aged 26-32 on arrival; his cards made from a card of his kind in the
# league (an active player's, from the seeded stream) moved by SIGNING_LEVEL (an established
# professional: about the league's average, a spread of SIGNING_SD rolls). He joins the active
# roster when its foreign limit leaves room, else the farm.
DISAPPOINT_PA: Final = 150
DISAPPOINT_BF: Final = 150
RELEASE_IDLE: Final = 0.75
RELEASE_OLD: Final = 0.5
OLD: Final = 35
FOREIGN_HELD: Final = (4, 7)
ARRIVAL_AGES: Final = (26, 32)
SIGNING_LEVEL: Final = 1.0
SIGNING_SD: Final = 3.0

Cells = dict[str, str]


@dataclass(frozen=True)
class Foreigner:
    """A foreign player under contract as the off-season sees him: his age in the coming season,
    his plate appearances and batters faced in the season just closed, and his side."""

    player: str
    team: str
    age: int
    pa: int
    bf: int
    pitcher: bool


@dataclass(frozen=True)
class Signing:
    """A foreign player a club signs: his new id, club, age, and his cards (league-file cells,
    `foreign` yes, `roster` active or farm)."""

    player: str
    team: str
    name: str
    name_en: str
    age: int
    batting: Cells | None
    pitching: Cells | None


def release_chance(f: Foreigner) -> float:
    """The chance a foreign player is released this off-season (see above)."""
    idle = (f.bf < DISAPPOINT_BF) if f.pitcher else (f.pa < DISAPPOINT_PA)
    chance = RELEASE_IDLE if idle else 0.0
    if f.age >= OLD:
        chance = max(chance, RELEASE_OLD)
    return chance


def releases(league: str, year: int, people: Sequence[Foreigner]) -> list[Foreigner]:
    """The foreign players released before the season of `year` (seeded)."""
    return [f for f in people
            if stream("foreign release", league, f.player, year).random() < release_chance(f)]


def signings(league: str, year: int, clubs: Mapping[str, tuple[int, int, int, int, int]],
             templates: Sequence[tuple[Mapping[str, str] | None, Mapping[str, str] | None]],
             taken_names: set[str], new_id: Callable[[str], str], roster_size: int,
             limit: int = FOREIGN_ACTIVE, side: int = FOREIGN_SIDE) -> list[Signing]:
    """The foreign players each club signs before the season of `year`. `clubs[team]`: its
    foreign pitchers and batters under contract, its players under contract, and its foreign
    pitchers and batters on the active roster; `templates`: the league's active cards (batting,
    pitching cells); `new_id(team)` gives an unused id. Seeded by (league, year, team)."""
    from league.offseason.aging import Development, age_batting, age_pitching
    from league.offseason.draft import _born
    arms = [t for t in templates if t[1] is not None]
    bats = [t for t in templates if t[1] is None and t[0] is not None]
    out: list[Signing] = []
    for team in sorted(clubs):
        pitchers, batters, size, act_p, act_b = clubs[team]
        rng = stream("foreign signing", league, year, team)
        want = rng.randint(*FOREIGN_HELD) - pitchers - batters
        for _ in range(max(0, min(want, roster_size - size))):
            pitcher = (pitchers < batters + 2 and bool(arms)) or not bats
            bat, pit = (arms if pitcher else bats)[rng.randrange(len(arms if pitcher else bats))]
            age = rng.randint(*ARRIVAL_AGES)
            dev = Development(1.0, rng.gauss(SIGNING_LEVEL, SIGNING_SD), "", (1.0, 1.0, 1.0),
                              rng.getrandbits(32))
            new_p = age_pitching(pit, age, dev, curve=False)[0] if pit is not None else None
            new_b = age_batting(bat, age, dev, curve=False)[0] if bat is not None else None
            name, name_en = foreign_name(rng, taken_names)
            pid = new_id(team)
            active = (act_p + act_b < limit and (act_p if pitcher else act_b) < side)
            for cells in (new_b, new_p):
                if cells is not None:
                    cells.update(name=name, name_en=name_en, born=_born(rng, age, year),
                                 team=team, id=pid, foreign="yes",
                                 roster="active" if active else "farm")
            if new_b is not None and new_p is not None:
                new_b["born"] = new_p["born"]
            out.append(Signing(pid, team, name, name_en, age, new_b, new_p))
            pitchers, batters = pitchers + pitcher, batters + (not pitcher)
            act_p, act_b = act_p + (active and pitcher), act_b + (active and not pitcher)
            size += 1
    return out


# --- a person's club (§5): he signs from a pool and releases whom he chooses ------------------
# His pool: the players the computer would sign for his club, then 4-7 more (the same
# generation from a stream of its own, pitchers first as the computer signs them). He signs any of them while his club has room under the roster size; he releases any
# of his foreign players. Each man he signs joins the active roster while the foreign limit
# leaves room (in the order he chose them), else the farm.
POOL_STREAM: Final = "pool"


def pool(league: str, year: int, team: str, proposed: Sequence[Signing],
         templates: Sequence[tuple[Mapping[str, str] | None, Mapping[str, str] | None]],
         taken_names: set[str], new_id: Callable[[str], str]) -> list[Signing]:
    """The foreign players a person's club `team` may sign before the season of `year`: those
    the computer proposed for it (`proposed`), then more from a stream of their own (seeded)."""
    more = signings(f"{league} {POOL_STREAM}", year, {team: (0, 0, 0, 0, 0)}, templates,
                    taken_names, new_id, roster_size=99)
    return [*(s for s in proposed if s.team == team), *more]


def seated(chosen: Sequence[Signing], active_pitchers: int, active_batters: int,
           limit: int = FOREIGN_ACTIVE, side: int = FOREIGN_SIDE) -> list[Signing]:
    """The signings a person chose, each on the active roster while the foreign limit leaves
    room beside the club's foreign pitchers and batters active now (in the order chosen), else
    on the farm."""
    out = []
    act_p, act_b = active_pitchers, active_batters
    for s in chosen:
        pitcher = s.pitching is not None
        active = room_for(act_p + act_b, act_p, pitcher, limit, side)
        roster = "active" if active else "farm"
        out.append(Signing(s.player, s.team, s.name, s.name_en, s.age,
                           dict(s.batting, roster=roster) if s.batting is not None else None,
                           dict(s.pitching, roster=roster) if s.pitching is not None else None))
        act_p, act_b = act_p + (active and pitcher), act_b + (active and not pitcher)
    return out
