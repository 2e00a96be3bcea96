"""What counts as a number in text a person typed or a file held — one rule for every input.

A number is written with the digits 0-9, ASCII or full width (０-９, as a Japanese keyboard
types them), with an optional sign where a sign is allowed. Every other character that Unicode
calls a digit (superscripts such as ², circled ①, Arabic-Indic ٣, …) is not a number, and a
number of more than MAX_DIGITS digits is refused before it is ever converted. The same rule
reads CSV cells, TOML strings, JSON strings, typed dice and Melting Pot slips.
"""
from __future__ import annotations

import math
import re
from typing import Final

MAX_DIGITS = 18
FULL_WIDTH: Final = "０１２３４５６７８９＋－"    # read as ...
ASCII_DIGITS: Final = "0123456789+-"            # ... these (the database's copy: storage/roster_sql.py)
_FULL_WIDTH = str.maketrans(FULL_WIDTH, ASCII_DIGITS)
_UNSIGNED = re.compile(r"[0-9]+", re.ASCII)
_SIGNED = re.compile(r"[+-]?[0-9]+", re.ASCII)


def rate_text(value: float) -> str:
    """A rate (勝率, 打率, ...) with three decimals as NPB's tables print it: rounded half up
    (四捨五入: 5-11 is .313, not the binary float's .312), no leading zero below one ("1.000")."""
    if value < 0:
        return "-" + rate_text(-value)
    thousandths = math.floor(value * 1000 + 0.5 + 1e-9)
    text = f"{thousandths // 1000}.{thousandths % 1000:03d}"
    return text[1:] if text.startswith("0.") else text


def hundredths_text(value: float) -> str:
    """A figure with two decimals (防御率, WHIP) as NPB's tables print it: rounded half up
    (四捨五入: 1 ER in 8 innings is 1.13, not the ".2f" of the binary float, 1.12)."""
    if value < 0:
        return "-" + hundredths_text(-value)
    hundredths = math.floor(value * 100 + 0.5 + 1e-9)
    return f"{hundredths // 100}.{hundredths % 100:02d}"


def normalise_digits(text: str) -> str:
    """`text` with full-width digits and signs turned into ASCII ones."""
    return text.translate(_FULL_WIDTH)


def whole_number(text: str, *, signed: bool = False) -> int | None:
    """The whole number `text` spells under the rule above, or None (surrounding spaces ignored)."""
    t = normalise_digits(str(text).strip())
    if not (_SIGNED if signed else _UNSIGNED).fullmatch(t):
        return None
    if len(t.lstrip("+-")) > MAX_DIGITS:
        return None
    return int(t)


def is_digits(text: str) -> bool:
    """True when `text` is a whole number without a sign under the rule above."""
    return whole_number(text) is not None
