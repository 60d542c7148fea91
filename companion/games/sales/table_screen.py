"""Sales' table screen, a declarative Flet component: what the round in play dealt
(SA-16), the sale being entered (``sale_entry``) or the final scores, beside the score
grid, the sale just recorded and the sales played with the undo; a sale opened and a
sale changed. Thin: it opens one table session per render (``actions.open_table``) on
the match the route read, replays the record once (``present.played``) and hands the
components values and the session.
"""

from __future__ import annotations

from functools import partial

import flet as ft

from companion.core import i18n
from companion.games.sales import actions, changes, explain, forms, present, setup_form, summaries
from companion.games.sales.actions import Session
from companion.games.sales.deckfiles import match_deck
from companion.games.sales.forms import TableUI
from companion.games.sales.i18n import _
from companion.games.sales.match_detail import Key, hands_text, note_line
from companion.games.sales.models import ROUNDS
from companion.games.sales.present import Played, SaleResultView, ScoreView
from companion.games.sales.sale_entry import EditSale, Entry
from companion.ui.contracts import ShellServices
from companion.ui.table import MatchSeen
from companion.ui.widgets import ScoreGrid, bold, card, error_text, heading
from companion.ui.widgets.column import column
from companion.ui.widgets.exports import ExportActions
from companion.ui.widgets.handlers import tap
from companion.ui.widgets.side_by_side import side_by_side
from companion.ui.widgets.undo_question import undo_asking_first

# ================================================================ the table


@ft.component
def TableScreen(shell: ShellServices, match: MatchSeen, *, key: Key = None) -> ft.Control:
    t = actions.open_table(shell, match)
    deck_f = match_deck(t.match.settings)
    deck = deck_f.deck if deck_f is not None else None
    copy = len(deck.cards) if deck is not None else None
    game = present.played(changes.with_first_deal(t.record, copy))   # replayed once for this render
    ui = forms.valid(t.ui, t.record)
    sv = present.sale_view(game)
    title = _("Sales · round {round} of {rounds}").format(round=sv.round, rounds=ROUNDS)
    if sv.mode != "competitive":
        title += " · " + (_("co-op") if sv.mode == "coop" else _("solo"))
    out: list[ft.Control] = [heading(title)]
    if ui.mode == "entry" and not sv.game_over:
        out.append(note_line(setup_form.hand_size_note(sv.mode, t.record.get("hand_size", ""), len(sv.hands), deck)))
        out += _round_deal(game, copy)
    if deck_f is not None and not deck_f.ok:
        out.append(error_text(_("The deck {deck} cannot be used now ({problem}): enter cards by their "
                                "attributes.").format(deck=deck_f.path or deck_f.name, problem=deck_f.problems[0])))
    if ui.mode == "sale" and ui.at is not None:
        out.append(SaleDetail(t, game, ui, key="sale"))
    elif ui.mode == "edit" and ui.at is not None:
        out.append(EditSale(t, deck, ui, key="edit"))
    else:
        play = GameOver(t, game, ui, key="over") if sv.game_over else Entry(t, game, deck, ui, key="entry")
        grid = _grid(game, _("Scores") if sv.game_over else _("Scores so far"))
        last = _last_sale(game, ui)      # the sale just recorded, read before the next card
        if sv.game_over:                 # no next card: the scores come first
            out.append(side_by_side(play, column([*grid, *last, *_sales_list(t, game, ui)])))
        elif shell.state.wide:           # beside the entry
            out.append(side_by_side(play, column([*last, *grid, *_sales_list(t, game, ui)])))
        else:                            # over the entry
            out.append(side_by_side(column([*last, play]), column([*grid, *_sales_list(t, game, ui)])))
        out.append(ExportActions(shell, t.match, t.number, games_in_match=False))
    return column(out)


def _round_deal(game: Played, copy: int | None) -> list[ft.Control]:
    """What the round in play dealt and why (SA-16): a card at its start, until its
    first sale is recorded; a line after that."""
    state = game.state
    if state.round_over:
        return []
    d = present.deal_in_play(game, copy)
    text = present.deal_text(d) if d is not None else present.dealt_text(game)
    if state.sales_in_round:
        return [note_line(text)]
    why = present.deal_why(d) if d is not None else None
    return [card(column([ft.Text(text, size=15, weight=ft.FontWeight.W_500),
                         *([ft.Text(why, size=13)] if why else [])], spacing=3), "round-deal")]


def _grid(game: Played, title: str) -> list[ft.Control]:
    """The score grid: players as columns, the score now first, then each round."""
    if not game.any_sale:
        return []
    players, lines = summaries.score_grid(game)
    return [heading(title, 18), ScoreGrid(players, lines, name=_("score grid"), key="score-grid")]


def _mid_sentence(line: str) -> str:
    """A sale's line put after a comma: lowercased first letter in English ("Open round 1,
    sale 2: …"); German nouns keep their capital."""
    return line[0].lower() + line[1:] if line and i18n.language() == "en" else line


def _undo(t: Session, ui: TableUI, label: str | None = None) -> list[ft.Control]:
    """The undo button, away from the entry's buttons; it asks first (Undo / Keep), and
    what it did is said right under it."""
    record = t.record
    question = forms.undo_question(record)
    out: list[ft.Control] = []
    if question is not None:
        out.append(undo_asking_first(label or _("Undo last sale"), question, forms.asks_undo(ui, record),
                                     on_ask=tap(lambda: actions.ask_undo(t)), on_undo=tap(lambda: actions.undo(t)),
                                     on_keep=tap(lambda: actions.keep_sale(t))))
    if ui.said:
        out.append(ft.Text(ui.said, size=13))
    return out


