"""`impact offseason`: the off-season between a closed season and the next (npb_offseason.md §7),
one step at a time — `status`, `retire` (retirements and releases), `draft` (opens it; `--team`
the clubs a person picks for), `pick` (a person's pick at his club's turn), `fa` (free agency;
`--team` the clubs a person offers for), `offer` (a person's offer to a declared free agent),
`trades`, `active-draft`, `foreign` (foreign players; `--team` the clubs a person decides for),
`sign` / `release` (a person's foreign signings), `finish` (growth and decline, the rosters, the
new season: what `impact season new` does) — and `show`, what the
off-season before a season did (who left, the draft, 変化). Same conventions as
tui/cli/league.py: --db, --league, --json; a refusal is one line on stderr with exit status 2."""
from __future__ import annotations

from typing import Annotated, Any, Optional

import typer

from league.errors import LeagueError
from tui.cli.common import (
    SEASON_OPT,
    DbOption,
    JsonOption,
    LeagueOption,
    OneLineHelpGroup,
    echo,
    echo_json,
    guarded,
    pad,
)
from tui.labels import label

offseason_app = typer.Typer(
    cls=OneLineHelpGroup,
    help="The off-season (§7) between a closed season and the next, one step at a time in this "
         "order: retire, draft, fa, trades, active-draft, foreign, finish. `status` says where "
         "it stands and what to run next; a step with --team waits for a person's choices for "
         "that club (pick, offer, sign, release). `impact season new` runs every step left with "
         "the computer deciding.",
    no_args_is_help=True)

MARKS = {"breakout": "ブレイク breakout", "collapse": "急降下 collapse"}


def show_cmd(
    league: LeagueOption = None,
    season: Optional[int] = SEASON_OPT,
    db: DbOption = None,
    as_json: JsonOption = False,
    top: Annotated[int, typer.Option("--top", help="Only the N biggest changes (0: every "
                                                   "player).")] = 0,
) -> None:
    """What the off-season before the season (the latest by default) did: 変化, biggest first."""
    from tui import services as sv
    _top(top)
    v = sv.offseason(db, league, season)
    rows = v.changes[:top] if top else v.changes
    if as_json:
        data = v.as_dict()
        data["changes"] = data["changes"][:top] if top else data["changes"]
        echo_json(data)
        return
    if not v.changes and not v.departures:
        echo(f"season {v.season} ({v.year}): no off-season before it (the first season, or made "
             "from new cards)")
        return
    echo(f"season {v.season} ({v.year}): 引退・戦力外 retirements and releases: {len(v.departures)}")
    for d in v.departures:
        kind = "引退 retired" if d.kind == "retire" else "戦力外 released"
        why = "育成 contract at its limit, 自由契約" if d.reason == "ikusei" else d.reason
        echo(f"  {d.player:<8} {pad(d.name, 16)} {d.team:<4} {d.age:>2}  {kind} ({why}); "
             f"career: {career_line(d)}")
    echo(f"ドラフト the draft: {len(v.picks)} picks")
    for p in v.picks:
        lot = f"  抽選 lottery of {', '.join(p.lottery)}" if p.lottery else ""
        hz = "  外れ1位" if p.hazure else ""
        ik = "  育成 development" if p.ikusei else ""
        echo(f"  R{p.round} #{p.number:<3} {p.team:<4} {p.player or '-':<8} {pad(p.name, 16)} "
             f"{p.school} {p.age}{lot}{hz}{ik}{_refusal(p)}")
    for pid, name, team in v.promoted:
        echo(f"支配下登録 development player signed to the 70: {pid} {name} ({team})")
    for pid, name, team in v.resigned:
        echo(f"育成再契約 development contract at its limit, signed again as 育成: {pid} {name} "
             f"({team})")
    _print_fa(v.fa)
    echo(f"外国人 foreign players signed: {len(v.signed)}")
    for pid, name, team, age in v.signed:
        echo(f"  {pid:<8} {pad(name, 16)} {team:<4} {age:>2}")
    echo(f"トレード trades: {len(v.trades)}")
    for moves in v.trades:
        echo("  " + "; ".join(f"{pid} {name} {a}→{b}" for pid, name, a, b in moves))
    echo(f"現役ドラフト the active-player draft: {len(v.active_draft)} taken")
    for pid, name, a, b in v.active_draft:
        echo(f"  {b:<4} takes {pid} {name} from {a}")
    for pid, name, team in v.called_up:
        echo(f"一軍 called up in place of a player who left: {pid} {name} ({team})")
    up = sum(1 for c in v.changes if c.mark == "breakout")
    down = sum(1 for c in v.changes if c.mark == "collapse")
    echo(f"season {v.season} ({v.year}): 変化 growth and decline of {len(v.changes)} players "
         f"({up} breakouts, {down} collapses)")
    for c in rows:
        moved = "  ".join(f"{stat} {delta:+g}" for stat, delta in c.changes.items()) or "-"
        mark = f"  [{MARKS[c.mark]}]" if c.mark else ""
        echo(f"  {c.player:<8} {pad(c.name, 16)} {c.team:<4} {c.age:>2}  {moved}{mark}")


