"""The off-season as steps (npb_offseason.md §7, issue 31): retirements, the draft, the new
season one at a time through the services, each stored; a person's picks in the draft (入札,
外れ1位, a pick a round) with every refusal storing nothing; the steps decide what the renewal
in one go decides."""
import json
import shutil

import pytest

from tui import services as sv
from tui.services.db import ServiceError


@pytest.fixture(scope="module")
def closed(tmp_path_factory):
    # the mini league with the 現役ドラフト on (league.toml [draft] active = true, §6)
    from storage.plainfiles import sample_league_path
    folder = tmp_path_factory.mktemp("mini") / "mini"
    shutil.copytree(sample_league_path("mini"), folder)
    toml = folder / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + "\n[draft]\nactive = true\n",
                    encoding="utf-8")
    db = tmp_path_factory.mktemp("closed") / "l.sqlite3"
    sv.create_league(str(db), "mini", folder)
    # seed 4: an off-season (keyed by the league and this seed, league.offseason.people.life)
    # in which both clubs list two for the 現役ドラフト and KYO's own men declare FA with room
    # for them — drawn, what the tests below need to see
    sv.new_season(str(db), seed=4)
    sv.sim_days(str(db), to_end=True)
    sv.close_season(str(db))
    return db


def _copy(closed, path):
    for tail in ("", "-wal", "-shm"):
        if closed.with_name(closed.name + tail).exists():
            shutil.copy(closed.with_name(closed.name + tail), path.with_name(path.name + tail))
    return str(path)


@pytest.fixture
def db(closed, tmp_path):
    return _copy(closed, tmp_path / "l.sqlite3")


def _drafted(db):
    return [(p.round, p.number, p.team, p.name, p.lottery, p.hazure) for p in sv.offseason(db).picks]


def test_the_steps_one_at_a_time_decide_what_the_renewal_in_one_go_does(db, closed, tmp_path):
    one_go = _copy(closed, tmp_path / "one.sqlite3")
    sv.new_season(one_go)
    v = sv.offseason_steps(db)
    assert [(k, st) for k, _r, st in v.steps] == [("retire", "next"), ("draft", "later"),
                                                  ("fa", "later"), ("trades", "later"),
                                                  ("active_draft", "later"),
                                                  ("foreign", "later"), ("renew", "later")]
    v = sv.offseason_step(db, step="retire")
    assert v.departures and [st for _k, _r, st in v.steps] == ["done", "next", "later",
                                                                "later", "later", "later",
                                                                "later"]
    assert {d.player for d in v.departures} == {d.player for d in sv.offseason(one_go).departures}
    v = sv.offseason_step(db, step="draft")
    assert [st for _k, _r, st in v.steps] == ["done", "done", "next", "later", "later",
                                              "later", "later"]
    assert not v.waiting and v.picks and v.current == "fa"
    v = sv.offseason_step(db, step="fa")            # §4
    assert [st for _k, _r, st in v.steps] == ["done", "done", "done", "next", "later",
                                              "later", "later"]
    assert v.current == "trades"
    v = sv.offseason_step(db, step="trades")        # §6: the computer's trades, stored
    assert [st for _k, _r, st in v.steps] == ["done", "done", "done", "done", "next", "later",
                                              "later"]
    assert v.current == "active_draft"
    v = sv.offseason_step(db, step="active_draft")  # §6: the 現役ドラフト, stored
    assert [st for _k, _r, st in v.steps] == ["done", "done", "done", "done", "done", "next",
                                              "later"]
    assert v.current == "foreign" and v.active_draft is not None and v.active_draft.picks
    v = sv.offseason_step(db, step="foreign")       # §5: the mini league has no farm: none
    assert [st for _k, _r, st in v.steps] == ["done"] * 6 + ["next"]
    assert v.current == "renew" and v.foreign is not None and not v.foreign.signed
    info = sv.offseason_finish(db)
    assert info.number == 2
    assert _drafted(db) == _drafted(one_go)
    assert sv.offseason(db).trades == sv.offseason(one_go).trades
    assert sv.offseason(db).active_draft == sv.offseason(one_go).active_draft
    assert len(sv.offseason(db).active_draft) == len(v.active_draft.picks)
    # the off-season's state is gone with it: the next one starts afresh
    with pytest.raises(ServiceError, match="not closed"):
        sv.offseason_steps(db)


def test_the_steps_go_in_order_and_only_after_a_closed_season(db, tmp_path):
    with pytest.raises(ServiceError, match="retire comes before draft"):
        sv.offseason_step(db, step="draft")
    with pytest.raises(ServiceError, match="no off-season step 'bogus'"):
        sv.offseason_step(db, step="bogus")
    fresh = str(tmp_path / "fresh.sqlite3")
    sv.create_league_from_sample(fresh, "mini", "mini")
    sv.new_season(fresh)
    with pytest.raises(ServiceError, match="season 1 .* is not closed"):
        sv.offseason_step(fresh, step="retire")


