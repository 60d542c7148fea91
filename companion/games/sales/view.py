"""Sales' screens in the app, as declarative Flet components: setup, the table
(each sale card by card, its result, rounds, the final scores), a game's details
from the history and the rules. Found by the shell by module name (``VIEW``).

Thin: the table screen opens one table session per render (``actions.open_table``),
replays the record once (``present.played``) and hands the components values and
the session; every tap is an operation in ``actions`` (a record change saved, or a
change to the passing state of ``forms``). What is drawn comes from ``present``,
``picker`` and ``forms``; the rules text from ``rulings``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import flet as ft

from companion.core import i18n, words
from companion.core.edits import clean, say_where
from companion.core.errors import CompanionError, RecordError
from companion.games.sales import actions, changes, forms, picker, present, rulings
from companion.games.sales.actions import TABLE, Session
from companion.games.sales.deck import Deck
from companion.games.sales.deck_editor_screen import DeckEditor
from companion.games.sales.deckfiles import DECK, DECK_COPY, DeckFile, deck_choices, deck_file, deck_text, match_deck
from companion.games.sales.forms import CardDraft, SetupDraft, TableUI
from companion.games.sales.i18n import _, ngettext, pgettext
from companion.games.sales.models import ROUNDS
from companion.games.sales.present import Played, SaleResultView, SaleView, ScoreView
from companion.games.sales.vocab import shown, word
from companion.store import data_dir
from companion.store.exchange import keep_file
from companion.ui.contracts import ShellServices, Standings
from companion.ui.library import Choice
from companion.ui.library import choices as library_choices
from companion.ui.table import MatchSeen, open_match
from companion.ui.widgets import ScoreGrid, bold, card, error_text, heading, icon_button
from companion.ui.widgets.choice import choice
from companion.ui.widgets.column import column
from companion.ui.widgets.exports import ExportActions
from companion.ui.widgets.handlers import tap, typed
from companion.ui.widgets.icon_button import TAP
from companion.ui.widgets.roster import RosterPicker, groups_played
from companion.ui.widgets.rulings import ruling_lines
from companion.ui.widgets.side_by_side import side_by_side
from companion.ui.widgets.text_field import TextField
from companion.ui.widgets.undo_question import undo_asking_first

GAP = 6
SETUP = "sales-setup"

Key = str | None
"""A component's ``key=``: flet's renderer takes it to name the component in the tree;
the component's own code never gets it (declared so that a typed call may pass it)."""

__all__ = ["TABLE", "VIEW", "Key", "SalesView"]


def _note(text: str) -> ft.Text:
    return ft.Text(text, size=12, italic=True)


def _picked(fn: Callable[[str], object]) -> Callable[[Any], None]:
    """A radio group's change handler: ``fn`` gets the value chosen (none: nothing)."""
    def handler(e: Any) -> None:
        if e.control.value:
            fn(e.control.value)
    return handler


def _mid_sentence(line: str) -> str:
    """A sale's line put after a comma: lowercased first letter in English ("Open round 1,
    sale 2: …"); German nouns keep their capital."""
    return line[0].lower() + line[1:] if line and i18n.language() == "en" else line


def _hands_text(hands: Sequence[tuple[str, int]]) -> str:
    return " · ".join(f"{p} {n}" for p, n in hands)


# ================================================================ setup


