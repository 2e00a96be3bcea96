"""The Season area at the keyboard: the phase and what comes next, the postseason bracket with
series scores, and the walk from the end of the regular season through the postseason into the
next season. A small league of two leagues of three keeps the season short."""
from __future__ import annotations

from pathlib import Path

from tui import services

from season_helpers import played_and_closed, small_league
from tui_helpers import season_area, settled_screenshot, until

ACTIVE_DRAFT = "[draft]\nactive = true\n"      # the 現役ドラフト on (§6, off by default)


def _shown_steps(app):
    """The off-season's steps as the Season area last showed them (what its `o` acts on), or
    None while another screen is in front or the area is busy. A step done in a worker is in
    the league before the area has read it again: a key pressed in between acts on what the
    area shows, so a test waits for this, not for the league."""
    screen = app.screen
    if type(screen).__name__ != "SeasonScreen" or screen.busy or screen.data is None:
        return None
    return screen.data.steps


def _text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).render())


async def test_through_the_postseason_into_the_next_season(tmp_path, snapshot):
    db = small_league(tmp_path)
    async with season_area(db) as (app, pilot):
        await until(pilot, lambda: app.screen.query("#season-next")
                    and "ポストシーズン開始" in _text(app, "#season-next"))
        assert "レギュラーシーズン" in _text(app, "#season-title")
        await pilot.press("c")          # not yet: the postseason comes first
        await pilot.press("s")
        await until(pilot, lambda: app.screen.query_one("#bracket-table").row_count == 5
                    and "ポストシーズン" in _text(app, "#season-title"))
        await pilot.press("n")          # one game
        await until(pilot, lambda: app.screen.query_one("#series-games").row_count == 1)
        await pilot.press("p")          # the next game at the keyboard: its set-up dialog
        await until(pilot, lambda: app.screen.query("#play-setup"))
        await pilot.press("escape")
        await until(pilot, lambda: app.screen.query("#bracket-table"))
        await pilot.press("e")          # the rest
        await until(pilot, lambda: "優勝" in _text(app, "#season-title"), tries=600)
        view = services.postseason(db)
        assert view.finished and view.champion
        snapshot.snapshot_dir = Path(__file__).parents[1] / "snapshots"
        snapshot.assert_match(await settled_screenshot(app, pilot), "season.svg")
        await pilot.press("c")
        await until(pilot, lambda: type(app.screen).__name__ == "ConfirmScreen")  # final: asked
        await pilot.press("y")
        await until(pilot, lambda: "シーズン終了" in _text(app, "#season-title"))
        await pilot.press("N")
        await until(pilot, lambda: "2027" in _text(app, "#season-title"))
        assert "レギュラーシーズン" in _text(app, "#season-title")
        assert app.screen.query_one("#bracket-table").row_count == 0
    info = services.season_info(db)
    assert (info.number, info.year, info.phase, info.final) == (2, 2027, "regular", 0)


async def test_the_next_season_shows_the_off_season_that_made_it(tmp_path):
    """`N` after a closed season: the off-season (§7) shows in the Season area, who left, the
    draft and the changes (変化), in either language."""
    db = played_and_closed(small_league(tmp_path, extra=ACTIVE_DRAFT))
    async with season_area(db) as (app, pilot):
        await until(pilot, lambda: app.screen.query("#season-title")
                    and "シーズン終了" in _text(app, "#season-title"))
        assert not app.screen.query_one("#offseason-table").display
        await pilot.press("N")
        await until(pilot, lambda: "2027" in _text(app, "#season-title"))
        # the off-season that made it (§7): who left, the draft, the changes (変化)
        off = services.offseason(db)
        rows = (len(off.departures) + len(off.picks) + len(off.fa) + min(20, len(off.changes))
                + sum(len(t) for t in off.trades)            # the computer's trades (§6)
                + len(off.active_draft))                     # the 現役ドラフト (§6)
        assert off.fa                   # free agency (§4): its declared players listed too
        assert off.active_draft         # the 現役ドラフト (§6): its moves listed too
        await until(pilot, lambda: app.screen.query_one("#offseason-table").row_count == rows)
        assert "オフシーズン" in _text(app, "#offseason-title")
        await pilot.press("L")
        await until(pilot, lambda: "Off-season" in _text(app, "#offseason-title"))
        table = app.screen.query_one("#offseason-table")
        steps = {str(table.get_row_at(i)[0]) for i in range(table.row_count)}
        assert "Change" in steps and not any("変化" in x or "引退" in x for x in steps)
        assert {"Domestic FA", "Overseas FA"} & steps
        who = {str(table.get_row_at(i)[1]) for i in range(table.row_count)}
        assert any(f.name in w for f in off.fa for w in who)


