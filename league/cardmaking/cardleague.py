"""A league folder made from statistics: rosters chosen from the season's players, the cards
made by league.cardmaking.cardgen, and the plain-file texts (league.toml, batters.csv, pitchers.csv).

Pure: the caller reads the statistics files and writes the texts.
"""
from __future__ import annotations

import csv
import io
import json
import re
from dataclasses import dataclass, field
from typing import AbstractSet, Callable, Mapping, Sequence

from league.cardmaking.cardgen import (
    FIELD_POSITIONS,
    CardNote,
    LeagueContext,
    StatPlayer,
    batting_line,
    make_cards,
    pitching_line,
)
from league.engine.cards import BAT_COLUMNS, CONDITIONS, Player
from league.engine.ruleset import Ruleset
from league.errors import LeagueError
from league.season.roster import BATTER_HEADER, PITCHER_HEADER, PLAYER_ID_RE, TEAM_CODE_RE, League, parse_league

ROTATION = 5


@dataclass(frozen=True)
class MadeLeague:
    """The league made from statistics, its plain-file texts and what the user should know."""

    league: League
    toml: str
    batters: str
    pitchers: str
    replacement: tuple[CardNote, ...]          # players given a replacement-level card
    left_out: tuple[tuple[str, str], ...]      # (team, name) of players not on a roster
    team_codes: dict[str, str]                 # team in the files -> team code
    usage: dict | None = None                  # league.toml's [usage] (real_usage)
    # the chosen men's real batting lines by card id (the run-environment fit's hits anchor)
    batting_lines: dict[str, dict[str, float]] = field(default_factory=dict)


def team_codes(teams: Sequence[str]) -> dict[str, str]:
    """A three-capital-letter code for each team: its own when it is one, else one made from
    the letters of its name, else TAA, TAB, …"""
    out: dict[str, str] = {}
    used: set[str] = set()
    for t in teams:
        if TEAM_CODE_RE.match(t) and t not in used:
            out[t] = t
            used.add(t)
    n = 0
    for t in teams:
        if t in out:
            continue
        letters = re.sub(r"[^A-Z]", "", t.upper())
        code = letters[:3] if len(letters) >= 3 else ""
        while not code or code in used:
            code = "T" + chr(65 + n // 26 % 26) + chr(65 + n % 26)
            n += 1
        out[t] = code
        used.add(code)
    return out


def _pa(p: StatPlayer) -> float:
    return float((p.batting or {}).get("pa", 0) or 0)


def _bf(p: StatPlayer) -> float:
    return pitching_line(p.pitching)["bf"] if p.pitching else 0.0


def choose_roster(players: Sequence[StatPlayer], size: int) -> tuple[list[StatPlayer], set[str]]:
    """A team's roster of `size` from its season: the man with most games at each position,
    the five with most starts (they make the rotation), then the most playing time (plate
    appearances or batters faced). Returns the roster and the keys of the rotation."""
    chosen: list[StatPlayer] = []
    keys: set[str] = set()

    def take(p: StatPlayer) -> None:
        if p.key not in keys and len(chosen) < size:
            chosen.append(p)
            keys.add(p.key)

    for pos in ("C", "SS", "CF", "2B", "3B", "RF", "LF", "1B"):
        at = [p for p in players if p.batting and pos in p.fielding
              and not (p.pitching and _bf(p) > _pa(p))]
        at.sort(key=lambda p: (-float(p.fielding[pos].get("g", 0) or 0), -_pa(p), p.key))
        if at:
            take(at[0])
    pitchers = [p for p in players if p.pitching]
    pitchers.sort(key=lambda p: (-float(p.pitching.get("gs", 0) or 0), -_bf(p), p.key))  # type: ignore[union-attr]
    rotation = set()
    for p in pitchers[:ROTATION]:
        take(p)
        rotation.add(p.key)
    # a second catcher
    cs = [p for p in players if p.batting and "C" in p.fielding and p.key not in keys]
    cs.sort(key=lambda p: (-float(p.fielding["C"].get("g", 0) or 0), p.key))
    if cs:
        take(cs[0])
    rest = sorted((p for p in players if p.key not in keys),
                  key=lambda p: (-max(_pa(p), _bf(p)), p.key))
    n_pitch = sum(1 for p in chosen if p.pitching)
    for p in rest:
        # keep about half the roster pitchers, as teams do
        if p.pitching and n_pitch >= size // 2 + 1 and any(not q.pitching for q in rest
                                                          if q.key not in keys):
            continue
        take(p)
        if p.pitching:
            n_pitch += 1
    for p in rest:
        take(p)
    return chosen, rotation


