"""The statistics' derived rows brought up to date in the background: when more stale
matches wait than the screen works out as it is drawn, a thread of their own (one per
store, however many tabs ask) works them out a chunk at a time and tells every tab
waiting, so each draws its progress again and once more when it is done.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field

from companion.store import Store, derived
from companion.store.statistics import forget as forget_counted
from companion.ui.contracts import ShellServices

log = logging.getLogger(__name__)

REDRAW_EVERY = 0.5        # seconds between the redraws of a background reading's progress


# ---------------------------------------------------------------- bringing the rows up to date


@dataclass
class Reading:
    """A store's stale matches being worked out in the background, and the tabs waiting."""

    total: int
    done: int = 0
    waiting: dict[int, Callable[[], None]] = field(default_factory=dict)   # by the tab's id
    told: float = 0.0


_READING: dict[str, Reading] = {}
FAILED: set[str] = set()         # stores whose background reading failed
_lock = threading.Lock()


def forget() -> None:
    """Forget which stores failed to be read in the background, and the summaries
    counted in this process (a test's or a benchmark's fresh start)."""
    with _lock:
        FAILED.clear()
    forget_counted()


def _tell(reading: Reading) -> None:
    with _lock:
        waiting = list(reading.waiting.values())
    for tell in waiting:
        with suppress(Exception):     # a session closed meanwhile
            tell()


def read_in_background(store: Store, games: Sequence[str], total: int, when_read: Callable[[], None],
                       tab: int = 0) -> Reading:
    """Work the stale matches out in a thread of their own (one per store, however many
    tabs ask); each tab's ``when_read`` (the latest it gave) is called as the work goes
    on (at most every :data:`REDRAW_EVERY` seconds) and once it is done."""
    path = str(store.path)
    with _lock:
        reading = _READING.get(path)
        if reading is not None:
            reading.waiting[tab] = when_read
            return reading
        reading = _READING[path] = Reading(total, waiting={tab: when_read})

    def progress(done: int, of: int) -> None:
        reading.done, reading.total = done, max(of, 1)
        now = time.monotonic()
        if 0 < done < of and now - reading.told >= REDRAW_EVERY:
            reading.told = now
            _tell(reading)

    def run() -> None:
        try:
            derived.refresh(store, progress, games)
        except Exception:
            # the next draw works them out while drawing, and says what went wrong (no thread again)
            with _lock:
                FAILED.add(path)
            log.exception("working out the stored matches for the statistics failed")
        finally:
            with _lock:
                del _READING[path]
            _tell(reading)

    threading.Thread(target=run, name="statistics", daemon=True).start()
    return reading


def threads(shell: ShellServices) -> bool:
    """Whether this session can wait for a thread: a served page (not a test's, not the
    browser build's, which has no threads)."""
    return shell.page is not None and sys.platform != "emscripten"


def redraw_when_read(shell: ShellServices) -> Callable[[], None]:
    page = shell.page

    async def redraw() -> None:
        shell.saved()
        page.update()

    def tell() -> None:
        page.run_task(redraw)

    return tell
