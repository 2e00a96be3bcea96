"""A PostgreSQL league shared by several managers, guarded by the database itself.

`share()` (run by the database owner) makes two group roles for the database — its commissioners
and its managers — grants them what they may do, turns on row-level security where a manager may
write (his team's saved orders, the keyboard games his team plays), and installs an append-only
audit log written by triggers, so a change made with plain SQL is on record too.

Who may change what (the README's "A league shared by several managers" says the same):
- everyone connected reads everything but another club's free-agency offers: sealed, as in NPB
  (§4), a manager reads only his own club's (in `league_fa_offer` and in the audit log), the
  commissioner all, everyone how many offers each free agent has (`league_fa_offer_count`);
  and the trade offers of clubs not his: a manager reads only those his club is party to (made
  by it or to it) in `league_trade_offer` and in the audit log, until the trade is done (an
  accepted offer, a trade in the news: everyone's); the commissioner all; and another club's
  draft pick until the draft has made it (§3: the first round's 入札 and a 外れ1位 are named at
  once, each club's own until the round is drawn), in `league_draft_pick` and in the log
  (everyone how many picks each club has named, `league_draft_pick_count`); and
  another club's foreign signings and releases (§5) while the step waits for that club, in
  `league_foreign_choice` and in the log;
- a manager writes only `league_roster_pref` rows of his own teams (batting order, rotation,
  bullpen, reserves), `game_live` rows of games his team plays, for the sides he plays, and
  adds `league_draft_pick` rows for his own club at its turn of the draft (never changes one),
  and `league_trade_offer` rows for his own club (an offer, or his answer to a proposal: the
  players on the clubs named, before the deadline; the commissioner's program answers them);
- a commissioner writes every league table (cards, transactions, schedules, results, seasons,
  awards, events, the off-season's state and the men who refused a pick, `league_amateur`:
  everyone's to read, as the news names them) but not the audit log or the list of managers;
- the database owner alone adds and removes managers, and alone could touch the audit log;
- what a manager reads counts no row sealed from him: he reads no sequence, no row's place
  (`ctid`) in a sealed table or the log, and their rows and lines are numbered by the time they
  are written (impact_clock_id), not by a sequence (docs/sharing.md, "Ids that count nothing").

Each role is checked by PostgreSQL (grants and policies); the services only translate a refusal
into one line. SQLite leagues are single-user and need none of this.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Iterable

from sqlalchemy import text
from sqlalchemy.engine import Connection, Engine

from league.errors import LeagueError
from storage.views import Access  # noqa: F401  (kept where it was)

AUDIT_TABLE = "league_audit"
MANAGER_TABLE = "league_manager"
# the login roles `manager add` made: the only ones `manager remove` drops
MADE_TABLE = "league_made_role"
# Tables a manager may write, each guarded by a row-level policy.
MANAGER_TABLES = ("league_roster_pref", "game_live")
# The draft picks a person names (issue 31): a manager adds his own club's, never changes one,
# and reads another club's once the draft has made it (its man taken: impact_draft_public).
DRAFT_TABLE = "league_draft_pick"
# A person's trade offers (issue 32): a manager adds his own club's, never changes one, and
# reads only those his club is party to until the trade is done (migration 0020_trade_sealed).
TRADE_TABLE = "league_trade_offer"
# A person's free-agency offers (issue 32, §4): a manager adds his own club's, never changes one,
# and reads only his own club's (sealed); how many each free agent has is everyone's to read.
FA_TABLE = "league_fa_offer"
FA_COUNT_VIEW = "league_fa_offer_count"
# A person's foreign signings and releases (issue 32, §5): a manager adds his own club's.
FOREIGN_TABLE = "league_foreign_choice"
# The tables whose rows a manager reads only as `_sealed` says (his own club's, or once public).
SEALED_TABLES = (FA_TABLE, TRADE_TABLE, DRAFT_TABLE, FOREIGN_TABLE)
# Not audited: the audit log itself and Alembic's bookkeeping.
UNAUDITED = (AUDIT_TABLE, "league_alembic_version")

# What a table holds, for the news filter and for the one-line refusals.
KINDS: dict[str, str] = {
    "league_card": "cards", "league_player": "cards",
    "league_roster_pref": "lineups",
    "game_live": "keyboard",
    "season_schedule": "schedule", "season_season": "season",
    "game_game": "results", "game_batting": "results", "game_pitching": "results",
    "game_fielding": "results", "game_batting_split": "results",
    "season_pitcher_rest": "results", "season_team": "results",
    "season_roster": "results",
    "season_postseason_series": "results",
    "league_league": "league", "league_team": "league", "league_ruleset": "league",
    "league_manager": "managers", "league_made_role": "managers",
    "league_offseason": "offseason", "league_amateur": "offseason",
    DRAFT_TABLE: "draft", TRADE_TABLE: "trade",
    FA_TABLE: "fa", FOREIGN_TABLE: "foreign",
}
_REFUSALS = {
    "cards": "edit cards",
    "schedule": "make or change schedules",
    "season": "start, simulate or close seasons",
    "results": "record, void or replay results (simulating is the commissioner's)",
    "league": "change the league (teams, ruleset, import, delete)",
    "managers": "add or remove managers (the database owner does)",
    "lineups": "change another team's line-up",
    "keyboard": "play another team's side",
    "offseason": "run the off-season",
    "draft": "pick for another club, or change a pick made",
    "trade": "trade for another club, or change an offer made",
    "fa": "offer for another club's free agency, or change an offer made",
    "foreign": "sign or release for another club, or change a choice made",
}

_ROLE = re.compile(r"^[a-z_][a-z0-9_]{0,62}$")


class SharingError(LeagueError):
    """Sharing cannot be set up or used as asked (one line)."""


@dataclass(frozen=True)
class AuditEntry:
    id: int
    at: datetime
    who: str
    table: str
    kind: str
    op: str
    teams: tuple[str, ...]
    before: dict[str, Any] | None
    after: dict[str, Any] | None
    changed: tuple[str, ...] = field(default=())

    def as_dict(self) -> dict[str, Any]:
        return {"id": self.id, "at": self.at.isoformat(), "who": self.who, "table": self.table,
                "kind": self.kind, "op": self.op, "teams": list(self.teams),
                "changed": list(self.changed), "before": self.before, "after": self.after}


def is_postgres(engine: Engine) -> bool:
    return engine.dialect.name == "postgresql"


def _require_pg(engine: Engine) -> None:
    if not is_postgres(engine):
        raise SharingError("sharing needs a PostgreSQL league (give --db postgresql+psycopg://…); "
                           "an SQLite league is single-user")


def role_name(name: str) -> str:
    """A role name as PostgreSQL keeps it unquoted: lower case letters, digits and _."""
    if not _ROLE.match(name or ""):
        raise SharingError(f"role name {name!r}: use lower-case letters, digits and _ "
                           "(starting with a letter or _), at most 63 characters")
    return name


def _groups(conn: Connection) -> tuple[str, str]:
    db = conn.execute(text("select current_database()")).scalar_one()
    stem = re.sub(r"[^a-z0-9_]", "_", str(db).lower())[:40] or "league"
    return f"{stem}_commissioner", f"{stem}_manager"


def _q(name: str) -> str:
    """Quote an identifier (role or table) for SQL text: only names we checked or read from the
    catalog reach here, but quote them all the same."""
    return '"' + name.replace('"', '""') + '"'


def _lit(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def is_shared(conn: Connection) -> bool:
    return bool(conn.execute(text("select to_regclass(:t) is not null"), {"t": AUDIT_TABLE}).scalar())


def _tables(conn: Connection) -> list[str]:
    rows = conn.execute(text(
        "select tablename from pg_tables where schemaname = current_schema() order by tablename"))
    return [r[0] for r in rows]


def _ensure_role(conn: Connection, name: str, login: bool) -> bool:
    exists = conn.execute(text("select 1 from pg_roles where rolname = :n"), {"n": name}).first()
    if exists:
        return False
    conn.execute(text(f"create role {_q(name)} {'login' if login else 'nologin'}"))
    return True


def _functions(schema: str, comm: str) -> str:
    """The schema's functions. Each has a fixed search_path with pg_temp last and names every
    table with its schema: PostgreSQL looks in a session's temporary schema first unless told
    otherwise, and every role may make temporary tables where TEMPORARY is not revoked, so an
    unqualified name in a function is the caller's to choose (issue 28)."""
    s = _q(schema)
    path = f"set search_path = {s}, pg_temp"
    return f"""
create or replace function {s}.impact_audit_trim(j jsonb) returns jsonb
language sql immutable {path} as $$
  select coalesce(jsonb_object_agg(key, case when length(value::text) > 2000
         then to_jsonb(format('(%s characters, md5 %s)', length(value::text),
                              left(md5(value::text), 12)))
         else value end), '{{}}'::jsonb)
  from jsonb_each(j)
$$;

create or replace function {s}.impact_clock_id(v_max bigint) returns bigint
language sql volatile {path} as $$
  -- the microsecond it is, times 1024, plus a random number below 1024 (two rows written in
  -- one microsecond by two sessions); past the largest id when the clock is not (a row
  -- written within the same microsecond, or a clock set back): an id that counts no row
  select greatest((floor(extract(epoch from clock_timestamp()) * 1000000)::bigint << 10)
                  + floor(random() * 1024)::bigint,
                  coalesce(v_max, 0) + 1 + floor(random() * 1024)::bigint)
$$;

create or replace function {s}.impact_audit() returns trigger
language plpgsql security definer {path} as $$
declare
  b jsonb; a jsonb; r jsonb; teams text[];
begin
  if tg_op = 'UPDATE' and to_jsonb(old) = to_jsonb(new) then return null; end if;
  if tg_op <> 'INSERT' then b := {s}.impact_audit_trim(to_jsonb(old)); end if;
  if tg_op <> 'DELETE' then a := {s}.impact_audit_trim(to_jsonb(new)); end if;
  r := coalesce(a, b);
  teams := array_remove(array[r->>'team', r->>'other', r->>'away', r->>'home'], null);
  insert into {s}.{AUDIT_TABLE}(id, who, tbl, op, teams, before, after)
  values ({s}.impact_clock_id((select max(l.id) from {s}.{AUDIT_TABLE} l)), session_user,
          tg_table_name, lower(tg_op), teams, b, a);
  return null;
end $$;

create or replace function {s}.impact_sealed_id() returns trigger
language plpgsql security definer {path} as $$
declare
  v_max bigint;
begin
  -- as the owner, whom row-level security does not bind: the largest id of every row
  execute format('select max(id) from %I.%I', tg_table_schema, tg_table_name) into v_max;
  new.id := {s}.impact_clock_id(v_max);
  return new;
end $$;

create or replace function {s}.impact_manages(lg integer, code text) returns boolean
language sql stable {path} as $$
  select exists (select 1 from {s}.{MANAGER_TABLE} m
                 where m.role = current_user and m.league_id = lg and m.team = code)
$$;

create or replace function {s}.impact_draft_public(lg integer, yr integer, key text)
returns boolean language sql stable {path} as $$
  -- a pick the draft has made: its man is taken (the commissioner's program stores who is,
  -- each time the draft goes on); a stop (no man) names nobody
  select key is null or coalesce((select o.data::jsonb -> 'taken' from {s}.league_offseason o
                                  where o.league_id = lg and o.year = yr), '[]'::jsonb) ? key
$$;

create or replace function {s}.impact_foreign_public(lg integer, yr integer, code text)
returns boolean language sql stable {path} as $$
  -- a club's foreign choices once the step no longer waits for it (the commissioner's program
  -- stores whom it waits for, each time the step goes on): before, they are its own
  select not coalesce((select o.data::jsonb -> 'foreign' -> 'waiting' from {s}.league_offseason o
                       where o.league_id = lg and o.year = yr), '[]'::jsonb) ? code
$$;

create or replace function {s}.impact_season_league(sid integer) returns integer
language sql stable {path} as $$ select league_id from {s}.season_season where id = sid $$;

create or replace function {s}.impact_audit_guard() returns trigger
language plpgsql {path} as $$
begin
  raise exception 'the audit log is append-only: nobody may % it', lower(tg_op)
    using errcode = '42501';
end $$;
""" + _roster_functions(s) + _live_guard(s, path, comm) + _draft_check(s, path) + _trade_check(
        s, path) + _fa_check(s, path) + _foreign_check(s, path)


