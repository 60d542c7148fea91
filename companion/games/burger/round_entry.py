"""A Burger round as it is entered at the table, as declarative Flet components: the
decks laid out (card buttons from the recipes, or typed), the tool cards passed round
the phone and revealed at once (BU-3), who takes which deck (BU-4), the hamburgers
finished and a stack checked against a recipe (BU-5), a player's own peek at their
secrets, and the entry that puts them together. The same pieces change a past round
(``which``: the draft being entered or the round being changed). Each gets the
table's ``actions.Drawn`` and calls the operations in ``actions`` and the steps in
``forms``; secrets (rat tokens, used tool cards, the tool cards in hand) are drawn
only behind a player's own tap.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

import flet as ft

from companion.games.burger import actions, explain, forms, present, round_form, rules, stacks
from companion.games.burger import words as burger_words
from companion.games.burger.actions import DRAFT, EDIT, Drawn
from companion.games.burger.i18n import _
from companion.games.burger.match_detail import text_lines
from companion.games.burger.models import RAT, TOOL_KINDS
from companion.games.burger.recipes import bun_shown
from companion.games.burger.round_form import RoundDraft, StackDraft
from companion.games.burger.state import deck_label
from companion.ui.widgets import Stepper, bold, card, error_text, heading, icon_button
from companion.ui.widgets.choice import choice
from companion.ui.widgets.column import column
from companion.ui.widgets.handlers import tap, typed
from companion.ui.widgets.icon_button import TAP
from companion.ui.widgets.named import accessible, silent
from companion.ui.widgets.text_field import TextField

GAP = 6


def _status(d: Drawn) -> list[ft.Control]:
    """Where the game stands; each player's hamburgers are in the score grid beside it."""
    gv = d.gv
    return [
        ft.Text(_("Round {round} · first player: {player}").format(round=gv.next_round, player=gv.first),
                size=16, weight=ft.FontWeight.BOLD),
        ft.Text(gv.count),
        ft.Text(gv.draw_pile),
        ft.Text(gv.tools, size=12),
        ft.Text(gv.scoring, size=12),
    ]


# ---------------------------------------------------------------- the decks

def _card_button(label: str, text: str, on_click: Callable[[Any], Any], *, rat: bool = False,
                 on_deck: bool = False) -> ft.Control:
    """A card button that puts a card on a deck (outlined), or a card on the deck that a
    tap takes off (filled, marked ×): a small tap target whose accessible name says
    what the tap does."""
    style = ft.ButtonStyle(padding=ft.Padding.symmetric(horizontal=10, vertical=0))
    kind = ft.FilledTonalButton if on_deck else ft.OutlinedButton
    icon = ft.Icons.PEST_CONTROL_RODENT if rat else ft.Icons.CLOSE if on_deck else None
    return accessible(label, kind(silent(text), icon=icon, on_click=on_click, height=TAP, style=style))


