"""Burger's screens in the app, for the shell (``VIEW``, found by module name): the
setup (``setup_screen``), the table (``table_screen``, a round entered in
``round_entry``), a match's details from the history (``match_detail``) and the rules,
here. Each component declares the ``key`` that ``ft.component`` takes for the render
tree (it never reaches the function).

Thin: the table screen opens one :class:`~companion.ui.table.TableSession` per render
and replays the record once (``actions.drawn``); its components get those values and
call the operations in ``actions`` (record changes saved through the session, or
changes of the passing state), the steps in ``forms``, and draw what ``present``
words. Secrets (rat tokens, used tool cards, the tool cards in hand; BU-3, BU-5) are
drawn only from ``private_view`` behind a player's own tap, and from ``end_view``
once the game is over. The recipe file and the BU-7 top buns are the match's own
settings.
"""

from __future__ import annotations

from typing import Any

import flet as ft

from companion.games.burger import present, summaries
from companion.games.burger.i18n import _
from companion.games.burger.match_detail import MatchDetail, text_lines
from companion.games.burger.recipe_editor_screen import RecipeEditor
from companion.games.burger.rulings import (
    RULES,
    RULES_INTRO,
    SCORING_LABEL,
)
from companion.games.burger.setup_screen import SetupScreen
from companion.games.burger.table_screen import TableScreen
from companion.store.db import StoredMatch
from companion.ui.contracts import ShellServices, Standings
from companion.ui.table import MatchSeen
from companion.ui.widgets import heading
from companion.ui.widgets.column import column
from companion.ui.widgets.rulings import ruling_lines

# ================================================================ rules


@ft.component
def RulesText(*, key: str | None = None) -> ft.Control:
    out: list[ft.Control] = [heading(_("{game}: the rules in plain words").format(game=BurgerView.title)),
                             *text_lines([_(text) for text in RULES_INTRO]),
                             ft.Text(_(SCORING_LABEL), weight=ft.FontWeight.W_500)]
    out += ruling_lines([(rid, _(text), house) for rid, text, house in RULES])
    return column(out)


class BurgerView:
    """Burger's screens for the shell (see :class:`companion.ui.contracts.GameView`)."""

    name = "burger"
    title = "Burger"

    def setup(self, shell: ShellServices) -> ft.Control:
        return SetupScreen(shell, key="burger-setup")

    def table(self, shell: ShellServices, match: MatchSeen) -> ft.Control:
        return TableScreen(shell, match, key=f"burger-table-{match.id}")

    def match_detail(self, shell: ShellServices, match: StoredMatch) -> ft.Control:
        return MatchDetail(shell, match, key=f"burger-match-{match.id}")

    def rules(self, shell: ShellServices) -> ft.Control:
        return RulesText(key="burger-rules")

    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        return summaries.match_line(records)

    def standings(self, players: list[str], records: list[dict[str, Any]]) -> Standings | None:
        """The complete hamburgers now (its grid's first row: public, BU-5), for the
        browser's first screen."""
        if not records:
            return None
        seats, lines = summaries.score_grid(present.game_view(records[-1]))
        return lines[0].label, list(zip(seats, lines[0].cells, strict=True))

    def editor(self, shell: ShellServices, item_id: int) -> ft.Control:
        """A recipe set made in the app, edited (``/library/burger/<id>``)."""
        return RecipeEditor(shell, item_id, key=f"recipe-editor-{item_id}")


VIEW: BurgerView = BurgerView()
