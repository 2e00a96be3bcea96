"""The season's titles (タイトル) of one league (リーグ), computed from the players' season stats.

A player's season is one `SeasonLine`: his batting and pitching over the whole season (a player
traded within the season is one line, counted for the team and league he ended the season with,
as NPB counts him). Rate titles need the qualifier of that team (rulebook C.5): 規定打席 = team
games × 3.1 plate appearances for 首位打者 and 最高出塁率, 規定投球回 = team games × 1.0 innings for
最優秀防御率; 最高勝率 needs 13 wins. Every other title is a count. Players level on the best value
share the title; a count of zero gives nobody the title.

Rates are compared exactly (as fractions), so .3333 from 1/3 and from 2/6 tie, and .3334 does not.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction

from league.errors import LeagueError
from league.season.careers import S, add_stats
from league.season.stats import BattingStats, PitchingStats, qualifier, stat_text


@dataclass(frozen=True)
class SeasonLine:
    """A player's season: id, the team he ended it with, his batting and pitching (or None)."""

    player: str
    team: str
    batting: BattingStats | None = None
    pitching: PitchingStats | None = None


@dataclass(frozen=True)
class TitleRules:
    """The qualifiers of the titles, a league setting (NPB's by default)."""

    pa_per_game: Fraction = Fraction(31, 10)     # 規定打席 = team games × 3.1
    outs_per_game: int = 3                       # 規定投球回 = team games × 1.0 inning
    min_wins_for_pct: int = 13                   # 最高勝率: 13 wins or more

    def qualified_pa(self, team_games: int) -> int:
        """規定打席: team games × `pa_per_game`, rounded half up (443 at 143 games)."""
        return qualifier(team_games, self.pa_per_game)

    def qualified_outs(self, team_games: int) -> int:
        return team_games * self.outs_per_game


@dataclass(frozen=True)
class TitleSpec:
    """One title: key, Japanese and English names, the stat it is won on and how."""

    key: str
    ja: str
    en: str
    kind: str               # "batting" or "pitching"
    stat: str               # the stat shown ("avg", "hr", "era", "win_pct", ...)
    rate: bool              # needs a qualifier
    lower_is_better: bool = False


TITLES: tuple[TitleSpec, ...] = (
    TitleSpec("batting_title", "首位打者", "Batting champion", "batting", "avg", True),
    TitleSpec("home_runs", "本塁打王", "Home run leader", "batting", "hr", False),
    TitleSpec("rbi", "打点王", "RBI leader", "batting", "rbi", False),
    TitleSpec("stolen_bases", "盗塁王", "Stolen base leader", "batting", "sb", False),
    TitleSpec("on_base", "最高出塁率", "On-base leader", "batting", "obp", True),
    TitleSpec("hits", "最多安打", "Hits leader", "batting", "h", False),
    TitleSpec("wins", "最多勝", "Wins leader", "pitching", "wins", False),
    TitleSpec("era", "最優秀防御率", "ERA leader", "pitching", "era", True, lower_is_better=True),
    TitleSpec("strikeouts", "最多奪三振", "Strikeout leader", "pitching", "so", False),
    TitleSpec("win_pct", "最高勝率", "Winning percentage leader", "pitching", "win_pct", True),
    TitleSpec("saves", "最多セーブ", "Saves leader", "pitching", "saves", False),
    TitleSpec("holds", "最優秀中継ぎ", "Best setup man (HP)", "pitching", "hold_points", False),
)
TITLE_KEYS = tuple(t.key for t in TITLES)


def title_spec(key: str) -> TitleSpec:
    for t in TITLES:
        if t.key == key:
            return t
    raise LeagueError(f"unknown title {key!r}; the titles are {', '.join(TITLE_KEYS)}")


@dataclass(frozen=True)
class TitleHolder:
    player: str
    team: str
    value: float | int
    text: str               # as shown: ".325", "2.15", "41", ".750"


@dataclass(frozen=True)
class Title:
    """A title of one league: who holds it (several when tied, none when nobody qualifies)."""

    key: str
    ja: str
    en: str
    league: str
    holders: tuple[TitleHolder, ...]


def win_pct(p: PitchingStats) -> Fraction | None:
    """勝率 of a pitcher = W / (W + L); None without decisions."""
    return Fraction(p.wins, p.wins + p.losses) if p.wins + p.losses else None


def _exact(spec: TitleSpec, line: SeasonLine, games: int, rules: TitleRules) -> Fraction | None:
    """The exact value a title compares, or None when the player is not in the running."""
    if spec.kind == "batting":
        b = line.batting
        if b is None:
            return None
        if spec.rate and b.pa < rules.qualified_pa(games):
            return None
        if spec.stat == "avg":
            return Fraction(b.h, b.ab) if b.ab else None
        if spec.stat == "obp":
            d = b.ab + b.bb + b.hbp + b.sf
            return Fraction(b.h + b.bb + b.hbp, d) if d else None
        return Fraction(getattr(b, spec.stat))
    p = line.pitching
    if p is None:
        return None
    if spec.stat == "era":
        if p.outs < rules.qualified_outs(games) or not p.outs:
            return None
        return Fraction(p.er * 27, p.outs)
    if spec.stat == "win_pct":
        if p.wins < rules.min_wins_for_pct:
            return None
        return win_pct(p)
    return Fraction(getattr(p, spec.stat))


