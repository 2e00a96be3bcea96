"""Reading ruleset files: the shipped ones inside the league package, or any TOML file."""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from league.errors import RulesetError
from league.ruleset import Ruleset, parse_ruleset
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
