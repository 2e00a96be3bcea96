"""Statistics files in the layout of the professional league's official pages, made for the
tests from the example league's lines (sample_leagues/npb_example): one batting, pitching and
fielding file per team (no team column: the team is the file's name), 選手 / 投手 as the
name column with the pages' hand marks before the name (`*` left, `+` switch), every column
those pages print, the innings in two cells (whole, then the thirds), no 先発 column, the
fielding page in sections by position (投手, 捕手, 一塁手 … 外野手). Some teams' files are
saved as cp932 (a Japanese spreadsheet's Shift_JIS), some as UTF-8 with a BOM, one with
full-width digits. Two players are made two-way: a reliever and a starter who also bat and
play the outfield."""
from __future__ import annotations

import csv
import io
from pathlib import Path

from storage.plainfiles import SAMPLE_ROOT

EXAMPLE = SAMPLE_ROOT / "npb_example"

BAT_COLS = ("試合", "打席", "打数", "得点", "安打", "二塁打", "三塁打", "本塁打", "塁打", "打点",
            "盗塁", "盗塁刺", "犠打", "犠飛", "四球", "故意四", "死球", "三振", "併殺打")
PIT_COLS = ("登板", "勝利", "敗北", "セーブ", "ホールド", "HP", "完投", "完封勝", "無四球", "勝率",
            "打者", "投球回", "", "安打", "本塁打", "四球", "故意四", "死球", "三振", "暴投",
            "ボーク", "失点", "自責点", "防御率")
SECTIONS = (("投手", ("P",)), ("捕手", ("C",)), ("一塁手", ("1B",)), ("二塁手", ("2B",)),
            ("三塁手", ("3B",)), ("遊撃手", ("SS",)), ("外野手", ("LF", "CF", "RF")))
FULL = str.maketrans("0123456789", "０１２３４５６７８９")
# (team, pitcher's name): his batting line and his outfield games
TWO_WAY = {("札幌", "加藤 蓮"): 0, ("仙台", None): 1}


def _read(name: str) -> list[dict[str, str]]:
    return list(csv.DictReader(io.StringIO((EXAMPLE / name).read_text(encoding="utf-8"))))


def _mark(hand: str) -> str:
    return "*" if hand == "左" else "+" if hand == "両" else ""


def _ip_cells(text: str) -> tuple[str, str]:
    whole, _, frac = text.partition(" ")
    return whole, ("." + frac[0]) if frac else ""


def two_way_names() -> list[tuple[str, str]]:
    """The two players the files make two-way: (team, name)."""
    pits = _read("pitching.csv")
    out = [("札幌", "加藤 蓮")]
    relievers = [r for r in pits if r["チーム"] == "仙台" and r["先発"] == "0"]
    relievers.sort(key=lambda r: -int(r["打者"]))
    out.append(("仙台", relievers[0]["選手名"]))
    return out