def _trade_check(s: str, path: str) -> str:
    """The trigger that lets a manager's trade offer in only as an offer (npb_offseason.md §6):
    before the deadline of the league's open season (its roster day after 31 July: refused;
    the off-season, a closed season, is open), each player named on the club that gives him in
    the cards of that season (the league's own in the off-season), a player from each club;
    the row is signed with his login and starts `offered` (or `declined`, a proposal he turns
    down), whatever he wrote. Which club is his is the row-level policy's to check."""
    from league.offseason.trades import DEADLINE, with_itself
    month, day = DEADLINE
    itself = with_itself("%", "%")        # the rule's words, the club put in by the database
    return f"""
create or replace function {s}.impact_trade_check() returns trigger
language plpgsql {path} as $$
declare
  v_season {s}.season_season%rowtype; v_sid integer; v_day date; v_last date;
  v_pid text; v_team text; v_side text; v_club text;
begin
  new.state := case when new.state = 'declined' then 'declined' else 'offered' end;
  new.answer := '';
  new.made_by := session_user;
  if new.team = new.other then
    raise exception '{itself}', new.team using errcode = '23514';
  end if;
  if coalesce(new.gives, '') = '' or coalesce(new.gets, '') = '' then
    raise exception 'a trade needs a player from each club' using errcode = '23514';
  end if;
  select * into v_season from {s}.season_season where league_id = new.league_id
   order by number desc limit 1;
  if not found then
    raise exception 'no season yet: trades come with a season' using errcode = '23514';
  end if;
  if v_season.phase <> 'closed' then
    v_sid := v_season.id;
    select coalesce(min(g.day) filter (where g.status <> 'final'), max(g.day), v_season.start)
      into v_day from {s}.season_schedule g where g.season_id = v_season.id;
    v_last := make_date(coalesce(v_season.year, extract(year from v_season.start)::integer),
                        {month}, {day});
    if v_day > v_last then
      raise exception 'the trade deadline (%) has passed: trades resume in the off-season (§6)',
        v_last using errcode = '23514';
    end if;
  end if;
  foreach v_side in array array['gives', 'gets'] loop
    v_club := case when v_side = 'gives' then new.team else new.other end;
    foreach v_pid in array string_to_array(case when v_side = 'gives' then new.gives
                                                else new.gets end, ',') loop
      v_team := null;
      select c.team into v_team from {s}.league_card c
        join {s}.league_player p on p.id = c.player_id
       where p.league_id = new.league_id and p.pid = v_pid
         and c.season_id is not distinct from v_sid;
      if v_team is distinct from v_club then
        raise exception '% is not on % (he is on %)', v_pid, v_club,
          coalesce(nullif(v_team, ''), 'no club') using errcode = '23514';
      end if;
    end loop;
  end loop;
  return new;
end $$;
"""


