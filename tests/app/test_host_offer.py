"""*Host this table on phones* is offered while a match is played, not on a finished
one (nothing is left to bid on). Drawn without a browser over ``tests/tabs.py``."""

from __future__ import annotations

from types import SimpleNamespace

import flet as ft

from companion.games.hotdog import setup_form
from companion.net.serving import hub_for
from companion.ui.host import HostPanel
from tests.app.test_new_setup import controls
from tests.render import Renderer
from tests.tabs import tab

PLAYERS = ["Anna", "Bernd", "Chris"]
OFFER = "Host this table on phones"


def drawn(shell, mid: int, finished: bool):
    """What the host panel draws, its component function run once."""
    component = Renderer().render(HostPanel, shell, mid, finished=finished)
    return Renderer(component).render(component.fn, *component.args, **component.kwargs)


def offered(shell, mid: int, finished: bool) -> bool:
    return any(isinstance(c, ft.Button) and c.content == OFFER
               for c in controls(drawn(shell, mid, finished)))


def test_hosting_is_offered_while_the_match_is_played_and_not_once_it_is_over(store):
    shell = tab(store)
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    assert offered(shell, mid, finished=False)
    assert not offered(shell, mid, finished=True)


def test_reveal_now_refused_says_why_on_the_host_panel(store):
    """A bid missing: "Reveal now" is refused with the rules' ruling, shown on the panel
    (the refusal is about the round still open, not the one a reveal would start)."""
    shell = tab(store)
    shell.page = SimpleNamespace(web=False)  # type: ignore[assignment]  # the app, not serving web pages
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    hub_for(store).host(mid)
    [reveal] = [c for c in controls(drawn(shell, mid, False))
                if isinstance(c, ft.Button) and c.content == "Reveal now"]
    reveal.on_click(None)
    said = [c.value for c in controls(drawn(shell, mid, False)) if isinstance(c, ft.Text) and c.visible]
    assert any("HD-6" in str(text) for text in said), said


def test_the_join_code_hidden_leaves_the_seats_and_reveal_buttons_their_ids(store):
    """Hiding the join code takes lines away above the seats; the seats' rows and the
    "Reveal now" row are keyed, so their buttons keep their controls' ids through the
    redraw and a tap sent before it arrived still reaches them."""
    from tests.render import redrawn

    shell = tab(store)
    shell.page = SimpleNamespace(web=False)  # type: ignore[assignment]  # the app, not serving web pages
    mid = store.create_match("hotdog", PLAYERS, setup_form.new_record(PLAYERS, "Anna"))
    hub_for(store).host(mid)

    def ids(root) -> list[int]:
        return [c._i for c in controls(root) if isinstance(c, ft.Button) and c.content in (
            "Free seat", "Reveal now", "Close table")]

    before = drawn(shell, mid, False)
    [hide] = [c for c in controls(before) if isinstance(c, ft.TextButton) and c.content == "Hide join code"]
    hide.on_click(None)
    after = drawn(shell, mid, False)
    assert any(isinstance(c, ft.TextButton) and c.content == "Show join code" for c in controls(after))
    redrawn(before, after)
    assert len(ids(before)) == len(PLAYERS) + 2 and ids(after) == ids(before)
