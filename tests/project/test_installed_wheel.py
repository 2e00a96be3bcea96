"""Installed like any other tool: `pipx install .` / `uv tool install .` put a built wheel (not the
checkout) into a fresh environment. The wheel must carry everything the app needs, the bundled
leagues included; this builds it, installs it into a new virtual environment and runs the first
thing a new user runs there, with the user's folders pointed at an empty directory.

The new venv sees the site-packages of the environment running the tests (the dependencies are
already installed there, whether that is the system's Python or a user's virtual environment), and
the wheel is installed with --no-deps: fast, and no network needed.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

# a wheel built and installed into a fresh virtual environment
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "league", "storage", "tui",
           "sample_leagues")
# generous: a wheel build and a first run on a busy two-core machine
PATIENCE = 900


def run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, timeout=PATIENCE, **kwargs)
    assert result.returncode == 0, (
        f"{' '.join(map(str, args))} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}")
    return result


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The project's wheel, built from a copy of the sources (the checkout stays clean)."""
    src = tmp_path_factory.mktemp("src")
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, src / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so"))
        else:
            shutil.copy2(path, src / name)
    out = tmp_path_factory.mktemp("dist")
    env = {k: v for k, v in os.environ.items() if k != "IMPACT_MYPYC"}
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
         "-w", str(out), str(src)], env=env)
    [built] = out.glob("impact_league-*.whl")
    return built


def test_the_wheel_carries_the_bundled_leagues(wheel):
    names = set(zipfile.ZipFile(wheel).namelist())
    for league in ("pacific", "nippon", "mini"):
        for file in ("league.toml", "batters.csv", "pitchers.csv"):
            assert f"sample_leagues/{league}/{file}" in names
    assert "storage/migrations/env.py" in names and "tui/troop/troop.tcss" in names


def test_installed_wheel_runs_help_and_creates_the_league_on_first_run(wheel, tmp_path):
    venv = tmp_path / "venv"
    # without a pip of its own (copying one in took 3.4 s of CPU, a third of the test's): the
    # wheel is installed by the running environment's pip into the venv (pip --python)
    run([sys.executable, "-m", "venv", "--without-pip", str(venv)])
    python = venv / "bin" / "python"
    # the dependencies come from the environment running the tests: its site folders, added after
    # the venv's own (a plain path line: that environment's editable install of the project is a
    # .pth hook there, which is not run, so the project itself is found only in the wheel)
    [own] = [p for p in run([str(python), "-c", "import site; print(*site.getsitepackages())"])
             .stdout.split() if p.startswith(str(venv))][:1]
    deps = [p for p in sys.path if p.rstrip("/").endswith(("site-packages", "dist-packages"))]
    (Path(own) / "_impact_test_deps.pth").write_text("\n".join(deps) + "\n")
    run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps",
         "--no-index", "--disable-pip-version-check", str(wheel)])
    home = tmp_path / "home"
    home.mkdir()
    env = {k: v for k, v in os.environ.items()
           if k not in ("IMPACT_DB", "IMPACT_CONFIG", "PYTHONPATH")}
    env.update(HOME=str(home), XDG_DATA_HOME=str(tmp_path / "data"),
               XDG_CONFIG_HOME=str(tmp_path / "config"))
    # a folder away from the checkout: the installed package must be the one imported
    work = tmp_path / "elsewhere"
    work.mkdir()
    where = run([str(python), "-c", "import storage.plainfiles as p, tui; "
                 "print(tui.__file__); print(p.sample_league_path('pacific'))"],
                cwd=work, env=env).stdout.splitlines()
    assert str(venv) in where[0], where
    assert str(venv) in where[1] and where[1].endswith("sample_leagues/pacific"), where
    helped = run([str(venv / "bin" / "impact"), "--help"], cwd=work, env=env)
    assert "troop" in helped.stdout and "league" in helped.stdout
    first = run([str(python), str(ROOT / ".ci" / "first_run_check.py")], cwd=work, env=env)
    assert "first-run check: ok" in first.stdout
    assert (tmp_path / "data" / "impact-league" / "league.sqlite3").is_file()