async def test_the_off_season_step_by_step_with_a_person_s_picks_from_the_class(tmp_path):
    """After a closed season the Season area shows the off-season's steps (§7); `o` decides the
    retirements, opens the draft (asked which club you pick for) and, when the draft waits for
    your club, offers the class to pick from (a list, not free text); `N` makes the season."""
    db = played_and_closed(small_league(tmp_path, extra=ACTIVE_DRAFT))
    async with season_area(db) as (app, pilot):
        await until(pilot, lambda: app.screen.query("#steps-title")
                    and "o: 引退・戦力外を決める" in _text(app, "#steps-title"))
        await pilot.press("o")
        await until(pilot, lambda: "o: ドラフトを始める" in _text(app, "#steps-title"))
        gone = services.offseason_steps(db).departures
        assert gone and app.screen.query_one("#steps-table").row_count == len(gone)
        await pilot.press("o")                       # which club do you pick for?
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
        club = next(iter(app.screen.players))[0]     # the first row: nobody
        assert club == "-"
        mine = app.screen.players[1][0]
        await pilot.press("down", "enter")
        await until(pilot, lambda: type(app.screen).__name__ == "SeasonScreen"
                    and services.offseason_steps(db).people == (mine,))
        await until(pilot, lambda: "巡目" in _text(app, "#steps-title"))
        v = services.offseason_steps(db)
        assert v.waiting == (mine,)
        await pilot.press("o")                       # his pick: the class as a list
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
        assert [k for k, _t in app.screen.players] == [p.key for p in v.left]
        second = v.left[1]
        await pilot.press("down", "enter")
        await until(pilot, lambda: (s := _shown_steps(app)) is not None and s.picks)
        v = services.offseason_steps(db)
        # the first round named at once: his 入札, the class's second, is his or went by lot
        taken = next(p for p in v.picks if p.player == second.key)
        assert taken.round == 1 and (taken.team == mine or mine in taken.lottery)
        while _shown_steps(app).waiting:
            n = len(_shown_steps(app).picks)
            await pilot.press("o")
            await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
            await pilot.press("enter")
            await until(pilot, lambda: (s := _shown_steps(app)) is not None
                        and (len(s.picks) > n or not s.waiting))
        assert not services.offseason_steps(db).waiting
        # free agency (§4): `o` opens it for his club (the draft's), the declared free agents
        # listed; `o` offers one of them from a list, the role and years from another, then
        # "done" lets the players choose; its declared players listed with where they signed
        await until(pilot, lambda: "o: FA" in _text(app, "#steps-title"))
        await pilot.press("o")
        await until(pilot, lambda: "FAオファー" in _text(app, "#steps-title")
                    or "o: 球団間のトレード" in _text(app, "#steps-title"))
        v = services.offseason_steps(db)
        if v.fa_waiting:
            assert v.fa_waiting == (mine,) and v.agents
            target = next((a for a in v.agents if dict(a.roles)[mine]), None)
            if target is not None:
                await pilot.press("o")
                await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
                assert [k for k, _t in app.screen.players] == ["-"] + [a.player
                                                                       for a in v.agents]
                for _ in range(v.agents.index(target) + 1):
                    await pilot.press("down")
                await pilot.press("enter")               # the terms: role and years
                await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog"
                            and app.screen.players[0][0].endswith(
                                f":{dict(target.years)[dict(target.roles)[mine][0]]}"))
                await pilot.press("enter")
                await until(pilot, lambda: any(a.offers for a in
                                               services.offseason_steps(db).agents))
                offered = next(a for a in services.offseason_steps(db).agents
                               if a.player == target.player)
                role = dict(target.roles)[mine][0]
                assert offered.offers == ((mine, role, dict(target.years)[role]),)
            await until(pilot, lambda: (s := _shown_steps(app)) is not None and (
                target is None or any(a.offers for a in s.agents)))
            await pilot.press("o")
            await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
            await pilot.press("enter")                   # the first row: done
        await until(pilot, lambda: "o: 球団間のトレード" in _text(app, "#steps-title"))
        await pilot.press("o")                       # §6: the computer's trades
        await until(pilot, lambda: "o: 現役ドラフト" in _text(app, "#steps-title"))
        await pilot.press("o")                       # §6: the 現役ドラフト
        await until(pilot, lambda: "o: 外国人選手" in _text(app, "#steps-title"))
        await pilot.press("o")                       # §5: no farm here, so no foreign players
        await until(pilot, lambda: "N: 新シーズンへ" in _text(app, "#steps-title"))
        fa = services.offseason_steps(db).fa
        assert fa
        table = app.screen.query_one("#steps-table")
        await until(pilot, lambda: table.row_count == len(v.picks) + len(gone) + len(fa)
                    + sum(len(t.moves()) for t in v.trades)
                    + (len(v.active_draft.picks) if v.active_draft is not None else 0)
                    if (v := services.offseason_steps(db)) else False)
        steps = [str(table.get_row_at(i)[0]) for i in range(table.row_count)]
        assert sum(1 for x in steps if "FA" in x or "人的補償" in x) == len(fa)
        assert sum(1 for x in steps if "現役ドラフト" in x) == len(
            services.offseason_steps(db).active_draft.picks) > 0
        await pilot.press("N")
        await until(pilot, lambda: "2027" in _text(app, "#season-title"))
    assert any(p.team == mine for p in services.offseason(db).picks)


