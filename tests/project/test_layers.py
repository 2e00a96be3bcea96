"""The layer rule of STYLE.md: the rules core and storage never pull in the interface."""
import subprocess
import sys


def test_importing_league_and_storage_leaves_textual_out():
    code = (
        "import sys, importlib, pkgutil, league, storage\n"
        "for pkg in (league, storage):\n"
        "    for m in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + '.'):\n"
        "        if '.migrations' not in m.name:  # Alembic scripts run only inside Alembic\n"
        "            importlib.import_module(m.name)\n"
        "bad = [m for m in ('textual', 'typer', 'tui') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
