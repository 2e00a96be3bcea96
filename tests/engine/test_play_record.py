"""A play is recorded as data (league.engine.events): who batted and pitched, what happened, the
runners before and after, who scored and which pitcher is charged, the outs it made, the
modifiers — and every text of the play (English, 一球速報, the compact code) is made from it."""
from __future__ import annotations

import pytest
from test_official_scoring_play import LONG_DOUBLE, _long_hit, _setup

from league.engine import events
from league.engine.dice import ScriptedDice
from league.engine.events import Event
from league.engine.game import Runner

import engine_digest


@pytest.fixture(scope="module")
def games():
    return list(engine_digest.digest_games())[:40]


def test_every_play_has_its_record_and_its_line_is_made_from_it(games):
    for seed, r in games:
        assert len(r.events) == len(r.plays), seed
        name = lambda pid: r.players[pid].name          # noqa: E731
        for play, ev in zip(r.plays, r.events):
            assert events.english(ev, name) == play.text
            assert (ev.batter, ev.pitcher) == (play.batter, play.pitcher)
            assert ev.code() != "?"


def test_the_records_add_up_to_the_game(games):
    """The runs the records count are the line score's, each charged to a pitcher of the other
    side; a finished half-inning's records make its three outs; a record's runners before are the
    last record's after in the same half."""
    for seed, r in games:
        runs = [0, 0]
        outs: dict[tuple[int, str], int] = {}
        pitchers = [{pid for s, pid, _ in r.pitching if s == side} for side in (0, 1)]
        last: dict[tuple[int, str], Event] = {}
        for play, ev in zip(r.plays, r.events):
            side = 0 if play.half == "top" else 1
            runs[side] += len(ev.scored)
            assert all(charged in pitchers[1 - side] for _, charged in ev.scored), seed
            key = (play.inning, play.half)
            outs[key] = outs.get(key, 0) + ev.outs
            if key in last and ev.what != "INJURY" and last[key].what != "INJURY":
                assert ev.before == last[key].after, (seed, play.text)
            last[key] = ev
        assert runs == list(r.runs), seed
        final_half = (r.plays[-1].inning, r.plays[-1].half)
        assert all(n == 3 for key, n in outs.items() if key != final_half), seed


def test_a_double_records_the_runners_who_score_and_the_pitchers_charged(mini, ruleset):
    """C.2: the runner from 3rd and the runner from 1st score on a double, lead runner first,
    each charged to the pitcher who put him on."""
    g = _setup(mini, ruleset, [1, 3], inning=5, score=(0, 1))
    starter = g.defense.pitcher
    r1, r3 = g.bases[1].pid, g.bases[3].pid
    g.bases[1] = Runner(r1, "someone-else", True)
    g.bases[3] = Runner(r3, starter, True)
    batter = g.batter_id
    _long_hit(g, LONG_DOUBLE)
    ev = g.events[-1]
    assert ev.what == "2B" and ev.batter == batter and ev.pitcher == starter
    assert ev.before == (r1, "", r3)
    assert ev.after == ("", batter, "")
    assert ev.scored == ((r3, starter), (r1, "someone-else"))
    assert (r3, 3, 4) in ev.moves and (r1, 1, 4) in ev.moves
    assert ev.outs == 0 and ev.code() == "2B"
    name = g.name
    assert events.english(ev, name) == (f"{name(batter)}: double, {name(r1)} scores, "
                                        f"{name(r3)} scores")
    assert events.japanese(ev, name) == f"{name(batter)}: ツーベース、{name(r1)}生還、{name(r3)}生還"


def test_a_caught_stealing_records_the_runner_the_base_and_the_out(mini, ruleset):
    from test_official_scoring_play import _steal
    g = _steal(mini, ruleset, [45, 100], outs=2)
    rid = g.bases[1].pid
    g.steal(1)
    ev = g.events[-1]
    assert (ev.what, ev.who, ev.base, ev.outs) == ("CS", rid, 2, 1)
    assert ev.after == ("", "", "")
    assert events.japanese(ev, g.name) == f"{g.name(rid)}が二盗失敗 (盗塁死)"
    assert ev.code() == "CS"


