"""Long work off the tap: an import of a big file, the whole history for BG Stats.

A job belongs to one tab and has a name ("import", "bgstats"). On a served page it
runs in a thread of its own, so the tap returns at once and the screen stays usable;
as it goes it reports which step it is at and how far (``report(step, done, total)``),
and the tab is drawn again (at most every :data:`REDRAW_EVERY` seconds) to show a
determinate progress bar. When it ends, ``on_done`` runs in the tab's own event loop
(where it may navigate or offer a file), and the tab is drawn again. Where there are
no threads (the browser build, a test's tab), the work runs at once, inside the tap.

A step is a short name the screen words when it draws (:func:`progress`): the job
keeps no text.
"""

from __future__ import annotations

import logging
import sys
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import flet as ft

from companion.core import i18n
from companion.core.errors import CompanionError
from companion.ui.contracts import ShellServices

log = logging.getLogger(__name__)

REDRAW_EVERY = 0.4        # seconds between the redraws of a job's progress

Report = Callable[[str, int, int], None]


@dataclass
class Job:
    step: str = ""                 # which step it is at (the screen words it)
    done: int = 0
    total: int = 0
    finished: bool = False
    result: Any = None
    error: CompanionError | None = None     # the refusal that ended it (its words are the player's)
    told: float = 0.0


_JOBS: dict[tuple[int, str], Job] = {}
_lock = threading.Lock()


def current(shell: ShellServices, name: str) -> Job | None:
    """This tab's job ``name``, running or ended and not yet dropped."""
    with _lock:
        return _JOBS.get((id(shell), name))


def drop(shell: ShellServices, name: str) -> None:
    with _lock:
        _JOBS.pop((id(shell), name), None)


def threads(shell: ShellServices) -> bool:
    """Whether this tab can wait for a thread: a served page (not a test's, not the
    browser build's, which has no threads)."""
    return shell.page is not None and sys.platform != "emscripten"


def start(shell: ShellServices, name: str, work: Callable[[Report], Any],
          on_done: Callable[[Job], None] | None = None) -> Job:
    """Run ``work(report)`` as this tab's job ``name`` (a job of that name still running
    is left to run, and returned). A refusal (:class:`CompanionError`) ends it as
    ``error``; ``on_done(job)`` is called when it ends, in the tab's event loop."""
    with _lock:
        running = _JOBS.get((id(shell), name))
        if running is not None and not running.finished:
            return running
        job = _JOBS[(id(shell), name)] = Job()
    threaded = threads(shell)
    page = shell.page

    async def redraw() -> None:
        shell.saved()
        page.update()

    async def ended() -> None:
        if on_done is not None:
            on_done(job)
        shell.saved()
        page.update()

    def report(step: str, done: int, total: int) -> None:
        job.step, job.done, job.total = step, done, total
        now = time.monotonic()
        if threaded and now - job.told >= REDRAW_EVERY:
            job.told = now
            page.run_task(redraw)

    def run() -> None:
        try:
            job.result = work(report)
        except CompanionError as exc:
            job.error = exc
        except Exception as exc:      # a bug: said in one line, logged whole
            log.exception("job %s failed", name)
            job.error = CompanionError(f"{type(exc).__name__}: {exc}")
        finally:
            job.finished = True
        if threaded:
            page.run_task(ended)
        elif on_done is not None:
            on_done(job)

    if threaded:
        threading.Thread(target=run, name=f"job-{name}", daemon=True).start()
    else:
        run()
    return job


def progress(job: Job, steps: Mapping[str, str], key: str | None = None) -> list[ft.Control]:
    """A running job as a player sees it: a determinate progress bar (indeterminate
    until it knows how much there is) and its step in words, ``steps[step]`` formatted
    with ``done`` and ``total``."""
    value = min(job.done / job.total, 1.0) if job.total else None
    words = steps.get(job.step, "").format(done=i18n.number(job.done), total=i18n.number(job.total))
    return [ft.ProgressBar(value=value, key=key), ft.Text(words, size=13)]


__all__ = ["Job", "current", "drop", "progress", "start", "threads"]
