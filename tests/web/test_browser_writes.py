"""The browser build's writes (companion.web.browser): a change is written to the
browser's storage after every commit without the tap waiting for it; a write the
browser refuses or never answers is said on the screens (drawn again, once), and the
next write that succeeds clears it. Without a browser: the page's storage is a fake."""

from __future__ import annotations

import sys
import types

import pytest

from companion.games.hotdog import setup_form
from companion.store import Store
from companion.web import browser

PLAYERS = ["Anna", "Bernd", "Chris"]


class Promise:
    """What a JS promise is in Python (a future): settled by the test."""

    def __init__(self) -> None:
        self.callbacks: list = []
        self.error: BaseException | None = None
        self.done = False

    def add_done_callback(self, fn) -> None:
        self.callbacks.append(fn)

    def result(self) -> None:
        if self.error is not None:
            raise self.error

    def settle(self, error: BaseException | None = None) -> None:
        self.error, self.done = error, True
        for fn in self.callbacks:
            fn(self)


class Storage:
    def __init__(self) -> None:
        self.saves: list[Promise] = []
        self.told: list[tuple[str, str | None]] = []

    def save(self) -> Promise:
        self.saves.append(Promise())
        return self.saves[-1]

    def problem(self, text: str | None) -> None:
        self.told.append(("problem", text))

    def summary(self, text: str) -> None:
        self.told.append(("summary", text))


@pytest.fixture
def page_storage(monkeypatch, store):
    storage = Storage()
    monkeypatch.setitem(sys.modules, "js", types.SimpleNamespace(companionStorage=storage))
    drawn: list[int] = []
    monkeypatch.setattr(browser, "redraw", lambda: drawn.append(1))
    monkeypatch.setattr(Store, "after_commit", staticmethod(browser._after_commit))
    return storage, drawn


def test_a_change_returns_before_the_browser_answers_and_a_refusal_is_said_then_cleared(page_storage, store):
    storage, drawn = page_storage
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    assert store.match(mid).players == PLAYERS and len(storage.saves) == 1   # returned, the write pending
    assert store.unkept is None and drawn == []

    storage.saves[0].settle(RuntimeError("QuotaExceededError: the quota has been exceeded"))
    assert store.unkept == "the browser's storage for this site is full"
    assert drawn == [1] and ("problem", store.unkept) in storage.told

    store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Bernd"))
    storage.saves[1].settle(RuntimeError("timeout"))                    # another reason: said instead
    assert store.unkept == "the browser did not confirm within 10 seconds that it kept the change"
    assert drawn == [1, 1]
    store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Chris"))
    storage.saves[2].settle(RuntimeError("timeout"))                    # the same again: not drawn again
    assert drawn == [1, 1]

    store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    storage.saves[3].settle()                                           # kept, with every change before
    assert store.unkept is None and drawn == [1, 1, 1]
    assert storage.told[-2] == ("problem", None) and storage.told[-1][0] == "summary"
