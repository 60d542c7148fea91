"""A Burger match's details from the history, as a declarative Flet component, and the
pieces it draws alike with the table: a round played (``RoundBody``) and the end
(``end_lines``: everyone's secrets, the BU-7 top buns, the house-rule scores, the
winner). The record is replayed once for the screen; nothing here writes.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.core import words
from companion.core.errors import CompanionError
from companion.games.burger import GAME, forms, present, summaries
from companion.games.burger.i18n import _, ngettext
from companion.games.burger.present import EndView, RoundView
from companion.games.burger.remote import lines_drawn
from companion.games.burger.state import replay
from companion.store.db import StoredMatch
from companion.ui.contracts import ShellServices
from companion.ui.widgets import bold, error_text, heading
from companion.ui.widgets.column import column
from companion.ui.widgets.exports import ExportActions


def text_lines(lines: list[str], **style: Any) -> list[ft.Control]:
    """Plain lines as text in one style (the entry's instructions, the end, the rules)."""
    return [ft.Text(line, **style) for line in lines]


def RoundBody(rv: RoundView) -> list[ft.Control]:
    """A played round: the table, the history and the phones draw it alike (``present.round_lines``)."""
    return lines_drawn(present.round_lines(rv))


# ---------------------------------------------------------------- the end

def end_lines(ev: EndView | None, chosen: list[str], flip: Callable[[str, bool], None] | None) -> list[ft.Control]:
    """The end: everyone's secrets, the BU-7 top buns (to choose, with ``flip``), the
    house-rule scores, the winner."""
    if ev is None:
        return []
    out: list[ft.Control] = [heading(_("Game over"), 18), ft.Text(ev.end)]
    out.append(bold(_("Everyone's secrets, now shown (BU-5)")))
    out += text_lines(present.secrets_lines(ev))
    out.append(bold(_("The wastebasket top bun (BU-7)")))
    out.append(ft.Text(ev.top_bun_note))
    if flip is not None:
        out += [ft.Checkbox(label=_("{player} flips the wastebasket card as a top bun").format(player=p),
                            value=p in chosen,
                            semantics_label=_("{player}: wastebasket top bun").format(player=p),
                            on_change=_flip(flip, p))
                for p in ev.top_bun_choices]
    else:
        flipped = [r.player for r in ev.rows if r.top_bun]
        out.append(ft.Text(_("Flipped: {players}").format(players=", ".join(flipped) or _("nobody"))))
    out.append(error_text(ev.error))
    out.append(bold(_("Final scores (house rule, BU-8)")))
    out += text_lines(present.score_lines(ev), size=13)
    out.append(ft.Text(ev.scoring, size=12))
    out.append(ft.Text(ngettext("Winner: {players}", "Winners: {players}", len(ev.winners)).format(
                           players=", ".join(ev.winners)),
                       size=18, weight=ft.FontWeight.BOLD))
    out.append(ft.Text(ev.explanation))
    return out


def _flip(flip: Callable[[str, bool], None], player: str) -> Callable[[Any], None]:
    return lambda e: flip(player, bool(e.control.value))


# ================================================================ history

@ft.component
def MatchDetail(shell: ShellServices, m: StoredMatch, *, key: str | None = None) -> ft.Control:
    """A burger match from the history, drawn from the match as the route read it."""
    settings = shell.store.match_settings(m.id)
    title = _("{game}: {players}").format(game=GAME.title, players=", ".join(m.players))
    out: list[ft.Control] = [heading(title)]
    if m.current is None:
        return column(out + [ft.Text(_("No game started."))])
    record = m.current.record
    try:
        replayed = replay(record)
        gv = present.game_view(record, replayed)
    except CompanionError as exc:
        return column(out + [error_text(str(exc))])
    out.append(ft.Text(words.sentence(summaries.state_line(replayed.state))))
    if not gv.over:
        out.append(ft.FilledButton(_("Continue this game"), icon=ft.Icons.PLAY_ARROW,
                                   on_click=lambda e: shell.continue_match(m.id)))
    out += [ft.Text(gv.tools, size=12), ft.Text(gv.scoring, size=12)]
    for rv in gv.rounds:
        out.append(bold(_("Round {number} (first player: {player})").format(number=rv.number, player=rv.first)))
        out += RoundBody(rv)
    chosen = forms.read_top_buns(settings.get(forms.TOP_BUNS))
    out += end_lines(present.end_view(record, chosen, replayed), chosen, None)
    out.append(ExportActions(shell, m, m.current.number, games_in_match=False))
    return column(out)