def _refusal(p: Any) -> str:
    """A pick's 入団拒否 (§3): refused to sign, and the class he comes back in; or a man who
    refused a club before and was drafted again."""
    if p.refused:
        back = f", back in the {p.returns} class as {p.returns_as}" if p.returns else ""
        return f"  入団拒否 refused to sign{back}"
    if p.refused_year:
        return f"  (refused {p.refused_team} in {p.refused_year})"
    return ""


RIGHTS = {"domestic": "国内FA domestic", "overseas": "海外FA overseas"}


def _print_fa(rows: Any) -> None:
    """Free agency (§4): each declared player, his offers and where he signed; compensation."""
    declared = [f for f in rows if f.right != "compensation"]
    moved = sum(1 for f in declared if f.moved)
    echo(f"FA free agency: {len(declared)} declared (FA宣言), {moved} moved")
    for f in declared:
        where = ("left the league (海外)" if f.abroad else
                 f"stays with {f.signed}" if f.signed == f.team else f"signs with {f.signed}")
        role = f", {f.role} {f.years} yr" if f.role else ""
        offers = "; ".join(f"{t} {r} {y}yr" for t, r, y in f.offers)
        echo(f"  {f.player:<8} {pad(f.name, 16)} {f.team:<4} {f.age:>2}  "
             f"{RIGHTS.get(f.right, f.right)}: {where}{role}"
             + (f"  (offers: {offers})" if offers else ""))
    for f in rows:
        if f.right == "compensation":
            echo(f"  人的補償 compensation: {f.signed} takes {f.player} {f.name} from {f.team} "
                 f"(for {f.role})")


def _print_agents(v: Any) -> None:
    """Free agency open (§4): each declared player, his service, what each club a person offers
    for may promise him, and the offers made so far; whom it waits for."""
    echo(f"FA free agency: {len(v.agents)} declared (FA宣言); a person offers for "
         f"{', '.join(v.fa_people)}")
    for a in v.agents:
        may = "; ".join(f"{t} {'/'.join(r) or 'nothing (no room)'}" for t, r in a.roles)
        most = " ".join(f"{r} {y}yr" for r, y in a.years)
        made = "; ".join(f"{t} {r} {y}yr" for t, r, y in a.offers)
        sealed = a.count - len(a.offers)    # another club's offers, sealed in a shared league
        echo(f"  {a.player:<8} {pad(a.name, 16)} {a.team:<4} {a.age:>2} {a.kind:<2} "
             f"{a.value:+6.1f}  {RIGHTS.get(a.right, a.right)}, service {a.seasons} seasons "
             f"{a.days} days; may promise: {may} (at most {most}); "
             f"{a.count} offer{'s' if a.count != 1 else ''}"
             + (f": {made}" if made else "")
             + (f" (and {sealed} sealed)" if sealed and made else
                " (sealed)" if sealed else ""))
    # a manager's view: his club done, or a rival's (sealed), is not his to offer for
    free = [t for t in v.fa_waiting if t not in v.fa_done and t not in v.fa_sealed]
    if free:
        team = free[0]
        echo(f"waiting for {', '.join(free)}'s offers: `impact offseason offer --team "
             f"{team} PLAYER --role ROLE --years N` for each player wanted, then `impact "
             f"offseason offer --team {team} --done`")
    if v.fa_done:
        echo(f"{', '.join(v.fa_done)}: done; {label('os_next_look', False)}")
    if v.fa_sealed:
        echo(f"waiting for {', '.join(v.fa_sealed)}'s offers, {label('os_last_look', False)}")