def test_the_lines_name_players_by_the_callers_names_never_by_searching_text():
    """高橋 and 高橋 直樹, Lee and Leeds: each line names exactly the players of its record, in
    whatever names the caller gives (English names in the app), however the names overlap."""
    names = {"a": "高橋", "b": "高橋 直樹", "c": "Lee", "d": "Leeds"}
    english_names = {"a": "Takahashi", "b": "Naoki Takahashi", "c": "Lee", "d": "Leeds"}
    ev = Event("1B", "b", "p", moves=(("a", 1, 3), ("c", 2, 4)))
    assert events.english(ev, names.__getitem__) == "高橋 直樹: single, 高橋 to 3rd, Lee scores"
    assert events.english(ev, english_names.__getitem__) == \
        "Naoki Takahashi: single, Takahashi to 3rd, Lee scores"
    assert events.japanese(ev, names.__getitem__) == "高橋 直樹: ヒット、高橋は三塁へ、Lee生還"
    sub = Event("PH", "d", "p", who="d", other="c")
    assert events.english(sub, english_names.__getitem__) == "pinch hitter: Leeds bats for Lee"
    assert events.japanese(sub, english_names.__getitem__) == "代打: Lee → Leeds"


def test_a_scripted_steal_from_the_x_table_keeps_its_s(mini, ruleset):
    from test_rules_examples import game, set_batting
    g = game(mini, ruleset, [], runners=[1])
    rid = g.bases[1].pid
    set_batting(g, rid, RR=3)
    g.dice = ScriptedDice([])
    g._stolen(1, g.bases[1], "S")
    ev = g.events[-1]
    assert (ev.what, ev.mods, ev.base) == ("SB", ("S",), 2)
    assert events.english(ev, g.name) == f"{g.name(rid)} steals 2nd (S)"
    assert events.japanese(ev, g.name) == f"{g.name(rid)}が二盗成功 (S)"


def test_a_name_inside_another_never_changes_the_other_in_either_language(games):
    """高橋 has an English name, 高橋 直樹 has none: in English the play-by-play names 高橋 as
    Takahashi and leaves 高橋 直樹 whole (the lines were once made by finding names in the text,
    which turned him into "Takahashi 直樹")."""
    from tui.services.views import NameBook
    seed, r = games[0]
    a, b = r.plays[0].batter, r.plays[1].batter
    league = {a: "高橋", b: "高橋 直樹"}
    book = NameBook(players={a: ("高橋", "Takahashi"), b: ("高橋 直樹", "")})

    def ja_name(pid):
        return league.get(pid) or r.players[pid].name

    def en_name(pid):
        return book.player(pid, False, ja_name(pid))

    from league.engine.playtext import play_lines
    english, japanese = play_lines(r, False, en_name), play_lines(r, True, ja_name)
    batters = [ev.batter if ev.what in events.BATTER_WHAT else "" for ev in r.events]
    by_b = [i for i, who in enumerate(batters) if who == b]
    by_a = [i for i, who in enumerate(batters) if who == a]
    assert by_a and by_b
    assert all(english[i].startswith("高橋 直樹: ") for i in by_b)
    assert all(english[i].startswith("Takahashi: ") for i in by_a)
    assert all(japanese[i].startswith("高橋 直樹: ") for i in by_b)
    assert not any("Takahashi 直樹" in line for line in english)
    # what reading the names back out of the text did
    assert book.english("高橋 直樹: single") == "Takahashi 直樹: single"


def test_a_game_kept_whole_stores_its_records_and_reads_them_back(games):
    """A game played at the keyboard is stored with its plays (storage.mappers.game_data, v 2):
    its records are stored beside the lines and read back the same; a game stored before the
    record (no "events") reads its stored lines, in Japanese through the reader of older
    texts."""
    import json

    from league.engine import ENGINE_VERSION
    from league.engine.playtext import japanese, play_lines, recorded
    from storage.mappers import events_from, game_data, plays_from
    for seed, r in games[:10]:
        data = json.loads(game_data(r))
        assert data["engine"] == ENGINE_VERSION
        assert events_from(data) == r.events, seed
        assert plays_from(data) == r.plays
        del data["events"]
        older = events_from(data)
        assert older == []
        import dataclasses
        old = dataclasses.replace(r, events=older)
        assert not recorded(old)
        assert play_lines(old, False) == [p.text for p in r.plays]
        assert play_lines(old, True) == [japanese(p.text) for p in r.plays] == play_lines(r, True)


