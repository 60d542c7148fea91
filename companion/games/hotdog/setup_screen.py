"""Hot Dog's setup screen (``SetupScreen``): the players in seat order, who holds the
mustard card, how the bids are entered; its draft is ``setup_form``'s.
"""

from __future__ import annotations

from collections.abc import Callable

import flet as ft

from companion.core.match import GAMES_PER_MATCH
from companion.games.hotdog import rules, setup_form
from companion.games.hotdog.i18n import _
from companion.games.hotdog.setup_form import SetupDraft
from companion.games.hotdog.widgets import Key
from companion.ui.contracts import ShellServices
from companion.ui.table import open_match
from companion.ui.widgets import bold, error_text, heading, icon_button
from companion.ui.widgets.column import column
from companion.ui.widgets.roster import RosterPicker, groups_played
from companion.ui.widgets.text_field import TextField

SETUP = "hotdog-setup"
# ================================================================ setup


def _player_row(i: int, name: str, count: int, error: str | None,
                put: Callable[[Callable[[SetupDraft], SetupDraft]], None]) -> ft.Control:
    label = _("Player {n}").format(n=i + 1)

    def renamed(value: str | None) -> None:
        put(lambda d: d.renamed(i, value or ""))

    return ft.Column([
        ft.Row([
            TextField(label=label, value=name, expand=True, dense=True,
                      on_change=lambda e: renamed(e.control.value), on_blur=lambda e: put(lambda d: d.left(i))),
            icon_button(ft.Icons.ARROW_UPWARD, _("Move Player {n} up").format(n=i + 1),
                        lambda e: put(lambda d: d.moved(i, -1)), disabled=i == 0),
            icon_button(ft.Icons.ARROW_DOWNWARD, _("Move Player {n} down").format(n=i + 1),
                        lambda e: put(lambda d: d.moved(i, 1)), disabled=i == count - 1),
            icon_button(ft.Icons.DELETE_OUTLINE, _("Remove Player {n}").format(n=i + 1),
                        lambda e: put(lambda d: d.removed(i)), disabled=count <= 1),
        ], spacing=0),
        error_text(error),
    ], spacing=2, key=f"player-{i}")


@ft.component
def SetupScreen(shell: ShellServices, *, key: Key = None) -> ft.Control:
    d: SetupDraft = shell.ui(SETUP, SetupDraft())
    names = list(d.names)
    mustard = d.holder()

    def put(fn: Callable[[SetupDraft], SetupDraft]) -> None:
        shell.set_ui(SETUP, fn, SetupDraft())

    def start() -> None:
        players, who = shell.ui(SETUP, SetupDraft()).start()
        if setup_form.setup_error(players, who):
            put(lambda d: d.started())   # every field's refusal is said now
            return
        entry = shell.ui(SETUP, SetupDraft()).entry
        said = open_match(shell, "hotdog", players, setup_form.new_record(players, who), {setup_form.ENTRY: entry})
        if said is not None:
            shell.say(said)
            return
        shell.drop_ui(SETUP)

    def chose(value: str | None) -> None:
        if value is not None:
            seat = int(value)
            put(lambda d: d.chose(seat))

    errors = d.errors()
    problem = d.problem()
    rows = [_player_row(i, name, len(names), errors[i], put) for i, name in enumerate(names)]
    valid = [(i, n.strip()) for i, n in enumerate(names) if n.strip()]
    return column([
        heading(_("New Hot Dog match")),
        ft.Text(_("Players in seating order, clockwise (HD-1: 2–5 players, different names).")),
        RosterPicker(groups_played(shell.store), rules.MIN_PLAYERS, rules.MAX_PLAYERS,
                     _("Hot Dog is for {min}–{max} players (HD-1)").format(min=rules.MIN_PLAYERS,
                                                                           max=rules.MAX_PLAYERS),
                     lambda names: put(lambda d: d.with_players(names)), key="groups"),
        *rows,
        ft.Button(_("Add player"), icon=ft.Icons.PERSON_ADD, disabled=len(names) >= rules.MAX_PLAYERS,
                  on_click=lambda e: put(lambda d: d.added())),
        bold(_("Who holds the mustard card? (HD-4: the youngest)")),
        ft.RadioGroup(value=str(mustard), on_change=lambda e: chose(e.control.value),
                      content=ft.Column([ft.Radio(value=str(i), label=n) for i, n in valid], spacing=0)),
        bold(_("How are the bids entered? (changeable between rounds)")),
        ft.RadioGroup(value=d.entry, on_change=lambda e: put(lambda d: d.entered_by(e.control.value or "")),
                      content=ft.Column([part for m, (label, means) in setup_form.ENTRY_MODES.items() for part in (
                          ft.Radio(value=m, label=_(label)),
                          ft.Container(ft.Text(_(means), size=13), padding=ft.Padding(40, 0, 0, 4)))],
                                        spacing=0)),
        error_text(problem),
        ft.Text(_("A match is {n} games; the dollars are added up (HD-15).").format(n=GAMES_PER_MATCH)),
        ft.FilledButton(_("Start match"), icon=ft.Icons.PLAY_ARROW, disabled=problem is not None,
                        on_click=lambda e: start()),
    ])
