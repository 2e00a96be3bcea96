"""The rules of a roster move, as the shared league's database keeps them (issue 28).

A manager of a shared PostgreSQL league may not write cards or transactions; his call-ups and
demotions go through the function `impact_roster_move(league, player, kind)`, which runs as the
league's owner. It takes nothing else from its caller: the season is the league's open one, the
day is that season's own roster day, the ten-day rule's length and the active roster's size are
the league's stored settings (and the foreign limit, 外国人枠, its `foreign_active` and
`foreign_side`), only the season's cards change (never the league's own), and a
demotion that would leave the active roster unable to field a legal line-up is refused.

One home for these rules: every constant and every refusal below is generated from
league.season.farm (and the card format of league.engine.cards and league.numbers), so the database refuses
in the services' words (the foreign limit's from league.season.foreign_limit); tests/storage/test_roster_rules.py runs one table of cases against both.
"""
from __future__ import annotations

import re
from typing import Final

from league.engine.cards import FIELDING_ENTRY, FIELDING_SEPARATORS
from league.numbers import ASCII_DIGITS, FULL_WIDTH, MAX_DIGITS
from league.season import farm, foreign_limit, prefs
from league.season.roster import MIN_STARTERS

# refusals: a rule of the league (23514, a check violation) or a team not the caller's (42501)
RULE: Final = "23514"
DENIED: Final = "42501"
UNKNOWN: Final = "22023"


def _lit(value: str) -> str:
    return "'" + value.replace("'", "''") + "'"


def message(template: str, **exprs: str) -> str:
    """A refusal of league.season.farm as a SQL format() call: each {name} of the template becomes the
    SQL expression given for it."""
    args: list[str] = []

    def hole(m: re.Match[str]) -> str:
        args.append(exprs[m.group(1)])
        return "%s"

    body = re.sub(r"\{(\w+)\}", hole, template.replace("%", "%%"))
    return f"format({_lit(body)}{''.join(', ' + a for a in args)})"


def _raise(template: str, code: str, **exprs: str) -> str:
    return f"raise exception using message = {message(template, **exprs)}, errcode = '{code}';"


def _player(name: str, pid: str) -> str:
    return message(farm.PLAYER, name=name, id=pid)


def _yes(card: str) -> str:
    """SQL: whether a card's cells say foreign = yes (league.season.foreign_limit.parse_foreign)."""
    return "(" + " or ".join(
        f"coalesce(lower(regexp_replace({card}.{col}::jsonb ->> 'foreign', '^\\s+|\\s+$', '', "
        f"'g')) = 'yes', false)" for col in ("batting", "pitching")) + ")"


def _array(values: tuple[str, ...]) -> str:
    return "array[" + ", ".join(_lit(v) for v in values) + "]::text[]"


