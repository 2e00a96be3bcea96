"""The compiled build (mypyc) the README documents, each way it is documented, in a scratch copy
of the sources (the checkout stays pure Python): `IMPACT_MYPYC=1 python setup.py build_ext
--inplace` beside an editable install, and `IMPACT_MYPYC=1 pip install --no-build-isolation .`.
Each build takes minutes on a busy two-core machine: slow, run with IMPACT_SLOW=1 (CI's step 3
builds the in-place one too)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = ("pyproject.toml", "setup.py", "README.md", "league", "storage", "tui",
           "sample_leagues")
PATIENCE = 1800

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(os.environ.get("IMPACT_SLOW") != "1",
                                 reason="a mypyc build takes minutes: IMPACT_SLOW=1 runs it")]


def run(args, **kwargs):
    result = subprocess.run(args, capture_output=True, text=True, timeout=PATIENCE, **kwargs)
    assert result.returncode == 0, (
        f"{' '.join(map(str, args))} failed ({result.returncode}):\n{result.stdout[-3000:]}\n"
        f"{result.stderr[-3000:]}")
    return result


def _copy(dest: Path) -> Path:
    dest.mkdir(parents=True)
    for name in SOURCES:
        path = ROOT / name
        if path.is_dir():
            shutil.copytree(path, dest / name,
                            ignore=shutil.ignore_patterns("__pycache__", "*.pyc", "*.so", "build"))
        else:
            shutil.copy2(path, dest / name)
    return dest


def _venv(where: Path) -> Path:
    """A fresh environment seeing this one's packages (the dependencies: no network)."""
    run([sys.executable, "-m", "venv", "--system-site-packages", str(where)])
    return where / "bin"


def _plays_compiled(bin_dir: Path, away_from: Path) -> None:
    """From a folder that is not the checkout: the engine is the compiled one and plays."""
    env = {k: v for k, v in os.environ.items() if k not in ("IMPACT_MYPYC", "PYTHONPATH")}
    env.update(XDG_DATA_HOME=str(away_from / "data"), HOME=str(away_from))
    bench = run([str(bin_dir / "impact"), "bench", "--games", "2", "--rounds", "1"],
                cwd=away_from, env=env)
    assert "compiled (mypyc" in bench.stdout, bench.stdout
    game = run([str(bin_dir / "impact"), "sim", "game", "--seed", "3", "--no-plays"],
               cwd=away_from, env=env)
    assert "計" in game.stdout


def test_the_in_place_build_runs_with_the_editable_install(tmp_path):
    """README: `IMPACT_MYPYC=1 python setup.py build_ext --inplace` in a checkout installed with
    `pip install -e .` — the app starts compiled from anywhere (it stopped with "No module named
    '…__mypyc'": the modules' shared library lay beside the packages, where an editable install
    does not look; it is league/compiled__mypyc now)."""
    src = _copy(tmp_path / "src")
    env = {**os.environ, "IMPACT_MYPYC": "1"}
    run([sys.executable, "setup.py", "-q", "build_ext", "--inplace"], cwd=src, env=env)
    assert list((src / "league").glob("compiled__mypyc*"))
    bin_dir = _venv(tmp_path / "venv")
    plain = {k: v for k, v in os.environ.items() if k != "IMPACT_MYPYC"}
    run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--no-deps",
         "--no-build-isolation", "-e", str(src)], env=plain)
    away = tmp_path / "elsewhere"
    away.mkdir()
    _plays_compiled(bin_dir, away)


def test_the_compiled_install_runs(tmp_path):
    """README: `IMPACT_MYPYC=1 pip install --no-build-isolation .`"""
    src = _copy(tmp_path / "src")
    bin_dir = _venv(tmp_path / "venv")
    run([str(bin_dir / "python"), "-m", "pip", "install", "-q", "--no-deps",
         "--no-build-isolation", str(src)], env={**os.environ, "IMPACT_MYPYC": "1"})
    away = tmp_path / "elsewhere"
    away.mkdir()
    _plays_compiled(bin_dir, away)