def choose_rosters(by_team: Mapping[str, Sequence[StatPlayer]], size: int
                   ) -> tuple[list[StatPlayer], set[str], list[tuple[str, str]]]:
    """Every team's roster (`choose_roster`), in the order of `by_team`: the players chosen,
    the keys of the rotations, and (team, name) of each man left out (team as `by_team` keys
    it)."""
    chosen: list[StatPlayer] = []
    rotation: set[str] = set()
    left_out: list[tuple[str, str]] = []
    for team, members in by_team.items():
        roster, rot = choose_roster(members, size)
        chosen += roster
        rotation |= rot
        keys = {p.key for p in roster}
        left_out += [(team, p.name) for p in members if p.key not in keys]
    return chosen, rotation, left_out


def allocate_ids(players: Sequence[StatPlayer],
                 own: Callable[[StatPlayer, AbstractSet[str]], str | None],
                 new: Callable[[StatPlayer, int], str], *,
                 count: Callable[[StatPlayer], str] = lambda p: "",
                 taken: AbstractSet[str] = frozenset()) -> list[str]:
    """A card id for each player, in order: `own(player, ids given so far)` when it gives one
    not given yet, else `new(player, n)` for n = 1, 2, … (one count for each `count(player)`:
    the league's one by default) until one is neither given nor `taken`."""
    ids: list[str] = []
    used: set[str] = set()
    counters: dict[str, int] = {}
    for p in players:
        pid = own(p, used)
        if pid is None or pid in used:
            key = count(p)
            while True:
                counters[key] = counters.get(key, 0) + 1
                pid = new(p, counters[key])
                if pid not in used and pid not in taken:
                    break
        used.add(pid)
        ids.append(pid)
    return ids


def make_league(players: Sequence[StatPlayer], ruleset: Ruleset, context: LeagueContext, *,
                name: str, code: str, roster_size: int = 28, dh: bool = True,
                team_names: dict[str, str] | None = None,
                codes: dict[str, str] | None = None,
                team_shorts: dict[str, str] | None = None,
                constants: dict[str, float] | None = None) -> MadeLeague:
    """Choose each team's roster, make the cards and the league's plain-file texts. `codes`
    gives the team code of each team of the files (else they are made: `team_codes`)."""
    by_team: dict[str, list[StatPlayer]] = {}
    for p in players:
        by_team.setdefault(p.team, []).append(p)
    if len(by_team) < 2:
        raise LeagueError(f"the files hold {len(by_team)} team(s); a league needs at least 2")
    smallest = min(len(v) for v in by_team.values())
    size = max(10, min(roster_size, smallest, 60))
    if smallest < 10:
        small = min(by_team, key=lambda t: len(by_team[t]))
        raise LeagueError(f"team {small} has {smallest} players in the files; a roster needs "
                          "at least 10")
    for team, members in by_team.items():
        if not any("C" in p.fielding for p in members if p.batting):
            raise LeagueError(f"team {team}: nobody caught a game — the cards need positions: "
                              "give a fielding file (--fielding) or a position column "
                              "(守備位置, POS) in the batting file")
    codes = dict(codes) if codes else team_codes(list(by_team))
    chosen, rotation, left_out = choose_rosters(by_team, size)
    # card ids: the player's own id when it is one, else team code and a number
    ids = allocate_ids(chosen, lambda p, used: p.key if PLAYER_ID_RE.match(p.key) else None,
                       lambda p, n: f"{codes[p.team]}{n:02d}", count=lambda p: codes[p.team])
    renamed = [StatPlayer(p.key, p.name, codes[p.team], p.bats, p.throws, p.batting, p.pitching,
                          p.fielding) for p in chosen]
    made = make_cards(renamed, ruleset, context, ids=ids, starters=frozenset(rotation),
                      constants=constants)
    names = team_names or {}
    shorts = team_shorts or {}
    teams = [(codes[t], names.get(t, t), shorts.get(t, names.get(t, t))) for t in by_team]
    usage = real_usage(chosen, ids, context.team_games)
    toml, bats, pits = league_texts(name, code, ruleset.name, dh, teams, made.players,
                                    STATS_OPTIONS, usage)
    league = parse_league(toml, bats, pits, where="(made from statistics)")
    lines = {pid: dict(p.batting) for pid, p in zip(ids, chosen) if p.batting}
    return MadeLeague(league, toml, bats, pits, made.notes, tuple(left_out), codes, usage, lines)


