"""Every text a player reads on the app's screens goes through the catalogs.

Drawn without a browser (over the real shell of ``tests/tabs.py``) in the test language
:data:`companion.core.i18n.PSEUDO`, where every translated string comes back wrapped in
``⟦…⟧``: a text with anything outside the brackets, once the test's own data is taken
out (player names, numbers, ``$``, the records' deck and recipe names), was not
translated. The screens checked are switched on per area in ``tests/i18n/areas/``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator
from dataclasses import replace
from typing import Any

import flet as ft
import pytest
from hypothesis import HealthCheck, Phase, find, settings

from companion.core import i18n
from companion.core.game import LIBRARY_PART, SEAT_PART
from companion.core.registry import games, games_with, has_part, part
from companion.net import serving
from companion.net.hub import BidRefused, UnknownSeat
from companion.net.serving import hub_for
from companion.store import Store, library, nights
from companion.ui import phone
from companion.ui.contracts import Route, SeatContext
from companion.ui.history import History
from companion.ui.home import Home
from companion.ui.host import HostPanel
from companion.ui.imports import ImportScreen
from companion.ui.library import LibraryScreen, editor_of
from companion.ui.night import Nights, NightScreen
from companion.ui.rules import RulesScreen
from companion.ui.settings import Settings
from companion.ui.stats import KEY as STATS_KEY
from companion.ui.stats import Statistics, StatsUI
from companion.ui.stats import sections as stats_sections
from companion.ui.table import read_match
from tests.every_game.generators import games as played_games
from tests.i18n.pseudo import drawn, offending, screens_on, uncovered
from tests.net.test_view_cache import FIRST
from tests.render import Renderer
from tests.tabs import tab

Draw = Callable[[Any, dict[str, int]], Any]


def _record(game: str) -> dict[str, Any]:
    """A small legal record of ``game`` with some play in it (the same every run)."""
    def played(record: dict[str, Any]) -> bool:
        lists = [v for k, v in record.items() if isinstance(v, list) and k != "players"]
        return any(len(v) >= 2 for v in lists)

    return find(played_games(game), played, settings=settings(
        database=None, max_examples=2000, derandomize=True, phases=[Phase.generate],
        suppress_health_check=list(HealthCheck)))


def _open_record(game: str) -> dict[str, Any]:
    """A small legal record of ``game`` with a round revealed and the game going on: a
    hosted table's phones show a form to bid with and the last round (the same every run)."""
    seat = part(game, SEAT_PART)

    def going_on(record: dict[str, Any]) -> bool:
        # two to move (one bid in, one to come): a sales round over waits for the table to
        # deal the next (SA-16), and a player alone's card is recorded at once (SA-8)
        return (not seat.over(record) and len(seat.expected(record)) >= 2
                and seat.resolution(record, None) is not None)

    return find(played_games(game), going_on, settings=settings(
        database=None, max_examples=2000, derandomize=True, phases=[Phase.generate],
        suppress_health_check=list(HealthCheck)))


def _strings(raw: Any, keep: Callable[[str], bool]) -> set[str]:
    """Every string in ``raw`` (parsed JSON) under a key ``keep`` accepts (a list's items
    under the key of the list)."""
    found: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and keep(key):
            found.add(value)

    walk(raw)
    return found


def _file_words(raw: Any) -> set[str]:
    """The words of a player's file (a deck's suits and icons, a recipe set's cards and
    recipe names): the file's content, shown as the player wrote it."""
    return _strings(raw, lambda key: key not in ("note", "description"))


def _data(record: Any) -> set[str]:
    """The strings of a record a screen shows as they are: names (players, decks, recipes)."""
    return _strings(record, lambda key: "name" in key or key in ("players", "player", "first", "dealer"))


def _every_section(shell: Any) -> None:
    """Statistics with every section open: the words under them are checked too."""
    shell.set_ui(STATS_KEY, lambda u: replace(u, opened=stats_sections(shell.views)), StatsUI())


