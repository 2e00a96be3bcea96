"""The first screen's data read in a second process while the app imports Textual.

`impact` with no command (tui.launch) spends most of its start importing Textual, on one core;
reading the league for the first screen (tui.services.opening's plain-sqlite3 first read: the league's
texts, the standings, the calendar, the names) is another tenth of a second on the same core. On a
system with `fork`, the launcher forks before importing anything heavy: the child does the first
read and hands it back through a pipe, the app's opening worker takes it (`take`). The child only
reads, never writes; whatever goes wrong in it (no fork, an error, nothing sent) leaves the app to
open the league itself, as it does without the child.
"""
from __future__ import annotations

import os
import pickle
from typing import Any


class Prefetch:
    """A first read under way in a child process (`start`)."""

    def __init__(self, db: Any, league: str | None, pid: int, fd: int) -> None:
        self.db, self.league = db, league
        self._pid, self._fd = pid, fd

    def take(self, db: Any, league: str | None) -> Any:
        """The child's `tui.services.opening.Opened` for this `db` and `league`, or None (waits for the
        child; once: a second call gives None)."""
        if self._fd < 0:
            return None
        fd, self._fd = self._fd, -1
        chunks = []
        try:
            while True:
                chunk = os.read(fd, 1 << 16)
                if not chunk:
                    break
                chunks.append(chunk)
        except OSError:
            chunks = []
        finally:
            os.close(fd)
            try:
                os.waitpid(self._pid, 0)
            except OSError:
                pass
        if not chunks or (db, league) != (self.db, self.league):
            return None
        try:
            return pickle.loads(b"".join(chunks))
        except Exception:
            return None


def start(db: Any, league: str | None) -> Prefetch | None:
    """Fork a child that reads the first screen's data (None where there is no fork)."""
    if not hasattr(os, "fork"):
        return None
    try:
        read_end, write_end = os.pipe()
        pid = os.fork()
    except OSError:
        return None
    if pid == 0:                    # the child: read, send, and leave without any clean-up
        code = 0
        try:
            os.close(read_end)
            from tui.services.opening import first_read
            data = pickle.dumps(first_read(db, league), protocol=pickle.HIGHEST_PROTOCOL)
            view = memoryview(data)
            while view:
                view = view[os.write(write_end, view):]
        except BaseException:
            code = 1
        finally:
            os._exit(code)
    os.close(write_end)
    return Prefetch(db, league, pid, read_end)
