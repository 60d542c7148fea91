"""A game's own files, listed (companion.ui.library): a new one, a copy of an example
(the example itself untouched), a file imported as it is, exported byte for byte,
deleted only when asked twice. Drawn without a browser, over the real shell of
``tests/tabs.py``, for every game that declares a ``library`` part."""

from __future__ import annotations

from typing import Any

import pytest

from companion.core.game import LIBRARY_PART
from companion.core.registry import games_with
from companion.store import Store, library
from companion.ui.contracts import Route
from companion.ui.library import LibraryScreen, body_of
from tests.app.test_history import buttons, texts
from tests.render import Renderer
from tests.tabs import tab

GAMES = sorted(games_with(LIBRARY_PART))


@pytest.fixture
def shell(tmp_path, monkeypatch):
    monkeypatch.setenv("COMPANION_DATA_DIR", str(tmp_path / "data"))
    return tab(Store(tmp_path / "companion.sqlite3"))


def drawn(shell, game: str) -> Any:
    return Renderer().render(LibraryScreen.__wrapped__, shell, game)


def tap(root: Any, label: str, nth: int = 0) -> None:
    found = [b for b in buttons(root) if b.content == label]
    assert found, f"no button {label!r} in {[b.content for b in buttons(root)]}"
    found[nth].on_click(None)


def test_the_games_with_files_of_their_own_are_the_registrys():
    assert GAMES == ["burger", "sales"]


@pytest.mark.parametrize("game", GAMES)
def test_a_new_file_is_kept_at_once_and_opened_in_the_editor(shell, game):
    lib = games_with(LIBRARY_PART)[game]
    root = drawn(shell, game)
    assert f"No {lib.plural} yet." in texts(root)
    tap(root, f"New {lib.kind}")
    (kept,) = library.items(shell.store, game)
    assert kept.body == body_of(lib.blank())
    assert shell.state.route == Route("library_item", {"game": game, "item": kept.id})


@pytest.mark.parametrize("game", GAMES)
def test_an_example_is_copied_as_it_is_and_stays_the_example(shell, game):
    lib = games_with(LIBRARY_PART)[game]
    (example,) = lib.examples()
    before = example.read_bytes()
    root = drawn(shell, game)
    label = next(b.content for b in buttons(root) if str(b.content).startswith("Copy the example: "))
    tap(root, label)
    (kept,) = library.items(shell.store, game)
    assert kept.body.encode("utf-8") == before and example.read_bytes() == before
    assert lib.read(kept.body).ok
    assert "change it to match your own cards" in (shell.state.flash or "")


@pytest.mark.parametrize("game", GAMES)
def test_a_file_is_exported_byte_for_byte_and_imported_back_the_same(shell, game, tmp_path):
    lib = games_with(LIBRARY_PART)[game]
    text = lib.examples()[0].read_text(encoding="utf-8")
    first = library.add(shell.store, game, lib.read(text).name, text)
    tap(drawn(shell, game), "Export")
    (exported,) = (tmp_path / "data" / "exports").iterdir()
    assert exported.suffix == ".json" and exported.read_bytes() == text.encode("utf-8")
    said = shell.ui(f"library-{game}").said
    assert said.startswith(f"The {lib.kind} file downloaded: {exported.name}")
    # the file picked again: kept as a second file, the same text
    from companion.ui import library as screen
    imported = screen._import_bytes(shell, game, exported.name, exported.read_bytes())
    assert imported is None
    again = [i for i in library.items(shell.store, game) if i.id != first]
    assert len(again) == 1 and again[0].body == text


@pytest.mark.parametrize("game", GAMES)
def test_a_file_that_is_not_json_is_not_imported_saying_why(shell, game):
    from companion.ui import library as screen

    line = screen._import_bytes(shell, game, "notes.json", b"name: ours")
    assert line is not None and line.startswith("Not imported: notes.json is not a ")
    assert "not valid JSON" in line
    assert library.items(shell.store, game) == []


@pytest.mark.parametrize("game", GAMES)
def test_a_file_with_faults_is_listed_with_its_first_fault_and_deleted_only_when_asked_twice(shell, game):
    lib = games_with(LIBRARY_PART)[game]
    kept = library.add(shell.store, game, "", body_of(lib.blank()))
    root = drawn(shell, game)
    faults = lib.read(body_of(lib.blank())).problems
    assert faults, "a blank file has something to fill in"
    assert any(t.endswith(faults[0]) and "to put right before it can be used" in t for t in texts(root))
    assert f"A {lib.kind} with no name yet" in texts(root)
    tap(root, "Delete")
    root = drawn(shell, game)
    assert [i.id for i in library.items(shell.store, game)] == [kept]      # asked, not yet deleted
    tap(root, "Keep")
    tap(drawn(shell, game), "Delete")
    tap(drawn(shell, game), "Delete")
    assert library.items(shell.store, game) == []
    assert "Games set up with it keep their own copy." in shell.ui(f"library-{game}").said


@pytest.mark.parametrize("game", GAMES)
def test_a_file_deleted_leaves_the_others_buttons_their_ids(shell, game):
    """The files are keyed by their id: one deleted, the files after it and the add
    buttons keep their controls' ids through the redraw, so a tap sent before it
    arrived reaches the button it was meant for (not the next file's, nor nothing)."""
    import flet as ft

    from tests.render import controls, redrawn

    lib = games_with(LIBRARY_PART)[game]
    for name in ("A", "B", "C"):
        library.add(shell.store, game, name, body_of(lib.blank()))
    first, *others = [i.id for i in library.items(shell.store, game)]

    def ids(root: Any) -> dict[Any, int]:
        boxes = {c.identifier: c for c in controls(root) if isinstance(c, ft.Semantics) and c.identifier}
        out = {i: next(b._i for b in buttons(boxes[f"library-item-{i}"]) if b.content == "Edit") for i in others}
        return {**out, "new": next(b._i for b in buttons(root) if b.content == f"New {lib.kind}")}

    tap(drawn(shell, game), "Delete")
    before = drawn(shell, game)
    tap(before, "Delete")
    after = drawn(shell, game)
    assert [i.id for i in library.items(shell.store, game)] == others
    redrawn(before, after)
    assert ids(after) == ids(before)