def test_a_person_names_his_club_s_picks_and_the_computer_the_others(db):
    sv.offseason_step(db, step="retire")
    v = sv.offseason_step(db, step="draft", people=["KYO"])
    assert v.people == ("KYO",) and v.waiting == ("KYO",) and v.round == 1
    assert not v.picks                         # the first round is named at once
    mine = []
    while v.waiting:
        choice = v.left[-1]                    # the class's last, so the computer never wants him
        mine.append(choice.name)
        v = sv.draft_pick(db, team="KYO", player=choice.key)
    hw = [p for p in v.picks if p.team == "KYO"]
    assert [p.name for p in hw] == mine and hw[0].round == 1
    assert {p.team for p in v.picks} - {"KYO"}          # the computer picked for the others
    sv.offseason_finish(db)
    assert [p.name for p in sv.offseason(db).picks if p.team == "KYO"] == mine


def test_a_pick_out_of_turn_for_a_computer_club_or_of_a_taken_player_is_refused(db):
    sv.offseason_step(db, step="retire")
    v = sv.offseason_step(db, step="draft", people=["KYO"])
    with pytest.raises(ServiceError, match="KOB is the computer's club"):
        sv.draft_pick(db, team="KOB", player=v.left[0].key)
    with pytest.raises(ServiceError, match="--team XXX: no such club"):
        sv.draft_pick(db, team="XXX", player=v.left[0].key)
    with pytest.raises(ServiceError, match="no such player in the class"):
        sv.draft_pick(db, team="KYO", player="Nobody Atall")
    with pytest.raises(ServiceError, match="name the player"):
        sv.draft_pick(db, team="KYO")
    assert sv.offseason_steps(db) == v                   # nothing stored by a refusal
    v = sv.draft_pick(db, team="KYO", player=v.left[0].key)
    if v.waiting:
        taken = next(p for p in v.picks if p.team == "KOB")
        with pytest.raises(ServiceError, match="taken already"):
            sv.draft_pick(db, team="KYO", player=taken.name)
        with pytest.raises(ServiceError, match="waits for KYO"):
            sv.offseason_finish(db)
        v = sv.draft_pick(db, team="KYO", computer=True)
    assert not v.waiting
    with pytest.raises(ServiceError, match="is over|computer's club"):
        sv.draft_pick(db, team="KYO", player=v.left[0].key)
    sv.offseason_finish(db)


def test_two_persons_name_at_once_and_the_same_player_goes_by_lot(db):
    sv.offseason_step(db, step="retire")
    v = sv.offseason_step(db, step="draft", people=["KYO", "KOB"])
    assert set(v.waiting) == {"KYO", "KOB"} and not v.picks
    star = v.left[0]
    v = sv.draft_pick(db, team="KYO", player=star.key)
    assert v.waiting == ("KOB",) and not v.picks           # nobody's pick shown before all named
    with pytest.raises(ServiceError, match="KYO has named its first-round pick already"):
        sv.draft_pick(db, team="KYO", player=v.left[1].key)
    v = sv.draft_pick(db, team="KOB", player=star.name)
    first = v.picks[0]
    assert (first.player, set(first.lottery)) == (star.key, {"KYO", "KOB"})
    loser = ({"KYO", "KOB"} - {first.team}).pop()
    assert v.waiting == (loser,) and v.round == 1          # his 外れ1位 to name
    v = sv.draft_pick(db, team=loser, player=v.left[0].key)
    assert v.picks[1].team == loser and v.picks[1].hazure


def test_a_person_s_club_may_stop_early(db):
    sv.offseason_step(db, step="retire")
    v = sv.offseason_step(db, step="draft", people=["KYO"])
    v = sv.draft_pick(db, team="KYO", player=v.left[0].key)
    while v.waiting:
        v = sv.draft_pick(db, team="KYO", stop=True)
    assert sum(1 for p in v.picks if p.team == "KYO") == 1


def test_an_ikusei_draft_signs_development_players_off_the_70(tmp_path):
    """league.toml [draft] ikusei = 1: after the 支配下 rounds each club takes one 育成 player, who
    joins the farm with a three-digit number and contract 育成 (the next season's league reads
    him so), listed in the off-season's draft as 育成."""
    from storage.plainfiles import sample_league_path
    folder = tmp_path / "mini"
    shutil.copytree(sample_league_path("mini"), folder)
    toml = folder / "league.toml"
    toml.write_text(toml.read_text(encoding="utf-8") + "\n[draft]\nikusei = 1\n",
                    encoding="utf-8")
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", folder)
    sv.new_season(db)
    sv.sim_days(db, to_end=True)
    sv.close_season(db)
    sv.new_season(db)
    picks = sv.offseason(db).picks
    dev = [p for p in picks if p.ikusei]
    assert len(dev) == 2 and all(p.player.endswith("101") for p in dev)
    assert max(p.number for p in picks if not p.ikusei) < min(p.number for p in dev)
    league = sv.season_league(db)
    for p in dev:
        player = league.player(p.player)
        assert player.ikusei and player.roster == "farm" and player.team == p.team


