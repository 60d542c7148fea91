"""Exports kept in <data dir>/exports/ never replace an older file, even when match ids
start again after a damaged store was moved aside; the match exports write what the
store's exchange and BG Stats modules give."""

from __future__ import annotations

import json

import pytest

from companion.games.hotdog import setup_form
from companion.store import Store
from companion.store.bgstats import bgstats_json
from companion.store.exchange import match_csv, match_json
from companion.ui.services import Shell
from companion.ui.widgets.exports import export_file
from tests.conftest import load_example, run_async


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path))
    return tmp_path


def shell_of(store: Store) -> Shell:
    """A session's shell without a page: its state changes are applied at once."""
    shell = Shell(None, store)
    shell.bind(shell.state, lambda step: step(shell.state))
    return shell


def test_an_export_after_a_move_aside_never_overwrites_an_older_one(data):
    db = data / "companion.sqlite3"
    store = Store(db)
    old = store.create_match("hotdog", ["Anna", "Bernd"], setup_form.new_record(["Anna", "Bernd"], "Anna"))
    shell = shell_of(store)
    for kind in ("game-json", "match-json", "match-csv", "game-pdf", "match-pdf", "rules-pdf"):
        export_file(shell, old, 1, kind)
    store.close()
    before = {p.name: p.read_bytes() for p in (data / "exports").iterdir()}
    assert len(before) == 6

    db.write_bytes(b"this is not a database" * 200)      # damaged: moved aside, ids start again
    store = Store(db)
    assert store.notice and "moved aside" in store.notice
    new = store.create_match("hotdog", ["Chris", "Dora"], setup_form.new_record(["Chris", "Dora"], "Dora"))
    assert new == old
    shell = shell_of(store)
    line = export_file(shell, new, 1, "game-json")
    kept = data / "exports" / f"hotdog-match-{new}-game-1 (2).json"
    assert line == f"Game record downloaded: {kept.name} (a copy is kept in companion's exports folder)."
    export_file(shell, new, 1, "rules-pdf")                # the same rules card: not copied again
    after = {p.name: p.read_bytes() for p in (data / "exports").iterdir()}
    assert {name: after[name] for name in before} == before
    assert json.loads(after.pop(kept.name))["players"] == ["Chris", "Dora"]
    assert set(after) == set(before)


def test_an_export_where_exports_cannot_be_written_is_still_offered(data):
    store = Store(data / "companion.sqlite3")
    mid = store.create_match("hotdog", ["Anna", "Bernd"], setup_form.new_record(["Anna", "Bernd"], "Anna"))
    (data / "exports").write_text("a file where the folder should be")
    shell = shell_of(store)
    line = export_file(shell, mid, 1, "game-json")         # no crash: said, and offered as a download
    assert line.startswith(f"Game record downloaded: hotdog-match-{mid}-game-1.json. No copy was kept in "
                           "companion's exports folder (the folder ")
    assert shell.state.flash is None                       # said next to the button, not at the top


def test_match_exports_json_csv_and_bg_stats(data):
    store = Store(data / "companion.sqlite3")
    match = load_example("hotdog-match.json")
    game = match["games"][0]
    mid = store.create_match("hotdog", match["players"],
                             {**setup_form.new_record(match["players"], game["mustard"]), "rounds": game["rounds"]})
    shell = shell_of(store)
    for kind in ("match-json", "match-csv", "match-bgstats"):
        export_file(shell, mid, 1, kind)
    m = store.match(mid)
    folder = data / "exports"
    assert (folder / f"hotdog-match-{mid}.json").read_text(encoding="utf-8") == match_json(m)
    assert (folder / f"hotdog-match-{mid}.csv").read_text(encoding="utf-8") == match_csv(m)
    bgstats = (folder / f"hotdog-match-{mid}.bgsplay").read_text(encoding="utf-8")      # BG Stats' own name
    assert bgstats == bgstats_json(store, [mid]) and len(json.loads(bgstats)["plays"]) == 1
    store.close()


@pytest.mark.parametrize("language, said", [("en", "Not printed: "), ("de", "Nicht gedruckt: ")])
def test_an_export_that_cannot_be_made_is_said_as_an_error_in_every_language(data, monkeypatch, language, said):
    """Whether a file was made is a fact the export returns (drawn in the error colour),
    never read back from its translated line."""
    from companion.core import i18n
    from companion.core.errors import RecordError
    from companion.ui.widgets import exports

    store = Store(data / "companion.sqlite3")
    mid = store.create_match("hotdog", ["Anna", "Bernd"], setup_form.new_record(["Anna", "Bernd"], "Anna"))
    shell = shell_of(store)
    with i18n.using(language):
        made = exports.exported(shell, mid, 1, "game-json")
        assert made.made and not made.line.startswith(said)

        def refused(*args: object) -> None:
            raise RecordError("round 2 is not finished")

        monkeypatch.setattr(exports, "export_data", refused)
        failed = exports.exported(shell, mid, 1, "game-pdf")
    assert not failed.made and failed.line.startswith(said) and failed.line.endswith("round 2 is not finished")
    store.close()


def test_hotdog_csv_says_announced_only_of_a_last_hot_dog_hd12():
    """The CSV said announced = true of every bid: it is said of a last hot dog only."""
    from companion.games.hotdog.export import csv_rows

    record = {"game": "hotdog", "players": ["Anna", "Bernd", "Chris"], "mustard": "Anna", "rounds": [
        {"bids": [{"player": "Anna", "table": 5, "hotdogs": 2},
                  {"player": "Bernd", "table": 7, "hotdogs": 1, "last": True, "announced": False},
                  {"player": "Chris", "table": 7, "hotdogs": 2, "last": True, "announced": True}]}]}
    rows = {r["player"]: r for r in csv_rows(1, record)}
    assert (rows["Anna"]["last"], rows["Anna"]["announced"]) == (False, "")
    assert (rows["Bernd"]["last"], rows["Bernd"]["announced"]) == (True, False)
    assert (rows["Chris"]["last"], rows["Chris"]["announced"]) == (True, True)


def test_a_big_download_once_sent_gives_its_memory_back(data, monkeypatch):
    """The file a download sends is let go once the phone has it, and where it was big
    (BG Stats of 10,000 matches: 17.5 MB) the freed memory goes back to the system:
    the server had stayed 57 MB bigger after it, 25 MB once trimmed. A score sheet's
    few kilobytes are left to the allocator."""
    import flet as ft

    from companion.ui import services

    services.give_back_memory()           # the real one, on this machine's C library: no error
    sent: list[int] = []
    given: list[int] = []

    class Picker:
        async def save_file(self, *, file_name: str, src_bytes: bytes) -> None:
            sent.append(len(src_bytes))

    class Page:
        def run_task(self, fn):
            run_async(fn())            # not asyncio.run: a worker that ran the browser has a loop running

    monkeypatch.setattr(ft, "FilePicker", Picker)
    monkeypatch.setattr(services, "give_back_memory", lambda: given.append(len(sent)))
    shell = shell_of(Store(data / "companion.sqlite3"))
    monkeypatch.setattr(shell, "page", Page())
    shell.export("small.json", "{}")
    assert sent == [2] and given == []
    shell.export("companion-history.bgsplay", "x" * services.BIG_FILE)
    assert sent == [2, services.BIG_FILE] and given == [2]      # after the download, not before
