"""A route to its screen (:func:`Screen`): the app's own screens, and each game's through
its ``view`` part; a screen that refuses (a match no longer stored) shows why, with the
way Home."""

from __future__ import annotations

import logging
from collections.abc import Collection

import flet as ft

from companion.core.errors import CompanionError
from companion.core.i18n import _
from companion.store import Store
from companion.ui.contracts import Route
from companion.ui.home import Home
from companion.ui.library import LibraryScreen, editor_of
from companion.ui.services import Shell, game_views
from companion.ui.table import read_match
from companion.ui.widgets import error_text
from companion.ui.widgets.column import column

log = logging.getLogger(__name__)


def warm_up(store: Store, views: Collection[str]) -> None:
    """Load and work out ahead what the first History and Statistics after a start
    would otherwise do inside the tap that opens them (modules imported on first use,
    Babel's locale data, the players' search keys, the kept counts, History's first
    page of lines: at 10,000 matches over half of each first open's server time). Run
    once per process, in a thread, after the host's first screen is drawn
    (:func:`companion.ui.app._warm_once`); it draws nothing and writes nothing, so a tap
    meanwhile only waits for the store's lock a moment.
    The screens that :func:`Screen` imports where it draws them are imported here too, so
    that no first tap on one waits for its modules (a start imports only what Home needs)."""
    try:
        from companion.ui import imports, night, rules, settings, started_from_setup  # noqa: F401, PLC0415 - see above
        from companion.ui.history import warm as history_warm  # noqa: PLC0415 - see above
        from companion.ui.stats import warm as stats_warm  # noqa: PLC0415 - see above

        stats_warm(store, views)
        history_warm(store, {name: view for name, view in game_views().items() if name in views})
    except Exception:            # never the player's problem: the screens do it when drawn
        log.warning("warming up History and Statistics failed", exc_info=True)


@ft.component
def Screen(shell: Shell, route: Route, *, key: str | None = None) -> ft.Control:
    r = route
    # hosting and the phones' screens are imported where they are drawn: never in the
    # browser build, which hosts no table (it has no server: its join address is Home)
    if shell.remote or (r.screen == "join" and not shell.in_browser):
        from companion.ui.phone import JoinScreen  # noqa: PLC0415

        return JoinScreen(shell, key="join")
    try:
        if r.screen == "setup":
            started = shell.started_from_setup(r.args["game"])
            if started is not None:
                from companion.ui.started_from_setup import StartedFromSetup  # noqa: PLC0415 - where drawn

                return StartedFromSetup(shell, r.args["game"], started)
            return shell.views[r.args["game"]].setup(shell)
        if r.screen == "match":
            seen = read_match(shell.store, r.args["match"])    # read once: the table screen draws from it
            table = shell.views[seen.game].table(shell, seen)
            if shell.in_browser:
                return table
            from companion.ui.host import HostPanel, hostable  # noqa: PLC0415

            if not hostable(seen.game):
                return table
            return column([HostPanel(shell, seen.id, finished=seen.finished, key=f"host-{seen.id}"), table],
                          spacing=12)
        if r.screen == "rules":
            from companion.ui.rules import RulesScreen  # noqa: PLC0415 - where drawn

            return RulesScreen(shell, r.args.get("game"), r.args.get("back"))
        if r.screen == "history":
            from companion.ui.history import History  # noqa: PLC0415 - where drawn

            return History(shell, shell.views)
        if r.screen == "stats":
            from companion.ui.stats import Statistics  # noqa: PLC0415 - where drawn

            return Statistics(shell, shell.views)
        if r.screen == "history_match":
            m = shell.store.match(r.args["match"])     # read once: the game's screen draws from it
            return shell.views[m.game].match_detail(shell, m)
        if r.screen == "import":
            from companion.ui.imports import ImportScreen  # noqa: PLC0415 - where drawn

            return ImportScreen(shell)
        if r.screen == "settings":
            from companion.ui.settings import Settings  # noqa: PLC0415 - where drawn

            return Settings(shell)
        if r.screen == "library":
            return LibraryScreen(shell, r.args["game"])
        if r.screen == "library_item":
            return editor_of(shell.views[r.args["game"]]).editor(shell, r.args["item"])
        if r.screen == "nights":
            from companion.ui.night import Nights  # noqa: PLC0415 - where drawn

            return Nights(shell)
        if r.screen == "night":
            from companion.ui.night import NightScreen  # noqa: PLC0415 - where drawn

            return NightScreen(shell, r.args["night"], shell.views)
    except CompanionError as exc:
        return ft.Column([error_text(str(exc)),
                          ft.Button(_("Home"), on_click=lambda e: shell.go("home"))])
    return Home(shell)