def test_the_steps_through_the_command_line_with_json_and_one_line_refusals(db):
    """impact offseason status / retire / draft --team / pick / finish, --json each; a refusal is
    one line on stderr with exit status 2."""

    from typer.testing import CliRunner

    from tui.cli.main import app
    runner = CliRunner()

    def run(*args, code=0):
        result = runner.invoke(app, ["--db", db, *args])
        assert result.exit_code == code, (result.output, result.exception)
        return result

    status = json.loads(run("offseason", "status", "--json").output)
    assert status["current"] == "retire" and status["steps"][0]["state"] == "next"
    bad = run("offseason", "draft", code=2)
    assert "retire comes before draft" in bad.output and len(bad.output.strip().splitlines()) == 1
    gone = json.loads(run("offseason", "retire", "--json").output)["departures"]
    assert gone and {"player", "team", "age", "kind", "reason"} <= set(gone[0])
    draft = json.loads(run("offseason", "draft", "--team", "KYO", "--json").output)["draft"]
    assert draft["waiting"] == ["KYO"] and draft["people"] == ["KYO"] and draft["class"]
    text = run("offseason", "status").output
    assert "waiting for KYO" in text and draft["class"][0]["key"] in text
    run("offseason", "finish", code=2)
    key = draft["class"][0]["key"]
    after = json.loads(run("offseason", "pick", "--team", "KYO", key, "--json").output)["draft"]
    assert any(p["player"] == key for p in after["picks"]) or after["waiting"] == ["KYO"]
    while after["waiting"]:
        after = json.loads(run("offseason", "pick", "--team", "KYO", "--stop",
                               "--json").output)["draft"]
    season = json.loads(run("offseason", "finish", "--json").output)
    assert season["number"] == 2
    shown = json.loads(run("offseason", "show", "--json").output)
    assert [p["team"] for p in shown["draft"] if p["round"] == 1].count("KYO") == 1


def test_free_agency_is_a_step_after_the_draft_reproducible_and_listed_with_json(db, closed,
                                                                                tmp_path):
    """§4 and §7: `impact offseason fa` runs free agency after the draft; the renewal in one go
    decides the same (seeded); `offseason show --json` lists each declared player, his offers
    and where he signed, the news has each as a transaction."""
    from typer.testing import CliRunner

    from tui.cli.main import app
    runner = CliRunner()

    def run(*args, code=0):
        result = runner.invoke(app, ["--db", db, *args])
        assert result.exit_code == code, (result.output, result.exception)
        return result

    run("offseason", "retire")
    bad = run("offseason", "fa", code=2)
    assert "draft comes before fa" in bad.output and len(bad.output.strip().splitlines()) == 1
    run("offseason", "draft")
    step = json.loads(run("offseason", "fa", "--json").output)
    assert step["steps"][2] == {"step": "fa", "rule": "§4", "state": "done"}
    fa = step["fa"]
    assert isinstance(fa["eligible"], int) and fa["eligible"] > 0
    for d in fa["declared"]:
        assert {"player", "name", "team", "age", "right", "signed", "role", "years", "abroad",
                "offers", "moved"} <= set(d)
        assert d["right"] in ("domestic", "overseas", "compensation")
    run("offseason", "finish")
    shown = json.loads(run("offseason", "show", "--json").output)["fa"]
    assert shown == fa["declared"]
    one_go = _copy(closed, tmp_path / "one.sqlite3")
    sv.new_season(one_go)
    assert [f.as_dict() for f in sv.offseason(one_go).fa] == shown
    news = [n for n in sv.news(db) if '"fa"' in (n.note or "")]
    assert len(news) == len(shown) and shown
    # declaring uses the right: four more seasons before the next (its news is the record)
    from league.offseason import free_agency as rules
    from storage import repository as repo
    from tui.services.db import Work
    from tui.services.offseason import service_of
    with Work.of(db, None).session() as s:
        row = repo.find_league(session=s, name=None)
        service = service_of(s, row.id, row.name, 2)
    for d in shown:
        if d["right"] != "compensation" and not d["abroad"]:
            svc = service[d["player"]]
            assert svc.used == len(svc.days) - 1 and rules.right(svc) is None, d
            # his page (impact player --json: service) says so over the closed seasons
            page = json.loads(run("player", d["player"], "--json", "--no-log").output)
            assert page["service"]["since_use"] == 0 and page["service"]["right"] is None
            assert page["service"]["seasons"] == rules.seasons(svc.days[:-1])[0]


