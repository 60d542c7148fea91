"""Every screen has its own address and every address its screen (companion.ui.routes),
and the shell follows the browser: Back is the previous screen, a reload the same one,
an address that names no screen (or a match no longer saved) Home, saying so."""

from __future__ import annotations

import pytest

from companion.games.hotdog import setup_form
from companion.ui.contracts import READING_WIDTH, TABLE_WIDTH, Route
from companion.ui.layout import content_width, layout
from companion.ui.routes import SCREENS, address, route_of
from companion.ui.services import Shell, game_views
from companion.ui.shell import first_route
from tests.tabs import tab

GAMES = sorted(game_views())


def every_route(match_id: int = 12) -> list[tuple[Route, str]]:
    """Each screen of the app with its address: one of each per registered game."""
    out = [(Route("home"), "/"), (Route("history"), "/history"),
           (Route("match", {"match": match_id}), f"/match/{match_id}"),
           (Route("history_match", {"match": match_id}), f"/history/{match_id}"),
           (Route("rules", {"game": None}), "/rules"),
           (Route("import"), "/import"), (Route("settings"), "/settings"), (Route("join"), "/join"),
           (Route("nights"), "/nights"), (Route("night", {"night": 5}), "/night/5"),
           (Route("stats"), "/stats")]
    for game in GAMES:
        out += [(Route("setup", {"game": game}), f"/setup/{game}"),
                (Route("rules", {"game": game}), f"/rules/{game}"),
                (Route("library", {"game": game}), f"/library/{game}"),
                (Route("library_item", {"game": game, "item": 7}), f"/library/{game}/7")]
    return out


def test_the_registry_has_games_to_route():
    assert {"hotdog", "burger", "sales"} <= set(GAMES)


@pytest.mark.parametrize(("route", "where"), every_route(), ids=lambda v: str(v))
def test_every_screen_to_its_address_and_back(route, where):
    assert address(route) == where
    assert route_of(where, GAMES) == route


def test_every_screen_is_routed():
    assert {r.screen for r, _ in every_route()} == SCREENS


def test_only_what_names_the_screen_is_in_the_address():
    back = Route("match", {"match": 3})
    assert address(Route("rules", {"game": "sales", "back": back})) == "/rules/sales"
    assert address(Route("rules")) == "/rules"


def test_a_game_gets_its_addresses_from_the_games_given_not_a_list():
    assert route_of("/setup/toy", ["toy"]) == Route("setup", {"game": "toy"})
    assert route_of("/rules/toy", ["toy"]) == Route("rules", {"game": "toy"})
    assert route_of("/setup/toy", GAMES) is None


@pytest.mark.parametrize("where", [
    "/nowhere", "/match", "/match/abc", "/match/0", "/match/-1", "/match/1.5", "/match/12/3",
    "/history/12/3", "/history/x", "/setup", "/setup/nogame", "/rules/nogame", "/settings/x",
    "/import/1", "/join/ABCD", "/match/١٢", "/library", "/library/nogame", "/library/sales/0",
    "/library/sales/x", "/library/nogame/3", "/library/sales/3/1",
    "/night", "/night/x", "/night/0", "/night/5/1", "/nights/5",
])
def test_an_address_that_names_no_screen(where):
    assert route_of(where, GAMES) is None


def test_the_query_string_is_not_the_screens():
    assert route_of("/?host=KEY", GAMES) == Route("home")          # read by the gate, not here
    assert route_of("/match/12?host=KEY", GAMES) == Route("match", {"match": 12})
    assert route_of("", GAMES) == route_of(None, GAMES) == Route("home")
    assert route_of("/history/", GAMES) == Route("history")
    assert all("?" not in where for _, where in every_route())


# ---------------------------------------------------------------- the shell

@pytest.fixture
def shell(store) -> Shell:
    return tab(store)


def new_match(shell: Shell) -> int:
    players = ["Anna", "Bernd", "Chris"]
    return shell.store.create_match("hotdog", players, setup_form.new_record(players, "Anna"))


def test_a_stale_or_unknown_address_opens_home_saying_so(shell):
    kept = new_match(shell)
    assert shell.resolve(f"/match/{kept}") == (Route("match", {"match": kept}), None)
    assert shell.resolve(f"/history/{kept}") == (Route("history_match", {"match": kept}), None)
    route, line = shell.resolve("/match/999")
    assert route == Route("home")
    assert line == "There is no match 999 here: it may have been deleted. Your saved matches are in History."
    route, line = shell.resolve("/history/999")
    assert route == Route("home") and line is not None and "999" in line
    route, line = shell.resolve("/nowhere?x=1")
    assert route == Route("home")
    assert line == "companion has no screen at /nowhere, so here is the home screen."


def test_a_session_opens_at_its_address_or_at_the_match_being_played(shell):
    assert first_route(shell, "/") == (Route("home"), None)
    kept = new_match(shell)
    shell.store.set_setting("current_match", str(kept))
    assert first_route(shell, "/") == (Route("match", {"match": kept}), None)
    assert first_route(shell, "/?host=KEY") == (Route("match", {"match": kept}), None)
    assert first_route(shell, "/history") == (Route("history"), None)
    assert first_route(shell, "/join") == (Route("join"), None)
    assert first_route(shell, "/match/999")[0] == Route("home")
    shell.remote = True                  # a phone: its screens only, whatever the address
    assert first_route(shell, f"/match/{kept}") == (Route("join"), None)