def functions(schema: str) -> str:
    """The SQL of the roster rules' functions in `schema` (a quoted identifier), each with a
    fixed search_path, pg_temp last."""
    s = schema
    path = f"set search_path = {s}, pg_temp"
    day = "to_char({}, 'YYYY-MM-DD')"
    return f"""
-- a whole number as league.numbers reads one (full-width digits too), else null
create or replace function {s}.impact_whole(t text) returns bigint
language sql immutable {path} as $$
  select case when x ~ '^[0-9]{{1,{MAX_DIGITS}}}$' then x::bigint end
  from (select regexp_replace(translate(coalesce(t, ''), {_lit(FULL_WIDTH)}, {_lit(ASCII_DIGITS)}),
                              '^\\s+|\\s+$', '', 'g') as x) y
$$;

-- the positions of a card's cells (batting `positions`, pitching `fielding`) as league.engine.cards
-- reads them
create or replace function {s}.impact_positions(cells text, col text) returns text[]
language sql immutable {path} as $$
  select coalesce(array_agg(m[1]), '{{}}'::text[]) from (
    select regexp_match(upper(translate(tok, {_lit(FULL_WIDTH)}, {_lit(ASCII_DIGITS)})),
                        {_lit(FIELDING_ENTRY.pattern)}) as m
    from regexp_split_to_table(coalesce(cells::jsonb ->> col, ''), {_lit(FIELDING_SEPARATORS)}) tok
    where tok <> '') x
  where m is not null
$$;

-- a team's players in a season's cards: on the farm or not, where they can play, whether they
-- are position players and starters (league.season.farm.roster_problem's terms)
create or replace function {s}.impact_team(p_season integer, p_team text)
returns table (pid text, name text, farm boolean, positions text[], hitter boolean,
               starter boolean)
language sql stable {path} as $$
  select p.pid,
         regexp_replace(coalesce(c.pitching::jsonb ->> 'name', c.batting::jsonb ->> 'name', p.pid),
                        '^\\s+|\\s+$', '', 'g'),
         lower(regexp_replace(coalesce(c.pitching::jsonb ->> 'roster', c.batting::jsonb ->> 'roster',
                                       ''), '^\\s+|\\s+$', '', 'g')) = 'farm',
         {s}.impact_positions(c.batting, 'positions') || {s}.impact_positions(c.pitching, 'fielding'),
         c.batting is not null and exists (
           select 1 from unnest({s}.impact_positions(c.batting, 'positions')
                                || {s}.impact_positions(c.pitching, 'fielding')) q where q <> 'P'),
         c.pitching is not null
           and coalesce({s}.impact_whole(c.pitching::jsonb ->> 'starter'), 0) > 0
  from {s}.league_card c join {s}.league_player p on p.id = c.player_id
  where c.season_id = p_season and c.team = p_team
$$;

-- the DH rule a team plays its home games under (League.dh_for)
create or replace function {s}.impact_dh(p_league integer, p_team text) returns boolean
language sql stable {path} as $$
  select coalesce((select (g ->> 'dh')::boolean
                   from jsonb_array_elements(case when jsonb_typeof(l.settings::jsonb -> 'leagues')
                                                       = 'array'
                                                  then l.settings::jsonb -> 'leagues'
                                                  else '[]'::jsonb end) g
                   where g ->> 'code' = t.league limit 1), l.dh)
  from {s}.league_league l join {s}.league_team t on t.league_id = l.id
  where l.id = p_league and t.code = p_team
$$;

-- what the team's active roster (its players off the farm, but for p_without) lacks for a game,
-- in league.season.farm.roster_problem's words; null when nothing
create or replace function {s}.impact_roster_problem(p_league integer, p_season integer,
    p_team text, p_without text[]) returns text
language plpgsql stable {path} as $$
declare
  v_need integer; v_count integer; v_pos text;
begin
  if not exists (select 1 from {s}.impact_team(p_season, p_team) a
                 where not a.farm and not a.pid = any(p_without) and 'C' = any(a.positions)) then
    return {message(farm.NO_CATCHER)};
  end if;
  select count(*) into v_count from {s}.impact_team(p_season, p_team) a
   where not a.farm and not a.pid = any(p_without) and a.starter;
  if v_count < {MIN_STARTERS} then
    return {message(farm.FEW_STARTERS, starters="v_count", need=str(MIN_STARTERS))};
  end if;
  v_need := case when {s}.impact_dh(p_league, p_team) then {farm.DH_HITTERS}
                 else {farm.HITTERS} end;
  select count(*) into v_count from {s}.impact_team(p_season, p_team) a
   where not a.farm and not a.pid = any(p_without) and a.hitter;
  if v_count < v_need then
    return {message(farm.FEW_HITTERS, hitters="v_count", need="v_need")};
  end if;
  foreach v_pos in array {_array(farm.FIELD)} loop
    if not exists (select 1 from {s}.impact_team(p_season, p_team) a
                   where not a.farm and not a.pid = any(p_without) and v_pos = any(a.positions)) then
      return {message(farm.NOBODY_AT, position="v_pos")};
    end if;
  end loop;
  return null;
end $$;

-- A manager's call-up ('up') or demotion ('down') of one of his own players, by the league's
-- rules alone (see this module's docstring). Runs as the owner: the caller is session_user.
create or replace function {s}.impact_roster_move(p_league integer, p_player text, p_kind text)
returns void
language plpgsql security definer {path} as $$
declare
  v_league {s}.league_league%rowtype; v_season {s}.season_season%rowtype;
  v_card integer; v_team text; v_name text; v_farm boolean; v_day date; v_ten integer;
  v_size integer; v_demoted date; v_active integer; v_problem text; v_reserves text[];
  v_value text; v_foreign boolean; v_pitcher boolean; v_limit integer; v_side integer;
  v_count integer;
begin
  if p_kind is null or p_kind not in ('up', 'down') then
    {_raise(farm.UNKNOWN_MOVE, UNKNOWN, kind="coalesce(p_kind, 'null')")}
  end if;
  select * into v_league from {s}.league_league where id = p_league;
  if not found then
    raise exception 'no league %', p_league using errcode = '{UNKNOWN}';
  end if;
  -- only the league's open season: its latest, unless closed (never the league's own cards)
  select * into v_season from {s}.season_season where league_id = p_league
   order by number desc limit 1;
  if not found then
    {_raise(farm.NO_SEASON, RULE)}
  end if;
  if v_season.phase = 'closed' then
    {_raise(farm.SEASON_CLOSED, RULE, number="v_season.number",
           year="coalesce(v_season.year, extract(year from v_season.start)::integer)")}
  end if;
  select a.team, t.name, t.farm into v_team, v_name, v_farm
    from (select c.team from {s}.league_card c join {s}.league_player p on p.id = c.player_id
          where p.league_id = p_league and p.pid = p_player and c.season_id = v_season.id) a
    left join {s}.impact_team(v_season.id, a.team) t on t.pid = p_player;
  if v_team is null or v_team = '' then
    {_raise(farm.NO_PLAYER, UNKNOWN, player="coalesce(p_player, 'null')", league="v_league.name")}
  end if;
  if not exists (select 1 from {s}.league_manager m where m.role = session_user
                  and m.league_id = p_league and m.team = v_team) then
    {_raise(farm.NOT_YOURS, DENIED, player="p_player", team="v_team")}
  end if;
  -- the season's own day, the league's own ten days and active size
  select coalesce(min(g.day) filter (where g.status <> 'final'), max(g.day), v_season.start)
    into v_day from {s}.season_schedule g where g.season_id = v_season.id;
  v_ten := coalesce({s}.impact_whole(v_league.settings::jsonb ->> 'ten_days')::integer,
                    {farm.TEN_DAYS});
  v_size := coalesce({s}.impact_whole(v_league.settings::jsonb ->> 'active_size')::integer,
                     {farm.ACTIVE_SIZE});
  if p_kind = 'up' then
    if not v_farm then
      {_raise(farm.ALREADY_ACTIVE, RULE, player=_player("v_name", "p_player"), team="v_team")}
    end if;
    if exists (select 1 from {s}.league_card c join {s}.league_player p on p.id = c.player_id
               where p.league_id = p_league and p.pid = p_player and c.season_id = v_season.id
                 and '育成' in (coalesce(c.batting::jsonb ->> 'contract', ''),
                               coalesce(c.pitching::jsonb ->> 'contract', ''))) then
      {_raise(farm.IKUSEI, RULE, player=_player("v_name", "p_player"))}
    end if;
    select r.demoted_on into v_demoted from {s}.season_roster r
     where r.season_id = v_season.id and r.player = p_player;
    if v_demoted is not null and v_day < v_demoted + v_ten then
      {_raise(farm.TEN_DAY_RULE, RULE, player=_player("v_name", "p_player"),
              demoted=day.format("v_demoted"), back=day.format("v_demoted + v_ten"))}
    end if;
    select count(*) into v_active from {s}.impact_team(v_season.id, v_team) a where not a.farm;
    if v_active >= v_size then
      {_raise(farm.ACTIVE_FULL, RULE, team="v_team", active="v_active", size="v_size")}
    end if;
    -- the foreign limit (league.offseason.foreign): a foreign player's card says foreign = yes;
    -- one with a pitching card counts as a pitcher
    select {_yes("c")}, c.pitching is not null into v_foreign, v_pitcher
      from {s}.league_card c join {s}.league_player p on p.id = c.player_id
     where c.season_id = v_season.id and p.league_id = p_league and p.pid = p_player;
    if v_foreign then
      v_limit := coalesce({s}.impact_whole(v_league.settings::jsonb ->> 'foreign_active')::integer,
                          {foreign_limit.FOREIGN_ACTIVE});
      v_side := coalesce({s}.impact_whole(v_league.settings::jsonb ->> 'foreign_side')::integer,
                         {foreign_limit.FOREIGN_SIDE});
      select count(*) into v_count from {s}.league_card c
       where c.season_id = v_season.id and c.team = v_team and {_yes("c")}
         and lower(regexp_replace(coalesce(c.pitching::jsonb ->> 'roster',
                                           c.batting::jsonb ->> 'roster', ''),
                                  '^\\s+|\\s+$', '', 'g')) <> 'farm';
      if v_count >= v_limit then
        {_raise(foreign_limit.FOREIGN_FULL, RULE, team="v_team", count="v_count", limit="v_limit",
                player=_player("v_name", "p_player"))}
      end if;
      select count(*) into v_count from {s}.league_card c
       where c.season_id = v_season.id and c.team = v_team and {_yes("c")}
         and (c.pitching is not null) = v_pitcher
         and lower(regexp_replace(coalesce(c.pitching::jsonb ->> 'roster',
                                           c.batting::jsonb ->> 'roster', ''),
                                  '^\\s+|\\s+$', '', 'g')) <> 'farm';
      if v_count >= v_side then
        {_raise(foreign_limit.FOREIGN_SIDE_FULL, RULE, team="v_team", count="v_count",
                side="case when v_pitcher then 'pitchers' else 'batters' end", limit="v_side",
                player=_player("v_name", "p_player"))}
      end if;
    end if;
  else
    if v_farm then
      {_raise(farm.ALREADY_FARM, RULE, player=_player("v_name", "p_player"))}
    end if;
    select coalesce(array_agg(x), '{{}}'::text[]) into v_reserves
      from {s}.league_roster_pref f, jsonb_array_elements_text(
             case when jsonb_typeof(f.data::jsonb) = 'array' then f.data::jsonb
                  else '[]'::jsonb end) x
     where f.season_id = v_season.id and f.team = v_team and f.kind = 'reserves';
    v_problem := {s}.impact_roster_problem(p_league, v_season.id, v_team,
                                           array[p_player] || v_reserves);
    if v_problem is not null then
      {_raise(farm.DEMOTING, RULE, team="v_team", player=_player("v_name", "p_player"),
              problem="v_problem")}
    end if;
  end if;
  v_value := case p_kind when 'up' then '' else 'farm' end;
  update {s}.league_card c set
    batting = case when c.batting is null then null
                   else jsonb_set(c.batting::jsonb, '{{roster}}', to_jsonb(v_value))::text end,
    pitching = case when c.pitching is null then null
                    else jsonb_set(c.pitching::jsonb, '{{roster}}', to_jsonb(v_value))::text end
   where c.season_id = v_season.id and c.player_id = (
     select p.id from {s}.league_player p where p.league_id = p_league and p.pid = p_player);
  if p_kind = 'down' then
    insert into {s}.season_roster(season_id, player, demoted_on, points)
    values (v_season.id, p_player, v_day, 0)
    on conflict (season_id, player) do update set demoted_on = excluded.demoted_on;
  end if;
  insert into {s}.league_transaction(league_id, season_id, day, kind, moves, note, created_at)
  values (p_league, v_season.id, v_day, p_kind,
          jsonb_build_array(jsonb_build_array(p_player, v_team, v_team))::text, '', now());
end $$;

-- The call of older versions, which passed the season, the day and the ten days: the database
-- takes none of them from its caller; it makes the move only when they are its own.
create or replace function {s}.impact_roster_move(p_league integer, p_season integer,
    p_player text, p_kind text, p_day date, p_ten_days integer) returns void
language plpgsql security definer {path} as $$
declare
  v_season integer; v_day date; v_ten integer;
begin
  select s.id into v_season from {s}.season_season s where s.league_id = p_league
   order by s.number desc limit 1;
  select coalesce(min(g.day) filter (where g.status <> 'final'), max(g.day),
                  (select start from {s}.season_season where id = v_season))
    into v_day from {s}.season_schedule g where g.season_id = v_season;
  select coalesce({s}.impact_whole(settings::jsonb ->> 'ten_days')::integer, {farm.TEN_DAYS})
    into v_ten from {s}.league_league where id = p_league;
  if p_season is distinct from v_season or p_day is distinct from v_day
     or p_ten_days is distinct from v_ten then
    raise exception 'a roster move is made on the open season''s own roster day (%) under the league''s ten-day rule (% days): the caller gave season %, %, % days',
      v_day, v_ten, p_season, p_day, p_ten_days using errcode = '{RULE}';
  end if;
  perform {s}.impact_roster_move(p_league, p_player, p_kind);
end $$;
"""



