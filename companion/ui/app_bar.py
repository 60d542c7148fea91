"""The app bar: Home, Rules and Settings, on every screen of the host's sessions."""

from __future__ import annotations

import flet as ft

from companion.core.i18n import _
from companion.ui.services import Shell
from companion.ui.widgets import icon_button


def app_bar(shell: Shell) -> ft.AppBar:
    return ft.AppBar(title=ft.Text("companion"), center_title=False, actions=[] if shell.remote else [
        icon_button(ft.Icons.HOME, _("Home"), lambda e: shell.go("home")),
        icon_button(ft.Icons.MENU_BOOK, _("Rules"), lambda e: shell.open_rules()),
        icon_button(ft.Icons.SETTINGS, _("Settings"), lambda e: shell.go("settings")),
    ])
