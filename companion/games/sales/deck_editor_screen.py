"""The sales deck editor (SA-1): a deck kept in the store, made on a phone.

Phone first (360 px): the deck's name, suits and icons (open while it has no cards),
then the entry — a row of suit chips (the suit picked stays picked from card to
card), a row of value buttons (one tap adds a plain card of that suit and value),
and right under them the toggles of the card just added or picked (discard icons,
icons, the set it collects), "same again, next value", duplicate, move and delete —
then the cards by suit, each with its faults under it, and the summary per suit.

Every tap is one operation of :mod:`companion.games.sales.deck_operations` on the item's
JSON as the store has it now, saved at once (the store is the truth: a reload shows
the same). What is only passing — the suit picked, the card picked, a name being
typed — is kept in the session's ``ui`` state under ``deck-editor-<id>``.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import flet as ft

from companion.core.errors import CompanionError, StoreError
from companion.games.sales import deck_operations as deck_edit
from companion.games.sales.deck_operations import EditError, Faults
from companion.games.sales.i18n import N_, _, ngettext
from companion.games.sales.library import LIBRARY
from companion.games.sales.models import WILD
from companion.games.sales.vocab import shown, word
from companion.store import library
from companion.ui.contracts import ShellServices
from companion.ui.library import body_of
from companion.ui.widgets import NumberChips, bold, card, error_text, heading, icon_button
from companion.ui.widgets.choice import choice
from companion.ui.widgets.column import column
from companion.ui.widgets.icon_button import TAP
from companion.ui.widgets.keyed import keyed
from companion.ui.widgets.named import accessible, silent
from companion.ui.widgets.stepper import stepper_row
from companion.ui.widgets.text_field import TextField

GAP = 6
VALUES = range(0, 14)      # the value buttons: 0–13 in two rows on a phone; higher by the stepper
DISCARDS = (0, 1, 2)
KIND_NAMES = {None: N_("No set"), "1x": N_("1x set"), "neighbor": N_("Neighbor set")}   # what a screen reader says
KIND_SHOWN = {None: N_("None"), "1x": N_("1x"), "neighbor": N_("Neighbor")}              # beside "Set"


def ui_key(item_id: int) -> str:
    return f"deck-editor-{item_id}"


@dataclass(frozen=True)
class EditorUI:
    """The editor's passing state (not the deck: that is in the store)."""

    suit: str | None = None              # the suit chip picked (kept from card to card)
    card: int | None = None              # the card picked (None: the last one)
    names_open: bool | None = None       # name, suits and icons shown (None: while there are no cards)
    more: bool = False                   # the picked card's id, suit and value shown to change
    renaming: tuple[str, str] | None = None  # ("suit" | "icon", its name) being renamed
    rename_text: str = ""
    new_suit: str = ""
    new_icon: str = ""
    said: tuple[str, str] | None = None  # (where, what): an edit refused, said beside its part


def _chip(label: str, on: bool, on_click: Callable[[Any], Any], *, name: str | None = None,
          width: int | None = None) -> ft.Control:
    """A chip to pick or toggle (:func:`~companion.ui.widgets.choice.choice`), in the
    editor's tighter rows."""
    return choice(label, on, on_click, name=name, width=width, padding=(8, 2, 8, 2))