def test_the_games_json_carries_each_plays_record(games):
    """`impact sim game --json --detail` (boxscore.result_dict): every play with its record."""
    from league.engine.boxscore import result_dict
    seed, r = games[2]
    plays = result_dict(r, seed)["plays"]
    assert all("record" in p for p in plays)
    scoring = [p for p in plays if p["record"]["scored"]]
    assert sum(len(p["record"]["scored"]) for p in plays) == sum(r.runs)
    first = scoring[0]["record"]
    assert first["code"] == events.BATTER_WHAT.get(first["what"], events.OTHER_WHAT.get(first["what"]))[2]
    assert all(s["charged"] for s in first["scored"])


def test_the_notes_of_a_recorded_game_are_said_from_its_records(games):
    """An accident's note comes from its play record (the hurt man named as the caller names
    him), a draw's from the innings: in Japanese as in English, no text read back."""
    from league.engine.playtext import japanese, note_lines
    hurt = [(seed, r) for seed, r in engine_digest.digest_games() if any(
        ev.what == "INJURY" for ev in r.events)]
    assert hurt, "the digest's games have accidents"
    seed, r = hurt[0]
    ev = next(ev for ev in r.events if ev.what == "INJURY")
    en, ja = note_lines(r, False), note_lines(r, True)
    assert en == r.notes
    assert ja == [japanese(n) for n in r.notes]          # what the older reader said
    shown = note_lines(r, True, lambda pid: "X" if pid == ev.who else r.players[pid].name)
    assert any(n.startswith(f"アクシデント: X ({ev.who})が負傷") for n in shown)


def test_the_record_reads_as_the_tuples_it_was_and_pickles_whole(games):
    """A recorded play keeps its record and makes its line only when read (league.engine.state.Play);
    the roll log, the records and the plays still read, compare and pickle as the tuples of their
    fields (league.engine.record), so stored games and the digest see what they saw."""
    import pickle

    from league.engine.dice import Roll
    from league.engine.game import Play
    for seed, r in games[:5]:
        name = lambda pid: r.players[pid].name          # noqa: E731
        again = pickle.loads(pickle.dumps((r.rolls, r.events, r.plays)))
        assert again == (r.rolls, r.events, r.plays), seed
        for roll, ev, play in zip(r.rolls, r.events, r.plays):
            assert tuple(roll) == (roll.purpose, roll.raw, roll.modifiers, roll.modified, roll.table,
                                   roll.row, roll.result) == Roll(*roll)
            assert tuple(ev)[0] == ev.what and len(ev) == 15 and Event(*ev) == ev
            assert tuple(play) == (play.inning, play.half, play.batter, play.pitcher,
                                   events.english(ev, name), play.outs, play.score)
            assert Play(*play) == play and hash(Play(*play)) == hash(play)
            assert repr(play).startswith(f"Play(inning={play.inning}, half='{play.half}'")


def test_a_game_that_wraps_the_roll_log_is_told_every_roll(pacific, ruleset):
    """The pitch, bat and defense rules add their rolls to the log in place (issue 34) unless a
    game's class wraps GameState.log, as the referee's timeline does (league/referee.py): such a
    game is told every roll, in order, and plays and logs the same game as a plain one."""
    from league.engine.dice import SeededDice
    from league.engine.game import Game
    from league.manager.computer import ComputerManager, make_lineup
    from league.season.simulate import players_of

    class Told(Game):
        told: list = []

        def log(self, purpose, raw, mods, modified, table, row, result) -> None:
            super().log(purpose, raw, mods, modified, table, row, result)
            self.told.append(self.rolls[-1].astuple())

    players = players_of(pacific)
    codes = [t.code for t in pacific.teams]
    for seed in range(1, 7):
        away, home = codes[seed % 2 * 2:seed % 2 * 2 + 2]
        dh = pacific.dh_for(home)
        lineups = [make_lineup(code, list(pacific.team(code).active), dh, rotation_index=seed)
                   for code in (away, home)]
        plain = Game(ruleset, players, *lineups, ComputerManager(), ComputerManager(),
                     SeededDice(seed), dh=dh)
        a = plain.play()
        told = Told(ruleset, players, *lineups, ComputerManager(), ComputerManager(),
                    SeededDice(seed), dh=dh)
        told.told = []
        b = told.play()
        assert plain.log_in_place and not told.log_in_place
        assert told.told == [r.astuple() for r in b.rolls], f"seed {seed}: a roll not told"
        assert [r.astuple() for r in a.rolls] == [r.astuple() for r in b.rolls], f"seed {seed}"
        assert {r.purpose for r in b.rolls} >= {"pitch", "bat", "defense"}, f"seed {seed}"
        assert (a.runs, a.raws) == (b.runs, b.raws), f"seed {seed}"
