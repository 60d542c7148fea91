"""The Rules screen: a game's rules in plain words, or the list of games."""

from __future__ import annotations

import flet as ft

from companion.core.i18n import _
from companion.ui.contracts import Route
from companion.ui.services import Shell
from companion.ui.widgets import heading
from companion.ui.widgets.column import column


@ft.component
def RulesScreen(shell: Shell, game: str | None, back: Route | None) -> ft.Control:
    out: list[ft.Control] = []
    if isinstance(back, Route) and back.screen != "rules":
        out.append(ft.Button(_("Back"), icon=ft.Icons.ARROW_BACK,
                             on_click=lambda e: shell.go(back.screen, **back.args)))
    if game in shell.views:
        out.append(shell.views[game].rules(shell))
    else:
        out.append(heading(_("Rules")))
        out += [ft.Button(_("Rules: {game}").format(game=v.title), icon=ft.Icons.MENU_BOOK,
                          on_click=lambda e, n=n: shell.go("rules", game=n, back=back))
                for n, v in shell.views.items()]
    return column(out, spacing=12)
