"""Hot Dog's screens in the app, as declarative Flet components: the setup
(``setup_screen``), the table (``table_screen``: reveal, rounds, end of game, next
game; the bids entered in ``round_entry``), a match's details from the history
(``match_detail``) and the rules, here. Found by the shell by module name (``VIEW``);
the reference implementation of :class:`companion.ui.contracts.GameView`.

Thin: what is shown comes from ``present`` (the one replay of the record per
render, passed down), what a tap changes from ``forms``, and every table operation
from ``actions`` on the screen's :class:`~companion.ui.table.TableSession`. The
components get values and callbacks, never the store or the shell.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.games.hotdog import present, rulings, summaries
from companion.games.hotdog.i18n import _
from companion.games.hotdog.match_detail import MatchDetail
from companion.games.hotdog.setup_screen import SetupScreen
from companion.games.hotdog.table_screen import TableScreen
from companion.games.hotdog.widgets import Key
from companion.store.db import StoredMatch
from companion.ui.contracts import ShellServices, Standings
from companion.ui.table import MatchSeen
from companion.ui.widgets import heading
from companion.ui.widgets.column import column
from companion.ui.widgets.rulings import ruling_lines

# ================================================================ rules


@ft.component
def RulesText(*, key: Key = None) -> ft.Control:
    out: list[ft.Control] = [
        heading(_("Hot Dog: the rules in plain words")),
        ft.Text(_("Everyone bids at once, face down: a table, some hot dogs, and dollars to go "
                  "earlier. The app serves the bids, pays full tables and passes the mustard card. "
                  "Each rule has its id; the app cites it wherever it decides something.")),
    ]
    out += ruling_lines([(rid, _(text), house) for rid, text, house in rulings.RULES])
    return column(out)


class HotDogView:
    """Hot Dog's screens for the shell (see :class:`companion.ui.contracts.GameView`)."""

    name = "hotdog"
    title = "Hot Dog"

    def setup(self, shell: ShellServices) -> ft.Control:
        return SetupScreen(shell, key="hotdog-setup")

    def table(self, shell: ShellServices, match: MatchSeen) -> ft.Control:
        return TableScreen(shell, match, key=f"hotdog-table-{match.id}")

    def match_detail(self, shell: ShellServices, match: StoredMatch) -> ft.Control:
        return MatchDetail(shell, match, key=f"hotdog-match-{match.id}")

    def rules(self, shell: ShellServices) -> ft.Control:
        return RulesText(key="hotdog-rules")

    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        return summaries.progress(players, records)

    def standings(self, players: list[str], records: list[dict[str, Any]]) -> Standings | None:
        """The game in play's money now (its grid's first row), for the browser's first screen."""
        if not records:
            return None
        gv = present.game_view(records[-1])
        row = summaries.money_grid(gv)[0]
        return row.label, list(zip(gv.players, row.cells, strict=True))


VIEW: HotDogView = HotDogView()
