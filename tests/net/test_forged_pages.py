"""A raw Flet client against `companion serve`: nothing it says makes it the host.

The attack of issue 24: a client on the table's Wi-Fi opens ``/ws`` with the page's
own Origin (so the gate lets it in) and says, in its register frame or in any later
property update, whatever a host's page would say (``web: false``, ``route:
/history``, a ``client_ip``, a platform…). It used to get the whole host app: the
table code, "Free seat", "Reveal now", "Close table", every stored match. The
session is a phone unless the gate saw the host key, so it gets the join screen
only, and a click on any control id reaches no host control: the hosted table and
its match are as they were. The real host (with the key) still gets the host app,
and its click on "Close table" closes the table: clicks over the wire do reach a
session's controls.
"""

from __future__ import annotations

import sqlite3
from urllib.parse import urlencode

import pytest

from companion.games.hotdog import setup_form
from companion.net import Hub
from companion.net.screens import code_text
from tests.e2e.harness import seeded_server
from tests.net.wire import Wire

PLAYERS = ["Anna", "Bernd", "Chris"]
# What only the host screen shows (besides the table code).
HOST_ONLY = ["Close table", "Reveal now", "Free seat", "Table on phones", "History", "Export",
             "Settings", "Hot Dog · game 1 of 3", "Bids from the table"]


@pytest.fixture(scope="module")
def served(tmp_path_factory):
    hosted: dict[str, object] = {}

    def seed(store) -> None:
        match_id = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, PLAYERS[0]))
        hosted["match"] = match_id
        hosted["code"] = Hub(store).host(match_id).code

    with seeded_server(tmp_path_factory.mktemp("forged") / "data", seed) as server:
        yield server, hosted


def stored(server) -> tuple[list[tuple], list[tuple]]:
    """The hosted tables and the matches' records, as the store holds them."""
    with sqlite3.connect(f"file:{server.data_dir / 'companion.sqlite3'}?mode=ro", uri=True) as db:
        tables = sorted(db.execute("SELECT * FROM net_tables"))
        matches = sorted(db.execute("SELECT * FROM matches"))
    return tables, matches


def host_markers(w: Wire, code: str) -> list[str]:
    return [t for t in [*HOST_ONLY, code, code_text(code)] if w.shows(t)]


# Each a field of the register frame a client may set, set as a host's page would
# have it (or as it pleases).
FORGED_REGISTERS = [
    pytest.param({"web": False}, id="web-false"),
    pytest.param({"web": False, "route": "/history"}, id="web-false-history"),
    pytest.param({"route": "/history"}, id="route-history"),
    pytest.param({"route": "/"}, id="route-home"),
    pytest.param({"route": "/match/1"}, id="route-match"),
    pytest.param({"client_ip": ""}, id="client-ip-empty"),
    pytest.param({"client_ip": "127.0.0.1", "client_user_agent": "companion-desktop"}, id="client-ip-loopback"),
    pytest.param({"platform": "windows", "web": False, "pwa": False}, id="platform-desktop"),
    pytest.param({"pyodide": True, "test": True, "debug": True}, id="pyodide-test-debug"),
]


@pytest.mark.parametrize("forged", FORGED_REGISTERS)
def test_a_forged_register_frame_gets_the_phone_screens_only(served, forged):
    server, hosted = served
    before = stored(server)
    with Wire(server.port) as w:
        w.register(**forged)
        w.wait_for("Type the table code")
        w.pump(1.0)
        assert host_markers(w, str(hosted["code"])) == []
        assert not w.crashed
    assert stored(server) == before


# Each a change a client may send once its session runs: any Page property, and the
# route change Back or a typed address would give.
FORGED_LATER = [
    pytest.param([("props", {"web": False})], id="props-web-false"),
    pytest.param([("props", {"web": False, "route": "/history"}), ("event", ("route_change", "/history"))],
                 id="props-route-history"),
    pytest.param([("props", {"client_ip": "", "platform": "macos"}), ("event", ("route_change", "/"))],
                 id="props-client-ip-platform"),
    pytest.param([("event", ("route_change", "/match/1"))], id="route-change-match"),
]


@pytest.mark.parametrize("steps", FORGED_LATER)
def test_page_properties_changed_later_do_not_make_a_phone_the_host(served, steps):
    server, hosted = served
    before = stored(server)
    with Wire(server.port) as w:
        w.register()
        w.wait_for("Type the table code")
        for kind, what in steps:
            if kind == "props":
                w.props(1, **what)                     # the page is control 1
            else:
                w.event(1, what[0], {"route": what[1]} if what[0] == "route_change" else what[1])
        w.pump(1.5)
        assert host_markers(w, str(hosted["code"])) == []
        assert w.shows("Join a table") and not w.crashed
    assert stored(server) == before