def _print_foreign(f: Any) -> None:
    """Foreign players (§5) at their step: a person's pool and his foreign players (* chosen),
    then what is decided."""
    for team in f.people:
        room = dict(f.room).get(team, 0)
        if team in f.done:        # his own club: done, the step not carried on since
            state = f"  (done; {label('os_next_look', False)})"
        elif team in f.sealed:    # a rival's: its choices sealed, done or not
            state = f"  (waiting, {label('os_last_look', False)})"
        elif team in f.waiting:
            state = (f"  (waiting: `impact offseason sign --team {team} PLAYER`, `impact "
                     f"offseason release --team {team} PLAYER`, then `impact offseason sign "
                     f"--team {team} --done`)")
        else:
            state = "  (done)"
        echo(f"外国人 {team}: room for {room} under the roster size{state}")
        for m in f.pool:
            if m.team == team:
                echo(f"  {'*' if m.chosen else ' '} sign?    {m.player:<8} {pad(m.name, 22)} "
                     f"{m.age:>2} {m.side:<7} {m.value:+6.1f}"
                     + ("  (the computer's choice)" if m.computer else ""))
        for m in f.players:
            if m.team == team:
                echo(f"  {'*' if m.chosen else ' '} release? {m.player:<8} {pad(m.name, 22)} "
                     f"{m.age:>2} {m.side:<7} PA {m.pa} BF {m.bf}"
                     + (" farm" if m.farm else "")
                     + ("  (the computer would release him)" if m.computer else ""))
    if f.signed or f.released:
        echo(f"外国人 foreign players: {len(f.signed)} signed, {len(f.released)} released")
        for m in f.signed:
            echo(f"  signs    {m.team:<4} {m.player:<8} {pad(m.name, 22)} {m.age:>2} {m.side}")
        for m in f.released:
            echo(f"  releases {m.team:<4} {m.player:<8} {pad(m.name, 22)} {m.age:>2}")


STATES = {"done": "済 done", "open": "進行中 under way", "next": "次 next", "later": "-"}
STEP_NAMES = {"retire": "引退・戦力外 retirements and releases", "draft": "ドラフト the draft",
              "fa": "FA free agency",
              "trades": "トレード the computer's trades",
              "active_draft": "現役ドラフト the active-player draft",
              "foreign": "外国人 foreign players",
              "renew": "成長・新シーズン growth, rosters, the new season"}


def _command(step: str) -> str:
    """The command that runs an off-season step (its key in the stored state and --json)."""
    return "finish" if step == "renew" else step.replace("_", "-")


def _print_departures(v, top: int) -> None:  # type: ignore[no-untyped-def]
    echo(f"引退・戦力外 retirements and releases: {len(v.departures)}")
    for d in v.departures:
        kind = "引退 retires" if d.kind == "retire" else "戦力外 released"
        echo(f"  {d.player:<8} {pad(d.name, 16)} {d.team:<4} {d.age:>2}  {kind} ({d.reason})")


def _print_market(v, top: int) -> None:  # type: ignore[no-untyped-def]
    if v.fa or v.eligible:
        echo(f"FA rights this off-season: {v.eligible} players")
        _print_fa(v.fa)
    if v.agents:
        _print_agents(v)
    if not (v.fa or v.eligible or v.agents):
        echo("FA free agency: nobody with a right this off-season")


def _print_foreign_step(v, top: int) -> None:  # type: ignore[no-untyped-def]
    f = v.foreign
    if f is not None:
        _print_foreign(f)
    if f is None or not (f.signed or f.released or f.waiting):
        echo("外国人 foreign players: none signed or released")


def _print_trades(v, top: int) -> None:  # type: ignore[no-untyped-def]
    echo(f"トレード the computer's trades: {len(v.trades)}")
    for t in v.trades:
        echo(f"  {t.team} ⇄ {t.other}: " + "; ".join(f"{pid} {v.name(pid)} {a}→{b}"
                                                    for pid, a, b in t.moves()))


def _print_active_draft(v, top: int) -> None:  # type: ignore[no-untyped-def]
    if v.active_draft is None:
        echo("現役ドラフト the active-player draft: not held yet")
        return
    listed = "; ".join(f"{c} {' '.join(pids)}" for c, pids in v.active_draft.listed)
    echo("現役ドラフト the active-player draft: "
         + (f"listed {listed}" if listed else "nobody listed (a league holds it with "
            "[draft] active = true in its league.toml)"))
    for p in v.active_draft.picks:
        echo(f"  {p.team:<4} takes {p.player} from {p.source}")


