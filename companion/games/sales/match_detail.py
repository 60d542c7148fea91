"""A sales game's details from the history, as a declarative Flet component (the
rounds, their sales and notes, the scores so far or at the end), and the small pieces
the other sales screens draw alike with it: a note, the cards in hand, and ``Key``,
the ``key=`` every component declares. The record is replayed once for the screen;
nothing here writes.
"""

from __future__ import annotations

from collections.abc import Sequence

import flet as ft

from companion.core import words
from companion.core.edits import say_where
from companion.core.errors import CompanionError, RecordError
from companion.games.sales import present, summaries
from companion.games.sales.deckfiles import DECK, match_deck
from companion.games.sales.i18n import _, ngettext
from companion.games.sales.present import Played, ScoreView
from companion.store.db import StoredMatch
from companion.ui.contracts import ShellServices
from companion.ui.widgets import bold, card, error_text, heading
from companion.ui.widgets.column import column
from companion.ui.widgets.exports import ExportActions
from companion.ui.widgets.handlers import tap

Key = str | None
"""A component's ``key=``: flet's renderer takes it to name the component in the tree;
the component's own code never gets it (declared so that a typed call may pass it)."""


def note_line(text: str) -> ft.Text:
    """A note under what it explains: small, in italics."""
    return ft.Text(text, size=12, italic=True)


def hands_text(hands: Sequence[tuple[str, int]]) -> str:
    """The cards each player holds, on one line: 'Ann 5 · Ben 4'."""
    return " · ".join(f"{p} {n}" for p, n in hands)


# ---------------------------------------------------------------- the end


def _score_cards(score: ScoreView) -> list[ft.Control]:
    out: list[ft.Control] = []
    for s in score.scores:
        out.append(card(column([
            bold(f"{s.place}. {s.player}: {s.total}", 17),
            ft.Text(ngettext("Numbers {numbers} · 1x sets {sets} · neighbor sets {neighbor} · {n} card won",
                             "Numbers {numbers} · 1x sets {sets} · neighbor sets {neighbor} · {n} cards won",
                             s.cards).format(numbers=s.numbers, sets=s.sets, neighbor=s.neighbor, n=s.cards),
                    size=13),
            *[ft.Text(line, size=13) for line in s.breakdown],
        ], spacing=3), f"score-{s.player}"))
    return out


# ================================================================ history


@ft.component
def MatchDetail(shell: ShellServices, m: StoredMatch, *, key: Key = None) -> ft.Control:
    """A sales match from the history, drawn from the match as the route read it."""
    out: list[ft.Control] = [heading(_("Sales game: {players}").format(players=", ".join(m.players)))]
    if not m.games:
        return column(out)
    settings = shell.store.match_settings(m.id)
    kept = match_deck(settings)
    deck = settings.get(DECK) or (kept.name if kept is not None else "")
    game: Played | None = None
    score: present.ScoreView | None = None
    try:
        game = present.played(m.games[-1].record)
        score = present.score_view(game)
        line = summaries.progress_line(game)
    except RecordError as err:
        problem: CompanionError = err
        line = _("cannot be replayed: {problem}").format(problem=say_where(err))
    except CompanionError as exc:
        problem = exc
        line = str(exc)
    if score is None or not score.over:       # a finished game's explanation below says its result
        out.append(ft.Text(words.sentence(line)))
    if not m.finished:
        out.append(ft.FilledButton(_("Continue this game"), icon=ft.Icons.PLAY_ARROW,
                                   on_click=tap(lambda: shell.continue_match(m.id))))
    if deck:
        out.append(note_line(_("Deck: {deck}").format(deck=deck)))
    if game is None or score is None:
        out.append(error_text(str(problem)))
        return column(out)
    rounds = present.round_views(game)
    if score.team is not None and score.over:
        out.append(bold(_("Team score {score}: {rating}").format(
            score=score.team.score, rating=_(score.team.rating) if score.team.rating else _("no rating"))))
    if score.over or rounds:
        out.append(ft.Text(score.explanation))
    for rv in rounds:
        out.append(heading((_("Round {n} (over)") if rv.over else _("Round {n} (in play)")).format(n=rv.number), 18))
        out.append(ft.Text(_("{player} led the round.").format(player=rv.leader)))
        if rv.short:
            out.append(note_line(_("{n} cards each: the stock ran short (SA-16, house rule).").format(n=rv.dealt)))
        out += [ft.Text(s) for s in rv.sales]
        out.append(ft.Text(_("Cards in hand: {hands}").format(hands=hands_text(rv.hands)), size=13))
        out += [note_line(n) for n in rv.notes]
    if rounds:
        out.append(heading(_("Scores") if score.over else _("Scores so far"), 18))
        out += _score_cards(score)
    out.append(ExportActions(shell, m, m.games[-1].number, games_in_match=False))
    return column(out)
