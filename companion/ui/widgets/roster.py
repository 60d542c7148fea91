"""The groups played with before, each picked in one tap on a setup screen: the names go
into the name fields in the seats they sat in last time (and can be moved, changed or
removed there like names typed).

The groups come from the stored matches (:meth:`companion.store.Store.groups`): one per
set of players, the most recently played first. A group whose size the game does not
allow is not offered; the line under the groups says how many were left out and why.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import flet as ft

from companion.core.i18n import _, ngettext
from companion.core.registry import games
from companion.store import Group, Store
from companion.ui.widgets.heading import bold
from companion.ui.widgets.when import day

SHOWN = 4          # groups offered before "Show every group"


def groups_played(store: Store) -> list[Group]:
    """The groups to offer: every stored match's players, but for a match one person
    played alone in every seat (a game's ``lone_modes``, e.g. sales' solo hands)."""
    return store.groups({name: spec.lone_modes for name, spec in games().items()})


def fitting(groups: Sequence[Group], low: int, high: int) -> tuple[list[Group], int]:
    """The groups of ``low``–``high`` players, and how many others were left out."""
    fit = [g for g in groups if low <= len(g.players) <= high]
    return fit, len(groups) - len(fit)


def group_label(g: Group) -> str:
    """'Anna, Bernd, Chris · 5 matches, last on 2026-11-30'."""
    return ngettext("{players} · {n} match, last on {day}", "{players} · {n} matches, last on {day}",
                    g.matches).format(players=", ".join(g.players), n=g.matches, day=day(g.last_played))


@ft.component
def RosterPicker(groups: Sequence[Group], low: int, high: int, why: str,
                 on_pick: Callable[[tuple[str, ...]], None], *, key: str | None = None) -> ft.Control:
    """``groups`` as one button each (``SHOWN`` of them until "Show every group" is
    tapped); ``why`` says which sizes the game allows, with its ruling ('Hot Dog is for
    2–5 players (HD-1)')."""
    every, set_every = ft.use_state(False)
    fit, left_out = fitting(groups, low, high)
    if not groups:
        return ft.Column([], visible=False)
    out: list[ft.Control] = [bold(_("Played before: tap a group to fill in the names"))]
    for g in fit if every else fit[:SHOWN]:
        out.append(ft.Button(group_label(g), icon=ft.Icons.GROUPS,
                             on_click=lambda e, names=g.players: on_pick(names)))
    if not every and len(fit) > SHOWN:
        out.append(ft.TextButton(_("Show every group ({n})").format(n=len(fit)), on_click=lambda e: set_every(True)))
    if left_out:
        out.append(ft.Text(ngettext("{n} group of another size not offered: {why}.",
                                    "{n} groups of another size not offered: {why}.", left_out).format(
            n=left_out, why=why), size=13))
    return ft.Column(out, spacing=6, horizontal_alignment=ft.CrossAxisAlignment.START)