def _print_draft(v, top: int) -> None:  # type: ignore[no-untyped-def]
    if not v.order:
        echo("ドラフト the draft: no class this off-season")
        return
    echo(f"ドラフト the draft: order {' '.join(v.order)}; a person picks for "
         f"{', '.join(v.people) or 'no club'}")
    for p in v.picks:
        lot = f"  抽選 lottery of {', '.join(p.lottery)}" if p.lottery else ""
        hz = "  外れ1位" if p.hazure else ""
        ik = "  育成 development" if p.ikusei else ""
        echo(f"  R{p.round} #{p.number:<3} {p.team:<4} {p.player:<9} {pad(p.name, 16)} "
             f"{p.school} {p.age}{lot}{hz}{ik}{_refusal(p)}")
    if v.waiting:
        what = "入札 first-round pick" if v.round == 1 else f"round {v.round} pick"
        echo(f"waiting for {', '.join(v.waiting)}: {what} (`impact offseason pick --team "
             f"{v.waiting[0]} PLAYER`" + (", or `--stop` to take no more" if v.round > 1 else "")
             + ")")
        echo(f"the class, best first as the computer sees it ({len(v.left)} left):")
        for p in v.left[:top] if top else v.left:
            again = (f"  (入団拒否: refused {p.refused_team} in {p.refused_year})"
                     if p.refused_year else "")
            echo(f"  {p.key:<9} {pad(p.name, 16)} {p.school:<3} {p.age:>2} {p.kind:<2} "
                 f"{p.positions:<12} {p.value:+.1f}{again}")
    elif v.draft_named:
        # a manager's view of a shared league: every club has named, the others' sealed
        echo(label("os_draft_named", False))
    else:
        echo(f"the draft is over: {len(v.picks)} picks")


# what each step decided, printed by its own command (a key of the services' STEPS)
STEP_PRINTS = {"retire": _print_departures, "draft": _print_draft, "fa": _print_market,
               "trades": _print_trades, "active_draft": _print_active_draft,
               "foreign": _print_foreign_step}


def _print_steps(v, top: int = 20) -> None:  # type: ignore[no-untyped-def]
    """The whole picture (`impact offseason status`): each step's state, then what the steps
    decided so far, the draft last (its class can be long)."""
    echo(f"the off-season after season {v.season}, before {v.year}:")
    for key, rule, state in v.steps:
        echo(f"  {_command(key):<12} {STEP_NAMES.get(key, key)} ({rule}): "
             f"{STATES.get(state, state)}")
    states = {k: st for k, _r, st in v.steps}
    for key in ("retire", "fa", "foreign", "trades", "active_draft", "draft"):
        if states[key] == "done" or (states[key] == "open" and key != "draft") or (
                key == "draft" and v.order):
            STEP_PRINTS[key](v, top)
    _print_next(v)


def _print_step(v, step: str, top: int) -> None:  # type: ignore[no-untyped-def]
    """What the step `step` decided (or, open, where it stands), and what to run next."""
    rule, state = next((r, st) for k, r, st in v.steps if k == step)
    echo(f"the off-season after season {v.season}, before {v.year} — {STEP_NAMES[step]} "
         f"({rule}): {STATES.get(state, state)}")
    STEP_PRINTS[step](v, top)
    _print_next(v)


def _print_next(v) -> None:  # type: ignore[no-untyped-def]
    """What to run next, when no step waits for a person (their waiting lines say what to do)."""
    if dict((k, st) for k, _r, st in v.steps).get(v.current) == "open":
        return
    echo(f"next: `impact offseason {_command(v.current)}` ({STEP_NAMES.get(v.current, '')})")


def _out(v, as_json: bool, top: int, step: str | None = None) -> None:  # type: ignore[no-untyped-def]
    """The whole off-season (`step` None: `impact offseason status`), or what `step` decided."""
    if as_json:
        echo_json(v.as_dict() if step is None else v.step_dict(step))
    elif step is None:
        _print_steps(v, top)
    else:
        _print_step(v, step, top)


# the options every step's command takes, spelled once (their help the same everywhere)
Top = Annotated[int, typer.Option("--top", help="Show the draft class's N best left (0: all).")]
Team = Annotated[str, typer.Option("--team", "-t", help="The club a person acts for (its code).")]
Teams = Annotated[list[str], typer.Option(
    "--team", "-t", help="A club a person decides for at this step (repeat for more; named when "
                         "the step opens; by default the step before's, in a shared league each "
                         "club with a manager).")]
Computer = Annotated[bool, typer.Option("--computer",
                                        help="The computer decides for the club from now on.")]


def _one_of(player: Optional[str], flags: dict[str, bool]) -> None:
    """A person's move names a player, or gives exactly one of the flags; else refused."""
    if sum([player is not None, *flags.values()]) != 1:
        raise LeagueError(f"give PLAYER, {' or '.join(flags)} (one of them)")