SHELL_SCREENS: dict[str, Draw] = {
    "home": lambda s, m: Home(s),
    "settings": lambda s, m: Settings(s),
    "history": lambda s, m: History(s, s.views),
    "import": lambda s, m: ImportScreen(s),
    "rules_list": lambda s, m: RulesScreen(s, None, Route("home")),
    "host_panel": lambda s, m: HostPanel(s, m["in_play"]),
    "stats": lambda s, m: _every_section(s) or Statistics(s, s.views),
    "nights": lambda s, m: Nights(s),
    "night": lambda s, m: NightScreen(s, m["night"], s.views),
}
NIGHT = "Friday"     # the seeded game night's name (a name a player typed)

#: The phone's join screens and the host's panel of a hosted table: drawn for each game
#: with a phone part (the seats and the round shown are the game's), checked in the shell.
PHONE_SCREENS = ("join_code", "join_wrong_code", "join_seats", "join_waiting", "join_seat_gone",
                 "host_panel_hosted")
#: A game's phone views: the seat's bid or play form, and the round's resolution as a seat sees it.
REMOTE_SCREENS = ("phone_seat", "phone_resolution")
PHONE_IP = "192.168.1.20"

GAME_SCREENS: dict[str, Callable[[Any, str, dict[str, int]], Any]] = {
    "setup": lambda s, g, m: s.views[g].setup(s),
    "table_in_play": lambda s, g, m: s.views[g].table(s, read_match(s.store, m["in_play"])),
    "table_finished": lambda s, g, m: s.views[g].table(s, read_match(s.store, m["finished"])),
    "match_detail": lambda s, g, m: s.views[g].match_detail(s, s.store.match(m["finished"])),
    "rules": lambda s, g, m: s.views[g].rules(s),
}


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return {g: _record(g) for g in games() if has_part(g, SEAT_PART)}


@pytest.fixture(scope="module")
def going_on() -> dict[str, dict[str, Any]]:
    """Per game played from phones: a record of a game going on, to host."""
    return {g: _open_record(g) for g in games_with(SEAT_PART)}


def _hosted(store: Store, game: str, record: dict[str, Any]) -> int:
    """A match of ``record`` to host on phones."""
    return store.create_match(game, list(record["players"]), record)


def _shell(tmp_path, records: dict[str, dict[str, Any]], game: str | None):
    store = Store(tmp_path / "companion.sqlite3")
    matches: dict[str, int] = {}
    finished: list[int] = []
    for g, record in records.items():
        if game is not None and g != game:
            continue
        players = list(record["players"])
        matches["finished"] = store.create_match(g, players, record)
        store.set_finished(matches["finished"])
        finished.append(matches["finished"])
        matches["in_play"] = store.create_match(g, players, record)
    matches["night"] = nights.create(store, nights.new_record(NIGHT))     # a game night of the finished matches
    for match_id in finished:
        nights.add_match(store, matches["night"], match_id)
    shell = tab(store)
    shell.page = _Page()  # type: ignore[assignment]
    return shell, matches, store


class _Page:
    """What the screens read of a page: a light system theme, on the web."""
    platform_brightness = ft.Brightness.LIGHT
    web = True
    width = 1000
    appbar: Any = None

    client_ip = PHONE_IP

    def update(self) -> None:
        pass


def _check(screen: str, draw: Callable[[], Any], data: set[str]) -> None:
    data = {*data, *(spec.title for spec in games().values())}   # the games' names
    i18n.set_language(i18n.PSEUDO)
    found = offending(Renderer().render(draw), data)
    assert not found, f"{screen}: not in the catalogs: " + "; ".join(repr(t) for t in found)