def _fa_check(s: str, path: str) -> str:
    """The trigger that lets a free-agency offer in only as the rules allow (npb_offseason.md
    §4, league.offseason.free_agency): free agency of its year is open and waits for the club's
    offers (the club has not said it is done), the player is a declared free agent, the role is
    one the club may promise him and the years within the most for that role (what the
    commissioner's program stored when free agency opened, `fa_open`, which managers only read),
    one offer to a player; the row is signed with the login that made it. Which club is his is
    the row-level policy's to check."""
    return f"""
create or replace function {s}.impact_fa_check() returns trigger
language plpgsql {path} as $$
declare
  v_data jsonb; v_agent jsonb; v_most integer;
begin
  select o.data::jsonb into v_data from {s}.league_offseason o
   where o.league_id = new.league_id and o.year = new.year;
  if v_data is null or coalesce(jsonb_typeof(v_data->'fa_open'), '') <> 'array'
     or coalesce(jsonb_typeof(v_data->'fa'), 'null') <> 'null' then
    raise exception 'free agency of % is not open', new.year using errcode = '23514';
  end if;
  if not coalesce(v_data->'fa_waiting', '[]'::jsonb) ? new.team then
    raise exception 'free agency does not wait for %''s offers (it waits for %)', new.team,
      coalesce((select string_agg(x, ', ') from jsonb_array_elements_text(v_data->'fa_waiting') x),
               'nobody') using errcode = '23514';
  end if;
  if exists (select 1 from {s}.league_fa_offer f where f.league_id = new.league_id
             and f.year = new.year and f.team = new.team and f.player is null) then
    raise exception '% has made its offers already (an offer stands once made)', new.team
      using errcode = '23514';
  end if;
  new.made_by := session_user;
  if new.player is null then
    new.role := '';
    new.years := 0;
    return new;
  end if;
  select a into v_agent from jsonb_array_elements(v_data->'fa_open') a
   where a->>'player' = new.player;
  if v_agent is null then
    raise exception '%: not a declared free agent of %', new.player, new.year
      using errcode = '23514';
  end if;
  if not coalesce(v_agent->'roles'->new.team, '[]'::jsonb) ? coalesce(new.role, '') then
    raise exception '% may not promise % the role %', new.team, new.player, new.role
      using errcode = '23514';
  end if;
  v_most := (v_agent->'years'->>new.role)::integer;
  if new.years is null or new.years < 1 or new.years > v_most then
    raise exception 'an offer to % as % is 1 to % years, not %', new.player, new.role, v_most,
      new.years using errcode = '23514';
  end if;
  if exists (select 1 from {s}.league_fa_offer f where f.league_id = new.league_id
             and f.year = new.year and f.team = new.team and f.player = new.player) then
    raise exception '% has offered % already (an offer stands once made)', new.team, new.player
      using errcode = '23514';
  end if;
  return new;
end $$;
"""


def _foreign_check(s: str, path: str) -> str:
    """The trigger that lets a foreign-step choice in only as the rules allow (npb_offseason.md
    §5): the step of its year open and waiting for the club (not after its done-row), `sign` a
    man of the club's pool while it has room under the roster size (its room, plus the men it
    released), `release` one of its foreign players, each man once (what the commissioner's
    program stored when the step opened, which managers only read); the row is signed with the
    login that made it. Which club is his is the row-level policy's to check."""
    return f"""
create or replace function {s}.impact_foreign_check() returns trigger
language plpgsql {path} as $$
declare
  v_data jsonb; v_f jsonb; v_signs integer; v_releases integer;
begin
  select o.data::jsonb into v_data from {s}.league_offseason o
   where o.league_id = new.league_id and o.year = new.year;
  v_f := v_data->'foreign';
  if v_f is null or jsonb_typeof(v_f) <> 'object' then
    raise exception 'the foreign step of % is not open', new.year using errcode = '23514';
  end if;
  if not coalesce(v_f->'waiting', '[]'::jsonb) ? new.team then
    raise exception 'the foreign step does not wait for % (it waits for %)', new.team,
      coalesce((select string_agg(x, ', ') from jsonb_array_elements_text(v_f->'waiting') x),
               'nobody') using errcode = '23514';
  end if;
  if exists (select 1 from {s}.league_foreign_choice c where c.league_id = new.league_id
             and c.year = new.year and c.team = new.team and c.player is null) then
    raise exception '% has made its foreign signings already', new.team using errcode = '23514';
  end if;
  new.made_by := session_user;
  if new.player is null then
    new.action := 'done';
    return new;
  end if;
  if exists (select 1 from {s}.league_foreign_choice c where c.league_id = new.league_id
             and c.year = new.year and c.team = new.team and c.player = new.player) then
    raise exception '% has chosen % already (a choice stands once made)', new.team, new.player
      using errcode = '23514';
  end if;
  if new.action = 'sign' then
    if not exists (select 1 from jsonb_array_elements(coalesce(v_f->'pool'->new.team, '[]'))
                   x where x->>'player' = new.player) then
      raise exception '%: not in %''s pool of foreign players', new.player, new.team
        using errcode = '23514';
    end if;
    select count(*) filter (where c.action = 'sign'), count(*) filter (where c.action = 'release')
      into v_signs, v_releases from {s}.league_foreign_choice c
     where c.league_id = new.league_id and c.year = new.year and c.team = new.team;
    if v_signs >= coalesce((v_f->'room'->>new.team)::integer, 0) + v_releases then
      raise exception '% has no room for %: its players under contract are at the league''s roster size',
        new.team, new.player using errcode = '23514';
    end if;
  elsif new.action = 'release' then
    if not exists (select 1 from jsonb_array_elements(coalesce(v_f->'players'->new.team, '[]'))
                   x where x->>'player' = new.player) then
      raise exception '%: not one of %''s foreign players', new.player, new.team
        using errcode = '23514';
    end if;
  else
    raise exception 'a choice at the foreign step is to sign or release, not %', new.action
      using errcode = '23514';
  end if;
  return new;
end $$;
"""


def _roster_functions(s: str) -> str:
    # the roster rules' SQL is made from league.farm, which brings the computer manager with it:
    # imported only when functions are installed (the app's first screen asks who is connected)
    from storage import roster_sql
    return roster_sql.functions(s) + roster_sql.prefs_check(s)


