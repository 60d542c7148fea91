"""companion.ui.flet_diff: a redraw that takes controls away lists each of them once, the
same controls Flet 1.0.5's own walk lists, in a real Flet session redrawing a screen the
way the Hot Dog table does on "Submit round" (bid cards of chips away, a result in
their place) and back on "Next round"."""

from __future__ import annotations

import asyncio
import itertools
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import flet as ft
import pytest
from flet.controls.context import _context_page
from flet.controls.id_counter import ControlId
from flet.controls.object_patch import DiffBuilder
from flet.messaging.session import Session
from flet.pubsub.pubsub_hub import PubSubHub

from companion.ui import flet_diff
from companion.ui.flet_diff import FLET_ADDED, FLET_READ, FLET_WALK, added_once, removed_once
from companion.ui.widgets.chip_style import chip_style
from tests.conftest import run_async
from tests.render import Tab, packed


def own_style(on: bool) -> ft.ButtonStyle:
    """A chip's style made for it, as every chip had until chip_style."""
    return ft.ButtonStyle(padding=0, shape=ft.RoundedRectangleBorder(radius=8),
                          bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE,
                          color=ft.Colors.ON_PRIMARY if on else ft.Colors.PRIMARY,
                          side=ft.BorderSide(1, ft.Colors.PRIMARY))


STYLE = [own_style]


@ft.component
def Chip(player: str, n: int, on: bool) -> ft.Control:
    return ft.Container(expand=1, height=40, content=ft.Semantics(
        label=f"{player}: {n}", button=True, selected=on,
        content=ft.Button(str(n), style=STYLE[0](on))))


@ft.component
def BidCard(player: str, picked: int) -> ft.Control:
    return ft.Container(ft.Column([
        ft.Row([ft.Text(player)]),
        *(ft.Row([Chip(player, 10 * row + n, 10 * row + n == picked) for n in range(1, 9)]) for row in range(3)),
    ]))


@ft.component
def Table(screen: list[Any]) -> ft.Control:
    mode, set_mode = ft.use_state("entry")
    picked, set_picked = ft.use_state(1)
    screen[:] = [set_mode, set_picked]
    body: list[ft.Control] = ([BidCard(p, picked) for p in ("Anna", "Bernd", "Chris", "Dora")]
                              if mode == "entry" else [ft.Text("Round 1: result"), ft.Text("Anna sells")])
    return ft.Column([ft.Text("Round 1"), *body, ft.Button("Submit round" if mode == "entry" else "Next round")])


STEPS = ["result", "entry", "pick", "pick", "result", "entry"]


def session(steps: list[str]) -> list[bytes]:
    """A session drawing Table, then each step's redraw: what it sent the tab."""

    async def run() -> list[bytes]:
        loop = asyncio.get_running_loop()
        with ThreadPoolExecutor(1) as executor:
            tab = Tab(loop, PubSubHub(loop=loop, executor=executor))
            session = Session(tab)
            _context_page.set(session.page)
            session.apply_page_patch({"route": "/", "width": 360, "height": 740, "web": True})
            packed(session.get_page_patch())     # Flet's answer to the tab's register frame
            screen: list[Any] = []
            session.page.render(Table, screen)
            await asyncio.sleep(0.05)
            set_mode, set_picked = screen
            for step in steps:
                if step == "pick":
                    set_picked(lambda n: n + 1)
                else:
                    set_mode(step)
                await asyncio.sleep(0.05)
            session.close()
            return tab.sent

    ControlId._counter = itertools.count(3)      # the same control ids in every run
    sent: list[bytes] = run_async(run())
    return sent


@contextmanager
def walking(removed: Any, added: Any) -> Iterator[None]:
    saved = DiffBuilder.get_removed_controls, DiffBuilder.get_added_controls
    DiffBuilder.get_removed_controls, DiffBuilder.get_added_controls = removed, added  # type: ignore[method-assign]
    try:
        yield
    finally:
        DiffBuilder.get_removed_controls, DiffBuilder.get_added_controls = saved  # type: ignore[method-assign]


def walks(steps: list[str]) -> list[tuple[list[Any], list[Any]]]:
    """Each redraw's removed controls by Flet's walk and by removed_once, on the same diff."""
    seen: list[tuple[list[Any], list[Any]]] = []

    def both(builder: DiffBuilder) -> Any:
        flet_list, ours = list(FLET_WALK(builder)), list(removed_once(builder))
        seen.append((flet_list, ours))
        return iter(ours)

    with walking(both, FLET_ADDED):
        session(steps)
    return seen


@pytest.mark.skipif(ft.__version__ != FLET_READ, reason="read against another Flet: see companion.ui.flet_diff")
def test_a_redraw_lists_the_controls_it_took_away_once_each_and_the_same_ones_as_flet():
    seen = walks(STEPS)
    assert len(seen) >= 4
    took_away = [(flet_list, ours) for flet_list, ours in seen if len(ours) > 100]
    assert len(took_away) >= 2          # Submit took four cards away, each time
    for flet_list, ours in seen:
        assert {id(c) for c in ours} == {id(c) for c in flet_list}
        assert max(Counter(id(c) for c in ours).values(), default=1) == 1


@pytest.mark.skipif(ft.__version__ != FLET_READ, reason="read against another Flet: see companion.ui.flet_diff")
def test_a_session_sends_the_same_bytes_with_the_mended_walks_as_with_flets():
    """The added controls are configured as Flet configures them and the same ones are
    forgotten: every patch the tab gets, control ids included, is the same."""
    with walking(FLET_WALK, FLET_ADDED):
        flets = session(STEPS)
    with walking(removed_once, added_once):
        ours = session(STEPS)
    assert len(flets) >= len(STEPS) + 1 and ours == flets
    assert sum(b"Round 1: result" in m for m in ours) == 2 and sum(b"Dora: 24" in m for m in ours) >= 3


def test_the_mend_goes_in_once_and_only_in_the_flet_it_was_read_against(monkeypatch):
    original = DiffBuilder.get_removed_controls, DiffBuilder.get_added_controls
    try:
        monkeypatch.setattr(ft, "__version__", "1.0.6")
        DiffBuilder.get_removed_controls = FLET_WALK     # type: ignore[method-assign]
        DiffBuilder.get_added_controls = FLET_ADDED      # type: ignore[method-assign]
        assert flet_diff.mend() is False
        assert (DiffBuilder.get_removed_controls, DiffBuilder.get_added_controls) == (FLET_WALK, FLET_ADDED)
        monkeypatch.setattr(ft, "__version__", FLET_READ)
        for _twice in range(2):
            assert flet_diff.mend() is True
            assert (DiffBuilder.get_removed_controls, DiffBuilder.get_added_controls) == (removed_once, added_once)
    finally:
        DiffBuilder.get_removed_controls, DiffBuilder.get_added_controls = original  # type: ignore[method-assign]


def test_chips_sharing_one_style_send_what_chips_with_styles_of_their_own_sent():
    """companion.ui.widgets.chip_style: one style object per kind, shared by every chip
    of every session; each redraw (a chip chosen, the cards away and back) sends the
    same bytes as with a style made per chip."""
    own = session(STEPS)
    STYLE[0] = lambda on: chip_style(on, 0, radius=8)
    try:
        shared = session(STEPS)
    finally:
        STYLE[0] = own_style
    assert chip_style(True, 0, radius=8) is chip_style(True, 0, radius=8)
    assert len(shared) >= len(STEPS) + 1 and shared == own
