"""Reading ruleset files: the shipped ones inside the league package, or any TOML file."""
from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from league.engine.ruleset import Ruleset, check_options, parse_ruleset
from league.errors import RulesetError
from league.tomltext import TOMLInputError, load_toml


def _parse_text(text: str, source: str) -> Ruleset:
    try:
        data = load_toml(text)
    except TOMLInputError as exc:
        raise RulesetError(f"{source}: {exc}") from None
    return parse_ruleset(data, source)


def shipped_rulesets() -> tuple[str, ...]:
    folder = resources.files("league") / "rulesets"
    return tuple(sorted(p.name[:-5] for p in folder.iterdir() if p.name.endswith(".toml")))


@lru_cache(maxsize=8)
def shipped_ruleset(name: str = "standard") -> Ruleset:
    """A ruleset shipped inside the package, by name ("standard")."""
    if name not in shipped_rulesets():
        raise RulesetError(f"no shipped ruleset {name!r} (have: {', '.join(shipped_rulesets())})")
    text = (resources.files("league") / "rulesets" / f"{name}.toml").read_text(encoding="utf-8")
    return _parse_text(text, f"{name}.toml")


def league_ruleset(name: str, options: Mapping[str, Any] | None = None,
                   text: str | None = None) -> Ruleset:
    """A stored league's ruleset: the text stored with it, or a shipped ruleset by name — never
    a file opened now. The league's option overrides are checked and applied."""
    if text is not None:
        rs = _parse_text(text, f"the ruleset stored with the league ({name})")
    elif name in shipped_rulesets():
        rs = shipped_ruleset(name)
    else:
        raise RulesetError(f"ruleset {name!r} is not a shipped ruleset "
                           f"({', '.join(shipped_rulesets())}) and none is stored with the league")
    if options:
        rs = dataclasses.replace(rs, options={**rs.options,
                                              **check_options(dict(options), "league options")})
    return rs


def ruleset_file(ref: str, folder: Path) -> tuple[str, str]:
    """A ruleset file a league folder names (relative to the folder), read and checked whole:
    (its file name, its text) to store with the league."""
    path = Path(ref)
    if not path.is_absolute():
        path = folder / path
    where = f"{folder / 'league.toml'}: ruleset {ref!r}"
    if not path.is_file():
        raise RulesetError(f"{where} is neither a shipped ruleset ({', '.join(shipped_rulesets())})"
                           f" nor a file ({path} does not exist)")
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesetError(f"{path}: cannot read the ruleset: {exc}") from None
    _parse_text(text, str(path))
    return path.name, text


def load_ruleset(ref: str | Path) -> Ruleset:
    """A ruleset by shipped name or by file path; errors name the file, table, row and problem."""
    path = Path(ref)
    if path.suffix != ".toml" and not path.exists():
        return shipped_ruleset(str(ref))
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as exc:
        raise RulesetError(f"{path}: cannot read the ruleset: {exc}") from None
    return _parse_text(text, str(path))