def test_compensation_is_a_league_setting_off_by_default(tmp_path):
    """§4: compensation (人的補償) may be left out of a tabletop league — league.toml [fa]
    compensation = true turns it on; without it it is off; a bad value is refused when the
    league is read, naming the file and the key."""
    from league.errors import LeagueError
    from storage.plainfiles import sample_league_path
    from tui.services.db import Work
    from tui.services.offseason import _inputs
    folder = tmp_path / "mini"
    shutil.copytree(sample_league_path("mini"), folder)
    toml = folder / "league.toml"
    plain = toml.read_text(encoding="utf-8")
    toml.write_text(plain + "\n[fa]\ncompensation = \"yes\"\n", encoding="utf-8")
    with pytest.raises((LeagueError, ServiceError), match=r"\[fa\], key compensation"):
        sv.create_league(str(tmp_path / "bad.sqlite3"), "mini", folder)
    toml.write_text(plain + "\n[fa]\ncompensation = true\n", encoding="utf-8")
    for name, path in (("on", folder), ("off", sample_league_path("mini"))):
        db = str(tmp_path / f"{name}.sqlite3")
        sv.create_league(db, "mini", path)
        sv.new_season(db)
        sv.sim_days(db, to_end=True)
        sv.close_season(db)
        from storage import repository as repo
        with Work.of(db, None).session() as s:
            row = repo.find_league(session=s, name=None)
            sid = repo.find_season(session=s, league_id=row.id).id
            assert _inputs(s, row.id, row.name, 2027, sid).compensation is (name == "on")


def test_the_active_draft_is_a_step_after_the_trades_listed_with_json_and_in_the_news(db):
    """§6 (現役ドラフト, since 2022): `impact offseason active-draft --json` after the trades:
    every club lists two men it can spare (not its best, no foreigner) and takes one from
    another club's list, so each club loses one and gains one; `offseason show --json` lists
    the moves the new season made, each a transaction ("move") in the news, and the cards'
    teams moved with them."""
    from typer.testing import CliRunner

    from tui.cli.main import app
    runner = CliRunner()

    def run(*args, code=0):
        result = runner.invoke(app, ["--db", db, *args])
        assert result.exit_code == code, (result.output, result.exception)
        return result

    run("offseason", "retire")
    run("offseason", "draft")
    run("offseason", "fa")
    bad = run("offseason", "active-draft", code=2)
    assert "trades comes before active_draft" in bad.output
    assert len(bad.output.strip().splitlines()) == 1
    run("offseason", "trades")
    step = json.loads(run("offseason", "active-draft", "--json").output)
    assert step["steps"][4] == {"step": "active_draft", "rule": "§6", "state": "done"}
    plan = step["active_draft"]
    teams = sorted(plan["listed"])
    assert teams and all(len(pids) == 2 for pids in plan["listed"].values())
    assert sorted(p["team"] for p in plan["picks"]) == teams        # each takes one
    assert sorted(p["from"] for p in plan["picks"]) == teams        # and loses one
    assert all(p["team"] != p["from"] and p["player"] in plan["listed"][p["from"]]
               for p in plan["picks"])
    text = run("offseason", "status").output
    assert "現役ドラフト" in text and plan["picks"][0]["player"] in text
    # the same plan again: stored (and seeded), not drawn anew
    assert json.loads(run("offseason", "status", "--json").output)["active_draft"] == plan
    run("offseason", "finish")
    shown = json.loads(run("offseason", "show", "--json").output)["active_draft"]
    assert sorted((m["player"], m["from"], m["to"]) for m in shown) == sorted(
        (p["player"], p["from"], p["team"]) for p in plan["picks"])
    assert "現役ドラフト" in run("offseason", "show").output
    news = [n for n in sv.news(db) if '"active_draft"' in (n.note or "")]
    assert sorted(n.kind for n in news) == ["move"] * len(shown)
    league = sv.season_league(db)
    for m in shown:
        assert league.player(m["player"]).team == m["to"]


def test_the_active_draft_is_a_league_setting_off_by_default(tmp_path):
    """§6: the 現役ドラフト is league.toml [draft] active (off by default: the step is done with
    nothing listed or taken); a bad value is refused naming the file's table and key."""
    db = str(tmp_path / "l.sqlite3")
    sv.create_league_from_sample(db, "mini", "mini")
    sv.new_season(db)
    sv.sim_days(db, to_end=True)
    sv.close_season(db)
    for step in ("retire", "draft", "fa", "trades"):
        sv.offseason_step(db, step=step)
    v = sv.offseason_step(db, step="active_draft")
    assert v.active_draft is not None and not v.active_draft.picks and not v.active_draft.listed
    assert v.current == "foreign"          # then the foreign players (§5)
    from league.errors import LeagueError
    from league.offseason.draft import draft_rules
    assert draft_rules({"active": True}, []).active and not draft_rules(None, []).active
    with pytest.raises(LeagueError, match=r"\[draft\], key active: 'yes' is not true or false"):
        draft_rules({"active": "yes"}, [])