def write_pages(folder: Path) -> dict[str, Path]:
    """Write every team's three files into `folder`; returns {team: folder}."""
    folder.mkdir(parents=True, exist_ok=True)
    bats, pits, flds = _read("batting.csv"), _read("pitching.csv"), _read("fielding.csv")
    teams = list(dict.fromkeys(r["チーム"] for r in bats))
    two_way = two_way_names()
    for n, team in enumerate(teams):
        encoding = "cp932" if n % 2 else "utf-8-sig"
        full = n == 2
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\r\n")
        w.writerow(["選手", *BAT_COLS, "打率", "長打率", "出塁率"])
        rows = [r for r in bats if r["チーム"] == team]
        for (t, name) in two_way:
            if t == team:
                hand = next(r["投打"] for r in pits if r["選手名"] == name)
                # a real bat: 240 plate appearances of a useful hitter
                rows.append({"選手名": name, "投打": hand, "試合": "70", "打席": "240",
                             "打数": "212", "得点": "30", "安打": "58", "二塁打": "12",
                             "三塁打": "1", "本塁打": "9", "塁打": "99", "打点": "33",
                             "盗塁": "3", "盗塁刺": "1", "犠打": "0", "犠飛": "2", "四球": "24",
                             "故意四": "1", "死球": "2", "三振": "55", "併殺打": "4"})
        for r in rows:
            ab, h = int(r["打数"]), int(r["安打"])
            tb = int(r["塁打"])
            pa = int(r["打席"])
            on = h + int(r["四球"]) + int(r["死球"])
            cells = [_mark(r["投打"][2]) + r["選手名"], *(r[c] for c in BAT_COLS),
                     f"{h / ab:.3f}".lstrip("0") if ab else "-",
                     f"{tb / ab:.3f}" if ab else "-",
                     f"{on / max(1, pa - int(r['犠打'])):.3f}".lstrip("0")]
            w.writerow([c.translate(FULL) if full else c for c in cells])
        (folder / f"{team}_打撃.csv").write_bytes(out.getvalue().encode(encoding))
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\r\n")
        w.writerow(["投手", *PIT_COLS])
        for r in (r for r in pits if r["チーム"] == team):
            whole, frac = _ip_cells(r["投球回"])
            wins, losses = int(r["勝利"]), int(r["敗北"])
            cells = [_mark(r["投打"][0]) + r["選手名"], r["登板"], r["勝利"], r["敗北"],
                     r["セーブ"], r["ホールド"], str(int(r["ホールド"]) + wins), r["完投"], "0",
                     "0", f"{wins / (wins + losses):.3f}".lstrip("0") if wins + losses else "-",
                     r["打者"], whole, frac, r["安打"], r["本塁打"], r["四球"], r["故意四"],
                     r["死球"], r["三振"], r["暴投"], r["ボーク"], r["失点"], r["自責点"],
                     r["防御率"]]
            w.writerow([c.translate(FULL) if full else c for c in cells])
        (folder / f"{team}_投手.csv").write_bytes(out.getvalue().encode(encoding))
        out = io.StringIO()
        w = csv.writer(out, lineterminator="\r\n")
        mine = [r for r in flds if r["チーム"] == team]
        for title, positions in SECTIONS:
            w.writerow([title])
            catcher = positions == ("C",)
            w.writerow(["選手", "試合", "刺殺", "補殺", "失策", "併殺"]
                       + (["捕逸", "企図数", "許盗塁", "盗塁刺", "阻止率"] if catcher else [])
                       + ["守備率"])
            at = [r for r in mine if r["守備位置"] in positions]
            if title == "外野手":
                for (t, name) in two_way:
                    if t == team:
                        at.append({"選手名": name, "試合": "45", "刺殺": "70", "補殺": "2",
                                   "失策": "1", "併殺": "0", "捕逸": "0", "許盗塁": "0",
                                   "盗塁刺": "0"})
                # the page gives one line a man over the three outfield positions
                merged: dict[str, dict[str, int]] = {}
                for r in at:
                    m = merged.setdefault(r["選手名"], dict.fromkeys(
                        ("試合", "刺殺", "補殺", "失策", "併殺"), 0))
                    for k in m:
                        m[k] += int(r[k])
                at = [{"選手名": k, **{c: str(v) for c, v in m.items()}} for k, m in merged.items()]
            for r in at:
                ch = int(r["刺殺"]) + int(r["補殺"]) + int(r["失策"])
                pct = f"{(ch - int(r['失策'])) / ch:.3f}" if ch else "-"
                extra = []
                if catcher:
                    att = int(r["許盗塁"]) + int(r["盗塁刺"])
                    extra = [r["捕逸"], str(att), r["許盗塁"], r["盗塁刺"],
                             f"{int(r['盗塁刺']) / att:.3f}".lstrip("0") if att else "-"]
                w.writerow([r["選手名"], r["試合"], r["刺殺"], r["補殺"], r["失策"], r["併殺"],
                            *extra, pct])
        (folder / f"{team}_守備.csv").write_bytes(out.getvalue().encode(encoding))
    return {t: folder for t in teams}