def _cases() -> list[Any]:
    out = [pytest.param("shell", name, id=f"shell-{name}") for name in SHELL_SCREENS]
    out += [pytest.param("shell", f"library-{g}", id=f"shell-library-{g}") for g in games()]
    out += [pytest.param("shell", f"{name}-{g}", id=f"shell-{name}-{g}") for name in PHONE_SCREENS for g in games()]
    for g in games():
        out += [pytest.param(g, name, id=f"{g}-{name}")
                for name in [*GAME_SCREENS, "library_item", *REMOTE_SCREENS]]
    return out


def _phone_shell(shell: Any, **ui: Any) -> Any:
    """``shell`` as a phone's session (its passing state set to ``ui``)."""
    shell.remote = True
    shell.host_machine = True     # the note on using the whole app on this computer is drawn too
    shell.set_ui(phone.PHONE, lambda u: replace(u, **{"checked": True, **ui}), phone.PhoneUI())
    return shell


def _phones(shell: Any, game: str, matches: dict[str, int], screen: str) -> Iterator[Callable[[], Any]]:
    """Draws of ``screen`` of a table hosted on phones, one per state it has (the next
    state is set up once the previous one was checked)."""
    i18n.set_language(i18n.PSEUDO)    # what the phone is told is said in the language in effect
    hub = hub_for(shell.store)
    match_id = matches["hosted"]
    code = hub.host(match_id).code
    info = hub.table_for(match_id)
    assert info is not None
    players = [seat.player for seat in info.seats]
    join = lambda: phone.JoinScreen(shell)   # noqa: E731
    if screen == "join_code":
        _phone_shell(shell, checked=False)    # looking for the seat this phone held
        yield join
        _phone_shell(shell, code="")
        yield join
    elif screen == "join_wrong_code":
        _phone_shell(shell, code="")
        phone.Phone(shell).open("ZZZZZZ" if code != "ZZZZZZ" else "YYYYYY")
        yield join
    elif screen == "join_seats":
        hub.take_seat(code, players[0], client="192.168.1.99")
        _phone_shell(shell)
        ph = phone.Phone(shell)
        ph.open(code)
        ph.sit(players[0])            # taken already: the phone is told so
        yield join
    elif screen == "join_waiting":
        first = hub.host_view(code).waiting_for[0]       # whose move it is
        grant = hub.take_seat(code, first, client=PHONE_IP)
        _phone_shell(shell, token=grant.token)
        yield join                                       # nothing bid yet
        if game in FIRST:                                # my bid is in, the others' are not
            for bid in FIRST[game]:
                with contextlib.suppress(BidRefused):
                    hub.submit(grant.token, bid)
                    break
            assert hub.view(grant.token).my_bid is not None, f"{game}: none of {FIRST[game]} is a legal bid"
            yield join
    elif screen == "join_seat_gone":
        grant = hub.take_seat(code, players[-1], client=PHONE_IP)
        hub.free_seat(code, players[-1])
        _phone_shell(shell, token=grant.token)
        yield join                                   # the seat is gone under the phone
        ph = phone.Phone(shell)
        ph.submit({})                                # the phone is told as it bids
        yield join
        _phone_shell(shell, token=grant.token)
        try:
            hub.resume(grant.token)
        except UnknownSeat as exc:   # what the phone is told once it looks for its seat again
            ph.leave(str(exc))
        yield join
        _phone_shell(shell, token=None, lost=None)
        ph.open(code)
        hub.close(code)                              # closed while the phone picks a seat
        yield join
    else:
        hub.take_seat(code, players[0], client=PHONE_IP)
        panel = lambda: HostPanel(shell, match_id)   # noqa: E731
        for where in _reaches():
            with pytest.MonkeyPatch.context() as mp:
                mp.setattr(serving, "reach_cached", lambda port, web=True, where=where: where)   # the panel's
                yield panel
        # what the host's buttons say: the join code hidden, a seat freed, a reveal the
        # rules refuse (a bid missing), the table closed
        for button in ("Hide join code", "Free seat", "Reveal now", "Close table"):
            _click(panel, button)
            yield panel


