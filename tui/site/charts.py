"""The site's charts as SVG geometry: lines over days (the pennant race, the pennant odds over
time). Pure functions that return numbers and the texts to show; the template draws them, and
Jinja2's autoescape escapes every text (a team named `<b>` is a label, not markup)."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import date

# twelve colours that stay apart on screen and in print (Okabe-Ito, then Tableau's)
PALETTE = ("#0072b2", "#d55e00", "#009e73", "#cc79a7", "#e69f00", "#56b4e9", "#000000",
           "#8c564b", "#7f7f7f", "#bcbd22", "#9467bd", "#17becf")

WIDTH, HEIGHT = 640, 320
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
LEFT, RIGHT, TOP, BOTTOM = 44, 96, 12, 28


@dataclass(frozen=True)
class Line:
    label: str
    color: str
    points: str               # "x,y x,y …" for <polyline points>
    end_x: float
    end_y: float


@dataclass(frozen=True)
class Tick:
    at: float
    text: str


@dataclass(frozen=True)
class Chart:
    title: str
    width: int
    height: int
    left: int
    right: int                # x of the plot's right edge
    top: int
    bottom: int               # y of the plot's bottom edge
    lines: tuple[Line, ...]
    x_ticks: tuple[Tick, ...]
    y_ticks: tuple[Tick, ...]
    zero: float | None        # y of the zero line, when the range holds it
    y_label: str


def _nice_step(span: float, wanted: int = 5) -> float:
    raw = span / max(1, wanted)
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if step >= raw:
            return float(step)
    return float(int(raw) + 1)


def line_chart(title: str, series: Sequence[tuple[str, Sequence[tuple[date, float]]]], *,
               y_label: str, month_text: "MonthText", y_min: float | None = None,
               y_max: float | None = None) -> Chart | None:
    """Lines of values over days, one per (label, points); None when no series has a point."""
    points = [p for _, pts in series for p in pts]
    if not points:
        return None
    d0 = min(d for d, _ in points).toordinal()
    d1 = max(d for d, _ in points).toordinal()
    lo = min(v for _, v in points) if y_min is None else y_min
    hi = max(v for _, v in points) if y_max is None else y_max
    if y_min is None:
        lo = min(lo, 0.0)
    if y_max is None:
        hi = max(hi, 0.0)
    if hi - lo < 4:
        hi, lo = hi + 2, lo - 2
    step = _nice_step(hi - lo)
    lo = step * (lo // step)
    hi = step * -(-hi // step)
    right, bottom = WIDTH - RIGHT, HEIGHT - BOTTOM

    def x_of(d: int) -> float:
        return LEFT + (right - LEFT) * ((d - d0) / (d1 - d0) if d1 > d0 else 0.5)

    def y_of(v: float) -> float:
        return bottom - (bottom - TOP) * (v - lo) / (hi - lo)

    lines = []
    for k, (label, pts) in enumerate(series):
        if not pts:
            continue
        xy = [(round(x_of(d.toordinal()), 1), round(y_of(v), 1)) for d, v in sorted(pts)]
        lines.append(Line(label, PALETTE[k % len(PALETTE)],
                          " ".join(f"{x},{y}" for x, y in xy), xy[-1][0], xy[-1][1]))
    # the labels at the lines' ends kept apart (11 units, a line of text) from top to bottom
    placed = sorted(lines, key=lambda ln: ln.end_y)
    spread: list[Line] = []
    last = -1e9
    for ln in placed:
        y = max(ln.end_y, last + 11)
        spread.append(Line(ln.label, ln.color, ln.points, ln.end_x, y))
        last = y
    y_ticks = []
    v = lo
    while v <= hi + 1e-9:
        y_ticks.append(Tick(round(y_of(v), 1), f"{v:+.0f}" if y_min is None and v else f"{v:.0f}"))
        v += step
    x_ticks = [Tick(round(x_of(d.toordinal()), 1), month_text(d))
               for d in _month_starts(date.fromordinal(d0), date.fromordinal(d1))]
    return Chart(title, WIDTH, HEIGHT, LEFT, right, TOP, bottom, tuple(spread),
                 tuple(x_ticks), tuple(y_ticks), round(y_of(0), 1) if lo <= 0 <= hi else None,
                 y_label)


class MonthText:
    """How an axis names a month: "4月" or "Apr"."""

    def __init__(self, ja: bool) -> None:
        self.ja = ja

    def __call__(self, d: date) -> str:
        return f"{d.month}月" if self.ja else _MONTHS[d.month - 1]


def _month_starts(first: date, last: date) -> Iterable[date]:
    y, m = first.year, first.month
    while True:
        d = date(y, m, 1)
        if d > last:
            return
        if d >= first:
            yield d
        y, m = (y + 1, 1) if m == 12 else (y, m + 1)