def _shown(expr: str) -> str:
    """league.season.prefs._shown in SQL: the value in quotes, cut after SHOWN characters."""
    q = "''''"
    return (f"({q} || case when length({expr}) <= {prefs.SHOWN} then {expr} "
            f"else left({expr}, {prefs.SHOWN}) || '...' end || {q})")


def prefs_check(schema: str) -> str:
    """The check of a saved list (league_roster_pref) when it is written, as the season checks
    it when it reads it (league.season.prefs, its words): a kind of list, a list, entries of the
    kind's shape, no player twice, every player the team's, and reserves that leave the active
    roster able to field a team. Runs as the owner (it reads the cards and calls the roster
    rules) for every writer."""
    s = schema
    path = f"set search_path = {s}, pg_temp"
    what = "case new.kind " + " ".join(
        f"when {_lit(k)} then {_lit(v)}" for k, v in prefs.LIST_NAMES.items()) + " end"
    return f"""
create or replace function {s}.impact_pref_check() returns trigger
language plpgsql security definer {path} as $$
declare
  v_data jsonb; v_what text; v_most integer; v_n integer := 0; v_e jsonb; v_pid text;
  v_ids text[] := '{{}}'::text[]; v_league integer; v_problem text; v_team text;
begin
  if new.kind is null or not new.kind = any({_array(prefs.PREF_KINDS)}) then
    {_raise(prefs.UNKNOWN_KIND, RULE, kind=_shown("coalesce(new.kind, '')"))}
  end if;
  v_what := {what};
  begin
    v_data := new.data::jsonb;
  exception when others then
    {_raise(prefs.NOT_A_LIST, RULE, what="v_what")}
  end;
  if v_data is null or jsonb_typeof(v_data) <> 'array' then
    {_raise(prefs.NOT_A_LIST, RULE, what="v_what")}
  end if;
  v_most := case when new.kind = 'order' then {prefs.ORDER_LENGTH} else {prefs.MOST_IDS} end;
  if jsonb_array_length(v_data) > v_most then
    {_raise(prefs.TOO_LONG, RULE, what="v_what", count="jsonb_array_length(v_data)",
            most="v_most")}
  end if;
  for v_e in select x from jsonb_array_elements(v_data) x loop
    v_n := v_n + 1;
    if new.kind = 'order' then
      if jsonb_typeof(v_e) <> 'array' or jsonb_array_length(v_e) <> 2
         or jsonb_typeof(v_e -> 0) <> 'string' or jsonb_typeof(v_e -> 1) <> 'string' then
        {_raise(prefs.NOT_A_PAIR, RULE, n="v_n", what="v_what")}
      end if;
      if not (v_e ->> 1) = any({_array(prefs.ORDER_POSITIONS)}) then
        {_raise(prefs.NOT_A_POSITION, RULE, n="v_n", what="v_what",
                position=_shown("(v_e ->> 1)"))}
      end if;
      v_pid := v_e ->> 0;
    else
      if jsonb_typeof(v_e) <> 'string' then
        {_raise(prefs.NOT_AN_ID, RULE, n="v_n", what="v_what")}
      end if;
      v_pid := v_e #>> '{{}}';
    end if;
    if v_pid = any(v_ids) then
      {_raise(prefs.TWICE, RULE, what="v_what", player="v_pid")}
    end if;
    v_ids := v_ids || v_pid;
  end loop;
  select x into v_pid from unnest(v_ids) with ordinality u(x, k)
   where not exists (select 1 from {s}.league_card c join {s}.league_player p
                     on p.id = c.player_id where c.season_id = new.season_id
                     and c.team = new.team and p.pid = x)
   order by k limit 1;
  if v_pid is not null then
    {_raise(prefs.NOT_OURS, RULE, what="v_what", player="v_pid", team="new.team")}
  end if;
  if new.kind = 'reserves' then
    select g.league_id into v_league from {s}.season_season g where g.id = new.season_id;
    v_problem := {s}.impact_roster_problem(v_league, new.season_id, new.team, v_ids);
    if v_problem is not null then
      select coalesce(nullif(t.short, ''), t.name) into v_team from {s}.league_team t
       where t.league_id = v_league and t.code = new.team;
      {_raise(prefs.SHORT_ROSTER, RULE, team="coalesce(v_team, new.team)", problem="v_problem")}
    end if;
  end if;
  return new;
end $$;
"""
