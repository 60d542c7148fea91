"""What `companion serve` loads before it listens, once it listens, and after the first
screen (issue 26: a start at 10,000 matches within 1.3× a bare Flet page's).

Before it listens: the store, the gate and Flet's web app, no screen (the browser
needs one only when its page connects, after it has loaded Flet's client). Once it
listens, in a thread (companion.ui.launch._load_app): the app and every game's screens,
what Home is drawn with, and nothing only another screen needs. After the host's first
screen, the warm-up thread (companion.ui.router.warm_up): every other screen."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import ROOT

SERVE = r"""
import json, sys
import uvicorn

def companion_modules():
    return sorted(m for m in sys.modules if m.startswith("companion"))

def run(self, *args, **kwargs):      # where the server would listen: what is loaded then
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

uvicorn.Server.run = run
from companion.cli import main
main(["serve", "--port", "8551"])
"""

#: The screens other than Home (and what only they draw with): loaded by the warm-up.
SCREENS = ("companion.ui.stats", "companion.ui.charts", "companion.ui.history", "companion.ui.night",
           "companion.ui.imports", "companion.ui.settings", "companion.ui.rules", "companion.ui.started_from_setup",
           "companion.store.statistics")
#: What a host with no phones, no printout and no build never needs.
NEVER = ("companion.net.hub", "companion.ui.phone", "companion.web.build", "companion.pdf.cli")


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
    assert "companion.store.derived" not in listening
    home = {"companion.ui.app", "companion.ui.shell", "companion.ui.home", "companion.games.hotdog.view",
            "companion.games.sales.view", "companion.games.burger.view"}
    assert home <= loaded
    assert sorted(m for m in SCREENS if m in loaded) == []
    assert set(SCREENS) <= warmed
    assert sorted(m for m in NEVER if m in warmed) == []
