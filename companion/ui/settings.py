"""The Settings screen: light or dark, the language (:func:`apply_language`), and where the
saved games are."""

from __future__ import annotations

import flet as ft

from companion.core import i18n
from companion.core.errors import CompanionError
from companion.core.i18n import _
from companion.ui.app_bar import app_bar
from companion.ui.services import Shell
from companion.ui.storage import browser_storage
from companion.ui.widgets import heading
from companion.ui.widgets.column import column


@ft.component
def Settings(shell: Shell) -> ft.Control:
    current = shell.store.setting("theme", "system") or "system"

    def set_theme(value: str) -> None:
        try:
            shell.store.set_setting("theme", value)
        except CompanionError as exc:
            shell.say(_("Not saved: {reason}").format(reason=exc))
            return
        shell.page.theme_mode = shell.theme()
        shell.page.update()
        shell.saved()

    def set_language(value: str) -> None:
        try:
            shell.store.set_setting("language", None if value == "system" else value)
        except CompanionError as exc:
            shell.say(_("Not saved: {reason}").format(reason=exc))
            return
        apply_language(shell)
        shell.page.update()
        shell.saved()

    follow = current == "system"
    dark = current == "dark" or (follow and shell.page.platform_brightness == ft.Brightness.DARK)
    chosen = shell.store.setting("language")
    return column([
        heading(_("Settings")),
        ft.Switch(label=_("Follow the system's light or dark mode"), value=follow,
                  on_change=lambda e: set_theme("system" if e.control.value else
                                                ("dark" if dark else "light"))),
        ft.Switch(label=_("Dark mode"), value=dark, disabled=follow,
                  on_change=lambda e: set_theme("dark" if e.control.value else "light")),
        heading(_("Language"), 18),
        ft.RadioGroup(
            value=chosen if chosen in i18n.LANGUAGES else "system",
            on_change=lambda e: set_language(e.control.value or "system"),
            content=ft.Column([
                ft.Radio(value="system", label=_("Follow the system ({language})").format(
                    language=i18n.language_name(i18n.system_language()))),
                *[ft.Radio(value=code, label=name) for code, name in i18n.LANGUAGES.items()],
            ], spacing=0)),
        *(browser_storage(shell) if shell.in_browser else
          [ft.Text(_("Saved data: {path}").format(path=shell.store.path), selectable=True, size=12)]),
    ], spacing=12)


def apply_language(shell: Shell) -> None:
    """Use the language kept in the store's settings (none kept: the system's), in the
    whole process; the app bar is drawn again in it."""
    i18n.set_language(shell.store.setting("language"))
    if shell.page is not None and not shell.remote:
        shell.page.appbar = app_bar(shell)
