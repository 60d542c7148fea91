"""Settings' saved-games part in the browser build (companion.ui.storage): where the
games are (no file path: it means nothing in a browser), that clearing the site's data
deletes them, whether the browser promised to keep them (``persist()``), and "Export
everything" in one tap: a zip whose records Import reads back whole. Drawn without a
browser."""

from __future__ import annotations

import io
import json
import zipfile

import flet as ft

from companion.games.hotdog import setup_form
from companion.store import library
from companion.store.imports import import_json
from companion.ui.storage import browser_storage
from tests.tabs import tab

PLAYERS = ["Anna", "Bernd", "Chris"]


class Kept:
    def __init__(self, persisted: bool | None) -> None:
        self.persisted = persisted


def texts(controls) -> list[str]:
    return [c.value for c in controls if isinstance(c, ft.Text)]


def test_settings_says_clearing_the_site_deletes_the_games_and_what_the_browser_promised(store):
    shell = tab(store)
    shell.in_browser = True
    for persisted, says in ((False, "did not promise to keep them"), (True, "promised to keep them even when"),
                            (None, None)):
        shell.browser = Kept(persisted)
        lines = " ".join(texts(browser_storage(shell)))
        assert "Clearing the site's data" in lines and "deletes them" in lines
        assert "companion.sqlite3" not in lines.split("One zip file")[0] and "/companion-data" not in lines
        if says is None:
            assert "promise" not in lines
        else:
            assert says in lines


def test_export_everything_is_one_tap_and_its_records_import_whole(store, tmp_path):
    from companion.store import Store

    shell = tab(store)
    shell.in_browser = True
    shell.browser = Kept(False)
    store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    library.add(store, "sales", "Our deck", json.dumps({"name": "Our deck"}))
    offered: list[tuple[str, bytes]] = []
    shell.export = lambda name, data, what=None: offered.append((name, data)) or f"{what} downloaded: {name}."
    said: list[str] = []
    shell.say = said.append
    (button,) = [c for c in browser_storage(shell) if isinstance(c, ft.FilledButton)]
    assert button.content == "Export everything"
    button.on_click(None)
    assert said == ["Everything downloaded: companion-everything.zip."]
    ((name, data),) = offered
    with zipfile.ZipFile(io.BytesIO(data)) as zf:
        names = zf.namelist()
        assert "companion.sqlite3" in names and "README.txt" in names
        (match,) = [n for n in names if n.startswith("matches/")]
        assert any(n.startswith("files/sales/") for n in names)
        other = Store(tmp_path / "other.sqlite3")
        try:
            import_json(other, zf.read(match))
            (m,) = other.matches()
            assert list(m.players) == PLAYERS
        finally:
            other.close()