@ft.component
def Decks(d: Drawn, which: str, *, key: str | None = None) -> ft.Control:
    """The decks as the first player lays them out (BU-2), numbered from 1. Each deck
    shows the recipe file's cards as buttons (``stacks.card_names``): a tap puts that
    card on the deck, a tap on a card of the deck takes it off. Typing the names is
    the fallback (and the only way without a recipe file).

    A typed deck's rows are keyed: a card added puts a row above the deck's buttons, and
    Flet matches unkeyed rows by position, so the buttons' row was drawn anew under new
    control ids; a second quick tap on "add ingredient", sent by the phone before the
    first one's card was drawn, went to an id no longer there and was lost."""
    state, draft = d.state_for(which), d.draft(which)
    check = round_form.deck_check(state, draft)
    names = stacks.card_names(d.book)
    typing = d.ui.typing or d.book is None

    def put(fn: Callable[[RoundDraft], RoundDraft]) -> Callable[[Any], None]:
        return tap(lambda: actions.put_draft(d, which, fn))

    def name_card(i: int, j: int) -> Callable[[Any], None]:
        return typed(lambda v: actions.put_draft(d, which, lambda x: round_form.set_card(x, i, j, v)))

    out: list[ft.Control] = [heading(_("Decks"), 18)]
    if not typing:
        out.append(ft.Text(_("Tap a card below a deck to put it on that deck; tap a card on the deck "
                             "to take it off again (BU-2)."), size=13))
    for i, deck in enumerate(draft.decks):
        label = deck_label(i)
        name = label[:1].upper() + label[1:]
        rows: list[ft.Control] = [ft.Row([bold(name, 16), ft.Text(deck.text, expand=True, size=13)], spacing=8)]
        if typing:
            for j, c in enumerate(deck.cards):
                remove = icon_button(ft.Icons.DELETE_OUTLINE,
                                     _("{deck}: remove card {number}").format(deck=name, number=j + 1),
                                     put(partial(round_form.remove_card, deck=i, index=j)))
                if rules.is_rat(c):
                    rows.append(ft.Row([ft.Icon(ft.Icons.PEST_CONTROL_RODENT, semantics_label=_("rat card")),
                                        ft.Text(_("Card {number}: rat (not an ingredient, BU-2)").format(number=j + 1),
                                                expand=True),
                                        remove], spacing=6, key=f"deck-{i}-card-{j}"))
                else:
                    rows.append(ft.Row([
                        TextField(label=_("{deck} card {number}").format(deck=name, number=j + 1), value=c,
                                  dense=True, expand=True, hint_text=_("ingredient (name optional)"),
                                     on_change=name_card(i, j)),
                        remove], spacing=0, key=f"deck-{i}-card-{j}"))
        else:
            rows.append(ft.Row([
                _card_button(_("{deck}: take off card {number}, {card}").format(
                                 deck=name, number=j + 1, card=forms.card_shown(c)),
                             forms.card_shown(c), put(partial(round_form.remove_card, deck=i, index=j)),
                             rat=rules.is_rat(c), on_deck=True)
                for j, c in enumerate(deck.cards)
            ] or [ft.Text(_("No card yet."), size=13)], spacing=4, run_spacing=4, wrap=True))
            rows.append(ft.Row([
                _card_button(_("{deck}: put {card}").format(deck=name, card=bun_shown(n)), bun_shown(n),
                             put(partial(round_form.tap_card, deck=i, name=n)))
                for n in names
            ], spacing=4, run_spacing=4, wrap=True))
        rows.append(ft.Row([
            _card_button(_("{deck}: add rat").format(deck=name), forms.card_shown(RAT),
                         put(partial(round_form.add_rat, deck=i)), rat=True),
            ft.Button(_("{deck}: add ingredient").format(deck=name), icon=ft.Icons.ADD,
                      on_click=put(partial(round_form.add_card, deck=i))) if typing else
            icon_button(ft.Icons.UNDO, _("{deck}: take off the last card").format(deck=name),
                        put(partial(round_form.undo_card, deck=i)), disabled=not deck.cards),
        ], wrap=True, spacing=6, key=f"deck-{i}-buttons"))   # keyed: see the docstring
        rows.append(error_text(check.per_deck.get(i)))
        out.append(card(column(rows, GAP), f"deck-{i}", padding=8))
    out.append(ft.Text(check.count, weight=ft.FontWeight.W_500))
    if d.book is not None:
        out.append(ft.TextButton(_("Tap the cards instead") if typing else _("Type card names instead"),
                                 icon=ft.Icons.TOUCH_APP if typing else ft.Icons.KEYBOARD,
                                 on_click=tap(partial(actions.type_names, d.t, not typing))))
    return column(out, 8)


# ---------------------------------------------------------------- tool cards