def _draft_check(s: str, path: str) -> str:
    """The trigger that lets a draft pick in only at its club's turn (npb_offseason.md §3): the
    draft of its year is open, the club is one the draft waits for and the pick is for the turn
    it waits for (none named for it yet), the player is in the class and not taken; the pick
    is signed with the login that made it. Whose turn it is and who is taken are the
    commissioner's program's to store (`league_offseason`, which managers only read), each time
    the draft goes on."""
    return f"""
create or replace function {s}.impact_draft_check() returns trigger
language plpgsql {path} as $$
declare
  v_data jsonb; v_turn integer;
begin
  select o.data::jsonb into v_data from {s}.league_offseason o
   where o.league_id = new.league_id and o.year = new.year;
  if v_data is null or v_data->'class' is null or jsonb_typeof(v_data->'turns') <> 'object' then
    raise exception 'the draft of % is not open', new.year using errcode = '23514';
  end if;
  if not (v_data->'turns') ? new.team then
    raise exception 'not %''s turn: the draft waits for %', new.team,
      coalesce((select string_agg(k, ', ') from jsonb_object_keys(v_data->'turns') k),
               'nobody') using errcode = '23514';
  end if;
  v_turn := (v_data->'turns'->>new.team)::integer;
  if exists (select 1 from {s}.league_draft_pick p where p.league_id = new.league_id
             and p.year = new.year and p.team = new.team and p.turn = v_turn) then
    raise exception '% has named its pick for this turn already', new.team
      using errcode = '23514';
  end if;
  if new.turn is distinct from v_turn then
    raise exception 'not %''s turn: the draft waits for its pick %', new.team, v_turn + 1
      using errcode = '23514';
  end if;
  if new.prospect is not null then
    if not exists (select 1 from jsonb_array_elements(v_data->'class') c
                   where c->>'key' = new.prospect) then
      raise exception '%: no such player in the class of %', new.prospect, new.year
        using errcode = '23514';
    end if;
    if coalesce(v_data->'taken', '[]'::jsonb) ? new.prospect then
      raise exception '%: taken already', new.prospect using errcode = '23514';
    end if;
  end if;
  new.made_by := session_user;
  return new;
end $$;
"""


def _live_guard(s: str, path: str, comm: str) -> str:
    """The trigger that keeps a keyboard game (game_live) what it was when it started, against
    everyone but the commissioner and the owner: a game starts playing, with an empty log and a
    seed the database chooses, as a game of the open season's schedule between its two teams
    (or an exhibition of no season); from then on its number, teams, line-ups, fatigue and seed
    are fixed, a side played by a person is handed over only by that person (to the computer),
    its log changes only while it is played, and a finished game is the commissioner's to record
    or void."""
    return f"""
create or replace function {s}.impact_live_guard() returns trigger
language plpgsql {path} as $$
declare
  v_owner oid; v_open integer; v_slot record; v_people jsonb;
begin
  select c.relowner into v_owner from pg_catalog.pg_class c where c.oid = tg_relid;
  if pg_catalog.pg_has_role(current_user, {_lit(comm)}, 'member')
     or pg_catalog.pg_has_role(current_user, v_owner, 'member') then
    if tg_op = 'DELETE' then return old; end if;
    return new;
  end if;
  if tg_op <> 'INSERT' and current_user is distinct from old.away_by
     and current_user is distinct from old.home_by then
    raise exception 'keyboard game % is played by %: only he or the commissioner may change it',
      old.id, coalesce(old.away_by, old.home_by, 'the computer') using errcode = '42501';
  end if;
  if tg_op = 'DELETE' then
    if old.status <> 'playing' then
      raise exception 'keyboard game % is %: only the commissioner may remove it', old.id,
        old.status using errcode = '42501';
    end if;
    return old;
  end if;
  if tg_op = 'UPDATE' and old.status <> 'playing' then
    raise exception 'keyboard game % is %: only the commissioner may change it', old.id,
      old.status using errcode = '42501';
  end if;
  if new.status not in ('playing', 'finished') or (tg_op = 'INSERT' and new.status <> 'playing')
  then
    raise exception 'only the commissioner may mark a keyboard game %', new.status
      using errcode = '42501';
  end if;
  v_people := new.people::jsonb;
  if (new.away_by is not null) <> (v_people @> '[0]'::jsonb)
     or (new.home_by is not null) <> (v_people @> '[1]'::jsonb) then
    raise exception 'keyboard game: the sides a person plays (people %) are the sides with a player (away %, home %)',
      new.people, new.away_by, new.home_by using errcode = '23514';
  end if;
  if tg_op = 'INSERT' then
    if coalesce(jsonb_array_length(new.log::jsonb -> 'rolls'), 0) > 0
       or coalesce(jsonb_array_length(new.log::jsonb -> 'decisions'), 0) > 0 then
      raise exception 'a keyboard game starts with an empty log' using errcode = '23514';
    end if;
    if new.number is not null then
      select g.id into v_open from {s}.season_season g where g.league_id = new.league_id
       and g.phase <> 'closed' order by g.number desc limit 1;
      if new.season_id is distinct from v_open then
        raise exception 'game % is a game of the open season of its league', new.number
          using errcode = '23514';
      end if;
      select g.away, g.home, g.status into v_slot from {s}.season_schedule g
       where g.season_id = new.season_id and g.number = new.number;
      if not found then
        raise exception 'no game % in the schedule', new.number using errcode = '23514';
      end if;
      if v_slot.away <> new.away or v_slot.home <> new.home then
        raise exception 'game % is % @ %, not % @ %', new.number, v_slot.away, v_slot.home,
          new.away, new.home using errcode = '23514';
      end if;
      if v_slot.status = 'final' then
        raise exception 'game % has been played already', new.number using errcode = '23514';
      end if;
      if exists (select 1 from {s}.game_live l where l.season_id = new.season_id
                 and l.number = new.number and l.status in ('playing', 'finished')) then
        raise exception 'game % is already being played at the keyboard', new.number
          using errcode = '23514';
      end if;
    elsif new.season_id is not null then
      raise exception 'an exhibition (no game number) belongs to no season' using errcode = '23514';
    end if;
    -- the computer's dice are the database's: a seed a manager chose could be one he likes
    new.seed := ('x' || substr(md5(gen_random_uuid()::text), 1, 7))::bit(28)::integer + 1;
    return new;
  end if;
  if (new.league_id, new.season_id, new.number, new.away, new.home, new.lineups, new.fatigue,
      new.seed) is distinct from (old.league_id, old.season_id, old.number, old.away, old.home,
      old.lineups, old.fatigue, old.seed) then
    raise exception 'keyboard game %: its number, teams, line-ups, fatigue and seed are fixed when it starts',
      old.id using errcode = '42501';
  end if;
  if new.away_by is distinct from old.away_by
     and not (old.away_by = current_user and new.away_by is null) then
    raise exception 'keyboard game %: only % or the commissioner may hand the away side over',
      old.id, coalesce(old.away_by, 'the commissioner') using errcode = '42501';
  end if;
  if new.home_by is distinct from old.home_by
     and not (old.home_by = current_user and new.home_by is null) then
    raise exception 'keyboard game %: only % or the commissioner may hand the home side over',
      old.id, coalesce(old.home_by, 'the commissioner') using errcode = '42501';
  end if;
  return new;
end $$;
"""


def _policies(schema: str) -> dict[str, tuple[str, str]]:
    """Each manager table's policy (USING, WITH CHECK), its functions named with their schema."""
    f = f"{_q(schema)}."
    manages = f"{f}impact_manages"
    return {
        "league_roster_pref": (
            f"{manages}({f}impact_season_league(season_id), team)",
            f"{manages}({f}impact_season_league(season_id), team)",
        ),
        "game_live": (
            f"status <> 'voided' and ({manages}(league_id, away) or {manages}(league_id, home))",
            "status <> 'voided'"
            f" and (away_by is null or (away_by = current_user and {manages}(league_id, away)))"
            f" and (home_by is null or (home_by = current_user and {manages}(league_id, home)))"
            f" and ({manages}(league_id, away) or {manages}(league_id, home))",
        ),
    }


# The functions a role calls itself (policies run with the querying role's privileges): every
# other function of the schema is executed by triggers only, and nobody else may call it.
_CALLED_BY = {"impact_manages(integer, text)": "both",
              "impact_clock_id(bigint)": "both",       # the sealed tables' ids' default
              "impact_draft_public(integer, integer, text)": "both",
              "impact_foreign_public(integer, integer, text)": "both",
              "impact_season_league(integer)": "both",
              "impact_roster_move(integer, text, text)": "manager",
              "impact_roster_move(integer, integer, text, text, date, integer)": "manager"}