def _top(top: int) -> int:
    if top < 0:
        raise LeagueError(f"--top {top}: give 0 (all) or more")
    return top


def status_cmd(league: LeagueOption = None, db: DbOption = None, as_json: JsonOption = False,
               top: Top = 20) -> None:
    """Where the off-season after the latest (closed) season stands, step by step."""
    from tui import services as sv
    _out(sv.offseason_steps(db, league), as_json, _top(top))


def retire_cmd(league: LeagueOption = None, db: DbOption = None, as_json: JsonOption = False,
               top: Top = 20) -> None:
    """Step 1 (§2): the retirements and releases, decided (seeded) and stored."""
    from tui import services as sv
    _out(sv.offseason_step(db, league, "retire"), as_json, _top(top), "retire")


def draft_cmd(team: Teams = [], league: LeagueOption = None,  # noqa: B006 (typer's list)
              db: DbOption = None, as_json: JsonOption = False, top: Top = 20) -> None:
    """Step 2 (§3): open the draft (the class made, every pick up to a person's turn made by the
    computer), or show where it stands. --team: a club a person picks for (in a shared league
    each club with a manager by default)."""
    from tui import services as sv
    _top(top)
    _out(sv.offseason_step(db, league, "draft", people=team), as_json, top, "draft")


def pick_cmd(team: Team,
             player: Optional[str] = typer.Argument(
                 None, help="The player picked: his key in the class (e.g. 2027-013) or name."),
             stop: bool = typer.Option(False, "--stop", help="The club takes no more players."),
             computer: Computer = False, league: LeagueOption = None, db: DbOption = None,
             as_json: JsonOption = False, top: Top = 20) -> None:
    """A person's pick for his club at its turn: the first round named at once (入札; after a
    lost lottery the 外れ1位 the same way), then a pick a round."""
    from tui import services as sv
    _one_of(player, {"--stop": stop, "--computer": computer})
    _top(top)
    _out(sv.draft_pick(db, league, team=team, player=player, stop=stop, computer=computer),
         as_json, top, "draft")


def fa_cmd(team: Teams = [], league: LeagueOption = None,  # noqa: B006 (typer's list)
           db: DbOption = None, as_json: JsonOption = False, top: Top = 20) -> None:
    """Step 3 (§4): free agency — who declares (FA宣言), the clubs' offers (years and a role),
    where each signs; decided (seeded) and stored. With clubs a person offers for (--team; by
    default the draft's) it opens first: the declared free agents listed, waiting for his
    offers (`impact offseason offer`)."""
    from tui import services as sv
    _top(top)
    _out(sv.offseason_step(db, league, "fa", people=team), as_json, top, "fa")


def offer_cmd(team: Team,
              player: Optional[str] = typer.Argument(
                  None, help="The declared free agent: his id or name."),
              role: Optional[str] = typer.Option(
                  None, "--role", help="The promised role: regular, rotation, closer, setup or "
                                       "bench (default: the biggest the club may promise)."),
              years: Optional[int] = typer.Option(
                  None, "--years", help="Years (default: the most for the role; 1 up to that)."),
              done: bool = typer.Option(False, "--done",
                                        help="The club makes no more offers."),
              computer: Computer = False, league: LeagueOption = None, db: DbOption = None,
              as_json: JsonOption = False, top: Top = 20) -> None:
    """A person's offer for his club in free agency (§4): a declared free agent, a promised
    role and years (no salaries); `--done` when the club's offers are made. An offer stands once
    made; the player chooses when every such club is done (role, then the club's strength, then
    his own club)."""
    from tui import services as sv
    _one_of(player, {"--done": done, "--computer": computer})
    _top(top)
    _out(sv.fa_offer(db, league, team=team, player=player, role=role, years=years, done=done,
                     computer=computer), as_json, top, "fa")


def trades_cmd(league: LeagueOption = None, db: DbOption = None, as_json: JsonOption = False,
               top: Top = 20) -> None:
    """Step 4 (§6): the computer's clubs trade among themselves (seeded; none with a club a
    person drafts for), stored for the renewal."""
    from tui import services as sv
    _out(sv.offseason_step(db, league, "trades"), as_json, _top(top), "trades")