def test_a_phone_clicking_every_control_id_reaches_no_host_control(served):
    """The host's "Close table" was one click event away; a phone's session holds its
    own controls only, so a click on every id a host screen uses changes nothing."""
    server, hosted = served
    before = stored(server)
    with Wire(server.port) as w:
        w.register(web=False, route="/")
        w.wait_for("Type the table code")
        for control in range(1, 400):
            w.click(control)
        w.pump(2.0)
        assert host_markers(w, str(hosted["code"])) == []
        assert not w.crashed
    assert stored(server) == before


def test_the_host_with_the_key_gets_the_host_app_and_its_clicks_work(tmp_path):
    """The other half: the key makes a session the host, whatever its page says, and a
    click over the wire does reach a control (so the tests above can fail)."""
    hosted: dict[str, object] = {}

    def seed(store) -> None:
        match_id = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, PLAYERS[0]))
        hosted["code"] = Hub(store).host(match_id).code

    with seeded_server(tmp_path / "data", seed) as server:
        assert len(stored(server)[0]) == 1
        with Wire(server.port, query=urlencode({"host": server.key})) as w:
            w.register(route="/")
            w.wait_for("Close table")
            assert w.shows(code_text(str(hosted["code"])))
            w.click(w.find("Close table"))
            w.until(lambda: not stored(server)[0], what="the table closed")
        with Wire(server.port, query=urlencode({"host": "not-the-key"})) as w:
            w.register(route="/")
            w.wait_for("Type the table code")
            assert host_markers(w, str(hosted["code"])) == []


def test_the_join_limiter_counts_the_connection_not_the_client_ip_it_sets(served):
    """A fresh ``client_ip`` per try (Flet's property update writes any Page field) used
    to make every wrong code a first one: 60 wrong codes with no wait, then a seat. The
    limiter counts the connection's own peer address, so the fourth wrong code waits
    (3 free tries, then 2 s: companion.net.limiter) and so does the right one after it."""
    server, hosted = served
    with Wire(server.port) as w:
        w.register()
        w.wait_for("Type the table code")
        field = w.find("Table code", kind="TextField")
        for attempt in range(4):
            w.props(1, client_ip=f"10.9.{attempt}.{attempt + 1}")
            w.props(field, value="ZZZZZZ")
            w.event(field, "submit")
            if attempt < 3:
                # (the same refusal again is no new text: the screen's patch leaves it as it was)
                w.until(lambda: w.shows("That is not the code of a table here."), what="the refusal")
                w.pump(0.5)
                assert not w.shows("Too many wrong codes"), f"try {attempt + 1} was not free"
        w.wait_for("Too many wrong codes: wait")          # the fourth, from a "new" client_ip
        w.props(1, client_ip="10.9.99.99")
        w.props(field, value=str(hosted["code"]))
        w.event(field, "submit")
        w.pump(1.5)
        assert not w.shows("Sit as Anna")               # the right code waits too


HOSTILE_IMPORTS = [
    pytest.param('{"game": "sales", "players": ["Ann", "Ben"], "rounds": [{"sales": [{"plays": ['
                 '{"player": "Ann", "card": {"suit": "\\ud800", "value": 1}}, '
                 '{"player": "Ben", "card": {"suit": "sun", "value": 2}}]}]}]}', id="suit-lone-surrogate"),
    pytest.param('{"kind": "night", "name": "Fri\\u202eday", "date": "2024-05-03", "matches": [], '
                 '"match_records": {}}', id="night-name-rlo"),
    pytest.param('{"game": "burger", "players": ["Ann", "Ben"], "rounds": [{"decks": [["let\\u001btuce", "x", '
                 '"y"], ["ch\\u0007eese"]], "tools": {"Ann": "tongs", "Ben": "tongs"}}]}', id="deck-card-esc-bel"),
]


@pytest.mark.parametrize("text", HOSTILE_IMPORTS)
def test_a_hostile_import_is_one_line_on_the_hosts_screen_never_a_crash(served, text):
    """A ``\\ud800`` escape in a sales suit crashed the host's session and sent a Python
    traceback to the browser. The host pastes each hostile record into Import: one
    "Not imported" line naming the field, the session goes on, nothing is stored."""
    server, _hosted = served
    before = stored(server)
    with Wire(server.port, query=urlencode({"host": server.key})) as w:
        w.register(route="/import")
        w.wait_for("Import a record")
        field = w.find("JSON record", kind="TextField")
        w.props(field, value=text)
        w.event(field, "change", text)
        w.click(w.find("Import record"))
        w.wait_for("Not imported:")
        line = next(t for t in w.texts if t.startswith("Not imported:"))
        assert "holds a character that does not show" in line
        assert not w.crashed and not any("Traceback" in t for t in w.texts)
        w.click(w.find("Import record"))                 # the session still answers
        w.pump(0.5)
        assert not w.crashed and not w.closed
    assert stored(server) == before