def test_the_news_says_what_each_move_of_the_market_was_in_one_language(db):
    """§4-§7 in the news: a declared free agent who stays, moves or leaves for abroad, a foreign
    player signed, a pick of the 現役ドラフト and a conversion (コンバート) each read as what they
    were, from the transaction's note — one language at a time (a conversion read "Moved: X
    from YKH to YKH") — and the note, data, is not shown beside the text."""
    import re

    from typer.testing import CliRunner

    from storage import history_store as hs
    from storage import repository as repo
    from tui.cli.main import app
    from tui.services.db import Work
    sv.new_season(db)                       # the renewal in one go: every step of the market
    news = sv.news(db)
    notes = {n.id: json.loads(n.note) for n in news if (n.note or "").startswith("{")}
    picks = [n for n in news if notes.get(n.id, {}).get("active_draft")]
    fa = [n for n in news if "fa" in notes.get(n.id, {})]
    foreign = [n for n in news if n.kind == "sign" and notes.get(n.id, {}).get("foreign")]
    assert picks and fa              # (the mini league signs no foreign player: added below)
    # a call-up in place of a player who left: said in the text, in one language (its note
    # was English words shown beside the Japanese; a league stored then reads the same)
    fills = [n for n in news if n.kind == "up" and n.day is None]
    assert fills and all(n.text_en.endswith(" in place of a player who left")
                         and "退団選手の補充に" in n.text_ja and n.remark == "" for n in fills)
    from tui.services.history import _news_text
    old = _news_text("up", fills[0].moves, {}, {}, True,
                     "the off-season: in place of a player who left")
    assert "退団選手の補充に" in old
    for n in picks:
        pid, src, dst = n.moves[0]
        assert n.text_en.startswith(f"Active-player draft: {dst} take ") and \
            n.text_en.endswith(f"({pid}) from {src}")
        assert n.text_ja.startswith("現役ドラフト: ") and n.text_ja.endswith("を指名")
    for n in fa:
        pid, src, dst = n.moves[0]
        if notes[n.id]["fa"] == "compensation":
            assert n.text_en.startswith(f"Compensation: {dst} take ")
        elif n.kind == "release":
            assert n.text_en.startswith("Overseas free agency: ") and n.text_ja.startswith("海外FA")
        elif src == dst:
            assert n.text_en.endswith(f"stays with {src}") and n.text_ja.startswith("FA残留: ")
        else:
            assert n.text_en.endswith(f"leaves {src} for {dst}") and n.text_ja.startswith("FA移籍")
    # a conversion, as the off-season's roster check writes it (tui.services.offseason.record)
    pid, team = picks[0].moves[0][0], picks[0].moves[0][2]
    with Work.of(db, None).session() as s:
        row = repo.find_league(session=s, name=None)
        info = repo.find_season(session=s, league_id=row.id)
        hs.add_transaction(session=s, league_id=row.id, season_id=info.id, day=None, kind="move",
                           moves=[(pid, team, team)],
                           note=json.dumps({"offseason": True, "convert": "CF"}))
        if not foreign:
            hs.add_transaction(session=s, league_id=row.id, season_id=info.id, day=None,
                               kind="sign", moves=[(pid, "", team)],
                               note=json.dumps({"age": 27, "foreign": True, "offseason": True}))
        s.commit()
        names = repo.player_names(session=s, league_id=row.id)
        lg = repo.league_structure(session=s, league_id=row.id)
    foreign = [n for n in sv.news(db) if n.kind == "sign" and '"foreign"' in n.note]
    assert foreign and all(" sign foreign player " in n.text_en
                           and n.text_ja.startswith("外国人選手と契約") for n in foreign)
    n = next(n for n in sv.news(db) if '"convert"' in n.note)
    assert n.text_en == f"Converted: {team} move {names[pid]} ({pid}) to CF"
    assert n.text_ja.startswith("コンバート: ") and n.text_ja.endswith(f"の{names[pid]} ({pid})が中堅へ")
    # one language at a time: names, ids and team codes aside
    own = sorted({*names.values(), *names, *(t.code for t in lg.teams),
                  *(x for t in lg.teams for x in (t.name, t.short) if x)}, key=len, reverse=True)
    for item in [*news, *foreign, n]:
        en, ja = item.text_en, item.text_ja
        for word in own:
            en, ja = en.replace(word, ""), ja.replace(word, "")
        assert not re.search(r"[\u3040-\u30ff\u4e00-\u9fff]", en), item.text_en
        assert not re.search(r"[A-Za-z]{3,}", ja), item.text_ja
    out = CliRunner().invoke(app, ["--db", db, "transaction", "list"]).output
    assert "コンバート" in out and "{" not in out