async def test_a_person_s_free_agency_offers_from_lists(tmp_path):
    """Free agency (§4) in the Season area: `o` asks which club you offer for (the draft had
    none), opens free agency for it and lists the declared free agents (right, service, what
    your club may promise); `o` again offers one from the list, the role and years from a
    second list; "done" lets the players choose, and the market lists where each signed."""
    import sqlite3

    db = played_and_closed(small_league(tmp_path))
    with sqlite3.connect(db) as conn:            # room under the roster size to bid for others
        conn.execute("update league_league set roster_size = 32")
    services.close_all()
    services.offseason_step(db, step="retire")
    services.offseason_step(db, step="draft")
    async with season_area(db) as (app, pilot):
        await until(pilot, lambda: app.screen.query("#steps-title")
                    and "o: FA" in _text(app, "#steps-title"))
        await pilot.press("o")                       # which club do you offer for?
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
        assert app.screen.players[0][0] == "-"
        mine = app.screen.players[1][0]
        await pilot.press("down", "enter")
        await until(pilot, lambda: services.offseason_steps(db).fa_people == (mine,))
        v = services.offseason_steps(db)
        assert v.fa_waiting == (mine,) and v.agents, "nobody declared"
        await until(pilot, lambda: "FAオファー" in _text(app, "#steps-title"))
        table = app.screen.query_one("#steps-table")
        await until(pilot, lambda: any(str(table.get_row_at(i)[1]).startswith(
            app.screen.player_name(v.agents[0].player, v.agents[0].name))
            for i in range(table.row_count)))
        target = next(a for a in v.agents if dict(a.roles)[mine])
        role = dict(target.roles)[mine][0]
        await pilot.press("o")                       # the declared free agents, "done" first
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
        assert [k for k, _t in app.screen.players] == ["-"] + [a.player for a in v.agents]
        for _ in range(v.agents.index(target) + 1):
            await pilot.press("down")
        await pilot.press("enter")                   # the terms: each role, the most years first
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog"
                    and app.screen.players[0][0] == f"{role}:{dict(target.years)[role]}")
        await pilot.press("down", "enter")           # a year fewer
        await until(pilot, lambda: any(a.offers for a in services.offseason_steps(db).agents))
        offered = next(a for a in services.offseason_steps(db).agents
                       if a.player == target.player)
        years = dict(target.years)[role] - 1 if dict(target.years)[role] > 1 else 1
        if dict(target.years)[role] > 1:
            assert offered.offers == ((mine, role, years),)
        assert offered.count == 1
        await until(pilot, lambda: type(app.screen).__name__ == "SeasonScreen")
        # his row says how many offers he has (from whom only the person's own: §4, sealed in a
        # shared league), then the offer itself
        name = app.screen.player_name(target.player, target.name)

        def counted() -> bool:
            rows = app.screen.query_one("#steps-table")
            return any(str(rows.get_row_at(i)[1]).startswith(name)
                       and "オファー 1球団" in str(rows.get_row_at(i)[3])
                       for i in range(rows.row_count))
        await until(pilot, counted)
        await pilot.press("o")
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
        await pilot.press("enter")                   # done
        await until(pilot, lambda: "o: 球団間のトレード" in _text(app, "#steps-title"))
    d = next(f for f in services.offseason_steps(db).fa if f.player == target.player)
    assert d.abroad or any(t == mine for t, _r, _y in d.offers)


