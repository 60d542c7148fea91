"""Every session showing a match redraws when its record is saved, whichever session
saved it: the store tells the app's pubsub, each session re-reads what it shows."""

from __future__ import annotations

from collections import defaultdict

import pytest

from companion.games.hotdog import forms, setup_form
from companion.store import Store
from companion.store.writes import RecordMoved
from companion.ui.contracts import Route, SessionState
from companion.ui.host import connect
from companion.ui.records import drawn_here
from companion.ui.services import Shell
from tests.conftest import run_async

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
        self.mine: dict[str, list] = defaultdict(list)

    def subscribe_topic(self, topic: str, handler) -> None:
        self.hub.topics[topic].append(handler)
        self.mine[topic].append(handler)

    def unsubscribe_topic(self, topic: str) -> None:
        for handler in self.mine.pop(topic, []):
            self.hub.topics[topic].remove(handler)

    def send_all_on_topic(self, topic: str, message) -> None:
        self._send(topic, message, list(self.hub.topics[topic]))

    def send_others_on_topic(self, topic: str, message) -> None:
        self._send(topic, message, [h for h in self.hub.topics[topic] if h not in self.mine[topic]])

    def _send(self, topic: str, message, handlers: list) -> None:
        for handler in handlers:
            run_async(handler(topic, message))
        while self.hub.tasks:
            run_async(self.hub.tasks.pop(0)())


class Page:
    def __init__(self, hub: PubSub) -> None:
        self.hub = hub
        self.pubsub = hub.client()
        self.updates = 0

    def run_task(self, fn) -> None:
        self.hub.tasks.append(fn)

    def update(self) -> None:
        self.updates += 1


def session(store: Store, hub: PubSub, route: Route, *, remote: bool = False) -> Shell:
    shell = Shell(Page(hub), store)  # type: ignore[arg-type]
    shell.remote = remote
    shell.bind(SessionState(route=route), lambda step: step(shell.state))
    connect(shell)
    return shell


def test_a_saved_round_redraws_every_session_showing_that_match_and_no_other(store):
    hub = PubSub()
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    other = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Bernd"))
    a = session(store, hub, Route("match", {"match": mid}))
    b = session(store, hub, Route("match", {"match": mid}))
    elsewhere = session(store, hub, Route("match", {"match": other}))
    setup = session(store, hub, Route("settings"))
    home = session(store, hub, Route("home"))
    before = {s: s.state.rev for s in (a, b, elsewhere, setup, home)}
    record = store.match(mid).current.record
    entered = forms.submit(record, {p: forms.Draft(table=5, hotdogs=1) for p in PLAYERS}).record
    store.save_game(mid, 1, entered, base=record)          # saved from any session: a's, say
    bumped = {s for s, rev in before.items() if s.state.rev > rev}
    assert bumped == {a, b, home}
    assert b.page.updates == 1 and elsewhere.page.updates == 0


def test_a_round_saved_by_a_table_redraws_the_other_sessions_not_the_saving_one(store):
    """The table that saves draws the change by its own change of state: the store's news
    of it goes to the others only (a second redraw of the saving screen changed nothing)."""
    hub = PubSub()
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    a = session(store, hub, Route("match", {"match": mid}))
    b = session(store, hub, Route("match", {"match": mid}))
    home = session(store, hub, Route("home"))
    before = {s: s.state.rev for s in (a, b, home)}
    record = store.match(mid).current.record
    entered = forms.submit(record, {p: forms.Draft(table=5, hotdogs=1) for p in PLAYERS}).record
    with drawn_here(a.page):                                # as a's table saves it
        store.save_game(mid, 1, entered, base=record)
    assert {s for s, rev in before.items() if s.state.rev > rev} == {b, home}
    assert a.page.updates == 0 and b.page.updates == 1


