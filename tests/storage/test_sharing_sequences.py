"""What a manager of a shared league reads must not tell him that a row sealed from him was
written (issue 32): a rival's pending trade offer, draft pick, free-agency offer or foreign
choice, and its line in the audit log. Before, three things counted such rows for him: the
sequences (SELECT reads `last_value`, USAGE draws `nextval` and sees the jump), the ids of the
rows he reads (his own offers 1 and 3: a sealed one is 2; the same gaps in the audit log), and
the rows' places in their table (`ctid`: slots 1 and 3). Here B, with nothing but `psql`, is the
attacker, A (the rival) writes the sealed rows; on the real PostgreSQL server."""
from __future__ import annotations

from collections.abc import Iterator
from datetime import datetime, timezone

import psycopg
import pytest
from test_sharing_trades import _market

from tui import services as sv

from pg_league import PG_URL, League, _one, attack, rows, shared_league
from pg_league import services_closed as services_closed  # the fixture, for this module

pytestmark = pytest.mark.skipif(not PG_URL, reason="IMPACT_TEST_PG_URL is not set")

# the tables whose rows a manager reads only in part (storage.sharing.SEALED_TABLES) and the log
SEALED = ("league_trade_offer", "league_draft_pick", "league_fa_offer", "league_foreign_choice")
# the only tables a manager inserts into with a sequence's number: his saved lists, his games
HIS = ("game_live_id_seq", "league_roster_pref_id_seq")


@pytest.fixture(scope="module")
def lg() -> Iterator[League]:
    with shared_league("pacific", a="SAP", b="SEN", games_per_opponent=1) as league:
        yield league


def _sequences(lg: League, role: str, privilege: str) -> list[str]:
    return [r[0] for r in rows(lg, role, (
        "select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace "
        "where c.relkind = 'S' and n.nspname = 'public' and case when c.relkind = 'S' "
        f"then has_sequence_privilege(c.oid, '{privilege}') end order by 1"))]


def test_a_manager_reads_no_sequence_and_draws_only_from_his_own_tables(lg):
    every = _sequences(lg, lg.owner, "SELECT")
    assert "league_audit_id_seq" in every and "league_trade_offer_id_seq" in every
    assert _sequences(lg, lg.b, "SELECT") == []
    assert _sequences(lg, lg.b, "USAGE") == list(HIS)
    assert _sequences(lg, lg.b, "UPDATE") == []
    for seq in ("league_audit_id_seq", "league_trade_offer_id_seq", "league_draft_pick_id_seq"):
        err = attack(lg, lg.b, (f"select last_value, is_called from {seq}",))
        assert "permission denied for sequence" in str(err)
        for call in ("nextval", "currval"):
            err = attack(lg, lg.b, (f"select {call}('{seq}')",))
            assert "permission denied for sequence" in str(err)
    # the commissioner's program runs as before (he reads everything)
    assert _sequences(lg, lg.commissioner, "SELECT") == every


def test_a_manager_reads_no_row_s_place_in_a_sealed_table_or_the_log(lg):
    """`ctid` (a row's slot in its page) and `xmin` would number the rows he reads: slots 1 and
    3 of his own, a sealed row in slot 2."""
    for table in (*SEALED, "league_audit"):
        for column in ("ctid", "xmin"):
            err = attack(lg, lg.b, (f"select {column} from {table}",))
            assert "permission denied" in str(err)
    assert rows(lg, lg.b, "select count(*) from league_trade_offer") == [(0,)]   # the rest: his


def _clock(lg: League) -> datetime:
    return _one(lg, "select clock_timestamp()")  # type: ignore[return-value]


def _written_at(row_id: int) -> datetime:
    """The time an id says (storage.sharing: the microsecond it was written, times 1024, plus
    a random number below 1024)."""
    return datetime.fromtimestamp((row_id >> 10) / 1_000_000, tz=timezone.utc)


def test_the_ids_a_manager_reads_count_no_row_sealed_from_him(lg):
    """B offers TKZ a trade, A (a rival) offers TKZ one, B offers CHB one: before, B read his
    offers as 1 and 3, and in the log his lines with a hole between (A's). Now every id he reads
    is the time it was written, so it is what it would have been without A's offer."""
    mk = _market(lg)
    player = {c: mk.club(c)[2].player for c in ("SAP", "SEN", "TKZ", "CHB")}
    made: list[tuple[datetime, datetime]] = []
    for role, team, other in ((lg.b, "SEN", "TKZ"), (lg.a, "SAP", "TKZ"), (lg.b, "SEN", "CHB")):
        before = _clock(lg)
        sv.trade_offer(lg.url(role), team=team, other=other, give=[player[team]],
                       get=[player[other]])
        made.append((before, _clock(lg)))
    sv.close_all()
    gives = player["SEN"]
    mine = rows(lg, lg.b, "select id, other from league_trade_offer "
                          f"where gives = '{gives}' order by id")
    assert [o for _i, o in mine] == ["TKZ", "CHB"]
    logged = rows(lg, lg.b, "select id, after->>'other' from league_audit where "
                            f"tbl = 'league_trade_offer' and after->>'gives' = '{gives}' order by id")
    assert [o for _i, o in logged] == ["TKZ", "CHB"]
    for (offer, _o), (entry, _e), (before, after) in zip(mine, logged, (made[0], made[2])):
        assert before <= _written_at(offer) <= after, (offer, before, after)
        assert before <= _written_at(entry) <= after, (entry, before, after)
    # A's offer, between them, is numbered the same way (the commissioner reads it)
    theirs = rows(lg, lg.commissioner, "select id from league_trade_offer "
                                       f"where gives = '{player['SAP']}'")
    assert len(theirs) == 1 and made[1][0] <= _written_at(theirs[0][0]) <= made[1][1]


