"""A script of tools/ (the measuring and checking scripts beside the package, not themselves a
package) imported for a test: tools/ is put on the path for the import and taken off again."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

TOOLS = Path(__file__).resolve().parents[1] / "tools"


def tool(name: str) -> ModuleType:
    """The module tools/`name`.py (and what it imports from tools/ as it loads)."""
    sys.path.insert(0, str(TOOLS))
    try:
        return importlib.import_module(name)
    finally:
        sys.path.pop(0)