def test_a_person_makes_his_club_s_fa_offers_from_the_list_and_the_player_chooses(db):
    """§4 and §7: `impact offseason fa --team KYO` opens free agency for a person's club: the
    declared free agents listed with their right, service and what KYO may promise (--json);
    `impact offseason offer` makes an offer (a role and years, no salaries), each refusal one
    line with exit 2 and nothing stored; `--done` lets the players choose (role, then the club's
    strength, then his own club); the offers are in the news."""
    from typer.testing import CliRunner

    from tui.cli.main import app
    runner = CliRunner()

    def run(*args, code=0):
        result = runner.invoke(app, ["--db", db, *args])
        assert result.exit_code == code, (result.output, result.exception)
        return result

    def one_line(result, words):
        assert words in result.output and len(result.output.strip().splitlines()) == 1, \
            result.output

    run("offseason", "retire")
    run("offseason", "draft")
    step = json.loads(run("offseason", "fa", "--team", "KYO", "--json").output)
    assert step["steps"][2] == {"step": "fa", "rule": "§4", "state": "open"}
    fa = step["fa"]
    assert fa["people"] == ["KYO"] and fa["waiting"] == ["KYO"] and fa["declared"] == []
    agents = fa["agents"]
    assert agents, "nobody declared in the mini league's first off-season"
    for a in agents:
        assert a["right"] in ("domestic", "overseas") and set(a["roles"]) == {"KYO"}
        assert a["service"]["seasons"] >= 7 and 0 <= a["service"]["days"] < 145
        assert all(1 <= y <= 5 for y in a["years"].values())
    text = run("offseason", "status").output
    assert "waiting for KYO's offers" in text and agents[0]["player"] in text
    one_line(run("offseason", "finish", code=2), "free agency waits for KYO's offers")
    one_line(run("offseason", "offer", agents[0]["player"], "--team", "KOB", code=2),
             "KOB is the computer's club in this free agency")
    one_line(run("offseason", "offer", "NOBODY", "--team", "KYO", code=2),
             "NOBODY: not a declared free agent")
    target = next(a for a in agents if a["roles"]["KYO"])
    top = target["roles"]["KYO"][0]
    one_line(run("offseason", "offer", target["player"], "--team", "KYO", "--role", top,
                 "--years", str(target["years"][top] + 1), code=2),
             f"is for 1 to {target['years'][top]} years" if target["years"][top] > 1
             else "is for 1 year only")
    wrong = "rotation" if target["kind"] not in ("SP",) else "regular"
    one_line(run("offseason", "offer", target["player"], "--team", "KYO", "--role", wrong,
                 code=2), f"not {wrong!r}")
    assert json.loads(run("offseason", "status", "--json").output)["fa"]["agents"] == agents
    made = json.loads(run("offseason", "offer", target["player"], "--team", "KYO", "--role", top,
                          "--json").output)["fa"]
    mine = next(a for a in made["agents"] if a["player"] == target["player"])
    assert mine["offers"] == [{"team": "KYO", "role": top, "years": target["years"][top]}]
    one_line(run("offseason", "offer", target["player"], "--team", "KYO", "--role", "bench",
                 code=2), "has offered")
    over = json.loads(run("offseason", "offer", "--team", "KYO", "--done", "--json").output)
    assert over["steps"][2]["state"] == "done" and over["current"] == "trades"
    assert not over["fa"]["waiting"] and not over["fa"]["agents"]
    chosen = {d["player"]: d for d in over["fa"]["declared"]}
    d = chosen[target["player"]]
    if not d["abroad"]:
        kyo = [o for o in d["offers"] if o["team"] == "KYO"]
        assert kyo == [{"team": "KYO", "role": top, "years": target["years"][top]}]
        # the biggest role, then the stronger club, then his own (league.offseason.free_agency)
        best = max(o["role"] != "bench" for o in d["offers"])
        assert (d["role"] != "bench") == best
    for a in agents:        # KYO offered nothing more: its own men no offer from it
        if a["player"] != target["player"] and a["team"] == "KYO":
            assert all(o["team"] != "KYO" for o in chosen[a["player"]]["offers"])
    one_line(run("offseason", "offer", "--team", "KYO", "--done", code=2),
             "free agency of 2027 is over")
    run("offseason", "finish")
    shown = json.loads(run("offseason", "show", "--json").output)["fa"]
    assert shown == over["fa"]["declared"]


def test_the_renewal_in_one_go_while_free_agency_waits_lets_the_computer_offer(db, closed,
                                                                              tmp_path):
    """A person's club that has not made all its offers when the season is made (`impact
    season new`) is the computer's, as a draft pick not named is: the same market as the
    renewal in one go."""
    sv.offseason_step(db, step="retire")
    sv.offseason_step(db, step="draft")
    v = sv.offseason_step(db, step="fa", people=["KYO"])
    assert v.fa_waiting == ("KYO",) and v.agents and not v.fa
    sv.fa_offer(db, team="KYO", player=v.agents[0].player, role="bench", years=1)
    with pytest.raises(ServiceError, match="waits for KYO's offers"):
        sv.offseason_finish(db)
    sv.new_season(db)
    one_go = _copy(closed, tmp_path / "one.sqlite3")
    sv.new_season(one_go)
    assert sv.offseason(db).fa == sv.offseason(one_go).fa