@ft.component
def SetupScreen(shell: ShellServices, *, key: Key = None) -> ft.Control:
    d: SetupDraft = shell.ui(SETUP, SetupDraft())
    shipped = deck_choices()
    shipped_paths = [f.path for f in shipped]
    stored = library_choices(shell, "sales")
    deck, _unused = _chosen_deck(d, shipped_paths, stored)
    low, high = forms.player_range(d.mode)

    def put(fn: Callable[[SetupDraft], SetupDraft]) -> None:
        shell.set_ui(SETUP, fn, SetupDraft())

    def step(fn: Callable[[SetupDraft], SetupDraft]) -> Callable[[Any], None]:
        return tap(lambda: put(fn))

    def name_changed(i: int) -> Callable[[Any], None]:
        return typed(lambda v: put(lambda d: forms.with_name(d, i, v)))

    def start() -> None:
        now: SetupDraft = shell.ui(SETUP, SetupDraft())
        now_deck, settings = _chosen_deck(now, shipped_paths, library_choices(shell, "sales"))
        if forms.setup_problem(now, now_deck) is not None:
            put(forms.started)      # every field's refusal is said now
            return
        players = clean(now.names)
        record = forms.new_record(players, now.mode, now.hand_size_for(now_deck.deck if now_deck else None),
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
        put(lambda d: replace(d, deck=forms.OTHER, other=chosen))

    errors = forms.said_name_errors(d)
    rows: list[ft.Control] = []
    for i, name in enumerate(d.names):
        label = forms.player_label(d.mode, i + 1)
        tools: list[ft.Control] = [
            icon_button(ft.Icons.ARROW_UPWARD, _("Move {label} up").format(label=label),
                        step(partial(forms.moved, i=i, by=-1)), disabled=i == 0),
            icon_button(ft.Icons.ARROW_DOWNWARD, _("Move {label} down").format(label=label),
                        step(partial(forms.moved, i=i, by=1)), disabled=i == len(d.names) - 1),
        ]
        if d.mode == "competitive":
            tools.append(icon_button(ft.Icons.DELETE_OUTLINE, _("Remove {label}").format(label=label),
                                     step(partial(forms.removed, i=i)), disabled=len(d.names) <= low))
        rows.append(ft.Column([
            ft.Row([TextField(label=label, value=name, expand=True, dense=True,
                              on_change=name_changed(i), on_blur=step(partial(forms.left, i=i))),
                    *tools], spacing=0),
            error_text(errors[i]),
        ], spacing=2, key=f"player-{i}"))

    leaders = forms.leader_options(d.names)
    leader = d.leader_name()
    cards = deck.deck if deck is not None else None
    hand_size = d.hand_size_for(cards)
    size_error = forms.hand_size_error(hand_size) or forms.deal_refusal(d.players, hand_size, cards)
    plan = forms.deal_plan_lines(d.players, hand_size, cards)
    problem = forms.said_problem(d, deck)
    count_text = (_("{low}–{high} players, seated clockwise in the order entered (SA-2, different names).").format(
                      low=low, high=high) if low != high else
                  (_("one person playing two hands; rename them if you like (SA-2, different names).")
                   if d.mode == "solo"
                   else _("exactly 2 players, playing as a team (SA-2, different names).")))

    deck_radios: list[ft.Control] = [
        ft.Radio(value=f.path, label=shown(f.name) if f.ok else _("{deck} (cannot be used)").format(deck=shown(f.name)))
                                     for f in shipped]
    deck_radios += [ft.Radio(value=f"{forms.STORED}{c.id}",
                             label=c.name if c.ok else _("{deck} (has faults: edit it first)").format(deck=c.name))
                    for c in stored]
    deck_radios.append(ft.Radio(value="other", label=_("Another deck file")))
    deck_value = "other" if d.deck == forms.OTHER else (d.deck if d.stored_deck() is not None
                                                        else d.deck_path(shipped_paths))
    deck_info: list[ft.Control] = []
    if d.deck == forms.OTHER:
        deck_info.append(ft.Row([
            TextField(label=_("Deck file path"), value=d.other, expand=True, dense=True,
                         on_change=typed(lambda v: put(lambda d: replace(d, other=v)))),
            ft.Button(_("Pick a file"), icon=ft.Icons.FOLDER_OPEN, on_click=pick),
        ], wrap=True, vertical_alignment=ft.CrossAxisAlignment.CENTER))
    if deck is not None and deck.ok:
        deck_info += [ft.Text(line.strip(), size=13) for line in deck.summary]
        if deck.deck is not None and deck.deck.description:
            deck_info.append(_note(shown(deck.deck.description)))
    elif deck is not None:
        deck_info.append(error_text(ngettext("This deck file cannot be used ({n} problem):",
                                             "This deck file cannot be used ({n} problems):",
                                             len(deck.problems)).format(n=len(deck.problems))))
        deck_info += [error_text(p) for p in deck.problems[:12]]
        if len(deck.problems) > 12:
            deck_info.append(error_text(_("… and {n} more").format(n=len(deck.problems) - 12)))

    modes: list[ft.Control] = [ft.Radio(value=m, label=_(text)) for m, text in forms.MODES]
    leader_radios: list[ft.Control] = [ft.Radio(value=n, label=n) for n in leaders]
    return column([
        heading(_("New Sales game")),
        bold(_("Mode (SA-2)")),
        ft.RadioGroup(value=d.mode, on_change=_picked(lambda v: put(lambda d: forms.with_mode(d, v))),
                      content=ft.Column(modes, spacing=0)),
        bold(_("Hands") if d.mode == "solo" else _("Players")),
        ft.Text(count_text),
        RosterPicker(groups_played(shell.store) if d.mode != "solo" else [], low, high,
                     (_("the competitive game is for {low}–{high} players (SA-2)").format(low=low, high=high)
                      if low != high else _("the co-op game is for exactly {n} players (SA-2)").format(n=low)),
                     lambda names: put(lambda d: forms.with_players(d, names)), key="groups"),
        *rows,
        ft.Button(_("Add hand") if d.mode == "solo" else _("Add player"), icon=ft.Icons.PERSON_ADD, visible=low != high,
                  disabled=len(d.names) >= high, on_click=step(forms.added)),
        bold(_("Cards dealt per round")),
        TextField(label=_("Cards dealt per hand each round"), value=hand_size, dense=True,
                     keyboard_type=ft.KeyboardType.NUMBER, width=260,
                     on_change=typed(lambda v: put(lambda d: replace(d, hand_size=v)))),
        error_text(size_error),
        ft.Text(forms.hand_size_note(d.mode, hand_size, d.players, cards)),
        DealPlan(plan, forms.deal_plan_note(hand_size), shown(cards.name) if cards is not None else "",
                 key="deal-plan"),
        bold(_("Who leads the first sale? (SA-9)")),
        ft.RadioGroup(value=leader, on_change=_picked(lambda v: put(lambda d: replace(d, leader=v))),
                      content=ft.Column(leader_radios, spacing=0)),
        bold(_("Deck file (SA-1)")),
        ft.Text(_("The card list is not in the rules: it comes from a deck you make in the app "
                  "(Sales decks), or a deck file. Any card can also be entered by its attributes.")),
        ft.RadioGroup(value=deck_value,
                      on_change=_picked(lambda v: put(lambda d: replace(d, deck=forms.OTHER if v == "other" else v))),
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
                        _note(note)], spacing=3), "deal-plan")


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
        out.append(_note(forms.hand_size_note(sv.mode, t.record.get("hand_size", ""), len(sv.hands), deck)))
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
        return [_note(text)]
    why = present.deal_why(d) if d is not None else None
    return [card(column([ft.Text(text, size=15, weight=ft.FontWeight.W_500),
                         *([ft.Text(why, size=13)] if why else [])], spacing=3), "round-deal")]


def _grid(game: Played, title: str) -> list[ft.Control]:
    """The score grid: players as columns, the score now first, then each round."""
    if not game.any_sale:
        return []
    players, lines = present.score_grid(game)
    return [heading(title, 18), ScoreGrid(players, lines, name=_("score grid"), key="score-grid")]


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
    why. A big deck gets a search field over them (``picker.needs_search``)."""
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
            chips.append(ft.Semantics(
                label=name, button=not c.out, identifier=f"card-{c.id}",
                content=ft.Button(
                    c.label, disabled=c.out, height=TAP,
                    on_click=play(c.id),
                    style=ft.ButtonStyle(padding=ft.Padding(10, 4, 10, 4)))))
        out.append(bold(g.title, 14))
        out.append(ft.Row(chips, spacing=6, run_spacing=6, wrap=True))
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
    if d.set_kind:
        if icons:
            out.append(ft.Row([choice(word(i), d.set_icon == i, put(set_icon=i),
                                       name=_("Collects {icon}").format(icon=word(i))) for i in icons],
                              spacing=6, run_spacing=6, wrap=True))
        else:
            out.append(TextField(label=_("Icon it collects"), value=d.set_icon, dense=True,
                                    on_change=typed_into("set_icon")))
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
                out.append(_note(why))
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
                             visible=bool(ui.plays), on_click=tap(lambda: actions.take_back(t))))
        if not sv.ready:
            out.append(CardEntry(t, deck, game, sv, ui, ui.plays, key="card-entry"))
    return column(out)


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
            _note(_("Rulings: {ids}").format(ids=", ".join(res.rulings))),
        ], spacing=4), "sale-winner"),
        bold(_("Discards")),
        ft.Text(res.discards_text),
        bold(_("Next leader")),
        ft.Text(res.next_text),
        bold(_("Cards in hand now")),
        ft.Text(_hands_text(res.hands)),
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
        _note(_("Rulings: {ids}").format(ids=", ".join(res.rulings))),
    ], spacing=4), "sale-winner")]     # a round's end notes: the entry's status says them


def _sales_list(t: Session, game: Played, ui: TableUI) -> list[ft.Control]:
    """The sales played, each to open, the latest first; then the undo (asked first)."""
    if not t.record.get("rounds"):
        return _undo(t, ui)
    out: list[ft.Control] = [heading(_("Sales of this game"), 18)] if game.any_sale else []
    for rv in reversed(present.round_views(game)):
        if not rv.sales:
            continue
        out.append(bold(_("Round {n}").format(n=rv.number)))
        for s, line in reversed(list(enumerate(rv.sales))):
            # Translators: {sale} is a whole line: "Sale 2: Dan led; Dan wins with the snow 0"
            out.append(ft.TextButton(_("Open round {n}, {sale}").format(n=rv.number, sale=_mid_sentence(line)),
                                     on_click=tap(partial(actions.open_sale, t, (rv.number - 1, s)))))
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
        *[ft.Text(f"{i}. {p['player']}: {present.card_text(p['card'])}") for i, p in enumerate(entered, 1)],
        *_result_body(res),
        error_text(ui.error),
        ft.Row([
            ft.FilledButton(_("Change this sale"), icon=ft.Icons.EDIT,
                            on_click=tap(lambda: actions.change_sale(t, entered))),
            ft.Button(_("Back to the table"), icon=ft.Icons.ARROW_BACK,
                      on_click=tap(lambda: actions.back_to_table(t))),
        ], wrap=True),
    ])


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
    ], wrap=True))
    return column(out)


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
    out += [_note(n) for n in score.notes]
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


# ================================================================ history


@ft.component
def MatchDetail(shell: ShellServices, match_id: int, *, key: Key = None) -> ft.Control:
    m = shell.store.match(match_id)            # read once; what follows is drawn from it
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
        line = present.progress_line(game)
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
        out.append(_note(_("Deck: {deck}").format(deck=deck)))
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
            out.append(_note(_("{n} cards each: the stock ran short (SA-16, house rule).").format(n=rv.dealt)))
        out += [ft.Text(s) for s in rv.sales]
        out.append(ft.Text(_("Cards in hand: {hands}").format(hands=_hands_text(rv.hands)), size=13))
        out += [_note(n) for n in rv.notes]
    if rounds:
        out.append(heading(_("Scores") if score.over else _("Scores so far"), 18))
        out += _score_cards(score)
    out.append(ExportActions(shell, m, m.games[-1].number, games_in_match=False))
    return column(out)


# ================================================================ rules


@ft.component
def RulesText(*, key: Key = None) -> ft.Control:
    out: list[ft.Control] = [heading(_("Sales: the rules in plain words"))]
    out += [ft.Text(_(p)) for p in rulings.RULES_INTRO]
    out += ruling_lines([(rid, _(text), house) for rid, text, house in rulings.RULES])
    return column(out)


class SalesView:
    """Sales' screens for the shell (see :class:`companion.ui.contracts.GameView`)."""

    name = "sales"
    title = "Sales"

    def setup(self, shell: ShellServices) -> ft.Control:
        return SetupScreen(shell, key="sales-setup")

    def table(self, shell: ShellServices, match: MatchSeen) -> ft.Control:
        return TableScreen(shell, match, key=f"sales-table-{match.id}")

    def match_detail(self, shell: ShellServices, match_id: int) -> ft.Control:
        return MatchDetail(shell, match_id, key=f"sales-match-{match_id}")

    def rules(self, shell: ShellServices) -> ft.Control:
        return RulesText(key="sales-rules")

    def match_line(self, players: list[str], records: list[dict[str, Any]]) -> tuple[str, bool]:
        return present.match_line(players, records)

    def standings(self, players: list[str], records: list[dict[str, Any]]) -> Standings | None:
        """The score now (its grid's first row), for the browser's first screen."""
        if not records:
            return None
        seats, lines = present.score_grid(present.played(records[-1]))
        return lines[0].label, list(zip(seats, lines[0].cells, strict=True))

    def editor(self, shell: ShellServices, item_id: int) -> ft.Control:
        """A deck kept in the store, in the deck editor."""
        return DeckEditor(shell, item_id, key=f"sales-deck-{item_id}")


VIEW: SalesView = SalesView()
