"""The groups played with before, offered on every game's setup screen: one tap fills the
names in the seats they sat in last time; a group the game's count does not allow is
not offered, and the screen says why. The steps (``with_players``) are plain data;
the screens are drawn without a browser over the real shell of ``tests/tabs.py``."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import flet as ft
import pytest

from companion.games.burger import setup_form as burger_setup_form
from companion.games.hotdog import setup_form as hotdog_setup_form
from companion.games.sales import setup_form as sales_setup_form
from companion.store import Group, Store
from companion.ui.contracts import setup_key
from companion.ui.services import game_views
from companion.ui.widgets.roster import SHOWN, fitting, group_label
from tests.render import Component, Renderer
from tests.tabs import tab


def run(component: Component) -> Any:
    return Renderer(component).render(component.fn, *component.args, **component.kwargs)


def controls(control: Any) -> Iterator[Any]:
    """Every control drawn, the components inside run too."""
    if isinstance(control, Component):
        control = run(control)
    yield control
    for child in [*(getattr(control, "controls", None) or []), getattr(control, "content", None)]:
        if isinstance(child, (ft.Control, Component)):
            yield from controls(child)


def setup_screen(shell, game: str) -> list[Any]:
    return list(controls(Renderer().render(game_views()[game].setup, shell)))


def group_buttons(drawn: list[Any]) -> dict[str, Any]:
    return {b.content: b for b in drawn if isinstance(b, ft.Button) and b.icon == ft.Icons.GROUPS}


def texts(drawn: list[Any]) -> list[str]:
    return [c.value for c in drawn if isinstance(c, ft.Text) and isinstance(c.value, str)]


@pytest.fixture
def shell(tmp_path):
    store = Store(tmp_path / "companion.sqlite3")
    for players in (["Anna", "Bernd", "Chris", "Dora", "Emil", "Fritz"],   # six: too many for Hot Dog
                    ["Chris", "Anna", "Bernd"],
                    ["Anna", "Bernd", "Chris"]):                            # the latest seating
        store.create_match("hotdog", players, hotdog_setup_form.new_record(players[:5], players[0]))
    return tab(store)


def test_fitting_keeps_the_sizes_a_game_allows():
    groups = [Group(("A", "B"), 1, 2.0), Group(tuple("ABCDEF"), 3, 1.0)]
    assert fitting(groups, 2, 5) == ([groups[0]], 1)
    assert fitting(groups, 2, 6) == (groups, 0)
    assert group_label(Group(("Anna", "Bernd"), 1, 0.0)).startswith("Anna, Bernd · 1 match, last on ")
    assert " · 2 matches, " in group_label(Group(("Anna", "Bernd"), 2, 0.0))


def test_hotdog_with_players_fills_the_seats_and_keeps_the_mustard_with_its_player():
    d = hotdog_setup_form.SetupDraft(names=("Dora", "Chris", ""), mustard=1)
    picked = d.with_players(("Anna", "Bernd", "chris"))
    assert picked.names == ("Anna", "Bernd", "chris") and picked.mustard == 2
    assert picked.start() == (["Anna", "Bernd", "chris"], "chris")
    assert d.with_players(("Anna", "Bernd")).mustard == 0        # the holder is not in the group
    assert picked.moved(0, 1).names == ("Bernd", "Anna", "chris")  # seats move as typed ones do


def test_burger_with_players_fills_the_seats_and_keeps_the_first_player():
    d = burger_setup_form.SetupUI(burger_setup_form.Setup(players=("Bernd", "Zoë"), tongs=3), first=1)
    picked = burger_setup_form.with_players(d, ("Anna", "ZOË", "Chris"))
    assert picked.setup.players == ("Anna", "ZOË", "Chris") and picked.first == 1
    assert picked.setup.tongs == 3                                # the other fields are kept
    assert burger_setup_form.with_players(d, ("Anna", "Chris")).first == 0
    assert burger_setup_form.moved(picked, 0, 1).setup.players == ("ZOË", "Anna", "Chris")


def test_sales_with_players_fills_the_seats_and_keeps_the_leader_in_the_group():
    d = sales_setup_form.SetupDraft(names=("Dora", "Bernd", ""), leader="Bernd", hand_size="10")
    picked = sales_setup_form.with_players(d, ("Anna", "Bernd"))
    assert picked.names == ("Anna", "Bernd") and picked.leader_name() == "Bernd" and picked.hand_size == "10"
    assert sales_setup_form.with_players(d, ("Anna", "Chris")).leader_name() == "Anna"


@pytest.mark.parametrize("game", ["hotdog", "burger"])
def test_a_group_picked_on_the_setup_screen_fills_the_names_in_seat_order(shell, game):
    drawn = setup_screen(shell, game)
    offered = group_buttons(drawn)
    assert [label.split(" · ")[0] for label in offered] == ["Anna, Bernd, Chris"]   # one group, seated as last
    assert next(iter(offered)).split(" · ")[1].startswith("2 matches, last on ")
    assert "1 group of another size not offered: " in " ".join(texts(drawn))
    next(iter(offered.values())).on_click(None)
    after = setup_screen(shell, game)
    fields = [c.value for c in after if isinstance(c, ft.TextField) and str(c.label).startswith("Player ")]
    assert fields == ["Anna", "Bernd", "Chris"]
    assert shell.ui(setup_key(game)) is not None


def test_hotdog_says_why_a_group_is_not_offered(shell):
    said = texts(setup_screen(shell, "hotdog"))
    assert "1 group of another size not offered: Hot Dog is for 2–5 players (HD-1)." in said


def test_sales_offers_the_groups_its_mode_allows(shell):
    drawn = setup_screen(shell, "sales")                         # competitive: 2–6
    assert len(group_buttons(drawn)) == 2
    list(group_buttons(drawn).values())[1].on_click(None)
    after = setup_screen(shell, "sales")
    fields = [c.value for c in after if isinstance(c, ft.TextField) and str(c.label).startswith("Player ")]
    assert fields == ["Anna", "Bernd", "Chris", "Dora", "Emil", "Fritz"]
    shell.set_ui(setup_key("sales"), lambda d: sales_setup_form.with_mode(d, "coop"), sales_setup_form.SetupDraft())
    drawn = setup_screen(shell, "sales")
    assert group_buttons(drawn) == {}
    assert "2 groups of another size not offered: the co-op game is for exactly 2 players (SA-2)." in texts(drawn)
    # co-op seats can be swapped too, like the competitive game's
    moves = [c for c in drawn if isinstance(c, ft.Semantics) and c.label == "Move Player 1 down"]
    assert len(moves) == 1 and not moves[0].content.disabled
    moves[0].content.on_click(None)
    fields = [c.value for c in setup_screen(shell, "sales")
              if isinstance(c, ft.TextField) and str(c.label).startswith("Player ")]
    assert fields == ["Bernd", "Anna"]


def test_only_a_few_groups_until_every_group_is_asked_for(tmp_path):
    store = Store(tmp_path / "companion.sqlite3")
    for i in range(SHOWN + 2):
        players = ["Anna", f"Player {i}"]
        store.create_match("hotdog", players, hotdog_setup_form.new_record(players, "Anna"))
    shell = tab(store)
    drawn = setup_screen(shell, "hotdog")
    assert len(group_buttons(drawn)) == SHOWN
    assert f"Show every group ({SHOWN + 2})" in [b.content for b in drawn if isinstance(b, ft.TextButton)]


def test_no_group_no_offer(tmp_path):
    drawn = setup_screen(tab(Store(tmp_path / "companion.sqlite3")), "hotdog")
    assert group_buttons(drawn) == {} and not any("Played before" in t for t in texts(drawn))
