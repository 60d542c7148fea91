"""A setup come back to after it started a match (:func:`StartedFromSetup`)."""

from __future__ import annotations

import flet as ft

from companion.core.errors import CompanionError
from companion.core.i18n import _
from companion.ui.services import Shell
from companion.ui.widgets import heading
from companion.ui.widgets.column import column


@ft.component
def StartedFromSetup(shell: Shell, game: str, match_id: int) -> ft.Control:
    """A setup come back to (the browser's Back) after it started a match: the way back
    to that match, or a new setup; not an empty setup whose Start makes a second match."""
    title = shell.views[game].title
    try:
        players = shell.store.match(match_id).players
    except CompanionError:           # deleted meanwhile: the setup as usual
        return shell.views[game].setup(shell)
    return column([
        heading(_("New {game} match").format(game=title)),
        ft.Text(_("You started a {game} match with {players} from this setup. Starting here again "
                  "would begin a second match.").format(game=title, players=", ".join(players))),
        ft.FilledButton(_("Back to that match"), icon=ft.Icons.PLAY_ARROW,
                        on_click=lambda e: shell.go("match", match=match_id)),
        ft.Button(_("Set up another match"), icon=ft.Icons.ADD, on_click=lambda e: shell.new_match(game)),
    ], spacing=12)