# the SQLSTATEs of the league's own refusals (storage.roster_sql, the triggers): a rule or a
# check, a team or a game not the caller's, a name that is no one's
_OWN_REFUSALS = ("23514", "42501", "22023")
# The sequences a manager's inserts draw from, those of his two tables (the rest are the
# commissioner's, or the owner's functions', to advance; a manager reads none of them).
_MANAGER_SEQUENCES = MANAGER_TABLES


def share(engine: Engine, commissioner: str | None = None) -> dict[str, Any]:
    """Set the database up for sharing (again: it is idempotent, and re-applies grants, policies
    and triggers to tables that migrations added since). Run by the database owner."""
    _require_pg(engine)
    if commissioner is not None:
        role_name(commissioner)
    with engine.begin() as conn:
        _check_owner(conn)
        comm, mgr = _groups(conn)
        for g in (comm, mgr):
            _ensure_role(conn, g, login=False)
        conn.execute(text(f"""
            create table if not exists {AUDIT_TABLE} (
              id bigserial primary key,
              at timestamptz not null default now(),
              who text not null,
              tbl text not null,
              op text not null,
              teams text[] not null default '{{}}',
              before jsonb,
              after jsonb)"""))
        conn.execute(text(f"create index if not exists ix_{AUDIT_TABLE}_at on {AUDIT_TABLE}(at)"))
        conn.execute(text(f"""
            create table if not exists {MANAGER_TABLE} (
              role text not null,
              league_id integer not null references league_league(id) on delete cascade,
              team text not null,
              primary key (role, league_id, team))"""))
        _made_table(conn)
        conn.execute(text(_functions(_schema(conn), comm)))
        _apply(conn, comm, mgr)
        notes = _harden(conn, comm, mgr)
        created = False
        if commissioner is not None:
            created = _ensure_role(conn, commissioner, login=True)
            conn.execute(text(f"grant {_q(comm)} to {_q(commissioner)}"))
    return {"commissioner_group": comm, "manager_group": mgr,
            "commissioner": commissioner, "created": created, "notes": notes}


def _made_table(conn: Connection) -> None:
    conn.execute(text(f"""
        create table if not exists {MADE_TABLE} (
          role text primary key,
          made_at timestamptz not null default now())"""))


def _schema(conn: Connection) -> str:
    schema = conn.execute(text("select current_schema()")).scalar()
    if not schema:
        raise SharingError("the connection has no schema to share (its search_path is empty)")
    return str(schema)


def _apply(conn: Connection, comm: str, mgr: str) -> None:
    db = conn.execute(text("select current_database()")).scalar_one()
    schema = _schema(conn)
    s = _q(schema)
    both = f"{_q(comm)}, {_q(mgr)}"
    conn.execute(text(f"grant connect on database {_q(db)} to {both}"))
    conn.execute(text(f"grant usage on schema {s} to {both}"))
    conn.execute(text(f"grant select on all tables in schema {s} to {both}"))
    conn.execute(text(f"grant insert, update, delete on all tables in schema {s} to {_q(comm)}"))
    made = f", {s}.{MADE_TABLE}" if MADE_TABLE in _tables(conn) else ""
    conn.execute(text(f"revoke insert, update, delete, truncate on {s}.{AUDIT_TABLE}, "
                      f"{s}.{MANAGER_TABLE}{made}, {s}.league_alembic_version from {both}"))
    conn.execute(text(f"revoke all on {s}.{AUDIT_TABLE} from public"))
    conn.execute(text(f"grant select on {s}.{AUDIT_TABLE} to {_q(comm)}"))
    _columns_only(conn, s, AUDIT_TABLE, mgr)
    _sealed_audit(conn, s, comm)
    tables = _tables(conn)
    # sequences: the commissioner reads them all and draws from those of the tables he writes;
    # a manager reads none (a sequence counts every row, sealed ones too: `last_value`, or the
    # jump between two `nextval`) and draws only from those of his two tables, whose rows
    # everyone reads. The sealed tables' rows are numbered by the database (_sealed_ids).
    conn.execute(text(f"revoke all on all sequences in schema {s} from public, {both}"))
    conn.execute(text(f"grant select on all sequences in schema {s} to {_q(comm)}"))
    for seq, table in _sequences(conn, schema):
        if table in (AUDIT_TABLE, MANAGER_TABLE, MADE_TABLE, "league_alembic_version"):
            continue
        conn.execute(text(f"grant usage on sequence {s}.{_q(seq)} to {_q(comm)}"))
        if table in _MANAGER_SEQUENCES:
            conn.execute(text(f"grant usage on sequence {s}.{_q(seq)} to {_q(mgr)}"))
    # functions: only those a role calls itself may be called (the rest are triggers')
    conn.execute(text(f"revoke all on all functions in schema {s} from public, {both}"))
    for signature, who in _CALLED_BY.items():
        exists = conn.execute(text("select to_regprocedure(:f)"),
                              {"f": f"{s}.{signature}"}).scalar()
        if exists is not None:
            conn.execute(text(f"grant execute on function {s}.{signature} to "
                              f"{both if who == 'both' else _q(mgr)}"))
    policies = _policies(schema)
    for table in MANAGER_TABLES:
        if table not in tables:
            continue
        conn.execute(text(f"grant insert, update, delete on {s}.{table} to {_q(mgr)}"))
        using, check = policies[table]
        conn.execute(text(f"alter table {s}.{table} enable row level security"))
        for name, sql in (
            ("impact_read", f"create policy impact_read on {s}.{table} for select using (true)"),
            ("impact_commissioner", f"create policy impact_commissioner on {s}.{table} for all "
                                    f"to {_q(comm)} using (true) with check (true)"),
            ("impact_manager", f"create policy impact_manager on {s}.{table} for all to "
                               f"{_q(mgr)} using ({using}) with check ({check})"),
        ):
            conn.execute(text(f"drop policy if exists {name} on {s}.{table}"))
            conn.execute(text(sql))
    for table in tables:
        if table in UNAUDITED:
            continue
        conn.execute(text(f"drop trigger if exists impact_audit on {s}.{_q(table)}"))
        conn.execute(text(f"create trigger impact_audit after insert or update or delete on "
                          f"{s}.{_q(table)} for each row execute function {s}.impact_audit()"))
    # a manager adds his own club's picks and trade offers (row-level security), each row
    # checked by its table's trigger
    for table, trigger in ((DRAFT_TABLE, "impact_draft_check"), (TRADE_TABLE, "impact_trade_check"),
                           (FA_TABLE, "impact_fa_check"),
                           (FOREIGN_TABLE, "impact_foreign_check")):
        if table in tables:
            _own_club_rows(conn, s, table, trigger, mgr, comm)
    if "league_roster_pref" in tables:
        conn.execute(text(f"drop trigger if exists impact_pref_check on {s}.league_roster_pref"))
        conn.execute(text(f"create trigger impact_pref_check before insert or update on "
                          f"{s}.league_roster_pref for each row execute function "
                          f"{s}.impact_pref_check()"))
    if "game_live" in tables:
        conn.execute(text(f"drop trigger if exists impact_live_guard on {s}.game_live"))
        conn.execute(text(f"create trigger impact_live_guard before insert or update or delete "
                          f"on {s}.game_live for each row execute function "
                          f"{s}.impact_live_guard()"))
    # Even a role granted more by mistake cannot rewrite history: the log refuses changes.
    conn.execute(text(f"drop trigger if exists impact_audit_guard on {s}.{AUDIT_TABLE}"))
    conn.execute(text(f"create trigger impact_audit_guard before update or delete on "
                      f"{s}.{AUDIT_TABLE} for each row execute function {s}.impact_audit_guard()"))


