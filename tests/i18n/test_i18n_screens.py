"""Every text a player reads on the app's screens goes through the catalogs.

Drawn without a browser (over the real shell of ``tests/tabs.py``) in the test language
:data:`companion.core.i18n.PSEUDO`, where every translated string comes back wrapped in
``⟦…⟧``: a text with anything outside the brackets, once the test's own data is taken
out (player names, numbers, ``$``, the records' deck and recipe names), was not
translated. The screens checked are switched on per area in ``tests/i18n/areas/``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft
import pytest
from flet.components.component import Renderer
from hypothesis import HealthCheck, Phase, find, settings

from companion.core import i18n
from companion.core.registry import games, games_with
from companion.store import Store, library, nights
from companion.ui import shell as shell_module
from companion.ui.contracts import Route
from companion.ui.host import HostPanel
from companion.ui.library import LibraryScreen, editor_of
from companion.ui.night import Nights, NightScreen
from companion.ui.stats import Statistics
from tests.every_game.generators import RECORDS
from tests.i18n.pseudo import offending, screens_on, uncovered
from tests.tabs import tab

Draw = Callable[[Any, dict[str, int]], Any]


def _record(game: str) -> dict[str, Any]:
    """A small legal record of ``game`` with some play in it (the same every run)."""
    def played(record: dict[str, Any]) -> bool:
        lists = [v for k, v in record.items() if isinstance(v, list) and k != "players"]
        return any(len(v) >= 2 for v in lists)

    return find(RECORDS[game](), played, settings=settings(
        database=None, max_examples=2000, derandomize=True, phases=[Phase.generate],
        suppress_health_check=list(HealthCheck)))


def _file_words(raw: Any) -> set[str]:
    """The words of a player's file (a deck's suits and icons, a recipe set's cards and
    recipe names): the file's content, shown as the player wrote it."""
    found: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and key not in ("note", "description"):
            found.add(value)

    walk(raw)
    return found


def _data(record: Any) -> set[str]:
    """The strings of a record a screen shows as they are: names (players, decks, recipes)."""
    found: set[str] = set()

    def walk(value: Any, key: str = "") -> None:
        if isinstance(value, dict):
            for k, v in value.items():
                walk(v, k)
        elif isinstance(value, list):
            for v in value:
                walk(v, key)
        elif isinstance(value, str) and ("name" in key or key in ("players", "player", "first", "dealer")):
            found.add(value)

    walk(record)
    return found


SHELL_SCREENS: dict[str, Draw] = {
    "home": lambda s, m: shell_module.Home(s),
    "settings": lambda s, m: shell_module.Settings(s),
    "history": lambda s, m: shell_module.History(s, s.views),
    "import": lambda s, m: shell_module.ImportScreen(s),
    "rules_list": lambda s, m: shell_module.RulesScreen(s, None, Route("home")),
    "host_panel": lambda s, m: HostPanel(s, m["in_play"]),
    "stats": lambda s, m: Statistics(s, s.views),
    "nights": lambda s, m: Nights(s),
    "night": lambda s, m: NightScreen(s, m["night"], s.views),
}
NIGHT = "Friday"     # the seeded game night's name (a name a player typed)

GAME_SCREENS: dict[str, Callable[[Any, str, dict[str, int]], Any]] = {
    "setup": lambda s, g, m: s.views[g].setup(s),
    "table_in_play": lambda s, g, m: s.views[g].table(s, m["in_play"]),
    "table_finished": lambda s, g, m: s.views[g].table(s, m["finished"]),
    "match_detail": lambda s, g, m: s.views[g].match_detail(s, m["finished"]),
    "rules": lambda s, g, m: s.views[g].rules(s),
}


@pytest.fixture(scope="module")
def records() -> dict[str, dict[str, Any]]:
    return {g: _record(g) for g in games() if g in RECORDS}


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
    for g in games():
        out += [pytest.param(g, name, id=f"{g}-{name}") for name in [*GAME_SCREENS, "library_item"]]
    return out


@pytest.mark.parametrize(("area", "screen"), _cases())
def test_a_screen_switched_on_shows_only_translated_text(area, screen, tmp_path, records):
    name = screen.split("-")[0]
    if name not in screens_on(area):
        pytest.skip(f"{area}: {name} not switched on yet (tests/i18n/areas/{area}.py)")
    if area == "shell":
        game = screen.split("-")[1] if name == "library" else None
        shell, matches, store = _shell(tmp_path, records, game)
        try:
            if name == "library":
                if game not in shell.views or game not in games_with("library"):
                    pytest.skip(f"{game} has no library")
                _check(screen, lambda: LibraryScreen(shell, game), set())
            else:
                data = {NIGHT}.union(*(_data(r) for r in records.values()))
                _check(screen, lambda: SHELL_SCREENS[name](shell, matches), data)
        finally:
            store.close()
        return
    if area not in RECORDS:
        pytest.fail(f"{area}: no records to draw its screens with (tests/every_game/generators.py)")
    shell, matches, store = _shell(tmp_path, records, area)
    try:
        if name == "library_item":
            if area not in games_with("library"):
                pytest.skip(f"{area} has no library")
            view = editor_of(shell.views[area])
            lib = games_with("library")[area]
            text = lib.examples()[0].read_text(encoding="utf-8")
            name_of = lib.read(text).name
            item = library.add(store, area, name_of, text)
            _check(screen, lambda: view.editor(shell, item),
                   {name_of, *_data(records[area]), *_file_words(lib.read(text).raw)})
        else:
            files = {p.name for p in games_with("library")[area].examples()} if area in games_with("library") else set()
            _check(screen, lambda: GAME_SCREENS[name](shell, area, matches), {*_data(records[area]), *files})
    finally:
        store.close()


def test_every_screen_switched_on_exists():
    """A name in tests/i18n/areas/ that is no screen would check nothing."""
    known = {*SHELL_SCREENS, "library", *GAME_SCREENS, "library_item"}
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
        assert "Settings" in offending(Renderer().render(lambda: shell_module.Settings(shell)))
    finally:
        store.close()
