"""Host tabs without a browser: the app's real :class:`Shell` over a shared store, its
session state kept here instead of in a Flet page. A game's ``Table`` built on a tab
is that tab's screen as last drawn; build it again to redraw."""

from __future__ import annotations

from companion.store import Store
from companion.ui.contracts import SessionState
from companion.ui.services import Shell


def tab(store: Store) -> Shell:
    shell = Shell(None, store)  # type: ignore[arg-type]  # a table screen's operations never touch the page
    shell.bind(SessionState(), lambda step: step(shell.state))
    return shell
