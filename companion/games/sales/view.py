"""Sales' screens in the app, as declarative Flet components: setup, the table
(each sale card by card, its result, rounds, the final scores), a game's details
from the history and the rules. Found by the shell by module name (``VIEW``).

Thin, like Hot Dog's: everything shown comes from the view-model (``viewmodel``),
which replays the stored record; every input becomes a record operation saved by
the store in one transaction. Passing state (the sale being entered, which sale
is open) is plain data kept by the shell (``uistate``); the components draw it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from pathlib import Path
from typing import Any, Callable

import flet as ft

from companion.core import edits
from companion.core.errors import CompanionError
from companion.games.sales import uistate as us
from companion.games.sales import viewmodel as vm
from companion.games.sales.deck import Deck
from companion.games.sales.models import ROUNDS
from companion.games.sales.uistate import SetupDraft, TableUI
from companion.games.sales.viewmodel import CardDraft
from companion.store import data_dir
from companion.store.exchange import keep_file
from companion.ui.contracts import ShellServices
from companion.ui.records import save_change
from companion.ui.widgets import bold, card, error_text, heading, icon_button
from companion.ui.widgets.exports import ExportActions
from companion.ui.widgets.icon_button import TAP
from companion.ui.widgets.rulings import ruling_lines

GAP = 6
SETUP = "sales-setup"
TABLE = "sales-table"


def _column(controls: list[ft.Control], spacing: int = 10) -> ft.Column:
    return ft.Column(controls, spacing=spacing, horizontal_alignment=ft.CrossAxisAlignment.STRETCH)


def _note(text: str) -> ft.Text:
    return ft.Text(text, size=12, italic=True)


def _choice(label: str, on: bool, on_click: Callable[[Any], Any], *, name: str | None = None,
            disabled: bool = False, width: int | None = None) -> ft.Control:
    """A chip to pick one of a few: the same control chosen or not (a tap never lands
    on one being swapped), marked selected for a screen reader."""
    return ft.Semantics(
        label=name or label, button=True, selected=on,
        content=ft.Button(
            label, on_click=on_click, disabled=disabled, height=TAP, width=width,
            style=ft.ButtonStyle(
                padding=ft.Padding(10, 4, 10, 4),
                bgcolor=ft.Colors.PRIMARY if on else ft.Colors.SURFACE,
                color=ft.Colors.ON_PRIMARY if on else ft.Colors.PRIMARY,
                side=ft.BorderSide(1, ft.Colors.PRIMARY))))


def _hands_text(hands: list[tuple[str, int]]) -> str:
    return " · ".join(f"{p} {n}" for p, n in hands)


# ================================================================ setup


@ft.component
def SetupScreen(shell: ShellServices) -> ft.Control:
    d: SetupDraft = shell.ui(SETUP, SetupDraft())
    shipped = vm.deck_choices()
    shipped_paths = [f.path for f in shipped]
    path = d.deck_path(shipped_paths)
    deck = us.deck_file(path)
    word = vm.player_word(d.mode)
    low, high = vm.player_range(d.mode)

    def put(fn: Callable[[SetupDraft], SetupDraft]) -> None:
        shell.set_ui(SETUP, fn, SetupDraft())

    def start() -> None:
        now: SetupDraft = shell.ui(SETUP, SetupDraft())
        now_path = now.deck_path(shipped_paths)
        if us.setup_problem(now, us.deck_file(now_path)) is not None:
            shell.saved()
            return
        players = vm.clean(now.names)
        try:
            match_id = shell.store.create_match(
                "sales", players, vm.new_record(players, now.mode, now.hand_size, now.leader_name()))
            shell.store.set_setting(vm.deck_setting_key(match_id), str(Path(now_path).resolve()))
        except CompanionError as exc:
            shell.say(f"Not saved: {exc}")
            return
        shell.drop_ui(SETUP)
        shell.drop_ui(TABLE)
        shell.go("match", match=match_id)

    async def pick(e: Any) -> None:
        try:
            files = await ft.FilePicker().pick_files(
                dialog_title="A Sales deck file", allowed_extensions=["json"],
                file_type=ft.FilePickerFileType.CUSTOM, with_data=True)
        except Exception as exc:
            shell.say(f"No file picker here ({type(exc).__name__}): type the file's path instead.")
            return
        if not files:
            return
        f = files[0]
        if f.bytes is not None:        # a browser gives the contents: keep a copy in the data dir
            try:                       # a new name if taken: an older match reads the deck it was played with
                chosen = str(keep_file(data_dir() / "decks", f.name, f.bytes))
            except CompanionError as exc:
                shell.say(f"The deck file could not be kept: {exc}.")
                return
        else:
            chosen = f.path or ""
        put(lambda d: replace(d, deck=us.OTHER, other=chosen))

    errors = vm.name_errors(d.names)
    rows: list[ft.Control] = []
    for i, name in enumerate(d.names):
        label = f"{word.capitalize()} {i + 1}"
        tools: list[ft.Control] = []
        if d.mode == "competitive":
            tools = [
                icon_button(ft.Icons.ARROW_UPWARD, f"Move {label} up",
                            lambda e, i=i: put(lambda d: us.moved(d, i, -1)), disabled=i == 0),
                icon_button(ft.Icons.ARROW_DOWNWARD, f"Move {label} down",
                            lambda e, i=i: put(lambda d: us.moved(d, i, 1)), disabled=i == len(d.names) - 1),
                icon_button(ft.Icons.DELETE_OUTLINE, f"Remove {label}",
                            lambda e, i=i: put(lambda d: us.removed(d, i)), disabled=len(d.names) <= low),
            ]
        rows.append(ft.Column([
            ft.Row([ft.TextField(label=label, value=name, expand=True, dense=True,
                                 on_change=lambda e, i=i: put(
                                     lambda d, i=i, v=e.control.value or "": us.with_name(d, i, v))),
                    *tools], spacing=0),
            error_text(errors[i]),
        ], spacing=2, key=f"player-{i}"))

    leaders = vm.leader_options(d.names)
    leader = d.leader_name()
    size_error = vm.hand_size_error(d.hand_size)
    problem = us.setup_problem(d, deck)
    count_text = (f"{low}–{high} players, seated clockwise in the order entered" if low != high else
                  ("one person playing two hands; rename them if you like" if d.mode == "solo"
                   else "exactly 2 players, playing as a team"))

    deck_radios = [ft.Radio(value=f.path, label=f.name + ("" if f.ok else " (cannot be used)"))
                   for f in shipped]
    deck_radios.append(ft.Radio(value="other", label="Another deck file"))
    deck_value = "other" if d.deck == us.OTHER else path
    deck_info: list[ft.Control] = []
    if d.deck == us.OTHER:
        deck_info.append(ft.Row([
            ft.TextField(label="Deck file path", value=d.other, expand=True, dense=True,
                         on_change=lambda e: put(lambda d, v=e.control.value or "": replace(d, other=v))),
            ft.Button("Pick a file", icon=ft.Icons.FOLDER_OPEN, on_click=pick),
        ], wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if deck is not None and deck.ok:
        deck_info += [ft.Text(line.strip(), size=13) for line in deck.summary]
        if deck.deck is not None and deck.deck.description:
            deck_info.append(_note(deck.deck.description))
    elif deck is not None:
        deck_info.append(error_text(f"This deck file cannot be used ({len(deck.problems)} "
                                    f"problem{'s' if len(deck.problems) != 1 else ''}):"))
        deck_info += [error_text(p) for p in deck.problems[:12]]
        if len(deck.problems) > 12:
            deck_info.append(error_text(f"… and {len(deck.problems) - 12} more"))

    return _column([
        heading("New Sales game"),
        bold("Mode (SA-2)"),
        ft.RadioGroup(value=d.mode,
                      on_change=lambda e: e.control.value and put(lambda d, v=e.control.value: us.with_mode(d, v)),
                      content=ft.Column([ft.Radio(value=m, label=text) for m, text in vm.MODES], spacing=0)),
        bold(f"{word.capitalize()}s"),
        ft.Text(f"{count_text} (SA-2, different names)."),
        *rows,
        ft.Button(f"Add {word}", icon=ft.Icons.PERSON_ADD, visible=low != high,
                  disabled=len(d.names) >= high, on_click=lambda e: put(us.added)),
        bold("Cards dealt per round"),
        ft.TextField(label="Cards dealt per hand each round", value=d.hand_size, dense=True,
                     keyboard_type=ft.KeyboardType.NUMBER, width=260,
                     on_change=lambda e: put(lambda d, v=e.control.value or "": replace(d, hand_size=v))),
        error_text(size_error),
        ft.Text(vm.hand_size_note(d.mode, d.hand_size)),
        bold("Who leads the first sale? (SA-9)"),
        ft.RadioGroup(value=leader,
                      on_change=lambda e: e.control.value and put(lambda d, v=e.control.value: replace(d, leader=v)),
                      content=ft.Column([ft.Radio(value=n, label=n) for n in leaders], spacing=0)),
        bold("Deck file (SA-1)"),
        ft.Text("The card list is not in the rules: it comes from a deck file you can edit "
                "(assets/decks/). Any card can also be entered by its attributes."),
        ft.RadioGroup(value=deck_value,
                      on_change=lambda e: e.control.value and put(
                          lambda d, v=e.control.value: replace(d, deck=us.OTHER if v == "other" else v)),
                      content=ft.Column(deck_radios, spacing=0)),
        *deck_info,
        error_text(problem),
        ft.FilledButton("Start game", icon=ft.Icons.PLAY_ARROW, disabled=problem is not None,
                        on_click=lambda e: start()),
    ])


# ================================================================ the table


class Table:
    """What a table screen's parts share: the match, its record, the deck, and the
    operations on them (each one record change, saved, or a passing-state change).

    A record change is made from the record as this screen drew it (or as its draft
    was begun) and saved only if that is still the stored record: a screen that has
    not redrawn since another screen (or a phone) saved cannot store its sale as one
    more. The refusal is said next to the entry, which stays to be checked."""

    def __init__(self, shell: ShellServices, match_id: int) -> None:
        self.shell = shell
        self.match = m = shell.store.match(match_id)
        cur = m.current
        assert cur is not None
        self.number = cur.number
        self.rec: dict[str, Any] = cur.record
        self.deck_path = shell.store.setting(vm.deck_setting_key(m.id)) or ""
        self.deck_file = us.deck_file(self.deck_path)
        self.deck: Deck | None = self.deck_file.deck if self.deck_file is not None else None
        self.fresh = TableUI(m.id, method="deck" if self.deck is not None else "attrs")
        ui = shell.ui(TABLE)
        self.ui: TableUI = us.valid(ui if self._mine(ui) else self.fresh, self.rec)

    def _mine(self, ui: Any) -> bool:
        return isinstance(ui, TableUI) and ui.match_id == self.match.id

    def latest(self) -> TableUI:
        ui = self.shell.ui(TABLE)
        return ui if self._mine(ui) else self.ui

    def put(self, fn: Callable[[TableUI], TableUI]) -> None:
        """Change the passing state from its latest value (a fast second tap builds on the first)."""
        self.shell.set_ui(TABLE, lambda u: fn(u if self._mine(u) else self.fresh))

    def put_draft(self, fn: Callable[[TableUI], TableUI]) -> None:
        """A change to the draft being entered (the new sale's plays, or the changed
        sale's): a draft not begun yet is begun on the record this screen shows; a new
        sale's plays all taken back are no draft any more."""
        drawn = self.rec

        def step(u: TableUI) -> TableUI:
            v = fn(u)
            key = "edit_base" if v.editing else "base"
            if not v.editing and not v.plays:
                return replace(v, base=None)
            return replace(v, **{key: edits.entered_against(getattr(v, key), drawn)})

        self.put(step)

    def save(self, record: dict[str, Any], base: Mapping[str, Any], not_done: str) -> bool:
        """Save a change made from ``base``. False if another screen saved first: nothing
        is saved and the refusal is said. Either way each draft's base is kept right."""
        refused = save_change(self.shell.store, self.match.id, self.number, record, base=base, place=vm.place,
                              not_done=not_done, finished_match=vm.sale_view(record).game_over)
        if refused is None:
            self.put(lambda u: replace(u, base=edits.followed(u.base, base, record),
                                       edit_base=edits.followed(u.edit_base, base, record)))
            return True
        # the drafts stay as entered, now in step with the record the screen redraws
        self.put(lambda u: replace(u, error=refused.line, base=None, edit_base=None))
        return False

    # ------------------------------------------------------------ operations
    def add_card(self, card: dict[str, Any] | CardDraft, confirmed: bool = False) -> None:
        now = self.latest()
        at = now.at if now.editing else None
        d = vm.draft_play(self.rec, list(now.draft()), card, deck=self.deck, confirmed=confirmed, at=at)
        if d.question is not None:
            pending = card.card() if isinstance(card, CardDraft) else dict(card)
            self.put(lambda u: replace(u, pending=pending, question=d.question, error=None))
        elif d.error is not None:
            self.put(lambda u: replace(u, error=d.error, pending=None, question=None))
        else:
            fresh_attrs = isinstance(card, CardDraft)
            self.put_draft(lambda u: replace(u.with_draft(d.plays), query="",
                                             attrs=CardDraft() if fresh_attrs else u.attrs))

    def take_back(self) -> None:
        self.put_draft(lambda u: u.with_draft(vm.drop_last_play(u.draft())))

    def record_sale(self) -> None:
        now = self.latest()
        base = edits.entered_against(now.base, self.rec)
        change = vm.complete_sale(base, list(now.plays))
        if not change.ok:
            self.put(lambda u: replace(u, error=change.error))
            return
        if not self.save(change.record, base, "your sale was not saved"):
            return
        self.put(lambda u: replace(u, mode="result", at=us.last_sale_at(change.record), plays=(), base=None,
                                   query="", pending=None, question=None, error=None))

    def next_round(self) -> None:
        record = self.rec
        change = vm.start_next_round(record)
        if not change.ok:
            self.put(lambda u: replace(u, error=change.error))
            return
        if not self.save(change.record, record, "the next round was not started"):
            return
        self.put(lambda u: replace(u, mode="entry", plays=(), base=None, error=None))

    def undo(self) -> None:
        record = self.rec             # the last sale this screen shows is the one undone
        back = us.undone_plays(record)
        change = vm.undo(record)
        if not change.ok:
            self.put(lambda u: replace(u, error=change.error))
            return
        if not self.save(change.record, record, "nothing was undone"):
            return
        self.put(lambda u: replace(u, mode="entry", at=None, plays=tuple(back), base=None, pending=None,
                                   question=None, error=None))
        self.shell.say("Last sale undone; its cards are back for entry." if back else
                       "The round just started is taken back.")

    def save_edit(self) -> None:
        now = self.latest()
        if now.at is None:
            return
        r, s = now.at
        base = edits.entered_against(now.edit_base, self.rec)
        change = vm.edit_sale(base, r, s, list(now.edit_plays))
        if not change.ok:
            self.put(lambda u: replace(u, error=change.error))
            return
        if not self.save(change.record, base, f"your change to round {r + 1}, sale {s + 1} was not saved"):
            return
        self.put(lambda u: replace(u, mode="sale", edit_plays=(), edit_base=None, error=None))
        self.shell.say(f"Round {r + 1}, sale {s + 1} changed; the game was replayed from there.")


@ft.component
def TableScreen(shell: ShellServices, match_id: int) -> ft.Control:
    t = Table(shell, match_id)
    ui = t.ui
    sv = vm.sale_view(t.rec)
    title = f"Sales · round {sv.round} of {ROUNDS}"
    if sv.mode != "competitive":
        title += f" · {dict(coop='co-op', solo='solo')[sv.mode]}"
    out: list[ft.Control] = [heading(title)]
    if ui.mode == "entry" and not sv.game_over:
        out.append(_note(vm.hand_size_note(sv.mode, t.rec.get("hand_size", ""))))
    if t.deck_file is not None and not t.deck_file.ok:
        out.append(error_text(f"The deck file {t.deck_path} cannot be used now "
                              f"({t.deck_file.problems[0]}): enter cards by their attributes."))
    if ui.mode == "result" and ui.at is not None:
        out.append(SaleResultPanel(t, key="result"))
    elif ui.mode == "sale" and ui.at is not None:
        out.append(SaleDetail(t, key="sale"))
    elif ui.mode == "edit" and ui.at is not None:
        out.append(EditSale(t, key="edit"))
    else:
        out.append(GameOver(t, key="over") if sv.game_over else Entry(t, key="entry"))
        out += _sales_list(t)
        out.append(ExportActions(shell, t.match.id, t.number, games_in_match=False))
    return _column(out)


# ---------------------------------------------------------------- the sale being entered


def _order_panel(sv: vm.SaleView) -> list[ft.Control]:
    """Who plays in which order (SA-3), what each has played, whose turn it is."""
    played = dict(sv.played)
    lines: list[ft.Control] = []
    for i, p in enumerate(sv.order, 1):
        lead = " (leads)" if i == 1 else ""
        if p in played:
            text, weight, tone = f"{i}. {p}{lead}: {played[p]}", None, None
        elif p == sv.turn:
            text, weight, tone = f"{i}. {p}{lead}: to play now", ft.FontWeight.BOLD, ft.Colors.PRIMARY
        else:
            text, weight, tone = f"{i}. {p}{lead}: waits", None, None
        lines.append(ft.Text(text, weight=weight, color=tone))
    skipped = [h.player for h in sv.hands if h.empty]
    if skipped:
        lines.append(ft.Text(f"{', '.join(skipped)}: empty hand, skipped (SA-3)."))
    return [card(_column([bold("Play order (SA-3)"), *lines, ft.Text(sv.suit_text, size=13)], spacing=4),
                 "order")]


def _hands_line(sv: vm.SaleView) -> ft.Control:
    return ft.Text("Cards in hand: " + " · ".join(f"{h.player} {h.cards}" for h in sv.hands))


@ft.component
def DeckPicker(t: Table, player: str, plays: tuple[Any, ...], query: str, at: tuple[int, int] | None) -> ft.Control:
    """The deck's cards grouped by suit, searchable; cards out of play greyed out."""
    assert t.deck is not None
    groups = vm.deck_groups(t.deck, t.rec, list(plays), query, at)
    out: list[ft.Control] = [
        ft.TextField(label="Search the deck", value=query, dense=True, prefix_icon=ft.Icons.SEARCH,
                     hint_text="e.g. sun 4, coat, wild",
                     on_change=lambda e: t.put(lambda u, v=e.control.value or "": replace(u, query=v))),
    ]
    if not groups:
        out.append(ft.Text(f"No card of the deck matches '{query}'."))
    for g in groups:
        chips: list[ft.Control] = []
        for c in g.cards:
            name = f"{player} plays {c.text}" if not c.out else f"{c.text}: out of play, {c.why}"
            chips.append(ft.Semantics(
                label=name, button=not c.out, identifier=f"card-{c.id}",
                content=ft.Button(
                    c.label, disabled=c.out, height=TAP,
                    on_click=lambda e, cid=c.id: t.add_card(CardDraft.of_deck(t.deck, cid).card()),
                    style=ft.ButtonStyle(padding=ft.Padding(10, 4, 10, 4)))))
        out.append(bold(g.title, 14))
        out.append(ft.Row(chips, spacing=6, run_spacing=6, wrap=True))
    return _column(out, spacing=8)


@ft.component
def AttributeEntry(t: Table, player: str, d: CardDraft) -> ft.Control:
    """A card entered by its attributes (SA-1), checked per field as typed."""
    errs = vm.card_errors(d, t.deck)

    def put(**changes: Any) -> None:
        t.put(lambda u: replace(u, attrs=replace(u.attrs, **changes), error=None))

    def toggle(icon: str, on: bool) -> None:
        def step(u: TableUI) -> TableUI:
            icons = [i for i in u.attrs.icons if i != icon] + ([icon] if on else [])
            return replace(u, attrs=replace(u.attrs, icons=tuple(icons)), error=None)
        t.put(step)

    suits = vm.suit_options(t.deck)
    icons = vm.icon_options(t.deck)
    out: list[ft.Control] = [
        ft.Text("Suit"),
        ft.Row([_choice(s, d.suit == s, lambda e, s=s: put(suit=s), name=f"Suit {s}") for s in suits],
               spacing=6, run_spacing=6, wrap=True),
    ]
    if t.deck is None:
        out.append(ft.TextField(label="Suit (a lowercase name, or wild)", value=d.suit, dense=True,
                                on_change=lambda e: put(suit=e.control.value or "")))
    out += [
        error_text(errs.get("suit")) if d.suit else ft.Text("Pick the card's suit.", size=13),
        ft.Row([
            ft.TextField(label="Value", value=str(d.value), dense=True, width=120,
                         keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e: put(value=e.control.value or "")),
            ft.TextField(label="Discard icons", value=str(d.discard), dense=True, width=140,
                         keyboard_type=ft.KeyboardType.NUMBER,
                         on_change=lambda e: put(discard=e.control.value or "")),
        ], spacing=8, wrap=True),
        error_text(errs.get("value")),
        error_text(errs.get("discard")),
    ]
    if icons:
        out.append(ft.Text("Icons it shows (tap to add or remove)"))
        out.append(ft.Row([_choice(i, i in d.icons, lambda e, i=i, on=i in d.icons: toggle(i, not on),
                                   name=f"Icon {i}") for i in icons],
                          spacing=6, run_spacing=6, wrap=True))
    else:
        out.append(ft.TextField(label="Icons it shows (comma separated)", value=", ".join(d.icons), dense=True,
                                on_change=lambda e: put(icons=tuple((e.control.value or "").split(",")))))
    out.append(error_text(errs.get("icons")))
    out.append(ft.Text("Set it collects"))
    out.append(ft.Row([_choice(text, d.set_kind == kind, lambda e, k=kind: put(set_kind=k),
                               name=f"Set: {text}")
                       for kind, text in [("", "none"), ("1x", "1x set"), ("neighbor", "neighbor set")]],
                      spacing=6, run_spacing=6, wrap=True))
    if d.set_kind:
        if icons:
            out.append(ft.Row([_choice(i, d.set_icon == i, lambda e, i=i: put(set_icon=i),
                                       name=f"Collects {i}") for i in icons],
                              spacing=6, run_spacing=6, wrap=True))
        else:
            out.append(ft.TextField(label="Icon it collects", value=d.set_icon, dense=True,
                                    on_change=lambda e: put(set_icon=e.control.value or "")))
    out.append(error_text(errs.get("set")))
    out.append(ft.FilledButton(f"{player} plays this card", icon=ft.Icons.CHECK, disabled=bool(errs),
                               on_click=lambda e: t.add_card(t.latest().attrs)))
    return _column(out, spacing=GAP)


@ft.component
def CardEntry(t: Table, sv: vm.SaleView, plays: tuple[Any, ...], at: tuple[int, int] | None) -> ft.Control:
    """The card the player whose turn it is plays: picked from the deck or by attributes;
    in co-op and solo an off-suit card waits for a confirmation (SA-14)."""
    ui = t.ui
    out: list[ft.Control] = []
    if sv.turn is not None:
        if ui.question is not None and ui.pending is not None:
            pending = ui.pending
            out.append(card(_column([
                bold("Off suit? (SA-14)"),
                ft.Text(ui.question),
                ft.Row([
                    ft.FilledButton("Confirm off-suit play", icon=ft.Icons.CHECK,
                                    on_click=lambda e: t.add_card(dict(pending), confirmed=True)),
                    ft.Button("Choose another card", icon=ft.Icons.CLOSE,
                              on_click=lambda e: t.put(lambda u: replace(u, pending=None, question=None))),
                ], wrap=True),
            ], spacing=GAP), "confirm"))
        else:
            method = ui.method if t.deck is not None else "attrs"
            out.append(heading(f"{sv.turn}'s card", 18))
            if t.deck is not None:
                out.append(ft.Row([
                    _choice("From the deck", method == "deck",
                            lambda e: t.put(lambda u: replace(u, method="deck"))),
                    _choice("By attributes", method == "attrs",
                            lambda e: t.put(lambda u: replace(u, method="attrs"))),
                ], spacing=6, wrap=True))
            out.append(error_text(ui.error))
            if method == "deck":
                out.append(DeckPicker(t, sv.turn, plays, ui.query, at, key="deck"))
            else:
                out.append(AttributeEntry(t, sv.turn, ui.attrs, key="attrs"))
    else:
        out.append(error_text(ui.error))
    return _column(out)


@ft.component
def Entry(t: Table) -> ft.Control:
    ui = t.ui
    sv = vm.sale_view(t.rec, list(ui.plays))
    out: list[ft.Control] = [ft.Text(sv.status, size=16, weight=ft.FontWeight.W_500)]
    if sv.round_over:
        out.append(_hands_line(sv))
        out.append(error_text(ui.error))
        out.append(ft.FilledButton(f"Start round {sv.round + 1}", icon=ft.Icons.PLAY_ARROW,
                                   on_click=lambda e: t.next_round()))
    else:
        out += _order_panel(sv)
        out.append(_hands_line(sv))
        if sv.ready:
            out.append(error_text(ui.error))
            out.append(ft.FilledButton("Record sale", icon=ft.Icons.CHECK, on_click=lambda e: t.record_sale()))
        out.append(ft.Button("Take back the last card", icon=ft.Icons.BACKSPACE_OUTLINED,
                             visible=bool(ui.plays), on_click=lambda e: t.take_back()))
        if not sv.ready:
            out.append(CardEntry(t, sv, ui.plays, None, key="card-entry"))
    out.append(ft.Button("Undo last sale", icon=ft.Icons.UNDO, on_click=lambda e: t.undo(),
                         disabled=not us.sale_places(t.rec)))
    out += _scores_so_far(t)
    return _column(out)


def _scores_so_far(t: Table) -> list[ft.Control]:
    if not us.sale_places(t.rec):
        return []
    sc = vm.score_view(t.rec)
    return [ft.Text("Scores so far: " + " · ".join(f"{s.player} {s.total}" for s in sc.scores), size=13)]


# ---------------------------------------------------------------- a sale's result


def _result_body(res: vm.SaleResultView) -> list[ft.Control]:
    out: list[ft.Control] = [
        card(_column([
            ft.Text(res.headline, size=18, weight=ft.FontWeight.BOLD),
            ft.Text(res.explanation),
            _note("Rulings: " + ", ".join(res.rulings)),
        ], spacing=4), "sale-winner"),
        bold("Discards"),
        ft.Text(res.discards_text),
        bold("Next leader"),
        ft.Text(res.next_text),
        bold("Cards in hand now"),
        ft.Text(_hands_text(res.hands)),
    ]
    out += [ft.Text(n) for n in res.notes]
    return out


@ft.component
def SaleResultPanel(t: Table) -> ft.Control:
    assert t.ui.at is not None
    r, s = t.ui.at
    res = vm.sale_result(t.rec, r, s)
    sv = vm.sale_view(t.rec)
    label = ("Final scores" if sv.game_over else f"Round {sv.round} over" if sv.round_over else "Next sale")
    return _column([
        heading(f"Round {res.round}, sale {res.sale}: result", 18),
        *_result_body(res),
        error_text(t.ui.error),
        ft.Row([
            ft.FilledButton(label, icon=ft.Icons.ARROW_FORWARD,
                            on_click=lambda e: t.put(lambda u: replace(u, mode="entry", at=None))),
            ft.Button("Undo this sale", icon=ft.Icons.UNDO, on_click=lambda e: t.undo()),
        ], wrap=True),
    ])


def _sales_list(t: Table) -> list[ft.Control]:
    places = us.sale_places(t.rec)
    if not places:
        return []
    out: list[ft.Control] = [heading("Sales of this game", 18)]
    for rv in reversed(vm.round_views(t.rec)):
        if not rv.sales:
            continue
        out.append(bold(f"Round {rv.number}"))
        for s, line in reversed(list(enumerate(rv.sales))):
            out.append(ft.TextButton(f"Open round {rv.number}, {line[0].lower()}{line[1:]}",
                                     on_click=lambda e, at=(rv.number - 1, s): t.put(
                                         lambda u: replace(u, mode="sale", at=at, error=None))))
    return out


@ft.component
def SaleDetail(t: Table) -> ft.Control:
    assert t.ui.at is not None
    r, s = t.ui.at
    res = vm.sale_result(t.rec, r, s)
    plays = vm.plays_of(t.rec, r, s)
    return _column([
        heading(f"Round {r + 1}, sale {s + 1}", 18),
        bold("Cards as entered"),
        *[ft.Text(f"{i}. {p['player']}: {vm.card_text(p['card'])}") for i, p in enumerate(plays, 1)],
        *_result_body(res),
        error_text(t.ui.error),
        ft.Row([
            ft.FilledButton("Change this sale", icon=ft.Icons.EDIT,
                            on_click=lambda e: t.put(lambda u: replace(u, mode="edit", edit_plays=tuple(plays),
                                                                       edit_base=t.rec,
                                                                       pending=None, question=None, error=None))),
            ft.Button("Back to the table", icon=ft.Icons.ARROW_BACK,
                      on_click=lambda e: t.put(lambda u: replace(u, mode="entry", at=None, error=None))),
        ], wrap=True),
    ])


@ft.component
def EditSale(t: Table) -> ft.Control:
    ui = t.ui
    assert ui.at is not None
    r, s = ui.at
    sv = vm.sale_view(t.rec, list(ui.edit_plays), ui.at)
    out: list[ft.Control] = [
        heading(f"Change round {r + 1}, sale {s + 1}", 18),
        ft.Text("Take back cards and enter them again; saving replaces the sale and replays every "
                "later sale (the record is the truth)."),
        *_order_panel(sv),
        _hands_line(sv),
        ft.Row([
            ft.Button("Take back the last card", icon=ft.Icons.BACKSPACE_OUTLINED,
                      disabled=not ui.edit_plays, on_click=lambda e: t.take_back()),
            ft.Button("Enter the whole sale again", icon=ft.Icons.RESTART_ALT,
                      disabled=not ui.edit_plays, on_click=lambda e: t.put_draft(lambda u: u.with_draft(()))),
        ], wrap=True),
    ]
    if sv.ready:
        out.append(error_text(ui.error))
    else:
        out.append(CardEntry(t, sv, ui.edit_plays, ui.at, key="edit-entry"))
    out.append(ft.Row([
        ft.FilledButton("Save changes", icon=ft.Icons.SAVE, disabled=not sv.ready,
                        on_click=lambda e: t.save_edit()),
        ft.Button("Cancel", icon=ft.Icons.CLOSE,
                  on_click=lambda e: t.put(lambda u: replace(u, mode="sale", edit_plays=(), edit_base=None, error=None,
                                                             pending=None, question=None))),
    ], wrap=True))
    return _column(out)


# ---------------------------------------------------------------- the end


def _score_cards(score: vm.ScoreView) -> list[ft.Control]:
    out: list[ft.Control] = []
    for s in score.scores:
        out.append(card(_column([
            bold(f"{s.place}. {s.player}: {s.total}", 17),
            ft.Text(f"Numbers {s.numbers} · 1x sets {s.sets} · neighbor sets {s.neighbor} · "
                    f"{s.cards} card{'s' if s.cards != 1 else ''} won", size=13),
            *[ft.Text(line, size=13) for line in s.breakdown],
        ], spacing=3), f"score-{s.player}"))
    return out


@ft.component
def GameOver(t: Table) -> ft.Control:
    score = vm.score_view(t.rec)
    out: list[ft.Control] = [heading("Game over: the scores", 18)]
    if score.team is not None:
        rating = score.team.rating or "no rating"
        out.append(card(_column([
            ft.Text(f"Team score {score.team.score}: {rating}", size=18, weight=ft.FontWeight.BOLD),
            ft.Text(score.team.explanation),
        ], spacing=4), "team"))
    elif score.winners:
        out.append(card(_column([
            ft.Text(f"{score.winners[0]} wins", size=18, weight=ft.FontWeight.BOLD),
            ft.Text(score.explanation),
        ], spacing=4), "winner"))
    out += _score_cards(score)
    out += [_note(n) for n in score.notes]
    out.append(error_text(t.ui.error))
    out.append(ft.Row([
        ft.Button("Undo last sale", icon=ft.Icons.UNDO, on_click=lambda e: t.undo()),
        ft.Button("Home", icon=ft.Icons.HOME, on_click=lambda e: t.shell.go("home")),
    ], wrap=True))
    return _column(out)


# ================================================================ history


@ft.component
def MatchDetail(shell: ShellServices, match_id: int) -> ft.Control:
    m = shell.store.match(match_id)
    out: list[ft.Control] = [heading(f"Sales game: {', '.join(m.players)}")]

    def cont() -> None:
        shell.continue_match(m.id)

    if not m.games:
        return _column(out)
    rec = m.games[-1].record
    line, over = vm.game_line(rec)
    out.append(ft.Text(line[0].upper() + line[1:]))
    if not m.finished:
        out.append(ft.FilledButton("Continue this game", icon=ft.Icons.PLAY_ARROW, on_click=lambda e: cont()))
    deck = shell.store.setting(vm.deck_setting_key(m.id))
    if deck:
        out.append(_note(f"Deck file: {deck}"))
    try:
        rounds = vm.round_views(rec)
        score = vm.score_view(rec)
    except CompanionError as exc:
        out.append(error_text(str(exc)))
        return _column(out)
    if score.team is not None and score.over:
        out.append(bold(f"Team score {score.team.score}: {score.team.rating or 'no rating'}"))
    if score.over or rounds:
        out.append(ft.Text(score.explanation))
    for rv in rounds:
        out.append(heading(f"Round {rv.number}" + (" (over)" if rv.over else " (in play)"), 18))
        out.append(ft.Text(f"{rv.leader} led the round."))
        out += [ft.Text(s) for s in rv.sales]
        out.append(ft.Text("Cards in hand: " + _hands_text(rv.hands), size=13))
        out += [_note(n) for n in rv.notes]
    if rounds:
        out.append(heading("Scores" if score.over else "Scores so far", 18))
        out += _score_cards(score)
    out.append(ExportActions(shell, m.id, m.games[-1].number, games_in_match=False))
    return _column(out)


# ================================================================ rules


@ft.component
def RulesText() -> ft.Control:
    out: list[ft.Control] = [heading("Sales: the rules in plain words")]
    out += [ft.Text(p) for p in vm.RULES_INTRO]
    out += ruling_lines(vm.RULES)
    return _column(out)


class SalesView:
    """Sales' screens for the shell (see :class:`companion.ui.contracts.GameView`)."""

    name = "sales"
    title = "Sales"

    def setup(self, shell: ShellServices) -> ft.Control:
        return SetupScreen(shell, key="sales-setup")

    def table(self, shell: ShellServices, match_id: int) -> ft.Control:
        return TableScreen(shell, match_id, key=f"sales-table-{match_id}")

    def match_detail(self, shell: ShellServices, match_id: int) -> ft.Control:
        return MatchDetail(shell, match_id, key=f"sales-match-{match_id}")

    def rules(self, shell: ShellServices) -> ft.Control:
        return RulesText(key="sales-rules")

    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        return vm.match_line(players, records)


VIEW = SalesView()