def _click(draw: Callable[[], Any], label: str) -> None:
    """Click the first enabled button labelled ``label`` (its message) on ``draw``'s screen."""
    for control in drawn(Renderer().render(draw)):
        if (isinstance(control, (ft.Button, ft.TextButton)) and not control.disabled
                and isinstance(control.content, str) and label in control.content):
            control.on_click(None)
            return
    raise AssertionError(f"no button {label!r} to click")


def _reaches() -> list[serving.Reach]:
    """Every answer to "can phones reach this server": a link, or why not (served on
    127.0.0.1 only, no local network, not serving web pages)."""
    return [serving.reach(8550, bind_host="0.0.0.0", lan=lambda: "192.168.1.5"),
            serving.reach(8550, bind_host="127.0.0.1"),
            serving.reach(8550, bind_host="0.0.0.0", lan=lambda: None),
            serving.reach(8550, web=False)]


def _check_phone_screen(shell: Any, game: str, matches: dict[str, int], screen: str, data: set[str]) -> None:
    code = hub_for(shell.store).host(matches["hosted"]).code
    shown = {code, *phone.code_text(code).split()}
    shown |= {u for where in _reaches() for u in (where.url, where.local_url) if u}   # links are no words
    for draw in _phones(shell, game, matches, screen):
        _check(f"{screen}-{game}", draw, {*data, *shown})


def _check_remote(shell: Any, game: str, matches: dict[str, int], screen: str, data: set[str]) -> None:
    remote = phone.remote_views()[game]
    i18n.set_language(i18n.PSEUDO)
    hub = hub_for(shell.store)
    code = hub.host(matches["hosted"]).code
    info = hub.table_for(matches["hosted"])
    assert info is not None
    record = hub.host_view(code)
    first = record.waiting_for[0] if record.waiting_for else info.seats[0].player   # whose move it is
    grant = hub.take_seat(code, first, client=PHONE_IP)
    view = hub.view(grant.token)
    if screen == "phone_seat":
        assert not view.game_over, f"{game}: the record in play is over: no seat form to draw"
        ctx = SeatContext(view, None, None, lambda fn: None, lambda bid: None, lambda: None)
        _check(f"{game}-{screen}", lambda: remote.seat(ctx), data)
        for bid in FIRST.get(game, []):              # my bid is in (a game's bids known to tests/net)
            with contextlib.suppress(BidRefused):
                hub.submit(grant.token, bid)
                mine = SeatContext(hub.view(grant.token), None, None, lambda fn: None, lambda bid: None, lambda: None)
                _check(f"{game}-{screen}", lambda mine=mine: remote.seat(mine), data)
                break
        else:
            assert game not in FIRST, f"{game}: none of {FIRST[game]} is a legal bid"
    else:
        assert view.resolution is not None, f"{game}: the record in play has no round revealed"
        _check(f"{game}-{screen}", lambda: remote.resolution(view.resolution, view.players), data)


