"""Every session showing a match redraws when its record is saved, whichever session
saved it: the store tells the app's pubsub, each session re-reads what it shows."""

from __future__ import annotations

import asyncio
from collections import defaultdict

import pytest

from companion.games.hotdog import viewmodel as vm
from companion.store import Store
from companion.ui.host import connect
from companion.ui.shell import Route, SessionState, Shell

PLAYERS = ["Anna", "Bernd", "Chris"]


class PubSub:
    """The app's pubsub as Flet's: topic messages reach every session subscribed."""

    def __init__(self) -> None:
        self.topics: dict[str, list] = defaultdict(list)
        self.tasks: list = []      # page.run_task: run on the session's loop, after the handler

    def client(self) -> PubSubClient:
        return PubSubClient(self)


class PubSubClient:
    def __init__(self, hub: PubSub) -> None:
        self.hub = hub

    def subscribe_topic(self, topic: str, handler) -> None:
        self.hub.topics[topic].append(handler)

    def send_all_on_topic(self, topic: str, message) -> None:
        for handler in list(self.hub.topics[topic]):
            asyncio.run(handler(topic, message))
        while self.hub.tasks:
            asyncio.run(self.hub.tasks.pop(0)())


class Page:
    def __init__(self, hub: PubSub) -> None:
        self.hub = hub
        self.pubsub = hub.client()
        self.updates = 0

    def run_task(self, fn) -> None:
        self.hub.tasks.append(fn)

    def update(self) -> None:
        self.updates += 1


@pytest.fixture
def store(tmp_path):
    s = Store(tmp_path / "companion.sqlite3")
    yield s
    s.close()


def session(store: Store, hub: PubSub, route: Route) -> Shell:
    shell = Shell(Page(hub), store)  # type: ignore[arg-type]
    shell.bind(SessionState(route=route), lambda step: step(shell.state))
    connect(shell)
    return shell


def test_a_saved_round_redraws_every_session_showing_that_match_and_no_other(store):
    hub = PubSub()
    mid = store.create_match("hotdog", PLAYERS, vm.new_record(PLAYERS, "Anna"))
    other = store.create_match("hotdog", PLAYERS, vm.new_record(PLAYERS, "Bernd"))
    a = session(store, hub, Route("match", {"match": mid}))
    b = session(store, hub, Route("match", {"match": mid}))
    elsewhere = session(store, hub, Route("match", {"match": other}))
    setup = session(store, hub, Route("settings"))
    home = session(store, hub, Route("home"))
    before = {s: s.state.rev for s in (a, b, elsewhere, setup, home)}
    record = store.match(mid).current.record
    entered = vm.submit(record, {p: vm.Draft(table=5, hotdogs=1) for p in PLAYERS}).record
    store.save_game(mid, 1, entered, base=record)          # saved from any session: a's, say
    bumped = {s for s, rev in before.items() if s.state.rev > rev}
    assert bumped == {a, b, home}
    assert b.page.updates == 1 and elsewhere.page.updates == 0


def test_a_refused_save_redraws_nobody(store):
    hub = PubSub()
    mid = store.create_match("hotdog", PLAYERS, vm.new_record(PLAYERS, "Anna"))
    b = session(store, hub, Route("match", {"match": mid}))
    record = store.match(mid).current.record
    entered = vm.submit(record, {p: vm.Draft(table=5, hotdogs=1) for p in PLAYERS}).record
    store.save_game(mid, 1, entered, base=record)
    rev = b.state.rev
    with pytest.raises(Exception):
        store.save_game(mid, 1, entered, base=record)
    assert b.state.rev == rev
