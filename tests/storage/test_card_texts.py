"""A stored league read as plain-file texts (storage.mappers.league_texts, issue 34): each card's
cells and CSV line are kept by its JSON text, so a league read again after a few cards changed
decodes and writes only those; what is read is the same as writing every card afresh."""
from __future__ import annotations

import json

from league.season.roster import BATTER_COLUMNS, OPTIONAL_COLUMNS, PITCHER_COLUMNS
from storage import mappers
from storage import repository as repo
from storage.mappers import csv_text, league_texts
from tui import services as sv
from tui.services.db import Work
from tui.services.folders import sample_league_path


def _written_afresh(columns: tuple[str, ...], texts: list[str]) -> str:
    """The CSV as written before the cache: every card decoded, the optional columns a card
    fills, every row written."""
    rows = [json.loads(t) for t in texts]
    header = [c for c in columns if c not in OPTIONAL_COLUMNS or any(r.get(c) for r in rows)]
    return csv_text(header, rows)


def _league(tmp_path):
    db = str(tmp_path / "league.sqlite3")
    sv.create_league(db, "p", str(sample_league_path("pacific")))
    return db


def test_a_league_read_again_is_its_cards_written_afresh(tmp_path):
    """Read twice, then with a card's roster cell changed, an optional column filled on one card
    only (the column appears for every row) and emptied again (it goes): each read equals
    every card decoded and written anew, the second read of the same cards too."""
    db = _league(tmp_path)
    with Work.of(db, "p").session() as s:
        row = repo.find_league(session=s, name="p")
        rows = repo._league_rows(s, row.id)
        cards = list(repo._card_texts(s, row.id, None))
    sv.close_all()
    assert "contract" not in league_texts(*rows, cards, "w").batters.splitlines()[0]

    def check(cards: list[tuple[str | None, str | None]]) -> None:
        for _ in range(2):         # the first read fills the cache, the second reads from it
            texts = league_texts(*rows, cards, "w")
            assert texts.batters == _written_afresh(BATTER_COLUMNS, [b for b, _ in cards if b])
            assert texts.pitchers == _written_afresh(PITCHER_COLUMNS, [p for _, p in cards if p])

    mappers._forget_cards()
    check(cards)
    k = next(i for i, (b, _p) in enumerate(cards) if b)
    changed = json.loads(cards[k][0] or "")
    farm = dict(changed, roster="farm")
    check([*cards[:k], (json.dumps(farm, ensure_ascii=False), cards[k][1]), *cards[k + 1:]])
    signed = dict(changed, contract="育成, 背番号 \"3\"")    # a comma and quotes: CSV quoting
    with_column = [*cards[:k], (json.dumps(signed, ensure_ascii=False), cards[k][1]),
                   *cards[k + 1:]]
    assert "contract" in league_texts(*rows, with_column, "w").batters.splitlines()[0]
    check(with_column)
    check(cards)                                               # the column gone again
    check([])


def test_cells_read_are_the_callers_to_change(tmp_path):
    """base_cells hands out each card's cells as a dict of the caller's own: a trade's cells
    changed in memory leave the next read as stored."""
    db = _league(tmp_path)
    with Work.of(db, "p").session() as s:
        row = repo.find_league(session=s, name="p")
        first = repo.base_cells(session=s, league_id=row.id)
        pid, _team, bat, pit = next(c for c in first if c[2] is not None)
        assert bat is not None
        stored = dict(bat)
        bat["roster"] = "farm"
        bat["team"] = "XXX"
        again = {c[0]: c for c in repo.base_cells(session=s, league_id=row.id)}
    sv.close_all()
    assert again[pid][2] == stored
    assert again[pid][2] is not bat


def test_the_cache_is_bounded(monkeypatch):
    """Past its bound the cache forgets everything at once (a long session reading many
    seasons' cards keeps no more than the bound)."""
    monkeypatch.setattr(mappers, "_CARDS_KEPT", 10)
    mappers._forget_cards()
    texts = [json.dumps({"id": f"X{n}", "name": f"n{n}"}) for n in range(30)]
    for t in texts:
        assert mappers.card_cells(t) == json.loads(t)
    assert len(mappers._CARD_CELLS) <= 11
    mappers._forget_cards()


def test_a_club_s_cards_read_alone_judge_it_as_the_whole_league_does(tmp_path):
    """A move is judged on the clubs it changes (tui.services.history._check_rosters): their
    cards alone read (repository.stored_texts(teams=...)) and parsed afresh, never kept
    (LeagueTexts.parse(keep=False)), refuse a club in the words a whole league's parse does
    and give the club's men as it does; the clubs left out are listed with no men."""
    from league.errors import LeagueError
    from storage import history_store as hs
    db = _league(tmp_path)
    with Work.of(db, "p").session() as s:
        lid = repo.find_league(session=s, name="p").id
        whole = repo.stored_texts(session=s, league_id=lid).parse(judged={"SAP"})
        alone = repo.stored_texts(session=s, league_id=lid, teams={"SAP", "SEN"}).parse(
            judged={"SAP", "SEN"}, keep=False)
        for club in ("SAP", "SEN"):
            assert alone.team(club).players == whole.team(club).players
        assert not alone.team("OSK").players and whole.team("OSK").players
        assert all(lg is not alone for _texts, lg in mappers._PARSED.values())
        # SAP's catchers moved to SEN (their own cards): SAP has none, read whole or alone
        catchers = [p.id for p in whole.team("SAP").players if p.fielding_at("C")]
        hs.apply_moves(session=s, league_id=lid, season_id=None,
                       moves=[(pid, "SAP", "SEN") for pid in catchers])
        words = []
        for teams in (None, {"SAP"}, {"SAP", "SEN"}):
            try:
                repo.stored_texts(session=s, league_id=lid, teams=teams).parse(
                    judged={"SAP"}, keep=teams is None)
            except LeagueError as exc:
                words.append(str(exc))
        assert len(words) == 3 and len(set(words)) == 1 and "team SAP has no catcher" in words[0]
    sv.close_all()