def _shown(stat: str, value: Fraction) -> tuple[float | int, str]:
    if value.denominator == 1 and stat not in ("avg", "obp", "era", "win_pct"):
        return int(value), str(int(value))
    f = float(value)
    return f, stat_text("avg" if stat == "win_pct" else stat, f)


def title(spec: TitleSpec | str, lines: Iterable[SeasonLine], *, team_games: Mapping[str, int],
          league: str = "", rules: TitleRules = TitleRules()) -> Title:
    """One title among `lines` (the players of one league); ties share it."""
    if isinstance(spec, str):
        spec = title_spec(spec)
    best: Fraction | None = None
    holders: list[tuple[str, str, Fraction]] = []
    for line in lines:
        if line.team not in team_games:
            raise LeagueError(f"no team games for {line.team!r} (player {line.player}); "
                              f"the qualifier of {spec.ja} needs them")
        v = _exact(spec, line, team_games[line.team], rules)
        if v is None or (not spec.rate and v == 0):
            continue
        better = best is None or (v < best if spec.lower_is_better else v > best)
        if better:
            best, holders = v, [(line.player, line.team, v)]
        elif v == best:
            holders.append((line.player, line.team, v))
    out = []
    for pid, team, v in sorted(holders, key=lambda h: h[0]):
        value, text = _shown(spec.stat, v)
        out.append(TitleHolder(pid, team, value, text))
    return Title(spec.key, spec.ja, spec.en, league, tuple(out))


def titles(lines: Iterable[SeasonLine], *, team_games: Mapping[str, int],
           leagues: Mapping[str, Sequence[str]] | None = None,
           rules: TitleRules = TitleRules()) -> list[Title]:
    """Every title of every league. `leagues` maps a league's name to its team codes (one
    league of every team in `team_games` when None); a player counts for his team's league."""
    lines = list(lines)
    if leagues is None:
        leagues = {"": list(team_games)}
    league_of: dict[str, str] = {}
    for name, teams in leagues.items():
        for t in teams:
            league_of[t] = name
    out: list[Title] = []
    for name in leagues:
        mine = [ln for ln in lines if league_of.get(ln.team) == name]
        for spec in TITLES:
            out.append(title(spec, mine, team_games=team_games, league=name, rules=rules))
    return out


def league_lines(parts: Iterable[tuple[str, str, int, S]],
                 league_of: Mapping[str, str] | None = None) -> list[tuple[str, str, S]]:
    """One season line per player and league (リーグ) from his per-club parts of one kind
    (player, team, number of his last game for the team, stats), for the leaders and titles.
    NPB's practice: a man traded within a league has one line, his clubs' parts summed (as
    `merge_lines` sums a SeasonLine's), and his team is the club of his last game (its games
    judge his 規定打席 and 規定投球回); a man traded between the two leagues has a line in each
    (`league_of`: a team's league; one league when None). A team's own page reads the parts."""
    by: dict[tuple[str, str], list[tuple[int, str, S]]] = {}
    for pid, team, last, st in parts:
        lg = "" if league_of is None else league_of.get(team, "")
        by.setdefault((pid, lg), []).append((last, team, st))
    out = []
    for (pid, _lg), rows in sorted(by.items()):
        rows.sort(key=lambda r: (r[0], r[1]))
        try:
            total = rows[0][2] if len(rows) == 1 else add_stats([st for _l, _t, st in rows])
        except LeagueError as exc:
            raise LeagueError(f"player {pid}: {exc}") from None
        out.append((pid, rows[-1][1], total))
    return out


def merge_lines(parts: Iterable[tuple[str, str, BattingStats | None, PitchingStats | None]],
                last_team: Callable[[str], str] | Mapping[str, str] | None = None
                ) -> list[SeasonLine]:
    """One SeasonLine per player from his per-team parts (player, team, batting, pitching), the
    parts summed; his team is `last_team[player]` (the team of his last game) or his only one."""
    by: dict[str, list[tuple[str, BattingStats | None, PitchingStats | None]]] = {}
    for pid, team, b, p in parts:
        by.setdefault(pid, []).append((team, b, p))
    out = []
    for pid in sorted(by):
        rows = by[pid]
        if last_team is None:
            team = rows[-1][0]
        elif callable(last_team):
            team = last_team(pid)
        else:
            team = last_team.get(pid, rows[-1][0])
        bats = [b for _, b, _ in rows if b is not None]
        pits = [p for _, _, p in rows if p is not None]
        out.append(SeasonLine(pid, team, add_stats(bats) if bats else None,
                              add_stats(pits) if pits else None))
    return out
