"""A Hot Dog match from the history: the match's tally and each game's rounds, drawn from
the match as the route read it (``MatchDetail``).
"""

from __future__ import annotations

import flet as ft

from companion.games.hotdog import present, summaries
from companion.games.hotdog.i18n import _
from companion.games.hotdog.present import money_text
from companion.games.hotdog.widgets import Key, draw
from companion.store.db import StoredMatch
from companion.ui.contracts import ShellServices
from companion.ui.widgets import heading
from companion.ui.widgets.column import column
from companion.ui.widgets.exports import ExportActions

# ================================================================ history


@ft.component
def MatchDetail(shell: ShellServices, m: StoredMatch, *, key: Key = None) -> ft.Control:
    """A Hot Dog match from the history, drawn from the match as the route read it; each
    game replayed once."""
    result = summaries.match_tally(m.players, [g.record for g in m.games])
    out: list[ft.Control] = [heading(_("Hot Dog match: {players}").format(players=", ".join(m.players))),
                             ft.Text(summaries.match_explanation(result)),
                             ft.Text(_("Total: {money}").format(money=money_text(result.totals, m.players)))]
    if not m.finished:
        out.append(ft.FilledButton(_("Continue this match"), icon=ft.Icons.PLAY_ARROW,
                                   on_click=lambda e: shell.continue_match(m.id)))
    for g, tally in zip(m.games, result.games, strict=True):
        gv = present.game_view(g.record)
        out.append(heading((_("Game {n} (over)") if tally.over else _("Game {n} (in play)")).format(n=g.number), 18))
        out.append(ft.Text(gv.explanation))
        for i in range(len(gv.results)):
            out += draw(present.history_lines(gv.round(i)))
    if m.games:
        out.append(ExportActions(shell, m, m.games[-1].number))
    return column(out)