def _figure(v: float) -> int | float:
    return int(v) if float(v).is_integer() else round(float(v), 3)


def real_usage(players: Sequence[StatPlayer], ids: Sequence[str], games: int) -> dict:
    """league.toml's [usage] of the chosen players (card ids `ids`): the team's games, each
    batter's plate appearances and games by position (DH: the file's DH games, else his games
    beyond those in the field) and games started where the file gives them, each pitcher's games, starts, innings, saves and holds —
    the targets of league/manager/usage.py."""
    batters: dict[str, dict[str, int | float]] = {}
    pitchers: dict[str, dict[str, int | float]] = {}
    for p, pid in zip(players, ids):
        if p.batting:
            line = batting_line(p.batting)
            field = {pos: float(f.get("g", 0) or 0) for pos, f in p.fielding.items()
                     if pos in FIELD_POSITIONS and pos != "P"}
            fig: dict[str, int | float] = {"pa": _figure(line["pa"]), "g": _figure(line["g"])}
            if float(p.batting.get("gs", 0) or 0) > 0:      # games started, where the file has it
                fig["gs"] = _figure(float(p.batting["gs"]))
            fig.update({pos: _figure(g) for pos, g in field.items() if g > 0})
            # the habits the computer follows from engine version 5 (usage.habits): sacrifice
            # bunts, steals and caught stealing, and the times on first they are tried from
            for k in ("sh", "sb", "cs"):
                fig[k] = _figure(line.get(k, 0.0))
            fig["on1"] = _figure(max(0.0, line["h"] - line["2b"] - line["3b"] - line["hr"])
                                 + line["bb"] + line["hbp"])
            dh_games = float(p.batting.get("g_dh", max(0.0, line["g"] - sum(field.values()))) or 0)
            if dh_games > 0 and not (p.pitching and _bf(p) > _pa(p)):    # not a pitcher batting
                fig["DH"] = _figure(dh_games)
            batters[pid] = fig
        if p.pitching:
            line = pitching_line(p.pitching)
            pitchers[pid] = {"g": _figure(line["g"]), "gs": _figure(line["gs"]),
                             "ip": _figure(line["outs"] / 3),
                             "sv": _figure(float(p.pitching.get("sv", 0) or 0)),
                             "hld": _figure(float(p.pitching.get("hld", 0) or 0))}
    return {"games": max(1, int(games)), "batters": batters, "pitchers": pitchers}


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    return json.dumps(str(value), ensure_ascii=False)


# a league made from statistics plays without injuries (the season's lines already hold the
# games its players missed) and renews by statistics, not by growth and decline: league.toml's
# [options], stored with the league by `league new` (`impact roster injuries on` changes one)
STATS_OPTIONS: dict[str, bool | str] = {"injuries": False, "renewal": "stats", "usage": True}