def test_a_round_saved_by_a_table_whose_session_is_gone_still_redraws_the_others(store):
    """A tab closed while its round was being saved: its page no longer has a session (Flet
    raises), and every other session showing the match is told all the same."""
    hub = PubSub()
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    b = session(store, hub, Route("match", {"match": mid}))

    class Gone:
        @property
        def pubsub(self):
            raise RuntimeError("An attempt to fetch destroyed session.")

    rev = b.state.rev
    record = store.match(mid).current.record
    entered = forms.submit(record, {p: forms.Draft(table=5, hotdogs=1) for p in PLAYERS}).record
    with drawn_here(Gone()):
        store.save_game(mid, 1, entered, base=record)
    assert b.state.rev > rev and b.page.updates == 1


def test_a_refused_save_redraws_nobody(store):
    hub = PubSub()
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    b = session(store, hub, Route("match", {"match": mid}))
    record = store.match(mid).current.record
    entered = forms.submit(record, {p: forms.Draft(table=5, hotdogs=1) for p in PLAYERS}).record
    store.save_game(mid, 1, entered, base=record)
    rev = b.state.rev
    with pytest.raises(RecordMoved):        # saved from a record that is no longer the stored one
        store.save_game(mid, 1, entered, base=record)
    assert b.state.rev == rev


def test_a_bid_redraws_the_phones_of_its_table_and_no_other_phone(store):
    """Each table's changes go to its own phones (and to the host sessions): with many
    tables hosted, a bid must not redraw every phone of every table."""
    from companion.net.serving import hub_for
    from companion.ui.phone import watch_table

    hub = PubSub()
    net = hub_for(store)
    mids = [store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna")) for _ in range(2)]
    codes = [net.host(m).code for m in mids]
    tokens = {p: net.take_seat(codes[0], p, "192.168.1.2").token for p in PLAYERS}
    host = session(store, hub, Route("match", {"match": mids[0]}))
    phones = []
    for code in codes:
        for _ in PLAYERS:
            phone = session(store, hub, Route("join"), remote=True)
            watch_table(phone, code)              # as the seat screen does when drawn
            phones.append(phone)
    while hub.tasks:                              # the one draw after starting to watch
        run_async(hub.tasks.pop(0)())
    here, elsewhere = phones[:3], phones[3:]
    before = {s: s.page.updates for s in [host, *phones]}
    net.submit(tokens["Anna"], {"table": 5, "hotdogs": 1})
    assert {s for s, n in before.items() if s.page.updates > n} == {host, *here}
    watch_table(here[0], None)                    # that phone left its seat: it hears nothing more
    watch_table(elsewhere[0], codes[0])           # and one from the other table sat down here
    while hub.tasks:
        run_async(hub.tasks.pop(0)())
    before = {s: s.page.updates for s in phones}
    net.submit(tokens["Bernd"], {"table": 5, "hotdogs": 1})
    assert {s for s, n in before.items() if s.page.updates > n} == {*here[1:], elsewhere[0]}


def test_the_join_screen_hears_its_table_from_an_effect_never_as_it_is_drawn(store):
    """A phone's screen is drawn again at every tap and every change of its table:
    drawing it subscribes nothing. Its effect hears the table it shows once drawn, a
    redraw adds no second subscription, and its cleanup (the screen goes, or shows
    another table or none) stops hearing it."""
    from dataclasses import replace

    from companion.net.serving import hub_for
    from companion.ui.phone import PHONE, JoinScreen, PhoneUI, table_topic
    from tests.render import drawn_with_effects

    hub = PubSub()
    net = hub_for(store)
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    code = net.host(mid).code
    token = net.take_seat(code, "Anna", "192.168.1.2").token
    phone = session(store, hub, Route("join"), remote=True)
    phone.set_ui(PHONE, lambda u: replace(u, checked=True, token=token), PhoneUI())
    topic = table_topic(code)
    _drawn, effects = drawn_with_effects(JoinScreen, phone)
    assert not hub.topics[topic]                     # drawn: nothing heard yet
    (watching,) = [h for h in effects if h.deps == [code]]
    watching.setup()
    assert len(hub.topics[topic]) == 1
    _drawn, again = drawn_with_effects(JoinScreen, phone)
    (watching_again,) = [h for h in again if h.deps == [code]]
    watching_again.setup()     # run again (Flet does only when the table changes): still heard once
    assert len(hub.topics[topic]) == 1
    watching.cleanup()
    assert not hub.topics[topic]
