"""The app's own settings (label language), kept in the user's config folder."""
from __future__ import annotations

import json
import os
from pathlib import Path

import platformdirs


def settings_path() -> Path:
    """`IMPACT_CONFIG` if set (a file), else settings.json in the user config folder."""
    env = os.environ.get("IMPACT_CONFIG")
    if env:
        return Path(env)
    return Path(platformdirs.user_config_dir("impact-league")) / "settings.json"


def load_settings() -> dict:
    """The saved settings; a missing or damaged file gives the defaults (never an error)."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_setting(key: str, value: object) -> str | None:
    """Save one setting; returns a message when it could not be written (the app notifies)."""
    path = settings_path()
    data = load_settings()
    data[key] = value
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = path.with_suffix(".tmp")
        tmp.write_text(json.dumps(data, ensure_ascii=False, indent=1), encoding="utf-8")
        tmp.replace(path)
    except OSError as exc:
        return f"{path}: the setting could not be saved: {exc.strerror or exc}"
    return None
