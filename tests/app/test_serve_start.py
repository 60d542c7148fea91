"""What `companion serve` loads before it listens, once it listens, and after the first
screen (issue 26: a start at 10,000 matches within 1.3× a bare Flet page's).

Before it listens: the store, the gate and Flet's web app, no screen and no hub (the
browser needs them only when its page connects, after it has loaded Flet's client).
Once it has answered the page, in a thread (companion.ui.launch._load_app): the app,
every game's screens and the hub, what a host's first page is drawn with, and nothing
only another screen needs. After the host's first screen, the warm-up thread
(companion.ui.router.warm_up): every other screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time

from tests.conftest import ROOT, run_async

SERVE = r"""
import json, sys
import uvicorn

def companion_modules():
    return sorted(m for m in sys.modules if m.startswith("companion"))

def run(self, *args, **kwargs):      # where the server would listen: what is loaded then, and later
    from companion.ui import launch

    seen = {"listening": companion_modules()}
    launch._load_app()
    seen["loaded"] = companion_modules()
    from companion.store import open_store
    from companion.ui.router import warm_up
    from companion.ui.services import game_views

    warm_up(open_store(), list(game_views()))
    seen["warmed"] = companion_modules()
    print(json.dumps(seen))
    raise SystemExit(0)

uvicorn.Server.run = run
from companion.cli import main
main(["serve", "--port", "8551"])
"""

#: The screens other than Home (and what only they draw with): loaded by the warm-up.
SCREENS = ("companion.ui.stats", "companion.ui.charts", "companion.ui.history", "companion.ui.night",
           "companion.ui.imports", "companion.ui.settings", "companion.ui.rules", "companion.ui.started_from_setup",
           "companion.store.statistics")
#: What a host that prints nothing and builds nothing never needs.
NEVER = ("companion.web.build", "companion.pdf.cli")


def test_serve_listens_before_any_screen_loads_them_then_and_the_rest_after_home(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), COMPANION_DATA_DIR=str(tmp_path), PYTHONIOENCODING="utf-8")
    done = subprocess.run([sys.executable, "-c", SERVE], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.splitlines()[-1])
    listening, loaded, warmed = (set(seen[k]) for k in ("listening", "loaded", "warmed"))
    assert {"companion.store.db", "companion.net.access", "companion.ui.launch"} <= listening
    assert sorted(m for m in listening if m.startswith("companion.ui.") and m != "companion.ui.launch") == []
    assert sorted(m for m in listening if m.startswith(("companion.games.", "companion.tallies."))) == []
    assert "companion.store.derived" not in listening and "companion.net.hub" not in listening
    home = {"companion.ui.app", "companion.ui.shell", "companion.ui.home", "companion.games.hotdog.view",
            "companion.games.sales.view", "companion.games.burger.view", "companion.net.hub"}
    assert home <= loaded
    assert sorted(m for m in SCREENS if m in loaded) == []
    assert set(SCREENS) <= warmed
    assert sorted(m for m in NEVER if m in warmed) == []


def test_the_app_loads_once_after_the_first_answer_and_a_page_waits_for_it(monkeypatch):
    from companion.ui import launch

    done = threading.Event()
    calls: list[str] = []

    def load() -> None:
        calls.append(threading.current_thread().name)
        time.sleep(0.3)
        done.set()

    monkeypatch.setattr(launch, "_load_app", load)
    monkeypatch.setattr(launch, "_loading", [])
    answered: list[str] = []

    async def app(scope, receive, send) -> None:
        answered.append(scope["type"])

    serving = launch._loading_after_first_answer(app)

    async def requests() -> None:
        await serving({"type": "websocket"}, None, None)     # a tab reconnecting: no page asked for
        assert launch._loading == []
        for _ in range(3):
            await serving({"type": "http"}, None, None)

    run_async(requests())      # not asyncio.run: a worker that ran the browser has a loop running
    assert answered == ["websocket", "http", "http", "http"]
    assert len(launch._loading) == 1
    launch._loaded()                                        # what a page's session waits for
    assert done.is_set()
    assert calls == ["load-app"]                            # once, in a thread of its own
