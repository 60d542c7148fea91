"""Settings' part about the saved games in the browser build (``Shell.in_browser``):
where they are (the browser's storage for this site: a file path means nothing
there), what deletes them (clearing the site's data), whether the browser promised to
keep them when it runs short of room, and everything exported in one tap."""

from __future__ import annotations

from typing import TYPE_CHECKING

import flet as ft

from companion.core.errors import CompanionError
from companion.core.i18n import _
from companion.ui.widgets import heading

if TYPE_CHECKING:
    from companion.ui.services import Shell


def persisted_line(persisted: bool | None) -> str | None:
    """What the browser's answer to "keep this site's data" means for the saved games."""
    if persisted is True:
        return _("The browser promised to keep them even when it runs short of room.")
    if persisted is False:
        return _("The browser did not promise to keep them: when it runs short of room it may clear them "
                 "without asking. Export everything now and then, or install companion from the browser's "
                 "menu (an installed app's data is usually kept).")
    return None


def export_everything(shell: Shell) -> None:
    from companion.store.backup import export_everything as build  # noqa: PLC0415 - loaded when a player exports

    try:
        name, data = build(shell.store)
    except CompanionError as exc:
        shell.say(str(exc))
        return
    shell.say(shell.export(name, data, _("Everything")))


def browser_storage(shell: Shell) -> list[ft.Control]:
    """Settings' lines about the saved games in the browser, and the export button."""
    browser = getattr(shell, "browser", None)
    persisted = browser.persisted if browser is not None else None
    lines = [_("Your matches, game nights and files are kept in this browser's storage for this site, on "
               "this device only. Clearing the site's data (or the browser's history with it) deletes them.")]
    said = persisted_line(persisted)
    if said:
        lines.append(said)
    return [
        heading(_("Saved games"), 18),
        *[ft.Text(line) for line in lines],
        ft.FilledButton(_("Export everything"), icon=ft.Icons.DOWNLOAD, on_click=lambda e: export_everything(shell)),
        ft.Text(_("One zip file: every match, game night, deck and recipe set, each as a file Import reads, and "
                  "the whole store."), size=12),
    ]