def _sealed(s: str, table: str, row: str | None = None) -> str | None:
    """Who besides the commissioner reads a row of a sealed table, as an SQL condition (None:
    the table is not sealed): of `league_fa_offer` the manager of the row's club, of
    `league_trade_offer` the managers of its two clubs, and everyone once it is accepted (the
    trade done, in the news), of `league_draft_pick` the manager of its club, and everyone once
    the draft has made the pick (impact_draft_public: its man taken), of
    `league_foreign_choice` the manager of its club, and everyone once the foreign step no
    longer waits for that club (impact_foreign_public). `row` is a jsonb
    expression of the row (an audit-log entry's), else the table's own columns; the values are
    the row's as stored, checked by the table's trigger, and the functions compare them with
    the connected role's own clubs and with what the commissioner's program stored."""
    def col(name: str) -> str:
        return name if row is None else f"({row}->>{_lit(name)})"
    lid = "league_id" if row is None else f"({row}->>'league_id')::integer"
    year = "year" if row is None else f"({row}->>'year')::integer"
    if table == FA_TABLE:
        return f"{s}.impact_manages({lid}, {col('team')})"
    if table == TRADE_TABLE:
        return (f"{col('state')} = 'accepted' or {s}.impact_manages({lid}, {col('team')})"
                f" or {s}.impact_manages({lid}, {col('other')})")
    if table == DRAFT_TABLE:
        return (f"{s}.impact_draft_public({lid}, {year}, {col('prospect')})"
                f" or {s}.impact_manages({lid}, {col('team')})")
    if table == FOREIGN_TABLE:
        return (f"{s}.impact_foreign_public({lid}, {year}, {col('team')})"
                f" or {s}.impact_manages({lid}, {col('team')})")
    return None


def _sealed_audit(conn: Connection, s: str, comm: str) -> None:
    """The audit log under row-level security: everyone connected reads it, but a row of a
    sealed table (another club's free-agency offer, a trade offer between two other clubs not
    done, another club's draft pick not made yet, another club's foreign choices while the step
    waits for it) only whom `_sealed` names and the
    commissioner. The log is written by
    impact_audit(), the owner's function, whom the policies do not bind."""
    row = "coalesce(after, before)"
    cases = " ".join(f"when {_lit(t)} then {_sealed(s, t, row)}" for t in SEALED_TABLES)
    conn.execute(text(f"alter table {s}.{AUDIT_TABLE} enable row level security"))
    for name, sql in (
        ("impact_read", f"create policy impact_read on {s}.{AUDIT_TABLE} for select using "
                        f"(case tbl {cases} else true end)"),
        ("impact_commissioner", f"create policy impact_commissioner on {s}.{AUDIT_TABLE} "
                                f"for select to {_q(comm)} using (true)"),
    ):
        conn.execute(text(f"drop policy if exists {name} on {s}.{AUDIT_TABLE}"))
        conn.execute(text(sql))


def _sequences(conn: Connection, schema: str) -> list[tuple[str, str]]:
    """(sequence, the table it belongs to) of the schema's serial and identity columns."""
    return [(r[0], r[1]) for r in conn.execute(text(
        "select c.relname, t.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace "
        "join pg_depend d on d.objid = c.oid and d.classid = 'pg_class'::regclass "
        "and d.deptype in ('a', 'i') join pg_class t on t.oid = d.refobjid "
        "where c.relkind = 'S' and n.nspname = :s order by 1"), {"s": schema})]


def _harden(conn: Connection, comm: str, mgr: str) -> list[str]:
    """What PostgreSQL gives every role by default and a shared league takes away: TEMPORARY
    on the database (a temporary table named like a league table) and, before PostgreSQL 15,
    CREATE on the schema `public`. Done where the connected role may; otherwise the returned
    notes say what is left and who may take it away (the functions never look in pg_temp, so
    the league holds either way)."""
    notes: list[str] = []
    db = conn.execute(text("select current_database()")).scalar_one()
    schema = _schema(conn)
    both = f"{_q(comm)}, {_q(mgr)}"
    managers = [r[0] for r in conn.execute(text(
        f"select distinct role from {_q(schema)}.{MANAGER_TABLE}"))] if conn.execute(text(
            "select to_regclass(:t)"), {"t": f"{_q(schema)}.{MANAGER_TABLE}"}).scalar() else []
    owns_db = conn.execute(text(
        "select d.datdba = r.oid or r.rolsuper from pg_database d, pg_roles r "
        "where d.datname = current_database() and r.rolname = current_user")).scalar()
    if owns_db:
        conn.execute(text(f"revoke temporary, create on database {_q(db)} from public, {both}"))
        for role in managers:
            if conn.execute(text("select 1 from pg_roles where rolname = :r"), {"r": role}).first():
                conn.execute(text(f"revoke temporary, create on database {_q(db)} from {_q(role)}"))
    else:
        owner = conn.execute(text("select pg_get_userbyid(datdba) from pg_database "
                                  "where datname = current_database()")).scalar_one()
        notes.append(f"the database {db} belongs to {owner}, not to you: every role may still "
                     f"make temporary tables there (the league's functions never look in them); "
                     f"{owner} may take that away: REVOKE TEMPORARY ON DATABASE {_q(db)} FROM "
                     "PUBLIC")
    # before PostgreSQL 15 PUBLIC may create objects in the schema public (from 15 on it may not)
    conn.execute(text(f"revoke create on schema {_q(schema)} from public, {both}"))
    if conn.execute(text("select has_schema_privilege('public', :s, 'CREATE')"),
                    {"s": schema}).scalar():
        owner = conn.execute(text("select pg_get_userbyid(nspowner) from pg_namespace "
                                  "where nspname = :s"), {"s": schema}).scalar_one()
        notes.append(f"every role may still create objects in the schema {schema} (PostgreSQL "
                     f"before 15 allows it); its owner {owner} may take that away: REVOKE "
                     f"CREATE ON SCHEMA {_q(schema)} FROM PUBLIC")
    return notes


def reapply(engine: Engine) -> None:
    """After a migration added tables: grants, policies and triggers for them (owner only)."""
    if not is_postgres(engine):
        return
    with engine.begin() as conn:
        if not is_shared(conn) or not _is_owner(conn):
            return
        _made_table(conn)          # a league shared by an older version has none yet
        conn.execute(text(_functions(_schema(conn), _groups(conn)[0])))
        _apply(conn, *_groups(conn))
        _harden(conn, *_groups(conn))


def _is_owner(conn: Connection) -> bool:
    """Whether the connected role is the league's owner: the owner of its tables (made by the
    migrations he ran), else of the database before there are any; or a superuser."""
    return bool(conn.execute(text(
        "select r.rolsuper or coalesce(t.relowner, d.datdba) = r.oid "
        "from pg_roles r, pg_database d left join pg_class t "
        "on t.oid = to_regclass('league_league') "
        "where r.rolname = current_user and d.datname = current_database()")).scalar())


def _check_owner(conn: Connection) -> None:
    if not _is_owner(conn):
        who = conn.execute(text("select current_user")).scalar_one()
        raise SharingError(f"only the database owner (the owner of the league's tables) may set "
                           f"up sharing and managers (connected as {who})")