@pytest.mark.parametrize(("area", "screen"), _cases())
def test_a_screen_switched_on_shows_only_translated_text(area, screen, tmp_path, records, going_on):
    name = screen.split("-")[0]
    if name not in screens_on(area):
        pytest.skip(f"{area}: {name} not switched on yet (tests/i18n/areas/{area}.py)")
    if area == "shell" and name in PHONE_SCREENS:
        game = screen.split("-")[1]
        if game not in phone.remote_views() or game not in going_on:
            pytest.skip(f"{game} is not played from phones")
        shell, matches, store = _shell(tmp_path, records, game)
        try:
            matches["hosted"] = _hosted(store, game, going_on[game])
            _check_phone_screen(shell, game, matches, name, _data(going_on[game]))
        finally:
            store.close()
        return
    if area == "shell":
        game = screen.split("-")[1] if name == "library" else None
        shell, matches, store = _shell(tmp_path, records, game)
        try:
            if name == "library":
                if game not in shell.views or game not in games_with(LIBRARY_PART):
                    pytest.skip(f"{game} has no library")
                _check(screen, lambda: LibraryScreen(shell, game), set())
            else:
                data = {NIGHT}.union(*(_data(r) for r in records.values()))
                _check(screen, lambda: SHELL_SCREENS[name](shell, matches), data)
        finally:
            store.close()
        return
    if not has_part(area, SEAT_PART):
        pytest.fail(f"{area}: no records to draw its screens with (its seat part plays them: "
                    "tests/every_game/generators.py)")
    shell, matches, store = _shell(tmp_path, records, area)
    try:
        if name == "library_item":
            if area not in games_with(LIBRARY_PART):
                pytest.skip(f"{area} has no library")
            view = editor_of(shell.views[area])
            lib = games_with(LIBRARY_PART)[area]
            text = lib.examples()[0].read_text(encoding="utf-8")
            name_of = lib.read(text).name
            item = library.add(store, area, name_of, text)
            _check(screen, lambda: view.editor(shell, item),
                   {name_of, *_data(records[area]), *_file_words(lib.read(text).raw)})
        elif name in REMOTE_SCREENS:
            if area not in phone.remote_views():
                pytest.skip(f"{area} is not played from phones")
            matches["hosted"] = _hosted(store, area, going_on[area])
            _check_remote(shell, area, matches, name, _data(going_on[area]))
        else:
            # the shipped examples, named by their file or by the name they give themselves,
            shipped = games_with(LIBRARY_PART)[area].examples() if area in games_with(LIBRARY_PART) else []
            files = {n for p in shipped
                     for n in (p.name, games_with(LIBRARY_PART)[area].read(p.read_text(encoding="utf-8")).name)}
            # and their words as the file writes them (a game in play: burger's recipe cards as buttons)
            files |= {w for p in shipped
                      for w in _file_words(games_with(LIBRARY_PART)[area].read(p.read_text(encoding="utf-8")).raw)}
            _check(screen, lambda: GAME_SCREENS[name](shell, area, matches), {*_data(records[area]), *files})
    finally:
        store.close()


def test_every_screen_switched_on_exists():
    """A name in tests/i18n/areas/ that is no screen would check nothing."""
    known = {*SHELL_SCREENS, "library", *PHONE_SCREENS, *GAME_SCREENS, "library_item", *REMOTE_SCREENS}
    for area in ["shell", *games()]:
        assert screens_on(area) <= known, f"{area}: unknown screens {sorted(screens_on(area) - known)}"


def test_the_check_finds_a_string_not_translated():
    assert uncovered("⟦Round {n}⟧".replace("{n}", "3")) is None
    assert uncovered("⟦Continue ⟦Hot Dog⟧: Anna, Bernd (round 2)⟧") is None
    assert uncovered("Anna: $12", {"Anna"}) is None
    assert uncovered("Round 3") == "Round"
    assert uncovered("⟦Scores⟧ total", {"Anna"}) == "total"


def test_the_check_reads_a_screen_a_component_draws_in_another():
    """The phone's join screen is a component that draws another (the code entry)."""
    @ft.component
    def inner() -> ft.Control:
        return ft.Text("Table code")

    @ft.component
    def outer() -> ft.Control:
        return inner()

    assert offending(Renderer().render(lambda: outer())) == ["Table code"]


def test_the_settings_screen_in_english_shows_untranslated_text(tmp_path):
    """English is the messages themselves: the check sees them outside the brackets."""
    store = Store(tmp_path / "companion.sqlite3")
    try:
        i18n.set_language("en")
        shell = tab(store)
        shell.page = _Page()  # type: ignore[assignment]
        assert "Settings" in offending(Renderer().render(lambda: Settings(shell)))
    finally:
        store.close()