def test_going_somewhere_puts_its_address_in_the_browser_once(shell):
    kept = new_match(shell)
    shell.at = "/"
    shell.go("history")
    assert shell.at == "/history"
    shell.go("history_match", match=kept)
    assert shell.at == f"/history/{kept}"
    assert shell._sent == ["/history", f"/history/{kept}"]
    shell.arrive("/history")                  # the browser's answer to the first: nothing to do
    shell.arrive(f"/history/{kept}")
    assert shell.state.route == Route("history_match", {"match": kept})
    assert shell._sent == []


def test_back_opens_the_previous_screen(shell):
    kept = new_match(shell)
    shell.at = "/"
    shell.go("history")
    shell.arrive("/history")
    shell.go("history_match", match=kept)
    shell.arrive(f"/history/{kept}")
    shell.arrive("/history")                  # Back
    assert shell.state.route == Route("history") and shell.state.flash is None
    shell.arrive("/")                         # Back: Home, not the match being played
    assert shell.state.route == Route("home")
    shell.arrive(f"/match/{kept}")            # Forward, twice over
    assert shell.state.route == Route("match", {"match": kept})
    shell.arrive("/match/999")
    assert shell.state.route == Route("home") and "999" in (shell.state.flash or "")
    assert shell.at == "/match/999"           # left as the browser has it: Back still goes back


def test_back_to_the_same_screen_keeps_its_way_back(shell):
    back = Route("match", {"match": 3})
    shell.at = "/match/3"
    shell.go("rules", game="hotdog", back=back)
    shell.arrive("/rules/hotdog")             # the browser's answer
    shell.arrive("/rules/hotdog")             # the same screen once more (a reload of the address)
    assert shell.state.route.args["back"] == back


def test_a_phone_puts_no_address_of_the_app_in_its_browser(shell):
    shell.remote = True
    shell.at = "/join"
    shell.go("home")
    assert shell.at == "/join" and shell._sent == []


# ---------------------------------------------------------------- the width

def test_a_match_screen_uses_a_desktop_window_other_screens_stay_a_column():
    assert content_width("match", 1280) == TABLE_WIDTH == 1240
    assert content_width("history_match", 1920) == TABLE_WIDTH
    assert content_width("history", 1280) == READING_WIDTH == 760
    assert content_width("setup", 1280) == READING_WIDTH
    assert content_width("match", 1000) is None            # fills a window narrower than that
    assert content_width("home", 1000) == READING_WIDTH
    assert content_width("home", 700) is None
    assert content_width("match", 360) is None             # a phone: full width


def test_a_resize_draws_again_only_where_the_layout_changes(shell):
    shell.set_width(1280)
    assert shell.state.wide and shell.state.width == 1280
    rev = shell.state.rev
    shell.set_width(1300)                                   # the same layout
    assert shell.state.rev == rev
    shell.set_width(900)
    assert shell.state.wide and shell.state.width == 900 and shell.state.rev == rev + 1
    shell.set_width(400)
    assert not shell.state.wide
    assert layout(400) != layout(900) != layout(1280)


def test_a_game_registered_later_gets_its_addresses(store):
    from companion.core import registry
    from tests.toy_game import GAME, play

    assert tab(store).resolve("/setup/toy")[0] == Route("home")
    with registry.register(GAME):
        kept = store.create_match("toy", ["Anna", "Bernd"], play.new_record(["Anna", "Bernd"]))
    assert tab(store).resolve(f"/match/{kept}") == (Route("home"), (
        f"Match {kept} is a toy match, and companion has no table screens for toy, so here is the home screen."))
    with registry.register(GAME):
        shell = tab(store)                    # a session begun while the game is registered
        assert shell.resolve("/setup/toy") == (Route("setup", {"game": "toy"}), None)
        assert shell.resolve("/rules/toy") == (Route("rules", {"game": "toy"}), None)
        assert shell.resolve(f"/match/{kept}") == (Route("match", {"match": kept}), None)
        shell.go("setup", game="toy")
        assert shell.at == "/setup/toy"


def test_a_deleted_file_of_a_game_opens_its_list_saying_so_and_a_game_without_files_home(shell):
    from companion.store import library

    kept = library.add(shell.store, "sales", "Ours", "{}")
    assert shell.resolve(f"/library/sales/{kept}")[1] is None
    library.delete(shell.store, kept)
    route, line = shell.resolve(f"/library/sales/{kept}")
    assert route == Route("library", {"game": "sales"})
    assert line == f"There is no saved deck {kept} here: it may have been deleted. Here are the ones kept."
    other = library.add(shell.store, "burger", "Recipes", "{}")
    assert shell.resolve(f"/library/sales/{other}")[0] == Route("library", {"game": "sales"})  # not a deck
    route, line = shell.resolve("/library/hotdog")
    assert route == Route("home") and line == "Hot Dog has no files of its own to edit, so here is the home screen."
