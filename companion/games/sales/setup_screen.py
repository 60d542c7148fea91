"""Sales' setup screen, a declarative Flet component: the players and the leader, the
mode (competitive, co-op, solo), the hand size and what each round deals (SA-16), and
the deck (a shipped deck file, a deck made in the app, or a file picked, checked with
``deckfiles``). The fields and their steps are ``forms``' ``SetupDraft``; Start opens
the match with its record and the match settings that keep its deck.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import flet as ft

from companion.core.edits import clean
from companion.core.errors import CompanionError
from companion.games.sales import setup_form
from companion.games.sales.actions import TABLE
from companion.games.sales.deckfiles import DECK, DECK_COPY, DeckFile, deck_choices, deck_file, deck_text
from companion.games.sales.i18n import _, ngettext
from companion.games.sales.match_detail import Key, note_line
from companion.games.sales.setup_form import SetupDraft
from companion.games.sales.vocab import shown
from companion.store import data_dir
from companion.store.exchange import keep_file
from companion.ui.contracts import ShellServices
from companion.ui.library import Choice
from companion.ui.library import choices as library_choices
from companion.ui.table import open_match
from companion.ui.widgets import bold, card, error_text, heading, icon_button
from companion.ui.widgets.column import column
from companion.ui.widgets.handlers import tap, typed
from companion.ui.widgets.roster import RosterPicker, groups_played
from companion.ui.widgets.text_field import TextField

SETUP = "sales-setup"


def _picked(fn: Callable[[str], object]) -> Callable[[Any], None]:
    """A radio group's change handler: ``fn`` gets the value chosen (none: nothing)."""
    def handler(e: Any) -> None:
        if e.control.value:
            fn(e.control.value)
    return handler


# ================================================================ setup


