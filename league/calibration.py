"""The figures of rules C.3, measured over many games, each beside its band."""
from __future__ import annotations

from dataclasses import dataclass

from league.game import (AB, BB, CS, D2, D3, E, GIDP, H, HBP, HR, PA, SB, SF, SH, SO, GameResult)

# figure -> (low, high, how it is shown)
BANDS: dict[str, tuple[float, float, str]] = {
    "runs": (3.6, 4.4, "{:.2f}"),
    "AVG": (0.240, 0.265, "{:.3f}"),
    "OBP": (0.305, 0.335, "{:.3f}"),
    "SLG": (0.360, 0.410, "{:.3f}"),
    "HR/PA": (0.020, 0.030, "{:.2%}"),
    "BB/PA": (0.070, 0.095, "{:.2%}"),
    "K/PA": (0.16, 0.22, "{:.2%}"),
    "2B/H": (0.15, 0.21, "{:.2%}"),
    "3B/H": (0.01, 0.03, "{:.2%}"),
    "SB attempts": (0.4, 1.0, "{:.2f}"),
    "SB success": (0.60, 0.80, "{:.2%}"),
    "errors": (0.4, 0.8, "{:.2f}"),
    "double plays": (0.5, 0.9, "{:.2f}"),
    "sacrifice bunts": (0.3, 0.9, "{:.2f}"),
}


@dataclass(frozen=True, slots=True)
class Figure:
    name: str
    value: float
    low: float
    high: float
    shown: str

    @property
    def passed(self) -> bool:
        return self.low <= self.value <= self.high

    def band_text(self) -> str:
        f = BANDS[self.name][2]
        return f"{f.format(self.low)} – {f.format(self.high)}"


class Tally:
    """Sums of batting lines over many games (per team per game figures)."""

    def __init__(self) -> None:
        self.games = 0
        self.team_games = 0
        self.runs = 0
        self.errors = 0
        self.sums = [0] * 18

    def add(self, result: GameResult) -> None:
        self.games += 1
        self.team_games += 2
        self.runs += sum(result.runs)
        self.errors += sum(result.errors)
        for _side, _pid, line, _pos in result.batting:
            for i, v in enumerate(line):
                self.sums[i] += v

    def figures(self) -> list[Figure]:
        s = self.sums
        tg = max(self.team_games, 1)
        pa = max(s[PA], 1)
        ab = max(s[AB], 1)
        h = s[H]
        singles = h - s[D2] - s[D3] - s[HR]
        tb = singles + 2 * s[D2] + 3 * s[D3] + 4 * s[HR]
        obp_den = max(s[AB] + s[BB] + s[HBP] + s[SF], 1)
        att = s[SB] + s[CS]
        values = {
            "runs": self.runs / tg,
            "AVG": h / ab,
            "OBP": (h + s[BB] + s[HBP]) / obp_den,
            "SLG": tb / ab,
            "HR/PA": s[HR] / pa,
            "BB/PA": s[BB] / pa,
            "K/PA": s[SO] / pa,
            "2B/H": s[D2] / max(h, 1),
            "3B/H": s[D3] / max(h, 1),
            "SB attempts": att / tg,
            "SB success": s[SB] / max(att, 1),
            "errors": self.errors / tg,
            "double plays": s[GIDP] / tg,
            "sacrifice bunts": s[SH] / tg,
        }
        return [Figure(k, values[k], lo, hi, f.format(values[k])) for k, (lo, hi, f) in BANDS.items()]