def test_an_id_a_manager_writes_is_not_taken_the_database_chooses_it(lg):
    """An offer written with the id of A's sealed offer: before, `duplicate key … (id)=(…)
    already exists` told B it was there. Now the database numbers every row itself."""
    mk = _market(lg)
    sap, chb = mk.club("SAP")[3].player, mk.club("CHB")[3].player
    sv.trade_offer(lg.url(lg.a), team="SAP", other="CHB", give=[sap], get=[chb])
    sv.close_all()
    sealed = _one(lg, f"select id from league_trade_offer where gives = '{sap}'")
    assert rows(lg, lg.b, f"select id from league_trade_offer where gives = '{sap}'") == []
    sen, tkz = mk.club("SEN")[3].player, mk.club("TKZ")[3].player
    before = _clock(lg)
    with psycopg.connect(lg.conninfo(lg.b)) as conn:
        got = conn.execute(
            "insert into league_trade_offer(id, league_id, team, other, gives, gets, state, "
            "answer, made_by) select %s, id, 'SEN', 'TKZ', %s, %s, 'offered', '', '' "
            "from league_league returning id", (sealed, sen, tkz)).fetchone()
    assert got is not None and got[0] != sealed
    assert before <= _written_at(got[0]) <= _clock(lg)


def test_a_league_shared_at_0024_is_fixed_when_its_owner_opens_it(lg):
    """A shared league stored before 0025_sealed_ids (its managers read every sequence, draw
    from the sealed tables', read every row's place, the sealed tables numbered by their
    sequences): the owner's first open migrates it and closes each."""
    comm, mgr = lg.groups
    with psycopg.connect(lg.conninfo(lg.owner)) as conn:
        for table in SEALED:
            seq = conn.execute(f"select pg_get_serial_sequence('{table}', 'id')").fetchone()[0]
            conn.execute(f"drop trigger if exists impact_id on {table}")
            conn.execute(f"alter table {table} alter column id set default nextval('{seq}')")
            conn.execute(f'grant select on {table} to "{mgr}"')
            conn.execute(f'grant usage on sequence {seq} to "{mgr}"')
            if table != "league_trade_offer":         # (the trade offers' ids are the clock's)
                conn.execute(f"alter table {table} alter column id type integer")
        conn.execute(f'grant select on league_audit to "{mgr}"')
        conn.execute(f'grant select on all sequences in schema public to "{comm}", "{mgr}"')
        conn.execute("update league_alembic_version set version_num = '0024_line_season_fk'")
    assert "league_audit_id_seq" in _sequences(lg, lg.b, "SELECT")      # as 0024 left it
    assert rows(lg, lg.b, "select count(ctid) from league_audit")
    sv.close_all()
    assert sv.whoami(lg.url()).kind == "owner"             # opened, migrated, closed
    from storage.db import head_revision
    assert rows(lg, lg.owner, "select version_num from league_alembic_version") == [
        (head_revision(),)]
    assert _sequences(lg, lg.b, "SELECT") == [] and _sequences(lg, lg.b, "USAGE") == list(HIS)
    for table in (*SEALED, "league_audit"):
        err = attack(lg, lg.b, (f"select ctid from {table}",))
        assert "permission denied" in str(err)
    assert rows(lg, lg.owner, "select table_name, data_type from information_schema.columns "
                              "where column_name = 'id' and table_name = any(array["
                              + ", ".join(f"'{t}'" for t in SEALED) + "]) order by 1") == [
        (t, "bigint") for t in sorted(SEALED)]
    mk = _market(lg)
    sen, chb = mk.club("SEN")[4].player, mk.club("CHB")[4].player
    before = _clock(lg)
    sv.trade_offer(lg.url(lg.b), team="SEN", other="CHB", give=[sen], get=[chb])
    sv.close_all()
    (got,), = rows(lg, lg.b, f"select id from league_trade_offer where gives = '{sen}'")
    assert before <= _written_at(got) <= _clock(lg)
