"""Long work never blocks a tap (issue 26): importing a big file and "All matches for
BG Stats" run as a job of their own on a served page, a determinate progress bar on the
screen while they go, the screen usable meanwhile, and the tab drawn again when done.
Drawn without a browser over the real shell of ``tests/tabs.py``; a served page is a
stand-in whose tasks run when the test says."""

from __future__ import annotations

import json
import threading
from typing import Any

import flet as ft
import pytest

from companion.store import Store, derived, imports
from companion.store import nights as store_nights
from companion.ui import jobs
from companion.ui.contracts import Route
from companion.ui.history import History
from companion.ui.imports import ImportDraft, ImportScreen, _steps
from tests.app.test_history import controls, texts
from tests.app.test_stats import Page
from tests.conftest import run_async
from tests.night_records import burger_game, match_of
from tests.render import Renderer
from tests.store.test_imports import night_export
from tests.tabs import tab


@pytest.fixture
def shell(tmp_path):
    s = tab(Store(tmp_path / "companion.sqlite3"))
    s.exported = []                                          # type: ignore[attr-defined]

    def export(name: str, data: Any, what: str = "File") -> str:
        s.exported.append((name, data))                      # type: ignore[attr-defined]
        return f"{what} downloaded: {name}."

    s.export = export                                        # type: ignore[method-assign]
    return s


def tap(root: Any, label: str) -> None:
    (button,) = [c for c in controls(root) if isinstance(c, (ft.Button, ft.FilledButton)) and c.content == label]
    button.on_click(None)


def join(name: str) -> None:
    for thread in threading.enumerate():
        if thread.name == f"job-{name}":
            thread.join()


def big_night(n: int) -> str:
    night = night_export()
    for i in range(7, 7 + n):
        night["matches"].append(i)
        night["match_records"][str(i)] = {**match_of(burger_game()), "players": ["Anna", "Bernd", "Chris"],
                                          "id": f"burger-{i}"}
    return json.dumps(night)


def test_a_big_file_is_imported_off_the_tap_with_its_progress_then_opened(shell, monkeypatch):
    gate = threading.Event()
    real = imports.keep

    def slow_keep(*args):
        gate.wait(10)                           # the check is done; saving waits for the test
        return real(*args)

    monkeypatch.setattr(imports, "keep", slow_keep)
    page = Page()
    shell.page = page
    shell.set_ui("import", lambda d: ImportDraft(text=big_night(40)))
    tap(Renderer().render(ImportScreen.__wrapped__, shell), "Import record")     # returns at once
    while jobs.current(shell, "import").step != "keeping":
        threading.Event().wait(0.01)
    root = Renderer().render(ImportScreen.__wrapped__, shell)
    (bar,) = [c for c in controls(root) if isinstance(c, ft.ProgressBar)]
    assert "Saving the matches…" in texts(root)
    (button,) = [c for c in controls(root) if isinstance(c, ft.FilledButton)]
    assert button.disabled                                   # no second import meanwhile …
    shell.go("home")                                         # … and the rest of the app is there
    assert shell.state.route == Route("home")
    gate.set()
    join("import")
    for task in page.tasks:
        run_async(task())
    (night,) = store_nights.nights(shell.store)
    assert shell.state.route == Route("night", {"night": night.id})
    assert shell.state.flash == "Imported a game night and its matches."
    assert len(shell.store.matches()) == 43
    assert derived.stale(shell.store) == 0                  # their statistics worked out too


def test_the_checks_progress_is_determinate(shell):
    job = jobs.Job(step="checking", done=120, total=2000)
    bar, words = jobs.progress(job, _steps())
    assert isinstance(bar, ft.ProgressBar) and bar.value == pytest.approx(0.06)
    assert words.value == "Checking the file as the referee does: match 120 of 2,000…"


def test_a_refused_file_says_why_and_the_text_stays(shell):
    text = json.dumps({**night_export(), "name": "N" * 61})
    shell.set_ui("import", lambda d: ImportDraft(text=text))
    tap(Renderer().render(ImportScreen.__wrapped__, shell), "Import record")
    draft = shell.ui("import")
    assert draft.error == "Not imported: record: name has more than 60 entries: companion reads at most 60"
    assert draft.text == text
    assert shell.store.matches() == []


def test_a_match_stored_already_is_said_and_opened(shell):
    text = json.dumps(match_of(burger_game()))
    for _ in range(2):
        shell.set_ui("import", lambda d: ImportDraft(text=text))
        tap(Renderer().render(ImportScreen.__wrapped__, shell), "Import record")
    assert shell.state.flash == "This match is stored already (match 1): nothing was imported."
    assert shell.state.route == Route("history_match", {"match": 1}) and len(shell.store.matches()) == 1


def test_all_matches_for_bg_stats_is_written_off_the_tap_with_progress(shell):
    text = big_night(30)
    imports.import_text(shell.store, text)                      # stored, their rows not worked out yet
    page = Page()
    shell.page = page
    root = Renderer().render(History.__wrapped__, shell, shell.views)
    (button,) = [c for c in controls(root) if getattr(c, "key", None) == "bgstats-all"]
    button.on_click(None)
    join("bgstats")
    for task in page.tasks:
        run_async(task())
    ((name, data),) = shell.exported                    # type: ignore[attr-defined]
    assert name == "companion-history.bgsplay" and len(json.loads(data)["plays"]) == 3 + 1 + 1 + 30
    words = texts(Renderer().render(History.__wrapped__, shell, shell.views))
    assert "History for BG Stats downloaded: companion-history.bgsplay." in words
