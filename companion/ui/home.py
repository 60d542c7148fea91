"""The home screen: the match to continue, a new match of each game, and the rest."""

from __future__ import annotations

import flet as ft

from companion.core.game import LIBRARY_PART
from companion.core.i18n import _
from companion.core.registry import games, has_part
from companion.ui.library import title_of
from companion.ui.services import Shell
from companion.ui.widgets import heading
from companion.ui.widgets.column import column


@ft.component
def Home(shell: Shell) -> ft.Control:
    out: list[ft.Control] = [heading("companion", 26), ft.Text(_("A referee beside your card games."))]
    current = shell.store.current_match_id()
    if current is not None:
        m = shell.store.match(current)
        view = shell.views.get(m.game)
        if view is not None and not m.finished:
            line = view.match_line(m.players, [g.record for g in m.games])[0]
            out.append(ft.FilledButton(
                _("Continue {game}: {players} ({state})").format(game=view.title, players=", ".join(m.players),
                                                          state=line),
                icon=ft.Icons.PLAY_ARROW, on_click=lambda e: shell.go("match", match=current)))
    out.append(heading(_("New match"), 18))
    for name, spec in games().items():
        if name in shell.views:
            out.append(ft.Button(_("New {game} match").format(game=spec.title), icon=ft.Icons.ADD,
                                 on_click=lambda e, n=name: shell.new_match(n)))
        else:
            out.append(ft.Text(_("{game}: referee a recorded game with "
                                 "`companion referee FILE` (no table screens yet).").format(game=spec.title)))
    out.append(heading(_("More"), 18))
    out += [
        ft.Button(_("History"), icon=ft.Icons.HISTORY, on_click=lambda e: shell.go("history")),
        ft.Button(_("Game nights"), icon=ft.Icons.NIGHTLIFE, on_click=lambda e: shell.go("nights")),
        ft.Button(_("Statistics"), icon=ft.Icons.BAR_CHART, on_click=lambda e: shell.go("stats")),
        *[ft.Button(title_of(n), icon=ft.Icons.EDIT_NOTE, on_click=lambda e, n=n: shell.go("library", game=n))
          for n in games() if has_part(n, LIBRARY_PART) and n in shell.views],
        ft.Button(_("Import a record"), icon=ft.Icons.UPLOAD_FILE, on_click=lambda e: shell.go("import")),
        *[ft.Button(_("Rules: {game}").format(game=v.title), icon=ft.Icons.MENU_BOOK,
                    on_click=lambda e, n=n: shell.go("rules", game=n)) for n, v in shell.views.items()],
        ft.Button(_("Settings"), icon=ft.Icons.SETTINGS, on_click=lambda e: shell.go("settings")),
    ]
    return column(out, spacing=12)