# ---------------------------------------------------------------- a sale's result


def _result_body(res: SaleResultView) -> list[ft.Control]:
    out: list[ft.Control] = [
        card(column([
            ft.Text(res.headline, size=18, weight=ft.FontWeight.BOLD),
            ft.Text(res.explanation),
            note_line(_("Rulings: {ids}").format(ids=", ".join(res.rulings))),
        ], spacing=4), "sale-winner"),
        bold(_("Discards")),
        ft.Text(res.discards_text),
        bold(_("Next leader")),
        ft.Text(res.next_text),
        bold(_("Cards in hand now")),
        ft.Text(hands_text(res.hands)),
    ]
    out += [ft.Text(n) for n in res.notes]
    return out


def _last_sale(game: Played, ui: TableUI) -> list[ft.Control]:
    """The sale just recorded: its result over the next sale's entry, read before the
    next card is tapped (the winner's discards, the next leader); gone with that card."""
    if ui.last is None:
        return []
    r, s = ui.last
    res = present.sale_result(game, r, s)
    return [card(column([
        bold(_("Round {round}, sale {sale}: result").format(round=res.round, sale=res.sale), 14),
        ft.Text(res.headline, size=18, weight=ft.FontWeight.BOLD),
        ft.Text(res.explanation),
        ft.Text(res.discards_text, weight=ft.FontWeight.W_500),
        ft.Text(res.next_text),
        note_line(_("Rulings: {ids}").format(ids=", ".join(res.rulings))),
    ], spacing=4), "sale-winner")]     # a round's end notes: the entry's status says them


def _sales_list(t: Session, game: Played, ui: TableUI) -> list[ft.Control]:
    """The sales played, each to open, the latest first; then the undo (asked first).
    The lines are keyed by their sale: a sale recorded puts its line on top, and Flet
    matches unkeyed controls by place, so each "Open" button's id went to the sale
    before it and the undo was drawn anew; a tap sent before that redraw arrived
    opened another sale, or was lost."""
    if not t.record.get("rounds"):
        return _undo(t, ui)
    out: list[ft.Control] = [heading(_("Sales of this game"), 18)] if game.any_sale else []
    if out:
        out[0].key = "sales"
    for rv in reversed(present.round_views(game)):
        if not rv.sales:
            continue
        out.append(ft.Text(_("Round {n}").format(n=rv.number), weight=ft.FontWeight.BOLD, key=f"round-{rv.number}"))
        for s, line in reversed(list(enumerate(rv.sales))):
            # Translators: {sale} is a whole line: "Sale 2: Dan led; Dan wins with the snow 0"
            out.append(ft.TextButton(_("Open round {n}, {sale}").format(n=rv.number, sale=_mid_sentence(line)),
                                     on_click=tap(partial(actions.open_sale, t, (rv.number - 1, s))),
                                     key=f"sale-{rv.number}-{s}"))
    return out + _undo(t, ui)


@ft.component
def SaleDetail(t: Session, game: Played, ui: TableUI, *, key: Key = None) -> ft.Control:
    assert ui.at is not None
    r, s = ui.at
    res = present.sale_result(game, r, s)
    entered = changes.plays_of(game.record, r, s)
    return column([
        heading(_("Round {round}, sale {sale}").format(round=r + 1, sale=s + 1), 18),
        bold(_("Cards as entered")),
        *[ft.Text(f"{i}. {p['player']}: {explain.card_text(p['card'])}") for i, p in enumerate(entered, 1)],
        *_result_body(res),
        error_text(ui.error),
        ft.Row([
            ft.FilledButton(_("Change this sale"), icon=ft.Icons.EDIT,
                            on_click=tap(lambda: actions.change_sale(t, entered))),
            ft.Button(_("Back to the table"), icon=ft.Icons.ARROW_BACK,
                      on_click=tap(lambda: actions.back_to_table(t))),
        ], wrap=True),
    ])


# ---------------------------------------------------------------- the end


@ft.component
def GameOver(t: Session, game: Played, ui: TableUI, *, key: Key = None) -> ft.Control:
    score = present.score_view(game)
    out: list[ft.Control] = [heading(_("Game over: the scores"), 18)]
    if score.team is not None:
        rating = _(score.team.rating) if score.team.rating else _("no rating")
        out.append(card(column([
            ft.Text(_("Team score {score}: {rating}").format(score=score.team.score, rating=rating),
                    size=18, weight=ft.FontWeight.BOLD),
            ft.Text(score.team.explanation),
        ], spacing=4), "team"))
    elif score.winners:
        out.append(card(column([
            ft.Text(_("{player} wins").format(player=score.winners[0]), size=18, weight=ft.FontWeight.BOLD),
            ft.Text(score.explanation),
        ], spacing=4), "winner"))
    out += _breakdowns(score)
    out += [note_line(n) for n in score.notes]
    out.append(error_text(ui.error))
    out.append(ft.Button(_("Home"), icon=ft.Icons.HOME, on_click=tap(lambda: t.go("home"))))
    return column(out)


def _breakdowns(score: ScoreView) -> list[ft.Control]:
    """How each score was counted, the rules' lines (the totals are in the grid)."""
    out: list[ft.Control] = [bold(_("How each score was counted (SA-10…SA-12)"))]
    for s in score.scores:
        out.append(card(column([bold(f"{s.place}. {s.player}: {s.total}", 15),
                                *[ft.Text(line, size=13) for line in s.breakdown]], spacing=3),
                        f"score-{s.player}"))
    return out