def league_texts(name: str, code: str, ruleset: str, dh: bool,
                 teams: Sequence[tuple[str, str, str]], players: Sequence[Player],
                 options: dict[str, bool | str] | None = None,
                 usage: dict | None = None) -> tuple[str, str, str]:
    """league.toml, batters.csv and pitchers.csv for these teams (code, name, short) and cards;
    `options`: the league's rule options ([options]); `usage`: the players' real usage
    ([usage], `real_usage`)."""
    size: dict[str, int] = {}
    for p in players:
        size[p.team] = size.get(p.team, 0) + 1
    roster = max(size.values()) if size else 28
    lines = ["# Made by `impact cards make` from a season's statistics (docs/cards.md).",
             f"name = {_toml(name)}", f"code = {_toml(code)}", f"ruleset = {_toml(ruleset)}",
             f"dh = {_toml(dh)}", "extra_innings = 12", f"roster_size = {roster}"]
    if options:
        lines += ["", "[options]", *(f"{k} = {_toml(v)}" for k, v in options.items())]
    for tcode, tname, short in teams:
        lines += ["", "[[teams]]", f"code = {_toml(tcode)}", f"name = {_toml(tname)}",
                  f"short = {_toml(short)}"]
    if usage:
        lines += ["", "# the players' real usage, followed by the computer managers "
                  "(docs/cards.md, \"Real usage\")", "[usage]", f"games = {usage['games']}"]
        for kind in ("batters", "pitchers"):
            lines += ["", f"[usage.{kind}]"]
            lines += [f"{_key(pid)} = {{ " + ", ".join(f"{k} = {v}" for k, v in fig.items())
                      + " }" for pid, fig in usage[kind].items()]
    bat_rows, pit_rows = card_rows(players)
    return "\n".join(lines) + "\n", _csv(BATTER_HEADER, bat_rows), _csv(PITCHER_HEADER, pit_rows)


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else json.dumps(key, ensure_ascii=False)


def _csv(header: Sequence[str], rows: Sequence[dict[str, str]]) -> str:
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(header)
    for r in rows:
        w.writerow([r.get(c, "") for c in header])
    return out.getvalue()


def card_rows(players: Sequence[Player]) -> tuple[list[dict[str, str]], list[dict[str, str]]]:
    """The batters.csv and pitchers.csv rows of these players."""
    bats: list[dict[str, str]] = []
    pits: list[dict[str, str]] = []
    for p in players:
        ident = {"team": p.team, "id": p.id, "name": p.name, "bats": p.bats, "throws": p.throws,
                 "rank": p.rank}
        if p.batting is not None:
            b = p.batting
            row = {**ident, **{c: ("-" if v is None else str(v))
                               for c, v in zip(BAT_COLUMNS, b.bounds.bounds)},
                   "BT": str(b.BT), "RR": str(b.RR), "SR": str(b.SR), "DP": str(b.DP),
                   "positions": ";".join(f.text() for f in p.fielding if f.position != "P"),
                   "arm": "", "block": "", "lead": ""}
            if p.catcher is not None:
                row.update(arm=str(p.catcher.arm), block=str(p.catcher.block),
                           lead=str(p.catcher.lead))
            bats.append(row)
        if p.pitching is not None:
            c = p.pitching
            pits.append({**ident, **{k: c.rows[k].text() for k in CONDITIONS},
                         "stability": c.stability, "innings": f"{c.innings:g}",
                         "starter": str(c.starter), "rest": str(c.rest),
                         "bat": "own" if c.bat_rank is None else c.bat_rank,
                         "fielding": ";".join(f.text() for f in p.fielding if f.position == "P")})
    return bats, pits


def stat_player_positions(p: StatPlayer) -> list[str]:
    """The positions a player's lines show, most games first."""
    return sorted((pos for pos in p.fielding if pos in FIELD_POSITIONS),
                  key=lambda pos: -float(p.fielding[pos].get("g", 0) or 0))


__all__ = ["MadeLeague", "make_league", "league_texts", "card_rows", "team_codes",
           "choose_roster", "choose_rosters", "allocate_ids", "batting_line"]