def active_draft_cmd(league: LeagueOption = None, db: DbOption = None,
                     as_json: JsonOption = False, top: Top = 20) -> None:
    """Step 5 (§6): the 現役ドラフト — each club lists two players it can spare (not its best,
    no foreigner) and, worst club first, takes one from another's list (seeded), stored for
    the renewal."""
    from tui import services as sv
    _out(sv.offseason_step(db, league, "active_draft"), as_json, _top(top), "active_draft")


def foreign_cmd(team: Teams = [], league: LeagueOption = None,  # noqa: B006 (typer's list)
                db: DbOption = None, as_json: JsonOption = False, top: Top = 20) -> None:
    """Step 6 (§5): foreign players — those who disappointed released, new ones signed from a
    generated pool (seeded); a club a person decides for (--team; by default free agency's,
    the draft's) waits for his choice (`impact offseason sign` / `release`), the computer
    decides for the rest."""
    from tui import services as sv
    _top(top)
    _out(sv.offseason_step(db, league, "foreign", people=team), as_json, top, "foreign")


def sign_cmd(team: Team,
             player: Optional[str] = typer.Argument(
                 None, help="A player of the club's pool (his id or name)."),
             done: bool = typer.Option(False, "--done", help="The club's choice is made."),
             computer: Computer = False, league: LeagueOption = None, db: DbOption = None,
             as_json: JsonOption = False, top: Top = 20) -> None:
    """A person's foreign signing for his club (§5): a player of its pool, while it has room
    under the roster size (a choice stands once made); `--done` when the choice is made."""
    from tui import services as sv
    _one_of(player, {"--done": done, "--computer": computer})
    _top(top)
    _out(sv.foreign_choice(db, league, team=team, sign=player, done=done, computer=computer),
         as_json, top, "foreign")


def release_cmd(team: Team,
                player: str = typer.Argument(..., help="One of the club's foreign players."),
                league: LeagueOption = None, db: DbOption = None, as_json: JsonOption = False,
                top: Top = 20) -> None:
    """A person's release of one of his club's foreign players at the foreign step (§5)."""
    from tui import services as sv
    _top(top)
    _out(sv.foreign_choice(db, league, team=team, release=player), as_json, top, "foreign")


def finish_cmd(league: LeagueOption = None, db: DbOption = None,
               as_json: JsonOption = False) -> None:
    """The last step (§1, §7): growth and decline, the rosters checked, the new season made
    (`impact season new` with its defaults does the same, and any step not done yet)."""
    from tui import services as sv
    info = sv.offseason_finish(db, league)
    if as_json:
        echo_json(info)
        return
    echo(f"season {info.number} ({info.year}): {info.games} games from {info.start}, "
         f"seed {info.seed} (`impact offseason show` lists what the off-season did)")


# each command in `impact offseason --help`: one line (its docstring is its own --help)
COMMANDS = (
    ("status", status_cmd, "Where the off-season stands, step by step, and what to run next."),
    ("retire", retire_cmd, "1. Retirements and releases (§2)."),
    ("draft", draft_cmd, "2. The draft (§3); --team: a club a person picks for."),
    ("pick", pick_cmd, "A person's draft pick for his club at its turn."),
    ("fa", fa_cmd, "3. Free agency (§4); --team: a club a person offers for."),
    ("offer", offer_cmd, "A person's offer to a free agent (a role and years), or --done."),
    ("trades", trades_cmd, "4. The computer's clubs trade among themselves (§6)."),
    ("active-draft", active_draft_cmd, "5. The 現役ドラフト, the active-player draft (§6)."),
    ("foreign", foreign_cmd, "6. Foreign players (§5); --team: a club a person decides for."),
    ("sign", sign_cmd, "A person's foreign signing for his club, or --done."),
    ("release", release_cmd, "A person's release of one of his club's foreign players."),
    ("finish", finish_cmd, "7. Growth and decline, the rosters, the new season (§1, §7)."),
    ("show", show_cmd, "What the off-season before a season did (変化, departures, moves)."),
)


def register(app: typer.Typer) -> None:
    for name, fn, short in COMMANDS:
        offseason_app.command(name, short_help=short)(guarded(fn))
    app.add_typer(offseason_app, name="offseason")


def career_line(d: Any) -> str:
    """A departing player's career totals in one line (seasons, PA H HR; IP W L SV)."""
    cr = d.career
    return (f"{d.seasons} seasons, PA {cr.get('pa', 0)} H {cr.get('h', 0)} HR {cr.get('hr', 0)}"
            + (f", IP {cr['outs'] // 3}.{cr['outs'] % 3} W {cr['wins']} L {cr['losses']}"
               f" SV {cr['saves']}" if cr.get("outs") else ""))
