"""A sale as it is entered at the table, card by card, as declarative Flet components:
who plays in which order (SA-3) and what each holds, a card picked from the deck or
entered by its attributes, the entry that puts them together, and a past sale changed
(its cards taken back and entered again). Each gets the table session and calls the
operations in ``actions``; what it draws comes from ``present``, ``picker`` and
``forms``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import flet as ft

from companion.games.sales import actions, forms, picker, present
from companion.games.sales.actions import Session
from companion.games.sales.deck import Deck
from companion.games.sales.forms import CardDraft, TableUI
from companion.games.sales.i18n import _, pgettext
from companion.games.sales.match_detail import Key, note_line
from companion.games.sales.present import Played, SaleView
from companion.games.sales.vocab import word
from companion.ui.widgets import bold, card, error_text, heading
from companion.ui.widgets.choice import choice
from companion.ui.widgets.column import column
from companion.ui.widgets.handlers import tap, typed
from companion.ui.widgets.icon_button import TAP
from companion.ui.widgets.named import accessible, silent
from companion.ui.widgets.text_field import TextField

GAP = 6


# ---------------------------------------------------------------- the sale being entered


def _order_panel(sv: SaleView) -> list[ft.Control]:
    """Who plays in which order (SA-3), what each has played, whose turn it is."""
    played = dict(sv.played)
    lines: list[ft.Control] = []
    for i, p in enumerate(sv.order, 1):
        who = _("{player} (leads)").format(player=p) if i == 1 else p
        if p in played:
            lines.append(ft.Text(f"{i}. {who}: {played[p]}"))
        elif p == sv.turn:
            lines.append(ft.Text(_("{i}. {player}: to play now").format(i=i, player=who),
                                 weight=ft.FontWeight.BOLD, color=ft.Colors.PRIMARY))
        else:
            lines.append(ft.Text(_("{i}. {player}: waits").format(i=i, player=who)))
    skipped = [h.player for h in sv.hands if h.empty]
    if skipped:
        lines.append(ft.Text(_("{players}: empty hand, skipped (SA-3).").format(players=", ".join(skipped))))
    return [card(column([bold(_("Play order (SA-3)")), *lines, ft.Text(sv.suit_text, size=13)], spacing=4),
                 "order")]


def _hands_line(sv: SaleView) -> ft.Control:
    return ft.Text(_("Cards in hand: {hands}").format(hands=" · ".join(f"{h.player} {h.cards}" for h in sv.hands)))


@ft.component
def DeckPicker(t: Session, deck: Deck, game: Played, player: str, entered: tuple[Any, ...], query: str, *,
               key: Key = None) -> ft.Control:
    """The deck's cards grouped by suit, a tap each; cards out of play greyed out with
    why. A big deck gets a search field over them (``picker.needs_search``). The groups
    and cards are keyed: a letter typed in the search leaves fewer, and Flet matches
    unkeyed controls by place, so a card's button took the id of another card's, and a
    tap sent before the redraw arrived played that other card."""
    groups = picker.deck_groups(deck, game, list(entered), query)

    def play(card_id: str) -> Callable[[Any], None]:
        return tap(lambda: actions.add_card(t, CardDraft.of_deck(deck, card_id).card(), deck))

    out: list[ft.Control] = []
    if picker.needs_search(deck) or query:
        out.append(TextField(label=_("Search the deck"), value=query, dense=True, prefix_icon=ft.Icons.SEARCH,
                             hint_text=_("e.g. sun 4, coat, wild"),
                             on_change=typed(lambda v: actions.set_query(t, v))))
    if not groups:
        out.append(ft.Text(_("No card of the deck matches '{query}'.").format(query=query)))
    for g in groups:
        chips: list[ft.Control] = []
        for c in g.cards:
            name = (_("{player} plays {card}").format(player=player, card=c.text) if not c.out
                    else _("{card}: out of play, {why}").format(card=c.text, why=c.why))
            chips.append(accessible(   # an out-of-play card is a disabled button, its name says why
                name, ft.Button(silent(c.label), disabled=c.out, height=TAP, on_click=play(c.id),
                                style=ft.ButtonStyle(padding=ft.Padding(10, 4, 10, 4))),
                identifier=f"card-{c.id}", key=f"card-{c.id}"))
        title = bold(g.title, 14)
        title.key = f"title-{g.suit}"
        out.append(title)
        out.append(ft.Row(chips, spacing=6, run_spacing=6, wrap=True, key=f"suit-{g.suit}"))
    return column(out, spacing=8)


@ft.component
def AttributeEntry(t: Session, deck: Deck | None, player: str, d: CardDraft, *, key: Key = None) -> ft.Control:
    """A card entered by its attributes (SA-1), checked per field as typed."""
    errs = forms.card_errors(d, deck)

    def put(**fields: Any) -> Callable[[Any], None]:
        return tap(lambda: actions.set_attrs(t, **fields))

    def toggle(icon: str, on: bool) -> Callable[[Any], None]:
        return tap(lambda: actions.toggle_icon(t, icon, on))

    def typed_into(name: str) -> Callable[[Any], None]:
        return typed(lambda v: actions.set_attrs(t, **{name: v}))

    suits = forms.suit_options(deck)
    icons = forms.icon_options(deck)
    out: list[ft.Control] = [
        ft.Text(_("Suit")),
        ft.Row([choice(word(s), d.suit == s, put(suit=s), name=_("Suit {suit}").format(suit=word(s)))
                for s in suits],
               spacing=6, run_spacing=6, wrap=True),
    ]
    if deck is None:
        out.append(TextField(label=_("Suit (a lowercase name, or wild)"), value=d.suit, dense=True,
                                on_change=typed_into("suit")))
    out += [
        error_text(errs.get("suit")) if d.suit else ft.Text(_("Pick the card's suit."), size=13),
        ft.Row([
            TextField(label=_("Value"), value=str(d.value), dense=True, width=120,
                         keyboard_type=ft.KeyboardType.NUMBER, on_change=typed_into("value")),
            TextField(label=_("Discard icons"), value=str(d.discard), dense=True, width=140,
                         keyboard_type=ft.KeyboardType.NUMBER, on_change=typed_into("discard")),
        ], spacing=8, wrap=True),
        error_text(errs.get("value")),
        error_text(errs.get("discard")),
    ]
    if icons:
        out.append(ft.Text(_("Icons it shows (tap to add or remove)")))
        out.append(ft.Row([choice(word(i), i in d.icons, toggle(i, i not in d.icons),
                                   name=_("Icon {icon}").format(icon=word(i))) for i in icons],
                          spacing=6, run_spacing=6, wrap=True))
    else:
        out.append(TextField(label=_("Icons it shows (comma separated)"), value=", ".join(d.icons), dense=True,
                                on_change=typed(lambda v: actions.set_attrs(t, icons=tuple(v.split(","))))))
    out.append(error_text(errs.get("icons")))
    out.append(ft.Text(_("Set it collects")))
    out.append(ft.Row([choice(text, d.set_kind == kind, put(set_kind=kind), name=_("Set: {kind}").format(kind=text))
                       for kind, text in [("", pgettext("set", "none")), ("1x", _("1x set")),
                                          ("neighbor", _("neighbor set"))]],
                      spacing=6, run_spacing=6, wrap=True))
    if d.set_kind:        # keyed "collects": a set picked puts it above the play button, which keeps its id
        if icons:
            out.append(ft.Row([choice(word(i), d.set_icon == i, put(set_icon=i),
                                       name=_("Collects {icon}").format(icon=word(i))) for i in icons],
                              spacing=6, run_spacing=6, wrap=True, key="collects"))
        else:
            out.append(TextField(label=_("Icon it collects"), value=d.set_icon, dense=True,
                                    on_change=typed_into("set_icon"), key="collects"))
    out.append(error_text(errs.get("set")))
    out.append(ft.FilledButton(_("{player} plays this card").format(player=player), icon=ft.Icons.CHECK,
                               disabled=bool(errs),
                               on_click=tap(lambda: actions.add_card(t, t.latest().attrs, deck))))
    return column(out, spacing=GAP)


@ft.component
def CardEntry(t: Session, deck: Deck | None, game: Played, sv: SaleView, ui: TableUI,
              entered: tuple[Any, ...], *, key: Key = None) -> ft.Control:
    """The card the player whose turn it is plays: picked from the deck or by attributes;
    in co-op and solo an off-suit card waits for a confirmation (SA-14)."""
    out: list[ft.Control] = []
    if sv.turn is not None:
        if ui.question is not None and ui.pending is not None:
            out.append(card(column([
                bold(_("Off suit? (SA-14)")),
                ft.Text(ui.question),
                ft.Row([
                    ft.FilledButton(_("Confirm off-suit play"), icon=ft.Icons.CHECK,
                                    on_click=tap(lambda: actions.confirm_off_suit(t, deck))),
                    ft.Button(_("Choose another card"), icon=ft.Icons.CLOSE,
                              on_click=tap(lambda: actions.choose_another(t))),
                ], wrap=True),
            ], spacing=GAP), "confirm"))
        else:
            method = ui.method if deck is not None else "attrs"
            exhausted = deck is not None and picker.all_out(deck, game, list(entered))
            out.append(heading(_("{player}'s card").format(player=sv.turn), 18))
            if deck is not None:
                out.append(ft.Row([
                    choice(_("From the deck"), method == "deck", tap(lambda: actions.set_method(t, "deck"))),
                    choice(_("By attributes"), method == "attrs", tap(lambda: actions.set_method(t, "attrs"))),
                ], spacing=6, wrap=True))
            out.append(error_text(ui.error))
            if method == "deck" and deck is not None and exhausted:
                # never a picker with every card greyed out: the deck file no longer fits the record
                out.append(error_text(_("Every card of the deck is out of play as the record stands (the deck "
                                        "file may have changed): enter {player}'s card by its attributes "
                                        "(SA-1).").format(player=sv.turn)))
                out.append(AttributeEntry(t, deck, sv.turn, ui.attrs, key="attrs"))
            elif method == "deck" and deck is not None:
                out.append(DeckPicker(t, deck, game, sv.turn, entered, ui.query, key="deck"))
            else:
                out.append(AttributeEntry(t, deck, sv.turn, ui.attrs, key="attrs"))
    else:
        out.append(error_text(ui.error))
    return column(out)


@ft.component
def Entry(t: Session, game: Played, deck: Deck | None, ui: TableUI, *, key: Key = None) -> ft.Control:
    sv = present.sale_view(game, ui.plays)
    out: list[ft.Control] = [ft.Text(sv.status, size=16, weight=ft.FontWeight.W_500)]
    if sv.round_over:
        out.append(_hands_line(sv))
        nxt = present.next_deal(game, len(deck.cards) if deck is not None else None)
        if nxt is not None:
            out.append(ft.Text(present.deal_text(nxt)))
            why = present.deal_why(nxt)
            if why:
                out.append(note_line(why))
        out.append(error_text(ui.error))
        out.append(ft.FilledButton(_("Start round {n}").format(n=sv.round + 1), icon=ft.Icons.PLAY_ARROW,
                                   on_click=tap(lambda: actions.next_round(t))))
    else:
        out += _order_panel(sv)
        out.append(_hands_line(sv))
        if sv.ready:
            out.append(error_text(ui.error))
            out.append(ft.FilledButton(_("Record sale"), icon=ft.Icons.CHECK,
                                       on_click=tap(lambda: actions.record_sale(t))))
        out.append(ft.Button(_("Take back the last card"), icon=ft.Icons.BACKSPACE_OUTLINED,
                             visible=bool(ui.plays), on_click=tap(lambda: actions.take_back(t)),
                             key="take-back"))     # keyed: the last card played puts "Record sale" above it
        if not sv.ready:
            out.append(CardEntry(t, deck, game, sv, ui, ui.plays, key="card-entry"))
    return column(out)


@ft.component
def EditSale(t: Session, deck: Deck | None, ui: TableUI, *, key: Key = None) -> ft.Control:
    assert ui.at is not None
    r, s = ui.at
    before = present.played(t.record, ui.at)     # the game up to the sale being changed
    sv = present.sale_view(before, ui.edit_plays)
    out: list[ft.Control] = [
        heading(_("Change round {round}, sale {sale}").format(round=r + 1, sale=s + 1), 18),
        ft.Text(_("Take back cards and enter them again; saving replaces the sale and replays every "
                  "later sale (the record is the truth).")),
        *_order_panel(sv),
        _hands_line(sv),
        ft.Row([
            ft.Button(_("Take back the last card"), icon=ft.Icons.BACKSPACE_OUTLINED,
                      disabled=not ui.edit_plays, on_click=tap(lambda: actions.take_back(t))),
            ft.Button(_("Enter the whole sale again"), icon=ft.Icons.RESTART_ALT,
                      disabled=not ui.edit_plays, on_click=tap(lambda: actions.enter_again(t))),
        ], wrap=True),
    ]
    if sv.ready:
        out.append(error_text(ui.error))
    else:
        out.append(CardEntry(t, deck, before, sv, ui, ui.edit_plays, key="edit-entry"))
    out.append(ft.Row([
        ft.FilledButton(_("Save changes"), icon=ft.Icons.SAVE, disabled=not sv.ready,
                        on_click=tap(lambda: actions.save_edit(t))),
        ft.Button(_("Cancel"), icon=ft.Icons.CLOSE, on_click=tap(lambda: actions.cancel_edit(t))),
    ], wrap=True, key="save-or-cancel"))     # keyed: the card entry above it comes and goes
    return column(out)