def _league_id(conn: Connection, league: str | None) -> tuple[int, str]:
    rows = conn.execute(text("select id, name from league_league order by id")).all()
    if not rows:
        raise SharingError("no league in this database")
    if league is None:
        return rows[0][0], rows[0][1]
    for lid, name in rows:
        if name == league:
            return lid, name
    raise SharingError(f"no league {league!r} (leagues: {', '.join(r[1] for r in rows)})")


def add_manager(engine: Engine, name: str, team: str, *, league: str | None = None,
                password: str | None = None) -> dict[str, Any]:
    """A login role for a manager of `team` (made if new; a password is kept by PostgreSQL,
    hashed, never by this program)."""
    _require_pg(engine)
    role_name(name)
    with engine.begin() as conn:
        _check_owner(conn)
        if not is_shared(conn):
            raise SharingError("this league is not shared yet: run `impact league share` first")
        lid, lname = _league_id(conn, league)
        codes = [r[0] for r in conn.execute(
            text("select code from league_team where league_id = :l order by seq"), {"l": lid})]
        if team not in codes:
            raise SharingError(f"no team {team!r} in league {lname} (teams: {', '.join(codes)})")
        taken = conn.execute(text(f"select role from {MANAGER_TABLE} where league_id = :l and "
                                  "team = :t and role <> :r"), {"l": lid, "t": team, "r": name}).first()
        if taken:
            raise SharingError(f"{team} is already managed by {taken[0]} "
                               f"(remove that manager first)")
        comm, mgr = _groups(conn)
        _own_role(conn, name, comm, mgr)
        member_of_comm = conn.execute(text(
            "select pg_has_role(:r, :g, 'member') from pg_roles where rolname = :r"),
            {"r": name, "g": comm}).scalar()
        if member_of_comm:
            raise SharingError(f"{name} is a commissioner; a manager needs a role of his own")
        created = _ensure_role(conn, name, login=True)
        if created:
            conn.execute(text(f"insert into {MADE_TABLE}(role) values (:r) on conflict do nothing"),
                         {"r": name})
        if password:
            conn.execute(text(f"alter role {_q(name)} password {_lit(password)}"))
        conn.execute(text(f"grant {_q(mgr)} to {_q(name)}"))
        conn.execute(text(f"insert into {MANAGER_TABLE}(role, league_id, team) values (:r, :l, :t) "
                          "on conflict do nothing"), {"r": name, "l": lid, "t": team})
    return {"manager": name, "team": team, "league": lname, "created": created}


def _own_role(conn: Connection, name: str, comm: str, mgr: str) -> None:
    """Refuse, as a manager's role, one that is not a person's own: PostgreSQL's built-in roles,
    the league's owner, its group roles, and a role PostgreSQL lets past every guard."""
    if name.startswith("pg_"):
        raise SharingError(f"{name} is one of PostgreSQL's own roles (pg_*): a manager needs a "
                           "login role of his own")
    if name in (comm, mgr):
        raise SharingError(f"{name} is a group role of this league: a manager needs a login role "
                           "of his own")
    owners = set(conn.execute(text(
        "select pg_get_userbyid(d.datdba) from pg_database d where d.datname = "
        "current_database() union select current_user::text union "
        "select pg_get_userbyid(c.relowner) from pg_class c where c.oid = "
        "to_regclass('league_league')")).scalars())
    if name in owners:
        raise SharingError(f"{name} owns the league: a manager needs a login role of his own")
    row = conn.execute(text("select rolsuper or rolbypassrls from pg_roles where rolname = :r"),
                       {"r": name}).first()
    if row is not None and row[0]:
        raise SharingError(f"{name} is a superuser or bypasses row-level security: PostgreSQL "
                           "lets him past every guard, so he cannot be one team's manager")


def remove_manager(engine: Engine, name: str, *, league: str | None = None) -> dict[str, Any]:
    """The manager loses his teams in this league; with no team left anywhere in this database
    he leaves the managers' group, and his login role is dropped when `manager add` made it
    (and nothing else holds it): a role that was there before stays, powerless here."""
    _require_pg(engine)
    role_name(name)
    with engine.begin() as conn:
        _check_owner(conn)
        if not is_shared(conn):
            raise SharingError("this league is not shared")
        _own_role(conn, name, *_groups(conn))
        lid, lname = _league_id(conn, league)
        gone = conn.execute(text(f"delete from {MANAGER_TABLE} where role = :r and league_id = :l "
                                 "returning team"), {"r": name, "l": lid}).all()
        if not gone:
            raise SharingError(f"{name} manages no team of league {lname}")
        left = conn.execute(text(f"select count(*) from {MANAGER_TABLE} where role = :r"),
                            {"r": name}).scalar_one()
        dropped = False
        made = False
        if not left:
            _, mgr = _groups(conn)
            conn.execute(text(f"revoke {_q(mgr)} from {_q(name)}"))
            made = conn.execute(text(f"select 1 from {MADE_TABLE} where role = :r"),
                                {"r": name}).first() is not None
    if made:
        try:
            with engine.begin() as conn:
                conn.execute(text(f"drop role if exists {_q(name)}"))
                conn.execute(text(f"delete from {MADE_TABLE} where role = :r"), {"r": name})
            dropped = True
        except Exception:   # the role owns or is granted things elsewhere: it stays, powerless here
            dropped = False
    return {"manager": name, "league": lname, "teams": [t[0] for t in gone], "role_dropped": dropped}


def managers(engine: Engine, league: str | None = None) -> list[dict[str, str]]:
    if not is_postgres(engine):
        return []
    with engine.connect() as conn:
        if not is_shared(conn):
            return []
        lid, _ = _league_id(conn, league)
        rows = conn.execute(text(f"select role, team from {MANAGER_TABLE} where league_id = :l "
                                 "order by team, role"), {"l": lid}).all()
    return [{"manager": r[0], "team": r[1]} for r in rows]


def access(engine: Engine, league: str | None = None) -> Access:
    """Who the connection is, and what that allows in this league."""
    if not is_postgres(engine):
        from storage.location import read_only
        ro = read_only(engine.url.render_as_string(hide_password=True))
        return Access(role=None, kind="reader" if ro else "single")
    with engine.connect() as conn:
        role = conn.execute(text("select current_user")).scalar_one()
        if not is_shared(conn):
            return Access(role=role, kind="owner" if _is_owner(conn) else "commissioner")
        if _is_owner(conn):
            return Access(role=role, kind="owner", shared=True)
        comm, mgr = _groups(conn)
        if conn.execute(text("select pg_has_role(current_user, :g, 'member')"), {"g": comm}).scalar():
            return Access(role=role, kind="commissioner", shared=True)
        teams: tuple[str, ...] = ()
        try:
            lid, _ = _league_id(conn, league)
            teams = tuple(r[0] for r in conn.execute(text(
                f"select team from {MANAGER_TABLE} where role = current_user and league_id = :l "
                "order by team"), {"l": lid}))
        except SharingError:
            pass
        if conn.execute(text("select pg_has_role(current_user, :g, 'member')"), {"g": mgr}).scalar():
            return Access(role=role, kind="manager", teams=teams, shared=True)
        return Access(role=role, kind="reader", shared=True)


