"""Sales' screens in the app, for the shell (``VIEW``, found by module name): the
setup (``setup_screen``), the table (``table_screen``, a sale entered in
``sale_entry``), a game's details from the history (``match_detail``) and the rules,
here.

Thin: the table screen opens one table session per render (``actions.open_table``),
replays the record once (``present.played``) and hands the components values and
the session; every tap is an operation in ``actions`` (a record change saved, or a
change to the passing state of ``forms``). What is drawn comes from ``present``,
``picker`` and ``forms``; the rules text from ``rulings``.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.games.sales import present, rulings, summaries
from companion.games.sales.deck_editor_screen import DeckEditor
from companion.games.sales.i18n import _
from companion.games.sales.match_detail import Key, MatchDetail
from companion.games.sales.setup_screen import SetupScreen
from companion.games.sales.table_screen import TableScreen
from companion.store.db import StoredMatch
from companion.ui.contracts import ShellServices, Standings
from companion.ui.table import MatchSeen
from companion.ui.widgets import heading
from companion.ui.widgets.column import column
from companion.ui.widgets.rulings import ruling_lines

__all__ = ["VIEW", "SalesView"]


# ================================================================ rules


@ft.component
def RulesText(*, key: Key = None) -> ft.Control:
    out: list[ft.Control] = [heading(_("Sales: the rules in plain words"))]
    out += [ft.Text(_(p)) for p in rulings.RULES_INTRO]
    out += ruling_lines([(rid, _(text), house) for rid, text, house in rulings.RULES])
    return column(out)


class SalesView:
    """Sales' screens for the shell (see :class:`companion.ui.contracts.GameView`)."""

    name = "sales"
    title = "Sales"

    def setup(self, shell: ShellServices) -> ft.Control:
        return SetupScreen(shell, key="sales-setup")

    def table(self, shell: ShellServices, match: MatchSeen) -> ft.Control:
        return TableScreen(shell, match, key=f"sales-table-{match.id}")

    def match_detail(self, shell: ShellServices, match: StoredMatch) -> ft.Control:
        return MatchDetail(shell, match, key=f"sales-match-{match.id}")

    def rules(self, shell: ShellServices) -> ft.Control:
        return RulesText(key="sales-rules")

    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        return summaries.match_line(players, records)

    def standings(self, players: list[str], records: list[dict[str, Any]]) -> Standings | None:
        """The score now (its grid's first row), for the browser's first screen."""
        if not records:
            return None
        seats, lines = summaries.score_grid(present.played(records[-1]))
        return lines[0].label, list(zip(seats, lines[0].cells, strict=True))

    def editor(self, shell: ShellServices, item_id: int) -> ft.Control:
        """A deck kept in the store, in the deck editor."""
        return DeckEditor(shell, item_id, key=f"sales-deck-{item_id}")


VIEW: SalesView = SalesView()