@ft.component
def SetupScreen(shell: ShellServices, *, key: Key = None) -> ft.Control:
    d: SetupDraft = shell.ui(SETUP, SetupDraft())
    shipped = deck_choices()
    shipped_paths = [f.path for f in shipped]
    stored = library_choices(shell, "sales")
    deck, _unused = _chosen_deck(d, shipped_paths, stored)
    low, high = setup_form.player_range(d.mode)

    def put(fn: Callable[[SetupDraft], SetupDraft]) -> None:
        shell.set_ui(SETUP, fn, SetupDraft())

    def step(fn: Callable[[SetupDraft], SetupDraft]) -> Callable[[Any], None]:
        return tap(lambda: put(fn))

    def name_changed(i: int) -> Callable[[Any], None]:
        return typed(lambda v: put(lambda d: setup_form.with_name(d, i, v)))

    def start() -> None:
        now: SetupDraft = shell.ui(SETUP, SetupDraft())
        now_deck, settings = _chosen_deck(now, shipped_paths, library_choices(shell, "sales"))
        if setup_form.setup_problem(now, now_deck) is not None:
            put(setup_form.started)      # every field's refusal is said now
            return
        players = clean(now.names)
        record = setup_form.new_record(players, now.mode, now.hand_size_for(now_deck.deck if now_deck else None),
                                  now.leader_name())
        refused = open_match(shell, "sales", players, record, settings)
        if refused is not None:
            shell.say(refused)
            return
        shell.drop_ui(SETUP)
        shell.drop_ui(TABLE)

    async def pick(e: Any) -> None:
        try:
            files = await ft.FilePicker().pick_files(
                dialog_title=_("A Sales deck file"), allowed_extensions=["json"],
                file_type=ft.FilePickerFileType.CUSTOM, with_data=True)
        except Exception as exc:
            shell.say(_("No file picker here ({error}): type the file's path instead.").format(
                error=type(exc).__name__))
            return
        if not files:
            return
        f = files[0]
        if f.bytes is not None:        # a browser gives the contents: keep a copy in the data dir
            try:                       # a new name if taken: an older match reads the deck it was played with
                chosen = str(keep_file(data_dir() / "decks", f.name, f.bytes))
            except CompanionError as exc:
                shell.say(_("The deck file could not be kept: {error}.").format(error=exc))
                return
        else:
            chosen = f.path or ""
        put(lambda d: replace(d, deck=setup_form.OTHER, other=chosen))

    errors = setup_form.said_name_errors(d)
    rows: list[ft.Control] = []
    for i, name in enumerate(d.names):
        label = setup_form.player_label(d.mode, i + 1)
        tools: list[ft.Control] = [
            icon_button(ft.Icons.ARROW_UPWARD, _("Move {label} up").format(label=label),
                        step(partial(setup_form.moved, i=i, by=-1)), disabled=i == 0),
            icon_button(ft.Icons.ARROW_DOWNWARD, _("Move {label} down").format(label=label),
                        step(partial(setup_form.moved, i=i, by=1)), disabled=i == len(d.names) - 1),
        ]
        if d.mode == "competitive":
            tools.append(icon_button(ft.Icons.DELETE_OUTLINE, _("Remove {label}").format(label=label),
                                     step(partial(setup_form.removed, i=i)), disabled=len(d.names) <= low))
        rows.append(ft.Column([
            ft.Row([TextField(label=label, value=name, expand=True, dense=True,
                              on_change=name_changed(i), on_blur=step(partial(setup_form.left, i=i))),
                    *tools], spacing=0),
            error_text(errors[i]),
        ], spacing=2, key=f"player-{i}"))

    leaders = setup_form.leader_options(d.names)
    leader = d.leader_name()
    cards = deck.deck if deck is not None else None
    hand_size = d.hand_size_for(cards)
    size_error = setup_form.hand_size_error(hand_size) or setup_form.deal_refusal(d.players, hand_size, cards)
    plan = setup_form.deal_plan_lines(d.players, hand_size, cards)
    problem = setup_form.said_problem(d, deck)
    count_text = (_("{low}–{high} players, seated clockwise in the order entered (SA-2, different names).").format(
                      low=low, high=high) if low != high else
                  (_("one person playing two hands; rename them if you like (SA-2, different names).")
                   if d.mode == "solo"
                   else _("exactly 2 players, playing as a team (SA-2, different names).")))

    deck_radios: list[ft.Control] = [
        ft.Radio(value=f.path, label=shown(f.name) if f.ok else _("{deck} (cannot be used)").format(deck=shown(f.name)))
                                     for f in shipped]
    deck_radios += [ft.Radio(value=f"{setup_form.STORED}{c.id}",
                             label=c.name if c.ok else _("{deck} (has faults: edit it first)").format(deck=c.name))
                    for c in stored]
    deck_radios.append(ft.Radio(value="other", label=_("Another deck file")))
    deck_value = "other" if d.deck == setup_form.OTHER else (d.deck if d.stored_deck() is not None
                                                        else d.deck_path(shipped_paths))
    deck_info: list[ft.Control] = []
    if d.deck == setup_form.OTHER:
        deck_info.append(ft.Row([
            TextField(label=_("Deck file path"), value=d.other, expand=True, dense=True,
                         on_change=typed(lambda v: put(lambda d: replace(d, other=v)))),
            ft.Button(_("Pick a file"), icon=ft.Icons.FOLDER_OPEN, on_click=pick),
        ], wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if deck is not None and deck.ok:
        deck_info += [ft.Text(line.strip(), size=13) for line in deck.summary]
        if deck.deck is not None and deck.deck.description:
            deck_info.append(note_line(shown(deck.deck.description)))
    elif deck is not None:
        deck_info.append(error_text(ngettext("This deck file cannot be used ({n} problem):",
                                             "This deck file cannot be used ({n} problems):",
                                             len(deck.problems)).format(n=len(deck.problems))))
        deck_info += [error_text(p) for p in deck.problems[:12]]
        if len(deck.problems) > 12:
            deck_info.append(error_text(_("… and {n} more").format(n=len(deck.problems) - 12)))
    for j, line in enumerate(deck_info):   # a deck picked changes their number: keyed, "Start game" keeps its id
        line.key = f"deck-info-{j}"

    modes: list[ft.Control] = [ft.Radio(value=m, label=_(text)) for m, text in setup_form.MODES]
    leader_radios: list[ft.Control] = [ft.Radio(value=n, label=n) for n in leaders]
    return column([
        heading(_("New Sales game")),
        bold(_("Mode (SA-2)")),
        ft.RadioGroup(value=d.mode, on_change=_picked(lambda v: put(lambda d: setup_form.with_mode(d, v))),
                      content=ft.Column(modes, spacing=0)),
        bold(_("Hands") if d.mode == "solo" else _("Players")),
        ft.Text(count_text),
        RosterPicker(groups_played(shell.store) if d.mode != "solo" else [], low, high,
                     (_("the competitive game is for {low}–{high} players (SA-2)").format(low=low, high=high)
                      if low != high else _("the co-op game is for exactly {n} players (SA-2)").format(n=low)),
                     lambda names: put(lambda d: setup_form.with_players(d, names)), key="groups"),
        *rows,
        ft.Button(_("Add hand") if d.mode == "solo" else _("Add player"), icon=ft.Icons.PERSON_ADD, visible=low != high,
                  disabled=len(d.names) >= high, on_click=step(setup_form.added)),
        bold(_("Cards dealt per round")),
        TextField(label=_("Cards dealt per hand each round"), value=hand_size, dense=True,
                     keyboard_type=ft.KeyboardType.NUMBER, width=260,
                     on_change=typed(lambda v: put(lambda d: replace(d, hand_size=v)))),
        error_text(size_error),
        ft.Text(setup_form.hand_size_note(d.mode, hand_size, d.players, cards)),
        DealPlan(plan, setup_form.deal_plan_note(hand_size), shown(cards.name) if cards is not None else "",
                 key="deal-plan"),
        bold(_("Who leads the first sale? (SA-9)")),
        ft.RadioGroup(value=leader, on_change=_picked(lambda v: put(lambda d: replace(d, leader=v))),
                      content=ft.Column(leader_radios, spacing=0)),
        bold(_("Deck file (SA-1)")),
        ft.Text(_("The card list is not in the rules: it comes from a deck you make in the app "
                  "(Sales decks), or a deck file. Any card can also be entered by its attributes.")),
        ft.RadioGroup(value=deck_value,
                      on_change=_picked(lambda v: put(lambda d: replace(
                          d, deck=setup_form.OTHER if v == "other" else v))),
                      content=ft.Column(deck_radios, spacing=0)),
        *deck_info,
        ft.Button(_("Sales decks: make or edit one"), icon=ft.Icons.EDIT_NOTE,
                  on_click=lambda e: shell.go("library", game="sales")),
        error_text(problem),
        ft.FilledButton(_("Start game"), icon=ft.Icons.PLAY_ARROW, disabled=problem is not None,
                        on_click=tap(start)),
    ])


@ft.component
def DealPlan(lines: list[str], note: str, deck: str, *, key: Key = None) -> ft.Control:
    """What each round will deal at most with the chosen deck (named: it is chosen further
    down) and players (SA-16)."""
    if not lines:
        return ft.Column([], visible=False)
    return card(column([bold(_("What each round deals with {deck} (SA-16)").format(deck=deck), 14),
                        *[ft.Text(line, size=13) for line in lines],
                        note_line(note)], spacing=3), "deal-plan")


def _chosen_deck(d: SetupDraft, shipped_paths: list[str],
                 stored: list[Choice]) -> tuple[DeckFile | None, dict[str, str]]:
    """The deck the setup has chosen, checked, and the match settings that keep it: a
    copy of a deck made in the app (so editing it later never changes the match), or
    a deck file's path."""
    item = d.stored_deck()
    if item is not None:
        c = next((c for c in stored if c.id == item), None)
        if c is None:
            return None, {}
        return deck_text(c.body, c.name), {DECK_COPY: c.body}
    path = d.deck_path(shipped_paths)
    return deck_file(path), ({DECK: str(Path(path).resolve())} if path.strip() else {})