def manager_roster_move(engine: Engine, *, league_id: int, player: str, kind: str) -> None:
    """A manager's call-up or demotion of his own player, through the database's function (a
    manager may not write cards or transactions himself): the database takes the season, the
    day and the rules from the league, changes only the season card's roster cell and records
    the move. A refusal is a SharingError in the rules' own words (storage.roster_sql)."""
    from sqlalchemy.exc import DBAPIError

    try:
        with engine.begin() as conn:
            conn.execute(text("select impact_roster_move(:l, :p, :k)"),
                         {"l": league_id, "p": player, "k": kind})
    except DBAPIError as exc:
        words = refused_by_rule(exc)
        if words is None:
            raise
        raise SharingError(words) from None


def refused_by_rule(exc: Exception) -> str | None:
    """The words of a refusal raised by the league's own functions and checks (a rule, a check
    violation, a team not the caller's), without the driver's context lines; else None."""
    orig = getattr(exc, "orig", exc)
    if getattr(orig, "sqlstate", None) not in _OWN_REFUSALS:
        return None
    diag = getattr(orig, "diag", None)
    primary = getattr(diag, "message_primary", None) if diag is not None else None
    return str(primary or str(orig).splitlines()[0])


def team_manager(engine: Engine, team: str, league: str | None = None) -> str | None:
    """The role that manages `team`, if any."""
    for row in managers(engine, league):
        if row["team"] == team:
            return row["manager"]
    return None


def audit_log(engine: Engine, *, team: str | None = None, kind: str | None = None,
              who: str | None = None, limit: int = 200) -> list[AuditEntry]:
    """The newest entries of the audit log first, filtered by team, kind of thing and person."""
    if not is_postgres(engine):
        raise SharingError("the audit log belongs to shared PostgreSQL leagues")
    if kind is not None and kind not in set(KINDS.values()) | {"other"}:
        raise SharingError(f"unknown kind {kind!r} (kinds: "
                           f"{', '.join(sorted(set(KINDS.values()) | {'other'}))})")
    if not 1 <= limit <= 100_000:
        raise SharingError(f"--limit {limit}: give 1..100000")
    with engine.connect() as conn:
        if not is_shared(conn):
            raise SharingError("this league is not shared: there is no audit log "
                               "(`impact league share` starts one)")
        where: list[str] = []
        params: dict[str, object] = {"limit": limit}
        if team is not None:
            where.append(":team = any(teams)")
            params["team"] = team
        if who is not None:
            where.append("who = :who")
            params["who"] = who
        if kind is not None:
            tables = [t for t, k in KINDS.items() if k == kind]
            if kind == "other":
                where.append("not (tbl = any(:tables))")
                tables = list(KINDS)
            else:
                where.append("tbl = any(:tables)")
            params["tables"] = tables
        sql = (f"select id, at, who, tbl, op, teams, before, after from {AUDIT_TABLE} "
               f"{'where ' + ' and '.join(where) if where else ''} order by id desc limit :limit")
        rows = conn.execute(text(sql), params).all()
    return [_entry(r) for r in rows]


def _entry(r: Any) -> AuditEntry:
    before, after = r[6], r[7]
    changed: Iterable[str] = ()
    if before is not None and after is not None:
        changed = [k for k in after if before.get(k) != after.get(k)]
    return AuditEntry(id=r[0], at=r[1], who=r[2], table=r[3], kind=KINDS.get(r[3], "other"),
                      op=r[4], teams=tuple(r[5] or ()), before=before, after=after,
                      changed=tuple(changed))


_DENIED_TABLE = re.compile(r'(?:permission denied for (?:table|relation|sequence)|row-level security '
                           r'policy for table) "?([a-z_0-9]+)"?')


def refusal(message: str) -> str | None:
    """A PostgreSQL refusal ("permission denied for table league_card") as what the person may
    not do ("only the commissioner may edit cards"); None when it is not a refusal."""
    if "append-only" in message:
        return "the audit log is append-only: nobody may change it"
    m = _DENIED_TABLE.search(message)
    if not m:
        return None
    table = m.group(1)
    if table == AUDIT_TABLE:
        return "the audit log is written by the database only: nobody may change it"
    kind = KINDS.get(table, "other")
    if kind == "managers":
        return "only the database owner may add or remove managers"
    if kind == "lineups":
        return "a manager may change only his own team's line-up, rotation, bullpen and reserves"
    if kind == "keyboard":
        return "a manager may play only his own team's side"
    what = _REFUSALS.get(kind, f"change {table}")
    return f"only the commissioner may {what}"


def _columns_only(conn: Any, s: str, table: str, mgr: str) -> None:
    """A manager reads `table`'s columns, not its system columns: `ctid` (a row's slot in its
    page) and `xmin` would number the rows he reads, and show where a row sealed from him lies
    (slots 1 and 3 his, 2 another's)."""
    cols = [r[0] for r in conn.execute(text(
        "select attname from pg_attribute where attrelid = cast(:t as regclass) and attnum > 0 "
        "and not attisdropped order by attnum"), {"t": f"{s}.{table}"})]
    conn.execute(text(f"revoke select on {s}.{table} from {_q(mgr)}"))
    conn.execute(text(f"grant select ({', '.join(_q(c) for c in cols)}) on {s}.{table} "
                      f"to {_q(mgr)}"))


def _sealed_ids(conn: Any, s: str, table: str) -> None:
    """A sealed table's ids are the database's, whatever the caller wrote: the time the row is
    written (impact_clock_id), not a sequence's next number, which would count the rows sealed
    from a manager between two of his own (his offers 1 and 3: a rival's is 2) and made him
    draw from the sequence. The order of the ids stays the order rows were written (the
    program reads trade offers oldest first). Anyone may call impact_clock_id: it tells the
    time."""
    # the default, for an insert with the triggers off (the owner's, by hand): the clock too
    conn.execute(text(f"alter table {s}.{table} alter column id set default "
                      f"{s}.impact_clock_id(null)"))
    conn.execute(text(f"drop trigger if exists impact_id on {s}.{table}"))
    conn.execute(text(f"create trigger impact_id before insert on {s}.{table} "
                      f"for each row execute function {s}.impact_sealed_id()"))


def _own_club_rows(conn: Any, s: str, table: str, trigger: str, mgr: str, comm: str) -> None:
    """A table whose rows a manager adds only for his own club: insert granted, row-level
    security (everyone reads — a sealed table's rows only whom `_sealed` names, and never a
    row's place —, the commissioner does all, a manager inserts where he manages the row's
    team), ids chosen by the database (`_sealed_ids`), and the trigger `trigger` checks each
    row before it is stored."""
    conn.execute(text(f"grant insert on {s}.{table} to {_q(mgr)}"))
    _columns_only(conn, s, table, mgr)
    _sealed_ids(conn, s, table)
    conn.execute(text(f"alter table {s}.{table} enable row level security"))
    manages = f"{s}.impact_manages(league_id, team)"
    for name, sql in (
        ("impact_read", f"create policy impact_read on {s}.{table} for select "
                        f"using ({_sealed(s, table) or 'true'})"),
        ("impact_commissioner", f"create policy impact_commissioner on {s}.{table} "
                                f"for all to {_q(comm)} using (true) with check (true)"),
        ("impact_manager", f"create policy impact_manager on {s}.{table} for insert "
                           f"to {_q(mgr)} with check ({manages})"),
    ):
        conn.execute(text(f"drop policy if exists {name} on {s}.{table}"))
        conn.execute(text(sql))
    conn.execute(text(f"drop trigger if exists {trigger} on {s}.{table}"))
    conn.execute(text(f"create trigger {trigger} before insert on {s}.{table} "
                      f"for each row execute function {s}.{trigger}()"))