@ft.component
def ToolCards(d: Drawn, *, key: str | None = None) -> ft.Control:
    """Pass the phone (BU-3): each player in turn sees only their own hand and plays one
    card face down; nothing is shown until all are revealed at once."""
    state, draft = d.state, d.draft(DRAFT)

    def put(fn: Callable[[RoundDraft], RoundDraft]) -> Callable[[Any], None]:
        return tap(lambda: actions.put_draft(d, DRAFT, fn))

    out: list[ft.Control] = [heading(_("Tool cards"), 18)]
    turn = round_form.tool_turn(state, draft)
    status = round_form.tools_status(state, draft)
    for p, line in zip(round_form.tool_order(state), status, strict=True):
        chosen = draft.tools.get(p)
        row: list[ft.Control] = [ft.Text(line, expand=True)]
        if chosen is not None and chosen.kind is not None and not draft.revealed:
            row.append(ft.TextButton(_("{player}: choose again").format(player=p),
                                     on_click=put(partial(round_form.clear_tool, player=p))))
        out.append(ft.Row(row, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if turn is not None:
        panel: list[ft.Control] = [ft.Text(turn.prompt, weight=ft.FontWeight.W_500)]
        if not turn.shown:
            panel.append(ft.FilledButton(_("{player}: show my tool cards").format(player=turn.player),
                                         icon=ft.Icons.VISIBILITY,
                                         on_click=put(partial(round_form.show_tools, player=turn.player))))
        else:
            panel.append(ft.Text(turn.hand))
            panel.append(ft.Row([
                ft.FilledButton(_("{player} plays {tool}").format(
                    player=turn.player, tool=burger_words.tool_name(kind)),
                                height=TAP,
                                on_click=put(partial(round_form.choose_tool, state, player=turn.player, kind=kind)))
                for kind, _n in turn.choices], wrap=True))
            panel.append(ft.Text(_("The card is hidden as soon as it is played; then pass the phone on."), size=12))
        out.append(card(column(panel, GAP), "tool-turn"))
    elif not draft.revealed:
        out.append(ft.FilledButton(_("Reveal all tool cards"), icon=ft.Icons.VISIBILITY,
                                   on_click=put(partial(round_form.reveal, state))))
    return column(out, 8)


@ft.component
def ToolsOpen(d: Drawn, *, key: str | None = None) -> ft.Control:
    """Changing a past round: its tool cards were revealed at the table, so they are shown."""
    state, draft = d.state_for(EDIT), d.draft(EDIT)
    rows: list[ft.Control] = [heading(_("Tool cards (revealed)"), 18)]
    for p in state.players:
        kind = draft.tools.get(p)
        rows.append(ft.Row([ft.Text(p, width=90)] + [
            choice(burger_words.tool_name(k), kind is not None and kind.kind == k,
                   tap(partial(actions.put_draft, d, EDIT, partial(round_form.play_tool, player=p, kind=k))),
                   name=f"{p}: {burger_words.tool_name(k)}")
            for k in TOOL_KINDS], spacing=6, wrap=True))
    return column(rows, 8)


# ---------------------------------------------------------------- who takes which deck

@ft.component
def Takes(d: Drawn, which: str, *, key: str | None = None) -> ft.Control:
    state, draft = d.state_for(which), d.draft(which)
    if not draft.revealed:
        return ft.Column([])
    out: list[ft.Control] = [heading(_("Taking the decks (BU-4)"), 18), ft.Text(round_form.take_line(state, draft))]
    rows = round_form.take_rows(state, draft)
    several = len(round_form.tongs_players(state, draft)) > 1
    for row in rows:
        line: list[ft.Control] = [ft.Text(f"{row.turn + 1}. {row.text}")]
        if several and len(row.choices) > 1:
            line.append(ft.Row([ft.Text(_("Picks:"), size=13)] + [
                choice(str(k + 1), k == row.deck,
                       tap(partial(actions.put_draft, d, which, partial(round_form.pick, turn=row.turn, deck=k))),
                       name=_("{player}, turn {turn}: {deck}").format(player=row.player, turn=row.turn + 1,
                                                                     deck=deck_label(k)))
                for k in row.choices], spacing=6, wrap=True))
        out.append(card(column(line, 4), f"take-{row.turn}", padding=8))
    return column(out, 8)


# ---------------------------------------------------------------- hamburgers

@ft.component
def Hamburgers(d: Drawn, which: str, *, key: str | None = None) -> ft.Control:
    state, draft = d.state_for(which), d.draft(which)
    errors = round_form.complete_errors(state, draft)
    ui = d.ui

    def stepped(player: str, by: int) -> None:
        actions.put_draft(d, which, partial(round_form.step_complete, player=player, by=by))

    out: list[ft.Control] = [heading(_("Hamburgers finished this round (BU-5)"), 18)]
    for p in state.players:
        n = draft.complete.get(p, 0)
        out.append(ft.Row([
            ft.Text(p, expand=True),
            Stepper(p, (_("hamburger"), _("hamburgers")), n,
                    partial(stepped, p), unit=_("made")),
            icon_button(ft.Icons.FACT_CHECK, _("{player}: check a stack against the recipe").format(player=p),
                        tap(partial(actions.check_stack, d.t, p)),
                        disabled=d.book is None),
        ], vertical_alignment=ft.CrossAxisAlignment.CENTER))
        out.append(error_text(errors.get(p)))
        if ui.stack_for == p and d.book is not None:
            out.append(StackCheck(d, which, p, key=f"stack-{p}"))
    if d.book is None:
        out.append(error_text(_("No recipe check: {why}").format(why=d.recipes)))
    return column(out, 4)


@ft.component
def StackCheck(d: Drawn, which: str, player: str, *, key: str | None = None) -> ft.Control:
    """A player enters a stack, bottom card first; the app checks it against a recipe (BU-5)."""
    assert d.book is not None
    book = d.book
    state, draft = d.state_for(which), d.draft(which)
    kept = stacks.kept_cards(d.record, d.rounds_before(which), player)
    stack = stacks.stack_of(state, draft, player, book, kept)

    def put(fn: Callable[[StackDraft], StackDraft]) -> None:
        actions.put_draft(d, which, lambda x: round_form.set_stack(x, player, fn(x.stacks.get(player, stack))))

    def flip(on: bool) -> None:
        put(lambda s: replace(s, flipped_bottom=on))

    check = stacks.stack_check(book, stack)
    offer = stacks.stack_cards(state, draft, player, book)
    rows: list[ft.Control] = [
        bold(_("{player}'s stack, bottom card first").format(player=player)),
        ft.Row([choice(r.name, r.name == stack.recipe, tap(partial(put, partial(replace, recipe=r.name))),
                       name=_("{player}: recipe {recipe}").format(player=player, recipe=r.name))
                for r in book.recipes], spacing=6, wrap=True),
        ft.Text(_("Stack: {cards}").format(cards=", ".join(bun_shown(c) for c in stack.cards) or _("empty"))),
        ft.Row([_card_button(_("{player}'s stack: put {card}").format(player=player, card=bun_shown(c)), bun_shown(c),
                             tap(partial(put, partial(stacks.put_card, card=c))))
                for c in offer], spacing=4, run_spacing=4, wrap=True),
        ft.Row([
            ft.Button(_("Remove the top card"), icon=ft.Icons.UNDO, disabled=not stack.cards,
                      on_click=tap(lambda: put(lambda s: replace(s, cards=s.cards[:-1])))),
            ft.Checkbox(label=_("First card flipped as bottom bun"), value=stack.flipped_bottom,
                        semantics_label=_("{player}: first card flipped as bottom bun").format(player=player),
                        on_change=lambda e: flip(bool(e.control.value))),
        ], wrap=True),
    ]
    if check is not None:
        rows.append(ft.Text(check.explanation,
                            color=None if check.complete else ft.Colors.ERROR, weight=ft.FontWeight.W_500))
    rows.append(ft.FilledButton(_("Count {player}'s hamburger").format(player=player), icon=ft.Icons.CHECK,
                                disabled=check is None or not check.complete,
                                on_click=tap(partial(actions.put_draft, d, which,
                                                      partial(stacks.count_stack, player=player, book=book,
                                                              state=state, kept=kept)))))
    return card(column(rows, GAP), f"stack-{player}", padding=8)


# ---------------------------------------------------------------- a player's own peek

@ft.component
def Peek(d: Drawn, *, key: str | None = None) -> ft.Control:
    """Rat tokens and used tool cards are secret (BU-3, BU-5): a player taps to see
    their own, and hides them again before passing the phone."""
    who = d.ui.peek
    out: list[ft.Control] = [heading(_("Your secrets"), 18),
                             ft.Text(_("Rat tokens and used tool cards are secret (BU-3, BU-5): "
                                       "tap your name to see your own, the others look away."), size=13)]
    if who is None or who not in d.gv.players:
        out.append(ft.Row([ft.Button(_("Peek: {player}").format(player=p), icon=ft.Icons.VISIBILITY,
                                     on_click=tap(partial(actions.peek, d.t, p)))
                           for p in d.gv.players], wrap=True, spacing=6))
        return column(out, 6)
    lines = present.private_text(present.private_view(d.record, who, d.replayed))
    draft = d.ui.draft
    if draft is not None:
        now = round_form.rats_taken(d.state, draft).get(who)
        if now:
            lines.append(_("This round, once it is submitted: {n} more (BU-5).").format(n=now))
    hide = ft.FilledButton(_("Hide {player}'s secrets").format(player=who), icon=ft.Icons.VISIBILITY_OFF,
                           on_click=tap(partial(actions.peek, d.t, None)))
    out.append(card(column([*text_lines(lines), hide], GAP), "peek"))
    return column(out, 6)


# ---------------------------------------------------------------- entering a round

@ft.component
def Entry(d: Drawn, *, key: str | None = None) -> ft.Control:
    ui = d.ui
    draft = d.draft(DRAFT)
    out = _status(d)
    out.append(card(column(text_lines(explain.reveal_instructions(d.state)), 4), "instructions"))
    out.append(Decks(d, DRAFT, key="decks"))
    out.append(ToolCards(d, key="tools"))
    out.append(Takes(d, DRAFT, key="takes"))
    if draft.revealed:
        out.append(Hamburgers(d, DRAFT, key="hamburgers"))
    out.append(Peek(d, key="peek"))
    out.append(error_text(ui.error))
    out.append(ft.FilledButton(_("Submit round"), icon=ft.Icons.CHECK, on_click=lambda e: actions.submit(d),
                               disabled=not draft.revealed))
    return column(out)