async def test_a_person_s_foreign_signings_from_a_list(tmp_path):
    """The foreign step (§5) in the Season area: while it waits for your club, `o` lists its
    pool and its foreign players ("done" first); Enter on a pool's man signs him, Enter on
    "done" decides, and the computer decides for the rest."""
    db = str(tmp_path / "n.sqlite3")
    services.create_league(db, "nippon", "nippon")
    services.new_season(db, games_per_opponent=1)
    played_and_closed(db)
    for step in ("retire", "draft", "fa", "trades", "active_draft"):
        services.offseason_step(db, step=step)
    v = services.offseason_step(db, step="foreign", people=["EDO"])
    assert v.foreign is not None and v.foreign.waiting == ("EDO",)
    pool = [m for m in v.foreign.pool if m.team == "EDO"]
    async with season_area(db) as (app, pilot):
        await until(pilot, lambda: app.screen.query("#steps-title")
                    and "外国人選手" in _text(app, "#steps-title"))
        await pilot.press("o")
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
        keys = [k for k, _t in app.screen.players]
        assert keys[0] == "-" and keys[1:len(pool) + 1] == [m.player for m in pool]
        await pilot.press("down", "enter")           # the pool's first: signed
        await until(pilot, lambda: any(m.chosen for m in services.offseason_steps(db).foreign.pool))
        await until(pilot, lambda: type(app.screen).__name__ == "SeasonScreen")
        await pilot.press("o")
        await until(pilot, lambda: type(app.screen).__name__ == "PickPlayerDialog")
        await pilot.press("enter")                   # done
        await until(pilot, lambda: "N: 新シーズンへ" in _text(app, "#steps-title"))
    f = services.offseason_steps(db).foreign
    assert [m.player for m in f.signed if m.team == "EDO"] == [pool[0].player]
    assert {m.team for m in f.signed} - {"EDO"}


async def test_the_off_season_s_refusals_and_development_contracts_at_their_limit(tmp_path):
    """§3 in the Season area: the off-season walked from a closed season (`o` decides the
    retirements, `N` makes the next) lists each 入団拒否 with the class the man comes back in,
    and each 育成 player at his contract's limit — let go (育成満了: KYO102, too old to keep) or
    signed again as 育成 (育成再契約: KYO101, 19) — in either language."""
    from season_helpers import WEAK_BATTER, mini_with_ikusei
    folder = mini_with_ikusei(tmp_path, "\n[draft]\nikusei_years = 1\nrefusal = 0.3\n", [
        dict(WEAK_BATTER, id="KYO101", name="育成 一郎", born="2007-05-05"),
        dict(WEAK_BATTER, id="KYO102", name="育成 二郎", born="1994-05-05")])
    db = str(tmp_path / "l.sqlite3")
    services.create_league(db, "mini", folder)
    services.new_season(db, seed=3)
    played_and_closed(db)
    async with season_area(db) as (app, pilot):
        await until(pilot, lambda: app.screen.query("#steps-title")
                    and "o: 引退・戦力外を決める" in _text(app, "#steps-title"))
        await pilot.press("o")
        await until(pilot, lambda: "o: ドラフトを始める" in _text(app, "#steps-title"))
        await pilot.press("N")
        await until(pilot, lambda: app.screen.query_one("#offseason-table").row_count > 0)
        off = services.offseason(db)
        refused = [p for p in off.picks if p.refused]
        assert refused and [d.player for d in off.departures if d.reason == "ikusei"] == [
            "KYO102"] and [p for p, _n, _t in off.resigned] == ["KYO101"]
        table = app.screen.query_one("#offseason-table")

        def rows() -> list[list[str]]:
            return [[str(c) for c in table.get_row_at(i)] for i in range(table.row_count)]

        def line(pid: str) -> list[str]:        # a departure's row or a signing's again
            key = f"d-{pid}" if pid == "KYO102" else f"r-{pid}"
            return [str(c) for c in table.get_row(key)]

        assert line("KYO102")[0] == "育成満了" and "育成 二郎" in line("KYO102")[1]
        assert line("KYO101")[0] == "育成再契約" and "育成 一郎" in line("KYO101")[1]
        for p in refused:
            shown = next(r for r in rows() if p.name in r[1])
            assert "入団拒否" in shown[3] and f"{p.returns}年に大学から再び指名対象" in shown[3]
        await pilot.press("L")
        await until(pilot, lambda: "Off-season" in _text(app, "#offseason-title"))
        assert line("KYO102")[0] == "Development contract ended"
        assert line("KYO101")[0] == "Signed again (development)"
        for p in refused:
            shown = next(r for r in rows() if p.name in r[1])
            assert f"refused to sign back in the {p.returns} class from university" in shown[3]
