"""`impact titles|awards|transaction|history`: a league's titles, awards, news and history.

Same conventions as tui/cli/league.py: --db, --league, --season, --json; errors are one line on
stderr with exit status 2.
"""
from __future__ import annotations

from typing import Any, Optional

import typer

from tui.cli.common import (
    DB_OPT,
    JSON_OPT,
    LEAGUE_NAME_OPT,
    SEASON_OPT,
    OneLineHelpGroup,
    echo,
    echo_json,
    fail,
    guarded,
    pad,
)

transaction_app = typer.Typer(
    cls=OneLineHelpGroup,
    help="Transactions by the commissioner: trade, release, sign, move; list shows the news.",
    no_args_is_help=True)


def _name(names: dict[str, str], pid: str | None) -> str:
    if pid is None:
        return "該当者なし"
    return f"{names.get(pid, pid)} ({pid})"


def titles_cmd(
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """The titles (タイトル) of each league; ties are shared, rate titles need the qualifiers."""
    from tui.services import history as sh
    view = sh.season_titles(db, league, season)
    if as_json:
        echo_json({"season": view.season, "year": view.year, "complete": view.complete,
                    "remaining": view.remaining,
                    "titles": [sh.title_dict(t, view.names) for t in view.titles]})
        return
    state = "final" if view.complete else f"as they stand, {view.remaining} games left"
    echo(f"season {view.season} ({view.year}) titles, {state}")
    league_name = None
    for t in view.titles:
        if t.league != league_name:
            league_name = t.league
            echo(f"[{league_name}]")
        who = ", ".join(f"{view.names.get(h.player, h.player)} ({view.teams.get(h.team, h.team)})"
                        for h in t.holders) or "該当者なし"
        value = t.holders[0].text if t.holders else ""
        echo(f"  {pad(t.ja, 14)} {value:>6}  {who}")


def _pairs(items: list[str], what: str) -> dict[str, str]:
    out = {}
    for item in items:
        key, sep, value = item.partition("=")
        if not sep or not key.strip():
            fail(f"{what} {item!r}: write KEY=VALUE")
        out[key.strip()] = value.strip()
    return out


def awards_cmd(
    confirm: list[str] = typer.Option([], "--confirm",
                                      help="AWARD=PLAYER (id or name; none for nobody), "
                                           "e.g. mvp=SAP06 best_nine:C=CHB01. Repeatable."),
    accept: bool = typer.Option(False, "--accept",
                                help="Confirm the proposal of every slot not yet confirmed."),
    part: Optional[str] = typer.Option(
        None, "--part", help="One league (リーグ) of a league of two, by its code (as impact "
        "standings --json names it) or name: its awards alone (and 沢村賞, both leagues'); "
        "what --confirm and --accept choose for."),
    rule: list[str] = typer.Option([], "--rule",
                                   help="Change an award setting KEY=VALUE, e.g. "
                                        "rookie_max_prior_ab=60, sawamura.wins=12. Repeatable."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    season: Optional[int] = SEASON_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Awards: MVP, 新人王, ベストナイン, ゴールデングラブ, 沢村賞 as proposed by the value measure
    (docs/awards.md), and the commissioner's choices (--confirm, --accept)."""
    from tui.services import history as sh
    if rule:
        sh.set_award_rules(db, _pairs(rule, "--rule"), league=league)
    if confirm or accept:
        view = sh.confirm_awards(db, _pairs(confirm, "--confirm"), league=league, season=season,
                                 part=part, accept_all=accept)
    else:
        view = sh.season_awards(db, league, season, part=part)
    if as_json:
        echo_json({"season": view.season, "year": view.year, "complete": view.complete,
                    "rules": view.rules.to_mapping(),
                    "awards": [{"league": s.league, "award": s.key, "proposed": s.proposed,
                                "confirmed": s.confirmed, "player": s.winner,
                                "name": view.names.get(s.winner) if s.winner else None,
                                "candidates": [{"player": c.player, "team": c.team,
                                                "value": round(c.value, 2), "note": c.note}
                                               for c in s.candidates]}
                               for s in view.slots]})
        return
    from league.season.awards import award_name, slot_name
    echo(f"season {view.season} ({view.year}) awards"
               + ("" if view.complete else " (season not finished: proposals as it stands)"))
    league_name = None
    for s in view.slots:
        if s.league != league_name:
            league_name = s.league
            if league_name:
                echo(f"[{league_name}]")
        state = "confirmed" if s.confirmed else "proposed"
        label = f"{award_name(s.award, True)} {slot_name(s.slot, True)}".strip()
        echo(f"  {pad(label, 26)} {pad(s.key, 20)} {_name(view.names, s.winner)}"
                   f"  [{state}]")


def history_cmd(
    limit: int = typer.Option(5, "--limit", min=1, help="Rows of each record table."),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """The league's history: each season's pennant and champion, title holders and award
    winners; single-season and career records; head-to-head records between teams."""
    from tui.services import history as sh
    view = sh.history(db, league, limit=limit)
    if as_json:
        echo_json(sh.history_dict(view))
        return
    from league.season.awards import award_key_name
    from tui.cli.offseason import career_line
    echo(f"{view.title} — history")
    for h in view.seasons:
        state = "" if h.complete else f"  (in progress, {h.final}/{h.games} games)"
        champ = view.teams.get(h.champion, h.champion) if h.champion else "-"
        pennants = ", ".join(f"{lg}: {view.teams.get(t, t)}" for lg, t in h.pennants.items())
        echo(f"season {h.season} ({h.year}){state}  champion {champ}"
                   + (f"  pennants {pennants}" if len(h.pennants) > 1 else ""))
        for x in h.series:
            if x["high"] and x["low"]:
                # the score as `impact postseason status` says it, the advantage win counted
                won = f" → {view.teams.get(x['winner'], x['winner'])}" if x["winner"] else ""
                echo(f"    {x['name']}: {view.teams.get(x['high'], x['high'])} "
                           f"{x['score']} "
                           f"{view.teams.get(x['low'], x['low'])}{won}")
        leagues = {t.league for t in h.titles}
        shown: str | None = None
        for t in h.titles:
            if len(leagues) > 1 and t.league != shown:   # each league's under its name
                shown = t.league
                echo(f"    [{t.league}]")
            who = ", ".join(view.names.get(x.player, x.player) for x in t.holders) or "-"
            value = t.holders[0].text if t.holders else ""
            echo(f"    {pad(t.ja, 14)} {value:>6}  {who}")
        for lp, key, pid in h.awards:
            what = award_key_name(key, True) + (f" ({lp})" if lp else "")
            echo(f"    {pad(what, 26)} {_name(view.names, pid)}")
        for d in h.retired:
            echo(f"    引退 {pad(d.name, 16)} {d.team:5} {d.age:>2}  {career_line(d)}")
    for title, records in (("single-season records", view.season_records),
                           ("career records", view.career_records)):
        echo(title)
        for spec, rows in records:
            cells = "  ".join(f"{view.names.get(r.player, r.player)}"
                              + (f" ({r.season})" if r.season else "") + f" {r.text}"
                              for r in rows[:3])
            echo(f"  {pad(spec.ja, 8)} {cells or '-'}")
    echo("head to head (row team's W-L-D against the column team)")
    codes = list(view.teams)
    echo("       " + " ".join(f"{c:>8}" for c in codes))
    for a in codes:
        row = [f"{'':>8}" if a == b else f"{view.head_to_head[(a, b)].text:>8}" for b in codes]
        echo(f"  {a:5}" + " ".join(row))


def _news_out(items: list[Any], as_json: bool) -> None:
    if as_json:
        echo_json([{"id": n.id, "season": n.season, "day": n.day, "kind": n.kind,
                     "moves": [{"player": p, "from": f or None, "to": t or None}
                               for p, f, t in n.moves],
                     "note": n.note, "text": n.text_ja, "text_en": n.text_en} for n in items])
        return
    if not items:
        echo("no transactions yet")
    for n in items:
        when = f"{n.day}" if n.day else "-"
        echo(f"#{n.id:<4} {when}  {n.text_ja}" + (f"  ({n.remark})" if n.remark else ""))


NOTE_OPT = typer.Option("", "--note", help="A note kept with the transaction.")


@transaction_app.command("trade")
@guarded
def trade_cmd(
    give: list[str] = typer.Option(..., "--give", help="A player --team gives (repeatable)."),
    get: list[str] = typer.Option(..., "--for", help="A player --with gives back (repeatable)."),
    team: str = typer.Option(..., "--team", help="One team (code)."),
    other: str = typer.Option(..., "--with", help="The other team (code)."),
    note: str = NOTE_OPT,
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """The commissioner's trade by decree: players move between two teams with nobody answering
    (no value test, no deadline; each keeps his active or farm status); both rosters must stay
    legal. A club's offer that the computer answers is `impact trade offer`."""
    from tui.services import history as sh
    _news_out([sh.transact(db, "trade", players=give, team=team, other_team=other, others=get,
                           note=note, league=league)], as_json)


@transaction_app.command("release")
@guarded
def release_cmd(
    players: list[str] = typer.Argument(..., help="Player ids or names."),
    note: str = NOTE_OPT,
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Release players: they become free agents (自由契約)."""
    from tui.services import history as sh
    _news_out([sh.transact(db, "release", players=players, note=note, league=league)], as_json)


@transaction_app.command("sign")
@guarded
def sign_cmd(
    players: list[str] = typer.Argument(..., help="Free agents: ids or names."),
    team: str = typer.Option(..., "--team", help="The team that signs them."),
    note: str = NOTE_OPT,
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Sign free agents to a team (at most the roster size)."""
    from tui.services import history as sh
    _news_out([sh.transact(db, "sign", players=players, team=team, note=note, league=league)],
              as_json)


@transaction_app.command("move")
@guarded
def move_cmd(
    players: list[str] = typer.Argument(..., help="Player ids or names."),
    team: str = typer.Option(..., "--team", help="The team they move to."),
    note: str = NOTE_OPT,
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """Move players from their team to another (both rosters must stay legal)."""
    from tui.services import history as sh
    _news_out([sh.transact(db, "move", players=players, team=team, note=note, league=league)],
              as_json)


@transaction_app.command("list")
@guarded
def list_cmd(
    limit: Optional[int] = typer.Option(None, "--limit", min=1),
    league: Optional[str] = LEAGUE_NAME_OPT,
    db: Optional[str] = DB_OPT,
    as_json: bool = JSON_OPT,
) -> None:
    """The transaction log (news), newest first, and the free agents."""
    from tui.services import history as sh
    _news_out(sh.news(db, league, limit=limit), as_json)
    if not as_json:
        fa = sh.free_agents(db, league)
        if fa:
            echo("free agents: " + ", ".join(f"{n} ({p})" for p, n in fa))


def career_out(db: Optional[str], ref: str, league: Optional[str], as_json: bool) -> None:
    """`impact player NAME --career`: 年度別成績 with career totals."""
    from league.season.stats import stat_heading, stat_text
    from tui import services as sv
    from tui.services import history as sh
    view = sh.player_career(db, ref, league)
    c = view.regular
    if as_json:
        echo_json({"id": view.id, "name": view.name, "team": view.team or None,
                    "left": view.left,
                    "seasons": [{"season": s.season, "year": s.year, "teams": list(s.teams),
                                 "batting": sv.stats_dict(s.batting),
                                 "pitching": sv.stats_dict(s.pitching),
                                 "fielding": sv.stats_dict(s.fielding)} for s in c.seasons],
                    "career": {"batting": sv.stats_dict(c.batting),
                               "pitching": sv.stats_dict(c.pitching),
                               "fielding": sv.stats_dict(c.fielding)},
                    "postseason": None if view.postseason is None else {
                        "seasons": [{"season": s.season, "year": s.year, "teams": list(s.teams),
                                     "batting": sv.stats_dict(s.batting),
                                     "pitching": sv.stats_dict(s.pitching)}
                                    for s in view.postseason.seasons],
                        "batting": sv.stats_dict(view.postseason.batting),
                        "pitching": sv.stats_dict(view.postseason.pitching)},
                    "born": view.born or None,
                    "changes": [{"season": n, "year": y, **d} for n, y, d in view.changes],
                    "titles": [{"season": n, "league": lg, "title": k} for n, lg, k in view.titles],
                    "awards": [{"season": n, "league": lg, "award": k}
                               for n, lg, k in view.awards]})
        return
    born = f", born {view.born}" if view.born else ""
    from tui.services.offseason import LEFT_WORDS, left_text
    gone = LEFT_WORDS[view.left["how"]][1] if view.left else "free agent"
    echo(f"{view.name} ({view.id}, {view.team or gone}{born}) 年度別成績")
    if view.left:
        echo(f"  left: {left_text(view.left)}")
    bat = ("games", "pa", "ab", "h", "hr", "rbi", "sb", "bb", "so", "avg", "obp", "ops")
    pit = ("games", "starts", "wins", "losses", "saves", "hold_points", "outs", "so", "era", "whip")
    for title, car in (("", c), ("postseason ", view.postseason)):
        if car is None:
            continue
        for kind, keys in (("batting", bat), ("pitching", pit)):
            if getattr(car, kind) is None:
                continue
            echo(f"  {title}{kind}: season  team     "
                 + " ".join(f"{stat_heading(k):>6}" for k in keys))
            for s in car.seasons:
                st = getattr(s, kind)
                if st is None:
                    continue
                cells = " ".join(f"{stat_text(k, getattr(st, k)):>6}" for k in keys)
                echo(f"    {s.season:>4} {s.year}  {'/'.join(s.teams):8} {cells}")
            total = getattr(car, kind)
            cells = " ".join(f"{stat_text(k, getattr(total, k)):>6}" for k in keys)
            years = "season" if car.years == 1 else "seasons"
            echo(f"    通算 {car.years:>2} {years:7} {'':3} {cells}")
    from league.season.awards import award_key_name
    from league.season.titles import title_spec
    for n, lg, k in view.titles:
        echo(f"  title: season {n} {title_spec(k).ja}" + (f" ({lg})" if lg else ""))
    for n, lg, k in view.awards:
        echo(f"  award: season {n} {award_key_name(k, True)}" + (f" ({lg})" if lg else ""))
    for n, y, d in view.changes:
        moved = "  ".join(f"{k} {v:+g}" for k, v in (d.get("changes") or {}).items()) or "-"
        mark = f"  [{d['mark']}]" if d.get("mark") else ""
        echo(f"  変化 before season {n} ({y}), age {d.get('age')}: {moved}{mark}")


def register(app: typer.Typer) -> None:
    """Add titles, awards, history and transaction to the root `impact` app."""
    app.command("titles")(guarded(titles_cmd))
    app.command("awards")(guarded(awards_cmd))
    app.command("history")(guarded(history_cmd))
    app.add_typer(transaction_app, name="transaction")