@pytest.fixture(scope="module")
def nippon_closed(tmp_path_factory):
    """The bundled league (its clubs have farms and foreign players), a short season played
    (one game a pair) and closed, its postseason played."""
    db = tmp_path_factory.mktemp("nippon") / "n.sqlite3"
    sv.create_league(str(db), "nippon", "nippon")
    sv.new_season(str(db), games_per_opponent=1)
    sv.sim_days(str(db), to_end=True)
    if sv.season_status(str(db)).next_action == "start_postseason":
        sv.start_postseason(str(db))
        sv.sim_postseason(str(db))
    sv.close_season(str(db))
    return db


def test_a_person_signs_and_releases_his_club_s_foreign_players_the_computer_the_rest(
        nippon_closed, tmp_path):
    """§5 and §7: `impact offseason foreign --team EDO` opens the foreign step for a person's
    club: its pool (the computer's choice and more) and its foreign players listed (--json);
    `impact offseason sign` / `release` choose (a choice stands once made), each refusal one line
    with exit 2; `sign --done` decides; the new season has his choice for his club and the computer's
    (as the renewal in one go decides it) for every other."""
    from typer.testing import CliRunner

    from tui.cli.main import app
    db = _copy(nippon_closed, tmp_path / "n.sqlite3")
    runner = CliRunner()

    def run(*args, code=0):
        result = runner.invoke(app, ["--db", db, *args])
        assert result.exit_code == code, (result.output, result.exception)
        return result

    def one_line(result, words):
        assert words in result.output and len(result.output.strip().splitlines()) == 1, \
            result.output

    for step in ("retire", "draft", "fa", "trades", "active-draft"):
        run("offseason", step)
    one_line(run("offseason", "sign", "X", "--team", "EDO", code=2),
             "foreign signings are not open")
    f = json.loads(run("offseason", "foreign", "--team", "EDO", "--json").output)
    assert f["steps"][5] == {"step": "foreign", "rule": "§5", "state": "open"}
    f = f["foreign"]
    assert f["people"] == ["EDO"] and f["waiting"] == ["EDO"] and f["room"]["EDO"] > 0
    pool = [m for m in f["pool"] if m["team"] == "EDO"]
    mine = [m for m in f["players"] if m["team"] == "EDO"]
    assert len(pool) >= 4 and mine and not any(m["chosen"] for m in pool + mine)
    assert all(m["side"] in ("pitcher", "batter") for m in pool + mine)
    assert {m["team"] for m in f["signed"]} and "EDO" not in {m["team"] for m in f["signed"]}
    one_line(run("offseason", "finish", code=2), "the foreign signings wait for EDO")
    one_line(run("offseason", "sign", pool[0]["player"], "--team", "SAP", code=2),
             "SAP is the computer's club at the foreign step")
    one_line(run("offseason", "sign", "NOBODY", "--team", "EDO", code=2), "not in EDO's pool")
    one_line(run("offseason", "release", pool[0]["player"], "--team", "EDO", code=2),
             "not one of EDO's foreign players")
    # he signs the pool's last (not the computer's choice), by name, and releases one of his
    # own the computer would keep
    last = pool[-1]
    keep = next((m for m in mine if not m["computer"]), mine[0])
    run("offseason", "sign", last["name"], "--team", "EDO")
    now = json.loads(run("offseason", "release", keep["player"], "--team", "EDO",
                         "--json").output)["foreign"]
    one_line(run("offseason", "sign", last["player"], "--team", "EDO", code=2),
             "EDO has signed")
    one_line(run("offseason", "release", keep["player"], "--team", "EDO", code=2),
             "EDO has released")
    assert [m["player"] for m in now["pool"] if m["chosen"]] == [last["player"]]
    assert [m["player"] for m in now["players"] if m["chosen"]] == [keep["player"]]
    done = json.loads(run("offseason", "sign", "--team", "EDO", "--done", "--json").output)
    assert done["steps"][5]["state"] == "done" and done["current"] == "renew"
    assert [m["player"] for m in done["foreign"]["signed"] if m["team"] == "EDO"] == \
        [last["player"]]
    assert [m["player"] for m in done["foreign"]["released"] if m["team"] == "EDO"] == \
        [keep["player"]]
    one_line(run("offseason", "sign", "--team", "EDO", "--done", code=2),
             "EDO has made its foreign signings already")
    run("offseason", "finish")
    shown = json.loads(run("offseason", "show", "--json").output)
    signed = {(m["player"], m["team"]) for m in shown["foreign_signed"]}
    assert (last["player"], "EDO") in signed
    assert not any(t == "EDO" and p != last["player"] for p, t in signed)
    one_go = _copy(nippon_closed, tmp_path / "one.sqlite3")
    sv.new_season(one_go)
    computer = {(p, t) for p, _n, t, _a in sv.offseason(one_go).signed}
    assert {x for x in signed if x[1] != "EDO"} == {x for x in computer if x[1] != "EDO"}
    # his release is in the news, and he is under contract nowhere: his page says he left
    page = json.loads(run("player", keep["player"], "--json").output)
    assert page["team"] == "" and page["left"]["how"] == "released", page["left"]
    assert page["left"]["team"] == "EDO" and page["left"]["offseason"] is True
    news = [n for n in sv.news(db) if n.kind == "release"
            and any(m[0] == keep["player"] for m in n.moves)]
    assert news, "his release is in the news"