def _row(controls: Sequence[ft.Control], spacing: int = GAP) -> ft.Row:
    return ft.Row(list(controls), spacing=spacing, run_spacing=spacing, wrap=True,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


# The width of the names on the left of the picked card's rows (13 px text): room for
# the longest of them, German's "Sammelkarte" (64 px broke it as "Sammelka/rte").
LABEL_WIDTH = 88
DISCARD, ICONS, SET, COLLECTS, SUIT, VALUE, PLACE = LABELS = (
    N_("Discard"), N_("Icons"), N_("Set"), N_("Collects"), N_("Suit"), N_("Value"), N_("Place"))


def _labelled(label: str, control: ft.Control) -> ft.Control:
    """A row of the picked card's toggles with its name on the left."""
    return ft.Row([ft.Text(label, size=13, width=LABEL_WIDTH), ft.Container(control, expand=True)], spacing=4,
                  vertical_alignment=ft.CrossAxisAlignment.CENTER)


def card_line(c: Any) -> str:
    """'sun 4 · 2 discard · sunglasses, coat · 1x set: coat'."""
    if not isinstance(c, dict):
        return _("not a card")
    value = deck_edit.card_value(c)
    suit = deck_edit.text_of(c.get("suit"))
    parts = [_("{suit} {value}").format(suit=word(suit) if suit else _("no suit"),
                                       value=value if value is not None else "?")]
    if deck_edit.card_discard(c):
        parts.append(_("{n} discard").format(n=deck_edit.card_discard(c)))
    if deck_edit.card_icons(c):
        parts.append(", ".join(word(x) for x in deck_edit.card_icons(c)))
    kind, icon = deck_edit.card_set(c)
    if kind:
        parts.append((_("1x set: {icon}") if kind == "1x" else _("{kind} set: {icon}")).format(
            kind=_("neighbor") if kind == "neighbor" else kind, icon=word(icon) if icon else "?"))
    return " · ".join(parts)


def card_id(c: Any, i: int) -> str:
    got = c.get("id") if isinstance(c, dict) else None
    return got if isinstance(got, str) and got.strip() else _("card {n}").format(n=i + 1)


def groups(raw: dict[str, Any]) -> list[tuple[str, list[int]]]:
    """The cards by suit as the list shows them: the deck's suits, wild, then any
    other suit a card names; each with its cards' indexes in the file's order."""
    items = deck_edit.cards(raw)
    named = deck_edit.suits(raw)
    of = [deck_edit.text_of(c.get("suit")) if isinstance(c, dict) else "" for c in items]
    order = [*named, WILD, *[s for s in dict.fromkeys(of) if s not in named and s != WILD]]
    return [(s, [i for i, x in enumerate(of) if x == s]) for s in order if s in of or s in named]


@ft.component
def DeckEditor(shell: ShellServices, item_id: int, *, key: str | None = None) -> ft.Control:
    k = ui_key(item_id)
    u: EditorUI = shell.ui(k, EditorUI())

    def back(e: Any) -> None:
        shell.go("library", game="sales")

    try:
        item = library.item(shell.store, item_id)
    except CompanionError as exc:
        return column([heading(_("Deck")),
                       ft.Text(_("This deck is not saved here any more ({error}).").format(error=exc)),
                       ft.Button(_("Your decks"), icon=ft.Icons.ARROW_BACK, on_click=back)])
    try:
        raw: Any = json.loads(item.body)
    except ValueError as exc:
        raw = exc
    if not isinstance(raw, dict):
        why = (_("This deck file is not JSON ({error}).").format(error=raw) if isinstance(raw, ValueError)
               else _("This deck file is not a JSON object."))
        return column([heading(item.name or _("Deck")),
                       error_text(_("{why} It cannot be edited here: delete it, or import a good one.").format(
                           why=why)),
                       ft.Button(_("Your decks"), icon=ft.Icons.ARROW_BACK, on_click=back)])

    def put(fn: Callable[[EditorUI], EditorUI]) -> None:
        shell.set_ui(k, fn, EditorUI())

    def edit(op: Callable[[Any], Any], where: str = "card") -> None:
        """``op`` on the deck as stored now, saved; a refusal said beside ``where``."""
        try:
            now = json.loads(library.item(shell.store, item_id).body)
            got = op(now)
        except EditError as exc:
            said = (where, str(exc))
            put(lambda u: replace(u, said=said))
            return
        except (CompanionError, ValueError) as exc:
            shell.say(_("Not saved: {error}").format(error=exc))
            return
        new, index = got if isinstance(got, tuple) else (got, None)
        body = body_of(new)
        try:
            library.save(shell.store, item_id, LIBRARY.name_of(new), body)
        except StoreError as exc:
            shell.say(_("Not saved: {error}").format(error=exc))
            return
        put(lambda u: replace(u, said=None, card=index if index is not None else u.card))
        shell.saved()

    def tap(op: Callable[[Any], Any], where: str = "card") -> Callable[[Any], None]:
        def handler(e: Any) -> None:
            edit(op, where)
        return handler

    found = deck_edit.faults(raw)
    items = deck_edit.cards(raw)
    suits = deck_edit.suits(raw)
    names_open = u.names_open if u.names_open is not None else not items
    picked = u.card if u.card is not None and 0 <= u.card < len(items) else (len(items) - 1 if items else None)
    suit = u.suit if u.suit in [*suits, WILD] else (suits[0] if suits else WILD)

    def said(where: str) -> ft.Text:
        return error_text(u.said[1] if u.said and u.said[0] == where else None)

    top: list[ft.Control] = [
        heading(shown(deck_edit.name_of(raw)) or _("A new deck")),
        ft.Text(ngettext("{n} fault to fix, as companion deck check finds them",
                         "{n} faults to fix, as companion deck check finds them", found.count).format(n=found.count)
                if found.count else _("No faults: companion deck check accepts this deck."),
                color=ft.Colors.ERROR if found.count else None, weight=ft.FontWeight.W_500),
        *[keyed(error_text(line), f"fault-{j}")                       # the deck's own, in view whatever is open
          for j, line in enumerate(found.deck_lines())],
        ft.Row([ft.TextButton(_("Your decks"), icon=ft.Icons.ARROW_BACK, on_click=back),
                ft.TextButton(_("Name, suits and icons"),
                              icon=ft.Icons.EXPAND_LESS if names_open else ft.Icons.EXPAND_MORE,
                              on_click=lambda e: put(lambda u: replace(u, names_open=not names_open)))],
               wrap=True, spacing=0),
    ]
    parts: list[ft.Control] = [column(top, GAP)]
    if names_open:
        parts.append(keyed(_names(raw, u, found, edit, put, said), "names"))
    parts.append(_entry(raw, u, suit, picked, found, edit, tap, put, said))
    parts.append(_cards_list(raw, picked, found, put))
    parts.append(column([heading(_("Summary"), 18),
                         *[ft.Text(line, size=13) for line in deck_edit.suit_summary(raw)]], 2))
    return column(parts, 16)


def _names(raw: dict[str, Any], u: EditorUI, found: Faults, edit: Any, put: Any, said: Any) -> ft.Control:
    """The deck's name, description, suits and icons (SA-1)."""
    out: list[ft.Control] = [
        TextField(label=_("Deck name"), value=deck_edit.text_of(raw.get("name")), dense=True,
                  on_change=lambda e: edit(lambda r: deck_edit.set_name(r, e.control.value or ""), "name")),
        TextField(label=_("Description"), value=deck_edit.text_of(raw.get("description")), dense=True,
                  multiline=True, min_lines=1, max_lines=4,
                  on_change=lambda e: edit(lambda r: deck_edit.set_description(r, e.control.value or ""), "name")),
    ]
    for kind, names, hint in (("suit", deck_edit.suits(raw), _("Suits (SA-1): wild cards need none, they are on "
                                                               "suit for every suit (SA-4)")),
                              ("icon", deck_edit.icons(raw), _("Icons (SA-1): what cards show and sets collect"))):
        out.append(bold(hint, 14))
        for at, name in enumerate(names):
            key = f"{kind}-{name}-{names[:at].count(name)}"     # a faulty file may name one twice
            if u.renaming == (kind, name):
                out.append(keyed(_renaming(kind, name, u, edit, put), key))
                continue
            out.append(ft.Row([
                ft.Text(word(name), expand=True),
                icon_button(ft.Icons.EDIT_OUTLINED, (_("Rename suit {name}") if kind == "suit"
                                                     else _("Rename icon {name}")).format(name=word(name)),
                            _start_renaming(kind, name, put)),
                icon_button(ft.Icons.DELETE_OUTLINE, (_("Remove suit {name}") if kind == "suit"
                                                      else _("Remove icon {name}")).format(name=word(name)),
                            _removing(kind, name, edit)),
            ], spacing=0, key=key))
        out.append(_adding(kind, u, edit, put))
        out.append(said(kind))
    return card(column(out, GAP), "deck-names")


def _start_renaming(kind: str, name: str, put: Any) -> Callable[[Any], None]:
    def handler(e: Any) -> None:
        put(lambda u: replace(u, renaming=(kind, name), rename_text=name, said=None))
    return handler


def _removing(kind: str, name: str, edit: Any) -> Callable[[Any], None]:
    """Remove a suit or icon (the cards using it keep it and show the fault)."""
    op = deck_edit.remove_suit if kind == "suit" else deck_edit.remove_icon

    def handler(e: Any) -> None:
        edit(lambda r: op(r, name), kind)
    return handler


def _adding(kind: str, u: EditorUI, edit: Any, put: Any) -> ft.Control:
    """New suits or icons: one or several typed (separated by commas), then Enter or
    the Add button."""
    text = u.new_suit if kind == "suit" else u.new_icon
    field = "new_suit" if kind == "suit" else "new_icon"

    def typed(e: Any) -> None:
        v = e.control.value or ""
        put(lambda u: replace(u, **{field: v}))

    def add(now: str) -> None:
        op = deck_edit.add_suits if kind == "suit" else deck_edit.add_icons
        ok = [False]

        def run(r: Any) -> Any:
            out = op(r, now)
            ok[0] = True
            return out
        edit(run, kind)
        if ok[0]:
            put(lambda u: replace(u, **{field: ""}))

    def submitted(e: Any) -> None:
        add(e.control.value or "")

    return ft.Row([
        TextField(label=_("New suits") if kind == "suit" else _("New icons"), value=text, dense=True, expand=True,
                  on_change=typed, on_submit=submitted, hint_text=_("one, or several with commas")),
        accessible(_("Add the new suits") if kind == "suit" else _("Add the new icons"),
                   ft.Button(silent(_("Add")), icon=ft.Icons.ADD, on_click=lambda e: add(text))),
    ], spacing=GAP, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _renaming(kind: str, name: str, u: EditorUI, edit: Any, put: Any) -> ft.Control:
    def done(e: Any) -> None:
        op = deck_edit.rename_suit if kind == "suit" else deck_edit.rename_icon
        text = u.rename_text
        ok = [False]

        def run(r: Any) -> Any:
            out = op(r, name, text)
            ok[0] = True
            return out
        edit(run, kind)
        if ok[0]:
            put(lambda u: replace(u, renaming=None))

    return ft.Row([
        TextField(label=_("New name for {name}").format(name=word(name)), value=u.rename_text, dense=True, expand=True,
                  on_change=lambda e: put(lambda u: replace(u, rename_text=e.control.value or "")),
                  on_submit=done),
        icon_button(ft.Icons.CHECK, (_("Rename suit {name} now") if kind == "suit"
                                     else _("Rename icon {name} now")).format(name=word(name)), done),
        icon_button(ft.Icons.CLOSE, _("Keep the name {name}").format(name=word(name)),
                    lambda e: put(lambda u: replace(u, renaming=None))),
    ], spacing=0, vertical_alignment=ft.CrossAxisAlignment.CENTER)


def _entry(raw: dict[str, Any], u: EditorUI, suit: str, picked: int | None, found: Faults, edit: Any, tap: Any,
           put: Any, said: Any) -> ft.Control:
    """The suit chips, the value buttons, and the picked card's toggles under them."""
    suits = deck_edit.suits(raw)

    def pick(s: str) -> Callable[[Any], None]:
        def handler(e: Any) -> None:
            put(lambda u: replace(u, suit=s))
        return handler

    chips = [_chip(word(s), s == suit, pick(s), name=_("Suit {suit}").format(suit=word(s))) for s in [*suits, WILD]]
    values = [accessible(_("Add {suit} {value}").format(suit=word(suit), value=v), ft.Button(
        silent(str(v)), width=TAP, height=TAP, style=ft.ButtonStyle(padding=0),
        on_click=lambda e, v=v: edit(lambda r: deck_edit.add_card(r, suit, v))))
        for v in VALUES]
    out: list[ft.Control] = [heading(_("Add cards (SA-1)"), 18)]
    if not suits:
        out.append(ft.Text(_("Name the deck's suits above; wild cards can be added now."), size=13))
    out += [_row(chips), ft.Text(_("Tap a value to add a {suit} card:").format(suit=word(suit)), size=13),
            _row(values, 4)]
    if picked is not None:
        out.append(_picked(raw, u, picked, found, edit, tap, put, said))
    return column(out, GAP)


def _picked(raw: dict[str, Any], u: EditorUI, i: int, found: Faults, edit: Any, tap: Any, put: Any,
            said: Any) -> ft.Control:
    c = deck_edit.cards(raw)[i]
    cid = card_id(c, i)
    head = ft.Semantics(container=True, content=bold(_("Card {n} of {count}: {card}").format(
        n=i + 1, count=len(deck_edit.cards(raw)), card=card_line(c))))
    after = f"{word(deck_edit.text_of(c.get('suit'))) if isinstance(c, dict) else ''} " \
            f"{(deck_edit.card_value(c) or 0) + 1 if isinstance(c, dict) else 1}".strip()
    actions = _row([
        accessible(_("Same again, next value"), ft.FilledButton(
            silent(_("Same again: {card}").format(card=after)), icon=ft.Icons.ADD,
            on_click=tap(lambda r: deck_edit.next_value(r, i)))),
        icon_button(ft.Icons.CONTENT_COPY, _("Duplicate {card}").format(card=cid),
                    tap(lambda r: deck_edit.duplicate(r, i))),
        icon_button(ft.Icons.DELETE_OUTLINE, _("Delete {card}").format(card=cid),
                    tap(lambda r: deck_edit.delete(r, i))),
    ], 0)
    if not isinstance(c, dict):
        return card(column([head, actions, *[error_text(x) for x in found.card_lines(i)]], GAP), "deck-card")
    discard = deck_edit.card_discard(c)
    own = deck_edit.card_icons(c)
    kind, set_icon = deck_edit.card_set(c)
    named = deck_edit.icons(raw)
    shown_icons = [*named, *[x for x in own if not any(deck_edit.same_name(x, y) for y in named)]]
    icon_chips = [_chip(word(x), any(deck_edit.same_name(x, y) for y in own),
                        tap(lambda r, x=x: deck_edit.toggle_icon(r, i, x)),
                        name=_("{card} shows {icon}").format(card=cid, icon=word(x)))
                  for x in shown_icons]
    kinds = [_chip(_(KIND_SHOWN[kd]), kind == kd, tap(lambda r, kd=kd: deck_edit.set_kind(r, i, kd)),
                   name=_("{card}: {kind}").format(card=cid, kind=_(label)))
             for kd, label in KIND_NAMES.items()]
    out: list[ft.Control] = [
        head, actions,
        _labelled(_(DISCARD), NumberChips(cid, lambda n: ngettext("discard icon", "discard icons", n),
                                         sorted({*DISCARDS, discard}), discard,
                                         lambda n: edit(lambda r: deck_edit.set_discard(r, i, n)))),
        _labelled(_(ICONS), _row(icon_chips) if shown_icons else
                  ft.Text(_("Name the deck's icons above to put them on cards."), size=13)),
        _labelled(_(SET), _row(kinds)),
    ]
    if kind is not None:
        out.append(keyed(_labelled(_(COLLECTS), _row([
            _chip(word(x), set_icon is not None and deck_edit.same_name(x, set_icon),
                  tap(lambda r, x=x: deck_edit.set_set_icon(r, i, x)),
                  name=_("{card} collects {icon}").format(card=cid, icon=word(x)))
            for x in deck_edit.icons(raw)])), "collects"))
    out += [keyed(error_text(x), f"fault-{j}") for j, x in enumerate(found.card_lines(i))]
    out.append(said("card"))
    out.append(ft.TextButton(_("Change its id, suit, value or place"),
                             icon=ft.Icons.EXPAND_LESS if u.more else ft.Icons.EXPAND_MORE,
                             on_click=lambda e: put(lambda u: replace(u, more=not u.more))))
    if u.more:
        value = deck_edit.card_value(c) or 0
        out += [
            TextField(label=_("Id of card {n}").format(n=i + 1), value=deck_edit.text_of(c.get("id")), dense=True,
                      on_change=lambda e: edit(lambda r: deck_edit.set_id(r, i, e.control.value or ""))),
            _labelled(_(SUIT), _row([_chip(word(s), c.get("suit") == s,
                                             tap(lambda r, s=s: deck_edit.set_suit(r, i, s)),
                                             name=_("{card} suit {suit}").format(card=cid, suit=word(s)))
                                       for s in [*deck_edit.suits(raw), WILD]])),
            _labelled(_(VALUE), stepper_row(cid, (_("value"), _("values")), value,
                                           lambda by: edit(lambda r: deck_edit.set_value(r, i, value + by)))),
            _labelled(_(PLACE), ft.Row([
                icon_button(ft.Icons.ARROW_UPWARD, _("Move {card} up").format(card=cid),
                            tap(lambda r: deck_edit.move(r, i, -1))),
                icon_button(ft.Icons.ARROW_DOWNWARD, _("Move {card} down").format(card=cid),
                            tap(lambda r: deck_edit.move(r, i, 1))),
            ], spacing=0)),
        ]
    return card(column(out, GAP), "deck-card")


def _cards_list(raw: dict[str, Any], picked: int | None, found: Faults, put: Any) -> ft.Control:
    """The cards by suit, each with its faults under it; a tap picks it to change."""
    items = deck_edit.cards(raw)
    out: list[ft.Control] = [heading(ngettext("The deck: {n} card", "The deck: {n} cards", len(items)).format(
        n=len(items)), 18)]
    grouped = groups(raw)
    for g, (suit, indexes) in enumerate(grouped):
        label = word(suit) if suit else _("no suit")
        again = [s for s, _i in grouped[:g]].count(suit)     # a faulty file may name a suit twice
        out.append(keyed(bold(ngettext("{suit} · {n} card", "{suit} · {n} cards", len(indexes)).format(
            suit=label, n=len(indexes)), 15), f"suit-{suit}-{again}"))
        for i in indexes:
            c = items[i]
            on = i == picked
            row = ft.Container(
                content=ft.Text(_("{card}: {line}").format(card=card_id(c, i), line=card_line(c)), size=14,
                                weight=ft.FontWeight.BOLD if on else None),
                padding=ft.Padding(10, 8, 10, 8), border_radius=8,
                bgcolor=ft.Colors.SECONDARY_CONTAINER if on else None,
                border=ft.Border.all(1, ft.Colors.ERROR if i in found.cards else ft.Colors.OUTLINE_VARIANT),
                on_click=lambda e, i=i: put(lambda u: replace(u, card=i, said=None)))
            out.append(keyed(column([
                ft.Semantics(identifier=f"deck-card-{i}", button=True, selected=on, container=True,
                             label=_("Pick {card}").format(card=card_id(c, i)), content=row),
                *[error_text(x) for x in found.card_lines(i)],
            ], 2), f"card-{i}-{again}"))
    return column(out, GAP)