def test_a_foreign_pitcher_released_leaves_his_place_on_the_active_roster_to_one_signed():
    """§5: a club with three foreign pitchers active (the side's limit) that releases one of
    them and signs a pitcher: the new man takes the place (active), not the farm."""
    from types import SimpleNamespace

    from tui.services.offseason import _foreign_decided

    new = {"player": "EDO90", "team": "EDO", "name": "ホセ・ロペス", "name_en": "Jose Lopez",
           "age": 28, "batting": None, "pitching": {"roster": "farm", "foreign": "yes"}}
    data = {"foreign": {
        "released": [], "signed": [], "people": ["EDO"], "pool": {"EDO": [new]},
        "players": {"EDO": [{"player": "EDO16", "age": 30, "pitcher": True, "pa": 0,
                             "bf": 40, "farm": False, "computer_releases": False}]},
        "room": {"EDO": 1}, "active": {"EDO": [3, 0]}, "waiting": []}}
    inp = SimpleNamespace(foreign_active=4, foreign_side=3, teams=["EDO"],
                          foreign_choices={"EDO": [("EDO90", "sign"), (None, "done")]})
    released, signed = _foreign_decided(inp, data)
    assert not released and signed[0].pitching["roster"] == "farm"      # the side is full
    inp.foreign_choices = {"EDO": [("EDO90", "sign"), ("EDO16", "release"), (None, "done")]}
    released, signed = _foreign_decided(inp, data)
    assert [d.player for d in released] == ["EDO16"] and released[0].age == 30
    assert signed[0].pitching["roster"] == "active"


def test_refusals_and_development_players_signed_to_the_70_in_the_news_and_json(tmp_path):
    """§3 through the services and the CLI: with [draft] refusal = 0.5 some 支配下 picks refuse to
    sign (入団拒否) — listed with their pick, marked refused, in no club, in the news in one
    language at a time — and a 育成 player whose card is his club's first-team level is signed
    to the 70 (支配下登録): the next season's league reads him off his development contract, the
    news and `impact offseason show --json` list him."""
    from typer.testing import CliRunner

    from tui.cli.main import app

    from season_helpers import mini_with_ikusei
    folder = mini_with_ikusei(tmp_path, "\n[draft]\nrefusal = 0.5\n", [
        {"id": "KYO101", "name": "育成 太郎", "born": "2004-05-05"}], strongest=True)
    db = str(tmp_path / "l.sqlite3")
    sv.create_league(db, "mini", folder)
    sv.new_season(db)
    assert sv.season_league(db).player("KYO101").ikusei
    sv.sim_days(db, to_end=True)
    sv.close_season(db)
    sv.new_season(db)
    view = sv.offseason(db)
    no = [p for p in view.picks if p.refused]
    assert no and all(p.player == "" and p.name for p in no)
    league = sv.season_league(db)
    assert not {p.name for p in no} & {p.name for t in league.teams for p in t.players}
    assert [(pid, team) for pid, _n, team in view.promoted] == [("KYO101", "KYO")]
    assert not sv.season_league(db).player("KYO101").ikusei
    news = sv.news(db)
    refused = [n for n in news if n.text_en.startswith("Refused: ")]
    assert len(refused) == len(no) and all(n.text_ja.startswith("入団拒否: ") for n in refused)
    up = [n for n in news if n.text_en.startswith("Promoted: ")]
    assert len(up) == 1 and "育成 太郎 (KYO101) to the 70" in up[0].text_en
    assert up[0].text_ja.startswith("支配下登録: ") and "{" not in up[0].text_ja
    shown = json.loads(CliRunner().invoke(app, ["--db", db, "offseason", "show", "--json"]).output)
    assert [p["name"] for p in shown["draft"] if p["refused"]] == [p.name for p in no]
    assert shown["promoted"] == [{"player": "KYO101", "name": "育成 太郎", "team": "KYO"}]
